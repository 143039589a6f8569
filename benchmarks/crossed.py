"""Crossed statements: how often does a statement from one dialogue revise a setting from
another?

Every user statement that sets a value in the revision sets (``tests/fixtures/revisions``:
the turn a revision starts from, and each setting of a look-alike) is paired with the
statements of the same topic from the *other* dialogues of the split: statement A is fed,
then statement B, into a fresh ``DSPMMemory()`` with the default rule extractor. The two
were written for different conversations, so most pairs are two settings ("Keep your
replies under 120 words." / "For customer replies keep it to 3 sentences max"); some say
the same setting twice ("My rent is £950 a month." / "rent is $1,800 a month"), and a bare
pointer such as "make it 30" is meant to bind to whatever was said last. A supersession is
therefore a pair to read, not a verdict: the count measures how readily the resolver
replaces a setting with a statement about something else, and ``--show`` lists them with
the evidence the resolver gave (``-`` when no resolver step chose the target: a key, a
restatement or a turned rule).

    python benchmarks/crossed.py                       # development halves, 150 pairs a topic
    python benchmarks/crossed.py --show                # every pair that superseded
    python benchmarks/crossed.py --split check --json /tmp/crossed.json

The pairs are drawn with a fixed seed, so two runs on the same code print the same
figures. It is a measurement: it always exits 0.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.dont_write_bytecode = True
HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for p in (str(HERE), str(ROOT)):
    if p not in sys.path:
        sys.path.insert(0, p)

import supersession as S  # noqa: E402

SETS = ROOT / "tests" / "fixtures" / "revisions"


def statements(split: str) -> dict[str, list[tuple[str, str, str]]]:
    """(dialogue id, text, value) of every user statement that sets a value, by topic."""
    out: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for path in sorted(SETS.glob("*.jsonl")):
        for d in S.load_corpus(path, split):
            turns, topic = d["turns"], d.get("topic", "")
            if d["category"] == "revision":
                said = [(int(e["slot_turn"]), e["old_value"]) for e in S.expectations(d)]
            elif "distinct" in d["expect"]:
                said = [(int(i), v) for i, v in d["expect"]["distinct"]]
            else:
                continue
            for i, value in said:
                if turns[i]["role"] == "user":
                    out[topic].append((d["id"], turns[i]["text"], str(value)))
    return out


def run_pair(a: tuple[str, str, str], b: tuple[str, str, str]) -> dict[str, Any]:
    import dspm_core.store as store
    from dspm_core import DSPMMemory

    evidence: list[str] = []
    resolve = store.resolve

    def traced(*args: Any, **kw: Any) -> Any:
        res = resolve(*args, **kw)
        if res.target is not None:
            evidence.append(res.evidence)
        return res

    store.resolve = traced
    try:
        memory = DSPMMemory()
        memory.add_turn("user", a[1])
        evidence.clear()
        memory.add_turn("user", b[1])
    finally:
        store.resolve = resolve
    journal = memory.dump_store(include_history=True)["journal"]
    superseded = [e for e in journal if e["action"] == "superseded" and e["turn"] == 1
                  and (e.get("before") or {}).get("first_turn") == 0]
    patches = S.as_rendered(memory.all_patches)
    lines = {p.id: S.lineage(p) for p in patches}
    current = any(lines[p.id][0].presents(a[2]) for p in patches)
    return {"a": a[0], "b": b[0], "A": a[1], "B": b[1], "value": a[2],
            "superseded": bool(superseded), "a_current": current,
            "evidence": evidence[0] if superseded and evidence else "-"}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", choices=("dev", "check", "all"), default="dev")
    ap.add_argument("--per-topic", type=int, default=150, help="pairs drawn per topic")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--show", action="store_true", help="list every pair that superseded")
    ap.add_argument("--json", metavar="OUT", type=Path)
    args = ap.parse_args(argv)

    rng = random.Random(args.seed)
    t0 = time.perf_counter()
    rows = []
    for topic, said in sorted(statements(args.split).items()):
        pairs = [(a, b) for a, b in itertools.permutations(said, 2) if a[0] != b[0]]
        rng.shuffle(pairs)
        for a, b in pairs[:args.per_topic]:
            rows.append({"topic": topic, **run_pair(a, b)})
    seconds = time.perf_counter() - t0
    hit = [r for r in rows if r["superseded"]]
    print(f"crossed statements ({args.split}): {len(rows):,} pairs in {seconds:.0f} s")
    print(f"  B superseded A: {len(hit)} ({100 * len(hit) / max(len(rows), 1):.1f}%)")
    for evidence, n in Counter(r["evidence"] for r in hit).most_common():
        print(f"    {n:4d}  {evidence}")
    if args.show:
        for r in sorted(hit, key=lambda r: (r["evidence"], r["topic"], r["a"], r["b"])):
            print(f"\n[{r['evidence']}] {r['topic']}: {r['a']} -> {r['b']} ({r['value']!r})"
                  f"\n  A: {r['A']}\n  B: {r['B']}")
    if args.json:
        args.json.write_text(json.dumps({"split": args.split, "pairs": rows}, indent=1) + "\n",
                             encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
