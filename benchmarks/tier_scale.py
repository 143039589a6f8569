"""The sentence tier at scale: a conversation of about a million tokens.

BEAM development chats 1-10 (100K tokens each) are fed one after another into one memory
with the default rule extractor, as one long conversation. Printed:

* store growth per 100 BEAM turns (patches and their tokens, by kind), the tier's share;
* ingest rate in conversation tokens per second (``add_turn`` wall time, extractor
  included);
* ``get_context`` median and p95 with the latest user message as the query (as the
  adapters call it), at the end, over the last ``--queries`` user messages;
* save and load of that memory as a notebook file and through the SQLite store.

    python benchmarks/tier_scale.py --data ../shared/data

The data is read from ``--data`` and never copied.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.dont_write_bytecode = True
HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
if importlib.util.find_spec("dspm_core") is None:
    sys.path.insert(1, str(HERE.parent))

from dspm_core import DSPMMemory  # noqa: E402
from extraction_recall import load_beam  # noqa: E402
from perf import percentile  # noqa: E402


def conversation(data: Path, chats: list[int]) -> list[tuple[str, str]]:
    turns = []
    for n in chats:
        messages, _ = load_beam(data, n)
        turns += [(m["role"], m["content"]) for m in messages if m.get("content", "").strip()]
    return turns


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default="../shared/data")
    ap.add_argument("--chats", default="1-10", help="BEAM 100K chats (development: 1-10)")
    ap.add_argument("--queries", type=int, default=50)
    ap.add_argument("--budget", type=int, default=250)
    args = ap.parse_args(argv)
    lo, _, hi = args.chats.partition("-")
    chats = list(range(int(lo), int(hi or lo) + 1))
    data = Path(args.data)
    if not (data / "beam" / "100K").is_dir():
        print(f"no BEAM data under {data}", file=sys.stderr)
        return 2
    turns = conversation(data, chats)
    m = DSPMMemory(budget=args.budget)
    t0 = time.perf_counter()
    for role, text in turns:
        m.add_turn(role, text)
    ingest = time.perf_counter() - t0
    stats = m.stats
    conv = stats["conversation_tokens"]
    patches = m.all_patches
    kinds = Counter(p.kind.value for p in patches)
    ktok: Counter[str] = Counter()
    for p in patches:
        ktok[p.kind.value] += m.counter.count(f"{p.tag}: {p.text}")
    per100 = 100.0 / len(turns)
    print(f"BEAM 100K chats {args.chats}: {len(turns):,} turns, {conv:,} conversation tokens")
    print(f"ingest: {ingest:.1f} s, {conv / ingest:,.0f} conversation tokens/s, "
          f"{len(turns) / ingest:,.0f} turns/s")
    print(f"store: {len(patches):,} patches, {sum(ktok.values()):,} tokens "
          f"({len(patches) * per100:.1f} patches and {sum(ktok.values()) * per100:,.0f} tokens "
          f"per 100 turns); greetings left out: {stats['greetings_skipped']:,}")
    for kind, n in kinds.most_common():
        print(f"  {kind:<10} {n:>7,} patches ({n * per100:6.1f} per 100 turns)"
              f" {ktok[kind]:>9,} tokens ({ktok[kind] * per100:7.0f} per 100 turns)")

    queries = [t for r, t in turns if r == "user"][-args.queries:]
    m.get_context(queries[0])  # forms and token counts of what renders first are cached
    times = []
    for q in queries:
        t0 = time.perf_counter()
        m.get_context(q)
        times.append(time.perf_counter() - t0)
    print(f"get_context (latest user message as the query, {len(queries)} queries): median "
          f"{statistics.median(times) * 1000:.2f} ms, p95 {percentile(times, 95) * 1000:.2f} ms")

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "memory.json"
        t0 = time.perf_counter()
        m.save(path)
        save_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        loaded = DSPMMemory(budget=args.budget)
        loaded.load(path)
        load_s = time.perf_counter() - t0
        print(f"notebook: {path.stat().st_size / 1e6:.1f} MB, save {save_s:.2f} s, load {load_s:.2f} s")
        from dspm_core.persist.sqlite import SQLiteStore

        db = Path(tmp) / "m.db"
        store = SQLiteStore(db)
        t0 = time.perf_counter()
        sq = DSPMMemory(budget=args.budget, store=store, user_id="u1")
        sq.load(path)  # the notebook merged into the SQLite user, one transaction
        sq_save = time.perf_counter() - t0
        store.close()
        store2 = SQLiteStore(db)
        t0 = time.perf_counter()
        again = DSPMMemory(budget=args.budget, store=store2, user_id="u1")
        sq_load = time.perf_counter() - t0
        same = again.get_context(queries[-1]) == loaded.get_context(queries[-1])
        store2.close()
        print(f"SQLite: {db.stat().st_size / 1e6:.1f} MB, write (notebook merged in) {sq_save:.2f} s,"
              f" load {sq_load:.2f} s"
              f" (same context as the notebook's: {same})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
