"""The lexical index over stored patches: query candidates by BM25, kept up to date per patch.

An inverted index of the stemmed content words of each patch (the same terms the
renderer aligns on, :func:`dspm_core.slots.content_terms`), with Okapi BM25 scoring. A
patch is added, replaced or removed in time proportional to its own words, so ingest does
not grow with the store; a query reads the postings of its own words only, at most
:data:`POSTING_SCAN` entries of each (the most recent), so a render never scans the store.

Libraries were measured for this role (``benchmarks/index_choice.py``): bm25s builds a
static index (a per-turn update is a rebuild of every document) and tantivy's writer
needs a commit and a searcher reload before an added document is found; both cost far more
per turn than this index.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable
from itertools import islice

__all__ = ["LexicalIndex", "POSTING_SCAN"]

#: Entries of one term's postings read by a query (the most recently indexed first): a
#: word that common scores little, and the recent patches that hold it are the ones kept.
POSTING_SCAN = 4096


class LexicalIndex:
    """BM25 over sets of terms (each term counts once per patch). Not thread-safe on its
    own: the store calls it under its lock."""

    K1 = 1.2
    B = 0.75

    def __init__(self) -> None:
        # term -> ids holding it, a dict as an ordered set (oldest first)
        self._postings: dict[str, dict[str, None]] = {}
        self._terms: dict[str, frozenset[str]] = {}
        self._total = 0

    def __len__(self) -> int:
        return len(self._terms)

    def __contains__(self, pid: object) -> bool:
        return pid in self._terms

    def add(self, pid: str, terms: frozenset[str]) -> None:
        """Index ``pid`` under ``terms`` (replacing what it was indexed under before)."""
        if pid in self._terms:
            if self._terms[pid] == terms:
                return
            self.remove(pid)
        self._terms[pid] = terms
        self._total += len(terms)
        for t in terms:
            posting = self._postings.get(t)
            if posting is None:
                self._postings[t] = {pid: None}
            else:
                posting[pid] = None

    def remove(self, pid: str) -> None:
        """Take ``pid`` out of the index (nothing happens when it is not in it)."""
        terms = self._terms.pop(pid, None)
        if terms is None:
            return
        self._total -= len(terms)
        for t in terms:
            posting = self._postings.get(t)
            if posting is not None:
                posting.pop(pid, None)
                if not posting:
                    del self._postings[t]

    def clear(self) -> None:
        self._postings.clear()
        self._terms.clear()
        self._total = 0

    def search(self, terms: Iterable[str], limit: int) -> list[tuple[str, float]]:
        """The ``limit`` best ids for a query's ``terms`` with their BM25 scores, best first."""
        n = len(self._terms)
        if not n or limit <= 0:
            return []
        avg = self._total / n or 1.0
        k1, b = self.K1, self.B
        scores: dict[str, float] = {}
        lengths = self._terms
        for t in set(terms):
            posting = self._postings.get(t)
            if not posting:
                continue
            df = len(posting)
            idf = math.log(1.0 + (n - df + 0.5) / (df + 0.5))
            for pid in islice(reversed(posting), POSTING_SCAN):
                norm = k1 * (1.0 - b + b * len(lengths[pid]) / avg)
                scores[pid] = scores.get(pid, 0.0) + idf * (k1 + 1.0) / (1.0 + norm)
        if not scores:
            return []
        return heapq.nlargest(limit, scores.items(), key=lambda kv: kv[1])
