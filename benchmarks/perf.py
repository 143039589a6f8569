"""Performance and store-correctness benchmark: DSPM (``dspm_core``) against the peer.

Runs, in one process, our ``dspm_core.DSPMMemory`` and the peer ``dspm-memory==0.1.20``
(import name ``dspm``) on the same deterministic workload (``benchmarks/workload.py``),
each fed the same gold facts: DSPM through a bench extractor that hands back
precomputed ``Fact`` objects, the peer through a fake OpenAI-style client whose reply is
the same facts in the peer's extraction JSON. No network, no model.

    python benchmarks/perf.py --turns 200,2000 --budget 250 --json benchmarks/results/perf.json
    python benchmarks/perf.py --smoke

See benchmarks/README.md for the set-up and for what every figure means.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import math
import os
import platform
import re
import statistics
import sys
import tempfile
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

sys.dont_write_bytecode = True  # keep the source tree free of caches we did not ask for

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from workload import COMPONENTS, PROPERTIES, BenchTurn, Workload, generate  # noqa: E402

PEER_VERSION = "0.1.20"
perf_counter = time.perf_counter


# ----------------------------------------------------------------------------- set-up
def locate_core() -> str:
    """Make ``dspm_core`` importable: an installed (editable) copy, else the repo root."""
    if importlib.util.find_spec("dspm_core") is None:
        sys.path.insert(1, str(ROOT))
        how = f"sys.path += {ROOT}"
    else:
        how = "installed"
    return how


def seed_tokenizer_cache(cache_dir: str) -> str:
    """Seed tiktoken's cache offline and set TIKTOKEN_CACHE_DIR (before the peer loads)."""
    from _tiktoken_seed import seed_benchmark_tiktoken_cache

    path, used = seed_benchmark_tiktoken_cache(cache_dir)
    return f"{path} (seeded by {used})"


def load_core() -> tuple[Any | None, str]:
    """The DSPM names the benchmark needs, or None and the reason they are unavailable."""
    try:
        from dspm_core import DSPMMemory, Fact, PatchKind, Role  # type: ignore
    except Exception as exc:  # under construction: report whatever stops the import
        return None, f"{type(exc).__name__}: {exc}"
    return SimpleNamespace(DSPMMemory=DSPMMemory, Fact=Fact, PatchKind=PatchKind, Role=Role), "ok"


def load_peer() -> tuple[Any | None, str]:
    try:
        import dspm  # type: ignore
        from dspm import DSPMMemory  # type: ignore
    except Exception as exc:
        return None, f"{type(exc).__name__}: {exc}"
    version = getattr(dspm, "__version__", "?")
    if version != PEER_VERSION:
        return None, f"dspm-memory {version} installed, the benchmark pins {PEER_VERSION}"
    return DSPMMemory, version


class BenchError(RuntimeError):
    """The harness and a system disagree about which turn is being processed."""


# ------------------------------------------------------------------ the two systems
@dataclass(frozen=True)
class Entry:
    """One stored item, reduced to what the correctness check reads."""

    text: str
    kind: str
    value: str | None = None
    unit: str | None = None


class BenchExtractor:
    """DSPM extractor: returns the precomputed facts of the turn being added.

    Time spent here is measured (perf_counter) and subtracted from add_turn.
    """

    def __init__(self, core: Any) -> None:
        self._fact = core.Fact
        self._kind = core.PatchKind
        self._expected: BenchTurn | None = None
        self.elapsed = 0.0
        self.calls = 0

    def expect(self, turn: BenchTurn) -> None:
        self._expected = turn

    def extract(self, turn: Any) -> list:
        t0 = perf_counter()
        want = self._expected
        if want is None or turn.text != want.text:
            raise BenchError(f"extractor got turn {turn.text!r}, expected "
                             f"{want.text if want else None!r}")
        facts = [self._fact(kind=self._kind(f["kind"]), text=f["text"], role=turn.role,
                            turn=turn.index, source="bench") for f in want.facts]
        self._expected = None
        self.calls += 1
        self.elapsed += perf_counter() - t0
        return facts


