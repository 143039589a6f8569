"""Where a thing runs, by its cloud region: "all our infra is in us-east-1", "the uploads
bucket lives in europe-west4", "prod is hosted in eu-west-2". A setting of its own (the
thing's region), so that "we're moving everything to eu-west-1" or "nvm it's
europe-west1" revises it; the region is a name of a known shape
(:func:`dspm_core.known_names.name_category`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from .known_names import name_category

__all__ = ["region_said"]

_IN_REGION_RE = re.compile(
    r"^\W*(?:(?:so|and|also|btw|fyi|ok(?:ay)?)[,\s]+)*(?:(?:all|everything)\s+(?:of\s+)?)?(?:(?:the|our|my)\s+)?"
    r"(?P<thing>[\w'-]+(?:\s+[\w'-]+){0,3}?)\s+(?:is|are|'s|lives?|runs?|sits?|is\s+hosted|are\s+hosted|"
    r"is\s+deployed|are\s+deployed|is\s+running|are\s+running)\s+(?:all\s+)?in\s+(?P<region>[a-z]+-[a-z]+\d?-?\d)\b"
    r"(?P<rest>[^?]*)$", re.I)
_NOT_A_THING = frozenset("it that this which what who there here".split())


@lru_cache(maxsize=8192)
def region_said(text: str) -> tuple[str, str] | None:
    """(the thing, its cloud region), or None."""
    if "-" not in text:
        return None
    m = _IN_REGION_RE.match(text.strip())
    if m is None or name_category(m.group("region")) != "cloud region" \
            or m.group("thing").lower() in _NOT_A_THING:
        return None
    return m.group("thing"), m.group("region")
