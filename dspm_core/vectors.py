"""Patch vectors for the ``semantic`` scorer: computed at ingest, searched in one product.

A scorer with an ``embed(texts)`` method (:class:`~dspm_core.embeddings.EmbeddingScorer`)
gives each stored patch a unit vector when the patch is stored or its text changes. A
render then embeds the query once and takes one matrix-vector product over every vector:
the similarities both pick candidates (the best :data:`VECTOR_CANDIDATES`) and align the
patches the render weighs. numpy comes with the ``semantic`` extra; this module is only
imported when such a scorer is in use.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

__all__ = ["VECTOR_CANDIDATES", "VectorIndex"]

#: patches a query brings into a render by meaning (beside its BM25 candidates)
VECTOR_CANDIDATES = 48


class VectorIndex:
    """Unit vectors by patch id in one growing matrix (a removed row is zeroed and reused)."""

    def __init__(self) -> None:
        import numpy as np

        self._np = np
        self._lock = threading.Lock()
        self._rows: dict[str, int] = {}
        self._ids: list[str | None] = []
        self._free: list[int] = []
        self._texts: dict[str, str] = {}
        self._m: Any = None

    def __len__(self) -> int:
        return len(self._rows)

    def ids(self) -> list[str]:
        """The ids that have a vector."""
        with self._lock:
            return list(self._rows)

    def has(self, pid: str, text: str) -> bool:
        """Whether ``pid`` has a vector for exactly this text."""
        return self._texts.get(pid) == text

    def put(self, items: Sequence[tuple[str, str]], vectors: Any) -> None:
        """Store the vectors of ``(patch id, text)`` pairs, replacing older ones."""
        np = self._np
        vectors = np.asarray(vectors, dtype=np.float32)
        with self._lock:
            for (pid, text), vec in zip(items, vectors):
                row = self._rows.get(pid)
                if row is None:
                    row = self._free.pop() if self._free else len(self._ids)
                    if row == len(self._ids):
                        self._ids.append(pid)
                        self._grow(len(self._ids), vec.shape[0])
                    else:
                        self._ids[row] = pid
                    self._rows[pid] = row
                self._m[row] = vec
                self._texts[pid] = text

    def _grow(self, n: int, dim: int) -> None:
        np = self._np
        if self._m is None:
            self._m = np.zeros((max(64, n), dim), dtype=np.float32)
        elif n > self._m.shape[0]:
            bigger = np.zeros((self._m.shape[0] * 2, dim), dtype=np.float32)
            bigger[: self._m.shape[0]] = self._m
            self._m = bigger

    def remove(self, pid: str) -> None:
        with self._lock:
            row = self._rows.pop(pid, None)
            self._texts.pop(pid, None)
            if row is not None:
                self._m[row] = 0.0
                self._ids[row] = None
                self._free.append(row)

    def clear(self) -> None:
        with self._lock:
            self._rows.clear()
            self._ids.clear()
            self._free.clear()
            self._texts.clear()
            self._m = None

    def similarities(self, query_vector: Any, limit: int) -> tuple[dict[str, float], list[str]]:
        """Cosine similarity of every stored patch to the query (one product), and the
        ``limit`` most similar ids, best first."""
        np = self._np
        with self._lock:
            if self._m is None or not self._rows:
                return {}, []
            n = len(self._ids)
            sims = self._m[:n] @ np.asarray(query_vector, dtype=np.float32)
            ids = list(self._ids)
        k = min(limit, n)
        top = np.argpartition(-sims, k - 1)[:k] if k < n else np.arange(n)
        top = top[np.argsort(-sims[top])]
        out = {pid: float(s) for pid, s in zip(ids, sims.tolist()) if pid is not None}
        best = [ids[i] for i in top.tolist() if ids[i] is not None]
        return out, best
