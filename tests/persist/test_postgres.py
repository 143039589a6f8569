"""PostgresStore against a real server (see tests/conftest.py): what only PostgreSQL has -
the advisory lock per user, lock, statement and pool timeouts, a connection lost mid-turn,
the DSN's password kept out of errors and logs, schema migrations. The contract it shares
with every store is in tests/persist/conformance/."""

from __future__ import annotations

import asyncio
import logging
import threading
import time

import psycopg
import pytest

from dspm_core import (
    ConfigError,
    DSPMMemory,
    LockTimeoutError,
    PersistenceError,
    PoolExhaustedError,
    PostgresStore,
    StatementTimeoutError,
    StoreUnavailableError,
)
from dspm_core.persist.postgres import PG_SCHEMA_VERSION, _lock_key

TURN = "The webhook timeout must be at most 10 seconds."


def _rows(dsn: str, user: str) -> list[tuple[int, str]]:
    with psycopg.connect(dsn) as conn:
        return conn.execute("SELECT idx, status FROM dspm_turns WHERE user_id = %s ORDER BY idx",
                            (user,)).fetchall()


class _UserLock:
    """Another writer holding a user's advisory lock, on a connection of its own."""

    def __init__(self, dsn: str, user: str) -> None:
        self.conn = psycopg.connect(dsn)
        self.conn.execute("SELECT pg_advisory_xact_lock(%s)", (_lock_key(user),))

    def release(self) -> None:
        self.conn.rollback()
        self.conn.close()


def _waiting_backend(dsn: str, timeout: float = 10.0) -> int:
    """The pid of the backend waiting for an advisory lock."""
    deadline = time.monotonic() + timeout
    with psycopg.connect(dsn, autocommit=True) as conn:
        while time.monotonic() < deadline:
            row = conn.execute("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND "
                               "NOT granted").fetchone()
            if row:
                return int(row[0])
            time.sleep(0.02)
    raise AssertionError("no backend waited for the user's lock")


# ---------------------------------------------------------------------- the DSN's password
def test_a_wrong_password_is_a_clear_error_without_the_password(pg_dsn: str,
                                                                caplog: pytest.LogCaptureFixture
                                                                ) -> None:
    from psycopg.conninfo import make_conninfo

    secret = "s3cret-Pa55word-never-shown"
    bad = make_conninfo(pg_dsn, password=secret)
    caplog.set_level(logging.DEBUG)
    with pytest.raises(StoreUnavailableError) as info:
        PostgresStore(bad, connect_timeout=5)
    text = str(info.value) + repr(info.value.args) + str(info.value.__cause__)
    assert "password authentication failed" in text
    assert secret not in text
    assert secret not in caplog.text
    url = f"postgresql://dspm:{secret}@/nowhere?host=/nonexistent-dir"
    with pytest.raises(StoreUnavailableError) as info:
        PostgresStore(url, connect_timeout=1)
    assert secret not in str(info.value) and secret not in caplog.text


def test_the_password_is_not_in_the_label_repr_or_an_error_of_an_open_store(pg_dsn: str) -> None:
    from psycopg.conninfo import conninfo_to_dict

    password = conninfo_to_dict(pg_dsn)["password"]
    store = PostgresStore(pg_dsn)
    assert password not in repr(store) and password not in store.label
    assert "dbname=" in store.label
    store.close()
    with pytest.raises(PersistenceError) as info:
        DSPMMemory(store=store, user_id="u1")
    assert password not in str(info.value) and "closed" in str(info.value)


def test_a_malformed_dsn_is_refused_without_echoing_it() -> None:
    with pytest.raises(ConfigError) as info:
        PostgresStore("host=x password='unterminated-secret")
    assert "unterminated-secret" not in str(info.value)
    with pytest.raises(ConfigError):
        PostgresStore("")
    with pytest.raises(ConfigError):
        PostgresStore("host=x", min_size=5, max_size=2)
    with pytest.raises(ConfigError):
        PostgresStore("host=x", lock_timeout=-1)


