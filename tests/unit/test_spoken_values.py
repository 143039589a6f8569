"""Values said in words or in a shape of their own: halves ("an hour and a half", "half a
teaspoon") and couples ("a couple of weeks") read as numbers, and ratios ("16:8", "3:1", "70:30") read as ratios, never as
times of day.

The memory tests feed turns through ``add_turn`` (default extractor) and check what the
store holds.
"""

from __future__ import annotations

import pytest

from dspm_core.number_words import with_digits
from dspm_core.slots import parse_statement
from dspm_core.values import parse_value

from test_in_passing import kept, remember, replaced


@pytest.mark.parametrize("text, digits", [
    ("the film is two and a half hours long", "the film is 2.5 hours long"),
    ("give it a day and a half to dry", "give it 1.5 days to dry"),
    ("add half a teaspoon of salt", "add 0.5 teaspoons of salt"),
    ("we'll need half a dozen folding chairs", "we'll need 6 folding chairs"),
    ("the train takes 3 and a half hours", "the train takes 3.5 hours"),
    ("a half hour walk after lunch", "0.5 hours walk after lunch"),
    ("check the traps every couple of weeks", "check the traps every 2 weeks"),
    ("it takes a couple hours by bus", "it takes 2 hours by bus"),
])
def test_a_half_is_written_as_digits(text: str, digits: str) -> None:
    assert with_digits(text) == digits


@pytest.mark.parametrize("text", [
    "half the class failed the quiz", "that was a half-baked idea", "meet at half past seven",
    "I'm half asleep already", "she ran a half marathon", "not half a chance",
    "a couple of things came up", "the couple upstairs are loud",
])
def test_a_half_of_no_measure_is_left_alone(text: str) -> None:
    assert with_digits(text) == text


def test_a_half_is_a_value_of_its_unit() -> None:
    st = parse_statement("Keep the rehearsal to an hour and a half")
    assert (st.value, st.dimension) == ("1.5 hours", parse_value("90 minutes").dimension)


def test_a_revision_said_with_a_half_replaces_the_old_value() -> None:
    replaced(remember("choir rehearsal runs 1 hour on thursdays",
                      "make choir rehearsal an hour and a half, the concert is close"),
             "an hour and a half", "1 hour")


def test_halves_of_two_things_stay_apart() -> None:
    memory = remember("choir rehearsal runs 1 hour on thursdays",
                      "the drive to the venue is two and a half hours")
    kept(memory, "1 hour")
    kept(memory, "two and a half hours")


@pytest.mark.parametrize("value, ratio", [
    ("5:2", "5:2"), ("70:30", "70:30"), ("1:100", "1:100"), ("2:1 water to rice", "2:1"),
    ("12:5", "12:5"),
])
def test_a_shape_no_clock_has_is_a_ratio(value: str, ratio: str) -> None:
    pv = parse_value(value)
    assert (pv.dimension, pv.canonical) == ("ratio", ratio)


@pytest.mark.parametrize("value", ["7:45", "12:30", "23:59", "9:15 pm"])
def test_a_clock_stays_a_clock(value: str) -> None:
    assert parse_value(value).dimension == "clock"


def test_a_subject_that_says_ratio_reads_a_clock_shape_as_a_ratio() -> None:
    st = parse_statement("the dilution ratio is 1:20")
    assert (st.subject, st.dimension, st.canonical) == ("dilution ratio", "ratio", "1:20")
    assert parse_statement("the school run is at 8:20").dimension == "clock"


def test_a_hyphenated_word_holds_no_comparator() -> None:
    # "over" in "carry-over", "under" in "run-under" is part of a word, not a bound
    st = parse_statement("set the carry-over to 5 days")
    assert st.op == "=" and st.subject is not None and "carry-over" in st.subject


def test_a_ratio_revised_with_the_old_one_named_replaces_it() -> None:
    replaced(remember("I'm on the 5:2 diet", "moving to 4:3, 5:2 left me exhausted"), "4:3", "5:2")


def test_a_clock_shaped_revision_of_a_ratio_replaces_it() -> None:
    replaced(remember("the dilution ratio for the floor cleaner is 1:20",
                      "make the floor cleaner 1:10, the floors are filthy"), "1:10", "1:20")


def test_a_ratio_and_a_time_stay_apart() -> None:
    memory = remember("the dilution ratio for the floor cleaner is 1:20",
                      "the cleaner comes at 7:30")
    kept(memory, "1:20")
    kept(memory, "7:30")
