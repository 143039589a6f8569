"""The Store protocol: what ``DSPMMemory(store=...)`` needs from a persistent store.

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

:class:`~dspm_core.persist.sqlite.SQLiteStore` is the implementation shipped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from ..memory import DSPMMemory
    from ..patch import Fact, Turn
    from ..store import MergeOutcome

__all__ = ["Binding", "Store"]

T = TypeVar("T")


@runtime_checkable
class Binding(Protocol):
    """One memory object bound to one user of a store."""

    user_id: str

    def commit(self, memory: DSPMMemory, facts: list[Fact],
               turn: Turn | None) -> list[MergeOutcome]: ...

    def record_pending(self, memory: DSPMMemory) -> None: ...

    def apply(self, memory: DSPMMemory, fn: Callable[[], T]) -> T: ...

    def flush(self, memory: DSPMMemory) -> int: ...

    def refresh(self, memory: DSPMMemory) -> int: ...

    def reset(self, memory: DSPMMemory) -> None: ...


@runtime_checkable
class Store(Protocol):
    """A persistent store of many users' memories."""

    def attach(self, memory: DSPMMemory, user_id: str,
               session_id: str | None = None) -> Binding: ...
