"""The house rules an assistant works under (``extract/policies.py``, and the conditions of
``extract/conditions.py`` said of someone else): where things of a kind are sent, what
every thing of a kind needs, where things go, what the team only does, a verbless rule with
its scope, when the user can, what to do when a customer or a build does something, and a
habit to quit; and the same surfaces said of one thing, of the past, of the world or of
someone else, which set nothing.

Each test feeds one turn through ``add_turn`` (default extractor) and checks what the store
holds.
"""

from __future__ import annotations

import pytest

from dspm_core.extract.policies import policy_kind
from dspm_core.patch import PatchKind
from test_in_passing import criticals


@pytest.mark.parametrize("text", [
    "Escalate any complaint about delivery to the logistics team.",
    "Send every media request to Jordan.",
    "Label all incoming leads with the source campaign.",
    "Pass billing questions over to the accounts team.",
    "Assign all new tickets to Priya.",
    "Every migration needs a rollback script.",
    "All public endpoints require rate limiting.",
    "Orders over $500 need a phone check.",
    "Database migrations require a second reviewer.",
    "Design docs go in the architecture folder.",
    "Invoices live in the Finance drive.",
    "API keys belong in the env file, never in code.",
    "We only deliver within the M25.",
    "Snake case for variable names in Python.",
    "Double quotes for strings in Python.",
    "I can only meet on Wednesdays.",
    "i'm only reachable after 7pm on weekdays",
    "We only answer in English.",
    "If a customer asks about a refund, link them to the returns page.",
    "whenever someone mentions a security issue, page the on-call engineer",
    "When a user reports a crash, ask for the app version first.",
    "Quit apologising in every reply.",
    "can you quit ending answers with a question",
])
def test_a_house_rule_is_kept(text: str) -> None:
    got = criticals(text)
    assert len(got) == 1, got
    assert got[0].text.rstrip(".").lower() == text.rstrip(".").lower()


@pytest.mark.parametrize("text", [
    "Escalate this one to the logistics team.",
    "Send the media pack to Jordan today.",
    "Move everything to the new folder.",
    "Check every link on the page.",
    "The last migration needed a rollback.",
    "Plants need water to grow.",
    "Most cats need a lot of attention.",
    "Their SDK requires an API key.",
    "The keys ended up in the wrong drawer.",
    "Penguins live in Antarctica.",
    "Tim lives in Galway.",
    "I'm gonna stay in Galway.",
    "Our competitor only ships to the US.",
    "Thanks for all the tips!",
    "Presents for the kids.",
    "Pizza for dinner tonight.",
    "Look for flights to Rome.",
    "So for conditional probability, I write P(A|B).",
    "I'm only free right now.",
    "If the weather is nice tomorrow, book the tennis court.",
    "If the client complained, what did you tell them?",
    "Remind me every morning to take my vitamins.",
])
def test_the_same_surface_sets_no_house_rule(text: str) -> None:
    assert policy_kind(text) is None
    assert criticals(text) == []


@pytest.mark.parametrize("text", [
    "Any time you need help, just ask.",
    "Release dates may need to change.",
    "We only had two days there.",
    "Stop, that's hilarious.",
])
def test_no_house_rule_is_read_in_a_need_a_past_or_an_exclamation(text: str) -> None:
    assert policy_kind(text) is None


def test_where_things_go_is_a_decision_and_the_rest_constraints() -> None:
    assert policy_kind("Design docs go in the architecture folder.") is PatchKind.DECISION
    assert policy_kind("config belongs in settings.py") is PatchKind.DECISION
    assert policy_kind("Every migration needs a rollback script.") is PatchKind.CONSTRAINT
    assert policy_kind("Send every media request to Jordan.") is PatchKind.CONSTRAINT


def test_a_placement_rule_in_a_file_is_a_rule_not_a_files_fact() -> None:
    got = criticals("config belongs in settings.py, not in the views")
    assert [p.kind for p in got] == [PatchKind.DECISION]
