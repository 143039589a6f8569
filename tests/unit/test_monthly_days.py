"""A day of the month that recurs ("on the 1st of every month") is the setting's day, moved
by a later day; the last occasion told ("the last one was on the 4th") moves nothing."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("first, change, old, new", [
    ("the car insurance is paid on the 7th of every month", "the car insurance goes out on the 9th now",
     "7th", "9th"),
    ("my book club meets on the 3rd of each month", "book club is on the 10th from now on", "3rd",
     "10th"),
])
def test_a_day_of_each_month_moved_is_revised(first, change, old, new, assert_revised):
    assert_revised(first, change, new, old)


@pytest.mark.parametrize("change", [
    "the last book club was on the 6th because of the holiday",
    "our previous meeting took place on the 6th",
])
def test_the_last_occasion_told_moves_nothing(change, current_after):
    current = current_after("my book club meets on the 3rd of each month", change)
    held = [p for p in current if p.value == "3rd"]
    assert len(held) == 1 and not held[0].history, [(p.text, p.value) for p in current]
