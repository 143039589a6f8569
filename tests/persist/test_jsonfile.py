"""The notebook file: atomic save, .bak, lock, quarantine, validation, lossless merge."""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
from pathlib import Path

import portalocker
import pytest

from dspm_core import (
    CorruptNotebookError,
    DSPMMemory,
    LockTimeoutError,
    PersistenceError,
)
from dspm_core.persist import jsonfile
from dspm_core.persist.schema import NotebookVersionError
from dspm_core.state import NotebookValidationError

from .conftest import FlakyExtractor, fill, rich_memory


def _files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


def test_missing_file_loads_nothing_and_creates_nothing(nb: Path) -> None:
    m = DSPMMemory()
    assert m.load(nb) == 0
    assert m.load(nb, strict=True) == 0
    assert not nb.parent.exists() or _files(nb.parent) == []
    assert m.all_patches == []


def test_round_trip_keeps_everything(nb: Path) -> None:
    m = rich_memory()
    n = m.save(nb)
    assert n == len(m.all_patches)
    m2 = DSPMMemory(extractor=FlakyExtractor())
    added = m2.load(nb)
    assert added == len(m.all_patches)
    assert m2.to_dict() == m.to_dict()  # patches, lineage, journal, pending, counters
    assert m2.get_context("webhook") == m.get_context("webhook")
    assert m2.stats["merges"] == m.stats["merges"]
    assert [t.text for t in m2.pending_turns] == [t.text for t in m.pending_turns]
    long_note = next(p for p in m2.all_patches if p.text.startswith("The export format"))
    assert len(long_note.text) > 50_000  # never truncated
    webhook = m2.store.find("webhook timeout")[0]
    assert [r.value for r in webhook.history] == ["10 seconds", "30 seconds"]
    assert any(e.action == "forgotten" for e in m2.store.journal())


def test_pending_turns_survive_and_are_retried_after_load(nb: Path) -> None:
    rich_memory().save(nb)
    extractor = FlakyExtractor()
    extractor.failing = False
    m = DSPMMemory(extractor=extractor)
    m.load(nb)
    assert len(m.pending_turns) == 2
    m.retry_pending()
    assert m.pending_turns == []
    assert m.store.find("retention period") and m.store.find("upload size")


def test_loading_twice_adds_nothing(nb: Path) -> None:
    rich_memory().save(nb)
    m = DSPMMemory(extractor=FlakyExtractor())
    m.load(nb)
    once = m.to_dict()
    assert m.load(nb) == 0
    assert m.to_dict() == once


def test_load_merges_by_slot_rules_with_unique_ids(nb: Path) -> None:
    saved = DSPMMemory()
    saved.add_turn("user", "Set the webhook timeout to 30 seconds.")
    saved.add_turn("user", "Reports must be exported as CSV.")
    saved.save(nb)
    m = DSPMMemory()
    m.add_turn("user", "The batch size is 500 records.")  # p1 here, p1 in the file too
    m.add_turn("user", "Set the webhook timeout to 30 seconds.")
    m.add_turn("user", "Change the webhook timeout to 10 seconds.")
    before = len(m.all_patches)
    assert m.load(nb) == 1  # only the CSV rule is new; the timeout slot is shared
    ids = [p.id for p in m.all_patches]
    assert len(ids) == len(set(ids)) == before + 1
    webhook = m.store.find("webhook timeout")
    assert len(webhook) == 1 and webhook[0].value == "10 seconds"  # later value stays current
    m.add_turn("user", "The retention period must be at most 30 days.")
    ids = [p.id for p in m.all_patches]
    assert len(ids) == len(set(ids))


def test_save_keeps_previous_file_as_bak_and_leaves_no_temp(nb: Path) -> None:
    m = DSPMMemory()
    m.add_turn("user", "Reports must be exported as CSV.")
    m.save(nb)
    first = nb.read_bytes()
    m.add_turn("user", "The batch size is 500 records.")
    m.save(nb)
    assert Path(f"{nb}.bak").read_bytes() == first
    assert nb.read_bytes() != first
    assert _files(nb.parent) == ["notes.json", "notes.json.bak"]  # no stray lock file


