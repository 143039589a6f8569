"""What the speaker does for a living: "I'm a freelance illustrator.", "I work as a
paediatric nurse", "I'm a teacher now". A setting of its own (the occupation), so that a
change of job said the same way revises it.

The noun must read as a noun in lemminflect's lexicon (:func:`~dspm_core.lexicon.is_noun`)
and name a trade by its ending ("illustrator", "accountant", "dentist", "engineer") or be
one of a few trades that have none of them ("nurse", "chef"); a few nouns of those endings
name no trade ("loser", "fan", "patient").
"""

from __future__ import annotations

import re
from functools import lru_cache

from .lexicon import is_noun

__all__ = ["OCCUPATION", "occupation_said"]

#: the subject of the setting
OCCUPATION = "occupation"

_OCCUPATION_RE = re.compile(
    r"^(?:(?:so|and|btw|fyi|well|actually)[,\s]+)*(?:i'm|i am|i work as)\s+(?P<lead>now\s+)?"
    r"(?:a|an)\s+(?P<what>(?:[a-z-]+\s+){0,2}?(?P<noun>[a-z]+))(?P<now>\s+now)?\s*[.!]?$", re.I)
# the endings of the nouns of a trade, and trades that have none of them
_TRADE_END_RE = re.compile(r"(?:er|or|ist|ian|ant|ent|eer|ic)$")
_TRADES = frozenset("nurse chef vet medic midwife pilot surgeon cook coach clerk barista "
                    "architect carer tutor judge".split())
_NO_TRADE = frozenset("loser beginner winner sinner monster disaster character user fan "
                      "client patient parent".split())


@lru_cache(maxsize=4096)
def occupation_said(text: str) -> tuple[str, bool] | None:
    """(the occupation as said, whether it is said as new: "now"), or None."""
    m = _OCCUPATION_RE.match(text.strip())
    if m is None:
        return None
    noun = m.group("noun").lower()
    if noun in _NO_TRADE or not (noun in _TRADES or _TRADE_END_RE.search(noun)) \
            or not is_noun(noun):
        return None
    return m.group("what"), bool(m.group("lead") or m.group("now"))
