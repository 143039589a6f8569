"""The store's merge rules: one test per rule in the core-engine contract."""

from __future__ import annotations

import time

import pytest

from dspm_core import Fact, PatchKind, PatchStore, Role
from dspm_core.errors import ConfigError, InvalidPatchError, UnknownPatchError


def fact(text: str, role: str = "user", kind: str = "decision", turn: int = 0, **kw) -> Fact:
    return Fact(kind=PatchKind(kind), text=text, role=Role(role), turn=turn, **kw)


def merge_all(store: PatchStore, *items) -> list:
    out = []
    for i, item in enumerate(items):
        text, *rest = item if isinstance(item, tuple) else (item,)
        role = rest[0] if rest else "user"
        kind = rest[1] if len(rest) > 1 else "decision"
        out.append(store.merge(fact(text, role, kind, turn=i)))
    return out


# ---------------------------------------------------------------- numeric revision
def test_numeric_revision_keeps_lineage_newest_first():
    store = PatchStore()
    outs = merge_all(store, "The session timeout is 60 seconds.",
                     "Change the session timeout to 300 seconds.",
                     "Set the session timeout to 120 seconds.")
    assert [o.action for o in outs] == ["added", "superseded", "superseded"]
    [p] = store.patches()
    assert p.value == "120 seconds"
    assert [r.value for r in p.history] == ["300 seconds", "60 seconds"]


def test_lineage_cap_default_and_configurable():
    assert PatchStore().history_limit == 3
    for limit, expected in ((3, ["50", "40", "30"]), (1, ["50"]), (0, [])):
        store = PatchStore(history_limit=limit)
        for i, n in enumerate((10, 20, 30, 40, 50, 60)):
            store.merge(fact(f"Set the pool size to {n} connections.", turn=i))
        [p] = store.patches()
        assert p.value == "60 connections"
        assert [r.value.split()[0] for r in p.history] == expected
        # the journal keeps every superseded version regardless of the cap
        sup = [e for e in store.journal() if e.action == "superseded"]
        assert len(sup) == 5


@pytest.mark.parametrize("bad", [-1, 1.5, "3", True])
def test_history_limit_validated(bad):
    with pytest.raises(ConfigError):
        PatchStore(history_limit=bad)


# ---------------------------------------------------------------- dates and names
def test_weekday_revision():
    store = PatchStore()
    merge_all(store, ("The report deadline is Friday.", "user", "constraint"),
              ("The report deadline moved to Monday.", "user", "constraint"))
    [p] = store.patches()
    assert p.value == "Monday"
    assert [r.value for r in p.history] == ["Friday"]


def test_date_revision_keeps_the_month():
    store = PatchStore()
    merge_all(store, ("The launch deadline is Oct 20.", "user", "constraint"),
              ("The launch deadline moved to November 5.", "user", "constraint"))
    [p] = store.patches()
    assert p.value == "November 5"
    assert p.history[0].value == "Oct 20"


def test_weekday_then_date_is_the_same_slot():
    store = PatchStore()
    merge_all(store, "The demo deadline is Friday.", "Move the demo deadline to March 3.")
    [p] = store.patches()
    assert p.value == "March 3" and p.history[0].value == "Friday"


def test_named_value_revision():
    store = PatchStore()
    merge_all(store, "We'll use PostgreSQL for the database.", "Switch the database to MySQL.")
    [p] = store.patches()
    assert p.value == "MySQL" and p.history[0].value == "PostgreSQL"


def test_named_value_revision_without_subject_uses_the_category():
    store = PatchStore()
    merge_all(store, "Let's use PostgreSQL.", "Actually, let's switch to MySQL.")
    [p] = store.patches()
    assert p.value == "MySQL" and p.history[0].value == "PostgreSQL"


# ---------------------------------------------------------------- acronyms
def test_acronym_bridging_builtin():
    store = PatchStore()
    outs = merge_all(store, "Time to live for sessions is 60 seconds.",
                     "Session TTL changed to 300 seconds.")
    assert outs[1].action == "superseded"
    [p] = store.patches()
    assert p.value == "300 seconds" and p.history[0].value == "60 seconds"


