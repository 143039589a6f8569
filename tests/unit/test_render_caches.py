"""What the renderer caches per patch (forms, token counts, priority, the words that name
a setting, the budget walk's per-block minima) never outlives the patch it was made for.

Each test renders first, so the caches hold the old patch, then changes the patch
(revised, pinned, forgotten, edited through a restatement, a sentence's old value
revised) and renders again with the same query.
"""

from __future__ import annotations

from dspm_core import DSPMMemory


def _memory(n: int = 150, budget: int = 120) -> DSPMMemory:
    m = DSPMMemory(budget=budget)
    for i in range(n):  # more criticals than one block of the render order holds
        m.add_turn("user", f"Set the zone{i} worker pool size to {i + 2} workers.")
    return m


def _line(m: DSPMMemory, query: str, needle: str) -> str:
    lines = [ln for ln in m.get_context(query).splitlines() if needle in ln]
    assert len(lines) == 1, m.get_context(query)
    return lines[0]


def test_a_revised_setting_renders_its_new_value_and_lineage() -> None:
    m = _memory()
    q = "what is the zone7 worker pool size?"
    assert "9 workers" in _line(m, q, "zone7")
    m.add_turn("user", "Actually, raise the zone7 worker pool size to 40 workers.")
    line = _line(m, q, "zone7")
    assert "40 workers" in line.split("(was")[0] and "9 workers" not in line.split("(was")[0]
    assert m.store.get(pid).value == "40 workers" if (pid := next(
        p.id for p in m.all_patches if "zone7 " in p.text)) else False
    r = m.render(q)
    assert r.tokens == m.counter.count(r.text) <= 120


def test_a_pinned_patch_moves_first_and_an_unpinned_one_goes_back() -> None:
    m = _memory()
    q = "worker pool sizes"
    pid = next(p.id for p in m.all_patches if "zone3 " in p.text)
    first = m.render(q).delivered[0]
    assert first != pid
    m.pin(pid)
    assert m.render(q).delivered[0] == pid
    m.pin(pid, False)
    assert m.render(q).delivered[0] == first


def test_a_forgotten_patch_is_not_rendered_from_a_cache() -> None:
    m = _memory()
    q = "zone11 worker pool size"
    pid = next(p.id for p in m.all_patches if "zone11 " in p.text)
    assert pid in m.render(q).delivered
    m.forget(pid)
    r = m.render(q)
    assert pid not in r.delivered and pid not in r.dropped and "zone11 " not in r.text


def test_the_setting_a_query_names_follows_a_revision_of_its_subject_words() -> None:
    m = DSPMMemory(budget=40)
    for i in range(60):
        m.add_turn("user", f"Set the shard{i} cache size to {i + 10} MB.")
    q = "the shard42 cache size"
    assert "52 MB" in _line(m, q, "shard42")
    m.add_turn("user", "Change the shard42 cache size to 99 MB.")
    line = _line(m, q, "shard42")
    assert "99 MB" in line and "(was 52)" in line and "52 MB" not in line


def test_a_sentence_with_a_value_since_revised_is_marked_after_the_revision() -> None:
    m = DSPMMemory(budget=200)
    m.add_turn("user", "I have 3 interviews lined up for producer roles next week.")
    m.add_turn("user", "The team standup is at 9 AM every weekday.")
    q = "how many interviews do I have?"
    before = m.get_context(q)
    assert "3 interviews" in before
    m.add_turn("user", "Update: I now have 5 interviews lined up.")
    after = m.get_context(q)
    assert "5" in after
    assert "(earlier: 3" in after or "3 interviews" not in after


# ------------------------------------------------------- forms kept across a restatement
from dataclasses import fields, replace  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from dspm_core.forms import forms_for, same_forms  # noqa: E402
from dspm_core.patch import Patch, PatchKind, Revision, Role  # noqa: E402

_BASE = Patch(id="p1", kind=PatchKind.DECISION, text="Set the webhook timeout to 10 seconds.",
              turn=4, role=Role.USER, key="webhook timeout|eq|duration|", slot="webhook timeout",
              op="=", value="10 seconds", unit="seconds",
              history=(Revision("30 seconds", "seconds", "=", 1, "Webhook timeout is 30 seconds."),))
_OTHER = {
    "id": ["p2"], "kind": list(PatchKind), "text": ["Webhook timeout: 10 s, we agreed.", "x"],
    "turn": [9], "role": list(Role), "key": [None, "k"], "slot": [None, "retry limit"],
    "op": [None, "<=", "!="], "value": [None, "10", "12 seconds"], "unit": [None, "s"],
    "scope": ["per hour"], "history": [(), (Revision("30", None, "=", 1, "t"),)],
    "deps": [("p0",)], "pinned": [True], "source": ["llm"], "first_turn": [2],
    "session_id": ["s1"], "echoes": [3], "later": ["p7"],
}


@settings(max_examples=500, deadline=None)
@given(st.dictionaries(st.sampled_from([f.name for f in fields(Patch)]), st.integers(0, 5),
                       max_size=4))
def test_patches_said_to_render_alike_have_the_same_forms(changes) -> None:
    other = replace(_BASE, **{name: _OTHER[name][i % len(_OTHER[name])]
                              for name, i in changes.items()})
    if same_forms(_BASE, other):
        assert forms_for(_BASE) == forms_for(other)
    else:
        assert any(getattr(_BASE, n) != getattr(other, n) for n in changes)


def test_a_restated_setting_keeps_its_forms_and_an_edited_one_gets_new_ones() -> None:
    m = DSPMMemory(budget=200)
    m.add_turn("user", "Set the webhook timeout to 10 seconds.")
    pid = m.all_patches[0].id
    before = m.render("webhook timeout").lines[0]
    m.add_turn("assistant", "Confirmed: the webhook timeout is 10 seconds.")  # an echo
    assert m.store.get(pid).echoes == 1
    assert m.render("webhook timeout").lines[0] == before
    m.add_turn("user", "Change the webhook timeout to 25 seconds.")
    line = m.render("webhook timeout").lines[0]
    assert "25 seconds" in line.text and "(was 10" in line.text
    assert line.tokens == m.counter.count(line.text)


def test_revised_settings_are_found_by_their_old_values_from_any_number_of_keys() -> None:
    m = DSPMMemory(budget=200)
    for i in range(5):
        m.add_turn("user", f"Set the zone{i} cache size to {i + 10} MB.")
        m.add_turn("user", f"Change the zone{i} cache size to {i + 50} MB.")
    words = {f"w{i}" for i in range(100)}  # far more keys than revised values
    few = m.store.revised_for(["12"])
    assert [p.value for p in few] == ["52 MB"]
    assert m.store.revised_for(words | {"12", "14"}) == m.store.revised_for(["12", "14"])
    assert [p.value for p in m.store.revised_for(frozenset(words | {"14", "10"}))] == \
        ["50 MB", "54 MB"]
