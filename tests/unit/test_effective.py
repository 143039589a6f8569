"""A change said with the day it takes effect ("from Monday", "starting next month", "as of
today") revises its setting; the day is no part of the setting's name or value."""

from __future__ import annotations

import pytest

from dspm_core.effective import effect_said, without_effect
from dspm_core.restated import one_occasion



@pytest.mark.parametrize("said,rest,day", [
    ("The alarm code will be 5521 from Friday.", "The alarm code will be 5521.", "from Friday"),
    ("Beginning next term, PE is on Wednesdays.", "PE is on Wednesdays.", "Beginning next term"),
    ("As from the 3rd, my desk phone is ext 4410.", "My desk phone is ext 4410.", "As from the 3rd"),
    ("the canteen closes at 2pm as of next week", "the canteen closes at 2pm", "as of next week"),
    ("Effective immediately, refunds take 10 days.", "Refunds take 10 days.", "Effective immediately"),
    ("my studio rent is $900 starting in October, ugh", "my studio rent is $900, ugh", "starting in October"),
])
def test_the_day_of_effect_is_cut_from_the_statement(said, rest, day):
    assert effect_said(said) == (rest, day)


@pytest.mark.parametrize("said", [
    "The pool is open from Monday to Friday.",   # a span
    "I work from 9 to 5.",
    "Piano moved from Tuesday.",                  # the old day
    "From now on, reply in French.",              # "from now on" is no day
    "I've been vegan since March.",
    "We flew in from Madrid.",
])
def test_no_day_of_effect(said):
    assert without_effect(said) == said


def test_a_level_that_will_change_is_the_level_it_comes_to():
    assert effect_said("the service charge goes up to 15% from May")[0] == "the service charge is 15%"


@pytest.mark.parametrize("first,change,value,old", [
    ("My locker is K7.", "My locker is M12 from Monday.", "M12", "K7"),
    ("The canteen closes at 3pm.", "From next week the canteen closes at 2pm.", "2pm", "3pm"),
    ("My line manager is Aisha.", "As of today my line manager is Ben.", "Ben", "Aisha"),
    ("The service charge is 12%.", "The service charge goes up to 15% from May.", "15%", "12%"),
    ("We have 3 night nurses.", "We'll have 5 night nurses starting in June.", "5 night nurses", "3 night nurses"),
])
def test_a_change_with_its_day_of_effect_revises_the_setting(first, change, value, old, assert_revised):
    assert_revised(first, change, value, old)


def test_the_day_of_effect_is_no_part_of_the_settings_name(current_after):
    [patch] = current_after("The canteen closes at 3pm.", "From next week the canteen closes at 2pm.")
    assert "next week" not in (patch.slot or "").lower()


def test_a_value_for_one_week_leaves_the_setting_as_it_was(current_after):
    assert one_occasion("Only this week, choir is on Thursday because of the concert.")
    [patch] = current_after("Choir is on Tuesdays.", "Only this week, choir is on Thursday because of the concert.")
    assert patch.value == "Tuesdays" and not patch.history