def test_acronym_learned_from_text():
    store = PatchStore()
    store.merge(fact("The Quarterly Burn Allowance (QBA) is 40 percent.", turn=0))
    store.merge(fact("The quarterly burn allowance is 40 percent.", turn=1))
    store.merge(fact("Set QBA to 35 percent.", turn=2))
    [p] = store.patches()
    assert p.value == "35 percent"


def test_unrelated_acronyms_stay_apart():
    store = PatchStore()
    merge_all(store, "The API timeout is 30 seconds.", "The SLA timeout is 30 seconds.")
    assert len(store.patches()) == 2


# ---------------------------------------------------------------- bounds
def test_upper_and_lower_bounds_both_stay():
    store = PatchStore()
    merge_all(store, ("Data retention must not exceed 5 years.", "user", "constraint"),
              ("Data retention must be at least 5 years.", "user", "constraint"))
    ops = sorted(p.op for p in store.patches())
    assert ops == ["<=", ">="]


def test_equivalent_upper_bounds_collapse():
    store = PatchStore()
    outs = merge_all(store, ("Data retention should be no more than 5 years.", "user", "constraint"),
                     ("Data retention must not exceed 5 years.", "user", "constraint"))
    assert outs[1].action == "duplicate"
    assert len(store.patches()) == 1


def test_plain_restatement_never_erases_a_bound():
    store = PatchStore()
    merge_all(store, ("Data retention must not exceed 5 years.", "user", "constraint"),
              "Data retention is 3 years.", "Data retention is 4 years.")
    bounds = [p for p in store.patches() if p.op == "<="]
    assert len(bounds) == 1 and bounds[0].value == "5 years" and not bounds[0].history
    plain = [p for p in store.patches() if p.op == "="]
    assert len(plain) == 1 and plain[0].value == "4 years"


def test_bound_revision_within_its_class():
    store = PatchStore()
    merge_all(store, ("The memory limit must not exceed 512 MB.", "user", "constraint"),
              ("The memory limit must not exceed 1024 MB.", "user", "constraint"))
    [p] = store.patches()
    assert p.value == "1024 MB" and p.history[0].value == "512 MB"


# ---------------------------------------------------------------- units and scope
@pytest.mark.parametrize("a,b", [
    ("The API rate limit is 100 requests per minute.", "The API rate limit is 100 requests per hour."),
    ("The platinum fee cap is 0.5%.", "The silver fee cap is 0.5%."),
    ("The webhook batch size is 500 records.", "Set the webhook timeout to 10 seconds."),
    ("The server-a timeout is 5 seconds.", "The server-b timeout is 5 seconds."),
    ("The zonba timeout is 5 seconds.", "The zonbb timeout is 5 seconds."),
    ("The upload limit is 10 MB.", "The upload limit is 10 files."),
])
def test_different_settings_stay_separate(a, b):
    store = PatchStore()
    merge_all(store, a, b)
    assert len(store.patches()) == 2
    assert {p.text for p in store.patches()} == {a, b}


def test_revising_one_setting_never_deletes_another():
    store = PatchStore()
    merge_all(store, "The webhook batch size is 500 records.", "The webhook timeout is 10 seconds.",
              "The webhook retry limit is 3.", "Change the webhook timeout to 20 seconds.",
              "Set the webhook batch size to 1000 records.")
    values = sorted(p.value for p in store.patches())
    assert values == ["1000 records", "20 seconds", "3"]


def test_unitless_number_revises_the_single_numeric_value():
    store = PatchStore()
    merge_all(store, "The webhook batch size is 500 records.", "Change the webhook batch size to 1000.")
    [p] = store.patches()
    assert p.value.startswith("1000") and p.history[0].value == "500 records"


# ---------------------------------------------------------------- restatements and authority
def test_assistant_echo_collapses_into_user_constraint_with_numbers():
    store = PatchStore()
    outs = merge_all(store, ("The webhook timeout must not exceed 10 seconds.", "user", "constraint"),
                     ("Confirmed: the webhook timeout must not exceed 10 seconds.", "assistant",
                      "constraint"),
                     ("Noted, the webhook timeout is 10 seconds.", "assistant", "decision"))
    assert [o.action for o in outs] == ["added", "echo", "echo"]
    [p] = store.patches()
    assert p.role is Role.USER and p.echoes == 2


