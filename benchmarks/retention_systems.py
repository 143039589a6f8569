"""The systems ``retention.py`` compares, all at the same budget and the same tokenizer.

Every system answers ``lines(turns, at, query, budget) -> list[str]``: the rendered
context after the first ``at`` turns, one string per line (for turn-window baselines one
string per message). Stateful systems (DSPM, the peer) are fed turns incrementally and
rendered at each probe point; the others are pure functions of the turn prefix.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from functools import lru_cache
from types import SimpleNamespace
from typing import Any, Callable

from dspm_core import DSPMMemory, get_counter

ALL_SYSTEMS = ("dspm", "dspm_semantic", "dspm_links", "recent", "langchain_trim", "llamaindex_buffer", "bm25",
               "bm25_sentences",
               "peer", "dspm_llm")


class TokenCounter:
    """cl100k via ``dspm_core.get_counter()``, cached per text (baselines recount a lot)."""

    def __init__(self) -> None:
        self._counter = get_counter("cl100k_base")
        self.count: Callable[[str], int] = lru_cache(maxsize=200_000)(self._counter.count)


def _fmt(role: str, text: str) -> str:
    return f"{role}: {text}"


# ----------------------------------------------------------------------------- stateless
class Recent:
    """The most recent whole turns whose joined text fits the budget."""

    name = "recent"
    stateful = False

    def __init__(self, tc: TokenCounter) -> None:
        self.tc = tc

    def lines(self, turns: list[tuple[str, str]], query: str, budget: int) -> list[str]:
        out: list[str] = []
        used = 0
        for role, text in reversed(turns):
            line = _fmt(role, text)
            cost = self.tc.count(line) + (1 if out else 0)
            if used + cost > budget:
                break
            out.append(line)
            used += cost
        out.reverse()
        while out and self.tc.count("\n".join(out)) > budget:
            out.pop(0)
        return out


class LangChainTrim:
    """``langchain_core.messages.trim_messages(strategy="last")``, documented defaults
    otherwise (no partial messages, no start_on/end_on, include_system=False)."""

    name = "langchain_trim"
    stateful = False

    def __init__(self, tc: TokenCounter) -> None:
        from langchain_core.messages import AIMessage, HumanMessage, trim_messages

        self.tc, self._trim = tc, trim_messages
        self._cls = {"user": HumanMessage, "assistant": AIMessage}

    def _counter(self, messages: list[Any]) -> int:
        return sum(self.tc.count(str(m.content)) for m in messages)

    def lines(self, turns: list[tuple[str, str]], query: str, budget: int) -> list[str]:
        msgs = [self._cls.get(r, self._cls["user"])(content=t) for r, t in turns]
        kept = self._trim(msgs, max_tokens=budget, strategy="last", token_counter=self._counter)
        return [str(m.content) for m in kept]


class LlamaIndexBuffer:
    """``ChatMemoryBuffer(token_limit=budget, tokenizer_fn=cl100k)``; ``get()``.

    Its ``get`` returns the last message even when that alone exceeds the limit; such an
    over-budget context is scored as empty (counted in ``over_budget``), so every system
    is held to the same budget. Only the shortest suffix that can matter is put in the
    buffer (its ``get`` re-tokenises the whole history per dropped message); the result
    is the same because it only ever drops from the front.
    """

    name = "llamaindex_buffer"
    stateful = False

    def __init__(self, tc: TokenCounter) -> None:
        from llama_index.core.base.llms.types import ChatMessage, MessageRole
        from llama_index.core.memory import ChatMemoryBuffer

        self.tc, self._buf, self._msg = tc, ChatMemoryBuffer, ChatMessage
        self._role = {"user": MessageRole.USER, "assistant": MessageRole.ASSISTANT}
        self.over_budget = 0

    def lines(self, turns: list[tuple[str, str]], query: str, budget: int) -> list[str]:
        start, used = len(turns), 0
        while start > 0 and used <= budget:
            start -= 1
            used += self.tc.count(turns[start][1])
        start = max(0, start - 2)
        mem = self._buf.from_defaults(token_limit=budget,
                                      tokenizer_fn=lambda s: [0] * self.tc.count(s))
        mem.set([self._msg(role=self._role.get(r, self._role["user"]), content=t)
                 for r, t in turns[start:]])
        got = [str(m.content) for m in mem.get()]
        if self.tc.count("\n".join(got)) > budget:
            self.over_budget += 1
            return []
        return got


_BM25_WORD = re.compile(r"[a-z0-9]+")


def bm25_tokens(text: str) -> list[str]:
    return _BM25_WORD.findall(text.lower())


class SmallBM25:
    """Okapi BM25 (k1=1.5, b=0.75, idf floor as rank-bm25's epsilon=0.25)."""

    def __init__(self, docs: list[list[str]], k1: float = 1.5, b: float = 0.75,
                 epsilon: float = 0.25) -> None:
        self.k1, self.b = k1, b
        self.tf = [Counter(d) for d in docs]
        self.len = [len(d) for d in docs]
        self.avg = sum(self.len) / len(docs) if docs else 0.0
        df: Counter[str] = Counter()
        for d in self.tf:
            df.update(d.keys())
        n = len(docs)
        idf = {w: math.log(n - f + 0.5) - math.log(f + 0.5) for w, f in df.items()}
        floor = epsilon * (sum(idf.values()) / len(idf)) if idf else 0.0
        self.idf = {w: (v if v >= 0 else floor) for w, v in idf.items()}

    def get_scores(self, query: list[str]) -> list[float]:
        out = []
        for tf, dl in zip(self.tf, self.len):
            s = 0.0
            norm = self.k1 * (1 - self.b + self.b * dl / self.avg) if self.avg else self.k1
            for w in query:
                f = tf.get(w)
                if f:
                    s += self.idf.get(w, 0.0) * f * (self.k1 + 1) / (f + norm)
            out.append(s)
        return out


class BM25:
    """BM25 over all turns with the final question as the query; fills the budget with
    the best-scoring whole turns that fit (rank-bm25 when installed)."""

    name = "bm25"
    stateful = False

    def __init__(self, tc: TokenCounter) -> None:
        self.tc = tc
        try:
            from rank_bm25 import BM25Okapi  # type: ignore

            self._impl: Any = BM25Okapi
            self.impl = "rank-bm25"
        except ImportError:
            self._impl, self.impl = SmallBM25, "built-in"

    def lines(self, turns: list[tuple[str, str]], query: str, budget: int) -> list[str]:
        if not turns:
            return []
        key = (len(turns), turns[-1], query)
        if getattr(self, "_last", (None,))[0] != key:  # one ranking serves every budget
            scores = self._impl([bm25_tokens(t) or ["_"] for _, t in turns]).get_scores(
                bm25_tokens(query))
            self._last = (key, sorted(range(len(turns)), key=lambda i: (-scores[i], -i)))
        order = self._last[1]
        chosen: list[int] = []
        used = 0
        for i in order:
            cost = self.tc.count(_fmt(*turns[i])) + (1 if chosen else 0)
            if used + cost <= budget:
                chosen.append(i)
                used += cost
        chosen.sort()
        out = [_fmt(*turns[i]) for i in chosen]
        while out and self.tc.count("\n".join(out)) > budget:
            out.pop()
        return out


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")


def turn_sentences(turns: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Every sentence of every turn, as (role, sentence), in conversation order."""
    out = []
    for role, text in turns:
        for sent in _SENTENCE_END.split(text):
            sent = sent.strip()
            if bm25_tokens(sent):
                out.append((role, sent))
    return out


class BM25Sentences(BM25):
    """BM25 over the sentences of all turns (instead of whole turns), the final question as
    the query; fills the budget with the best-scoring sentences, in conversation order."""

    name = "bm25_sentences"

    def lines(self, turns: list[tuple[str, str]], query: str, budget: int) -> list[str]:
        return super().lines(turn_sentences(turns), query, budget)


# ----------------------------------------------------------------------------- stateful
class RecordingExtractor:
    """Wraps DSPM's extractor and records each turn's facts (fed to the peer)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.last: list[Any] = []

    def extract(self, turn: Any) -> list[Any]:
        self.last = list(self.inner.extract(turn))
        return self.last


class DSPM:
    """dspm_core with the default RuleExtractor (or an LLM extractor for ``dspm_llm``;
    ``scorer="semantic"``, the bundled embeddings, for ``dspm_semantic``; ``links=True``
    for ``dspm_links``)."""

    stateful = True

    def __init__(self, tc: TokenCounter, name: str = "dspm", llm: Any = None,
                 model: str | None = None, scorer: Any = None, links: bool = False) -> None:
        self.name, self.tc, self.llm, self.model, self.scorer = name, tc, llm, model, scorer
        self.links = links
        self.mem: Any = None
        self.rec: RecordingExtractor | None = None

    def new(self) -> None:
        if self.llm is not None:
            self.mem = DSPMMemory(budget=250, llm_client=self.llm, model=self.model,
                                  scorer=self.scorer, links=self.links)
            self.rec = None
        else:
            from dspm_core.extract.rules import RuleExtractor

            self.rec = RecordingExtractor(RuleExtractor())
            self.mem = DSPMMemory(budget=250, extractor=self.rec, scorer=self.scorer,
                                  links=self.links)

    def add(self, role: str, text: str) -> list[Any]:
        self.mem.add_turn(role if role in ("user", "assistant", "system") else "user", text)
        return self.rec.last if self.rec else []

    def lines(self, query: str, budget: int) -> list[str]:
        return [ln.text for ln in self.mem.render(query, budget=budget).lines]


class FakeChatClient:
    """``client.chat.completions.create`` returning the prepared extraction JSON (see
    PEER_NOTES.md: never empty, never raising, or the peer sleeps and retries)."""

    def __init__(self) -> None:
        self.chat = SimpleNamespace(completions=self)
        self.content = "[]"

    def create(self, **kwargs: Any) -> Any:
        msg = SimpleNamespace(role="assistant", content=self.content)
        return SimpleNamespace(choices=[SimpleNamespace(index=0, finish_reason="stop",
                                                        message=msg)],
                               usage=SimpleNamespace(prompt_tokens=0, completion_tokens=0,
                                                     total_tokens=0))


def peer_json(facts: list[Any], turn_index: int) -> str:
    items = [{"patch_type": getattr(f.kind, "value", str(f.kind)), "payload": f.text,
              "patch_id": f"t{turn_index}_f{k}", "dependencies": []}
             for k, f in enumerate(facts)]
    return json.dumps(items)


class Peer:
    """dspm-memory 0.1.20 fed DSPM's rule extractions of each turn through a fake client."""

    name = "peer"
    stateful = True

    def __init__(self, tc: TokenCounter) -> None:
        import dspm  # type: ignore

        if getattr(dspm, "__version__", "?") != "0.1.20":
            raise ImportError(f"dspm-memory {getattr(dspm, '__version__', '?')}, want 0.1.20")
        from dspm_core.extract.rules import RuleExtractor

        self._cls = dspm.DSPMMemory
        self.tc = tc
        self._rules = RuleExtractor
        self.mem: Any = None
        self.client: FakeChatClient | None = None
        self._i = 0

    def new(self) -> None:
        from dspm_core.patch import Role, Turn

        self._turn, self._role = Turn, Role
        self.ex = self._rules()
        self.client = FakeChatClient()
        self.mem = self._cls(budget=250, llm_client=self.client, model="bench-fake")
        self._i = 0

    def add(self, role: str, text: str, facts: list[Any] | None = None) -> None:
        if facts is None:
            r = self._role(role) if role in ("user", "assistant") else self._role.USER
            facts = self.ex.extract(self._turn(role=r, text=text, index=self._i))
        self.client.content = peer_json(facts, self._i)
        self.mem.add_turn(role, text)
        self._i += 1

    def lines(self, query: str, budget: int) -> list[str]:
        self.mem.budget = budget
        return [ln for ln in self.mem.get_context(query).split("\n") if ln.strip()]


def build(names: list[str], tc: TokenCounter, base_url: str | None = None,
          model: str | None = None) -> tuple[dict[str, Any], dict[str, str]]:
    """The requested systems that can run here, and why the others cannot."""
    made: dict[str, Any] = {}
    skipped: dict[str, str] = {}
    for name in names:
        try:
            if name == "dspm":
                made[name] = DSPM(tc)
            elif name == "dspm_semantic":
                from dspm_core.embeddings import EmbeddingScorer, semantic_available

                if not semantic_available():
                    skipped[name] = "needs the semantic extra (sentence-transformers and the model)"
                    continue
                made[name] = DSPM(tc, name=name, scorer=EmbeddingScorer())
            elif name == "dspm_links":
                made[name] = DSPM(tc, name=name, links=True)
            elif name == "recent":
                made[name] = Recent(tc)
            elif name == "langchain_trim":
                made[name] = LangChainTrim(tc)
            elif name == "llamaindex_buffer":
                made[name] = LlamaIndexBuffer(tc)
            elif name == "bm25":
                made[name] = BM25(tc)
            elif name == "bm25_sentences":
                made[name] = BM25Sentences(tc)
            elif name == "peer":
                made[name] = Peer(tc)
            elif name == "dspm_llm":
                if not (base_url and model):
                    skipped[name] = "needs --base-url and --model"
                    continue
                import openai  # type: ignore

                client = openai.OpenAI(base_url=base_url, api_key="not-needed", max_retries=2)
                made[name] = DSPM(tc, name="dspm_llm", llm=client, model=model)
            else:
                skipped[name] = "unknown system"
        except ImportError as exc:
            skipped[name] = f"{type(exc).__name__}: {exc}"
    return made, skipped
