"""Import time of DSPM, in fresh processes (the median of several runs per statement).

    python benchmarks/import_time.py              # this checkout, 15 runs each
    python benchmarks/import_time.py --runs 31 --path /some/other/checkout

Each statement runs in a new interpreter (``python -c``), timed inside the process with
``time.perf_counter`` around the statement alone, so interpreter start-up is not counted.
``--path`` puts another checkout first on ``sys.path`` (to compare with an older tree).
The target is ``import dspm_core`` in at most 150 ms; the other rows show what the first
use pays (the rule extractor's patterns and word lists load with ``DSPMMemory``; the
adapters load their framework).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

STATEMENTS = [
    "import dspm_core",
    "from dspm_core import DSPMError",
    "from dspm_core import DSPMMemory",
    "import dspm_core; dspm_core.DSPMMemory()",
    "import dspm_integrations.langchain",
    "import dspm_integrations.llama_index",
]
PROBE = ("import time, sys\n"
         "t = time.perf_counter()\n"
         "exec(sys.argv[1])\n"
         "dt = time.perf_counter() - t\n"
         "print(dt * 1000, int('openai' in sys.modules))")
TARGET_MS = 150.0


def measure(statement: str, runs: int, path: str | None) -> tuple[float, bool]:
    env = dict(os.environ)
    if path:
        env["PYTHONPATH"] = path + os.pathsep + env.get("PYTHONPATH", "")
    times: list[float] = []
    openai_loaded = False
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", PROBE, statement], env=env,
                             capture_output=True, text=True, check=True,
                             cwd=path or Path(__file__).resolve().parents[1]).stdout.split()
        times.append(float(out[0]))
        openai_loaded = out[1] == "1"
    return statistics.median(times), openai_loaded


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--path", default=None, help="a checkout to import from instead")
    args = parser.parse_args()
    print(f"median of {args.runs} fresh processes, {sys.executable}"
          + (f", from {args.path}" if args.path else ""))
    print(f"{'statement':<44} {'ms':>8}  openai loaded")
    rc = 0
    for statement in STATEMENTS:
        ms, openai_loaded = measure(statement, args.runs, args.path)
        print(f"{statement:<44} {ms:8.1f}  {'yes' if openai_loaded else 'no'}")
        if statement == "import dspm_core" and ms > TARGET_MS:
            rc = 1
    print(f"target: import dspm_core <= {TARGET_MS:.0f} ms")
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
