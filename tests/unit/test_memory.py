"""The DSPMMemory facade: API, validation, stats, threads and asyncio."""

from __future__ import annotations

import asyncio
import threading

import pytest

import dspm_core
from dspm_core import (
    BudgetError,
    ConfigError,
    DSPMError,
    DSPMMemory,
    Fact,
    InvalidPatchError,
    PatchKind,
    UnknownPatchError,
)


def test_exported_names():
    for name in ("DSPMMemory", "PatchStore", "Fact", "Patch", "PatchKind", "Role", "Rendered",
                 "DSPMError", "BudgetError", "InvalidPatchError", "CorruptNotebookError",
                 "ExtractionError", "RuleExtractor", "get_counter", "MIN_BUDGET"):
        assert name in dspm_core.__all__
        assert getattr(dspm_core, name) is not None
    assert sorted(dspm_core.__all__) == sorted(set(dspm_core.__all__))
    assert issubclass(dspm_core.CorruptNotebookError, DSPMError)


def test_revision_lineage_through_add_turn():
    m = DSPMMemory(budget=250)
    m.add_turn("user", "The session timeout is 60 seconds.")
    m.add_turn("assistant", "Sure, I'll keep that in mind.")
    m.add_turn("user", "Change the session timeout to 300 seconds.")
    m.add_turn("user", "Set the session timeout to 120 seconds.")
    ctx = m.get_context()
    assert "120 seconds (was 300 then 60)" in ctx
    assert ctx.count("session timeout") == 1


@pytest.mark.parametrize("budget", [15, 0, -5, 2.5, "250", None, True])
def test_bad_budget_is_refused(budget):
    with pytest.raises(BudgetError):
        DSPMMemory(budget=budget)
    m = DSPMMemory()
    with pytest.raises(BudgetError):
        m.budget = budget
    with pytest.raises(BudgetError):
        m.set_budget(budget)
    assert m.budget == 250


def test_minimum_budget_accepted_and_respected():
    m = DSPMMemory(budget=dspm_core.MIN_BUDGET)
    m.add_turn("user", "The API rate limit must not exceed 100 requests per minute.")
    r = m.render()
    assert r.tokens <= 16 and m.counter.count(r.text) == r.tokens


def test_add_patch_parses_missing_fields():
    m = DSPMMemory()
    p = m.add_patch("constraint", "The upload size must not exceed 25 MB.")
    assert (p.slot, p.op, p.value, p.unit) == ("upload size", "<=", "25 MB", "MB")
    q = m.add_patch(PatchKind.DECISION, "Queue depth decided", slot="queue depth", value="500",
                    unit="messages")
    assert q.value == "500 messages" and q.op == "="
    r = m.add_patch("decision", "Max upload raised", slot="upload size", op="<=", value="50",
                    unit="MB")
    assert r.id == p.id and r.value == "50 MB" and r.history[0].value == "25 MB"


@pytest.mark.parametrize("kind", ["rule", "", None, 3])
def test_add_patch_unknown_kind(kind):
    with pytest.raises(InvalidPatchError):
        DSPMMemory().add_patch(kind, "text")


@pytest.mark.parametrize("text", ["", "   ", None])
def test_add_patch_empty_text(text):
    with pytest.raises(InvalidPatchError):
        DSPMMemory().add_patch("constraint", text)


def test_bad_role_and_text():
    m = DSPMMemory()
    with pytest.raises(InvalidPatchError):
        m.add_turn("robot", "hello there friend")
    with pytest.raises(InvalidPatchError):
        m.add_turn("user", None)  # type: ignore[arg-type]
    assert m.add_turn("human", "   ") == []


def test_errors_share_one_root():
    for exc in (BudgetError, ConfigError, InvalidPatchError, UnknownPatchError):
        assert issubclass(exc, DSPMError)


def test_extractor_validation():
    with pytest.raises(ConfigError):
        DSPMMemory(extractor=object())  # type: ignore[arg-type]


