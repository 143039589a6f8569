"""Several writers on one notebook: ``save()`` merges what another writer saved since this
memory last read or wrote the file, so no writer's turns are lost, while what this memory
removed on purpose (forget, reset, a retried pending turn) stays removed."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from dspm_core import DSPMMemory
from dspm_core.persist import jsonfile

from .conftest import FAILING, FlakyExtractor, fill

ROOT = Path(__file__).resolve().parents[2]
CYCLES = 20

_WRITER = textwrap.dedent("""
    import os, sys, time
    from dspm_core import DSPMMemory
    path, name, go = sys.argv[1], sys.argv[2], sys.argv[3]
    while not os.path.exists(go):
        time.sleep(0.001)
    memory = DSPMMemory()  # one chat that keeps its memory, loading and saving every turn
    for i in range(int(sys.argv[4])):
        memory.load(path)
        memory.add_turn("user", f"Set the {name}-{i} service port to {1000 + i}.")
        memory.save(path)
""")


def _port(name: str, i: int) -> str:
    return f"Set the {name}-{i} service port to {1000 + i}."


def _texts(path: Path) -> set[str]:
    m = DSPMMemory()
    m.load(path, strict=True)
    return {p.text for p in m.all_patches}


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX process start")
def test_two_processes_on_one_notebook_keep_every_turn(nb: Path) -> None:
    go = nb.parent / "go"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    procs = [subprocess.Popen([sys.executable, "-c", _WRITER, str(nb), name, str(go), str(CYCLES)],
                              cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
             for name in ("alpha", "beta")]
    time.sleep(0.5)  # both imported and waiting
    go.touch()
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
    expected = {_port(name, i) for name in ("alpha", "beta") for i in range(CYCLES)}
    missing = expected - _texts(nb)
    assert not missing, f"lost {len(missing)} of {len(expected)} turns: {sorted(missing)[:3]}"


def test_threads_with_their_own_memories_keep_every_turn(nb: Path) -> None:
    errors: list[BaseException] = []

    def chat(name: str) -> None:
        try:
            m = DSPMMemory()
            for i in range(10):
                m.load(nb)
                m.add_turn("user", _port(name, i))
                m.save(nb)
        except BaseException as exc:  # noqa: BLE001 - reported to the test
            errors.append(exc)
    threads = [threading.Thread(target=chat, args=(f"shard{k}",)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert {_port(f"shard{k}", i) for k in range(4) for i in range(10)} <= _texts(nb)


def test_forgotten_patch_is_not_resurrected_by_an_unchanged_file(nb: Path) -> None:
    fill(DSPMMemory()).save(nb)
    m = DSPMMemory()
    m.load(nb)
    batch = m.store.find("batch size")[0]
    m.forget(batch.id)
    m.save(nb)
    m.save(nb)
    assert batch.text not in _texts(nb)


def test_forgotten_patch_stays_forgotten_when_another_writer_saved(nb: Path) -> None:
    fill(DSPMMemory()).save(nb)
    mine, theirs = DSPMMemory(), DSPMMemory()
    mine.load(nb)
    theirs.load(nb)
    batch = mine.store.find("batch size")[0]
    mine.forget(batch.id)
    theirs.add_turn("user", "The upload size must not exceed 25 MB.")
    theirs.save(nb)
    mine.save(nb)
    texts = _texts(nb)
    assert "The upload size must not exceed 25 MB." in texts  # their turn is kept
    assert batch.text not in texts  # and what I forgot is not brought back by it


def test_another_writers_revision_is_merged_by_the_slot_rules(nb: Path) -> None:
    first = DSPMMemory()
    first.add_turn("user", "Set the webhook timeout to 30 seconds.")
    first.save(nb)
    mine, theirs = DSPMMemory(), DSPMMemory()
    mine.load(nb)
    theirs.load(nb)
    theirs.add_turn("user", "Change the webhook timeout to 10 seconds.")
    theirs.save(nb)
    mine.add_turn("user", "Reports must be exported as CSV.")
    mine.save(nb)
    after = DSPMMemory()
    after.load(nb, strict=True)
    webhook = after.store.find("webhook timeout")
    assert len(webhook) == 1 and webhook[0].value == "10 seconds"
    assert "Reports must be exported as CSV." in {p.text for p in after.all_patches}
    assert mine.store.find("webhook timeout")[0].value == "10 seconds"  # mine learned it too


def test_retried_pending_turns_are_not_pending_again(nb: Path) -> None:
    extractor = FlakyExtractor()
    seed = DSPMMemory(extractor=extractor)
    for text in FAILING:
        seed.add_turn("user", text)
    seed.save(nb)
    mine = DSPMMemory(extractor=FlakyExtractor())
    theirs = DSPMMemory(extractor=FlakyExtractor())
    mine.load(nb)
    theirs.load(nb)
    mine.extractor.failing = False
    mine.retry_pending()
    assert mine.pending_turns == []
    theirs.add_turn("user", "Reports must be exported as CSV.")
    theirs.save(nb)  # still has both turns pending
    mine.save(nb)
    after = DSPMMemory()
    after.load(nb, strict=True)
    assert after.pending_turns == []
    assert "Reports must be exported as CSV." in {p.text for p in after.all_patches}


def test_reset_then_save_empties_the_notebook(nb: Path) -> None:
    fill(DSPMMemory()).save(nb)
    m = DSPMMemory()
    m.load(nb)
    m.reset()
    m.save(nb)
    assert _texts(nb) == set()
    assert Path(f"{nb}.bak").exists()  # the old notebook is one step back


def test_saving_over_a_notebook_never_loaded_keeps_its_patches(nb: Path) -> None:
    saved = fill(DSPMMemory())
    saved.save(nb)
    m = DSPMMemory()  # a second chat that forgot to load first
    m.add_turn("user", "Reports must be exported as CSV.")
    m.save(nb)
    assert {p.text for p in saved.all_patches} | {"Reports must be exported as CSV."} <= _texts(nb)


def test_an_unchanged_notebook_is_not_merged_again(nb: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    m = fill(DSPMMemory())
    m.save(nb)
    m.load(nb)

    def no_merge(*args: object) -> int:
        raise AssertionError("merged a notebook this memory already holds")
    monkeypatch.setattr(jsonfile, "merge_state", no_merge)
    m.add_turn("user", "Reports must be exported as CSV.")
    m.save(nb)
    m.save(nb)
    monkeypatch.undo()
    assert "Reports must be exported as CSV." in _texts(nb)


def test_the_file_is_what_json_dumps_writes(nb: Path) -> None:
    import json

    m = fill(DSPMMemory())
    m.add_patch("constraint", "Le délai ne doit pas dépasser 10 secondes \ud800 ✓.")
    m.save(nb)
    assert nb.read_bytes() == (json.dumps(m.to_dict(), ensure_ascii=True, separators=(",", ":"))
                               + "\n").encode("ascii")
