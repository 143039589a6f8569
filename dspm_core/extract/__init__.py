"""Extractors turn a conversation turn into typed facts."""

from typing import TYPE_CHECKING, Any

from .base import AsyncExtractor, Extractor

__all__ = ["AsyncExtractor", "Extractor", "RuleExtractor"]

if TYPE_CHECKING:
    from .rules import RuleExtractor


def __getattr__(name: str) -> Any:
    # The rule extractor's patterns load on first use (PEP 562), so that importing the
    # protocols (as the facade does) costs nothing.
    if name == "RuleExtractor":
        from .rules import RuleExtractor

        return RuleExtractor
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
