"""The other of two options the user listed, switched to by its place: "blade options: a
Freud 40T or a Diablo 60T" / "let's go with the 40T" / "actually, switch to the second
one"; "torn between the Caro-Kann and the Sicilian, put Caro-Kann for now" / "nah the
second one, the Sicilian"; "two candidate builds, 412 and 418. ship 412" / "no the other
one".

A reply that says "the second one", "the first one" or "the other one" takes the option
of that place in the one pair of names a recent message of the user listed ("A or B", "A
and B", "A vs B", "between A and B"). The option in use is the one said last since the
pair was listed; the reply names it as the value it replaces
(:attr:`~dspm_core.patch.Fact.replaces`), and the store finds the setting or sentence that
holds it. No pair, two pairs, or a place that names the option in use takes nothing; so does
a question ("the second one?").
"""

from __future__ import annotations

import re

from ..patch import Fact, PatchKind, Turn

__all__ = ["other_option"]

_I = re.I
#: how many messages back the pair may have been listed
MAX_BACK = 6
# the place of the option the reply takes
_PLACE_RE = re.compile(r"\bthe\s+(?P<place>second|other|first|latter|former)(?:\s+(?:one|option|choice))?\b", _I)
# a name as written: capitals or digits, up to three words
_NAME = r"(?:(?-i:[A-Z])[\w'&+.-]*|\d[\w.-]*)(?:\s+(?:(?-i:[A-Z])[\w'&+.-]*|\d[\w.-]*)){0,2}"
_PAIR_RE = re.compile(rf"(?:\bbetween\s+)?(?:(?:an?|the)\s+)?(?P<a>{_NAME})\s+(?:or|and|vs\.?|versus|/)\s+"
                      rf"(?:(?:an?|the)\s+)?(?P<b>{_NAME})(?![\w'&+-])", _I)


def other_option(turn: Turn, sentence: str) -> Fact | None:
    """The fact of a reply that switches to the other option of a pair the user listed, by
    its place, or None."""
    place = _PLACE_RE.search(sentence)
    if place is None or "?" in sentence:
        return None
    back = list(turn.recent[-MAX_BACK:])
    listed = None
    for n in range(len(back) - 1, -1, -1):
        role, text = back[n]
        pairs = list(_PAIR_RE.finditer(text)) if role == "user" else []
        if len(pairs) > 1:
            return None
        if pairs:
            listed = (n, pairs[0].group("a").strip(), pairs[0].group("b").strip())
            break
    if listed is None:
        return None
    n, first, second = listed
    held = _said_last(back[n + 1:], (first, second))
    if held is None:
        return None
    word = place.group("place").lower()
    new = first if word in ("first", "former") else second if word in ("second", "latter") \
        else (second if held == first else first)
    if new == held:
        return None
    return Fact(kind=PatchKind.DECISION, text=sentence.strip(), role=turn.role, turn=turn.index,
                value=new, source="rules", session_id=turn.session_id, referent=True, replaces=held)


def _said_last(messages: list[tuple[str, str]], options: tuple[str, str]) -> str | None:
    """The option said last in ``messages`` (by its last word, "40T" of "Freud 40T")."""
    for _, text in reversed(messages):
        at = {o: max((m.start() for m in re.finditer(rf"(?<![\w-]){re.escape(o.split()[-1])}(?![\w-])",
                                                      text, _I)), default=-1) for o in options}
        if max(at.values()) >= 0:
            return max(options, key=lambda o: at[o])
    return None
