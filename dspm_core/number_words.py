"""Counts written as words: "let's do two pages", "we're five now", "twenty-five minutes".

:func:`with_digits` writes a number word as digits where it counts something, so a
statement that spells its number is read like one that types it ("two pages" holds 2
pages and revises "1 page"). A number word counts something when a noun of the right
number follows it ("two pages", "one paragraph"), or when it stands for the number itself
after a verb of setting ("make it five", "we're five now"). Everything else is left alone:
"one of them", "the one I sent", "no one", "two or three", "one day I'll ...", and a bound
("no more than five words", "under three seasons"), which is kept as it was said.
"""

from __future__ import annotations

import re
from functools import lru_cache

from text_to_num import alpha2digit, text2num

from .lexicon import is_noun, is_plural_noun, plural_of
from .values import MONTHS, UNIT_ALIASES

__all__ = ["spoken_numbers", "with_digits", "word_set"]

_UNITS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
          "eight": 8, "nine": 9}
_TEENS = {"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
          "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}

_WORD = "|".join(sorted([*_UNITS, *_TEENS, *_TENS], key=len, reverse=True))
_SPELT = (rf"a\s+dozen|a\s+hundred|one\s+hundred|(?:{'|'.join(_TENS)})"
          rf"(?:[-\s](?:{'|'.join(w for w in _UNITS if w != 'one')}|one))?|{_WORD}")
_NUMBER_WORD_RE = re.compile(rf"\b(?P<n>{_SPELT})\b(?P<after>\s+(?P<next>[a-zA-Z][\w-]*))?", re.I)

# words before a number word that make it a pointer or a name, not a count
_NOT_COUNTED_BEFORE = frozenset("the this that these those which each every any no some all both "
                                "another other either neither".split())
# words before "one" after which it is the number ("make it one", "just one page")
_ONE_AFTER = frozenset("is be to do make just only under over max maximum exactly keep are "
                       "was were than 's with".split())
# what "one" measures wherever it stands ("make the cover letters one page", "one page is
# a squeeze"), beside the units of values
_MEASURES = frozenset("page paragraph sentence line slide bullet serving portion person guest room "
                      "night session replica worker instance seat screen column chapter".split())
# after "one <measure>" at the start of a sentence: the count is its subject ("one page is
# a squeeze"); anything else there is a phrase ("one day I'll ...")
_SUBJECT_VERB_RE = re.compile(r"^\s+(?:is|was|feels|seems|sounds|should|would|will|isn't|wasn't)\b",
                              re.I)
# words after a number word that are no count of it
_NOT_COUNTED = frozenset("of or and to more less fewer times other another".split())
# after these, a number word with nothing counted after it is the number itself ("make it
# five", "we're five now", "bump it to twelve")
# what may follow a number word said alone ("make it five now", "bumped to five as of today")
_ALONE_BEFORE = frozenset("now instead please then this max tops total as starting effective from going "
                          "again today tomorrow since because".split())
_STANDS_ALONE_AFTER = re.compile(r"(?:\b(?:it|that|to|we're|we are|be|at|down to|up to)\s+)$", re.I)


# a bound before a number word: the rule is kept in the words it was said in
_BOUND_BEFORE_RE = re.compile(r"\b(?:more|less|fewer|longer|shorter|than|most|least|under|over|"
                              r"below|above|exceed|exceeding|max|maximum|minimum|min|within)\s+$", re.I)


def _value(words: str) -> int:
    parts = re.split(r"[-\s]+", words.lower())
    if parts[0] == "a" or parts == ["one", "hundred"]:
        return 12 if parts[-1] == "dozen" else 100
    total = 0
    for p in parts:
        total += _UNITS.get(p) or _TEENS.get(p) or _TENS.get(p, 0)
    return total


_SPOKEN_RE = re.compile(rf"(?<![\w.,$€£])(?:(?P<d>\d{{1,3}}(?:,\d{{3}})+|\d+(?:\.\d+)?)(?P<k>k\b)?"
                        rf"|\b(?P<w>{_SPELT})\b)(?![\w%]|[.,]\d)", re.I)


def spoken_numbers(text: str) -> list[tuple[re.Match[str], float]]:
    """Every number of ``text`` as said, each with its value: digits ("10,000", "2.5"),
    thousands ("8k") and words ("three", "twenty-five"), counted or not ("three isn't
    cutting it", "15 doesn't even fill a page")."""
    out: list[tuple[re.Match[str], float]] = []
    for m in _SPOKEN_RE.finditer(text):
        if m.group("w"):
            out.append((m, float(_value(m.group("w")))))
        else:
            n = float(m.group("d").replace(",", ""))
            out.append((m, n * 1000 if m.group("k") else n))
    return out


@lru_cache(maxsize=8192)
def _counts(noun: str, plural: bool) -> bool:
    """Whether ``noun`` can be what a number word counts: a noun of that number, or a unit."""
    w = noun.lower()
    if w in _NOT_COUNTED:
        return False
    if w in UNIT_ALIASES:
        return True
    if plural:
        return is_plural_noun(w)
    return is_noun(w) and not is_plural_noun(w)


_NEXT_WORD_RE = re.compile(r"\s+([a-zA-Z][\w-]*)")


def _counts_compound(first: str, text: str, at: int, plural: bool) -> bool:
    """Whether ``first`` and the word after it (at ``at`` in ``text``) make a compound
    noun a number word counts ("three bullet points", "two coffee breaks"): a noun, then
    the noun counted."""
    m = _NEXT_WORD_RE.match(text, at)
    return m is not None and first.lower() not in _NOT_COUNTED and is_noun(first.lower()) \
        and not is_plural_noun(first.lower()) and _counts(m.group(1), plural)


# what a half or a couple is said of ("an hour and a half", "half a cup", "a couple of days"):
# units and measures, never any noun ("half a chance", "half the team", "a couple of things")
_HALVED = frozenset({*(w for w in UNIT_ALIASES if len(w) > 2 and w.isalpha()), *_MEASURES,
                     *"pages paragraphs sentences lines slides sessions nights km kilometre kilometer "
                      "kilometres kilometers mile miles lap laps cup cups glass glasses litre liter "
                      "litres liters pint pints kilo kilos kg spoon spoons teaspoon teaspoons "
                      "tablespoon tablespoons scoop scoops bottle bottles dozen".split()})
_HALF_RE = re.compile(
    rf"\b(?P<n>an?|{_SPELT}|\d+)\s+(?P<noun>[a-z]+)\s+and\s+a\s+half\b"   # "an hour and a half"
    rf"|\b(?P<n2>{_SPELT}|\d+)\s+and\s+a\s+half\s+(?P<noun2>[a-z]+)\b"   # "two and a half hours"
    r"|\b(?:an?\s+)?half\s+(?:an?\s+)?(?P<noun3>[a-z]+)\b"                  # "half an hour"
    r"|\b(?:a\s+)?couple\s+(?:of\s+)?(?P<noun4>[a-z]+)\b"                   # "a couple of days"
    # "stretch it to two and a half": the unit of the setting spoken of
    rf"|(?<=\bto\s)(?P<n5>{_SPELT}|\d+)\s+and\s+a\s+half\b(?=\s*(?:[,.;!?]|$)|\s+(?:now|then|instead|please|pls)\b)",
    re.I)


def _plural(noun: str) -> str:
    unit = UNIT_ALIASES.get(noun)
    if unit is not None and unit[0].isalpha() and unit[0].islower():
        return unit[0]  # "hour" -> "hours"
    if noun in ("km", "kg") or noun.endswith("s"):
        return noun
    return plural_of(noun)


def _half(m: re.Match[str]) -> str:
    if m.group("n5"):
        said = m.group("n5").lower()
        return f"{int(said) if said.isdigit() else _value(said)}.5"
    noun = (m.group("noun") or m.group("noun2") or m.group("noun3") or m.group("noun4")).lower()
    if noun not in _HALVED:
        return m.group(0)
    if m.group("noun4"):
        return f"2 {noun}" if is_plural_noun(noun) or noun in ("km", "kg") else m.group(0)
    if m.group("noun3"):
        return "6" if noun == "dozen" else f"0.5 {_plural(noun)}"
    said = (m.group("n") or m.group("n2")).lower()
    n = 1 if said in ("a", "an") else int(said) if said.isdigit() else _value(said)
    return f"{n}.5 {_plural(noun)}"


# a quarter of a unit: "three quarters of an hour", "a quarter of a mile"
_QUARTERS_RE = re.compile(r"\b(?:(?P<n>an?|one|two|three|\d)\s+)?quarters?\s+of\s+an?\s+(?P<noun>[a-z]+)\b",
                          re.I)


def _quarters(m: re.Match[str]) -> str:
    noun = m.group("noun").lower()
    if noun not in _HALVED:
        return m.group(0)
    said = (m.group("n") or "a").lower()
    n = 1 if said in ("a", "an", "one") else int(said) if said.isdigit() else _value(said)
    return f"{n / 4:g} {_plural(noun)}"


def _with_halves(text: str) -> str:
    """``text`` with its halves and couples in digits ("an hour and a half" -> "1.5 hours",
    "two and a half pages" -> "2.5 pages", "half an hour" -> "0.5 hours", "half a dozen" ->
    "6", "every couple of days" -> "every 2 days")."""
    return _HALF_RE.sub(_half, text)


# a number said in several words: "twenty-five", "a hundred and forty", "fifteen hundred",
# "two thousand", "two dozen" (read by text2num; a run it cannot read, "nine thirty" or
# "two three", is left alone)
_RUN_WORD = rf"(?:{_WORD}|hundred|thousand|dozen)"
_RUN_RE = re.compile(rf"\b(?:(?:a|one)\s+)?{_RUN_WORD}(?:(?:[\s-]+|\s+and\s+){_RUN_WORD})+\b", re.I)
_SCALES_RE = re.compile(r"\b(?:hundred|thousand|dozen)\b|-", re.I)
# an hour said before the run: a time of day ("seven twenty-five"), read by clock_words
_HOUR_BEFORE_RE = re.compile(r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|"
                             r"twelve|\d{1,2})\s*$", re.I)


def _run(m: re.Match[str], text: str) -> str:
    said = m.group(0)
    words = re.split(r"[\s-]+", said.lower())
    if _BOUND_BEFORE_RE.search(text, 0, m.start()) or _HOUR_BEFORE_RE.search(text, 0, m.start()):
        return said  # a bound, kept in its words; a time of day
    if not (words[0] in _TENS and len(words) == 2 and words[1] in _UNITS) \
            and not _SCALES_RE.search(said):
        return said  # "two three" (but "twenty five", "thirty-one")
    if words[-1] == "dozen":
        lead = " ".join(words[:-1])
        try:
            n = 1 if lead in ("a", "one", "") else text2num(lead, "en")
        except ValueError:
            return said
        return str(n * 12)
    try:
        return str(text2num(re.sub(r"^a\s+", "one ", said.lower()), "en"))
    except ValueError:
        return said


# a day of the month in words: "the twenty-eighth", "the third of may", "june twenty-first"
_ORDINAL = (r"(?:(?:twenty|thirty)[\s-])?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|"
            r"ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|"
            r"eighteenth|nineteenth|twentieth|thirtieth)")
_MONTH = "|".join(sorted((m.lower() for m in MONTHS), key=len, reverse=True))
_DAY_RE = re.compile(rf"(?P<lead>\bthe\s+|\b(?:{_MONTH})\s+(?:the\s+)?)(?P<day>{_ORDINAL})\b(?P<after>\s+[a-z]+)?",
                     re.I)


def _day(m: re.Match[str]) -> str:
    day, after = m.group("day"), (m.group("after") or "").strip().lower()
    if day.lower() in ("first", "second") and not after == "of":
        return m.group(0)  # "the first thing", "the second one"
    if after and after not in _DAY_AFTER and after not in _MONTHS_LOW and is_noun(after):
        return m.group(0)  # "the third option", "the twentieth anniversary"
    return f"{m.group('lead')}{alpha2digit(day, 'en')}{m.group('after') or ''}"


_MONTHS_LOW = frozenset(m.lower() for m in MONTHS)


#: words after a day of the month that say something of the day, not of a thing it orders
_DAY_AFTER = frozenset("of works work suits suit would is was then instead now please pls ok "
                       "okay at for and or is's fine better".split())




# a thousand of money: "a grand", "two grand"
_GRAND_RE = re.compile(rf"\b(?P<n>a|one|{_WORD})\s+grand\b", re.I)


def _grand(m: re.Match[str]) -> str:
    said = m.group("n").lower()
    return str(1000 * (1 if said in ("a", "one") else _value(said)))


# one whole unit ("a full hour", "an entire day") and a fortnight
_WHOLE_RE = re.compile(r"\b(?:a|an|one)\s+(?:full|whole|entire)\s+(?P<unit>hour|day|week|month|year|"
                       r"minute|night|session)\b", re.I)
_FORTNIGHT_RE = re.compile(r"\ba\s+fortnight\b", re.I)
# one unit a pointer is made ("make it an hour instead", "change that to a week"), or a
# setting is brought to ("cut rehearsal to an hour", "bump the trial up to a month"; never
# "go to a day spa": a thing named after it)
_ONE_UNIT_RE = re.compile(r"\b(?P<lead>(?:make|change|set|move|bump|extend|cut|shorten)\s+(?:it|that|this)"
                          r"(?:\s+to)?\s+|(?:make|change|set|move|bump|extend|cut|shorten|trim|raise|lower|reduce|"
                          r"increase|drop|push|stretch|bring|go|up|knock|lengthen)\s+(?:(?:it|that|this|them|those|"
                          r"(?:the\s+|my\s+|our\s+)?[a-z]+)\s+)?(?:back\s+|down\s+|up\s+)?to\s+)"
                          r"an?\s+(?P<unit>hour|day|week|month|year|minute|night)\b"
                          r"(?=\s*(?:[,.;!?)]|$)|\s+(?:now|instead|then|please|pls|for|each|every|per|tops|max|long|"
                          r"and|or|but|so|because|since|from|going|starting|at|tho|though|actually)\b)", re.I)

# an hour given, taken or spent ("the kids get an hour of screen time", "it takes about an
# hour", "I walk for an hour"), never a rate ("£15 an hour") or a time ("an hour ago")
_AN_HOUR_RE = re.compile(r"(?:\b(?P<lead>(?:get|gets|got|is|are|was|were|takes|take|took|lasts|last|"
                         r"for|about|around|roughly|allowed|allow|spend|spends|need|needs|want|wants|wanted|give|gives)\s+)"
                         r"|(?<![\w$€£%.]\s)(?<!\d)(?=an\s+hour\s+of\b)|^(?=an\s+hour\s*[.!]?\s*$))an\s+hour\b"
                         r"(?!\s+(?:ago|later|earlier|early|late|before|after|from now|or two|and))", re.I)


def _spelt_out(text: str, words: frozenset[str]) -> str:
    """``text`` (of the lower-case ``words``) with its numbers of several words, its days
    of the month in words, its whole units and fortnights in digits."""
    if not words.isdisjoint(_WHOLE_WORDS):
        text = _WHOLE_RE.sub(lambda m: f"1 {m.group('unit')}", text)
    if not words.isdisjoint(_ONE_UNIT_WORDS) and ("a" in words or "an" in words):
        text = _ONE_UNIT_RE.sub(lambda m: f"{m.group('lead')}1 {m.group('unit')}", text)
        if "hour" in words:
            text = _AN_HOUR_RE.sub(lambda m: f"{m.group('lead') or ''}1 hour", text)
    if "grand" in words:
        text = _GRAND_RE.sub(_grand, text)
    if "fortnight" in words:
        text = _FORTNIGHT_RE.sub("2 weeks", text)
    if not words.isdisjoint(_ORDINAL_WORDS):
        text = _DAY_RE.sub(_day, text)
    if len(words & _RUN_WORDS) > 1 or "hundred" in words or "thousand" in words:
        text = _RUN_RE.sub(lambda m: _run(m, text), text)
    return text


_WHOLE_WORDS = frozenset(("full", "whole", "entire"))
_ONE_UNIT_WORDS = frozenset("hour day week month year minute night".split())
_ORDINAL_WORDS = frozenset(re.findall(r"[a-z]+", _ORDINAL))
_RUN_WORDS = frozenset((*_UNITS, *_TEENS, *_TENS, "hundred", "thousand", "dozen"))
#: every word one of the passes of :func:`with_digits` reads
_NUMBERISH = _RUN_WORDS | _ORDINAL_WORDS | _WHOLE_WORDS | _ONE_UNIT_WORDS | {"grand", "fortnight", "half", "couple",
                                                            "quarter", "quarters"}
_ALPHA_RE = re.compile(r"[a-z]+")


@lru_cache(maxsize=16384)
def word_set(text: str) -> frozenset[str]:
    """The lower-case words of ``text``: a set of them tells at once whether a sentence
    can hold a form, before any pattern is tried (shared by the readers of numbers, times
    and changes by an amount)."""
    return frozenset(_ALPHA_RE.findall(text.lower()))


_PER_CENT_RE = re.compile(r"\s+per\s+cent\b", re.I)


@lru_cache(maxsize=16384)
def with_digits(text: str) -> str:
    """``text`` with each number word that counts something written as digits ("two
    pages" -> "2 pages", "an hour and a half" -> "1.5 hours"), and each number said in
    several words ("a hundred and forty", "twenty-five", "two dozen"), day of the month in
    words ("the twenty-eighth") and whole unit ("a full hour", "a fortnight"); the same
    text when there is none; one unit a pointer is made ("make it an hour") too."""
    words = word_set(text)
    if words.isdisjoint(_NUMBERISH):
        return text  # (most sentences: a set of its words is cheaper than the patterns)
    if "half" in words or "couple" in words:
        text = _with_halves(text)
    if "quarter" in words or "quarters" in words:
        text = _QUARTERS_RE.sub(_quarters, text)
    text = _spelt_out(text, words)
    if not _NUMBER_WORD_RE.search(text):
        return text
    out: list[str] = []
    last = 0
    for m in _NUMBER_WORD_RE.finditer(text):
        before = text[:m.start()]
        prev = re.findall(r"[\w']+", before.lower())[-1:] or [""]
        n = _value(m.group("n"))
        nxt = m.group("next")
        if prev[0] in _NOT_COUNTED_BEFORE or before.rstrip().endswith(("-", "/")) \
                or _BOUND_BEFORE_RE.search(before):
            continue  # a bound keeps its words ("no more than five words"): its rule as said
        if n == 1 and prev[0] not in _ONE_AFTER and not prev[0].endswith("'s") and not (
                nxt is not None and (nxt.lower() in _MEASURES or nxt.lower() in UNIT_ALIASES)
                and (prev[0] or _SUBJECT_VERB_RE.match(text[m.end():]))):
            continue  # "one day I'll ...", "one of us"
        counted = nxt is not None and (_counts(nxt, plural=n > 1) or nxt.lower() == "per"
                                       and _PER_CENT_RE.match(text, m.end("n")) is not None
                                       or _counts_compound(nxt, text, m.end(), n > 1))
        alone = (nxt is None or nxt.lower() in _ALONE_BEFORE)\
            and _STANDS_ALONE_AFTER.search(before) is not None
        if not (counted or alone):
            continue
        out.append(text[last:m.start()])
        out.append(str(n))
        last = m.end("n")
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)
