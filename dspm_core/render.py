"""Budgeted rendering: choose which patches, in which form, fit the token budget.

Fill order (DESIGN.md, rendering contract):

1. every critical at its minimal form, by priority (pinned, user, system, assistant,
   tool, document; then recency and query alignment);
2. upgrades of the delivered criticals to their compact or full form, by priority;
3. non-criticals by utility per token.

The result never exceeds the budget as counted by the configured tokenizer (the final
text is counted exactly and trimmed if needed); rendering never raises. A critical that
cannot be delivered is listed in :attr:`Rendered.dropped`.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from operator import itemgetter

from .crit_order import Block, CriticalView, Key, Pool, query_key
from .fill import Account, walk_criticals
from .forms import Form, forms_for, same_forms
from .patch import Patch
from .rank import (ALIGN_SATURATION, NAMED_WORDS, SimilarityScorer, critical_priority,
                   patch_terms, query_terms, text_terms, utility)
from .tokens import TokenCounter, break_alone, splits_cleanly

__all__ = ["MIN_BUDGET", "Rendered", "RenderedLine", "Renderer"]

#: The smallest budget a memory accepts; smaller budgets are refused when set.
MIN_BUDGET = 16


@dataclass(frozen=True, slots=True)
class RenderedLine:
    patch_id: str
    kind: str
    form: str
    text: str
    tokens: int


@dataclass(frozen=True, slots=True)
class Rendered:
    """The rendered context and an account of what was delivered and what was not."""

    text: str
    lines: tuple[RenderedLine, ...]
    tokens: int
    budget: int
    delivered: tuple[str, ...]
    trimmed: tuple[str, ...] = ()
    _account: Account | None = field(default=None, repr=False, compare=False)

    @property
    def dropped(self) -> tuple[str, ...]:
        """The ids of the patches considered and not delivered: the criticals (in priority
        order), then the others. Listed when first read, not during the render."""
        return self._account.dropped() if self._account is not None else ()

    @property
    def dropped_criticals(self) -> tuple[str, ...]:
        """The criticals not delivered, in priority order (they stay in the store)."""
        return self._account.dropped_criticals() if self._account is not None else ()

    @property
    def undelivered(self) -> dict[str, tuple[int, int]]:
        """Why a critical was not delivered: patch id -> (tokens its minimal form needs,
        tokens that were left), or (-1, -1) when the exact final count removed it."""
        return self._account.undelivered() if self._account is not None else {}

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        from .display import rendered_repr

        return rendered_repr(self)

    def _repr_html_(self) -> str:
        """Jupyter's view: the delivered lines, the budget used, lineage, what was dropped."""
        from .display import rendered_html

        return rendered_html(self)

    def reason(self, patch_id: str) -> str:
        """Why ``patch_id`` is not in the context (empty when it is)."""
        if patch_id in self.delivered:
            return ""
        got = self.undelivered.get(patch_id)
        if got is None:
            return "lower utility per token than what was delivered"
        if got[0] < 0:
            return "removed when the exact token count ran over budget"
        return f"minimal form needs {got[0]} tokens, {got[1]} were left"


class _Entry:
    """What the renderer needs of one patch, computed once per patch version."""

    __slots__ = ("patch", "forms", "key", "weight", "terms", "named_by")

    def __init__(self, patch: Patch, forms: list[tuple[Form, int]]) -> None:
        self.patch = patch
        self.forms = forms  # (form, cost) longest first; cost counts the joining newline
        # (the stance check reads the whole text: only a critical's place needs it)
        self.key = critical_priority(patch) if patch.critical else None
        self.weight = self.key[2] if self.key is not None else 0.0  # kind and stance
        self.terms = patch_terms(patch)  # what query alignment counts (rank.alignment)
        # the words a query must hold to name this setting (Renderer._named)
        words = text_terms(patch.slot) if patch.critical and patch.slot else None
        self.named_by = words if words and len(words) <= NAMED_WORDS else None


