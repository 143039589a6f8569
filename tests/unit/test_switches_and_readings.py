"""A name switched to with no old one named ("switching her to Hill's", "I upgraded to a
Roland FP-30X last week") replaces the name a recent plain sentence gave; a number read off
something done ("averaged 152 on today's ride", "we've got 62 booked") is a reading, never
a new value of the bound held; a value alone right after the assistant said one back
("35" after "20% gyroid should handle light loads.") corrects it; a value the assistant
suggested in passing, taken up with a word of agreement ("good call, the 2nd"), replaces
the one held; "the second one" or "the other one" of a pair the user just listed switches
to it; a value joined to its noun by a hyphen ("a 15-minute standup") revises that
noun's setting; a number said bare of a count named by its head ("push the swim to 50" of
"swim target is 40 lengths") revises that count; a change in a clause of its own after a
reason that names another value ("storms all saturday, shifting to Sunday"), and a day that
"works better with my shifts", revise the setting spoken of, and so does a value someone
gives "for this model" ("the fitter reckons every eighteen months is fine for this
model"). A value for another environment ("prod needs way more, make it 20" after
"staging should autoscale up to 3 pods") revises nothing, nor does an amount of a thing its
clause names ("the bibliography can be up to 500 more" of "the essay limit is 3000
words"). Through ``add_turn`` with the default extractor."""

from __future__ import annotations

import pytest

from chat_sessions import revised


SWITCHES = [
    (("my rabbit eats Oxbow pellets", "assistant: Good choice.", "switching him to Burgess Excel, the vet suggested it"),
     ("Burgess Excel", ["Oxbow"])),
    (("I edit on an old ThinkPad", "assistant: Nice laptop.", "actually I upgraded to a MacBook Air M3 yesterday"),
     ("MacBook Air M3", ["ThinkPad"])),
    (("our team tracks bugs in Jira", "assistant: ok", "we've moved over to Linear, much faster"),
     ("Linear", ["Jira"])),
    (("I'm drinking Lavazza beans at the moment", "so I switched to Illy last week"),
     ("Illy", ["Lavazza"])),
    # a version moved to is read as a version
    (("we're on Node 18", "we upgraded to Node 20 last week, what breaks?"), ("Node 20", ["Node 18"])),
]


@pytest.mark.parametrize("turns,expected", SWITCHES, ids=[t[-1][:40] for t, _ in SWITCHES])
def test_a_name_switched_to_replaces_the_recent_one(turns: tuple[str, ...],
                                                    expected: tuple[str, list[str]]) -> None:
    assert expected in revised(*turns)


CORRECTIONS = [
    (("set the print speed to 60 mm/s", "assistant: 60 mm/s is fine for PLA.", "45"), ("45", ["60 mm/s"])),
    (("book club meets on tuesday", "assistant: Tuesday it is.", "wednesday"), ("Wednesday", ["tuesday"])),
    (("the kids get 30 minutes of screen time", "assistant: Thirty minutes a day, noted.", "twenty"),
     ("20", ["30 minutes"])),
    (("use the 18mm lens for the portraits", "assistant: The 18mm gives you a wide frame.", "the 50mm"),
     ("50mm", ["18mm lens"])),
    (("we're watching Severance tonight", "assistant: Severance is a great pick, about an hour an episode.",
      "Slow Horses"), ("Slow Horses", ["Severance"])),
]


@pytest.mark.parametrize("turns,expected", CORRECTIONS, ids=[t[-1][:40] for t, _ in CORRECTIONS])
def test_a_value_alone_corrects_what_was_said_back(turns: tuple[str, ...],
                                                  expected: tuple[str, list[str]]) -> None:
    assert expected in revised(*turns)


TAKEN_UP = [
    (("water the tomatoes every day", "assistant: In cool weather, every other day is usually enough.",
      "fair enough, every other day"), ("every other day", ["every day"])),
    (("the invoice is due on the 28th", "assistant: Some clients pay faster if it lands on the 1st.",
      "good point, the 1st"), ("1st", ["28th"])),
    (("we meet fortnightly", "assistant: Teams this size often do better weekly.", "yeah ok, weekly is better"),
     ("weekly", ["fortnightly"])),
    (("proof the dough for 2 hours", "assistant: In a warm kitchen 90 minutes can be plenty.",
      "makes sense, 90 then"), ("90 minutes", ["2 hours"])),
]


@pytest.mark.parametrize("turns,expected", TAKEN_UP, ids=[t[-1][:40] for t, _ in TAKEN_UP])
def test_a_value_the_assistant_suggested_taken_up_replaces_the_held_one(
        turns: tuple[str, ...], expected: tuple[str, list[str]]) -> None:
    assert expected in revised(*turns)


OTHER_OPTIONS = [
    (("shortlist is Hetzner or DigitalOcean, go with Hetzner", "assistant: Hetzner it is.",
      "actually the second one, their support is better"), ("DigitalOcean", ["Hetzner"])),
    (("two logos, V3 and V5. print V3", "assistant: Printing V3.", "no, the other one, the colours pop more"),
     ("V5", ["V3"])),
]


