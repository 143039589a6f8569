"""The crossed-statements benchmark: its pairs come from the revision sets, and a pair is
counted when the second statement replaced the first (with the resolver's evidence)."""

from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCH))

import crossed  # noqa: E402
from dspm_core import resolve as dspm_resolve  # noqa: E402
from dspm_core import store as dspm_store  # noqa: E402


def test_statements_are_the_user_settings_of_each_split_by_topic() -> None:
    dev, check = crossed.statements("dev"), crossed.statements("check")
    assert len(dev) > 20 and len(check) > 20
    ids = {d for items in dev.values() for d, _, _ in items}
    assert ids and not ids & {d for items in check.values() for d, _, _ in items}
    for items in dev.values():
        for _, text, value in items:
            assert text.strip() and value.strip()


def test_a_revision_is_counted_with_its_evidence() -> None:
    row = crossed.run_pair(("a", "Max upload size is 10 MB.", "10 MB"),
                           ("b", "Actually, raise that to 25 MB.", "25 MB"))
    assert row["superseded"] and not row["a_current"]
    assert row["evidence"] == "referent bound to the setting spoken of last"
    assert dspm_store.resolve is dspm_resolve.resolve  # the trace is taken off again


def test_two_settings_are_not_counted() -> None:
    row = crossed.run_pair(("a", "The read timeout is 5 seconds.", "5 seconds"),
                           ("b", "The write timeout is 15 seconds.", "15 seconds"))
    assert not row["superseded"] and row["a_current"] and row["evidence"] == "-"


def test_the_figures_are_printed_for_a_small_draw(capsys) -> None:
    assert crossed.main(["--per-topic", "2"]) == 0
    out = capsys.readouterr().out
    assert "pairs in" in out and "B superseded A:" in out
