"""A span of numbers said in words: "anywhere from 400 to 500", "between 55 and 58",
"more like 700 to 850". Written with a dash ("400-500"), it is read as one value, a range,
never as a value and the one it becomes ("from 10 to 25" with nothing before it is a
change, and stays as said). A span of the clock ("between 2 and 3pm") is left to the
readers of times.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["TYPED_NUMBER", "spans_in_digits"]

#: a number as typed, with its currency or thousands ("60", "$1,200", "18k")
TYPED_NUMBER = r"[$€£]?\d[\d,]*(?:\.\d+)?k?"
_N = TYPED_NUMBER
_SPAN_RE = re.compile(
    rf"(?:\b(?:anywhere|somewhere)\s+(?:from\s+|between\s+)?|\bbetween\s+|(?<=\blike\s)|(?<=\babout\s)|"
    rf"(?<=\baround\s)|(?<=\broughly\s))(?P<a>{_N})\s+(?:to|and)\s+(?P<b>{_N})\b"
    r"(?!\s?(?:am|pm|a\.m|p\.m|o'?clock)\b|:\d|[.,]\d)", re.I)


@lru_cache(maxsize=16384)
def spans_in_digits(text: str) -> str:
    """``text`` with each span of numbers said in words written with a dash."""
    if not any(c.isdigit() for c in text):
        return text
    return _SPAN_RE.sub(lambda m: f"{m.group('a')}-{m.group('b')}", text)
