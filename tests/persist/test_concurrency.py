"""Concurrency: 4 processes x 250 turns into one SQLite file, and 8 threads in one process.

Every turn is accounted for (one row each, indexes 0..n-1 without gaps or duplicates,
one patch each), no ``database is locked`` (or any other error) reaches a caller, and a
memory opened afterwards is identical to what each writer ended with.
"""

from __future__ import annotations

import multiprocessing as mp
import sys
import threading
import time
import traceback
from pathlib import Path

import pytest

from dspm_core import DSPMMemory
from dspm_core.persist.sqlite import SQLiteStore

PROCS = 4
TURNS = 250

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="uses fork")


@pytest.fixture(autouse=True, scope="module")
def _warm() -> None:
    """Build the tokenizer and load the word list once, before any fork (each child would
    otherwise spend a third of a second on them)."""
    DSPMMemory().add_turn("user", _text("warm", 0))


def _text(who: str, i: int) -> str:
    return f"The storage quota for job {who}-{i} is {i + 1} GB."


def _writer(path: str, user_id: str, who: str, out: mp.Queue) -> None:
    try:
        store = SQLiteStore(path)
        memory = DSPMMemory(store=store, user_id=user_id, session_id=f"session-{who}")
        for i in range(TURNS):
            memory.add_turn("user", _text(who, i))
        out.put((who, None, None))
        barrier_file = Path(path + f".done-{who}")
        barrier_file.touch()
        # wait for the other writers, then report the memory this process ends with
        while len(list(Path(path).parent.glob(Path(path).name + ".done-*"))) < PROCS:
            time.sleep(0.01)
        memory.load()
        out.put((who, "state", memory.to_dict()))
    except BaseException:  # noqa: BLE001 - reported to the test
        out.put((who, traceback.format_exc(), None))


def _run_processes(path: Path, user_for: dict[str, str]) -> dict[str, dict]:
    ctx = mp.get_context("fork")
    out: mp.Queue = ctx.Queue()
    procs = [ctx.Process(target=_writer, args=(str(path), uid, who, out))
             for who, uid in user_for.items()]
    for p in procs:
        p.start()
    errors, states = [], {}
    for _ in range(2 * len(procs)):
        who, err, state = out.get(timeout=120)
        if err == "state":
            states[who] = state
        elif err is not None:
            errors.append(err)
            break
    for p in procs:
        p.join(60)
    assert errors == [], errors[0]
    assert [p.exitcode for p in procs] == [0] * len(procs)
    return states


def _check_user(store: SQLiteStore, user_id: str, writers: list[str],
                each: int = TURNS) -> DSPMMemory:
    turns = store.turns(user_id)
    n = len(writers) * each
    assert [t["index"] for t in turns] == list(range(n))  # every turn once, no gaps
    assert sorted(t["text"] for t in turns) == sorted(_text(w, i) for w in writers
                                                      for i in range(each))
    assert {t["status"] for t in turns} == {"done"}
    for w in writers:  # each writer's own turns kept their order
        mine = [t["text"] for t in turns if t["session_id"] == f"session-{w}"]
        assert mine == [_text(w, i) for i in range(each)]
    fresh = DSPMMemory(store=store, user_id=user_id)
    texts = [p.text for p in fresh.all_patches]
    assert len(texts) == n and set(texts) == {t["text"] for t in turns}  # one patch per turn
    ids = [p.id for p in fresh.all_patches]
    assert len(set(ids)) == n
    assert fresh.stats["turns"] == n
    return fresh


def test_four_processes_different_users(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    SQLiteStore(path).close()
    users = {f"w{k}": f"user-{k}" for k in range(PROCS)}
    states = _run_processes(path, users)
    store = SQLiteStore(path)
    for who, uid in users.items():
        fresh = _check_user(store, uid, [who])
        assert fresh.to_dict() == states[who]  # identical in another process
    assert store.users() == sorted(users.values())
    store.close()


def test_four_processes_same_user(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    SQLiteStore(path).close()
    writers = [f"w{k}" for k in range(PROCS)]
    states = _run_processes(path, {w: "shared" for w in writers})
    store = SQLiteStore(path)
    fresh = _check_user(store, "shared", writers)
    for w in writers:
        assert states[w] == fresh.to_dict()  # every process ends with the same memory
    store.close()


def test_eight_threads_one_process(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "memory.db")
    per_thread = 100
    shared = DSPMMemory(store=store, user_id="one-memory")  # one object, 4 threads
    errors: list[str] = []

    def run(memory: DSPMMemory, who: str) -> None:
        try:
            for i in range(per_thread):
                memory.add_turn("user", _text(who, i), session_id=f"session-{who}")
        except BaseException:  # noqa: BLE001 - reported to the test
            errors.append(traceback.format_exc())

    threads = [threading.Thread(target=run, args=(shared, f"a{k}")) for k in range(4)]
    # 4 more threads, each with its own memory (own connection) on one user
    threads += [threading.Thread(target=run, args=(DSPMMemory(store=store, user_id="many-memories"),
                                                   f"b{k}")) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [], errors[0]
    fresh = _check_user(store, "one-memory", [f"a{k}" for k in range(4)], per_thread)
    assert fresh.to_dict() == shared.to_dict()
    _check_user(store, "many-memories", [f"b{k}" for k in range(4)], per_thread)
    store.close()


def _opener(path: str, k: int, go: mp.Event, out: mp.Queue) -> None:
    try:
        go.wait(30)
        store = SQLiteStore(path)  # creating tables and switching to WAL, all at once
        DSPMMemory(store=store, user_id=f"u{k % 2}").add_turn("user", _text(f"o{k}", 0))
        out.put(None)
    except BaseException:  # noqa: BLE001 - reported to the test
        out.put(traceback.format_exc())


def test_processes_creating_the_database_at_once(tmp_path: Path) -> None:
    ctx = mp.get_context("fork")
    for round_ in range(2):
        path = str(tmp_path / f"new-{round_}.db")
        go, out = ctx.Event(), ctx.Queue()
        procs = [ctx.Process(target=_opener, args=(path, k, go, out)) for k in range(PROCS)]
        for p in procs:
            p.start()
        go.set()
        errors = [e for e in (out.get(timeout=60) for _ in procs) if e]
        for p in procs:
            p.join(30)
        assert errors == [], errors[0]
        store = SQLiteStore(path)
        assert len(store.turns("u0")) + len(store.turns("u1")) == PROCS
        store.close()
