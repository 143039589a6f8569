"""A pointer with part of the held value's unit ("make that 9 trays" of "7 trays of muffins
every morning"), a change by an amount said with "knock ... down by" or "stretch ... by
another" ("knock it down by 30 minutes" of "90 minutes": 60 minutes; "stretch it by another
two grand" of "$12k": $14k), and a change of what was held for the speaker said as it
happens ("they're pushing us to the 19th"). Through ``add_turn`` with the default
extractor; a count of another thing stays apart."""

from __future__ import annotations

import pytest

from chat_sessions import critical_texts, revised

CHANGED = [
    (("standing order for the deli: 7 trays of muffins every morning", "assistant: 7 trays daily, noted.",
      "they rang, make that 9 trays from monday"), ("9 trays", ["7 trays"])),
    (("run the aerator for 90 minutes", "the pond is too cold, knock it down by 30 minutes"),
     ("60 minutes", ["90 minutes"])),
    (("the garden budget is $12k", "assistant: $12k, noted.", "my bonus came in so we can stretch it by another two grand"),
     ("$14k", ["$12k"])),
    (("the floor sanding is booked for March 4", "the sander broke down so they're pushing us to the 19th"),
     ("19th", ["March 4"])),
    (("the agency fee for the Elm Rd flats is 10% of the rent", "assistant: 10%, noted.",
      "the landlord negotiated us down to eight percent, update the invoices"), ("8 percent", ["10%"])),
]


@pytest.mark.parametrize("turns,expected", CHANGED, ids=[c[0][-1][:40] for c in CHANGED])
def test_the_change_revises_the_held_value(turns: tuple[str, ...], expected: tuple[str, list[str]]) -> None:
    got = revised(*turns)
    assert len(got) == 1
    value, history = got[0]
    assert value.lower().startswith(expected[0].lower())
    assert len(history) == 1 and history[0].lower().startswith(expected[1][0].lower())


def test_a_pointer_with_another_unit_keeps_both() -> None:
    turns = ("standing order for the deli: 7 trays of muffins every morning", "and 3 boxes of scones too")
    assert revised(*turns) == []
    assert len(critical_texts(*turns)) == 2


def test_the_main_one_with_a_supposition_in_its_reason_revises() -> None:
    turns = ("Send booking reminders 12 hours before.", "assistant: Will do. Want a second one too?",
             "no second one. but move the main one to 36 hours before, people need time to swap if they can't come")
    assert revised(*turns) == [("36 hours", ["12 hours"])]
