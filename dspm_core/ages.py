"""An age reached: "My daughter just turned 8!", "The dog turned 4 on Sunday", "I turned 40
last month". The age is the value of whose it is ("daughter" = 8), so it revises "My
daughter is 7"; read as it is, "just" stays in the subject and nothing is revised.
"""

from __future__ import annotations

import re

__all__ = ["TURNED_CUE_RE", "age_turned"]

#: a word every form has (a cheap test before the pattern)
TURNED_CUE_RE = re.compile(r"\bturn(?:ed|s)\b", re.I)
_TURNED_RE = re.compile(
    r"^\W*(?:(?:so|and|oh|well|btw|fyi|guess what)[,\s!]+)*(?P<x>i|(?:my|our|the)\s+[\w-]+"
    r"(?:\s+(?!just\b|recently\b|finally\b|officially\b|has\b|have\b)[\w-]+)?)\s+"
    r"(?:has\s+|have\s+|'s\s+)?(?:just\s+|recently\s+|finally\s+|officially\s+)?turned\s+"
    r"(?P<v>\d{1,3})(?!\.\d|[\d%°]|[a-z]|\s*(?:degrees|percent|am|pm)\b)(?:\s+(?:years? old|today|yesterday|on \w+|last \w+|"
    r"this \w+))?\W*$", re.I)


def age_turned(text: str) -> tuple[str, str] | None:
    """(whose age, the age) when ``text`` says an age was reached, else None."""
    m = _TURNED_RE.match(text.strip())
    if m is None:
        return None
    who = re.sub(r"^(?:my|our|the)\s+", "", m.group("x"), flags=re.I)
    return ("age" if who.lower() == "i" else who), m.group("v")