# ---------------------------------------------------------------------- timeouts and the pool
def test_a_lock_held_past_lock_timeout_raises_and_keeps_the_turn_pending(pg_dsn: str) -> None:
    store = PostgresStore(pg_dsn, lock_timeout=0.3)
    memory = DSPMMemory(store=store, user_id="u1")
    other = DSPMMemory(store=store, user_id="u2")
    held = _UserLock(pg_dsn, "u1")
    try:
        t0 = time.monotonic()
        with pytest.raises(LockTimeoutError, match="lock"):
            memory.add_turn("user", TURN)
        assert time.monotonic() - t0 < 5
        assert [t.text for t in memory.pending_turns] == [TURN]
        other.add_turn("user", "Reports must be exported as CSV.")  # another user never waits
    finally:
        held.release()
    memory.retry_pending()
    assert memory.pending_turns == []
    assert _rows(pg_dsn, "u1") == [(0, "done")]
    assert "10 seconds" in DSPMMemory(store=store, user_id="u1").get_context("webhook timeout")
    store.close()


def test_a_statement_past_statement_timeout_raises(pg_dsn: str) -> None:
    store = PostgresStore(pg_dsn, statement_timeout=0.2)
    with pytest.raises(StatementTimeoutError, match="statement_timeout"):
        store.write(lambda conn: conn.execute("SELECT pg_sleep(2)"), "sleep", "u1")
    assert store.users() == []  # the store still works
    store.close()


async def test_pool_exhaustion_under_async_load_is_a_clear_error_and_loses_nothing(
        pg_dsn: str) -> None:
    store = PostgresStore(pg_dsn, max_size=1, pool_timeout=0.3)
    memory = DSPMMemory(store=store, user_id="u1")
    taken, release = threading.Event(), threading.Event()

    def hold(conn: object) -> None:
        taken.set()
        release.wait(10)

    holder = threading.Thread(target=store.write, args=(hold, "hold", "other"))
    holder.start()
    assert taken.wait(10)
    try:
        results = await asyncio.gather(
            *(memory.aadd_turn("user", f"The quota for job {i} is {i + 1} GB.")
              for i in range(4)), return_exceptions=True)
        assert results and all(isinstance(r, PoolExhaustedError) for r in results), results
        assert "max_size=1" in str(results[0])
        assert len(memory.pending_turns) == 4
    finally:
        release.set()
        holder.join(10)
    await memory.aretry_pending()
    assert memory.pending_turns == []
    assert [s for _, s in _rows(pg_dsn, "u1")] == ["done"] * 4
    store.close()


async def test_aadd_turn_never_blocks_the_event_loop_on_the_database(pg_dsn: str) -> None:
    store = PostgresStore(pg_dsn)
    memory = DSPMMemory(store=store, user_id="u1")
    held = _UserLock(pg_dsn, "u1")
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    task = asyncio.create_task(ticker())
    turn = asyncio.create_task(memory.aadd_turn("user", TURN))
    await asyncio.sleep(0.5)  # the turn waits for the lock, the loop keeps running
    assert not turn.done()
    assert ticks >= 20
    held.release()
    await turn
    task.cancel()
    assert _rows(pg_dsn, "u1") == [(0, "done")]
    store.close()