def test_failed_write_leaves_the_old_file(nb: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    m = fill(DSPMMemory())
    m.save(nb)
    before = nb.read_bytes()
    m.add_turn("user", "The upload size must not exceed 25 MB.")

    def boom(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(jsonfile.os, "replace", boom)
    with pytest.raises(PersistenceError, match="No space left"):
        m.save(nb)
    monkeypatch.undo()
    assert nb.read_bytes() == before
    assert not [n for n in _files(nb.parent) if n.endswith(".tmp")]


def test_stale_temp_files_of_a_crashed_writer_are_removed(nb: Path) -> None:
    DSPMMemory().save(nb)
    stale = nb.parent / f".{nb.name}.abc123.tmp"
    stale.write_text("half a notebook")
    DSPMMemory().save(nb)
    assert not stale.exists()


def test_lock_timeout_is_a_clear_error(nb: Path) -> None:
    m = fill(DSPMMemory())
    m.save(nb)
    with portalocker.Lock(f"{nb}.lock", mode="a", timeout=1):
        t0 = time.monotonic()
        with pytest.raises(LockTimeoutError, match="could not lock .*notes.json within 0.2 s"):
            m.save(nb, lock_timeout=0.2)
        with pytest.raises(LockTimeoutError):
            DSPMMemory().load(nb, lock_timeout=0.2)
        assert time.monotonic() - t0 < 3


def test_lock_excludes_threads_and_waiting_succeeds(nb: Path) -> None:
    m = fill(DSPMMemory())
    held = threading.Event()

    def holder() -> None:
        with portalocker.Lock(f"{nb}.lock", mode="a", timeout=1):
            held.set()
            time.sleep(0.3)
    t = threading.Thread(target=holder)
    t.start()
    held.wait()
    t0 = time.monotonic()
    m.save(nb, lock_timeout=5)
    assert time.monotonic() - t0 >= 0.2
    t.join()
    assert DSPMMemory().load(nb) == len(m.all_patches)


def test_concurrent_saves_from_threads_never_tear(nb: Path) -> None:
    memories = [fill(DSPMMemory()) for _ in range(4)]
    for i, m in enumerate(memories):
        m.add_turn("user", f"The worker pool size for shard {i} is {i + 2} workers.")
    errors: list[BaseException] = []

    def run(m: DSPMMemory) -> None:
        try:
            for _ in range(10):
                m.save(nb)
                DSPMMemory().load(nb, strict=True)
        except BaseException as exc:  # noqa: BLE001 - reported to the test
            errors.append(exc)
    threads = [threading.Thread(target=run, args=(m,)) for m in memories]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert DSPMMemory().load(nb, strict=True) > 0
    assert not Path(f"{nb}.lock").exists()  # the last holder took its lock file with it


def _save_facts(path: str, worker: int) -> None:
    for i in range(8):
        m = DSPMMemory()
        m.add_turn("user", f"The queue depth for worker {worker} shard {i} is {i + 1} jobs.")
        m.save(path)  # merges what the others saved, under the lock


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_processes_saving_at_once_lose_nothing_and_leave_no_lock_file(nb: Path) -> None:
    """The lock file is removed by each holder; a waiter that got the removed file's lock
    must notice and lock again, or two writers would both hold 'the' lock."""
    import multiprocessing as mp

    DSPMMemory()  # load the word lists before forking
    ctx = mp.get_context("fork")
    procs = [ctx.Process(target=_save_facts, args=(str(nb), w)) for w in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    loaded = DSPMMemory()
    loaded.load(nb, strict=True)
    depths = [p for p in loaded.all_patches if "queue depth" in p.text]
    assert len(depths) == 4 * 8  # no save was lost to a torn lock
    assert not Path(f"{nb}.lock").exists()


@pytest.mark.parametrize("garbage", [b"", b"{", b"\xff\xfe\x00", b"[1, 2", b"null", b"{}",
                                     b'{"format": "dspm-memory-state"}'])
def test_corrupt_file_is_quarantined_and_bak_loaded(nb: Path, garbage: bytes) -> None:
    m = fill(DSPMMemory())
    m.save(nb)
    m.add_turn("user", "The upload limit must not exceed 25 MB.")
    m.save(nb)  # the .bak holds the first version
    nb.write_bytes(garbage)
    m2 = DSPMMemory()
    assert m2.load(nb) > 0
    assert not m2.store.find("upload limit")  # the backup's content
    corrupt = [p for p in nb.parent.iterdir() if ".corrupt." in p.name]
    assert len(corrupt) == 1 and corrupt[0].read_bytes() == garbage  # the user's bytes kept
    restored = DSPMMemory()
    restored.load(nb, strict=True)  # the backup was put back at the path
    assert restored.to_dict() == m2.to_dict()


def test_corrupt_file_without_backup_raises_after_moving_it(nb: Path) -> None:
    nb.write_bytes(b'{"format": "dspm-memory-state", "schema_version": 1, "patches": [')
    with pytest.raises(CorruptNotebookError, match="moved to .*corrupt.*no valid backup"):
        DSPMMemory().load(nb)
    assert not nb.exists()
    assert len([p for p in nb.parent.iterdir() if ".corrupt." in p.name]) == 1


def test_strict_raises_and_touches_nothing(nb: Path) -> None:
    m = fill(DSPMMemory())
    m.save(nb)
    m.save(nb)
    nb.write_bytes(b"not json")
    before = {p.name: p.read_bytes() for p in nb.parent.iterdir()}
    with pytest.raises(CorruptNotebookError, match="not valid JSON"):
        DSPMMemory().load(nb, strict=True)
    assert {p.name: p.read_bytes() for p in nb.parent.iterdir()} == before


def _saved(nb: Path) -> dict:
    m = fill(DSPMMemory())
    m.save(nb)
    return json.loads(nb.read_text())


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["patches"][0].update(kind="rul"), r"patches\[0\]\.kind: unknown kind 'rul'"),
    (lambda d: d["patches"][1].update(turn="3"), r"patches\[1\]\.turn: expected an integer, got str"),
    (lambda d: d["patches"][2].pop("text"), r"patches\[2\]\.text: missing field"),
    (lambda d: d["patches"][0].update(key="no-pipes"), r"patches\[0\]\.key: malformed slot key"),
    (lambda d: d["counters"].update(turns=-1), r"counters\.turns: integer out of range"),
    (lambda d: d["journal"][0].update(action=None), r"journal\[0\]\.action: expected a string"),
    (lambda d: d["pending_turns"].append({"role": "user"}), r"pending_turns\[0\]\.text: missing"),
    (lambda d: d["patches"].append(dict(d["patches"][0])), r"duplicate patch id"),
])
def test_validation_errors_name_the_field(nb: Path, mutate, message: str) -> None:
    data = _saved(nb)
    mutate(data)
    nb.write_text(json.dumps(data))
    with pytest.raises(NotebookValidationError, match=message):
        DSPMMemory().load(nb, strict=True)
    with pytest.raises(NotebookValidationError, match=message):
        jsonfile.validate_notebook(data)


