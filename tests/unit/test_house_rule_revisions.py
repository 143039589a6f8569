"""House rules revised (``slots.parse_statement``, ``placement.py``): the bound of what
things over an amount need, where things of a kind are kept, and a value given "for" a
thing by an instruction whose subject read is only its verb; and the look-alikes that stay
apart.

Each dialogue goes through ``add_turn`` with the default extractor.
"""

from __future__ import annotations

import pytest

from dspm_core.placement import placed, store_place
from dspm_core.slots import parse_statement
from test_in_passing import criticals, current_with, earlier_values, remember


def test_an_amount_before_what_it_needs_is_the_amount_alone() -> None:
    st = parse_statement("Transfers over $5,000 need a second approval.")
    assert (st.value, st.dimension, st.op) == ("$5,000", "money", ">")
    assert st.subject is not None and "second approval" in st.subject
    assert parse_statement("The deposit is $500 a month").canonical == "500 USD per month"
    assert parse_statement("A $500 deposit is fine").value == "$500"


def test_the_bound_of_what_things_need_is_revised_through_a_pointer() -> None:
    memory = remember("Transfers over $5,000 need a second approval.",
                      "raise that to $8,000, we get too many holds")
    [held] = current_with(memory, "$8,000")
    assert earlier_values(held) == ["$5,000"]
    assert current_with(memory, "$5,000") == []


def test_another_need_of_things_over_another_amount_stays_apart() -> None:
    memory = remember("Transfers over $5,000 need a second approval.",
                      "Transfers over $20,000 need a call with the client.")
    assert len(current_with(memory, "$5,000")) == 1
    assert len(current_with(memory, "$20,000")) == 1


def test_where_things_are_kept_is_revised_by_moving_them_from_now_on() -> None:
    memory = remember("Design docs go in the architecture folder.",
                      "Move the design docs to a specs folder from now on.")
    [held] = current_with(memory, "specs folder")
    assert earlier_values(held) == ["architecture folder"]


@pytest.mark.parametrize("text", [
    "Move the photos to the holiday folder.",
    "move the test file into the tests folder",
    "Move everything to the new folder.",
])
def test_moving_things_once_is_no_setting(text: str) -> None:
    assert criticals(text) == []


def test_the_place_things_are_kept_in() -> None:
    assert placed("Design docs go in the architecture folder.") == ("Design docs", "architecture folder")
    assert placed("API keys belong in the env file, never in code.") == ("API keys", "env file")
    assert placed("Meeting notes live in Notion.") == ("Meeting notes", "Notion")
    assert placed("Penguins live in Antarctica.") is None
    assert placed("Tim lives in Galway.") is None
    assert placed("The kids go in the back seat.") is None
    assert store_place("a specs folder") == "specs folder"
    assert store_place("the holiday") is None


def test_a_value_given_for_a_thing_is_that_things_value() -> None:
    assert parse_statement("Allow 12 hours for ticket replies.").subject == "ticket replies"
    assert parse_statement("Let's allow 12 hours for ticket replies.").subject == "ticket replies"
    said = parse_statement("Let's promise 24 hours instead of 48 for email replies.")
    assert (said.subject, said.value, said.old_value) == ("email replies", "24 hours", "48 hours")
    assert parse_statement("make it 5 instead of 3 for the kids").old_value == "3"
