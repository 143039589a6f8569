"""The details of a booking asked for in one sentence, each a setting of its own.

"book a table at Nando's for 6 on saturday at 7pm pls" sets three things a later message
may change one at a time: where the table is (Nando's), for how many (6) and when (saturday
at 7pm). :func:`request_details` reads the thing asked for and each detail said after it:
a place after "at", "from" or "in", and every value of a kind said once (a day or time, a
count, an amount of money, a length of time). Each detail is a setting of the thing (its
place is the thing's location, money its budget), so "make it 8pm" moves the time, "actually
8 of us" the count and "try Wildwood instead" the place, and none of them the others.

A sentence with fewer than two details is left to the statement forms; so is one whose
details are not all told apart (two times: "from the 12th to the 14th").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .clock_words import in_digits
from .lexicon import is_plural_noun
from .place_phrases import place_at
from .places import is_place
from .slots import value_at
from .values import VALUE_RE, parse_value
from .vocab import STOP_WORDS, singular

__all__ = ["Detail", "request_details"]


@dataclass(frozen=True)
class Detail:
    """One detail of a request: the setting it is of, its value as said, and its words
    ("table for 6")."""

    subject: str
    value: str
    text: str


# the request: a polite lead, a verb of booking, then what is booked
_REQUEST_RE = re.compile(
    r"^(?:(?:ok|okay|so|and|also|hey|hi|hiya|hello|right|oh)[\s,]+)*"
    r"(?:(?:(?:can|cn|could|cud|would|will)\s+(?:you|u|ya)|i\s+(?:need|want|'d like|would like)\s+(?:you|u)"
    r"(?:\s+to)?|pls|plz|please|just)\s+)*"
    r"(?P<verb>book|reserve|order|get|find|schedule|arrange|hire|rent|organi[sz]e|set up|grab|"
    r"(?:i|we)\s+(?:need|want|'d like|would like))\s+"
    r"(?:(?:me|us)\s+)?"
    r"(?P<obj>(?:(?:a|an|the|my|our|some|another)\s+)?(?:(?P<count>\d+)\s+)?[a-z][\w'-]*"
    r"(?:\s+[a-z][\w'-]*){0,3}?)"
    r"(?=\s+(?:at|for|on|in|from|to|by|around|next|this|tomorrow|tonight|tmrw)\b|\s*[,.]|$)", re.I)
# a day, then the time on it ("friday at 7:30pm", "monday 9am", "tmrw 11am")
_DAY_TIME_RE = re.compile(r"(?P<day>.+?)\s+(?:at\s+)?(?P<time>\d{1,2}(?::\d{2})?\s?(?:[ap]\.?m\.?)?)", re.I)
_ARTICLE_RE = re.compile(r"^(?:a|an|the|my|our|some|another)\s+", re.I)
# the words that open a place
_AT_PLACE_RE = re.compile(r"\b(?:at|from|in)\s+", re.I)
# what may stand between a detail's preposition and its value
_PREP_BEFORE_RE = re.compile(r"\b(?P<prep>at|for|on|from|in|by|around|under|within|next|this|"
                             r"max|up to)\s+(?:the\s+)?$", re.I)
#: how people are counted in a booking besides plural nouns ("4 ppl")
_PEOPLE = frozenset({"ppl", "pax", "adult", "person", "guest"})
#: words that join a detail to the thing, never the thing or a counted noun
_LINKS = frozenset("at for on in from to by with around next this and or but".split())
#: the kinds of value a request's details are read in, and the setting each is of
_KINDS = {"clock": "", "when": "", "number": "", "time": "", "money": " budget"}


@lru_cache(maxsize=4096)
def request_details(said: str) -> tuple[Detail, ...]:
    """The details of the booking ``said`` asks for; empty when it asks for none or for
    fewer than two details (see the module docstring). Each detail's text holds its words
    as said: the first one's from the start of the request ("can u book a table at Osteria
    Franca"), the others' after the thing ("table for friday 7.30pm"), so what else the
    sentence says stays apart from them."""
    said = said.strip()
    text = in_digits(said)  # "7.30pm" is a time; "two nights" 2 nights
    m = _REQUEST_RE.match(text)
    if m is None or text.endswith("?"):
        return ()
    obj = _ARTICLE_RE.sub("", m.group("obj")).strip()
    words = obj.split()
    while len(words) > 1 and is_place(words[-1]):
        words.pop()  # "a train ticket london to york": the ticket
    thing = singular(words[-1].lower())
    if not thing.isalpha() or len(thing) < 3 or words[0].lower() in _LINKS | STOP_WORDS:
        return ()  # "book me in with dr Shah": no thing named
    at = m.end("obj")
    found: list[tuple[int, int, str, str]] = []  # start, end, subject, value
    if m.group("count"):  # "order 3 large pizzas": how many
        found.append((m.start("obj"), at, thing, obj))
    found += _places(thing, text, at)
    seen: dict[str, list[tuple[int, int, str, str]]] = {}
    for v in VALUE_RE.finditer(text, at):
        value = _with_unit(text, v)
        kind = _kind(parse_value(value).dimension)
        if kind not in _KINDS or any(f[3] == value for f in found):
            continue
        prep = _PREP_BEFORE_RE.search(text, at, v.start())
        start = prep.start() if prep and prep.end() == v.start() else v.start()
        day = _DAY_TIME_RE.fullmatch(value) if kind == "clock" else None
        if day is not None:  # "monday 9am": the day and the time, each changed on its own
            seen.setdefault("when", []).append((start, v.start() + day.end("day"), thing,
                                                day.group("day")))
            start, value = v.start() + day.start("time"), day.group("time")
        seen.setdefault(kind, []).append((start, v.start() + len(value) if day is None
                                          else start + len(value), thing + _KINDS[kind], value))
    # two of a kind ("from the 12th to the 14th", "6 margheritas and 3 garlic breads") are
    # not told apart: neither is read
    found += [f[0] for f in seen.values() if len(f) == 1]
    if len(found) < 2:
        return ()
    found.sort()
    details = []
    for i, (start, end, subject, value) in enumerate(found):
        words_said = _as_said(said, text, 0 if i == 0 else start, end)
        # after the first, each detail is written after the thing it is of ("table for 6")
        details.append(Detail(subject, value, words_said if i == 0 else f"{thing} {words_said}"))
    return tuple(details)


def _as_said(said: str, text: str, start: int, end: int) -> str:
    """The words of ``text`` (``said`` with its times and counts in digits) from ``start``
    to ``end`` as ``said`` has them ("twelve guests" for "12 guests", "7.30pm" for
    "7:30pm"), or as ``text`` has them when they cannot be told."""
    words = text[start:end].strip(" ,")
    if said == text or words in said:
        return words
    ours, theirs = text.split(), said.split()
    if len(ours) == len(theirs):  # a word for a word: "twelve" -> "12", "7.30pm" -> "7:30pm"
        first, last = len(text[:start].split()), len(text[:end].split())  # (spans start words)
        mapped = " ".join(theirs[first:last]).strip(" ,")
        if mapped:
            return mapped
    return words


def _kind(dimension: str) -> str:
    """The kind of detail a value of ``dimension`` is (counts are numbers, a price a
    night is money)."""
    if dimension.startswith("count:"):
        return "number"
    return "money" if dimension.startswith("rate:money") else dimension


def _with_unit(rest: str, v: re.Match[str]) -> str:
    """The value at ``v`` with what it counts or prices ("6 people", "2 nights", "4 of us",
    "25 euro a night"); a number alone when what follows is no noun it counts ("6 large
    margheritas")."""
    said = v.group(0)
    dimension = parse_value(said).dimension
    if dimension == "money":  # "£90 a night"
        at = value_at(rest[v.start():])
        return at[1].rstrip(",;.") if at and at[0].dimension.startswith("rate:money") else said
    if dimension != "number":
        return said
    if re.match(r"\s+of\s+us\b", rest[v.end():], re.I):
        return f"{said} of us"
    at = value_at(rest[v.start():])
    if at is None:
        return said
    pv, text = at
    counted = pv.dimension.startswith("count:") and pv.unit is not None \
        and (is_plural_noun(pv.unit.split()[-1]) or pv.unit.lower() in _PEOPLE)
    return text.rstrip(",;.") if counted or _kind(pv.dimension) in ("money", "time") else said


def _places(thing: str, text: str, at: int) -> list[tuple[int, int, str, str]]:
    """The place the thing is at (its location) and the city it is in, said after it."""
    out: list[tuple[int, int, str, str]] = []
    for prep in _AT_PLACE_RE.finditer(text, at):
        place = place_at(text[prep.end():])
        if place is None or VALUE_RE.match(place):
            continue
        if out and not is_place(place):
            continue  # a second place is the city ("a room at the Premier Inn in York")
        subject = f"{thing} location" if not out else f"{thing} city"
        out.append((prep.start(), prep.end() + len(place), subject, place))
        if len(out) == 2:
            break
    return out
