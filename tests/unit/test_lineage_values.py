"""The earlier value a revision keeps in its lineage is the value it replaced, never another
value of the statement it came from ("swap mypy for pyright" after "we typecheck with mypy"
keeps "mypy", not "typecheck"), through ``add_turn`` with the default extractor."""

from __future__ import annotations

from chat_sessions import session
from dspm_core import DSPMMemory


def earlier_values(m: DSPMMemory) -> list[str]:
    return [h.value or "" for p in m.store.patches() for h in p.history]


def test_the_old_name_a_swap_says_is_the_one_replaced() -> None:
    m = session("we typecheck with mypy", "swap mypy for pyright, it catches more")
    assert earlier_values(m) == ["mypy"]
    assert "(was typecheck)" not in m.get_context()


def test_the_old_name_said_after_replace_is_the_one_replaced() -> None:
    m = session("we deploy with capistrano", "replace capistrano with kamal please")
    assert earlier_values(m) == ["capistrano"]


def test_a_short_form_of_a_name_is_that_name_not_a_new_one() -> None:
    m = session("Double quotes for imports in TypeScript.",
                "Switch to single quotes for TS imports, it's what eslint wants.")
    assert "TypeScript" not in earlier_values(m)
    assert "(was TypeScript)" not in m.get_context()


def test_a_new_measure_takes_the_old_measure_not_a_name_with_a_digit() -> None:
    m = session("Our R2 storage policy caps the attachment size limit at 25 MB per file. Can "
                "you enforce it in the upload handler?",
                "update: the limit is 50MB now, legal wants full scans")
    assert "R2" not in earlier_values(m)
    held = [h for h in earlier_values(m) if h]
    assert held and all("25 MB" in h for h in held)


def test_a_day_before_the_verb_is_part_of_the_subject() -> None:
    m = session("my swim on saturday is 45 minutes")
    (p,) = [p for p in m.store.patches() if p.critical]
    assert p.value == "45 minutes"
    m = session("my swim on saturday is 45 minutes", "make it 30 minutes")
    assert earlier_values(m) == ["45 minutes"]


def test_a_headcount_replaces_the_headcount_of_a_booking_not_its_time() -> None:
    m = session("can you book a table at Dishoom for thursday 8pm, 3 people, near a window",
                "actually 5 of us, my parents are coming")
    assert "thursday 8pm" not in earlier_values(m)
    assert any("3 people" in h for h in earlier_values(m))
    context = m.get_context()
    assert "thursday 8pm" in context and "(was thursday 8pm)" not in context
