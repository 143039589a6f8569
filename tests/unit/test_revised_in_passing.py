"""Revisions said in passing: after an aside that says nothing of them, by someone else, as
a consequence of a reason, taken with "it is", put right after a misreading, or in the
singular of a count said in the plural. Each is fed through ``add_turn`` with the default
extractor; the earlier value must end in the new one's lineage. Beside each, the look-alike
it must not swallow."""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory


def remember(*turns: str) -> DSPMMemory:
    memory = DSPMMemory()
    for turn in turns:
        role, _, text = turn.partition(": ") if turn.startswith(("assistant: ", "user: ")) \
            else ("user", "", turn)
        memory.add_turn(role, text)
    return memory


def lineage(memory: DSPMMemory) -> list[str]:
    return [f"{r.value or ''} {r.text or ''}".lower() for p in memory.all_patches for r in p.history]


def revised(memory: DSPMMemory, old: str, new: str) -> bool:
    current = [p for p in memory.all_patches if p.history and new.lower() in p.text.lower()]
    return bool(current) and any(old.lower() in h for h in lineage(memory))


def kept_apart(memory: DSPMMemory, old: str, new: str) -> bool:
    context = memory.get_context().lower()
    return old.lower() in context and new.lower() in context \
        and not any(old.lower() in h for h in lineage(memory))


@pytest.mark.parametrize("turns,old,new", [
    (("my mortgage payment is 1400 a month", "assistant: Okay.",
      "forgot to mention, the payment's gone up to 1550 as of march"), "1400", "1550"),
    (("Our storage quota is 20 GB.", "assistant: Okay.",
      "never mind, the quota was raised to 100 GB last night"), "20 GB", "100 GB"),
    (("my budget for the bike is about $900", "assistant: Got it.", "nvm, $1,100"),
     "$900", "$1,100"),
    (("Just so you know, the car service is on the 9th.", "assistant: Okay.",
      "just so you know, the car service moved to the 16th"), "9th", "16th"),
])
def test_an_aside_before_a_revision_is_taken_off(turns, old, new) -> None:
    memory = remember(*turns)
    assert revised(memory, old, new), memory.get_context()


@pytest.mark.parametrize("turns,old,new", [
    (("the parents' evening is on the 4th", "my boss moved the parents' evening to the 11th"),
     "4th", "11th"),
    (("The budget for the offsite is $3,000.", "My director raised the budget to $3,500."),
     "$3,000", "$3,500"),
])
def test_a_change_made_by_someone_else_revises_the_setting(turns, old, new) -> None:
    memory = remember(*turns)
    assert revised(memory, old, new), memory.get_context()


@pytest.mark.parametrize("turns,old,new", [
    (("my train is at 7:40", "my sister moved her train to 8:10"), "7:40", "8:10"),
    (("the budget is $500", "my brother raised his budget to $700"), "$500", "$700"),
])
def test_another_persons_own_change_is_their_setting(turns, old, new) -> None:
    memory = remember(*turns)
    assert kept_apart(memory, old, new), memory.get_context()


@pytest.mark.parametrize("turns,old,new", [
    (("The recital is May 14.", "assistant: Added.",
      "The hall double-booked us, so it'll be May 21."), "May 14", "May 21"),
    (("my runs are 40 minutes", "my knee is playing up, so 25 minutes it is"),
     "40 minutes", "25 minutes"),
    (("The check-in is at 3pm.", "the host messaged, 4pm it is"), "3pm", "4pm"),
    (("the quiz night is on thursday", "the pub's shut that week so we're doing wednesday"),
     "thursday", "wednesday"),
])
def test_a_value_as_the_consequence_of_a_reason_revises(turns, old, new) -> None:
    memory = remember(*turns)
    assert revised(memory, old, new), memory.get_context()


def test_a_modal_in_what_follows_from_a_pointer_is_no_supposition() -> None:
    memory = remember("My drive to the office is 50 minutes.", "assistant: That's a while.",
                      "Since the new bypass opened it's only 20 minutes now, so I could leave later.")
    assert revised(memory, "50 minutes", "20 minutes"), memory.get_context()


@pytest.mark.parametrize("turns,old,new", [
    (("the ferry leaves at 6:15", "oops, misread the timetable, it's 6:45"), "6:15", "6:45"),
    (("the exam starts at 9:30", "I had the wrong date open, it's 10:00"), "9:30", "10:00"),
])
def test_a_misreading_put_right_revises(turns, old, new) -> None:
    memory = remember(*turns)
    assert revised(memory, old, new), memory.get_context()


def test_a_count_in_the_singular_revises_the_same_count_in_the_plural() -> None:
    memory = remember("I take 3 capsules a day of the iron supplement.", "assistant: Noted.",
                      "the doctor cut me down to 1 capsule a day")
    assert revised(memory, "3 capsules a day", "1 capsule a day"), memory.get_context()


def test_a_consequence_with_another_kind_of_value_is_another_setting() -> None:
    memory = remember("standup is at 9:15", "the printer's broken so we're doing 20 copies at the library")
    assert kept_apart(memory, "9:15", "20 copies"), memory.get_context()


def test_a_rate_said_with_its_unit_in_words_is_read_once() -> None:
    # "30 minutes each way": the unit is in the value, not said again after it
    memory = remember("My walk to school is 30 minutes each way, which is why we leave at 8.",
                      "assistant: Okay.", "Since they opened the footbridge it's only 12 minutes now.")
    assert revised(memory, "30 minutes", "12 minutes"), memory.get_context()
