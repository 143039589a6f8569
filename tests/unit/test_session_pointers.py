"""A user's pointer in a whole session ("push it to 30 then") is about the user's own
setting, not about a number the assistant mentioned in its last reply (a report, a
statistic, advice); a value said of one occasion ("Friday's a one-off") leaves the
standing setting as it was.

Each test feeds a whole session (user and assistant turns) through ``add_turn``.
"""

from __future__ import annotations

import pytest

from test_in_passing import current_with, kept, remember, replaced


def a(text: str) -> tuple[str, str]:
    return ("assistant", text)


@pytest.mark.parametrize("turns, new, old, mentioned", [
    (["set my daily water goal to 8 glasses", a("Goal saved: 8 glasses a day."),
      "i've been drinking loads since the heatwave",
      a("Good habit. You've had about 10 on most days this week."), "ok bump it to 12 then"],
     "12", "8", "10"),
    (["my reading goal is 20 pages a day", a("Noted, 20 pages a day."),
      "the new book is a page turner",
      a("It shows: you've managed over 30 on five of the last seven days."), "make it 35 then"],
     "35", "20", "30"),
    (["set my daily protein target to 120", a("Protein target: 120 g a day."),
      "is that enough for lifting 4 times a week?",
      a("Most lifters do well on that. You've been hitting about 100 on weekdays."),
      "bump it to 140 anyway"], "140", "120", "100"),
])
def test_a_pointer_revises_the_users_setting_not_the_number_the_assistant_mentioned(
        turns: list, new: str, old: str, mentioned: str) -> None:
    memory = remember(*turns)
    replaced(memory, new, old)
    never_revised(memory, mentioned)


def never_revised(memory, word: str) -> None:
    """No patch holds ``word`` as an earlier value (what the assistant mentioned stays
    whatever it was stored as, if anything)."""
    assert not any(word in (r.value or "") for p in memory.all_patches for r in p.history), \
        [(p.text, p.history) for p in memory.all_patches]


def test_a_value_the_assistant_set_before_is_still_the_one_a_pointer_revises() -> None:
    # no setting of the user's of that kind: the assistant's own value is the one meant
    memory = remember("add a rate limiter to the login route",
                      a("I've added a limiter allowing 10 requests per minute per IP."),
                      "make that 5 requests per minute")
    replaced(memory, "5", "10")


@pytest.mark.parametrize("turns, standing, occasion", [
    (["we eat lunch at 12:30 on weekdays", a("Lunch at 12:30 on weekdays, noted."),
      "thursday's a one-off, we'll eat at 2pm because of the school play"], "12:30", "2pm"),
    (["we have dinner at 7pm on weeknights", a("Noted: dinner at 7pm, Monday to Friday."),
      "friday is a one-off, we'll eat at 9pm because of the school concert"], "7pm", "9pm"),
    (["the kids' bedtime is 8:30", a("Bedtime 8:30, got it."),
      "tonight only, bedtime is 10 since it's new year's eve"], "8:30", "10"),
    (["my standing order to savings is £200 a month", a("Saved."),
      "just this once make the savings transfer £50, the car needs tyres"], "£200", "£50"),
])
def test_a_value_said_of_one_occasion_leaves_the_standing_one(turns: list, standing: str,
                                                              occasion: str) -> None:
    memory = remember(*turns)
    kept(memory, standing)
    never_revised(memory, standing)
    assert occasion in memory.get_context(), memory.get_context()  # said, as said


def test_advice_sharing_only_a_preposition_with_a_new_setting_is_not_its_old_value() -> None:
    memory = remember("remind me to take my iron tablet at 7am",
                      a("Set: iron daily. It absorbs best on an empty stomach."),
                      "ok good to know",
                      a("Some people set a phone alarm for 6:40 so the tablet is by the kettle."),
                      "and i need one for my vitamin d at 12pm with lunch")
    kept(memory, "7am")
    kept(memory, "12pm")
    never_revised(memory, "6:40")


