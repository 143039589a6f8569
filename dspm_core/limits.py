"""The limits of what a memory holds, shared by the write path and the loaders.

Everything a memory accepts must read back: the saved-state validation
(:mod:`dspm_core.state`, :mod:`dspm_core.persist.schema`) refuses what is over these
limits, and the write path (facts, patches, turns, pins, learned aliases) refuses it too,
with an error that names the field, before it is stored.
"""

from __future__ import annotations

__all__ = ["LARGE_STORE", "MAX_ALIASES", "MAX_ALIAS_TEXT", "MAX_ID", "MAX_INT", "MAX_QUERY",
           "MAX_TEXT", "MAX_TURN_PART", "check_int", "check_text", "text_problem"]

#: characters of one note or turn (about 2.5 million tokens: a conversation of a million
#: tokens fits in one turn); a larger text is not a conversation fact
MAX_TEXT = 10_000_000
#: characters of the part of a turn extracted at once: a longer turn is split (never
#: truncated) into consecutive parts of at most this many characters, each its own turn,
#: so no single extraction or token count works on a huge text
MAX_TURN_PART = 200_000
#: characters of a render query used for relevance: a longer query is matched by its
#: last MAX_QUERY characters (the question usually ends a long message)
MAX_QUERY = 100_000
#: patches past which a memory says so in ``stats["large_store"]``: nothing is evicted,
#: but rendering reads every patch, so each render costs more (seconds at 100,000)
LARGE_STORE = 50_000
#: turn numbers, counters and echo counts (the largest integer JSON readers keep exact)
MAX_INT = 2**53
#: characters of a patch id
MAX_ID = 200
#: learned acronym pairs, and characters of each side of one
MAX_ALIASES = 10_000
MAX_ALIAS_TEXT = 200


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be stored as a note, or ``None`` when it can."""
    if len(text) > MAX_TEXT:
        return f"text of {len(text):,} characters is longer than the limit of {MAX_TEXT:,}"
    return None


def check_text(text: str, what: str, error: type[Exception]) -> str:
    """``text`` when it is within :data:`MAX_TEXT`; else raise ``error`` naming ``what``."""
    problem = text_problem(text)
    if problem is not None:
        raise error(f"{what}: {problem}")
    return text


def check_int(value: object, what: str, error: type[Exception]) -> int:
    """``value`` when it is an integer in ``0 .. MAX_INT``; else raise ``error`` naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{what} must be an integer, got {type(value).__name__}")
    if value < 0 or value > MAX_INT:
        raise error(f"{what} must be between 0 and 2**53, got {value}")
    return value
