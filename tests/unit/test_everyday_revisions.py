"""Everyday ways of revising a value: "I meant ...", a measure given a unit ("we're going
to 100 chars now" after "line length is 88"), a count of the setting's own noun ("bump
the payment webhook retries to 5"), an old value said in thousands ("8k"), a from-to whose
old value another sentence set, and a remark about an old value ("50 was the old dose")
that sets nothing.

Each test feeds turns through ``add_turn`` (default extractor) and checks what the store
holds.
"""

from __future__ import annotations

import pytest

from test_in_passing import current_with, kept, remember, replaced


@pytest.mark.parametrize("first, revision, new, old", [
    ("my budget for the new laptop is around 1200", "no sorry i meant 1500", "1500", "1200"),
    ("I take 50mg of my medication every morning", "sorry, I meant 25mg.", "25mg", "50mg"),
    ("our python line length is 88", "we're going to 100 chars now, the team voted", "100", "88"),
    ("set the retry count to 3 for the payment webhook", "bump the payment webhook retries to 5",
     "5", "3"),
    ("the api listens on port 8080", "change the port from 8080 to 9000, it's taken", "9000",
     "8080"),
    ("our freelancer charges $55 an hour", "heads up, he went from $55 to $65 an hour", "$65",
     "$55"),
    ("my daily step target is 8000", "let's bump it to 10,000 steps, 8k got too easy", "10,000",
     "8000"),
    # "unlimited" is a new amount of a bound
    ("my storage plan is the 200GB one", "we switched to the unlimited plan last week", "unlimited",
     "200GB"),
    ("our cloud storage plan is 2TB", "we upgraded the storage plan to unlimited", "unlimited", "2TB"),
])
def test_an_everyday_revision_replaces_the_old_value(first: str, revision: str, new: str,
                                                    old: str) -> None:
    replaced(remember(first, revision), new, old)


def test_a_remark_about_the_old_value_sets_nothing() -> None:
    memory = remember("i take 50mg of my blood pressure medication every morning",
                      "sorry, I meant 25mg. 50 was the old dose before the doctor lowered it")
    replaced(memory, "25mg", "50mg")
    assert not [p for p in current_with(memory, "50") if p.critical]


def test_a_measure_of_another_setting_keeps_its_own_value() -> None:
    memory = remember("our python line length is 88", "the docstring limit is 72 characters")
    kept(memory, "88")
    kept(memory, "72")


def test_a_from_to_names_only_a_setting_whose_words_it_says() -> None:
    memory = remember("the api listens on port 8080", "the cache holds 8080 entries",
                      "change the timeout from 30 to 60 seconds")
    kept(memory, "port 8080")
    kept(memory, "8080 entries")


def test_an_old_value_said_in_thousands_names_the_setting() -> None:
    memory = remember("my daily step target is 8000", "my daily water target is 2000",
                      "let's do 10,000 steps instead, 8k got too easy")
    replaced(memory, "10,000", "8000")
    kept(memory, "2000")


@pytest.mark.parametrize("first, revision, new, old", [
    (("system", "Reply in Spanish."), "please reply in portuguese, i am from brazil haha",
     "Portuguese", "Spanish"),
    ("answer me in german pls, I'm practicing", "Use english please.", "English", "German"),
])
def test_a_new_reply_language_replaces_the_old(first, revision: str, new: str, old: str) -> None:
    memory = remember(first, revision)
    (p,) = current_with(memory, new)
    assert any(old.lower() in (r.value or "").lower() for r in p.history), p.history
    assert not [q for q in current_with(memory, old) if q.id != p.id and q.critical]


def test_a_language_for_one_thing_is_not_the_reply_language() -> None:
    memory = remember("Reply in English.", "write the code comments in french",
                      "Use German for the docs.")
    kept(memory, "English")
    assert current_with(memory, "German")


def test_a_measure_said_by_its_adjective_names_the_setting() -> None:
    memory = remember("resize all product photos to 800px wide",
                      "and change the photo width to 1200px, they look blurry on retina screens")
    replaced(memory, "1200px", "800px")
    memory = remember("make the banner 300px tall", "make the banner 1200px wide")
    kept(memory, "300px")
    kept(memory, "1200px")


def test_a_count_of_a_things_parts_is_revised_by_scaling_the_thing() -> None:
    memory = remember("Run 2 replicas of the worker service.", "Scale the worker service to 4.",
                      "ok 4 is overkill at night, let's settle on 3")
    (p,) = current_with(memory, "3")
    assert [r.value for r in p.history][-2:] == ["2 replicas", "4"] or \
        {"2", "4"} <= {(r.value or "").split()[0] for r in p.history}, p.history
    assert not [q for q in current_with(memory, "4") if q.critical]


