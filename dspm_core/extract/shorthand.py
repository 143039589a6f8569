"""What people type in short, said in full before it is read.

Chat drops the speaker: "cant stand tutorials that use docker", "allergic to shellfish",
"total newbie at knitting here", "vegetarian btw". A request is wrapped in a polite frame:
"would u mind to answer me in simple english". :func:`in_full` gives the sentence the
extractor's forms read ("I can't stand ...", "I'm allergic to ...", "answer me in simple
english"); anything else comes back as it was. The extractor reads the full form only
when the sentence as typed states no rule or setting.

A dropped speaker is restored only before a verb of liking or disliking with an object
that is no pointer ("love it", "hate that" are reactions, not stances), before "allergic
to" / "intolerant to", before a beginner's word with what it is at, and before a diet
said alone.
"""

from __future__ import annotations

import re

from ..lexicon import base_verb, is_base_verb
from ..named_settings import DIETS

__all__ = ["in_full"]

_I = re.I

_LEAD = r"^(?:(?:honestly|really|tbh|just|also|and|oh|btw)[,\s]+)*"
# "cant stand X", "really hate X", "love short answers": a stance with its speaker dropped
_STANCE_RE = re.compile(
    _LEAD + r"(?:(?:can'?t|cannot)\s+stand|hate|loathe|dislike|detest|despise|love|adore|prefer)\s+"
    r"(?!(?:it|this|that|them|these|those|you|u|him|her|me|so|too|when|how)\b)[a-z]", _I)
# "allergic to shellfish", "lactose intolerant"
_BODY_RE = re.compile(_LEAD + r"(?:(?:severely|very|mildly|super|quite)\s+)?"
                      r"(?:allergic|intolerant)\s+to\s+\w", _I)
# "total newbie at knitting here", "complete beginner with python"
_BEGINNER_RE = re.compile(
    _LEAD + r"(?P<article>(?:a|an)\s+)?(?:(?:total|complete|absolute|real|bit of a)\s+)?"
    r"(?:beginner|newbie|novice|noob|learner)\s+(?:at|with|in|to|on)\s+\w", _I)
# "vegetarian btw", "pescatarian here"
_DIET_ALONE_RE = re.compile(_LEAD + r"(?:(?:fully|strictly|mostly)\s+)?(?:" + DIETS + r")"
                            r"(?:\s+(?:btw|fyi|here|now|these days))?\s*[.!]?$", _I)
# "would u mind to answer me in simple english", "would you mind keeping it short"
_MIND_RE = re.compile(r"^(?:(?:so|and|hey|hi)[,\s]+)?(?:would|could|do)\s+(?:you|u|ya)\s+mind\s+"
                      r"(?:to\s+)?(?P<verb>[a-z]+)\b(?P<rest>[^?]*)\??$", _I)
_HERE_RE = re.compile(r"\s+here\s*([.!]?)$", _I)


def in_full(sentence: str) -> str:
    """``sentence`` with the speaker it drops, or without its polite frame; else itself."""
    s = sentence.strip()
    if _STANCE_RE.match(s):
        return f"I {_lower_first(s)}"
    if _BODY_RE.match(s) or _DIET_ALONE_RE.match(s):
        return f"I'm {_lower_first(s)}"
    m = _BEGINNER_RE.match(s)
    if m:
        said = _HERE_RE.sub(r"\1", _lower_first(s))
        return f"I'm {said}" if m.group("article") else f"I'm a {said}"
    m = _MIND_RE.match(s)
    verb = m.group("verb").lower() if m else ""
    base = base_verb(verb) if verb.endswith("ing") else verb
    if m and is_base_verb(base):  # (never "could you mind the gap?")
        return f"{base[:1].upper()}{base[1:]}{m.group('rest')}".rstrip()
    return sentence


def _lower_first(s: str) -> str:
    """``s`` with its first letter lower-cased, unless it is an acronym or "I"."""
    first = s.split(None, 1)[0]
    return s if first.isupper() else s[:1].lower() + s[1:]
