"""Times of day said in words: "quarter to seven", "half past six", "noon", "ten pm",
"seven thirty in the evening", "7.30pm".

:func:`clock_digits` writes them as a clock ("6:45", "6:30", "12:00 pm", "10 pm",
"7:30 pm", "7:30pm"), so a time said in words is read as a time of day, of the same kind
as one typed in digits, and can revise it. A bare "seven thirty" is a time only after a
word that places it ("at", "to", "until", "by", "around", "from", "is") or before "am",
"pm" or a part of the day; elsewhere it may count something and is left alone.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .number_spans import spans_in_digits
from .number_words import with_digits, word_set

__all__ = ["clock_digits", "in_digits"]

_HOURS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
          "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
_MINUTES = {"oh five": 5, "o five": 5, "ten": 10, "fifteen": 15, "twenty": 20,
            "twenty five": 25, "twenty-five": 25, "thirty": 30, "thirty five": 35,
            "thirty-five": 35, "forty": 40, "forty five": 45, "forty-five": 45, "fifty": 50,
            "fifty five": 55, "fifty-five": 55}
_HOUR = r"(?:1[0-2]|0?[1-9]|" + "|".join(_HOURS) + r")"
_MINUTE = "|".join(sorted(_MINUTES, key=len, reverse=True))
_PART = {"morning": "am", "evening": "pm", "afternoon": "pm", "night": "pm"}
_SUFFIX = r"(?:\s*(?P<ampm>[ap]\.?m\.?)(?![a-z])|\s+in\s+the\s+(?P<part>morning|evening|afternoon)|\s+at\s+(?P<night>night))?"

_QUARTER_RE = re.compile(rf"\b(?:a\s+)?(?P<what>quarter|half)\s+(?P<rel>past|after|to|till|before)\s+"
                         rf"(?P<h>{_HOUR})\b{_SUFFIX}", re.I)
# "half six": half past the hour, as said in Britain, with nothing counted after it
_HALF_HOUR_RE = re.compile(rf"\bhalf\s+(?P<h>{_HOUR})\b(?=\s*(?:$|[,.;!?)]|(?:[ap]\.?m|then|instead|"
                           rf"tomorrow|tonight|on|please|pls|now|is|works|would|sharp|latest|"
                           rf"every|each|in the)\b)){_SUFFIX}", re.I)
_OCLOCK_RE = re.compile(rf"\b(?P<h>{_HOUR})\s*o['’]?\s?clock\b{_SUFFIX}", re.I)
_NOON_RE = re.compile(r"\b(?:(?P<noon>noon|midday)|(?P<midnight>midnight))\b", re.I)
_WORDS_RE = re.compile(rf"(?P<lead>\b(?:at|to|until|till|by|around|about|from|is|'s|for)\s+)?"
                       rf"\b(?P<h>{_HOUR})(?:[\s-]+(?P<m>{_MINUTE}))?\b{_SUFFIX}", re.I)
_DOTTED_RE = re.compile(r"\b(?P<h>1[0-2]|0?[1-9])\.(?P<m>[0-5]\d)\s?(?P<ampm>[ap]\.?m\.?)(?![a-z])", re.I)


# an hour said after "at", "until" or "till" with nothing it could count after it ("dinner
# reservation at 7", "pickup at 5 now"): a time of day; never the speaker's own level
# ("we're at 7 now"), a reading ("at 20 in the lounge" is past the clock's twelve) or a
# number with a thousands comma ("at 1,200 calories")
_AT_HOUR_RE = re.compile(
    r"(?<!\bi'm )(?<!\bwe're )(?<!\bi am )(?<!\bwe are )(?<!\byou're )(?<!\bthey're )"
    # a number a setting is held at ("cap it at 6", "we're keeping it at 8"): no time of day
    r"(?<!\bcap it )(?<!\bcapping it )(?<!\bcapped it )(?<!\bcap that )(?<!\bcapped )"
    r"(?<!\bkeep it )(?<!\bkeeping it )(?<!\bhold it )(?<!\bholding it )(?<!\bleave it )(?<!\bkeep that )"
    r"\b(?P<lead>at|until|till)\s+(?P<h>1[0-2]|[1-9])(?=\s*(?:$|,(?!\d)|[;!?)]|\.(?!\d)|(?:now|tonight|"
    r"tomorrow|today|sharp|on|then|instead|please|though|every|each|this|next|latest|without|with|"
    r"because|since|but|so|lately|usually)\b))", re.I)

# what every form above holds: a word of the clock or of a part of the day, a dotted
# time, or a placed hour with its minutes ("at seven thirty")
_ANY_RE = re.compile(rf"\b(?:quarter|half|o['’]?\s?clock|noon|midday|midnight|morning|evening|"
                     rf"afternoon|night|[ap]\.?m)\b|\d\.\d|\b{_HOUR}[\s-]+(?:{_MINUTE})\b", re.I)


_NO_DIGIT_RE = re.compile(r"\D*")
_AM_PM = frozenset(("am", "pm", "m"))  # ("a.m." is "a" and "m")
_AT_WORDS = frozenset(("at", "until", "till"))
#: every word a time of day said in words holds one of
_CLOCK_WORDS = frozenset((*_HOURS, *(w for m in _MINUTES for w in re.split(r"[\s-]", m)), "quarter",
                          "half", "clock", "oclock", "noon", "midday", "midnight", "morning",
                          "evening", "afternoon", "night"))


def _hour(word: str) -> int:
    return int(word) if word.isdigit() else _HOURS[word.lower()]


def _tail(m: re.Match[str]) -> str:
    if m.group("ampm"):
        return " " + m.group("ampm")
    part = m.group("part") or m.group("night")
    if not part:
        return ""
    if part.lower() == "night" and _hour(m.group("h")) == 12:
        return " am"  # "twelve at night" is midnight
    return " " + _PART[part.lower()]


def _quarter(m: re.Match[str]) -> str:
    h = _hour(m.group("h"))
    minutes = 15 if m.group("what").lower() == "quarter" else 30
    if m.group("rel").lower() in ("to", "till", "before"):
        h, minutes = (h - 1) or 12, 60 - minutes
    return f"{h}:{minutes:02d}{_tail(m)}"


def _words(m: re.Match[str]) -> str:
    tail = _tail(m)
    h, minute = m.group("h"), m.group("m")
    if not tail and not (m.group("lead") and minute):
        return m.group(0)  # "seven thirty-somethings", "two ten-minute breaks": no time
    if h.isdigit() and not minute:
        return m.group(0)  # "7 pm" is already read as a time
    clock = f"{_hour(h)}:{_MINUTES[minute.lower().replace('-', ' ')] if minute else 0:02d}" \
        if minute else str(_hour(h))
    return f"{m.group('lead') or ''}{clock}{tail}"


@lru_cache(maxsize=16384)
def clock_digits(text: str) -> str:
    """``text`` with the times of day said in words written as a clock; the same text when
    there is none."""
    words = word_set(text)
    if _CLOCK_WORDS.isdisjoint(words):  # (a set of its words is cheaper than the patterns)
        if _NO_DIGIT_RE.fullmatch(text):
            return text  # no digit and no word of the clock: nothing to read (most sentences)
        if "." not in text and _AM_PM.isdisjoint(words):  # no form but a placed hour
            if _AT_WORDS.isdisjoint(words):
                return text
            return _AT_HOUR_RE.sub(r"\g<lead> \g<h>:00", text) if _AT_HOUR_RE.search(text) else text
    if not _ANY_RE.search(text):
        return _AT_HOUR_RE.sub(r"\g<lead> \g<h>:00", text) if _AT_HOUR_RE.search(text) else text
    out = _DOTTED_RE.sub(lambda m: f"{m.group('h')}:{m.group('m')}{m.group('ampm')}", text)
    out = _QUARTER_RE.sub(_quarter, out)
    out = _HALF_HOUR_RE.sub(lambda m: f"{_hour(m.group('h'))}:30{_tail(m)}", out)
    out = _OCLOCK_RE.sub(lambda m: f"{_hour(m.group('h'))}:00{_tail(m)}", out)
    out = _NOON_RE.sub(lambda m: "12:00 pm" if m.group("noon") else "12:00 am", out)
    return _AT_HOUR_RE.sub(r"\g<lead> \g<h>:00", _WORDS_RE.sub(_words, out))


def in_digits(text: str) -> str:
    """``text`` with its counts ("two pages", :func:`~dspm_core.number_words.with_digits`)
    and its times of day ("quarter to seven") said in words written in digits, and a span of
    hours said with "to" written with a dash (:func:`hour_spans`), and so is a span of
    numbers ("between 55 and 58", :func:`~dspm_core.number_spans.spans_in_digits`)."""
    return clock_digits(hour_spans(spans_in_digits(with_digits(text))))


# what says that "10 to 4" is a span of the day's hours ("Sunday hours are 10 to 4",
# "eating window 12 to 8", "support is 9 to 5 eastern")
_SPAN_WORDS = frozenset("hours hour open opens opening window shift shifts office closing "
                        "available staffed support".split())  # ("we're open 9 till 2": "till" too)
_HOUR = r"(?:1[0-2]|[1-9])(?::[0-5]\d)?"
# "10 to 4", never "from 10 to 4" (a value and the one it becomes) nor "10 to 4 people"
# ("9am to 5pm" is read as it is said)
_HOUR_SPAN_RE = re.compile(
    rf"(?<![\w.:$€£/-])(?<!from )(?P<a>{_HOUR})\s+(?:to|till|til|until)\s+(?P<b>{_HOUR})"
    r"(?=\s*(?:[,.;!?)]|$)|\s+(?:eastern|pacific|central|mountain|et|pt|ct|mt|est|pst|cst|edt|pdt|utc|gmt|"
    r"cet|bst|local|on|every|daily|now|then|instead|starting|going|from|pls|please|mon|tue|tues|wed|thu|"
    r"thur|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekdays|"
    r"weekends|each|most|and)\b)", re.I)


_SPAN_JOIN_RE = re.compile(r"\s(?:to|till|til|until)\s")
_SPAN_ALONE_RE = re.compile(rf"(?:^\W*|[,;]\s*|\bso\s+)(?:(?:so|ok(?:ay)?|then|now|make it|it's|its|it is|it'll be)[\s,]+)+"
                            rf"(?P<a>{_HOUR})\s+(?:to|till|til|until)\s+(?P<b>{_HOUR})"
                            r"(?:\s+(?:now|then|instead|please|pls))?\s*[.!]?$", re.I)


@lru_cache(maxsize=16384)
def hour_spans(text: str) -> str:
    """``text`` with a span of hours said with "to" where hours are spoken of ("Sunday
    hours are 10 to 4" -> "10-4"); the same text when there is none."""
    if not _SPAN_JOIN_RE.search(text):
        return text
    if _SPAN_WORDS.isdisjoint(word_set(text)):
        alone = _SPAN_ALONE_RE.search(text)  # "so 10 to 3": a span said alone, as a reply
        return text if alone is None else f"{text[:alone.start('a')]}{alone.group('a')}-{alone.group('b')}{text[alone.end('b'):]}"
    return _HOUR_SPAN_RE.sub(lambda m: f"{m.group('a')}-{m.group('b')}", text)
