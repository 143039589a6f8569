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
