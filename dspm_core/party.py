"""How many the speaker's party is ("we're 6 now", "there'll be 7 of us") and what a place
or a thing holds ("the room seats 12"): a party is no capacity, and a capacity no party."""

from __future__ import annotations

import re

__all__ = ["CAPACITY_RE", "PARTY_ALONE_RE", "PARTY_RE"]

#: the speakers said to be so many: "we're", "we are", "we'll be"
_WE_ARE = r"we(?:'re|’re| are|'ll be|’ll be| will be)"
#: how many the party is, in a sentence; the number in group 1 or 2
PARTY_RE = re.compile(rf"\b{_WE_ARE}\s+(\d{{1,3}})(?=\s+of us\b|"
                      r"\s*(?:now|then|instead|in total|total|tops|max)?\s*(?:[,.!;]|$))"
                      r"|\b(?:there'll be|there will be|it'll be|it's|it will be)\s+(\d{1,3})(?=\s+of us\b)",
                      re.I)
#: how many the party is, as the end of what is said ("so we're 5 now", "there'll be 8 of
#: us"); the number in group ``n``
PARTY_ALONE_RE = re.compile(rf"\b(?:{_WE_ARE}|there(?:'ll|’ll| will)? be|there are)\s+(?P<n>\d{{1,3}})"
                            r"(?:\s+of\s+us)?(?:\s+(?:now|then|in total|altogether|instead))?\s*[.!]?$",
                            re.I)
#: what a place or a thing holds ("the minibus seats 15", "the cabin sleeps 4")
CAPACITY_RE = re.compile(r"\b(?:holds?|seats?|sleeps?|fits?|capacity|takes up to|room for|"
                         r"max(?:imum)?)\b", re.I)
