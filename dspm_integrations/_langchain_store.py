"""A user's memory in a LangGraph ``BaseStore``, safe for concurrent threads of one user
without compare-and-swap (``BaseStore`` has none: ``put`` overwrites).

Layout under the namespace ``(*namespace, user_id)``:

* ``w:<time>-<random>`` - one item per write: the writer's memory after its new turns (its
  saved state). A writer never overwrites an item, so two threads writing at once both land.
* ``base:<time>-<random>`` - a compaction: the merge of the items it lists in ``folded``.
* ``memory`` - the single item of earlier releases, read as the oldest base.

A read merges every item by the slot rules (:meth:`DSPMMemory.merge_dict`: merging a state
twice adds nothing, and an older value never overrides a newer one), oldest first. After a
write that leaves more than :data:`COMPACT_AFTER` items, the writer stores a new base
holding everything it read plus its own turns, and only then deletes the items it read, so
at every moment the items hold everything ever written. Two compactions at once are safe:
each deletes only items its own base (already stored) contains.

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

__all__ = ["COMPACT_AFTER", "UserItems"]

COMPACT_AFTER = 8
LEGACY_KEY = "memory"
_WRITE, _BASE = "w:", "base:"
_LIST_LIMIT = 10_000  # compaction keeps a user to a handful of items


def _new_key(prefix: str) -> str:
    return f"{prefix}{time.time_ns():020d}-{uuid.uuid4().hex[:12]}"


def _rank(item: Item) -> tuple[int, str]:
    if item.key == LEGACY_KEY:
        return 0, ""
    return (1 if item.key.startswith(_BASE) else 2), item.key


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
                (i.key == LEGACY_KEY or i.key.startswith((_WRITE, _BASE)))]
        return sorted(mine, key=_rank)

    def _merged(self, items: list[Item]) -> DSPMMemory | None:
        if not items:
            return None
        memory = self.factory.from_dict(items[0].value["memory"])
        for item in items[1:]:
            memory.merge_dict(item.value["memory"])
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

    def plan_write(self, memory: DSPMMemory, keys: list[str]) -> tuple[
            str, dict[str, Any], list[str], str]:
        """What a writer stores: (key, value, keys to delete after it, new revision)."""
        state = memory.to_dict()
        if len(keys) + 1 > COMPACT_AFTER:
            key = _new_key(_BASE)
            return key, {"memory": state, "folded": list(keys)}, list(keys), revision([key])
        key = _new_key(_WRITE)
        return key, {"memory": state}, [], revision([*keys, key])

    # ------------------------------------------------------------------ sync I/O
    def items(self, user_id: str) -> list[Item]:
        return list(self.store.search(self.ns(user_id), limit=_LIST_LIMIT))

    def read(self, user_id: str) -> DSPMMemory | None:
        return self.fold(user_id, self.items(user_id), take=False)[1]

    def write(self, user_id: str, memory: DSPMMemory, keys: list[str]) -> str:
        key, value, done, rev = self.plan_write(memory, keys)
        self.store.put(self.ns(user_id), key, value, index=False, ttl=None)
        for old in done:  # everything in them is in the item just stored
            self.store.delete(self.ns(user_id), old)
        self.cache.put(rev, memory)
        return rev

    # ------------------------------------------------------------------ async I/O
    async def aitems(self, user_id: str) -> list[Item]:
        return list(await self.store.asearch(self.ns(user_id), limit=_LIST_LIMIT))

    async def aread(self, user_id: str) -> DSPMMemory | None:
        return self.fold(user_id, await self.aitems(user_id), take=False)[1]

    async def awrite(self, user_id: str, memory: DSPMMemory, keys: list[str]) -> str:
        key, value, done, rev = self.plan_write(memory, keys)
        await self.store.aput(self.ns(user_id), key, value, index=False, ttl=None)
        for old in done:
            await self.store.adelete(self.ns(user_id), old)
        self.cache.put(rev, memory)
        return rev