class FakeChatClient:
    """Stands in for ``openai.OpenAI``: ``client.chat.completions.create(**kw)``.

    Replies with the prepared extraction JSON of the current turn. Time spent in
    ``create`` is measured and subtracted from the peer's add_turn.
    """

    def __init__(self) -> None:
        self.chat = SimpleNamespace(completions=self)
        self._content = "[]"
        self._text = ""
        self.mismatch: str | None = None
        self.elapsed = 0.0
        self.calls = 0

    def expect(self, text: str, content: str) -> None:
        self._text, self._content = text, content

    def create(self, **kwargs: Any) -> Any:
        t0 = perf_counter()
        self.calls += 1
        messages = kwargs.get("messages") or []
        prompt = messages[-1].get("content", "") if messages else ""
        if not prompt.endswith(self._text) and self.mismatch is None:
            # Not raised here: the peer retries failed calls with 2 s and 4 s sleeps.
            self.mismatch = f"prompt does not end with the expected turn {self._text!r}"
        response = SimpleNamespace(
            id=f"bench-{self.calls}",
            model=kwargs.get("model"),
            choices=[SimpleNamespace(index=0, finish_reason="stop",
                                     message=SimpleNamespace(role="assistant",
                                                             content=self._content))],
            usage=SimpleNamespace(prompt_tokens=0, completion_tokens=0, total_tokens=0),
        )
        self.elapsed += perf_counter() - t0
        return response


def peer_extraction_json(turn: BenchTurn) -> str:
    """The peer's extraction reply for a turn: a JSON array, ``[]`` for no fact."""
    items = [{"patch_type": f["kind"], "payload": f["text"],
              "patch_id": f"t{turn.index}_f{k}", "dependencies": []}
             for k, f in enumerate(turn.facts)]
    return json.dumps(items)


class DSPMSystem:
    name = "dspm"

    def __init__(self, core: Any, budget: int) -> None:
        self.core, self.budget = core, budget
        self.mem: Any = None
        self.ex: BenchExtractor | None = None

    def prepare(self, workload: Workload) -> None:
        pass

    def new(self) -> None:
        self.ex = BenchExtractor(self.core)
        self.mem = self.core.DSPMMemory(budget=self.budget, extractor=self.ex)

    def add(self, turn: BenchTurn) -> tuple[float, float]:
        ex = self.ex
        ex.expect(turn)
        before = ex.elapsed
        t0 = perf_counter()
        self.mem.add_turn(turn.role, turn.text)
        total = perf_counter() - t0
        return total, ex.elapsed - before

    def context(self, query: str = "") -> str:
        return self.mem.get_context(query=query)

    def entries(self) -> list[Entry]:
        out = []
        for p in self.mem.all_patches:
            kind = getattr(p.kind, "value", p.kind)
            out.append(Entry(text=p.text, kind=str(kind), value=p.value, unit=p.unit))
        return out

    def extractor_calls(self) -> int:
        return self.ex.calls if self.ex else 0

    def drop(self) -> None:
        self.mem = self.ex = None


class PeerSystem:
    name = "peer"

    def __init__(self, memory_cls: Any, budget: int) -> None:
        self.cls, self.budget = memory_cls, budget
        self.mem: Any = None
        self.client: FakeChatClient | None = None
        self.replies: list[str] = []

    def prepare(self, workload: Workload) -> None:
        self.replies = [peer_extraction_json(t) for t in workload.turns]

    def new(self) -> None:
        self.client = FakeChatClient()
        self.mem = self.cls(budget=self.budget, llm_client=self.client, model="bench-fake")

    def add(self, turn: BenchTurn) -> tuple[float, float]:
        client = self.client
        client.expect(turn.text, self.replies[turn.index])
        before = client.elapsed
        t0 = perf_counter()
        self.mem.add_turn(turn.role, turn.text)
        total = perf_counter() - t0
        if client.mismatch:
            raise BenchError(client.mismatch)
        return total, client.elapsed - before

    def context(self, query: str = "") -> str:
        return self.mem.get_context(query)

    def entries(self) -> list[Entry]:
        return [Entry(text=p.payload, kind=p.patch_type) for p in self.mem.all_patches]

    def extractor_calls(self) -> int:
        return self.client.calls if self.client else 0

    def drop(self) -> None:
        self.mem = self.client = None