def test_scaling_one_service_leaves_another_alone() -> None:
    memory = remember("Run 2 replicas of the worker service.", "Scale the api service to 4.")
    kept(memory, "2 replicas")
    kept(memory, "4")


@pytest.mark.parametrize("first, revision, new, old", [
    ("pick me up from terminal 2", "airline just emailed, we're landing at terminal 5 now", "5", "2"),
    ("we're on Node 18 for the lambdas", "can we go to Node 20? it's end of life", "20", "18"),
])
def test_the_number_of_a_numbered_thing_is_its_value(first: str, revision: str, new: str,
                                                     old: str) -> None:
    replaced(remember(first, revision), new, old)


def test_numbered_things_of_two_subjects_stay_apart() -> None:
    memory = remember("the flight to Rome leaves from terminal 2",
                      "the flight to Oslo leaves from terminal 3")
    kept(memory, "terminal 2")
    kept(memory, "terminal 3")


def test_ill_go_to_revises_the_cap_of_whom_it_names() -> None:
    memory = remember("my max for a birthday present for Jo is $50", "I'll go to $80 for Jo.")
    replaced(memory, "$80", "$50")
    memory = remember("my max for a birthday present for Jo is $50",
                      "I'll go to $80 for Sam's present")
    kept(memory, "$50")


def test_a_value_said_alone_revises_the_setting_of_its_unit() -> None:
    memory = remember("order 2 kg of coffee beans a month", "up it to 3 kg",
                      "hmm, 2.5 kg, we're not getting through it")
    replaced(memory, "2.5 kg", "3")
    assert ", ," not in memory.get_context()


def test_a_remark_with_the_old_number_as_subject_sets_nothing() -> None:
    memory = remember("connection pool max is 20", "bump it to 30", "ugh no, 25. 30 exhausted the db")
    assert not [p for p in current_with(memory, "30") if p.critical]
    memory = remember("25 people came to the launch")
    assert [p for p in memory.all_patches if p.critical]


def test_a_formula_said_alone_is_no_value() -> None:
    memory = remember("I'm trying to calculate the permutations of 4 objects taken 2 at a time",
                      "4P2")
    assert not [p for p in memory.all_patches if p.history]


def test_words_that_frame_a_subject_are_no_other_setting() -> None:
    memory = remember("I go to the gym on Saturday mornings", "ok. gym's Sunday mornings now btw")
    replaced(memory, "Sunday", "Saturday")
    memory = remember("I go to the gym on Saturday mornings", "the pool is on Sunday mornings now")
    kept(memory, "Saturday")


def test_a_value_alone_in_a_long_pasted_text_revises_nothing() -> None:
    memory = remember(
        "Our company generates more than $200 000 in annual profits.",
        "Here is the brief. The booking system was scheduled for deployment in 14 months at a\n"
        "cost of\n$180 000.\nYou are a new project manager joining the company mid project.")
    assert not [p for p in memory.all_patches if p.history]


@pytest.mark.parametrize("first, revision, new, old", [
    ("I'm doing 1800 calories a day for now", "also change my calories to 2000, I'm training",
     "2000", "1800"),
    ("we're printing 250 flyers for the fair", "bump the flyers to 400", "400", "250"),
])
def test_a_subject_that_is_the_unit_of_a_count_revises_it(first: str, revision: str, new: str,
                                                          old: str) -> None:
    replaced(remember(first, "what's a good substitute for buttermilk?", revision), new, old)


def test_two_counts_of_one_unit_leave_a_revision_by_the_unit_alone_apart() -> None:
    memory = remember("I'm doing 1800 calories a day on rest days",
                      "we're doing 2600 calories a day on race days",
                      "change my calories to 2000")
    kept(memory, "1800")
    kept(memory, "2600")


@pytest.mark.parametrize("first, revision, new, old", [
    ("book a table for 4 people on Saturday", "my cousin is joining so we're 5 now", "5", "4"),
    ("the picnic is for 12 people", "two cancelled, there'll be 10 of us instead", "10", "12"),
    ("commission on the referral deal is five percent", "we agreed on three percent in the end",
     "3", "5"),
    ("the deposit is 20% of the price", "after some back and forth we settled on 15%", "15%",
     "20%"),
])
def test_a_value_said_of_the_speakers_or_of_a_decision_revises_the_last_setting(
        first: str, revision: str, new: str, old: str) -> None:
    replaced(remember(first, revision), new, old)


def test_how_many_people_the_speakers_are_is_no_other_count() -> None:
    memory = remember("set the worker pool to 4 threads", "we're 5 minutes late, start without us")
    kept(memory, "4 threads")
    memory = remember("set the retry limit to 6", "we're 4 now")
    kept(memory, "6")
    # the party of a booking said with its number alone
    replaced(remember("table for 6 on friday please", "two dropped out, we're 4 now"), "4", "6")
    # a count of people stated first is a setting of its own, not bound to anything
    memory = remember("we're 6 now")
    assert [p.value for p in memory.all_patches if p.value] == ["6 people"]