@pytest.mark.parametrize("turns, new, old", [
    (["the barbecue headcount is 30 people", a("Great, I'll plan food for 30."),
      "on second thought it'll be more like 25 people, a few can't make it"], "25", "30"),
    (["keep the hotel budget at £120 a night", a("Searching at up to £120 a night."),
      "come to think of it the hotel budget is £150, breakfast matters"], "150", "120"),
])
def test_a_change_of_mind_said_first_revises_the_setting(turns: list, new: str, old: str) -> None:
    replaced(remember(*turns), new, old)


@pytest.mark.parametrize("turns, new, old", [
    (["Plan a workshop on creative writing for the book club, 90 minutes",
      a("Here's a 90-minute outline: warm-up prompts, a short reading, two writing sprints."),
      "nice. make it 2 hours though, we've booked the room till nine"], "2 hours", "90 minutes"),
    (["Draft a reading list on climate change for my students, 12 books",
      a("Here are 12 books, from picture books to a short novel."),
      "great, cut it to 8 books, the term is short"], "8", "12"),
])
def test_a_measure_given_after_a_request_is_the_value_a_pointer_revises(
        turns: list, new: str, old: str) -> None:
    replaced(remember(*turns), new, old)


def test_a_phrase_after_a_request_that_is_no_measure_sets_none() -> None:
    from dspm_core.requested import requested_measure

    assert requested_measure("call mum, she's 70 on sunday") is None
    assert requested_measure("click on the date April 10, 2024") is None
    assert requested_measure("book a table at the Italian place, £60 max")[1] == "<="


@pytest.mark.parametrize("turns, new, old", [
    (["the shuttle leaves the depot at 7:10", "oh it isn't 7:10 any more, buses leave at 7:25 now"],
     "7:25", "7:10"),
    (["my rent is £900 a month", "that's not £900 any more, the landlord put it up to £950"],
     "£950", "£900"),
    (["the lab opens at 8:30 on saturdays", a("Saturdays from 8:30, noted."),
      "ah it's not 8:30 anymore, doors open at 9:15 since the new rota"], "9:15", "8:30"),
    (["our retainer is $2,000 a month", "it is not $2,000 any more, the retainer is $2,400 from june"],
     "$2,400", "$2,000"),
])
def test_the_value_given_up_of_the_setting_spoken_of_names_it(turns: list, new: str, old: str) -> None:
    # "it's not X any more": the setting that held X, whatever the new clause calls it
    memory = remember(*turns)
    replaced(memory, new, old)


def test_a_value_given_up_after_not_keeps_its_adverb_out_of_the_old_value() -> None:
    from dspm_core.slots import parse_statement
    st = parse_statement("the class starts at 4 now, not 3 anymore")
    assert (st.value, st.old_value) == ("4:00", "3")


def test_a_value_given_up_alone_is_no_value_of_the_setting() -> None:
    # "it is not $2,000 any more" states no current value: never a new $2,000 setting
    memory = remember("our retainer is $2,000 a month",
                      "it is not $2,000 any more, the retainer is $2,400 from june")
    assert not [p.text for p in memory.all_patches if p.critical and p.value and "2,000" in p.value]


def test_a_long_subject_said_with_is_holds_its_value() -> None:
    # "<subject> is <value>" and no more: a setting, however many words name it
    memory = remember("my hourly rate for consulting work with Brightline Labs is $120",
                      "raise it to $140")
    replaced(memory, "$140", "$120")


def test_a_setting_named_again_in_short_with_the_same_words_after_its_value_is_revised() -> None:
    memory = remember("my cold brew steep time is 18 hours in the fridge",
                      "steep time is 14 hours in the fridge, it was too bitter")
    replaced(memory, "14 hours", "18")


