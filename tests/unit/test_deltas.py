"""A change said relative to the old value ("add 10 seconds to that", "two more people",
"double it") leaves the value it comes to, with the old one in its lineage; its amount is
never a value of its own (``dspm_core.deltas``). Sentences written for this project."""

from __future__ import annotations

import pytest
from test_in_passing import current_with, kept, remember, replaced

from dspm_core.deltas import Delta, applied, delta_said, is_amount_of


@pytest.mark.parametrize("turns, new, old", [
    (["the build timeout in CI is 20 minutes", "add 5 minutes to that, the e2e suite grew"],
     "25 minutes", "20 minutes"),
    (["we're ordering 30 bread rolls for the bbq", "three more, the neighbours are coming"],
     "33", "30"),
    (["the team lunch budget is £150", "finance said we can double it"], "£300", "£150"),
    (["set the log retention to 14 days", "extend the log retention by 7 days"], "21 days", "14 days"),
    (["my phone bill is $45 a month", "my phone bill went up by $5"], "$50", "$45"),
    (["the flour in the bread recipe is 500g", "halve the flour, it came out too dense"],
     "250g", "500g"),
    (["the monthly data cap is 40 GB", "raise the cap by 10%"], "44 GB", "40 GB"),
    (["I swim 20 lengths on mondays", "knock 4 lengths off, my shoulder hurts"], "16", "20"),
])
def test_a_change_by_an_amount_leaves_the_value_it_comes_to(turns, new, old):
    memory = remember(*turns)
    replaced(memory, new, old)


@pytest.mark.parametrize("turns, old, amount", [
    # a supposition, a sum asked for, someone else's, the past
    (["the guest list is 40 people", "if we added 5 more people would the room fit them?"], "40", "45"),
    (["the savings goal is £3,000", "what's 10% more than that?"], "£3,000", "£3,300"),
    (["our order is 24 cupcakes", "my sister wants two more for her party"], "24", "26"),
    (["my rent is £900", "last year it went up by £50"], "£900", "£950"),
    # an amount of another unit: a distance is not lengthened by minutes
    (["my sunday run is 10 km", "add 15 minutes to the run"], "10 km", "15 minutes"),
    # something else that changed by itself
    (["my monthly grocery budget is £400", "oh the veg box price dropped by £5 this week"],
     "£400", "£395"),
    # "double booked" is no factor
    (["the venue holds 80 people", "the hotel double booked us"], "80", "160"),
])
def test_what_is_no_change_by_an_amount_keeps_the_value(turns, old, amount):
    memory = remember(*turns)
    kept(memory, old)
    assert not [p for p in memory.all_patches if amount in f"{p.value} {p.unit}"]


def test_the_amount_of_a_change_with_nothing_to_apply_it_to_is_no_value():
    memory = remember("increase the webhook timeout by 10 seconds")
    assert all(p.value is None for p in memory.all_patches), [
        (p.text, p.value) for p in memory.all_patches]


def test_two_settings_the_change_could_be_of_are_both_kept():
    memory = remember("the kids' table has 6 chairs and the adults' table has 10 chairs",
                      "add two more")
    kept(memory, "6 chairs")
    kept(memory, "10 chairs")


@pytest.mark.parametrize("old, unit, delta, new", [
    ("30 seconds", None, Delta("+", 10, "seconds", None), "40 seconds"),
    ("$1,400", None, Delta("+", 50, "$", None), "$1,450"),
    ("2000", None, Delta("-", 200, None, None), "1800"),
    ("£200", None, Delta("*", 2, None, None), "£400"),
    ("200", "GBP", Delta("+", 10, "%", None), "220"),
    ("5", None, Delta("-", 8, None, None), None),  # below zero
    ("5 km", None, Delta("+", 10, "minutes", None), None),  # another unit
])
def test_applied(old, unit, delta, new):
    assert applied(old, unit, delta) == new


def test_a_value_given_as_the_one_it_comes_to_is_taken_as_given():
    delta = delta_said("add 10 seconds to the timeout")
    assert delta is not None and is_amount_of("10 seconds", delta)
    assert not is_amount_of("40 seconds", delta)


@pytest.mark.parametrize("turns, new, old", [
    (["We need 24 folding tables for the craft fair.", "add 6 more, so 30 tables total, the school gym is bigger"],
     "30 tables", "24"),
    (["Screen time for Noah is 45 minutes on weekdays.",
      "he finished his project, give him 15 more minutes, so 60 minutes. can you update the rota?"],
     "60 minutes", "45"),
    (["The kitten gets 4 meals a day.", "the vet says one fewer now he's older, so 3 meals a day"],
     "3 meals", "4"),
    (["The dinner booking is for 5 people.", "two more people are joining, so 7 people"], "7", "5"),
])
def test_a_change_by_an_amount_then_the_value_it_comes_to(turns, new, old):
    # "add 6 more, so 30 tables total": the total said after the change is the new value,
    # never the amount of the change ("give him 15 more minutes" is no value of 15)
    memory = remember(*turns)
    replaced(memory, new, old)
    assert not current_with(memory, "15 (was")


@pytest.mark.parametrize("turns, kept_value", [
    (["The guest list is 40 people.", "if we add 5 more, would it be 45 people?"], "40"),
    (["Our team has 8 engineers.", "the other team hired 2 more, so they're at 12 now"], "8"),
])
def test_a_total_of_a_supposition_or_another_changes_nothing(turns, kept_value):
    memory = remember(*turns)
    kept(memory, kept_value)


def test_an_extra_day_in_the_reason_is_no_change_by_an_amount():
    # "QA asked for an extra day" says why; the new day is said with the old one named
    memory = remember("The code freeze starts on Thursday.",
                      "freeze starts Wednesday rather than Thursday, QA asked for an extra day")
    replaced(memory, "Wednesday", "Thursday")
