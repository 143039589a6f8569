"""A fact the user asks to be kept ("remember that ...", "..., save that") is stored as the
fact itself, critical and revisable; the same words about memory that keep nothing store
nothing critical."""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory
from dspm_core.extract.remembered import keeps_last, kept_statement, not_to_keep


def _memory(*messages: str) -> DSPMMemory:
    memory = DSPMMemory(budget=400)
    for text in messages:
        memory.add_turn("user", text)
    return memory


def _critical(memory: DSPMMemory) -> list:
    return [p for p in memory.all_patches if p.kind.critical]


@pytest.mark.parametrize("said,fact", [
    ("Please remember that the garage door code is 6621.", "the garage door code is 6621."),
    ("keep in mind: our wedding venue is Hartley Barn", "our wedding venue is Hartley Barn"),
    ("For future reference, I cycle to work every day.", "I cycle to work every day."),
    ("could you remember that my mother-in-law is diabetic?", "my mother-in-law is diabetic"),
    ("I need you to remember that our router is in the attic", "our router is in the attic"),
    ("our hotel room is 512, save that for me", "our hotel room is 512"),
    ("the plumber's name is Dave — remember it", "the plumber's name is Dave"),
    ("the recycling goes out on Thursdays so I don't forget", "the recycling goes out on Thursdays"),
    ("Save my default currency as CHF", "my default currency is CHF"),
    ("my badge number is 7781, please remember", "my badge number is 7781"),
])
def test_the_fact_inside_a_request_to_keep_it(said, fact):
    assert kept_statement(said) == fact


@pytest.mark.parametrize("said", [
    "Do you remember where I parked?",
    "I can't remember whether the room is 512 or 521.",
    "remember when the flight got cancelled and we slept at the gate?",
    "remember that night in Porto?",
    "Remember to attach the invoice to this email.",
    "Can you remember stuff from last week?",
    "I'll note it down myself later.",
    "Save the spreadsheet as a CSV.",
])
def test_words_of_memory_that_keep_no_fact(said):
    assert kept_statement(said) is None


@pytest.mark.parametrize("said,alone", [
    ("Remember that.", True), ("save that pls", True), ("please keep it in mind", True),
    ("don't forget it!", True), ("Remember that the shop shuts at 4.", False),
    ("I remember that.", False),
])
def test_a_request_alone_keeps_the_sentence_before(said, alone):
    assert keeps_last(said) is alone


@pytest.mark.parametrize("said,refused", [
    ("my brother drinks oat milk, no need to remember that", True),
    ("You don't need to save this, I'm just venting.", True),
    ("Don't store any of this, it's a one-off.", True),
    ("Don't forget my brother drinks oat milk.", False),
    ("Never store my card number.", False),
])
def test_a_fact_said_not_to_be_kept(said, refused):
    assert not_to_keep(said) is refused


def test_a_kept_setting_is_revised_by_a_plain_change():
    memory = _memory("Can you save my home airport as Bristol?", "Make my home airport Cardiff instead.")
    [patch] = [p for p in _critical(memory) if "airport" in p.text.lower()]
    assert (patch.slot, patch.value) == ("home airport", "Cardiff")
    assert [h.value for h in patch.history] == ["Bristol"]


def test_a_kept_name_is_revised_as_its_setting():
    memory = _memory("I want you to remember that my physio is Dr. Quinn", "my physio is Dr. Adebayo now")
    [patch] = [p for p in _critical(memory) if "physio" in p.text.lower()]
    assert (patch.slot, patch.value) == ("physio", "Adebayo")
    assert [h.value for h in patch.history] == ["Dr. Quinn"]
    assert not any("remember" in p.text.lower() for p in memory.all_patches)


def test_a_kept_fact_of_the_users_own_is_a_rule():
    memory = _memory("could you remember that my mother-in-law is diabetic?",
                     "For future reference, I cycle to work every day.")
    texts = {p.text: p.kind.value for p in _critical(memory)}
    assert texts.get("My mother-in-law is diabetic") is not None
    assert texts.get("I cycle to work every day.") == "constraint"


@pytest.mark.parametrize("said,kept", [
    ("The spare key is under the green doormat. Remember that.", "green doormat"),
    ("My passport is in the top drawer of the desk. Please don't forget it.", "top drawer"),
])
def test_a_sentence_kept_by_the_request_after_it(said, kept):
    memory = _memory(said)
    assert [p.text for p in _critical(memory) if kept in p.text] != []
    assert not any("forget" in p.text.lower() or "remember" in p.text.lower() for p in memory.all_patches)


@pytest.mark.parametrize("said", [
    "my brother drinks oat milk, no need to remember that",
    "Do you remember where I parked?",
    "I can't remember whether the room is 512 or 521.",
    "remember when the flight got cancelled and we slept at the gate?",
])
def test_words_of_memory_that_keep_nothing_store_nothing_critical(said):
    assert _critical(_memory(said)) == []


def test_the_request_leaves_no_sentence_of_its_own():
    memory = _memory("Note that our fiscal year starts in April.")
    assert [p.text for p in memory.all_patches] == ["Our fiscal year starts in April."]


@pytest.mark.parametrize("said", ["Note that only admins can delete projects.",
                                  "NB: the second column is optional."])
def test_a_writers_note_is_no_request_to_keep(said):
    assert kept_statement(said) is None


@pytest.mark.parametrize("said", ["I can't remember whether the room is 512 or 521.",
                                  "we forget which day the bins go out, Tuesday or Wednesday?",
                                  "I honestly don't recall if the deposit was $300"])
def test_the_users_own_memory_in_doubt_keeps_nothing(said):
    assert not_to_keep(said)


@pytest.mark.parametrize("said", ["Please don't log this token anywhere.", "Don't store this file in git.",
                                  "no need to note this one's price, it's on the receipt"])
def test_a_rule_about_storing_is_not_a_fact_said_not_to_be_kept(said):
    assert not not_to_keep(said)
