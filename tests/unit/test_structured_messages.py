"""Property test: no structured message jams a memory, and what is accepted reads back.

Messages are built from the shapes people paste into a chat: labelled blocks with and
without a body ("Rules:", "Task:\\nRules: ..."), bullet and numbered lists, code fences
(closed or not), tables, empty lines, very long lines and odd characters. Every message
goes through ``add_turn`` with the default extractor. The properties:

- nothing but a :class:`DSPMError` escapes ``add_turn``;
- the memory is never jammed: a plain rule added afterwards is stored;
- the accepted state survives a save/load round trip of the notebook file.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dspm_core import DSPMError, DSPMMemory

LABELS = ("Rules", "Rule", "Task", "Requirements", "Constraints", "Instructions",
          "Guidelines", "Content", "Text", "Document", "Story", "Notes", "Goal")
ODD = ("", " ", "\t", "\u200b", "\u00a0", "\ufeff", "—", "…", "’", "\u202e", "😀", "\x00",
       "\ud800", "::", "-", "*", "#", "```", "|", "\\", "{", "}", "$", "%", "0", "1.", "a")
WORDS = ("never", "log", "card", "numbers", "must", "at", "most", "5", "MB", "use", "the",
         "webhook", "timeout", "to", "30", "seconds", "always", "reply", "in", "French",
         "deadline", "Friday", "don't", "mention", "prices", "keep", "answers", "short",
         "limit", "is", "now", "set", "retry", "3", "attempts", "budget", "$500")

word = st.sampled_from(WORDS)
odd = st.sampled_from(ODD)
phrase = st.lists(st.one_of(word, word, word, odd), min_size=0, max_size=12).map(" ".join)
sentence = st.tuples(phrase, st.sampled_from(("", ".", "!", "?", ":", ";", "..."))).map("".join)


@st.composite
def block(draw: st.DrawFn) -> str:
    shape = draw(st.sampled_from(("label", "label-empty", "list", "numbered", "fence",
                                  "open-fence", "table", "plain", "long", "blank")))
    if shape == "label":
        return f"{draw(st.sampled_from(LABELS))}: {draw(sentence)}"
    if shape == "label-empty":
        return f"{draw(st.sampled_from(LABELS))}:{draw(st.sampled_from(('', ' ', chr(10))))}"
    if shape == "list":
        items = draw(st.lists(sentence, min_size=0, max_size=5))
        mark = draw(st.sampled_from(("-", "*", "•", "+")))
        return "\n".join(f"{mark} {i}" for i in items)
    if shape == "numbered":
        items = draw(st.lists(sentence, min_size=0, max_size=5))
        return "\n".join(f"{n}. {i}" for n, i in enumerate(items, 1))
    if shape == "fence":
        return f"```{draw(st.sampled_from(('', 'python', 'json')))}\n{draw(sentence)}\n```"
    if shape == "open-fence":
        return f"```\n{draw(sentence)}"
    if shape == "table":
        rows = draw(st.lists(st.lists(phrase, min_size=1, max_size=3), min_size=0, max_size=4))
        return "\n".join("| " + " | ".join(r) + " |" for r in rows)
    if shape == "long":
        return " ".join(draw(st.lists(word, min_size=50, max_size=400)))
    if shape == "blank":
        return draw(st.sampled_from(("", "\n", "   ", "\n\n")))
    return draw(sentence)


message = st.lists(block(), min_size=1, max_size=5).map("\n".join)
ROLES = st.sampled_from(("user", "system", "assistant", "tool", "document"))


def _round_trip(memory: DSPMMemory, path: Path) -> None:
    memory.save(path)
    loaded = DSPMMemory()
    loaded.load(path, strict=True)
    assert sorted(p.to_dict()["text"] for p in loaded.all_patches) == \
        sorted(p.text for p in memory.all_patches)
    assert len(loaded.pending_turns) == len(memory.pending_turns)


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(turns=st.lists(st.tuples(ROLES, message), min_size=1, max_size=4))
def test_structured_messages_never_jam(turns: list[tuple[str, str]], tmp_path: Path) -> None:
    memory = DSPMMemory()
    for role, text in turns:
        try:
            memory.add_turn(role, text)
        except DSPMError:
            pass  # a refusal is allowed; any other exception fails the test
    out = memory.add_turn("user", "Never share the admin password with anyone.")
    assert out and out[0].action in ("added", "duplicate", "superseded"), out
    assert any("admin password" in p.text for p in memory.all_patches)
    _round_trip(memory, tmp_path / "m.json")


def test_empty_labelled_blocks_yield_no_fact() -> None:
    memory = DSPMMemory()
    for text in ("Rules:", "Task:\nRules:", "Requirements:\n", "Rules: \n\nConstraints:",
                 "Rules: -", "Task:\nRules: never log card numbers."):
        memory.add_turn("user", text)
    assert memory.pending_turns == []
    assert all(p.text.strip(" -:") for p in memory.all_patches)
    assert any("never log card numbers" in p.text for p in memory.all_patches)


def test_a_rule_that_says_what_a_code_block_says_survives_a_round_trip(tmp_path: Path) -> None:
    # (found by the property test above) a rule of the same words as a code block is a
    # patch of its own kind, and stays one when loaded
    memory = DSPMMemory()
    memory.add_turn("user", "never " * 60 + "log " * 9 + "card numbers\n```\nnever never log log never")
    memory.add_turn("user", "Rules: never never log log never")
    kinds = sorted(p.kind.value for p in memory.all_patches if "never log log" in p.text)
    assert kinds == ["code", "constraint"], [(p.kind.value, p.text) for p in memory.all_patches]
    _round_trip(memory, tmp_path / "m.json")
