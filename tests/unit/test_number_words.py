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
