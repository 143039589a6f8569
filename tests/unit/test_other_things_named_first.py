"""A statement that names another thing before its value keeps both settings: "now for the
juniors it's 6:30 to 8" after "seniors train 7 to 9" (a scope after a cue word), "actually
for the hallway we're using the 60x60 slate" after the kitchen's tiles, "also the harvest
supper, put that down for October 3" (the thing named before the pointer), "now 3C, that
one renews in March" (a thing named by its code), and "no more than 5 visits a week" after
"at least 2 visits a week" (the bound is "no more than", not "more than"). A correction
that opens on its word ("correction, it's due 15 May") still revises. Through
``add_turn`` with the default extractor."""

from __future__ import annotations

import pytest

from chat_sessions import critical_texts, revised
from dspm_core.slots import parse_statement

APART = [
    ("seniors train 7:00 to 9:00", "assistant: Seniors 7 to 9.", "now for the juniors it's 6:30 to 8:00 since they have school"),
    ("the kitchen tiles are the 30x60 porcelain in white", "assistant: 30x60 for the kitchen.",
     "actually for the hallway we're using the slate, 60x60"),
    ("the apple day fair is on September 14", "assistant: September 14, noted.",
     "also the harvest supper, put that down for October 3"),
    ("flat 3B's tenancy renews in June", "assistant: 3B renews in June.", "now 3C, that one renews in March"),
    ("carers visit at least 2 times a week", "assistant: At least twice a week.",
     "and no more than 5 times a week, she finds it tiring"),
]


@pytest.mark.parametrize("turns", APART, ids=[t[-1][:40] for t in APART])
def test_another_thing_named_first_keeps_both(turns: tuple[str, ...]) -> None:
    assert revised(*turns) == []
    assert len([t for t in critical_texts(*turns)]) >= 2


@pytest.mark.parametrize("said, op", [
    ("No more than 5 visits a week", "<="),
    ("no fewer than 3 people per shift", ">="),
    ("No later than 6pm", "<="),
])
def test_no_more_than_opening_a_sentence_is_a_bound(said: str, op: str) -> None:
    assert parse_statement(said).op == op


def test_a_correction_opening_on_its_word_still_revises() -> None:
    assert revised("the deposit is due 30 April", "correction, it's due 15 May") == [("15 May", ["30 April"])]


def test_an_old_day_named_replaces_its_part_only() -> None:
    turns = ("Pottery club meets Tuesdays and Fridays at 7pm", "assistant: Tue & Fri, 7 PM.",
             "correction, not fridays, saturdays. the studio is shut on fri")
    got = revised(*turns)
    assert got[0][0].lower() == "tuesdays and saturdays at 7pm"
    assert got[0][1] == ["Tuesdays and Fridays at 7pm"]


def test_a_value_said_to_hold_no_longer_points_at_no_setting_without_it() -> None:
    turns = ("can you check the boiler service is booked for the 19th", "assistant: Yes, the 19th at 10:00.",
             "great. oh and its not mondays anymore for yoga, she moved it to Thursday evenings")
    assert revised(*turns) == []


def test_a_thing_given_to_them_is_no_pointer() -> None:
    turns = ("log idle users out after 30 minutes", "assistant: Logout at 30 minutes.",
             "and send them a reminder at 20 minutes")
    assert revised(*turns) == []


def test_a_day_said_to_hold_no_longer_beside_a_time_reads_without_error() -> None:
    # (a day no longer held, and a new time: another kind of value than the day named)
    assert revised("the yoga class is at 6pm", "its not mondays anymore, she moved it to 7pm") == [("7pm", ["6pm"])]
