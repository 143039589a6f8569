"""Where the speaker lives and leaves from: a place said in one of a few forms is a setting
of its kind, revised by a later place of that form or by a place said alone."""

from __future__ import annotations

import pytest

from dspm_core.places import is_place, place_said
from test_in_passing import kept, remember, replaced


@pytest.mark.parametrize("text, said", [
    ("I am living in Rotterdam, so give me the weather for there.", ("home", "Rotterdam")),
    ("we live in the Netherlands", ("home", "Netherlands")),
    ("we've just moved to York", ("home", "York")),
    ("home is Cardiff now so parcels go there", ("home", "Cardiff")),
    ("I live in New York City with my partner", ("home", "New York City")),
    ("i live in lisbon", ("home", "lisbon")),
    ("I'm flying out of Manchester for the Lisbon trip.", ("departure", "Manchester")),
    ("Search from Newark instead, it's closer", ("departure", "Newark")),
    ("actually make it Liverpool, the flights are half the price", (None, "Liverpool")),
])
def test_a_place_said_in_a_form_of_its_kind(text: str, said: tuple) -> None:
    assert place_said(text) == said


@pytest.mark.parametrize("text", [
    "we might move to York next year",   # a plan
    "I live in reading glasses these days",  # a word first
    "my sister lives in York",  # someone else's home
    "I live in a flat above a bakery",  # no place named
    "actually make it nice and short",  # a word, in lower case
])
def test_no_place_of_the_speaker(text: str) -> None:
    said = place_said(text)
    assert said is None or said[0] is None and said[1][:1].isupper() is False


def test_places_are_cities_and_countries_and_capitals_count() -> None:
    assert is_place("Utrecht") and is_place("Portugal") and is_place("York")
    assert not is_place("Kubernetes") and not is_place("reading") and is_place("Reading")


def test_a_new_home_revises_the_old_one() -> None:
    replaced(remember("I live in Leeds", "what's a good bakery near the station?",
                      "we've just moved to York"), "York", "Leeds")


def test_a_place_said_alone_revises_the_place_spoken_of_last() -> None:
    memory = remember("I live in Leeds", "I'm flying out of Manchester next week",
                      "actually make it Liverpool, the flights are half the price")
    replaced(memory, "Liverpool", "Manchester")
    kept(memory, "Leeds")


def test_home_and_departure_stay_apart() -> None:
    memory = remember("I live in Leeds", "I'm flying out of Manchester next week")
    kept(memory, "Leeds")
    kept(memory, "Manchester")
    memory = remember("I live in Leeds", "my sister lives in York", "we might move to Bristol")
    kept(memory, "Leeds")


def test_countries_by_their_initials_in_capitals_only() -> None:
    assert place_said("we live in the UK") == ("home", "UK")
    assert is_place("US") and not is_place("us")


def test_only_the_speakers_own_home_and_departure() -> None:
    assert place_said("i'm based in Glasgow these days") == ("home", "Glasgow")
    assert place_said("my brother is flying out of Newcastle the same day") is None
    assert place_said("she is flying from Leeds") is None
    assert place_said("my partner and I are flying from Leeds") == ("departure", "Leeds")
    memory = remember("I'm flying out of Manchester on the 3rd",
                      "my brother is flying out of Newcastle the same day")
    kept(memory, "Manchester")
