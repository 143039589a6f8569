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
    if _TAKE_THAT_RE.fullmatch(rest.strip(" ,.!")):
        # "good point, do that": the one value the assistant's message recommended
        value = _recommended(said[1], [text for role, text in turn.recent if role == "user"],
                             names_only=re.search(r"\b(?:them|those)\b", rest, _I) is not None)
        return None if value is None else Fact(
            kind=PatchKind.DECISION, text=sentence.strip(), role=turn.role, turn=turn.index,
            value=value, source="rules", session_id=turn.session_id, referent=True)
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


# an answer that takes what was suggested by a pointer alone ("do that", "I'll use that",
# "switch to them then", "let's go with that one")
_TAKE_THAT_RE = re.compile(r"(?:(?:let'?s|i'?ll|we'?ll|ok(?:ay)?)\s+)?(?:do|use|go\s+with|switch\s+to|take|try|get|book)\s+"
                           r"(?:that|it|them|those|that\s+one|the\s+latter)(?:\s+(?:then|instead|please|pls))*", _I)
# a clause that recommends its value over another ("9am ET covers both coasts better", "a
# U-lock is much safer", "X has 6.6% with similar fees")
_BETTER_RE = re.compile(r"\b(?:better|safer|cheaper|faster|easier|quicker|lower|smarter|more\s+reliable|compare|"
                        r"recommend|i'?d\s+(?:go\s+with|suggest|pick)|instead)\b", _I)
# a name as written (capitals or digits first) or a value
_CANDIDATE_RE = re.compile(r"(?<![\w-])(?:(?-i:[A-Z])[\w&'.+-]*(?:\s+(?-i:[A-Z])[\w&'.+-]*){0,2}|\d[\w:.]*(?:\s?(?:am|pm))?"
                           r"(?:\s+(?-i:[A-Z]{2,3})\b)?)")


def _recommended(message: str, said_before: list[str], names_only: bool = False) -> str | None:
    """The one value or name the assistant's ``message`` recommends in a clause of its own,
    that the user had not said (``said_before``), or None for none or several
    (``names_only``: a name, as "switch to them" points at one)."""
    held = " ".join(said_before).lower()
    found: list[str] = []
    for clause in re.split(r"[;.!?]\s+|,\s+(?:but|and|while)\s+|\s+but\s+", message):
        if not _BETTER_RE.search(clause):
            continue
        for m in _CANDIDATE_RE.finditer(clause):
            name = m.group(0).strip(" .")
            first = name.split()[0]
            if name.lower() in held or first.lower() in _NO_NAME or m.start() == 0 and not (
                    value_at(name) or " " in name or any(c.isdigit() or c == "-" for c in name)):
                continue  # (a word that opens the clause has its capital whatever it is)
            if not (names_only and value_at(name)):
                found.append(name)
    found = list(dict.fromkeys(found))
    return found[0] if len(found) == 1 else None


#: capitalised words that name nothing chosen
_NO_NAME = frozenset("i heads heads-up a an the it that this they you we but and or if so also "
                     "west east north south coast".split())


def _is_name(words: str) -> bool:
    """A name as the assistant wrote it: a word in capitals or with digits."""
    return any(w[:1].isupper() or any(c.isdigit() for c in w) for w in words.split())
