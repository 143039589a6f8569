"""Where a thing happens or is put, said in plain words, and moved: "the quiz night is in the
function room" then "move it to the snug room" or "we're moving it into the garden room";
"the coffee cart goes next to the main entrance" then "move the coffee cart over by the
side gate" (or "move the cart ..."). A thing put somewhere once ("put the bins by the back
door") and a thing moved to a time ("move the meeting to 3pm") are no place setting.
Through ``add_turn`` with the default extractor."""

from __future__ import annotations

import pytest

from chat_sessions import critical_texts, revised

MOVED = [
    (("the quiz night is in the function room", "assistant: Function room, noted.",
      "move it to the snug room, the function room is booked out"), ("the snug room", ["the function room"])),
    (("the open mic night is in the back room", "we're moving it into the garden room, it's quieter"),
     ("the garden room", ["the back room"])),
    (("the coffee cart goes next to the main entrance", "assistant: By the main entrance.",
      "people keep queueing into the road, move the coffee cart over by the side gate"),
     ("the side gate", ["the main entrance"])),
    (("the coffee cart goes next to the main entrance", "move the cart over by the side gate"),
     ("the side gate", ["the main entrance"])),
]


@pytest.mark.parametrize("turns,expected", MOVED, ids=[m[0][-1][:40] for m in MOVED])
def test_a_place_in_plain_words_moves(turns: tuple[str, ...], expected: tuple[str, list[str]]) -> None:
    assert revised(*turns) == [expected]


@pytest.mark.parametrize("said", ["put the bins by the back door", "move the meeting to 3pm"])
def test_no_place_setting_where_none_is_kept(said: str) -> None:
    assert not any("location" in t.lower() for t in critical_texts(said))
    assert revised(said) == []


def test_the_way_a_trip_goes_is_changed() -> None:
    turns = ("we're going through Chicago on the way east", "assistant: Routing you via Chicago.",
             "my aunt invited us, so skip Chicago and go through Detroit instead")
    assert revised(*turns) == [("Detroit", ["Chicago"])]
