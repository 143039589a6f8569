"""Who comes to the household, and on which day (:mod:`dspm_core.extract.visits`), through
``add_turn`` with the default extractor."""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory
from dspm_core.extract.visits import visit_said


def _critical(text: str) -> list:
    memory = DSPMMemory(budget=300)
    memory.add_turn("user", text)
    return [p for p in memory.all_patches if p.kind.critical]


@pytest.mark.parametrize("text, day", [
    ("Our dog sitter comes every Thursday.", "Thursday"),
    ("The organic box is delivered on Fridays.", "Fridays"),
    ("My father-in-law drops by on Sunday mornings.", "Sunday"),
    ("The garden waste gets collected every other Tuesday.", "Tuesday"),
])
def test_a_visit_on_a_recurring_day_is_a_setting(text, day):
    critical = _critical(text)
    assert len(critical) == 1, [p.text for p in _critical(text)]
    assert critical[0].kind.value == "decision" and day in (critical[0].value or "")


@pytest.mark.parametrize("text", [
    "The cleaner came on Wednesday.",  # the past
    "My aunt's gardener comes on Mondays.",  # another household
    "Their babysitter comes on Saturdays.",
    "The cleaner might come on Friday.",  # only possible
    "Does the cleaner come on Fridays?",  # a question
    "My sister reckons her cleaner comes on Tuesdays.",  # a report
    "Our window cleaner used to come on Thursdays.",  # a habit given up
])
def test_a_visit_that_is_not_the_households_standing_one_is_no_setting(text):
    assert not visit_said(text)
    assert not _critical(text), [p.text for p in _critical(text)]


def test_a_visit_moved_to_another_day_revises_it(assert_revised):
    assert_revised("our dog sitter comes every Thursday", "the dog sitter comes on Fridays now",
                   "Fridays", "Thursday")
