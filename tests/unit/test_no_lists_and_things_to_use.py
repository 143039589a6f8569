"""Rules said without a verb and things said to be used: "no deep squats or box jumps", "no
shellfish suggestions ever, it clashes with my meds" (a "no" with a reason after it), "I've
got a weak shoulder, no overhead presses"; a statement followed by an instruction to use it
("our house style is Oxford commas, use that on every page", "my gym is the PureGym on
Station Rd — use that one for class times") or to stick to it ("sections go Intro, Method,
Results. stick to it", "Ana plays Mira, Joe plays Tobin. remember them"). Replies that only
sound like these ("no worries, take your time", "no decision yet", "I tried the new cafe,
use it if you want") keep nothing critical. Through the default extractor."""

from __future__ import annotations

import pytest

from chat_sessions import critical_texts


@pytest.mark.parametrize("said, kept", [
    ("no deep squats or box jumps", "no deep squats or box jumps"),
    ("no shellfish suggestions ever, it clashes with my meds", "no shellfish suggestions ever"),
    ("I've got a weak shoulder, no overhead presses", "no overhead presses"),
    ("our house style is Oxford commas, use that on every page", "oxford commas"),
    ("my gym is the PureGym on Station Rd — use that one for class times", "puregym on station rd"),
    ("sections go Intro, Method, Results. stick to it", "intro, method, results"),
    ("the cast: Ana plays Mira, Joe plays Tobin. remember them", "ana plays mira"),
])
def test_the_rule_or_the_thing_to_use_is_kept(said: str, kept: str) -> None:
    assert any(kept in t.lower() for t in critical_texts(said))


@pytest.mark.parametrize("said", [
    "no worries, take your time",
    "no decision yet",
    "no luck with the plumber so far",
    "I tried the new cafe, use it if you want",
    "No need, I figured it out.",
])
def test_replies_that_only_sound_like_them_keep_nothing(said: str) -> None:
    assert critical_texts(said) == []