def test_newer_schema_is_refused_and_never_moved(nb: Path) -> None:
    data = _saved(nb)
    data["schema_version"] = 99
    nb.write_text(json.dumps(data))
    with pytest.raises(NotebookVersionError, match="newer than this release"):
        DSPMMemory().load(nb)
    assert nb.exists() and not [p for p in nb.parent.iterdir() if ".corrupt." in p.name]


def test_unreadable_path_is_a_persistence_error_not_corruption(tmp_path: Path) -> None:
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(PersistenceError, match="cannot read") as info:
        DSPMMemory().load(tmp_path / "dir.json")
    assert not isinstance(info.value, CorruptNotebookError)
    assert (tmp_path / "dir.json").is_dir()


def test_lone_surrogates_and_unicode_round_trip(nb: Path) -> None:
    m = DSPMMemory()
    m.add_patch("constraint", "Le délai ne doit pas dépasser 10 secondes \ud800 ✓.")
    m.save(nb)
    m2 = DSPMMemory()
    m2.load(nb, strict=True)
    assert m2.all_patches[0].text == m.all_patches[0].text


def test_async_save_and_load(nb: Path) -> None:
    async def main() -> str:
        m = fill(DSPMMemory())
        await m.asave(nb)
        m2 = DSPMMemory()
        await m2.aload(nb)
        assert m2.get_context() == m.get_context()
        return m2.get_context()
    assert asyncio.run(main())


def test_save_creates_missing_directories(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "notes.json"
    fill(DSPMMemory()).save(target)
    assert DSPMMemory().load(target, strict=True) > 0


def test_save_and_load_need_a_path_without_a_store() -> None:
    from dspm_core import ConfigError

    with pytest.raises(ConfigError):
        DSPMMemory().save()
    with pytest.raises(ConfigError):
        DSPMMemory().load()


def test_file_is_plain_json_of_the_documented_format(nb: Path) -> None:
    rich_memory().save(nb)
    data = json.loads(nb.read_text())
    assert data["format"] == "dspm-memory-state" and data["schema_version"] == 2
    assert set(data) >= {"patches", "journal", "pending_turns", "counters", "aliases"}
    p = data["patches"][0]
    assert set(p) >= {"id", "kind", "text", "slot", "op", "value", "unit", "history", "turn"}
    assert os.path.getsize(nb) > 50_000
