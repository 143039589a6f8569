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
            words, cur = sent.split(" "), []
            for w in words:
                if cur and count(" ".join(cur + [w])) > limit:
                    out.append(" ".join(cur))
                    cur = []
                cur.append(w)
            if cur:
                out.append(" ".join(cur))
    return out


def chunk_text(text: str, chunk_tokens: int, count: Callable[[str], int]) -> list[str]:
    """Greedy packing of paragraphs/sentences into chunks of at most ``chunk_tokens`` tokens
    (a single word longer than that is kept whole). No text is dropped."""
    chunks: list[str] = []
    cur: list[str] = []
    for piece in _pieces(text, chunk_tokens, count):
        if cur and count("\n\n".join(cur + [piece])) > chunk_tokens:
            chunks.append("\n\n".join(cur))
            cur = []
        cur.append(piece)
    if cur:
        chunks.append("\n\n".join(cur))
    return chunks
