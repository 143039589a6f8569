"""A detail of an earlier request that a change names and replaces ("swap the oat milk for
soya"), through ``add_turn`` with the default extractor: the old words are marked as earlier
where they were said, and the change holds the new ones with the old in its lineage; what
is no change of the speaker's own request keeps both."""

from __future__ import annotations

import re

import pytest
from test_in_passing import remember

from dspm_core import DSPMMemory
from dspm_core.passing import named_words

_MARK_RE = re.compile(r"\((?:was|earlier:)[^()]*\)")


def shown_current(memory: DSPMMemory, words: str) -> bool:
    """``words`` are said in the rendered context outside every earlier mark, and outside
    the change that names them as what it replaced (its line says "(was <words>)")."""
    for line in memory.get_context().splitlines():
        if re.search(rf"\(was {re.escape(words)}\)", line, re.I):
            continue
        if re.search(rf"(?<!\w){re.escape(words)}(?!\w)", _MARK_RE.sub("", line), re.I):
            return True
    return False


@pytest.mark.parametrize("first, change, old, new", [
    ("put almond milk on the weekly shopping list, 3 cartons", "swap the almond milk for oat",
     "almond milk", "oat"),
    ("order the lamps for the hallway in brass, two of them", "replace the brass with matt black",
     "brass", "matt black"),
    ("cater the launch drinks: prosecco, orange juice and sparkling water",
     "the sponsor hates fizz. ignore the prosecco bit, do a gin bar", "prosecco", "gin bar"),
    ("book the kids' party at the leisure centre with a bouncy castle and a magician",
     "can you get a face painter instead of the magician, he's booked up", "magician",
     "face painter"),
    ("write the wedding toast in a jokey style, mention the ski trip and the dog",
     "pls swap the ski trip for the camping holiday, the ski one is a sore point",
     "ski trip", "camping holiday"),
    ("write the quiz night flyer: 14 march at the Red Lion, £5 entry, theme is 80s music",
     "oops the theme is 90s films not 80s music, we changed it at the meeting", "80s music",
     "90s films"),
    # the new words first, then the old ones given up
    ("pack the kids' lunches with cheese sandwiches and an apple every day",
     "tuna wraps instead, they've gone off cheese sandwiches", "cheese sandwiches", "tuna wraps"),
    ("get the coffee beans from the roastery on the corner, the dark blend",
     "the medium blend instead pls, dan has gone off the dark blend", "dark blend", "medium blend"),
])
def test_a_named_detail_is_replaced(first: str, change: str, old: str, new: str) -> None:
    memory = remember(first, change)
    assert not shown_current(memory, old), memory.get_context()
    assert shown_current(memory, new), memory.get_context()
    (changed,) = [p for p in memory.all_patches if p.history]
    assert changed.history[-1].value.lower() == old, changed.history
    # the request stays for what else it asked
    rest = [w for w in re.findall(r"[a-z]+", first) if len(w) > 4 and w not in old][-1]
    assert shown_current(memory, rest), memory.get_context()


@pytest.mark.parametrize("turns, kept", [
    # a supposition, an addition, a question, the past, someone else's
    (("put almond milk on the weekly shopping list", "if they're out, swap the almond milk for oat"),
     "almond milk"),
    (("put almond milk on the weekly shopping list", "also get oat milk as well as the almond milk"),
     "almond milk"),
    (("put almond milk on the weekly shopping list", "should i swap the almond milk for oat?"),
     "almond milk"),
    (("put almond milk on the weekly shopping list", "i swapped almond milk for oat years ago"),
     "almond milk"),
    (("put almond milk on the weekly shopping list", "my sister swapped hers for oat milk"),
     "almond milk"),
    (("put almond milk on the weekly shopping list",
      "maybe oat milk instead, if they're sick of almond milk"), "almond milk"),
    # said by the assistant, not the user
    ((("assistant", "I've added almond milk to your list."), "swap the almond milk for oat"),
     "almond milk"),
    # two messages hold the old words: which one is meant would be a guess
    (("put almond milk on the weekly shopping list", "and almond milk for the office order too",
      "swap the almond milk for oat"), "almond milk"),
])
def test_no_swap_of_the_speakers_own_request_keeps_both(turns: tuple, kept: str) -> None:
    memory = remember(*turns)
    assert shown_current(memory, kept), memory.get_context()
    assert not any(p.history for p in memory.all_patches if p.role.value == "user"
                   and kept in (p.text.lower())), [p.text for p in memory.all_patches]


def test_chat_shorthand_is_no_name() -> None:
    # "pls" is courtesy: a change naming another word never replaces it
    assert [n.word for n in named_words("add it to the weekly shop pls tbh")] == []
    memory = remember("add oat milk to the weekly shop pls", "get soya now")
    assert shown_current(memory, "pls"), memory.get_context()


@pytest.mark.parametrize("first, change, old, why", [
    ("can you book the car in for its MOT on the 9th, any time after lunch, it's the blue Corsa",
     "the 9th is no good, i'm away for work. the 16th instead please", "9th", "no good"),
    ("set up a call with the Lisbon team for 3pm thursday, 45 minutes, invite Ana and Rui",
     "hmm 3pm clashes with my dentist appointment. make it 4:30pm", "3pm", "clashes"),
])
def test_a_sentence_that_turns_the_old_value_down_shows_it_as_earlier(
        first: str, change: str, old: str, why: str) -> None:
    memory = remember(first, change)
    assert not shown_current(memory, old), memory.get_context()
    (reason,) = [line for line in memory.get_context().splitlines() if why in line]
    assert f"(earlier: {old})" in reason, reason


def test_another_setting_said_with_the_same_value_keeps_it() -> None:
    memory = remember("the retry limit is 3", "the backoff stays at 3. change the retry limit to 5")
    assert shown_current(memory, "3"), memory.get_context()
    assert "backoff" in memory.get_context()


@pytest.mark.parametrize("change", ["for the new service we use Postgres instead of MySQL",
                                    "for the new service it's Postgres, not MySQL"])
def test_a_statement_of_another_scope_replaces_nothing(change: str) -> None:
    memory = remember("the old billing app still runs on MySQL", change)
    assert shown_current(memory, "the old billing app still runs on MySQL"), memory.get_context()


def test_a_bound_said_with_not_is_no_correction_of_a_sibling() -> None:
    memory = remember("the api timeout must not exceed 30 seconds",
                      "the db timeout must not exceed 30 seconds",
                      "the cache timeout must not be over 30 seconds")
    assert len(memory.all_patches) == 3, [p.text for p in memory.all_patches]
    assert not any(p.history for p in memory.all_patches)


def test_no_pref_is_an_answer_not_a_choice() -> None:
    memory = remember("book the physio for tuesday afternoon",
                      ("assistant", "Any physio you prefer?"), "no pref.")
    assert not any(p.kind.critical for p in memory.all_patches if "pref" in p.text.lower())
