"""Friendly chat that only sounds like a rule is context, never a constraint or a setting
(dspm_core.extract.chatter); the rules said with the same words stay rules."""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory
from dspm_core.extract.chatter import chatter

CHAT = [
    "That must have been so much fun!",
    "Must be nice having the whole house to yourself for once.",
    "Finishing that marathon must've felt amazing.",
    "It's gotta be a relief to have the exams done.",
    "Your garden must look incredible this time of year.",
    "That song never gets old!",
    "Long baths always calm my nerves.",
    "Your cooking never ceases to amaze me.",
    "My brother never sits still.",
    "There's always some drama at family dinners.",
    "I love how you put that!",
    "I love your enthusiasm!",
    "Oh nice, I like that!",
    "Never stop being you!",
    "You should keep doing what makes you happy.",
    "If you need any help with the move, let me know!",
    "I'm here to listen whenever you want.",
    "No probs, honestly!",
    "Gotta run, talk later!",
    "You can't go wrong with a roast on Sunday!",
    "Honestly, you can't deny that cake looked perfect.",
    "Never tried sushi, believe it or not.",
    "You should watch it, it's brilliant!",
    "Baking with the kids is always fun.",
    "Our neighbours are always there for us.",
    "Priya, it's got to be tough starting a new job.",
    "I really value your advice.",
    "You never know who you'll meet at these things.",
    "Congrats, you must be so stoked!",
    "I can only imagine how tough it must be.",
    "We know it won't be easy.",
    "Any time you need help, don't hesitate to reach out.",
    "You should come over and join us for the barbecue sometime!",
    "The hotel was lovely.",
    "Huh, I never thought about it like that.",
    "Wow, I never noticed that before.",
    "The new kitchen is coming along really nicely.",
    "Work has been hectic but the project is going well.",
]

RULES = [
    "I like it short.",
    "The report always goes to me.",
    "Passwords must be at least 12 characters.",
    "You must be online by 9.",
    "Replies must be short.",
    "I love it when you add examples.",
    "There is always a 10% service charge.",
    "My son always has swimming on Tuesdays.",
    "Always reply in French.",
    "Never use eval.",
    "We must have the report by Friday.",
    "The standup is always at 9:30.",
    "Backups are always encrypted.",
    "I appreciate short answers.",
    "You never know what the weather does, so always pack a coat.",
    "The deadline is tough but fixed: March 3.",
    "The tone is casual.",
    "You should use Postgres for this.",
    "I never eat after 8pm.",
    "I've never used tabs and never will, so use 4 spaces.",
    "The build is going to run nightly at 2am.",
]


@pytest.mark.parametrize("text", CHAT)
def test_chat_is_read_as_chat(text: str) -> None:
    assert chatter(text)


@pytest.mark.parametrize("text", RULES)
def test_rules_said_with_the_same_words_are_not_chat(text: str) -> None:
    assert not chatter(text)


@pytest.mark.parametrize("text", CHAT)
def test_chat_stores_no_critical_and_keeps_the_sentence(text: str) -> None:
    m = DSPMMemory()
    m.add_turn("user", text)
    assert not [p.text for p in m.all_patches if p.critical]
    assert any(p.kind.value == "sentence" for p in m.all_patches)  # the tier keeps it


@pytest.mark.parametrize("text,value", [
    ("Always reply in French.", "French"),
    ("Never use eval.", "eval"),
    ("Passwords must be at least 12 characters.", "12"),
    ("I love it when you add examples.", "examples"),
    ("omg yes, and btw I'm vegan now so no dairy in the recipes pls", "dairy"),
])
def test_rules_beside_chat_stay_critical(text: str, value: str) -> None:
    m = DSPMMemory()
    m.add_turn("user", text)
    assert any(value.lower() in (p.text + " " + (p.value or "")).lower()
               for p in m.all_patches if p.critical)


def test_a_rule_after_a_guess_in_one_sentence_is_kept() -> None:
    m = DSPMMemory()
    m.add_turn("user", "That must have been so much fun, but never book me anything on Sundays.")
    assert any("sunday" in p.text.lower() for p in m.all_patches if p.critical)


def test_must_see_is_no_modal() -> None:
    m = DSPMMemory()
    m.add_turn("user", "The old town in Tallinn is a must-visit!")
    assert not [p for p in m.all_patches if p.critical]
