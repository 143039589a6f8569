"""The first step of a render: every critical at its minimal form, in priority order.

The criticals come in render order from a :class:`~dspm_core.crit_order.CriticalView`;
the ones the query touches are taken out of that order and walked at their own place
(:func:`~dspm_core.crit_order.query_key`). The rest of a block of criticals whose cheapest
minimal line is more than the room left is passed over whole: nothing in it can be
delivered, now or later in the walk, since the room only shrinks. So a render reads the criticals it
delivers, the blocks it passes over and the ones the query touches, not every critical.
What it passed over is written down as ranges and listed only when asked
(:class:`Account`); once the room left fits nothing still to walk, the walk stops and
only where it stopped is written down, the rest walked when the account is read.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Collection, Sequence
from itertools import accumulate
from typing import Any

from .crit_order import Block, Key
from .patch import Patch

__all__ = ["Account", "Walk", "walk_criticals"]

#: (patch id, tokens of its minimal line, room left) or (block, start, end, room left)
Part = tuple[Any, ...]


class Walk:
    """The criticals taken at their minimal form, and an account of the ones not taken."""

    def __init__(self, room: int) -> None:
        self.room = room
        self.chosen: dict[str, tuple[Any, int]] = {}  # patch id -> (form, cost)
        self.taken: list[Any] = []  # the entries chosen, in walk order
        self.parts: list[Part] = []
        self.ti = 0  # where _pass_block left the touched criticals

    def consider(self, e: Any) -> None:
        form, cost = e.forms[-1]
        if cost <= self.room:
            self.chosen[e.patch.id] = (form, cost)
            self.room -= cost
            self.taken.append(e)
        else:
            self.parts.append((e.patch.id, cost, self.room))

    def pass_over(self, block: Block, lo: int, hi: int) -> None:
        if hi > lo:
            self.parts.append((block, lo, hi, self.room))


def walk_criticals(blocks: Sequence[Block], touched: Sequence[tuple[Key, Patch]],
                   moved: Collection[str], entry: Callable[[Patch], Any],
                   least: Callable[[Block], Sequence[int]], room: int) -> Walk:
    """Take criticals at their minimal form while they fit: the ones of ``blocks`` in
    order, except the ``moved`` ids, which come from ``touched`` (sorted by key).
    ``entry(patch)``: its forms and their costs; ``least(block)[j]``: the cheapest minimal
    line from the block's ``j``-th critical on.

    Once the room is below the cheapest minimal line of everything still to walk, the
    rest of the walk takes nothing: it is written down as one part and walked only when
    the account is read (:func:`_walk_rest`)."""
    w = Walk(room)
    ti, nt = 0, len(touched)
    suffixes = [least(b) for b in blocks]
    # the cheapest minimal line of the blocks from the k-th on
    inf = float("inf")
    later = [*accumulate((s[0] if s else inf for s in reversed(suffixes)), min,
                         initial=inf)][::-1]
    for k, b in enumerate(blocks):
        keys, patches, suffix = b.keys, b.patches, suffixes[k]
        lo, n = 0, len(keys)
        while lo < n and w.room >= suffix[lo]:
            if ti < nt and touched[ti][0] < keys[lo]:
                p = touched[ti][1]
                ti += 1
            else:
                p = patches[lo]
                lo += 1
                if p.id in moved:
                    continue
            w.consider(entry(p))
        # later[0]: the cheapest minimal line of all, the touched ones among them
        if w.room < later[k + 1] and (w.room < later[0] or not any(
                entry(p).forms[-1][1] <= w.room for _, p in touched[ti:])):
            # nothing from here on fits, now or later (the room only shrinks)
            w.parts.append((_walk_rest, (blocks, k, lo, touched, ti, entry), w.room))
            return w
        _pass_block(w, b, lo, touched, ti, entry)
        ti = w.ti
    for _, p in touched[ti:]:
        w.consider(entry(p))
    return w


def _pass_block(w: Walk, b: Block, lo: int, touched: Sequence[tuple[Key, Patch]], ti: int,
                entry: Callable[[Patch], Any]) -> None:
    """The rest of block ``b`` from ``lo``, none of which fits: passed over, with the
    touched criticals that come before its end considered at their places."""
    keys, nt = b.keys, len(touched)
    # nothing from here to the block's end fits, now or later (the room only shrinks)
    while ti < nt and touched[ti][0] < keys[-1]:
        hi = max(bisect_left(keys, touched[ti][0], lo), lo)
        w.pass_over(b, lo, hi)
        lo = hi
        w.consider(entry(touched[ti][1]))
        ti += 1
    w.pass_over(b, lo, len(keys))
    w.ti = ti


def _walk_rest(blocks: Sequence[Block], k: int, lo: int, touched: Sequence[tuple[Key, Patch]],
               ti: int, entry: Callable[[Patch], Any], room: int) -> list[Part]:
    """The parts the walk would have written from block ``k`` at ``lo`` and ``touched[ti]``
    on, with ``room`` left that fits none of them."""
    w = Walk(room)
    for kk in range(k, len(blocks)):
        _pass_block(w, blocks[kk], lo if kk == k else 0, touched, ti, entry)
        ti = w.ti
    for _, p in touched[ti:]:
        w.consider(entry(p))
    return w.parts


class Account:
    """The criticals a render did not deliver, listed on first use: by walk order, each
    with the tokens its minimal line needs and the room that was left."""

    __slots__ = ("_parts", "_moved", "_cost", "_trimmed", "_rest", "_built")

    def __init__(self, parts: list[Part], moved: Collection[str],
                 cost: Callable[[Patch], int], trimmed: list[str],
                 rest_dropped: tuple[str, ...]) -> None:
        self._parts = parts
        self._moved = moved
        self._cost = cost
        self._trimmed = trimmed  # removed when the exact count ran over
        self._rest = rest_dropped
        self._built: tuple[tuple[str, ...], dict[str, tuple[int, int]]] | None = None

    def _build(self) -> tuple[tuple[str, ...], dict[str, tuple[int, int]]]:
        built = self._built
        if built is not None:
            return built
        ids: list[str] = []
        why: dict[str, tuple[int, int]] = {}
        parts = self._parts
        if parts and parts[-1][0] is _walk_rest:  # the end of the walk, deferred
            _, args, room = parts[-1]
            parts = parts[:-1] + _walk_rest(*args, room)
        for part in parts:
            if len(part) == 3:
                pid, cost, room = part
                ids.append(pid)
                why[pid] = (cost - 1, room - 1 if room > 0 else 0)
                continue
            block, lo, hi, room = part
            for p in block.patches[lo:hi]:
                if p.id not in self._moved:
                    ids.append(p.id)
                    why[p.id] = (self._cost(p) - 1, room - 1 if room > 0 else 0)
        for pid in self._trimmed:
            ids.append(pid)
            why[pid] = (-1, -1)
        self._built = built = (tuple(ids), why)
        return built

    def dropped_criticals(self) -> tuple[str, ...]:
        return self._build()[0]

    def undelivered(self) -> dict[str, tuple[int, int]]:
        return self._build()[1]

    def dropped(self) -> tuple[str, ...]:
        return self._build()[0] + self._rest

    def __getstate__(self) -> dict[str, Any]:  # a pickled account is the finished list
        ids, why = self._build()
        return {"ids": ids, "why": why, "rest": self._rest}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self._parts, self._moved, self._trimmed = [], frozenset(), []
        self._rest = state["rest"]
        self._cost = len  # never called: the list is built
        self._built = (state["ids"], state["why"])
