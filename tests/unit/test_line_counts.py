"""The rendered text's token count from the counts of its lines (tokens.line_parts).

A render counts its final text exactly; for cl100k_base and o200k_base it adds up the
cached counts of its lines with their line breaks instead of encoding the whole text again.
These tests hold the sum to the count of the joined text on any lines the sum is used for,
and show that the lines it refuses would give a wrong sum.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dspm_core import DSPMMemory
from dspm_core.tokens import CallableCounter, TiktokenCounter, break_alone, line_parts

ENCODINGS = ("cl100k_base", "o200k_base")
# the characters the pre-tokenisers treat differently around a line break
_PIECES = st.sampled_from(list("aZ09 .,;:!?/\\-_'\"()#*\t") + [
    "\x85", "\u2028", "\xa0", "é", "中", "😀", "\u0301", "'s", "'LL", "\n", "\r", "  ", "//", ".\n"])
_LINE = st.lists(_PIECES, max_size=12).map("".join)


@pytest.fixture(scope="module", params=ENCODINGS)
def counter(request: pytest.FixtureRequest) -> TiktokenCounter:
    c = TiktokenCounter(request.param)
    assert c.splits_lines
    return c


def _sum(counter: TiktokenCounter, parts: list[str]) -> int:
    return sum(counter.count(p) for p in parts)


@settings(max_examples=400, deadline=None)
@given(lines=st.lists(_LINE, min_size=1, max_size=5))
def test_the_parts_add_up_to_the_joined_count(counter: TiktokenCounter, lines: list[str]) -> None:
    parts = line_parts(lines)
    if parts is not None:
        assert "".join(parts) == "\n".join(lines)
        assert _sum(counter, parts) == counter.count("\n".join(lines))


@pytest.mark.parametrize("lines, name", [
    (["[C] see the docs.", "//comment"], "o200k_base"),  # '.\n//' is one piece
    (["[C] timeout 10 s", "   ", "[D] use Redis"], "cl100k_base"),  # a blank line joins breaks
    (["[C] timeout 10 s", "\t", "[D] use Redis"], "o200k_base"),
])
def test_lines_that_would_miscount_are_counted_whole(lines: list[str], name: str) -> None:
    c = TiktokenCounter(name)
    naive = [line + "\n" for line in lines[:-1]] + [lines[-1]]
    assert _sum(c, naive) != c.count("\n".join(lines))  # the sum would be wrong here
    assert line_parts(lines) is None


def test_other_counters_are_not_assumed_to_split_lines() -> None:
    assert not getattr(CallableCounter(len), "splits_lines", False)


@pytest.mark.parametrize("name", ENCODINGS)
def test_a_render_reports_the_exact_count_of_its_text(name: str) -> None:
    m = DSPMMemory(budget=120, tokenizer=name)
    for i in range(40):
        m.add_turn("user", f"Set the service-{i} timeout to {i + 3} seconds.")
        m.add_turn("user", f"Rate limit for /v1/items/{i} must not exceed {i * 10} requests/min.")
    for query in ("", "timeout of service-7", "/v1/items/3 rate limit"):
        r = m.render(query)
        assert r.tokens == m.counter.count(r.text) <= 120


@settings(max_examples=600, deadline=None)
@given(line=_LINE.filter(lambda s: s and "\n" not in s and "\r" not in s))
def test_a_break_after_a_letter_or_digit_counts_one(counter: TiktokenCounter, line: str) -> None:
    """A render adds one for the break after a line that ends in an ASCII letter or digit
    instead of counting the line with its break."""
    if break_alone(line):
        assert counter.count(line + "\n") == counter.count(line) + 1


@pytest.mark.parametrize("name", ENCODINGS)
def test_a_break_after_punctuation_is_counted_with_it(name: str) -> None:
    c = TiktokenCounter(name)
    assert not break_alone("[D] timeout 30 s (was 10 s).")
    assert c.count("timeout is 30 s.\n") != c.count("timeout is 30 s.") + 1  # '.\n' is one token
    assert break_alone("[D] timeout 30 s") and not break_alone("caf\u00e9") and not break_alone("")
