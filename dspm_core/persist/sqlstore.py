"""SQLStore: what the SQLite and PostgreSQL stores share - every query on a user's rows,
export, deletion and schema migrations - written once in SQL both dialects run (``?``
placeholders; the PostgreSQL connection translates them).

A subclass supplies the connections and transactions (:meth:`write`, :meth:`read`), the
text encoding of turn rows (:meth:`db_text`), and its own schema: ``SCHEMA`` (the tables of
version 1) and ``MIGRATIONS`` (``(version, statements)`` applied in order to reach
``SCHEMA_VERSION``). Each store numbers its schema on its own; the saved-state form of
patches (:mod:`dspm_core.state`) is separate, so new patch fields travel inside the JSON
rows without a store migration.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from ..errors import CorruptNotebookError, PersistenceError
from ..state import FORMAT, SCHEMA_VERSION, NotebookValidationError, parse_state
from .base import BoundMemory, SQLConnection
from .ids import check_id

if TYPE_CHECKING:
    from .binding import UserBinding

__all__ = ["SQLStore", "USER_TABLES", "schema_ddl"]

T = TypeVar("T")
USER_TABLES = ("dspm_patches", "dspm_journal", "dspm_turns", "dspm_aliases")

# The tables of schema version 1, in either dialect: {int} a 64-bit integer, {real} a
# float, {blob} the type of a turn's text, {table} what ends a keyed table's definition.
_DDL = (
    "CREATE TABLE IF NOT EXISTS dspm_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE IF NOT EXISTS dspm_users (
    user_id TEXT PRIMARY KEY,
    generation TEXT NOT NULL,            -- changes when the user is reset or re-created
    version {int} NOT NULL,              -- bumped by every committed change
    turns {int} NOT NULL DEFAULT 0,
    conversation_tokens {int} NOT NULL DEFAULT 0,
    extraction_failures {int} NOT NULL DEFAULT 0,
    merges TEXT NOT NULL DEFAULT '{{}}',
    history_limit INTEGER,
    patch_seq {int} NOT NULL DEFAULT 0,
    journal_len {int} NOT NULL DEFAULT 0,
    created {real} NOT NULL,
    updated {real} NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS dspm_patches (
    user_id TEXT NOT NULL, patch_id TEXT NOT NULL,
    seq {int} NOT NULL,                  -- order of first storage
    version {int} NOT NULL,              -- user version that last wrote the row
    deleted INTEGER NOT NULL DEFAULT 0,  -- forgotten (kept so other processes see it)
    data TEXT,                           -- the patch in the saved-state form (state.py)
    PRIMARY KEY (user_id, patch_id)){table}""",
    "CREATE INDEX IF NOT EXISTS dspm_patches_by_version ON dspm_patches (user_id, version)",
    """CREATE TABLE IF NOT EXISTS dspm_journal (
    user_id TEXT NOT NULL, seq {int} NOT NULL, data TEXT NOT NULL,
    PRIMARY KEY (user_id, seq)){table}""",
    """CREATE TABLE IF NOT EXISTS dspm_turns (
    user_id TEXT NOT NULL, idx {int} NOT NULL, session_id TEXT,
    role TEXT NOT NULL, text {blob} NOT NULL,
    status TEXT NOT NULL,                -- 'done', or 'pending' while extraction fails
    tokens {int} NOT NULL, created {real} NOT NULL,
    PRIMARY KEY (user_id, idx)){table}""",
    "CREATE INDEX IF NOT EXISTS dspm_turns_pending ON dspm_turns (user_id, idx) "
    "WHERE status = 'pending'",
    "CREATE INDEX IF NOT EXISTS dspm_turns_by_session ON dspm_turns (user_id, session_id, idx)",
    """CREATE TABLE IF NOT EXISTS dspm_aliases (
    user_id TEXT NOT NULL, long TEXT NOT NULL, short TEXT NOT NULL, version {int} NOT NULL,
    PRIMARY KEY (user_id, long)){table}""",
)


def schema_ddl(*, int_type: str, real_type: str, blob_type: str,
               table_suffix: str = "") -> tuple[str, ...]:
    """The statements creating the tables of schema version 1 in a dialect."""
    return tuple(stmt.format(int=int_type, real=real_type, blob=blob_type, table=table_suffix)
                 for stmt in _DDL)


