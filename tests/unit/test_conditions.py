"""Standing instructions said with a condition, a default, a general request or a fact to
keep in mind are rules; one-off tasks, hypotheticals, others' habits and past habits of
the same surface are not."""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory
from dspm_core.patch import PatchKind


def critical_texts(text: str) -> list[str]:
    memory = DSPMMemory()
    memory.add_turn("user", text)
    return [p.text for p in memory.all_patches if p.kind in (PatchKind.CONSTRAINT, PatchKind.DECISION)]


@pytest.mark.parametrize("text, word", [
    ("When I ask for a workout, include a warm-up.", "warm-up"),
    ("if i share a recipe just convert it to metric", "metric"),
    ("Whenever you draft a cover letter for me, keep it under a page.", "page"),
    ("Default to oat milk in drink recipes unless I say otherwise.", "oat milk"),
    ("Unless I ask for more, plan meals for two people.", "two people"),
    ("Could you always reply in Portuguese?", "Portuguese"),
    ("would you mind formatting everything as markdown?", "markdown"),
    ("in general, could you skip the small talk in your replies?", "small talk"),
    ("my phone is an android, keep it in mind for any app suggestions", "android"),
    ("when it comes to my essays I never want you to rewrite whole paragraphs", "paragraphs"),
    ("For the mobile app we stick to Kotlin.", "Kotlin"),
])
def test_a_standing_instruction_with_a_condition_is_a_rule(text: str, word: str) -> None:
    found = critical_texts(text)
    assert any(word.lower() in t.lower() for t in found), found


@pytest.mark.parametrize("text", [
    "if you have a minute, look over my CV",
    "when you're done, send me the summary",
    "whenever you're ready, tidy up this function",
    "If it's sunny tomorrow, should I cycle to work?",
    "could you check this essay for me?",
    "would you mind running all the tests for me?",
    "Suppose we launched in May, would that be too early?",
    "My son always forgets his lunch.",
    "My dad's default is tea with two sugars.",
    "Back in college I always studied in the library.",
    "ignore what i said earlier about always using tables",
])
def test_the_same_surface_without_a_standing_rule_stores_none(text: str) -> None:
    assert critical_texts(text) == []


@pytest.mark.parametrize("text, word", [
    # a fact of the speaker's, then "so" and a rule under a condition or for all of a kind
    ("i'm a night owl so whenever you plan my week, put the hard tasks after lunch", "hard tasks"),
    ("we don't own a car, so anything you recommend needs to be near a tube station", "tube station"),
    ("my son's allergic to peanuts so every recipe has to be nut-free", "nut-free"),
    ("ps i'm diabetic so dont suggest sugary snacks", "sugary snacks"),
    # a lead that says the rule holds from now on, before its condition
    ("From now on, when I send a draft, point out the weakest paragraph first.", "weakest paragraph"),
    # the condition after the instruction, said with a word of recurrence
    ("Reply in bullet points whenever I ask about pricing.", "bullet points"),
    # what all the assistant gives must be
    ("any restaurants you suggest need vegan options", "vegan options"),
    # a name picked for a thing, a name to be called by after one's own
    ("we picked the name Juniper for the newsletter", "Juniper"),
    ("my name's Rosalind but call me Roz", "Roz"),
])
def test_a_rule_inside_a_reason_or_after_a_lead_is_a_rule(text: str, word: str) -> None:
    found = critical_texts(text)
    assert any(word.lower() in t.lower() for t in found), found


@pytest.mark.parametrize("text", [
    "My sister keeps telling me to always back up my phone.",
    "my boss is always saying never to push on a friday",
    "The bus came on time, which never happens.",
    "my flatmate's default is to order pizza",
])
def test_someone_elses_words_and_a_remark_in_passing_store_none(text: str) -> None:
    assert critical_texts(text) == []


@pytest.mark.parametrize("text, word", [
    # a condition of the assistant's own doing said after the instruction
    ("Define medical terms the first time you use them.", "medical terms"),
    ("could you please link the docs the first time you mention a library?", "docs"),
    # "whenever" and the instruction with no comma between, a reason after it
    ("whenever I ask for a playlist stick to 90s stuff, the kids here hate anything newer", "90s"),
    # what the user's own words mean
    ("when I type 'tldr' I mean three bullet points, no more", "three bullet points"),
    ("by 'cheap' I mean under $15 a head", "$15"),
])
def test_more_standing_instructions_with_a_condition(text: str, word: str) -> None:
    found = critical_texts(text)
    assert any(word.lower() in t.lower() for t in found), found


@pytest.mark.parametrize("text", [
    "my cousin just moved to Dublin, so exciting",
    "our neighbour recently relocated to Spain lol",
    "when I said Friday I meant the week after",
])
def test_news_of_others_and_a_meaning_of_the_past_set_no_rule(text: str) -> None:
    assert critical_texts(text) == []
