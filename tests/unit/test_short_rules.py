"""Standing rules said the short way: "keep it" with a manner (``extract/standing.py``), a
verbless contrast (``extract/stances.contrasted``), a fact and "so" what to do about it
(``extract/conditions.py``), a habit or the times that suit (``extract/policies.py``); and
the same surfaces said for this once, as an idiom, of the moment or of a thing of one's
own, which set nothing.

Each test feeds one turn through ``add_turn`` (default extractor) and checks what the store
holds.
"""

from __future__ import annotations

import pytest

from dspm_core.extract.conditions import sets_no_rule
from dspm_core.extract.stances import contrasted
from test_in_passing import criticals


@pytest.mark.parametrize("text", [
    "Keep it brief.",
    "keep things light please",
    "Keep replies concise.",
    "Keep the tone warm and professional.",
    "Tables, not bullet lists.",
    "Python, not JavaScript.",
    "Depth over breadth.",
    "summary first, details after",
    "I'm vegan, so no dairy in the recipes.",
    "I'm on a budget, so suggest cheap options.",
    "we're a remote team so always give times in UTC",
    "I'm usually up by 6 on weekdays.",
    "I'm normally offline on Saturdays.",
    "I like my tea strong.",
])
def test_a_rule_said_short_is_kept(text: str) -> None:
    got = criticals(text)
    assert len(got) == 1, got
    assert got[0].text.rstrip(".").lower() == text.rstrip(".").lower()


@pytest.mark.parametrize("text", [
    "Keep it short this time, I'm in a rush.",
    "keep it up!",
    "Keep it going!",
    "Keep the change!",
    "The green one, not the yellow one.",
    "Tea, not coffee, thanks.",
    "Left, not right, at the lights.",
    "I missed my train, so can you find me a hotel?",
    "It's snowing, so suggest something indoors for today.",
    "I'm hungry so find me a restaurant nearby.",
    "I'm always trying out new recipes, so let me know if you want suggestions!",
    "We usually watch films and have game nights at my place.",
    "I love my job.",
    "I hate my commute.",
])
def test_the_same_surface_sets_no_rule(text: str) -> None:
    assert criticals(text) == []


def test_a_contrast_is_a_whole_sentence_of_two_kinds() -> None:
    assert contrasted("Bullet points, not paragraphs.")
    assert not contrasted("password TEXT NOT NULL")  # (no comma: not a contrast)
    assert not contrasted("Me, not you.")
    assert not contrasted("Tuesday, not Thursday.")  # a value corrected, read elsewhere


def test_a_feeling_about_a_thing_of_ones_own_is_no_rule() -> None:
    assert sets_no_rule("I love my dog.")
    assert not sets_no_rule("I like my code commented.")
    assert not sets_no_rule("I like my coffee black.")


@pytest.mark.parametrize("text", [
    "Max three follow-up questions before you answer, please.",
    "no more than two sources per claim",
    "at most a couple sentences of preamble",
])
def test_a_bound_said_with_a_number_word_is_a_rule(text: str) -> None:
    got = criticals(text)
    assert [p.kind.value for p in got] == ["constraint"], got