def test_a_setting_named_again_in_short_with_other_words_after_its_value_is_another() -> None:
    # "on the counter" is not where the first one was said of: two settings
    memory = remember("the overnight oats soak time is 8 hours in the fridge",
                      "soak time is 20 minutes on the counter")
    kept(memory, "8 hours")
    kept(memory, "20 minutes")


@pytest.mark.parametrize("turns, new, old", [
    (["each episode should run about 25 minutes", a("25 minutes an episode, noted."),
      "10 episodes at that length feels way too long for the season. 18 minutes each"],
     "18 minutes", "25"),
    (["order 40 bags of compost for the allotments", a("40 bags ordered for Saturday."),
      "hmm 40 is not enough for all the plots. 55 bags then"], "55 bags", "40"),
])
def test_a_bare_value_after_a_judgement_of_the_old_one_revises_it(turns: list, new: str,
                                                                   old: str) -> None:
    # "... way too long. 18 minutes each": the value said alone after the verdict on the old
    memory = remember(*turns)
    replaced(memory, new, old)


def test_a_bare_value_after_a_sentence_of_its_own_is_no_revision() -> None:
    # a value said alone after a story is said of the story, not of the setting
    memory = remember("each episode should run about 25 minutes",
                      "we recorded the pilot in my kitchen. 40 minutes each way to get there")
    kept(memory, "25 minutes")


@pytest.mark.parametrize("turns, new, old", [
    (["we need 4 volunteers on the cake stall",
      a("Got it. The fete runs 6 hours though — how many volunteers do you want on the stall?"),
      "hmm 6 then"], "6", "4 volunteers"),
    (["water the fern twice a week",
      a("Noted. Ferns like moisture though — how many times a week do you want reminders?"),
      "3"], "3", "twice a week"),
])
def test_a_bare_number_answering_how_many_revises_the_setting_it_counts(turns: list, new: str,
                                                                        old: str) -> None:
    memory = remember(*turns)
    (p,) = [q for q in memory.all_patches if q.critical and q.later is None]
    assert p.value and p.value.startswith(new) and [r.value for r in p.history] == [old]


def test_a_bare_number_answering_another_question_revises_nothing() -> None:
    memory = remember("we need 4 volunteers on the cake stall",
                      a("Got it. How old is the youngest volunteer, roughly?"), "6")
    kept(memory, "4 volunteers")


def test_lets_say_a_value_with_its_reason_is_the_value_chosen() -> None:
    memory = remember("the garden party budget is £800",
                      "seeing the quotes it won't work. let's say £1,100 so we can get a marquee")
    replaced(memory, "£1,100", "£800")


def test_lets_say_a_value_that_happens_is_a_supposition() -> None:
    memory = remember("the garden party budget is £800",
                      "let's say 30 people turn up, how many sandwiches is that?")
    kept(memory, "£800")
    assert not [p.text for p in memory.all_patches if p.critical and "30" in (p.value or "")]


def test_a_pointer_after_the_assistants_own_remark_revises_the_users_setting() -> None:
    # the assistant's remark holds a value of that kind too ("can't ... before Thursday"):
    # the user's answer is about the user's own setting
    memory = remember("the newsletter goes out on wednesday mornings",
                      a("One problem: the printer says they can't deliver proofs before "
                        "Thursday any more. Which day should it go out?"),
                      "friday then")
    replaced(memory, "friday", "wednesday")


def test_a_value_before_its_noun_and_a_place_after_sets_that_noun() -> None:
    # "a 40 minute set at the Crown": the set is 40 minutes; "the set length" names it again
    memory = remember("my band has a 25 minute set at the open mic on thursday, any tips?",
                      "change the set length to 15 min, they squeezed in another act")
    replaced(memory, "15 min", "25")


def test_the_noun_after_an_article_is_no_verb_of_the_subject() -> None:
    from dspm_core.slots import parse_statement
    assert parse_statement("Change the set length to 50 min").subject == "set length"
    assert parse_statement("set the webhook timeout to 10 seconds").subject == "webhook timeout"
