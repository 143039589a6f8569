"""Standing wishes said without the usual words of a rule (``extract/stances.py``): how to
regard the user, a permission, a thing not needed, a no-go, what works for the user, who
the user is after a label, a pair of more and less, a wish with a standing scope; and the
same surfaces said of one thing or of this time only, which set nothing.

Each test feeds one turn through ``add_turn`` (default extractor) and checks what the store
holds.
"""

from __future__ import annotations

import pytest

from dspm_core.extract.stances import needs_nothing_now, stance_kind
from test_in_passing import criticals, remember


@pytest.mark.parametrize("text", [
    "Treat me as someone who has never coded.",
    "assume I'm on a Mac unless I say otherwise",
    "Talk to me like a colleague, not a customer.",
    "Exclamation marks are fine.",
    "Informal replies are totally fine with me.",
    "No need to summarise my question before answering.",
    "You don't need to explain the maths behind it.",
    "Anything with coriander is a no-go.",
    "Shellfish is a hard no for me.",
    "nothing after 6pm please",
    "Checklists work better for me than paragraphs.",
    "Background: I run a small bakery with 4 staff.",
    "I go by Mo.",
    "More numbers, less waffle.",
    "I'd like every answer to end with a one-line summary from now on.",
    "keep it vegetarian",
    "Keep the kids' meals nut-free.",
])
def test_a_standing_wish_is_kept(text: str) -> None:
    got = criticals(text)
    assert len(got) == 1, got
    assert got[0].text.rstrip(".").lower() == text.rstrip(".").lower()


@pytest.mark.parametrize("text", [
    "Assume the rope is 12 metres long, what's the angle?",
    "treat yourself, you deserve it",
    "Talk to me about the French revolution.",
    "The second option is fine.",
    "That's fine by me, go ahead.",
    "No need, it works now.",
    "no need to reply to this one",
    "No need to panic, it's only a warning.",
    "That bar is a no-go tonight, it's rammed.",
    "Nothing else for now, thanks.",
    "This chart is easier to read.",
    "For context, here's the stack trace:",
    "Less is more.",
    "I'd like a cup of tea.",
    "my flatmate says swearing is fine",
    "keep the soup warm",
])
def test_the_same_surface_of_one_thing_or_this_time_sets_nothing(text: str) -> None:
    assert criticals(text) == []


def test_no_need_of_this_time_only() -> None:
    assert needs_nothing_now("there's no need to rush this one")
    assert not needs_nothing_now("No need to apologise every time.")
    assert stance_kind("no need to stick to metric any more") is None  # a rule lifted


def test_a_rule_no_longer_needed_still_lifts_the_rule() -> None:
    memory = remember("Please add a couple of emojis to my tweet drafts.",
                      "you don't need to add emojis anymore, the brand team hates them")
    (p,) = [p for p in memory.all_patches if p.critical]
    assert p.text.startswith("You don't need to add emojis anymore")
    assert [r.value for r in p.history] and "emojis" in p.history[0].value


@pytest.mark.parametrize("rule, permission", [
    ("Don't use emojis.", "emojis are ok now"),
    ("no emojis please", "actually emojis are totally fine"),
    ("Avoid jargon.", "jargon is fine, my readers are engineers"),
    ("Avoid slang.", "slang is fine by me now"),
])
def test_a_permission_lifts_the_refusal_of_the_same_thing(rule: str, permission: str) -> None:
    memory = remember(rule, permission)
    (p,) = [p for p in memory.all_patches if p.history]
    assert permission.lower().startswith(p.text.lower().rstrip("."))
    assert rule.lower().startswith(p.history[0].value.lower().rstrip(".")), p.history
    assert not any(q.text.lower().rstrip(".") == rule.lower().rstrip(".") and q.later is None
                   for q in memory.all_patches)


@pytest.mark.parametrize("rule, permission", [
    ("no emojis in the instagram captions", "emojis are totally fine in the linkedin posts"),
    ("Never mention competitors.", "Mentioning our partners is fine."),
    ("Avoid long paragraphs.", "Long answers are fine."),
    ("no meetings on fridays", "calls on fridays are fine"),
])
def test_a_permission_of_another_thing_keeps_the_refusal(rule: str, permission: str) -> None:
    memory = remember(rule, permission)
    assert not any(p.history for p in memory.all_patches)
    assert any(p.text.lower().rstrip(".") == rule.lower().rstrip(".") and p.critical
               for p in memory.all_patches)


@pytest.mark.parametrize("text", [
    "I'm an aisle-seat person, so book those if you can",
    "we're very much a shoes-off household",
    "I'm not a morning person.",
    "I'm more of a podcast person than an audiobook person",
])
def test_the_kind_of_person_the_user_is_is_a_stance(text: str) -> None:
    (p,) = criticals(text)
    assert p.kind.value == "constraint"


@pytest.mark.parametrize("text", [
    "Walls of emoji really get on my nerves, keep them out.",
    "Nothing annoys me more than a reply that repeats my question back to me.",
    "being told to 'stay hydrated' every time does my head in",
    "passive voice drives me up the wall",
    "it drives me up the wall when an email opens with 'I hope this finds you well'",
    "unexplained regexes make me itchy, comment them",
])
def test_what_the_user_cannot_bear_is_a_stance(text: str) -> None:
    assert [p.kind.value for p in criticals(text)] == ["constraint"]


@pytest.mark.parametrize("text", [
    "We're a family of five.",
    "he's a cat person",
    # a person who gets on the user's nerves, or a moment that does: nothing for the replies
    "my flatmate really gets on my nerves",
    "Marco drives me nuts",
    "the traffic is doing my head in this morning",
    "It annoys me",
])
def test_a_family_or_someone_else_is_no_kind_of_person_the_user_is(text: str) -> None:
    assert all(p.kind.value != "constraint" for p in criticals(text))
