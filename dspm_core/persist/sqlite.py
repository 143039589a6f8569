"""SQLiteStore: one database file for the memories of many users.

    store = SQLiteStore("memory.db")
    memory = DSPMMemory(store=store, user_id="u42", session_id="chat-7")
    memory.add_turn("user", "Reports must be exported as CSV.")   # committed when it returns

Memory is scoped to the user: a user's rules carry across their sessions, and
``session_id`` tags the turns. Users are strictly isolated (every row is keyed by the
user id, every query is parameterised, ids are validated).

The in-process :class:`~dspm_core.memory.DSPMMemory` is the working copy; the database is
the source of truth per user. Each ``add_turn`` / ``add_patch`` / ``pin`` / ``forget`` is one
``BEGIN IMMEDIATE`` transaction (WAL mode) that first replays whatever other processes
committed for the user since this memory last saw it, then merges the new facts, writes
the changed patches, new journal entries and the turn row, and bumps the user's version.
Extraction (possibly a slow LLM call) runs before, outside the transaction. A busy
database is waited for (``busy_timeout``, then retries); ``database is locked`` never
reaches the caller - only a :class:`~dspm_core.errors.LockTimeoutError` after
``busy_timeout`` seconds.

Connections are per thread (and per process: a forked child opens its own).
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from ..errors import CorruptNotebookError, CounterOverflowError, LockTimeoutError, PersistenceError
from ..limits import check_int
from ..state import FORMAT, SCHEMA_VERSION, NotebookValidationError, parse_state
from .ids import check_id

if TYPE_CHECKING:
    from typing_extensions import Self

    from ..memory import DSPMMemory
    from .binding import UserBinding

__all__ = ["DB_SCHEMA_VERSION", "SQLiteStore"]

T = TypeVar("T")
DB_SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS dspm_meta (
    key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS dspm_users (
    user_id TEXT PRIMARY KEY,
    generation TEXT NOT NULL,            -- changes when the user is reset or re-created
    version INTEGER NOT NULL,            -- bumped by every committed change
    turns INTEGER NOT NULL DEFAULT 0,
    conversation_tokens INTEGER NOT NULL DEFAULT 0,
    extraction_failures INTEGER NOT NULL DEFAULT 0,
    merges TEXT NOT NULL DEFAULT '{}',
    history_limit INTEGER,
    patch_seq INTEGER NOT NULL DEFAULT 0,
    journal_len INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    updated REAL NOT NULL);
CREATE TABLE IF NOT EXISTS dspm_patches (
    user_id TEXT NOT NULL, patch_id TEXT NOT NULL,
    seq INTEGER NOT NULL,                -- order of first storage
    version INTEGER NOT NULL,            -- user version that last wrote the row
    deleted INTEGER NOT NULL DEFAULT 0,  -- forgotten (kept so other processes see it)
    data TEXT,
    PRIMARY KEY (user_id, patch_id)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS dspm_patches_by_version ON dspm_patches (user_id, version);
CREATE TABLE IF NOT EXISTS dspm_journal (
    user_id TEXT NOT NULL, seq INTEGER NOT NULL, data TEXT NOT NULL,
    PRIMARY KEY (user_id, seq)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS dspm_turns (
    user_id TEXT NOT NULL, idx INTEGER NOT NULL, session_id TEXT,
    role TEXT NOT NULL, text NOT NULL,
    status TEXT NOT NULL,                -- 'done', or 'pending' while extraction fails
    tokens INTEGER NOT NULL, created REAL NOT NULL,
    PRIMARY KEY (user_id, idx)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS dspm_turns_pending ON dspm_turns (user_id, idx)
    WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS dspm_turns_by_session ON dspm_turns (user_id, session_id, idx);
CREATE TABLE IF NOT EXISTS dspm_aliases (
    user_id TEXT NOT NULL, long TEXT NOT NULL, short TEXT NOT NULL, version INTEGER NOT NULL,
    PRIMARY KEY (user_id, long)) WITHOUT ROWID;
"""

