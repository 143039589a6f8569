"""A habit or an age that holds now: kept as a setting, and changed by "I've cut back to
...", "I've stepped it up to ...", "I'm doing more like ... now", "just turned 8"."""

from __future__ import annotations

import pytest

from dspm_core.ages import age_turned
from dspm_core.extract.profile import profile_kind
from dspm_core.patch import PatchKind


@pytest.mark.parametrize("said,age", [
    ("My son just turned 12!", ("son", "12")),
    ("our cat turned 15 on Friday", ("cat", "15")),
    ("I turned 30 yesterday.", ("age", "30")),
])
def test_an_age_reached(said, age):
    assert age_turned(said) == age


@pytest.mark.parametrize("said", ["The thermostat turned 21 degrees.", "She turned 2.5 million in sales.",
                                  "turned left at the lights"])
def test_no_age_reached(said):
    assert age_turned(said) is None


@pytest.mark.parametrize("said,kind", [
    ("I cycle to the shops twice a week.", PatchKind.DECISION),
    ("We order takeaway once a month.", PatchKind.DECISION),
    ("I think once a week is plenty.", None),
    ("I cycled 40 km a day on holiday.", None),
])
def test_a_habit_kept(said, kind):
    assert profile_kind(said) is kind


@pytest.mark.parametrize("first,change,value,old", [
    ("My son is 11.", "My son just turned 12!", "12", "11"),
    ("I cycle twice a week.", "I've cut back to once a week since the accident.", "once a week", "twice a week"),
    ("I do yoga twice a week.", "I've stepped it up to three times a week.", "three times a week", "twice a week"),
    ("I walk 4,000 steps a day.", "I'm doing more like 9,000 steps a day now.", "9,000 steps a day",
     "4,000 steps a day"),
])
def test_the_habit_or_age_now_revises_it(first, change, value, old, assert_revised):
    assert_revised(first, change, value, old)


def test_a_goal_to_cut_down_changes_nothing_yet(current_after):
    current = current_after("I eat 4 biscuits a day.", "I'm trying to cut down to 1.")
    assert any(p.value == "4 biscuits a day" and not p.history for p in current), \
        [(p.text, p.value) for p in current]


@pytest.mark.parametrize("said,value", [("I read 20 pages a night.", "20 pages a night"),
                                        ("we watch two episodes each evening", "2 episodes each evening")])
def test_a_count_kept_each_night_is_a_rate(said, value):
    from dspm_core.slots import parse_statement

    st = parse_statement(said)
    assert st.value == value and "night" not in st.subject.split()


def test_a_nightly_habit_is_revised(assert_revised):
    assert_revised("I read 15 pages a night.", "These days I'm reading more like 30 pages a night.",
                   "30 pages a night", "15 pages a night")
