"""A span of numbers said in words ("between 55 and 58", "anywhere from 400 to 500",
"somewhere between $1,200 and $1,500") is one value, a range; a value said roughly after
"more like" ("realistically more like 60", "it's more like 700-850") replaces the one held;
"from 10 to 25" with nothing before it is still a change, and a span of the clock ("between
2 and 3pm") is left to the readers of times. Through ``add_turn`` with the default
extractor."""

from __future__ import annotations

import pytest

from chat_sessions import revised, session
from dspm_core.clock_words import in_digits


SPANS = [
    ("we'd like to retire between 60 and 63", "60-63"),
    ("quote anywhere from 250 to 300 for the logo work", "250-300"),
    ("somewhere between $1,200 and $1,500 for the sofa", "$1,200-$1,500"),
    ("it's more like 40 to 45 per class", "40-45"),
]


@pytest.mark.parametrize("said,span", SPANS, ids=[s[:40] for s, _ in SPANS])
def test_a_span_said_in_words_is_written_as_one_range(said: str, span: str) -> None:
    assert span in in_digits(said)


@pytest.mark.parametrize("said", ["raise it from 10 to 25", "between 2 and 3pm works", "we meet at 4 to 5 people"])
def test_a_change_and_a_clock_span_stay_as_said(said: str) -> None:
    assert in_digits(said) == said


ROUGH = [
    (("the kitchen quote is about 9k", "assistant: Around $9,000.", "realistically more like 12k"),
     ("12000", ["9k"])),
    (("the tip pool is about 15 percent", "assistant: 15%.", "it's more like 20"), ("20", ["15 percent"])),
    (("we want to retire between 60 and 63", "assistant: Retirement at 60-63.", "honestly more like 65"),
     ("65", ["60-63"])),
]


@pytest.mark.parametrize("turns,expected", ROUGH, ids=[t[-1][:40] for t, _ in ROUGH])
def test_a_value_said_roughly_replaces_the_one_held(turns: tuple[str, ...],
                                                   expected: tuple[str, list[str]]) -> None:
    assert expected in revised(*turns)


def test_a_range_keeps_no_gerund_as_its_unit() -> None:
    m = session("let's quote anywhere from 400 to 500 depending on the drive")
    assert [p.value for p in m.store.patches() if p.value] == ["400-500"]
