"""Store load: many app-server processes writing one PostgreSQL server, beside SQLite.

    python benchmarks/store_load.py                          # the full run (several minutes)
    python benchmarks/store_load.py --users 5 --turns 20 --loads 1000,5000   # a quick look
    python benchmarks/store_load.py --json benchmarks/results/store_load.json

Workloads, each against PostgreSQL (``PostgresStore``) and SQLite (``SQLiteStore``, one
file, ``durable=True``), with the offline rule extractor:

* *spread*: ``--procs`` processes (8), each serving ``--users`` users (50) of its own,
  ``--turns`` turns (100) per user, users interleaved;
* *one user*: the same processes all writing one user, ``--turns`` turns each.

For each: ``add_turn`` p50 / p95 (ms, over every turn of every process), throughput, turns
lost (a turn whose ``add_turn`` returned but whose row or fact is missing) and turns applied
twice (a turn text with more than one row). Then loading a user with ``--loads`` patches
(10,000 and 100,000): time of ``DSPMMemory(store=..., user_id=...)`` and the memory it
takes (RSS growth of a fresh process over the load; median of 3 runs, 1 above 20,000).

The PostgreSQL server is ``DSPM_TEST_POSTGRES_DSN`` when set, else a private cluster started
for the run (``tests/pgcluster.py``) with the server's default durability (fsync on).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import multiprocessing as mp
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec("dspm_core") is None:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from dspm_core import DSPMMemory, PostgresStore, SQLiteStore  # noqa: E402


def text(who: str, i: int) -> str:
    return f"The storage quota for job {who}-{i} is {i % 900 + 1} GB."


def open_store(kind: str, where: str) -> Any:
    if kind == "sqlite":
        return SQLiteStore(where)
    return PostgresStore(where, min_size=1, max_size=4)


def _writer(kind: str, where: str, users: list[str], turns: int, who: str,
            go: Any, out: Any) -> None:
    store = open_store(kind, where)
    memories = {u: DSPMMemory(store=store, user_id=u) for u in users}
    times: list[float] = []
    go.wait()
    for i in range(turns):
        for u in users:
            t0 = time.perf_counter()
            memories[u].add_turn("user", text(f"{who}", i))
            times.append(time.perf_counter() - t0)
    store.close()
    out.put((who, times))


def workload(kind: str, where: str, procs: int, users: int, turns: int,
             shared: bool) -> dict[str, Any]:
    DSPMMemory().add_turn("user", text("warm", 0))  # tokenizer and word lists, before forking
    ctx = mp.get_context("fork")
    go, out = ctx.Event(), ctx.Queue()
    plan = {f"p{k}": (["shared"] if shared else [f"p{k}-u{j}" for j in range(users)])
            for k in range(procs)}
    children = [ctx.Process(target=_writer, args=(kind, where, us, turns, who, go, out))
                for who, us in plan.items()]
    for c in children:
        c.start()
    time.sleep(2.0)  # every child has opened its store and memories
    t0 = time.perf_counter()
    go.set()
    times: list[float] = []
    for _ in children:
        times.extend(out.get(timeout=3600)[1])
    wall = time.perf_counter() - t0
    for c in children:
        c.join(60)
    # every turn whose add_turn returned: one row, its fact in the user's memory
    store = open_store(kind, where)
    lost = twice = 0
    for who, us in plan.items():
        for u in set(us):
            rows = [t["text"] for t in store.turns(u)]
            facts = {p.text for p in DSPMMemory(store=store, user_id=u).all_patches}
            for i in range(turns):
                n = rows.count(text(who, i))
                lost += n == 0 or text(who, i) not in facts
                twice += n > 1
    store.close()
    ordered = sorted(times)
    return {"store": kind, "workload": "one user" if shared else "spread", "procs": procs,
            "users": 1 if shared else procs * users, "turns": len(times),
            "p50_ms": round(1000 * statistics.median(ordered), 2),
            "p95_ms": round(1000 * ordered[int(0.95 * (len(ordered) - 1))], 2),
            "turns_per_s": round(len(times) / wall, 1), "lost": lost, "applied_twice": twice}


def _fill(kind: str, where: str, user: str, patches: int) -> None:
    """Store a user of ``patches`` distinct settings in one transaction. The patches are
    the one ``add_patch`` makes for the first setting, renumbered (building 100,000 of them
    through ``add_patch`` would take as long as the conversation)."""
    from dspm_core.persist.jsonfile import merge_into

    one = DSPMMemory()
    one.add_patch("constraint", text("load", 0))
    state = one.to_dict()
    [p0], [j0] = state["patches"], state["journal"]

    def renumber(value: Any, i: int) -> Any:
        if isinstance(value, str):
            return value.replace("load-0", f"load-{i}").replace(" 1 GB", f" {i % 900 + 1} GB")
        return value

    state["patches"] = [dict({k: renumber(v, i) for k, v in p0.items()}, id=f"p{i + 1}",
                             value=f"{i % 900 + 1} GB") for i in range(patches)]
    state["journal"] = [dict({k: renumber(v, i) for k, v in j0.items()}, patch_id=f"p{i + 1}")
                        for i in range(patches)]
    store = open_store(kind, where)
    merge_into(DSPMMemory(store=store, user_id=user), state)
    store.close()


def _rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def _load(kind: str, where: str, user: str, out: Any) -> None:
    DSPMMemory()  # imports, tokenizer and word lists before the measurement
    store = open_store(kind, where)
    before = _rss_mb()
    t0 = time.perf_counter()
    memory = DSPMMemory(store=store, user_id=user)
    took = time.perf_counter() - t0
    out.put((took, _rss_mb() - before, len(memory.store)))
    store.close()


def load_time(kind: str, where: str, patches: int) -> dict[str, Any]:
    user = f"load-{patches}"
    _fill(kind, where, user, patches)
    ctx = mp.get_context("spawn")  # a fresh interpreter: its RSS growth is the load's
    runs = []
    for _ in range(3 if patches <= 20_000 else 1):
        out = ctx.Queue()
        p = ctx.Process(target=_load, args=(kind, where, user, out))
        p.start()
        runs.append(out.get(timeout=1800))
        p.join(60)
    took = statistics.median(r[0] for r in runs)
    return {"store": kind, "patches": runs[0][2], "load_s": round(took, 3),
            "rss_mb": round(statistics.median(r[1] for r in runs), 1), "runs": len(runs)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--procs", type=int, default=8)
    ap.add_argument("--users", type=int, default=50)
    ap.add_argument("--turns", type=int, default=100)
    ap.add_argument("--loads", default="10000,100000")
    ap.add_argument("--dir", default=None, help="where the SQLite file goes")
    ap.add_argument("--json", default=None, help="also write the figures to this file")
    args = ap.parse_args()
    loads = [int(x) for x in args.loads.split(",") if x]

    cluster = None
    dsn = os.environ.get("DSPM_TEST_POSTGRES_DSN")
    if not dsn:
        import pgcluster

        cluster = pgcluster.start(fast=False)
        dsn = cluster.dsn
    import pgcluster

    results: dict[str, Any] = {"machine": {"python": platform.python_version(),
                                           "cpus": os.cpu_count(), "system": platform.system()},
                               "workloads": [], "loads": []}
    try:
        with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
            for shared in (False, True):
                for kind in ("postgres", "sqlite"):
                    where = (pgcluster.create_database(dsn) if kind == "postgres"
                             else str(Path(tmp) / f"{'one' if shared else 'spread'}.db"))
                    row = workload(kind, where, args.procs, args.users, args.turns, shared)
                    results["workloads"].append(row)
                    print(f"{row['workload']:<9} {kind:<9} {row['procs']} procs "
                          f"{row['users']:>4} users {row['turns']:>6} turns  "
                          f"p50 {row['p50_ms']:7.2f} ms  p95 {row['p95_ms']:7.2f} ms  "
                          f"{row['turns_per_s']:8.1f} turns/s  lost {row['lost']}  "
                          f"applied twice {row['applied_twice']}", flush=True)
            for n in loads:
                for kind in ("postgres", "sqlite"):
                    where = (pgcluster.create_database(dsn) if kind == "postgres"
                             else str(Path(tmp) / f"load-{n}.db"))
                    row = load_time(kind, where, n)
                    results["loads"].append(row)
                    print(f"load     {kind:<9} {row['patches']:>7} patches  "
                          f"{row['load_s']:7.3f} s  +{row['rss_mb']:7.1f} MB RSS", flush=True)
    finally:
        if cluster is not None:
            cluster.stop()
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
