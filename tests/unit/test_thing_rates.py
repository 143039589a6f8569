"""An amount with its thing between the value and its period ("£5 pocket money a week",
"2 hours of piano practice a day") is a rate, revised by a pointer with a rate; a change
told of someone else's thing ("she moved hers, it's 10 now") or of what a partner needs
revises none of the speaker's settings."""

from __future__ import annotations

import pytest

from dspm_core.slots import parse_statement
from test_in_passing import kept, remember, replaced


@pytest.mark.parametrize("text, value, dimension, thing", [
    ("my son gets £3 pocket money a week", "£3 a week", "rate:money", "pocket money"),
    ("I budget about $80 on groceries a week", "$80 a week", "rate:money", "groceries"),
    ("she does 2 hours of piano practice a day", "2 hours a day", "rate:time", "piano practice"),
    ("the cat gets three pouches of wet food a day", "3 pouches a day", "rate:count:pouch",
     "wet food"),
    ("we pay €900 in rent a month", "€900 a month", "rate:money", "rent"),
])
def test_an_amount_with_its_thing_before_its_period_is_a_rate(text: str, value: str,
                                                              dimension: str, thing: str) -> None:
    st = parse_statement(text)
    assert (st.value, st.dimension) == (value, dimension)
    assert thing in (st.subject or "")


@pytest.mark.parametrize("text, value", [
    ("I paid $60 for a week in Spain", "$60"),  # a price of one stay, not a rate
    ("I walk 3 miles with the dog a day", "3 miles"),  # the words between name no thing
])
def test_words_that_name_no_thing_make_no_rate(text: str, value: str) -> None:
    assert parse_statement(text).value == value


def test_a_pointer_with_a_rate_revises_the_amount_with_its_thing() -> None:
    replaced(remember("my son gets £3 pocket money a week", "make it £4 a week, he's eleven now"),
             "£4", "£3")
    replaced(remember("she does 2 hours of piano practice a day",
                      "cut it to one hour a day during exams"), "1 hour", "2 hours")


def test_what_a_partner_needs_is_not_the_speakers_setting() -> None:
    memory = remember("I sleep 8 hours a night", "my husband needs 6 hours a night, he's up at 5")
    kept(memory, "8 hours")
    kept(memory, "6 hours")


def test_a_change_to_someone_elses_thing_binds_no_pointer() -> None:
    memory = remember("my gym class is on mondays",
                      "my flatmate switched hers, it's wednesdays now")
    kept(memory, "mondays")
    memory = remember("the bin collection is on tuesdays",
                      "the neighbours moved theirs, it's fridays now")
    kept(memory, "tuesdays")


@pytest.mark.parametrize("first, revision, new, old", [
    ("keep the meeting notes under 300 words", "let them run to 500 words, there's a lot to cover",
     "500 words", "300"),
    ("the quiz takes 10 minutes max", "we're letting it go up to 15 minutes for the new questions",
     "15 minutes", "10"),
])
def test_a_limit_let_out_revises_the_setting_spoken_of(first: str, revision: str, new: str,
                                                       old: str) -> None:
    replaced(remember(first, revision), new, old)


@pytest.mark.parametrize("first, revision, new, old", [
    ("my tablet runs iPadOS 16", "the update finished last night, iPadOS 17 now", "iPadOS 17",
     "iPadOS 16"),
    ("the CI image has Kotlin 1.8", "bumped it, Kotlin 1.9 now", "Kotlin 1.9", "Kotlin 1.8"),
])
def test_a_version_said_after_its_clause_revises_the_system(first: str, revision: str, new: str,
                                                            old: str) -> None:
    replaced(remember(first, revision), new, old)


def test_a_common_word_opening_a_sentence_is_no_system_name() -> None:
    st = parse_statement("Evenings should be 19 degrees now")
    assert not st.dimension.startswith("version:")
    st = parse_statement("Chapters should be 12 now")
    assert not st.dimension.startswith("version:")


@pytest.mark.parametrize("text, value", [
    ("my data plan is the 50GB one", "50GB"),
    ("get me the 13 inch one", "13 inch"),
])
def test_one_after_a_value_stands_for_the_thing_not_its_unit(text: str, value: str) -> None:
    assert parse_statement(text).value == value


def test_a_pointer_at_another_thing_moved_binds_to_nothing_of_ours() -> None:
    memory = remember("my dentist appointment is on 4 June",
                      "they moved the school trip, it's on 11 June now")
    kept(memory, "4 June")
    # the thing moved named as the setting is the setting
    replaced(remember("my dentist appointment is on 4 June",
                      "they moved the dentist appointment, it's on 11 June now"), "11 June", "4 June")


@pytest.mark.parametrize("value, canonical, unit", [
    ("£25 each", "25 GBP per item", "each"),
    ("$40 pp", "40 USD per person", "pp"),
    ("€90 apiece", "90 EUR per item", "apiece"),
])
def test_money_for_each_one_is_a_rate_of_money(value: str, canonical: str, unit: str) -> None:
    from dspm_core.values import parse_value

    pv = parse_value(value)
    assert (pv.dimension, pv.canonical, pv.unit) == ("rate:money", canonical, unit)
    assert parse_value("5 each").dimension != "rate:money"  # no money: a count


def test_a_change_of_money_each_revises_the_users_budget_not_the_assistants_echo() -> None:
    memory = remember("book the coach to Edinburgh for the hen do, budget £45 each, 12 of us",
                      ("assistant", "Sure. I'll search for coaches under £45 and check the luggage "
                                    "rules for the group."),
                      "could we do £60 instead? a direct one is worth it")
    replaced(memory, "£60", "£45")


def test_a_rate_named_by_its_period_in_the_subject_revises_the_rate() -> None:
    # "my hourly rate ... £55" is £55 an hour, whether the extractor gives the sum alone
    replaced(remember("I charge clients £45 an hour for tutoring",
                      "my hourly rate for tutoring has gone up to £55"), "£55", "£45")
    memory = remember("I charge £45 an hour for tutoring", "my daily rate for consulting is £400")
    kept(memory, "£45")
    kept(memory, "£400")
