"""Progress the user counts: "I've completed 16 algebra problems", "We've sold 120 tickets
for the concert", "I've run 58 miles this month", "I've completed 40% of the course".

A count of what was done is a setting of its own. What was done names it: the verb, what
it was done to and the period it is counted over ("complete algebra problems", "sell
tickets concert", "run miles this month"); the count is its value. Said again with another
count, it is the same setting at a newer figure, so it revises the one before ("16 (was
10)"), cue or no cue: a running count is only ever current at its latest figure. Another
activity, object or period names another setting, which the resolver's vetoes keep apart.

The verb is read by lemminflect's tables (:func:`~dspm_core.lexicon.past_form`); a verb
that sets a value ("set", "raised", "moved") is left to the forms that read revisions.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from .lexicon import getAllLemmas, past_form

__all__ = ["PERIOD_WORDS", "DoneCount", "done_count"]


class DoneCount(NamedTuple):
    subject: str  # "complete algebra problems"
    value: str  # "16 problems", "40%"


_TRAILER = r"(?:\s+(?:so far|now|in total|total|to date|already|altogether|yet))*"
_DONE_COUNT_RE = re.compile(
    r"^\W*(?:(?:now|so|and|also|ok(?:ay)?|yes|yeah|well|update|quick update|good news)\W+)*"
    r"(?:i|we)(?P<aux>'ve| have| had)?(?:\s+(?:now|just|already|also|finally|recently|"
    r"officially|successfully|since|only))*\s+(?P<verb>[a-z]+)\s+"
    # "practised piano for 30 hours": what was done, then how long
    r"(?:(?P<done>(?:(?!for\b)[a-z][\w-]*\s+){1,3}?)for\s+)?"
    r"(?:(?:about|around|over|nearly|almost|roughly|a total of|another)\s+)?"
    r"(?P<cur>[$€£])?(?P<n>\d[\d,]*(?:\.\d+)?)(?:\s*(?P<pct>%|percent)|\s+(?P<noun>(?:[a-z][\w-]*\s+){0,2}?"
    r"[a-z][\w-]*)(?<!\bso)(?<!\bnow)(?<!\btoday))?"
    r"(?P<object>\s+(?!in order to\b)(?:of|for|on|toward|towards|in|from|at|to)\s+(?:the\s+|my\s+|our\s+|a\s+|an\s+|"
    r"this\s+)?(?:(?!(?:this|last|so|now|today|in|since|total|already|yet|with|by)\b)[a-z][\w-]*\s*){1,3})?"
    + _TRAILER +
    r"(?P<period>\s+(?:this|last|per|a|each)\s+(?:week|month|year|term|semester|quarter|day|"
    r"season|sprint|night|evening|morning|weekend)|\s+today|\s+since\s+\w+)?"
    + _TRAILER +
    # a phrase that says how or when ("with an accuracy above 80%", "by March 3"), or what
    # for ("to further improve my resume")
    r"(?:\s+(?:with|by|before|after|during|within|in|on|between|over)\b[^,;]*|"
    r"\s+(?:in order\s+)?to\s+(?:further\s+|help\s+|really\s+|better\s+)*[a-z]+\s+[^,;]*)?"
    r"\s*(?:[.!]\s*$|[,;:(]|$)", re.I)

# verbs that set or move a value: their sentences are revisions the other forms read
_SETTING_VERBS = frozenset(
    "set changed moved raised lowered increased decreased reduced cut bumped pushed updated "
    "made switched shifted adjusted extended shortened dropped capped limited upgraded "
    "downgraded renamed rescheduled postponed doubled halved tripled got paid spent "
    "scheduled booked planned targeted aimed".split())
_FILLER = frozenset("the my our a an this".split())
_LINKS = frozenset("of for on toward towards in from at to".split())
_PERIODIC = {"week": "weekly", "month": "monthly", "year": "yearly", "day": "daily",
             "today": "daily", "quarter": "quarterly", "term": "termly", "semester": "semesterly",
             "season": "seasonal", "sprint": "per-sprint", "night": "nightly", "evening": "nightly",
             "morning": "daily", "weekend": "weekly"}
#: the words a count's period is named by in its subject (no setting of their own)
PERIOD_WORDS = frozenset(_PERIODIC.values())


@lru_cache(maxsize=16384)
def done_count(text: str) -> DoneCount | None:
    """The running count ``text`` reports, or None."""
    m = _DONE_COUNT_RE.match(text)
    if m is None:
        return None
    verb = m.group("verb").lower()
    if verb in _SETTING_VERBS or not past_form(verb, perfect=m.group("aux") is not None):
        return None
    lemma = next(iter(getAllLemmas(verb).get("VERB", (verb,))), verb)
    n = m.group("n")
    if m.group("pct"):
        value, noun = f"{n}%", ""
    elif m.group("cur") or not m.group("noun"):
        # "$1,200 toward the new laptop": what the money went to names the count
        value = f"{m.group('cur') or ''}{n}"
        noun = " ".join(w for w in (m.group("noun") or "").lower().split()
                        if w not in _FILLER and w not in _LINKS)
    else:
        noun = m.group("noun").lower()
        value = f"{n} {noun.split()[-1]}"
    if m.group("done"):
        noun = f"{m.group('done').strip().lower()} {noun}".strip()
    obj = " ".join(w for w in (m.group("object") or "").lower().split()[1:] if w not in _FILLER)
    period = (m.group("period") or "").strip().lower()
    # the period as a word the resolver's vetoes read ("this week" is a time, which they
    # leave out; "weekly" tells this week's miles from this year's)
    period = _PERIODIC.get(period.split()[-1], "") if period else ""
    subject = " ".join(x for x in (lemma, noun, obj, period) if x)
    return DoneCount(subject, value)
