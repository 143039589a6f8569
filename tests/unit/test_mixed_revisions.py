"""Revisions said in passing ways, and look-alikes that must stay apart: a goal revised, a
change only weighed ("we might push it to 5pm"), a count of a compound noun in
words ("four bullet points"), how many the speaker's side is at now ("so we're at 18
singers"), a value fronted by what brought it about ("With the new SSD the backup runs in
20 minutes"), a thing relocated, an interjection before a change ("ugh council tax went
from 160 to 175") and a change from a value that a setting said in other words holds.

Each test feeds turns through ``add_turn`` (default extractor) and checks what the store
holds.
"""

from __future__ import annotations

import pytest

from dspm_core.number_words import with_digits
from dspm_core.slots import parse_statement, subject_key

from test_in_passing import kept, remember, replaced


def test_a_goal_revised_is_still_a_revision() -> None:
    replaced(remember("my reading goal is 12 books this year",
                      "let's make the goal 18 books instead"), "18", "12")


@pytest.mark.parametrize("weighed", [
    "We might push the call to 5pm.",
    "we may move the call to 5pm if the client runs late",
    "I'm thinking of moving the call to 5pm.",
    "Maybe we should move the call to 5pm.",
])
def test_a_change_only_weighed_revises_nothing(weighed: str) -> None:
    memory = remember("The weekly client call is at 3pm.", weighed)
    kept(memory, "3pm")


def test_a_change_decided_after_all_revises() -> None:
    replaced(remember("The weekly client call is at 3pm.", "We may as well move the call to 5pm."),
             "5pm", "3pm")


@pytest.mark.parametrize("text, want", [
    ("Keep the recap to four bullet points.", "Keep the recap to 4 bullet points."),
    ("we do two code reviews a day", "we do 2 code reviews a day"),
    ("One thing at a time.", "One thing at a time."),
    ("two new ideas", "two new ideas"),  # an adjective before the noun: kept as said
])
def test_a_number_word_counts_a_compound_noun(text: str, want: str) -> None:
    assert with_digits(text) == want


def test_a_count_of_a_compound_noun_in_words_is_revised() -> None:
    replaced(remember("Keep the recap to four bullet points.",
                      "Actually six bullet points would work better for the recap."), "6", "4")


def test_how_many_the_speakers_side_is_at_now_revises_the_count() -> None:
    replaced(remember("The choir has 20 singers.", "Two people left, so we're at 18 singers."),
             "18", "20")


def test_a_value_fronted_by_what_brought_it_about_revises() -> None:
    replaced(remember("The nightly backup takes 50 minutes.",
                      "With the new SSD the nightly backup runs in 20 minutes."),
             "20 minutes", "50")


def test_a_thing_relocated_takes_its_new_place() -> None:
    replaced(remember("Our warehouse is in Reading.", "We relocated the warehouse to Swindon in May."),
             "Swindon", "Reading")


def test_an_interjection_names_no_setting() -> None:
    replaced(remember("the council tax is 160 a month",
                      "ugh council tax went from 160 to 175 this year"), "175", "160")


def test_a_from_to_revises_the_setting_that_held_the_old_value() -> None:
    replaced(remember("I pay £30 a month for my phone contract.",
                      "The phone company raised the price from £30 to £34 a month."), "£34", "£30")


def test_a_from_to_of_something_else_leaves_a_setting_of_that_value() -> None:
    memory = remember("I pay £30 a month for the gym.",
                      "Netflix raised the price from £30 to £34.")
    gym = [p for p in memory.all_patches if "gym" in p.text.lower()]
    assert [p.value for p in gym] == ["£30 a month"] and not gym[0].history


@pytest.mark.parametrize("first, later, new, old", [
    ("I usually get up at 7.", "Lately I've been getting up at 6 without an alarm.", "6", "7"),
    ("we normally eat dinner at 7", "these days we're eating dinner at 8 because of the baby", "8", "7"),
])
def test_a_habit_said_in_progress_revises_the_habit(first: str, later: str, new: str, old: str) -> None:
    replaced(remember(first, later), new, old)


@pytest.mark.parametrize("subject, key", [
    ("Lately I've been waking up", "wake up"),
    ("we normally eat dinner", "eat dinner"),
    ("usually wake up", "wake up"),
])
def test_a_habit_names_its_setting_by_the_verb(subject: str, key: str) -> None:
    assert subject_key(subject) == key


def test_a_value_ends_before_without() -> None:
    assert parse_statement("I run 5k without stopping").value == "5k"


def test_a_new_job_revises_the_occupation() -> None:
    replaced(remember("I work as a primary school teacher.", "Actually I'm a nurse now."),
             "nurse", "teacher")


def test_someone_elses_job_is_no_occupation_of_the_users() -> None:
    memory = remember("I'm a software developer.", "My sister is a nurse.")
    kept(memory, "developer")
