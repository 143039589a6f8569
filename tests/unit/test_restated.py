"""A quantity said again in other words, with a new value (``dspm_core/restated.py``).

The new statement names its subject differently ("the cap on uploads" for "max upload
size"), carries no cue a referent or a head noun would need, and still revises the one
recent setting of the very same kind of value it shares a word with. Each look-alike below
shares a word and a kind of value with an earlier setting and must leave it alone: a
sibling, another owner, a name or letter apart, an event, a question, a value kept, the
past, a second setting that fits as well.

Each test feeds turns through ``add_turn`` (default extractor) and checks the store.
"""

from __future__ import annotations

import pytest

from test_in_passing import kept, remember, replaced


@pytest.mark.parametrize("first, again, new, old", [
    ("the nightly export keeps 14 days of files", "our export should keep 30 days of files",
     "30 days", "14"),
    ("the staging box has 16 GB of RAM", "the staging box gets 32 GB of RAM now", "32 GB", "16"),
    ("I'm putting €150 a month into my pension", "I've upped my monthly pension payment to €250",
     "€250", "€150"),
    ("the product launch is set for May 4", "we're not launching the product until May 11",
     "May 11", "May 4"),
    ("max attachment size in the helpdesk is 15 MB", "the helpdesk cap on attachments should be 40 MB",
     "40 MB", "15"),
    # a unit written short, a period said by an adjective, an owner said on one side only
    ("the public api allows 100 requests a minute", "the public api allows 250 req/min from now on",
     "250", "100"),
    ("rent is $1,450 a month", "monthly rent is $1,520 since the renewal", "$1,520", "1,450"),
    ("Maya's swimming lessons are on mondays", "swimming is on wednesdays from next term",
     "wednesdays", "mondays"),
])
def test_a_setting_said_again_in_other_words_takes_the_new_value(first: str, again: str,
                                                                new: str, old: str) -> None:
    replaced(remember(first, again), new, old)


def test_a_restatement_after_the_assistant_confirmed_still_revises() -> None:
    memory = remember("the nightly export keeps 14 days of files",
                      ("assistant", "Noted: the nightly export keeps 14 days."),
                      "our export should keep 30 days of files")
    replaced(memory, "30 days", "14")


@pytest.mark.parametrize("first, second, a, b", [
    # a sibling: another everyday word, a time of day or a side before the shared one
    ("the invoice worker concurrency is 6", "the report worker concurrency is 12", "6", "12"),
    ("the day nurse starts at 7 am", "the night nurse starts at 7 pm", "7 am", "7 pm"),
    ("the top margin is 3 cm", "the bottom margin is 2 cm", "3 cm", "2 cm"),
    ("the basic tier allows 5 users", "the team tier allows 25 users", "5 users", "25 users"),
    # a name, an identifier or a letter on each side
    ("cache-east holds 64 GB", "cache-west holds 128 GB", "64 GB", "128 GB"),
    ("building C has 40 desks", "building D has 65 desks", "40 desks", "65 desks"),
    ("Priya's shift starts at 8 am", "Marco's shift starts at 10 am", "8 am", "10 am"),
    # a goal set beside a measure of the same thing
    ("I weigh 92 kg at the moment", "my target weight is 85 kg", "92 kg", "85 kg"),
    ("we have 320 newsletter subscribers", "our subscriber goal is 1,000", "320", "1,000"),
    ("the shop sells about 40 candles a week", "the goal is 60 candles a week", "40", "60"),
])
def test_two_settings_of_one_kind_stay_apart(first: str, second: str, a: str, b: str) -> None:
    memory = remember(first, second)
    kept(memory, a)
    kept(memory, b)


@pytest.mark.parametrize("second", [
    "my son's bedtime is 8 pm",                     # another owner
    "what if bedtime was 11 pm instead",            # a supposition
    "is 11 pm too late for bedtime",                # a question
    "bedtime was 11 pm back when I was a student",  # the past
    "my bedtime yesterday was 11 pm",               # an event of one day
    "my sister says bedtime should be 9 pm",        # someone else's opinion
])
def test_a_statement_that_sets_nothing_leaves_the_setting(second: str) -> None:
    memory = remember("my bedtime is 10 pm", second)
    kept(memory, "10 pm")


def test_the_same_value_for_another_thing_folds_nothing() -> None:
    memory = remember("the kitchen filter gets changed every 3 months",
                      "same for the shower filter, every 3 months")
    assert len([p for p in memory.all_patches if p.later is None and "3 months" in p.text]) == 2


def test_two_settings_that_fit_equally_are_both_left() -> None:
    memory = remember("the api gateway timeout is 20 seconds", "the api client timeout is 15 seconds",
                      "api calls should give up after 40 seconds")
    kept(memory, "20 seconds")
    kept(memory, "15 seconds")


def test_a_restatement_too_far_back_revises_nothing() -> None:
    filler = [f"thanks, one more question about item {n}" for n in range(8)]
    memory = remember("the nightly export keeps 14 days of files", *filler,
                      "our export should keep 30 days of files")
    kept(memory, "14 days")


def test_an_assistant_saying_it_in_other_words_revises_no_user_setting() -> None:
    memory = remember("the nightly export keeps 14 days of files",
                      ("assistant", "Our export should keep 30 days of files."))
    kept(memory, "14 days")


