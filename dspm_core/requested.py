"""A measure given after a request: "Plan a lesson on persuasive writing for year 6, 45
minutes", "draft the newsletter for the parents, 300 words", "book a table at Nando's, £60
max".

The request names what is wanted and the phrase after its comma says how long, how big or
how much; the value is that measure and the setting is the thing asked for, so a later
"make it 60 minutes" or "stretch it to 400 words" revises it. Read only when the request
opens with a verb and the phrase after the comma is a measure alone (a number with its unit,
at most a few words): "call mum, she's 70 on sunday" is no measure of the call.
"""

from __future__ import annotations

import re

from .lexicon import is_base_verb
from .values import ParsedValue, parse_value

__all__ = ["requested_measure"]

_REQUEST_RE = re.compile(r"^\W*(?:(?:please|pls|ok(?:ay)?|so|can you|could you)[\s,]+)*"
                         r"(?P<verb>[a-z]+)\s+(?P<what>[^,;:?!]{3,80}?),\s*"
                         r"(?P<val>[^,;:?!]{2,30}?)\s*"
                         r"(?:\b(?P<max>max|maximum|tops)\b|\b(?:long|please|pls)\b)?"
                         r"\s*[.!]?$", re.I)
# a measure: time, size, money, a share, a count of a thing, or a rate of one of them
_MEASURES = ("time", "size", "money", "percent")
_VALUE_WORDS = 4
_MEASURE_RE = re.compile(r"^[$€£]?\d[\d.,]*\s*[a-z%]*(?:\s+(?:a|an|per|every|each)\s+[a-z]+)?$", re.I)


def requested_measure(text: str) -> tuple[str, str, ParsedValue] | None:
    """(what is asked for, its operator, the measure) of a request with a measure after
    it ("<=" for "£60 max", else "="), or None."""
    m = _REQUEST_RE.match(text.strip())
    if m is None or not is_base_verb(m.group("verb").lower()):
        return None
    val = m.group("val").strip()
    if len(val.split()) > _VALUE_WORDS or not _MEASURE_RE.match(val) \
            or re.search(r"\d\W*$", m.group("what")) and not re.search(r"[a-z%$€£]", val, re.I):
        return None  # ("April 10, 2024": a date, a number after a number)
    pv = parse_value(val)
    if pv.text.lower() != val.lower():
        return None  # the whole phrase is the measure
    dim = pv.dimension.removeprefix("rate:")
    if not (dim in _MEASURES or dim.startswith("count:")):
        return None
    return m.group("what").strip(), "<=" if m.group("max") else "=", pv
