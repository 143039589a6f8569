"""Decisions said in the first person plural: "let's host the docs on Netlify", "we'll use
Stripe for payments", "we're gonna do code reviews on tuesdays", and a setting said with
the day it starts ("Deploy to eu-west-1 starting today").

Such a clause settles what its instruction would: :func:`as_instruction` gives the
instruction it reads as, for the kind of fact to be told from it; the fact keeps the words
as said. "let's" before a move in the conversation, a wish or a supposition ("let's see",
"let's hope it builds", "let's say it was a long week") and "we'll" before a guess ("we'll
probably switch", "we're going to need ...") read as nothing.
"""

from __future__ import annotations

import re

from ..lexicon import is_base_verb

__all__ = ["as_instruction"]

_I = re.I

_LEAD = r"^(?:(?:ok(?:ay)?|so|and|alright|right|fine|then)[\s,]+)*"
_LETS_RE = re.compile(_LEAD + r"(?:let's|let’s|lets|let us)\s+(?P<neg>not\s+)?(?P<rest>\S.*)$", _I)
_WE_WILL_RE = re.compile(_LEAD + r"(?P<cue>from now on,?\s+)?(?:we'll|we’ll|we will|we shall|"
                         r"we're going to|we’re going to|we are going to|we're gonna|"
                         r"we’re gonna|we are gonna)\s+(?P<rest>\S.*)$", _I)
#: verbs after "let's" that open a wish, a supposition or a move in the talk, never an
#: instruction ("let's hope", "let's say", "let's face it", "let's assume")
_NO_INSTRUCTION = frozenset("hope say face assume suppose imagine pretend pray see wait think "
                            "talk chat agree recap".split())
#: words before the verb of "we'll" that make it a guess ("we'll probably switch")
_GUESS_RE = re.compile(r"^(?:probably|maybe|perhaps|likely|possibly|eventually|prob|"
                       r"need|have to|see|talk|find out|figure)\b", _I)
# "... starting today", "... as of this month", "... from next week on": when it starts
_STARTS_RE = re.compile(r"[\s,]+(?:starting|as of|from|effective)\s+(?:today|tonight|tomorrow|"
                        r"this (?:week|month|year|sprint|quarter)|next (?:week|month|year|sprint|"
                        r"quarter)|(?:mon|tues|wednes|thurs|fri|satur|sun)day)(?:\s+on)?(?=\W*$)",
                        _I)


def as_instruction(text: str) -> str | None:
    """The instruction ``text`` reads as ("host the docs on Netlify" of "lets host the docs
    on Netlify", "don't use emojis ..." of "let's not use emojis ...", "from now on deploy
    to eu-west-1" of "Deploy to eu-west-1 starting today"), or None when it is not one of
    these forms."""
    s = text.strip()
    out = None
    m = _LETS_RE.match(s)
    if m:
        rest = m.group("rest")
        verb = rest.split(None, 1)[0].lower().strip(",.!?")
        if verb in _NO_INSTRUCTION or not is_base_verb(verb) \
                or re.search(r"\bourselves\b", rest, _I):
            return None  # "let's not get ahead of ourselves"
        out = ("don't " + rest) if m.group("neg") else rest
    else:
        m = _WE_WILL_RE.match(s)
        if m:
            rest = m.group("rest")
            verb = rest.split(None, 1)[0].lower().strip(",.!?")
            if _GUESS_RE.match(rest) or not is_base_verb(verb) or verb == "be":
                return None
            out = (m.group("cue") or "") + rest
    said = out if out is not None else s
    starts = _STARTS_RE.search(said)
    if starts:
        # an instruction with the day it starts holds from then on ("Deploy to eu-west-1
        # starting today"); a statement is read without it
        out = said[: starts.start()]
        verb = out.split(None, 1)[0].lower() if out.split() else ""
        if is_base_verb(verb):
            out = "from now on " + out
    return out
