"""A value corrected in the sentence that says it: "we're expecting 6 - no wait, 7 people",
"pocket money is £5 a week for Jack, sorry I mean £6", "the hotel is booked for 4 nights,
no, 5", "bin day is tuesday, hang on, wednesday".

The sentence states one setting twice: first with the value given up, then with the one
meant. :func:`self_corrected` gives both readings, the first value in the words before the
correction and the second in the same words (the store then keeps the second as current,
the first as its lineage).
"""

from __future__ import annotations

import re

from ..clock_words import in_digits
from ..values import VALUE_RE, parse_value, split_number_unit

__all__ = ["self_corrected"]

# the words that take back the value just said
_TAKING_BACK = (r"(?:no+\s+wait|no+\s+sorry|no+|nope|sorry,?\s+i\s+meant?|sorry|i\s+meant?|hang\s+on|wait|"
                r"or\s+rather|make\s+that|actually|scratch\s+that|correction|my\s+bad|oops)")
_GATE_RE = re.compile(rf"\b{_TAKING_BACK}\b", re.I)
# what takes back the value just said, before the one meant
_TAKEN_BACK_RE = re.compile(rf"\s*(?:,|-|–|—|\.\.\.|…)?\s*{_TAKING_BACK}"
                            r"(?:\s*[,.:;!-]+\s*|\s+)(?:(?:it's|its|it is|make\s+it)\s+)?", re.I)
# a few words that go on with the first value's clause before it is taken back (never a
# contrast: "... was £50 but it's actually £80")
_GAP_RE = re.compile(r"(?:\s+(?!no\b|sorry\b|wait\b|hang\b|actually\b|but\b|though\b|however\b|although\b|yet\b)"
                     rf"[\w']+){{0,4}}?(?=\s*(?:,|-|–|—|\.\.\.|…)?\s*{_TAKING_BACK}\b)|", re.I)


def self_corrected(sentence: str) -> tuple[str, str] | None:
    """(the sentence with the value given up, the sentence with the value meant), or None."""
    if not _GATE_RE.search(sentence):
        return None
    s = in_digits(sentence)
    for m in VALUE_RE.finditer(s):
        gap = _GAP_RE.match(s, m.end())  # ("£5 a week for Jack, sorry I mean £6")
        if gap is None:
            continue
        back = _TAKEN_BACK_RE.match(s, gap.end())
        if back is None:
            continue
        meant = VALUE_RE.match(s, back.end())
        if meant is None:
            continue
        first, second = parse_value(m.group(0)), parse_value(meant.group(0))
        tail = ""
        if first.dimension != second.dimension and "number" not in (first.dimension, second.dimension):
            if first.dimension != f"rate:{second.dimension}" or first.scope is None:
                continue
            tail = m.group(0)[len(split_number_unit(m.group(0)).split(" ")[0]):]  # "£6" a week
            tail = tail if tail.startswith(" ") else ""
        said_first = s[:gap.end()] + s[meant.end():]
        said_meant = s[:m.start()] + meant.group(0) + tail + s[m.end():gap.end()] + s[meant.end():]
        return said_first, said_meant
    return None
