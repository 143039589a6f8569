"""When and how often: frequencies, hour ranges, a day with its time, and an hour said after
"at" are values of their own kind, so one writing revises another and different things stay
apart.

Each revision test feeds sentences through ``add_turn`` (default extractor) and checks the
store: the new value current in one patch with the old one in its lineage.
"""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory
from dspm_core.clock_words import clock_digits
from dspm_core.frequency import frequencies_in, frequency
from dspm_core.slots import parse_statement
from dspm_core.values import parse_value

from test_in_passing import current_with, kept, remember, replaced


@pytest.mark.parametrize("a, b", [
    ("twice a day", "2 times a day"),
    ("2x per day", "two times a day"),
    ("nightly", "every night"),
    ("every other week", "every 2 weeks"),
    ("once every 24 hours", "every 24 hrs"),
    ("weekly", "once a week"),
    ("annually", "once a year"),
])
def test_one_frequency_written_two_ways_is_one_value(a: str, b: str) -> None:
    assert frequency(a) is not None
    assert frequency(a) == frequency(b)
    assert parse_value(a).dimension == parse_value(b).dimension == "frequency"


@pytest.mark.parametrize("a, b", [
    ("twice a day", "twice a week"),
    ("every 6 hours", "every 8 hours"),
    ("daily", "every other day"),
    ("three times a month", "three times a week"),
])
def test_different_frequencies_differ(a: str, b: str) -> None:
    assert frequency(a) != frequency(b)


@pytest.mark.parametrize("text", ["every monday", "the weekly report", "monthly budget",
                                  "every single one", "twice", "once upon a time"])
def test_what_is_no_frequency(text: str) -> None:
    assert frequency(text) is None


def test_the_frequencies_a_sentence_names() -> None:
    said = "only water them twice a week now, daily is drowning them"
    assert frequencies_in(said) == {frequency("twice a week"), frequency("daily")}
    assert frequencies_in("the weekly newsletter goes out on friday") == set()


@pytest.mark.parametrize("value, dimension, canonical", [
    ("10-12", "clock", "10:00-12:00"),
    ("4-6pm", "clock", "16:00-18:00"),
    ("sunday 9-11am", "clock", "sunday 09:00-11:00"),
    ("tuesday at 3", "clock", "tuesday 03:00"),
    ("Fri, 6pm", "clock", "friday 18:00"),
    ("2-4 paragraphs", "count:paragraph", "2-4 paragraphs"),
    ("5-7 days", "time", "5-7 days"),
    ("£20-30", "money", "20-30 GBP"),
])
def test_ranges_and_a_day_with_its_time(value: str, dimension: str, canonical: str) -> None:
    pv = parse_value(value)
    assert (pv.dimension, pv.canonical) == (dimension, canonical)


@pytest.mark.parametrize("text, expected", [
    ("the school run is at 8", "the school run is at 8:00"),
    ("table booked at 9 tonight", "table booked at 9:00 tonight"),
    ("we're at 9 now", "we're at 9 now"),  # the speakers' own level, no time
    ("keep the bedroom at 18 overnight", "keep the bedroom at 18 overnight"),
    ("leave the retries at 4 and the timeout at 30s", "leave the retries at 4 and the timeout at 30s"),
])
def test_an_hour_after_at_is_a_time_of_day(text: str, expected: str) -> None:
    assert clock_digits(text) == expected


@pytest.mark.parametrize("first, second, new, old", [
    ("brush the dog twice a week", "make that three times a week, she's shedding loads",
     "three times a week", "twice"),
    ("the hoover robot runs every day", "ok every other day is enough then", "every other day",
     "every day"),
    ("back up the laptop weekly", "back up the laptop every 3 days instead", "every 3 days", "weekly"),
    ("review the dashboard every 2 weeks", "make it 3 weeks", "3 weeks", "every 2 weeks"),
    ("my cleaning slot is monday 9-11am", "could we do 1-3 instead?", "1-3", "monday 9-11am"),
    ("coffee with Omar at 4", "push it to 4:30", "4:30", "4:00"),
    ("the table is booked for 7:15", "make it 8, we're running late", "8", "7:15"),
    # a question of what someone can do names them, not the asking
    ("book the babysitter for weeknights 5-7pm", "can the babysitter come 6-8pm instead?",
     "6-8pm", "5-7pm"),
])
def test_a_schedule_revised_in_another_writing(first: str, second: str, new: str, old: str) -> None:
    replaced(remember(first, second), new, old)


def test_a_day_revises_a_day_with_its_time_set_by_a_tool() -> None:
    memory = remember(("tool", "calendar: 'Budget sync' Wednesday 10:00-11:00"),
                      "the budget sync got moved to Thursday")
    replaced(memory, "Thursday", "Wednesday 10:00-11:00")


@pytest.mark.parametrize("first, second, a, b", [
    ("feed the fish once a day", "clean the tank once a week", "once a day", "once a week"),
    ("the upstairs heating comes on at 6:30am", "the downstairs heating comes on at 7am", "6:30am",
     "7am"),
    ("book the window cleaner for tuesday 9-11am", "the gardener does thursday 1-3pm",
     "tuesday 9-11am", "thursday 1-3pm"),
    ("the weekly report is due friday", "send me a summary daily", "friday", "daily"),
    # a pointer said for another part of the week or day is another setting
    ("the weekday alarm is 7:15", "on saturdays set it for 10", "7:15", "10"),
    ("the morning walk is at 7am", "in the evenings make it 6pm", "7am", "6pm"),
])
def test_schedules_of_different_things_stay_apart(first: str, second: str, a: str, b: str) -> None:
    memory = remember(first, second)
    assert current_with(memory, a) and current_with(memory, b)
    assert not any(p.history for p in memory.all_patches)


def test_a_frequency_is_kept_as_said() -> None:
    memory = DSPMMemory()
    memory.add_turn("user", "water the basil twice a day")
    (p,) = [p for p in memory.all_patches if p.value]
    assert p.value == "twice a day"
    assert "twice a day" in memory.get_context()


def test_a_pointer_with_the_old_frequency_beside_it_revises_the_setting_it_points_at() -> None:
    memory = remember("back up the database every hour",
                      "back it up every 10 minutes, hourly leaves too big a gap")
    replaced(memory, "every 10 minutes", "every hour")
    # the setting spoken of last is the one pointed at, named by its old value
    memory = remember("water the ferns every day", "the cactus gets watered weekly",
                      "water it every 2 weeks, weekly rots the roots")
    replaced(memory, "every 2 weeks", "weekly")
    kept(memory, "every day")


def test_a_pointer_with_a_new_frequency_alone_revises_nothing() -> None:
    memory = remember("back up the database every hour", "back it up every 10 minutes too")
    kept(memory, "every hour")


@pytest.mark.parametrize("text, value, dimension", [
    ("lunch is 1-2 these days", "1-2", "clock"),
    ("we get 3 deliveries these days", "3 deliveries", "count:delivery"),
])
def test_these_days_after_a_value_is_no_unit_of_it(text: str, value: str, dimension: str) -> None:
    st = parse_statement(text)
    assert (st.value, st.dimension) == (value, dimension)
