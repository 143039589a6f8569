"""A turn whose extraction fails costs at most that turn.

It is kept pending, counted and retried with backoff, never in front of the turns after
it; when it finally goes through, its facts merge at their own turn index (an older value
joins the lineage, never on top of a newer one). Checked in memory, across a notebook
save/load and across an SQLite restart, sync and async.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dspm_core import DSPMMemory, ExtractionError, SQLiteStore
from dspm_core.extract.rules import RuleExtractor
from dspm_core.retry import RETRY_CAP


class Outage(RuleExtractor):
    """The rule extractor, failing on the turns whose text is in ``failing``."""

    def __init__(self, *failing: str, error: type[Exception] = ExtractionError) -> None:
        super().__init__()
        self.failing = set(failing)
        self.error = error
        self.calls: dict[str, int] = {}

    def extract(self, turn):  # type: ignore[override]
        self.calls[turn.text] = self.calls.get(turn.text, 0) + 1
        if turn.text in self.failing:
            raise self.error("endpoint unavailable")
        return super().extract(turn)


def _current(memory: DSPMMemory, word: str) -> list[str]:
    return [p.value for p in memory.all_patches if p.value and word in (p.slot or "")]


@pytest.mark.parametrize("jam", ["Rules:", "Task:\nRules:", "Requirements:\n", "Rules: -",
                                 "Constraints:\n\nRules:"])
def test_an_empty_labelled_block_never_jams_the_memory(jam: str, tmp_path: Path) -> None:
    memory = DSPMMemory()
    memory.add_turn("user", jam)
    memory.add_turn("user", "Never log card numbers.")
    assert memory.pending_turns == []
    assert any("card numbers" in p.text for p in memory.all_patches)
    memory.save(tmp_path / "m.json")
    again = DSPMMemory()
    again.load(tmp_path / "m.json", strict=True)
    again.add_turn("system", jam)
    again.add_turn("user", "Always answer in English.")
    assert any("English" in p.text for p in again.all_patches)


def test_an_empty_labelled_block_never_jams_an_sqlite_user(tmp_path: Path) -> None:
    db = SQLiteStore(tmp_path / "m.db")
    memory = DSPMMemory(store=db, user_id="u1")
    memory.add_turn("user", "Task:\nRules:")
    memory.add_turn("user", "Never log card numbers.")
    db.close()
    db = SQLiteStore(tmp_path / "m.db")
    reopened = DSPMMemory(store=db, user_id="u1")
    reopened.add_turn("user", "Always answer in English.")
    texts = [p.text for p in reopened.all_patches]
    assert any("card numbers" in t for t in texts) and any("English" in t for t in texts)
    assert reopened.pending_turns == []


def test_a_failed_turn_does_not_hold_back_the_turns_after_it() -> None:
    ex = Outage("Never deploy on Fridays.")
    memory = DSPMMemory(extractor=ex)
    memory.add_turn("user", "Never deploy on Fridays.")
    for text in ("Never skip code review.", "Always write tests first.",
                 "The webhook timeout is 30 seconds."):
        memory.add_turn("user", text)
    texts = [p.text for p in memory.all_patches]
    assert "Never skip code review." in texts and "Always write tests first." in texts
    assert [t.text for t in memory.pending_turns] == ["Never deploy on Fridays."]
    assert memory.stats["pending_turns"] == 1


def test_a_failed_turn_is_retried_with_backoff() -> None:
    ex = Outage("Never deploy on Fridays.")
    memory = DSPMMemory(extractor=ex)
    memory.add_turn("user", "Never deploy on Fridays.")
    tried_at = []
    for i in range(1, 80):
        before = ex.calls["Never deploy on Fridays."]
        memory.add_turn("user", f"Filler message number {i} about nothing much.")
        if ex.calls["Never deploy on Fridays."] > before:
            tried_at.append(i)
    gaps = [b - a for a, b in zip(tried_at, tried_at[1:])]
    assert tried_at[:4] == [1, 3, 7, 15]
    assert gaps[:5] == [2, 4, 8, 16, 32] and all(g == RETRY_CAP for g in gaps[5:])
    assert memory.stats["extraction_failures"] == 1 + len(tried_at)
    ex.failing.clear()
    memory.retry_pending()  # at once, whatever the backoff
    assert memory.pending_turns == []
    assert "Never deploy on Fridays." in [p.text for p in memory.all_patches]


def test_a_late_turn_merges_at_its_own_index() -> None:
    ex = Outage("Set the webhook timeout to 30 seconds.")
    memory = DSPMMemory(extractor=ex)
    memory.add_turn("user", "Set the webhook timeout to 30 seconds.")
    memory.add_turn("user", "Set the webhook timeout to 10 seconds.")
    ex.failing.clear()
    out = memory.retry_pending()
    assert [o.action for o in out] == ["earlier"]
    (patch,) = [p for p in memory.all_patches if p.slot and "webhook timeout" in p.slot]
    assert patch.value == "10 seconds"
    assert [r.value for r in patch.history] == ["30 seconds"]
    assert "(was 30" in memory.get_context("webhook timeout")


def test_a_late_turn_merges_at_its_own_index_through_sqlite(tmp_path: Path) -> None:
    ex = Outage("Set the webhook timeout to 30 seconds.")
    db = SQLiteStore(tmp_path / "m.db")
    memory = DSPMMemory(store=db, user_id="u1", extractor=ex)
    memory.add_turn("user", "Set the webhook timeout to 30 seconds.")
    memory.add_turn("user", "Set the webhook timeout to 10 seconds.")
    db.close()
    db = SQLiteStore(tmp_path / "m.db")
    reopened = DSPMMemory(store=db, user_id="u1")  # the default extractor: it succeeds
    assert [t.text for t in reopened.pending_turns] == ["Set the webhook timeout to 30 seconds."]
    reopened.add_turn("user", "Thanks, that helps a lot.")
    assert reopened.pending_turns == []
    assert _current(reopened, "webhook timeout") == ["10 seconds"]
    (patch,) = [p for p in reopened.all_patches if p.slot and "webhook timeout" in p.slot]
    assert [r.value for r in patch.history] == ["30 seconds"]


def test_a_pending_turn_survives_a_notebook_round_trip(tmp_path: Path) -> None:
    ex = Outage("Never deploy on Fridays.")
    memory = DSPMMemory(extractor=ex)
    memory.add_turn("user", "Never deploy on Fridays.")
    memory.save(tmp_path / "m.json")
    again = DSPMMemory()
    again.load(tmp_path / "m.json", strict=True)
    again.add_turn("user", "Never skip code review.")
    texts = [p.text for p in again.all_patches]
    assert "Never deploy on Fridays." in texts and "Never skip code review." in texts


def test_a_foreign_error_is_raised_for_its_own_turn_only() -> None:
    ex = Outage("Never deploy on Fridays.", error=RuntimeError)
    memory = DSPMMemory(extractor=ex)
    with pytest.raises(RuntimeError):
        memory.add_turn("user", "Never deploy on Fridays.")
    # the retry at the next turn fails again, but that is not this turn's error
    memory.add_turn("user", "Never skip code review.")
    assert ex.calls["Never deploy on Fridays."] == 2
    assert "Never skip code review." in [p.text for p in memory.all_patches]
    assert len(memory.pending_turns) == 1


def test_strict_mode_raises_but_still_stores_the_later_turn() -> None:
    ex = Outage("Never deploy on Fridays.")
    memory = DSPMMemory(extractor=ex, strict_llm=True)
    with pytest.raises(ExtractionError):
        memory.add_turn("user", "Never deploy on Fridays.")
    with pytest.raises(ExtractionError):  # the retry failed again, and strict says so
        memory.add_turn("user", "Never skip code review.")
    assert "Never skip code review." in [p.text for p in memory.all_patches]


def test_an_extractor_returning_no_list_of_facts_is_an_extraction_failure() -> None:
    class Broken:
        def extract(self, turn):
            return ["not a fact"] if "secret" in turn.text else []

    memory = DSPMMemory(extractor=Broken())
    memory.add_turn("user", "Keep the secret safe.")
    assert len(memory.pending_turns) == 1
    memory.add_turn("user", "Hello there.")
    assert memory.stats["extraction_failures"] == 2


async def test_async_paths_match_the_sync_ones() -> None:
    async def run(use_async: bool) -> list[tuple[str, str | None, tuple]]:
        ex = Outage("Set the webhook timeout to 30 seconds.")
        memory = DSPMMemory(extractor=ex)
        for text in ("Set the webhook timeout to 30 seconds.",
                     "Set the webhook timeout to 10 seconds.", "Never skip code review."):
            if use_async:
                await memory.aadd_turn("user", text)
            else:
                memory.add_turn("user", text)
        ex.failing.clear()
        if use_async:
            await memory.aretry_pending()
        else:
            memory.retry_pending()
        return [(p.text, p.value, tuple(r.value for r in p.history)) for p in memory.all_patches]

    assert await run(True) == await run(False)
    assert ("Set the webhook timeout to 10 seconds.", "10 seconds", ("30 seconds",)) in await run(True)
