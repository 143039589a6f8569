"""A change the assistant proposed, accepted by the user.

"Shall I switch the wrapper to fetch?" / "yes go with fetch"; "Running it around 6am
usually helps. Want me to move it?" / "yes go on, 6am". The user's answer names the new
value but not the setting: the assistant's question proposed a change, so the answer
revises the setting of that kind of value spoken of last (a referent, bound by the store as
"make it 3" is). Only a value the assistant's message named counts, after a word of
acceptance, when its last sentence is a question that proposes a change.
"""

from __future__ import annotations

import re

from ..patch import Fact, PatchKind, Turn
from .clauses import split_sentences

__all__ = ["accepted_change"]

_I = re.I
# a word of acceptance opening the answer
_YES_RE = re.compile(r"^\W*(?:(?:yes|yeah|yep|yup|ok(?:ay)?|sure|sounds good|please do|go ahead|go on|"
                     r"do it|perfect|great|let's do (?:it|that))\b[\s,.!-]*)+", _I)
# a question proposing a change
_PROPOSED_RE = re.compile(r"\b(?:switch|change|move|replace|swap|update|use|go with|try|set|make|"
                          r"bump|raise|lower|reschedule|instead)\b[^?]*\?\s*$", _I)
# the new value named in the answer: a name after a verb of choice, or the answer's one word
_CHOSEN_RE = re.compile(r"^(?:(?:let's\s+|lets\s+|just\s+)?(?:go with|use|switch to|try|pick|do)\s+)?"
                        r"(?:the\s+)?(?P<name>[\w.+#-]+)\s*(?:then|instead|please|pls)?\W*$", _I)


_NO_VALUE = frozenset("please pls thanks thank thx ty that it this so then sure ok okay do it's that's "
                      "both all one".split())


def accepted_change(turn: Turn, sentence: str) -> Fact | None:
    """The fact of a user's acceptance of a change the assistant just proposed, or None."""
    yes = _YES_RE.match(sentence)
    if yes is None:
        return None
    m = _CHOSEN_RE.match(sentence[yes.end():].strip())
    last = turn.last_said("assistant")
    if m is None or last is None:
        return None
    name = m.group("name")
    if name.lower() in _NO_VALUE:
        return None  # "yes please", "ok thanks"
    asked = split_sentences(last)[-1] if last.strip() else ""
    # the question proposes a change; the value is one its message named ("Running it
    # around 6am usually helps. Want me to move it?")
    if not _PROPOSED_RE.search(asked) or not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])",
                                                       last, _I):
        return None
    return Fact(kind=PatchKind.DECISION, text=sentence.strip(), role=turn.role, turn=turn.index,
                value=name, source="rules", session_id=turn.session_id, referent=True)
