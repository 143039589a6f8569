"""A cheap test in front of a costly pattern: the literal words one of which any match
must hold, read from the pattern itself.

A pattern built of long alternations ("raise|lower|bump|...") is tried at every position
of a sentence; most sentences hold none of its words, and a substring test of the
case-folded sentence says so for a fraction of the cost. :func:`gated` wraps a compiled
pattern with that test: every method answers exactly as the pattern does, and when the
sentence cannot match it answers at once ("no match", the text unchanged, ...).

The literals are derived from the parsed pattern (``re._parser``), so they follow every
change of the pattern. What a pattern requires is a conjunction of disjunctions: in a
sequence each element that needs a literal adds one set of alternatives; a branch needs
one literal of any of its alternatives, or nothing when an alternative needs none. Only
the most telling sets are kept (by the length of their shortest literal), each literal cut
to a short prefix (a prefix of a required literal is required too), and the test is run
on the case-folded text whatever the pattern's flags, which can only let more through.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

try:  # Python 3.11 and later
    from re import _constants as C
    from re import _parser as P
except ImportError:  # Python 3.10
    import sre_constants as C  # type: ignore[no-redef]
    import sre_parse as P  # type: ignore[no-redef]

__all__ = ["gated", "may_match", "required_literals"]

#: a literal cut to this many characters still tells most words apart
_PREFIX = 4
#: at most this many sets of alternatives are tested
_MAX_SETS = 2

_Sets = list[frozenset[str]]
# (atomic groups and possessive repeats are parsed from Python 3.11 on)
_ATOMIC_GROUP = getattr(C, "ATOMIC_GROUP", None)
_REPEATS = tuple(op for op in (C.MAX_REPEAT, C.MIN_REPEAT, getattr(C, "POSSESSIVE_REPEAT", None))
                 if op is not None)
_SHARED_FLAGS = re.I | re.M | re.S | re.X


def _seq(items: Any) -> _Sets:
    """The sets of literals one of each a sequence of parsed items requires."""
    sets: _Sets = []
    run: list[str] = []

    def close() -> None:
        if run:
            sets.append(frozenset(["".join(run)]))
            run.clear()

    for op, av in items:
        if op is C.LITERAL:
            run.append(chr(av))
            continue
        if op in (C.AT, C.ASSERT, C.ASSERT_NOT):
            continue  # zero-width: the literals on either side stand together in the text
        close()
        if op is C.SUBPATTERN:
            sets.extend(_seq(av[-1]))
        elif op is _ATOMIC_GROUP:
            sets.extend(_seq(av))
        elif op in _REPEATS and av[0] >= 1:
            sets.extend(_seq(av[2]))
        elif op is C.IN and av and all(o is C.LITERAL for o, _ in av):
            sets.append(frozenset(chr(c) for _, c in av))  # "[=:]"
        elif op is C.BRANCH:
            alt = _branch(av[1])
            if alt is not None:
                sets.append(alt)
    close()
    return sets


def _branch(alternatives: Any) -> frozenset[str] | None:
    """One literal of any alternative, or None when an alternative requires none."""
    union: set[str] = set()
    for alt in alternatives:
        best = _best(_seq(alt))
        if best is None:
            return None
        union |= best
    return frozenset(union)


def _telling(s: frozenset[str]) -> tuple[int, int]:
    return (min(len(x) for x in s), -len(s))


def _best(sets: _Sets) -> frozenset[str] | None:
    return max(sets, key=_telling) if sets else None


def _telling_literal(x: str) -> bool:
    """Two characters or more, or one sign ("=", "<"): a letter alone is in most texts."""
    return len(x) >= 2 or not (x.isalnum() or x.isspace())


def required_literals(pattern: Any) -> list[tuple[str, ...]]:
    """Sets of case-folded literals: a match holds one literal of every set."""
    try:  # (a pattern of the regex module is read by its flags that re shares)
        sets = _seq(P.parse(pattern.pattern, pattern.flags & _SHARED_FLAGS))
    except re.error:
        return []  # a syntax of its own: no test
    chosen = sorted((s for s in sets if all(_telling_literal(x) for x in s)), key=_telling,
                    reverse=True)[:_MAX_SETS]
    out = []
    for s in chosen:
        cut = {x.casefold()[:_PREFIX] for x in s}
        # a literal holding another one of the set adds nothing to the test
        out.append(tuple(sorted(x for x in cut if not any(y != x and y in x for y in cut))))
    return out


#: the text last case-folded and its folding, one tuple read and written whole: the
#: patterns of a parse test one sentence in turn
_last_fold: tuple[str, str] = ("", "")


def _folded(text: str) -> str:
    global _last_fold
    last = _last_fold
    if text is last[0] or text == last[0]:
        return last[1]
    low = text.casefold()
    _last_fold = (text, low)
    return low


class _Gated:
    """A compiled pattern behind a literal test (see the module docstring)."""

    __slots__ = ("_p", "_sets", "_memo")

    def __init__(self, pattern: Any) -> None:
        self._p = pattern
        self._sets = required_literals(pattern)
        self._memo: tuple[str | None, bool] = (None, True)

    def _may(self, text: str) -> bool:
        memo = self._memo  # one tuple, read and written whole (threads share the pattern)
        if text is memo[0]:
            return memo[1]
        low = _folded(text)
        ok = True
        for s in self._sets:
            for x in s:
                if x in low:
                    break
            else:
                ok = False
                break
        self._memo = (text, ok)
        return ok

    def search(self, text: str, *a: Any) -> re.Match[str] | None:
        return self._p.search(text, *a) if self._may(text) else None

    def match(self, text: str, *a: Any) -> re.Match[str] | None:
        return self._p.match(text, *a) if self._may(text) else None

    def fullmatch(self, text: str, *a: Any) -> re.Match[str] | None:
        return self._p.fullmatch(text, *a) if self._may(text) else None

    def finditer(self, text: str, *a: Any) -> Iterator[re.Match[str]]:
        return self._p.finditer(text, *a) if self._may(text) else iter(())

    def findall(self, text: str, *a: Any) -> list[Any]:
        return self._p.findall(text, *a) if self._may(text) else []

    def sub(self, repl: Any, text: str, count: int = 0) -> str:
        return self._p.sub(repl, text, count) if self._may(text) else text

    def subn(self, repl: Any, text: str, count: int = 0) -> tuple[str, int]:
        return self._p.subn(repl, text, count) if self._may(text) else (text, 0)

    def split(self, text: str, maxsplit: int = 0) -> list[str]:
        return self._p.split(text, maxsplit) if self._may(text) else [text]

    def __getattr__(self, name: str) -> Any:
        return getattr(self._p, name)  # pattern, flags, groupindex, groups

    def __repr__(self) -> str:
        return f"gated({self._p!r})"


def may_match(pattern: Any, text: str) -> bool:
    """False when ``pattern`` (from :func:`gated`) can match no part of ``text``: ``text``
    holds none of the literals some match needs (a substring of ``text`` holds none
    either); True otherwise."""
    return pattern._may(text) if isinstance(pattern, _Gated) else True


def gated(pattern: Any) -> Any:
    """``pattern`` behind the test of its required literals (itself when it has none)."""
    return _Gated(pattern) if required_literals(pattern) else pattern
