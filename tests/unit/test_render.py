"""The rendering contract (DESIGN.md, "Rendering contract"), tested through the facade.

Every test here can fail: budgets are checked with an exact recount of the rendered
text, lines are checked for the subject, operator, value and unit they must carry, and
the account (``Rendered``, ``stats``, ``explain()``) is checked against the lines.
The tests at the end pin contract violations that were found in the core and fixed; they
fail again if one comes back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from dspm_core import MIN_BUDGET, BudgetError, DSPMMemory
from dspm_core.values import parse_value, short_unit

BUDGETS = [16, 20, 40, 60, 120, 250, 1000]
OP_WORDS = {"<=": "<=", ">=": ">=", "=": "=", "<": "<", ">": ">"}
# how the operator reads in a full (as written) line
OP_PHRASES = {
    "<=": ("must not exceed", "at most", "no more than", "<="),
    ">=": ("at least", "no less than", ">="),
    "=": (" to ", " is ", " = "),
}


@dataclass(frozen=True)
class Setting:
    """What a critical must keep in every form: subject, operator, number and unit."""

    subject: str
    op: str
    number: str
    unit: str


# (how it is stored, role, kind for add_patch, text, what it must keep)
CRITICALS: list[tuple[str, str, str, str, Setting]] = [
    ("turn", "user", "", "The billing-service batch size must not exceed 500 records.",
     Setting("billing-service batch size", "<=", "500", "records")),
    ("turn", "user", "", "The API rate limit must not exceed 100 requests per minute.",
     Setting("API rate limit", "<=", "100", "requests per minute")),
    ("patch", "user", "constraint", "The session-store memory limit must be at least 512 MB.",
     Setting("session-store memory limit", ">=", "512", "MB")),
    ("patch", "user", "decision", "Set the auth-gateway error rate to 5%.",
     Setting("auth-gateway error rate", "=", "5", "%")),
    ("turn", "user", "", "The search-indexer cache TTL must not exceed 900 seconds.",
     Setting("search-indexer cache TTL", "<=", "900", "seconds")),
    ("patch", "user", "constraint", "The report-builder log retention must be at least 30 days.",
     Setting("report-builder log retention", ">=", "30", "days")),
]
WEBHOOK = Setting("webhook timeout", "=", "120", "seconds")

CODE = "```python\ndef charge(invoice):\n    total = invoice.total\n    return total\n```"
ENTITY = "Our client is Acme Corp, headquartered in Lyon."


def _number_re(number: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\d.,]){re.escape(number)}(?![\d,]|\.\d)")


def keeps(text: str, s: Setting, form: str = "compact") -> list[str]:
    """What of ``s`` the line ``text`` lost (empty list: it keeps everything).

    Shortened forms must show the operator as a symbol; the full form may word it."""
    lost = []
    if s.subject.lower() not in text.lower():
        lost.append("subject")
    if form == "full":
        if not any(ph in text for ph in OP_PHRASES[s.op]):
            lost.append("operator")
    elif f" {OP_WORDS[s.op]} " not in text:
        lost.append("operator")
    head = text.split("(was", 1)[0]
    if not _number_re(s.number).search(head):
        lost.append("value")
    units = {s.unit, short_unit(s.unit) or s.unit,
             parse_value(f"{s.number} {s.unit}").short_unit or s.unit}
    if s.unit == "%":
        units.add("percent")
    if not any(u in head for u in units):
        lost.append("unit")
    return lost


def build(budget: int = 1000, stable_order: bool = False) -> tuple[DSPMMemory, dict[str, Setting]]:
    """A store built with both add_turn and add_patch: criticals (one revised twice,
    one echoed by the assistant) and non-criticals (code, entity)."""
    m = DSPMMemory(budget=budget, stable_order=stable_order)
    m.add_turn("user", "Set the webhook timeout to 60 seconds.")
    m.add_turn("user", "Change the webhook timeout to 300 seconds.")
    m.add_turn("user", "Change the webhook timeout to 120 seconds.")
    for how, role, kind, text, _ in CRITICALS:
        if how == "turn":
            m.add_turn(role, text)
        else:
            m.add_patch(kind, text, role=role)
    m.add_turn("assistant", "Noted: the API rate limit must not exceed 100 requests per minute.")
    m.add_patch("code", CODE)
    m.add_patch("entity", ENTITY)
    m.add_turn("user", "The refund logic lives in billing/refunds.py.")
    m.add_turn("user", "Hi, thanks!")
    expected: dict[str, Setting] = {}
    settings = [WEBHOOK] + [s for *_, s in CRITICALS]
    for p in m.critical_patches:
        match = [s for s in settings if p.slot and s.subject.lower() == p.slot.lower()]
        assert len(match) == 1, (p, match)
        expected[p.id] = match[0]
    assert len(expected) == len(settings), "every stated setting is one critical patch"
    return m, expected


# ---------------------------------------------------------------------------- budget
@pytest.mark.parametrize("budget", BUDGETS)
@pytest.mark.parametrize("query", ["", "billing batch size", "webhook timeout retries"])
def test_never_over_budget(budget, query):
    for stable in (False, True):
        m, _ = build(budget, stable_order=stable)
        r = m.render(query)
        exact = m.counter.count(r.text)
        assert exact <= budget, (budget, exact, r.text)
        assert r.tokens == exact
        assert r.budget == budget
        assert r.text == "\n".join(line.text for line in r.lines)
        assert m.counter.count(m.get_context(query)) <= budget
    # the account covers every patch exactly once
    ids = {p.id for p in m.all_patches}
    assert set(r.delivered) | set(r.dropped) == ids
    assert not set(r.delivered) & set(r.dropped)


def test_larger_budget_delivers_no_fewer_criticals():
    """A larger budget never delivers fewer criticals, and 1000 tokens deliver everything."""
    m, expected = build()
    got = []
    for b in BUDGETS:
        m.set_budget(b)
        r = m.render()
        got.append(sum(1 for pid in r.delivered if pid in expected))
    assert got == sorted(got)
    assert got[-1] == len(expected)
    assert got[0] < len(expected)  # 16 tokens cannot hold seven criticals


def test_budget_below_minimum_is_refused():
    with pytest.raises(BudgetError):
        DSPMMemory(budget=MIN_BUDGET - 1)
    m = DSPMMemory(budget=MIN_BUDGET)
    with pytest.raises(BudgetError):
        m.set_budget(MIN_BUDGET - 1)
    assert m.budget == MIN_BUDGET


# ---------------------------------------------------------------------------- order
@pytest.mark.parametrize("budget", [60, 120, 250, 1000])
def test_criticals_come_before_non_criticals(budget):
    m, expected = build(budget)
    # a critical stated after the non-criticals still goes first
    m.add_turn("user", "The image-resizer memory limit must not exceed 256 MB.")
    expected = {p.id: None for p in m.critical_patches}
    lines = m.render("charge invoice Acme").lines
    flags = [line.patch_id in expected for line in lines]
    assert flags == sorted(flags, reverse=True), [(l.kind, l.text) for l in lines]
    if budget == 1000:
        assert any(flags) and not all(flags)  # both kinds present: the check bites
        crit_kinds = {line.kind for line in lines if line.patch_id in expected}
        assert crit_kinds <= {"constraint", "decision"}


def assert_stable_order(m, r):
    """Criticals first, then the rest, each part by first appearance; returns, per line,
    whether it is a critical."""
    crit = [m.store.get(l.patch_id).critical for l in r.lines]
    assert crit == sorted(crit, reverse=True)
    for part in (True, False):
        firsts = [(m.store.get(l.patch_id).first_turn, int(l.patch_id[1:])) for l in r.lines
                  if m.store.get(l.patch_id).critical is part]
        assert firsts == sorted(firsts)
    return crit


@pytest.mark.parametrize("budget", [60, 250, 1000])
def test_stable_order_is_by_first_appearance(budget):
    """With stable_order the criticals come first, by first appearance, then the rest by
    first appearance (criticals are still filled first, so they are the ones that survive
    a small budget; what a query retrieves never moves them)."""
    m, expected = build(budget, stable_order=True)
    m.add_turn("user", "The image-resizer memory limit must not exceed 256 MB.")
    r = m.render("charge invoice Acme")
    crit = assert_stable_order(m, r)
    if budget == 1000:
        assert any(crit) and not all(crit)  # both kinds present: the check bites
    if budget == 60:
        assert all(m.store.get(pid).critical for pid in r.delivered)


# ---------------------------------------------------------------------------- forms
def _lines_over_budgets(m: DSPMMemory, budgets) -> list:
    seen = {}
    for b in budgets:
        m.set_budget(b)
        for line in m.render().lines:
            seen[(line.patch_id, line.form, line.text)] = line
    return list(seen.values())


def test_every_critical_form_keeps_subject_operator_value_unit():
    m, expected = build()
    lines = _lines_over_budgets(m, range(16, 260, 3))
    forms = {line.form for line in lines if line.patch_id in expected}
    assert {"full", "compact", "minimal"} <= forms, forms  # all rungs were exercised
    for line in lines:
        if line.patch_id in expected:
            lost = keeps(line.text, expected[line.patch_id], line.form)
            assert lost == [], (line.form, line.text)


def test_short_forms_are_shorter_and_tagged():
    m, expected = build()
    lines = _lines_over_budgets(m, range(16, 260, 3))
    full = {line.patch_id: line.tokens for line in lines if line.form == "full"}
    for line in lines:
        if line.patch_id in expected:
            kind = m.store.get(line.patch_id).kind.value
            tag = "rule: " if kind == "constraint" else "decision: "
            assert line.text.startswith(tag)
            if line.form != "full" and line.patch_id in full:
                assert line.tokens < full[line.patch_id]


# ---------------------------------------------------------------------------- lineage
def test_lineage_inline_after_current_value_full_form():
    m, expected = build(1000)
    r = m.render()
    webhook = next(pid for pid, s in expected.items() if s is WEBHOOK)
    line = next(line for line in r.lines if line.patch_id == webhook)
    assert line.form == "full"
    assert "120 seconds (was 300 then 60)" in line.text
    assert line.text.count("webhook timeout") == 1
    # lineage is the patch's history, newest first; the store kept all of it
    p = m.store.get(webhook)
    assert [parse_value(h.value).canonical for h in p.history] == ["300 seconds", "60 seconds"]


def test_lineage_with_add_patch_and_in_compact_form():
    m = DSPMMemory(budget=1000)
    for v in (60, 300, 120):
        m.add_patch("constraint", f"The webhook timeout must not exceed {v} seconds.")
    m.add_patch("constraint", "The billing-service batch size must not exceed 500 records.")
    r = m.render()
    assert len(m.critical_patches) == 2
    assert any("120 seconds (was 300 then 60)" in line.text for line in r.lines)
    # some budget renders the webhook patch at compact form, with its lineage right after
    # the current value
    compact = [line for line in _lines_over_budgets(m, range(16, 60))
               if line.form == "compact" and "webhook" in line.text]
    assert compact, "no budget rendered the revised constraint in compact form"
    for line in compact:
        pattern = r"webhook timeout <= 120 (seconds|s) \(was 300 then 60\)"
        assert re.search(pattern, line.text), line.text


def test_no_lineage_without_history():
    m, expected = build(1000)
    for line in m.render().lines:
        if line.patch_id in expected and expected[line.patch_id] is not WEBHOOK:
            assert "(was" not in line.text, line.text


# ---------------------------------------------------------------------------- drops
def test_undelivered_criticals_are_reported_and_kept():
    m, expected = build(40)
    before = {p.id: p for p in m.all_patches}
    r = m.render()
    delivered = set(r.delivered)
    missing = {pid for pid in expected if pid not in delivered}
    assert missing, "40 tokens should not hold every critical"
    assert set(r.dropped_criticals) == missing
    assert len(r.dropped_criticals) == len(missing)  # each reported once
    assert missing <= set(r.dropped)
    stats = m.stats
    assert stats["undelivered_criticals"] == len(missing)
    assert set(stats["undelivered_critical_ids"]) == missing
    assert stats["critical_total"] == len(expected)
    assert stats["critical_selected"] == len(expected) - len(missing)
    assert stats["context_tokens"] <= 40
    # they stay in the store, unchanged, and come back when the budget allows
    for pid in missing:
        assert pid in m.store
        assert m.store.get(pid) == before[pid]
    m.set_budget(1000)
    r2 = m.render()
    assert r2.dropped_criticals == ()
    assert set(expected) <= set(r2.delivered)
    assert m.stats["undelivered_criticals"] == 0


# ---------------------------------------------------------------------------- query
TOPICS = {
    "billing": ("def refund_invoice(invoice): return billing.refund(invoice.id, reason)",
                "Our payments vendor is Stripe; invoices are issued by Acme Billing."),
    "auth": ("def rotate_session_token(session): return auth.rotate(session.token)",
             "Our identity provider is Okta; session tokens expire daily."),
    "media": ("def resize_thumbnail(image): return media.resize(image, width=128)",
              "Our CDN is Fastly; thumbnails are cached at the edge."),
}
QUERIES = {"billing": "refund the invoice billing", "auth": "rotate the session token auth",
           "media": "resize thumbnail image"}


def _noncritical_store(budget: int) -> tuple[DSPMMemory, dict[str, str]]:
    m = DSPMMemory(budget=budget)
    topic_of = {}
    for topic, (code, entity) in TOPICS.items():
        topic_of[m.add_patch("code", code).id] = topic
    for topic, (code, entity) in TOPICS.items():
        topic_of[m.add_patch("entity", entity).id] = topic
    return m, topic_of


@pytest.mark.parametrize("budget", [20, 30, 45])
def test_query_changes_which_non_criticals_are_delivered(budget):
    m, topic_of = _noncritical_store(budget)
    seen = {}
    for topic, query in QUERIES.items():
        r = m.render(query)
        assert r.delivered and r.dropped, r.text  # the budget forces a choice
        assert m.counter.count(r.text) <= budget
        topics = [topic_of[pid] for pid in r.delivered]
        # the aligned topic is delivered first (lines are ordered by utility) and most
        assert topics[0] == topic, (query, r.text)
        assert all(topics.count(topic) > topics.count(t) for t in TOPICS if t != topic), topics
        if budget <= 30:
            assert set(topics) == {topic}, (query, r.text)
        seen[topic] = set(r.delivered)
    assert len({frozenset(v) for v in seen.values()}) == 3
    # without a query the choice is by utility per token alone, and still a strict subset
    assert m.render("").dropped


def test_query_does_not_push_out_criticals():
    m, _ = _noncritical_store(budget=60)
    m.add_turn("user", "The billing-service batch size must not exceed 500 records.")
    crit = m.critical_patches[0].id
    for q in ("", "rotate the session token auth", "resize thumbnail image"):
        r = m.render(q)
        assert r.lines[0].patch_id == crit


# ---------------------------------------------------------------------------- priority
def _crit_costs(m: DSPMMemory) -> dict[str, int]:
    """Tokens of each critical's smallest delivered form (+1 for its newline)."""
    out = {}
    for b in range(16, 400):
        m.set_budget(b)
        for line in m.render().lines:
            out[line.patch_id] = min(out.get(line.patch_id, 10**9), line.tokens + 1)
    return out


