"""Persistence figures: notebook save/load at 10,000 patches, SQLite add_turn overhead.

    python benchmarks/persist_perf.py                       # 10,000 patches (about a minute)
    python benchmarks/persist_perf.py --patches 2000 --turns 200
    python benchmarks/persist_perf.py --json benchmarks/results/persist_perf.json

Run with the dev venv (``dspm_core`` and portalocker importable; the repo root is put on
``sys.path`` when ``dspm_core`` is not installed). Everything is written under a
temporary directory on the same filesystem as ``--dir`` (default: the system temp dir),
since fsync cost depends on the disk. Times are medians of several runs.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec("dspm_core") is None:
    sys.path.insert(0, str(ROOT))

from dspm_core import DSPMMemory
from dspm_core.persist.jsonfile import load_notebook
from dspm_core.persist.sqlite import SQLiteStore

PROPS = [("timeout", "seconds"), ("batch size", "records"), ("max retries", "retries"),
         ("rate limit", "requests per minute"), ("cache TTL", "seconds"),
         ("pool size", "connections"), ("log retention", "days"), ("memory limit", "MB")]


def turn_text(i: int, revision: int = 0) -> str:
    prop, unit = PROPS[i % len(PROPS)]
    component = f"service-{i // len(PROPS)}"
    value = (i % 97) + 1 + revision * 5
    if i % 3 == 0:
        return f"The {prop} of {component} must not exceed {value} {unit}."
    if revision:
        return f"Change the {prop} of {component} to {value} {unit}."
    return f"Set the {prop} of {component} to {value} {unit}."


def build(patches: int) -> DSPMMemory:
    """A memory of ``patches`` settings and limits, a tenth of them revised (lineage)."""
    m = DSPMMemory()
    for i in range(patches):
        m.add_turn("user", turn_text(i))
    for i in range(0, patches, 10):
        m.add_turn("user", turn_text(i, revision=1))
    return m


def median_time(fn: Callable[[], Any], runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def per_turn(memory: DSPMMemory, start: int, n: int) -> float:
    """Median milliseconds of one add_turn (new settings: each adds a patch)."""
    times = []
    for i in range(start, start + n):
        text = turn_text(i)
        t0 = time.perf_counter()
        memory.add_turn("user", text)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def notebook_figures(memory: DSPMMemory, directory: Path, runs: int) -> dict[str, Any]:
    path = directory / "notes.json"
    out: dict[str, Any] = {"patches": len(memory.all_patches),
                           "journal_entries": len(memory.store.journal())}
    out["to_dict_ms"] = median_time(memory.to_dict, runs) * 1000
    out["save_ms"] = median_time(lambda: memory.save(path), runs) * 1000
    out["file_bytes"] = path.stat().st_size
    out["read_validate_ms"] = median_time(lambda: load_notebook(path, strict=True), runs) * 1000

    def fresh_load() -> None:
        m = DSPMMemory()
        m.load(path, strict=True)
        assert len(m.all_patches) == out["patches"]
    out["load_ms"] = median_time(fresh_load, runs) * 1000
    again = DSPMMemory()
    again.load(path)
    out["load_again_ms"] = median_time(lambda: again.load(path), runs) * 1000  # adds nothing
    assert again.to_dict()["patches"] == memory.to_dict()["patches"]
    return out


def sqlite_figures(memory: DSPMMemory, directory: Path, turns: int, runs: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    plain = DSPMMemory()
    out["in_memory_add_turn_ms"] = per_turn(plain, 0, turns)
    for durable in (True, False):
        mode = "full" if durable else "normal"
        store = SQLiteStore(directory / f"fresh-{mode}.db", durable=durable)
        m = DSPMMemory(store=store, user_id="bench")
        out[f"sqlite_{mode}_add_turn_ms"] = per_turn(m, 0, turns)
        store.close()
    # a user who already holds the whole notebook
    nb = directory / "notes.json"
    memory.save(nb)
    store = SQLiteStore(directory / "big.db")
    m = DSPMMemory(store=store, user_id="big")
    t0 = time.perf_counter()
    m.load(nb)
    out["import_notebook_into_user_ms"] = (time.perf_counter() - t0) * 1000
    out["big_user_patches"] = len(m.all_patches)
    out["open_big_user_ms"] = median_time(lambda: DSPMMemory(store=store, user_id="big"),
                                          runs) * 1000
    base = len(memory.all_patches) + 1
    out["sqlite_full_add_turn_ms_big_user"] = per_turn(m, base, turns)
    other = DSPMMemory(store=store, user_id="big")
    syncs = []
    for i in range(base + turns, base + turns + 50):  # another process's turn, then pull it
        m.add_turn("user", turn_text(i))
        t0 = time.perf_counter()
        other.load()
        syncs.append(time.perf_counter() - t0)
    out["pull_one_turn_ms_big_user"] = statistics.median(syncs) * 1000
    store.close()
    out["add_turn_overhead_full_ms"] = out["sqlite_full_add_turn_ms"] - out["in_memory_add_turn_ms"]
    out["add_turn_overhead_normal_ms"] = (out["sqlite_normal_add_turn_ms"]
                                          - out["in_memory_add_turn_ms"])
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--patches", type=int, default=10_000)
    ap.add_argument("--turns", type=int, default=300, help="turns timed per SQLite mode")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--dir", default=None, help="where to write (its disk is measured)")
    ap.add_argument("--json", default=None, help="write the figures to this JSON file")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    memory = build(args.patches)
    print(f"built a memory of {len(memory.all_patches)} patches "
          f"({len(memory.store.journal())} journal entries) in {time.perf_counter() - t0:.1f} s")
    with tempfile.TemporaryDirectory(dir=args.dir) as d:
        nbf = notebook_figures(memory, Path(d), args.runs)
        sqf = sqlite_figures(memory, Path(d), args.turns, args.runs)
    print(f"\nnotebook file, {nbf['patches']} patches, {nbf['file_bytes'] / 1e6:.1f} MB:")
    for k in ("to_dict_ms", "save_ms", "read_validate_ms", "load_ms", "load_again_ms"):
        print(f"  {k:<34} {nbf[k]:9.1f}")
    print(f"\nSQLite (median per call, {args.turns} turns per mode):")
    for k, v in sqf.items():
        print(f"  {k:<34} {v:9.2f}" if isinstance(v, float) else f"  {k:<34} {v:9d}")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps({
            "python": sys.version.split()[0], "platform": platform.platform(),
            "cpus": os.cpu_count(), "notebook": nbf, "sqlite": sqf}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
