"""A change the assistant proposes or asks about, taken or left by the user, through
``add_turn`` with the default extractor (the dialogues here are not those of
``tests/fixtures/revisions/proposals.jsonl``)."""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory


def _current(*turns: str) -> list:
    """The current critical patches after ``turns`` ("A: ..." is the assistant's)."""
    memory = DSPMMemory(budget=400)
    for text in turns:
        role, said = ("assistant", text[2:].strip()) if text.startswith("A:") else ("user", text)
        memory.add_turn(role, said)
    return [p for p in memory.all_patches if p.kind.critical and p.later is None]


def _holding(patches: list, value: str) -> list:
    return [p for p in patches if p.value == value]


def test_a_model_year_answers_the_question_and_revises_no_count():
    current = _current("keep the bike tyres at 60 psi",
                       "A: Noted. Which bike is it, so I can check the maximum?",
                       "2018 trek")
    kept = _holding(current, "60 psi")
    assert len(kept) == 1 and not kept[0].history


def test_a_number_accepted_takes_the_unit_of_the_proposal():
    current = _current("keep the bike tyres at 60 psi",
                       "A: Road tyres of that width are usually run at 80 psi. Want me to set "
                       "the target to 80?",
                       "ok, 80")
    revised = _holding(current, "80 psi")
    assert len(revised) == 1, [(p.text, p.value) for p in current]
    assert [h.value for h in revised[0].history] == ["60 psi"]
    assert not _holding(current, "60 psi")


@pytest.mark.parametrize("proposal, answer, old, new", [
    ("Half the team is remote on Wednesdays. Want to move the lunch to Thursday?",
     "sounds good", "Wednesday", "Thursday"),
    ("Half the team is remote on Wednesdays. Shall I move the lunch to Thursday?",
     "yeah go ahead", "Wednesday", "Thursday"),
])
def test_a_change_proposed_and_accepted_without_its_value(proposal, answer, old, new):
    current = _current(f"the team lunch is on {old}", f"A: {proposal}", answer)
    revised = _holding(current, new)
    assert len(revised) == 1, [(p.text, p.value) for p in current]
    assert [h.value for h in revised[0].history] == [old]
    assert not _holding(current, old)


def test_an_accepted_number_takes_its_unit_from_the_proposal():
    current = _current("set the oven timer for 40 minutes",
                       "A: That recipe needs 55 minutes. Shall I extend the timer to 55?",
                       "yes please")
    revised = _holding(current, "55 minutes")
    assert len(revised) == 1, [(p.text, p.value) for p in current]
    assert [h.value for h in revised[0].history] == ["40 minutes"]


@pytest.mark.parametrize("proposal, answer", [
    ("Want me to add another reminder at 3pm too?", "yes please"),  # beside it
    ("Would you like one for your daughter as well, at 3pm?", "yes"),  # someone else's
    ("Want me to move it to 3pm?", "no thanks"),  # declined
    ("Want me to move it to 3pm?", "let me think about it"),  # put off
])
def test_a_proposal_not_taken_as_a_change_leaves_the_setting(proposal, answer):
    current = _current("remind me to stretch at 11am", f"A: {proposal}", answer)
    kept = _holding(current, "11am")
    assert len(kept) == 1 and not kept[0].history, [(p.text, p.value) for p in current]


@pytest.mark.parametrize("answer", ["sure, postgres is fine", "yeah postgres makes more sense",
                                    "ok postgres's better"])
def test_a_name_accepted_with_a_judgement_of_it(answer):
    current = _current("our database is MySQL",
                       "A: Postgres would handle the JSON columns better. Want to switch to Postgres?",
                       answer)
    revised = _holding(current, "Postgres")  # as the proposal wrote it
    assert len(revised) == 1, [(p.text, p.value) for p in current]
    assert [h.value for h in revised[0].history] == ["MySQL"]