class _Cache:
    """Bounded caches of token counts and per-patch entries.

    Patches are immutable and the store replaces a patch object when it changes, so an
    entry is valid exactly while it refers to the same object.
    """

    def __init__(self, counter: TokenCounter, max_items: int = 200_000) -> None:
        self.counter = counter
        self.max_items = max_items
        self.tokens: dict[str, int] = {}
        self.entries: dict[str, _Entry] = {}
        self.lock = threading.Lock()
        self.splits_lines = getattr(counter, "splits_lines", False) is True

    def count(self, text: str) -> int:
        n = self.tokens.get(text)
        if n is None:
            n = self.counter.count(text)
            with self.lock:
                if len(self.tokens) >= self.max_items:
                    self.tokens.clear()
                self.tokens[text] = n
        return n

    def count_lines(self, lines: list[str]) -> int:
        """Tokens of ``lines`` joined by line breaks: the sum of the cached counts of its
        lines where the tokenizer gives exactly that (:func:`~dspm_core.tokens.line_parts`),
        else the count of the joined text. A line break that is a token of its own
        (:func:`~dspm_core.tokens.break_alone`) is counted as one, not with its line."""
        if not (self.splits_lines and splits_cleanly(lines)):
            return self.count("\n".join(lines))
        count = self.count
        return sum([count(line) + 1 if break_alone(line) else count(line + "\n")
                    for line in lines[:-1]], count(lines[-1]))

    def entry(self, patch: Patch) -> _Entry:
        e = self.entries.get(patch.id)
        if e is None or e.patch is not patch:
            if e is not None and same_forms(e.patch, patch):  # e.g. a restatement
                forms = e.forms
            else:
                forms = [(f, self.count(f.text) + 1) for f in forms_for(patch)]
            e = _Entry(patch, forms)
            with self.lock:
                if len(self.entries) >= self.max_items:
                    self.entries.clear()
                self.entries[patch.id] = e
        return e

    def forms_of(self, patch: Patch) -> list[tuple[Form, int]]:
        return self.entry(patch).forms


