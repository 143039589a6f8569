"""An amount with its thing between the value and its period.

"we give the kids £5 pocket money a week", "I spend about $60 on takeaways a week", "the
kids get two hours of screen time a day", "the dog gets 2 scoops of kibble a day": the value
is a rate (£5 a week, 2 hours a day), and the words between it and its period name what it
is of. Read as a bare amount, a later "make it £6 a week" or "cut it to one hour a day"
would find no setting of its kind.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from .clock_words import in_digits
from .values import parse_value
from .vocab import STOP_WORDS

if TYPE_CHECKING:  # pragma: no cover
    from .slots import Statement

__all__ = ["rate_of_thing"]

# the amount itself: a number with its currency sign and, after it, its unit word
_AMOUNT_RE = re.compile(r"[$€£]?\d[\d,]*(?:\.\d+)?(?:\s*[$€£%])?(?:(?P<gap>\s*)(?P<unit>[a-z]+))?", re.I)
# what follows the amount: its thing ("of screen time", "on takeaways", "pocket money"),
# then its period
_THING_PERIOD_RE = re.compile(
    r"\s+(?:(?:of|on|for|in)\s+)?(?P<thing>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)\s+"
    r"(?P<per>a|an|per|each)\s+(?P<period>day|week|month|year|night|fortnight)\b", re.I)
# words that join, never name a thing
_SMALL_WORDS = frozenset("for with and or but after before in on of to per at by from into than then "
                         "so each every once twice times one two three four five six seven eight "
                         "nine ten".split())  # "5 km three times a week": how often, no thing
# kinds of amount that may be given per period
_KINDS = ("money", "time", "count:", "number", "size", "length", "weight", "volume")


def rate_of_thing(st: Statement, text: str) -> Statement:
    """``st`` with its amount read as a rate when the words after it in ``text`` name a
    thing and then a period ("£5 pocket money a week" -> £5 a week, of "pocket money")."""
    if st.value is None or not st.dimension.startswith(_KINDS):
        return st
    amount = _AMOUNT_RE.match(st.value)
    if amount is None:
        return st
    text = in_digits(text)  # "two hours of screen time a day"
    at = text.find(amount.group(0))
    if at < 0:
        return st
    end = at + len(amount.group(0))
    unit = amount.group("unit")
    if unit and st.value[:1] in "$€£":
        # "£5 pocket money a week": the word read as the unit of a sum is its thing
        end, unit = end - len(unit) - len(amount.group("gap")), None
    m = _THING_PERIOD_RE.match(text, end)
    if m is None:
        return st
    thing = m.group("thing").split()
    if any(w.lower() in STOP_WORDS or w.lower() in _SMALL_WORDS for w in thing):
        return st  # "2 hours and then once a week": no thing of its own
    quantity = text[at:end]
    pv = parse_value(f"{quantity} {m.group('per').lower()} {m.group('period').lower()}")
    if not pv.dimension.startswith("rate:"):
        return st
    subject = st.subject or ""
    missing = [w for w in thing if w.lower() not in subject.lower().split()]
    if missing:
        subject = f"{subject} {' '.join(missing)}".strip()
    return replace(st, subject=subject or None, value=pv.text, unit=pv.unit, scope=pv.scope,
                   dimension=pv.dimension, canonical=pv.canonical)