def test_the_thing_a_dose_is_of_names_its_setting() -> None:
    memory = remember("my blood pressure med is 5mg amlodipine", "my statin is 20mg atorvastatin",
                      "amlodipine is 10mg now")
    replaced(memory, "10mg", "5mg amlodipine")
    kept(memory, "20mg atorvastatin")
    # another measure of the same thing is not its dose
    memory = remember("my blood pressure med is 5mg amlodipine", "amlodipine costs 8 dollars now")
    kept(memory, "5mg amlodipine")


@pytest.mark.parametrize("first, revision, new, old", [
    ("Pause my subscription until 10 March.", "can you extend the pause to 31 March?", "31 March",
     "10 March"),
    ("snooze the disk alerts until Monday", "push the snooze to Wednesday", "Wednesday", "Monday"),
])
def test_what_lasts_until_a_date_is_the_things_pause(first: str, revision: str, new: str,
                                                      old: str) -> None:
    replaced(remember(first, revision), new, old)


def test_two_things_held_until_a_date_stay_apart() -> None:
    memory = remember("Pause my gym membership until 10 March.",
                      "Pause the meal kit until 24 March.",
                      "extend the gym membership pause to 31 March")
    replaced(memory, "31 March", "10 March")
    kept(memory, "24 March")


@pytest.mark.parametrize("first, revision, new, old", [
    ("the wedding colour scheme is sage and cream",
     "could we switch it to dusty blue and cream?", "dusty blue and cream", "sage and cream"),
    ("the cake is lemon sponge", "actually change it to chocolate", "chocolate", "lemon sponge"),
])
def test_a_pointer_changed_to_plain_words_revises_the_words_spoken_of_last(
        first: str, revision: str, new: str, old: str) -> None:
    replaced(remember(first, revision), new, old)


def test_plain_words_never_replace_a_number() -> None:
    memory = remember("the wedding colour scheme is sage and cream", "the guest list is 80 people",
                      "switch it to navy and gold")
    replaced(memory, "navy and gold", "sage and cream")
    kept(memory, "80 people")
    memory = remember("the guest list is 80 people", "make it something more relaxed")
    kept(memory, "80 people")


def test_a_plan_in_plain_words_is_a_setting_a_pointer_revises() -> None:
    replaced(remember("put me on the basic tier", "bump it to premium"), "premium", "basic")
    replaced(remember("sign us up for the monthly plan", "can you switch it to annual?"),
             "annual", "monthly")
    # "the same plan" names no plan
    memory = remember("keep me on the same plan")
    assert not [p for p in memory.all_patches if p.value]


def test_a_plan_moved_to_in_plain_words_revises_the_plan() -> None:
    replaced(remember("we're on the Basic plan for the newsletter tool",
                      "we upgraded to the business plan last week"), "business", "Basic")


@pytest.mark.parametrize("first, revision, new, old", [
    ("my step goal is 8000 a day", "the physio wants me walking 10,000 steps daily now", "10,000",
     "8000"),
    ("the bath water for the baby is 37 degrees", "the nurse says 36 degrees is better", "36",
     "37"),
    ("My budget for the new laptop is 900 euro.",
     "I have thought again, maximum is 1200 euro because I need it for video.", "1200", "900"),
])
def test_a_change_reported_or_reconsidered_revises_the_setting(first: str, revision: str,
                                                                new: str, old: str) -> None:
    replaced(remember(first, revision), new, old)


def test_a_count_said_of_a_goal_of_another_thing_stays_apart() -> None:
    memory = remember("my step goal is 8000 a day", "the physio wants me drinking 8 glasses daily now")
    kept(memory, "8000")


@pytest.mark.parametrize("turns, new, old", [
    (("order 2 pizzas for the team", "make it 3", "ugh fine 4, the whole team's staying late"),
     "4", "3"),
    (("my commute is 40 minutes each way",
      "commute's down to 25 minutes since the new train line opened"), "25 minutes", "40"),
    (("reply in spanish from now on", "switch back to english please, my exam is over"),
     "English", "Spanish"),
    (("I can spend 300 dollars on the bike", "thinking about it more, 450 dollars max for the bike"),
     "450 dollars", "300"),
])
def test_casual_revisions(turns: tuple, new: str, old: str) -> None:
    replaced(remember(*turns), new, old)


def test_an_ing_word_before_a_noun_names_which_setting() -> None:
    memory = remember("the staging db is postgres 14", "the prod db is postgres 16")
    kept(memory, "14")
    kept(memory, "16")


