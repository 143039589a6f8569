"""The unit or currency things are given in, and the version of a named tool, are values of
their own kind: "show them in euros" revises "show prices in USD", "upgraded to Postgres 16"
revises "Postgres 14", and neither is ever taken for a count.

Revision tests feed sentences through ``add_turn`` (default extractor) and check the store.
"""

from __future__ import annotations

import pytest

from dspm_core.display_units import display_unit, in_unit
from dspm_core.slots import parse_statement
from dspm_core.values import parse_value

from test_in_passing import current_with, remember, replaced


@pytest.mark.parametrize("word, dimension, canonical", [
    ("euros", "unit:currency", "EUR"),
    ("USD", "unit:currency", "USD"),
    ("swiss francs", "unit:currency", "CHF"),
    ("kms", "unit:length", "kilometre"),
    ("kilos", "unit:mass", "kilogram"),
    ("centigrade", "unit:temperature", "celsius"),
    ("metric units", "unit:system", "metric"),
    ("litres", "unit:volume", "litres"),
])
def test_a_unit_word_said_alone_is_a_unit(word: str, dimension: str, canonical: str) -> None:
    assert display_unit(word) == (dimension, canonical)
    pv = parse_value(word)
    assert (pv.dimension, pv.canonical) == (dimension, canonical)


@pytest.mark.parametrize("text, subject, unit, changed", [
    ("list the rents in euros", "the rents", "euros", False),
    ("now quote the fees in swiss francs", "the fees", "swiss francs", True),
    ("convert the recipes to metric please", "the recipes", "metric", True),
    ("use fahrenheit for the oven", "the oven", "fahrenheit", False),
    ("make it celsius", None, "celsius", True),
    # a request said as a question, with what it is for before it
    ("for the cycling log can you show distances in km?", "distances", "km", False),
    ("could you please give the weights in kilos?", "the weights", "kilos", False),
])
def test_a_sentence_that_asks_for_a_unit(text: str, subject: str | None, unit: str,
                                         changed: bool) -> None:
    assert in_unit(text) == (subject, unit, changed)


@pytest.mark.parametrize("text", ["the meeting is in Paris", "I live in London",
                                  "what's 30 pounds in euros?", "put it in the fridge",
                                  "can you give me 40 dollars in euros?",
                                  "can you show me the route in miles or km?",
                                  "did you show the prices in USD"])
def test_what_asks_for_no_unit(text: str) -> None:
    assert in_unit(text) is None


def test_pounds_of_a_weight_are_a_mass() -> None:
    st = parse_statement("give the luggage weights in pounds")
    assert (st.dimension, st.canonical) == ("unit:mass", "pound")
    assert parse_statement("show the fares in pounds").dimension == "unit:currency"


@pytest.mark.parametrize("first, second, new, old", [
    ("list the rents in dollars", "show them in euros from now on", "euros", "dollars"),
    ("give the oven temperatures in celsius", "actually fahrenheit is easier for me", "fahrenheit",
     "celsius"),
    ("use metric units for the knitting patterns", "switch the knitting patterns to imperial",
     "imperial", "metric"),
    ("quote everything in GBP", "change the currency to euros, the buyer is in Lyon", "euros", "GBP"),
    ("my trip distances in kilometres please", "now trip distances in miles", "miles", "kilometres"),
    ("for the baking blog can you give the weights in ounces? our readers are in ohio",
     "most readers are in the uk now so switch to grams pls", "grams", "ounces"),
])
def test_a_unit_revised(first: str, second: str, new: str, old: str) -> None:
    replaced(remember(first, second), new, old)


@pytest.mark.parametrize("text, canonical", [
    ("Postgres 14", "postgres 14"), ("iOS 17", "ios 17"), ("Python 3.10", "python 3.10"),
    ("macOS 14.2", "macos 14.2"),
])
def test_a_named_tool_with_its_version(text: str, canonical: str) -> None:
    pv = parse_value(text)
    assert pv.dimension.startswith("version:") and pv.canonical == canonical
    assert parse_value("Python 3.10").canonical != parse_value("Python 3.1").canonical


@pytest.mark.parametrize("first, second, new, old", [
    ("the cluster runs Kubernetes 1.28", "we upgraded the cluster to Kubernetes 1.30",
     "Kubernetes 1.30", "Kubernetes 1.28"),
    ("we're on Ruby 3.1 for the billing app", "can we go to Ruby 3.3? 3.1 is end of life",
     "Ruby 3.3", "Ruby 3.1"),
    ("Use Java 17 for the service.", "Bump Java to 21.5.", "21.5", "17"),
])
def test_a_version_revised(first: str, second: str, new: str, old: str) -> None:
    replaced(remember(first, second), new, old)


@pytest.mark.parametrize("first, second, a, b", [
    ("show prices in USD", "send the invoices in euros", "USD", "euros"),
    ("production runs Postgres 14", "the analytics box runs MySQL 8", "Postgres 14", "MySQL 8"),
    ("give distances in miles", "give temperatures in celsius", "miles", "celsius"),
    ("The deadline is October 31.", "The launch is October 15.", "October 31", "October 15"),
])
def test_units_and_versions_of_different_things_stay_apart(first: str, second: str, a: str,
                                                           b: str) -> None:
    memory = remember(first, second)
    assert current_with(memory, a) and current_with(memory, b)
    assert not any(p.history for p in memory.all_patches)
