"""A pointer given a new value after or before a reason revises the setting spoken of: a
name said after "switch that to" with a reason beside it ("switch that to Brother, the shop
has no Epson ink"), a value said in a reason and then moved to ("fridays get more replies,
move it"), and a period said after "so" once something was delayed ("the move got
postponed, so a fortnight"). A "that" of material at hand ("switch that paragraph to the
passive") is no pointer. Through ``add_turn`` with the default extractor."""

from __future__ import annotations

import pytest

from chat_sessions import revised

POINTED = [
    (("printing with the Epson in the hall", "assistant: The Epson, noted.",
      "switch that to Brother, the shop has no Epson ink"), ("Brother", ["Epson"])),
    (("the survey goes out every Tuesday", "assistant: Tuesdays.", "fridays get way more replies, move it"),
     ("fridays", ["Tuesday"])),
    (("book the van for 3 days", "assistant: Three days of van hire.", "the move got postponed, so a fortnight"),
     ("2 weeks", ["3 days"])),
]


@pytest.mark.parametrize("turns,expected", POINTED, ids=[t[-1][:40] for t, _ in POINTED])
def test_a_pointer_given_a_value_beside_a_reason_revises_the_setting(
        turns: tuple[str, ...], expected: tuple[str, list[str]]) -> None:
    now, was = expected
    assert any(n.lower() == now.lower() and any(old.lower() in (w or "").lower() for w in ws for old in was)
               for n, ws in revised(*turns))


def test_that_of_material_at_hand_is_no_pointer() -> None:
    turns = ("we use British spelling", "assistant: British spelling, noted.",
             "switch that paragraph to the passive voice")
    assert revised(*turns) == []


def test_a_time_said_sharp_and_slid_revises_the_setting() -> None:
    turns = ("the opening talk slot is 9:15", "assistant: 9:15, got it.", "nudge the opening talk to 10 sharp")
    assert any(now == "10" and was == ["9:15"] for now, was in revised(*turns))