def test_each_way_is_no_period() -> None:
    from dspm_core.values import parse_value
    assert parse_value("40 minutes each way").dimension == "time"
    assert parse_value("$20 each person").scope == "person"


def test_the_time_of_day_after_a_value_names_its_setting() -> None:
    memory = remember("my insulin dose is 12 units at dinner", "my insulin dose is 8 units at breakfast",
                      "my nurse says bump the dinner insulin to 14 units")
    replaced(memory, "14 units", "12")
    kept(memory, "8 units")
    memory = remember("keep the living room at 20 degrees during the day",
                      "keep the living room at 17 degrees at night")
    kept(memory, "20 degrees")
    kept(memory, "17 degrees")


def test_an_old_value_said_with_its_settings_noun_names_that_setting() -> None:
    memory = remember("my broadband package is the 150Mb one", "my mobile data is 30GB",
                      "moved from the 150Mb package to the 500Mb one")
    replaced(memory, "500Mb", "150Mb")
    kept(memory, "30GB")
    # the noun must be the setting's own: "the 30GB router" names no data allowance
    memory = remember("my mobile data is 30GB", "swapped from the 30GB router to a mesh kit")
    kept(memory, "30GB")


def test_a_reason_after_plain_words_is_not_the_value() -> None:
    replaced(remember("the wedding colour scheme is sage and cream",
                      "switch it to navy so it matches the suits"), "navy", "sage and cream")
    memory = remember("the banner colour is teal", "change it to orange because marketing asked")
    replaced(memory, "orange", "teal")
    assert [p.value for p in current_with(memory, "orange")] == ["orange"]


def test_a_day_said_after_news_of_a_change_moves_the_appointment() -> None:
    memory = remember("my physio is tuesday 4pm, put it in the calendar weekly",
                      "clinic reshuffled their rota, thursday now")
    replaced(memory, "thursday", "tuesday")
    # a clause with a value of its own is no news: "the gym moved to 6 Mill Lane, thursday now"
    # speaks of the gym, whose day is not the physio's
    memory = remember("my physio is tuesday 4pm", "ok, and my dentist is on friday")
    kept(memory, "tuesday 4pm")


def test_a_name_of_a_known_kind_with_a_cue_revises_the_one_setting_of_that_kind() -> None:
    memory = remember("im on an ipad so tailor any how-to for that",
                      "got a new phone over the weekend, switch to android guides please")
    replaced(memory, "android", "ipad")
    # a setting of the same kind for another thing is not the one
    memory = remember("answer me in Spanish", "switch the product docs to French from now on")
    kept(memory, "Spanish")
    # two settings of the kind: which one would be a guess
    memory = remember("the backend is in Python", "the mobile app is in Kotlin",
                      "let's switch to Rust now")
    kept(memory, "Python")
    kept(memory, "Kotlin")


def test_a_name_scratched_gives_way_to_the_one_name_of_its_kind_said_after() -> None:
    memory = remember("meal plans for me should be keto, I want to lose a bit of weight",
                      "drop the keto idea, my gp says the mediterranean one suits me better")
    replaced(memory, "mediterranean", "keto")
    # two names of the kind after it: no guess
    memory = remember("meal plans for me should be keto",
                      "scratch keto, maybe paleo or vegan, I'll decide later")
    kept(memory, "keto")


def test_a_rate_said_of_a_counts_unit_revises_the_count() -> None:
    memory = remember("the dog gets 2 chews a day", "the cat gets 4 treats a day",
                      "cut the chews to 1 a day, the vet says he's overweight")
    (p,) = current_with(memory, "1 a day")
    assert [r.value for r in p.history] == ["2 chews a day"]
    kept(memory, "4 treats a day")


def test_a_value_given_to_everyone_after_news_of_fewer_revises_the_share() -> None:
    replaced(remember("each presenter gets 10 minutes at the showcase",
                      "we have fewer presenters this year, so give everyone 15 minutes"),
             "15 minutes", "10")


def test_a_name_no_longer_held_gives_way_to_the_name_of_its_kind_said_after_it() -> None:
    replaced(remember("plan my meals, I'm vegan", "not vegan anymore actually, going vegetarian again"),
             "vegetarian", "vegan")


def test_what_another_person_is_revises_none_of_the_speakers_settings() -> None:
    memory = remember("plan my meals, I'm vegan", "my sister is not vegan anymore, she does keto now")
    kept(memory, "vegan")
    # her own setting is hers to revise
    memory = remember("my sister is vegan, plan her lunches too",
                      "my sister is not vegan anymore, she does keto now")
    replaced(memory, "keto", "vegan")
    # a setting about a person is revised by the speaker without naming them again
    replaced(remember("my son does 3 swim lessons a week", "actually make it 4 a week"), "4 a week", "3")
