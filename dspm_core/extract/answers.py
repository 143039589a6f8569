"""A bare number that answers the assistant's question of how many: "6" after "... or how
many chapters a week would suit the group?", "4 then" after "How many replicas do you
want?".

The number alone fits too many settings (:mod:`.elliptical` keeps it out); the question
just asked names what it counts. The answer is read with that unit ("6 chapters a week")
as a value with no subject, which the store binds to the setting of that unit spoken of
last, or keeps as a fact of its own when none fits.
"""

from __future__ import annotations

import re

from ..clock_words import in_digits
from ..patch import Role, Turn

__all__ = ["answered_count", "answered_subject"]

_I = re.I
# "how many chapters a week would suit ...", "how many replicas do you want": what is counted,
# up to the verb of the question
_HOW_MANY_RE = re.compile(
    r"\bhow\s+many\s+(?P<unit>[a-z][\w-]*(?:\s+(?:a|an|per|each)\s+[a-z]+)?)"
    r"(?=\s+(?:would|will|do|does|did|should|shall|can|could|is|are|you|we|sound|suit|work|make|"
    r"feel|fit)\b|\s*\?)", _I)
# the answer: a number, framed only by a reply's opening and a courtesy
_BARE_NUMBER_RE = re.compile(r"^\W*(?:(?:ok(?:ay)?|hmm+|oh|ah|yeah|yes|no|nah|so|well|um+|err?)[\s,!.]+)*"
                             r"(?:let'?s\s+(?:say|do|go\s+with)\s+|make\s+it\s+|maybe\s+|probably\s+)?"
                             r"(?P<n>\d{1,4})"
                             r"(?:\s+(?:then|please|pls|thanks|i\s+think|tops|max))*\s*[.!]*$", _I)


def _last_question(turn: Turn) -> str | None:
    """The last question of the assistant's message just before a user's ``turn``, or None."""
    if turn.role is not Role.USER or not turn.recent:
        return None
    role, asked = turn.recent[-1]
    if role != Role.ASSISTANT.value or "?" not in asked:
        return None
    return asked[: asked.rfind("?") + 1].rsplit(".", 1)[-1]


def answered_count(turn: Turn, sentence: str) -> str | None:
    """The value ``sentence`` gives as the answer to the assistant's question of how many
    ("6 chapters a week"), or None."""
    question = _last_question(turn)
    m = _BARE_NUMBER_RE.match(in_digits(sentence.strip())) if question is not None else None
    if m is None:
        return None
    found = list(_HOW_MANY_RE.finditer(question))
    if len(found) != 1:
        return None
    return f"{m.group('n')} {found[0].group('unit')}"


# "What's the budget per person?", "what is your deadline for the draft?": the setting asked
# for, a noun phrase of a few words
_WHAT_RE = re.compile(r"\bwhat(?:'s|’s|\s+is|\s+are|\s+will\s+be|\s+would\s+be)\s+(?:the|your|our)\s+"
                      r"(?P<np>[a-z][a-z-]*(?:\s+(?!(?:you|we|i|they)\b)[a-z][a-z-]*){0,3})\s*\?", _I)


def answered_subject(turn: Turn) -> str | None:
    """The setting the assistant's last question asks for ("budget per person" of "What's
    the budget per person?"), which a value said alone in reply gives; None for no such
    question or several."""
    question = _last_question(turn)
    found = list(_WHAT_RE.finditer(question)) if question is not None else []
    return found[0].group("np") if len(found) == 1 else None