def test_pinned_criticals_come_first_and_survive():
    m = DSPMMemory(budget=1000)
    old = m.add_patch("constraint", "The audit-logger log retention must be at least 365 days.",
                      role="assistant")
    for i, comp in enumerate(["billing-service", "auth-gateway", "search-indexer",
                              "session-store", "order-pipeline"]):
        m.add_turn("user", f"The {comp} timeout must not exceed {10 + i} seconds.")
    m.pin(old.id)
    via_patch = m.add_patch("constraint",
                            "The chat-relay queue depth must not exceed 900 messages.",
                            role="tool", pinned=True)
    pinned = {old.id, via_patch.id}
    for budget in (1000, 40, 30):  # two pinned lines with their source markers
        m.set_budget(budget)
        r = m.render()
        assert {line.patch_id for line in r.lines[:2]} == pinned, (budget, r.text)
        if budget < 1000:
            assert r.dropped_criticals, "the budget should force drops"
            assert not pinned & set(r.dropped_criticals)


def test_user_constraint_survives_over_assistant_when_one_fits():
    for via_turn in (False, True):
        m = DSPMMemory(budget=1000)
        user = m.add_patch("constraint",
                           "The billing-service batch size must not exceed 500 records.")
        if via_turn:
            outs = m.add_turn("assistant", "The TTL must not exceed 60 seconds.")
            assistant = outs[0].patch
        else:
            assistant = m.add_patch("constraint", "The TTL must not exceed 60 seconds.",
                                    role="assistant")
        assert assistant.role.value == "assistant" and assistant.critical
        costs = _crit_costs(m)
        # the assistant's rule is newer and cheaper: only priority can keep the user's
        assert costs[assistant.id] < costs[user.id]
        budget = max(MIN_BUDGET, costs[user.id] - 1)
        assert costs[user.id] + costs[assistant.id] - 1 > budget
        m.set_budget(budget)
        r = m.render()
        assert r.delivered[:1] == (user.id,), r.text
        assert assistant.id in r.dropped_criticals
        assert m.counter.count(r.text) <= budget


