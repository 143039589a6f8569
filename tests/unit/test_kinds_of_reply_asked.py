"""A kind of reply or record asked for from now on is a rule: things of a kind kept in a
unit ("log distances in km", "keep sugar in grams per portion"), in one form rather than
another ("send me the figures as charts rather than tables"), a kind of reply appreciated
("I'd appreciate a gentler tone"), a limit with "it" ("keep it to free tools"), and mail
copied every time ("bcc my accountant every time"). A one-off ask is not ("I'd appreciate
quick help with this"). Through ``add_turn`` with the default extractor."""

from __future__ import annotations

import pytest

from chat_sessions import critical_texts

ASKED = [
    "log distances in km",
    "keep sugar amounts in grams per portion",
    "send me the figures as charts rather than tables",
    "I'd appreciate a gentler tone",
    "we'd appreciate plainer language, the board isn't technical",
    "please keep it to free tools",
    "bcc my accountant every time",
]


@pytest.mark.parametrize("said", ASKED)
def test_a_kind_of_reply_asked_from_now_on_is_a_rule(said: str) -> None:
    assert critical_texts(said)


ONCE = [
    "I'd appreciate quick help with this",
    "I'd appreciate your thoughts",
    "keep it to yourself for now",
]


@pytest.mark.parametrize("said", ONCE)
def test_a_one_off_ask_is_no_rule(said: str) -> None:
    assert not critical_texts(said)


STANDING = [
    # an instruction about any thing of a kind, a relative clause after it
    "flag any recipe that uses sesame",
    # only things of a kind
    "please recommend only hikes that loop back to the car",
    # a format, and where it holds
    "times in 24-hour format in every itinerary",
    # a rule, then a reason said by what others hold
    "no metal detectors, the park rules forbid it",
]


@pytest.mark.parametrize("said", STANDING)
def test_a_standing_instruction_of_a_kind_of_thing_is_a_rule(said: str) -> None:
    assert critical_texts(said)


def test_any_more_is_no_instruction_about_any_thing() -> None:
    assert not critical_texts("drop the metric thing I mentioned, it doesn't matter any more")
