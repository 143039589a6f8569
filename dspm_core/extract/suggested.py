"""A value the assistant suggested in passing, taken up by the user.

"With a 1200mm scope a 2x may be too much; a 1.5x would give a sharper image." / "sounds
right, 1.5x"; "If editing takes you 6 hours, biweekly might be more sustainable." / "yeah
ok, biweekly is smarter"; "You might want to keep it through the 2nd." / "good call, the
2nd". The suggestion is no question proposing a change (:mod:`.accepted` reads those), so
what decides is the answer: it opens on a word of agreement and says, besides words of
agreement, only a value the assistant's message named. That value revises the setting of
its kind spoken of last (a referent, bound by the store as "make it 3" is).

An answer that agrees with a reason against ("possibly, but the map says 5"), names a value
of its own ("ok, 45 then") or asks ("ok, 1.5x?") takes nothing.
"""

from __future__ import annotations

import re

from ..patch import Fact, PatchKind, Turn
from ..slots import value_at
from .accepted import asks_other_than_change, with_unit

__all__ = ["suggestion_taken"]

_I = re.I
#: the longest answer read as a suggestion taken
MAX_WORDS = 10
# the words of agreement that open the answer
_AGREED_RE = re.compile(
    r"^\W*(?:(?:yeah|yes|yep|yup|ok(?:ay)?|sure|fine|alright|right|true|agreed|ugh|oh|"
    r"fair(?: enough)?|good (?:call|point|idea|shout)|sounds (?:right|good|fair|better|sensible)|"
    r"makes sense|you'?re right|that makes sense|then)\b[\s,.!-]*)+", _I)
# what may follow the value: a choice of it, or a judgement that agrees
_AFTER_RE = re.compile(
    r"(?:[\s,.!-]*\b(?:then|it is|please|pls|instead|for now|for this one|is (?:smarter|better|safer|"
    r"fine|good|wiser|more sensible|more realistic)|makes (?:more )?sense|works(?: better)?|"
    r"sounds (?:right|good|better)|go with (?:that|it)|let'?s do (?:that|it)|do that)\b)*[\s.!]*$", _I)
# what may come before it: a choice ("let's go", "go with")
_BEFORE_RE = re.compile(r"^(?:let'?s\s+(?:go\s+(?:with\s+)?|do\s+|try\s+)|go\s+with\s+|(?:i'?ll|we'?ll)\s+"
                        r"(?:go\s+with|do|try)\s+|the\s+)*", _I)
# a word against, or a question
_AGAINST_RE = re.compile(r"\b(?:but|though|tho|still|although|however|anyway|not|no|nah|never)\b|n't\b|\?", _I)


def suggestion_taken(turn: Turn, sentence: str) -> Fact | None:
    """The referent fact of a value the assistant's last message suggested, taken up by
    ``sentence`` of the user's answer, or None."""
    agreed = _AGREED_RE.match(sentence)
    if agreed is None or len(sentence.split()) > MAX_WORDS or _AGAINST_RE.search(sentence):
        return None
    said = turn.recent[-1] if turn.recent else None
    if said is None or said[0] != "assistant" or asks_other_than_change(said[1]):
        return None  # ("6 then" answers "how many volunteers do you want?")
    rest = sentence[agreed.end():]
    rest = rest[:_AFTER_RE.search(rest).start()]  # (always matches, at the end at least)
    value = _BEFORE_RE.sub("", rest.strip(" ,")).strip(" ,")
    if not value or len(value.split()) > 3:
        return None
    named = re.search(rf"(?<![\w.-]){re.escape(value)}(?![\w-])", said[1], _I)
    if named is None or value_at(value) is None and not _is_name(named.group(0)):
        return None
    return Fact(kind=PatchKind.DECISION, text=sentence.strip(), role=turn.role, turn=turn.index,
                value=with_unit(named.group(0), said[1]), source="rules", session_id=turn.session_id,
                referent=True)


def _is_name(words: str) -> bool:
    """A name as the assistant wrote it: a word in capitals or with digits."""
    return any(w[:1].isupper() or any(c.isdigit() for c in w) for w in words.split())
