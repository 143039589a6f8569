"""What is not the user's rule of now: someone else's words, a story of the past, a
withdrawal; and a team's tool choice whatever its capitals."""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory


def criticals(text: str) -> list[str]:
    memory = DSPMMemory()
    memory.add_turn("user", text)
    return [p.kind.value for p in memory.all_patches if p.critical]


NOT_RULES = (
    "my manager told me to always cc finance on invoices",
    "A friend said never to buy a used laptop.",
    "Back in college I only wrote Perl.",
    "we had a launch last tuesday and it slipped lol",
    "you can drop the 300 word limit",
    "forget what I said about bullet points",
)
KEPT = (
    "we use linear for issue tracking",
    "we're using vite for the frontend build",
    "we use zulip, not slack",
    "I moved to Lisbon last year, so suggest things near me.",
)


@pytest.mark.parametrize("text,kept", [(t, False) for t in NOT_RULES] + [(t, True) for t in KEPT])
def test_only_rules_of_now_are_kept(text: str, kept: bool) -> None:
    assert bool(criticals(text)) is kept, text
