"""Several values of one kind said in one statement, each with words of its own:
"Staging DB pool size is 10 connections, production 50 connections", "My daily step goal:
10,000 on weekdays, 15,000 on weekends", "bedtime is 7:30 for Sam and 8:30 for Ava".

A change that names the words of one of them ("prod is starving, make it 80", "lower the
weekday one to 8,000", "push Ava's to 9:00") is of that value alone: the words said with
every one of them ("connections", "bedtime") tell none apart, and a change that names the
words of none, or of several, picks none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol, TypeVar

from .slots import value_at
from .values import VALUE_RE
from .vocab import STOP_WORDS, singular

__all__ = ["picked_by_words", "sibling_named", "value_named"]


class _Said(Protocol):
    @property
    def text(self) -> str: ...

    @property
    def start(self) -> int: ...


_S = TypeVar("_S", bound=_Said)


@dataclass(frozen=True)
class _Value:
    text: str
    start: int
    kind: str


# where the words of one value end: a comma, a semicolon, a colon, "and", "or", a dash
_CLAUSE_RE = re.compile(r"\s*(?:[,;:]|\s[-–—]\s|\band\b|\bor\b)\s*", re.I)
_WORD_RE = re.compile(r"[a-z][a-z'-]+", re.I)
# words of a change or of a pointer, which name no value ("make the weekday one 8,000")
_CHANGE_WORDS = frozenset("make set change lower raise bump cut push move drop increase decrease reduce "
                          "one ones it that this them those now instead actually please pls should be "
                          "is are to from at on in for of the a an give let put keep too way".split())


def _words(text: str) -> set[str]:
    words = (re.sub(r"'s$", "", w.lower()).strip("'") for w in _WORD_RE.findall(text))  # ("Ava's": Ava)
    return {singular(w) for w in words if w not in STOP_WORDS and w not in _CHANGE_WORDS}


def _own_words(statement: str, said: _Said) -> set[str]:
    """The words of the clause that holds ``said`` in ``statement``, without the value."""
    start, end = 0, len(statement)
    for m in _CLAUSE_RE.finditer(statement):
        if m.end() <= said.start:
            start = m.end()
        elif m.start() >= said.start + len(said.text):
            end = m.start()
            break
    clause = statement[start:said.start] + " " + statement[said.start + len(said.text):end]
    return _words(clause)


def _meets(a: str, b: str) -> bool:
    """One word names the other: the same, or one a short form of the other ("prod" of
    "production")."""
    return a == b or min(len(a), len(b)) >= 4 and (a.startswith(b) or b.startswith(a))


def picked_by_words(change: str, statement: str, olds: Sequence[_S]) -> _S | None:
    """The one of ``olds`` (values of one kind in ``statement``) whose own words ``change``
    names, or None: fewer than two, none named, or several."""
    if len(olds) < 2:
        return None
    placed = _PLACE_RE.search(change)
    if placed is not None:  # "push the second one to $200", "raise the upper one to $225"
        return _by_place(placed.group(1).lower(), olds)
    own = [_own_words(statement, o) for o in olds]
    shared = set.intersection(*own)  # ("connections", said with each)
    said = _words(change)
    hits = [o for o, words in zip(olds, own) if any(_meets(w, s) for w in words - shared for s in said)]
    return hits[0] if len(hits) == 1 else None


# one of them named by its place among them or by its side ("the second one", "the upper one")
_PLACE_RE = re.compile(r"\bthe\s+(first|second|third|last|upper|higher|top|lower|bottom)\s+one\b", re.I)
_ORDINALS = {"first": 0, "second": 1, "third": 2, "last": -1}
_NUMBER_RE = re.compile(r"\d[\d,]*(?:\.\d+)?")


def _by_place(place: str, olds: Sequence[_S]) -> _S | None:
    """The one of ``olds`` at ``place`` in the statement, or on that side: the higher or the
    lower number (None when they are not numbers, or there is no such place)."""
    ordered = sorted(olds, key=lambda o: o.start)
    if place in _ORDINALS:
        at = _ORDINALS[place]
        return ordered[at] if at < len(ordered) else None
    numbers = [_NUMBER_RE.search(o.text) for o in ordered]
    if any(n is None for n in numbers) or len(ordered) != 2:
        return None
    a, b = (float(n.group(0).replace(",", "")) for n in numbers if n is not None)
    if a == b:
        return None
    high = ordered[0] if a > b else ordered[1]
    return high if place in ("upper", "higher", "top") else ordered[1] if high is ordered[0] else ordered[0]


# the words a value may be read with that are no unit of it ("$250 into the brokerage account")
_TRAIL_WORDS = frozenset("into in to for on at of from with onto towards toward going and or".split())


@lru_cache(maxsize=16384)
def _values_in(statement: str) -> tuple[_Value, ...]:
    """The values of ``statement`` in order, each as said without the words read after it
    that are no unit of it (read once a statement: a pointer asks of every recent one)."""
    out: list[_Value] = []
    for m in VALUE_RE.finditer(statement):
        found = value_at(statement[m.start():])
        if found is not None and not any(v.start <= m.start() < v.start + len(v.text) for v in out):
            words = found[1].split() if found[0].dimension != "money" else m.group(0).split()
            while len(words) > 1 and (words[-1].lower() in STOP_WORDS or words[-1].lower() in _TRAIL_WORDS):
                words.pop()  # ("$250 into the brokerage account", "$150 international": $150)
            out.append(_Value(" ".join(words), m.start(), found[0].dimension))
    return tuple(out)


def _base(kind: str) -> str:
    """A kind of value whatever it is given per ("$400 a month" and "$250" are amounts)."""
    return kind.removeprefix("rate:")


def value_named(change: str, subject: str, statement: str, kind: str) -> str | None:
    """The one value of ``kind`` in ``statement`` whose own words ``change`` names ("$400"
    for "bump the Roth to $500" of "I want $400 a month going to my Roth IRA and $250 into
    the brokerage account"), or None; never when ``subject`` (what the change names) has a
    word the statement does not ("the cache size is 5 connections now")."""
    held = _words(statement)
    if _PLACE_RE.search(change) is None and (  # ("push the second one to $200": by its place)
            not _words(subject) or any(not any(_meets(w, h) for h in held) for w in _words(subject))):
        return None
    said = [v for v in _values_in(statement) if _base(v.kind) == _base(kind)]
    picked = picked_by_words(change, statement, said)
    return picked.text if picked is not None else None


def sibling_named(change: str, statement: str, value: str | None) -> str | None:
    """The other value of the kind of ``value`` in ``statement`` whose words ``change``
    names ("50 connections" for "prod is starving, make it 80" of "Staging DB pool size is
    10 connections, production 50 connections"): that value changes, not ``value``. None
    when ``change`` names none, or ``value``'s own."""
    said = _values_in(statement)
    own = next((v for v in said if value and v.text.lower() == value.lower()), None)
    if own is None:
        return None
    picked = picked_by_words(change, statement, [own] + [v for v in said if v is not own
                                                         and _base(v.kind) == _base(own.kind)])
    return picked.text if picked is not None and picked is not own else None
