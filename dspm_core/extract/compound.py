"""Compound statements: one fact per clause.

"Hard rules: must work offline, max fee 0.5%, deadline Friday." and "X is 5, Y is 10 and
Z is Monday" state several settings at once. Each clause becomes a sentence of its own, so
each is stored, and later revised ("The deadline is now Monday"), on its own. A sentence is
split only when every part holds a value or a rule cue and none is long: a list of names
or a clause with a comma inside ("Paris, France") stays whole.
"""

from __future__ import annotations

import re

from ..lexicon import is_base_verb
from ..values import VALUE_RE
from .cues import rule_cue

__all__ = ["compound_parts"]

_I = re.I
# "Hard rules:", "Requirements -": a label that introduces the list
_LABEL_RE = re.compile(r"^(?:(?:hard|strict|house|ground|the|my|our|some|key|main|a few)\s+)?"
                       r"(?:rules?|constraints?|requirements?|settings?|limits?|specs?|"
                       r"preferences?|details?|facts?|parameters?)\s*[:\-–]\s*|"
                       # "few things:", "a couple of changes:"
                       r"^(?:(?:ok(?:ay)?|also|so)[,\s]+)*(?:a\s+)?(?:few|couple(?:\s+of)?|some|two|three|"
                       r"quick|small)\s+(?:more\s+)?(?:things|changes|updates|tweaks|requests|edits)\s*:\s*", _I)
# a comma before a space (never inside "1,200"), a semicolon, or "and"
_SPLIT_RE = re.compile(r"\s*(?:,(?=\s)|;)\s*(?:and\s+|but\s+|plus\s+)?|\s+(?:and|plus)\s+(?=\w)",
                       _I)
# an unlabelled compound is a run of "<subject> is <value>" clauses
_IS_VALUE_RE = re.compile(r"^(?:the\s+|our\s+|my\s+)?[A-Za-z][\w' -]*?\s+(?:is|are|=|:)\s+\S", _I)
_MAX_PART_WORDS = 12


def compound_parts(sentence: str) -> list[str] | None:
    """The clauses of a compound statement, each standing alone, or ``None``."""
    label = _LABEL_RE.match(sentence)
    body = sentence[label.end():] if label else sentence
    body = body.strip().rstrip(".!")
    parts = [p.strip() for p in _SPLIT_RE.split(body) if p and p.strip()]
    if len(parts) < 2:
        return None
    for p in parts:
        words = p.split()
        if len(words) > _MAX_PART_WORDS or len(words) < 2:
            return None
        if not (VALUE_RE.search(p) and re.search(r"[A-Za-z]{2}", p) or rule_cue(p)
                or label and is_base_verb(words[0].lower())):  # "few things: ..., pin gunicorn, ..."
            return None
    if not label and not all(_IS_VALUE_RE.match(p) and VALUE_RE.search(p) for p in parts):
        return None  # "never log cards, and use TLS" stays one rule; "X is 5, Y is 10" splits
    return [p[0].upper() + p[1:] + "." for p in parts]