# SQLite's own busy handler sleeps in steps of up to 100 ms, far longer than a turn's
# transaction holds the lock: wait only briefly inside SQLite and poll in _retry instead.
_SQLITE_WAIT = 0.002
_USER_TABLES = ("dspm_patches", "dspm_journal", "dspm_turns", "dspm_aliases")


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None and code & 0xFF in (5, 6):  # SQLITE_BUSY, SQLITE_LOCKED (+ extended)
        return True
    msg = str(exc).lower()
    return "locked" in msg or "busy" in msg


def db_text(text: str) -> str | bytes:
    """A turn's text as SQLite can hold it (a lone surrogate cannot be UTF-8 text)."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")


def check_counters(where: str, **counters: int) -> None:
    """Refuse, before it is written, a counter (turns, tokens, sequence numbers) above
    :data:`~dspm_core.limits.MAX_INT`: the loaders would not read it back (SQLite itself
    holds up to 2**63 - 1)."""
    for name, value in counters.items():
        check_int(value, f"{where}: {name}", CounterOverflowError)


def from_db_text(value: str | bytes) -> str:
    return value.decode("utf-8", "surrogatepass") if isinstance(value, bytes) else value


class _Conn:
    """A thread's connection, remembered so close() can reach it (connections cannot be
    weakly referenced themselves)."""

    __slots__ = ("__weakref__", "conn", "pid")

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.pid = os.getpid()


class SQLiteStore:
    """Memories of many users in one SQLite file (WAL mode).

    Args:
        path: the database file (created with its tables when missing).
        busy_timeout: seconds to wait for another writer before
            :class:`~dspm_core.errors.LockTimeoutError` (default 30).
        durable: ``synchronous=FULL`` (default): a committed turn survives a power loss;
            ``False`` uses ``NORMAL`` (survives a crash of the process, faster).
        readonly: open without writing anything (for inspection).

    Pass it as ``DSPMMemory(store=..., user_id=...)``. The store may be shared by threads.
    """

    def __init__(self, path: str | os.PathLike[str], *, busy_timeout: float = 30.0,
                 durable: bool = True, readonly: bool = False) -> None:
        self.path = os.fspath(path)
        if not isinstance(busy_timeout, (int, float)) or busy_timeout < 0:
            raise PersistenceError(f"busy_timeout must be a non-negative number, got {busy_timeout!r}")
        self.busy_timeout = float(busy_timeout)
        self.durable = bool(durable)
        self.readonly = bool(readonly)
        self._local = threading.local()
        self._conns: weakref.WeakSet[_Conn] = weakref.WeakSet()
        self._conns_lock = threading.Lock()
        self._closed = False
        if readonly and not os.path.exists(self.path):
            raise PersistenceError(f"no database at {self.path}")
        self._retry(self._init_schema, "open the database")

    # ------------------------------------------------------------------ connections
    def _connect(self) -> sqlite3.Connection:
        if self.readonly:
            uri = "file:" + os.path.abspath(self.path).replace("?", "%3f").replace("#", "%23")
            conn = sqlite3.connect(uri + "?mode=ro", uri=True, timeout=_SQLITE_WAIT,
                                   isolation_level=None, check_same_thread=False)
        else:
            conn = sqlite3.connect(self.path, timeout=_SQLITE_WAIT, isolation_level=None,
                                   check_same_thread=False)
        try:
            if not self.readonly:
                conn.execute("PRAGMA journal_mode = WAL")
                conn.execute(f"PRAGMA synchronous = {'FULL' if self.durable else 'NORMAL'}")
        except BaseException:
            conn.close()
            raise
        return conn

    def _conn(self) -> sqlite3.Connection:
        if self._closed:
            raise PersistenceError(f"the store {self.path} is closed")
        holder: _Conn | None = getattr(self._local, "holder", None)
        if holder is None or holder.pid != os.getpid():  # a forked child never reuses it
            holder = _Conn(self._connect())
            self._local.holder = holder
            with self._conns_lock:
                self._conns.add(holder)
        return holder.conn

    def close(self) -> None:
        """Close every connection this store opened (in this process)."""
        self._closed = True
        with self._conns_lock:
            holders = list(self._conns)
            self._conns = weakref.WeakSet()
        for h in holders:
            if h.pid == os.getpid():
                h.conn.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ retries
    def _retry(self, fn: Callable[[], T], what: str) -> T:
        """Run ``fn`` until it gets past a busy database, for at most ``busy_timeout`` s."""
        deadline = time.monotonic() + self.busy_timeout
        delay = 0.0005
        while True:
            try:
                return fn()
            except sqlite3.OperationalError as exc:
                if not _is_busy(exc):
                    raise PersistenceError(f"cannot {what} ({self.path}): {exc}") from exc
                if time.monotonic() >= deadline:
                    raise LockTimeoutError(
                        f"cannot {what}: the database {self.path} stayed locked by another "
                        f"writer for more than {self.busy_timeout:g} s") from exc
            except sqlite3.DatabaseError as exc:  # not a database, disk image malformed, ...
                raise PersistenceError(f"cannot {what} ({self.path}): {exc}") from exc
            except CounterOverflowError:
                raise
            except OverflowError as exc:  # an integer parameter beyond SQLite's 64 bits
                raise CounterOverflowError(f"cannot {what} ({self.path}): {exc}") from exc
            time.sleep(delay * (0.5 + random.random()))
            delay = min(delay * 1.5, 0.005)

    @contextmanager
    def _tx(self, conn: sqlite3.Connection, write: bool) -> Iterator[sqlite3.Connection]:
        conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        try:
            yield conn
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def write(self, fn: Callable[[sqlite3.Connection], T], what: str = "write") -> T:
        """Run ``fn(conn)`` in one ``BEGIN IMMEDIATE`` transaction, retried while busy.

        ``fn`` may run more than once (a busy database rolls it back); it must start from
        what it reads in the transaction.
        """
        def attempt() -> T:
            conn = self._conn()
            with self._tx(conn, write=True):
                return fn(conn)
        if self.readonly:
            raise PersistenceError(f"cannot {what}: the store was opened read-only")
        return self._retry(attempt, what)

    def read(self, fn: Callable[[sqlite3.Connection], T], what: str = "read") -> T:
        """Run ``fn(conn)`` in one read transaction (a consistent snapshot)."""
        def attempt() -> T:
            conn = self._conn()
            with self._tx(conn, write=False):
                return fn(conn)
        return self._retry(attempt, what)

    def _init_schema(self) -> None:
        conn = self._conn()
        if self.readonly:
            self._check_version(conn)
            return
        with self._tx(conn, write=True):
            for stmt in _SCHEMA.split(";"):  # not executescript: it would COMMIT on its own
                if stmt.strip():
                    conn.execute(stmt)
            conn.execute("INSERT OR IGNORE INTO dspm_meta (key, value) VALUES ('schema_version', ?)",
                         (str(DB_SCHEMA_VERSION),))
            self._check_version(conn)

    def _check_version(self, conn: sqlite3.Connection) -> None:
        try:
            row = conn.execute("SELECT value FROM dspm_meta WHERE key = 'schema_version'").fetchone()
        except sqlite3.OperationalError as exc:
            if _is_busy(exc):
                raise
            raise PersistenceError(f"{self.path} is not a DSPM database: {exc}") from exc
        version = int(row[0]) if row and str(row[0]).isdigit() else None
        if version is None:
            raise PersistenceError(f"{self.path}: no DSPM schema version")
        if version > DB_SCHEMA_VERSION:
            raise PersistenceError(f"{self.path} has schema version {version}, newer than this "
                                   f"release reads ({DB_SCHEMA_VERSION}); upgrade dspm")

    # ------------------------------------------------------------------ memories
    def attach(self, memory: DSPMMemory, user_id: str, session_id: str | None = None) -> UserBinding:
        """Bind ``memory`` to ``user_id`` and load what the database holds for that user.

        Called by ``DSPMMemory(store=..., user_id=...)``.
        """
        from .binding import UserBinding

        binding = UserBinding(self, check_id(user_id, "user_id"),
                              None if session_id is None else check_id(session_id, "session_id"))
        binding.refresh(memory, initial=True)
        return binding

    # ------------------------------------------------------------------ users
    def users(self) -> list[str]:
        """Every user id held, sorted."""
        return self.read(lambda c: [r[0] for r in c.execute(
            "SELECT user_id FROM dspm_users ORDER BY user_id")], "list users")

    def sessions(self, user_id: str) -> list[str | None]:
        """The session ids that tag a user's turns, in order of first use."""
        uid = check_id(user_id)
        return self.read(lambda c: [r[0] for r in c.execute(
            "SELECT session_id FROM dspm_turns WHERE user_id = ? GROUP BY session_id "
            "ORDER BY MIN(idx)", (uid,))], "list sessions")

    def turns(self, user_id: str, session_id: str | None = None) -> list[dict[str, Any]]:
        """A user's turns in order (of one session when ``session_id`` is given)."""
        uid = check_id(user_id)
        sql = ("SELECT idx, session_id, role, text, status, tokens FROM dspm_turns "
               "WHERE user_id = ?")
        args: tuple[Any, ...] = (uid,)
        if session_id is not None:
            sql += " AND session_id = ?"
            args += (check_id(session_id, "session_id"),)
        sql += " ORDER BY idx"
        rows = self.read(lambda c: c.execute(sql, args).fetchall(), "read turns")
        return [{"index": r[0], "session_id": r[1], "role": r[2], "text": from_db_text(r[3]),
                 "status": r[4], "tokens": r[5]} for r in rows]

    def delete_user(self, user_id: str) -> bool:
        """Remove everything of a user (patches, journal, turns, aliases, counters).

        Returns whether the user existed. Memories still open on that user start over empty.
        """
        uid = check_id(user_id)

        def delete(conn: sqlite3.Connection) -> bool:
            for table in _USER_TABLES:
                conn.execute(f"DELETE FROM {table} WHERE user_id = ?", (uid,))
            return conn.execute("DELETE FROM dspm_users WHERE user_id = ?", (uid,)).rowcount > 0
        return self.write(delete, f"delete user {uid}")

    def export_user(self, user_id: str) -> dict[str, Any] | None:
        """A user's memory as a notebook dict (:meth:`DSPMMemory.to_dict` shape), validated;
        ``None`` for an unknown user."""
        uid = check_id(user_id)
        state = self.read(lambda c: _export(c, uid), f"export user {uid}")
        if state is not None:
            try:
                parse_state(state)
            except NotebookValidationError as exc:
                raise CorruptNotebookError(f"{self.path}, user {uid}: {exc}") from None
        return state

    async def adelete_user(self, user_id: str) -> bool:
        import asyncio

        return await asyncio.to_thread(self.delete_user, user_id)

    async def aexport_user(self, user_id: str) -> dict[str, Any] | None:
        import asyncio

        return await asyncio.to_thread(self.export_user, user_id)

    def __repr__(self) -> str:
        return f"SQLiteStore({self.path!r})"


