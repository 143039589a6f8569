"""Names typed in lower case are read as names (``dspm_core.extract.lower_names``).

A message typed without capitals is read as written first; a sentence of it that gives no
rule or setting so is read once more with the words that can only be names capitalised.
The tests feed turns through ``add_turn`` (default extractor) and check what is stored.
"""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory
from dspm_core.extract.lower_names import (as_typed, name_like, names_capitalised,
                                           typed_without_capitals)


def criticals(text: str) -> list[str]:
    memory = DSPMMemory()
    memory.add_turn("user", text)
    return [p.text for p in memory.all_patches if p.critical]


@pytest.mark.parametrize("text, typed", [
    ("the weekly report goes to okonkwo", True),
    ("I think we're on hetzner. I'd keep it", True),
    ("we host everything on Hetzner", False),
    ("ask Priya", False),
])
def test_a_message_typed_without_capitals(text, typed):
    assert typed_without_capitals(text) is typed


@pytest.mark.parametrize("word", ["okonkwo", "hetzner", "lisbon", "kotlin", "render.com",
                                  "supabase"])
def test_a_word_that_can_only_be_a_name(word):
    assert name_like(word)


@pytest.mark.parametrize("word", ["black", "go", "reading", "nice", "timeout", "pls", "mb",
                                  "e.g", "v2.1.0", "warn", "the"])
def test_an_ordinary_word_a_unit_or_a_version_is_no_name(word):
    assert not name_like(word)


@pytest.mark.parametrize("text, read", [
    ("our cat is called pickle", "our cat is called Pickle"),
    ("the team's name is otters now", "the team's name is Otters now"),
    ("she called him back", "she called him back"),
    (r"it is \frac{1}{2}", r"it is \frac{1}{2}"),
    ("see src/okonkwo/app.py", "see src/okonkwo/app.py"),
])
def test_the_reading_with_names_capitalised(text, read):
    assert names_capitalised(text) == read


@pytest.mark.parametrize("text, name", [
    ("we run the whole stack on hetzner now", "Hetzner"),
    ("our hamster is called nibbles", "Nibbles"),
    ("fyi i'm in valencia", "Valencia"),
    ("we deploy the docs to netlify", "Netlify"),
])
def test_a_setting_with_a_name_typed_in_lower_case_is_stored(text, name):
    assert any(name.lower() in t for t in criticals(text)), criticals(text)


def test_the_words_of_a_setting_read_so_stay_as_typed():
    memory = DSPMMemory()
    memory.add_turn("user", "Set the default shell to bash.")
    memory.add_turn("user", "Change the default shell to zsh.")
    assert memory.get_context() == "decision: Change the default shell to zsh (was bash)."
    assert as_typed("Change the default shell to Zsh.", "change the default shell to zsh.") \
        == "Change the default shell to zsh."
    assert as_typed("Priya gets it", "priya gets it") == "Priya gets it"  # a sentence's first


@pytest.mark.parametrize("text", [
    "haha ok",
    "did okonkwo like the cake?",
    "what's the weather like in lisbon?",
    "lol hetzner",
])
def test_chat_with_a_name_in_lower_case_stores_no_setting(text):
    assert criticals(text) == []


def test_a_title_typed_in_lower_case_ends_no_sentence():
    memory = DSPMMemory()
    memory.add_turn("user", "my physio is dr. ferreira")
    [p] = [p for p in memory.all_patches if p.critical]
    assert p.text.lower().endswith("my physio is dr. ferreira")


def test_a_message_written_with_capitals_is_read_as_written():
    # the capitals it has are the writer's: no other word is read as a name
    assert criticals("the weekly pdf summary goes to okafor")
    assert criticals("the weekly PDF summary goes to okafor") == []
