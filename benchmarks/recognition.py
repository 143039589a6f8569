"""Recognition benchmark: are instructions and settings recognised by their form?

Reads the statement set (``tests/fixtures/recognition/statements.jsonl``, see its README),
feeds every statement as one user turn into a fresh ``dspm_core.DSPMMemory()`` (default
rule extractor) and judges ``memory.all_patches``. It is a measurement: it always exits 0.

    python benchmarks/recognition.py --split dev                  # tune on dev only
    python benchmarks/recognition.py --split check                # read after tuning
    python benchmarks/recognition.py --split dev --show-failures  # failing ids, what was stored
    python benchmarks/recognition.py --json benchmarks/results/recognition.json
    python benchmarks/recognition.py --split dev --lower          # typed in lower case

Matching
--------
Values are compared by the light value tokens of ``benchmarks/supersession.py``
(``value_tokens``: case, thousands separators, ``25MB`` / ``25 MB``, currency signs and
words, unit spellings, plurals, number words up to twelve and the tens, a few filler
words ignored). A critical patch (kind constraint or decision) *carries* a statement's
expectation when every token of the expected ``value`` occurs among the tokens of the
patch's text together with its value and unit (``Patch.value_label``), and, when a
``subject`` is given, every token of the subject occurs among the tokens of its text,
slot and value. A ``null`` value asks only for the subject (or for any critical patch).

Verdicts
--------
- positive (``expect.kind`` is ``constraint`` or ``decision``): RECOGNISED when some
  critical patch of the statement carries the expectation, of either kind. Otherwise
  MISSED, split into *stored other* (a critical patch was stored, but none carries the
  value) and *nothing critical* (no constraint or decision at all).
- kind agreement: of the recognised positives, those where a carrying patch has the
  expected kind.
- negative (``expect.kind`` is ``null``): a FALSE POSITIVE when any critical patch is
  stored. Non-critical patches (entity, code, ...) are listed but not counted.

Figures
-------
- recall = recognised positives / positives.
- precision (patch level) = critical patches that carry the expectation of the positive
  statement they were stored for / all critical patches stored across the statements
  judged (positives and negatives). A second critical patch on a positive that does not
  carry the value (for example an extra clause) counts against it, as does every critical
  patch stored for a negative.
- statement precision = recognised positives / (recognised positives + negatives with a
  false positive): the share of statements that got a critical patch and deserved it.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.dont_write_bytecode = True

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEFAULT_SET = ROOT / "tests" / "fixtures" / "recognition" / "statements.jsonl"

if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
if importlib.util.find_spec("dspm_core") is None:  # run from a checkout without install
    sys.path.insert(1, str(ROOT))

from supersession import typed_lower, value_tokens  # noqa: E402  (shared with it)

KINDS = ("constraint", "decision")


# ----------------------------------------------------------------------------- set
def load_set(path: Path, split: str = "all") -> list[dict[str, Any]]:
    """The statements of ``split`` (``dev``, ``check`` or ``all``), checked for their keys."""
    lines = path.read_text(encoding="utf-8").splitlines()
    rows = [(n, json.loads(line)) for n, line in enumerate(lines, 1) if line.strip()]
    for n, d in rows:
        lost = [k for k in ("id", "split", "form", "text", "expect") if k not in d]
        if lost or d["expect"].get("kind") not in (None, *KINDS):
            raise SystemExit(f"{path}:{n}: missing {lost}" if lost else
                             f"{path}:{n}: expect.kind must be constraint, decision or null")
    return [d for _, d in rows if split == "all" or d["split"] == split]


# ----------------------------------------------------------------------------- judging
def carries(patch: Any, value: str | None, subject: str | None) -> bool:
    """Does ``patch`` carry the expected value (and subject)? See the module docstring."""
    if value:
        if not value_tokens(value) <= value_tokens(f"{patch.text} {patch.value_label}"):
            return False
    if subject:
        where = f"{patch.text} {patch.slot or ''} {patch.value_label}"
        if not value_tokens(subject) <= value_tokens(where):
            return False
    return True


@dataclass(slots=True)
class Result:
    id: str
    split: str
    form: str
    text: str
    positive: bool
    kind: str | None
    verdict: str              # recognised / stored other / nothing critical / ok / false positive
    criticals: int = 0        # critical patches stored
    carrying: int = 0         # of them, carrying the expectation (positives only)
    kind_agrees: bool = False
    known_example: bool = False
    stored: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.verdict in ("recognised", "ok")


def _describe(p: Any) -> str:
    bits = [f"{p.kind.value}: {p.text!r}"]
    if p.slot:
        bits.append(f"slot={p.slot!r}")
    if p.value_label:
        bits.append(f"value={p.value_label!r}")
    return " ".join(bits)


def run_statement(d: dict[str, Any]) -> Result:
    from dspm_core import DSPMMemory

    memory = DSPMMemory()
    memory.add_turn("user", d["text"])
    patches = memory.all_patches
    crit = [p for p in patches if p.kind.critical]
    exp = d["expect"]
    kind = exp.get("kind")
    res = Result(d["id"], d["split"], d["form"], d["text"], kind is not None, kind, "",
                 criticals=len(crit), known_example=bool(d.get("known_example")),
                 stored=[_describe(p) for p in patches])
    if kind is None:
        res.verdict = "false positive" if crit else "ok"
        return res
    hits = [p for p in crit if carries(p, exp.get("value"), exp.get("subject"))]
    res.carrying = len(hits)
    res.kind_agrees = any(p.kind.value == kind for p in hits)
    res.verdict = "recognised" if hits else ("stored other" if crit else "nothing critical")
    return res


# ----------------------------------------------------------------------------- report
def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f}%" if b else "-"


def summarise(results: list[Result]) -> dict[str, Any]:
    pos = [r for r in results if r.positive]
    neg = [r for r in results if not r.positive]
    recognised = sum(r.verdict == "recognised" for r in pos)
    fps = sum(r.verdict == "false positive" for r in neg)
    carrying = sum(r.carrying for r in pos)
    criticals = sum(r.criticals for r in results)
    agree = sum(r.kind_agrees for r in pos if r.verdict == "recognised")
    per_form: dict[str, Counter[str]] = {}
    for r in results:
        row = per_form.setdefault(r.form, Counter())
        row["positive"] = int(r.positive)
        row["n"] += 1
        row["ok"] += r.ok
        row["criticals"] += r.criticals
        row["kind_agrees"] += r.kind_agrees and r.verdict == "recognised"
        row[r.verdict] += 1
    return {
        "statements": len(results),
        "positives": len(pos),
        "negatives": len(neg),
        "recognised": recognised,
        "recall": recognised / len(pos) if pos else None,
        "missed_stored_other": sum(r.verdict == "stored other" for r in pos),
        "missed_nothing_critical": sum(r.verdict == "nothing critical" for r in pos),
        "kind_agrees": agree,
        "kind_agreement": agree / recognised if recognised else None,
        "false_positives": fps,
        "critical_patches": criticals,
        "critical_patches_carrying": carrying,
        "critical_patches_on_negatives": sum(r.criticals for r in neg),
        "precision": carrying / criticals if criticals else None,
        "statement_precision": recognised / (recognised + fps) if recognised + fps else None,
        "known_examples": sum(r.known_example for r in results),
        "per_form": {k: dict(v) for k, v in per_form.items()},
    }


def print_report(s: dict[str, Any], split: str, path: Path, seconds: float) -> None:
    print(f"set {path} (split {split}): {s['statements']} statements, "
          f"{s['positives']} positive, {s['negatives']} negative; {seconds:.1f} s")
    print()
    print(f"recall               {s['recognised']} / {s['positives']}"
          f"  {_pct(s['recognised'], s['positives'])}"
          f"  (missed: {s['missed_stored_other']} stored something else,"
          f" {s['missed_nothing_critical']} nothing critical)")
    print(f"precision            {s['critical_patches_carrying']} / {s['critical_patches']}"
          f" critical patches carry an expectation"
          f"  {_pct(s['critical_patches_carrying'], s['critical_patches'])}"
          f"  ({s['critical_patches_on_negatives']} stored on negatives)")
    print(f"statement precision  {s['recognised']} / {s['recognised'] + s['false_positives']}"
          f"  {_pct(s['recognised'], s['recognised'] + s['false_positives'])}")
    print(f"false positives      {s['false_positives']} / {s['negatives']} negatives"
          f"  {_pct(s['false_positives'], s['negatives'])}")
    print(f"kind agreement       {s['kind_agrees']} / {s['recognised']} recognised"
          f"  {_pct(s['kind_agrees'], s['recognised'])}")
    print()
    head = f"{'form':<22} {'n':>4} {'recognised':>11} {'kind ok':>8} {'false pos':>10} {'crit':>5}"
    print(head)
    print("-" * len(head))
    forms = sorted(s["per_form"].items(), key=lambda kv: (-kv[1]["positive"], kv[0]))
    for name, row in forms:
        if row["positive"]:
            rec = f"{row.get('recognised', 0)}/{row['n']}"
            print(f"{name:<22} {row['n']:>4} {rec:>11} {row['kind_agrees']:>8} {'':>10} "
                  f"{row['criticals']:>5}")
        else:
            fp = f"{row.get('false positive', 0)}/{row['n']}"
            print(f"{name:<22} {row['n']:>4} {'':>11} {'':>8} {fp:>10} {row['criticals']:>5}")


def print_failures(results: list[Result], items: dict[str, dict[str, Any]]) -> None:
    print()
    print("failures")
    print("--------")
    for r in results:
        wrong_kind = r.verdict == "recognised" and not r.kind_agrees
        if r.ok and not wrong_kind:
            continue
        exp = items[r.id]["expect"]
        want = "" if not r.positive else (
            f" want {exp['kind']} value={exp.get('value')!r}"
            + (f" subject={exp['subject']!r}" if exp.get("subject") else ""))
        verdict = "recognised, other kind" if wrong_kind else r.verdict
        print(f"{r.id} [{r.form}] {verdict}:{want}")
        print(f"    {r.text}")
        for line in r.stored or ["(nothing stored)"]:
            print(f"    | {line}")


def write_json(out: Path, payload: dict[str, Any]) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")
    print(f"\nwrote {out}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--set", dest="path", type=Path, default=DEFAULT_SET,
                    help="the statements file (JSONL)")
    ap.add_argument("--split", choices=("dev", "check", "all"), default="all")
    ap.add_argument("--show-failures", action="store_true",
                    help="list missed positives, false positives and kind disagreements")
    ap.add_argument("--json", metavar="OUT", type=Path, help="write summary and results as JSON")
    ap.add_argument("--lower", action="store_true",
                    help="every statement typed in lower case, without its closing full stop "
                         "or exclamation mark, as people type in a chat")
    args = ap.parse_args(argv)

    items = load_set(args.path, args.split)
    if args.lower:
        items = [dict(d, text=typed_lower(d["text"])) for d in items]
    t0 = time.perf_counter()
    results = [run_statement(d) for d in items]
    seconds = time.perf_counter() - t0
    summary = summarise(results)
    print_report(summary, args.split, args.path, seconds)
    if args.show_failures:
        print_failures(results, {d["id"]: d for d in items})
    if args.json:
        write_json(args.json, {"split": args.split, "set": str(args.path), "summary": summary,
                               "results": [asdict(r) for r in results]})
    return 0


if __name__ == "__main__":
    sys.exit(main())
