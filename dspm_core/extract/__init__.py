"""Extractors turn a conversation turn into typed facts."""

from .base import AsyncExtractor, Extractor
from .rules import RuleExtractor

__all__ = ["AsyncExtractor", "Extractor", "RuleExtractor"]
