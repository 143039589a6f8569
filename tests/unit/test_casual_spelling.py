"""Casual writing is read as its plain spelling by the rule extractor."""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory
from dspm_core.extract.casual import plain_spelling


@pytest.mark.parametrize("typed,plain", [
    ("dont suggest anything with peanuts", "Don't suggest anything with peanuts"),
    ("could u keep replies short", "Could you keep replies short"),
    ("im allergic to shellfish", "I'm allergic to shellfish"),
    ("pls no emojis", "Please no emojis"),
    ("i cant eat gluten", "I can't eat gluten"),
])
def test_shorthand_is_spelled_out(typed: str, plain: str) -> None:
    assert plain_spelling(typed) == plain


@pytest.mark.parametrize("text", [
    "Don't suggest anything with peanuts.",
    "Show the user ID on the invoice.",      # an acronym, not "I'd"
    "The report lets you filter by region.",  # "lets" as a verb
])
def test_plain_writing_is_left_as_it_is(text: str) -> None:
    assert plain_spelling(text) == text


def test_a_lower_case_rule_without_apostrophes_is_stored_as_a_rule() -> None:
    memory = DSPMMemory()
    memory.add_turn("user", "dont ever suggest recipes with peanuts, my son is allergic")
    assert [p.kind.value for p in memory.all_patches if p.critical] == ["constraint"]
