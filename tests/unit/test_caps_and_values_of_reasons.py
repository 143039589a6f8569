"""A number changed by a cap or by a value of the reason said before it: "cap it at 15" of
"24 places" (its new number, not a bound beside it), "we're capping it at 6" and "we're
holding it at 8" (a number, no time of day), "..., so 12 is the most we can do", "the rooms
only seat 12 so we're capping it there", "the boss only signed off on 600 so go with that",
and a pointer after a reason of the speaker's own ("I've been ill, let's say 55 instead":
no progress towards a goal). Through ``add_turn`` with the default extractor; a cap aimed
at another setting, and a number of another thing, keep both."""

from __future__ import annotations

import pytest

from chat_sessions import critical_texts, revised

CHANGED = [
    # (the value held is the number; the setting keeps its unit)
    (("the tasting menu seats 20 guests", "assistant: 20 guests, noted.", "the dining room is half closed, cap it at 12"),
     ("12", ["20 guests"])),
    (("max entries per team is 10", "assistant: Up to 10 entries.", "the judges are swamped, we're capping it at 6 instead"),
     ("6", ["10"])),
    (("reserve 30 chairs for the talk", "assistant: 30 chairs reserved.", "the caretaker says the room's small, so 22 is the most we can do"),
     ("22", ["30 chairs"])),
    (("the stall budget is £500", "assistant: £500, noted.", "the committee only approved 350 so go with that"),
     ("350", ["£500"])),
    (("max class size is 18", "assistant: Capping groups at 18.", "the new studio only fits 14 so we're capping it there"),
     ("14", ["18"])),
    (("my goal is to finish the 10k in under 45 minutes", "assistant: Sub-45, noted.",
      "I've had a cold for a week, let's say 50 instead"), ("50", ["45 minutes"])),
]


@pytest.mark.parametrize("turns,expected", CHANGED, ids=[c[0][-1][:40] for c in CHANGED])
def test_a_cap_or_a_value_of_the_reason_revises_the_setting(turns: tuple[str, ...],
                                                            expected: tuple[str, list[str]]) -> None:
    assert [(v.lower(), [h.lower() for h in hs]) for v, hs in revised(*turns)] == \
        [(expected[0].lower(), [h.lower() for h in expected[1]])]


def test_holding_it_at_a_number_is_no_time_of_day() -> None:
    turns = ("we print 400 leaflets a month", "assistant: 400 a month, noted.", "sales are slow, we're holding it at 300")
    assert revised(*turns) == [("300", ["400 leaflets a month"])]


def test_a_cap_of_another_setting_keeps_both() -> None:
    turns = ("max class size is 18", "the waiting list is capped at 40")
    assert revised(*turns) == []
    assert len(critical_texts(*turns)) == 2


def test_a_reason_with_two_numbers_names_no_new_value() -> None:
    turns = ("max class size is 18", "assistant: 18, noted.", "the studio fits 14 and the hall 30 so go with that")
    assert revised(*turns) == []


def test_the_same_time_but_another_day_revises_the_day() -> None:
    assert revised("the backup runs on sundays at 3am", "assistant: Sundays at 3am.",
                   "same time but wednesdays please") == [("wednesdays", ["sundays at 3am"])]


def test_who_asks_for_the_value_names_no_other_setting() -> None:
    turns = ("for fillings under sedation we take a $80 deposit at booking", "assistant: $80 deposit, noted.",
             "oh and the sedation deposit, the practice manager wants $120 now")
    assert [(v, h) for v, h in revised(*turns)] == [("$120", ["$80"])]


def test_a_number_that_should_do_revises_the_count() -> None:
    assert revised("book 14 stewards for the race", "assistant: 14 stewards.", "10 should be enough") == \
        [("10", ["14 stewards"])]


def test_a_cap_of_a_setting_named_as_a_minimum_keeps_both() -> None:
    turns = ("scaling: min workers 3 for the queue service", "cap it at 12 workers though, the db can't take more")
    assert revised(*turns) == []


def test_a_number_after_a_question_of_another_count_is_that_count() -> None:
    turns = ("print 300 leaflets for the fete", "assistant: Sure. How many banners do you want as well?",
             "4 should be enough")
    assert revised(*turns) == []
