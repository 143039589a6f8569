"""Standing instructions about the replies, and their place among the user's criticals."""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory
from dspm_core.addressed import addresses_replies

REPLY_RULES = [
    "Always format all code snippets with syntax highlighting when I ask about implementation details.",
    "Always confirm time zones when I ask about meeting or interview times.",
    "Never use jargon.",
    "never mention the competitor by name",
    "Please keep your answers under 100 words.",
    "From now on, reply in French.",
    "going forward, cite a source for every claim",
    "Make sure to add a short summary at the end of every answer.",
    "When I ask about recipes, always list the ingredients first.",
    "Don't use emojis in your replies.",
    "Always be honest about what you don't know.",
    "ok so from now on use metric units",
    "Please always include the time zone when you give a time.",
    "Be brief in all your answers.",
    "Avoid bullet points in your responses.",
]

NOT_REPLY_RULES = [
    "I prefer simple, minimal dependencies to keep the app lightweight.",
    "I always run on Sunday mornings.",
    "Format this table as markdown.",
    "Give me three examples of closures.",
    "Can you always answer in French?",
    "Our team never deploys on Fridays.",
    "My budget must not exceed $500.",
    "I'm allergic to peanuts.",
    "We always use PostgreSQL for the database.",
    "Remember when we went to Lisbon?",
    "Never mind, that's fine.",
    "Always the same story with this printer.",
    "Do you always answer that way?",
]


@pytest.mark.parametrize("text", REPLY_RULES)
def test_a_standing_command_about_the_replies_is_recognised(text: str) -> None:
    assert addresses_replies(text)


@pytest.mark.parametrize("text", NOT_REPLY_RULES)
def test_stances_one_off_tasks_questions_and_accounts_are_not(text: str) -> None:
    assert not addresses_replies(text)


def test_a_rule_about_the_replies_goes_before_the_users_stances_in_a_small_budget() -> None:
    mem = DSPMMemory(budget=40)
    mem.add_turn("user", "Always format dates as day-month-year when I ask about deadlines.")
    for said in ["I prefer writing in quiet libraries because it keeps me focused.",
                 "I prefer morning writing sessions before my coffee gets cold.",
                 "I prefer green tea over coffee during long study afternoons.",
                 "I prefer paper notebooks to apps for planning my chapters."]:
        mem.add_turn("user", said)
    rendered = mem.render("What should I cook tonight?")
    assert rendered.text.splitlines()[0] == \
        "rule: Always format dates as day-month-year when I ask about deadlines."
    assert rendered.tokens <= 40
    # the newest stance fills what is left; the older ones wait for a larger budget
    assert "paper notebooks" in rendered.text
