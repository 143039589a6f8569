"""Rules of a bound, of when the user can be reached, of how numbers are rounded and of the
home the user lives in, through ``add_turn`` with the default extractor, alone or with a
reason after them: "no podcasts longer than 40 minutes", "I'm not available for calls
before 10am", "round prices to 2 dp", "I live in a studio flat with a two-ring hob", "No
dogs in the guest room, my partner is allergic". What only looks like these stays apart: a
request of the moment with its courtesy or "just this once", a remark, a day the user is
busy once, a home of the past."""

from __future__ import annotations

import pytest

from chat_sessions import critical_texts


RULES = [
    "Use black for formatting, not autopep8, the CI checks it",
    "No dogs in the guest room, my partner is allergic",
    "Always cc my assistant on invoices, she tracks the payments",
    "never schedule anything on my daughter's birthday, it's a family day",
    "no podcasts longer than 40 minutes",
    "no flights over $400",
    "no essays shorter than 1500 words in the sample set",
    "I'm not available for calls before 10am",
    "we're unavailable on sundays",
    "I'm never free after 6pm, I do pickups",
    # how numbers are rounded, the kind of home the user lives in
    "round prices to 2 dp",
    "round all totals to the nearest pound",
    "I live in a studio flat with a two-ring hob",
    "we're in a rented cottage with no dishwasher",
]


@pytest.mark.parametrize("text", RULES)
def test_a_rule_with_an_aside_is_kept_as_critical(text: str) -> None:
    assert critical_texts(text)


NOT_RULES = [
    "use a chart for this one pls, just this once",
    "Tea, not coffee, thanks.",
    "let's be honest, nobody reads the wiki",
    "I'm not free on friday, can we do monday?",
    "I wasn't available after 8pm yesterday",
    "I'm not available at the moment",
    "ugh, traffic was awful this morning, no idea why",
    "round this one to two decimals",
    "we live in a world where nobody reads manuals",
    "I lived in a dorm for two years",
    "I'm in a meeting, just give me the short version",
]


@pytest.mark.parametrize("text", NOT_RULES)
def test_what_only_looks_like_such_a_rule_stores_none(text: str) -> None:
    assert critical_texts(text) == []
