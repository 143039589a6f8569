"""A narrower thing of a kind said with no word of change stays apart from the setting of
the kind (``narrower.narrower``): "Phone support hours are 10am to 4pm." after "Support
hours are 9am to 5pm.", "my travel budget is $800" after "my budget is $500". The same
holds for a name changed in passing ("the guest wifi password is red456 now" after "the wifi
password is blue123", ``passing.aligned_earlier``), and for two names of one known kind in the subjects ("the
Go service" / "the Python service", ``resolve._names_of_a_kind_apart``). A word of time or period before the
shared word names no other thing, so "my daily step goal is
10000" still revises "my step goal is 8000"; and a noun that opens a statement is no
instruction's verb ("Express shipping takes 2 days.").

Each dialogue goes through ``add_turn`` with the default extractor.
"""

from __future__ import annotations

import pytest

from dspm_core.slots import parse_statement
from test_in_passing import current_with, earlier_values, remember


@pytest.mark.parametrize("first, second, old, new", [
    ("Support hours are 9am to 5pm.", "Phone support hours are 10am to 4pm.", "9am", "10am"),
    ("My budget is $500.", "My travel budget is $800.", "$500", "$800"),
    ("The timeout is 30 seconds.", "The webhook timeout is 10 seconds.", "30 seconds", "10 seconds"),
    ("The price is $20.", "The student price is $15.", "$20", "$15"),
    ("We answer every email within 48 hours.", "We answer priority emails within 8 hours.",
     "48 hours", "8 hours"),
    ("Shipping takes 5 days.", "Express shipping takes 2 days.", "5 days", "2 days"),
    ("the wifi password is blue123", "the guest wifi password is red456 now", "blue123", "red456"),
    ("the Python service uses 4 workers", "the Go service uses 8 workers now", "4 workers",
     "8 workers"),
])
def test_a_narrower_thing_stays_apart(first: str, second: str, old: str, new: str) -> None:
    memory = remember(first, second)
    assert len(current_with(memory, old)) == 1
    assert len(current_with(memory, new)) == 1


@pytest.mark.parametrize("first, second, old, new", [
    ("my step goal is 8000", "my daily step goal is 10000", "8000", "10000"),
    ("The standup is 15 minutes.", "The daily standup is 30 minutes.", "15 minutes", "30 minutes"),
    ("Support hours are 9am to 5pm.", "Phone support hours are now 10am to 4pm.", "9am to 5pm",
     "10am to 4pm"),
])
def test_a_word_of_time_or_of_change_still_revises(first: str, second: str, old: str,
                                                    new: str) -> None:
    memory = remember(first, second)
    [held] = current_with(memory, new)
    assert earlier_values(held) == [old]


def test_a_noun_that_opens_a_statement_is_its_subject() -> None:
    assert parse_statement("Express shipping takes 2 days.").subject == "Express shipping"
    assert parse_statement("Design doc goes to review in 2 days").subject == "Design doc"
    assert parse_statement("Write commit messages in under 50 characters.").subject != "Write commit"


@pytest.mark.parametrize("first, second, old, new", [
    ("Keep replies under 100 words.", "Allow up to 250 words for code reviews.", "100 words",
     "250 words"),
    ("Max 2 retries.", "Use 6 retries for flaky integration tests.", "2 retries", "6 retries"),
    ("The session timeout is 15 minutes.", "make it 60 minutes for internal users",
     "15 minutes", "60 minutes"),
    ("Free delivery over $50.", "Free delivery over $30 for loyalty members.", "$50", "$30"),
    # a quantity said for a particular thing after an article
    ("The API timeout is 20 seconds.", "Set a 90 second timeout for the reporting service.",
     "20 seconds", "90 second"),
    ("Lights out at 10pm.", "Lights out is 11pm for the teenager.", "10pm", "11pm"),
    ("Our monthly budget is $900.", "We can go to $1,200 for the groceries alone.", "$900",
     "$1,200"),
    ("Cap uploads at 10 MB.", "Allow 50 MB for the design team.", "10 MB", "50 MB"),
])
def test_a_value_said_for_a_kind_of_thing_holds_beside_the_general_one(first: str, second: str,
                                                                       old: str, new: str) -> None:
    memory = remember(first, second)
    assert current_with(memory, old) and current_with(memory, new)
    assert not any(earlier_values(p) for p in memory.all_patches)


@pytest.mark.parametrize("first, second, old, new", [
    ("Max 2 retries.", "Make it 4 retries for now.", "2 retries", "4 retries"),
    ("Keep replies under 100 words.", "Actually keep replies under 150 words for everyone.",
     "100 words", "150 words"),
    ("we need 2 workers on the queue", "bump workers to 8 for the product launch", "2", "8"),
    ("The budget for flights is $600.", "Let's make it $750 for flights.", "$600", "$750"),
    # an occasion, a pointer before the value or a name chosen for a reason after an article
    ("The gift budget is $300.", "Raise the gift budget to $450 for the holidays.", "$300", "$450"),
    ("the quiz takes 10 minutes max", "we're letting it go up to 15 minutes for the new questions",
     "10 minutes", "15 minutes"),
    ("Our broadband provider is Vodafone.",
     "We dropped Vodafone and went with Zen for the faster line.", "Vodafone", "Zen"),
    ("Office hours end at 5pm.", "Office hours end at 7pm for the time being.", "5pm", "7pm"),
])
def test_a_value_said_for_a_time_an_occasion_or_everyone_still_revises(first: str, second: str,
                                                                      old: str, new: str) -> None:
    memory = remember(first, second)
    (p,) = current_with(memory, new)
    assert any(old in (v or "") for v in earlier_values(p)), (p.text, p.history)

