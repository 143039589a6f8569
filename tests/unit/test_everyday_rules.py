"""Rules said in everyday words are recognised as rules, through ``add_turn`` with the
default extractor: a rule with its reason after a comma, a thing not to be done at some
times, a rule another party sets, a food that harms the speaker and a policy the speaker
keeps; their look-alikes stay plain statements."""

from __future__ import annotations

import pytest

from chat_sessions import session


def rules(text: str) -> list:
    return [p for p in session(text).store.patches() if p.critical]


@pytest.mark.parametrize("text", [
    "No meetings on Fridays, that's my focus day.",
    "No calls after 8pm, the baby's asleep.",
    "no deliveries before 9am please",
    "My landlord doesn't allow pets.",
    "Pets aren't allowed.",
    "The school doesn't allow phones.",
    "Dairy makes me ill.",
    "gluten gives me migraines",
    "garlic doesn't agree with me",
    "We have a strict no-refunds policy on sale items.",
])
def test_an_everyday_rule_is_a_rule(text: str) -> None:
    assert rules(text), text


@pytest.mark.parametrize("text", [
    "My boss makes me sick",
    "Our refund policy page is outdated.",
    "We went to Paris, it's lovely.",
    "No idea what time it is.",
])
def test_a_look_alike_is_no_rule(text: str) -> None:
    assert not rules(text), text


def test_a_rule_keeps_its_reason() -> None:
    (rule,) = rules("No meetings on Fridays, that's my focus day.")
    assert "focus day" in rule.text
