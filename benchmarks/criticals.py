"""How many criticals the default extractor stores on BEAM chats, and a sample to read.

Feeds every message of the BEAM development chats (1-10, or the report chats 11-20) through
``DSPMMemory.add_turn`` with the rule extractor, then prints criticals (rules and decisions)
per 100 user turns, and writes a fixed-seed sample of them, each with the message it came
from, for checking by reading::

    python benchmarks/criticals.py                      # dev chats, sample of 100
    python benchmarks/criticals.py --sample 100 --seed 7 --out /tmp/criticals.md

The data is read from ``../shared/data`` (see that folder's README); nothing is copied here.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from extraction_recall import beam_chats, load_beam, strip_marker  # noqa: E402

from dspm_core import DSPMMemory  # noqa: E402


def collect(data: Path, split: str) -> tuple[int, list[tuple[int, str, str, str]]]:
    """(user turns, [(chat, kind, patch text, source message)]) over the split's chats."""
    users = 0
    found: list[tuple[int, str, str, str]] = []
    for n in beam_chats(data, split):
        messages, _ = load_beam(data, n)
        memory = DSPMMemory()
        said: dict[int, str] = {}
        for m in messages:
            role = m.get("role", "user")
            text = strip_marker(m.get("content", ""))
            if role == "user":
                users += 1
            start = memory.stats["turns"]
            memory.add_turn(role, text)
            for t in range(start, memory.stats["turns"]):  # a very long message is several turns
                said[t] = text
        for p in memory.all_patches:
            if p.critical:
                found.append((n, p.kind.value, p.text, said.get(p.first_turn, "")[:400]))
    return users, found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--split", choices=("dev", "report"), default="dev")
    ap.add_argument("--sample", type=int, default=100)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", default=None, help="write the sample here (markdown)")
    args = ap.parse_args(argv)
    data = Path(args.data)
    if not (data / "beam").is_dir():
        print(f"no BEAM data under {data}", file=sys.stderr)
        return 2
    users, found = collect(data, args.split)
    per_100 = 100 * len(found) / max(users, 1)
    print(f"BEAM {args.split}: {users} user turns, {len(found)} criticals, "
          f"{per_100:.1f} per 100 user turns")
    sample = random.Random(args.seed).sample(found, min(args.sample, len(found)))
    lines = [f"# {len(sample)} criticals, BEAM {args.split}, seed {args.seed}", ""]
    for i, (n, kind, text, source) in enumerate(sample, 1):
        lines += [f"{i}. chat {n} {kind}: {text}", f"   > {source}", ""]
    if args.out:
        Path(args.out).write_text("\n".join(lines), encoding="utf-8")
        print(f"sample written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
