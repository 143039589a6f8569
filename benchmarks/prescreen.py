"""How many LLM calls the pre-screen saves, and whether it ever skips a gold turn.

    python benchmarks/prescreen.py --data ../shared/data --split dev

For every message of the BEAM 100K chats of the split (1-10 for dev, 11-20 for report),
``dspm_core.extract.prompts.prescreen_skip`` decides whether the LLM extractor would call
the model; the turn sees the two messages before it as context, as it does through
``DSPMMemory``. Reported: the share of turns skipped (per role), and how many skipped turns
are a source message of a gold item (instruction_following, preference_following,
knowledge_update original and updated values, contradiction_resolution statements); that
count should be zero.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from extraction_recall import beam_chats, load_beam, strip_marker  # noqa: E402

from dspm_core.extract.prompts import prescreen_skip  # noqa: E402
from dspm_core.patch import Role, Turn, coerce_role  # noqa: E402


def gold_ids(probes: dict) -> set[int]:
    """Source message ids of the gold items of one BEAM chat."""
    ids: set[int] = set()
    for key in ("instruction_following", "preference_following"):
        for it in probes.get(key, []):
            ids.update(it.get("source_chat_ids") or [])
    for key in ("knowledge_update", "contradiction_resolution"):
        for it in probes.get(key, []):
            src = it.get("source_chat_ids") or {}
            for v in (src.values() if isinstance(src, dict) else [src]):
                ids.update(v if isinstance(v, list) else [v])
    return {i for i in ids if isinstance(i, int)}


def _locomo(data: Path, split: str) -> dict | None:
    """The same on LoCoMo's casual multi-session chats (first/second half of the records);
    a skipped turn that is QA evidence would be a loss."""
    path = data / "locomo" / "locomo10.json"
    if not path.is_file():
        return None
    records = json.loads(path.read_text(encoding="utf-8"))
    half = len(records) // 2
    records = records[:half] if split == "dev" else records[half:]
    turns = skipped = ev_total = ev_skipped = 0
    for rec in records:
        evidence = {e for qa in rec.get("qa", []) for e in qa.get("evidence", [])}
        conv = rec["conversation"]
        recent: list[tuple[str, str]] = []
        keys = sorted((k for k in conv if k.startswith("session_") and isinstance(conv[k], list)),
                      key=lambda k: int(k.split("_")[1]))
        for k in keys:
            for i, m in enumerate(conv[k]):
                turn = Turn(role=Role.USER, text=m.get("text", ""), index=i,
                            recent=tuple(recent[-2:]))
                skip = prescreen_skip(turn)
                turns += 1
                skipped += skip
                if m.get("dia_id") in evidence:
                    ev_total += 1
                    ev_skipped += skip
                recent.append(("user", m.get("text", "")))
    return {"turns": turns, "skipped": skipped,
            "skipped_share": round(skipped / turns, 4) if turns else 0.0,
            "evidence_turns": ev_total, "evidence_skipped": ev_skipped}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default="../shared/data")
    ap.add_argument("--split", choices=("dev", "report"), default="dev")
    ap.add_argument("--json", default=None, help="also write the figures to this file")
    args = ap.parse_args(argv)
    data = Path(args.data)
    if not (data / "beam" / "100K").is_dir():
        print(f"no BEAM data under {data}: pass --data pointing at the shared data folder "
              "(BEAM 100K from its public repository, chats/100K/N)", file=sys.stderr)
        return 2
    total, skipped = Counter(), Counter()
    gold_total = gold_skipped = 0
    skipped_gold: list[dict] = []
    for n in beam_chats(data, args.split):
        messages, probes = load_beam(data, n)
        gold = gold_ids(probes)
        recent: list[tuple[str, str]] = []
        for i, m in enumerate(messages):
            text = strip_marker(m.get("content", ""))
            role = coerce_role(m["role"])
            turn = Turn(role=role, text=text, index=i, recent=tuple(recent[-2:]))
            skip = prescreen_skip(turn)
            total[role.value] += 1
            is_gold = m.get("id", i) in gold
            gold_total += is_gold
            if skip:
                skipped[role.value] += 1
                if is_gold:
                    gold_skipped += 1
                    skipped_gold.append({"chat": n, "id": m.get("id"), "text": text[:300]})
            recent.append((role.value, text))
    locomo = _locomo(data, args.split)
    n_total, n_skipped = sum(total.values()), sum(skipped.values())
    out = {
        "split": args.split,
        "turns": n_total,
        "skipped": n_skipped,
        "skipped_share": round(n_skipped / n_total, 4) if n_total else 0.0,
        "by_role": {r: {"turns": total[r], "skipped": skipped[r]} for r in total},
        "gold_source_turns": gold_total,
        "gold_source_turns_skipped": gold_skipped,
        "skipped_gold": skipped_gold,
    }
    print(f"BEAM {args.split}: {n_skipped}/{n_total} turns skipped by the pre-screen "
          f"({100 * out['skipped_share']:.1f}% of LLM calls saved)")
    for r, v in out["by_role"].items():
        print(f"  {r:<10} {v['skipped']}/{v['turns']}")
    print(f"gold source turns: {gold_total}, of which skipped: {gold_skipped}")
    if locomo:
        out["locomo"] = locomo
        print(f"LoCoMo {args.split} (casual chat): {locomo['skipped']}/{locomo['turns']} turns "
              f"skipped ({100 * locomo['skipped_share']:.1f}%); evidence turns skipped: "
              f"{locomo['evidence_skipped']}/{locomo['evidence_turns']}")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
