"""What a user says in brackets, in passing, and in the forms of a personal fact that shapes
the replies: "Summarise this (I'm dyslexic, so short sentences really help).", "fix this
hook (we're on React 18, not 19)", "As someone who's colourblind, ...?", "I can't have
gluten"; and what only looks like a rule: advice someone else keeps repeating, or a format
asked for one answer.

Each test feeds one user turn through ``add_turn`` (default extractor) and checks the
criticals stored.
"""

from __future__ import annotations

import pytest

from dspm_core.extract.asides import asides_apart

from test_in_passing import criticals, remember


@pytest.mark.parametrize("text, said", [
    ("Summarise this article for me (I'm dyslexic, so short sentences really help).",
     "Summarise this article for me. I'm dyslexic, so short sentences really help."),
    ("can you fix this hook (we're on React 18, not 19)",
     "can you fix this hook. We're on React 18, not 19."),
    ("Draft a reply to my landlord (I rent in Glasgow, if that matters)?",
     "Draft a reply to my landlord? I rent in Glasgow, if that matters."),
    ("Use Redis (see below) for the cache.", "Use Redis (see below) for the cache."),
    ("Book it for Friday (my treat). Thanks!", "Book it for Friday. My treat. Thanks!"),
])
def test_an_aside_about_the_speaker_closing_a_sentence_is_said_after_it(text: str, said: str) -> None:
    assert asides_apart(text) == said


@pytest.mark.parametrize("text, value, kind", [
    ("Summarise this article for me (I'm dyslexic, so short sentences really help).",
     "dyslexic", "constraint"),
    ("can you fix the type error in this hook (we're on React 18, not 19)", "React 18", "decision"),
    ("Can you draft a reply to my landlord (I rent in Glasgow, if that matters for tenancy law)?",
     "Glasgow", None),
    ("As someone who's colourblind, which chart colours should I steer clear of?",
     "colourblind", "constraint"),
    ("I can't have gluten.", "gluten", "constraint"),
    ("i'm autistic so please be literal, no idioms", "autistic", "constraint"),
    ("We're still on Python 3.9 on the build box.", "Python 3.9", "decision"),
])
def test_a_fact_in_brackets_or_in_passing_is_kept(text: str, value: str, kind: str | None) -> None:
    found = [p for p in criticals(text) if value.lower() in p.text.lower()]
    assert found, criticals(text)
    if kind is not None:
        assert found[0].kind.value == kind


@pytest.mark.parametrize("text", [
    "some guy on reddit said you should always salt pasta water like the sea lol",
    "my manager keeps banging on about never merging on a Friday, is that a real thing?",
    "my dad keeps saying never buy a car on finance",
    "just for this answer, use bullet points",
    "only for this reply, skip the intro",
    "I can't have that much sugar in one go, what a dessert!",
    "I'm tired so I'm going to bed",
])
def test_what_only_looks_like_a_rule_stores_none(text: str) -> None:
    assert criticals(text) == []


@pytest.mark.parametrize("text, value", [
    ("Any time I ask you to translate something into German, use the formal Sie form.", "Sie"),
    ("fyi from now on all new components go in TypeScript, no more .js files", ".js files"),
    ("pls reply in Portuguese, my English is fine but reading it back is slower for me",
     "Portuguese"),
])
def test_a_rule_with_a_clause_beside_it_is_kept(text: str, value: str) -> None:
    assert any(value in p.text for p in criticals(text)), criticals(text)


def test_the_speakers_own_language_is_no_reply_language() -> None:
    memory = remember("pls reply in Portuguese, my English is fine but reading it back is slower")
    assert "Portuguese" in memory.get_context()
    assert not any("English" in p.text for p in memory.all_patches if p.critical)
