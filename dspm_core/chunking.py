"""Splitting text: a document into chunks of about N tokens, on paragraph and sentence
breaks (:func:`chunk_text`); any text into parts of at most N characters whose
concatenation is the text (:func:`split_text`), in linear time and without counting
tokens, so that no single piece handed to the extractor or the tokenizer is huge."""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["chunk_text", "split_text"]

_SENTENCE_RE = re.compile(r"(?<=[.!?])\s+")
_SENTENCE_ENDS = (". ", "! ", "? ", ".\n", "!\n", "?\n")
_SPACES = (" ", "\n", "\t")


def _cut(text: str, start: int, end: int) -> int:
    """Where the part ``text[start:end]`` ends best: after its last paragraph break, else
    its last sentence end, else its last space; never in its first half (so every part
    is at least half the limit long and the split stays linear); else at ``end``."""
    low = start + (end - start) // 2
    for marks in (("\n\n",), _SENTENCE_ENDS, _SPACES):
        at = max(text.rfind(mark, low, end) for mark in marks)
        if at >= low:
            return at + len(marks[0]) if marks[0] == "\n\n" else at + 1
    return end


def split_text(text: str, max_chars: int) -> list[str]:
    """``text`` as consecutive parts of at most ``max_chars`` characters; joined they are
    ``text`` exactly (nothing is dropped or trimmed). Linear in ``len(text)``."""
    if max_chars < 2:
        raise ValueError(f"max_chars must be at least 2, got {max_chars}")
    parts: list[str] = []
    start, n = 0, len(text)
    while n - start > max_chars:
        end = _cut(text, start, start + max_chars)
        parts.append(text[start:end])
        start = end
    parts.append(text[start:])
    return parts


def _pieces(text: str, limit: int, count: Callable[[str], int]) -> list[str]:
    """Paragraphs, split further into sentences and then words while one is over ``limit``."""
    out: list[str] = []
    for para in re.split(r"\n\s*\n", text):
        para = para.strip()
        if not para:
            continue
        if count(para) <= limit:
            out.append(para)
            continue
        for sent in _SENTENCE_RE.split(para):
            if count(sent) <= limit:
                out.append(sent)
                continue
            out.extend(_pack(sent.split(" "), " ", limit, count))
    return out


def _pack(items: list[str], sep: str, limit: int, count: Callable[[str], int]) -> list[str]:
    """Join consecutive items with ``sep`` greedily while the joined text stays within
    ``limit`` tokens (an item longer than that on its own is kept whole)."""
    out: list[str] = []
    cur: list[str] = []
    for item in items:
        if cur and count(sep.join(cur + [item])) > limit:
            out.append(sep.join(cur))
            cur = []
        cur.append(item)
    if cur:
        out.append(sep.join(cur))
    return out


def chunk_text(text: str, chunk_tokens: int, count: Callable[[str], int]) -> list[str]:
    """Greedy packing of paragraphs/sentences into chunks of at most ``chunk_tokens`` tokens
    (a single word longer than that is kept whole). No text is dropped."""
    return _pack(_pieces(text, chunk_tokens, count), "\n\n", chunk_tokens, count)
