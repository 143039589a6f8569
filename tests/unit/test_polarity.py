"""A rule turned the other way round revises the rule it turns (``dspm_core.polarity``):
"stop adding the summary at the top" after "always add a summary at the top". A refusal
for another thing, a question or a rule said again with the same polarity revises nothing.

Each test feeds user turns through ``add_turn`` (default extractor) and checks the store.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from test_in_passing import current_with, kept, remember

from dspm_core.deltas import delta_said


def flipped(memory, new: str, old: str) -> None:
    """The rule holding ``new`` is current and has the rule holding ``old`` as its earlier
    form (shown by its first words); no current patch states ``old`` any more."""
    (p,) = [q for q in memory.all_patches if q.later is None and new.lower() in q.text.lower()]
    assert [r.value for r in p.history] and old.lower() in p.history[0].text.lower(), p.history
    assert not [q for q in memory.all_patches if q.later is None and q.id != p.id
                and old.lower() in q.text.lower()]
    assert "(was" in memory.get_context()


@pytest.mark.parametrize("first, later, new, old", [
    ("always add a summary at the top", "stop adding the summary at the top, nobody reads it",
     "stop adding", "add a summary"),
    ("include type hints in the python examples",
     "don't include type hints anymore, they clutter the examples", "don't include", "include type hints"),
    ("put a TL;DR line under every answer", "no TL;DR line anymore please", "no tl;dr", "put a tl;dr"),
    # a refusal lifted
    ("never suggest paid tools", "you can suggest paid tools again, we have budget now",
     "suggest paid tools again", "never suggest"),
    # said as a plain sentence that opens on the refusal, after a clause with no action
    ("use hashtags in the instagram captions",
     "drop them actually, we want a cleaner feed, no hashtags in captions", "no hashtags", "use hashtags"),
    ("send me a reminder every friday to water the plants",
     "never mind the plant reminders, I bought self-watering pots", "never mind", "water the plants"),
    ("Wrap long lines in the SQL snippets please.",
     "actually leave out the line wrapping in sql snippets, my editor wraps them", "leave out", "wrap long"),
    ("No exclamation marks, ever. It reads as shouting.",
     "exclamation marks are fine again, the new brand voice is upbeat", "fine again", "no exclamation"),
    # the action in other forms of its words: "cc'ing", "TL;DR" / "tldr", "translations"
    ("Please CC Marco on every invoice email.", "stop cc'ing marco, he left the company",
     "stop cc'ing", "cc marco"),
    ("Don't put a TL;DR under the title.", "you can start putting a tldr under the title again",
     "start putting", "don't put"),
    ("Translate every answer into German as well.",
     "the german translations aren't needed anymore, I passed the exam", "aren't needed", "translate every"),
    ("Always write docstrings for new functions.", "no need for docstrings anymore, the code is self-explanatory",
     "no need", "write docstrings"),
    ("Add debug logging to every handler.", "scrap the debug logging going forward, it floods the console",
     "scrap the", "add debug logging"),
    # "adding a summary" is a thing added, not a count of one more
    ("Never add a summary at the end.", "you can start adding a summary at the end again",
     "start adding", "never add"),
])
def test_a_rule_turned_round_revises_the_rule(first: str, later: str, new: str, old: str) -> None:
    flipped(remember(first, later), new, old)


@pytest.mark.parametrize("first, later", [
    # another thing refused
    ("use emojis in the instagram captions", "no emojis in the linkedin posts"),
    ("always cc my manager on emails", "don't cc anyone on the emails to the landlord"),
    # a fact, not a rule: it does not open on the refusal
    ("always park at the office when you visit", "there's no parking at the office this week"),
    # a question
    ("always add a summary at the top", "should we stop adding the summary at the top?"),
    # the same polarity: a rule said again
    ("never use semicolons in the JS examples", "don't use semicolons in the JS examples"),
])
def test_what_turns_no_rule_round_keeps_it(first: str, later: str) -> None:
    memory = remember(first, later)
    assert current_with(memory, first.split()[-1]), [p.text for p in memory.all_patches]
    assert not any(p.history for p in memory.all_patches if p.text.lower().startswith(later[:10]))


def test_an_article_before_a_thing_or_an_adjective_is_no_count() -> None:
    assert delta_said("we're going for a more minimal look") is None
    assert delta_said("write it in a less formal tone now") is None
    assert delta_said("you can start adding a tldr again") is None
    assert delta_said("add an hour to the slot").amount == 1.0
    assert delta_said("one more hour please").amount == 1.0
    kept(remember("set the standup to 15 minutes", "we want a more relaxed vibe in the standup"),
         "15 minutes")


def test_a_turned_rule_shows_the_earlier_one_by_its_first_words() -> None:
    memory = remember("Explain how you arrived at every answer in a step by step manner",
                      "no explanation is needed anymore")
    (p,) = [q for q in memory.all_patches if q.later is None]
    assert p.history[0].value == "Explain how you arrived at every…"
    assert "(was Explain how you arrived at every…)" in memory.get_context()


@given(st.text(alphabet="abcdeilnorst", max_size=12), st.text(alphabet="abcdeilnorst", max_size=12))
def test_one_word_is_the_shared_start_rule(a: str, b: str) -> None:
    # the quick reject on the first letters answers as the full common-prefix rule does
    import os
    from dspm_core.polarity import _SAME_START, _one_word
    n = len(os.path.commonprefix((a, b)))
    assert _one_word(a, b) == (n >= _SAME_START and n >= min(len(a), len(b)) - 2)


@pytest.mark.parametrize("rule, exception, word", [
    ("Always run the linter before you commit.", "just for this hotfix, skip the linter. it's one line", "linter"),
    ("Always cc my manager on client emails.", "just for this email, don't cc her, it's personal", "manager"),
])
def test_an_exception_for_one_occasion_leaves_the_rule(rule: str, exception: str, word: str) -> None:
    memory = remember(rule, exception)
    kept(memory, word)
    assert any(p.text == rule and p.later is None for p in memory.all_patches), memory.get_context()
