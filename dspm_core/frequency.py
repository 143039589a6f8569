"""How often something happens, in the common ways of saying it: "twice a day", "3 times
a week", "once every 24 hours", "every 8 hours", "every other day", "every night",
"nightly", "weekly".

:func:`frequency` reads one said as a whole value into the canonical form
``"<count> per <n> <period>"`` ("twice a day" -> ``2 per 1 day``, "every other day" ->
``1 per 2 day``, "nightly" -> ``1 per 1 night``), so one way of saying it revises another
("run the backup every night" ... "once a week now, nightly is overkill").
:data:`FREQUENCY` is the pattern that finds one in a sentence, for the value finder.
A day of the week ("every monday") is a day, not a frequency; an adverb before a noun
("the weekly report") names the thing, not how often.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["DIMENSION", "FREQUENCY", "PERIOD_ADVERBS", "frequency", "frequencies_in"]

#: the dimension of a frequency value
DIMENSION = "frequency"

_PERIOD = (r"(?:seconds?|minutes?|mins?|hours?|hrs?|days?|nights?|mornings?|evenings?|"
           r"afternoons?|weeks?|weekends?|fortnights?|months?|quarters?|years?)")
_COUNT = r"(?:[1-9]\d?\s*(?:x|times)|(?:one|two|three|four|five|six|seven|eight|nine|ten)\s+times)"
_SMALL = (r"(?:[1-9]\d*|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
          r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|ninety|few)")
#: the adverbs that say "once per period"
PERIOD_ADVERBS = {"hourly": "hour", "daily": "day", "nightly": "night", "weekly": "week",
                  "fortnightly": "fortnight", "biweekly": "fortnight", "bi-weekly": "fortnight",
                  "monthly": "month", "quarterly": "quarter",
                  "yearly": "year", "annual": "year", "annually": "year"}
# an adverb is a frequency where nothing it could name follows it ("mow the lawn weekly in
# summer", "nightly is overkill"), never before a noun ("the weekly report")
_ADVERB_AT = (rf"(?:{'|'.join(PERIOD_ADVERBS)})(?=\s*(?:$|[,.;:!?)]|(?:now|instead|in|on|at|from|"
              rf"until|till|then|again|please|is|are|was|were|and|but|so|only|too|though|"
              rf"for|during|while|if|when|with|about|to|by|via|after|before|or|unless)\b))")
#: a frequency said in a sentence
FREQUENCY = (rf"(?:(?:once|twice|thrice|{_COUNT})\s+(?:a|an|per|each|every)\s+(?:{_SMALL}\s+)?"
             rf"{_PERIOD}\b|(?:(?:once|one time)\s+)?(?:every|each)\s+(?:(?:other|second|{_SMALL})\s+)?"
             rf"{_PERIOD}\b|\b{_ADVERB_AT})")
_FREQUENCY_RE = re.compile(rf"^(?:{FREQUENCY})$", re.I)
_IN_TEXT_RE = re.compile(rf"\b(?:{FREQUENCY})", re.I)
_PARTS_RE = re.compile(
    rf"^(?:(?P<times>once|twice|thrice|{_COUNT})\s+(?:a|an|per|each|every)\s+|"
    rf"(?:(?:once|one time)\s+)?(?:every|each)\s+)(?:(?P<n>other|second|{_SMALL})\s+)?"
    rf"(?P<period>{_PERIOD})$", re.I)
_ONCE = {"once": 1, "twice": 2, "thrice": 3}
_SHORT = {"min": "minute", "mins": "minute", "hr": "hour", "hrs": "hour"}


def _count(said: str) -> int:
    from .number_words import spoken_numbers  # number_words reads values, which reads this

    said = said.lower()
    if said in _ONCE:
        return _ONCE[said]
    found = spoken_numbers(re.sub(r"\s*(?:x|times)$", "", said))
    return int(found[0][1]) if found else 1


def _period(word: str) -> str:
    word = word.lower()
    word = _SHORT.get(word, word)
    return word[:-1] if word.endswith("s") else word


@lru_cache(maxsize=4096)
def frequency(text: str) -> str | None:
    """The canonical form of the frequency ``text`` is as a whole, or None."""
    raw = " ".join(text.lower().strip(" .,;:!?").split())
    if not _FREQUENCY_RE.match(raw):
        return None
    if raw in PERIOD_ADVERBS:
        return f"1 per 1 {PERIOD_ADVERBS[raw]}"
    m = _PARTS_RE.match(raw)
    if m is None:
        return None
    times = _count(m.group("times")) if m.group("times") else 1
    n = m.group("n")
    every = 2 if n in ("other", "second") else 3 if n == "few" else _count(n) if n else 1
    return f"{times} per {every} {_period(m.group('period'))}"


def frequencies_in(text: str) -> set[str]:
    """The canonical forms of every frequency said in ``text``, also an adverb that opens
    a clause as its subject ("..., hourly loses too much")."""
    out = set()
    for m in _IN_TEXT_RE.finditer(text):
        canon = frequency(m.group(0))
        if canon:
            out.add(canon)
    for m in _ADVERB_SUBJECT_RE.finditer(text):
        out.add(f"1 per 1 {PERIOD_ADVERBS[m.group('adv').lower()]}")
    return out


_ADVERB_SUBJECT_RE = re.compile(rf"(?:^|[,;:]\s*|\b(?:but|because|as|since)\s+)"
                                rf"(?P<adv>{'|'.join(PERIOD_ADVERBS)})\s+[a-z]+(?:s|ed)\b", re.I)
