"""A provider, product or place the speaker left for another, said in one sentence: "I
cancelled PureGym and joined The Gym Group", "i left barclays and moved everything to
monzo", "gave up Spotify, I'm on Apple Music now", "sold the Golf and bought a Tesla", "we
dropped British Gas and went with Octopus", "traded in the iPhone 12 for a Pixel 8", "I
ported my number from Vodafone to Giffgaff", "we moved off HubSpot onto Pipedrive", "we've
moved off Terraform to Pulumi", "we're dropping SQLAlchemy for raw asyncpg".

The sentence names the old value and the new one: it revises the setting that holds the
old one (the resolver's "old value named"), whatever that setting is called. It is the
speaker's own doing ("I", "we", or no subject), done: never someone else's ("my sister
left HSBC and moved to Monzo"), a plan, a wish, a question or a negation ("I might leave
Vodafone and go to EE", "I didn't leave Admiral for Aviva in the end"), nor a thing of the
speaker's that is no choice ("I left my keys at the gym and got them back").

A name switched to with no old one named ("switching her to Hill's Science Diet",
"actually I upgraded to a Roland FP-30X last week") is read by :func:`switched_to`: the
resolver finds what it replaces.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .values import parse_value

__all__ = ["switched_said", "switched_to"]

_I = re.I
# a word every such sentence is said with (a cheap test before the patterns)
_CUE_RE = re.compile(r"\b(?:cancell?ed|left|quit|dropped|dropping|ditched|ditching|dumped|replac(?:ed|ing)|"
                           r"gave\s+up|stopped\s+using|"
                           r"sold|traded|swapped|ported|moved\s+(?:off|away)|switched\s+(?:away|off)|"
                           r"got\s+rid|took\s+\w+\s+out)\b", _I)
_WHO = r"(?:(?:i|we|i've|we've|i\s+have|we\s+have)\s+(?:finally\s+|just\s+|recently\s+|actually\s+)?)?"
_LEAVE = (r"(?:cancell?ed|left|quit|dropped|ditched|dumped|gave\s+up(?:\s+on)?|stopped\s+using|sold|"
          r"got\s+rid\s+of|moved\s+(?:off|away\s+from)|switched\s+away\s+from|"
          r"took\s+(?:him|her|them|the\s+kids)\s+out\s+of)")
# the old value: a name, never a thing the speaker owns ("my keys")
_OLD = r"(?!(?:my|our|his|her|their)\s)(?:the\s+)?(?P<old>[\w&+'.-]+(?:\s+[\w&+'.-]+){0,3}?)"
_TAKE = (r"(?:joined|signed\s+up\s+(?:with|for|to)|moved\s+(?:\w+\s+){0,2}?(?:over\s+)?(?:to|onto)|"
         r"switched\s+(?:over\s+)?to|went\s+(?:with|for|to)|got|bought|registered\s+(?:with|at)|"
         r"picked|chose|opened\s+an\s+account\s+with|onto|"
         r"(?:i'm|we're|i\s+am|we\s+are|(?:he|she|they)(?:'s|\s+is|'re|\s+are))\s+(?:now\s+)?(?:on|with|at|using)|"
         r"(?:i|we)\s+(?:now\s+)?(?:drive|ride)|"
         r"the\s+new\s+\w+\s+is)")
# the new value: a name up to where the sentence goes on
_NEW = (r"(?:(?-i:a|an|the)\s+)?(?P<new>[\w&+'.-]+(?:\s+(?!(?:for|because|since|last|in|at|on|with|"
        r"way|which|as|after|from|now|and|but|so|too|this|instead|it|is|was|then)\b)[\w&+'.-]+){0,3})")
_END = r"(?=\s*(?:[,.;!)]|$|\s+(?:for|because|since|last|in|at|on|with|now|and|but|so|this|then|"\
       r"after|from|as|which)\b))"
# what follows "dropped" or "for" that names no choice ("I've dropped to 3k for now")
_NOT_NAMED = (r"(?:to|from|by|off|down|up|out|back|in|at|now|good|ever|a\s+while|a\s+bit|today|tonight|"
              r"later|the\s+(?:day|week|month|moment|time\s+being))\b")
_SWITCHED_RES = (
    # "I cancelled PureGym and joined The Gym Group", "gave up Spotify, I'm on Apple Music now"
    re.compile(rf"(?:^|[,;]\s*|\b(?:so|and|then)\s+){_WHO}{_LEAVE}\s+{_OLD}\s*(?:,\s*|\s+)"
               rf"(?:(?:and|then|&)\s+)?(?:(?:i|we)\s+)?(?:have\s+)?{_TAKE}\s+{_NEW}{_END}", _I),
    # "traded in the iPhone 12 for a Pixel 8", "swapped Sky for Netflix"
    re.compile(rf"(?:^|[,;]\s*|\b(?:so|and|then)\s+){_WHO}(?:traded\s+in|traded|swapped|exchanged)\s+"
               rf"{_OLD}\s+for\s+{_NEW}{_END}", _I),
    # "we're dropping SQLAlchemy for raw asyncpg", "we ditched Trello for Linear", "we
    # replaced Jest with Vitest"
    re.compile(rf"(?:^|[,;]\s*|\b(?:so|and|then)\s+){_WHO}(?:(?:we're|we\s+are|i'm|i\s+am)\s+)?"
               rf"(?:dropp(?:ed|ing)|ditch(?:ed|ing)|replac(?:ed|ing))\s+(?!{_NOT_NAMED}){_OLD}\s+(?:for|with)\s+"
               rf"(?!{_NOT_NAMED}){_NEW}{_END}", _I),
    # "I ported my number from Vodafone to Giffgaff", "we moved payroll from Sage to Xero",
    # "we've moved off Terraform to Pulumi", "moved away from Jenkins to GitHub Actions"
    re.compile(rf"(?:^|[,;]\s*|\b(?:so|and|then)\s+|\bheads\s+up,?\s+){_WHO}"
               rf"(?:ported|moved|switched|transferred|migrated)\s+(?:(?:my|our)\s+\w+\s+)?(?:over\s+)?"
               rf"(?:from|off(?:\s+of)?|away\s+from)\s+{_OLD}\s+(?:to|onto)\s+{_NEW}{_END}", _I),
)
# what keeps the sentence from saying the speaker's own change, done ("May" is a month)
_NOT_DONE_RE = re.compile(
    r"\b(?:might|(?-i:may)|will|would|could|should|can|won't|wouldn't|thinking|considering|wish|if|"
    r"didn't|did\s+not|never|not|hope|plan|planning|going\s+to|gonna|want\s+to|"
    r"maybe|years\s+ago|as\s+well)\b|\btoo\b(?!\s+[a-z])|'ll\b|\?", _I)  # ("too", never "too pricey")
_PRONOUNS = frozenset("it them one ones some that this him her me us you back".split())


@lru_cache(maxsize=4096)
def switched_said(text: str) -> tuple[str, str] | None:
    """(the old value, the new one) of a sentence saying the speaker left the one for the
    other, or None (cached: a sentence is asked about by its kind, its slot and its
    statement)."""
    if not _CUE_RE.search(text) or _NOT_DONE_RE.search(text):
        return None
    for pattern in _SWITCHED_RES:
        m = pattern.search(text)
        if m is None:
            continue
        old, new = m.group("old").strip(), m.group("new").strip()
        if new.split()[0].lower() in _PRONOUNS or old.lower() == new.lower():
            return None
        if not _speakers(text[:m.start("old")]):
            return None
        return old, new
    return None


# someone else's doing before the verb: "my sister left HSBC", "our old landlord cancelled BT"
_OTHER_RE = re.compile(r"\b(?:my|our|his|her|their)\s+\w+|\b(?:he|she|they)\b", _I)
_FIRST_RE = re.compile(r"\b(?:i|we|i've|we've)\b", _I)


def _speakers(before: str) -> bool:
    """The words before the old value leave the doing to the speaker."""
    head = re.split(r"\b(?:cancell?ed|left|quit|dropped|ditched|dumped|gave|stopped|sold|got|moved|"
                    r"switched|took|traded|swapped|exchanged|ported|transferred)\b", before, maxsplit=1, flags=_I)[0]
    clause = re.split(r"[,;]|\b(?:so|and|then)\b", head)[-1]
    return not _OTHER_RE.search(clause) or bool(_FIRST_RE.search(clause))


# "switching her to Hill's Science Diet", "actually I upgraded to a Roland FP-30X last week",
# "we've moved over to Linear": the speaker's own switch (or one with no subject) to a name
# as written, in capitals or with digits, and nothing after it but when it happened
_TO_NAME_RE = re.compile(
    # (after a reason of its own: "he's away at the conference, hand those to Mei")
    r"^(?:[^,;?]{2,60}[,;]\s+)?"
    r"(?:(?:actually|so|ok(?:ay)?|well|oh|and|but|yeah|update|finally|anyway|fyi|btw)[,:]?\s+)*"
    r"(?:(?:i|we)(?:'ve|'m|'re|\s+have|\s+am|\s+are)?\s+)?(?:just\s+|finally\s+|recently\s+|now\s+)?"
    r"(?:(?:switch|swap|upgrad|downgrad|mov|chang|migrat)(?:e|ed|es|ing)?\s+"
    r"(?:(?:him|her|them|us|me|everything|it\s+all|all\s+of\s+it)\s+)?|(?:transfer(?:red|ring|s)?|hand(?:ed|ing|s)?|pass(?:ed|ing|es)?|"
    r"giv(?:e|ing|es)|reassign(?:ed|ing|s)?)\s+(?:it|them|those|that|this|these|him|her)\s+)"
    r"(?:over\s+|up\s+|down\s+)?to\s+(?:(?-i:a|an|the)\s+)?"
    r"(?P<new>(?-i:[A-Z0-9])[\w'&+.-]*(?:\s+(?-i:[A-Z0-9])[\w'&+.-]*){0,3})"
    r"(?:\s+(?:last|this|earlier\s+this|next)\s+(?:week|month|year|weekend|morning|night)|\s+(?:yesterday|today|"
    r"now|instead|recently|finally|tonight|actually|then))*\s*(?:[,.;!]|$|\s+(?:because|since|as|cos|so|but)\b)", _I)


# a name as written, a capital first ("Leica", "Garmin Connect")
_NAMED = r"(?P<new>(?-i:[A-Z])[\w'&+.-]*(?:\s+(?-i:[A-Z0-9])[\w'&+.-]*){0,3})"


# "oh wait the Zeiss is down for service, the Leica then", "they swapped, it's Dr Lindqvist
# now": a name as written, in the last clause, after a reason, taken instead
_NAME_THEN_RE = re.compile(
    r"^[^,;?]{2,80}[,;]\s+(?:(?:so|ok(?:ay)?|then)[,\s]+)?(?:(?:it'?s|its|it\s+is)\s+)?(?:(?-i:the)\s+)?"
    rf"{_NAMED}(?P<cue>\s+(?:then|instead|now))?\s*[.!]*$", _I)


# "about a year but I quit last week, I'm on Babbel now": what the speaker is on now
_ON_NOW_RE = re.compile(
    r"(?:^|[,;]\s*|\b(?:so|and|but)\s+)(?:i'?m|we'?re|i\s+am|we\s+are)\s+(?:now\s+)?(?:on|using|with)\s+"
    rf"(?:(?-i:the)\s+)?{_NAMED}\s+now\b\s*[.!]*$", _I)


# "going with Saffron & Sage instead", "their quote went weird, let's go with HomeHaul",
# "nah the Bambu, it's free": a name as written taken in place of the one held, with a word
# of change, after a reason of its own, or after "nah" / "no," (never "no Kotlin", which
# turns a name down)
_GOING_WITH_RE = re.compile(
    r"^(?P<why>[^,;?]{2,60}[,;.]\s+)?(?:(?:ok(?:ay)?|so|then|actually|hmm+|well)[,\s]+)*"
    r"(?:(?P<no>nah[,\s]+|nope[,\s]+|no,\s+)(?:(?-i:the)\s+)?(?=(?-i:[A-Z]))|"
    r"(?:(?:let'?s|lets|(?:i|we)(?:'ll|'re|'m|\s+will|\s+are|\s+am)|i'?m|we'?re)\s+)?(?:gonna\s+go|going|go|goin)\s+with\s+"
    r"(?:(?-i:the)\s+)?)"
    r"(?P<new>(?-i:[A-Z])[\w'+.-]*(?:\s+(?:&\s+)?(?-i:[A-Z0-9])[\w'+.-]*){0,3})"
    r"(?P<cue>\s+(?:then|instead|now|after\s+all))?\s*(?:[,.;!]|$)", _I)


@lru_cache(maxsize=4096)
def switched_to(text: str) -> str | None:
    """The name a sentence says the speaker switched to, with no old one named, or None."""
    if _NOT_DONE_RE.search(text):
        return None
    m = _TO_NAME_RE.match(text.strip())
    then = _NAME_THEN_RE.match(text.strip()) if m is None else None
    if then is not None and not (then.group("cue") or re.search(r"\bit'?s\b|\bit\s+is\b", then.group(0), _I)):
        then = None  # ("we're fine, Sarah": a name alone, taken instead of nothing)
    going = _GOING_WITH_RE.match(text.strip()) if m is None and then is None else None
    if going is not None and not (going.group("cue") or going.group("why") or going.group("no")):
        going = None  # ("let's go with Notion for the notes": a choice, of nothing held)
    m = m or then or going or _ON_NOW_RE.search(text.strip())
    if m is None:
        return None
    new = m.group("new").rstrip(".")
    if new.lower() in _PRONOUNS or new[:1].isdigit() or parse_value(new).dimension.startswith("version:") \
            or then is not None and parse_value(new).dimension not in ("free", "name"):
        return None  # (an address, "1200 Oak Ave", or a version, "Node 20", is read as one)
    return new
