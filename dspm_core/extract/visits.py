"""Who comes to the household, and on which day: "Our cleaner comes on Wednesdays", "The
veg box gets delivered on Thursdays", "The cleaners come fortnightly on a Tuesday", "Grandad
picks the kids up from school on Fridays".

A visit, a delivery, a collection or a pickup said in the present with the day it recurs on
is a standing setting of the household (a decision: "the cleaner comes on Fridays now"
revises it). A time said with it ("comes at 12:30") already reads as a setting; this reads
the day. Never the past ("came", "visited"), a habit given up ("used to come"), what may
happen ("might come", "will visit"), what someone reports ("my friend says ..."), another
household's ("my neighbour's cleaner", "their nanny") or a question.
"""

from __future__ import annotations

import re

from ..owners import OWNER_RE, THIRD_PERSON

__all__ = ["visit_said"]

_I = re.I
_DAY = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?s?\b"
_VISIT_RE = re.compile(
    r"\b(?:comes?|visits?|arrives?|calls?\s+(?:round|by|in)|drops?\s+(?:by|in|off)|delivers?|collects?|"
    r"stops?|babysits?|picks?\s+(?:\S+\s+){0,4}?up|(?:gets?|is|are)\s+(?:delivered|collected|emptied|"
    r"picked\s+up))\b"
    r"(?:\s+\S+){0,6}?\s+(?:on|every|each)\s+(?:a\s+|the\s+(?:first|last|second|third)\s+|"
    r"(?:other|second|third)\s+)?" + _DAY, _I)
# what keeps a visit from being the household's standing one ("May" is a month)
_NOT_STANDING_RE = re.compile(
    r"\bused\s+to\b|\b(?:might|(?-i:may)|will|would|could|should|can|won't|wouldn't)\b|'ll\b|"
    r"\b(?:says?|said|told|tells|reckons|thinks)\b|\b(?:if|when|whether|wish|hope|hopefully|maybe)\b|"
    r"\b(?:didn't|doesn't|don't|never|not)\b|\?", _I)


def visit_said(s: str) -> bool:
    """``s`` says who comes to the household, or what is delivered or collected, on a day
    that recurs."""
    m = _VISIT_RE.search(s)
    if m is None or _NOT_STANDING_RE.search(s):
        return False
    before = s[:m.start()]
    # ("my neighbour's cleaner", "their nanny": another household's)
    return not OWNER_RE.search(before) and not (set(before.lower().split()) & THIRD_PERSON)
