"""Times of day said in words are read as a clock and revise a time typed in digits."""

import pytest

from dspm_core import DSPMMemory
from dspm_core.clock_words import clock_digits


@pytest.mark.parametrize("text,clock", [
    ("move my alarm to quarter to seven", "move my alarm to 6:45"),
    ("half past six works", "6:30 works"),
    ("a quarter past 8 am", "8:15 am"),
    ("lunch at noon", "lunch at 12:00 pm"),
    ("the deadline is midnight", "the deadline is 12:00 am"),
    ("call me at ten pm", "call me at 10 pm"),
    ("at seven thirty", "at 7:30"),
    ("seven thirty in the evening", "7:30 pm"),
    ("wake me at seven in the morning", "wake me at 7 am"),
    ("make that eleven at night", "make that 11 pm"),
    ("twelve at night", "12 am"),
    ("dinner at 7.30pm", "dinner at 7:30pm"),
    ("seven o'clock sharp", "7:00 sharp"),
])
def test_a_time_in_words_is_written_as_a_clock(text, clock):
    assert clock_digits(text) == clock


@pytest.mark.parametrize("text", [
    "I have two ten-minute breaks",
    "we hired seven thirty-somethings",
    "I walk five miles in the morning",
    "one night only",
    "version 2.5 of the app",
    "meet at six",
    "half the team is remote",
    "Keep it at 1,200 calories a day.",
    "Cap the queue at 2,500 jobs.",
    "hold the price at 4,000 until spring",
])
def test_other_numbers_are_left_alone(text):
    assert clock_digits(text) == text


@pytest.mark.parametrize("text,value", [
    ("Keep it at 1,200 calories a day.", "1,200"),
    ("Cap requests at 3,000 per hour.", "3,000"),
])
def test_a_number_with_a_thousands_comma_after_at_is_no_hour(text, value):
    memory = DSPMMemory()
    memory.add_turn("user", text)
    (p,) = memory.critical_patches
    assert value in (p.value or "") and ":" not in (p.value or ""), (p.value, p.text)


def test_an_hour_before_a_comma_is_still_a_time_of_day():
    assert clock_digits("Dinner at 7, then drinks.") == "Dinner at 7:00, then drinks."


@pytest.mark.parametrize("first,second,old", [
    ("Set my alarm for 6:30 AM.", "Actually, make it quarter to seven.", "6:30 AM"),
    ("The standup is at 9:30 am every day.", "We moved the standup to ten in the morning.", "9:30 am"),
    ("Quiet hours start at 10 pm.", "make that eleven at night", "10 pm"),
    ("Lunch break at 12:30 pm.", "lunch break is at noon now", "12:30 pm"),
])
def test_a_time_in_words_revises_the_time_it_replaces(first, second, old):
    m = DSPMMemory()
    m.add_turn("user", first)
    m.add_turn("user", second)
    current = [p for p in m.all_patches if p.critical]
    assert len(current) == 1
    assert [r.value for r in current[0].history] == [old]
