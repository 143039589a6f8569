"""Changes said by an amount or in words revise the setting spoken of: an amount with a
reason after it that names someone or a past time ("add ten more, his whole team is
coming", "cut four, the set ran long last week"), an amount cut or moved without "by"
("cut four", "go two lower"), half a unit added ("add half an inch"), a whole unit a
setting is brought to ("shorten them to a week"), a value after a bare "go" ("hmm, go 55"),
a value after a reason of what the speaker did ("after reading the report we're raising
marketing to 8k"), and a name a thing is handed or moved to ("she's off sick, pass them to
Tomasz", "transferring it to Marcus next month"). A pointer after another thing named alone
("the back ones, set those at 35") sets that thing. Someone else's change and one of the
past still change nothing. Through ``add_turn`` with the default extractor."""

from __future__ import annotations

import pytest

from chat_sessions import revised


BY_AMOUNT = [
    (("we're printing 40 flyers", "assistant: 40 flyers.", "add ten more, his whole team is coming"),
     ("50 flyers", ["40 flyers"])),
    (("the playlist has 15 tracks", "assistant: 15 tracks.", "cut four, the set ran long last week"),
     ("11 tracks", ["15 tracks"])),
    (("the queue holds 30 jobs", "assistant: Up to 30 jobs.", "drop five, the box is struggling"),
     ("25 jobs", ["30 jobs"])),
    (("I'm taking max 8 students a term", "assistant: 8 per term.", "go two lower, I need a breather"),
     ("6 students a term", ["8 students a term"])),
    (("the ride group is capped at 12 riders", "assistant: 12 riders max.", "make it three higher, the road's closed to cars"),
     ("15 riders", ["12 riders"])),
    (("the shelf gap is 2 inches", "assistant: 2 inches.", "bigger jars came in, add half an inch"),
     ("2.5 inches", ["2 inches"])),
    # a push with no way said is later
    (("the recital starts at 6pm", "assistant: 6pm.", "push it an hour, the hall's booked before"),
     ("7pm", ["6pm"])),
]


@pytest.mark.parametrize("turns,expected", BY_AMOUNT, ids=[t[-1][:40] for t, _ in BY_AMOUNT])
def test_a_change_by_an_amount_revises_the_setting_spoken_of(
        turns: tuple[str, ...], expected: tuple[str, list[str]]) -> None:
    assert expected in revised(*turns)


ONE_UNIT = [
    (("rehearsal runs 90 minutes", "assistant: 90 minutes.", "let's cut rehearsal to an hour, people are tired"),
     ("1 hour", ["90 minutes"])),
    (("sprints last 10 days", "assistant: Ten-day sprints.", "shorten them to a week"), ("1 week", ["10 days"])),
    (("the trial period is 14 days", "assistant: 14 days.", "bump the trial up to a month"),
     ("1 month", ["14 days"])),
    (("standups run 30 min", "assistant: 30 minutes.", "also trim standups to a quarter of an hour, nobody listens"),
     ("0.25 hours", ["30 min"])),
    (("the workshop runs three hours", "assistant: Three hours.", "can't fit it all, let's stretch it to three and a half"),
     ("3.5", ["3 hours"])),
]


@pytest.mark.parametrize("turns,expected", ONE_UNIT, ids=[t[-1][:40] for t, _ in ONE_UNIT])
def test_a_whole_unit_a_setting_is_brought_to_revises_it(
        turns: tuple[str, ...], expected: tuple[str, list[str]]) -> None:
    assert expected in revised(*turns)


IN_WORDS = [
    (("the course runs 10 weeks", "assistant: 10 weeks.", "ok. the course has been cut to eight"), ("8", ["10 weeks"])),
    (("my target grade is B2", "assistant: B2, noted.", "hmm, C1 then"), ("C1", ["B2"])),
    # a bare number after the value held was judged worse than wanted
    (("the opener's tempo is 132 bpm", "felt rushed at the gig. 124"), ("124", ["132 bpm"])),
]


@pytest.mark.parametrize("turns,expected", IN_WORDS, ids=[t[-1][:40] for t, _ in IN_WORDS])
def test_a_count_in_words_or_a_level_by_its_code_revises_the_setting(
        turns: tuple[str, ...], expected: tuple[str, list[str]]) -> None:
    assert expected in revised(*turns)


def _news(turns: tuple[str, ...]) -> list[tuple[str, list[str]]]:
    return [(new or "", [o or "" for o in old]) for new, old in revised(*turns)]


