"""What the speaker says they are, where, on what, and how they always do a thing is kept
as a critical fact (``dspm_core/extract/self_described.py``): "I'm a Canadian resident
working in Berlin", "I'm retired", "we're based in the Netherlands", "I'm the secretary of
the allotment society", "we're on WooCommerce", "we bake everything from scratch", "I
commute by bike only". A passing state, a supposition and the past are not. Through
``add_turn`` with the default extractor."""

from __future__ import annotations

import pytest

from chat_sessions import critical_texts

SAID = [
    "I'm a Canadian resident working in Berlin",
    "I'm an Irish citizen",
    "I'm retired",
    "we're self-employed",
    "we're based in the Netherlands",
    "I'm in the US",
    "I'm the secretary of the allotment society",
    "I'm the coordinator for the night shelter",
    "we're on WooCommerce",
    "we bake everything from scratch",
    "I commute by bike only",
]


@pytest.mark.parametrize("said", SAID)
def test_what_the_speaker_is_or_always_does_is_kept(said: str) -> None:
    assert critical_texts(said)


NOT_SAID = [
    "I'm a bit lost with this one",
    "I'm on the train",
    "if I were retired I'd travel more",
    "I was a teacher back then",
    "I'm a huge mess today lol",
    "are we on WooCommerce or Shopify?",
]


@pytest.mark.parametrize("said", NOT_SAID)
def test_a_passing_state_a_supposition_or_the_past_is_not(said: str) -> None:
    assert not critical_texts(said)
