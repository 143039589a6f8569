"""`dspm inspect`: what a notebook file or a user in a database holds, read-only."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from dspm_core import DSPMMemory
from dspm_core.cli import cli
from dspm_core.persist.sqlite import SQLiteStore

from .conftest import FAILING, FlakyExtractor, fill, rich_memory

FIXTURES = Path(__file__).parent / "fixtures"


def _run(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(cli, ["inspect", *args])
    return r.exit_code, r.output


def test_inspect_notebook_shows_patches_lineage_pending_counters(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    rich_memory().save(path)
    before = sorted(p.name for p in tmp_path.iterdir())
    code, out = _run(str(path))
    assert code == 0, out
    assert "turns 13" in out and "extraction failures 3" in out  # turn 11 twice, turn 12 once
    assert "webhook timeout = 5 seconds (was 10 seconds then 30 seconds)" in out
    assert re.search(r"\[user, turn \d+, pinned\] The API rate limit", out)
    assert "pending turns (2):" in out and FAILING[0] in out
    assert "forgotten" in out and "superseded" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # read-only: not even a lock


def test_inspect_json_is_the_notebook(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    m = rich_memory()
    m.save(path)
    code, out = _run(str(path), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["kind"] == "notebook" and data["state"] == m.to_dict()


def test_inspect_database_lists_users_and_shows_one(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    store = SQLiteStore(db)
    m = fill(DSPMMemory(store=store, user_id="u42", session_id="chat-1",
                        extractor=FlakyExtractor()))
    m.add_turn("user", FAILING[1])
    DSPMMemory(store=store, user_id="u7").add_turn("user", "Use MySQL.")
    code, out = _run(str(db))
    assert code == 0 and "2 user(s)" in out and "u42" in out and "u7" in out
    code, out = _run(str(db), "--user", "u42")
    assert code == 0, out
    assert "user u42" in out and "sessions: chat-1" in out and "pending turns (1):" in out
    assert "session chat-1" in out
    code, out = _run(str(db), "--user", "u42", "--json")
    data = json.loads(out)
    assert data["state"]["patches"] == m.to_dict()["patches"]
    assert data["state"]["pending_turns"][0]["text"] == FAILING[1]
    store.close()


def test_inspect_legacy_notebook_and_errors(tmp_path: Path) -> None:
    code, out = _run(str(FIXTURES / "dspm_memory_0_1_20.json"))
    assert code == 0 and "migrated from dspm-memory 0.1.x" in out and "(was Tuesday)" in out
    code, out = _run(str(tmp_path / "missing.json"))
    assert code != 0 and "no such file" in out
    (tmp_path / "bad.json").write_text("{nope")
    code, out = _run(str(tmp_path / "bad.json"))
    assert code != 0 and "not valid JSON" in out and "Traceback" not in out
    assert (tmp_path / "bad.json").read_text() == "{nope"  # never moved by inspect
    db = tmp_path / "m.db"
    SQLiteStore(db).close()
    code, out = _run(str(db), "--user", "../x")
    assert code != 0 and "user_id" in out
    code, out = _run(str(db), "--user", "ghost")
    assert code != 0 and "no user 'ghost'" in out
