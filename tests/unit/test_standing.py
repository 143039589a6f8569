"""Standing instructions and a team's tool choices, recognised by their form."""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory
from dspm_core.extract.standing import standing_kind
from dspm_core.patch import PatchKind


@pytest.mark.parametrize("text,kind", [
    ("Try not to use passive voice.", PatchKind.CONSTRAINT),
    ("Please stop adding a summary at the end.", PatchKind.CONSTRAINT),
    ("Could you stop suggesting Docker?", PatchKind.CONSTRAINT),
    ("Kindly avoid acronyms in the report.", PatchKind.CONSTRAINT),
    ("Describe the fix without any code.", PatchKind.CONSTRAINT),
    ("We use Ansible for provisioning.", PatchKind.DECISION),
    ("Our team builds the frontend with Vite.", PatchKind.DECISION),
    ("Jira is our ticket tracker.", PatchKind.DECISION),
])
def test_standing_forms(text: str, kind: PatchKind) -> None:
    assert standing_kind(text) is kind
    memory = DSPMMemory()
    memory.add_turn("user", text)
    assert any(p.kind is kind for p in memory.all_patches)


@pytest.mark.parametrize("text", [
    "Explain how a hash map works.",
    "Could you summarise this thread?",
    "We went to Lisbon last spring.",
    "Stopping by later, thanks!",
    "What if we used Kafka instead?",
])
def test_one_off_requests_and_narration_are_not_standing(text: str) -> None:
    assert standing_kind(text) is None


@pytest.mark.parametrize("text,kind", [
    ("Quote prices in euros.", PatchKind.CONSTRAINT),
    ("Show distances in kilometres.", PatchKind.CONSTRAINT),
    ("Use metric units.", PatchKind.CONSTRAINT),
    ("Be more concise in your replies.", PatchKind.CONSTRAINT),
    ("Call me Priya.", PatchKind.DECISION),
])
def test_the_form_of_every_answer_is_a_rule(text: str, kind: PatchKind) -> None:
    assert standing_kind(text) is kind


@pytest.mark.parametrize("text", ["Show this table in a chart.", "Be right back.",
                                  "Write these notes in a list."])
def test_a_one_off_about_this_thing_is_not_a_rule(text: str) -> None:
    assert standing_kind(text) is None


@pytest.mark.parametrize("text", [
    "we lint with ruff, fyi",
    "btw we deploy with Kamal",
    "we run our migrations with alembic",
    "fwiw we indent with tabs across the whole repo.",
])
def test_how_the_team_does_a_piece_of_its_work_is_a_decision(text: str) -> None:
    assert standing_kind(text) is PatchKind.DECISION


@pytest.mark.parametrize("text", ["we test with care", "we ship with the rest of the team"])
def test_a_manner_or_company_is_no_tool(text: str) -> None:
    assert standing_kind(text) is None