def test_user_rule_is_placed_before_assistant_rule():
    m = DSPMMemory(budget=1000)
    m.add_patch("constraint", "The cache TTL must not exceed 60 seconds.", role="assistant")
    m.add_patch("constraint", "The billing-service batch size must not exceed 500 records.")
    m.add_patch("constraint", "The image-resizer memory limit must not exceed 256 MB.", role="tool")
    m.add_patch("constraint", "The chat-relay pool size must be at least 5 connections.",
                role="system")
    roles = [m.store.get(line.patch_id).role.value for line in m.render().lines]
    assert roles == ["user", "system", "assistant", "tool"]


# ---------------------------------------------------------------------------- stable order
def test_stable_order_keeps_prefix_when_non_critical_added():
    m, _ = build(2000, stable_order=True)
    first = m.get_context()
    assert first == m.get_context()  # deterministic
    m.add_patch("entity", "Our support vendor is Zendesk.")
    second = m.get_context()
    assert second.startswith(first) and len(second) > len(first)
    m.add_turn("user", "```go\nfunc Resize(img Image) Image { return img }\n```")
    third = m.get_context()
    assert third.startswith(second) and len(third) > len(second)
    # an assistant echo of a user rule changes nothing in the rendered text
    m.add_turn("assistant", "Noted: the billing-service batch size must not exceed 500 records.")
    assert m.get_context() == third


