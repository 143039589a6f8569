"""Who does what is a setting of its own, the role, whose value is the person
(``dspm_core/roles.py``): "Noor is playing Juliet", "Tomasz handles the payroll", "Ravi's on
the night shift". Another person said for the role revises it, the role named or not: "Ivy's
taking the part", "swap her for Ravi", "Ola will", "her cousin Femi is doing it", "Bea's
treasurer now". A state ("Mike is running late"), a task of the moment, a schedule and a
common word that opens a sentence ("Party runs two hours") give no role. Through
``add_turn`` with the default extractor. Two people given a role each in one sentence get
a setting each, and a swap ("other way round", "swap them", "I had it backwards") gives each
role the other person."""

from __future__ import annotations

import pytest

from chat_sessions import critical_texts, revised
from dspm_core.roles import role_said


@pytest.mark.parametrize("said, role, who", [
    ("Noor is playing Juliet", "Juliet", "Noor"),
    ("Tomasz handles the payroll", "payroll", "Tomasz"),
    ("Ravi's on the night shift this week", "night shift", "Ravi"),
    ("Dr Osei is leading the ward round", "ward round", "Dr Osei"),
    ("Mike is playing bass", "bass", "Mike"),
])
def test_a_person_given_a_role_is_read(said: str, role: str, who: str) -> None:
    assert role_said(said) == (role, who, False)


@pytest.mark.parametrize("said", [
    "Mike is running late",
    "Dave's on holiday",
    "Sam is doing his homework",
    "Jenny is doing well",
    "Ellie does swimming on mondays and thursdays",
    "Party runs two hours",
    "Team runs the stall",
    "what does SLA stand for again",
    "It will",
])
def test_a_state_a_task_a_schedule_or_a_common_word_gives_no_role(said: str) -> None:
    assert role_said(said) is None


TAKEN_OVER = [
    (("Noor is playing Juliet", "assistant: Noor as Juliet, noted.", "she's got the flu. Ivy's taking the part"),
     ("Ivy", ["Noor"])),
    (("Ravi's on the night shift this week", "assistant: Ravi on nights.", "actually swap him for Kofi, Ravi's on leave"),
     ("Kofi", ["Ravi"])),
    (("Tomasz handles the payroll", "assistant: Tomasz on payroll.", "he's moving teams, Ola will"),
     ("Ola", ["Tomasz"])),
    (("the caretaker is Mr Price", "assistant: Mr Price, noted.", "not him anymore, her cousin Femi is doing it"),
     ("her cousin Femi", ["Mr Price"])),
    (("treasurer is Gwen", "assistant: Gwen, noted.", "gwen stepped down :( Bea's treasurer now"),
     ("Bea", ["Gwen"])),
]


@pytest.mark.parametrize("turns,expected", TAKEN_OVER, ids=[t[-1][:40] for t, _ in TAKEN_OVER])
def test_another_person_for_the_role_revises_it(turns: tuple[str, ...], expected: tuple[str, list[str]]) -> None:
    assert expected in revised(*turns)


def test_two_roles_stay_apart() -> None:
    turns = ("Noor is playing Juliet", "assistant: Noted.", "Ivy is playing the Nurse")
    assert revised(*turns) == []
    assert len(critical_texts(*turns)) == 2


def test_a_sentence_of_two_roles_gives_each_its_own() -> None:
    turns = ("Ade does the sound and Bea runs the lights",)
    assert len(critical_texts(*turns)) == 2


SWAPPED = [
    ("Ade does the sound and Bea runs the lights", "assistant: Noted.", "other way round actually, Bea's on sound"),
    ("Kim covers mornings, Raj does evenings", "assistant: Got it.", "swap them, Raj prefers early starts"),
    ("Lola is my bridesmaid and Tia's doing the toast", "assistant: Lovely.", "I had it backwards, Tia's the bridesmaid"),
]


@pytest.mark.parametrize("turns", SWAPPED, ids=[t[-1][:40] for t in SWAPPED])
def test_a_swap_gives_each_role_the_other_person(turns: tuple[str, ...]) -> None:
    now = revised(*turns)
    assert len(now) == 2
    (a_now, a_was), (b_now, b_was) = now
    assert a_now == b_was[0] and b_now == a_was[0]


def test_a_swap_asked_about_swaps_nothing() -> None:
    turns = ("Ade does the sound and Bea runs the lights", "assistant: Noted.", "should we swap them?")
    assert revised(*turns) == []


def test_a_duty_on_a_day_then_another_name_in_its_place_revises_it() -> None:
    turns = ("Dr Osei is on call sunday", "assistant: Dr Osei on call Sunday.", "no, they swapped, it's Dr Haddad")
    assert ("Dr Haddad", ["Dr Osei"]) in revised(*turns)
