"""Shared helpers of the persistence tests: a varied memory and a flaky extractor."""

from __future__ import annotations

from pathlib import Path

import pytest

from dspm_core import DSPMMemory, ExtractionError, RuleExtractor
from dspm_core.patch import Fact, Turn

CONVERSATION = [
    ("user", "Set the webhook timeout to 30 seconds."),
    ("user", "The API rate limit must not exceed 100 requests per minute."),
    ("assistant", "Noted: the API rate limit must not exceed 100 requests per minute."),
    ("user", "Change the webhook timeout to 10 seconds."),
    ("user", "Let's use PostgreSQL for the primary database."),
    ("user", "The batch size is 500 records."),
    ("user", "```python\ndef retry(fn, attempts=3):\n    return fn()\n```"),
    ("user", "Time-to-live (TTL) for cache entries must be at most 60 seconds."),
    ("user", "Switch the primary database from PostgreSQL to MySQL."),
    ("user", "Set the webhook timeout to 5 seconds."),
    ("user", "Reports must never include customer email addresses."),
]


FAILING = ("The retention period must be at most 30 days.",
           "The upload size must not exceed 25 MB.")


class FlakyExtractor:
    """The rule extractor, except that the turns in FAILING raise ExtractionError while
    ``failing`` is set (an LLM endpoint that is down for them)."""

    def __init__(self) -> None:
        self.inner = RuleExtractor()
        self.failing = True

    def extract(self, turn: Turn) -> list[Fact]:
        if self.failing and turn.text in FAILING:
            raise ExtractionError("endpoint unavailable")
        return self.inner.extract(turn)


def fill(memory: DSPMMemory, conversation: list[tuple[str, str]] = CONVERSATION) -> DSPMMemory:
    for role, text in conversation:
        memory.add_turn(role, text)
    return memory


def rich_memory(**kwargs: object) -> DSPMMemory:
    """A memory with lineage, an echo, code, a pinned patch, a forgotten one, a long
    note and two pending turns."""
    extractor = FlakyExtractor()
    m = DSPMMemory(extractor=extractor, **kwargs)  # type: ignore[arg-type]
    fill(m)
    m.pin(m.store.find("API rate limit")[0].id)
    p = m.add_patch("entity", "Temporary staging host staging-7.")
    m.forget(p.id)
    m.add_patch("constraint", "The export format must be CSV. " + "x" * 50_000)
    for text in FAILING:
        m.add_turn("user", text)
    assert len(m.pending_turns) == 2
    return m


@pytest.fixture
def nb(tmp_path: Path) -> Path:
    return tmp_path / "notes.json"