GO = [
    (("fan speed is 40 percent", "assistant: 40% it is.", "hmm, go 55"), ("55", "40 percent")),
    (("the split is 60/40 with my brother", "assistant: 60/40 noted.", "he's doing more of the driving, go 50/50"),
     ("50/50", "60/40")),
]


@pytest.mark.parametrize("turns,expected", GO, ids=[t[-1][:40] for t, _ in GO])
def test_a_value_after_a_bare_go_revises_the_setting_spoken_of(
        turns: tuple[str, ...], expected: tuple[str, str]) -> None:
    new, old = expected
    assert any(n.startswith(new) and old in olds for n, olds in _news(turns))


def test_a_reason_before_the_change_lends_it_no_unit() -> None:
    # "report" is no unit of 8k, nor part of what is raised
    got = _news(("the marketing budget is 5k", "assistant: $5,000 for marketing.",
                 "after reading the report we're raising marketing to 8k"))
    assert any(n.startswith("8k") and "5k" in olds for n, olds in got)


HANDED = [
    (("Priyanka is marking the history essays", "assistant: Noted.", "she's off sick, pass them to Tomasz"),
     ("Tomasz", ["Priyanka"])),
    (("my savings sit with Ally Bank", "assistant: ok", "transferring it to Marcus next month actually"),
     ("Marcus", ["Ally Bank"])),
    (("I practise Spanish on Duolingo", "assistant: Nice.", "got bored of the streaks, I'm on Busuu now"),
     ("Busuu", ["Duolingo"])),
    (("I back up my photos to Dropbox", "assistant: ok", "moving everything over to Backblaze"),
     ("Backblaze", ["Dropbox"])),
    # a name taken instead, after a reason
    (("we print on the Prusa in the garage", "assistant: ok", "the Prusa's jammed again, the Bambu then"),
     ("Bambu", ["Prusa"])),
]


@pytest.mark.parametrize("turns,expected", HANDED, ids=[t[-1][:40] for t, _ in HANDED])
def test_a_name_a_thing_is_handed_to_replaces_the_recent_one(
        turns: tuple[str, ...], expected: tuple[str, list[str]]) -> None:
    assert expected in revised(*turns)


KEPT = [
    # a name said after a remark, taken instead of nothing
    ("we print on the Prusa in the garage", "assistant: ok", "honestly the Prusa is great, Sarah"),
    # a hand-over supposed
    ("Marta does the Monday shift", "assistant: ok", "we could give it to Ollie if she's ill"),
    # someone else's change, in the clause of the change
    ("we're printing 40 flyers", "assistant: 40 flyers.", "my sister added ten more to her order"),
    # a change of the past
    ("the playlist has 15 tracks", "assistant: 15 tracks.", "last year, we cut four"),
    ("the playlist has 15 tracks", "assistant: 15 tracks.", "we cut four last year and nobody noticed"),
    # a thing cut, of another kind than the count held
    ("we're cooking for 4 people", "assistant: Dinner for 4.", "cut 3 onions into rings first"),
    # "go to a day ..." is a place, no unit
    ("the drive is 40 minutes", "assistant: 40 minutes.", "after that we go to a day spa"),
    # a bare "go" with a place or a thing
    ("fan speed is 40 percent", "assistant: 40% it is.", "go 2 doors down for the filters"),
]


TOPICS = [
    # a thing named alone before the pointer: "those" are that thing
    ("the front shelves hold 20 kg", "assistant: 20 kg for the front shelves.", "the back ones, set those at 35"),
    ("brightness is 70", "assistant: brightness=70.", "oh and contrast, make that 55"),
    ("adult lessons run 45 min", "assistant: 45 minutes for adults.", "toddlers, make those 20"),
]


@pytest.mark.parametrize("turns", TOPICS, ids=[t[-1][:40] for t in TOPICS])
def test_a_pointer_after_another_thing_named_sets_that_thing(turns: tuple[str, ...]) -> None:
    assert revised(*turns) == []


def test_a_pointer_after_the_thing_held_named_revises_it() -> None:
    assert ("55", ["70"]) in revised("brightness is 70", "assistant: brightness=70.",
                                     "brightness, make that 55")


@pytest.mark.parametrize("turns", KEPT, ids=[t[-1][:40] for t in KEPT])
def test_a_change_of_another_or_of_the_past_revises_nothing(turns: tuple[str, ...]) -> None:
    assert revised(*turns) == []
