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

Connections are per thread (and per process: a forked child opens its own). The queries on a
user's rows, export and deletion are shared with the PostgreSQL store
(:class:`~dspm_core.persist.sqlstore.SQLStore`); this module holds SQLite's connections,
transactions and schema.
"""

from __future__ import annotations

import os
import random
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from ..errors import CounterOverflowError, LockTimeoutError, PersistenceError
from .base import SQLConnection
from .sqlstore import SQLStore, schema_ddl

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["DB_SCHEMA_VERSION", "SQLiteStore"]

T = TypeVar("T")
DB_SCHEMA_VERSION = 2

# SQLite: INTEGER is 64-bit; a turn's text column has no type, so a str with a lone
# surrogate can be kept as UTF-8 bytes (see db_text)
_SCHEMA = schema_ddl(int_type="INTEGER", real_type="REAL", blob_type="",
                     table_suffix=" WITHOUT ROWID")

# (version, statements): each step brings a database from the version before to this one
_MIGRATIONS: tuple[tuple[int, tuple[str, ...]], ...] = (
    # 2: a turn row carries the key of the add_turn that wrote it, so a turn retried after a
    # failed commit is applied once even when the first commit did land
    (2, ("ALTER TABLE dspm_turns ADD COLUMN turn_key TEXT",
         "CREATE UNIQUE INDEX IF NOT EXISTS dspm_turns_by_key ON dspm_turns (user_id, turn_key) "
         "WHERE turn_key IS NOT NULL")),
)

# SQLite's own busy handler sleeps in steps of up to 100 ms, far longer than a turn's
# transaction holds the lock: wait only briefly inside SQLite and poll in _retry instead.
_SQLITE_WAIT = 0.002


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None and code & 0xFF in (5, 6):  # SQLITE_BUSY, SQLITE_LOCKED (+ extended)
        return True
    msg = str(exc).lower()
    return "locked" in msg or "busy" in msg


class _Conn:
    """A thread's connection, remembered so close() can reach it (connections cannot be
    weakly referenced themselves)."""

    __slots__ = ("__weakref__", "conn", "pid")

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.pid = os.getpid()


class SQLiteStore(SQLStore):
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

    SCHEMA = _SCHEMA
    MIGRATIONS = _MIGRATIONS
    SCHEMA_VERSION = DB_SCHEMA_VERSION

    def __init__(self, path: str | os.PathLike[str], *, busy_timeout: float = 30.0,
                 durable: bool = True, readonly: bool = False) -> None:
        self.path = os.fspath(path)
        self.label = self.path
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

    def write(self, fn: Callable[[SQLConnection], T], what: str = "write",
              user_id: str | None = None) -> T:
        """Run ``fn(conn)`` in one ``BEGIN IMMEDIATE`` transaction (the whole database is
        the lock, whatever ``user_id``), retried while busy.

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

    def read(self, fn: Callable[[SQLConnection], T], what: str = "read") -> T:
        """Run ``fn(conn)`` in one read transaction (a consistent snapshot)."""
        def attempt() -> T:
            conn = self._conn()
            with self._tx(conn, write=False):
                return fn(conn)
        return self._retry(attempt, what)

    def _init_schema(self) -> None:
        conn = self._conn()
        if self.readonly:
            self._schema_step(self.check_version, conn)
            return
        with self._tx(conn, write=True):
            self._schema_step(self._create_schema, conn)

    def _schema_step(self, step: Callable[[sqlite3.Connection], object],
                     conn: sqlite3.Connection) -> None:
        """Run a schema step; a file whose tables are not DSPM's is refused clearly."""
        try:
            step(conn)
        except sqlite3.OperationalError as exc:
            if _is_busy(exc):
                raise
            raise PersistenceError(f"{self.path} is not a DSPM database: {exc}") from exc

    # ------------------------------------------------------------------ dialect
    def db_text(self, text: str) -> str | bytes:
        """A turn's text as SQLite can hold it (a lone surrogate cannot be UTF-8 text)."""
        try:
            text.encode("utf-8")
            return text
        except UnicodeEncodeError:
            return text.encode("utf-8", "surrogatepass")

    def __repr__(self) -> str:
        return f"SQLiteStore({self.path!r})"

