"""Turns whose extraction failed: when to retry them, and what a failure surfaces.

A failed turn costs at most itself. It is kept pending and counted, retried after 1, 2,
4, ... up to :data:`RETRY_CAP` later turns (``retry_pending()`` retries at once), and never
waits in front of the turns after it: those are extracted and merged as they come. When it
finally succeeds, its facts merge at their own turn index, so a value it held that was
revised since goes into the lineage, never on top of the newer value.

The pieces here are pure and shared by the sync and async ingest paths of
:class:`~dspm_core.memory.DSPMMemory`.
"""

from __future__ import annotations

from typing import Any

from .errors import DSPMError, ExtractionError
from .patch import Fact, Turn

__all__ = ["RETRY_CAP", "Backoff", "checked_facts", "surfaced"]

#: the most turns between two retries of one failed turn
RETRY_CAP = 32


def _key(turn: Turn) -> tuple[str, str | None, str]:
    # by content, not by object: a store may hand back a pending turn renumbered
    return turn.role.value, turn.session_id, turn.text


class Backoff:
    """When each pending turn is next due, counted in turns of the memory."""

    def __init__(self) -> None:
        self._due: dict[tuple[str, str | None, str], tuple[int, int]] = {}

    def is_due(self, turn: Turn, now: int) -> bool:
        entry = self._due.get(_key(turn))
        return entry is None or now >= entry[1]

    def failed(self, turn: Turn, now: int) -> int:
        """Record one more failure of ``turn`` at turn count ``now``; returns the attempts."""
        attempts = self._due.get(_key(turn), (0, 0))[0] + 1
        self._due[_key(turn)] = (attempts, now + min(2 ** (attempts - 1), RETRY_CAP))
        return attempts

    def done(self, turn: Turn) -> None:
        if self._due:
            self._due.pop(_key(turn), None)

    def __bool__(self) -> bool:
        return bool(self._due)

    def clear(self) -> None:
        self._due.clear()


def checked_facts(facts: Any) -> list[Fact]:
    """An extractor's result as a list of facts, or :class:`ExtractionError`."""
    if not isinstance(facts, (list, tuple)):
        raise ExtractionError(f"the extractor returned {type(facts).__name__}, not a list of facts")
    for f in facts:
        if not isinstance(f, Fact):
            raise ExtractionError(f"the extractor returned a {type(f).__name__} among its facts")
    return list(facts)


def surfaced(exc: BaseException, *, new: bool, strict: bool) -> BaseException | None:
    """The error ``add_turn`` raises for a failed extraction, or ``None`` to raise nothing.

    Strict mode raises every failure. Otherwise DSPM's own errors (an
    :class:`ExtractionError`, or a fact the extractor built wrongly) are only counted, and
    a foreign exception (a bug in a custom extractor) is raised for the turn being added
    now, never for an older pending turn retried along with a later one.
    """
    if strict:
        if isinstance(exc, DSPMError) or new:
            return exc
        wrapped = ExtractionError(f"retrying a pending turn failed: {type(exc).__name__}: {exc}")
        wrapped.__cause__ = exc
        return wrapped
    if isinstance(exc, DSPMError) or not new:
        return None
    return exc
