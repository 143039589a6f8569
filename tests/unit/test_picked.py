"""An alternative the assistant offered, picked by the user in a few words, takes the place
of what the user had asked for; a pick for something beside it, a decline, a question or a
one-off takes nothing's place."""

from __future__ import annotations

import pytest

from dspm_core.extract.picked import offered_beside, picked_option
from dspm_core.patch import Role, Turn

from test_in_passing import kept, remember, replaced


def _reply(user: str, assistant: str, reply: str) -> Turn:
    return Turn(role=Role.USER, text=reply, index=2, recent=(("user", user), ("assistant", assistant)))


@pytest.mark.parametrize("user, assistant, reply, option, old", [
    ("Book the 5:50 ferry to Mull.", "The 5:50 is cancelled that day. There's a 6:45 or an 8:20 sailing.",
     "6:45 then", "6:45", "5:50"),
    ("Order the sofa in teal.", "Teal is back-ordered until May. It comes in mustard and charcoal.",
     "charcoal please", "charcoal", "teal"),
    ("We're staying in Sorrento.", "Sorrento is fully booked that week, but Amalfi and Positano have rooms.",
     "ok Positano", "Positano", "Sorrento"),
    ("Send it with Hermes.", "Hermes won't collect over 15 kg. Yodel or DHL would.",
     "DHL works", "DHL", "Hermes"),
    ("Print the banner at B2.", "B2 isn't stocked; B1 or A1 are. Which one?", "B1", "B1", "B2"),
])
def test_an_option_picked_names_the_old_value_it_replaces(user, assistant, reply, option, old):
    fact = picked_option(_reply(user, assistant, reply), reply)
    assert fact is not None and (fact.value, fact.replaces, fact.referent) == (option, old, True)


@pytest.mark.parametrize("user, assistant, reply", [
    ("Use Postgres for the database.", "MySQL or SQLite would be lighter here. Want to switch?", "no, SQLite is slower"),
    ("Book the 9:10 flight.", "The 9:10 has a long layover; the 11:25 or the 13:05 are direct.", "is the 11:25 cheaper?"),
    ("My seat preference is aisle.", "Only window and middle seats are left on this one.", "window just this once"),
    ("The living room paint is sage.", "For the hallway, sage too, or cream or white?", "cream for the hallway"),
    ("My pizza is a margherita.", "Want a side as well? Garlic bread or wings?", "garlic bread"),
    ("I run on Mondays.", "Want to add a second run? Saturday or Sunday?", "sunday"),
])
def test_a_reply_that_declines_asks_or_picks_beside_replaces_nothing(user, assistant, reply):
    assert picked_option(_reply(user, assistant, reply), reply) is None


def test_an_option_of_another_kind_than_anything_asked_for_replaces_nothing():
    turn = _reply("Book the ferry to Mull.", "The ferry is cancelled. There's a 6:45 or an 8:20 sailing.", "6:45 then")
    assert picked_option(turn, "6:45 then") is None


def test_a_value_offered_for_something_beside_is_told_apart():
    turn = _reply("My alarm is 6:30.", "Done. Would you also like a reminder at 10pm or 10:30pm?", "10:30pm")
    assert offered_beside(turn, "10:30pm")
    turn = _reply("My alarm is 6:30.", "6:30 is early. Would 7 or 7:15 be better?", "7:15")
    assert not offered_beside(turn, "7:15")


def test_the_option_picked_revises_the_setting_that_held_the_old_value():
    memory = remember("Book the 5:50 ferry to Mull.",
                      ("assistant", "The 5:50 is cancelled that day. There's a 6:45 or an 8:20 sailing."),
                      "6:45 then")
    replaced(memory, "6:45", "5:50")


def test_the_option_picked_marks_the_sentence_that_said_the_old_one():
    memory = remember("We're staying in Sorrento.",
                      ("assistant", "Sorrento is fully booked that week, but Amalfi and Positano have rooms."),
                      "ok Positano")
    replaced(memory, "Positano", "Sorrento")


def test_a_bare_value_for_a_second_setting_keeps_the_first():
    memory = remember("My alarm is 6:30.",
                      ("assistant", "Done. Would you also like a wind-down reminder at 10pm or 10:30pm?"),
                      "10pm")
    kept(memory, "6:30")


def test_a_fact_that_names_what_it_replaces_is_read_as_if_it_said_it():
    from dspm_core import DSPMMemory
    from dspm_core.patch import Fact, PatchKind

    memory = DSPMMemory()
    memory.add_turn("user", "Ship from the Leeds warehouse.")
    memory.store.merge(Fact(kind=PatchKind.DECISION, text="York then", turn=2, value="York",
                            referent=True, replaces="Leeds"))
    replaced(memory, "York", "Leeds")


def test_a_line_of_a_long_pasted_message_picks_nothing():
    pasted = ("Here is the plan for the quarter, please review it before Friday. Goals: grow the "
              "newsletter and cut churn. Owners: Dana and Lee. Budget: see the sheet. Actions: charcoal")
    turn = Turn(role=Role.USER, text=pasted, index=2, recent=(
        ("user", "Order the sofa in teal."),
        ("assistant", "Teal is back-ordered until May. It comes in mustard and charcoal.")))
    assert picked_option(turn, "charcoal") is None
