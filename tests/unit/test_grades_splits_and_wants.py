"""A grade of digits, a letter and digits ("10W-40", "0W-20") is a code as written, never
a count of "W-40"; a split in two parts of a hundred ("70/30", "55/45") is one ratio, never
70 of "/30"; a new value someone the user defers to wants, said as a change ("the landlord
wants 4 weeks now"), revises the setting spoken of, while what someone wants, said as it
is ("my mum wants 120 guests"), does not. Through ``add_turn`` with the default extractor."""

from __future__ import annotations

import pytest

from chat_sessions import revised
from dspm_core.values import parse_value


@pytest.mark.parametrize("said,dimension", [("10W-40", "code"), ("0W-20", "code"), ("5W-30 oil", "code"),
                                            ("70/30", "ratio"), ("55/45 with my sister", "ratio")])
def test_a_grade_and_a_split_are_one_value(said: str, dimension: str) -> None:
    got = parse_value(said)
    assert (got.dimension, got.unit) == (dimension, None)


@pytest.mark.parametrize("said", ["3/4 inch", "1/2 cup"])
def test_a_fraction_is_no_split(said: str) -> None:
    assert parse_value(said).dimension != "ratio"


CHANGES = [
    (("I put 10W-40 in the motorbike", "assistant: 10W-40 it is.", "the manual says 15W-50, switch to that"),
     ("15W-50", ["10W-40"])),
    (("the savings split is 70/30", "assistant: 70/30 noted.", "make it 50/50, we need the cash"),
     ("50/50", ["70/30"])),
    (("notice period is 2 weeks", "assistant: Two weeks' notice.", "the landlord wants 4 weeks now"),
     ("4 weeks", ["2 weeks"])),
    (("the deposit is $500", "assistant: $500 deposit.", "the agency needs $800 from now on"),
     ("$800", ["$500"])),
]


@pytest.mark.parametrize("turns,expected", CHANGES, ids=[t[-1][:40] for t, _ in CHANGES])
def test_a_new_grade_split_or_wanted_value_revises_the_one_held(
        turns: tuple[str, ...], expected: tuple[str, list[str]]) -> None:
    assert expected in revised(*turns)


def test_what_someone_wants_said_as_it_is_revises_nothing() -> None:
    assert revised("we're expecting 80 guests", "assistant: 80 guests.", "my mum wants 120 guests") == []
