"""A plan, tier or package: the one a user is on, the one they change to, and the plan of
one service kept apart from another's (``extract/cues.plan_said``, ``plan_slot``)."""

from __future__ import annotations

import pytest


def _revised(current: list) -> list:
    return [p for p in current if p.history]


@pytest.mark.parametrize("first, change, old, new", [
    ("I'm on the 10GB plan", "I've moved up to the 30GB plan", "10GB", "30GB"),
    ("our Jira site is on the Standard tier", "we changed Jira to the Premium tier", "Standard",
     "Premium"),
    ("we're on the Basic plan for the booking system", "upgrade us to the Plus plan", "Basic", "Plus"),
])
def test_a_plan_changed_revises_the_plan_held(first, change, old, new, current_after):
    current = current_after(first, change)
    revised = _revised(current)
    assert len(revised) == 1, [(p.text, p.value) for p in current]
    assert revised[0].value == new and [h.value for h in revised[0].history] == [old]
    assert not [p for p in current if p.value == old]


@pytest.mark.parametrize("first, second, a, b", [
    ("we have the Team plan on Miro", "and we have the Plus plan on Canva", "Team", "Plus"),
    ("we're on the Basic plan for the booking system", "we're on the Pro plan for Zoom", "Basic",
     "Pro"),
])
def test_the_plans_of_two_services_are_two_settings(first, second, a, b, current_after):
    current = current_after(first, second)
    assert not _revised(current), [(p.text, p.value, p.history) for p in current]
    assert sorted(p.value for p in current) == sorted([a, b])
