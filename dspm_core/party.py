"""How many the speaker's party is ("we're 6 now", "there'll be 7 of us", "I'm hosting
Thanksgiving for 10") and what a place or a thing holds ("the room seats 12"): a party is
no capacity, and a capacity no party."""

from __future__ import annotations

import re

__all__ = ["CAPACITY_RE", "HOSTING_RE", "PARTY_ALONE_RE", "PARTY_RE"]

#: the speakers said to be so many: "we're", "we are", "we'll be"
_WE_ARE = r"we(?:'re|’re| are|'ll be|’ll be| will be)"
#: how many the party is, in a sentence; the number in group 1 or 2
PARTY_RE = re.compile(rf"\b{_WE_ARE}\s+(?:now\s+)?(\d{{1,3}})(?=\s+of us\b|"
                      r"\s*(?:now|then|instead|in total|total|tops|max)?\s*(?:[,.!;]|$))"
                      r"|\b(?:there'll be|there will be|it'll be|it's|it will be)\s+(\d{1,3})(?=\s+of us\b)",
                      re.I)
#: how many the party is, as the end of what is said ("so we're 5 now", "there'll be 8 of
#: us"); the number in group ``n``
PARTY_ALONE_RE = re.compile(rf"\b(?:{_WE_ARE}|there(?:'ll|’ll| will)? be|there are)\s+(?:now\s+)?(?P<n>\d{{1,3}})"
                            r"(?:\s+of\s+us)?(?:\s+(?:now|then|in total|altogether|instead))?\s*[.!]?$",
                            re.I)
#: what a place or a thing holds ("the minibus seats 15", "the cabin sleeps 4")
CAPACITY_RE = re.compile(r"\b(?:holds?|seats?|sleeps?|fits?|capacity|takes up to|room for|"
                         r"max(?:imum)?)\b", re.I)
#: a meal or a gathering the speaker gives for so many ("I'm hosting Thanksgiving for 10",
#: "we're having a party for 20 people on Saturday"): the event in group ``event``, how
#: many in group ``n``
HOSTING_RE = re.compile(r"^(?:(?:so|and|also|btw|ok)[\s,]+)*(?:i'm|i am|we're|we are|i'll be|we'll be)\s+"
                        r"(?:hosting|having|throwing|organi[sz]ing|planning|cooking|catering)\s+"
                        r"(?P<event>(?:(?:a|an|the|my|our)\s+)?[\w'-]+(?:\s+[\w'-]+){0,2}?)\s+for\s+"
                        r"(?P<n>\d{1,3})(?:\s+(?:people|guests|ppl|adults|of us))?\b"
                        r"(?!\s*(?:%|[$€£]|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|nights?|"
                        r"dollars|euros|pounds|bucks|k\b|am\b|pm\b|o'clock|:))",
                        re.I)
