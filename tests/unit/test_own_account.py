"""The user's own account sets no rule: what they did, how they feel, what they acknowledge,
what someone else advised, what they expect or wonder. Rules of the same surface still do."""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory, PatchKind
from dspm_core.extract.account import acknowledges, did, expects, feels
from dspm_core.lexicon import past_form


def _criticals(text: str) -> list:
    m = DSPMMemory()
    m.add_turn("user", text)
    return [p for p in m.all_patches if p.critical]


@pytest.mark.parametrize("word,perfect,want", [
    ("logged", False, True), ("ran", False, True), ("wrote", False, True),
    ("written", True, True), ("written", False, False), ("cut", True, True),
    ("run", False, False), ("deploy", False, False), ("going", False, False),
])
def test_past_form_reads_lemminflect_tables(word, perfect, want):
    assert past_form(word, perfect) is want


@pytest.mark.parametrize("text,want", [
    ("I've shipped 3 releases by the end of June.", True),
    ("We trimmed the bundle by 30% in April.", True),
    ("I only managed 2 workouts last week.", True),
    ("I cut onions every morning.", False),   # a present habit after a bare "I"
    ("I've set a target of 10,000 steps a day.", False),  # a goal set going
    ("I decided to cap the budget at $300.", False),
    ("I want the report by Friday.", False),
])
def test_did_reads_what_the_user_did(text, want):
    assert did(text) is want


def test_progress_with_a_date_is_a_fact_not_a_rule():
    got = _criticals("I've reviewed 120 invoices by Wednesday.")
    assert [p.kind for p in got] == [PatchKind.DECISION]
    assert "120" in got[0].text


def test_progress_without_a_value_and_a_clean_run_store_no_rule():
    assert _criticals("I rebuilt the image and it started without any warnings.") == []


def test_deadline_of_the_same_surface_is_still_a_rule():
    got = _criticals("I need the invoices reviewed by Wednesday.")
    assert [p.kind for p in got] == [PatchKind.CONSTRAINT]


@pytest.mark.parametrize("text", [
    "I'm so thankful my neighbour walked my favourite dog while I was away.",
    "Honestly I'm delighted that my favorite author replied to my letter.",
    "I feel exhausted but I value the time with my kids.",
])
def test_a_feeling_holds_no_preference(text):
    assert feels(text)
    assert _criticals(text) == []


def test_a_feeling_about_the_users_own_event_keeps_its_date():
    got = _criticals("I'm kinda nervous about my dentist appointment on June 4 at 9 AM.")
    assert [p.kind for p in got] == [PatchKind.DECISION]
    assert "June 4" in got[0].text


def test_an_aim_said_with_a_feeling_word_is_not_a_feeling():
    assert not feels("I'm motivated to finish the course by May 30.")
    assert [p.kind for p in _criticals("I'm motivated to finish the course by May 30.")] \
        == [PatchKind.CONSTRAINT]


@pytest.mark.parametrize("text", [
    "I see what you mean about keeping the summary under 150 words.",
    "I understand your concern about the launch on May 3.",
])
def test_acknowledging_the_assistant_states_nothing_new(text):
    assert acknowledges(text)
    assert _criticals(text) == []


@pytest.mark.parametrize("text", [
    "This should cover the whole trip.",
    "Which should come to about 40 minutes.",
])
def test_an_expectation_is_no_rule(text):
    assert expects(text)
    assert _criticals(text) == []


def test_a_bound_stated_outright_is_not_an_expectation():
    assert not expects("It should be under 300 words.")
    assert _criticals("Replies should be under 300 words.")


@pytest.mark.parametrize("text", [
    "My physio told me to rest the knee until Monday.",
    "Priya suggested we never deploy after 4 PM.",
])
def test_someone_elses_advice_is_not_the_users_rule(text):
    assert _criticals(text) == []


@pytest.mark.parametrize("text", [
    "I'm still not sure if the venue can fit 80 people.",
    "I'm wondering if I can cut the video without losing the intro.",
    "I'm a bit worried that the courier might not deliver by Thursday.",
])
def test_a_doubt_or_a_worry_with_a_bound_sets_no_rule(text):
    assert _criticals(text) == []


def test_a_worry_that_reports_a_change_keeps_it():
    got = _criticals("I'm worried that moving the standup to 10 AM might clash with my commute.")
    assert [p.kind for p in got] == [PatchKind.DECISION]
    assert "10 AM" in got[0].text


def test_an_aim_keeps_its_bound():
    got = _criticals("I'm trying to run 5 km in under 30 minutes by September.")
    assert [p.kind for p in got] == [PatchKind.CONSTRAINT]


@pytest.mark.parametrize("text", [
    "No regrets at all!",
    "No complaints from the team.",
    "Any tips on how to say no without sounding rude?",
    "The three numbers add up to 12.",
    "I'd need to read about 4 more chapters.",
])
def test_idioms_arithmetic_and_advice_questions_set_no_rule(text):
    assert _criticals(text) == []


@pytest.mark.parametrize("text", [
    "No emojis.",
    "Any hotels under $150 near the station?",
    "We don't have budget for more than 2 contractors, so keep proposals under that.",
])
def test_rules_of_the_same_surface_stay(text):
    assert _criticals(text)
