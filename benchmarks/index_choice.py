"""Which lexical index serves the sentence tier: per-turn update plus one query, side by side.

A memory adds a few patches every turn and renders once: the index must take one new
document and answer one query per turn without a rebuild. Timed here, at a store of N
documents, for the last ``--steps`` turns (median ms per turn: add one document, then
search the best 48 for a query):

* ``dspm_core.index.LexicalIndex`` (the index DSPM uses): incremental, BM25 over stemmed
  content words;
* bm25s: a static index; a new document means indexing the corpus again;
* tantivy (in RAM): an added document is searchable after ``commit()`` and ``reload()``.

    python benchmarks/index_choice.py --docs 2000,20000

The documents are generated (sentences of 8-20 words from a 5,000-word vocabulary), so the
benchmark needs no data folder. bm25s and tantivy are benchmark requirements only.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.dont_write_bytecode = True
ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec("dspm_core") is None:
    sys.path.insert(0, str(ROOT))

from dspm_core.index import LexicalIndex  # noqa: E402
from dspm_core.slots import content_terms  # noqa: E402

LIMIT = 48


def corpus(n: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    vocab = [f"w{i}x" for i in range(5000)]
    weights = [1.0 / (i + 1) for i in range(len(vocab))]  # Zipf-like, as in real text
    return [" ".join(rng.choices(vocab, weights, k=rng.randint(8, 20))) for _ in range(n)]


def time_steps(step: Callable[[int], Any], start: int, steps: int) -> float:
    out = []
    for i in range(start, start + steps):
        t0 = time.perf_counter()
        step(i)
        out.append(time.perf_counter() - t0)
    return statistics.median(out) * 1000


def bench_dspm(docs: list[str], n: int, steps: int) -> float:
    ix = LexicalIndex()
    for i in range(n):
        ix.add(f"p{i}", content_terms(docs[i]))

    def step(i: int) -> None:
        ix.add(f"p{i}", content_terms(docs[i]))
        ix.search(content_terms(docs[i - 7]), LIMIT)

    return time_steps(step, n, steps)


def bench_bm25s(docs: list[str], n: int, steps: int) -> float:
    import bm25s  # type: ignore

    def step(i: int) -> None:
        retriever = bm25s.BM25()
        retriever.index(bm25s.tokenize(docs[: i + 1], show_progress=False), show_progress=False)
        retriever.retrieve(bm25s.tokenize([docs[i - 7]], show_progress=False), k=LIMIT,
                           show_progress=False)

    return time_steps(step, n, steps)


def bench_tantivy(docs: list[str], n: int, steps: int) -> float:
    import tantivy  # type: ignore

    sb = tantivy.SchemaBuilder()
    sb.add_text_field("body", stored=False)
    sb.add_text_field("pid", stored=True)
    index = tantivy.Index(sb.build())
    writer = index.writer()
    for i in range(n):
        writer.add_document(tantivy.Document(body=docs[i], pid=f"p{i}"))
    writer.commit()
    index.reload()

    def step(i: int) -> None:
        writer.add_document(tantivy.Document(body=docs[i], pid=f"p{i}"))
        writer.commit()
        index.reload()
        query = index.parse_query(docs[i - 7], ["body"])
        index.searcher().search(query, LIMIT)

    return time_steps(step, n, steps)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--docs", default="2000,20000", help="store sizes (comma list)")
    ap.add_argument("--steps", type=int, default=20, help="timed turns per size")
    args = ap.parse_args(argv)
    sizes = [int(x) for x in args.docs.split(",") if x.strip()]
    docs = corpus(max(sizes) + args.steps)
    print("median ms per turn (add one document, then search the best 48), by store size")
    print(f"{'index':<34}" + "".join(f"{n:>12,}" for n in sizes))
    for name, fn in (("dspm_core.index.LexicalIndex", bench_dspm), ("bm25s (re-index per turn)", bench_bm25s),
                     ("tantivy (commit + reload per turn)", bench_tantivy)):
        cells = []
        for n in sizes:
            try:
                cells.append(f"{fn(docs, n, args.steps):12.3f}")
            except ImportError as exc:
                cells.append(f"{'n/a':>12}")
                print(f"  {name}: {exc}", file=sys.stderr)
        print(f"{name:<34}" + "".join(cells))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
