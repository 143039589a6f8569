"""A statement said in brackets at the end of a sentence, read as a sentence of its own.

"Summarise this article for me (I'm dyslexic, so short sentences really help)." holds a
request and, in brackets, a fact about the speaker; "can you fix the type error in this hook
(we're on React 18, not 19)" a setting. Read inside the request, neither is found: the
sentence is a one-off task. :func:`asides_apart` puts such an aside after its sentence, as a
sentence of its own, so the forms read it as if it had been said alone. Only an aside that
opens on the speaker ("I", "we", "my", "our") is moved; "(see below)", "(optional)" or
"(e.g. Redis)" stay where they are.
"""

from __future__ import annotations

import re

__all__ = ["asides_apart"]

# "(I'm dyslexic, ...)" closing its sentence, with the sentence's own end after it
_ASIDE_RE = re.compile(
    r"\s*\((?P<aside>(?:i|i'm|im|i've|i'd|i'll|we|we're|we've|we'd|we'll|my|our)\b[^()\n]{3,300}?)\)"
    r"(?P<end>[.!?]*)(?=\s|$)", re.I)


def asides_apart(text: str) -> str:
    """``text`` with each aside about the speaker that closes a sentence said after it as a
    sentence of its own ("... for me. I'm dyslexic, so short sentences really help.")."""
    if "(" not in text:
        return text
    return _ASIDE_RE.sub(_apart, text)


def _apart(m: re.Match[str]) -> str:
    aside = m.group("aside").strip().rstrip(",;:")
    aside = aside[0].upper() + aside[1:]
    end = "." if aside[-1] not in ".!?" else ""
    return f"{m.group('end') or '.'} {aside}{end}"
