"""The literal test in front of a costly pattern answers exactly as the pattern does."""

from __future__ import annotations

import re

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from dspm_core import slots
from dspm_core.regex_gate import gated, required_literals

WORDS = ["set", "to", "the", "timeout", "raise", "Raise", "bump", "BUMP", "up", "down", "went",
         "is", "now", "not", "at", "least", "most", "under", "cap", "<", ">=", "=", "it's", "we",
         "passed", "hit", "30", "5 MB", "$20", "Friday", "instead", "of", "use", "switch",
         "from", "and", "no", "longer", "actually", "ſet", "ＳＥＴ", "K", ",", ".", "!", "\n"]


def test_the_literals_of_an_alternation_are_the_words_it_needs() -> None:
    p = re.compile(r"\b(?:raise|lower|bump(?:ed)?)\s+(?:the\s+)?\w+\s+to\s+\d+", re.I)
    assert required_literals(p) == [("bump", "lowe", "rais"), ("to",)]


def test_a_pattern_any_text_may_match_is_left_bare() -> None:
    p = re.compile(r"(?:x|\d)+|(?:raise)?\w+")
    assert gated(p) is p


def test_a_part_that_may_be_absent_requires_nothing() -> None:
    assert required_literals(re.compile(r"(?:please\s+)?\d+ (?:rows?)?")) == []


@pytest.mark.parametrize("name", ["_LEVEL_RE", "_REACHED_RE", "_SET_TO_RE", "_COMPARATOR_RE",
                                  "_NOT_OLD_RE", "_USE_RE", "_PARTICLE_END_RE", "_NEG_RE"])
def test_the_gated_patterns_of_the_parser_have_a_test(name: str) -> None:
    assert required_literals(getattr(slots, name)), name


PATTERNS = [
    re.compile(r"\b(?:raise|lower|bump(?:ed)?)\s+(?:the\s+)?\w+\s+to\s+\d+", re.I),
    re.compile(r"(?<=\s)(<=|>=|<|>)(?=\s)|\b(?:at least|at most|under)\b\s+", re.I),
    re.compile(r"^(?P<s>.+?)\s+(?:is|was|went)\s+(?:up|down)\s+to\s+(?P<v>.+)$", re.I),
    regex.compile(r"\b(?:instead|no longer|actually|set|switch)\b", regex.I),
    re.compile(r"[=:]\s*\d+|not\s+(?:the\s+)?\w+"),
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=14), st.integers(0, len(PATTERNS) - 1))
def test_every_method_answers_as_the_bare_pattern(words: list[str], which: int) -> None:
    p = PATTERNS[which]
    g = gated(p)
    text = " ".join(words)
    for method in ("search", "match", "fullmatch"):
        a, b = getattr(g, method)(text), getattr(p, method)(text)
        assert (a and a.span()) == (b and b.span()), method
    assert [m.span() for m in g.finditer(text)] == [m.span() for m in p.finditer(text)]
    assert g.findall(text) == p.findall(text)
    assert g.sub("#", text) == p.sub("#", text)
    assert g.subn("#", text) == p.subn("#", text)
    assert g.split(text) == p.split(text)
    assert g.pattern == p.pattern and g.flags == p.flags


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=14))
def test_the_parser_patterns_find_what_they_found_bare(words: list[str]) -> None:
    text = " ".join(words)
    for name in ("_LEVEL_RE", "_REACHED_RE", "_SET_TO_RE", "_COMPARATOR_RE", "_NOT_OLD_RE",
                 "_USE_RE", "_PARTICLE_END_RE", "_NEG_RE"):
        g = getattr(slots, name)
        assert [m.span() for m in g.finditer(text)] == [m.span() for m in g._p.finditer(text)]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=14), st.integers(0, len(PATTERNS) - 1),
       st.integers(0, 14), st.integers(0, 14))
def test_may_match_is_false_only_when_no_part_of_the_text_can_match(
        words: list[str], which: int, lo: int, hi: int) -> None:
    from dspm_core.regex_gate import may_match

    p = PATTERNS[which]
    g = gated(p)
    text = " ".join(words)
    part = " ".join(words[lo:hi])
    if not may_match(g, text):
        assert p.search(text) is None and p.search(part) is None
    assert may_match(p, text)  # a bare pattern may always match
