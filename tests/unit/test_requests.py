"""A setting first stated inside a request to the assistant ("can u book the car in for its
MOT on the 14th") is revised like one stated plainly; a one-off inside a request is not."""

from __future__ import annotations

import pytest

from dspm_core.slots import gives_up_value, parse_statement
from test_in_passing import kept, remember, replaced


@pytest.mark.parametrize("text, subject, value", [
    ("can u book the car in for its MOT on the 14th, any garage near SE15 is fine",
     "car in for its MOT", "14th"),
    ("could you set the oven timer to 25 minutes", "oven timer", "25 minutes"),
    ("i need you to book a dentist appointment for the 3rd", "dentist appointment", "3rd"),
])
def test_a_polite_request_is_read_as_its_instruction(text: str, subject: str, value: str) -> None:
    st = parse_statement(text)
    assert (st.subject, st.value) == (subject, value)


def test_a_question_asked_politely_is_left_to_the_question_forms() -> None:
    assert parse_statement("can u book the MOT for the 14th?").subject != "MOT"


def test_a_date_in_a_request_is_moved_by_a_pointer() -> None:
    replaced(remember("can u book the boiler service for the 9th, any engineer is fine",
                      "make it the 16th, im away that week"), "16th", "9th")


def test_a_diet_in_a_request_is_the_diet() -> None:
    st = parse_statement("everything has to be low-fodmap pls my gut is a mess lately")
    assert (st.value, st.dimension) == ("low-fodmap", "name")
    replaced(remember("plan my lunches for the week, it all has to be low-fodmap pls",
                      "actually make it mediterranean instead, doctor's orders"),
             "Mediterranean", "low-fodmap")


def test_a_value_scratched_gives_way_to_the_one_said_after_it() -> None:
    assert gives_up_value("oh and scratch €120, a few more ppl chipped in, we've got €175 now")
    assert not gives_up_value("scratch that, we're going with Linear")
    st = parse_statement("scratch 6, two more said yes, we're 8 now")
    assert (st.value, st.old_value, st.revision) == ("8 people", "6", True)
    replaced(remember("help me choose a gift for the retirement do, the collection came to about £90",
                      "she likes birdwatching if that helps",
                      "oh and scratch £90, a few more ppl chipped in, we've got £140 now"),
             "£140", "£90")


def test_a_one_off_inside_a_request_keeps_the_standing_choice() -> None:
    memory = remember("write the replies to the guest messages in italian pls",
                      "one guest is from leeds, only for her reply do it in english")
    kept(memory, "Italian")


def test_a_thing_named_first_then_chosen_for_it() -> None:
    st = parse_statement("for the venue lets go with the Corn Exchange")
    assert (st.subject, st.revision) == ("venue", True)
    st = parse_statement("for the hotel lets go with Coimbra")
    assert (st.subject, st.value) == ("hotel", "Coimbra")