# ------------------------------------------------------------------------ correctness
# A stored item *claims* a setting or a bound when its text, with lineage spans such as
# "(was 30 then 20)" removed, names the component followed (within two words) by the
# property, then a number. If a comparator stands between the property and the number it
# is a bound claim of that direction, otherwise a setting claim. The unit is right when
# the property's unit immediately follows the number. When the text has a single mention
# without a number, the item's structured value/unit (DSPM patches) are used instead.
_LINEAGE = re.compile(r"\s*[(\[]\s*(?:was|previously|formerly)\b[^)\]]*[)\]]", re.I)
_COMP_ALT = "|".join(re.escape(c) for c in sorted(COMPONENTS, key=len, reverse=True))
_PROP_ALT = "|".join(re.escape(p.name) for p in sorted(PROPERTIES, key=lambda p: -len(p.name)))
_MENTION = re.compile(rf"(?<![\w-])({_COMP_ALT})(?![\w-])(?:'s)?\s+(?:[\w-]+\s+){{0,2}}?"
                      rf"({_PROP_ALT})\b", re.I)
_UPPER = re.compile(r"must\s+not\s+exceed|must\s+never\s+exceed|not\s+exceed|at\s+most|"
                    r"no\s+more\s+than|no\s+higher\s+than|<=|≤|\bbelow\b|\bunder\b|"
                    r"\bmaximum\s+of\b|\bcapped\s+at\b", re.I)
_LOWER = re.compile(r"at\s+least|no\s+less\s+than|no\s+fewer\s+than|no\s+lower\s+than|"
                    r">=|≥|\bminimum\s+of\b", re.I)
_NUMBER = re.compile(r"(?<![\w.])(\d[\d,]*(?:\.\d+)?)(?![\w.]*\d)")
_PROPS = {p.name.lower(): p for p in PROPERTIES}
_UNIT_SYNONYMS = {
    "seconds": {"seconds", "second", "s", "sec", "secs"},
    "records": {"records", "record"},
    "retries": {"retries", "retry", "attempts"},
    "requests per minute": {"requests per minute", "requests/minute", "req/min", "rpm"},
    "connections": {"connections", "connection"},
    "days": {"days", "day", "d"},
    "messages": {"messages", "message", "msgs"},
    "mb": {"mb", "megabytes"},
    "replicas": {"replicas", "replica"},
}


def _num(text: str) -> float:
    return float(text.replace(",", ""))


def _unit_ok(expected: str, found: str | None) -> bool:
    if not found:
        return False
    return found.strip().lower() in _UNIT_SYNONYMS.get(expected.lower(), {expected.lower()})


@dataclass(frozen=True)
class Claim:
    key: tuple  # (component, property) or (component, property, direction)
    number: float
    unit_ok: bool
    text: str


def claims_of(entry: Entry) -> list[Claim]:
    text = _LINEAGE.sub("", entry.text)
    mentions = list(_MENTION.finditer(text))
    out: list[Claim] = []
    for i, m in enumerate(mentions):
        comp = m.group(1).lower()
        prop = _PROPS[m.group(2).lower()]
        end = mentions[i + 1].start() if i + 1 < len(mentions) else len(text)
        segment = text[m.end():end]
        number_m = _NUMBER.search(segment)
        if number_m is not None:
            head = segment[:number_m.start()]
            after = segment[number_m.end():].lstrip().lower()
            number = _num(number_m.group(1))
            unit_ok = after.startswith(prop.unit.lower()) or any(
                after.startswith(s + " ") or after == s or after.startswith(s + ".")
                or after.startswith(s + ",") or after.startswith(s + ")")
                for s in _UNIT_SYNONYMS.get(prop.unit.lower(), ()))
        elif len(mentions) == 1 and entry.value:
            head = segment
            try:
                number = _num(str(entry.value).split()[0])
            except ValueError:
                continue
            unit = entry.unit or " ".join(str(entry.value).split()[1:])
            unit_ok = _unit_ok(prop.unit, unit)
        else:
            continue
        if _UPPER.search(head):
            key: tuple = (comp, prop.name, "upper")
        elif _LOWER.search(head):
            key = (comp, prop.name, "lower")
        else:
            key = (comp, prop.name)
        out.append(Claim(key, number, unit_ok, entry.text))
    return out


