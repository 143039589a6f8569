"""Measures a user tracks (accuracy, weight, churn, uptime, a race time), said again with a
new figure, and the look-alikes that must stay apart: the same measure of another plan or
distance, a target beside the figure as it stands.

Each test feeds turns through ``add_turn`` (default extractor) and checks what the store
holds; the parsing tests read single sentences.
"""

from __future__ import annotations

import pytest

from dspm_core.passing import says_nothing
from dspm_core.slots import parse_statement
from dspm_core.values import parse_value, split_number_unit
from test_in_passing import kept, remember, replaced


@pytest.mark.parametrize("text, canonical, dimension", [
    ("10,000 steps daily now", "10000 steps per day", "rate:count:step"),
    ("1,520 dollars monthly for the flat", "1520 USD per month", "rate:money"),
    ("8000 daily", "8000 per day", "rate:number"),
    ("3 meetings weekly.", "3 meetings per week", "rate:count:meeting"),
])
def test_a_period_adverb_after_a_value_makes_it_a_rate(text: str, canonical: str,
                                                       dimension: str) -> None:
    pv = parse_value(split_number_unit(text))
    assert (pv.canonical, pv.dimension) == (canonical, dimension)


def test_annual_before_a_noun_is_no_period_of_the_value() -> None:
    assert parse_value(split_number_unit("5 annual reports")).scope is None


@pytest.mark.parametrize("text, subject, value", [
    ("API uptime this quarter is at 99.6% now that the failover works.",
     "API uptime this quarter", "99.6%"),
    ("the limit is 5 now that we have more servers", "limit", "5"),
    ("The budget is $300 now we have more", "budget", "$300"),
    ("My 5k time is 27 minutes.", "5k time", "27 minutes"),
    ("my 401k balance is $20,000", "401k balance", "$20,000"),
])
def test_the_value_of_a_statement_is_read_where_it_is_said(text: str, subject: str,
                                                          value: str) -> None:
    st = parse_statement(text)
    assert (st.subject, st.value) == (subject, value)


@pytest.mark.parametrize("word, nothing", [
    ("starter", False), ("user", False), ("settings", False),
    ("starting", True), ("plans", True), ("switched", True), ("tomorrow", True),
])
def test_a_word_of_change_is_told_by_its_lemma_not_a_shared_stem(word: str, nothing: bool) -> None:
    assert says_nothing(word) is nothing


@pytest.mark.parametrize("first, later, new, old", [
    ("My accuracy on geometry proofs is 62% right now.",
     "My accuracy on geometry proofs went up to 78% this week.", "78%", "62%"),
    ("API uptime this quarter is 99.2%.",
     "API uptime this quarter is at 99.6% now that the failover works.", "99.6%", "99.2%"),
    ("My 5k time is 31 minutes.", "My 5k time is 28 minutes.", "28 minutes", "31"),
])
def test_a_measure_said_again_is_revised(first: str, later: str, new: str, old: str) -> None:
    replaced(remember(first, ("assistant", "Noted."), later), new, old)


@pytest.mark.parametrize("first, later, a, b", [
    ("Churn on the starter plan is 7%.", "Churn on the enterprise plan is 2%.", "7%", "2%"),
    ("My 5k time is 27 minutes.", "My 10k time is 58 minutes.", "27 minutes", "58 minutes"),
    ("My target weight is 75 kg.", "I currently weigh 86 kg.", "75 kg", "86 kg"),
    ("My goal is to get my resting heart rate to 60 bpm.", "My resting heart rate is 71 bpm right now.",
     "60 bpm", "71 bpm"),
])
def test_look_alike_measures_stay_apart(first: str, later: str, a: str, b: str) -> None:
    memory = remember(first, ("assistant", "Okay."), later)
    kept(memory, a)
    kept(memory, b)


@pytest.mark.parametrize("text, value, dimension", [
    ("48 Spanish lessons done now", "48 Spanish lessons", "count:lesson"),
    ("15 test users for the seed script", "15 test users", "count:user"),
    ("12 algebra problems", "12 algebra problems", "count:problem"),
    ("5 GB files", "5 GB", "size"),
    ("$2M last month", "$2M", "money"),
])
def test_a_noun_before_the_counted_noun_qualifies_it(text: str, value: str, dimension: str) -> None:
    said = split_number_unit(text)
    assert (said, parse_value(said).dimension) == (value, dimension)


@pytest.mark.parametrize("text, subject, value, op", [
    ("My accuracy on probability problems is 70% after 10 problems.",
     "accuracy on probability problems", "70%", "="),
    ("My photography account just passed 2,700 followers.", "photography account",
     "2,700 followers", "="),
    ("Deploy after 5 pm on Friday", "Deploy", "5 pm", ">"),
])
def test_a_level_reached_and_a_time_after_a_value(text: str, subject: str, value: str,
                                                  op: str) -> None:
    st = parse_statement(text)
    assert (st.subject, st.value, st.op) == (subject, value, op)


@pytest.mark.parametrize("first, later, new, old", [
    ("My accuracy on probability problems is 70% after 10 problems.",
     "My accuracy on probability problems went up to 85%.", "85%", "70%"),
    ("I've done 35 Spanish lessons on the app.", "Up to 48 Spanish lessons done now.", "48", "35"),
    ("My photography account has 2,300 followers.",
     "My photography account just passed 2,700 followers.", "2,700", "2,300"),
])
def test_a_level_said_again_revises_it(first: str, later: str, new: str, old: str) -> None:
    replaced(remember(first, ("assistant", "Nice."), later), new, old)


def test_a_level_of_another_account_stays_apart() -> None:
    memory = remember("My photography account has 2,300 followers.",
                      ("assistant", "Nice."), "My cooking account just passed 900 followers.")
    kept(memory, "2,300")
    kept(memory, "900")
