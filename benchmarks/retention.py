"""Retention benchmark: is the user's instruction / preference / new value still in the
context rendered at a fixed token budget, for DSPM and for the usual baselines?

Tasks: BEAM 100K ``instruction_following``, ``preference_following``,
``knowledge_update`` and ``contradiction_resolution``; PrefEval explicit preferences
buried under 10, 50, 100 and 300 of its own distractor turns; MT-Eval refinement
dialogues (share of earlier constraints still delivered at each turn); LoCoMo questions
about two people's long chat (reported, not a target: DSPM is no question-answering
retriever). Systems: DSPM
(default rule extractor), the most recent turns that fit, LangChain ``trim_messages``,
LlamaIndex ``ChatMemoryBuffer``, BM25 over all turns, dspm-memory 0.1.20 fed DSPM's
rule extractions (only where ``import dspm`` works) and DSPM with an LLM extractor
(``--base-url`` and ``--model``). All at the same budget, counted with cl100k via
``dspm_core.get_counter()``. The metric ("delivered") is defined in ``RETENTION.md`` and
implemented once, in ``retention_metric.py``.

    python benchmarks/retention.py --data ../shared/data --split dev --limit 3 --out /tmp/ret
    /work/benchvenv/bin/python benchmarks/retention.py --data ../shared/data --systems dspm,peer

The datasets are read from ``--data`` and never copied into the repository. Tune on
``dev`` only.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import sys
import time
import zlib
from dataclasses import replace
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.dont_write_bytecode = True
HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
if importlib.util.find_spec("dspm_core") is None:
    sys.path.insert(1, str(ROOT))

from retention_metric import make_line, update_delivered, delivered  # noqa: E402
from retention_systems import ALL_SYSTEMS, TokenCounter, build  # noqa: E402
from retention_tasks import MISSING_DATA, Case, Probe, load_cases  # noqa: E402

DEFAULT_SYSTEMS = "dspm,recent,langchain_trim,llamaindex_buffer,bm25,bm25_sentences,peer"

#: Tasks whose items are earlier instructions or preferences: their query-mismatch variant
#: (``<task>~mismatch``) renders for an unrelated question instead of the probing one, and
#: the items must still be delivered.
MISMATCH_TASKS = ("beam_instruction_following", "beam_preference_following",
                  "prefeval_explicit", "mteval_refinement")

#: Questions unrelated to every conversation of the data; one is picked per probe.
UNRELATED_QUERIES = (
    "What is the boiling point of water at sea level in Fahrenheit?",
    "Who painted the ceiling of the Sistine Chapel?",
    "How many moons does Neptune have?",
    "What is the capital city of Mongolia?",
    "How do tides form on the coast?",
    "Which instrument has eighty-eight keys?",
    "What year did the first person walk on the Moon?",
    "How long does a giraffe sleep each day?",
)


def unrelated_query(case_id: str, at: int) -> str:
    """A fixed unrelated question for one probe (the same on every run)."""
    return UNRELATED_QUERIES[zlib.crc32(f"{case_id}:{at}".encode()) % len(UNRELATED_QUERIES)]


# ----------------------------------------------------------------------------- progress
class Progress:
    """tqdm when installed, else a counter on stderr."""

    def __init__(self, total: int, desc: str) -> None:
        self.total, self.n, self.desc = total, 0, desc
        try:
            from tqdm import tqdm  # type: ignore

            self.bar: Any = tqdm(total=total, desc=desc, file=sys.stderr)
        except ImportError:
            self.bar = None
        self._last = 0.0

    def update(self, k: int = 1) -> None:
        self.n += k
        if self.bar is not None:
            self.bar.update(k)
        elif time.monotonic() - self._last > 2 or self.n == self.total:
            self._last = time.monotonic()
            print(f"\r{self.desc}: {self.n}/{self.total}", end="", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        else:
            print(file=sys.stderr)


# ----------------------------------------------------------------------------- scoring
def score_probe(probe: Probe, texts: list[str]) -> list[dict[str, Any]]:
    """One result per item of the probe, from the rendered lines ``texts``."""
    lines = [make_line(t) for t in texts]
    out = []
    for item, iid in zip(probe.items, probe.item_ids):
        rec: dict[str, Any] = {"item": iid, "kind": item.kind, "group": item.meta.get("group")}
        if item.kind == "update":
            ok, at, stale = update_delivered(lines, item.keys[0], item.old)
            rec.update(delivered=ok, new_line=at, stale_lines=stale,
                       old=sorted(f"{n} {u}" if u else n for n, u in item.old))
        elif item.kind == "either":  # the answer, or every evidence message
            at = delivered(lines, item.keys[0])
            ats = [delivered(lines, k) for k in item.meta["all"]]
            rec.update(delivered=at >= 0 or all(a >= 0 for a in ats), line_at=at, lines_at=ats)
        elif item.kind == "both":
            ats = [delivered(lines, k) for k in item.keys]
            rec.update(delivered=all(a >= 0 for a in ats), lines_at=ats)
        else:
            at = delivered(lines, item.keys[0])
            rec.update(delivered=at >= 0, line_at=at)
        out.append(rec)
    return out


def run_case(case: Case, systems: dict[str, Any], budgets: list[int], tc: TokenCounter,
             keep_context: bool, seconds: dict[str, float],
             mismatch: bool = False) -> list[dict[str, Any]]:
    """The per-item results of one conversation; each system's time (feeding the turns and
    rendering at every probe and budget) is added to ``seconds``."""
    results: list[dict[str, Any]] = []
    probes = sorted(case.probes, key=lambda p: p.at)

    def record(name: str, probe: Probe, budget: int, texts: list[str], secs: float) -> None:
        ctx_tokens = tc.count("\n".join(texts)) if texts else 0
        for rec in score_probe(probe, texts):
            rec.update(system=name, task=probe.task, group=rec["group"] or probe.group, budget=budget,
                       case=case.case_id, at=probe.at, context_tokens=ctx_tokens,
                       render_seconds=round(secs, 4), n_lines=len(texts))
            if not rec["delivered"] and keep_context:
                rec["context"] = texts
            results.append(rec)

    stateful = [s for s in systems.values() if s.stateful]
    for s in stateful:
        s.new()
    fed = 0
    for probe in probes:
        while fed < probe.at:
            role, text = case.turns[fed]
            facts = None
            for s in stateful:
                t0 = time.perf_counter()
                if s.name == "peer":
                    s.add(role, text, facts)
                else:
                    got = s.add(role, text)
                    if s.name == "dspm":
                        facts = got
                seconds[s.name] += time.perf_counter() - t0
            fed += 1
        prefix = case.turns[: probe.at]
        variants = [probe]
        if mismatch and probe.task in MISMATCH_TASKS:
            variants.append(replace(probe, task=f"{probe.task}~mismatch",
                                    query=unrelated_query(case.case_id, probe.at)))
        for name, s in systems.items():
            for b in budgets:
                for p in variants:
                    t0 = time.perf_counter()
                    texts = s.lines(p.query, b) if s.stateful else s.lines(prefix, p.query, b)
                    secs = time.perf_counter() - t0
                    seconds[name] += secs
                    record(name, p, b, texts, secs)
    return results


# ----------------------------------------------------------------------------- reporting
def aggregate(results: list[dict[str, Any]]) -> dict[tuple[str, str, int, str], list[int]]:
    agg: dict[tuple[str, str, int, str], list[int]] = defaultdict(lambda: [0, 0])
    for r in results:
        row = agg[(r["task"], r["group"], r["budget"], r["system"])]
        row[0] += int(r["delivered"])
        row[1] += 1
    return agg


def markdown(results: list[dict[str, Any]], systems: list[str], budgets: list[int],
             header: str) -> str:
    agg = aggregate(results)
    rows = sorted({(t, g) for t, g, _, _ in agg}, key=lambda x: (x[0], _group_key(x[1])))
    out = [header, "", "delivered / items (share) per task x budget x system", ""]
    out.append("| task | group | budget | " + " | ".join(systems) + " |")
    out.append("|---|---|---:|" + "---:|" * len(systems))
    for task, group in rows:
        for b in budgets:
            cells = []
            for s in systems:
                d, n = agg.get((task, group, b, s), (0, 0))
                cells.append(f"{d}/{n} ({d / n:.0%})" if n else "-")
            out.append(f"| {task} | {group} | {b} | " + " | ".join(cells) + " |")
    updates = [r for r in results if r.get("kind") == "update"]
    if updates:
        clean: dict[tuple[str, int, str], list[int]] = defaultdict(lambda: [0, 0])
        for r in updates:
            row = clean[(r["group"], r["budget"], r["system"])]
            row[0] += int(not r["stale_lines"])
            row[1] += 1
        out += ["", "knowledge updates with no old value stated as current (no unmarked stale "
                    "value) / items", "", "| group | budget | " + " | ".join(systems) + " |",
                "|---|---:|" + "---:|" * len(systems)]
        for group in sorted({g for g, _, _ in clean}):
            for b in budgets:
                cells = []
                for s in systems:
                    d, n = clean.get((group, b, s), (0, 0))
                    cells.append(f"{d}/{n} ({d / n:.0%})" if n else "-")
                out.append(f"| {group} | {b} | " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def _group_key(g: str) -> tuple[str, int]:
    name, _, num = g.partition("=")
    return (name, int(num) if num.isdigit() else 0)


def plot(results: list[dict[str, Any]], systems: list[str], budgets: list[int],
         path: Path) -> str:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return "matplotlib not installed: no plot"
    tasks = sorted({r["task"] for r in results})
    fig, axes = plt.subplots(1, len(tasks) + 1, figsize=(4 * (len(tasks) + 1), 3.6),
                             squeeze=False)
    for ax, task in zip(axes[0], tasks + ["all"]):
        for s in systems:
            ys = []
            for b in budgets:
                rs = [r for r in results if r["system"] == s and r["budget"] == b
                      and (task == "all" or r["task"] == task)]
                ys.append(sum(r["delivered"] for r in rs) / len(rs) if rs else float("nan"))
            ax.plot(budgets, ys, marker="o", label=s)
        ax.set_title(task, fontsize=9)
        ax.set_xscale("log")
        ax.minorticks_off()
        ax.set_xticks(budgets, [str(b) for b in budgets])
        ax.set_ylim(0, 1)
        ax.set_xlabel("budget (cl100k tokens)")
    axes[0][0].set_ylabel("delivered share")
    axes[0][-1].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return str(path)


# ----------------------------------------------------------------------------- main
def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default="../shared/data", help="the evaluation data folder")
    ap.add_argument("--split", choices=("dev", "report"), default="dev")
    ap.add_argument("--budgets", default="120,250,500,1000")
    ap.add_argument("--systems", default=DEFAULT_SYSTEMS,
                    help=f"comma list of {','.join(ALL_SYSTEMS)} (unavailable ones are skipped)")
    ap.add_argument("--tasks", default="beam,prefeval,mteval,locomo")
    ap.add_argument("--limit", type=int, default=None,
                    help="quick run: BEAM chats, PrefEval preferences per topic, MT-Eval dialogues")
    ap.add_argument("--per-topic", type=int, default=None,
                    help="PrefEval preferences per topic (default: all 50, or --limit)")
    ap.add_argument("--out", default=None, help="output folder (default benchmarks/results/"
                                                 "retention_<split>)")
    ap.add_argument("--base-url", default=None, help="OpenAI-compatible endpoint for dspm_llm")
    ap.add_argument("--model", default=None, help="model name for dspm_llm")
    ap.add_argument("--mismatch", action="store_true",
                    help="also render each instruction and preference probe for an unrelated "
                         "question (rows <task>~mismatch)")
    ap.add_argument("--no-context", action="store_true",
                    help="do not store the rendered context of undelivered items in the JSON")
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    data = Path(args.data)
    if not data.is_dir() or not any((data / d).is_dir()
                                    for d in ("beam", "prefeval", "mt-eval", "locomo")):
        print(MISSING_DATA.format(path=data), file=sys.stderr)
        return 2
    budgets = [int(b) for b in args.budgets.split(",") if b.strip()]
    names = [s.strip() for s in args.systems.split(",") if s.strip()]
    if args.base_url and args.model and "dspm_llm" not in names:
        names.append("dspm_llm")
    tasks = {t.strip() for t in args.tasks.split(",") if t.strip()}
    tasks = {t for t in tasks if (data / {"beam": "beam", "prefeval": "prefeval",
                                          "mteval": "mt-eval", "locomo": "locomo"}[t]).is_dir()}
    if "peer" in names:
        # The peer counts with tiktoken: seed its cache offline before it is imported.
        try:
            from perf import seed_tokenizer_cache

            seed_tokenizer_cache(os.path.join(os.environ.get("TMPDIR", "/tmp"),
                                              "dspm-bench-tiktoken"))
        except Exception as exc:  # noqa: BLE001 - reported, the peer then runs unseeded
            print(f"could not seed tiktoken's cache: {type(exc).__name__}: {exc}", file=sys.stderr)
    tc = TokenCounter()
    systems, skipped = build(names, tc, args.base_url, args.model)
    for name, why in skipped.items():
        print(f"skipping {name}: {why}", file=sys.stderr)
    if not systems:
        return 2
    out_dir = Path(args.out) if args.out else HERE / "results" / f"retention_{args.split}"
    out_dir.mkdir(parents=True, exist_ok=True)

    t_start = time.perf_counter()
    cases = load_cases(data, args.split, tasks, args.limit, args.per_topic)
    n_probes = sum(len(c.probes) for c in cases)
    bar = Progress(len(cases), f"retention {args.split}")
    results: list[dict[str, Any]] = []
    case_seconds: dict[str, float] = defaultdict(float)
    per_conv: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for case in cases:
        t0 = time.perf_counter()
        seconds: dict[str, float] = defaultdict(float)
        results += run_case(case, systems, budgets, tc, not args.no_context, seconds,
                            args.mismatch)
        case_seconds[case.dataset] += time.perf_counter() - t0
        for name, secs in seconds.items():
            per_conv[name][case.dataset].append(secs)
        bar.update()
    bar.close()
    wall = time.perf_counter() - t_start

    order = [s for s in ALL_SYSTEMS if s in systems]
    over = getattr(systems.get("llamaindex_buffer"), "over_budget", 0)
    header = (f"## Retention, split `{args.split}`" + (f", --limit {args.limit}" if args.limit else "")
              + (f", --per-topic {args.per_topic}" if args.per_topic else "")
              + f"\n\n{len(cases)} conversations, {n_probes} probes, wall {wall:.1f} s"
              + f" ({', '.join(f'{k} {v:.1f} s' for k, v in case_seconds.items())})."
              + (f" Skipped systems: {', '.join(f'{k} ({v})' for k, v in skipped.items())}."
                 if skipped else "")
              + (f" LlamaIndex returned an over-budget context {over} times (scored empty)."
                 if "llamaindex_buffer" in systems else ""))
    timing = {name: {ds: {"conversations": len(v), "total_s": round(sum(v), 2),
                          "median_s": round(statistics.median(v), 4)} for ds, v in by_ds.items()}
              for name, by_ds in per_conv.items()}
    if "dspm" in timing:
        header += " DSPM alone (feeding every turn, rendering every probe at every budget), median" \
                  " per conversation: " + ", ".join(f"{ds} {t['median_s'] * 1000:.0f} ms"
                                                     for ds, t in timing["dspm"].items()) + "."
    table = markdown(results, order, budgets, header)
    (out_dir / "retention.md").write_text(table, encoding="utf-8")
    bm25 = systems.get("bm25")
    meta = {"split": args.split, "limit": args.limit, "per_topic": args.per_topic, "budgets": budgets, "systems": order,
            "skipped": skipped, "tasks": sorted(tasks), "wall_seconds": round(wall, 2),
            "seconds_by_dataset": {k: round(v, 2) for k, v in case_seconds.items()},
            "seconds_by_system": timing,
            "tokenizer": "cl100k_base via dspm_core.get_counter()",
            "bm25": getattr(bm25, "impl", None), "llamaindex_over_budget": over,
            "python": sys.version.split()[0]}
    (out_dir / "retention.json").write_text(
        json.dumps({"meta": meta, "results": results}, indent=1), encoding="utf-8")
    note = plot(results, order, budgets, out_dir / "retention.png")
    print(table)
    print(f"wrote {out_dir / 'retention.json'}, {out_dir / 'retention.md'}; plot: {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