def _classify(current: float, claims: list[Claim]) -> str:
    if not claims:
        return "missing"
    if any(c.number != current for c in claims):
        return "stale"
    if len(claims) > 1:
        return "duplicated"
    return "held_once" if claims[0].unit_ok else "wrong_unit"


def evaluate_store(entries: list[Entry], workload: Workload, examples: int = 5) -> dict:
    """Classify every setting and bound of the ground truth against the store."""
    by_key: dict[tuple, list[Claim]] = {}
    unclaimed = 0
    for entry in entries:
        found = claims_of(entry)
        if not found:
            unclaimed += 1
        for claim in found:
            by_key.setdefault(claim.key, []).append(claim)

    def tally(truth: dict) -> tuple[dict[str, int], list[dict]]:
        counts = dict.fromkeys(("held_once", "duplicated", "stale", "wrong_unit", "missing"), 0)
        by_property: dict[str, int] = {}
        failures: list[dict] = []
        for key, (value, unit) in truth.items():
            claims = by_key.get(key, [])
            verdict = _classify(float(value), claims)
            counts[verdict] += 1
            if verdict != "held_once":
                by_property[key[1]] = by_property.get(key[1], 0) + 1
                if len(failures) < examples:
                    failures.append({"key": " / ".join(key), "current": f"{value} {unit}",
                                     "verdict": verdict, "store": [c.text for c in claims][:4]})
        counts["not_held_by_property"] = dict(sorted(by_property.items()))  # type: ignore[assignment]
        return counts, failures

    settings, setting_failures = tally(workload.settings)
    bounds, bound_failures = tally(workload.bounds)
    known = set(workload.settings) | set(workload.bounds)
    return {
        "settings_total": len(workload.settings),
        "settings": settings,
        "bounds_total": len(workload.bounds),
        "bounds": bounds,
        "claims_for_unknown_keys": sum(len(v) for k, v in by_key.items() if k not in known),
        "store_items": len(entries),
        "store_items_without_claim": unclaimed,
        "setting_failures": setting_failures,
        "bound_failures": bound_failures,
    }


# ------------------------------------------------------------------------ measurement
def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def _ms(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values) * 1e3 if values else float("nan"),
            "p95": percentile(values, 95) * 1e3, "n": len(values)}


def feed(system: Any, workload: Workload, ctx_samples: int, count_tokens: Any,
         empty_query: bool = False) -> dict:
    """Add every turn; time add_turn and, for the last ``ctx_samples`` adds, get_context
    with the latest user message as the query (as the adapters call it), or with an empty
    query (``empty_query``)."""
    overhead, extractor, ctx_times, ctx_tokens = [], [], [], []
    first_ctx = max(0, len(workload.turns) - ctx_samples)
    context = ""
    query = ""
    t_start = perf_counter()
    for turn in workload.turns:
        total, spent = system.add(turn)
        overhead.append(total - spent)
        extractor.append(spent)
        if turn.role == "user" and not empty_query:
            query = turn.text
        if turn.index >= first_ctx:
            t0 = perf_counter()
            context = system.context(query)
            ctx_times.append(perf_counter() - t0)
            ctx_tokens.append(count_tokens(context))
    return {"overhead": overhead, "extractor": extractor, "ctx_times": ctx_times,
            "ctx_tokens": ctx_tokens, "wall_s": perf_counter() - t_start,
            "last_context": context}


def run_system(system: Any, workload: Workload, args: argparse.Namespace,
               count_tokens: Any) -> dict:
    system.prepare(workload)
    gc.collect()
    if args.single_pass:
        tracemalloc.start()
        tracemalloc.reset_peak()
    system.new()
    fed = feed(system, workload, args.ctx_samples, count_tokens, args.empty_query)
    if args.single_pass:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    store = evaluate_store(system.entries(), workload)
    calls = system.extractor_calls()
    system.drop()
    gc.collect()
    memory_pass_s = 0.0
    if not args.single_pass:
        # Separate pass under tracemalloc: tracing slows allocation-heavy code unevenly,
        # so it is kept out of the timed pass. Same turns, same get_context calls.
        t0 = perf_counter()
        tracemalloc.start()
        tracemalloc.reset_peak()
        system.new()
        feed(system, workload, args.ctx_samples, lambda _text: 0, args.empty_query)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        system.drop()
        gc.collect()
        memory_pass_s = perf_counter() - t0
    budget_ok = all(n <= args.budget for n in fed["ctx_tokens"])
    return {
        "add_overhead_ms": _ms(fed["overhead"]),
        "extractor_ms": _ms(fed["extractor"]),
        "get_context_ms": _ms(fed["ctx_times"]),
        "peak_mb": peak / 2**20,
        "context_tokens_max": max(fed["ctx_tokens"]) if fed["ctx_tokens"] else 0,
        "context_within_budget": budget_ok,
        "context_lines_last": len([ln for ln in fed["last_context"].splitlines() if ln.strip()]),
        "wall_s": fed["wall_s"],
        "memory_pass_s": memory_pass_s,
        "extractor_calls": calls,
        "store": store,
    }


