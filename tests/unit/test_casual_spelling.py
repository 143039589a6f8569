"""Casual writing is read as its plain spelling by the rule extractor."""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory
from dspm_core.extract.casual import plain_prose


@pytest.mark.parametrize("typed,plain", [
    ("dont suggest anything with peanuts", "Don't suggest anything with peanuts"),
    ("could u keep replies short", "Could you keep replies short"),
    ("im allergic to shellfish", "I'm allergic to shellfish"),
    ("pls no emojis", "Please no emojis"),
    ("i cant eat gluten", "I can't eat gluten"),
])
def test_shorthand_is_spelled_out(typed: str, plain: str) -> None:
    assert plain_prose(typed) == plain


@pytest.mark.parametrize("typed,plain", [
    ("they moved it, now is 4 June", "They moved it, it's now 4 June"),
    ("is now 9 euros, the price went up", "It's now 9 euros, the price went up"),
])
def test_a_learners_pointer_is_read_with_its_pointer(typed: str, plain: str) -> None:
    assert plain_prose(typed) == plain


def test_a_learners_pointer_revises_the_setting_spoken_of() -> None:
    memory = DSPMMemory()
    memory.add_turn("user", "my driving test is on 3 June")
    memory.add_turn("user", "the centre call me, now is 10 June, the examiner is sick")
    (current,) = [p for p in memory.all_patches if p.later is None and "10 June" in (p.value or "")]
    assert [r.value for r in current.history] == ["3 June"]


@pytest.mark.parametrize("text", [
    "Don't suggest anything with peanuts.",
    "Show the user ID on the invoice.",      # an acronym, not "I'd"
    "The report lets you filter by region.",  # "lets" as a verb
])
def test_plain_writing_is_left_as_it_is(text: str) -> None:
    assert plain_prose(text) == text


CASUAL_RULES = (
    "dont ever suggest recipes with peanuts, my son is allergic",
    # a lower-case sentence opening with a keyword of code is prose, not pasted code
    "try not to use semicolons in the blog posts",
    "return the summaries as plain text from now on",
)


def test_casual_rules_are_stored_as_rules() -> None:
    for text in CASUAL_RULES:
        memory = DSPMMemory()
        memory.add_turn("user", text)
        assert [p.kind.value for p in memory.all_patches if p.critical] == ["constraint"], text

