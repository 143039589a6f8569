"""Places named by a noun and a code: "gate B22", "platform 4", "room G.14", "desk 4.12",
"studio B", "seat 23C", "block N4", "bay 112".

Such a value says what it is by its shape, wherever it sits in a sentence ("my flight to
porto boards at gate B22 apparently"), so the sentence sets where that thing is; a later one
of the same noun said with a word of change ("its platform 9 from now on", "swapped to seat
31A", "nope, studio D", "B31 now") moves it.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["LABEL_RE", "LABELLED", "code_alone", "is_label", "label_noun", "labels_in", "with_noun"]

#: nouns whose number or code names one of them
LABELLED = (r"room|gate|terminal|platform|desk|studio|floor|bay|stand|pitch|court|ward|suite|"
            r"lab|locker|block|building|dock|pier|hall|classroom|office|booth|cabin|berth|seat|"
            r"coach|carriage|bed|bunk|cubicle|door|entrance|exit|table")
# a code: "B22", "4", "G.14", "4.12", "-2", "23C", a capital letter alone ("studio B")
_CODE = (r"(?:-?\d{1,4}[A-Za-z]?(?:\.\d{1,3})?|[A-Z]{1,2}\.?\d{1,4}[A-Za-z]?(?:\.\d{1,3})?|"
         r"[A-HJ-Z](?![\w'’]))")
LABEL_RE = re.compile(rf"\b(?:(?:visitor|parking|meeting|conference|class|seminar|lecture)\s+)?"
                      rf"(?P<noun>{LABELLED})\s+(?:no\.?\s*|number\s+|#)?(?P<code>{_CODE})(?![\w.'’-]*\w)",
                      re.I)
# a code said alone, first: "B31 now", "4F, not 4D"
_CODE_ALONE_RE = re.compile(r"^(?P<code>[A-Z]{1,2}\d{1,4}[A-Za-z]?|\d{1,4}[A-Z])\b(?!['’])")


@lru_cache(maxsize=16384)
def labels_in(text: str) -> tuple[str, ...]:
    """The noun-and-code places ``text`` names, as said ("gate B22"), in order."""
    found = []
    for m in LABEL_RE.finditer(text):
        found.append(m.group(0))
    return tuple(found)


def is_label(value: str | None) -> bool:
    """Whether ``value`` is a noun with its code ("room 4F")."""
    return bool(value) and LABEL_RE.fullmatch(value.strip()) is not None


def label_noun(value: str | None) -> str | None:
    """The noun of a labelled place ("gate" of "gate B22"), or None."""
    m = LABEL_RE.fullmatch((value or "").strip())
    return m.group("noun").lower() if m else None


def code_alone(text: str) -> str | None:
    """The code a sentence opens on, said without its noun ("B31 now, the screen flipped it")."""
    m = _CODE_ALONE_RE.match(text.strip())
    return m.group("code") if m else None


def with_noun(code: str, of: str | None) -> str | None:
    """``code`` with the noun of the labelled place ``of`` ("B31" of "gate B22": "gate B31")."""
    m = LABEL_RE.fullmatch((of or "").strip())
    return f"{m.group(0)[: m.start('code')]}{code}" if m else None
