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

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .forms import Form, forms_for
from .patch import Patch
from .rank import SimilarityScorer, alignment, critical_priority, query_terms, utility
from .tokens import TokenCounter

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
    dropped: tuple[str, ...]
    dropped_criticals: tuple[str, ...] = ()
    trimmed: tuple[str, ...] = ()
    decisions: dict[str, dict[str, Any]] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.text


class _Cache:
    """Bounded caches of forms and token counts (patches are immutable, so text is a key)."""

    def __init__(self, counter: TokenCounter, max_items: int = 200_000) -> None:
        self.counter = counter
        self.max_items = max_items
        self.tokens: dict[str, int] = {}
        self.forms: dict[tuple[str, str, int, int], list[tuple[Form, int]]] = {}

    def count(self, text: str) -> int:
        n = self.tokens.get(text)
        if n is None:
            if len(self.tokens) >= self.max_items:
                self.tokens.clear()
            n = self.counter.count(text)
            self.tokens[text] = n
        return n

    def forms_of(self, patch: Patch) -> list[tuple[Form, int]]:
        key = (patch.id, patch.text, patch.turn, len(patch.history))
        got = self.forms.get(key)
        if got is None:
            if len(self.forms) >= self.max_items:
                self.forms.clear()
            # cost of a line = its tokens + 1 for the newline that joins it to the next
            got = [(f, self.count(f.text) + 1) for f in forms_for(patch)]
            self.forms[key] = got
        return got


class Renderer:
    """Renders a list of patches under a budget. Holds only caches; safe to share."""

    def __init__(self, counter: TokenCounter, scorer: SimilarityScorer | None = None) -> None:
        self.counter = counter
        self.scorer = scorer
        self._cache = _Cache(counter)

    def count(self, text: str) -> int:
        return self._cache.count(text)

    def render(self, patches: Sequence[Patch], budget: int, query: str = "",
               stable_order: bool = False) -> Rendered:
        now = max((p.turn for p in patches), default=0)
        aligns = self._alignments(patches, query)
        crit = [p for p in patches if p.critical]
        rest = [p for p in patches if not p.critical]
        crit.sort(key=lambda p: critical_priority(p, now, aligns.get(p.id, 0.0)), reverse=True)

        # +1 for the newline that is not needed after the last line
        room = budget + 1
        chosen: dict[str, tuple[Form, int]] = {}
        dropped_crit: list[str] = []
        decisions: dict[str, dict[str, Any]] = {}

        # 1. every critical at its smallest form, by priority
        for p in crit:
            form, cost = self._cache.forms_of(p)[-1]
            if cost <= room:
                chosen[p.id] = (form, cost)
                room -= cost
            else:
                dropped_crit.append(p.id)
                decisions[p.id] = {"reason": f"minimal form needs {cost - 1} tokens, "
                                             f"{max(room - 1, 0)} left"}
        # 2. upgrades, by priority: the largest form that fits
        for p in crit:
            if p.id not in chosen:
                continue
            _, cur_cost = chosen[p.id]
            for form, cost in self._cache.forms_of(p):
                if cost <= cur_cost:
                    break
                if cost - cur_cost <= room:
                    room -= cost - cur_cost
                    chosen[p.id] = (form, cost)
                    break
        # 3. non-criticals by utility per token
        scored = []
        for p in rest:
            u = utility(p, now, aligns.get(p.id, 0.0))
            for form, cost in self._cache.forms_of(p):
                scored.append((u / cost, -p.turn, p.id, form, cost, p))
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        for _, _, pid, form, cost, _p in scored:
            if pid in chosen or cost > room:
                continue
            chosen[pid] = (form, cost)
            room -= cost
        # a non-critical taken in its short form is upgraded when the full one still fits
        for _, _, pid, form, cost, p in scored:
            cur_form, cur_cost = chosen.get(pid, (None, 0))
            if cur_form is not None and cur_form.name != "full" and form.name == "full" \
                    and cost - cur_cost <= room:
                chosen[pid] = (form, cost)
                room -= cost - cur_cost

        order = self._order(crit, rest, chosen, stable_order, now, aligns)
        return self._finish(order, chosen, patches, budget, dropped_crit, decisions)

    def _alignments(self, patches: Sequence[Patch], query: str) -> dict[str, float]:
        if not query or not query.strip():
            return {}
        qterms = query_terms(query)
        out = {p.id: alignment(qterms, p) for p in patches}
        if self.scorer is not None and patches:
            sims = self.scorer.similarities(query, [p.text for p in patches])
            for p, s in zip(patches, sims):
                out[p.id] = max(out[p.id], float(s))
        return out

    @staticmethod
    def _order(crit: list[Patch], rest: list[Patch], chosen: dict[str, tuple[Form, int]],
               stable: bool, now: int, aligns: dict[str, float]) -> list[Patch]:
        sel_crit = [p for p in crit if p.id in chosen]
        sel_rest = [p for p in rest if p.id in chosen]
        if stable:
            # by first appearance only: a new patch is appended, never inserted earlier
            key = lambda p: (p.first_turn, int(p.id[1:]) if p.id[1:].isdigit() else 0)  # noqa: E731
            return sorted(sel_crit + sel_rest, key=key)
        sel_rest.sort(key=lambda p: utility(p, now, aligns.get(p.id, 0.0)), reverse=True)
        return sel_crit + sel_rest

    def _finish(self, order: list[Patch], chosen: dict[str, tuple[Form, int]],
                patches: Sequence[Patch], budget: int, dropped_crit: list[str],
                decisions: dict[str, dict[str, Any]]) -> Rendered:
        lines = [(p, chosen[p.id][0]) for p in order]
        text = "\n".join(f.text for _, f in lines)
        total = self.count(text) if text else 0
        # The sum of line costs is exact for these tokenizers, but verify: trim the
        # least valuable line (last non-critical, else the last critical) until it fits.
        while total > budget and lines:
            idx = next((i for i in range(len(lines) - 1, -1, -1) if not lines[i][0].critical),
                       len(lines) - 1)
            p, _ = lines.pop(idx)
            if p.critical:
                dropped_crit.append(p.id)
                decisions[p.id] = {"reason": "removed when the exact count ran over budget"}
            text = "\n".join(f.text for _, f in lines)
            total = self.count(text) if text else 0
        delivered = tuple(p.id for p, _ in lines)
        got = set(delivered)
        dropped = tuple(p.id for p in patches if p.id not in got)
        trimmed = tuple(p.id for p, f in lines if f.name != "full")
        out_lines = tuple(RenderedLine(p.id, p.kind.value, f.name, f.text, self.count(f.text))
                          for p, f in lines)
        return Rendered(text, out_lines, total, budget, delivered, dropped,
                        tuple(dropped_crit), trimmed, decisions)
