"""Crash safety: a child saving in a loop is killed with SIGKILL at random moments.

After each of 100 kills the notebook loads strictly (no fallback on the .bak) and holds
every turn up to the child's last completed save. The child is forked from a process
that has already loaded the notebook, as a chat would at its start, so each round is
cheap and the kill lands in every phase of a save (serialising, writing, fsync, rename,
directory fsync, lock).
"""

from __future__ import annotations

import multiprocessing as mp
import os
import random
import signal
import sys
import time
from pathlib import Path

import pytest

from dspm_core import DSPMMemory
from dspm_core.persist.jsonfile import read_notebook

from .conftest import fill

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="fork and SIGKILL")

KILLS = 100


def _text(round_: int, step: int) -> str:
    return f"The quota for batch job r{round_}s{step} is {step + 1} GB."


def _saver(memory: DSPMMemory, path: str, round_: int, last: mp.Value, running: mp.Event) -> None:
    running.set()
    step = 0
    while True:
        memory.add_turn("user", _text(round_, step))
        memory.save(path)
        last.value = step  # only after save() returned
        step += 1


def test_sigkill_during_saves_never_loses_a_completed_save(tmp_path: Path) -> None:
    ctx = mp.get_context("fork")
    path = tmp_path / "notes.json"
    base = fill(DSPMMemory())
    for i in range(60):  # enough patches that a save takes a few milliseconds
        base.add_turn("user", f"The retention period for archive tier {i} is at most {i + 1} days.")
    base.save(path)
    rng = random.Random(20261130)
    expected: set[str] = set()
    turns_expected = base.stats["turns"]
    kills_during_first_save = 0
    tmp_left = 0
    memory = DSPMMemory()
    memory.load(path, strict=True)  # start of a chat
    for round_ in range(KILLS):
        last = ctx.Value("i", -1, lock=False)  # a killed child must not die holding a lock
        running = ctx.Event()
        child = ctx.Process(target=_saver, args=(memory, str(path), round_, last, running))
        child.start()
        assert running.wait(10)
        # a random moment: before, during or between saves
        time.sleep(rng.uniform(0.0, 0.05))
        os.kill(child.pid, signal.SIGKILL)
        child.join(10)
        assert child.exitcode == -signal.SIGKILL
        completed = last.value
        kills_during_first_save += completed < 0
        expected.update(_text(round_, s) for s in range(completed + 1))
        turns_expected += completed + 1
        # the notebook loads without any fallback and holds every completed save
        after = DSPMMemory()
        after.load(path, strict=True)
        texts = {p.text for p in after.all_patches}
        missing = expected - texts
        assert not missing, f"round {round_}: lost {sorted(missing)[:3]}"
        assert after.stats["turns"] >= turns_expected
        assert not [p for p in tmp_path.iterdir() if ".corrupt." in p.name]
        # at most the temporary files of the one killed save are left (its new notebook and
        # its link to the backup); every save first removes those of a crashed one
        temps = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
        assert len(temps) <= 2
        tmp_left += bool(temps)
        bak = Path(f"{path}.bak")
        if bak.exists():
            assert read_notebook(bak) is not None  # the backup is a whole notebook too
        memory = after  # the next chat starts from what was loaded
    assert expected and tmp_left  # kills landed both between and in the middle of saves
    print(f"{KILLS} kills, {len(expected)} completed saves, "
          f"{kills_during_first_save} kills before a round's first save completed, "
          f"{tmp_left} kills in the middle of a save (its temporary files left behind)")


def _db_writer(path: str, round_: int, last: mp.Value, running: mp.Event) -> None:
    from dspm_core.persist.sqlite import SQLiteStore

    memory = DSPMMemory(store=SQLiteStore(path), user_id="u1", session_id=f"r{round_}")
    running.set()
    step = 0
    while True:
        memory.add_turn("user", _text(round_, step))
        last.value = step  # only after add_turn() returned: committed
        step += 1


def test_sigkill_during_sqlite_turns_keeps_every_committed_turn(tmp_path: Path) -> None:
    from dspm_core.persist.sqlite import SQLiteStore

    ctx = mp.get_context("fork")
    path = tmp_path / "memory.db"
    SQLiteStore(path).close()
    rng = random.Random(7)
    committed = 0
    for round_ in range(20):
        last = ctx.Value("i", -1, lock=False)  # a killed child must not die holding a lock
        running = ctx.Event()
        child = ctx.Process(target=_db_writer, args=(str(path), round_, last, running))
        child.start()
        assert running.wait(10)
        time.sleep(rng.uniform(0.0, 0.04))
        os.kill(child.pid, signal.SIGKILL)
        child.join(10)
        done = last.value + 1  # turns the child saw committed this round
        store = SQLiteStore(path)
        turns = store.turns("u1")
        memory = DSPMMemory(store=store, user_id="u1")
        # all or nothing per turn: a row for every turn the child saw committed (and at
        # most the one in flight), with its patch, and counters that agree
        assert committed + done <= len(turns) <= committed + done + 1
        assert [t["index"] for t in turns] == list(range(len(turns)))
        assert {p.text for p in memory.all_patches} == {t["text"] for t in turns}
        assert memory.stats["turns"] == len(turns)
        store.close()
        committed = len(turns)