def test_stable_order_keeps_critical_prefix_when_critical_added():
    m, _ = build(2000, stable_order=True)
    first = m.render()
    crit_text = "\n".join(l.text for l in first.lines if m.store.get(l.patch_id).critical)
    m.add_turn("user", "The image-resizer memory limit must not exceed 256 MB.")
    second = m.render()
    assert second.text.startswith(crit_text + "\n")
    assert len(second.lines) == len(first.lines) + 1


def test_stable_order_keeps_whole_prefix_when_critical_added():
    """A critical added after non-criticals goes after the criticals before it: their
    prefix stays byte-stable (the retrieved rest follows it)."""
    m, _ = build(2000, stable_order=True)
    before = m.render()
    crit_prefix = "\n".join(l.text for l in before.lines if m.store.get(l.patch_id).critical)
    assert crit_prefix and len(crit_prefix) < len(before.text)  # both kinds: the check bites
    m.add_turn("user", "The image-resizer memory limit must not exceed 256 MB.")
    after = m.get_context()
    assert after.startswith(crit_prefix + "\n")
    assert after[len(crit_prefix) + 1:].startswith("rule: The image-resizer memory limit")


def test_without_stable_order_newest_critical_first():
    m, _ = build(2000)
    m.add_turn("user", "The image-resizer memory limit must not exceed 256 MB.")
    assert "image-resizer" in m.render().lines[0].text


