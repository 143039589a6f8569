"""A sentence that only gives the command before it a standing scope ("Label the axes on any
chart. Every time, even in quick sketches.") makes one rule of the two (``extract/scope_after.py``);
after a statement or a question it says nothing of the replies. Sentences written for this
project; each is fed through ``add_turn`` with the default extractor."""

from __future__ import annotations

import pytest

from dspm_core.extract.scope_after import scoped_command
from test_in_passing import criticals


@pytest.mark.parametrize("text", [
    "Label the axes on any chart. Every time, even in quick sketches.",
    "Give me the command first and the explanation after. Always.",
    "Give me the shell command before the explanation. From now on.",
    "please put the total at the bottom. every single time",
])
def test_a_command_then_its_scope_is_one_rule(text: str) -> None:
    (p,) = criticals(text)
    assert p.kind.value == "constraint"
    assert p.text.split()[0].lower() in text.lower().split()[0] and p.text.rstrip(".").endswith(
        text.rstrip(".").split()[-1])


@pytest.mark.parametrize("text", [
    "We drove to the coast. Every time, it rained.",
    "Can you check my spelling? Always.",
    "The bakery closes at noon. Every time.",
])
def test_a_scope_after_a_statement_or_a_question_sets_nothing(text: str) -> None:
    assert criticals(text) == []


def test_scoped_command_reads_the_scope_alone() -> None:
    assert scoped_command("Round the figures", "Every time, no exceptions.")
    assert not scoped_command("Round the figures", "Every time I ask, round them.")
    assert not scoped_command("I round the figures", "Always.")
