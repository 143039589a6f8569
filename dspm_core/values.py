"""Values: numbers with units, dates, weekdays, names and free text.

A value is compared by its canonical form (``30 secs`` == ``30 seconds``) and belongs
to a *dimension* (time, size, a count of some unit, a rate per some period, a date, a
name, ...). Two statements about the same subject revise each other only when their
values share a dimension; anything else is kept apart.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from .lexicon import getAllLemmas, is_adverb_only
from .vocab import singular
from .contact_values import CONTACT, contact_value
from .display_units import display_unit
from .frequency import DIMENSION as FREQUENCY_DIMENSION, FREQUENCY, PERIOD_ADVERBS, frequency

__all__ = [
    "LOWER_SYSTEMS",
    "MONTHS",
    "PERIOD_OF",
    "UNIT_ALIASES",
    "WEEKDAYS",
    "ParsedValue",
    "SIZE_RE",
    "TOOL_NAME",
    "VALUE_RE",
    "VERSIONED_LEAD_RE",
    "VERSION_RE",
    "canonical_unit",
    "day_or_time",
    "number_text",
    "parse_value",
    "short_unit",
]

MONTHS = {
    "jan": "January", "january": "January", "feb": "February", "february": "February",
    "mar": "March", "march": "March", "apr": "April", "april": "April", "may": "May",
    "jun": "June", "june": "June", "jul": "July", "july": "July", "aug": "August",
    "august": "August", "sep": "September", "sept": "September", "september": "September",
    "oct": "October", "october": "October", "nov": "November", "november": "November",
    "dec": "December", "december": "December",
}
WEEKDAYS = {
    "mon": "Monday", "monday": "Monday", "tue": "Tuesday", "tues": "Tuesday",
    "tuesday": "Tuesday", "wed": "Wednesday", "wednesday": "Wednesday", "thu": "Thursday",
    "thur": "Thursday", "thurs": "Thursday", "thursday": "Thursday", "fri": "Friday",
    "friday": "Friday", "sat": "Saturday", "saturday": "Saturday", "sun": "Sunday",
    "sunday": "Sunday",
}

# unit alias -> (canonical unit, dimension, short form)
_UNITS: list[tuple[tuple[str, ...], str, str, str]] = [
    (("ms", "msec", "msecs", "millisecond", "milliseconds"), "milliseconds", "time", "ms"),
    (("s", "sec", "secs", "second", "seconds"), "seconds", "time", "seconds"),
    (("m", "min", "mins", "minute", "minutes"), "minutes", "time", "minutes"),
    (("h", "hr", "hrs", "hour", "hours"), "hours", "time", "hours"),
    (("d", "day", "days"), "days", "time", "days"),
    (("wk", "wks", "week", "weeks"), "weeks", "time", "weeks"),
    (("mo", "month", "months"), "months", "time", "months"),
    (("y", "yr", "yrs", "year", "years"), "years", "time", "years"),
    (("b", "byte", "bytes"), "bytes", "size", "B"),
    (("kb", "kib", "kilobyte", "kilobytes"), "KB", "size", "KB"),
    (("mb", "mib", "megabyte", "megabytes", "megs"), "MB", "size", "MB"),
    (("gb", "gib", "gigabyte", "gigabytes", "gigs"), "GB", "size", "GB"),
    (("tb", "tib", "terabyte", "terabytes"), "TB", "size", "TB"),
    (("%", "percent", "pct", "per cent"), "%", "percent", "%"),
    (("usd", "$", "dollar", "dollars", "buck", "bucks"), "USD", "money", "USD"),
    (("eur", "€", "euro", "euros"), "EUR", "money", "EUR"),
    (("gbp", "£", "pound", "pounds", "quid"), "GBP", "money", "GBP"),
    (("k", "thousand"), "thousand", "count", "k"),
]
UNIT_ALIASES: dict[str, tuple[str, str, str]] = {
    alias: (canon, dim, short) for aliases, canon, dim, short in _UNITS for alias in aliases
}

# (a number in scientific notation is one number: "lr 3e-4", "1e6 rows"; a "401k" is a
# pension plan, no number: VALUE_RE)
_NUM = r"[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+(?![\w.]))?"
_MONTH_ALT = "|".join(sorted(MONTHS, key=len, reverse=True))
_DAY_ALT = "|".join(sorted(WEEKDAYS, key=len, reverse=True))
# a date may carry a time of day ("March 22 at 4:30 PM"): a rescheduled hour is a revision
_CLOCK = r"(?:,?\s+(?:at\s+)?\d{1,2}(?::\d{2})?\s?(?:[ap]\.?m\.?)(?![a-z]))"
_DATE = (
    rf"(?:(?:(?:{_MONTH_ALT})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?"
    rf"|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTH_ALT})\.?(?:,?\s+\d{{4}})?"
    rf"|\d{{4}}-\d{{2}}-\d{{2}}){_CLOCK}?)"
)
# (never a day's name inside an event's: "Black Friday", "Good Friday", "Cyber Monday")
_WEEKDAY = (rf"(?<!black )(?<!good )(?<!cyber )(?<!easter )(?:(?:next|this|coming)\s+)?(?:{_DAY_ALT})"
            r"(?:(?<=day)s)?\b")  # "Thursdays" too
# days said together ("mon/wed/fri", "Mondays and Thursdays", "tue, thu & sat"): one value
_DAYS = rf"(?:{_DAY_ALT})(?:(?<=day)s)?\b"
_WEEKDAYS = rf"{_WEEKDAY}(?:\s*(?:/|&|,|\band\b|,\s*and\b)\s*{_DAYS}|[-–]{_DAYS})*"  # "mon-sat" too
_UNIT_WORD = r"(?:%|percent|per cent|[A-Za-z][A-Za-z]*)"
_NUMBER_VALUE = (
    rf"(?:[$€£]\s?)?{_NUM}(?:\s?(?:k|K|m|M)\b)?"
    rf"(?:\s?{_UNIT_WORD}(?:\s+(?:per|a|an|/|each)\s+[A-Za-z]+|/[A-Za-z]+)?)?"
)
# a time of day ("7:15 AM", "4 pm", "18:30") and a day of the month ("the 29th")
_TIME_OF_DAY = r"(?:\d{1,2}(?::\d{2})?\s?[ap]\.?m\.?(?![a-z])|(?:[01]?\d|2[0-3]):[0-5]\d(?![\d:]))"
_ORDINAL_DAY = r"(?:(?:[12]?\d|3[01])(?:st|nd|rd|th))(?![a-z])"
# a weekday with its date ("Tuesday the 9th", "Fri 13 March", "Monday, June 2"): the date
_DAY_DATE = rf"(?:{_DAY_ALT})\.?,?\s+(?:the\s+)?(?P<date>{_DATE}|{_ORDINAL_DAY})"
# a ratio ("16:8", "3:1", "80:20", "1:150"): a shape no clock has (one or three digits after
# the colon, more than 24 before it, or 60 and over after it)
# (and three parts or more with slashes: "macros 40/30/30")
_RATIO = (r"(?:\d{1,3}:\d(?!\d)|\d{1,3}:\d{3}|(?:2[5-9]|[3-9]\d|\d{3}):\d{1,3}|\d{1,2}:[6-9]\d|\d{1,3}(?:/\d{1,3}){2,}(?![\d/]))"
          r"(?![\w:.]|\s?[ap]\.?m\b)")
# "6-7pm", "8am-12pm", "1pm to 5pm", "9:30-11:00": a span of the clock
_CLOCK = r"\d{1,2}(?::\d{2})?\s?(?:[ap]\.?m\.?)?"
_TIME_RANGE = (rf"(?:{_CLOCK}\s?(?:-|–|to|until|till)\s?\d{{1,2}}(?::\d{{2}})?\s?[ap]\.?m\.?(?![a-z])|"
               rf"(?:[01]?\d|2[0-3]):[0-5]\d\s?(?:-|–|to|until|till)\s?(?:[01]?\d|2[0-3]):[0-5]\d(?![\d:]))")
# an hour range said without am or pm ("10-12", "12-1"): no unit may follow it
_BARE_HOURS = r"(?:[01]?\d|2[0-4])\s?[-–]\s?(?:[01]?\d|2[0-4])(?![\d:.,%-]|\s?[A-Za-z%])"
# a day with its time ("saturday 8-10am", "wednesday at 4", "friday, 5pm")
_AT_TIME = (rf",?\s+(?:at\s+|from\s+)?(?:{_TIME_RANGE}|{_TIME_OF_DAY}|{_BARE_HOURS}|"
            rf"(?:[01]?\d|2[0-3])(?![\d:.,%]|\s?[A-Za-z%]))")
# a named tool or system with its version ("Postgres 14", "Node 20", "iOS 17", "Python 3.10"),
# said after a verb or preposition that places it ("we're on", "upgraded to", "is", "runs")
#: a named tool or system ("Postgres", "iOS", "macOS") and a version number of it
TOOL_NAME = r"(?:[A-Z]|i[A-Z]|mac[A-Z])[\w+#-]*"
# (a number of four digits or more that is no year is a port or a count: "postgres on 5432")
_NO_PORT = r"(?!(?:1[0-8]\d\d|[03-9]\d{3}|2[1-9]\d\d|\d{5,})(?![\d.]))"
_VERSION = rf"v?{_NO_PORT}\d+(?:\.\d+){{0,3}}(?![\w.%])"
#: a version number ("3.12", "v2", "16")
VERSION_RE = re.compile(_VERSION)
#: systems people also write in lower case with their version ("postgres 16", "node 20")
LOWER_SYSTEMS = ("python|nodejs|node|postgresql|postgres|mysql|mariadb|redis|mongodb|java|ruby|php|"
                  "rust|kotlin|swift|scala|typescript|django|rails|laravel|react|vue|angular|svelte|"
                  "ubuntu|debian|fedora|windows|android|ios|macos|kafka|elasticsearch|terraform|"
                  "gradle|xcode|chrome|firefox")
_SYSTEM = rf"(?:(?-i:{TOOL_NAME})|(?i:{LOWER_SYSTEMS})(?![\w+#-]))"
_VERSIONED = rf"(?!(?:{_MONTH_ALT}|{_DAY_ALT})\b){_SYSTEM}\s+{_VERSION}"
_PLACED = "".join(rf"(?<=\b{w} )|" for w in ("on", "to", "is", "are", "with", "using", "run", "runs",
                                             "targets", "target", "from", "use", "uses")).rstrip("|")
# (a capital first: most places in a text fail there, before the words behind it are read)
_VERSIONED_PLACED = rf"(?=(?-i:{TOOL_NAME}))(?:{_PLACED}){_VERSIONED}"
#: Matches the start of a value: a date, a weekday, a time of day, or a number with its unit.
VALUE_RE = re.compile(rf"(?<![\w.@+-]){CONTACT}|\b(?:{_DATE})\b|{_VERSIONED_PLACED}|\b{_DAY_DATE.replace('?P<date>', '')}\b|\b{_WEEKDAYS}(?:{_AT_TIME})?|(?<![\w.:-])(?:{_TIME_RANGE}|{_RATIO}|{_TIME_OF_DAY})|"
                      rf"(?<![\w.-]){_ORDINAL_DAY}(?!\s+(?:birthday|anniversary|grade|place|floor|edition|century|"
                      rf"time|attempt|try|round|year|draft|version|child|kid|baby)s?\b)|(?<![\w.-]){FREQUENCY}|"
                      rf"(?:[$€£]\s?)?(?<![\w.-])(?!40[13]\(?[kb]\)?(?!\w)){_NUM}(?!(?:st|nd|rd|th)\s+(?:birthday|anniversary|grade|place|floor|"
                      rf"edition|century|time|attempt|try|round|year|draft|version|child|kid|baby)s?\b)", re.I)

_DATE_RE = re.compile(rf"^{_DATE}$", re.I)
_DAY_DATE_RE = re.compile(rf"^{_DAY_DATE}$", re.I)
_VERSIONED_RE = re.compile(rf"^(?P<name>{_SYSTEM})\s+v?(?P<version>{_NO_PORT}\d+(?:\.\d+){{0,3}})$")
#: a named tool and its version opening a text ("Node 18 for the lambdas")
VERSIONED_LEAD_RE = re.compile(rf"{_SYSTEM}\s+{_VERSION}")
_DAY_TIME_RE = re.compile(rf"^(?P<day>{_WEEKDAYS}),?\s+(?:at\s+|from\s+)?(?P<time>.+)$", re.I)
# a time with its days after it ("9am mon-sat", "6pm on weekdays" is a frequency)
_TIME_DAYS_RE = re.compile(rf"^(?P<time>{_TIME_RANGE}|{_TIME_OF_DAY}),?\s+(?:on\s+)?(?P<day>{_WEEKDAYS}|weekdays|weekends)$",
                           re.I)
_BARE_HOURS_RE = re.compile(rf"^{_BARE_HOURS}$")
# a range of numbers with one unit after the second ("2-3 sentences", "$10-15", "3-5 days")
_RANGE_RE = re.compile(rf"^(?P<cur>[$€£])?\s?(?P<a>{_NUM})\s?[-–]\s?[$€£]?(?P<b>{_NUM}\b.*)$")
_TIME_RANGE_RE = re.compile(rf"^(?P<a>{_CLOCK})\s?(?:-|–|to|until|till)\s?(?P<b>{_CLOCK})$", re.I)
_RATIO_RE = re.compile(rf"^(?P<ratio>{_RATIO})(?:\s+\S.*)?$")
# two parts of a hundred ("80/20", "60/40 with my brother"), and a grade of digits, a letter
# and digits ("5W-30", "10W-40"; never a number in scientific notation, "1e-4")
_SPLIT_RE = re.compile(r"^(?P<a>\d{1,2})/(?P<b>\d{1,2})(?![\d/])(?:\s+\S.*)?$")
_GRADE_RE = re.compile(r"^(?P<grade>\d{1,2}(?![eE]-)[A-Za-z]-\d{1,3})(?![\w-])(?:\s+\S.*)?$")
#: a clock's shape said where a ratio is meant ("my pour-over ratio is 1:16")
CLOCK_SHAPE_RE = re.compile(r"\d{1,3}:\d{1,3}")
_TIME_OF_DAY_RE = re.compile(rf"^{_TIME_OF_DAY}(?:\s+[A-Z][a-z]+)?$", re.I)
_ORDINAL_DAY_RE = re.compile(rf"^{_ORDINAL_DAY}$", re.I)
_WEEKDAY_RE = re.compile(rf"^{_WEEKDAYS}$", re.I)
_NUMBER_RE = re.compile(
    rf"^(?P<cur>[$€£])?\s?(?P<num>{_NUM})(?:\s?(?P<mult>[kKmM])\b)?\s*(?P<unit>.*)$"
)
# what an amount of money is for each of, said after it ("£300 each", "£30 pp")
_PER_ONE = {"each": "item", "ea": "item", "apiece": "item", "pp": "person", "pppn": "person",
            "pn": "night"}
_RATE_RE = re.compile(r"^(?P<unit>.*?)\s*(?:\bper\b|/|\ba\b|\ban\b|\beach\b)\s*(?P<per>[A-Za-z]+)$")

# words that follow a number but are not its unit
_NOT_UNITS = frozenset(
    "and or but to for of in on at by with from than the a an is are was be so if as when "
    "then that this which while until unless after before or more less max maximum "
    "minimum at most least now instead please too again today tonight tomorrow though anyway "
    "actually already yet everywhere anywhere here there overall altogether last next one ones "
    "these those nowadays outside inside indoors outdoors since because cos coz cuz although "
    "whilst where who whose over every without within during via across against despite "
    "except unlike like starting beginning effective going till til until depending depends "
    "including excluding plus all sharp".split()
)  # "15 min" is minutes; "3 max" a bound; "at 6 without an alarm" is at 6; "1525 starting march"

_PERIODS = frozenset("second minute hour day night week fortnight month quarter year "
                     "sprint semester term session".split())

#: words for "once per period", before a subject ("my monthly budget") or after a value
#: ("10,000 steps daily", "1,520 dollars monthly"): the value is a rate per that period
PERIOD_OF = PERIOD_ADVERBS


@dataclass(frozen=True, slots=True)
class ParsedValue:
    """A value as written (``text``), its canonical comparison form and its dimension."""

    text: str
    unit: str | None
    canonical: str
    dimension: str
    scope: str | None = None
    short_unit: str | None = None


def _modifier_word(word: str) -> bool:
    """A word that qualifies the thing counted ("failed", "unread"), never the thing."""
    from .lexicon import is_adjective, is_past_verb

    return (is_past_verb(word) or is_adjective(word)) and not word.endswith("s")


_COUNT_WORDS = frozenset("one two three four five six seven eight nine ten once twice".split())


def _head_noun(first: str, rest: list[str]) -> int:
    """How many words of ``rest`` after the unit word ``first`` belong to it: up to the plural
    noun that a qualifying ``first`` stands before ("failed login attempts"); 0 for none."""
    from .lexicon import is_plural_noun

    word = first.lower()
    # a qualifying word, or a noun or name before the noun it qualifies ("15 test users",
    # "48 Spanish lessons"); never a unit ("5 GB files" are gigabytes)
    if not (_modifier_word(word) or word.isalpha() and not word.endswith("s")
            and word not in UNIT_ALIASES):
        return 0
    for i, word in enumerate(rest[:2]):
        bare = word.rstrip(".,;:!?)").lower()
        if bare[:1].isdigit() or bare in _COUNT_WORDS:
            return 0  # "5 km three times a week": how often, not what is counted
        if is_plural_noun(bare):
            return i + 1
        if bare != word.lower() or bare in _NOT_UNITS:
            return 0
    return 0


@lru_cache(maxsize=16384)
def canonical_unit(unit: str | None) -> tuple[str | None, str, str | None]:
    """(canonical unit, dimension, short form) for a unit as written."""
    if not unit:
        return None, "number", None
    u = unit.strip().lower()
    if u in UNIT_ALIASES:
        return UNIT_ALIASES[u]
    word = u.split()[0]
    if word in UNIT_ALIASES and len(u.split()) == 1:
        return UNIT_ALIASES[word]
    if len(u.split()) > 1 and _head_noun(word, u.split()[1:]):
        word = u.split()[-1]  # "failed login attempts" counts attempts, "test users" users
    word = _COUNT_ABBREVIATIONS.get(word, word)  # "req/min" counts requests
    return u, f"count:{singular(word)}", u  # "retries" counts retries, "classes" classes


#: counted nouns written short, read as the noun ("300 req/min" is 300 requests a minute)
_COUNT_ABBREVIATIONS = {"req": "request", "reqs": "request", "msg": "message", "msgs": "message",
                        "char": "character", "chars": "character", "pic": "picture",
                        "pics": "picture", "pp": "page", "pgs": "page", "qty": "quantity",
                        "ppl": "people", "pax": "people"}


def short_unit(unit: str | None) -> str | None:
    """The short form of a unit (``seconds`` -> ``s``); unknown units unchanged."""
    return canonical_unit(unit)[2] if unit else None


def _norm_number(num: str, mult: str | None) -> str:
    n = float(num.replace(",", ""))
    if mult and mult.lower() == "k":
        n *= 1000
    return number_text(n)


def number_text(n: float) -> str:
    """A number written the one way values are compared by ("8000", "2.5")."""
    return f"{n:g}" if n != int(n) else str(int(n))


#: a size given by its sides: "160 x 230 cm", "1920x1080", "3 x 4 x 2.5 m"
SIZE_RE = re.compile(r"(?P<sides>\d+(?:\.\d+)?\s?[x×]\s?\d+(?:\.\d+)?(?:\s?[x×]\s?\d+(?:\.\d+)?)?)"
                     r"(?:\s?(?P<unit>mm|cm|m|metres?|meters?|in|inches|ft|feet|px|pixels)\b)?", re.I)


# the words a flag is set with, and whether they turn it on
_SWITCH_WORDS = {"true": "on", "false": "off", "on": "on", "off": "off", "enabled": "on",
                 "disabled": "off"}
# what says a time of day holds every day ("8am every day", "9pm nightly")
_DAILY_TAIL_RE = re.compile(r"\s+(?:every\s+(?:day|morning|evening|night)|each\s+(?:day|morning|evening|night)|"
                            r"daily|nightly)$", re.I)
# a time or a span of hours with its time zone after it
_ZONED_RE = re.compile(r"(?P<time>\d{1,2}(?::\d{2})?\s?(?:[ap]\.?m\.?)?(?:\s?[-–]\s?\d{1,2}(?::\d{2})?\s?(?:[ap]\.?m\.?)?)?)"
                       r"\s+(?P<zone>eastern|pacific|central|mountain|et|pt|ct|mt|est|pst|cst|mst|edt|pdt|cdt|"
                       r"utc|gmt|cet|cest|bst|ist|aest|jst)", re.I)


@lru_cache(maxsize=65536)
def parse_value(text: str) -> ParsedValue:
    """Parse a value as written into its canonical form and dimension.

    >>> parse_value("30 secs").canonical, parse_value("30 seconds").canonical
    ('30 seconds', '30 seconds')
    >>> parse_value("100 requests per minute").scope
    'minute'
    """
    raw = " ".join(text.strip().rstrip(".,;:!?").split())
    if not raw:
        return ParsedValue(text="", unit=None, canonical="", dimension="free")
    contact = contact_value(raw)
    if contact:
        return ParsedValue(raw, None, contact[1], contact[0])
    switched = _SWITCH_WORDS.get(raw.lower())
    if switched is not None:  # "true", "off", "enabled": a flag, on or off
        return ParsedValue(raw, None, switched, "switch")
    daily = _DAILY_TAIL_RE.search(raw)
    if daily and daily.start() > 0:  # "8am every day": the time of a thing done daily
        held = parse_value(raw[:daily.start()])
        if held.dimension == "clock":
            return ParsedValue(raw, None, held.canonical, "clock")
    zoned = _ZONED_RE.fullmatch(raw)
    if zoned:  # "8am-8pm ET", "9-5 eastern": the time, in its zone
        held = parse_value(zoned.group("time"))
        if held.dimension == "clock":
            return ParsedValue(raw, None, f"{held.canonical} {zoned.group('zone').lower()}", "clock")
    size = SIZE_RE.fullmatch(raw)
    if size:  # "160 x 230 cm": one value, its sides in order
        sides = "x".join(re.split(r"\s?[x×]\s?", size.group("sides").lower()))
        unit = (size.group("unit") or "").lower() or None
        return ParsedValue(raw, unit, f"{sides} {unit}" if unit else sides, "size:sides")
    if _DATE_RE.match(raw):
        return ParsedValue(raw, None, _canonical_date(raw), "when")
    dated = _DAY_DATE_RE.match(raw)
    if dated:  # "Tuesday the 9th": the day of the month says which Tuesday
        return replace(parse_value(dated.group("date")), text=raw)
    if _WEEKDAY_RE.match(raw):
        return ParsedValue(raw, None, _day(raw), "when")
    versioned = _VERSIONED_RE.match(raw)
    if versioned and versioned.group("name").lower() not in MONTHS:
        # "Postgres 14": which tool, at which version (3.10 is not 3.1)
        name = versioned.group("name").lower()
        return ParsedValue(raw, None, f"{name} {versioned.group('version')}", f"version:{name}")
    at = _DAY_TIME_RE.match(raw) or _TIME_DAYS_RE.match(raw)
    if at:
        clock = parse_value(at.group("time"))
        if clock.dimension == "clock" or re.fullmatch(r"[01]?\d|2[0-3]", clock.text):
            hours = clock.canonical if clock.dimension == "clock" else _canonical_clock(clock.text)
            days = _day(at.group("day")) or at.group("day").lower()  # ("weekdays")
            return ParsedValue(raw, None, f"{days} {hours}", "clock")
    span = _TIME_RANGE_RE.match(raw)
    if span and (re.search(r"[ap]\.?m|:", span.group("b"), re.I) or _BARE_HOURS_RE.match(raw)):
        return ParsedValue(raw, None, _canonical_span(span.group("a"), span.group("b")), "clock")
    ranged = _RANGE_RE.match(raw)
    if ranged:
        top = parse_value(f"{ranged.group('cur') or ''}{ranged.group('b')}")
        if top.dimension != "free":
            low = _norm_number(ranged.group("a"), None)
            return ParsedValue(raw, top.unit, f"{low}-{top.canonical}", top.dimension, top.scope,
                               top.short_unit)
    split = _SPLIT_RE.match(raw)
    if split and int(split.group("a")) + int(split.group("b")) == 100:  # "80/20 stocks/bonds": a split
        return ParsedValue(raw, None, f"{split.group('a')}/{split.group('b')}", "ratio")
    grade = _GRADE_RE.match(raw)
    if grade:  # "5W-30": an oil's grade, a code as written, no 5 of "W-30"
        return ParsedValue(raw, None, grade.group("grade").lower(), "code")
    ratio = _RATIO_RE.match(raw)
    if ratio:  # "16:8", "3:1 sand to cement": the ratio, of what its subject says
        return ParsedValue(raw, None, ratio.group("ratio"), "ratio")
    if _TIME_OF_DAY_RE.match(raw):
        return ParsedValue(raw, None, _canonical_clock(raw), "clock")
    if _ORDINAL_DAY_RE.match(raw):
        return ParsedValue(raw, None, f"day {int(re.sub(r'[^0-9]', '', raw))}", "when")
    often = frequency(raw)
    if often:
        return ParsedValue(raw, None, often, FREQUENCY_DIMENSION)
    m = _NUMBER_RE.match(raw)
    if m:
        unit_text = (m.group("unit") or "").strip()
        if re.match(r"-[A-Za-z]", unit_text):
            unit_text = unit_text[1:]  # "a 1-week sprint", "8-hour shifts": the unit
        if unit_text.lower() == "ish":
            unit_text = ""  # "1200ish": about 1200
        if re.match(r"%\s+[a-z]", unit_text):
            unit_text = "%"  # "99.9% uptime": a percentage of what the subject says
        elif re.match(r"per\s+cent\b", unit_text, re.I):
            unit_text = "%"  # "10 per cent of every paycheck": a percentage, no rate per cent
        scope = None
        said_unit = unit_text
        if m.group("cur") and unit_text.lower() in _PER_ONE:
            # "£300 each", "£30 pp": money for each one, not a count of "each"
            unit_text = f"a {_PER_ONE[unit_text.lower()]}"
        rate = _RATE_RE.match(unit_text) if unit_text else None
        words = unit_text.split()
        if rate and len(words) >= 2 and _no_period(words[-2:]):
            rate, unit_text_base = None, " ".join(words[:-2])  # "40 minutes each way"
        elif rate and rate.group("per"):
            scope = singular_period(rate.group("per").lower())
            unit_text_base = rate.group("unit").strip()
        elif words and _period_adverb(words[-1]):
            scope = PERIOD_OF[words[-1].lower()]  # "10,000 steps daily": per day
            unit_text_base = " ".join(words[:-1])
        else:
            unit_text_base = unit_text
        if m.group("cur"):
            cur = {"$": "USD", "€": "EUR", "£": "GBP"}[m.group("cur")]
            unit_text_base = unit_text_base or cur
        if m.group("mult") and m.group("mult") in "mM" and not unit_text_base:
            unit_text_base = "million"
        canon_u, dim, short = canonical_unit(unit_text_base or None)
        if m.group("cur") and dim.startswith("count:") and not scope:
            # "$400 total", "£80 tops": an amount of money, whatever word follows it
            return parse_value(raw[: m.end("num")] + (m.group("mult") or ""))
        number = _norm_number(m.group("num"), m.group("mult") if m.group("mult") in ("k", "K") else None)
        unit_label = said_unit or (canon_u if m.group("cur") else None)
        canon = " ".join(p for p in (number, canon_u) if p)
        if scope:
            canon += f" per {scope}"
            dim = f"rate:{dim}"
            short = f"{short or unit_text_base}/{scope}"
        return ParsedValue(raw, unit_label or None, canon, dim, scope, short)
    shown_in = display_unit(raw)
    if shown_in:  # "euros", "metric units": the unit things are given in
        return ParsedValue(raw, None, shown_in[1], shown_in[0])
    return ParsedValue(raw, None, _canonical_free(raw), "free")


def day_or_time(dim_a: str, canon_a: str, dim_b: str, canon_b: str) -> bool:
    """A day and a day with its time, either way round: "moved to Friday" revises
    "Thursday 14:00-15:00", "wednesday at 2pm" revises "Tuesday"."""
    if {dim_a, dim_b} != {"when", "clock"}:
        return False
    day, clock = (canon_a, canon_b) if dim_a == "when" else (canon_b, canon_a)
    return _days(day) and _days(clock.split(" ", 1)[0])  # ("mon-sat now" of "mon-fri 10-6")


def _days(canon: str) -> bool:
    """``canon`` is a weekday, a span of them or a list ("monday-friday", "monday/wednesday")."""
    return all(d in _DAY_NAMES for d in re.split(r"[-/]", canon))


_DAY_NAMES = frozenset(d.lower() for d in WEEKDAYS.values())


def _day(said: str) -> str:
    """The weekday a day word names ("next fri", "Thursdays" -> "thursday"), or the days
    said together ("mon/wed/fri" -> "monday/wednesday/friday")."""
    names = [w for w in re.findall(r"[a-z]+", said.lower()) if w in WEEKDAYS or w[:-1] in WEEKDAYS]
    join = "-" if len(names) == 2 and re.search(r"[a-z]\s*[-–]\s*[a-z]", said) else "/"
    return join.join((WEEKDAYS.get(n) or WEEKDAYS[n[:-1]]).lower() for n in names)  # "mon-sat": a span


def singular_period(word: str) -> str:
    word = word.lower()
    word = _PERIOD_ABBREVIATIONS.get(word, word)  # "req/min" is per minute
    return word[:-1] if word.endswith("s") and len(word) > 3 else word


_PERIOD_ABBREVIATIONS = {"s": "second", "sec": "second", "secs": "second", "min": "minute",
                         "mins": "minute", "h": "hour", "hr": "hour", "hrs": "hour", "d": "day",
                         "wk": "week", "wks": "week", "mo": "month", "mth": "month",
                         "yr": "year", "yrs": "year"}


def _canonical_date(raw: str) -> str:
    low = raw.lower().replace(",", " ").replace(".", " ")
    parts = [p for p in low.split() if p != "of"]
    month = next((MONTHS[p] for p in parts if p in MONTHS), None)
    day = next((re.sub(r"\D", "", p) for p in parts if re.match(r"^\d{1,2}(st|nd|rd|th)?$", p)), None)
    year = next((p for p in parts if re.match(r"^\d{4}$", p)), None)
    clock = re.search(r"(\d{1,2})(?::(\d{2}))?\s?([ap])\.?\s?m\b", low)
    if month is None:
        return low
    hhmm = None
    if clock:
        hour = int(clock.group(1)) % 12 + (12 if clock.group(3) == "p" else 0)
        hhmm = f"{hour:02d}:{clock.group(2) or '00'}"
    return " ".join(p for p in (month.lower(), str(int(day)) if day else None, year, hhmm) if p)


def _canonical_span(a: str, b: str) -> str:
    """``6-7pm`` -> ``18:00-19:00``: the start takes the end's half of the day when it has
    none and is not later than the end."""
    meridiem = re.search(r"([ap])\.?m", b, re.I)
    if meridiem and not re.search(r"[ap]\.?m", a, re.I) and ":" not in a \
            and int(re.match(r"\d+", a).group(0)) % 12 <= int(re.match(r"\d+", b).group(0)) % 12:
        a = f"{a.strip()}{meridiem.group(1)}m"
    start, end = _canonical_clock(a.strip()), _canonical_clock(b.strip())
    if not re.search(r"[ap]\.?m", a + b, re.I) and end[:2] < start[:2] <= "12":
        end = f"{int(end[:2]) + 12:02d}{end[2:]}"  # "10-6" is 10:00-18:00: the end comes later
    return f"{start}-{end}"


def _canonical_clock(raw: str) -> str:
    """``7:15 PM`` -> ``19:15``; ``9 am`` -> ``09:00`` (a zone word after it is kept)."""
    m = re.match(r"(\d{1,2})(?::(\d{2}))?\s?(?:([ap])\.?m\.?)?\s*(.*)$", raw.lower())
    if not m:
        return raw.lower()
    hour = int(m.group(1))
    if m.group(3):
        hour = hour % 12 + (12 if m.group(3) == "p" else 0)
    zone = f" {m.group(4)}" if m.group(4) else ""
    return f"{hour:02d}:{m.group(2) or '00'}{zone}"


def _canonical_free(raw: str) -> str:
    return " ".join(re.sub(r"[^\w%$€£.+#-]+", " ", raw.lower()).split())


def _manner(word: str) -> bool:
    """A word after a number that says how, not what is counted ("port 3000 locally"); never
    a period ("3 times daily")."""
    w = word.lower().strip(".,;:!?)")
    return w.endswith("ly") and w not in PERIOD_ADVERBS and is_adverb_only(w)


def split_number_unit(fragment: str) -> str:
    """Cut a value fragment after its unit: ``30 seconds for retries`` -> ``30 seconds``."""
    words = fragment.split()
    if not words:
        return fragment
    first = words[0].rstrip(".,;:!?)")
    if first != words[0] and re.match(rf"^(?:[$€£]?{_NUM}(?:[kKmM%]|[a-zA-Z]+)?|\d{{1,3}}/\d{{1,3}})$", first):
        return first  # "8, I want more", "$1,500?", "15%, can you": the value ends at its punctuation
    out = [words[0]]
    rest = words[1:]
    if rest and rest[0].lower() in ("k", "m") and re.match(rf"^[$€£]?{_NUM}$", out[0]):
        out.append(rest.pop(0))
    if len(rest) >= 2 and rest[0].lower() in ("per", "each") and re.match(r"^[A-Za-z]+", rest[1]) \
            and not _no_period(rest):
        # "5 per minute", "$30 per hour": a bare rate, its period the unit's place
        return " ".join(out + [rest[0], rest[1].rstrip(".,;:!?)")])
    if len(rest) >= 2 and rest[0].lower() in ("a", "an") \
            and rest[1].lower().rstrip(".,;:!?)") in _PERIODS:
        # "£950 a month": an amount and its period
        return " ".join(out + [rest[0], rest[1].rstrip(".,;:!?)")])
    if out[0][:1] in "$€£" and _verb_after_amount(rest):
        return out[0]  # "Orders over $500 need a phone check": the amount, then what it needs
    if rest and rest[0].lower().strip(".,;:!?") not in _NOT_UNITS and re.match(r"^(%|[A-Za-z]+)", rest[0]) \
            and not _manner(rest[0]):
        unit = rest.pop(0)
        trail = re.search(r"[.,;:!?)]+$", unit)
        out.append(unit.rstrip(".,;:!?)"))
        head = _head_noun(unit, rest) if not trail else 0
        if head:  # "3 failed login attempts": the unit is what is counted, its modifiers with it
            out.extend(w.rstrip(".,;:!?)") for w in rest[:head])
            trail = re.search(r"[.,;:!?)]+$", rest[head - 1])
            del rest[:head]
        if not trail and len(rest) >= 2 and rest[0].lower() in ("per", "a", "an", "each") \
                and re.match(r"^[A-Za-z]+", rest[1]) and not _no_period(rest):
            out.extend([rest[0], rest[1].rstrip(".,;:!?)")])
        elif not trail and rest and _period_adverb(rest[0]):
            out.append(rest[0].rstrip(".,;:!?)"))  # "1,520 dollars monthly"
    return " ".join(out)


def _verb_after_amount(rest: list[str]) -> bool:
    """The words after an amount of money start a verb phrase ("need a phone check",
    "require a signature", "get the discount"), not the amount's unit ("deposit")."""
    if len(rest) < 2 or rest[1].lower() not in _VERB_OBJECT_LEADS and not rest[1][:1].isdigit():
        return False
    return "VERB" in getAllLemmas(rest[0].lower().strip(".,;:!?"))


_VERB_OBJECT_LEADS = frozenset("a an the to my our your their his her its no free extra".split())


def _no_period(rest: list[str]) -> bool:
    """"each way", "each time": words after a value that divide it by nothing."""
    return rest[0].lower() == "each" and rest[1].lower().rstrip(".,;:!?)") in _NOT_PERIODS


_NOT_PERIODS = frozenset("way direction side time one other round trip".split())


def _period_adverb(word: str) -> bool:
    """A word after a value that makes it a rate ("daily"; "annual" qualifies a noun)."""
    word = word.lower().rstrip(".,;:!?)")
    return word in PERIOD_OF and word != "annual"
