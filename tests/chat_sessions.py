"""A memory fed a few turns of chat, for tests of whole sessions."""

from __future__ import annotations

from dspm_core import DSPMMemory


def session(*turns: str) -> DSPMMemory:
    """Turns as "user: ..." / "assistant: ..." (user when no speaker is named), through
    ``add_turn`` with the default extractor."""
    m = DSPMMemory(budget=400)
    for t in turns:
        role, _, text = t.partition(": ") if t.split(": ", 1)[0] in ("user", "assistant") \
            else ("user", "", t)
        m.add_turn(role, text)
    return m


def revised(*turns: str) -> list[tuple[str | None, list[str | None]]]:
    """(current value, earlier values) of every current setting with a lineage after
    ``turns`` (as :func:`session` takes them)."""
    return [(p.value, [h.value for h in p.history]) for p in session(*turns).store.patches()
            if p.later is None and p.history]


def critical_texts(*turns: str) -> list[str]:
    """The texts of the critical patches stored after ``turns``."""
    return [p.text for p in session(*turns).store.patches() if p.critical]
