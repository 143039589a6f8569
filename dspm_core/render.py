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
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import accumulate, takewhile
from operator import itemgetter

from .crit_order import Block, CriticalView, Key, Pool, query_key
from .fill import Account, walk_criticals
from .forms import Form, forms_for, same_forms
from .patch import Patch
from .rank import (ALIGN_SATURATION, SimilarityScorer, critical_priority, naming_words,
                   patch_terms, query_terms, utility)
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
    """The rendered context and an account of what was delivered and what was not.

    The per-line view (:attr:`lines`, :attr:`delivered`, :attr:`trimmed`) is built when
    first read: a caller that wants the text alone (``get_context``) never pays for it."""

    text: str
    tokens: int
    budget: int
    #: (patch, form, cost with its line break) of each delivered line, in order
    picked: tuple[tuple[Patch, Form, int], ...] = field(default=(), repr=False)
    _account: Account | None = field(default=None, repr=False, compare=False)
    _views: list[tuple[tuple[RenderedLine, ...], tuple[str, ...], tuple[str, ...]]] = \
        field(default_factory=list, repr=False, compare=False)

    def _view(self) -> tuple[tuple[RenderedLine, ...], tuple[str, ...], tuple[str, ...]]:
        views = self._views
        if not views:  # a race only builds the same tuples twice
            picked = self.picked
            views.append((tuple(RenderedLine(p.id, p.kind.value, f.name, f.text, cost - 1)
                                for p, f, cost in picked),
                          tuple(p.id for p, _, _ in picked),
                          tuple(p.id for p, f, _ in picked if f.name != "full")))
        return views[0]

    @property
    def lines(self) -> tuple[RenderedLine, ...]:
        """The delivered lines, in order (a line's tokens leave out its line break)."""
        return self._view()[0]

    @property
    def delivered(self) -> tuple[str, ...]:
        """The ids of the delivered patches, in order."""
        return self._view()[1]

    @property
    def trimmed(self) -> tuple[str, ...]:
        """The ids of the delivered patches shown in a shorter form than their full one."""
        return self._view()[2]

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

    __slots__ = ("patch", "forms", "step", "key", "terms", "named_by")

    def __init__(self, patch: Patch, forms: list[tuple[Form, int]]) -> None:
        self.patch = patch
        self.forms = forms  # (form, cost) longest first; cost counts the joining newline
        # the fewest tokens an upgrade from the minimal form adds (the forms an upgrade
        # reads: the ones before the first that costs no more than the minimal one)
        least = forms[-1][1]
        ups = [c for _, c in takewhile(lambda fc: fc[1] > least, forms)]
        self.step = min(ups) - least if ups else float("inf")
        # (the stance check reads the whole text: only a critical's place needs it)
        self.key = critical_priority(patch) if patch.critical else None
        self.terms = patch_terms(patch)  # what query alignment counts (rank.alignment)
        self.named_by = naming_words(patch)  # (Renderer._named)


def _clean(line: str) -> bool:
    """``line`` may stand anywhere in a text that splits cleanly at its line breaks."""
    return splits_cleanly(("x", line))


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
        self.broken: dict[str, int] = {}  # a line -> tokens with its line break (_broken)
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
        if not (self.splits_lines and lines and _clean(lines[-1])):
            return self.count("\n".join(lines))
        get, total = self.broken.get, 0
        for line in lines[:-1]:
            n = get(line)
            if n is None:
                n = self._broken(line)
            if n < 0:  # (a first line that opens with a space would split too: rare)
                return self.count("\n".join(lines))
            total += n
        return total + self.count(lines[-1])

    def _broken(self, line: str) -> int:
        """Tokens of ``line`` and the line break after it, or -1 when the line could not
        be counted alone in every place (:func:`~dspm_core.tokens.splits_cleanly`)."""
        if not _clean(line):
            n = -1
        elif break_alone(line):
            n = self.count(line) + 1
        else:
            n = self.count(line + "\n")
        with self.lock:
            if len(self.broken) >= self.max_items:
                self.broken.clear()
            self.broken[line] = n
        return n

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


