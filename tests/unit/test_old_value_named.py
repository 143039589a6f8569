"""A revision that names the value it replaces: "not X, Y" of a frequency or a weekday, a
remark on the old value said as its own clause ("7:45 is brutal, let's do 8:30"), and an
amount "plus N for" another thing, which adds nothing to the setting."""

from __future__ import annotations

import pytest

from dspm_core.deltas import delta_said
from dspm_core.slots import parse_statement
from dspm_core.values import parse_value

from test_in_passing import current_with, kept, remember, replaced


@pytest.mark.parametrize("said, old, new", [
    ("Not every 2 weeks, every 4 weeks.", "every 2 weeks", "every 4 weeks"),
    ("not fortnightly, every 3 weeks please", "fortnightly", "every 3 weeks"),
    ("No, not Wednesday, Friday.", "Wednesday", "Friday"),
    ("not daily - every other day", "daily", "every other day"),
])
def test_not_a_frequency_or_a_weekday_then_another_names_the_old_one(said, old, new):
    st = parse_statement(said)
    assert (st.old_value, st.value, st.revision) == (old, new, True)


def test_not_one_kind_then_another_kind_names_no_old_value():
    assert parse_statement("Not Monday, 20 people").old_value is None


def test_not_the_old_frequency_then_the_new_one_revises_it():
    memory = remember("Change the bed sheets every 2 weeks.", "Not every 2 weeks, every 10 days.")
    replaced(memory, "every 10 days", "every 2 weeks")


def test_not_the_old_weekday_then_the_new_one_revises_it():
    memory = remember("The window cleaner comes on Wednesday.", "not wednesday, thursday")
    replaced(memory, "thursday", "wednesday")


@pytest.mark.parametrize("earlier, remark, old, new", [
    ("My gym alarm is 5:40.", "5:40 is brutal, let's do 6:20.", "5:40", "6:20"),
    ("Dinner reservations at 7pm.", "7pm is too early for the Lees, make it 8pm.", "7pm", "8pm"),
])
def test_a_remark_on_the_old_time_is_no_setting_of_its_own(earlier, remark, old, new):
    memory = remember(earlier, remark)
    assert not [p for p in current_with(memory, old) if new not in (p.value or "")], [
        (p.text, p.value) for p in memory.all_patches]
    replaced(memory, new, old)


def test_a_time_that_names_the_setting_it_is_stays_a_setting():
    memory = remember("6:45 is the new check-in time.")
    assert [p for p in memory.all_patches if p.critical and "6:45" in p.text]


@pytest.mark.parametrize("said", [
    "3 seats for the adults, plus 2 for the kids.",
    "One bag for me, plus one bag for each child.",
])
def test_plus_an_amount_for_another_thing_changes_nothing(said):
    assert delta_said(said) is None


def test_plus_an_amount_of_the_same_thing_is_still_a_change():
    d = delta_said("that plus 15 minutes")
    assert d is not None and (d.op, d.amount) == ("+", 15.0)


def test_an_amount_for_another_thing_keeps_the_first_setting():
    memory = remember("Reserve 4 parking spaces for staff.",
                      "4 spaces for staff, plus 2 for the visitors.")
    kept(memory, "4 parking spaces")


@pytest.mark.parametrize("said, old, new", [
    ("The 12th won't work anymore, can they do the 19th?", "12th", "19th"),
    ("Thursday doesn't work for us, Friday then.", "Thursday", "Friday"),
    ("ugh, 9am is no good, 10:30 please", "9am", "10:30"),
    ("€60 won't work for me, €45 is my limit", "€60", "€45"),
])
def test_an_old_value_judged_unfit_then_one_of_its_kind_is_a_revision(said, old, new):
    st = parse_statement(said)
    assert (st.old_value, st.value, st.revision) == (old, new, True)


def test_an_old_value_judged_unfit_with_values_of_another_kind_names_none():
    assert parse_statement("Thursday won't work, we need 6 chairs").old_value is None


@pytest.mark.parametrize("said, canonical", [
    ("Tuesday the 9th", "day 9"),
    ("Sat 14th", "day 14"),
    ("Friday, March 13", "march 13"),
    ("Mon 3 June", "june 3"),
])
def test_a_weekday_with_its_date_is_that_date(said, canonical):
    pv = parse_value(said)
    assert (pv.dimension, pv.canonical, pv.text) == ("when", canonical, said)


def test_a_weekday_alone_or_with_a_time_is_read_as_before():
    assert parse_value("Friday").canonical == "friday"
    assert parse_value("Friday at 6pm").canonical == "friday 18:00"


def test_a_booking_by_weekday_and_date_is_revised_by_the_date_it_names():
    memory = remember("Put the vet appointment on Thursday the 11th.",
                      "the 11th won't work anymore, ask if they can do the 18th")
    replaced(memory, "18th", "11th")


@pytest.mark.parametrize("first, then, new, old", [
    ("walk the dog at 7:15am before work", "switch that from 7:15am to 8am, I'm working from home now",
     "8am", "7:15am"),
    ("Standup is at 9:30 every day.", "move it from 9:30 to 10:00, two of us start later", "10:00", "9:30"),
])
def test_a_pointer_with_the_old_value_named_and_a_reason_after(first, then, new, old):
    replaced(remember(first, then), new, old)


@pytest.mark.parametrize("first, then, new, old", [
    # a size by its sides is one value, never a count of "x"
    ("The bathroom mat should be 50 x 80 cm.", "mat needs to be 60 x 90 cm after all, the new bath is wider",
     "60 x 90 cm", "50 x 80"),
    # the same again, with another value
    ("Our book club meets at 7pm on Thursdays.", "same thing but 7:30pm, two of us work late", "7:30pm", "7pm"),
    # a value chosen in the end, said with no setting
    ("Our cabin budget for the Lakes is £90 a night.", "we went with £110 a night in the end, it has a hot tub",
     "£110", "£90"),
])
def test_a_size_a_same_again_and_a_value_went_with(first, then, new, old):
    replaced(remember(first, then), new, old)


def test_a_size_is_one_value_of_its_sides():
    st = parse_statement("The poster is 60 x 90 cm.")
    assert st.value == "60 x 90 cm" and st.dimension == "size:sides"
    assert parse_value("1920x1080").canonical == parse_value("1920 x 1080").canonical
    assert parse_value("60 x 90 cm").canonical != parse_value("60 x 90 mm").canonical
