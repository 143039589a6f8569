"""A setting that someone changed, said with its new value: "they changed the wifi password,
it's seagull77 now", "we renamed the channel to #proj-atlas", "IT reset my PIN, it's 4471".

The sentence names the setting in one clause and its new value in the other (or after "to"):
it revises that setting, whoever made the change. A plan, a wish or a question ("can you
rename the channel to ...?") says no value held."""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["renamed_said", "renamed_from"]

_I = re.I
_CUE_RE = re.compile(r"\b(?:changed|reset|updated|renamed|rotated)\b", _I)
_RENAMED_RE = re.compile(
    r"^(?:(?:oh|so|ok(?:ay)?|btw|fyi|heads up|just so you know)[,:\s]+)*"
    r"(?:(?:they|we|i|someone|it|the\s+\w+|\w+)\s+)?(?:have\s+|'ve\s+|has\s+|just\s+)*"
    r"(?:changed|reset|updated|renamed|rotated)\s+(?:the|our|my|their|your)\s+"
    r"(?P<subj>[a-z][\w' -]{1,30}?)"
    r"(?:\s+to\s+(?P<to>[^\s,;]+)|,?\s+(?:so\s+)?it(?:'s|’s|\s+is)\s+(?:now\s+)?(?P<is>[^\s,;]+?))"
    r"(?:\s+now)?\s*[.!]?$", _I)


@lru_cache(maxsize=16384)
def renamed_said(text: str) -> tuple[str, str] | None:
    """(the setting, its new value) of a change someone made, or None."""
    if not _CUE_RE.search(text) or "?" in text:
        return None
    m = _RENAMED_RE.match(text.strip())
    if m is None:
        return None
    value = (m.group("to") or m.group("is")).rstrip(".!")
    return m.group("subj").strip(), value


# "we renamed master to main": the old name and the new one
_FROM_TO_RE = re.compile(r"^(?:(?:oh|so|ok(?:ay)?|btw|fyi)[,:\s]+)*(?:(?:we|i|they)(?:'ve|\s+have)?\s+)?"
                         r"(?:just\s+)?renamed\s+(?P<old>[\w.#/-]+)\s+to\s+(?P<new>[\w.#/-]+)\s*[.!]?$", _I)


@lru_cache(maxsize=16384)
def renamed_from(text: str) -> tuple[str, str] | None:
    """(the old name, the new one) of "we renamed master to main", or None."""
    if "renamed" not in text.lower() or "?" in text:
        return None
    m = _FROM_TO_RE.match(text.strip())
    return (m.group("old"), m.group("new")) if m else None
