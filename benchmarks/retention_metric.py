"""The LLM-free "delivered" metric of ``retention.py``: one function for every system.

An item (an instruction, a preference, a new value, a statement) is reduced to a
:class:`Key`: its numbers (with the unit that follows each, when there is one), its
names (capitalised words inside a sentence, identifiers with digits) and its content
words (stopwords removed, simple stemming; the word handling of
``extraction_recall.py``). A line *carries* a key when

* every number of the key is in the line, each followed by the same unit when the key
  gives one (``250ms`` = ``250 ms`` = ``250 milliseconds``),
* every name of the key is in the line, and
* at least half (rounded up) of the key's content words are in the line.

An item is *delivered* when ONE rendered line carries its key (for turn-window
baselines a line is one whole message). An update is delivered when its new value is
carried and no line states an old value outside a lineage span such as ``(was 300 ms)``.
A contradiction is delivered when both statements are carried (by any lines).
See ``RETENTION.md`` for the definition with examples.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from extraction_recall import _STOP, _stem, content_words, numbers_and_months

__all__ = ["Key", "Line", "make_key", "make_line", "carries", "delivered", "update_delivered",
           "all_delivered", "value_pairs", "stale_lines", "strip_lineage"]

# "250ms" -> "250 ms", "3x" -> "3 x"; thousands separators dropped before matching.
_GLUE_RE = re.compile(r"(\d)([a-zA-Z%])")
_PAIR_RE = re.compile(r"(\d+(?:[.,]\d+)*)\s*(%|[a-zA-Z]+)?")
_LINEAGE_RE = re.compile(r"[(\[]\s*(?:was|previously|formerly|earlier)\b[^)\]]*[)\]]", re.I)
_WHOLE_EARLIER_RE = re.compile(r"\(earlier\)\s*$", re.I)
_NAME_RE = re.compile(r"(?<![\w'])([A-Z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*|"
                      r"[A-Za-z]*\d[A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)+)")
_NEGATION_RE = re.compile(r"\b(?:never|not|no|none|nothing|neither|nor|without|cannot)\b|n't\b",
                          re.I)
_VALUE_TOKEN_RE = re.compile(r"\d+(?:[.,]\d+)*-?[A-Za-z%]+")
_SENT_START_RE = re.compile(r"(?:^|[.!?:;\n]\s*|[\"'(\[]\s*)$")
_UNITS = {
    "ms": "ms", "msec": "ms", "millisecond": "ms", "milliseconds": "ms",
    "s": "s", "sec": "s", "secs": "s", "second": "s", "seconds": "s",
    "min": "min", "mins": "min", "minute": "min", "minutes": "min",
    "h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h",
    "d": "day", "day": "day", "days": "day", "wk": "week", "week": "week", "weeks": "week",
    "kb": "kb", "mb": "mb", "gb": "gb", "tb": "tb", "megabyte": "mb", "megabytes": "mb",
    "gigabyte": "gb", "gigabytes": "gb", "%": "%", "percent": "%", "pct": "%",
    "k": "k", "x": "x",
}


def _norm(text: str) -> str:
    return _GLUE_RE.sub(r"\1 \2", text.replace("’", "'"))


def _unit(word: str | None) -> str | None:
    """Canonical unit of the word after a number, None when it is not a unit-like word."""
    if not word:
        return None
    w = word.lower()
    if w in _UNITS:
        return _UNITS[w]
    if w in _STOP or len(w) < 2 or w in {"and", "to", "or"}:
        return None
    return _stem(w)


def value_pairs(text: str) -> set[tuple[str, str | None]]:
    """(number, canonical unit or None) pairs of ``text``; commas in numbers dropped."""
    out = set()
    for m in _PAIR_RE.finditer(_norm(text)):
        num = m.group(1).replace(",", "").rstrip(".")
        out.add((num, _unit(m.group(2))))
    return out


def _names(text: str) -> set[str]:
    out: set[str] = set()
    for m in _NAME_RE.finditer(text):
        tok = m.group(1)
        if not any(ch.isdigit() for ch in tok) and _SENT_START_RE.search(text[: m.start()]):
            continue  # a capital at the start of a sentence is not a name
        if _VALUE_TOKEN_RE.fullmatch(tok):
            continue  # "2.5MB", "30-minute": a value with its unit, matched as a value
        out |= content_words(tok.replace("-", " ").replace(".", " "))
        if any(ch.isdigit() for ch in tok):
            out.add(tok.lower())
    return out


@dataclass(frozen=True, slots=True)
class Key:
    """What a line must contain to carry an item."""

    text: str
    pairs: frozenset[tuple[str, str | None]]  # numbers, with the unit when one follows
    names: frozenset[str]
    words: frozenset[str]
    need: int  # content words a line must share
    negated: bool = False  # "you have never ...": the line must hold a negation too

    def to_json(self) -> dict:
        return {"pairs": sorted(f"{n} {u}" if u else n for n, u in self.pairs),
                "names": sorted(self.names), "words": sorted(self.words), "need": self.need}


@dataclass(frozen=True, slots=True)
class Line:
    """One rendered line (or one message), pre-tokenised for matching."""

    text: str
    words: frozenset[str]
    nums: frozenset[str]
    pairs: frozenset[tuple[str, str | None]]
    ids: frozenset[str]
    negated: bool = False


def make_key(text: str) -> Key:
    norm = _norm(text)
    # A measurement unit (ms, s, MB, %, ...) must follow its number in the line; a count
    # noun ("165 commits") must only be in the same line ("commits ... reached 165").
    pairs_list, nouns = [], set()
    for num, unit in value_pairs(text):
        if unit is None or unit in _UNITS.values():
            pairs_list.append((num, unit))
        else:
            pairs_list.append((num, None))
            nouns.add(unit)
    pairs = frozenset(pairs_list)
    # month names and number words count as values too (numbers_and_months folds them)
    extra = {(v, None) for v in numbers_and_months(norm)} - {(n, None) for n, _ in pairs}
    extra = {p for p in extra if not any(p[0] == n for n, _ in pairs)}
    names = frozenset(_names(text) | nouns)
    words = frozenset(content_words(norm))
    return Key(text=text, pairs=pairs | frozenset(extra), names=names, words=words,
               need=math.ceil(len(words) / 2) if words else 0, negated=_negated(norm))


def make_line(text: str) -> Line:
    norm = _norm(text)
    pairs = frozenset(value_pairs(text))
    nums = frozenset(numbers_and_months(norm)) | frozenset(n for n, _ in pairs)
    ids = frozenset(m.group(1).lower() for m in _NAME_RE.finditer(text)
                    if any(ch.isdigit() for ch in m.group(1)))
    return Line(text=text, words=frozenset(content_words(norm)), nums=nums, pairs=pairs, ids=ids,
                negated=_negated(norm))


def carries(line: Line, key: Key) -> bool:
    """Whether this one line carries the key (numbers+units, names, half the words)."""
    for num, unit in key.pairs:
        if unit is None:
            if num not in line.nums:
                return False
        elif (num, unit) not in line.pairs:
            return False
    for name in key.names:
        if name not in line.words and name not in line.ids:
            return False
    if key.negated and not line.negated:
        return False
    return len(key.words & line.words) >= key.need


def _negated(text: str) -> bool:
    return bool(_NEGATION_RE.search(text))


def delivered(lines: Sequence[Line], key: Key) -> int:
    """Index of the first line that carries ``key``, or -1."""
    for i, line in enumerate(lines):
        if carries(line, key):
            return i
    return -1


def all_delivered(lines: Sequence[Line], keys: Iterable[Key]) -> list[int]:
    return [delivered(lines, k) for k in keys]


def strip_lineage(text: str) -> str:
    """The line without its lineage spans: ``x 10 s (was 30 s)`` -> ``x 10 s``."""
    return _LINEAGE_RE.sub(" ", text)


def stale_lines(lines: Sequence[Line], old: Iterable[tuple[str, str | None]]) -> list[int]:
    """Lines that state an old value outside a ``(was ...)`` span; an old value is
    (number, unit or None) or, for a date, (day, "@month"). A line marked as a whole as an
    earlier statement (``... (earlier)`` at its end) states no value as current."""
    old = set(old)
    if not old:
        return []
    out = []
    for i, line in enumerate(lines):
        if not any(n in line.nums for n, _ in old):
            continue  # fast path: no old number at all
        if _WHOLE_EARLIER_RE.search(line.text):
            continue
        text = strip_lineage(line.text)
        bare = value_pairs(text)
        bare_nums = {n for n, _ in bare}
        for num, unit in old:
            if unit is not None and unit.startswith("@"):  # a date: (day, "@month")
                hit = re.search(rf"\b{unit[1:]}[a-z]*\.?\s+{num}(?!\d)", text, re.I)
            else:
                hit = (unit is None and num in bare_nums) or (num, unit) in bare
            if hit:
                out.append(i)
                break
    return out


def update_delivered(lines: Sequence[Line], new: Key,
                     old: Iterable[tuple[str, str | None]]) -> tuple[bool, int, list[int]]:
    """(delivered, line carrying the new value, lines stating an old value unmarked).

    The new value must be carried outside lineage spans: ``x (was 250 ms)`` does not
    deliver 250 ms as the current value."""
    at = delivered([make_line(strip_lineage(ln.text)) for ln in lines], new)
    stale = stale_lines(lines, old)
    return at >= 0 and not stale, at, stale
