"""Corrections that name the old value after "not" ("it's gate 14 not gate 12", "sorry,
not almonds, it's cashews"): the one statement of the last turns that sets the old value
gives way, with it in the lineage; a "not" that says how, asks, or speaks of something
else replaces nothing.

Each test feeds turns through ``add_turn`` (default extractor) and checks what the store
holds.
"""

from __future__ import annotations

import pytest

from dspm_core.corrections import corrected_earlier
from dspm_core.patch import Fact, PatchKind, Role

from test_in_passing import current_with, kept, remember, replaced


@pytest.mark.parametrize("first, correction, new, old", [
    ("Meet me at gate 12.", "it's gate 14 not gate 12, they changed it", "gate 14", "12"),
    ("The poster needs 6 panels.", "sorry, it must be 8 panels, not 6", "8 panels", "6"),
    ("I can't eat almonds.", "oops, not almonds, it's cashews I can't eat", "cashews", "almonds"),
    ('end every reply with "Kind regards"', 'no, "Talk soon" not "Kind regards"', "Talk soon",
     "Kind regards"),
    ("The recital is in the Lindqvist hall.", "wait, the Moreau hall, not Lindqvist",
     "Moreau", "Lindqvist"),
])
def test_a_correction_with_not_replaces_the_statement_that_set_the_old_value(
        first: str, correction: str, new: str, old: str) -> None:
    memory = remember(first, ("assistant", "Noted."), correction)
    replaced(memory, new, old)


@pytest.mark.parametrize("first, second, word", [
    # something else owned: the aunt's town is not the brother's
    ("My brother lives in Leeds.", "My aunt lives in Lees, near Oldham, not Leeds.", "Leeds"),
    # a "not" that says how, never what
    ("Write the toast in a formal tone.", "thanks, but I'm not that formal really", "formal"),
    # a question corrects nothing
    ("Meet me at gate 12.", "is it gate 14 not gate 12?", "gate 12"),
    # the old value held by two statements: which one is meant is a guess
    ("Ship the blue mugs to Oslo.", "Ship the blue plates to Oslo.", "Oslo"),
])
def test_a_not_that_corrects_nothing_keeps_the_earlier_statement(
        first: str, second: str, word: str) -> None:
    memory = remember(first, second)
    if word == "Oslo":
        memory.add_turn("user", "sorry, Bergen not Oslo")
        assert len([p for p in current_with(memory, "Oslo") if "Ship" in p.text]) == 2
        assert not any(p.history for p in memory.all_patches)
        return
    kept(memory, word)


def test_an_assistant_says_not_and_corrects_nothing() -> None:
    memory = remember("Meet me at gate 12.", ("assistant", "It's gate 14 not gate 12."))
    kept(memory, "gate 12")


def test_the_correction_reaches_only_the_last_turns() -> None:
    turns = ["Meet me at gate 12."] + [f"what is a good name for pet number {i}" for i in range(9)]
    memory = remember(*turns, "it's gate 14 not gate 12")
    kept(memory, "gate 12")


def test_corrected_earlier_reads_the_old_and_the_new_value() -> None:
    memory = remember("The poster needs 6 panels.")
    patches = {p.id: p for p in memory.all_patches}
    fact = Fact(kind=PatchKind.DECISION, text="sorry, it must be 8 panels, not 6", turn=5,
                role=Role.USER)
    found = corrected_earlier(patches, fact)
    assert found is not None and (found.old, found.new) == ("6", "8 panels")
    assert corrected_earlier(patches, Fact(kind=PatchKind.DECISION, text="not sure about 6",
                                           turn=5, role=Role.USER)) is None


@pytest.mark.parametrize("first, revision, new, old", [
    # "rather than" and "instead of" name the old value too, a word before the name dropped
    ("Lint the Python code with flake8.", "ok so lint with ruff rather than plain flake8", "ruff",
     "flake8"),
    ("Answer my coding questions in Java.", "from now on write it in Kotlin, not old Java", "Kotlin",
     "Java"),
])
def test_rather_than_names_the_old_value(first: str, revision: str, new: str, old: str) -> None:
    memory = remember(first, "what is a monad", revision)
    replaced(memory, new, old)


@pytest.mark.parametrize("first, revision, new, old", [
    # a pointer moved to a new name replaces the one statement holding one name
    ("the book club meets in Ghent", "the venue fell through, move it to Bruges", "Bruges", "Ghent"),
    ("I follow a vegan diet", "change that to pescatarian, my doctor wants me eating fish",
     "pescatarian", "vegan"),
    # a name set earlier takes the new one named with a cue and nothing else
    ("our conference this spring is Lisbon", "plans changed, we're doing Seville instead", "Seville",
     "Lisbon"),
])
def test_a_pointer_moved_to_a_new_name_replaces_the_old_one(
        first: str, revision: str, new: str, old: str) -> None:
    memory = remember(first, revision)
    replaced(memory, new, old)


def test_a_pointer_moved_among_two_statements_replaces_neither() -> None:
    memory = remember("the book club meets in Ghent", "the choir rehearses in Bruges",
                      "actually move it to Antwerp")
    kept(memory, "Ghent")
    kept(memory, "Bruges")


@pytest.mark.parametrize("turns, new, old", [
    # the new name in the clause of the change, not the one in its reason
    (["I'm building the CLI in Ruby", "how do I parse flags", "ok I'll build it in Rust instead, "
      "need the speed"], "Rust", "Ruby"),
    # a pointer with one noun both names qualify
    (["book the meeting in the Orchid room", "put it in the Lotus room, it has a screen"],
     "Lotus", "Orchid"),
    # a version said with the tool's name alone
    (["Python version is 3.10", "we're on python 3.12 everywhere now"], "3.12", "3.10"),
])
def test_a_name_or_number_said_again_with_a_change(turns: list[str], new: str, old: str) -> None:
    replaced(remember(*turns), new, old)


