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
    ("we ship it with azure pipelines", "we ship it with Azure Pipelines"),
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
    ("we ship the app with azure pipelines", "azure pipelines"),
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


# ------------------------------------------------------ letters and acronyms typed lower
@pytest.mark.parametrize("first, second", [
    ("shelf b holds 20 boxes", "shelf e holds 35 boxes"),
    ("locker x costs $12 a month", "locker y costs $18 a month"),
    ("pool a has 8 lanes", "pool b has 6 lanes"),
    ("queue a timeout is 30 seconds", "queue b timeout is 45 seconds"),
    ("room c sleeps 4 people", "room d sleeps 2 people"),
    ("the ux budget is $4,000", "the ui budget is $6,000"),
])
def test_things_told_apart_by_a_letter_or_acronym_typed_lower_keep_their_own(first, second):
    memory = DSPMMemory()
    memory.add_turn("user", first)
    memory.add_turn("user", second)
    crit = [p for p in memory.all_patches if p.critical]
    assert len(crit) == 2 and not any(p.history for p in crit), [p.text for p in crit]


@pytest.mark.parametrize("first, revision, new", [
    ("plan a road trip for 5 days", "make it 7 days", "7"),
    ("pocket money is £5 a week", "make it £6 a week", "6"),
    ("shelf b holds 20 boxes", "shelf b holds 25 boxes now", "25"),
])
def test_a_letter_that_is_no_name_or_the_same_name_still_revises(first, revision, new):
    memory = DSPMMemory()
    memory.add_turn("user", first)
    memory.add_turn("user", revision)
    [p] = [p for p in memory.all_patches if p.critical]
    assert new in (p.value or "") and p.history, p.text


@pytest.mark.parametrize("words, named", [
    ("plan b", True), ("zone a has", True), ("cache a ttl", True), ("bucket x", True),
    ("plan a trip", False), ("$5 a month", False), ("book a quiet table", False),
    ("the i", False), ("for b", False),
])
def test_a_letter_typed_lower_after_a_noun(words, named):
    from dspm_core.slots import letter_named

    tokens = words.split()
    assert letter_named(tokens, 1) is named
