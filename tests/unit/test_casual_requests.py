"""Instructions typed as casual chat: a wish in the past tense ("would be nice if you used
metric"), a prohibition after a short request ("email me, dont phone"), a format given as a
fragment ("times in 24h", "amounts as USD pls"); and what only looks like one: a remark on
what is at hand ("not a fan of this weather"), a comfort ("ok, don't worry")."""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory
from dspm_core.patch import PatchKind


def _criticals(text: str) -> list:
    memory = DSPMMemory()
    memory.add_turn("user", text)
    return [p for p in memory.all_patches if p.kind in (PatchKind.CONSTRAINT, PatchKind.DECISION)]


@pytest.mark.parametrize("text, word", [
    ("it would be really helpful if you used plain language", "plain language"),
    ("would be nice if you skipped the recap at the end", "recap"),
    ("id appreciate it if you never used my nickname", "nickname"),
    ("email me, dont phone", "phone"),
    ("send links, don't paste whole articles", "articles"),
    ("dont cc my boss on anything", "boss"),
    ("times in 24h", "24h"),
    ("amounts as USD pls", "USD"),
    ("sizes in cm please", "cm"),
])
def test_a_casual_instruction_is_stored_as_one(text: str, word: str) -> None:
    found = _criticals(text)
    assert found and word.lower() in found[0].text.lower(), [p.text for p in found]


@pytest.mark.parametrize("text", [
    "not a fan of this weather tbh",
    "i really hate that song they keep playing",
    "ok, don't worry about it",
    "thanks, dont bother",
    "would be great if you could send it tonight",
    "kids in bed finally",
])
def test_a_remark_or_a_one_off_is_not_stored_as_a_rule(text: str) -> None:
    assert _criticals(text) == []
