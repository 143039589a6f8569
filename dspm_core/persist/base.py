"""The protocols of persistence: what a store needs from a memory, and what a memory needs
from a store. Nothing here (nor anywhere in :mod:`dspm_core.persist`) imports the facade:
``DSPMMemory`` satisfies :class:`BoundMemory` and :class:`NotebookMemory` structurally.

A store hands out one :class:`Binding` per memory object; the memory calls the binding's
hooks, always from its own methods and never holding a database transaction during
extraction:

========================  =====================================================
``commit(m, facts, t)``   ``add_turn`` (``t`` the turn) / ``add_patch`` (``t=None``):
                          store the turn and merge its facts, in one transaction
``record_pending(m)``     extraction of turns failed: store them as pending
``apply(m, fn)``          run ``fn`` (pin, forget, merge a notebook) and commit it
``flush(m)``              ``save()`` without a path: commit anything not yet stored
``refresh(m)``            ``load()`` without a path: pull other processes' changes
``reset(m)``              ``reset()``: delete the user's stored memory
========================  =====================================================

:class:`~dspm_core.persist.sqlite.SQLiteStore` and
:class:`~dspm_core.persist.postgres.PostgresStore` implement :class:`Store`; both hand out
the one :class:`~dspm_core.persist.binding.UserBinding`, which runs its SQL through a
:class:`SQLDatabase` (the two stores differ only in their SQL dialect and connections).
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from ..patch import Fact, Turn
    from ..store import MergeOutcome, PatchStore
    from ..tokens import TokenCounter

__all__ = ["Binding", "BoundMemory", "Cursor", "NotebookMemory", "SQLConnection",
           "SQLDatabase", "Store"]

T = TypeVar("T")


class BoundMemory(Protocol):
    """What a store's binding reads and sets on the memory it keeps in step with a user's
    rows (the working copy). The binding holds ``_lock`` whenever it touches the rest."""

    store: PatchStore
    counter: TokenCounter
    _lock: threading.RLock
    _pending: list[Turn]
    _turns: int
    _conversation_tokens: int
    _failures: int
    _recent: deque[tuple[str, str]]


class NotebookMemory(Protocol):
    """What the notebook file functions need from a memory."""

    store: PatchStore
    _lock: threading.RLock
    _turns: int

    def to_dict(self) -> dict[str, Any]: ...

    def merge_dict(self, data: dict[str, Any]) -> int: ...


@runtime_checkable
class Binding(Protocol):
    """One memory object bound to one user of a store."""

    user_id: str

    def commit(self, memory: BoundMemory, facts: list[Fact],
               turn: Turn | None) -> list[MergeOutcome]: ...

    def record_pending(self, memory: BoundMemory) -> None: ...

    def apply(self, memory: BoundMemory, fn: Callable[[], T]) -> T: ...

    def flush(self, memory: BoundMemory) -> int: ...

    def refresh(self, memory: BoundMemory) -> int: ...

    def reset(self, memory: BoundMemory) -> None: ...


@runtime_checkable
class Store(Protocol):
    """A persistent store of many users' memories (``DSPMMemory(store=..., user_id=...)``)."""

    def attach(self, memory: BoundMemory, user_id: str,
               session_id: str | None = None) -> Binding: ...


class Cursor(Protocol):
    """The rows of one statement (sqlite3 and psycopg cursors both fit)."""

    rowcount: int

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class SQLConnection(Protocol):
    """A connection inside one transaction; SQL uses ``?`` placeholders."""

    def execute(self, sql: str, parameters: Sequence[Any] = ..., /) -> Any: ...

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Any: ...


class SQLDatabase(Protocol):
    """What :class:`~dspm_core.persist.binding.UserBinding` needs from a SQL store: one
    transaction per call, the SQL portable between SQLite and PostgreSQL."""

    label: str  # names the database in errors (a path, or a DSN without its password)

    def write(self, fn: Callable[[SQLConnection], T], what: str = ...,
              user_id: str | None = ...) -> T:
        """Run ``fn`` in one write transaction that no other writer of ``user_id`` (or of
        the database) runs beside; ``fn`` may run again after a retryable failure."""
        ...

    def read(self, fn: Callable[[SQLConnection], T], what: str = ...) -> T:
        """Run ``fn`` in one read transaction (a consistent snapshot)."""
        ...

    def db_text(self, text: str) -> Any:
        """A turn's text as the database column holds it."""
        ...

    def from_db_text(self, value: Any) -> str: ...