def test_assistant_echo_without_numbers():
    store = PatchStore()
    outs = merge_all(store, ("All payments must be PCI-DSS compliant.", "user", "constraint"),
                     ("PCI-DSS compliance confirmed.", "assistant", "constraint"))
    assert outs[1].action == "echo"
    assert len(store.patches()) == 1
    assert store.patches()[0].text == "All payments must be PCI-DSS compliant."


@pytest.mark.parametrize("role", ["assistant", "tool", "document"])
def test_lower_authority_never_overrides_user(role):
    store = PatchStore()
    outs = merge_all(store, "Set the webhook timeout to 10 seconds.",
                     (f"The webhook timeout is 60 seconds.", role))
    assert outs[1].action == "rejected"
    [p] = store.patches()
    assert p.value == "10 seconds" and p.role is Role.USER
    rejected = [e for e in store.journal() if e.action == "rejected"]
    assert rejected and rejected[0].fact_text == "The webhook timeout is 60 seconds."


def test_user_overrides_assistant_and_takes_the_slot():
    store = PatchStore()
    merge_all(store, ("The cache TTL is 60 seconds.", "assistant"), "Set the cache TTL to 30 seconds.",
              ("The cache TTL is 90 seconds.", "assistant"))
    [p] = store.patches()
    assert p.value == "30 seconds" and p.role is Role.USER


def test_user_restating_assistant_value_takes_authority():
    store = PatchStore()
    outs = merge_all(store, ("The cache TTL is 60 seconds.", "assistant"),
                     "Yes, the cache TTL is 60 seconds.")
    assert outs[1].action == "echo"
    [p] = store.patches()
    assert p.role is Role.USER


def test_assistant_unrelated_statement_is_kept():
    store = PatchStore()
    merge_all(store, ("All payments must be PCI-DSS compliant.", "user", "constraint"),
              ("Refunds must be processed within 5 days.", "assistant", "constraint"))
    assert len(store.patches()) == 2


@pytest.mark.parametrize("kind", ["constraint", "decision"])
@pytest.mark.parametrize("revision_kind", ["entity", "structure", "code"])
def test_a_revision_of_another_kind_keeps_the_settings_protection(kind, revision_kind):
    store = PatchStore()
    outs = merge_all(store, ("Call me Alex.", "user", kind),
                     ("Actually, call me Al.", "user", revision_kind))
    assert outs[1].action == "superseded"
    [p] = store.patches()
    assert p.kind is PatchKind(kind) and p.critical
    assert p.value == "Al" and [r.value for r in p.history] == ["Alex"]


def test_a_revised_rule_is_delivered_through_add_turn():
    from dspm_core import DSPMMemory

    memory = DSPMMemory(budget=400)
    memory.add_turn("user", "call me Alex")
    memory.add_turn("user", "actually call me Al")
    context = memory.get_context()
    assert "Al" in context and "was Alex" in context
    assert context.startswith("rule:")


# ---------------------------------------------------------------- duplicates and fuzzing
def test_exact_and_near_duplicates_not_stored_twice():
    store = PatchStore()
    outs = merge_all(store, "The webhook timeout is 30 seconds.", "The webhook timeout is 30 seconds.",
                     "the Webhook timeouts are 30 secs", "The webhook timout is 30 seconds.")
    assert [o.action for o in outs] == ["added", "duplicate", "duplicate", "duplicate"]
    assert len(store.patches()) == 1


def test_non_critical_duplicates_by_text():
    store = PatchStore()
    code = "```python\ndef handler(event):\n    return event\n```"
    a = store.merge(fact(code, kind="code"))
    b = store.merge(fact(code, kind="code", turn=3))
    assert (a.action, b.action) == ("added", "duplicate")
    assert len(store.patches()) == 1


def test_typo_folding_never_folds_names_or_identifiers():
    store = PatchStore()
    merge_all(store, "The zonba quota is 5 GB.", "The zonbb quota is 7 GB.",
              "The server-a quota is 5 GB.", "The server-b quota is 9 GB.",
              "The Zonba quota is 5 GB.")
    values = sorted(p.value for p in store.patches())
    assert values == ["5 GB", "5 GB", "7 GB", "9 GB"]


def test_store_never_truncates_text():
    store = PatchStore()
    long_text = "The deployment rule must be followed: " + " ".join(f"step{i}" for i in range(3000))
    out = store.merge(fact(long_text, kind="constraint"))
    assert out.patch.text == long_text


