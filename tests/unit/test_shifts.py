"""A time of day or a date moved by an amount ("push it back an hour", "30 minutes earlier",
"move the launch back a week", "delayed by 2 hours"): the setting takes the value it comes
to, written as the old one was, with the old one in its lineage. An amount of time said
about something else (arriving late, a reminder before, one occasion, someone else's time,
a question, a supposition) moves nothing.

Reading and moving are tested on their own (``dspm_core.shifts``), then through
``add_turn`` with the default extractor.
"""

from __future__ import annotations

import pytest

from dspm_core.shifts import shift_said, shifted
from test_in_passing import kept, remember, replaced


@pytest.mark.parametrize("text, minutes, subject", [
    ("could you push it back an hour", 60, None),
    ("make it 45 minutes later pls", 45, None),
    ("move the retro 30 min earlier", -30, "retro"),
    ("we're pushing the release back two weeks", 20160, "release"),
    ("postpone the offsite by 3 days", 4320, "offsite"),
    ("bring the demo forward by an hour and a half", -90, "demo"),
    ("the school run is 10 minutes earlier from now on", -10, "school run"),
    ("my train's been delayed by 25 minutes", 25, "train"),
])
def test_a_move_is_read_with_how_far_which_way_and_what(text: str, minutes: float,
                                                        subject: str | None) -> None:
    said = shift_said(text)
    assert said is not None and said.minutes == minutes and said.subject == subject, said


@pytest.mark.parametrize("text", [
    "I'll be 15 minutes late",
    "remind me an hour before the flight",
    "on fridays we finish an hour earlier",
    "just this once can we start 30 minutes later",
    "the talk runs 20 minutes longer than planned",
    "get to the venue 2 hours early",
])
def test_an_amount_of_time_about_something_else_is_no_move(text: str) -> None:
    assert shift_said(text) is None


@pytest.mark.parametrize("value, minutes, moved", [
    ("2pm", 60, "3pm"),
    ("11:45am", 120, "1:45pm"),
    ("10:30 AM", -30, "10 AM"),
    ("14:00", 90, "15:30"),
    ("09:30", -45, "08:45"),
    ("9:15", 15, "9:30"),
    ("7", -60, "6"),
    ("12:30", 60, "1:30"),
    ("11pm", 120, "1am"),
    ("Friday at 8pm", -60, "Friday at 7pm"),
    ("March 10", 7 * 1440, "March 17"),
    ("September 28", 3 * 1440, "October 1"),
    ("14th May", 14 * 1440, "28th May"),
    ("Dec 30", 2 * 1440, "Jan 1"),
    ("May 30", 3 * 1440, "June 2"),
    ("Tuesday", 1440, "Wednesday"),
    ("fridays", -1440, "thursdays"),
])
def test_a_time_or_a_date_moves_and_keeps_its_form(value: str, minutes: float, moved: str) -> None:
    assert shifted(value, minutes) == moved


@pytest.mark.parametrize("value, minutes", [
    ("3 hours", 60),          # a duration, no time of day
    ("9am-5pm", 60),          # a range: two times
    ("March 10", 60),         # an hour of a date
    ("Tuesday", 7 * 1440),    # a week on: the same weekday
    ("$40", 60),
])
def test_what_holds_no_time_or_date_to_move_stays(value: str, minutes: float) -> None:
    assert shifted(value, minutes) is None


@pytest.mark.parametrize("first, move, new, old", [
    ("The retro is at 4pm on Thursdays.", "can we move the retro 30 minutes earlier?", "3:30pm",
     "4pm"),
    ("our flight home is at 18:20", "flight home has been delayed by 2 hours", "20:20", "18:20"),
    ("The open day is on October 12.", "they pushed the open day back a week", "October 19",
     "October 12"),
    ("The piano lesson is at 5pm.", "make it an hour earlier please", "4pm", "5pm"),
    ("the essay is due on the 3rd of May", "the professor gave us three more days on the essay",
     "6th of May", "3rd of May"),
    ("Bin day is Thursday.", "bin day moved a day earlier this year", "Wednesday", "Thursday"),
])
def test_a_moved_time_or_date_replaces_the_old_one(first: str, move: str, new: str,
                                                   old: str) -> None:
    replaced(remember(first, move), new, old)


@pytest.mark.parametrize("first, other, value", [
    ("The piano lesson is at 5pm.", "I'll be 10 minutes late to the piano lesson.", "5pm"),
    ("The piano lesson is at 5pm.", "Remind me 30 minutes before the piano lesson.", "5pm"),
    ("The piano lesson is at 5pm.", "What if the piano lesson was an hour later?", "5pm"),
    ("The piano lesson is at 5pm.", "my sister's piano lesson is an hour later", "5pm"),
    ("The open day is on October 12.", "Add 2 days to the open day budget.", "October 12"),
])
def test_an_amount_of_time_said_of_something_else_keeps_the_value(first: str, other: str,
                                                                  value: str) -> None:
    kept(remember(first, other), value)


@pytest.mark.parametrize("first, told, value", [
    ("The school play starts at 6pm.", "it's 5:15 already and we're still in traffic", "6pm"),
    ("My flight boards at 10:40.", "It's almost 10, grabbing a coffee first.", "10:40"),
    ("Swimming lesson is at 4:30.", "it's just gone 4, leaving now", "4:30"),
])
def test_the_time_it_is_now_is_no_time_of_a_setting(first: str, told: str, value: str) -> None:
    memory = remember(first, told)
    kept(memory, value)
    assert not [p for p in memory.all_patches if p.critical and p.first_turn == 1]


def test_a_time_changed_with_it_still_revises() -> None:
    replaced(remember("The school play starts at 6pm.", "they moved it, it's 6:30pm now"),
             "6:30pm", "6pm")
