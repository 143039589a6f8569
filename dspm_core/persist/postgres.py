"""PostgresStore: the memories of many users in one PostgreSQL database, shared by many
app servers (the ``postgres`` extra: psycopg 3 and psycopg-pool).

    store = PostgresStore("host=db.internal dbname=app user=dspm password=...")
    memory = DSPMMemory(store=store, user_id="u42", session_id="chat-7")
    memory.add_turn("user", "Reports must be exported as CSV.")   # committed when it returns

The contract is the SQLite store's (the queries and the delta replay are the same code,
:class:`~dspm_core.persist.sqlstore.SQLStore` and
:class:`~dspm_core.persist.binding.UserBinding`): per-user isolation, one transaction per
turn, pending turns stored, ``delete_user``, validated ids, its own schema version with
migrations, sync and async (database I/O runs in a worker thread, never on the event loop).

Locking: every write transaction of a user first takes a transaction-scoped advisory lock
on that user (``pg_advisory_xact_lock``), then reads the user's row in READ COMMITTED, so it
sees everything committed before it got the lock: writers of one user queue on the lock
(from any number of processes and machines), writers of different users never wait for
each other. A lock not granted within ``lock_timeout`` raises
:class:`~dspm_core.errors.LockTimeoutError`; a statement running past ``statement_timeout``
raises :class:`~dspm_core.errors.StatementTimeoutError`; no pooled connection free within
``pool_timeout`` raises :class:`~dspm_core.errors.PoolExhaustedError`; a server that cannot
be reached or drops the connection mid-turn raises
:class:`~dspm_core.errors.StoreUnavailableError` and the turn stays pending in the memory,
applied once when it is retried (its row carries a key, so a commit that did land is not
applied again).

The password of the DSN is passed to the driver apart from the connection string and is
removed from every error message; :attr:`PostgresStore.label` (used in errors and
``repr``) never holds it.
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from ..errors import (
    ConfigError,
    LockTimeoutError,
    PersistenceError,
    PoolExhaustedError,
    StatementTimeoutError,
    StoreUnavailableError,
)
from .base import SQLConnection
from .sqlstore import SQLStore, schema_ddl

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["PG_SCHEMA_VERSION", "PostgresStore"]

T = TypeVar("T")
PG_SCHEMA_VERSION = 2

# PostgreSQL: counters are BIGINT; a turn's text is BYTEA (UTF-8 with surrogatepass: text
# columns refuse NUL and lone surrogates, which a turn may hold)
_SCHEMA = schema_ddl(int_type="BIGINT", real_type="DOUBLE PRECISION", blob_type="BYTEA")

# (version, statements), applied in order; PostgreSQL numbers its schema on its own
_MIGRATIONS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (2, ("ALTER TABLE dspm_turns ADD COLUMN IF NOT EXISTS turn_key TEXT",
         "CREATE UNIQUE INDEX IF NOT EXISTS dspm_turns_by_key ON dspm_turns (user_id, turn_key) "
         "WHERE turn_key IS NOT NULL")),
)

_SCHEMA_LOCK = 0x6473706D_00000001  # "dspm" 1: creating or migrating the tables
_RETRY_STATES = ("40001", "40P01")  # serialization failure, deadlock: the work runs again


def _lock_key(user_id: str | None) -> int:
    """A user's advisory lock key: 64 bits of a hash (a collision only makes two users
    share a lock)."""
    digest = hashlib.blake2b(f"dspm-user:{user_id}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def _pg_sql(sql: str) -> str:
    return sql.replace("%", "%%").replace("?", "%s")


class _PgConn:
    """A psycopg connection speaking the ``?`` placeholders of the shared SQL."""

    __slots__ = ("_conn", "_sql")

    def __init__(self, conn: Any) -> None:
        self._conn = conn
        self._sql: dict[str, str] = {}

    def _q(self, sql: str) -> str:
        q = self._sql.get(sql)
        if q is None:
            q = self._sql[sql] = _pg_sql(sql)
        return q

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Any:
        return self._conn.execute(self._q(sql), tuple(parameters))

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Any:
        with self._conn.cursor() as cur:
            cur.executemany(self._q(sql), [tuple(p) for p in parameters])


class PostgresStore(SQLStore):
    """Memories of many users in one PostgreSQL database, with a connection pool.

    Args:
        dsn: a libpq connection string or URL (``"host=... dbname=... user=..."``,
            ``"postgresql://user:pw@host/db"``). The tables are created when missing.
        min_size, max_size: connections the pool keeps open and may open (per process).
        pool_timeout: seconds to wait for a free connection before
            :class:`~dspm_core.errors.PoolExhaustedError` (default 30).
        lock_timeout: seconds a write waits for the user's lock (held by another writer of
            that user) before :class:`~dspm_core.errors.LockTimeoutError` (default 30).
        statement_timeout: seconds a statement may run before
            :class:`~dspm_core.errors.StatementTimeoutError` (default 60; ``0``: none).
        connect_timeout: seconds to wait for the server when connecting (default 10).

    Pass it as ``DSPMMemory(store=..., user_id=...)`` or ``DSPMMiddleware(store=...)``. The
    store may be shared by threads; a forked child opens a pool of its own.
    """

    SCHEMA = _SCHEMA
    MIGRATIONS = _MIGRATIONS
    SCHEMA_VERSION = PG_SCHEMA_VERSION

    def __init__(self, dsn: str, *, min_size: int = 1, max_size: int = 10,
                 pool_timeout: float = 30.0, lock_timeout: float = 30.0,
                 statement_timeout: float = 60.0, connect_timeout: float = 10.0) -> None:
        try:
            from psycopg.conninfo import conninfo_to_dict, make_conninfo
        except ImportError as exc:  # pragma: no cover - the extra is missing
            raise ConfigError("PostgresStore needs the postgres extra: "
                              "pip install 'dspm[postgres]'") from exc
        if not isinstance(dsn, str) or not dsn.strip():
            raise ConfigError("dsn must be a non-empty PostgreSQL connection string")
        for name, value in (("pool_timeout", pool_timeout), ("lock_timeout", lock_timeout),
                            ("statement_timeout", statement_timeout),
                            ("connect_timeout", connect_timeout)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
                raise ConfigError(f"{name} must be a non-negative number, got {value!r}")
        for name, size in (("min_size", min_size), ("max_size", max_size)):
            if isinstance(size, bool) or not isinstance(size, int) or size < (name == "max_size"):
                raise ConfigError(f"{name} must be a non-negative integer, got {size!r}")
        if min_size > max_size:
            raise ConfigError(f"min_size ({min_size}) is larger than max_size ({max_size})")
        try:
            params = conninfo_to_dict(dsn)
        except Exception as exc:  # psycopg.ProgrammingError; its text may quote the DSN
            raise ConfigError(f"dsn is not a valid PostgreSQL connection string "
                              f"({type(exc).__name__})") from None
        password = params.pop("password", None)
        self._secrets = [str(s) for s in (password, dsn) if s]
        self._conninfo = make_conninfo("", **params)
        self.label = "postgresql " + " ".join(
            f"{k}={params[k]}" for k in ("host", "port", "dbname", "user") if params.get(k))
        self.min_size, self.max_size = min_size, max_size
        self.pool_timeout = float(pool_timeout)
        self.lock_timeout = float(lock_timeout)
        self.statement_timeout = float(statement_timeout)
        self._kwargs: dict[str, Any] = {
            "connect_timeout": max(1, int(round(connect_timeout))),
            "options": f"-c lock_timeout={int(self.lock_timeout * 1000)} "
                       f"-c statement_timeout={int(self.statement_timeout * 1000)}",
        }
        if password is not None:
            self._kwargs["password"] = password
        self._pool_lock = threading.Lock()
        self._pool: Any = None
        self._pid = -1
        self._closed = False
        self._run(self._init_schema, "open the database", "schema")

    # ------------------------------------------------------------------ connections
    def _get_pool(self) -> Any:
        if self._closed:
            raise PersistenceError(f"the store {self.label} is closed")
        with self._pool_lock:
            if self._pool is None or self._pid != os.getpid():  # a forked child: its own pool
                from psycopg_pool import ConnectionPool

                pool = ConnectionPool(self._conninfo, kwargs=self._kwargs,
                                      min_size=self.min_size, max_size=self.max_size,
                                      timeout=self.pool_timeout, open=False, name="dspm")
                pool.open(wait=False)
                self._pool, self._pid = pool, os.getpid()
            return self._pool

    def close(self) -> None:
        """Close this process's connection pool."""
        self._closed = True
        with self._pool_lock:
            pool, self._pool = self._pool, None
        if pool is not None and self._pid == os.getpid():
            pool.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _redact(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, "***")
        return text

    def _run(self, fn: Callable[[SQLConnection], T], what: str, mode: str,
             user_id: str | None = None) -> T:
        """Run ``fn`` in one transaction: ``write`` (under the user's advisory lock),
        ``read`` (a read-only snapshot) or ``schema``; errors become DSPM's, redacted."""
        import psycopg
        from psycopg_pool import PoolTimeout

        deadline = time.monotonic() + max(self.lock_timeout, 1.0)
        while True:
            try:
                # the schema step connects directly: a wrong host or password is reported
                # at once, with the server's reason, instead of as a pool timeout
                source = (psycopg.connect(self._conninfo, **self._kwargs) if mode == "schema"
                          else self._get_pool().connection())
                with source as raw, raw.transaction():
                    conn = _PgConn(raw)
                    if mode == "read":
                        conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                    elif mode == "write":
                        conn.execute("SELECT pg_advisory_xact_lock(?)", (_lock_key(user_id),))
                    else:
                        conn.execute("SELECT pg_advisory_xact_lock(?)", (_SCHEMA_LOCK,))
                    return fn(conn)
            except PoolTimeout as exc:
                raise PoolExhaustedError(
                    f"cannot {what}: no connection of the pool to {self.label} came free (or "
                    f"could be opened) within {self.pool_timeout:g} s "
                    f"(max_size={self.max_size}): {self._redact(str(exc))}") from None
            except psycopg.Error as exc:
                state = getattr(exc, "sqlstate", None)
                if state in _RETRY_STATES and time.monotonic() < deadline:
                    continue
                raise self._error(exc, what) from None

    def _error(self, exc: Exception, what: str) -> PersistenceError:
        import psycopg
        from psycopg import errors as pg

        msg = self._redact(str(exc).strip())
        if isinstance(exc, pg.LockNotAvailable):
            return LockTimeoutError(f"cannot {what}: the user's lock in {self.label} stayed held "
                                    f"by another writer for more than {self.lock_timeout:g} s")
        if isinstance(exc, pg.QueryCanceled):
            return StatementTimeoutError(f"cannot {what}: {self.label} cancelled a statement "
                                         f"(statement_timeout {self.statement_timeout:g} s): {msg}")
        if isinstance(exc, pg.UndefinedTable | pg.UndefinedColumn):
            return PersistenceError(f"{self.label} is not a DSPM database: {msg}")
        if isinstance(exc, psycopg.OperationalError | psycopg.InterfaceError):
            return StoreUnavailableError(f"cannot {what}: the connection to {self.label} failed "
                                         f"or was lost: {msg}")
        return PersistenceError(f"cannot {what} ({self.label}): {msg}")

    # ------------------------------------------------------------------ SQLDatabase
    def write(self, fn: Callable[[SQLConnection], T], what: str = "write",
              user_id: str | None = None) -> T:
        """Run ``fn(conn)`` in one transaction holding the advisory lock of ``user_id``.

        ``fn`` may run more than once (after a serialization failure or deadlock); it must
        start from what it reads in the transaction.
        """
        return self._run(fn, what, "write", user_id)

    def read(self, fn: Callable[[SQLConnection], T], what: str = "read") -> T:
        """Run ``fn(conn)`` in one read-only REPEATABLE READ transaction (a snapshot)."""
        return self._run(fn, what, "read")

    def _init_schema(self, conn: SQLConnection) -> None:
        self._create_schema(conn)

    def db_text(self, text: str) -> bytes:
        """Turn text as UTF-8 bytes (a lone surrogate or NUL cannot be PostgreSQL text)."""
        return text.encode("utf-8", "surrogatepass")

    def __repr__(self) -> str:
        return f"PostgresStore({self.label!r})"