@pytest.mark.parametrize("turns,expected", OTHER_OPTIONS, ids=[t[-1][:40] for t, _ in OTHER_OPTIONS])
def test_the_other_of_a_pair_the_user_listed_replaces_the_one_held(
        turns: tuple[str, ...], expected: tuple[str, list[str]]) -> None:
    assert expected in revised(*turns)


HYPHENED = [
    (("the standup is 30 minutes", "assistant: ok", "actually a 15-minute standup is enough"),
     ("15-minute", ["30 minutes"])),
    (("the onboarding call is 60 minutes", "assistant: Noted.",
      "hmm, a 90-minute onboarding call is better, there's a lot to cover"), ("90-minute", ["60 minutes"])),
]


@pytest.mark.parametrize("turns,expected", HYPHENED, ids=[t[-1][:40] for t, _ in HYPHENED])
def test_a_value_hyphened_to_its_noun_revises_it(turns: tuple[str, ...],
                                                 expected: tuple[str, list[str]]) -> None:
    assert expected in revised(*turns)


COUNTED = [
    (("swim target is 40 lengths", "assistant: ok", "push the swim to 50"), ("50", ["40 lengths"])),
    (("Cadence goal 80 rpm.", "assistant: Noted.", "what should I eat before a ride?", "assistant: Oats.",
      "ok. also bump the cadence to 88"), ("88", ["80 rpm"])),
]


@pytest.mark.parametrize("turns,expected", COUNTED, ids=[t[-1][:40] for t, _ in COUNTED])
def test_a_bare_number_revises_the_count_named_by_its_head(
        turns: tuple[str, ...], expected: tuple[str, list[str]]) -> None:
    assert expected in revised(*turns)


CLAUSE_CHANGES = [
    (("the picnic is on saturday", "assistant: Saturday it is.", "storms all saturday per the forecast, shifting to Sunday"),
     ("Sunday", ["saturday"])),
    (("the septic tank is emptied every twelve months", "assistant: Yearly, noted.",
      "the fitter reckons every eighteen months is fine for this model"),
     ("every eighteen months", ["every twelve months"])),
    (("piano lessons on wednesday", "assistant: Wednesday lessons, noted.", "friday works better with my shifts"),
     ("Friday", ["wednesday"])),
]


@pytest.mark.parametrize("turns,expected", CLAUSE_CHANGES, ids=[t[-1][:40] for t, _ in CLAUSE_CHANGES])
def test_a_change_after_its_reason_revises_the_setting_spoken_of(
        turns: tuple[str, ...], expected: tuple[str, list[str]]) -> None:
    assert expected in revised(*turns)


LOOKALIKES = [
    # someone else's switch, a switch wished for, a switch asked about
    ("I'm drinking Lavazza beans at the moment", "my flatmate switched to Illy last week"),
    ("I edit on a Dell XPS 13", "assistant: Nice.", "I might upgrade to a MacBook Air next year"),
    ("our team tracks bugs in Jira", "should we switch to Linear?"),
    # a reading, never the bound or target held
    ("my max heart rate is 191", "assistant: Zones set.", "averaged 148 on the tempo run, felt fine"),
    ("the hall holds 120 people", "we've got 95 signed up so far"),
    ("my weekly mileage cap is 40", "logged 36 this week, legs are tired"),
    # a value alone that answers the assistant's question
    ("the kids get 30 minutes of screen time", "assistant: How many kids are there?", "three"),
    ("book club meets on tuesday", "assistant: Which week do you want to start?", "the 14th"),
    # a word of every day said alone after the assistant said a value back
    ("set the print speed to 60 mm/s", "assistant: 60 mm/s is fine for PLA.", "Thanks, perfect"),
    ("we're watching Severance tonight", "assistant: Severance it is, about an hour an episode.", "Great"),
    # the other one asked about, or the place of the one held
    ("shortlist is Hetzner or DigitalOcean, go with Hetzner", "assistant: Hetzner it is.", "wait, the second one?"),
    ("two logos, V3 and V5. print V3", "assistant: Printing V3.", "yes the first one, perfect"),
    # a value for another environment than the one held
    ("staging runs 4 workers", "assistant: Staging workers set to 4.", "production is busier, give it 12"),
    ("staging should autoscale up to 3 pods", "assistant: ok", "prod needs way more, make it 20"),
    # an amount of a thing its clause names
    ("the essay limit is 3000 words", "assistant: 3000 words.",
     "quotes don't count and the bibliography can be up to 500 more"),
    # a bare number of another thing
    ("swim target is 40 lengths", "assistant: ok", "push the bike to 50"),
    # a suggestion agreed with a reason against, answered with a question, or only heard
    ("water the tomatoes every day", "assistant: Every other day is usually enough.",
     "sure, but every day works for my soil"),
    ("the invoice is due on the 28th", "assistant: Some clients pay faster on the 1st.", "ok, the 1st?"),
    ("proof the dough for 2 hours", "assistant: Some bakers do 90 minutes.", "yeah I've heard that"),
]


@pytest.mark.parametrize("turns", LOOKALIKES, ids=[t[-1][:40] for t in LOOKALIKES])
def test_what_only_looks_like_a_switch_or_a_revision_keeps_both(turns: tuple[str, ...]) -> None:
    assert revised(*turns) == []
