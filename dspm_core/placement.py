"""Where things of a kind are kept: "Helper scripts go in the tools folder.", "Meeting notes
live in Notion.", "config belongs in settings.py". The place is a setting of those things,
so "Move the helper scripts to a scripts folder from now on" revises it.

:func:`placed` reads the things and their place; :data:`STORE_RE` finds the words of a
place things are kept in (a folder, a repo, a channel, a drive, ...).
"""

from __future__ import annotations

import re

from .lexicon import is_plural_noun
from .places import is_place

__all__ = ["STORE_RE", "placed", "store_place"]

_I = re.I
#: the words of a place things are kept in
STORE_RE = re.compile(r"\b(?:folder|directory|dir|repo|repository|package|module|file|channel|"
                      r"drive|inbox|sheet|spreadsheet|doc|board|bucket|database|table|vault|"
                      r"drawer|cupboard|cabinet|project|workspace|wiki|notebook)s?\b", _I)
_VERBS = re.compile(r"\b(?:go|goes|live|lives|belong|belongs|sit|sits|kept|stored|filed)\b", _I)
_PLACED_RE = re.compile(
    r"^(?:(?:all|our|any)\s+)?(?P<things>[a-z][\w'.-]*(?:\s+[\w'.-]+){0,3}?)\s+"
    r"(?:(?:should|must|always)\s+)?(?:go|goes|live|lives|belong|belongs|sit|sits|"
    r"(?:is|are) kept|(?:is|are) stored|(?:is|are) filed)\s+(?:in|into|under|inside|on)\s+"
    r"(?:(?:the|a|an|our|my)\s+)?(?P<place>[\w./-]+(?:\s+[\w./-]+){0,3}?)"
    r"(?:\s*,.*|\s+(?:from now on|going forward|now|please|too))?\s*[.!]?$", _I)
# a place of storage said as a new value ("a scripts folder", "the shared drive")
_STORE_PLACE_RE = re.compile(r"^(?:(?:the|a|an|our|my)\s+)?(?P<place>[\w.-]+(?:\s+[\w.-]+)?\s+"
                             + STORE_RE.pattern[2:-2] + r")\s*[.!]?$", _I)


def placed(text: str) -> tuple[str, str] | None:
    """The things and the place they are kept in ("Helper scripts", "tools folder"), when
    the place is a place of storage (a folder, a file, a named tool), else None."""
    if _VERBS.search(text) is None:
        return None
    m = _PLACED_RE.match(text.strip())
    if m is None:
        return None
    things, place = m.group("things"), m.group("place").rstrip(".")
    if any(w[:1].isupper() for w in things.split()[1:]) or things.split()[0].lower() in _NOT_THINGS:
        return None  # "Tim lives in ...", "the kids go in ...": someone, or things pointed at
    if re.search(r"\blives?\b", text, _I) and not is_plural_noun(things.split()[-1]):
        return None  # "Tim lives in Galway": someone's home (things of a kind live in a tool)
    first = place.split()[0]
    if STORE_RE.search(place) or re.search(r"[./]\w", first) \
            or first[:1].isupper() and not is_place(first):
        return things, place  # (never a place on a map: "Penguins live in Antarctica")
    return None


_NOT_THINGS = frozenset("i i'm we we're you he she they it this that these those the my your his her "
                        "their its".split())


def store_place(value: str) -> str | None:
    """The place of storage a value names ("a scripts folder" -> "scripts folder"), or
    None."""
    m = _STORE_PLACE_RE.match(value.strip())
    return m.group("place") if m else None