# ------------------------------------------------------------------------------ report
def _fmt(x: float, digits: int = 3) -> str:
    if x != x:  # NaN
        return "-"
    return f"{x:.{digits}f}" if x < 100 else f"{x:.1f}"


def _ratio(a: float, b: float) -> float:
    return a / b if b else float("nan")


def print_table(n: int, workload: Workload, budget: int, results: dict[str, dict],
                notes: list[str]) -> None:
    s_total, b_total = len(workload.settings), len(workload.bounds)
    print(f"\nN = {n:,} turns  (budget {budget}; {workload.n_facts:,} gold facts; "
          f"{s_total} settings, {b_total} bounds; turn types {workload.counts()})")
    header = ("system", "add ms med", "add ms p95", "ctx ms med", "ctx ms p95", "peak MB",
              f"settings 1x/{s_total}", f"bounds 1x/{b_total}", "stale", "dup", "missing",
              "store", "ctx lines", "ctx tok max", "wall s")
    rows = []
    for name, r in results.items():
        st = r["store"]
        rows.append((name, _fmt(r["add_overhead_ms"]["median"]), _fmt(r["add_overhead_ms"]["p95"]),
                     _fmt(r["get_context_ms"]["median"]), _fmt(r["get_context_ms"]["p95"]),
                     _fmt(r["peak_mb"], 2),
                     str(st["settings"]["held_once"]), str(st["bounds"]["held_once"]),
                     f'{st["settings"]["stale"]}+{st["bounds"]["stale"]}',
                     f'{st["settings"]["duplicated"]}+{st["bounds"]["duplicated"]}',
                     f'{st["settings"]["missing"]}+{st["bounds"]["missing"]}',
                     str(st["store_items"]), str(r["context_lines_last"]),
                     f'{r["context_tokens_max"]}{"" if r["context_within_budget"] else " OVER"}',
                     _fmt(r["wall_s"], 2)))
    widths = [max([len(h)] + [len(row[i]) for row in rows]) for i, h in enumerate(header)]
    if rows:
        print("  ".join(h.rjust(w) if i else h.ljust(w)
                        for i, (h, w) in enumerate(zip(header, widths))))
    for row in rows:
        print("  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths))))
    for note in notes:
        print(f"  note: {note}")
    if "dspm" in results and "peer" in results:
        d, p = results["dspm"], results["peer"]
        ratio = _ratio(p["get_context_ms"]["median"], d["get_context_ms"]["median"])
        add_ratio = _ratio(p["add_overhead_ms"]["median"], d["add_overhead_ms"]["median"])
        print(f"  get_context peer/DSPM (median): {ratio:.1f}x   "
              f"add_turn overhead peer/DSPM (median): {add_ratio:.1f}x")


# -------------------------------------------------------------------------------- main
def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--turns", default="200,2000,20000",
                    help="comma-separated conversation sizes (default 200,2000,20000)")
    ap.add_argument("--budget", type=int, default=250, help="context token budget (default 250)")
    ap.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    ap.add_argument("--no-peer", action="store_true", help="measure DSPM only")
    ap.add_argument("--no-dspm", action="store_true", help="measure the peer only")
    ap.add_argument("--peer-max-turns", type=int, default=2000,
                    help="largest size the peer is run at (default 2000); larger sizes skip it")
    ap.add_argument("--smoke", action="store_true", help="quick check: one run of 60 turns")
    ap.add_argument("--seed", type=int, default=20261130, help="workload seed")
    ap.add_argument("--ctx-samples", type=int, default=50,
                    help="get_context is timed after each of the last K adds (default 50)")
    ap.add_argument("--empty-query", action="store_true",
                    help="time get_context with an empty query instead of the latest user message")
    ap.add_argument("--single-pass", action="store_true",
                    help="trace memory during the timed pass instead of a separate pass")
    ap.add_argument("--tiktoken-cache", default=os.path.join(tempfile.gettempdir(),
                                                              "dspm-bench-tiktoken"),
                    help="directory to seed with tiktoken rank files (TIKTOKEN_CACHE_DIR)")
    args = ap.parse_args(argv)
    sizes = [60] if args.smoke else [int(x) for x in args.turns.split(",") if x.strip()]
    if not sizes or any(n < 1 for n in sizes):
        ap.error("--turns needs positive integers")
    args.sizes = sizes
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    core_path = locate_core()
    cache_note = seed_tokenizer_cache(args.tiktoken_cache)  # before the peer is imported

    core, core_status = (None, "disabled (--no-dspm)") if args.no_dspm else load_core()
    peer_cls, peer_status = (None, "disabled (--no-peer)") if args.no_peer else load_peer()
    if core is None and peer_cls is None:
        print(f"nothing to measure: dspm_core: {core_status}; peer: {peer_status}",
              file=sys.stderr)
        return 2

    import tiktoken

    encoding = tiktoken.get_encoding("cl100k_base")  # loaded now, outside every phase

    def count_tokens(text: str) -> int:
        return len(encoding.encode_ordinary(text))

    print(f"python {platform.python_version()}  tiktoken cache: {cache_note}")
    if core is not None:
        import dspm_core

        where = Path(getattr(dspm_core, "__file__", None) or list(dspm_core.__path__)[0])
        print(f"DSPM: dspm_core from {where.parent if where.suffix else where} ({core_path})")
        try:  # build DSPM's own encoding outside the measured phases too
            from dspm_core.tokens import count_tokens as core_count  # type: ignore
            core_count("warm up")
        except Exception as exc:
            print(f"  (could not warm up dspm_core.tokens: {type(exc).__name__}: {exc})")
    else:
        print(f"DSPM: skipped ({core_status})")
    print(f"peer: dspm-memory {peer_status}" if peer_cls is not None else f"peer: skipped ({peer_status})")

    report: dict[str, Any] = {
        "config": {"budget": args.budget, "seed": args.seed, "ctx_samples": args.ctx_samples,
                   "single_pass": args.single_pass, "peer_max_turns": args.peer_max_turns,
                   "python": platform.python_version(), "peer_version": PEER_VERSION,
                   "dspm_core": core_status, "peer": peer_status},
        "results": [],
    }
    for n in args.sizes:
        workload = generate(n, seed=args.seed)
        results: dict[str, dict] = {}
        notes: list[str] = []
        systems: list[Any] = []
        if core is not None:
            systems.append(DSPMSystem(core, args.budget))
        if peer_cls is not None:
            if n <= args.peer_max_turns:
                systems.append(PeerSystem(peer_cls, args.budget))
            else:
                notes.append(f"peer skipped at {n:,} turns (--peer-max-turns {args.peer_max_turns:,})")
        for system in systems:
            results[system.name] = run_system(system, workload, args, count_tokens)
            calls = results[system.name]["extractor_calls"]
            if calls != n:
                notes.append(f"{system.name}: extractor called {calls:,} times for {n:,} turns")
        print_table(n, workload, args.budget, results, notes)
        entry: dict[str, Any] = {"turns": n, "gold_facts": workload.n_facts,
                                 "turn_types": workload.counts(), "systems": results,
                                 "notes": notes}
        if "dspm" in results and "peer" in results:
            entry["get_context_ratio_peer_over_dspm"] = _ratio(
                results["peer"]["get_context_ms"]["median"],
                results["dspm"]["get_context_ms"]["median"])
            entry["add_overhead_ratio_peer_over_dspm"] = _ratio(
                results["peer"]["add_overhead_ms"]["median"],
                results["dspm"]["add_overhead_ms"]["median"])
        report["results"].append(entry)

    if args.json:
        out = Path(args.json)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=2, default=str) + "\n")
        print(f"\nwrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