# ---------------------------------------------------------------------------- robustness
HUGE_CODE = "```python\n" + "\n".join(
    " ".join(f"token_{i * 10 + j}" for j in range(10)) for i in range(500)) + "\n```"
HUGE_BUDGETS = sorted({16, 17, 18, 20, 25, 32, 50, 64, 100, 128, 250, 400, 512, 777, 1000,
                       1500, 1999, 2000})


def test_render_never_raises_on_empty_store():
    m = DSPMMemory(budget=16)
    for b in HUGE_BUDGETS:
        m.set_budget(b)
        r = m.render("anything at all")
        assert r.text == "" and r.tokens == 0 and r.lines == ()
        assert r.dropped_criticals == () and m.explain() == []
        assert m.stats["undelivered_criticals"] == 0


@pytest.mark.parametrize("via", ["patch", "turn"])
def test_render_never_raises_with_a_huge_code_block(via):
    assert len(HUGE_CODE.split()) >= 5000
    m = DSPMMemory(budget=16)
    if via == "patch":
        m.add_patch("code", HUGE_CODE)
    else:
        m.add_turn("user", "Here is the generated module:\n" + HUGE_CODE)
    m.add_turn("user", "The billing-service batch size must not exceed 500 records.")
    assert any(len(p.text) >= len(HUGE_CODE) - 10 for p in m.all_patches)  # never truncated
    crit = m.critical_patches[0].id
    for b in HUGE_BUDGETS:
        m.set_budget(b)
        for q in ("", "token_42 token_4999"):
            r = m.render(q)
            assert m.counter.count(r.text) <= b, b
            if b >= 25:
                assert crit in r.delivered, (b, r.text[:200])
        assert len(m.explain()) == len(m.all_patches)


