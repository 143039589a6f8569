"""A request put politely that holds for every answer is a rule; the same shape asking for a
piece of work, about a thing at hand, or about what the assistant can do is not. Also: a
condition said with "something" or "anything" before what to do, and a condition of one's
own said with the kind it is ("type 1 diabetic", "red-green colourblind").

Each message is fed alone through ``add_turn`` with the default extractor."""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory
from dspm_core.extract.standing_requests import standing_request


def criticals(text: str) -> list[str]:
    memory = DSPMMemory()
    memory.add_turn("user", text)
    return [p.text for p in memory.all_patches if p.critical]


@pytest.mark.parametrize("text", [
    "could you keep my emails short?",
    "Can you use metric units in your answers?",
    "Please could you write my cover letters in a warmer tone?",
    "would you mind using British spelling in my essays",
    "Could you please keep my kids' names out of any posts you draft?",
    "Would it be possible to mark any step that needs admin rights?",
    "can you always include the source links",
    "I'd like you to explain things without jargon from now on",
])
def test_a_polite_request_for_every_answer_is_a_rule(text) -> None:
    assert standing_request(text)
    assert criticals(text), text


@pytest.mark.parametrize("text", [
    "can you turn this list into a markdown table real quick",   # a thing at hand
    "Could you fix all the typos in this?",
    "Can you review my config files and suggest any changes?",    # a piece of work
    "Can you check if there are any clashes with the 3pm call?",
    "Can you remember things between chats?",                     # what it can do
    "Would you happen to know any good free resume tools?",
    "could you write a haiku about autumn?",                      # nothing in general
    "Can you send me the notes again?",
])
def test_a_task_a_thing_at_hand_or_a_question_is_no_standing_request(text) -> None:
    assert not standing_request(text)


def test_a_condition_on_something_is_a_rule() -> None:
    found = criticals("Each time something lands on my calendar, leave a 10 minute gap after it.")
    assert any("10 minute gap" in t for t in found), found


@pytest.mark.parametrize("text,word", [
    ("I'm type 2 diabetic.", "diabetic"),
    ("I'm red-green colourblind, which is why I ask about chart colours.", "colourblind"),
    ("I'm partially deaf", "deaf"),
])
def test_a_condition_said_with_its_kind_is_a_rule(text, word) -> None:
    found = criticals(text)
    assert any(word in t for t in found), found
