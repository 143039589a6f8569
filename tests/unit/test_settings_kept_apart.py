"""Two statements about different things that look alike stay two settings; the revision
each of them guards against still goes through.

Fed through ``add_turn`` with the default extractor. A setting is "kept" when its value is
still said by a current patch and is in no patch's lineage.
"""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory


def remember(*texts: str) -> DSPMMemory:
    memory = DSPMMemory()
    for text in texts:
        memory.add_turn("user", text)
    return memory


def earlier_values(memory: DSPMMemory) -> list[str]:
    return [f"{r.value or ''} {r.text or ''}".lower() for p in memory.all_patches for r in p.history]


def assert_kept_apart(first: str, then: str, old: str, new: str) -> None:
    memory = remember(first, then)
    context = memory.get_context().lower()
    assert old.lower() in context and new.lower() in context, context
    assert not any(old.lower() in h for h in earlier_values(memory)), memory.get_context()


def assert_revised(first: str, then: str, old: str, new: str) -> None:
    memory = remember(first, then)
    revised = [p for p in memory.all_patches if p.history and new.lower() in p.text.lower()]
    assert revised, memory.get_context()
    assert any(old.lower() in h for h in earlier_values(memory)), memory.get_context()


@pytest.mark.parametrize("first,then,old,new", [
    # a count said in a unit of measure is no count of things, nor the other way round
    ("We need 12 chairs for the party.", "bump that to 5 kg", "12 chairs", "5 kg"),
    ("The cluster has 6 nodes.", "up it to 4 kg", "6 nodes", "4 kg"),
    ("My daily run is 5 km.", "make it 40 pushups", "5 km", "40 pushups"),
])
def test_a_pointer_in_another_kind_of_unit_is_another_setting(first, then, old, new) -> None:
    assert_kept_apart(first, then, old, new)


@pytest.mark.parametrize("first,then,old,new", [
    ("My daily run is 5 km.", "make it 3 miles", "5 km", "3 miles"),  # both lengths
    ("The order is 10 boxes.", "actually make it 12 crates", "10 boxes", "12 crates"),
])
def test_a_pointer_in_a_unit_of_the_same_kind_still_revises(first, then, old, new) -> None:
    assert_revised(first, then, old, new)


@pytest.mark.parametrize("first,then,old,new", [
    ("Keep replies under 120 words.", "for release notes keep it to 300 words", "120 words",
     "300 words"),
    ("The free trial lasts 14 days.", "and for the team plan make it 30 days", "14 days", "30 days"),
])
def test_a_pointer_said_for_another_thing_is_that_things_setting(first, then, old, new) -> None:
    assert_kept_apart(first, then, old, new)


def test_a_pointer_said_for_the_same_thing_still_revises() -> None:
    assert_revised("The trial for the team plan is 14 days.", "for the team plan make it 30 days",
                   "14 days", "30 days")


@pytest.mark.parametrize("first,then,old,new", [
    ("picnic plan: host: Priya; food: sandwiches; drinks: lemonade. can you write the invite?",
     "planning the baby shower for Ana: venue: the village hall, host: Tomasz, games: bingo. "
     "can u do a checklist?", "Priya", "Tomasz"),
    ("work bbq sheet: host: Lee; grill: gas; budget: £200. any tips?",
     "sorting the retirement do for Pat: venue: the Swan, host: Mo, theme: 70s. draft an invite?",
     "Lee", "Mo"),
])
def test_the_details_of_another_list_are_another_things(first, then, old, new) -> None:
    assert_kept_apart(first, then, old, new)


@pytest.mark.parametrize("first,then,old,new", [
    ("I'm pescatarian.", "I'm gluten-free.", "pescatarian", "gluten-free"),
    ("I'm gluten free.", "I'm keto these days", "gluten free", "keto"),
    ("We're vegan.", "We're halal at home", "vegan", "halal"),
    ("I'm dairy free.", "I'm gluten free.", "dairy free", "gluten free"),
])
def test_what_one_cannot_eat_stands_beside_the_diet_one_follows(first, then, old, new) -> None:
    assert_kept_apart(first, then, old, new)


