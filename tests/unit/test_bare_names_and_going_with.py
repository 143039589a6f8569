"""A thing said without its article and given a name is a setting ("stage manager is
Rosa", "florist for the wedding is Petal & Stem", "van is a Ford Transit", "wifi name is
'attic5'"); a word of talk ("problem is Safari") or a change of what is held ("new
venue is ...") is not. A name as written taken in place of the one held revises it: "going
with X instead", "their van broke down, let's go with X", "nah the X, ...". A name that
opens on a well-known one ("Swift Couriers") is a name of its own, and a name said for
another purpose ("for the checklist") leaves the held one alone. Through ``add_turn`` with
the default extractor."""

from __future__ import annotations

import pytest

from chat_sessions import critical_texts, revised

DECLARED = [
    "stage manager is Rosa",
    "florist for the wedding is Petal & Stem",
    "van is a Ford Transit",
    "Piano tuner is Mr. Haddad",
    "wifi name is 'attic5'",
    "my car is a Skoda Octavia",
]


@pytest.mark.parametrize("said", DECLARED)
def test_a_thing_without_its_article_and_its_name_is_a_setting(said: str) -> None:
    assert critical_texts(said)


NOT_DECLARED = [
    "problem is Safari",
    "issue is Chrome on older Macs",
    "catch is Pricing",
]


@pytest.mark.parametrize("said", NOT_DECLARED)
def test_a_word_of_talk_and_its_name_is_no_setting(said: str) -> None:
    assert not critical_texts(said)


TAKEN_INSTEAD = [
    (("the venue is Harbour Hall", "assistant: Harbour Hall, noted.",
      "they lost their licence, going with The Old Mill instead"), ("The Old Mill", ["Harbour Hall"])),
    (("we're using Swift Couriers", "assistant: Swift Couriers, noted.",
      "their van broke down twice, let's go with ParcelPoint"), ("ParcelPoint", ["Swift Couriers"])),
    (("print the brackets on the Ender", "assistant: The Ender, got it.",
      "nah the Voron, it's quicker and the bed is bigger"), ("Voron", ["Ender"])),
]


@pytest.mark.parametrize("turns,expected", TAKEN_INSTEAD, ids=[t[-1][:40] for t, _ in TAKEN_INSTEAD])
def test_a_name_taken_in_place_of_the_one_held_revises_it(
        turns: tuple[str, ...], expected: tuple[str, list[str]]) -> None:
    assert expected in revised(*turns)


KEPT_APART = [
    # a choice of nothing held
    ("we're using Acme Removals", "assistant: Acme Removals, noted.", "let's go with Notion for the checklist"),
    # a name turned down, not taken
    ("we're only allowed Java 17 on this course, no Kotlin",),
]


@pytest.mark.parametrize("turns", KEPT_APART, ids=[t[-1][:40] for t in KEPT_APART])
def test_a_name_for_another_purpose_or_turned_down_revises_nothing(turns: tuple[str, ...]) -> None:
    assert revised(*turns) == []
