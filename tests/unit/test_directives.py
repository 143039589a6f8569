"""Commands about the answer: labelled instruction blocks and short follow-up commands."""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory
from dspm_core.extract.directives import is_command_message
from dspm_core.extract.rules import RuleExtractor
from dspm_core.patch import PatchKind, Role, Turn

STORY = ("The lighthouse keeper Orla lived on Fennick Rock with a one-eyed cat named Bramble. "
         "Every winter the supply boat must reach the rock before the ice closes the strait. "
         "One year it did not, and Orla had to ration the lamp oil for forty days.\n\n")


def rules(text: str, role: str = "user") -> list[str]:
    facts = RuleExtractor().extract(Turn(role=Role(role), text=text, index=3))
    return [f.text for f in facts if f.kind is PatchKind.CONSTRAINT]


def test_a_labelled_instruction_block_is_one_rule_and_the_pasted_content_yields_nothing():
    text = ("Content: " + STORY + "Instruction: Write a short summary of the story above. "
            "Do not add any commentary or headings to your response.")
    assert rules(text) == ["Write a short summary of the story above. "
                           "Do not add any commentary or headings to your response."]


def test_an_over_long_labelled_block_is_read_sentence_by_sentence():
    long_block = "Instructions: " + " ".join(["Explain the build."] * 40) + " Never use tabs."
    assert rules(long_block) == ["Never use tabs."]


@pytest.mark.parametrize("text", [
    "Rewrite it from the point of view of the cat.",
    "Now, rewrite your answer so that every sentence starts with the letter 'B'.",
    "Great, now please include an analogy in your summary.",
    "Focus only on the rationing of the lamp oil.",
    "Phrase each event as a question, under twelve words.",
    "Now, format your list as a table with two columns. Each name should be in its own row.",
    "For each of these places, I want you to add a one-line description.",
    "Incorporating alliteration in each sentence.",
    "Next, narrate the paragraph in third person.",
    "Now, include a direct quote from Dr. Orla Finn in your summary.",
])
def test_a_short_command_about_the_answer_is_kept_whole_as_a_rule(text):
    assert is_command_message(text)
    assert rules(text) == [" ".join(text.split())]


@pytest.mark.parametrize("text", [
    "Give me a list of five board games for two players.",
    "Write the next 50 lines.",
    "Can you rewrite it in the first person?",  # a question: the next answer, not a rule
    "I've just started mentoring sessions with Kim, focusing on leadership and my resume.",
    "Thanks, that looks great!",
    "Explain how photosynthesis works.",
])
def test_requests_questions_and_statements_are_not_commands(text):
    assert not is_command_message(text)


def test_a_command_the_sentence_reading_already_holds_keeps_its_slot():
    m = DSPMMemory(budget=300)
    m.add_turn("user", "Use at most 30 words.")
    m.add_turn("user", "Use at most 20 words.")
    text = m.render().text
    assert "20 words" in text and "(was 30" in text
    assert text.count("rule:") == 1


def test_follow_up_commands_accumulate_and_survive_a_small_budget():
    m = DSPMMemory(budget=120)
    m.add_turn("user", "Content: " + STORY + "Instruction: Summarise the story in plain words.")
    m.add_turn("assistant", "Orla, a lighthouse keeper, rationed oil for forty days when the "
                            "supply boat failed to reach Fennick Rock.")
    for command in ("Focus only on the cat.", "Rewrite it as a limerick.",
                    "Avoid the words 'oil' and 'ice'."):
        m.add_turn("user", command)
        m.add_turn("assistant", "There once was a cat on a rock ...")
    lines = [line.text for line in m.render("Make it funnier.").lines]
    for expected in ("Summarise the story in plain words.", "Focus only on the cat.",
                     "Rewrite it as a limerick.", "Avoid the words 'oil' and 'ice'."):
        assert any(expected in line for line in lines), (expected, lines)
    # the pasted story is not a rule (its sentences are kept as said, not as rules)
    assert not any("Fennick" in line for line in lines if not line.startswith("said: "))


def test_documents_are_not_read_for_commands():
    assert rules("Rewrite it from the point of view of the cat.", role="document") == []


def test_sentences_do_not_end_at_titles():
    from dspm_core.extract.clauses import split_sentences
    assert split_sentences("Ask Dr. Mivon and Mr. Ray first. Then ship it.") == [
        "Ask Dr. Mivon and Mr. Ray first.", "Then ship it."]


@pytest.mark.parametrize("text", [
    'Commit messages are in the imperative, e.g. "Add login".',
    "Use a short prefix, e.g. Fix or Add, on every commit.",
    "Pick one store for the cache, i.e. Redis, and keep it.",
])
def test_sentences_do_not_end_at_e_g_or_i_e(text: str) -> None:
    from dspm_core.extract.clauses import split_sentences
    assert split_sentences(text) == [text]


@pytest.mark.parametrize("text, sentences", [
    ("could we switch it to blue? sage isn't in stock", ["could we switch it to blue?", "sage isn't in stock"]),
    ("thanks. and shorten the login thing to 1 day", ["thanks.", "and shorten the login thing to 1 day"]),
    ("make it 4. three isn't cutting it", ["make it 4.", "three isn't cutting it"]),
    ("wow! that was fast", ["wow!", "that was fast"]),
    # no end at an abbreviation, an initialism or a decimal
    ("e.g. this one", ["e.g. this one"]),
    ("it takes approx. two hours", ["it takes approx. two hours"]),
    ("meet at 5 p.m. tomorrow", ["meet at 5 p.m. tomorrow"]),
    ("it costs 3.5. more later", ["it costs 3.5. more later"]),
    ("ship it by the 3rd vs. the 5th", ["ship it by the 3rd vs. the 5th"]),
])
def test_chat_in_lower_case_ends_its_sentences(text: str, sentences: list[str]) -> None:
    from dspm_core.extract.clauses import split_sentences
    assert split_sentences(text) == sentences


def test_a_short_labelled_text_is_still_read_as_the_users_words():
    assert rules("Text: Never deploy on Fridays.") == ["Never deploy on Fridays."]
    assert rules("Context: the API timeout must stay under 30 seconds.") == [
        "Context: the API timeout must stay under 30 seconds."]


def test_a_version_the_speakers_are_stuck_on_is_kept() -> None:
    facts = RuleExtractor().extract(Turn(role=Role.USER, index=0,
                                         text="how do i fix this import error, we're stuck on webpack 4"))
    assert [f.kind for f in facts] == [PatchKind.DECISION]
    assert "webpack" in facts[0].text.lower()
