"""A detail said again in the words that framed it, with a new ending, replaces the old
ending in the one recent message that framed it so (``dspm_core.frames``). Sentences
written for this project."""

from __future__ import annotations

import pytest
from test_in_passing import kept, remember, replaced

from dspm_core.frames import reframed_detail
from dspm_core.patch import Role


@pytest.mark.parametrize("turns, new, old", [
    (["service config: port 8080, retries 3, log format json", "log format plain pls"],
     "plain", "json"),
    (["book club night: venue is Ana's flat, wine from Aldi, snacks by Tom",
      "snacks by Marek instead, tom's away"], "Marek", "Tom"),
    # a reply and a question in between
    (["bathroom refit: tiles in white marble, taps in chrome, bath panel in oak",
      ("assistant", "Noted. Shall I ask the fitter for a quote?"), "is oak ok in a wet room?",
      ("assistant", "Sealed oak copes, but it needs upkeep."), "ok taps in brushed gold then"],
     "brushed gold", "chrome"),
    # items of a labelled list, a label of the whole message before them
    (["new laptop order for Jess: brand: Lenovo, finish: silver, keyboard: UK", "finish: graphite pls"],
     "graphite", "silver"),
    (["dinner party menu - starter: soup - main: risotto - pudding: trifle", "pudding: pavlova instead"],
     "pavlova", "trifle"),
    # a thing that may be a verb, in a list of things and their values
    (["bike i'm ordering: frame steel, brakes disc, colour teal", "colour mint pls"],
     "mint", "teal"),
    (["new phone: model Pixel 8, storage 256gb, case clear", "case black then, clear ones go yellow"],
     "black", "clear"),
])
def test_a_detail_said_in_its_frame_with_a_new_ending(turns: list, new: str, old: str) -> None:
    replaced(remember(*turns), new, old)


@pytest.mark.parametrize("turns, values", [
    # an account of it, not a change
    (["picnic: sandwiches from Pret, cake from Bettys", "cake from Hobbs arrived"], ["Bettys"]),
    # a thing named by "for", and a verb with one more object
    (["tickets for adults at the desk, tickets for kids online", "tickets for students online"],
     ["adults", "kids"]),
    (["errands: order flowers from Bloom, buy stamps", "order chocolates"], ["flowers"]),
    (["saturday: order pizza, drinks for 10, book the hall", "order sushi"], ["pizza"]),
    # the same labels for the speaker after someone else's
    (["my sister's outfit: dress red, shoes black", "my outfit: dress blue, shoes white"],
     ["red", "black"]),
    # another part of the day, and another person's
    (["chores: hoover the lounge in the morning, bins on friday", "hoover the lounge in the evening"],
     ["morning"]),
    (["outfits: my top in navy, skirt in grey", "her top in red"], ["navy"]),
    # another list with the same labels, for another thing
    (["kids party: venue: soft play, host: Jo, cake: chocolate",
      "for the adults party: venue: the Crown, host: Sam"], ["Jo", "soft play"]),
    # an addition, and a question
    (["bake sale: scones from Greggs, flapjacks from Lidl", "and flapjacks from Aldi"], ["Lidl"]),
    (["smoothie: oat milk, banana, berries from Lidl", "also berries from Aldi"], ["Lidl"]),
    (["smoothie: oat milk, banana, berries from Lidl", "berries from Aldi?"], ["Lidl"]),
])
def test_the_same_frame_with_another_meaning_changes_nothing(turns: list, values: list) -> None:
    memory = remember(*turns)
    for value in values:
        kept(memory, value)


def test_a_frame_held_by_two_clauses_is_no_change() -> None:
    memory = remember("lunch: soup from Leon, bread from Gail's", "dinner: pasta, bread from Lidl")
    patches = memory.store._patches
    assert reframed_detail(patches, Role.USER, 2, "bread from Tesco") is None


def test_the_list_of_the_revised_message_marks_the_old_value() -> None:
    memory = remember("packing list for camp:\n- tent green\n- stove gas\n- mats foam\ncan you check it?",
                      "stove meths then, gas canisters are banned")
    context = memory.get_context()
    assert "(earlier: gas)" in context and "stove gas" not in context, context
