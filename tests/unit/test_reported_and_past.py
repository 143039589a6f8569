"""What is not the user's rule of now: someone else's words, a story of the past, a
withdrawal; and a team's tool choice whatever its capitals."""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory


def criticals(text: str) -> list[str]:
    memory = DSPMMemory()
    memory.add_turn("user", text)
    return [p.kind.value for p in memory.all_patches if p.critical]


NOT_RULES = (
    "yes please",
    "more please",
    "I'm in a meeting right now",
    "my manager told me to always cc finance on invoices",
    "A friend said never to buy a used laptop.",
    "Back in college I only wrote Perl.",
    "we had a launch last tuesday and it slipped lol",
    "you can drop the 300 word limit",
    "forget what I said about bullet points",
    # a habit given up, with a value of its own
    "We used to hold retros every 2 weeks.",
    "my dad used to drive us to school at 7:45",
    "honestly I used to spend like $60 a week on takeaway",
    "I agree with Tom",
    "I'm a total loser.",
    # a verb of the senses with a number is no practice
    "I see 3 missed calls from you",
    # advice a text gives anyone
    "The blog post says you should stretch for 10 minutes before every run.",
    "this study says you should get 8 hours of sleep a night",
)
KEPT = (
    # instructions and settings in casual forms
    "from now on only send me the diff",
    "use camelCase for the JSON keys",
    "the project's default branch is trunk",
    "Freshdesk is our helpdesk software.",
    "quote a source for any numbers you give me",
    "remind me to stretch every afternoon",
    # fragments about every answer
    "no emojis in the commit messages",
    "Celsius please",
    "Oxford commas throughout",
    # what holds of the user
    "I'm 6 months pregnant",
    "I use a screen reader",
    "i don't have a printer",
    "I work night shifts",
    "where can I get a good coffee? I'm in Bristol",
    # asides before a question
    "given we're on GCP, which queue is cheapest?",
    "Since our monorepo is a Turborepo setup, how do I add a package?",
    "we use linear for issue tracking",
    "we're using vite for the frontend build",
    "we use zulip, not slack",
    "I moved to Lisbon last year, so suggest things near me.",
    # "used to" as accustomed or utilised, and a habit given up beside the one of now
    "I'm used to dark mode, so use a dark theme for the mockups.",
    "The laptop we used to test the build needs 16GB of RAM.",
    "retros used to be every 2 weeks but now they're monthly",
    # which of the user's own to use, and for what kind of thing
    "use my business address",
    "for anything to do with the allotment, use my old email",
    "for all invoices, put the PO number in the subject line",
    "for anything school-related use my personal email, jo@example.com",
    # what the user's side does as a rule, said in the present
    "We store chat transcripts for 14 days.",
    # a prohibition for the time being, and the service a thing is done through
    "I've hurt my back, so no heavy lifting for now.",
    "let's order all the office snacks through Ocado",
    # what the user does for a living
    "I'm a freelance sound engineer.",
    "I work as a paediatric nurse",
    # the name a thing of the user's goes by
    "Our cat is called Pixel.",
    "the home network is named Starling-5G",
    "My son's name is Theo.",
)


@pytest.mark.parametrize("text,kept", [(t, False) for t in NOT_RULES] + [(t, True) for t in KEPT])
def test_only_rules_of_now_are_kept(text: str, kept: bool) -> None:
    assert bool(criticals(text)) is kept, text


@pytest.mark.parametrize("text, slot, value", [
    ("Our cat is called Pixel.", "cat name", "Pixel"),
    ("My son's name is Theo.", "son name", "Theo"),
])
def test_a_name_is_a_setting_of_its_thing(text: str, slot: str, value: str) -> None:
    memory = DSPMMemory()
    memory.add_turn("user", text)
    (p,) = [p for p in memory.all_patches if p.critical]
    assert (p.slot, p.value) == (slot, value)


def test_a_name_another_household_goes_by_is_no_setting() -> None:
    assert criticals("My neighbour's cat is called Mittens.") == []
