"""Rules and settings typed in short are recognised like the full sentence: a dropped
speaker ("cant stand ..."), a polite frame ("would u mind ..."), a standing said from a
day on ("starting monday ..."), a name a thing has, a recurring want, a tool or provider
named in lower case, a fact given as the reason of a question.

Each statement goes through ``add_turn`` of a fresh memory with the default extractor.
"""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory
from dspm_core.extract.shorthand import in_full


def _critical(text: str) -> list:
    memory = DSPMMemory(budget=400)
    memory.add_turn("user", text)
    return [p for p in memory.all_patches if p.critical]


@pytest.mark.parametrize("said, full", [
    ("cant stand podcasts that ramble", "I cant stand podcasts that ramble"),
    ("really hate long intros", "I really hate long intros"),
    ("allergic to sesame", "I'm allergic to sesame"),
    ("complete beginner with watercolours here", "I'm a complete beginner with watercolours"),
    ("a total novice at chess", "I'm a total novice at chess"),
    ("pescatarian btw", "I'm pescatarian btw"),
    ("would you mind keeping replies under 100 words", "Keep replies under 100 words"),
    ("would u mind to explain it like i'm 12?", "Explain it like i'm 12"),
])
def test_the_short_form_is_read_in_full(said: str, full: str) -> None:
    assert in_full(said) == full


@pytest.mark.parametrize("said", [
    "love it", "hate that", "love it when that happens", "hate when the bus is late",
    "could you mind the gap?", "Allergy season is brutal", "beginners luck I guess",
])
def test_a_reaction_or_another_sentence_is_left_as_it_is(said: str) -> None:
    assert in_full(said) == said


@pytest.mark.parametrize("text, value", [
    ("cant stand recipes that need a food processor", "food processor"),
    ("allergic to kiwi fruit", "kiwi"),
    ("complete beginner at woodworking here", "beginner"),
    ("would you mind answering in plain spanish", "spanish"),
    ("starting monday I'm off caffeine. so no espresso recipes", "caffeine"),
    ("from now on pls bcc my accountant on every invoice email", "accountant"),
    ("as of today we only take bookings by phone", "phone"),
    ("I'd be grateful if you kept the summaries to three bullet points", "three bullet points"),
    ("what's a good stretching routine since i've got a stiff lower back?", "stiff lower back"),
    ("our boat's name is Marigold", "Marigold"),
    ("the cat's name is Biscuit", "Biscuit"),
    ("id like a summary of my spending every sunday evening", "every sunday"),
    ("we want the rota sent out each friday", "each friday"),
    ("in the office we use a shared notion board for all the onboarding docs", "notion"),
    ("we ship with royal mail for anything under 2kg", "royal mail"),
    ("we get lots of emails from parents. answer each email in the parent's language. "
     "it helps a lot", "language"),
    ("tag every pull request with the ticket number", "ticket number"),
])
def test_a_short_or_everyday_form_is_kept_as_a_rule_or_setting(text: str, value: str) -> None:
    found = _critical(text)
    assert any(value.lower() in f"{p.text} {p.value or ''}".lower() for p in found), \
        [(p.kind.value, p.text) for p in found]


@pytest.mark.parametrize("text", [
    "love it, thanks",
    "my name is Joss",
    "we use a lot of butter for the croissants",
    "from now on it's going to rain all week apparently",
    "would you mind if I asked something personal?",
    "we shipped with fedex once and it was a nightmare",
    "I'd be happy if you could look at this paragraph",
    "check each link in this document",
    "Comfort can mean different things for each rider depending on the bike.",
])
def test_a_look_alike_stores_no_rule(text: str) -> None:
    assert _critical(text) == [] or all(p.kind.value == "entity" for p in _critical(text))


def test_a_name_a_thing_has_is_a_setting_revised_by_its_new_name() -> None:
    memory = DSPMMemory(budget=400)
    memory.add_turn("user", "our podcast's name is Night Shift")
    memory.add_turn("user", "the podcast name is Late Bloom now")
    (current,) = [p for p in memory.all_patches if p.critical and p.later is None]
    assert "Late Bloom" in (current.value or "")
    assert any("Night Shift" in (r.value or "") for r in current.history)
