"""A rule said after its reason and "so" ("the daycare is egg-free so snacks can't contain
egg"), a rule with its reason after the last comma ("Use ruff, not flake8, the team hasn't
switched yet"), and what a thing may not hold ("the slides can't have more than one chart"), are
kept as critical through ``add_turn`` with the default extractor. What only looks like a
rule stays apart: "always" or "never" of how things are or were ("we never did a
retro", "it never ends", "always the worst month"), "so" that intensifies ("I'm so
relieved the landlord agreed"), a remark after "no" ("no shame at all") and a task of the
moment that names a number ("plan me a 3-day route")."""

from __future__ import annotations

import pytest

from chat_sessions import critical_texts


RULES = [
    "the daycare is egg-free so snacks can't contain egg",
    "I crochet left-handed, so please mirror any diagrams you describe",
    "my partner is vegan so recipes shouldn't include dairy",
    "our printer only does A4 so please don't format anything for letter size",
    "the slides can't have more than one chart each",
    # a rule, then a reason after its last comma
    "Use ruff, not flake8, the team hasn't switched yet",
]


@pytest.mark.parametrize("text", RULES)
def test_a_rule_after_its_reason_is_kept_as_critical(text: str) -> None:
    assert critical_texts(text)


NOT_RULES = [
    "we never did a retro on the old project and it showed",
    "the last tenants never cleaned the oven, it's disgusting",
    "emails emails emails, it never ends",
    "the neighbours never mowed their lawn all summer",
    "always love a sunny saturday",
    "budget season, always the worst month",
    "we never went back to that campsite after the flood",
    "I'm so relieved the landlord agreed to the repairs",
    "I'm so happy it finally stopped raining",
    # a remark after "no", a task of the moment with a number in it
    "my dog ate my sock again, no shame whatsoever",
    "plan me a 2-day itinerary for Lisbon",
    "design a 4-week beginner plan for my sister",
    # a remark after a list, after the last comma
    "more tea, fewer meetings, that's the whole plan lol",
]


@pytest.mark.parametrize("text", NOT_RULES)
def test_what_only_looks_like_such_a_rule_stores_none(text: str) -> None:
    assert critical_texts(text) == []
