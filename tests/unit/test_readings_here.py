"""A value read where the speaker is ("it's 18 degrees in here now", "it's 30 outside now")
is a reading of the moment, not a new value of the setting spoken of last
(``resolve.read_here``); "it's 19 now" with no place still revises it.

Each dialogue goes through ``add_turn`` with the default extractor.
"""

from __future__ import annotations

import pytest

from dspm_core.resolve import read_here
from test_in_passing import current_with, earlier_values, remember


@pytest.mark.parametrize("setting, reading, old", [
    ("the ideal temperature is 21 degrees", "it's 18 degrees in here now", "21 degrees"),
    ("the thermostat is at 21 degrees", "it's 30 outside now", "21 degrees"),
    ("keep the office at 20 degrees", "it's 24 degrees in the office now", "20 degrees"),
])
def test_a_reading_where_one_is_revises_nothing(setting: str, reading: str, old: str) -> None:
    memory = remember(setting, reading)
    [held] = current_with(memory, old)
    assert earlier_values(held) == []


@pytest.mark.parametrize("setting, revision, old, new", [
    ("set the thermostat to 21 degrees", "it's 19 now", "21 degrees", "19"),
    ("set the heating to 20 degrees", "make it 22 now", "20 degrees", "22"),
])
def test_a_value_said_with_no_place_still_revises(setting: str, revision: str, old: str,
                                                  new: str) -> None:
    memory = remember(setting, revision)
    [held] = current_with(memory, new)
    assert earlier_values(held) == [old]


def test_the_words_of_where_a_reading_is_taken() -> None:
    assert read_here(" in here now")
    assert read_here(" outside")
    assert not read_here(" for the airport transfer")


@pytest.mark.parametrize("setting, reading, old", [
    ("Daily caffeine cap is 300 mg.", "I'm at 250 mg today and it's only noon.", "300 mg"),
    ("Weekly screen time cap is 10 hours.", "I'm at 7 hours this week already, any tips?", "10 hours"),
    ("Our data allowance is 50 GB a month.", "we've used 38 GB so far, is streaming the culprit?", "50 GB"),
])
def test_how_far_the_speaker_has_got_is_no_new_limit(setting: str, reading: str, old: str) -> None:
    memory = remember(setting, reading)
    assert current_with(memory, old.split()[0])
    assert not any(earlier_values(p) for p in memory.all_patches), memory.get_context()


def test_a_level_said_without_so_far_still_revises() -> None:
    memory = remember("Weekly screen time cap is 10 hours.", "the cap is 8 hours now")
    assert any("10 hours" in (v or "") for p in memory.all_patches for v in earlier_values(p))
