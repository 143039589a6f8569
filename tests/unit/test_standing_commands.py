"""A command that holds every time is a rule: "please reply in Portuguese even when I forward
emails in Dutch", "please write up everything in plain English", "quiz me on one verb at a
time", said with "please" or with a verb of how the assistant answers; a thing kept out
of a part of the replies ("no pep talk at the end of your replies") and how a kind of thing
is laid out ("I'd like recipes broken down into prep and cook steps"). A piece of work done
once ("please draft a reply to my landlord", "write me a short story about everything",
"please translate this paragraph") is no rule. Through ``add_turn`` with the default
extractor."""

from __future__ import annotations

import pytest

from chat_sessions import critical_texts

RULES = [
    "Please reply to me in Portuguese even when I forward emails in Dutch.",
    "Please write up everything in plain English, the board isn't technical.",
    "Quiz me on one verb at a time and wait for my answer.",
    "Test me with one flashcard at a time.",
    "Please answer in Spanish even if I ask in English.",
    # a thing kept out of a part of the replies; how a kind of thing is laid out
    "No pep talk at the end of your replies.",
    "please no hashtags in the captions",
    "I'd like recipes broken down into prep and cook steps.",
    "I'd prefer invoices laid out as a table with totals at the bottom.",
]


@pytest.mark.parametrize("text", RULES, ids=[t[:40] for t in RULES])
def test_a_command_for_every_time_is_a_rule(text: str) -> None:
    assert critical_texts(text) != []


TASKS = [
    "Please draft a reply to my landlord.",
    "Write me a short story about everything that went wrong.",
    "Please translate this paragraph into German.",
    "Please explain the above again.",
    "No worries on the emails, I'll send them myself.",
    "I'd like the photos sent in a zip?",
    "Explain why the tide is always higher at the new moon.",
]


@pytest.mark.parametrize("text", TASKS, ids=[t[:40] for t in TASKS])
def test_a_piece_of_work_done_once_is_no_rule(text: str) -> None:
    assert critical_texts(text) == []
