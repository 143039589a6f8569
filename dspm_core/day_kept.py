"""A change of one part of a day and time that says the other part stays: "they moved me
to 2:15pm, same day" (of "the dentist on March 3 at 10am"), "rescheduled it to Monday the
18th, same time" (of "Thursday at 3:40").

Said without such words, a time alone never points at a day with its time: "make it 8"
may mean a count as well.
"""

from __future__ import annotations

import re

__all__ = ["keeps_other_part"]

_SAME_RE = re.compile(r"\bsame\s+(?:(?P<day>day|date)|(?P<time>time|hour|time slot|slot))\b", re.I)
# a canonical day or date with its time ("march 3 10:00", "thursday 15:40", "monday-saturday 09:00")
_DAY_AND_TIME_RE = re.compile(r"^\S.*? \d\d:\d\d(?:-\d\d:\d\d)?$")
_TIME_RE = re.compile(r"^\d\d:\d\d(?:-\d\d:\d\d)?$")


def keeps_other_part(text: str, dimension: str, canonical: str, held: str) -> bool:
    """``text`` gives a new time (``dimension`` "clock") or a new day or date ("when") of
    the day and time ``held`` (canonical) and says the other part stays the same."""
    same = _SAME_RE.search(text)
    if same is None or not _DAY_AND_TIME_RE.match(held):
        return False
    if same.group("day"):
        return dimension == "clock" and bool(_TIME_RE.match(canonical))
    return dimension == "when" and not _DAY_AND_TIME_RE.match(canonical)
