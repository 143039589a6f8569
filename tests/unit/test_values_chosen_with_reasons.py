"""A new value said with a reason beside it revises the setting spoken of: a pointer with
a reason after it that names a time of its own ("make that 200, we sell out at
weekends"), a number alone chosen by the words after it ("sixty actually", "9 is better"),
a number corrected by "realistically" ("realistically 3k"), a value alone as the first
sentence of a reply and the reason after it ("forty. the bigger room freed up"), and a
number alone that the assistant's question just gave with its unit ("20 is better" after "...
says 20 minutes. Which should I use?"). A time said as the value's own scope still keeps
the setting apart. Through ``add_turn`` with the default extractor."""

from __future__ import annotations

import pytest

from chat_sessions import revised

CHOSEN = [
    # a reason after the pointer's value, naming a time of its own
    (("safety stock for the blue mugs is 80 units", "assistant: 80 units.",
      "make that 200, we sell out at weekends"), ("200", ["80 units"])),
    (("the shuttle leaves at 7:10", "assistant: 7:10.",
      "change it to 7:40, they repave the road in the mornings"), ("7:40", ["7:10"])),
    # a number alone, chosen by the words after it
    (("we'll print 30 menus", "assistant: 30 menus, okay.", "sixty actually, the terrace opens too"),
     ("60", ["30 menus"])),
    (("lessons start at 8:30", "assistant: 8:30 start.", "9 is better, the bus is always late"),
     ("9", ["8:30"])),
    (("backups run at 01:00 UTC", "assistant: 01:00 UTC.", "03:00 would be safer, the import ends at 2"),
     ("03:00", ["01:00"])),
    (("cap each visit at 2 hrs", "assistant: Two hours max.", "nah, 3 is fine really"),
     ("3", ["2 hrs"])),
    # a number corrected by "realistically"
    (("renovation budget is $2,500", "assistant: $2,500 noted.",
      "realistically 3k, the tiles alone are pricey"), ("3000", ["$2,500"])),
    # a value alone, then the reason in a sentence of its own
    (("seating for 25 guests", "assistant: 25 guests, noted.", "forty. the bigger room freed up"),
     ("40", ["25 guests"])),
]


@pytest.mark.parametrize("turns,expected", CHOSEN, ids=[t[-1][:40] for t, _ in CHOSEN])
def test_a_value_chosen_with_a_reason_revises_the_setting_spoken_of(
        turns: tuple[str, ...], expected: tuple[str, list[str]]) -> None:
    assert expected in revised(*turns)


def test_a_number_alone_takes_the_unit_the_assistant_just_gave_it() -> None:
    turns = ("the idle logout is 30 minutes", "assistant: Set to 30 minutes.",
             "turn on audit logs too", "assistant: Audit logs are on. Your IT policy says idle sessions must "
             "end within 20 minutes. Which should I use?",
             "oh right, 20 is better, I forgot that rule")
    assert ("20 minutes", ["30 minutes"]) in revised(*turns)


def test_a_time_said_as_the_values_scope_keeps_the_setting_apart() -> None:
    turns = ("the alarm is at 6:30", "assistant: 6:30 alarm.", "make it 9 on weekends")
    assert revised(*turns) == []


def test_a_number_alone_with_a_courtesy_chooses_nothing() -> None:
    turns = ("we host 12 guests", "assistant: 12 guests.", "what wine goes with lamb?",
             "assistant: A Rioja or a Syrah.", "thanks, 2 please")
    assert revised(*turns) == []


LAST_CLAUSE = [
    # a last clause that opens on a choice, after a long reason
    (("we're catering for 120 people at the reunion", "assistant: 120, noted.",
      "fewer replies came back than we planned for this year, more like ninety"), ("90", ["120 people"])),
    # a number in words after "so", at the end
    (("the hiking group is 7 people", "assistant: 7 people.", "one dropped out so five"), ("5", ["7 people"])),
]


@pytest.mark.parametrize("turns,expected", LAST_CLAUSE, ids=[t[-1][:40] for t, _ in LAST_CLAUSE])
def test_a_value_chosen_at_the_end_of_a_longer_reply_revises_the_setting(
        turns: tuple[str, ...], expected: tuple[str, list[str]]) -> None:
    assert any(now.split()[0] == expected[0] and was == expected[1] for now, was in revised(*turns))