def test_a_new_diet_still_replaces_the_old_one() -> None:
    assert_revised("I'm vegetarian.", "I'm vegan now.", "vegetarian", "vegan")


def test_switching_on_and_switching_off_are_two_times() -> None:
    assert_kept_apart("The garden lights switch on at 6pm.", "The garden lights switch off at 11pm.",
                      "6pm", "11pm")


@pytest.mark.parametrize("first,then,old,new", [
    ("I want to drink 2 litres of water a day.", "I drink 1 litre of water a day.", "2 litres",
     "1 litre"),
    ("I walk 6000 steps a day.", "I want to walk 10000 steps a day.", "6000", "10000"),
    ("My reading goal is 40 books a year.", "I read 25 books a year.", "40 books", "25 books"),
])
def test_a_goal_or_a_wish_stands_beside_what_is(first, then, old, new) -> None:
    assert_kept_apart(first, then, old, new)


def test_a_goal_still_takes_a_new_goal() -> None:
    assert_revised("My step goal is 10000 steps.", "Change my step goal to 12000 steps.", "10000", "12000")


@pytest.mark.parametrize("first,then,old,new", [
    ("Keep the explanations concise.", "Keep the summaries short.", "explanations concise",
     "summaries short"),
    ("make the headings bold", "make the captions italic", "headings bold", "captions italic"),
])
def test_the_same_verb_for_another_object_is_another_rule(first, then, old, new) -> None:
    assert_kept_apart(first, then, old, new)


def test_the_same_object_said_again_with_another_value_still_revises() -> None:
    assert_revised("Keep the tone professional.", "keep the tone casual", "professional", "casual")


@pytest.mark.parametrize("first,then,old,new", [
    ("set the subtitles on my videos to German", "reply in italian from now on", "German", "italian"),
    ("answer me in english please", "can you translate my cover letter to spanish", "english",
     "spanish"),
])
def test_the_language_of_another_thing_is_no_reply_language(first, then, old, new) -> None:
    assert_kept_apart(first, then, old, new)


def test_the_reply_language_still_takes_a_new_language() -> None:
    assert_revised("reply in french", "actually switch to german", "french", "german")


def test_a_value_said_first_of_another_thing_is_that_things_setting() -> None:
    assert_kept_apart("I won't commute more than 45 minutes each way, so filter out anything further",
                      "5 minutes of stretching every hour at the desk", "45 minutes", "5 minutes")


def test_a_value_said_first_of_the_same_thing_still_revises() -> None:
    assert_revised("I drink 4 cups of coffee a day", "3 cups of coffee, I'm cutting down", "4", "3 cups")


@pytest.mark.parametrize("first,then,old,new", [
    # what a value holds on or at, said after it, when the two say different things
    ("Max 3 retries on the payment call.", "Max 5 retries on the email call.", "3 retries",
     "5 retries"),
    ("Timeout is 30s on the checkout page.", "Timeout is 10s on the search page.", "30s", "10s"),
    ("Parking is £12 at the station car park.", "Parking is £5 at the leisure centre.", "£12",
     "£5"),
])
def test_a_value_said_on_or_at_another_thing_is_another_setting(first, then, old, new) -> None:
    assert_kept_apart(first, then, old, new)


@pytest.mark.parametrize("first,then,old,new", [
    ("Max 3 retries on the payment call.", "Max 5 retries on the payment call now.", "3 retries",
     "5 retries"),
    ("The timeout is 30s.", "Actually make the timeout 45s.", "30s", "45s"),
])
def test_a_value_said_on_the_same_thing_still_revises(first, then, old, new) -> None:
    assert_revised(first, then, old, new)
