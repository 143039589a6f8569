"""The contract every store keeps, run against each of them: the notebook file, SQLite,
PostgreSQL and the LangGraph store path (DSPMMiddleware over LangGraph's PostgresStore).
A store is done when it passes this module. The PostgreSQL-backed ones run on a real
server (tests/conftest.py), never skipped in CI.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from dspm_core import CorruptNotebookError, PersistenceError

from ..conftest import FAILING, FlakyExtractor
from .backends import KINDS, Backend, env

WORKER = Path(__file__).with_name("worker.py")
CONVERSATION = [
    "Set the webhook timeout to 30 seconds.",
    "The API rate limit must not exceed 100 requests per minute.",
    "Change the webhook timeout to 10 seconds.",
    "Let's use PostgreSQL for the primary database.",
    "The batch size is 500 records.",
    "Switch the primary database from PostgreSQL to MySQL.",
]

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX processes and signals")


@pytest.fixture(params=sorted(KINDS))
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Backend]:
    kind = request.param
    if kind == "notebook":
        yield KINDS[kind](str(tmp_path))
    elif kind == "sqlite":
        yield KINDS[kind](str(tmp_path / "memory.db"))
    else:
        b = KINDS[kind](request.getfixturevalue("pg_dsn"))
        if kind == "langgraph":
            b.setup()  # type: ignore[attr-defined]
        yield b


def _child(backend: Backend, *args: str, timeout: float = 120) -> str:
    done = subprocess.run([sys.executable, str(WORKER), backend.spec, *args], env=env(),
                          capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def _fill(backend: Backend, user: str, texts: list[str]) -> None:
    handle = backend.open(user)
    try:
        for text in texts:
            handle.add_turn(text)
    finally:
        handle.close()


def _context(backend: Backend, user: str, *, fresh_process: bool = False
             ) -> tuple[str, list[str]]:
    """The context and pending turns of ``user`` as a new memory object reads them (in a
    child process when ``fresh_process``)."""
    from .backends import QUERY

    if fresh_process:
        out = json.loads(_child(backend, "context", user, QUERY))
        return out["context"], out["pending"]
    handle = backend.open(user)
    try:
        return handle.context(QUERY), handle.pending()
    finally:
        handle.close()


def test_round_trip_gives_a_byte_identical_context_in_a_fresh_process(backend: Backend) -> None:
    handle = backend.open("u1")
    for text in CONVERSATION:
        handle.add_turn(text)
    here = handle.context()
    handle.close()
    assert "10 seconds" in here and "MySQL" in here
    there, _ = _context(backend, "u1", fresh_process=True)
    assert there.encode() == here.encode()


def test_users_are_isolated(backend: Backend) -> None:
    _fill(backend, "alice", ["The webhook timeout must be at most 10 seconds."])
    _fill(backend, "bob", ["Let's use PostgreSQL for the primary database."])
    alice, _ = _context(backend, "alice")
    bob, _ = _context(backend, "bob")
    assert "10 seconds" in alice and "PostgreSQL" not in alice
    assert "PostgreSQL" in bob and "10 seconds" not in bob
    assert backend.delete_user("alice")
    assert "PostgreSQL" in _context(backend, "bob")[0]


def test_pending_turns_survive_and_are_applied_once(backend: Backend) -> None:
    extractor = FlakyExtractor()
    handle = backend.open("u1", extractor)
    handle.add_turn(CONVERSATION[0])
    for text in FAILING:
        handle.add_turn(text)
    handle.close()
    _, pending = _context(backend, "u1", fresh_process=True)  # another process sees them
    assert pending == list(FAILING)
    extractor.failing = False
    handle = backend.open("u1", extractor)
    handle.add_turn(CONVERSATION[1])  # the pending turns are retried first
    assert handle.pending() == []
    texts = handle.texts()
    handle.close()
    assert sum("retention period" in t for t in texts) == 1
    assert sum("upload size" in t for t in texts) == 1
    assert _context(backend, "u1")[1] == []


def test_reset_and_delete(backend: Backend) -> None:
    _fill(backend, "u1", CONVERSATION)
    _fill(backend, "u2", ["The batch size is 500 records."])
    handle = backend.open("u1")
    handle.reset()
    handle.close()
    assert _context(backend, "u1")[0] == ""
    _fill(backend, "u1", ["Reports must be exported as CSV."])  # a reset user starts over
    assert "CSV" in _context(backend, "u1")[0]
    assert backend.delete_user("u1")
    assert _context(backend, "u1")[0] == ""
    assert "500 records" in _context(backend, "u2")[0]
    assert backend.delete_user("nobody") is False


def test_concurrent_writers_in_several_processes_lose_no_turn(backend: Backend,
                                                              tmp_path: Path) -> None:
    writers, turns = ("a", "b", "c"), 8
    _fill(backend, "u1", [CONVERSATION[0]])  # the store (tables, file) exists
    go = tmp_path / "go"
    procs = [subprocess.Popen([sys.executable, str(WORKER), backend.spec, "write", "u1", who,
                               str(turns), str(go)], env=env(), stderr=subprocess.PIPE, text=True)
             for who in writers]
    time.sleep(1.0)  # every child imported and waiting
    go.touch()
    for p in procs:
        _, err = p.communicate(timeout=300)
        assert p.returncode == 0, err[-3000:]
    handle = backend.open("u1")
    texts = handle.texts()
    handle.close()
    expected = {f"The storage quota for job {w}-{i} is {i + 1} GB."
                for w in writers for i in range(turns)}
    assert not expected - texts, f"lost {sorted(expected - texts)[:3]}"


def test_a_writer_killed_mid_transaction_loses_no_committed_turn(backend: Backend) -> None:
    rng = random.Random(18)
    _fill(backend, "u1", [CONVERSATION[0]])
    committed: set[str] = set()
    for _ in range(2):
        child = subprocess.Popen([sys.executable, str(WORKER), backend.spec, "loop", "u1"],
                                 env=env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True)
        assert child.stdout is not None
        first = child.stdout.readline()  # it has committed a turn: it is writing now
        assert first.strip().isdigit(), child.stderr.read() if child.stderr else ""
        time.sleep(rng.uniform(0.05, 0.3))
        os.kill(child.pid, signal.SIGKILL)
        out, _ = child.communicate(timeout=30)
        steps = [int(x) for x in (first + out).split()]
        committed |= {f"The storage quota for job loop-{i} is {i + 1} GB." for i in steps}
        handle = backend.open("u1")  # the store opens and reads after the kill
        texts = handle.texts()
        handle.close()
        assert not committed - texts, f"lost {sorted(committed - texts)[:3]}"


def test_corrupt_rows_are_refused_with_a_clear_error(backend: Backend) -> None:
    _fill(backend, "u1", CONVERSATION[:2])
    _fill(backend, "u2", ["The batch size is 500 records."])
    backend.corrupt("u1")
    with pytest.raises(CorruptNotebookError):
        backend.open("u1").context()
    assert "500 records" in _context(backend, "u2")[0]  # other users are unaffected


def test_foreign_rows_are_refused_with_a_clear_error(backend: Backend) -> None:
    _fill(backend, "u1", CONVERSATION[:2])
    backend.foreign("u1")
    with pytest.raises(PersistenceError):
        backend.open("u1").context()
