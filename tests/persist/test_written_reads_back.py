"""Whatever a memory accepts can be read back; what could not is refused when written.

Each case was once accepted on write and refused on load (the notebook quarantined and
older data loaded, or an SQLite user no longer opened at all). One set of limits
(:mod:`dspm_core.limits`) now serves the write path and the loaders.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dspm_core import DSPMError, DSPMMemory, SQLiteStore
from dspm_core.extract.parse import MAX_REPLY_CHARS, ResponseParseError, parse_response
from dspm_core.limits import MAX_ALIAS_TEXT, MAX_ID, MAX_INT, MAX_TEXT
from dspm_core.patch import Fact, Turn


def _reloads(memory: DSPMMemory, path: Path) -> DSPMMemory:
    memory.save(path)
    again = DSPMMemory()
    again.load(path, strict=True)
    assert sorted(p.text for p in again.all_patches) == sorted(p.text for p in memory.all_patches)
    return again


def test_text_over_the_limit_is_refused_on_write(tmp_path: Path) -> None:
    memory = DSPMMemory()
    memory.add_turn("user", "Never log card numbers.")
    huge = "log line\n" * (MAX_TEXT // 9 + 1)
    with pytest.raises(DSPMError, match="longer than the limit"):
        memory.add_patch("code", huge)
    with pytest.raises(DSPMError, match="add_document"):  # refused whole, never truncated
        memory.add_turn("user", huge)
    assert memory.stats["turns"] == 1 and memory.pending_turns == []
    _reloads(memory, tmp_path / "m.json")


def test_an_llm_fact_over_the_limit_is_never_stored() -> None:
    # a reply that long is over the parser's reply cap: the extraction fails (the turn
    # stays pending) and nothing of it is stored
    reply = json.dumps({"facts": [{"kind": "code", "text": "x" * (MAX_TEXT + 1)},
                                  {"kind": "constraint", "text": "Never log card numbers."}]})
    assert len(reply) > MAX_REPLY_CHARS
    with pytest.raises(ResponseParseError, match="over the limit"):
        parse_response(reply, "stop", Turn(role="user", text="t", index=0), max_facts=8)


@pytest.mark.parametrize("pinned", [1, None, "yes", 0])
def test_pinned_must_be_a_boolean(pinned: object, tmp_path: Path) -> None:
    memory = DSPMMemory()
    patch = memory.add_patch("constraint", "Never log card numbers.")
    with pytest.raises(DSPMError):
        memory.pin(patch.id, pinned)  # type: ignore[arg-type]
    with pytest.raises(DSPMError):
        memory.add_patch("constraint", "Always answer in English.", pinned=pinned)  # type: ignore[arg-type]
    assert _reloads(memory, tmp_path / "m.json").all_patches[0].pinned is False


@pytest.mark.parametrize("field", ["turn", "slot", "pinned", "deps"])
def test_an_extractor_fact_the_loader_would_refuse_is_refused(field: str, tmp_path: Path) -> None:
    bad = {"turn": MAX_INT + 1, "slot": 5, "pinned": "yes", "deps": (1, 2)}[field]
    with pytest.raises(DSPMError):
        Fact(kind="constraint", text="Never log card numbers.", **{field: bad})

    class Extractor:
        def extract(self, turn):
            if "numbers" in turn.text:
                return [Fact(kind="constraint", text=turn.text, **{field: bad})]
            return [Fact(kind="constraint", text=turn.text, turn=turn.index)]

    memory = DSPMMemory(extractor=Extractor())
    memory.add_turn("user", "Never log card numbers.")  # an extraction failure: kept pending
    memory.add_turn("user", "Always answer in English.")
    assert len(memory.pending_turns) == 1
    _reloads(memory, tmp_path / "m.json")


def test_fresh_ids_stay_within_the_id_limit_after_a_long_loaded_id(tmp_path: Path) -> None:
    long_id = "p" + "9" * (MAX_ID - 1)
    state = DSPMMemory().to_dict()
    state["patches"] = [{"id": long_id, "kind": "constraint", "text": "Never log card numbers.",
                         "turn": 0, "role": "user"}]
    memory = DSPMMemory.from_dict(state)
    for i in range(3):
        memory.add_patch("constraint", f"Rule {i}: always cite rule {i} sources.")
    assert all(len(p.id) <= MAX_ID for p in memory.all_patches)
    assert len({p.id for p in memory.all_patches}) == 4
    _reloads(memory, tmp_path / "m.json")


def test_acronyms_past_what_a_notebook_holds_are_not_learned(tmp_path: Path) -> None:
    memory = DSPMMemory()
    words = " ".join(["alpha" * (MAX_ALIAS_TEXT // 5 + 1)] + ["beta"])
    memory.add_turn("user", f"The {words} (AB) limit must be at most 5 MB.")
    assert all(len(k) <= MAX_ALIAS_TEXT for k in memory.store.aliases.learned())
    _reloads(memory, tmp_path / "m.json")


def test_an_sqlite_user_stays_openable(tmp_path: Path) -> None:
    db = SQLiteStore(tmp_path / "m.db")
    memory = DSPMMemory(store=db, user_id="u1")
    memory.add_turn("user", "Never log card numbers.")
    patch = memory.all_patches[0]
    for call in (lambda: memory.pin(patch.id, 1), lambda: memory.pin(patch.id, None),
                 lambda: memory.add_patch("code", "x" * (MAX_TEXT + 1)),
                 lambda: memory.add_patch("constraint", "Always cite.", pinned="yes")):
        with pytest.raises(DSPMError):
            call()  # type: ignore[no-untyped-call]
    db.close()
    reopened = DSPMMemory(store=SQLiteStore(tmp_path / "m.db"), user_id="u1")
    assert [p.text for p in reopened.all_patches] == ["Never log card numbers."]
