"""A query word that many criticals hold does not lift them when another word of the query
names the ones it means ("change the zebra-service timeout" is about the zebra service,
not about every rule that says "change"); a query with nothing rarer still lifts them."""

from __future__ import annotations

from dspm_core import DSPMMemory
from dspm_core.crit_order import COMMON_FLOOR, COMMON_SHARE, most_held
from dspm_core.rank import query_terms

N_CHANGE = 24  # criticals that say "change": more than COMMON_FLOOR and one in COMMON_SHARE


def memory() -> DSPMMemory:
    m = DSPMMemory(budget=4000)
    m.add_turn("user", "Hi, I run the ops team.")
    for i in range(N_CHANGE):
        m.add_patch("constraint", f"The service-{i} change window is at most {i + 1} hours.",
                    role="user")
    m.add_patch("constraint", "The zebra-service timeout must be at most 30 seconds.",
                role="user")
    m.add_turn("user", "Thanks.")
    for i in range(6):  # newer than every rule above, and on nothing the query says
        m.add_patch("constraint", f"Keep the backup-{i} snapshots for at most 9 days.",
                    role="user")
    return m


def lines(m: DSPMMemory, query: str, budget: int) -> list[str]:
    return m.render(query, budget=budget).text.splitlines()


def test_the_store_is_as_the_test_needs_it() -> None:
    m = memory()
    crit = [p for p in m.store.patches() if p.critical]
    held = sum("chang" in p.text.lower() for p in crit)
    assert held == N_CHANGE > most_held(len(crit)) >= max(COMMON_FLOOR, len(crit) // COMMON_SHARE)
    assert "chang" in query_terms("change the zebra-service timeout")


def test_a_common_word_beside_a_rarer_one_lifts_nothing() -> None:
    m = memory()
    view = m.store.pool("change the zebra-service timeout to 45 seconds").criticals
    touched = [p.text for _, p, _ in view.touched]
    assert touched == ["The zebra-service timeout must be at most 30 seconds."]
    # the one it names comes first; after it, the newest rules, not the ones saying "change"
    out = lines(m, "change the zebra-service timeout to 45 seconds", 60)
    assert "The zebra-service timeout" in out[0]
    assert all("backup-" in line for line in out[1:]) and len(out) > 2
    assert not any("service-" in line and "zebra" not in line for line in out)


def test_the_touched_critical_still_counts_the_common_word() -> None:
    m = memory()
    view = m.store.pool("never change the zebra-service timeout").criticals
    (pid,) = view.hits
    patch = m.store.patch_or_none(pid)
    assert patch is not None and patch.text.startswith("The zebra-service")
    m.add_patch("constraint", "Never change the zebra-service timeout on a Friday.", role="user")
    view = m.store.pool("never change the zebra-service timeout").criticals
    counts = {m.store.patch_or_none(p).text: n for p, n in view.hits.items()}
    friday = counts["Never change the zebra-service timeout on a Friday."]
    plain = counts["The zebra-service timeout must be at most 30 seconds."]
    assert friday == plain + 1  # "change", a common word, counted


def test_a_query_of_common_words_only_still_lifts_them() -> None:
    m = memory()
    view = m.store.pool("what can I change?").criticals
    assert len(view.touched) == N_CHANGE
    out = lines(m, "what can I change?", 60)
    assert out and all("service-" in line for line in out)


def test_a_small_store_keeps_every_word() -> None:
    m = DSPMMemory(budget=4000)
    for i in range(COMMON_FLOOR):
        m.add_patch("constraint", f"The service-{i} change window is at most 2 hours.",
                    role="user")
    m.add_patch("constraint", "The zebra-service timeout must be at most 30 seconds.", role="user")
    view = m.store.pool("change the zebra-service timeout").criticals
    assert len(view.touched) == COMMON_FLOOR + 1
