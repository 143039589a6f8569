"""``dspm copy SRC DST --user ID``: a user's memory copied notebook -> SQLite -> PostgreSQL
-> notebook renders the very same context, with its lineage, journal and pending turns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dspm_core import DSPMMemory, PostgresStore, SQLiteStore
from dspm_core.cli import cli

from .conftest import rich_memory

QUERY = "webhook timeout database"


def _copy(*args: str, ok: bool = True) -> str:
    result = CliRunner().invoke(cli, ["copy", *args])
    assert (result.exit_code == 0) is ok, result.output
    return result.output


def test_round_trip_through_every_store_keeps_the_memory(tmp_path: Path, pg_dsn: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    original = rich_memory()
    src = tmp_path / "notes.json"
    original.save(src)
    db = tmp_path / "memory.db"
    assert "sqlite" in _copy(str(src), str(db), "--user", "u42")
    monkeypatch.setenv("DSPM_COPY_DSN", pg_dsn)
    out = _copy(str(db), "env:DSPM_COPY_DSN", "--user", "u42")
    assert "sqlite -> postgres" in out and "2 pending turns" in out
    back = tmp_path / "back.json"
    _copy(pg_dsn, str(back), "--user", "u42")

    copied = DSPMMemory()
    copied.load(back, strict=True)
    assert copied.get_context(QUERY) == original.get_context(QUERY)
    assert copied.get_context() == original.get_context()
    assert [t.text for t in copied.pending_turns] == [t.text for t in original.pending_turns]
    a, b = original.to_dict(), json.loads(back.read_text())
    assert [p["text"] for p in b["patches"]] == [p["text"] for p in a["patches"]]
    assert b["journal"] == a["journal"] and b["aliases"] == a["aliases"]
    # each store in between holds it too, for that user only
    for store in (SQLiteStore(db), PostgresStore(pg_dsn)):
        assert store.users() == ["u42"]
        m = DSPMMemory(store=store, user_id="u42")
        assert m.get_context(QUERY) == original.get_context(QUERY)
        store.close()


def test_copy_refuses_to_overwrite_without_replace_and_reports_clearly(tmp_path: Path,
                                                                       pg_dsn: str) -> None:
    src = tmp_path / "notes.json"
    m = DSPMMemory()
    m.add_turn("user", "Set the webhook timeout to 30 seconds.")
    m.save(src)
    _copy(str(src), pg_dsn, "--user", "u1")
    assert "--replace" in _copy(str(src), pg_dsn, "--user", "u1", ok=False)
    m.add_turn("user", "Change the webhook timeout to 10 seconds.")
    m.save(src)
    _copy(str(src), pg_dsn, "--user", "u1", "--replace")
    store = PostgresStore(pg_dsn)
    assert "10 seconds (was 30)" in DSPMMemory(store=store, user_id="u1").get_context()
    store.close()
    assert "no user 'ghost'" in _copy(pg_dsn, str(tmp_path / "x.json"), "--user", "ghost",
                                      ok=False)
    assert "needs --user" in _copy(str(src), str(tmp_path / "m.db"), ok=False)
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    wrong = make_conninfo(pg_dsn, password="not-the-password-123")
    out = _copy(str(src), wrong, "--user", "u2", ok=False)
    assert "password authentication failed" in out and "not-the-password-123" not in out
    assert conninfo_to_dict(pg_dsn)["password"] not in out