@pytest.mark.parametrize("turns, new, old", [
    # an -ing word is the verb the other side says
    (["I want to cycle 100 km this month", "I'm ahead, raise my cycling target to 150 km"], "150",
     "100"),
    (["My daughter's dancing class is on Tuesdays.", "the dance class moved to fridays"], "fridays",
     "Tuesdays"),
    # a plain statement of how the work is done takes the new name
    (["we build with Gradle", "Gradle keeps breaking, we're building with Bazel now"], "Bazel", "Gradle"),
])
def test_revisions_with_the_verb_said_another_way(turns: list[str], new: str, old: str) -> None:
    replaced(remember(*turns), new, old)


@pytest.mark.parametrize("first, correction, new, old", [
    ("set the request timeout to 300 seconds in the config",
     "typo, should be 30 seconds.", "30 seconds", "300"),
    ("set the pomodoro timer to 52 minutes", "typo lol, 25 minutes", "25 minutes", "52"),
    ("we need chairs for twelve guests on saturday", "my bad, fifteen guests. forgot the kids",
     "15 guests", "12"),
    ("our weekly takeaway limit is $60", "not $60, $80. forgot we split it with the flatmate",
     "$80", "$60"),
])
def test_a_correction_said_first_revises_the_value_just_given(
        first: str, correction: str, new: str, old: str) -> None:
    replaced(remember(first, correction), new, old)


def test_a_correction_of_the_second_item_leaves_the_first() -> None:
    memory = remember("packing list for the beach: 2 towels and the spf 50 sunscreen",
                      "and 4 bottles of water", "wait no, 6 bottles, its gonna be really hot")
    replaced(memory, "6 bottles", "4")
    kept(memory, "2 towels")


def test_a_pointer_to_what_a_stance_names_is_no_earlier_setting() -> None:
    memory = remember("the python version for the project is 3.11",
                      "i actually hate black's default line length, set it to 100 chars")
    kept(memory, "3.11")
    kept(memory, "100 chars")


@pytest.mark.parametrize("turns, new, old", [
    (("dentist appt is june 14th, can u remind me the day before",
      "wait, it's june 21st. i was looking at the wrong card lol"), "june 21st", "june 14th"),
    (("my daughter's recital is friday", "no it's saturday, i keep mixing it up"),
     "saturday", "friday"),
    (("i put 15% of my paycheck into savings every month",
      "oh its 20% btw, i got a raise last week"), "20%", "15%"),
    (("daily standup is at 9:30", "it runs 15 minutes, keep my calendar clear around it",
      "call it 20 minutes, people always go over"), "20 minutes", "15"),
])
def test_a_new_value_said_with_its_pointer_after_a_correcting_word(turns, new, old) -> None:
    replaced(remember(*turns), new, old)


def test_a_value_said_for_another_thing_is_that_things() -> None:
    memory = remember("lisbon trip is may 3rd", "budget is €600 for the whole thing",
                      "its €25 for the airport transfer btw, just booked it")
    kept(memory, "€600")
    kept(memory, "€25")


def test_the_day_of_the_date_held_restates_it() -> None:
    memory = remember("my dentist appointment is 14 march", "no, it's the 14th")
    kept(memory, "14 march")


def test_a_value_recalled_from_a_time_gone_by_replaces_nothing() -> None:
    memory = remember("the electricity bill came in at £180", "it was £120 last year, ridiculous")
    kept(memory, "£180")
    assert all(p.kind is PatchKind.SENTENCE for p in current_with(memory, "£120"))


def test_a_value_moved_in_the_past_still_revises() -> None:
    replaced(remember("the launch is on friday", "it was moved to monday last week"),
             "monday", "friday")


@pytest.mark.parametrize("turns, new, old", [
    (("hey can u answer me in english pls, i'm still settling in",
      "hmm nah german, if im going to live in berlin i need the practice"), "German", "English"),
    (("pls always reply in german, i'm practising", "lol ok. whats a good podcast?",
      "cool. change of plan, i'm moving to amsterdam, so dutch from now on pls"), "Dutch", "German"),
    (("the cleaner comes on mondays so remind me the night before to tidy up",
      "wednesdays, not mondays. she swapped ages ago"), "wednesdays", "mondays"),
])
def test_a_known_name_said_alone_as_a_change_replaces_the_one_of_its_kind(turns, new, old) -> None:
    replaced(remember(*turns), new, old)


def test_a_name_said_alone_of_another_kind_replaces_nothing() -> None:
    memory = remember("pls always reply in german", "nah vegetarian, if that's ok")
    kept(memory, "German")


@pytest.mark.parametrize("first, correction, new, old", [
    ("Set the lambda timeout to 60 seconds.", "ok 60 was overkill, 20 seconds", "20 seconds", "60"),
    ("Order 12 bagels for the meeting.", "hmm 12 is too many, make it 8 bagels", "8 bagels", "12"),
    ("Cap the batch at 500 rows.", "500 seems way too low - 2000 rows", "2000 rows", "500"),
])
def test_the_old_value_judged_then_the_new_one(first: str, correction: str, new: str,
                                               old: str) -> None:
    replaced(remember(first, correction), new, old)


@pytest.mark.parametrize("lead", ["ok new rule,", "quick update:", "small change -", "new plan:"])
def test_a_new_rule_said_first_is_a_change_of_the_setting_spoken_of_last(lead: str) -> None:
    memory = remember("kids screen time is 1 hour on school nights",
                      ("assistant", "Okay, 1 hour on school nights."),
                      f"{lead} 45 min on school nights, they've been cranky")
    replaced(memory, "45 min", "1 hour")
