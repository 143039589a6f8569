"""Round trip through a fresh process: get_context is byte-identical.

A notebook saved here and loaded by a new interpreter, and a user written here and
opened from SQLite by a new interpreter (and the other way round), render exactly the
same context at every budget and query, and hold the same state.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from dspm_core import DSPMMemory
from dspm_core.persist.sqlite import SQLiteStore

from .conftest import CONVERSATION, fill, rich_memory

ROOT = Path(__file__).resolve().parents[2]
QUERIES = ["", "webhook timeout", "which database do we use?", "API rate limit"]
BUDGETS = [40, 120, 250, 2000]

_CHILD = r"""
import json, sys
from dspm_core import DSPMMemory
from dspm_core.persist.sqlite import SQLiteStore

mode, target, queries, budgets = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), json.loads(sys.argv[4])
if mode == "notebook":
    m = DSPMMemory()
    m.load(target, strict=True)
elif mode == "sqlite-read":
    m = DSPMMemory(store=SQLiteStore(target), user_id="u42")
else:  # sqlite-write: build the memory here, for the parent to open
    m = DSPMMemory(store=SQLiteStore(target), user_id="u42", session_id="child")
    for role, text in json.loads(sys.argv[5]):
        m.add_turn(role, text)
out = {"state": m.to_dict(), "contexts": {}}
for b in budgets:
    m.budget = b
    for q in queries:
        out["contexts"][f"{b}|{q}"] = m.get_context(q)
sys.stdout.write(json.dumps(out))
"""


def _child(mode: str, target: str, conversation: str | None = None) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    argv = [sys.executable, "-c", _CHILD, mode, target, json.dumps(QUERIES), json.dumps(BUDGETS)]
    r = subprocess.run(argv + ([conversation] if conversation else []),
                       check=False, capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def _contexts(m: DSPMMemory) -> dict[str, str]:
    out = {}
    for b in BUDGETS:
        m.budget = b
        for q in QUERIES:
            out[f"{b}|{q}"] = m.get_context(q)
    return out


def test_notebook_round_trip_in_a_fresh_process(tmp_path: Path) -> None:
    m = rich_memory()
    m.save(tmp_path / "notes.json")
    child = _child("notebook", str(tmp_path / "notes.json"))
    mine = _contexts(m)
    assert child["contexts"] == mine  # byte-identical at every budget and query
    assert any(ctx for ctx in mine.values())
    state = m.to_dict()
    assert {k: v for k, v in child["state"].items() if k != "budget"} == \
        {k: v for k, v in state.items() if k != "budget"}


def test_sqlite_user_opened_in_a_fresh_process(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "memory.db")
    m = fill(DSPMMemory(store=store, user_id="u42", session_id="parent"))
    m.pin(m.store.find("API rate limit")[0].id)
    child = _child("sqlite-read", str(tmp_path / "memory.db"))
    assert child["contexts"] == _contexts(m)
    assert child["state"]["patches"] == m.to_dict()["patches"]
    store.close()


def test_sqlite_user_built_in_a_child_is_identical_here(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    SQLiteStore(path).close()
    child = _child("sqlite-write", str(path), json.dumps(CONVERSATION))
    store = SQLiteStore(path)
    here = DSPMMemory(store=store, user_id="u42")
    assert _contexts(here) == child["contexts"]
    state = here.to_dict()
    assert {k: v for k, v in state.items() if k != "budget"} == \
        {k: v for k, v in child["state"].items() if k != "budget"}
    store.close()
