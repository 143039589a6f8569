"""A time of day or a date moved by an amount: "push it back an hour", "make it half an
hour later", "move standup 15 minutes later", "Push the launch back a week", "delay the
kickoff call by 90 minutes", "bring the review forward by half an hour".

:func:`shift_said` reads such a move out of a sentence: how far (an amount of minutes,
hours, days or weeks), which way, and what it names (None for "it" or nothing).
:func:`shifted` moves a time of day, a date or a weekday by it, written as the old value
was: "2pm" an hour later is "3pm", "14:00" 90 minutes later "15:30", "10:30am" 30 minutes
earlier "10am", "March 10" a week later "March 17", "Tuesday" a day later "Wednesday".
A move said of one occasion ("on weekends", "today", "just this once") moves no setting.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from .number_words import spoken_numbers, word_set
from .values import MONTHS, WEEKDAYS

__all__ = ["SHIFT_WORDS", "UNIT_MINUTES", "Shift", "shift_said", "shifted"]

#: minutes in each unit an amount of time is said in
UNIT_MINUTES = {"min": 1, "mins": 1, "minute": 1, "minutes": 1, "hour": 60, "hours": 60, "hr": 60,
            "hrs": 60, "h": 60, "day": 1440, "days": 1440, "week": 10080, "weeks": 10080,
            "wk": 10080, "wks": 10080}
_AMOUNT = (r"(?P<amt>half\s+an?|an?|(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|"
           r"ten|eleven|twelve|fifteen|twenty|thirty|forty|forty-five|fifty|sixty|ninety)"
           r"(?:\s+and\s+a\s+half)?)\s*(?P<unit>min(?:ute)?s?|hours?|hrs?|h|days?|weeks?|wks?)\b"
           r"(?P<half>\s+and\s+a\s+half\b)?")
# "an hour later", "30 minutes earlier", "a day later"
_LATER_RE = re.compile(rf"\b{_AMOUNT}\s+(?P<dir>later|earlier|sooner)\b", re.I)
# "push it back an hour", "push the launch back a week", "bring the review forward by half an hour"
_BACK_RE = re.compile(rf"\b(?:push(?:es|ed|ing)?|mov(?:e|es|ed|ing)|put|puts|putting|bump(?:s|ed|ing)?|"
                      rf"shift(?:s|ed|ing)?|bring(?:s|ing)?|brought|pull(?:s|ed|ing)?)\b"
                      rf"(?P<mid>(?:\s+(?!(?:back|forward|out|up|ahead|by)\b)[\w'-]+){{0,6}}?)"
                      rf"\s+(?P<dir>back|forward|out|up|ahead)\s+(?:by\s+)?{_AMOUNT}", re.I)
# "delay the kickoff call by 90 minutes", "my flight's been delayed by 2 hours"
_DELAY_RE = re.compile(rf"\b(?P<dir>delay(?:s|ed|ing)?|postpon(?:e|es|ed|ing))\b"
                       rf"(?P<mid>(?:\s+(?!by\b)[\w'-]+){{0,6}}?)\s+by\s+{_AMOUNT}", re.I)
# "push it an hour", "push the deadline a day": a push with no way said is later
_PUSH_RE = re.compile(rf"\b(?P<dir>push(?:es|ed|ing)?)\b(?P<mid>\s+(?:it|that|this|them|the\s+[\w'-]+(?:\s+[\w'-]+)?))"
                      rf"\s+(?:by\s+)?{_AMOUNT}(?!\s+(?:back|forward|out|up|ahead|earlier|later|sooner)\b)", re.I)
_LATER_WORDS = frozenset("later back out delay delays delayed delaying postpone postpones "
                         "postponed postponing push pushes pushed pushing".split())
#: a move of a time or a date holds one of these words
SHIFT_WORDS = frozenset("later earlier sooner back forward out up ahead delay delays delayed "
                        "delaying postpone postpones postponed postponing push pushed".split())
# one occasion, not the setting: "on weekends they can stay up an hour later", "today"
_OCCASION_RE = re.compile(r"\b(?:on\s+(?:weekends?|weekdays?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)|"
                          r"today|tonight|this\s+(?:once|time)|just\s+(?:this|that)\s+(?:once|day|time)|"
                          r"for\s+(?:today|tonight|tomorrow))\b", re.I)
# the words of a clause that name no setting ("can we", "let's", "they moved my ...")
_NOT_NAMING = frozenset(
    "can could would will we you i they he she it that this them let's lets let us please pls "
    "move moved moving moves make made set start started starts do did does got get gets is are "
    "was were be been being 's the my our your a an so now ok okay and then just also schedule "
    "reschedule rescheduled shift shifted bump bumped have has had actually hey oh um well "
    "push pushed bring put pull pulled delay delayed postpone postponed good news there's "
    "going to gonna need needs want wants ugh hmm yeah yes sorry btw fyi guys heads up".split())


# where the clause of the move opens ("mum can't get there till later so | push it back an
# hour", "now it's light till late | let's push it half an hour later")
_CLAUSE_RE = re.compile(r"[,;.!?]|\s(?:so|then|and|but|because|let's|lets)\s", re.I)


@dataclass(frozen=True, slots=True)
class Shift:
    """A move of a time or a date by ``minutes`` (negative: earlier), said of ``subject``
    (None: "it", or nothing); ``amount`` is the number as said ("an hour": 1)."""

    minutes: float
    subject: str | None
    amount: float


def shift_said(text: str) -> Shift | None:
    """The move of a time or a date ``text`` says, or None."""
    if SHIFT_WORDS.isdisjoint(word_set(text)) or _OCCASION_RE.search(text):
        return None
    for form in (_BACK_RE, _DELAY_RE, _LATER_RE, _PUSH_RE):
        m = form.search(text)
        if m is None:
            continue
        minutes = _minutes(m.group("amt"), m.group("unit"))
        if minutes is None:
            continue
        if m.group("half"):  # "an hour and a half", "two hours and a half"
            minutes += UNIT_MINUTES[m.group("unit").lower()] / 2
        later = m.group("dir").lower() in _LATER_WORDS
        if form is _LATER_RE:
            said = _CLAUSE_RE.split(text[: m.start()])[-1]
        else:
            before = _CLAUSE_RE.split(text[: m.start()])[-1]
            said = m.group("mid") if _names(m.group("mid")) else before
        amount = _amount(m.group("amt"))
        return Shift(minutes if later else -minutes, _names(said), amount or 0.0)
    return None


def _amount(amt: str) -> float | None:
    a = amt.lower().strip()
    if a.startswith("half"):
        return 0.5
    if a in ("a", "an"):
        return 1.0
    found = spoken_numbers(a)
    if not found:
        return None
    return found[0][1] + (0.5 if a.endswith("and a half") else 0.0)


def _minutes(amt: str, unit: str) -> float | None:
    n = _amount(amt)
    per = UNIT_MINUTES.get(unit.lower())
    return None if n is None or per is None else n * per


def _names(words: str) -> str | None:
    """The words that name a setting, the ones of a request or a pointer left out ("can we
    push it", "they moved my shift": "shift"; "my flight's been delayed": "flight")."""
    kept = []
    for w in re.findall(r"[\w'-]+", words):
        low = w.lower()
        if low.endswith("'s") and low[:-2] not in ("it", "that", "there", "what", "let", "here"):
            w, low = w[:-2], low[:-2]
        if low not in _NOT_NAMING:
            kept.append(w)
    return " ".join(kept) or None


# ------------------------------------------------------------------------- applying
_CLOCK_RE = re.compile(r"(?<![\w:.])(?P<h>\d{1,2})(?::(?P<m>\d{2}))?(?P<sp>\s?)(?P<ap>[ap]\.?m\.?)?(?![\w:])",
                       re.I)
_DATE_RE = re.compile(r"\b(?P<mon>[A-Za-z]{3,9})\.?\s+(?P<day>\d{1,2})(?P<th>st|nd|rd|th)?\b"
                      r"|\b(?P<day2>\d{1,2})(?P<th2>st|nd|rd|th)?(?P<of>\s+(?:of\s+)?)(?P<mon2>[A-Za-z]{3,9})\b")
_WEEKDAY_RE = re.compile(r"\b(?P<d>[A-Za-z]{3,9}?)(?P<s>s?)\b")
# (in calendar order, as values lists them)
_DAY_NAMES = list(dict.fromkeys(WEEKDAYS.values()))
_MONTH_NAMES = list(dict.fromkeys(MONTHS.values()))


def shifted(value: str, minutes: float) -> str | None:
    """``value`` moved by ``minutes`` (negative: earlier), written as it was; None when it
    holds no time of day (for minutes and hours) or no date or weekday (for whole days and
    weeks)."""
    if minutes % 1440:
        return _moved_clock(value, minutes)
    days = int(minutes // 1440)
    return _moved_date(value, days) or _moved_weekday(value, days)


def _moved_clock(value: str, minutes: float) -> str | None:
    clocks = [m for m in _CLOCK_RE.finditer(value) if m.group("ap") or m.group("m")
              or value.strip() == m.group(0).strip()]
    if len(clocks) != 1:
        return None  # no time of day, or a range: nothing to move
    m = clocks[0]
    h, mins = int(m.group("h")), int(m.group("m") or 0)
    if h > 23 or mins > 59:
        return None
    ap = m.group("ap")
    if ap:
        if h == 0 or h > 12:
            return None
        total = (h % 12 + (12 if ap[0].lower() == "p" else 0)) * 60 + mins + minutes
        total %= 1440
        nh, nm = divmod(int(total), 60)
        new_ap = ("pm" if nh >= 12 else "am")
        new_ap = new_ap.upper() if ap[0].isupper() else new_ap
        if "." in ap:
            new_ap = f"{new_ap[0]}.{new_ap[1]}."
        shown = nh % 12 or 12
        text = f"{shown}:{nm:02d}" if nm else str(shown)
        return value[: m.start()] + text + m.group("sp") + new_ap + value[m.end():]
    twelve = h <= 12 and not m.group("h").startswith("0")  # "9:15", "7": a clock of 12 hours
    span = 720 if twelve else 1440
    total = ((h % 12 if twelve else h) * 60 + mins + minutes) % span
    nh, nm = divmod(int(total), 60)
    if twelve:
        nh = nh or 12
    text = f"{nh:02d}:{nm:02d}" if m.group("h").startswith("0") else (
        f"{nh}:{nm:02d}" if m.group("m") or nm else str(nh))
    return value[: m.start()] + text + value[m.end():]


def _moved_date(value: str, days: int) -> str | None:
    found = [m for m in _DATE_RE.finditer(value)
             if (m.group("mon") or m.group("mon2") or "").lower().rstrip(".") in MONTHS]
    if len(found) != 1:
        return None
    m = found[0]
    mon_word = m.group("mon") or m.group("mon2")
    month = _MONTH_NAMES.index(MONTHS[mon_word.lower().rstrip(".")]) + 1
    day = int(m.group("day") or m.group("day2"))
    try:
        new = date(2001, month, day) + timedelta(days=days)  # (a year of 365 days)
    except ValueError:
        return None
    name = _MONTH_NAMES[new.month - 1]
    if mon_word.lower().rstrip(".") != MONTHS[mon_word.lower().rstrip(".")].lower():
        name = name[:3]  # "Sep 28": "Oct 1" (but "May 30": "June 2")
    if mon_word.islower():
        name = name.lower()
    th = m.group("th") or m.group("th2")
    suffix = _ordinal(new.day) if th else ""
    text = f"{name} {new.day}{suffix}" if m.group("mon") else f"{new.day}{suffix}{m.group('of')}{name}"
    return value[: m.start()] + text + value[m.end():]


def _ordinal(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def _moved_weekday(value: str, days: int) -> str | None:
    if days % 7 == 0:
        return None  # a week on is the same weekday: no value to say
    found = [m for m in _WEEKDAY_RE.finditer(value) if m.group("d").lower() in WEEKDAYS]
    if len(found) != 1:
        return None
    m = found[0]
    name = _DAY_NAMES[(_DAY_NAMES.index(WEEKDAYS[m.group("d").lower()]) + days) % 7]
    if m.group("d").islower():
        name = name.lower()
    return value[: m.start()] + name + m.group("s") + value[m.end():]
