"""A value revised in another unit of its kind ("half an hour" of "15 minutes") or by a
name of its known kind ("WARN" of "DEBUG", a log level) replaces the old value; another
setting of the same kind keeps its own.

Each test feeds turns through ``add_turn`` (default extractor) and checks what the store
holds.
"""

from __future__ import annotations

import pytest

from dspm_core.slots import parse_statement
from test_in_passing import kept, remember, replaced


@pytest.mark.parametrize("first, revision, new, old", [
    ("the daily standup is 15 minutes", "make the standup half an hour", "0.5 hours", "15 minutes"),
    ("the weekly team meeting is 30 minutes", "the team meeting is 1 hour now", "1 hour",
     "30 minutes"),
    ("the session timeout is 90 minutes", "actually make the timeout 2 hours", "2 hours",
     "90 minutes"),
])
def test_a_duration_revised_in_another_unit(first: str, revision: str, new: str, old: str) -> None:
    replaced(remember(first, revision), new, old)


@pytest.mark.parametrize("first, other", [
    ("the daily standup is 15 minutes", "the weekly planning is 1 hour now"),
    ("the short break is 5 minutes", "the long break is half an hour now"),
    ("the build takes 12 minutes", "the deploy takes 2 hours now"),
])
def test_another_duration_in_another_unit_keeps_its_own(first: str, other: str) -> None:
    memory = remember(first, other)
    kept(memory, first.rsplit(" ", 2)[-2])


def test_a_log_level_is_revised_by_name() -> None:
    replaced(remember("Log level in staging is DEBUG.", "set staging to WARN from today"),
             "WARN", "DEBUG")
    memory = remember("Log level in staging is DEBUG.", "switch prod to WARN")
    kept(memory, "DEBUG")


@pytest.mark.parametrize("text, subject, value", [
    ("write the newsletter in british english", "newsletter language", "British English"),
    ("american english please", "reply language", "American English"),
    ("reply in us english from now on", "reply language", "US English"),
    ("answer in german pls", "reply language", "German"),
    ("write in formal german", "reply language", "Formal German"),
])
def test_a_language_keeps_its_variety(text: str, subject: str, value: str) -> None:
    st = parse_statement(text)
    assert (st.subject, st.value) == (subject, value)


def test_another_variety_of_the_language_revises_it() -> None:
    replaced(remember("reply in british english", "actually american english please"),
             "American English", "British English")


@pytest.mark.parametrize("first, revision, new, old", [
    ("dinner at ours fri, 4 couples so 8 ppl, starting 7:30", "we're 6 now", "6", "8 ppl"),
    ("camping trip next weekend, 5 people, 2 tents", "there'll be 7 of us now", "7", "5"),
    ("party's for twelve kids, saturday afternoon", "oh and we'll be fifteen now", "fifteen",
     "twelve kids"),
])
def test_how_many_we_are_revises_the_party_in_a_request(first: str, revision: str, new: str,
                                                       old: str) -> None:
    replaced(remember(first, revision), new, old)


@pytest.mark.parametrize("first, party", [
    ("the conference room holds 12 people", "we're 6 now"),
    ("the minibus seats 15 people", "we're 9 now"),
    ("the cabin sleeps 4, so we need a second one", "there'll be 7 of us"),
])
def test_how_many_we_are_is_no_capacity(first: str, party: str) -> None:
    memory = remember(first, party)
    assert not any(p.history for p in memory.all_patches), \
        [(p.text, p.history) for p in memory.all_patches]


def test_a_setting_said_with_lets_and_its_start_revises_it() -> None:
    replaced(remember("Log level in staging is DEBUG.", "Let's run staging at WARN from today."),
             "WARN", "DEBUG")


@pytest.mark.parametrize("other", [
    "let's host staging on Render from next week",
    "Let's run prod at WARN from today.",
])
def test_a_name_of_another_kind_or_place_keeps_its_own(other: str) -> None:
    kept(remember("Log level in staging is DEBUG.", other), "DEBUG")
