"""The details of a booking asked for in one sentence are settings of their own: a later
message changes one of them and leaves the others."""

from __future__ import annotations

import pytest

from dspm_core.request_details import request_details
from dspm_core.slots import parse_statement
from test_in_passing import kept, remember, replaced

BOOKING = "book a table at Nando's for 6 on saturday at 7pm pls"


def _read(text: str) -> list[tuple[str, str]]:
    return [(d.subject, d.value) for d in request_details(text)]


def test_each_detail_is_a_setting_of_the_thing_booked() -> None:
    assert _read(BOOKING) == [("table location", "Nando's"), ("table", "6"), ("table", "saturday"),
                              ("table", "7pm")]
    assert _read("order 3 large pizzas from Domino's for 8pm") == [
        ("pizza", "3 large pizzas"), ("pizza location", "Domino's"), ("pizza", "8pm")]
    assert _read("can u get me a room at the Premier Inn in York for 2 nights, max £90 a night") == [
        ("room location", "the Premier Inn"), ("room city", "York"), ("room", "2 nights"),
        ("room budget", "£90 a night")]


def test_each_detail_keeps_the_words_it_was_said_in() -> None:
    said = [d.text for d in request_details("we need chairs for twelve guests on saturday, cheers")]
    assert said == ["we need chairs for twelve guests", "chair on saturday"]


@pytest.mark.parametrize("text", [
    "book flights to Lisbon from the 3rd to the 10th",    # two dates, not told apart
    "can you book a table at Nando's for 6?",             # a question
    "book a table for 6",                                 # one detail: the statement forms read it
    "i booked a table at Nando's for 6 on saturday",      # told, not asked for
    "get me a coffee",
])
def test_no_details_are_read(text: str) -> None:
    assert request_details(text) == ()


@pytest.mark.parametrize("change, new, old", [
    ("make it 8pm, the kids have football", "8pm", "7pm"),
    ("actually 8 of us now", "8 people", "6"),
    ("nandos is fully booked, try Wahaca instead", "Wahaca", "Nando's"),
    ("hold on, sunday works better for us", "sunday", "saturday"),
])
def test_one_detail_changes_and_the_others_stay(change: str, new: str, old: str) -> None:
    memory = remember(BOOKING, change)
    replaced(memory, new, old)
    for other in ("Nando's", "saturday", "7pm"):
        if other != old:
            kept(memory, other)


def test_another_booking_changes_nothing() -> None:
    memory = remember(BOOKING, "and a taxi home at 11pm")
    kept(memory, "7pm")
    kept(memory, "11pm")


def test_a_value_chosen_in_a_clause_of_its_own() -> None:
    st = parse_statement("they rang to say 7pm is full, get us 8:45 instead")
    assert (st.value, st.old_value, st.revision) == ("8:45", "7pm", True)
    st = parse_statement("9am better actually, before the school run")
    assert (st.value, st.subject, st.revision) == ("9am", None, True)
    assert parse_statement("the blue one is better").value is None


def test_a_remark_on_the_old_day_sets_nothing() -> None:
    memory = remember("i need an appointment at Greenway clinic on the 8th, in the morning pls",
                      "the 8th is not possible, she has a school trip. please the 15th instead")
    context = memory.get_context()
    assert "(was 8th)" in context  # the day changed, and the remark is kept with it marked
    assert "the (earlier: 8th; now 15th) is not possible" in context
