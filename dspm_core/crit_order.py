"""The criticals of a store in their static priority order, kept up to date per patch.

A render walks the criticals by priority (pinned, speaker, kind and stance, recency; see
:func:`dspm_core.rank.critical_priority`) and stops taking them when the budget is spent,
so the order is maintained here as patches are stored, revised and forgotten instead of
being sorted on every render. It is a list of small immutable blocks: a change copies one
block, and a render takes a snapshot of the block list (a few hundred references for
100,000 criticals) that later changes do not touch. Ties keep the order in which the
criticals were first stored.

The criticals a query touches are found through a term index over the words a render
aligns on (:func:`dspm_core.rank.patch_terms`); only those are re-ranked. Revised settings
are indexed by their earlier values, for the sentences that still state one.

Not thread-safe on its own: the store calls it under its lock.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .patch import Patch
from .rank import critical_priority, naming_words, patch_terms, query_terms
from .tier import old_value_keys

__all__ = ["BLOCK", "EDITS", "Block", "CriticalOrder", "CriticalView", "Pool", "most_held", "order_key",
           "query_key"]

#: Criticals per block (a block holds up to twice this many before it splits).
BLOCK = 64

Key = tuple[int, int, int, float, int, int]
#: A critical the query touches: its order key, itself and its naming words (see
#: :func:`~dspm_core.rank.naming_words`).
Touch = tuple[Key, Patch, frozenset[str] | None]


def order_key(patch: Patch, seq: int) -> Key:
    """Ascending in render order: the negated priority, 0 (the place a query's "named"
    mark takes in :func:`query_key`), then ``seq``, the order the critical was stored in."""
    pin, role, weight, turn = critical_priority(patch)
    return (-pin, -role, 0, -weight, -turn, seq)


def query_key(key: Key, named: bool, align: float) -> Key:
    """The place of a critical the query touches (``key``: its :func:`order_key`, whose
    fourth part is minus the kind and stance part of its priority): within its pin and
    speaker class the ones it names first, then by that weight plus alignment, recency
    and stored order."""
    return (key[0], key[1], -1 if named else 0, key[3] - align, key[4], key[5])


#: Edits a block remembers since the last one a renderer read (then it is read whole).
EDITS = 8

#: A query word held by more than one critical in ``COMMON_SHARE`` (and by more than
#: ``COMMON_FLOOR``) says little about which one the query means.
COMMON_SHARE = 8
COMMON_FLOOR = 16


def most_held(size: int) -> int:
    """The most criticals, of ``size``, that a query word touching them on its own may hold."""
    return max(COMMON_FLOOR, size // COMMON_SHARE)


class Block:
    """A run of consecutive criticals in render order (never changed once built).

    A renderer keeps what it derives from a block's criticals in ``memo`` (its own slot:
    a block belongs to one store). A block built from another by insertions and removals
    keeps ``origin``: the memo of the block it came from (or that block's origin) and the
    edits since, ``(place, removed, critical)`` in order, so a renderer can update what it
    derived instead of reading every critical again."""

    __slots__ = ("keys", "patches", "memo", "origin")

    def __init__(self, keys: tuple[Key, ...], patches: tuple[Patch, ...],
                 origin: tuple[Any, tuple[tuple[int, bool, Patch], ...]] | None = None) -> None:
        self.keys = keys
        self.patches = patches
        self.memo: Any = None
        self.origin = origin

    def edited(self, keys: tuple[Key, ...], patches: tuple[Patch, ...], at: int,
               removed: bool) -> Block:
        """The block after the critical at ``at`` was inserted (or ``removed``)."""
        edit = (at, removed, self.patches[at] if removed else patches[at])
        if self.memo is not None:
            origin: tuple[Any, tuple[tuple[int, bool, Patch], ...]] | None = \
                (self.memo, (edit,))
        elif self.origin is not None and len(self.origin[1]) < EDITS:
            origin = (self.origin[0], self.origin[1] + (edit,))
        else:
            origin = None
        return Block(keys, patches, origin)


@dataclass(frozen=True, slots=True)
class CriticalView:
    """A snapshot for one render: the blocks in render order, the criticals the query's
    words touch (with their order keys), the latest turn among all criticals, and how many
    of the query's words each touched critical holds (``hits``: id -> count)."""

    blocks: tuple[Block, ...]
    touched: tuple[Touch, ...]
    max_turn: int | None
    size: int
    hits: Mapping[str, int] = field(default_factory=dict)

    def __iter__(self) -> Iterator[tuple[Key, Patch]]:
        for b in self.blocks:
            yield from zip(b.keys, b.patches)

    @classmethod
    def of(cls, patches: Sequence[Patch], terms: frozenset[str] = frozenset()) -> CriticalView:
        """The view of the criticals among ``patches`` (ties in the order given)."""
        order = CriticalOrder()
        for p in patches:
            if p.critical:
                order.put(p)
        return order.view(terms)


@dataclass(frozen=True, slots=True)
class Pool:
    """What one render chooses from: the criticals (a view) and the other patches."""

    criticals: CriticalView
    rest: list[Patch]

    @classmethod
    def of(cls, patches: Sequence[Patch], query: str = "") -> Pool:
        """The pool of a plain list of patches."""
        terms = query_terms(query) if query and query.strip() else frozenset()
        return cls(CriticalView.of(patches, terms), [p for p in patches if not p.critical])


class CriticalOrder:
    """The criticals of one store in render order, with their term and lineage indexes."""

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        self._blocks: list[Block] = []
        self._firsts: list[Key] = []  # the first key of each block
        self._key: dict[str, Key] = {}
        self._patch: dict[str, Patch] = {}
        self._placed: dict[str, Touch] = {}  # id -> (key, patch, naming words), for views
        self._seq = 0
        self._by_term: dict[str, dict[str, None]] = {}
        self._terms: dict[str, frozenset[str]] = {}
        self._by_old: dict[str, dict[str, None]] = {}  # earlier value's key -> ids
        self._olds: dict[str, frozenset[str]] = {}
        self._turns: Counter[int] = Counter()
        self._max_turn: int | None = None

    def __len__(self) -> int:
        return len(self._key)

    def __contains__(self, pid: object) -> bool:
        return pid in self._key

    # ------------------------------------------------------------------ changes
    def put(self, patch: Patch) -> None:
        """Store or replace a critical (a replaced one keeps its place among ties)."""
        pid = patch.id
        old = self._key.get(pid)
        if old is None:
            seq = self._seq
            self._seq += 1
        else:
            seq = old[5]
            self._remove_key(old)
            self._count_turn(self._patch[pid].turn, -1)
        key = order_key(patch, seq)
        self._key[pid] = key
        self._patch[pid] = patch
        self._placed[pid] = (key, patch, naming_words(patch))
        self._insert(key, patch)
        self._count_turn(patch.turn, 1)
        self._index(self._by_term, self._terms, pid, patch_terms(patch))
        self._index(self._by_old, self._olds, pid, old_value_keys(patch))

    def discard(self, pid: str) -> None:
        """Take a critical out (nothing happens when ``pid`` is not one)."""
        key = self._key.pop(pid, None)
        if key is None:
            return
        self._remove_key(key)
        self._count_turn(self._patch.pop(pid).turn, -1)
        del self._placed[pid]
        self._index(self._by_term, self._terms, pid, frozenset())
        self._index(self._by_old, self._olds, pid, frozenset())

    @staticmethod
    def _index(postings: dict[str, dict[str, None]], held: dict[str, frozenset[str]],
               pid: str, terms: frozenset[str]) -> None:
        before = held.pop(pid, frozenset())
        for t in before - terms:
            posting = postings[t]
            del posting[pid]
            if not posting:
                del postings[t]
        for t in terms - before:
            postings.setdefault(t, {})[pid] = None
        if terms:
            held[pid] = terms

    def _count_turn(self, turn: int, delta: int) -> None:
        n = self._turns[turn] + delta
        if n > 0:
            self._turns[turn] = n
            if delta > 0 and (self._max_turn is None or turn > self._max_turn):
                self._max_turn = turn
            return
        del self._turns[turn]
        if turn == self._max_turn:  # the latest one went: rare (a forget, a late revision)
            self._max_turn = max(self._turns, default=None)

    def _insert(self, key: Key, patch: Patch) -> None:
        if not self._blocks:
            self._blocks.append(Block((key,), (patch,)))
            self._firsts.append(key)
            return
        i = max(bisect_right(self._firsts, key) - 1, 0)
        b = self._blocks[i]
        j = bisect_left(b.keys, key)
        keys = b.keys[:j] + (key,) + b.keys[j:]
        patches = b.patches[:j] + (patch,) + b.patches[j:]
        if len(keys) > 2 * BLOCK:
            self._blocks[i:i + 1] = [Block(keys[:BLOCK], patches[:BLOCK]),
                                     Block(keys[BLOCK:], patches[BLOCK:])]
            self._firsts[i:i + 1] = [keys[0], keys[BLOCK]]
        else:
            self._blocks[i] = b.edited(keys, patches, j, removed=False)
            self._firsts[i] = keys[0]

    def _remove_key(self, key: Key) -> None:
        i = bisect_right(self._firsts, key) - 1
        b = self._blocks[i]
        j = bisect_left(b.keys, key)
        if len(b.keys) == 1:
            del self._blocks[i], self._firsts[i]
            return
        self._blocks[i] = b.edited(b.keys[:j] + b.keys[j + 1:], b.patches[:j] + b.patches[j + 1:],
                                   j, removed=True)
        self._firsts[i] = self._blocks[i].keys[0]

    # ------------------------------------------------------------------ reading
    def view(self, terms: frozenset[str]) -> CriticalView:
        """The snapshot a render walks; ``terms``: the query's words.

        A word that more criticals hold than :func:`most_held` touches none of them when
        another word of the query touches some: "change the report-builder timeout" moves
        the criticals on the report builder's timeout, not every one that says "change".
        The criticals that are touched still count it in their alignment."""
        hits: Counter[str] = Counter()
        postings = [p for p in map(self._by_term.get, terms) if p]
        for posting in postings:
            hits.update(posting.keys())  # counted in C: no set per critical
        most = most_held(len(self._key))
        if any(len(p) > most for p in postings):
            touching = [p.keys() for p in postings if len(p) <= most]
            if touching:
                hits = Counter({pid: hits[pid] for pid in set().union(*touching)})
        return CriticalView(tuple(self._blocks), tuple(map(self._placed.__getitem__, hits)),
                            self._max_turn, len(self._key), hits)

    def revised_for(self, keys: Iterable[str]) -> list[Patch]:
        """The revised criticals with an earlier value looked up by one of ``keys`` (see
        :func:`dspm_core.tier.old_value_keys`), in the order they were stored."""
        found: dict[str, None] = {}
        by_old = self._by_old
        if not isinstance(keys, (set, frozenset)) or len(keys) <= len(by_old):
            lookups: Iterable[str] = keys
        else:  # many keys (the words of the sentences rendered), few revised values
            lookups = (k for k in by_old if k in keys)
        for k in lookups:
            posting = by_old.get(k)
            if posting:
                found.update(posting)
        return sorted((self._patch[pid] for pid in found), key=lambda p: self._key[p.id][5])
