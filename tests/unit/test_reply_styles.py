"""The style a reply is asked in (tone, grammatical person, format) is a setting a later
request of the same kind revises; a style only talked about, asked of another thing, or
asked in a question sets nothing of its own."""

from __future__ import annotations

import pytest

from dspm_core.reply_styles import asked_style
from test_in_passing import kept, remember, replaced


@pytest.mark.parametrize("text, subject, style", [
    ("write my emails in a friendly tone", "emails tone", "friendly"),
    ("emails to my manager should be formal", "emails to my manager tone", "formal"),
    ("Write the chapter in first person.", "chapter narrative person", "first person"),
    ("format my notes as bullet points", "notes format", "bullet points"),
    ("the formal tone reads really stiff, go casual and friendly instead", "tone", "casual"),
    ("actually, third person works better for this one", "narrative person", "third person"),
    ("write them as short paragraphs instead, bullets lose the connections", "format",
     "short paragraphs"),
    ("bullet points where possible", "format", "bullet points"),
])
def test_the_style_asked_for(text: str, subject: str, style: str) -> None:
    assert asked_style(text) == (subject, style)


@pytest.mark.parametrize("text", [
    "the formal tone reads really stiff",
    "could you write it in a casual tone?",
    "my boss said the report should be formal",
    "bullets lose the connections between ideas",
])
def test_a_style_talked_about_or_asked_about_is_no_request(text: str) -> None:
    assert asked_style(text) is None


@pytest.mark.parametrize("first, later, new, old", [
    ("write my newsletter in a formal tone",
     "the formal tone reads really stiff, go casual and friendly instead", "casual", "formal"),
    ("Write the chapter in first person.", "actually, third person works better for this one",
     "third person", "first person"),
    ("format my notes as bullet points",
     "write them as short paragraphs instead, bullets lose the connections between ideas",
     "short paragraphs", "bullet points"),
])
def test_a_new_style_of_the_same_kind_replaces_the_old(first: str, later: str, new: str,
                                                        old: str) -> None:
    replaced(remember(first, later), new, old)


def test_the_style_of_another_thing_stays_apart() -> None:
    memory = remember("write my emails in a friendly tone", "emails to my manager should be formal")
    kept(memory, "friendly")
    kept(memory, "formal")


def test_a_style_allowed_revises_the_one_asked_for() -> None:
    replaced(remember("reply in a formal tone", "you can be casual with me"), "casual", "formal")
    # a remark of the same turn on the old style shows it as earlier
    memory = remember("reply in a formal tone", "you can be casual with me, I'm over the formal stuff")
    assert "the (earlier: formal; now casual) stuff" in memory.get_context()


@pytest.mark.parametrize("text, subject", [
    ("replies to my team can be casual", "team tone"),
    ("when you draft replies to my boss keep them formal", "boss tone"),
])
def test_the_style_of_what_goes_to_someone_is_theirs(text: str, subject: str) -> None:
    assert asked_style(text)[0] == subject


def test_styles_for_two_audiences_stay_apart() -> None:
    memory = remember("when you draft replies to my boss keep them formal",
                      "replies to my team can be casual")
    kept(memory, "formal")
    kept(memory, "casual")


# ------------------------------------------------------------ length, keep and make
@pytest.mark.parametrize("said,asked", [
    ("Keep your replies short.", ("length", "short")),
    ("Please keep it brief.", ("length", "brief")),
    ("Go into more detail from now on.", ("length", "detail")),
    ("Make the captions more concise.", ("captions length", "concise")),
    ("I'd like longer summaries.", ("summaries length", "longer")),
    ("Detailed answers are fine now.", ("length", "detailed")),
    ("Keep the tone friendly.", ("tone", "friendly")),
    ("Make your emails formal.", ("emails tone", "formal")),
])
def test_a_length_or_tone_kept_or_made(said, asked):
    assert asked_style(said) == asked


@pytest.mark.parametrize("said", [
    "It'll pay off in the long run.",
    "Let's talk about it in more detail tomorrow.",
    "Break the workout into shorter intervals.",
    "Make the deadline longer.",
    "Sure, I'll keep it short and natural.",
    "Keep it short this time, I'm in a rush.",
    "My boss writes in a really casual tone.",
])
def test_no_style_asked(said):
    assert asked_style(said) is None


def test_a_length_asked_is_revised_by_the_next(assert_revised):
    assert_revised("Keep your answers short.", "Longer, more detailed answers are fine now.",
                   "detailed", "short")


@pytest.mark.parametrize("said,asked", [
    ("you can be more laid-back and casual with me", ("tone", "casual")),
    ("Write in a formal and friendly tone.", ("tone", "formal")),
])
def test_a_style_said_after_another_word(said, asked):
    assert asked_style(said) == asked