def test_render_never_raises_with_a_huge_critical():
    m = DSPMMemory(budget=16)
    words = " ".join(f"clause{i}" for i in range(5000))
    m.add_patch("constraint", f"The export job timeout must not exceed 30 seconds, {words}.")
    m.add_patch("constraint", " ".join(["never"] + [f"w{i}" for i in range(5000)]))
    for b in HUGE_BUDGETS:
        m.set_budget(b)
        r = m.render("export job")
        assert m.counter.count(r.text) <= b
        delivered = set(r.delivered)
        assert {p.id for p in m.critical_patches} - delivered == set(r.dropped_criticals)


# ---------------------------------------------------------------------------- explain
@pytest.mark.parametrize("budget", [16, 20, 40, 60, 250, 1000])
@pytest.mark.parametrize("query", ["", "webhook timeout"])
def test_explain_is_consistent_with_render(budget, query):
    m, expected = build(budget)
    rows = m.explain(query)
    r = m.render(query)
    lines = {line.patch_id: line for line in r.lines}
    assert [row["id"] for row in rows] == [p.id for p in m.all_patches]
    statuses = set()
    for row in rows:
        statuses.add(row["status"])
        line = lines.get(row["id"])
        assert row["critical"] == (row["id"] in expected)
        if line is None:
            assert row["status"] == "dropped" and row["form"] is None and row["tokens"] == 0
            assert row["reason"]
        else:
            assert row["status"] == ("delivered" if line.form == "full" else "trimmed")
            assert row["form"] == line.form and row["tokens"] == line.tokens
    n_dropped_crit = sum(1 for row in rows if row["critical"] and row["status"] == "dropped")
    assert n_dropped_crit == len(r.dropped_criticals)
    if budget <= 40:
        assert "dropped" in statuses
    if budget == 1000:
        assert all(row["status"] != "dropped" for row in rows if row["critical"])


# ---------------------------------------------------------------------------- regressions
def test_ample_budget_delivers_everything_in_full():
    """Regression: the cheaper 'short' form of a code block used to win even when the
    full form fitted (render step 3 now upgrades it)."""
    m, _ = build(4000)
    r = m.render()
    assert len(r.lines) == len(m.all_patches)
    assert [line.form for line in r.lines if line.form != "full"] == []


def test_critical_with_explicit_fields_keeps_its_value_in_every_form():
    """Regression: a note text without the value used to be the only form offered."""
    m = DSPMMemory(budget=1000)
    p = m.add_patch("decision", "Agreed with ops.", slot="billing-service timeout", op="=",
                    value="45", unit="seconds")
    s = Setting("billing-service timeout", "=", "45", "seconds")
    lines = [line for line in _lines_over_budgets(m, range(16, 200, 2)) if line.patch_id == p.id]
    assert lines
    for line in lines:
        assert keeps(line.text, s, line.form) == [], (line.form, line.text)


