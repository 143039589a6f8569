"""Counts written as words ("let's do two pages", "we're five now") are read as numbers;
a number word that counts nothing ("one of them", "no one", "one day I'll ...") is left
as it is.

The memory tests feed turns through ``add_turn`` (default extractor) and check what the
store holds.
"""

from __future__ import annotations

import pytest

from dspm_core.number_words import with_digits
from dspm_core.slots import parse_statement

from test_in_passing import kept, remember, replaced


@pytest.mark.parametrize("text, digits", [
    ("let's do two pages", "let's do 2 pages"),
    ("Two sentences per summary is plenty", "2 sentences per summary is plenty"),
    ("make it five", "make it 5"),
    ("we're five now", "we're 5 now"),
    ("twenty-five minutes rest", "25 minutes rest"),
    ("thirty five minutes", "35 minutes"),
    ("a dozen eggs", "12 eggs"),
    ("Make the cover letters one page.", "Make the cover letters 1 page."),
    ("one page is a squeeze", "1 page is a squeeze"),
    ("keep it to one paragraph", "keep it to 1 paragraph"),
])
def test_a_number_word_that_counts_is_written_as_digits(text: str, digits: str) -> None:
    assert with_digits(text) == digits


@pytest.mark.parametrize("text", [
    "one of them is broken", "the one I sent yesterday", "no one reads the footer",
    "two or three would do", "one day I'll learn Rust", "the two options look the same",
    "we need two-factor auth", "at one point it crashed", "one more thing", "in one go",
])
def test_a_number_word_that_counts_nothing_is_left_alone(text: str) -> None:
    assert with_digits(text) == text


def test_a_count_in_words_is_a_value_of_its_unit() -> None:
    st = parse_statement("Keep summaries to three paragraphs")
    assert st.value is not None and st.value.startswith("3")
    assert st.dimension == parse_statement("Keep summaries to 3 paragraphs").dimension


@pytest.mark.parametrize("first, revision, new, old", [
    ("Make the cover letters one page.", "one page is a squeeze, let's do two pages", "2", "1"),
    ("i do ten pushups every morning", "up it to twenty pushups, the old number is too easy",
     "20", "10"),
    ("We need 4 seats at the table.", "make it six, my cousins are coming", "6", "4"),
])
def test_a_revision_in_number_words_replaces_the_old_count(first: str, revision: str,
                                                          new: str, old: str) -> None:
    replaced(remember(first, revision), new, old)


def test_counts_in_words_of_two_things_stay_apart() -> None:
    memory = remember("The kids get two cookies after dinner.", "The dog gets three walks a day.")
    kept(memory, "two cookies")
    kept(memory, "three walks")


@pytest.mark.parametrize("text", [
    "limit the description to no more than five words", "shows with fewer than three seasons",
    "keep it under two pages", "at most four people",
])
def test_a_bound_in_words_keeps_its_words(text: str) -> None:
    assert with_digits(text) == text


# ---------------------------------------------------------- numbers of several words
@pytest.mark.parametrize("text, digits", [
    ("we're ordering a hundred and sixty programmes", "we're ordering 160 programmes"),
    ("the hall seats three hundred", "the hall seats 300"),
    ("eighteen hundred euros for the deposit", "1800 euros for the deposit"),
    ("it's forty-two now", "it's 42 now"),
    ("bake three dozen scones", "bake 36 scones"),
    ("the loan is two grand", "the loan is 2000"),
    ("give the walk a full hour", "give the walk 1 hour"),
    ("we're away a fortnight", "we're away 2 weeks"),
    ("pay day is the twenty-third", "pay day is the 23rd"),
    ("the fourteenth of june suits us", "the 14th of june suits us"),
    ("give it three quarters of an hour", "give it 0.75 hours"),
    ("we walked a quarter of a mile", "we walked 0.25 miles"),
    ("keep five per cent back", "keep 5 per cent back"),
])
def test_a_number_of_several_words_is_written_as_digits(text: str, digits: str) -> None:
    assert with_digits(text) == digits


@pytest.mark.parametrize("text", [
    "no more than forty-five words", "two three four five, testing", "the fourth option looks best",
    "the first thing tomorrow", "the second one was better", "a quarter of the class came",
])
def test_number_words_that_are_no_number_of_several_words_are_left_alone(text: str) -> None:
    assert with_digits(text) == text


@pytest.mark.parametrize("first, revision, new, old", [
    ("book the coach for fifty-two passengers", "a few dropped out, make it forty-four",
     "44", "52"),
    ("the garden centre order is for a hundred and twenty bulbs",
     "actually a hundred and eighty bulbs, the border is longer than i thought",
     "180", "120"),
    ("put 12% aside for tax from each invoice", "let's go with fifteen percent from now on",
     "fifteen percent", "12%"),
])
def test_a_revision_said_in_words_replaces_the_old_value(first: str, revision: str,
                                                          new: str, old: str) -> None:
    replaced(remember(first, revision), new, old)


def test_values_in_words_of_two_things_stay_apart() -> None:
    memory = remember("the choir needs forty-eight folders", "the band needs twenty-six stands")
    kept(memory, "forty-eight")
    kept(memory, "twenty-six")


def test_per_cent_in_two_words_is_a_percentage() -> None:
    st = parse_statement("put aside twelve per cent of the rent for repairs")
    assert st.dimension == "percent" and st.value is not None and st.value.startswith("12")
