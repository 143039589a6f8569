"""Someone else's rule reported ("the guy at the hardware store always says never paint in
direct sun", "a recruiter once told me I must always wear a suit", "one of my flatmates
keeps insisting we must always split bills evenly", "head office always says we must never
discount new stock") and a story of the past with its time first ("Yesterday I hit 10,000
steps", "Back in 2015 I did a 200-mile ride", "Last year I never got a single tomato"), a rule
withdrawn ("actually forget the 20% tip I mentioned"), a regret ("I shouldn't have mentioned the budget") and "only" in a remark
on what happened ("only thing missing was an encore", "only three miles over") store no rule
and no setting; the user's own rules in the same words still do. Through
``add_turn`` with the default extractor."""

from __future__ import annotations

import pytest

from chat_sessions import critical_texts

NOT_RULES = [
    "The guy at the hardware store always says never paint in direct sun, is he right?",
    "A recruiter once told me I must always wear a suit, I didn't bother.",
    "One of my flatmates keeps insisting we must always split bills evenly.",
    "Head office always says we must never discount the new stock, easy for them.",
    "Yesterday I hit 10,000 steps for the first time!",
    "Back in 2015 I did a 200-mile ride in two days and could barely walk.",
    "Last year I never got a single tomato off that plant.",
    "the surveyor said we must get a damp report, is he upselling me?",
    "Last match the keeper let in four goals, brutal.",
    # a rule withdrawn, a regret
    "Actually forget the 20% tip I mentioned.",
    "I shouldn't have mentioned the budget.",
    # "only" in a remark on what happened
    "Great gig last night, only thing missing was an encore.",
    "Got a speeding ticket, only three miles over.",
]


@pytest.mark.parametrize("text", NOT_RULES, ids=[t[:40] for t in NOT_RULES])
def test_a_rule_of_someone_else_or_a_story_stores_no_rule(text: str) -> None:
    assert critical_texts(text) == []


RULES = [
    "Never paint in direct sun, the finish blisters.",
    "I must always wear a suit to client meetings.",
    "We always split bills evenly, so show my half.",
    "Never discount the new stock.",
    "Only three bullet points per answer.",
    "You don't have to apologise in every reply, just answer.",
]


@pytest.mark.parametrize("text", RULES, ids=[t[:40] for t in RULES])
def test_the_users_own_rule_in_those_words_is_kept(text: str) -> None:
    assert critical_texts(text) != []