# ---------------------------------------------------------------------- the server lost mid-turn
def test_a_connection_lost_mid_turn_leaves_the_turn_pending_and_applied_once(pg_dsn: str) -> None:
    store = PostgresStore(pg_dsn)
    memory = DSPMMemory(store=store, user_id="u1")
    memory.add_turn("user", "Reports must be exported as CSV.")
    held = _UserLock(pg_dsn, "u1")
    errors: list[BaseException] = []

    def turn() -> None:
        try:
            memory.add_turn("user", TURN)
        except BaseException as exc:  # noqa: BLE001 - asserted below
            errors.append(exc)

    worker = threading.Thread(target=turn)
    worker.start()
    pid = _waiting_backend(pg_dsn)  # the turn's transaction, inside, waiting for the lock
    with psycopg.connect(pg_dsn, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
    worker.join(20)
    held.release()
    assert len(errors) == 1 and isinstance(errors[0], StoreUnavailableError), errors
    assert "was lost" in str(errors[0])
    assert [t.text for t in memory.pending_turns] == [TURN]
    assert _rows(pg_dsn, "u1") == [(0, "done")]
    memory.add_turn("user", "Let's use PostgreSQL for the primary database.")
    assert memory.pending_turns == []
    assert _rows(pg_dsn, "u1") == [(0, "done"), (1, "done"), (2, "done")]
    fresh = DSPMMemory(store=store, user_id="u1")
    assert fresh.get_context() == memory.get_context()
    assert "10 seconds" in fresh.get_context("webhook timeout")
    store.close()


# ---------------------------------------------------------------------- schema
def test_a_version_1_database_is_migrated_and_a_newer_one_refused(pg_dsn: str) -> None:
    from dspm_core.persist.postgres import _SCHEMA

    with psycopg.connect(pg_dsn) as conn:
        for stmt in _SCHEMA:
            conn.execute(stmt)
        conn.execute("INSERT INTO dspm_meta (key, value) VALUES ('schema_version', '1')")
    store = PostgresStore(pg_dsn)
    with psycopg.connect(pg_dsn) as conn:
        version = conn.execute("SELECT value FROM dspm_meta").fetchone()
        cols = {r[0] for r in conn.execute("SELECT column_name FROM information_schema.columns "
                                           "WHERE table_name = 'dspm_turns'")}
    assert version == (str(PG_SCHEMA_VERSION),) and "turn_key" in cols
    DSPMMemory(store=store, user_id="u1").add_turn("user", TURN)
    store.close()
    with psycopg.connect(pg_dsn) as conn:
        conn.execute("UPDATE dspm_meta SET value = '99'")
    with pytest.raises(PersistenceError, match="newer than this release"):
        PostgresStore(pg_dsn)


def test_a_database_of_other_tables_is_refused(pg_dsn: str) -> None:
    with psycopg.connect(pg_dsn) as conn:
        conn.execute("CREATE TABLE dspm_meta (k INTEGER)")
    with pytest.raises(PersistenceError):
        PostgresStore(pg_dsn)


@pytest.mark.parametrize("kind", ["postgres", "sqlite"])
def test_a_commit_that_landed_with_its_reply_lost_is_applied_once(kind: str, pg_dsn: str,
                                                                   tmp_path) -> None:
    """The commit reaches the database but the reply does not: the turn is kept pending;
    a pin committed before the retry must not store it again as a pending row, and the
    retry finds the committed row by its key."""
    from dspm_core.persist.sqlite import SQLiteStore

    store = PostgresStore(pg_dsn) if kind == "postgres" else SQLiteStore(tmp_path / "m.db")
    memory = DSPMMemory(store=store, user_id="u1")
    memory.add_turn("user", "Reports must be exported as CSV.")
    binding = memory._backend
    real_write = binding.db.write

    def write_then_lose_reply(*args, **kwargs):  # type: ignore[no-untyped-def]
        result = real_write(*args, **kwargs)
        binding.db.write = real_write
        raise StoreUnavailableError("the connection was lost before the reply arrived")

    binding.db.write = write_then_lose_reply
    with pytest.raises(StoreUnavailableError):
        memory.add_turn("user", TURN)
    assert [t.text for t in memory.pending_turns] == [TURN]
    rule = next(p for p in memory.all_patches if "CSV" in p.text)
    memory.pin(rule.id)  # commits while the turn is pending
    memory.retry_pending()
    assert memory.pending_turns == []
    fresh = DSPMMemory(store=store, user_id="u1")
    texts = [p.text for p in fresh.all_patches]
    assert sum("10 seconds" in t for t in texts) == 1, texts
    assert fresh.stats["turns"] == 2
    store.close()
