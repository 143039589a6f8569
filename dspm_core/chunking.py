"""Splitting a document into chunks of about N tokens, on paragraph and sentence breaks."""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["chunk_text"]

_SENTENCE_RE = re.compile(r"(?<=[.!?])\s+")


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
