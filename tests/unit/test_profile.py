"""What a user says about their life and household is kept as a critical fact; the past,
other people, hypotheticals and questions are not."""

from __future__ import annotations

import pytest

from dspm_core.extract.profile import profile_kind
from dspm_core.patch import PatchKind


@pytest.mark.parametrize("said,kind", [
    ("We're a household of three.", PatchKind.DECISION),
    ("there are 5 of us, including grandma", PatchKind.DECISION),
    ("Our flat has one bathroom and a tiny kitchen.", PatchKind.DECISION),
    ("My daughter does ballet on Thursday afternoons.", PatchKind.DECISION),
    ("Our eldest doesn't eat eggs.", PatchKind.CONSTRAINT),
    ("I speak Italian and a bit of Greek.", PatchKind.DECISION),
    ("I'm bilingual in Welsh and English.", PatchKind.DECISION),
    ("I'm trying to give up sugar.", PatchKind.CONSTRAINT),
    ("I'm saving for a new bike.", PatchKind.CONSTRAINT),
    ("we're on a tight budget this year", PatchKind.CONSTRAINT),
    ("I get to work by bus.", PatchKind.DECISION),
])
def test_a_fact_of_the_users_life(said, kind):
    assert profile_kind(said) is kind


@pytest.mark.parametrize("said", [
    "We were a household of three until my sister left.",
    "My boss's flat has a roof terrace.",
    "If we were a family of five we'd need a bigger car.",
    "Does my daughter need a leotard for ballet?",
    "I used to speak Italian as a kid.",
    "I tried to give up sugar last year.",
    "I'm trying to reduce the bundle size of the app.",
    "I'm happy with the plan.",
])
def test_not_a_fact_of_the_users_life_now(said):
    assert profile_kind(said) is None


@pytest.mark.parametrize("said,value", [
    ("We're a household of three.", "three"),
    ("My daughter does ballet on Thursday afternoons.", "Thursday"),
    ("I'm trying to give up sugar.", "sugar"),
])
def test_it_is_stored_critical(said, value, current_after):
    current = current_after(said)
    assert [p for p in current if value.lower() in p.text.lower()], [p.text for p in current]
