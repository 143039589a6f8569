"""A running count the user reports is one setting, current at its latest figure; another
activity, object, person or period is another setting."""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory
from dspm_core.progress import done_count


def _current(*user_turns: str) -> list:
    m = DSPMMemory()
    for i, text in enumerate(user_turns):
        if i:
            m.add_turn("assistant", "Noted, keep it up.")
        m.add_turn("user", text)
    return [p for p in m.all_patches if p.critical]


@pytest.mark.parametrize("text,subject,value", [
    ("I've marked 30 essays so far.", "mark essays", "30 essays"),
    ("We've shipped 12 orders to Canada this week.", "ship orders canada weekly", "12 orders"),
    ("I've finished 70% of the workbook.", "finish workbook", "70%"),
    ("I've saved $900 toward the bike.", "save bike", "$900"),
    ("I've practised violin for 14 hours this month.", "practise violin hours monthly", "14 hours"),
    ("I recently reviewed 8 pull requests with two approvals each.", "review pull requests",
     "8 requests"),
])
def test_done_count_reads_activity_period_and_count(text, subject, value):
    got = done_count(text)
    assert got is not None
    assert (got.subject, got.value) == (subject, value)


@pytest.mark.parametrize("text", [
    "I've set 3 alarms for tomorrow.",        # a verb that sets a value
    "I want to finish 20 chapters.",          # an aim, not a count of what was done
    "I'll mark 30 essays tomorrow.",
    "My sister has read 14 books.",
])
def test_done_count_is_only_what_the_user_did(text):
    assert done_count(text) is None


def test_a_new_count_of_the_same_activity_revises_the_old_one():
    got = _current("I've marked 30 essays so far.", "I've marked 45 essays now.")
    assert len(got) == 1
    assert "45" in got[0].text
    assert [h.value for h in got[0].history] == ["30 essays"]


def test_a_new_count_without_a_cue_still_revises():
    got = _current("I've knitted 4 scarves for the fair.", "I've knitted 7 scarves for the fair.")
    assert len(got) == 1 and got[0].value == "7 scarves"


@pytest.mark.parametrize("first,second", [
    ("We've sold 80 mugs at the spring market.", "We've sold 35 mugs at the winter market."),
    ("I've marked 30 history essays.", "I've marked 12 geography essays."),
    ("I ran 20 km this week.", "I've run 400 km this year."),
])
def test_another_object_or_period_is_another_count(first, second):
    got = _current(first, second)
    assert len(got) == 2
    assert all(not p.history for p in got)


def test_the_count_renders_as_the_user_said_it_with_its_lineage():
    m = DSPMMemory(budget=200)
    m.add_turn("user", "I've translated 40 pages of the manual.")
    m.add_turn("user", "I've translated 55 pages of the manual so far.")
    ctx = m.get_context("how far along is the translation?")
    assert "I've translated 55 pages (was 40) of the manual so far." in ctx
    assert "translate pages manual =" not in ctx


@pytest.mark.parametrize("text, subject, value", [
    ("I landed 4 client calls to build up the pipeline before the holidays", "land client calls",
     "4 calls"),
    ("we've shipped 9 releases in order to hit the roadmap, mostly small ones", "ship releases",
     "9 releases"),
])
def test_a_count_done_for_a_purpose_is_a_count(text: str, subject: str, value: str) -> None:
    assert done_count(text) == (subject, value)