def test_custom_extractor_receives_turns():
    seen = []

    class Recorder:
        def extract(self, turn):
            seen.append((turn.role.value, turn.text, turn.index))
            return [Fact(kind="constraint", text=turn.text, role=turn.role, turn=turn.index)]

    m = DSPMMemory(extractor=Recorder())
    m.add_turn("user", "Never log card numbers.")
    m.add_turn("assistant", "Understood.")
    assert seen == [("user", "Never log card numbers.", 0), ("assistant", "Understood.", 1)]
    # the extractor's facts are stored as given, with the speaker's role
    assert [(p.text, p.role.value) for p in m.critical_patches] == [
        ("Never log card numbers.", "user"), ("Understood.", "assistant")]


def test_stats_fields_and_values():
    m = DSPMMemory(budget=40)
    for i in range(12):
        m.add_turn("user", f"The svc-{i} timeout must not exceed {i + 5} seconds.")
    s = m.stats
    for key in ("turns", "total_patches", "critical_total", "critical_selected", "crr",
                "undelivered_criticals", "conversation_tokens", "patch_tokens", "context_tokens",
                "trr", "trr_by_conversation"):
        assert key in s
    assert s["turns"] == 12 and s["total_patches"] == 12 and s["critical_total"] == 12
    assert 0 < s["critical_selected"] < 12
    assert s["undelivered_criticals"] == 12 - s["critical_selected"]
    assert s["crr"] == pytest.approx(s["critical_selected"] / 12)
    assert s["context_tokens"] <= 40
    assert s["conversation_tokens"] > s["context_tokens"]
    assert 0 < s["trr_by_conversation"] < 1
    m.budget = 1000
    assert m.stats["crr"] == 1.0


def test_all_and_critical_patches_and_dump():
    m = DSPMMemory()
    m.add_turn("user", "Never use eval in production code.")
    m.add_turn("user", "```python\nprint('hi')\n```")
    assert len(m.all_patches) == 2 and len(m.critical_patches) == 1
    dump = m.dump_store(include_history=True)
    assert {p["kind"] for p in dump["patches"]} == {"constraint", "code"}
    assert "journal" in dump and dump["history_limit"] == 3


def test_pin_forget_reset():
    m = DSPMMemory(budget=20)
    ids = [m.add_patch("constraint", f"The svc-{i} quota must not exceed {i + 1} GB.").id
           for i in range(6)]
    m.pin(ids[0])
    assert m.render().delivered[0] == ids[0]
    m.forget(ids[1])
    assert ids[1] not in {p.id for p in m.all_patches}
    with pytest.raises(UnknownPatchError):
        m.pin("p999")
    m.reset()
    assert m.all_patches == [] and m.stats["turns"] == 0 and m.get_context() == ""


def test_explain_matches_render():
    m = DSPMMemory(budget=30)
    for i in range(8):
        m.add_turn("user", f"The svc-{i} timeout must not exceed {i + 5} seconds.")
    rows = m.explain()
    r = m.render()
    assert len(rows) == 8
    delivered = {row["id"] for row in rows if row["status"] in ("delivered", "trimmed")}
    assert delivered == set(r.delivered)
    assert all(row["reason"] for row in rows)


def test_threads_share_one_memory():
    m = DSPMMemory(budget=2000)
    errors = []

    def worker(k: int) -> None:
        try:
            for i in range(50):
                m.add_turn("user", f"The w{k}-svc-{i} timeout must not exceed {i + 1} seconds.")
                m.get_context("timeout")
        except Exception as exc:  # noqa: BLE001 - surfaced by the assertion below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert m.stats["turns"] == 400
    assert len(m.all_patches) == 400
    assert len({p.id for p in m.all_patches}) == 400


async def test_async_matches_sync():
    turns = [("user", "The webhook timeout is 30 seconds."),
             ("assistant", "Confirmed: the webhook timeout is 30 seconds."),
             ("user", "Change the webhook timeout to 10 seconds."),
             ("user", "Never store card numbers in logs."),
             ("user", "Data retention must not exceed 5 years.")]
    sync = DSPMMemory()
    for role, text in turns:
        sync.add_turn(role, text)
    amem = DSPMMemory()
    for role, text in turns:
        await amem.aadd_turn(role, text)
    assert await amem.aget_context("timeout") == sync.get_context("timeout")
    assert amem.dump_store(True)["patches"] == sync.dump_store(True)["patches"]
    assert DSPMMemory.async_add_turn is DSPMMemory.aadd_turn


