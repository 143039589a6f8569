"""Everyday ways of revising a value: "I meant ...", a measure given a unit ("we're going
to 100 chars now" after "line length is 88"), a count of the setting's own noun ("bump
the payment webhook retries to 5"), an old value said in thousands ("8k"), a from-to whose
old value another sentence set, and a remark about an old value ("50 was the old dose")
that sets nothing.

Each test feeds turns through ``add_turn`` (default extractor) and checks what the store
holds.
"""

from __future__ import annotations

import pytest

from test_in_passing import current_with, kept, remember, replaced


@pytest.mark.parametrize("first, revision, new, old", [
    ("my budget for the new laptop is around 1200", "no sorry i meant 1500", "1500", "1200"),
    ("I take 50mg of my medication every morning", "sorry, I meant 25mg.", "25mg", "50mg"),
    ("our python line length is 88", "we're going to 100 chars now, the team voted", "100", "88"),
    ("set the retry count to 3 for the payment webhook", "bump the payment webhook retries to 5",
     "5", "3"),
    ("the api listens on port 8080", "change the port from 8080 to 9000, it's taken", "9000",
     "8080"),
    ("our freelancer charges $55 an hour", "heads up, he went from $55 to $65 an hour", "$65",
     "$55"),
    ("my daily step target is 8000", "let's bump it to 10,000 steps, 8k got too easy", "10,000",
     "8000"),
])
def test_an_everyday_revision_replaces_the_old_value(first: str, revision: str, new: str,
                                                    old: str) -> None:
    replaced(remember(first, revision), new, old)


def test_a_remark_about_the_old_value_sets_nothing() -> None:
    memory = remember("i take 50mg of my blood pressure medication every morning",
                      "sorry, I meant 25mg. 50 was the old dose before the doctor lowered it")
    replaced(memory, "25mg", "50mg")
    assert not [p for p in current_with(memory, "50") if p.critical]


def test_a_measure_of_another_setting_keeps_its_own_value() -> None:
    memory = remember("our python line length is 88", "the docstring limit is 72 characters")
    kept(memory, "88")
    kept(memory, "72")


def test_a_from_to_names_only_a_setting_whose_words_it_says() -> None:
    memory = remember("the api listens on port 8080", "the cache holds 8080 entries",
                      "change the timeout from 30 to 60 seconds")
    kept(memory, "port 8080")
    kept(memory, "8080 entries")


def test_an_old_value_said_in_thousands_names_the_setting() -> None:
    memory = remember("my daily step target is 8000", "my daily water target is 2000",
                      "let's do 10,000 steps instead, 8k got too easy")
    replaced(memory, "10,000", "8000")
    kept(memory, "2000")
