"""A known name said as the speaker's own choice, in whatever words, is the setting of its
kind; a later choice of the same kind replaces it; a name asked about, supposed, told of the
past, someone else's, added beside the first or used once chooses nothing."""

from __future__ import annotations

import pytest

from dspm_core.chosen_names import chosen_name
from dspm_core.slots import parse_statement
from test_in_passing import kept, remember, replaced


@pytest.mark.parametrize("text, chosen", [
    ("im on an android so give me the menus for that", ("platform", "Android")),
    ("i went vegan in january btw", None),  # no word around it makes it a choice of now
    ("we're vegan at home, remember that for recipes", ("diet", "Vegan")),
    ("we use pnpm in every repo here", ("package manager", "Pnpm")),
    ("keto is fine for the lunches", ("diet", "Keto")),
    ("dutch please, my english is rusty", None),  # two languages named
    ("neovim for everything please", ("editor", "Neovim")),
])
def test_a_known_name_chosen_in_everyday_words(text: str, chosen: tuple | None) -> None:
    got = chosen_name(text)
    assert (got[:2] if got else None) == chosen


@pytest.mark.parametrize("text", [
    "is pnpm faster than yarn?",                       # a question
    "if we went vegan would the shopping be cheaper",   # a supposition
    "my brother is vegan so the sunday roast is tricky",  # someone else's
    "Priya prefers replies in Portuguese.",             # someone else's, by name
    "paleo was too strict for me",                      # the past
    "don't give me yarn commands",                      # turned down
    "and ios as well, we ship to both stores",          # one more beside the first
    "this one in italian please, it's for my nonna",    # a one-off
    "can you explain this spanish phrase",              # a name, not a choice
])
def test_a_name_that_chooses_nothing(text: str) -> None:
    assert chosen_name(text) is None


def test_a_choice_in_other_words_replaces_the_one_of_its_kind() -> None:
    memory = remember("im vegan btw so no dairy in anything",
                      ("assistant", "Noted: vegan recipes only."),
                      "i eat eggs again now, vegetarian is fine for the recipes")
    replaced(memory, "vegetarian", "vegan")


@pytest.mark.parametrize("first, second, new, old", [
    # the choice said as a judgement in a clause of its own, whatever the note's slot
    ("could you reply in spanish please", "is better in italian, i need practice italian for my job",
     "Italian", "Spanish"),
    ("could you answer in french please", "is better in dutch, i need practice dutch for the move",
     "Dutch", "French"),
])
def test_a_choice_said_as_a_judgement_replaces_the_one_of_its_kind(first: str, second: str,
                                                                   new: str, old: str) -> None:
    memory = remember(first, second)
    (p,) = [p for p in memory.all_patches if p.key and p.key.startswith("reply language|")]
    assert (p.value, [h.value for h in p.history]) == (new, [old])


def test_a_platform_chosen_then_changed() -> None:
    memory = remember("im on an iphone so give me steps for that",
                      "new phone! im on android now")
    replaced(memory, "android", "iphone")


def test_two_people_keep_their_own_choices() -> None:
    memory = remember("Priya prefers replies in Portuguese.", "Marco prefers replies in Italian.")
    kept(memory, "Italian")
    kept(memory, "Portuguese")


def test_a_name_of_no_known_kind_said_alone_as_a_change() -> None:
    replaced(remember("we'll track bugs in Jira", "youtrack these days tbh"), "Youtrack", "Jira")
    replaced(remember("the team lunch is at Sakura on friday", "hmm nah wagamama, sakura is full"),
             "Wagamama", "Sakura")
    # a common word or a value of another kind is no name said alone
    assert parse_statement("tea instead").value is None
    assert parse_statement("thursdays these days").dimension != "name"


def test_the_language_a_thing_is_written_in_is_changed_by_another() -> None:
    replaced(remember("write the menu descriptions in german pls", "hmm make it dutch, wrong market"),
             "Dutch", "German")
    replaced(remember("write all the alt texts in dutch", "actually french instead"), "French", "Dutch")
    replaced(remember("Draft the onboarding emails in Spanish.", "Actually, make it Portuguese."),
             "Portuguese", "Spanish")
    # the language of one thing is no language of another
    memory = remember("write the release notes in german", "write the blog post in dutch")
    kept(memory, "German")
    kept(memory, "Dutch")


def test_a_cloud_region_is_a_name_of_its_kind() -> None:
    memory = remember(("system", "Default region: ap-south-1."), "we run everything in eu-central-1 now")
    replaced(memory, "eu-central-1", "ap-south-1")


def test_two_regions_of_two_things_stay_apart() -> None:
    memory = remember("the primary region is us-west-2", "the backup region is eu-west-1")
    kept(memory, "us-west-2")
    kept(memory, "eu-west-1")