def test_unitless_revision_keeps_unit_in_short_forms():
    """Regression: 'batch size = 1000' used to lose 'records' after a unit-less revision."""
    m = DSPMMemory(budget=1000)
    m.add_turn("user", "Set the billing-service batch size to 500 records.")
    m.add_turn("user", "Change the billing-service batch size to 1000.")
    (p,) = m.critical_patches
    s = Setting("billing-service batch size", "=", "1000", "records")
    short = [line for line in _lines_over_budgets(m, range(16, 40)) if line.form != "full"]
    assert short, "no budget rendered a shorter form"
    for line in short:
        assert keeps(line.text, s, line.form) == [], (line.form, line.text)


def test_explain_full_tokens_matches_full_form():
    """Regression: full_tokens used to leave out the inline lineage."""
    m, expected = build(1000)
    r = m.render()
    lines = {line.patch_id: line for line in r.lines}
    for row in m.explain():
        line = lines[row["id"]]
        if line.form == "full":
            assert row["full_tokens"] == line.tokens, (row["text"], line.text)
        else:
            assert row["tokens"] < row["full_tokens"]


# ---------------------------------------------------------------------------- regressions
@pytest.mark.parametrize("old,new,text", [
    ("15%", "5%", "Lower the auth-gateway error rate from {old} to {new}."),
    ("2100 records", "100 records", "Change the billing-service batch size from {old} to {new}."),
])
def test_lineage_follows_the_current_value_not_a_lookalike(old, new, text):
    m = DSPMMemory(budget=1000)
    m.add_turn("user", text.format(old=old, new=old).replace(f"from {old} to", "to"))
    m.add_turn("user", text.format(old=old, new=new))
    (line,) = m.render().lines
    assert line.form == "full"
    old_number = old.split()[0].rstrip("%")
    assert f"{new} (was {old_number}" in line.text, line.text
    assert f"{old} (was" not in line.text, line.text


def test_a_long_letters_only_word_is_cheap_to_store_and_render():
    import random
    import tracemalloc

    word = "".join(random.choice("acgt") for _ in range(1000))  # unique: defeats lru_cache
    m = DSPMMemory(budget=250)
    tracemalloc.start()
    try:
        m.add_patch("code", f"sequence = {word}")
        m.add_turn("user", f"The reference sequence is {word}")
        r = m.render()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert m.counter.count(r.text) <= 250
    assert peak < 10_000_000, f"peak {peak / 1e6:.0f} MB for one 1,000-letter word"


def test_a_rule_without_a_value_is_never_cut_to_its_first_words():
    from dspm_core.forms import forms_for
    m = DSPMMemory(budget=1000)
    m.add_turn("user", "I'm trying to keep the bundle lean for slow phones, so I prefer "
                       "plain JavaScript over heavy frameworks like Angular.")
    m.add_turn("user", "Always answer with a short code example when I ask about the API.")
    for patch in m.store.patches():
        texts = [f.text for f in forms_for(patch)]
        body = " ".join(patch.text.split())
        for t in texts:  # every form is the whole rule, or the rule without its reason
            assert t.split(": ", 1)[1] in (body, body.split(", so ", 1)[-1][0].upper()
                                           + body.split(", so ", 1)[-1][1:]), texts
    small = m.render(budget=40).text
    assert "I prefer plain JavaScript over heavy frameworks like Angular." in small


def test_a_long_question_still_finds_the_setting_it_asks_about():
    m = DSPMMemory(budget=1000)
    for i in range(12):
        m.add_turn("user", f"Always use style guide number {i} when I ask about topic {i}.")
    m.add_turn("user", "The first sprint deadline is April 1.")
    m.add_turn("user", "The first sprint deadline moved to April 5.")
    query = ("Given everything we planned for the portfolio, what is the deadline for "
             "completing the first sprint focused on the basic layout and navigation?")
    first = m.render(query, budget=60).lines[0].text
    assert "April 5" in first and "April 1" in first  # the revised value, with its lineage


def test_only_a_leading_goal_or_reason_may_be_left_out_of_a_rule():
    from dspm_core.forms import _without_reason
    assert _without_reason("Use tabs; never use spaces anywhere") is None  # two rules
    assert _without_reason("I use caching, so that the app is fast") is None  # a purpose
    assert _without_reason("I'm trying to ship by May; never deploy on Fridays") == \
        "Never deploy on Fridays"
    assert _without_reason("The app runs on phones, so I prefer small bundles") == \
        "I prefer small bundles"
