"""Smallest budget that delivers N criticals intact.

For N = 5, 10, 20, 40 criticals on distinct settings (user turns such as "The
billing-service timeout must not exceed 30 seconds.", fed through ``DSPMMemory.add_turn``
with the default offline extractor), find the smallest token budget at which every one
of the N is delivered with its subject, operator, value and unit intact (each rendered
line is checked), and compare it with the target 12N + 10.

    python benchmarks/critical_budget.py
    python benchmarks/critical_budget.py --ns 5,10,20,40,80 --seed 3
    python benchmarks/critical_budget.py --json                    # JSON to stdout
    python benchmarks/critical_budget.py --json benchmarks/results/critical_budget.json
    python benchmarks/critical_budget.py --check                   # exit 1 when a target is missed

The search scans every budget upward from the memory's minimum (16) to the first one
that passes, so the figure is the true minimum even if delivery were not monotone in the
budget; it then checks every larger budget up to the one that fits all N at full form
and reports whether any of them fails again (``monotone``).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import re
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.dont_write_bytecode = True

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if importlib.util.find_spec("dspm_core") is None:
    sys.path.insert(0, str(ROOT))
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from dspm_core import MIN_BUDGET, DSPMMemory  # noqa: E402
from dspm_core.values import parse_value, short_unit  # noqa: E402
from workload import COMPONENTS, PROPERTIES  # noqa: E402

DEFAULT_NS = (5, 10, 20, 40)

# (bound class, operator symbol, sentence, phrases that word the operator in the sentence)
TEMPLATES: dict[str, tuple[tuple[str, str, tuple[str, ...]], ...]] = {
    "upper": (
        ("<=", "The {c} {p} must not exceed {v}.", ("must not exceed",)),
        ("<=", "The {c} {p} must be at most {v}.", ("at most",)),
        ("<=", "The {c} {p} should never exceed {v}.", ("never exceed",)),
    ),
    "lower": (
        (">=", "The {c} {p} must be at least {v}.", ("at least",)),
        (">=", "The {c} {p} must be no less than {v}.", ("no less than",)),
    ),
    "eq": (
        ("=", "Set the {c} {p} to {v}.", (" to ",)),
        ("=", "Let's set the {c} {p} to {v}.", (" to ",)),
    ),
}


@dataclass(frozen=True)
class Critical:
    component: str
    prop: str
    op: str
    number: int
    unit: str
    text: str
    op_phrases: tuple[str, ...]

    @property
    def value(self) -> str:
        return f"{self.number} {self.unit}"


def make_criticals(n: int, seed: int) -> list[Critical]:
    """N user criticals on distinct (component, property) settings; 1 in 4 is a decision."""
    rng = random.Random(seed)
    pairs = [(c, p) for c in COMPONENTS for p in PROPERTIES]
    if n > len(pairs):
        raise SystemExit(f"at most {len(pairs)} distinct settings, asked for {n}")
    rng.shuffle(pairs)
    out = []
    for i, (comp, prop) in enumerate(pairs[:n]):
        cls = "eq" if i % 4 == 3 else prop.bound
        op, template, phrases = rng.choice(TEMPLATES[cls])
        number = rng.choice(prop.values)
        text = template.format(c=comp, p=prop.name, v=f"{number} {prop.unit}")
        out.append(Critical(comp, prop.name, op, number, prop.unit, text, phrases))
    return out


def _number_in(number: int, text: str) -> bool:
    return re.search(rf"(?<![\d.,]){number}(?![\d,]|\.\d)", text) is not None


def line_problems(line_text: str, form: str, c: Critical) -> list[str]:
    """What of subject, operator, value and unit the rendered line lost."""
    lost = []
    low = line_text.lower()
    if c.component.lower() not in low or c.prop.lower() not in low:
        lost.append("subject")
    if form == "full":
        if not any(ph in line_text for ph in c.op_phrases + (f" {c.op} ",)):
            lost.append("operator")
    elif f" {c.op} " not in line_text:
        lost.append("operator")
    head = line_text.split("(was", 1)[0]
    if not _number_in(c.number, head):
        lost.append("value")
    units = {c.unit, short_unit(c.unit) or c.unit, parse_value(c.value).short_unit or c.unit}
    if not any(u in head for u in units):
        lost.append("unit")
    return lost


@dataclass
class Result:
    n: int
    smallest_budget: int | None
    target: int
    passed: bool
    tokens_per_critical: float | None
    forms_at_smallest: dict[str, int] = field(default_factory=dict)
    full_form_budget: int = 0
    monotone: bool = True
    first_failure_above: int | None = None
    store_patches: int = 0
    extraction_ok: bool = True
    notes: list[str] = field(default_factory=list)


def build(crits: list[Critical]) -> tuple[DSPMMemory, dict[str, Critical], list[str]]:
    m = DSPMMemory(budget=MIN_BUDGET)
    notes = []
    for c in crits:
        m.add_turn("user", c.text)
    by_id: dict[str, Critical] = {}
    for p in m.critical_patches:
        slot = (p.slot or "").lower()
        match = [c for c in crits if slot == f"{c.component} {c.prop}".lower()]
        if len(match) != 1:
            notes.append(f"patch {p.id} {p.slot!r} matches {len(match)} settings")
            continue
        by_id[p.id] = match[0]
    missing = [c.text for c in crits if c not in by_id.values()]
    notes.extend(f"not extracted as its own critical: {t!r}" for t in missing)
    return m, by_id, notes


def check(m: DSPMMemory, by_id: dict[str, Critical], budget: int) -> tuple[bool, dict[str, int]]:
    m.set_budget(budget)
    r = m.render()
    if m.counter.count(r.text) > budget:
        return False, {}
    forms: dict[str, int] = {}
    seen = set()
    for line in r.lines:
        c = by_id.get(line.patch_id)
        if c is None:
            continue
        if line_problems(line.text, line.form, c):
            return False, {}
        forms[line.form] = forms.get(line.form, 0) + 1
        seen.add(line.patch_id)
    return seen == set(by_id), forms


def measure(n: int, seed: int) -> Result:
    crits = make_criticals(n, seed)
    m, by_id, notes = build(crits)
    target = 12 * n + 10
    res = Result(n, None, target, False, None, store_patches=len(m.all_patches),
                 extraction_ok=len(by_id) == n and not notes, notes=notes)
    if not res.extraction_ok:
        return res
    full = sum(m.counter.count(f"{m.store.get(pid).tag}: {m.store.get(pid).text}") + 1
               for pid in by_id)
    res.full_form_budget = full
    ceiling = max(full + n + 16, target + 1)
    for budget in range(MIN_BUDGET, ceiling + 1):
        ok, forms = check(m, by_id, budget)
        if ok:
            res.smallest_budget = budget
            res.forms_at_smallest = forms
            break
    if res.smallest_budget is None:
        res.notes.append(f"no budget up to {ceiling} delivers all {n} intact")
        return res
    res.tokens_per_critical = round(res.smallest_budget / n, 2)
    res.passed = res.smallest_budget <= target
    for budget in range(res.smallest_budget + 1, ceiling + 1):
        if not check(m, by_id, budget)[0]:
            res.monotone = False
            res.first_failure_above = budget
            break
    return res


def table(results: list[Result]) -> str:
    head = f"{'N':>4}  {'smallest budget':>15}  {'target 12N+10':>13}  {'result':>6}  " \
           f"{'tok/critical':>12}  {'forms at smallest':<28} {'monotone':>8}"
    rows = [head, "-" * len(head)]
    for r in results:
        forms = ", ".join(f"{k} {v}" for k, v in sorted(r.forms_at_smallest.items()))
        rows.append(f"{r.n:>4}  {str(r.smallest_budget):>15}  {r.target:>13}  "
                    f"{'pass' if r.passed else 'FAIL':>6}  {str(r.tokens_per_critical):>12}  "
                    f"{forms:<28} {'yes' if r.monotone else 'no':>8}")
        for note in r.notes:
            rows.append(f"      note: {note}")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ns", default=",".join(map(str, DEFAULT_NS)),
                    help="comma-separated numbers of criticals (default 5,10,20,40)")
    ap.add_argument("--seed", type=int, default=0, help="which settings and values (default 0)")
    ap.add_argument("--json", nargs="?", const="-", metavar="PATH",
                    help="write the results as JSON to PATH (stdout when no PATH is given)")
    ap.add_argument("--check", action="store_true", help="exit 1 when any N misses its target")
    args = ap.parse_args(argv)
    ns = [int(x) for x in args.ns.split(",") if x.strip()]
    results = [measure(n, args.seed) for n in ns]
    payload: dict[str, Any] = {
        "benchmark": "critical_budget",
        "seed": args.seed,
        "tokenizer": "cl100k_base",
        "results": [asdict(r) for r in results],
    }
    if args.json == "-":
        print(json.dumps(payload, indent=2))
    else:
        print(table(results))
        if args.json:
            Path(args.json).parent.mkdir(parents=True, exist_ok=True)
            Path(args.json).write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
            print(f"\nwrote {args.json}")
    if args.check and not all(r.passed for r in results):
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
