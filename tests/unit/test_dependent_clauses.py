"""Clauses cut from a sentence that cannot stand as a stored fact as they were cut."""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory
from dspm_core.extract.dependent import is_math_clause, standalone
from dspm_core.patch import PatchKind


def _kinds(text: str) -> list[tuple[str, str]]:
    memory = DSPMMemory()
    memory.add_turn("user", text)
    return [(p.kind.value, p.text) for p in memory.all_patches]


@pytest.mark.parametrize(("clause", "statement"), [
    ("especially since I've increased my followers by 150", "I've increased my followers by 150"),
    ("where I reduced filler words by 20%", "I reduced filler words by 20%"),
    ("although we moved the launch to May 3", "We moved the launch to May 3"),
    ("The launch is on May 3", "The launch is on May 3"),  # nothing ties it
])
def test_a_tied_clause_with_its_own_subject_is_that_statement(clause: str, statement: str) -> None:
    assert standalone(clause) == statement


@pytest.mark.parametrize("clause", [
    "which is now at 9/10", "including final edits on my screenplay and a meeting on April 6",
    "especially after May 7", "where the favourable outcomes are 2, 4 and 6",
])
def test_a_clause_leaning_on_a_noun_it_lacks_is_no_statement(clause: str) -> None:
    assert standalone(clause) is None


@pytest.mark.parametrize(("clause", "math"), [
    ("where 3C2 = 3", True), ("where 3! = 6", True),
    ("16/52, which simplifies to 4/13", True),
    ("the calculation would be 13/52 + 4/52 - 1/52 = 16/52", True),
    ("the deadline is 3/4 for the report", False),  # a date, not arithmetic
    ("the retry limit is 5", False),
])
def test_a_clause_that_works_a_calculation_is_math(clause: str, math: bool) -> None:
    assert is_math_clause(clause) is math


def test_a_tied_clause_is_stored_as_its_own_statement() -> None:
    kinds = _kinds("I'm struggling with my portfolio, especially since I've increased my followers "
                   "by 150 since July 1")
    assert ("decision", "I've increased my followers by 150 since July 1") in kinds


def test_a_leaning_clause_is_not_typed_and_its_words_are_kept() -> None:
    kinds = _kinds("Unfortunately, I'm juggling a few big projects, including final edits on my "
                   "screenplay and a production meeting on April 6.")
    assert not any(t.lower().startswith("including") for k, t in kinds if k != "sentence")
    assert "production meeting on April 6" in " ".join(t for _, t in kinds)


def test_a_step_of_a_calculation_said_in_a_clause_is_no_decision() -> None:
    memory = DSPMMemory()
    memory.add_turn("user", "can you check my working for combinations of 3 choose 2, where 3C2 = 3")
    assert [p.kind for p in memory.all_patches if "3C2" in p.text] == [PatchKind.EQUATION]
    assert not any(p.critical for p in memory.all_patches)


@pytest.mark.parametrize(("first", "change", "old", "new"), [
    ("the barbecue is for 12 people", "the Smiths can't come so we're 10 now", "12 people", "10 people"),
    ("the barbecue is for 12 people", "my brother can't make it so we're 10 now", "12 people",
     "10 people"),
])
def test_a_change_said_after_so_with_no_comma_is_a_clause_of_its_own(first, change, old, new,
                                                                     current_after) -> None:
    current = current_after(first, change)
    revised = [p for p in current if p.history]
    assert len(revised) == 1, [p.text for p in current]
    assert revised[0].value.split()[0] == new.split()[0]
    assert [h.value for h in revised[0].history] == [old]
    assert not [p for p in current if p.value == old]
