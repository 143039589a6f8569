"""An amount of a thing: the thing is what the setting is about, not the verb before it.

"I drink like 4 cups of coffee a day", "our cat gets 60g of dry food a day", "I read 20
pages of my novel every night before bed", "give the dog 2 scoops of kibble at dinner": the
value is the amount, and the setting is the thing it is an amount of ("coffee", "cat dry
food", "novel before bed", "dog kibble at dinner"): the words a later "cut the coffee down to
2 cups", "novel: 35 pages a night now" or "45g a day now" use for it. Read with its verb
("drink like coffee", "do morning"), a setting shares no word with its revision, and two
amounts of different things said with one verb ("I drink 3 cups of coffee", "I drink 2 cups
of tea") would differ only by their thing.

The owner said before the amount ("our cat", "the recipe", "my husband") stays in the
setting; so do the words of a place or time the amount is for ("at dinner", "on the NAS",
"before bed"), which keep two amounts of one thing apart. A period ("a day", "every
morning") and a start ("from monday") are no part of it. An amount a setting is set to ("set
the screen lock to 5 minutes of inactivity") keeps the setting named before it.

A price the speaker charges or pays is of the thing it is for ("I charge $45 for a basic
grooming session", "I pay €40 a month for the climbing gym"), never of the verb.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from .clock_words import in_digits
from .lexicon import is_verb_only
from .values import parse_value
from .vocab import STOP_WORDS

if TYPE_CHECKING:  # pragma: no cover
    from .slots import Statement

__all__ = ["POINTER_IS", "amount_of_thing", "price_of_thing"]

_PERIODS = (r"(?:day|days|week|weeks|month|months|year|years|night|nights|morning|mornings|"
            r"evening|evenings|weekday|weekdays|weekend|weekends|fortnight|meal|meals|session|"
            r"sessions|serving|servings|batch|loaf|way)")
_DETERMINERS = r"(?:the|my|our|your|his|her|their|its|this|that)"
# an amount with its unit word, then "of" and the thing ("4 cups of coffee", "60g of dry
# food", "20 pages of my novel", "$60 of groceries")
_AMOUNT_OF_RE = re.compile(
    r"(?<![\w.])(?<!\bto )(?P<amount>[$€£]?\d[\d,]*(?:\.\d+)?\s?(?:[a-z]+\.?\s+)?)of\s+"
    rf"(?:{_DETERMINERS}\s+)?(?P<thing>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){{0,2}}?)"
    rf"(?=\s*(?:$|[,.;:!?)]|\s(?:a|an|per|each|every|a\s+\w+|at|for|on|in|to|into|before|after|during|"
    r"with|from|starting|until|till|by|is|are|was|were|now|these|this|that|instead|too|please|"
    r"and|but|or|so|because|max|maximum|tops|at\s+most|or\s+so)\b))", re.I)
# a period after the thing ("a day", "per week", "every morning"): the value's, not the thing's
_PERIOD_RE = re.compile(rf"\s*(?:a|an|per|each|every)\s+(?P<period>{_PERIODS})\b", re.I)
# what an amount said first is to its thing ("30 minutes of yoga is what I can manage")
_SAID_OF_RE = re.compile(r"\s+(?:is|are|was|'s|should be|would be|will do|sounds|seems|feels|works)\b",
                         re.I)
# kinds of amount a thing is measured in
_KINDS = ("count:", "time", "size", "weight", "volume", "money", "length", "rate:")
# a place or time the amount is for ("at dinner", "on the NAS", "before bed", "for the
# sourdough", "to the jam"): part of the setting
_FOR_RE = re.compile(rf"\s*(?P<prep>at|for|on|in|to|into|before|after|during|with)\s+(?:{_DETERMINERS}\s+)?"
                     r"(?P<words>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)", re.I)
# the owner of the amount, said before it ("our cat gets", "the recipe uses", "give the dog")
_OWNER_RE = re.compile(r"\b(?:the|my|our|your|his|her|their)\s+(?P<owner>[a-z][\w'-]*)\b", re.I)
_POINTERS = frozenset("it them this that these those us you me him her which what".split())
# words after "at", "for", ... that say when or how, never which thing
_NOT_A_PLACE = frozenset("least most all first last once times time now max best home work".split())


def amount_of_thing(st: Statement, text: str) -> Statement:
    """``st`` with its subject read as the thing its amount is of, when ``text`` says the
    amount as "<amount> of <thing>" (see the module's docstring); an amount said first of
    its thing ("30 minutes of yoga is what I can manage now", "and 4 bottles of water") is the
    value."""
    said_first = st.dimension in ("free", "name") or st.value is None
    if said_first:
        if not any(c.isdigit() for c in st.subject or text) and "half" not in text.lower():
            return st
    elif not st.unit or not st.dimension.startswith(_KINDS):
        return st
    said = in_digits(text)
    m = _AMOUNT_OF_RE.search(said)
    if m is None:
        return st if said_first else _for_thing(_per_period(st, said), said)
    if said_first:
        pv = parse_value(m.group("amount").strip())
        alone = said[:m.start()].strip(" ,").lower() in ("", "and", "also", "plus", "and also")
        if not (alone or _SAID_OF_RE.match(said, m.end())) or not pv.unit \
                or not pv.dimension.startswith(_KINDS):
            return st
        st = replace(st, op="=", value=pv.text, unit=pv.unit, scope=pv.scope,
                     dimension=pv.dimension, canonical=pv.canonical)
    elif st.value.split()[0].lstrip("$€£") not in m.group("amount"):
        return st
    thing = m.group("thing").split()
    if thing[0].lower() in _POINTERS or any(w.lower() in STOP_WORDS for w in thing) \
            or all(is_verb_only(w.lower()) for w in thing):
        return st  # "5 of them", "2 hours of that": no thing of its own
    words = list(thing)
    end = m.end()
    period = _PERIOD_RE.match(said, end)
    if period:
        end = period.end()
        if st.scope is None:  # "60 minutes of yoga every morning": 60 minutes a morning
            st = _rate(st, period)
    place = _FOR_RE.match(said, end)
    if place and not (set(place.group("words").lower().split()) & _NOT_A_PLACE):
        words += [place.group("prep").lower(), *place.group("words").split()]
    owner = _OWNER_RE.search(said, 0, m.start())
    if owner and owner.group("owner").lower() not in {w.lower() for w in thing} \
            and not is_verb_only(owner.group("owner").lower()) \
            and owner.group("owner").lower() not in STOP_WORDS:
        words.insert(0, owner.group("owner"))
    return replace(st, subject=" ".join(words))


def _per_period(st: Statement, said: str) -> Statement:
    """"practise piano for 20 minutes every evening": an amount said with the period it is
    given in, right after it, is an amount per period (20 minutes an evening)."""
    if st.scope is not None or not st.value:
        return st
    at = said.find(st.value)
    period = _PERIOD_RE.match(said, at + len(st.value)) if at >= 0 else None
    if period is None:
        return st
    return _rate(st, period)


def _rate(st: Statement, period: re.Match[str]) -> Statement:
    """``st``'s amount given per ``period`` (written as said: "60 minutes every morning")."""
    pv = parse_value(f"{st.value} per {period.group('period').lower()}")
    if not pv.dimension.startswith("rate:"):
        return st
    return replace(st, value=f"{st.value} {period.group(0).strip()}", unit=pv.unit, scope=pv.scope, dimension=pv.dimension,
                   canonical=pv.canonical)


def _for_thing(st: Statement, said: str) -> Statement:
    """"it's €25 for the airport transfer": an amount said of no setting, for a thing named
    after it, is that thing's (never a pointer's to another setting)."""
    if st.subject is not None and st.subject.lower() not in _POINTER_WORDS or not st.value:
        return st
    at = said.find(st.value)
    m = _FOR_THING_RE.match(said, at + len(st.value)) if at >= 0 else None
    if m is None or not _POINTER_IS_RE.search(said, 0, at) or m.group("thing").split()[0].lower() in _NOT_A_PLACE | _POINTERS:
        return st
    return replace(st, subject=m.group("thing"))


_POINTER_WORDS = frozenset("it its it's that that's thats this".split())
# "it's" / "that is" right before the amount
#: "it's", "its", "that is": a pointer and its copula, before the value said of it
POINTER_IS = r"(?:it|that)(?:'s|s|\s+is)"
_POINTER_IS_RE = re.compile(rf"\b(?:{POINTER_IS}|(?:it|that)\s+was)\s+(?:about\s+|like\s+)?$", re.I)
# "for the airport transfer", "for my flights", "for groceries"
_FOR_THING_RE = re.compile(r"\s+for\s+(?:(?:the|my|our)\s+)?(?P<thing>(?!(?:now|me|us|you|them|a|an|"
                           r"the|today|tonight|tomorrow|week|weekend|month|year|while|ever|good|"
                           r"sure|real)\b)[a-z][\w'-]*(?:\s+(?!btw\b|now\b|then\b)[a-z][\w'-]*)?)", re.I)


# what the speaker charges or pays for a thing: "I charge $45 for a basic grooming session",
# "we charge £30 per lesson", "I pay $80 a month for the gym"
_PRICE_FOR_RE = re.compile(
    r"^\W*(?:(?:so|and|btw|fyi|currently|right now|atm)[\s,]+)*(?:i|we)\s+(?:(?:currently|usually|"
    r"normally|now|only|just)\s+)?(?:charge|bill|pay|ask)\s+(?:(?:clients|customers|people|them|folks)\s+)?"
    r"(?P<amount>[$€£]\s?\d[\d,.]*k?(?:\s+(?:an?|per|each)\s+(?:hour|day|week|month|year|night|head))?)\s+"
    r"(?:for|per)\s+(?:(?:a|an|the|each|every|one|my|our)\s+)?"
    r"(?P<thing>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,4}?)"
    r"(?=\s*(?:[,.;!?]|$|\s+(?:and|but|so|because|which|now|these|at|in|on|from)\b))", re.I)


def price_of_thing(st: Statement, text: str) -> Statement:
    """``st`` with its subject read as the thing a price the speaker charges or pays is
    for ("I charge $45 for a basic grooming session": the basic grooming session's
    price), never the verb ("charge")."""
    if not st.dimension.endswith("money") or st.value is None:
        return st
    m = _PRICE_FOR_RE.match(text)
    if m is None or st.value.split()[0] not in m.group("amount"):
        return st
    thing = m.group("thing").split()
    if thing[0].lower() in _POINTERS or thing[-1].lower() in STOP_WORDS:
        return st
    return replace(st, subject=" ".join(thing))
