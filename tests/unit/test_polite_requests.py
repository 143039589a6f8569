"""A change asked for as a question ("can you extend the pause to 31 March?", "can you plan
it for 3 now?") is the request it makes; a question about what a change would do, or one
that asks for something else, stays a question.

The memory tests feed turns through ``add_turn`` (default extractor) and check what the
store holds.
"""

from __future__ import annotations

import pytest

from dspm_core.extract.polite import as_request

from test_in_passing import kept, remember, replaced


@pytest.mark.parametrize("question, asked", [
    ("can you extend the pause to 31 March?", "Extend the pause to 31 March"),
    ("Could we move the standup to 9:30 instead?", "Move the standup to 9:30 instead"),
    ("so can we please do 7-8pm instead?", "Do 7-8pm instead"),
    ("could you bump the font size to 14pt?", "Bump the font size to 14pt"),
    ("can u switch it to Rust?", "Switch it to Rust"),
    ("Can you set the timeout to 30 seconds?", "Set the timeout to 30 seconds"),
])
def test_a_question_asking_for_a_change_is_read_as_the_change(question: str, asked: str) -> None:
    assert as_request(question) == asked


@pytest.mark.parametrize("question", [
    "can we go up to 300 words without hurting SEO?",       # weighs the change
    "could we move to Postgres, or is that too much work?",  # weighs it
    "would you switch to yarn if you were me?",              # asks advice
    "can you tell me how to move the site to Netlify?",      # asks for something else
    "can you explain why we moved to 3 replicas?",
    "could you make it shorter?",                            # no new value named
    "can we change the plan?",                               # no new value named
    "what if we moved it to 4pm?",                           # no request form
    "can you change the date to 12 May and also check the flights and hotels near the venue "
    "for the whole team?",                                   # too long to be one change
])
def test_a_question_that_asks_no_change_is_no_request(question: str) -> None:
    assert as_request(question) is None


def test_a_change_asked_as_a_question_revises_the_setting() -> None:
    memory = remember("Shopping list is for 2 adults.",
                      "can you plan it for 3 now? my dad is staying with us for a month")
    replaced(memory, "3", "2")
    assert "can you ?" not in memory.get_context()


def test_a_question_weighing_a_change_revises_nothing() -> None:
    memory = remember("Keep product blurbs under 60 words.",
                      "can we go up to 120 words without hurting conversions?")
    kept(memory, "60 words")


def test_any_verb_pointing_back_with_a_cue_revises_the_setting() -> None:
    memory = remember("hold the reservation for three days",
                      "can you hold it for five days instead, my flight may be delayed")
    replaced(memory, "5 days", "3")


def test_a_pointer_to_something_that_changed_is_that_thing() -> None:
    memory = remember("my alarm is set for 6:45 on weekdays",
                      "dinner with Sam got shifted, make it 8:15 at the thai place")
    kept(memory, "6:45")
    memory = remember("the standup is at 9:30", "the standup got moved, make it 10:00")
    replaced(memory, "10:00", "9:30")


def test_a_pointer_after_a_verb_of_wanting_with_a_cue_revises_the_setting() -> None:
    memory = remember("session timeout for the admin panel = 30 minutes",
                      "security team wants it at 10 minutes, change it pls")
    replaced(memory, "10 minutes", "30")