# ------------------------------------------------------------ a name of a known kind
@pytest.mark.parametrize("first, again, new, old", [
    ("i do all my editing in Sublime", "my editor is helix these days", "helix", "Sublime"),
    ("we test everything with Mocha", "our test runner is Vitest now", "Vitest", "Mocha"),
    ("render the flowcharts in graphviz please", "excalidraw from here, the team can't read dot files",
     "excalidraw", "graphviz"),
])
def test_a_name_of_the_same_kind_said_with_a_change_replaces_the_old_one(first: str, again: str,
                                                                          new: str, old: str) -> None:
    memory = remember(first, again)
    kept(memory, new)
    assert not [p for p in memory.all_patches if p.later is None
                and old.lower() in p.text.lower() and new.lower() not in p.text.lower()]
    assert any(old.lower() in (r.value or r.text).lower() for p in memory.all_patches for r in p.history)


@pytest.mark.parametrize("first, second", [
    ("the backend is written in Go", "the cli is written in Rust these days"),     # another thing
    ("we test the api with pytest", "my sister's team tests with Jest now"),       # another owner
    ("we test everything with Mocha", "what if we used Vitest from now on"),        # a supposition
    ("we test everything with Mocha", "we use Jest for snapshots now and Mocha for the rest"),
])
def test_a_name_of_the_same_kind_for_something_else_replaces_nothing(first: str, second: str) -> None:
    memory = remember(first, second)
    assert not any(p.history for p in memory.all_patches)


@pytest.mark.parametrize("first, second, a, b", [
    ("the lumar queue depth is 300 messages", "the lumat queue depth should be 500 messages", "300", "500"),
    ("the proxy 4 connection limit is 80 connections", "the proxy 5 connection limit is 4 connections",
     "80", "4 connections"),
    ("the miral queue queue depth is 30 messages", "the miral cache queue depth should be 40 messages",
     "30", "40"),
    ("the db07 proxy pool holds 20 connections", "the proxy I pool should hold 35 connections", "20", "35"),
])
def test_names_that_differ_by_a_letter_or_a_number_stay_two_settings(first: str, second: str,
                                                                     a: str, b: str) -> None:
    memory = remember(first, second)
    kept(memory, a)
    kept(memory, b)


def test_the_user_restating_what_the_assistant_just_set_revises_it() -> None:
    memory = remember("make a cleaning rota for the flat",
                      ("assistant", "I put the kitchen deep clean on Fridays."),
                      "the kitchen deep clean should be on mondays, nobody is home on fridays")
    replaced(memory, "mondays", "Fridays")


def test_what_the_assistant_set_earlier_is_out_of_reach() -> None:
    memory = remember("make a cleaning rota for the flat",
                      ("assistant", "I put the kitchen deep clean on Fridays."),
                      "thanks, and what cleaner works on limescale?",
                      ("assistant", "Vinegar or a citric acid descaler."),
                      "the kitchen deep clean should be on mondays")
    kept(memory, "mondays")
    assert not any(p.history for p in memory.all_patches)  # no lineage guessed across turns


def test_a_value_cut_at_a_thousands_separator_is_read_whole() -> None:
    memory = remember(("system", "User profile: monthly rent budget £1,200; city London."))
    assert any("£1,200" in (p.value or "") for p in memory.all_patches)


def test_a_word_for_a_rate_and_the_verb_of_the_subject_name_no_other_thing() -> None:
    replaced(remember("rate limit on the search api is 50 requests a minute",
                      "the search api throttles at 120 req/min going forward"), "120", "50")


def test_a_name_corrected_after_saying_it_was_wrong_replaces_the_old_one() -> None:
    memory = remember("my office is in the Shoreditch building, book rooms near it",
                      "sorry i was wrong, the office is in Farringdon")
    assert any("Shoreditch" in (r.value or r.text) for p in memory.all_patches for r in p.history)


def test_what_each_side_measures_keeps_two_settings_of_one_thing_apart() -> None:
    memory = remember("the search api request quota is 2000 requests per minute",
                      "the search api rate limit must stay under 500 requests per minute")
    kept(memory, "2000")
    kept(memory, "500")


@pytest.mark.parametrize("first, again, new, old", [
    ("Grocery budget for the month is $600.",
     "payday came early. Grocery budget is $750 this month, we're hosting.", "$750", "$600"),
    ("The phone allowance for the week is 3 hours.", "phone allowance is 2 hours this week",
     "2 hours", "3"),
])
def test_a_setting_named_again_with_its_period_said_after_the_value(first: str, again: str,
                                                                    new: str, old: str) -> None:
    replaced(remember(first, again), new, old)


@pytest.mark.parametrize("first, second, a, b", [
    ("Weekly grocery budget is $150.", "Monthly grocery budget is $600.", "$150", "$600"),
    ("I've booked a session with a tutor on May 20 to prepare for my exam.",
     "The tutor session is on May 20 at 2:00 PM.", "to prepare for my exam", "2:00 PM"),
])
def test_a_period_or_a_preposition_alone_names_no_shorter_setting(first: str, second: str,
                                                                  a: str, b: str) -> None:
    memory = remember(first, second)
    kept(memory, a)
    kept(memory, b)


@pytest.mark.parametrize("text", [
    "For this letter specifically, keep it very formal, it's for the bank.",
    "for this caption in particular, no hashtags",
])
def test_a_format_for_one_thing_at_hand_sets_no_rule(text: str) -> None:
    memory = remember(text)
    assert not [p for p in memory.all_patches if p.critical], memory.get_context()


def test_a_scope_of_a_project_is_still_a_rule() -> None:
    memory = remember("for this repo only, use tabs for indentation")
    assert [p for p in memory.all_patches if p.critical]
