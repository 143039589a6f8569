"""A thing named alone before a pointer: "the rears, set those at 38", "oh and simulation
distance, make that 8", "fillings, make those 30". The pointer is that thing, never the
setting said last: the change is a setting of its own unless the thing named is the one
held. A remark the speaker makes of what was said ("good point, make it 8", "fair enough,
make that 30") names no thing.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .lexicon import is_adjective, is_noun, past_form
from .number_words import spoken_numbers

__all__ = ["topic_before_comma", "topic_named"]

# the words of talk that may open the clause ("so", "oh and", "as for")
_OPENING = r"^\W*(?:(?:so|and|also|oh|ok(?:ay)?|plus|then|as for|re|for|now)[\s,]+)*"
_TOPIC_RE = re.compile(_OPENING + r"(?:the\s+|my\s+|our\s+)?(?P<what>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}"
                       r"(?:\s+of\s+(?:the\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)?)?)\s*[,:]?\s*$", re.I)
# a thing named by its code alone ("now 2B, that one ends ...", "unit 4C")
_CODE_RE = re.compile(_OPENING + r"(?:the\s+)?(?P<what>(?:[a-z]+\s+)?(?:\d+[a-z]|[a-z]\d+))\s*[,:]?\s*$", re.I)
# nouns that say how the speaker takes what was said, never a thing
_REMARKS = frozenset("point idea call catch thought question news plan deal worries problem bad luck god "
                     "lord man dude mate guys folks sorry thanks thank cheers sense shame pity fine true "
                     "right wait yes yeah yep no nope nah hmm hm ok okay actually sure cool great enough "
                     "fair honestly anyway change mind heads turns up out down over off update oops whoops "
                     "ugh lol btw fyi also plus sec second moment minute after before since until during "
                     "around about like all every each some any much many more most less few this that "
                     "these those it its week weekend day days today tonight tomorrow morning night month year "
                     "scratch new old latest current updated different another other same correction mistake typo "
                     "error".split())


@lru_cache(maxsize=16384)
def topic_named(clause: str) -> str | None:
    """The thing ``clause`` names alone (a noun phrase of up to three words), or None."""
    code = _CODE_RE.match(clause)
    if code is not None:
        return code.group("what")
    m = _TOPIC_RE.match(clause)
    if m is None:
        return None
    words = [w for w in m.group("what").lower().split() if w not in ("of", "the")]
    if any(w in _REMARKS for w in words) or not is_noun(words[-1]) \
            or not all(is_noun(w) or is_adjective(w) for w in words) \
            or any(past_form(w) or spoken_numbers(w) for w in words):
        return None  # (never a clause with a verb or a count: "got a raise", "two people left")
    return m.group("what")


def topic_before_comma(text: str) -> str | None:
    """The thing the clause before the first comma of ``text`` names alone, or None."""
    return topic_named(text.split(",", 1)[0]) if "," in text else None
