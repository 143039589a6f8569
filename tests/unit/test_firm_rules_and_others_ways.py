"""Rules said firmly or under a label, and others' ways that are no rule: "We open at 10 on
Saturdays, period." and "..., no exceptions" (a statement closed as not to be argued with),
"House rule at the cabin: no shoes past the mat" (a label that names a rule), "All invoices
get sent on the 1st" (what every one of a kind gets). Others' ways told as hearsay or
judged ("apparently the landlord never fixes anything, typical", "our neighbour always
parks across the drive, it's infuriating") and verdicts ("That film was dull, period.",
"I'm done, period.") keep nothing critical. Through the default extractor."""

from __future__ import annotations

import pytest

from chat_sessions import critical_texts


@pytest.mark.parametrize("said, kept", [
    ("We open at 10 on Saturdays, period.", "open at 10 on saturdays"),
    ("Refunds go through the portal, no exceptions.", "refunds go through the portal"),
    ("House rule at the cabin: no shoes past the mat.", "no shoes past the mat"),
    ("All invoices get sent on the 1st, even for small jobs.", "all invoices get sent"),
    ("The bakery's name is Crumb & Co, with the ampersand.", "crumb & co"),
    ("skip the stretching notes from now on", "skip the stretching notes"),
    ("Garamond 11, wide margins, for every chapter draft", "garamond 11"),
])
def test_a_firm_or_labelled_rule_is_kept(said: str, kept: str) -> None:
    assert any(kept in t.lower() for t in critical_texts(said))


@pytest.mark.parametrize("said", [
    "apparently the landlord never fixes anything, typical",
    "our neighbour always parks across the drive, it's infuriating",
    "That film was dull, period.",
    "I'm done, period.",
    "the rules of chess: can you explain them?",
    "skip the stretching notes today, I'm in a rush",
    "no pudding tonight, I'm full",
    "thanks, great job, for all your help",
])
def test_others_ways_and_verdicts_keep_nothing(said: str) -> None:
    assert critical_texts(said) == []
