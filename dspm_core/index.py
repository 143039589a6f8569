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

__all__ = ["COMMON_SHARE", "LexicalIndex", "POSTING_SCAN", "QUERY_TERMS"]

#: Entries of one term's postings read by a query (the most recently indexed first): a
#: word that common scores little, and the recent patches that hold it are the ones kept.
POSTING_SCAN = 256

#: A query word held by more than this share of the patches (and more than
#: :data:`POSTING_SCAN` of them) is skipped when the query has rarer words: its BM25 weight
#: is a fraction of theirs, and reading its postings would cost more than all the others.
COMMON_SHARE = 0.05

#: At most this many of a query's words are looked up, the rarest first (a long message
#: pasted as the query has hundreds; its rare words are the ones that find anything).
QUERY_TERMS = 24


class LexicalIndex:
    """BM25 over sets of terms (each term counts once per patch). Not thread-safe on its
    own: the store calls it under its lock."""

    K1 = 1.2
    B = 0.75

    def __init__(self) -> None:
        # term -> ids holding it, a dict as an ordered set (oldest first)
        self._postings: dict[str, dict[str, None]] = {}
        self._terms: dict[str, frozenset[str]] = {}
        self._length: dict[str, int] = {}
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
        self._length[pid] = len(terms)
        self._total += len(terms)
        for t in terms:
            posting = self._postings.get(t)
            if posting is None:
                self._postings[t] = {pid: None}
            else:
                posting[pid] = None

    def holding(self, term: str) -> tuple[str, ...]:
        """The ids indexed under ``term``, oldest first."""
        return tuple(self._postings.get(term, ()))

    def remove(self, pid: str) -> None:
        """Take ``pid`` out of the index (nothing happens when it is not in it)."""
        terms = self._terms.pop(pid, None)
        if terms is None:
            return
        del self._length[pid]
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
        self._length.clear()
        self._total = 0

    def search(self, terms: Iterable[str], limit: int) -> list[tuple[str, float]]:
        """The ``limit`` best ids for a query's ``terms`` with their BM25 scores, best first."""
        n = len(self._terms)
        if not n or limit <= 0:
            return []
        avg = self._total / n or 1.0
        k1, b = self.K1, self.B
        scores: dict[str, float] = {}
        lengths = self._length
        # in the words' own order, so that equal scores rank the same in every process
        found = sorted((len(p), i, p) for i, p in enumerate(map(self._postings.get, sorted(set(terms))))
                       if p)
        common = max(POSTING_SCAN, COMMON_SHARE * n)
        if found and found[0][0] <= common:
            found = [f for f in found if f[0] <= common]
        get = scores.get
        for df, _, posting in found[:QUERY_TERMS]:
            idf = math.log(1.0 + (n - df + 0.5) / (df + 0.5)) * (k1 + 1.0)
            base, per = k1 * (1.0 - b), k1 * b / avg
            for pid in islice(reversed(posting), POSTING_SCAN):
                scores[pid] = get(pid, 0.0) + idf / (1.0 + base + per * lengths[pid])
        if not scores:
            return []
        if len(scores) <= limit:
            return sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
        return heapq.nlargest(limit, scores.items(), key=lambda kv: kv[1])
