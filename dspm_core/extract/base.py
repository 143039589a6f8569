"""The extractor protocols: a turn in, facts out."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..patch import Fact, Turn

__all__ = ["AsyncExtractor", "Extractor"]


@runtime_checkable
class Extractor(Protocol):
    """Reads the facts of one turn. Must not keep state that a retry would duplicate."""

    def extract(self, turn: Turn) -> list[Fact]: ...


@runtime_checkable
class AsyncExtractor(Protocol):
    """An extractor with a native async path (used by ``aadd_turn``)."""

    async def aextract(self, turn: Turn) -> list[Fact]: ...