class SQLStore:
    """The shared part of :class:`~dspm_core.persist.sqlite.SQLiteStore` and
    :class:`~dspm_core.persist.postgres.PostgresStore`."""

    SCHEMA: ClassVar[Sequence[str]] = ()
    MIGRATIONS: ClassVar[Sequence[tuple[int, Sequence[str]]]] = ()
    SCHEMA_VERSION: ClassVar[int] = 1
    label: str
    readonly: bool = False

    # ------------------------------------------------------------------ subclass hooks
    def write(self, fn: Callable[[SQLConnection], T], what: str = "write",
              user_id: str | None = None) -> T:
        raise NotImplementedError

    def read(self, fn: Callable[[SQLConnection], T], what: str = "read") -> T:
        raise NotImplementedError

    def db_text(self, text: str) -> Any:
        return text

    def from_db_text(self, value: Any) -> str:
        if isinstance(value, (bytes, bytearray, memoryview)):
            return bytes(value).decode("utf-8", "surrogatepass")
        return str(value)

    # ------------------------------------------------------------------ schema
    def _create_schema(self, conn: SQLConnection) -> None:
        """Create the tables when missing and migrate them to ``SCHEMA_VERSION`` (inside the
        caller's write transaction)."""
        for stmt in self.SCHEMA:
            conn.execute(stmt)
        if self.schema_version(conn) is None:
            conn.execute("INSERT INTO dspm_meta (key, value) VALUES ('schema_version', '1')")
        version = self.check_version(conn)
        for target, statements in self.MIGRATIONS:
            if target > version:
                for stmt in statements:
                    conn.execute(stmt)
                conn.execute("UPDATE dspm_meta SET value = ? WHERE key = 'schema_version'",
                             (str(target),))
                version = target

    @staticmethod
    def schema_version(conn: SQLConnection) -> int | None:
        row = conn.execute("SELECT value FROM dspm_meta WHERE key = 'schema_version'").fetchone()
        return int(row[0]) if row and str(row[0]).isdigit() else None

    def check_version(self, conn: SQLConnection) -> int:
        """The database's schema version; refuses one newer than this release reads."""
        version = self.schema_version(conn)
        if version is None:
            raise PersistenceError(f"{self.label}: no DSPM schema version")
        if version > self.SCHEMA_VERSION:
            raise PersistenceError(f"{self.label} has schema version {version}, newer than this "
                                   f"release reads ({self.SCHEMA_VERSION}); upgrade dspm")
        return version

    # ------------------------------------------------------------------ memories
    def attach(self, memory: BoundMemory, user_id: str,
               session_id: str | None = None) -> UserBinding:
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
        return [{"index": r[0], "session_id": r[1], "role": r[2], "text": self.from_db_text(r[3]),
                 "status": r[4], "tokens": r[5]} for r in rows]

    def delete_user(self, user_id: str) -> bool:
        """Remove everything of a user (patches, journal, turns, aliases, counters).

        Returns whether the user existed. Memories still open on that user start over empty.
        """
        uid = check_id(user_id)

        def delete(conn: SQLConnection) -> bool:
            for table in USER_TABLES:
                conn.execute(f"DELETE FROM {table} WHERE user_id = ?", (uid,))
            return conn.execute("DELETE FROM dspm_users WHERE user_id = ?", (uid,)).rowcount > 0
        return self.write(delete, f"delete user {uid}", uid)

    def export_user(self, user_id: str) -> dict[str, Any] | None:
        """A user's memory as a notebook dict (:meth:`DSPMMemory.to_dict` shape), validated;
        ``None`` for an unknown user."""
        uid = check_id(user_id)
        state = self.read(lambda c: self._export(c, uid), f"export user {uid}")
        if state is not None:
            try:
                parse_state(state)
            except NotebookValidationError as exc:
                raise CorruptNotebookError(f"{self.label}, user {uid}: {exc}") from None
        return state

    async def adelete_user(self, user_id: str) -> bool:
        return await asyncio.to_thread(self.delete_user, user_id)

    async def aexport_user(self, user_id: str) -> dict[str, Any] | None:
        return await asyncio.to_thread(self.export_user, user_id)

    def _export(self, conn: SQLConnection, uid: str) -> dict[str, Any] | None:
        row = conn.execute("SELECT turns, conversation_tokens, extraction_failures, merges, "
                           "history_limit FROM dspm_users WHERE user_id = ?", (uid,)).fetchone()
        if row is None:
            return None
        patches = [_loads(d, f"user {uid} patch {pid}") for pid, d in conn.execute(
            "SELECT patch_id, data FROM dspm_patches WHERE user_id = ? AND deleted = 0 "
            "ORDER BY seq", (uid,))]
        journal = [_loads(d, f"user {uid} journal") for (d,) in conn.execute(
            "SELECT data FROM dspm_journal WHERE user_id = ? ORDER BY seq", (uid,))]
        aliases = dict(conn.execute("SELECT long, short FROM dspm_aliases WHERE user_id = ?",
                                    (uid,)).fetchall())
        pending = [{"role": r, "text": self.from_db_text(t), "index": i, "session_id": s}
                   for i, s, r, t in conn.execute(
                       "SELECT idx, session_id, role, text FROM dspm_turns WHERE user_id = ? AND "
                       "status = 'pending' ORDER BY idx", (uid,))]
        from ..store import DEFAULT_HISTORY_LIMIT

        return {
            "format": FORMAT,
            "schema_version": SCHEMA_VERSION,
            "history_limit": row[4] if row[4] is not None else DEFAULT_HISTORY_LIMIT,
            "counters": {"turns": row[0], "conversation_tokens": row[1],
                         "extraction_failures": row[2],
                         "merges": _loads(row[3], f"user {uid} counters")},
            "aliases": aliases,
            "patches": patches,
            "journal": journal,
            "pending_turns": pending,
        }


def _loads(raw: Any, where: str) -> Any:
    try:
        return json.loads(raw)
    except (ValueError, RecursionError, TypeError) as exc:
        raise CorruptNotebookError(f"{where}: not valid JSON ({exc})") from None
