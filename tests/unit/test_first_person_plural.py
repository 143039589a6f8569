"""Settings said together: "let's ..." and "we'll ..." state what their instruction would,
a setting with the day it starts holds from then on, a plan of the past states nothing.

Each test feeds turns through ``add_turn`` (default extractor) and checks what the store
holds.
"""

from __future__ import annotations

import pytest

from dspm_core.extract.together import as_instruction
from test_in_passing import criticals, remember, replaced


def critical_values(text: str) -> list[tuple[str, str]]:
    return [(p.kind.value, p.text) for p in criticals(text)]


@pytest.mark.parametrize("text, word", [
    ("lets host the docs on Netlify", "Netlify"),
    ("let's not use emojis in the release notes", "emojis"),
    ("Let's never push straight to main.", "main"),
    ("let's stick to British spelling", "British"),
    ("we'll use Stripe for payments", "Stripe"),
    ("from now on we'll write the changelog in past tense", "past tense"),
    ("Deploy to eu-west-1 starting today.", "eu-west-1"),
    ("the office opens at 8:30 starting Monday", "8:30"),
])
def test_a_setting_said_together_is_kept(text: str, word: str) -> None:
    got = critical_values(text)
    assert len(got) == 1 and word in got[0][1], got
    assert " ".join(text.lower().split()[1:]).rstrip(".") in got[0][1].lower()  # as said


@pytest.mark.parametrize("text", [
    "let's hope the build passes this time",
    "Let's just say it was a long week.",
    "lets not worry about it",
    "Let's not get ahead of ourselves.",
    "let's circle back to the budget later",
    "we'll see how it goes",
    "We'll probably switch to Go at some point, not sure yet.",
    "we were going to use Firebase but dropped it",
    "We'd planned to launch on the 3rd, then the funding fell through.",
    "let's start with the intro",
])
def test_a_wish_a_move_or_a_plan_of_the_past_sets_nothing(text: str) -> None:
    assert critical_values(text) == []


def test_a_choice_said_with_lets_keeps_its_own_reading() -> None:
    # "let's do two pages" is a choice as said: its instruction ("do two pages") reads as a
    # task, and is not asked
    assert as_instruction("let's do two pages") == "do two pages"
    memory = remember("Make the cover letters one page.", "one page is a squeeze, let's do two pages")
    replaced(memory, "2 pages", "1 page")


@pytest.mark.parametrize("said, instruction", [
    ("ok let's go with Postgres", "go with Postgres"),
    ("let's not use emojis", "don't use emojis"),
    ("we're gonna do code reviews on tuesdays", "do code reviews on tuesdays"),
    ("Deploy to eu-west-1 starting today.", "from now on Deploy to eu-west-1"),
    ("let's hope it builds", None),
    ("we're going to need a bigger boat", None),
    ("the build is green", None),
])
def test_the_instruction_a_clause_reads_as(said: str, instruction: str | None) -> None:
    assert as_instruction(said) == instruction
