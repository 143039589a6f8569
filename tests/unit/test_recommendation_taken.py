"""What the assistant recommended over the value held, taken up by a pointer alone, revises
the setting (``dspm_core/extract/suggested.py``): "fair, let's do that" after "... 7:30 works
better for most parents", "ok switch to them" after "... Northwind Power has a lower rate if
you want to compare". The value is the one the recommending clause names that the user had
not said; a clause that recommends nothing, or two values, gives none. Through ``add_turn``
with the default extractor."""

from __future__ import annotations

import pytest

from chat_sessions import revised

TAKEN = [
    (("the pickup is at 8:15", "assistant: Heads up: 8:15 clashes with the school run; 7:30 works better for most parents.",
      "fair, let's do that"), ("7:30", ["8:15"])),
    (("our energy supplier is Brightgrid", "assistant: Brightgrid charges 31p per kWh. Northwind Power has a lower rate "
      "if you want to compare.", "ok switch to them"), ("Northwind Power", ["Brightgrid"])),
    (("I store the photos on Flickr", "assistant: Flickr is fine, though Immich is safer for private albums.",
      "good call, I'll use that"), ("Immich", ["Flickr"])),
]


@pytest.mark.parametrize("turns,expected", TAKEN, ids=[t[-1][:40] for t, _ in TAKEN])
def test_a_recommendation_taken_by_a_pointer_revises_the_setting(
        turns: tuple[str, ...], expected: tuple[str, list[str]]) -> None:
    assert expected in revised(*turns)


NOT_TAKEN = [
    # nothing recommended
    ("the pickup is at 8:15", "assistant: 8:15 it is.", "good point, do that"),
    # two values recommended
    ("the pickup is at 8:15", "assistant: 7:30 or 7:45 would both work better.", "ok, do that"),
]


@pytest.mark.parametrize("turns", NOT_TAKEN, ids=[t[1][:40] for t in NOT_TAKEN])
def test_no_one_value_recommended_revises_nothing(turns: tuple[str, ...]) -> None:
    assert revised(*turns) == []