def _loads(raw: str, where: str) -> Any:
    try:
        return json.loads(raw)
    except (ValueError, RecursionError, TypeError) as exc:
        raise CorruptNotebookError(f"{where}: not valid JSON ({exc})") from None


def _export(conn: sqlite3.Connection, uid: str) -> dict[str, Any] | None:
    row = conn.execute("SELECT turns, conversation_tokens, extraction_failures, merges, "
                       "history_limit FROM dspm_users WHERE user_id = ?", (uid,)).fetchone()
    if row is None:
        return None
    patches = [_loads(d, f"user {uid} patch {pid}") for pid, d in conn.execute(
        "SELECT patch_id, data FROM dspm_patches WHERE user_id = ? AND deleted = 0 ORDER BY seq",
        (uid,))]
    journal = [_loads(d, f"user {uid} journal") for (d,) in conn.execute(
        "SELECT data FROM dspm_journal WHERE user_id = ? ORDER BY seq", (uid,))]
    aliases = dict(conn.execute("SELECT long, short FROM dspm_aliases WHERE user_id = ?", (uid,)))
    pending = [{"role": r, "text": from_db_text(t), "index": i, "session_id": s}
               for i, s, r, t in conn.execute(
                   "SELECT idx, session_id, role, text FROM dspm_turns WHERE user_id = ? AND "
                   "status = 'pending' ORDER BY idx", (uid,))]
    from ..store import DEFAULT_HISTORY_LIMIT

    return {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "history_limit": row[4] if row[4] is not None else DEFAULT_HISTORY_LIMIT,
        "counters": {"turns": row[0], "conversation_tokens": row[1],
                     "extraction_failures": row[2], "merges": _loads(row[3], f"user {uid} counters")},
        "aliases": aliases,
        "patches": patches,
        "journal": journal,
        "pending_turns": pending,
    }
