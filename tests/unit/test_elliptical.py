"""A new value said with no subject at all (``dspm_core/extract/elliptical.py``).

"let's say €60", "20 minutes please", "every 10 minutes is plenty": the reply opens on its
value, so it revises the setting of that kind and unit spoken of last; so does a number
said alone and chosen ("65 actually", "eight is better"). A question, a bare number with
nothing that chooses it, a formula, a value deep inside a longer message, and a value of a kind no recent
setting holds revise nothing.
"""

from __future__ import annotations

import pytest

from dspm_core.extract.elliptical import elliptical_value
from test_in_passing import kept, remember, replaced


@pytest.mark.parametrize("said, value", [
    ("20 minutes please", "20 minutes"),
    ("let's say €60.", "€60"),
    ("ok make it 3 hours", "3 hours"),
    ("every 10 minutes is plenty", "every 10 minutes"),
    ("every other day is plenty", "every other day"),
    ("twice a week works better for me", "twice a week"),
    ("seven slides works better for me", "7 slides"),
    ("150 words max pls", "150 words"),
    ("10 am is better", "10 am"),
    ("nah, Thursday then", "Thursday"),
    # a bare number, chosen by the word after it
    ("65 actually", "65"),
    ("eight is better", "8"),
])
def test_a_value_framed_only_by_a_reply_is_read(said: str, value: str) -> None:
    assert elliptical_value(said) == value


@pytest.mark.parametrize("said", [
    "20 minutes?",                       # a question
    "65 please",                         # a bare number fits too many settings
    "65",
    "3P2",                               # a formula
    "the standup is 20 minutes",         # a subject of its own
    "could be 20 minutes or an hour, depends on the agenda",
    "",
])
def test_anything_else_is_no_value_alone(said: str) -> None:
    assert elliptical_value(said) is None


@pytest.mark.parametrize("first, reply, new, old", [
    ("gift budget for my brother is €40", "let's say €60. forty gets nothing decent", "€60", "40"),
    ("standups are 30 minutes", "20 minutes please. half an hour drags for everyone", "20 minutes",
     "30"),
    ("check the build status every 2 minutes", "every 10 minutes is plenty", "every 10 minutes", "2"),
        ("water the ferns daily", "every other day is fine", "every other day", "daily"),
    ("give me 3 slides for the pitch", "seven slides works better for me", "7 slides", "3"),
])
def test_a_reply_that_opens_on_a_value_revises_the_setting_of_its_unit(first: str, reply: str,
                                                                      new: str, old: str) -> None:
    replaced(remember(first, reply), new, old)


@pytest.mark.parametrize("first, reply, new, old", [
    ("swimming twice a week this term", "all good. 3 times a week then, the pool has more lane "
     "slots since the refurb", "3 times a week", "twice"),
    ("standups are 30 minutes", "ok thanks! 20 minutes please, half an hour drags for everyone "
     "and half the team dials in from the train", "20 minutes", "30"),
])
def test_a_reply_after_an_acknowledgement_still_opens_on_its_value(first: str, reply: str,
                                                                   new: str, old: str) -> None:
    replaced(remember(first, reply), new, old)


def test_a_value_after_a_sentence_of_its_own_is_no_reply() -> None:
    memory = remember("standups are 30 minutes",
                      "the planning meeting ran over again and nobody got to lunch. 20 minutes "
                      "please, for my own break at least, if that's ok with everyone")
    kept(memory, "30 minutes")


def test_a_value_of_another_kind_binds_to_nothing() -> None:
    memory = remember("standups are 30 minutes", "€60 please")
    kept(memory, "30 minutes")


def test_a_value_at_the_end_of_a_long_message_is_part_of_what_is_told() -> None:
    memory = remember("standups are 30 minutes",
                      "we went through the roadmap, the hiring plan, the budget review and then "
                      "the quarterly numbers with finance. 20 minutes.")
    kept(memory, "30 minutes")


@pytest.mark.parametrize("said", ["Ugh, Mondays.", "oh, Friday"])
def test_a_day_named_with_nothing_chosen_is_no_value(said: str) -> None:
    assert elliptical_value(said) is None


@pytest.mark.parametrize("said, value", [
    ("Tuesdays, from next month", "Tuesdays"),
    ("8:30 from Monday", "8:30"),
    ("starting next week, 45 minutes", "45 minutes"),
])
def test_a_value_said_with_the_day_it_takes_effect_is_read(said: str, value: str) -> None:
    assert elliptical_value(said) == value


def test_a_day_said_with_the_day_it_takes_effect_revises_the_day_spoken_of() -> None:
    replaced(remember("book club meets on Thursdays", "Tuesdays, from next month"), "Tuesdays",
             "Thursdays")