class Renderer:
    """Renders a list of patches under a budget. Holds only caches; safe to share."""

    def __init__(self, counter: TokenCounter, scorer: SimilarityScorer | None = None) -> None:
        self.counter = counter
        self.scorer = scorer
        self._cache = _Cache(counter)

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
        rest_entries = [entry(p) for p in rest]
        if semantic:
            every = [(k, entry(p)) for k, p in view]
            aligns = self._alignments(rest_entries + [e for _, e in every], query, similarity)
            named = self._named([e for _, e in every], query) if aligns else set()
            touched = sorted(((query_key(k, e.patch.id in named, aligns.get(e.patch.id, 0.0)),
                               e.patch) for k, e in every), key=itemgetter(0))
        else:
            aligns = self._alignments(rest_entries, query)
            touched = self._placed(view, query)
        # the ids of the criticals walked at their own place
        moved: Collection[str] = view.hits if not semantic and len(view.hits) == len(touched) \
            else {p.id for _, p in touched}

        # 1. every critical at its smallest form, by priority (+1: the newline that is
        # not needed after the last line)
        walk = walk_criticals(view.blocks, touched, moved, entry, self._least, budget + 1)
        chosen = walk.chosen
        room = walk.room
        # 2. upgrades, by priority: the largest form that fits
        for e in walk.taken:
            if e.step > room:
                continue
            cur_cost = e.forms[-1][1]  # the walk took the minimal form
            for form, cost in e.forms:
                if cost <= cur_cost:
                    break
                if cost - cur_cost <= room:
                    room -= cost - cur_cost
                    chosen[e.patch.id] = (form, cost)
                    break
        # 3. non-criticals by utility per token
        if rest:
            room = self._fill_rest(rest, now, aligns, chosen, room, rest_entries)

        order = self._order([e.patch for e in walk.taken], rest, chosen, stable_order, now, aligns)
        return self._finish(order, chosen, rest, budget, walk.parts, moved)

    def _least(self, block: Block) -> tuple[int, ...]:
        """The cost of the cheapest minimal line from each critical of ``block`` to its
        end, kept in the block's memo (blocks are never changed, a change to the order
        builds a new one). A block built by edits from one this renderer read updates
        that one's costs (:meth:`_edit_least`)."""
        memo = block.memo
        if memo is not None and memo[0] is self._cache:
            return memo[1]
        origin = block.origin
        got = None
        if origin is not None and origin[0][0] is self._cache:
            got = self._edit_least(origin[0][1], origin[1])
        if got is None or len(got) != len(block.patches):
            entry, entries = self._cache.entry, self._cache.entries
            costs = [(e if (e := entries.get(p.id)) is not None and e.patch is p else entry(p))
                     .forms[-1][1] for p in reversed(block.patches)]
            got = tuple(accumulate(costs, min))[::-1]
        block.memo, block.origin = (self._cache, got), None
        return got

    def _edit_least(self, least: tuple[int, ...],
                    edits: Sequence[tuple[int, bool, Patch]]) -> tuple[int, ...] | None:
        """``least`` of a block after ``edits`` (see :class:`~dspm_core.crit_order.Block`),
        or None when a removed critical was the only cheapest from its place on (the
        criticals before it are then read again). An insertion lowers the costs before it
        to its own at most."""
        mins = list(least)
        entry = self._cache.entry
        for at, removed, p in edits:
            n = len(mins)
            if removed:
                if at + 1 < n and mins[at] == mins[at + 1]:
                    del mins[at]
                    continue
                if at + 1 == n and at and mins[at - 1] < mins[at]:
                    del mins[at]
                    continue
                return None
            c = entry(p).forms[-1][1]
            if at < n and c >= mins[at]:
                mins.insert(at, mins[at])
                continue
            mins.insert(at, c)
            for i in range(at):
                if mins[i] > c:
                    mins[i] = c
        return tuple(mins)

    def _fill_rest(self, rest: list[Patch], now: int, aligns: dict[str, float],
                   chosen: dict[str, tuple[Form, int]], room: int,
                   entries: list[_Entry] | None = None) -> int:
        """Fill ``room`` with the non-criticals ``rest`` (their ``entries`` when at hand)
        by utility per token; the room left."""
        if entries is None:
            entries = [self._cache.entry(p) for p in rest]
        if room < min([e.forms[-1][1] for e in entries]):
            return room  # not even the shortest form of any fits
        scored = []
        for e in entries:
            p = e.patch
            u = utility(p, now, aligns.get(p.id, 0.0))
            for form, cost in e.forms:
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

    def _placed(self, view: CriticalView, query: str) -> list[tuple[Key, Patch]]:
        """The criticals the query's words touch at their places (:func:`query_key`),
        sorted: :meth:`_alignments`, :meth:`_named` and the placing in one pass, for the
        lexical alignment alone, from what the view holds (the words each one holds were
        counted when the view was taken; the words that name it were found when it was
        stored). A critical's alignment serves its place only."""
        touched = view.touched
        if not touched:
            return []
        qterms = query_terms(query) if query and query.strip() else frozenset()
        scale = 1.0 / min(len(qterms), ALIGN_SATURATION) if qterms else 0.0
        hits = view.hits
        # query_key, written out: this runs for every critical the query touches
        out = [((k[0], k[1], -1 if named is not None and named <= qterms else 0,
                 k[3] - (a if (a := hits[p.id] * scale) < 1.0 else 1.0), k[4], k[5]), p)
               for k, p, named in touched]
        out.sort(key=itemgetter(0))
        return out

    @staticmethod
    def _named(crit: list[_Entry], query: str) -> set[str]:
        """The criticals the query names: it has every word of the setting's subject
        (:func:`~dspm_core.rank.naming_words`). Within one pin and speaker class these are
        filled before the ones the query does not touch."""
        qterms = query_terms(query)
        out = set()
        if not qterms:
            return out
        for e in crit:
            words = naming_words(e.patch)
            if words is not None and words <= qterms:
                out.add(e.patch.id)
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
        lines = [(p, *chosen[p.id]) for p in order]
        texts = [f.text for _, f, _ in lines]
        text = "\n".join(texts)
        total = self._cache.count_lines(texts) if text else 0
        trimmed_crit: list[str] = []
        # The sum of line costs is exact for these tokenizers, but verify: trim the
        # least valuable line (last non-critical, else the last critical) until it fits.
        while total > budget and lines:
            idx = next((i for i in range(len(lines) - 1, -1, -1) if not lines[i][0].critical),
                       len(lines) - 1)
            p = lines.pop(idx)[0]
            if p.critical:
                trimmed_crit.append(p.id)
            texts = [f.text for _, f, _ in lines]
            text = "\n".join(texts)
            total = self._cache.count_lines(texts) if text else 0
        got = {p.id for p, _, _ in lines}
        rest_dropped = tuple(p.id for p in rest if p.id not in got)
        account = Account(parts, moved, lambda p: self._cache.entry(p).forms[-1][1],
                          trimmed_crit, rest_dropped)
        return Rendered(text, total, budget, tuple(lines), account)
