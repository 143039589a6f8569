"""DSPMMemory: the facade users hold (sync and async).

    memory = DSPMMemory(budget=250)
    memory.add_turn("user", "Set the webhook timeout to 30 seconds.")
    memory.add_turn("user", "Change the webhook timeout to 10 seconds.")
    print(memory.get_context("webhook"))   # decision: Change the webhook timeout to 10 seconds (was 30) .

One memory may be shared by threads and asyncio tasks: its state is guarded by a lock
and extraction runs outside it.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from .args import check_count, check_flag, check_patch_fields, check_patch_id, check_path
from .args import check_query, check_shown, check_timeout
from .errors import NOT_COMMITTED, BudgetError, ConfigError, InvalidPatchError
from .extract.base import Extractor
from .persist.base import Binding, Store
from .chunking import chunk_text, split_text
from .lexicon import warm as warm_lexicon
from .limits import LARGE_STORE, MAX_QUERY, MAX_TURN_PART, text_problem
from .patch import Fact, Patch, PatchKind, Turn, coerce_kind, coerce_role
from .rank import SimilarityScorer
from .retry import Backoff, checked_facts, surfaced
from .crit_order import Pool
from .render import MIN_BUDGET, Rendered, Renderer
from .state import FORMAT, SCHEMA_VERSION, parse_state, turn_to_dict
from .store import DEFAULT_HISTORY_LIMIT, MergeOutcome, PatchStore
from .tier import in_said_order, mark_earlier, sentence_facts
from .tokens import TokenCounter, get_counter
from .vocab import word_frequency

__all__ = ["DSPMMemory"]

log = logging.getLogger("dspm_core.memory")


def _check_budget(budget: object) -> int:
    if isinstance(budget, bool) or not isinstance(budget, int):
        raise BudgetError(f"budget must be an integer number of tokens, got {budget!r}")
    if budget < MIN_BUDGET:
        raise BudgetError(f"budget must be at least {MIN_BUDGET} tokens, got {budget}")
    return budget


class DSPMMemory:
    """Typed, budgeted memory of one conversation (or one user across sessions).

    Args:
        budget: token budget of the rendered context (at least ``MIN_BUDGET`` = 16).
        llm_client: an OpenAI-compatible client for LLM extraction (see the extraction docs).
        model: the model name used with ``llm_client``.
        extractor: any object with ``extract(turn) -> list[Fact]``; the default is the
            offline :class:`~dspm_core.extract.rules.RuleExtractor`.
        tokenizer: ``"cl100k_base"`` (default), ``"o200k_base"``, a ``str -> int`` callable
            or a token counter; counted offline.
        stable_order: order lines by first appearance so the prompt prefix stays
            byte-stable across turns (for KV caching).
        history_limit: earlier values kept inline per patch (default 3).
        scorer: optional semantic scorer for query alignment: ``"semantic"`` loads the
            bundled all-MiniLM-L6-v2 (``semantic`` extra), or pass any object with
            ``similarities(query, texts)``.
        strict_llm: raise :class:`ExtractionError` when extraction of a turn fails (the turn
            is kept pending either way).
        context_turns: how many previous messages an extractor sees as context.
        dense: with ``llm_client``, ask for every distinct fact of each turn (fact-heavy
            turns switch to dense mode automatically).
        store: a persistent store for many users (any :class:`~dspm_core.persist.base.Store`:
            :class:`~dspm_core.persist.sqlite.SQLiteStore`,
            :class:`~dspm_core.persist.postgres.PostgresStore`); every ``add_turn``,
            ``add_patch``, ``pin`` and ``forget`` is then one committed transaction.
        user_id: with ``store``, whose memory this is (required; letters, digits and
            ``_ . : @ + = -``). A user's rules carry across their sessions.
        session_id: the session that tags this memory's turns (``add_turn`` may override it).
        links: link a statement that agrees with one earlier setting in head noun and kind
            of value but carries no revision cue ("I secured 5 interviews" after "3
            interviews for producer roles"): both stay, the older shown as ``(earlier)``;
            see :meth:`unlink`. Off by default.
        sentences: keep every substantive sentence of the user's turns that no extractor
            typed, with the words as written (the lossless tier; rendered by query
            relevance after the criticals). On by default; greetings and acknowledgements
            are left out and counted (``stats["greetings_skipped"]``).
    """

    def __init__(
        self,
        budget: int = 250,
        llm_client: Any = None,
        model: str = "gpt-4o-mini",
        extractor: Extractor | None = None,
        tokenizer: str | Callable[[str], int] | TokenCounter | None = "cl100k_base",
        stable_order: bool = False,
        history_limit: int = DEFAULT_HISTORY_LIMIT,
        scorer: SimilarityScorer | str | None = None,
        strict_llm: bool = False,
        context_turns: int = 2,
        dense: bool = False,
        store: Store | None = None,
        user_id: str | None = None,
        session_id: str | None = None,
        links: bool = False,
        sentences: bool = True,
    ) -> None:
        context_turns = check_count(context_turns, "context_turns")
        self._budget = _check_budget(budget)
        if extractor is not None and llm_client is not None:
            raise ConfigError("pass either extractor= or llm_client=, not both")
        if extractor is not None and not callable(getattr(extractor, "extract", None)):
            raise ConfigError("extractor must have an extract(turn) method")
        if llm_client is not None:
            extractor = self._llm_extractor(llm_client, model, dense)
        if extractor is None:
            from .extract.rules import RuleExtractor  # its patterns load with the first memory

            extractor = RuleExtractor()
        self.extractor: Extractor = extractor
        warm_lexicon()  # the word lists load once per process, here rather than in a turn
        self.model = model
        self.counter = get_counter(tokenizer)
        self.stable_order = bool(stable_order)
        self.store = PatchStore(history_limit=history_limit, links=check_flag(links, "links"))
        if scorer == "semantic":
            from .embeddings import EmbeddingScorer

            scorer = EmbeddingScorer()
        elif isinstance(scorer, str):
            raise ConfigError(f"unknown scorer {scorer!r}; use 'semantic' or a scorer object")
        if scorer is not None and not callable(getattr(scorer, "similarities", None)):
            raise ConfigError("scorer must have a similarities(query, texts) method")
        self.renderer = Renderer(self.counter, scorer)
        self._vectors: Any = None  # patch vectors, when the scorer embeds (see vectors.py)
        self._vec_version = -1
        if callable(getattr(scorer, "embed", None)):
            from .vectors import VectorIndex

            self._vectors = VectorIndex()
        self._lock = threading.RLock()
        self.strict_llm = bool(strict_llm)
        self.sentences = check_flag(sentences, "sentences")
        self._greetings = 0
        self._turns = 0
        self._conversation_tokens = 0
        self._last_query = ""
        self._pending: list[Turn] = []
        self._backoff = Backoff()
        self._failures = 0
        self._recent: deque[tuple[str, str]] = deque(maxlen=max(0, int(context_turns)))
        self.user_id: str | None = None
        self.session_id: str | None = None
        self._backend: Binding | None = None  # a store's binding of this memory to its user
        self._attach(store, user_id, session_id)

    def _attach(self, store: Store | None, user_id: str | None, session_id: str | None) -> None:
        from .persist.ids import check_id

        if session_id is not None:
            self.session_id = check_id(session_id, "session_id")
        if store is None:
            if user_id is not None:
                raise ConfigError("user_id= needs a store= to keep the user's memory in")
            return
        if not callable(getattr(store, "attach", None)):
            raise ConfigError("store must have an attach(memory, user_id, session_id) method")
        if user_id is None:
            raise ConfigError("store= needs a user_id= (memory is scoped to a user)")
        self.user_id = check_id(user_id, "user_id")
        word_frequency()  # load the word list now, not inside the first write transaction
        self._backend = store.attach(self, self.user_id, self.session_id)

    @staticmethod
    def _llm_extractor(client: Any, model: str, dense: bool) -> Extractor:
        from .extract.llm import LLMExtractor

        return LLMExtractor(client=client, model=model, dense=dense)

    # ------------------------------------------------------------------ budget
    @property
    def budget(self) -> int:
        return self._budget

    @budget.setter
    def budget(self, value: int) -> None:
        self._budget = _check_budget(value)

    def set_budget(self, value: int) -> None:
        """Set the token budget (at least 16)."""
        self.budget = value

    # ------------------------------------------------------------------ ingest
    @staticmethod
    def _turn_parts(role: str, text: str) -> list[str]:
        """The parts of one message that are extracted as turns: the message itself, or,
        over :data:`~dspm_core.limits.MAX_TURN_PART` characters, consecutive parts that
        join back to it exactly (split, never truncated)."""
        if not isinstance(text, str):
            raise InvalidPatchError(f"turn text must be a string, got {type(text).__name__}")
        if text_problem(text):  # refused whole, never truncated: add_document() splits
            raise InvalidPatchError(f"turn text: {text_problem(text)}; pass it to "
                                    "add_document() to store it in chunks")
        coerce_role(role)
        return split_text(text, MAX_TURN_PART) if len(text) > MAX_TURN_PART else [text]

    def _next_turn(self, role: str, text: str, session_id: str | None) -> Turn:
        r = coerce_role(role)
        if session_id is None:
            session_id = self.session_id
        elif self._backend is not None:
            from .persist.ids import check_id

            session_id = check_id(session_id, "session_id")
        with self._lock:
            index = self._turns
            self._turns += 1
            self._conversation_tokens += self.counter.count(text)
            recent = tuple(self._recent)
            if text.strip():
                self._recent.append((r.value, text))
            settings: tuple[tuple[str, str, str], ...] = ()
            if getattr(self.extractor, "wants_settings", False):  # e.g. an LLM extractor
                settings = tuple((p.id, p.slot or "", p.value_label)
                                 for p in self.store.related(text))
        return Turn(role=r, text=text, index=index, session_id=session_id, recent=recent,
                    settings=settings)

    def _with_tier(self, turn: Turn, facts: list[Fact]) -> list[Fact]:
        """The turn's typed facts and its sentences none of them came from (the tier), in
        the order the turn said them."""
        if not self.sentences:
            return facts
        tier = sentence_facts(turn, facts)
        if tier.skipped:
            with self._lock:
                self._greetings += tier.skipped
        return in_said_order(turn.text, facts, tier.facts)

    def _merge(self, facts: list[Fact], turn: Turn | None = None) -> list[MergeOutcome]:
        if self._backend is not None:  # one transaction: the turn's row and what it changed
            return self._backend.commit(self, facts, turn)
        with self._lock:
            return self.store.merge_all(facts)

    async def _amerge(self, facts: list[Fact], turn: Turn | None = None) -> list[MergeOutcome]:
        if self._backend is not None:  # database I/O off the event loop
            return await asyncio.to_thread(self._backend.commit, self, facts, turn)
        return self._merge(facts, turn)

    def _queue(self, turn: Turn | None, force: bool = False) -> list[Turn]:
        """Pending turns due for a retry (oldest first), then the new one. Pending turns
        not yet due stay pending; none of them holds back the new turn."""
        if not self._pending:
            return [turn] if turn is not None and turn.text.strip() else []
        with self._lock:
            due = [t for t in self._pending if force or self._backoff.is_due(t, self._turns)]
            if due:
                taken = {id(t) for t in due}
                self._pending = [t for t in self._pending if id(t) not in taken]
        if turn is not None and turn.text.strip():
            due.append(turn)
        return due

    def _failed(self, turn: Turn, exc: BaseException, new: bool) -> BaseException | None:
        """Keep the failed turn pending (counted, retried with backoff); returns what to raise."""
        with self._lock:
            self._failures += 1
            attempts = self._backoff.failed(turn, self._turns)
            if not any(t is turn for t in self._pending):
                self._pending.append(turn)
                self._pending.sort(key=lambda t: t.index)
            if self._backend is not None:  # stored as pending rows: no turn is lost
                self._backend.record_pending(self)
        log.warning("extraction of turn %d failed (attempt %d), kept pending: %s: %s",
                    turn.index, attempts, type(exc).__name__, exc)
        return surfaced(exc, new=new, strict=self.strict_llm)

    def _unsent(self, turn: Turn, queue: list[Turn]) -> None:
        """Committing ``turn`` failed without committing (a lost connection, a lock or pool
        timeout): it and the turns queued after it stay pending (in this memory), committed
        by a later call (or ``retry_pending()``), once."""
        with self._lock:
            rest = queue[next(i for i, t in enumerate(queue) if t is turn):]
            held = {id(t) for t in self._pending}
            self._pending.extend(t for t in rest if id(t) not in held and t.text.strip())
            self._pending.sort(key=lambda t: t.index)

    def _succeeded(self, turn: Turn) -> None:
        if self._backoff:  # only turns that failed before have a backoff to clear
            with self._lock:
                self._backoff.done(turn)

    def _ingest(self, turn: Turn | None, force: bool = False) -> list[MergeOutcome]:
        outcomes: list[MergeOutcome] = []
        error: BaseException | None = None
        queue = self._queue(turn, force)
        for t in queue:
            try:
                facts = self._with_tier(t, checked_facts(self.extractor.extract(t)))
            except Exception as exc:  # kept pending; see retry.surfaced for what is raised
                error = error or self._failed(t, exc, t is turn)
                continue
            self._succeeded(t)
            try:
                outcomes.extend(self._merge(facts, t))
            except NOT_COMMITTED:
                self._unsent(t, queue)
                raise
        if error is not None:
            raise error
        self._vectorise(outcomes)
        self._prepare(outcomes)
        return outcomes

    async def _aingest(self, turn: Turn | None, force: bool = False) -> list[MergeOutcome]:
        outcomes: list[MergeOutcome] = []
        error: BaseException | None = None
        aextract = getattr(self.extractor, "aextract", None)
        queue = self._queue(turn, force)
        for t in queue:
            try:
                if aextract is not None:
                    facts = checked_facts(await aextract(t))
                else:
                    facts = checked_facts(await asyncio.to_thread(self.extractor.extract, t))
                facts = self._with_tier(t, facts)
            except Exception as exc:  # kept pending; see retry.surfaced for what is raised
                error = error or self._failed(t, exc, t is turn)
                continue
            self._succeeded(t)
            try:
                outcomes.extend(await self._amerge(facts, t))
            except NOT_COMMITTED:
                self._unsent(t, queue)
                raise
        if error is not None:
            raise error
        if self._vectors is not None:  # the model runs off the event loop
            await asyncio.to_thread(self._vectorise, outcomes)
        self._prepare(outcomes)
        return outcomes

    def _prepare(self, outcomes: list[MergeOutcome]) -> None:
        """What a render reads of the patches a turn stored or changed (forms, token
        counts) is computed with the turn, not by the first render that reads them."""
        self.renderer.prepare(o.patch for o in outcomes if o.patch is not None)

    def add_turn(self, role: str, text: str, *, session_id: str | None = None) -> list[MergeOutcome]:
        """Extract the facts of one message and merge them. Returns what each merge did.

        Pending turns (whose extraction failed earlier) that are due for a retry go first;
        a turn whose extraction fails is kept pending (``stats["pending_turns"]``), counted
        and retried after 1, 2, 4 ... up to 32 later turns, never lost and never in front
        of the turns after it; its facts merge at their own turn index. Non-strict, only a
        foreign exception of this turn's own extraction is raised; with
        ``strict_llm=True`` every failure is (see :mod:`dspm_core.retry`).

        A message over 200,000 characters (:data:`~dspm_core.limits.MAX_TURN_PART`) is
        split at paragraph, sentence or word breaks into parts of at most that size, each
        extracted as a turn of its own; a message over 10,000,000 characters is refused.
        """
        outcomes: list[MergeOutcome] = []
        for part in self._turn_parts(role, text):
            outcomes.extend(self._ingest(self._next_turn(role, part, session_id)))
        return outcomes

    async def aadd_turn(self, role: str, text: str, *,
                        session_id: str | None = None) -> list[MergeOutcome]:
        """Async :meth:`add_turn`; uses the extractor's ``aextract`` when it has one."""
        outcomes: list[MergeOutcome] = []
        for part in self._turn_parts(role, text):
            outcomes.extend(await self._aingest(self._next_turn(role, part, session_id)))
        return outcomes

    def add_document(self, text: str, chunk_tokens: int = 400, *,
                     session_id: str | None = None) -> list[MergeOutcome]:
        """Ingest a document as ``document`` turns of about ``chunk_tokens`` tokens each.

        Facts from a document have the lowest authority: they never override a user's rule.
        """
        outcomes: list[MergeOutcome] = []
        for chunk in self._chunks(text, chunk_tokens):
            outcomes.extend(self.add_turn("document", chunk, session_id=session_id))
        return outcomes

    async def aadd_document(self, text: str, chunk_tokens: int = 400, *,
                            session_id: str | None = None) -> list[MergeOutcome]:
        outcomes: list[MergeOutcome] = []
        for chunk in self._chunks(text, chunk_tokens):
            outcomes.extend(await self.aadd_turn("document", chunk, session_id=session_id))
        return outcomes

    def _chunks(self, text: str, chunk_tokens: int) -> list[str]:
        if not isinstance(text, str):
            raise InvalidPatchError(f"document text must be a string, got {type(text).__name__}")
        if isinstance(chunk_tokens, bool) or not isinstance(chunk_tokens, int) or chunk_tokens < 16:
            raise ConfigError(f"chunk_tokens must be an integer >= 16, got {chunk_tokens!r}")
        # split by characters first: no paragraph handed to the tokenizer is huge
        return [chunk for part in split_text(text, MAX_TURN_PART)
                for chunk in chunk_text(part, chunk_tokens, self.counter.count)]

    def retry_pending(self) -> list[MergeOutcome]:
        """Retry the extraction of every pending turn now, whatever its backoff."""
        return self._ingest(None, force=True)

    async def aretry_pending(self) -> list[MergeOutcome]:
        """Async :meth:`retry_pending`."""
        return await self._aingest(None, force=True)

    @property
    def pending_turns(self) -> list[Turn]:
        with self._lock:
            return list(self._pending)

    async_add_turn = aadd_turn

    def add_patch(self, kind: PatchKind | str, text: str, *, role: str = "user",
                  slot: str | None = None, op: str | None = None, value: str | None = None,
                  unit: str | None = None, pinned: bool = False) -> Patch:
        """Store a fact directly (no extractor runs); missing fields are parsed from ``text``."""
        check_patch_fields(slot=slot, op=op, value=value, unit=unit, pinned=pinned)
        fact = Fact(kind=coerce_kind(kind), text=text, role=coerce_role(role), turn=self._turns,
                    slot=slot, op=op, value=None if value is None else str(value), unit=unit,
                    pinned=pinned, source="manual")
        return self._merge([fact])[0].patch

    # ------------------------------------------------------------------ vectors
    def _vectorise(self, outcomes: list[MergeOutcome]) -> None:
        """Embed the patches a turn stored or changed (with a scorer that embeds)."""
        vectors = self._vectors
        if vectors is None or not outcomes:
            return
        with self._lock:
            in_sync = self._vec_version >= 0
            items = [(o.patch.id, o.patch.text) for o in outcomes
                     if o.patch is not None and not vectors.has(o.patch.id, o.patch.text)]
            version = self.store.version
        if items:
            vectors.put(items, self.renderer.scorer.embed([t for _, t in items]))
        if in_sync:  # what this turn changed is embedded; the rest already was
            with self._lock:
                self._vec_version = version

    def _sync_vectors(self) -> None:
        """Embed every patch without a vector for its current text and drop the vectors
        of patches gone (after a load, a forget or another process's writes)."""
        vectors = self._vectors
        with self._lock:
            if self._vec_version == self.store.version:
                return
            patches = self.store.patches()
            version = self.store.version
        live = {p.id for p in patches}
        for pid in [pid for pid in vectors.ids() if pid not in live]:
            vectors.remove(pid)
        items = [(p.id, p.text) for p in patches if not vectors.has(p.id, p.text)]
        if items:
            vectors.put(items, self.renderer.scorer.embed([t for _, t in items]))
        with self._lock:
            self._vec_version = version

    def _by_meaning(self, query: str, patches: list[Patch]) -> tuple[list[Patch], dict[str, float] | None]:
        """With patch vectors: the query embedded once, one product over every vector; the
        most similar patches join ``patches`` (the non-criticals of the pool: the criticals
        are all in the render's view) and the similarities align them all."""
        if self._vectors is None or not query.strip():
            return patches, None
        from .vectors import VECTOR_CANDIDATES

        self._sync_vectors()
        qv = self.renderer.scorer.embed([query])[0]
        sims, best = self._vectors.similarities(qv, VECTOR_CANDIDATES)
        have = {p.id for p in patches}
        extra = [p for p in map(self.store.patch_or_none, best)
                 if p is not None and p.id not in have and not p.critical]
        return patches + extra, sims

    # ------------------------------------------------------------------ render
    def render(self, query: str = "", budget: int | None = None, *,
               shown: Iterable[str] = ()) -> Rendered:
        """Render the memory for ``query`` under the budget, with a full account.

        ``budget`` renders once at another budget (at least 16) without changing
        :attr:`budget`. ``shown``: texts the caller puts beside the memory verbatim (the
        recent messages of a chat window); the user's sentences found in them are not
        repeated in the memory.
        """
        query = check_query(query)
        if len(query) > MAX_QUERY:  # relevance reads the end of a long message
            query = query[-MAX_QUERY:]
        one_off = None if budget is None else _check_budget(budget)
        visible = check_shown(shown)
        with self._lock:
            pool = self.store.pool(query or "")
            rest = pool.rest
            if visible:
                rest = [p for p in rest if p.kind is not PatchKind.SENTENCE
                        or not any(p.text in v for v in visible)]
            use = self._budget if one_off is None else one_off
            if one_off is None:
                self._last_query = query or ""
        rest, sims = self._by_meaning(query or "", rest)
        rest = mark_earlier(rest, self.store.revised_for)
        return self.renderer.render(Pool(pool.criticals, rest), use, query or "",
                                    self.stable_order, similarity=sims)

    def get_context(self, query: str = "") -> str:
        """The rendered memory text (never over the budget)."""
        return self.render(query).text

    async def aget_context(self, query: str = "") -> str:
        return self.get_context(query)

    def explain(self, query: str = "") -> list[dict[str, Any]]:
        """Why each patch was delivered, trimmed to a shorter form, or left out."""
        r = self.render(query)
        lines = {line.patch_id: line for line in r.lines}
        out = []
        for p in self.store.patches():
            line = lines.get(p.id)
            full = self.renderer.count(self.renderer.full_form(p).text)
            if line is None:
                status, reason = "dropped", r.reason(p.id)
            elif line.form == "full":
                status, reason = "delivered", "fits at full form"
            else:
                status, reason = "trimmed", f"delivered at {line.form} form to fit the budget"
            out.append({"id": p.id, "kind": p.kind.value, "critical": p.critical,
                        "later": p.later,
                        "role": p.role.value, "pinned": p.pinned, "status": status,
                        "form": line.form if line else None,
                        "tokens": line.tokens if line else 0, "full_tokens": full,
                        "reason": reason, "text": p.text})
        return out

    # ------------------------------------------------------------------ views
    @property
    def stats(self) -> dict[str, Any]:
        """Counters and ratios, measured on the context delivered at the current budget."""
        r = self.render(self._last_query)
        patches = self.store.patches()
        crit = [p for p in patches if p.critical]
        delivered = set(r.delivered)
        selected = sum(1 for p in crit if p.id in delivered)
        patch_tokens = sum(self.renderer.count(f"{p.tag}: {p.text}") for p in patches)
        with self._lock:
            conv = self._conversation_tokens
            turns = self._turns
        return {
            "turns": turns,
            "total_patches": len(patches),
            "critical_total": len(crit),
            "critical_selected": selected,
            "crr": selected / len(crit) if crit else 1.0,
            "undelivered_criticals": len(crit) - selected,
            "undelivered_critical_ids": [p.id for p in crit if p.id not in delivered],
            "conversation_tokens": conv,
            "patch_tokens": patch_tokens,
            "context_tokens": r.tokens,
            "budget": self._budget,
            "trr": 1.0 - r.tokens / patch_tokens if patch_tokens else 0.0,
            "trr_by_conversation": 1.0 - r.tokens / conv if conv else 0.0,
            "merges": dict(self.store.counters),
            "pending_turns": len(self.pending_turns),
            "extraction_failures": self._failures,
            "sentence_patches": sum(1 for p in patches if p.kind is PatchKind.SENTENCE),
            "greetings_skipped": self._greetings,
            "extractor": dict(getattr(self.extractor, "stats", {}) or {}),
            # past LARGE_STORE patches every render reads more; nothing is ever evicted
            "large_store": len(patches) > LARGE_STORE,
        }

    def __repr__(self) -> str:
        from .display import memory_repr

        return memory_repr(self, self._turns)

    def _repr_html_(self) -> str:
        """Jupyter's view: the summary and the context as it renders now."""
        from .display import memory_html

        return memory_html(self, self._turns, self._last_query)

    @property
    def all_patches(self) -> list[Patch]:
        return self.store.patches()

    @property
    def critical_patches(self) -> list[Patch]:
        return [p for p in self.store.patches() if p.critical]

    @property
    def history_limit(self) -> int:
        return self.store.history_limit

    def dump_store(self, include_history: bool = False) -> dict[str, Any]:
        """Every patch (and, with ``include_history``, the supersession/dedup journal)."""
        return self.store.dump(include_history)

    def pin(self, patch_id: str, pinned: bool = True) -> Patch:
        """Pin a patch: pinned patches are delivered first."""
        patch_id, pinned = check_patch_id(patch_id), check_flag(pinned, "pinned")
        if self._backend is not None:
            return self._backend.apply(self, lambda: self.store.pin(patch_id, pinned))
        return self.store.pin(patch_id, pinned)

    def unlink(self, patch_id: str) -> Patch:
        """Undo a link (see ``links=``): the patch is shown as current again."""
        patch_id = check_patch_id(patch_id)
        if self._backend is not None:
            return self._backend.apply(self, lambda: self.store.unlink(patch_id))
        return self.store.unlink(patch_id)

    def forget(self, patch_id: str) -> Patch:
        """Remove a patch from memory (it stays in the journal)."""
        patch_id = check_patch_id(patch_id)
        if self._backend is not None:
            return self._backend.apply(self, lambda: self.store.forget(patch_id))
        return self.store.forget(patch_id)

    # ------------------------------------------------------------------ state
    def to_dict(self) -> dict[str, Any]:
        """The whole memory as a JSON-ready dict (see :mod:`dspm_core.state`)."""
        with self._lock:
            store = self.store.export_state()
            return {
                "format": FORMAT,
                "schema_version": SCHEMA_VERSION,
                "history_limit": store["history_limit"],
                "budget": self._budget,
                "tokenizer": getattr(self.counter, "name", None),
                "counters": {"turns": self._turns,
                             "conversation_tokens": self._conversation_tokens,
                             "extraction_failures": self._failures,
                             "merges": store["counters"]},
                "aliases": store["aliases"],
                "patches": store["patches"],
                "journal": store["journal"],
                "pending_turns": [turn_to_dict(t) for t in self._pending],
            }

    def merge_dict(self, data: dict[str, Any]) -> int:
        """Merge a saved memory into this one by the slot rules; returns patches added.

        Merging the same state twice adds nothing. Turn numbering continues after the
        loaded turns, so new statements are later than everything loaded.
        """
        state = parse_state(data)
        with self._lock:
            self.store.aliases.add_pairs(state.aliases)
            added = sum(1 for p in state.patches if self.store.merge_patch(p).action == "added")
            self.store.add_journal(state.journal)
            have = {(t.index, t.text) for t in self._pending}
            self._pending.extend(t for t in state.pending if (t.index, t.text) not in have)
            if state.turns > self._turns:
                self._conversation_tokens += state.conversation_tokens
                self._turns = state.turns
            self._failures = max(self._failures, state.extraction_failures)
            return added

    @classmethod
    def from_dict(cls, data: dict[str, Any], **kwargs: Any) -> DSPMMemory:
        """A new memory holding a saved state; ``kwargs`` go to the constructor."""
        state = parse_state(data)
        if state.history_limit is not None:
            kwargs.setdefault("history_limit", state.history_limit)
        if isinstance(data.get("budget"), int) and not isinstance(data.get("budget"), bool):
            kwargs.setdefault("budget", data["budget"])
        memory = cls(**kwargs)
        memory.merge_dict(data)
        return memory

    def reset(self) -> None:
        """Forget everything: patches, journal and counters."""
        with self._lock:
            self.store.clear()
            self._turns = 0
            self._conversation_tokens = 0
            self._pending = []
            self._backoff.clear()
            self._failures = 0
            self._greetings = 0
            self._recent.clear()
            if self._vectors is not None:
                self._vectors.clear()
                self._vec_version = -1
            if self._backend is not None:  # the user's stored memory goes too
                self._backend.reset(self)

    # ------------------------------------------------------------------ persistence
    def save(self, path: str | os.PathLike[str] | None = None, *,
             lock_timeout: float = 10.0) -> int:
        """Save the memory to a notebook file (atomic; the previous file kept as ``.bak``).

        With a ``store=`` and no ``path``, write anything not yet committed to the store.
        Returns the number of patches saved. Waiting longer than ``lock_timeout`` seconds
        for another saver raises :class:`~dspm_core.errors.LockTimeoutError`.
        """
        path, lock_timeout = check_path(path, optional=True), check_timeout(lock_timeout)
        if path is None:
            if self._backend is None:
                raise ConfigError("save() needs a path (or a store= given to the constructor)")
            return int(self._backend.flush(self))
        from .persist.jsonfile import save_notebook

        return save_notebook(self, path, lock_timeout=lock_timeout)

    def load(self, path: str | os.PathLike[str] | None = None, *, strict: bool = False,
             lock_timeout: float = 10.0) -> int:
        """Merge a notebook file into this memory by the slot rules; returns patches added.

        A missing file loads nothing. Loading the same file twice adds nothing. A corrupt
        file is moved to ``<path>.corrupt.<timestamp>`` and its ``.bak`` loaded instead;
        with ``strict=True`` (or no valid backup) :class:`CorruptNotebookError` is raised.
        With a ``store=`` and no ``path``, pull what other processes committed for this user.
        """
        path, lock_timeout = check_path(path, optional=True), check_timeout(lock_timeout)
        if path is None:
            if self._backend is None:
                raise ConfigError("load() needs a path (or a store= given to the constructor)")
            return int(self._backend.refresh(self))
        from .persist.jsonfile import load_into

        return load_into(self, path, strict=strict, lock_timeout=lock_timeout)

    async def asave(self, path: str | os.PathLike[str] | None = None, *,
                    lock_timeout: float = 10.0) -> int:
        """Async :meth:`save` (the file or database I/O runs in a worker thread)."""
        path, lock_timeout = check_path(path, optional=True), check_timeout(lock_timeout)
        return await asyncio.to_thread(self.save, path, lock_timeout=lock_timeout)

    async def aload(self, path: str | os.PathLike[str] | None = None, *, strict: bool = False,
                    lock_timeout: float = 10.0) -> int:
        """Async :meth:`load` (the file or database I/O runs in a worker thread)."""
        path, lock_timeout = check_path(path, optional=True), check_timeout(lock_timeout)
        return await asyncio.to_thread(self.load, path, strict=strict, lock_timeout=lock_timeout)