# ---------------------------------------------------------------- journal and editing
def test_journal_in_dump_store():
    store = PatchStore()
    merge_all(store, "Set the pool size to 10 connections.", "Set the pool size to 20 connections.",
              "Set the pool size to 20 connections.", ("The pool size is 50 connections.", "tool"))
    dump = store.dump(include_history=True)
    actions = [e["action"] for e in dump["journal"]]
    assert actions == ["superseded", "duplicate", "rejected"]
    assert dump["journal"][0]["before"]["value"] == "10 connections"
    assert "journal" not in store.dump()


def test_pin_forget_and_unknown_ids():
    store = PatchStore()
    p = store.merge(fact("Never use eval.", kind="constraint")).patch
    assert store.pin(p.id).pinned
    store.forget(p.id)
    assert len(store) == 0
    assert any(e.action == "forgotten" for e in store.journal())
    with pytest.raises(UnknownPatchError):
        store.forget(p.id)
    # a forgotten slot can be stated again
    again = store.merge(fact("Never use eval.", kind="constraint"))
    assert again.action == "added"


def test_merge_rejects_non_facts():
    with pytest.raises(InvalidPatchError):
        PatchStore().merge("text")  # type: ignore[arg-type]


def test_merge_is_constant_time_in_store_size():
    """Merging goes through indexes: a 20x larger store must not make merges ~20x slower."""

    def per_merge(n: int) -> float:
        store = PatchStore()
        for i in range(n):
            store.merge(fact(f"The svc-{i} timeout is {i % 50 + 1} seconds.", turn=i))
        t0 = time.perf_counter()
        for i in range(200):
            store.merge(fact(f"Change the svc-{i} timeout to {i % 40 + 7} seconds.", turn=n + i))
        return (time.perf_counter() - t0) / 200

    small, large = per_merge(200), per_merge(4000)
    assert large < small * 5, (small, large)


def test_near_duplicate_text_never_folds_names():
    store = PatchStore()
    a = store.merge(fact("We deploy the jQuery widget bundle nightly.", kind="entity"))
    b = store.merge(fact("We deploy the query widget bundle nightly.", kind="entity"))
    c = store.merge(fact("we deploy the jQuery widget bundle nightly", kind="entity"))
    assert (a.action, b.action, c.action) == ("added", "added", "duplicate")


def test_an_explicit_revision_in_other_words_revises_the_one_matching_setting():
    store = PatchStore()
    merge_all(store, "The first sprint deadline is April 1, 2024.",
              "I'm trying to update my project timeline to reflect the new sprint deadline of "
              "April 5, 2024.")
    [p] = store.patches()
    assert p.value == "April 5, 2024" and p.history[0].value == "April 1, 2024"


def test_a_reworded_revision_needs_the_same_unit_and_identifiers():
    store = PatchStore()
    merge_all(store, "The worker pool for server-a is 4 workers.",
              "Raise the worker pool for server-b to 8 workers.",
              "The upload size cap for the api is 10 MB.",
              "Change the upload request count for the api to 20.")
    assert len(store.patches()) == 4
    assert all(not p.history for p in store.patches())


def test_a_second_statement_of_a_setting_with_no_value_that_says_more_is_kept():
    """Two facts of one turn read under one setting with no value: the second is no
    restatement when it has words the first lacks (nothing it said is dropped)."""
    from dspm_core.patch import Fact, PatchKind, Role

    s = PatchStore()
    first = Fact(kind=PatchKind.DECISION, text="Arrange a removal van", role=Role.USER, turn=0,
                 slot="Arrange a removal van")
    second = Fact(kind=PatchKind.DECISION, role=Role.USER, turn=0, slot="Arrange a removal van",
                  text="Arrange a removal van for the flat on Ash Road, loading at 9:30, 2 porters")
    s.merge(first)
    assert s.merge(second).action == "added"
    assert any("loading at 9:30" in p.text for p in s.patches())
    later = Fact(kind=PatchKind.DECISION, role=Role.USER, turn=1, slot="Arrange a removal van",
                 text="Arrange a removal van for the flat, and a parking permit")
    assert s.merge(later).action == "duplicate"  # said again later: a restatement
    again = Fact(kind=PatchKind.DECISION, text="arrange a removal van", role=Role.USER, turn=1,
                 slot="Arrange a removal van")
    assert s.merge(again).action == "duplicate"
