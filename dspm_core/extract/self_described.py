"""What the speaker says they are, where, on what, and how they always do a thing: "I'm a
US citizen living in Portugal", "I'm self-employed", "I'm in the UK", "I'm the admin for the
second-year cohort", "we're on Shopify", "I grow everything organically", "we water with
collected rainwater only". An assistant must keep these for every later answer, so each is
a critical fact (a decision, or a rule when it says "only").

Only the speaker's present is read: a question, a supposition, a wish or the past ("I was
a teacher", "if I were retired") is none, and a passing state ("I'm a bit tired", "I'm in a
meeting", "I'm on the train") is none either.
"""

from __future__ import annotations

import re

from ..lexicon import is_noun, known_word
from ..patch import PatchKind

__all__ = ["self_described"]

_I = re.I
_OPEN = r"^\W*(?:(?:so|and|also|oh|well|btw|fyi|ok(?:ay)?|just so you know|for context|for reference)\b[,\s]+)*"
_I_AM = r"(?:i'?m|i\s+am|we'?re|we\s+are)\s+"
# "I'm a US citizen", "I'm an early-career nurse", "we're a two-person studio": what one is
_A_NOUN_RE = re.compile(_OPEN + _I_AM + r"(?:now\s+)?an?\s+(?P<np>(?:[\w'-]+\s+){0,3}?(?P<noun>[a-z][\w-]+))"
                        r"(?=\s*[.!]?\s*$|\s+(?:living|based|working|in|at|from|of|with|who)\b)", _I)
# what one is that says how to answer ("self-employed", "retired", "colourblind")
_STATUS_RE = re.compile(_OPEN + _I_AM + r"(?:now\s+|currently\s+)?(?:self-employed|retired|unemployed|"
                        r"freelance|a\s+freelancer|part-time|full-time|remote|pregnant|disabled|deaf|blind|"
                        r"colou?rblind|left-handed|dyslexic|diabetic|coeliac|celiac|married|single|"
                        r"divorced|widowed)\b(?!\s+(?:today|tonight|this\s+week|for\s+now)\b)", _I)
# "I'm in the UK", "we're based in Lisbon", "I'm from Lagos": where one is
_WHERE_RE = re.compile(_OPEN + _I_AM + r"(?:now\s+|currently\s+)?(?:based\s+in|located\s+in|in|from)\s+"
                       r"(?:the\s+)?(?-i:[A-Z][\w.-]*)(?:\s+(?-i:[A-Z][\w.-]*)){0,2}\s*(?:[,.;!]|$|\s+(?:so|and|but)\b)", _I)
# "I'm the admin for the cohort", "I'm the treasurer": a role one holds
_THE_ROLE_RE = re.compile(_OPEN + _I_AM + r"the\s+(?P<role>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
                          r"(?=\s*$|\s*[,.;!]|\s+(?:for|of|at|on|in)\b)", _I)
# "we're on Shopify", "I'm on Unity with LevelPlay": the platform one is on
_ON_NAME_RE = re.compile(_OPEN + _I_AM + r"(?:now\s+|currently\s+)?on\s+(?-i:[A-Z][\w.+-]*)"
                         r"(?:\s+(?:with|and|for)\s+[\w .+-]{1,40})?\s*[.!]?$", _I)
# "I grow everything organically", "we cook everything from scratch": how one always does it
_PRACTICE_RE = re.compile(_OPEN + r"(?:i|we)\s+(?:\w+\s+)?(?P<verb>[a-z]+)\s+(?:everything|it\s+all|all\s+(?:of\s+)?"
                          r"(?:our|my)\s+\w+)\s+(?:\w+ly\b|from\s+scratch\b|by\s+hand\b|in-house\b|ourselves\b|"
                          r"myself\b)", _I)
# "we water with collected rainwater only", "I use public transport only": only this
_ONLY_RE = re.compile(_OPEN + r"(?:i|we)\s+(?:\w+\s+){0,1}(?P<verb>[a-z]+)\s+(?:[\w'-]+\s+){0,5}?[\w'-]+\s+only"
                      r"\s*(?:[,.;!]|$)", _I)
#: what one is in law, in a household or in a market, which shapes every later answer ("a
#: US citizen", "a first-time buyer", "a sole trader"; never "a total loser", "a small team")
_STANDINGS = frozenset("citizen resident national expat immigrant refugee student beginner novice "
                       "member owner homeowner landlord tenant renter buyer seller parent carer "
                       "caregiver guardian contractor freelancer trader volunteer smoker non-smoker "
                       "pensioner veteran taxpayer".split())
#: what one is for a moment, or a measure of how, not what one is
_PASSING = frozenset("bit little lot mess wreck moment minute second sec while sucker hurry rush "
                     "meeting call rush fan".split())
_NOT_NOW_RE = re.compile(r"\?|\b(?:if|would|could|might|maybe|was|were|used to|wish|hope|hoping|"
                         r"pretend|imagine|suppose|when i was)\b", _I)


def self_described(sentence: str) -> PatchKind | None:
    """The kind of fact ``sentence`` states of what the speaker is, where, on what, or how
    they always do a thing; None when it states none of these."""
    s = sentence.strip()
    if _NOT_NOW_RE.search(s):
        return None
    m = _A_NOUN_RE.match(s)
    if m is not None and m.group("noun").lower() in _STANDINGS:
        return PatchKind.DECISION
    if _STATUS_RE.match(s) or _WHERE_RE.match(s) or _ON_NAME_RE.match(s):
        return PatchKind.DECISION
    m = _THE_ROLE_RE.match(s)
    head = m.group("role").split()[-1].lower() if m is not None else ""
    if m is not None and (is_noun(head) or not known_word(head)) and head not in _PASSING:
        return PatchKind.DECISION
    if _PRACTICE_RE.match(s):
        return PatchKind.DECISION
    m = _ONLY_RE.match(s)
    if m is not None and m.group("verb").lower() not in ("was", "were", "had", "did"):
        return PatchKind.CONSTRAINT
    return None
