"""A change the user said too briefly to name its setting, named by the assistant's
confirmation of it ("Done, your weekday alarm is now 7:15 am", "Raised to 1000 rows"):
the setting takes the user's value and statement, with the old value in its lineage. The
assistant never changes a setting to a value of its own, and a confirmation naming
another setting reaches only that one.

Each test feeds a whole session (user and assistant turns) through ``add_turn``.
"""

from __future__ import annotations

import pytest

from test_in_passing import current_with, kept, remember, replaced


def a(text: str) -> tuple[str, str]:
    return ("assistant", text)


@pytest.mark.parametrize("turns, new, old", [
    # the confirmation names the setting
    (["set my alarm for 6:45 on weekdays", a("Alarm set for 6:45 am on weekdays."),
      "hmm that's brutal. 7:15 would work better", a("Done — your weekday alarm is now 7:15 am.")],
     "7:15", "6:45"),
    (["write the changelog in British English", a("Sure, British spelling it is."),
      "the client is in Ohio actually, american is better",
      a("Switched the changelog to American English.")], "American", "British"),
    # no name: the one setting of that kind of value spoken of last
    (["limit the export to 500 rows", a("Export capped at 500 rows."),
      "ugh finance needs 1000", a("Raised to 1000 rows.")], "1000", "500"),
    # after an unrelated exchange
    (["the standup is at 9:15", a("Noted, standup at 9:15."), "what's a good retro format?",
      a("Try start/stop/continue — quick and easy to run."), "cool. 9:45 for standup please",
      a("Moved the standup to 9:45.")], "9:45", "9:15"),
])
def test_a_change_the_assistant_confirms_revises_the_setting(turns: list, new: str,
                                                             old: str) -> None:
    replaced(remember(*turns), new, old)


def test_a_confirmation_of_another_setting_leaves_the_first_as_it_was() -> None:
    memory = remember("the alpha queue retry limit is 3", a("Noted."),
                      "set the gamma queue retry limit to 5",
                      a("Done — the gamma queue retry limit is now 5."))
    kept(memory, "3")
    kept(memory, "5")


def test_an_assistant_value_the_user_never_said_changes_nothing() -> None:
    memory = remember("keep replies under 100 words", a("I've set the limit to 150 words."))
    kept(memory, "100")
    assert not [p for p in current_with(memory, "150") if p.role.value == "user"]


def test_a_confirmation_of_a_new_setting_is_no_second_patch() -> None:
    memory = remember("book the dentist for Tuesday at 3pm",
                      a("Done — your dentist appointment is now Tuesday at 3pm."))
    assert len(current_with(memory, "3pm")) == 1


def test_a_subject_said_with_s_for_is_keeps_its_value() -> None:
    memory = remember("hotel budget for the Lisbon trip is €120 a night",
                      "these are all tiny. budget's now €180 a night, i want more space")
    replaced(memory, "€180", "€120")
