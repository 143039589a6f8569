"""An amount of a thing ("4 cups of coffee a day", "60g of dry food", "20 pages of my
novel") is a setting of that thing, not of the verb said before it; an amount given per
period ("20 minutes every evening") is a rate; an amount said again without its period
("1.5 litres of water") revises the one said with it."""

from __future__ import annotations

import pytest

from dspm_core.slots import parse_statement
from test_in_passing import kept, remember, replaced


@pytest.mark.parametrize("text, subject, value", [
    ("i drink like 4 cups of coffee a day, mostly before lunch", "coffee", "4 cups a day"),
    ("I try to get 8 hours of sleep a night.", "sleep", "8 hours a night"),
    ("our cat gets 60g of dry food a day, split in two meals", "cat dry food", "60g a day"),
    ("Give the dog 2 scoops of kibble at dinner.", "dog kibble at dinner", "2 scoops"),
    ("i read 20 pages of my novel every night before bed", "novel before bed",
     "20 pages every night"),
    ("The bread needs 500 g of flour.", "bread flour", "500 g"),
    ("We keep 3 days of backups.", "backups", "3 days"),
    # said first, of its thing: the amount is the value
    ("honestly 30 minutes of yoga is what i can manage now", "yoga", "30 minutes"),
])
def test_the_setting_is_the_thing_the_amount_is_of(text: str, subject: str, value: str) -> None:
    st = parse_statement(text)
    assert (st.subject, st.value) == (subject, value)


def test_an_amount_a_setting_is_set_to_keeps_the_setting_named_before_it() -> None:
    st = parse_statement("I set the screen lock to 5 minutes of inactivity.")
    assert (st.subject, st.value) == ("screen lock", "5 minutes")


def test_an_amount_given_every_period_is_a_rate() -> None:
    st = parse_statement("i practise piano for 20 minutes every evening")
    assert (st.value, st.dimension, st.scope) == ("20 minutes every evening", "rate:time", "evening")


def test_an_amount_said_again_without_its_period_revises_it() -> None:
    memory = remember("i drink 3 litres of water a day",
                      "these days its more like 1.5 litres of water, winter plus desk job")
    replaced(memory, "1.5 litres", "3")
    (p,) = [q for q in memory.all_patches if q.history]
    assert p.scope == "day"  # the period it was said with is kept


def test_an_amount_said_first_revises_the_amount_of_that_thing() -> None:
    memory = remember("i do 60 minutes of yoga every morning before work",
                      "honestly 30 minutes of yoga is what i can manage now with the new commute")
    replaced(memory, "30 minutes", "60")


def test_amounts_of_two_things_stay_apart() -> None:
    memory = remember("i drink 3 cups of coffee a day", "i drink 2 cups of tea a day")
    kept(memory, "3 cups")
    kept(memory, "2 cups")


def test_a_change_under_way_revises_the_amount() -> None:
    memory = remember("i drink like 4 cups of coffee a day, mostly before lunch",
                      "ok trying to be good, cutting the coffee down to a couple of cups a day")
    replaced(memory, "2 cups", "4")


def test_a_hyphenated_word_is_no_revision_verb() -> None:
    # "pull" in "pull-ups" says nothing changed: an aim beside what one can do stays apart
    assert not parse_statement("i can do 8 pull-ups in a row now").revision
    memory = remember("i can do 8 pull-ups in a row now", "aiming for 15 pull-ups by christmas")
    kept(memory, "8 pull-ups")
    kept(memory, "15 pull-ups")


def test_a_reported_change_after_its_reason_points_back() -> None:
    memory = remember("our cat gets 60g of dry food a day, split in two meals",
                      "vet says shes a bit heavy so its 45g a day now")
    replaced(memory, "45g", "60g")


def test_an_amount_said_to_have_hurt_is_the_old_value() -> None:
    st = parse_statement("50 pushups was wrecking my shoulder, going with 30 from tomorrow")
    assert (st.subject, st.value, st.old_value, st.revision) == (None, "30", "50", True)
    memory = remember("i do 50 pushups every morning",
                      "50 pushups was wrecking my shoulder, going with 30 from tomorrow")
    replaced(memory, "30", "50")


def test_a_count_of_a_compound_thing_keeps_its_whole_name() -> None:
    memory = remember("we use 2 bin bags a week for general rubbish")
    (p,) = memory.all_patches
    assert (p.slot, p.value) == ("bin bags", "2 bin bags a week")


@pytest.mark.parametrize("text, subject, value", [
    ("add 200 g of sugar to the jam", "sugar to jam", "200 g"),  # where it goes stays with it
    ("i run 5 km three times a week", "run", "5 km"),  # how often is no part of the amount
    ("we feed the goldfish 3 pellets twice a day", "feed the goldfish", "3 pellets"),
])
def test_an_amount_is_read_beside_where_and_how_often(text: str, subject: str, value: str) -> None:
    st = parse_statement(text)
    assert (st.subject, st.value) == (subject, value)


def test_a_distance_said_again_revises_the_one_run() -> None:
    memory = remember("i run 5 km three times a week", "i'm up to 8 km now")
    replaced(memory, "8 km", "5")


@pytest.mark.parametrize("said, subject", [
    ("I charge $60 for a full bike service.", "full bike service"),
    ("we charge £25 per lesson, cash or card", "lesson"),
    ("I pay €40 a month for the climbing gym", "climbing gym"),
])
def test_a_price_charged_or_paid_is_of_the_thing_it_is_for(said: str, subject: str) -> None:
    assert parse_statement(said).subject == subject


def test_a_price_charged_said_again_by_the_thing_revises_it() -> None:
    memory = remember("I charge $60 for a full bike service. Can you write a flyer?",
                      "Full service is $70 from this month, parts went up.")
    replaced(memory, "$70", "$60")


@pytest.mark.parametrize("first, then, new, old", [
    ("The school trip needs 4 parent volunteers.", "actually the trip needs 6 parent volunteers now", "6", "4"),
    ("The rabbit gets 2 carrots a day.", "the rabbit gets 1 carrot a day now, the vet said", "1 carrot", "2"),
])
def test_a_quantity_a_thing_needs_or_gets_is_a_setting(first, then, new, old) -> None:
    replaced(remember(first, then), new, old)
