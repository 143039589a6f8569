"""The criticals' walk (fill.walk_criticals) against a plain walk of every critical.

The walk passes over blocks that cannot fit and defers the end of the walk once nothing
left fits; whatever it skips, the account it gives (which criticals were delivered, which
were not, with the tokens each needed and the room that was left) must be the one a walk
that considers every critical in order gives.
"""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from dspm_core.crit_order import Block
from dspm_core.fill import Account, walk_criticals


def _plain_walk(order, room):
    """Every critical in walk order, taken when its minimal line fits."""
    taken, dropped, why = [], [], {}
    for e in order:
        cost = e.forms[-1][1]
        if cost <= room:
            taken.append(e.patch.id)
            room -= cost
        else:
            dropped.append(e.patch.id)
            why[e.patch.id] = (cost - 1, room - 1 if room > 0 else 0)
    return taken, dropped, why


@st.composite
def _walks(draw):
    n = draw(st.integers(1, 60))
    costs = draw(st.lists(st.integers(2, 30), min_size=n, max_size=n))
    entries = [SimpleNamespace(patch=SimpleNamespace(id=f"p{i}"), forms=[("min", c)])
               for i, c in enumerate(costs)]
    keys = [(0, 0, 0, 0.0, 0, 2 * i) for i in range(n)]  # order keys, even
    moved_idx = draw(st.sets(st.sampled_from(range(n)), max_size=n))
    # a touched critical takes a new place: an odd key between two others
    places = draw(st.lists(st.integers(-1, n), min_size=len(moved_idx), max_size=len(moved_idx),
                           unique=True))
    touched = sorted(((0, 0, 0, 0.0, 0, 2 * p + 1), entries[i].patch)
                     for p, i in zip(places, sorted(moved_idx)))
    cut = sorted(draw(st.sets(st.integers(1, max(1, n - 1)), max_size=4)) | {0, n})
    blocks = [Block(tuple(keys[a:b]), tuple(e.patch for e in entries[a:b]))
              for a, b in zip(cut, cut[1:]) if b > a]
    return entries, keys, touched, blocks, draw(st.integers(0, 200))


@settings(max_examples=600, deadline=None)
@given(_walks())
def test_the_account_is_the_one_of_a_plain_walk(case) -> None:
    entries, keys, touched, blocks, room = case
    moved = {p.id for _, p in touched}
    by_patch = {id(e.patch): e for e in entries}
    entry = lambda p: by_patch[id(p)]  # noqa: E731

    def least(block):
        costs = [entry(p).forms[-1][1] for p in block.patches]
        for j in range(len(costs) - 2, -1, -1):
            costs[j] = min(costs[j], costs[j + 1])
        return tuple(costs)

    w = walk_criticals(blocks, touched, moved, entry, least, room)
    in_place = [(k, e) for k, e in zip(keys, entries) if e.patch.id not in moved]
    order = [e for _, e in sorted(in_place + [(k, entry(p)) for k, p in touched],
                                  key=lambda t: t[0])]
    taken, dropped, why = _plain_walk(order, room)
    assert [e.patch.id for e in w.taken] == taken
    account = Account(w.parts, moved, lambda p: entry(p).forms[-1][1], [], ())
    assert account.dropped_criticals() == tuple(dropped)
    assert account.undelivered() == why
