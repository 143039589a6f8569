"""Limits that keep ingest, render and loading linear in the input, and admit a
conversation of a million tokens without evicting a patch."""

from __future__ import annotations

import json
from pathlib import Path

from dspm_core import DSPMMemory


def _state_with_long_lineage(entries: int) -> dict:
    m = DSPMMemory()
    m.add_turn("user", "Set the webhook timeout to 30 seconds.")
    m.add_turn("user", "Change the webhook timeout to 10 seconds.")
    state = m.to_dict()
    (patch,) = state["patches"]
    old = patch["history"][0]
    patch["history"] = [dict(old, value=f"{i + 11} seconds", turn=0) for i in range(entries)]
    return state


def test_history_limit_applies_to_loaded_patches(tmp_path: Path) -> None:
    state = _state_with_long_lineage(100_000)
    m = DSPMMemory.from_dict(state, history_limit=3)
    (patch,) = m.all_patches
    assert len(patch.history) == 3 and patch.value == "10 seconds"
    path = tmp_path / "memory.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    loaded = DSPMMemory(history_limit=2)
    assert loaded.load(path) == 1
    assert len(loaded.all_patches[0].history) == 2
    assert "(was 11 then 12)" in loaded.get_context()


class _Recording:
    """The rule extractor, recording the text of every turn it is given."""

    def __init__(self) -> None:
        from dspm_core import RuleExtractor

        self.rules = RuleExtractor()
        self.texts: list[str] = []

    def extract(self, turn):  # type: ignore[no-untyped-def]
        self.texts.append(turn.text)
        return self.rules.extract(turn)


def _long_message() -> str:
    """Prose, a rule, a word longer than a part, more prose and a rule: over 2 parts."""
    from dspm_core.limits import MAX_TURN_PART

    filler = "The team met on Monday to review the plan and the notes from the call. "
    return (filler * (MAX_TURN_PART // len(filler) + 50) + "\n\nThe API page size must be "
            "at most 100 items. " + "x" * (MAX_TURN_PART + 10) + " " + filler * 200
            + "Never log card numbers.")


def test_an_over_size_turn_is_split_never_truncated() -> None:
    from dspm_core.limits import MAX_TURN_PART

    text = _long_message()
    assert len(text) > 2 * MAX_TURN_PART
    rec = _Recording()
    m = DSPMMemory(extractor=rec, budget=400)
    m.add_turn("user", text)
    assert "".join(rec.texts) == text  # every character reached the extractor
    assert len(rec.texts) > 1 and all(len(t) <= MAX_TURN_PART for t in rec.texts)
    assert m.stats["turns"] == len(rec.texts)
    context = m.get_context()
    assert "page size" in context and "Never log card numbers." in context


async def test_an_over_size_turn_is_split_the_same_way_async() -> None:
    text = _long_message()
    sync, asyn = _Recording(), _Recording()
    DSPMMemory(extractor=sync).add_turn("user", text)
    await DSPMMemory(extractor=asyn).aadd_turn("user", text)
    assert asyn.texts == sync.texts


def test_a_huge_word_is_never_counted_or_extracted_whole() -> None:
    from dspm_core.limits import MAX_TURN_PART

    seen: list[int] = []

    def counter(text: str) -> int:
        seen.append(len(text))
        return len(text) // 4 + 1

    word = "a" * (2 * MAX_TURN_PART)
    rec = _Recording()
    m = DSPMMemory(extractor=rec, tokenizer=counter)
    m.add_turn("tool", word)
    m.add_document(word + " The retry limit must be at most 5.")
    assert max(seen) <= MAX_TURN_PART
    assert "".join(rec.texts[: len(word) // MAX_TURN_PART]) == word
    assert sum(map(len, rec.texts)) >= 2 * len(word)


def test_a_huge_query_is_matched_by_its_end() -> None:
    from dspm_core.limits import MAX_QUERY

    class Scorer:
        def __init__(self) -> None:
            self.queries: list[int] = []

        def similarities(self, query: str, texts: list[str]) -> list[float]:
            self.queries.append(len(query))
            return [1.0 if "page" in t and "page" in query else 0.0 for t in texts]

    scorer = Scorer()
    m = DSPMMemory(scorer=scorer, budget=30)
    m.add_turn("user", "The API page size must be at most 100 items.")
    m.add_turn("user", "The retry limit must be at most 5.")
    query = "lorem ipsum " * 1_000_000 + "what is the page size?"
    assert "page size" in m.get_context(query)
    assert max(scorer.queries) == MAX_QUERY


def test_a_large_store_is_reported_never_evicted(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import dspm_core.memory as memory_module

    monkeypatch.setattr(memory_module, "LARGE_STORE", 3)
    m = DSPMMemory(budget=2000)
    for i in range(3):
        m.add_patch("code", f"step_{i}()")
    assert m.stats["large_store"] is False
    m.add_patch("code", "step_3()")
    assert m.stats["large_store"] is True and len(m.all_patches) == 4
    assert len(m.render().lines) == 4


def test_split_text_cuts_at_the_best_break_and_keeps_every_character() -> None:
    import pytest

    from dspm_core.chunking import split_text

    text = "First paragraph here.\n\nSecond one. It goes on and on"
    parts = split_text(text, 30)
    assert parts[0] == "First paragraph here.\n\n" and "".join(parts) == text
    assert split_text("One. Two three four five six", 20)[0] == "One. Two three four "
    assert split_text("abcdefghij", 4) == ["abcd", "efgh", "ij"]
    assert split_text("short", 100) == ["short"]
    with pytest.raises(ValueError):
        split_text("x", 1)
