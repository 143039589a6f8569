"""A user's memory in a LangGraph ``BaseStore``, safe for concurrent threads of one user
without compare-and-swap (``BaseStore`` has none: ``put`` overwrites).

Layout under the namespace ``(*namespace, user_id)``:

* ``w:<time>-<random>`` - one item per write: the writer's memory after its new turns (its
  saved state), and ``after``, the keys of the items that memory was read from. A writer
  never overwrites an item, so two threads writing at once both land.
* ``memory`` - the single item of earlier releases, read like any other item.

A read keeps the *heads* - items no other item lists in ``after`` (an item named there is
contained in the one naming it) - and merges them by the slot rules
(:meth:`DSPMMemory.merge_dict`), oldest first. With one writer at a time there is a single
head and the memory read is exactly the one written. After storing its item, a writer
deletes the items it read (compaction): its own item contains them, so at every moment the
items hold everything ever written, and a user keeps about one item per concurrent writer.

The revision of a user's memory is a digest of the item keys it was merged from, so a live
memory is reused only while no other writer has added an item.

Works with any store that implements ``search`` over a namespace and ``delete`` (LangGraph's
``InMemoryStore`` and ``PostgresStore`` do). Items are written without a TTL even when the
store has a default one: an expired base would lose the user's rules.
"""

from __future__ import annotations

import hashlib
import time
import uuid
from collections.abc import Sequence
from typing import Any

from langgraph.store.base import BaseStore, Item

from dspm_core import DSPMMemory

from ._langchain_common import MemoryFactory, RevisionCache

__all__ = ["LEGACY_KEY", "UserItems"]

LEGACY_KEY = "memory"
_WRITE = "w:"
_LIST_LIMIT = 10_000  # compaction keeps a user to about one item per concurrent writer


def _new_key() -> str:
    return f"{_WRITE}{time.time_ns():020d}-{uuid.uuid4().hex[:12]}"


def _rank(item: Item) -> tuple[int, str]:
    return (0, "") if item.key == LEGACY_KEY else (1, item.key)


def _heads(items: list[Item]) -> list[Item]:
    """The items no other item says it was read from."""
    contained: set[str] = set()
    for item in items:
        after = item.value.get("after")
        if isinstance(after, list):
            contained.update(k for k in after if isinstance(k, str))
    return [i for i in items if i.key not in contained]


def _state(item: Item) -> dict[str, Any]:
    state = item.value.get("memory") if isinstance(item.value, dict) else None
    if not isinstance(state, dict):
        from dspm_core.errors import CorruptNotebookError

        raise CorruptNotebookError(f"store item {item.key!r} of {item.namespace!r} holds no "
                                   f"DSPM memory")
    return state


def revision(keys: Sequence[str]) -> str:
    """The revision of a memory merged from the items ``keys``."""
    return hashlib.sha1("\n".join(sorted(keys)).encode()).hexdigest()


class UserItems:
    """Reads and writes one store's per-user items; pure merging shared by sync and async."""

    def __init__(self, store: BaseStore, namespace: tuple[str, ...], factory: MemoryFactory,
                 cache: RevisionCache) -> None:
        self.store = store
        self.namespace = namespace
        self.factory = factory
        self.cache = cache

    def ns(self, user_id: str) -> tuple[str, ...]:
        return (*self.namespace, user_id)

    # ------------------------------------------------------------------ no I/O
    def _ordered(self, user_id: str, items: Sequence[Item]) -> list[Item]:
        ns = self.ns(user_id)
        mine = [i for i in items if tuple(i.namespace) == ns and
                (i.key == LEGACY_KEY or i.key.startswith(_WRITE))]
        return sorted(mine, key=_rank)

    def _merged(self, items: list[Item]) -> DSPMMemory | None:
        heads = _heads(items)
        if not heads:
            return None
        memory = self.factory.from_dict(_state(heads[0]))
        for item in heads[1:]:
            memory.merge_dict(_state(item))
        return memory

    def fold(self, user_id: str, items: Sequence[Item], *, take: bool) -> tuple[
            list[str], DSPMMemory | None]:
        """The keys of the user's items and their merged memory: from the cache when it
        holds that revision (``take``: removed from it, for a writer), else rebuilt."""
        ordered = self._ordered(user_id, items)
        keys = [i.key for i in ordered]
        rev = revision(keys)
        memory = self.cache.take(rev) if take else self.cache.get(rev)
        if memory is None:
            memory = self._merged(ordered)
            if memory is not None and not take:
                self.cache.put(rev, memory)
        return keys, memory

    @staticmethod
    def plan_write(memory: DSPMMemory, keys: list[str]) -> tuple[str, dict[str, Any], str]:
        """What a writer stores: its key, its value, and the revision of its memory once the
        items it was read from are deleted."""
        key = _new_key()
        return key, {"memory": memory.to_dict(), "after": list(keys)}, revision([key])

    # ------------------------------------------------------------------ sync I/O
    def items(self, user_id: str) -> list[Item]:
        return list(self.store.search(self.ns(user_id), limit=_LIST_LIMIT))

    def read(self, user_id: str) -> DSPMMemory | None:
        return self.fold(user_id, self.items(user_id), take=False)[1]

    def write(self, user_id: str, memory: DSPMMemory, keys: list[str]) -> str:
        key, value, rev = self.plan_write(memory, keys)
        self.store.put(self.ns(user_id), key, value, index=False, ttl=None)
        for old in keys:  # everything in them is in the item just stored
            self.store.delete(self.ns(user_id), old)
        self.cache.put(rev, memory)
        return rev

    def delete(self, user_id: str) -> bool:
        keys = [i.key for i in self._ordered(user_id, self.items(user_id))]
        for key in keys:
            self.store.delete(self.ns(user_id), key)
        return bool(keys)

    # ------------------------------------------------------------------ async I/O
    async def aitems(self, user_id: str) -> list[Item]:
        return list(await self.store.asearch(self.ns(user_id), limit=_LIST_LIMIT))

    async def aread(self, user_id: str) -> DSPMMemory | None:
        return self.fold(user_id, await self.aitems(user_id), take=False)[1]

    async def awrite(self, user_id: str, memory: DSPMMemory, keys: list[str]) -> str:
        key, value, rev = self.plan_write(memory, keys)
        await self.store.aput(self.ns(user_id), key, value, index=False, ttl=None)
        for old in keys:
            await self.store.adelete(self.ns(user_id), old)
        self.cache.put(rev, memory)
        return rev

    async def adelete(self, user_id: str) -> bool:
        keys = [i.key for i in self._ordered(user_id, await self.aitems(user_id))]
        for key in keys:
            await self.store.adelete(self.ns(user_id), key)
        return bool(keys)