async def test_concurrent_async_tasks():
    m = DSPMMemory(budget=3000)
    await asyncio.gather(*(m.aadd_turn("user", f"The t{i} limit must not exceed {i + 1} MB.")
                           for i in range(40)))
    assert len(m.all_patches) == 40 and m.stats["turns"] == 40


def test_tokenizer_options():
    words = DSPMMemory(tokenizer=lambda s: len(s.split()), budget=20)
    words.add_turn("user", "The svc timeout must not exceed 10 seconds.")
    assert len(words.get_context().split()) <= 20
    o200 = DSPMMemory(tokenizer="o200k_base")
    assert o200.counter.name == "o200k_base"
    with pytest.raises(DSPMError):
        DSPMMemory(tokenizer="no_such_encoding")


class FlakyExtractor:
    """Fails while ``down`` is set; otherwise stores each turn as one constraint."""

    def __init__(self, error: type[Exception]) -> None:
        self.down = True
        self.error = error
        self.calls = 0

    def extract(self, turn):
        self.calls += 1
        if self.down:
            raise self.error("endpoint unavailable")
        return [Fact(kind="constraint", text=turn.text, role=turn.role, turn=turn.index)]


def test_failed_turns_stay_pending_and_are_retried_in_order():
    from dspm_core import ExtractionError

    ex = FlakyExtractor(ExtractionError)
    m = DSPMMemory(extractor=ex)
    m.add_turn("user", "Rule one: never deploy on Fridays.")
    m.add_turn("user", "Rule two: the release budget must not exceed 5 hours.")
    # turn 0 was retried once (due one turn after it failed), then turn 1 failed
    assert m.stats["pending_turns"] == 2 and m.stats["extraction_failures"] == 3
    assert [t.index for t in m.pending_turns] == [0, 1]
    assert m.all_patches == []
    ex.down = False
    m.add_turn("user", "Rule three: never skip code review.")
    # turn 1 was due and went first; turn 0 backs off one more turn
    texts = [p.text for p in m.all_patches]
    assert texts == ["Rule two: the release budget must not exceed 5 hours.",
                     "Rule three: never skip code review."]
    assert [t.index for t in m.pending_turns] == [0]
    m.add_turn("user", "Rule four: never push to main.")
    assert [p.text for p in m.all_patches][-2:] == ["Rule one: never deploy on Fridays.",
                                                   "Rule four: never push to main."]
    assert m.stats["pending_turns"] == 0


def test_retry_pending_and_strict_mode():
    from dspm_core import ExtractionError

    ex = FlakyExtractor(ExtractionError)
    m = DSPMMemory(extractor=ex, strict_llm=True)
    with pytest.raises(ExtractionError):
        m.add_turn("user", "Never store secrets in the repo.")
    assert len(m.pending_turns) == 1
    ex.down = False
    m.retry_pending()
    assert [p.text for p in m.all_patches] == ["Never store secrets in the repo."]
    assert m.pending_turns == []


def test_unexpected_extractor_errors_propagate_but_keep_the_turn():
    ex = FlakyExtractor(RuntimeError)
    m = DSPMMemory(extractor=ex)
    with pytest.raises(RuntimeError):
        m.add_turn("user", "Never store secrets in the repo.")
    assert len(m.pending_turns) == 1
    ex.down = False
    m.retry_pending()
    assert len(m.all_patches) == 1


async def test_async_pending_recovery():
    from dspm_core import ExtractionError

    ex = FlakyExtractor(ExtractionError)
    m = DSPMMemory(extractor=ex)
    await m.aadd_turn("user", "Never store secrets in the repo.")
    assert m.stats["pending_turns"] == 1
    ex.down = False
    await m.aretry_pending()
    assert len(m.all_patches) == 1


def test_extractor_sees_recent_context():
    seen = []

    class Recorder:
        def extract(self, turn):
            seen.append(turn.recent)
            return []

    m = DSPMMemory(extractor=Recorder(), context_turns=2)
    for text in ("one", "two", "three"):
        m.add_turn("user", text)
    assert seen == [(), (("user", "one"),), (("user", "one"), ("user", "two"))]