class Renderer:
    """Renders a list of patches under a budget. Holds only caches; safe to share."""

    def __init__(self, counter: TokenCounter, scorer: SimilarityScorer | None = None) -> None:
        self.counter = counter
        self.scorer = scorer
        self._cache = _Cache(counter)
        self._mins: weakref.WeakKeyDictionary[Block, tuple[int, ...]] = \
            weakref.WeakKeyDictionary()

    def count(self, text: str) -> int:
        return self._cache.count(text)

    def prepare(self, patches: Iterable[Patch]) -> None:
        """Compute the forms and token counts of ``patches`` now (when they are stored),
        not in the first render that reads them."""
        entry = self._cache.entry
        for p in patches:
            entry(p)

    def full_form(self, patch: Patch) -> Form:
        """The longest form of ``patch`` (cached with the rest of its forms)."""
        return self._cache.entry(patch).forms[0][0]

    def render(self, patches: Sequence[Patch] | Pool, budget: int, query: str = "",
               stable_order: bool = False,
               similarity: dict[str, float] | None = None) -> Rendered:
        """Render ``patches`` (a list, or a store's :class:`~dspm_core.crit_order.Pool`).

        ``similarity``: the query's semantic similarity to the patches, already computed
        (from patch vectors); without it the scorer, if any, is asked."""
        pool = patches if isinstance(patches, Pool) else Pool.of(patches, query)
        view, rest = pool.criticals, pool.rest
        entry = self._cache.entry
        now = max([p.turn for p in rest] + ([view.max_turn] if view.max_turn is not None else []),
                  default=0)
        semantic = bool(query and query.strip()) and (
            similarity is not None or self.scorer is not None)
        # the criticals whose place the query may change: all of them when a semantic
        # score aligns every text, else the ones its words touch (from the view's index)
        if semantic:
            touched = [(k, entry(p)) for k, p in view]
            aligns = self._alignments([entry(p) for p in rest] + [e for _, e in touched],
                                      query, similarity)
            named = self._named([e for _, e in touched], query) if aligns else set()
            touched = sorted(((query_key(k, e.patch.id in named, aligns.get(e.patch.id, 0.0),
                                         e.key[2]), e) for k, e in touched),
                             key=lambda t: t[0])
        else:
            aligns = self._alignments([entry(p) for p in rest], query)
            touched = self._placed(view, query, aligns)
        # the ids of the criticals walked at their own place
        moved: Collection[str] = view.hits if not semantic and len(view.hits) == len(touched) \
            else {e.patch.id for _, e in touched}

        # 1. every critical at its smallest form, by priority (+1: the newline that is
        # not needed after the last line)
        walk = walk_criticals(view.blocks, touched, moved, entry, self._least, budget + 1)
        chosen = walk.chosen
        room = walk.room
        # 2. upgrades, by priority: the largest form that fits
        for e in walk.taken:
            if len(e.forms) == 1:
                continue
            cur_cost = chosen[e.patch.id][1]
            for form, cost in e.forms:
                if cost <= cur_cost:
                    break
                if cost - cur_cost <= room:
                    room -= cost - cur_cost
                    chosen[e.patch.id] = (form, cost)
                    break
        # 3. non-criticals by utility per token
        if rest:
            room = self._fill_rest(rest, now, aligns, chosen, room)

        order = self._order([e.patch for e in walk.taken], rest, chosen, stable_order, now, aligns)
        return self._finish(order, chosen, rest, budget, walk.parts, moved)

    def _least(self, block: Block) -> tuple[int, ...]:
        """The cost of the cheapest minimal line from each critical of ``block`` to its
        end (cached while the block lives: blocks are never changed, a change to the
        order builds a new one)."""
        got = self._mins.get(block)
        if got is None:
            entry, entries = self._cache.entry, self._cache.entries
            costs = [(e if (e := entries.get(p.id)) is not None and e.patch is p else entry(p))
                     .forms[-1][1] for p in reversed(block.patches)]
            got = tuple(accumulate(costs, min))[::-1]
            with self._cache.lock:
                self._mins[block] = got
        return got

    def _fill_rest(self, rest: list[Patch], now: int, aligns: dict[str, float],
                   chosen: dict[str, tuple[Form, int]], room: int) -> int:
        forms_of = self._cache.forms_of
        if room < min([forms_of(p)[-1][1] for p in rest]):
            return room  # not even the shortest form of any fits
        scored = []
        for p in rest:
            u = utility(p, now, aligns.get(p.id, 0.0))
            for form, cost in self._cache.forms_of(p):
                scored.append((u / cost, -p.turn, p.id, form, cost))
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        for _, _, pid, form, cost in scored:
            if pid in chosen or cost > room:
                continue
            chosen[pid] = (form, cost)
            room -= cost
        # a non-critical taken in its short form is upgraded when the full one still fits
        for _, _, pid, form, cost in scored:
            cur_form, cur_cost = chosen.get(pid, (None, 0))
            if cur_form is not None and cur_form.name != "full" and form.name == "full" \
                    and cost - cur_cost <= room:
                chosen[pid] = (form, cost)
                room -= cost - cur_cost
        return room

    def _placed(self, view: CriticalView, query: str,
                aligns: dict[str, float]) -> list[tuple[Key, _Entry]]:
        """The criticals the query's words touch at their places (:func:`query_key`),
        sorted, their alignments added to ``aligns``: :meth:`_alignments`, :meth:`_named`
        and the placing in one pass, for the lexical alignment alone (the words each one
        holds were counted when the view was taken)."""
        touched = view.touched
        if not touched:
            return []
        qterms = query_terms(query) if query and query.strip() else frozenset()
        scale = 1.0 / min(len(qterms), ALIGN_SATURATION) if qterms else 0.0
        entry, get, hits = self._cache.entry, self._cache.entries.get, view.hits
        out: list[tuple[Key, _Entry]] = []
        append = out.append
        for k, p in touched:
            pid = p.id
            e = get(pid)
            if e is None or e.patch is not p:
                e = entry(p)
            n = hits.get(pid)
            align = (len(qterms & e.terms) if n is None else n) * scale
            if align > 1.0:
                align = 1.0
            aligns[pid] = align
            # every word of a subject is among the patch's terms: a named one aligns
            named = e.named_by
            append((query_key(k, named is not None and named <= qterms, align, e.weight), e))
        out.sort(key=itemgetter(0))
        return out

    @staticmethod
    def _named(crit: list[_Entry], query: str) -> set[str]:
        """The criticals the query names: it has every word of the setting's subject (a
        subject of at most :data:`~dspm_core.rank.NAMED_WORDS` words: a longer one is the
        leftover of a sentence, not a name). Within one pin and speaker class these are
        filled before the ones the query does not touch."""
        qterms = query_terms(query)
        out = set()
        if not qterms:
            return out
        for e in crit:
            p = e.patch
            if p.slot:
                words = text_terms(p.slot)
                if words and len(words) <= NAMED_WORDS and words <= qterms:
                    out.add(p.id)
        return out

    def _alignments(self, entries: Sequence[_Entry], query: str,
                    similarity: dict[str, float] | None = None) -> dict[str, float]:
        """Query alignment of the patches that have any (a patch left out aligns 0.0)."""
        if not query or not query.strip():
            return {}
        qterms = query_terms(query)
        out: dict[str, float] = {}
        if qterms:
            scale = 1.0 / min(len(qterms), ALIGN_SATURATION)
            for e in entries:
                if not qterms.isdisjoint(e.terms):
                    out[e.patch.id] = min(1.0, len(qterms & e.terms) * scale)
        if similarity is not None:
            for e in entries:
                s = similarity.get(e.patch.id, 0.0)
                if s > out.get(e.patch.id, 0.0):
                    out[e.patch.id] = s
        elif self.scorer is not None and entries:
            sims = self.scorer.similarities(query, [e.patch.text for e in entries])
            for e, s in zip(entries, sims):
                if float(s) > out.get(e.patch.id, 0.0):
                    out[e.patch.id] = float(s)
        return out

    @staticmethod
    def _order(crit: list[Patch], rest: list[Patch], chosen: dict[str, tuple[Form, int]],
               stable: bool, now: int, aligns: dict[str, float]) -> list[Patch]:
        sel_crit = [p for p in crit if p.id in chosen]
        sel_rest = [p for p in rest if p.id in chosen]
        if stable:
            # by first appearance only: a new patch is appended, never inserted earlier; the
            # criticals first, so the rest (sentences retrieved for this query) never move them
            key = lambda p: (p.first_turn, int(p.id[1:]) if p.id[1:].isdigit() else 0)  # noqa: E731
            return sorted(sel_crit, key=key) + sorted(sel_rest, key=key)
        sel_rest.sort(key=lambda p: utility(p, now, aligns.get(p.id, 0.0)), reverse=True)
        return sel_crit + sel_rest

    def _finish(self, order: list[Patch], chosen: dict[str, tuple[Form, int]],
                rest: Sequence[Patch], budget: int, parts: list,
                moved: Collection[str]) -> Rendered:
        lines = [(p, chosen[p.id][0]) for p in order]
        texts = [f.text for _, f in lines]
        text = "\n".join(texts)
        total = self._cache.count_lines(texts) if text else 0
        trimmed_crit: list[str] = []
        # The sum of line costs is exact for these tokenizers, but verify: trim the
        # least valuable line (last non-critical, else the last critical) until it fits.
        while total > budget and lines:
            idx = next((i for i in range(len(lines) - 1, -1, -1) if not lines[i][0].critical),
                       len(lines) - 1)
            p, _ = lines.pop(idx)
            if p.critical:
                trimmed_crit.append(p.id)
            texts = [f.text for _, f in lines]
            text = "\n".join(texts)
            total = self._cache.count_lines(texts) if text else 0
        delivered = tuple(p.id for p, _ in lines)
        got = set(delivered)
        rest_dropped = tuple(p.id for p in rest if p.id not in got)
        trimmed = tuple(p.id for p, f in lines if f.name != "full")
        # a line's tokens: its cost less the line break (costs count the text exactly)
        out_lines = tuple(RenderedLine(p.id, p.kind.value, f.name, f.text, chosen[p.id][1] - 1)
                          for p, f in lines)
        account = Account(parts, moved, lambda p: self._cache.entry(p).forms[-1][1],
                          trimmed_crit, rest_dropped)
        return Rendered(text, out_lines, total, budget, delivered, trimmed, account)
