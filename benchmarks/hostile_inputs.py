"""Time of the reply parser and of ingest on hostile inputs, at growing sizes.

    python benchmarks/hostile_inputs.py                      # this checkout
    python benchmarks/hostile_inputs.py --baseline /tmp/old  # and another checkout beside it

Parser: ``recover_json`` on the replies that used to stall it ("[" * n + "}", "{[" * n/2,
repeated "<think>x</thinking>", repeated "[see {1] "), at 4,000 to 128,000 characters, next
to ``json.loads`` of a valid reply of the same size (the floor any parser pays). Linear
means the time doubles with the size. With ``--baseline`` the same runs use that checkout
(a fresh process each, stopped after ``--cap`` seconds and shown as ``>cap``).

Ingest: ``add_turn`` of prose, of one long word and of words laced with zero-width and
right-to-left characters, at 0.25 to 1 MB, in seconds per MB, next to counting the same
text's tokens (the floor), and ``get_context`` with a 1 MB and a 20 MB query.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

PARSER_SIZES = (4_000, 8_000, 16_000, 32_000, 64_000, 128_000)
INGEST_SIZES = (250_000, 500_000, 1_000_000)
PROSE = "The team met on Monday to review the plan. We talked about the release and the budget. "


def hostile(kind: str, n: int) -> str:
    return {"brackets": "[" * n + "}",
            "open-pairs": "{[" * (n // 2),
            "think-tags": "<think>x</thinking>" * (n // 19),
            "mismatched": "[see {1] " * (n // 9)}[kind]


def text_of(kind: str, n: int) -> str:
    unit = {"prose": PROSE, "one-word": "a", "zero-width": "word\u200b\u202e\u2066 "}[kind]
    return (unit * (n // len(unit) + 1))[:n]


def _timed(fn) -> float:  # type: ignore[no-untyped-def]
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def parse_seconds(kind: str, n: int) -> float:
    from dspm_core.extract.parse import ResponseParseError, recover_json

    def run() -> None:
        try:
            recover_json(hostile(kind, n))
        except ResponseParseError:
            pass

    return _timed(run)


def json_floor(n: int) -> float:
    item = {"kind": "constraint", "text": "The timeout must be at most 5 seconds."}
    reply = json.dumps({"facts": [item] * max(1, n // 70)})
    return _timed(lambda: json.loads(reply))


def ingest_seconds(kind: str, n: int) -> float:
    from dspm_core import DSPMMemory

    memory = DSPMMemory()
    text = text_of(kind, n)
    return _timed(lambda: memory.add_turn("user", text))


def query_seconds(n: int) -> float:
    from dspm_core import DSPMMemory

    memory = DSPMMemory()
    memory.add_turn("user", "The webhook timeout must be at most 10 seconds.")
    query = ("what about the webhook timeout " * (n // 31 + 1))[:n]
    return _timed(lambda: memory.get_context(query))


def many_criticals_seconds(n: int, query: str = "") -> float:
    """Median seconds of ``get_context`` over ``n`` short distinct user turns, each typed
    as a setting (``n`` criticals), after a first render."""
    from dspm_core import DSPMMemory

    memory = DSPMMemory()
    for i in range(n):
        memory.add_turn("user", f"Set the limit{i} to {i} seconds.")
    memory.get_context(query)
    times = sorted(_timed(lambda: memory.get_context(query)) for _ in range(7))
    return times[3]


def count_floor(kind: str, n: int) -> float:
    from dspm_core.chunking import split_text
    from dspm_core.limits import MAX_TURN_PART
    from dspm_core.tokens import get_counter

    counter = get_counter("cl100k_base")
    text = text_of(kind, n)
    parts = split_text(text, MAX_TURN_PART)
    return _timed(lambda: [counter.count(p) for p in parts])


def _in_checkout(path: str, call: str, cap: float) -> str:
    """``call`` (an expression of this module's functions) run against the checkout at
    ``path`` in a fresh process; its seconds, or ``>cap`` when it ran out of time."""
    code = f"import sys; sys.path.insert(0, {os.path.dirname(os.path.abspath(__file__))!r})\n" \
           f"import hostile_inputs as h\nprint(h.{call})"
    env = dict(os.environ, PYTHONPATH=path)
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              env=env, timeout=cap, cwd=path)
    except subprocess.TimeoutExpired:
        return f">{cap:.0f}"
    if done.returncode != 0:
        return "error"
    return f"{float(done.stdout.split()[-1]):.3f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--baseline", help="another checkout to run the same inputs against")
    ap.add_argument("--cap", type=float, default=60.0, help="seconds per baseline run")
    ap.add_argument("--many", type=int, default=100_000,
                    help="short distinct turns for the many-criticals case")
    ap.add_argument("--only-many", action="store_true", help="run the many-criticals case only")
    args = ap.parse_args()

    if args.only_many:
        _many(args)
        return
    print("reply parser: seconds for recover_json (json.loads of a valid reply of the same size)")
    head = f"{'input':<12} {'chars':>8} {'this':>8} {'json':>8}"
    print(head + (f" {'baseline':>9}" if args.baseline else ""))
    for kind in ("brackets", "open-pairs", "think-tags", "mismatched"):
        for n in PARSER_SIZES:
            row = f"{kind:<12} {n:>8,} {parse_seconds(kind, n):>8.3f} {json_floor(n):>8.4f}"
            if args.baseline:
                row += f" {_in_checkout(args.baseline, f'parse_seconds({kind!r}, {n})', args.cap):>9}"
            print(row, flush=True)

    print("\ningest: add_turn seconds per MB (token counting of the same text per MB)")
    print(f"{'input':<12} {'chars':>10} {'s/MB':>8} {'count':>8}"
          + (f" {'baseline':>9}" if args.baseline else ""))
    for kind in ("prose", "one-word", "zero-width"):
        for n in INGEST_SIZES:
            mb = n / 1e6
            row = (f"{kind:<12} {n:>10,} {ingest_seconds(kind, n) / mb:>8.2f} "
                   f"{count_floor(kind, n) / mb:>8.3f}")
            if args.baseline:
                got = _in_checkout(args.baseline, f"ingest_seconds({kind!r}, {n})", args.cap)
                row += f" {got if got.startswith(('>', 'e')) else f'{float(got) / mb:.2f}':>9}"
            print(row, flush=True)

    _many(args)

    print("\nget_context with a long query: seconds")
    for n in (1_000_000, 20_000_000):
        row = f"{'query':<12} {n:>10,} {query_seconds(n):>8.3f}"
        if args.baseline:
            row += f" {_in_checkout(args.baseline, f'query_seconds({n})', args.cap):>9}"
        print(row, flush=True)


def _many(args: argparse.Namespace) -> None:
    print(f"\nget_context over {args.many:,} short distinct turns (as many criticals): "
          f"median seconds")
    for query in ("", "what is limit5 now?"):
        row = f"{'query' if query else 'no query':<12} {args.many:>10,} " \
              f"{many_criticals_seconds(args.many, query):>8.4f}"
        if args.baseline:
            call = f"many_criticals_seconds({args.many}, {query!r})"
            row += f" {_in_checkout(args.baseline, call, args.cap * 10):>9}"
        print(row, flush=True)


if __name__ == "__main__":
    main()
