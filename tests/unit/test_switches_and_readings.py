"""A name switched to with no old one named ("switching her to Hill's", "I upgraded to a
Roland FP-30X last week") replaces the name a recent plain sentence gave; a number read off
something done ("averaged 152 on today's ride", "we've got 62 booked") is a reading, never
a new value of the bound held. Through ``add_turn`` with the default extractor."""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory


def revised(turns: tuple[str, ...]) -> list[tuple[str | None, list[str | None]]]:
    """(current value, earlier values) of every current setting with a lineage after ``turns``."""
    m = DSPMMemory()
    for t in turns:
        role, text = ("assistant", t[len("assistant: "):]) if t.startswith("assistant: ") else ("user", t)
        m.add_turn(role, text)
    return [(p.value, [h.value for h in p.history]) for p in m.store.patches()
            if p.later is None and p.history]


SWITCHES = [
    (("my rabbit eats Oxbow pellets", "assistant: Good choice.", "switching him to Burgess Excel, the vet suggested it"),
     ("Burgess Excel", ["Oxbow"])),
    (("I edit on an old ThinkPad", "assistant: Nice laptop.", "actually I upgraded to a MacBook Air M3 yesterday"),
     ("MacBook Air M3", ["ThinkPad"])),
    (("our team tracks bugs in Jira", "assistant: ok", "we've moved over to Linear, much faster"),
     ("Linear", ["Jira"])),
    (("I'm drinking Lavazza beans at the moment", "so I switched to Illy last week"),
     ("Illy", ["Lavazza"])),
]


@pytest.mark.parametrize("turns,expected", SWITCHES, ids=[t[-1][:40] for t, _ in SWITCHES])
def test_a_name_switched_to_replaces_the_recent_one(turns: tuple[str, ...],
                                                    expected: tuple[str, list[str]]) -> None:
    assert expected in revised(turns)


LOOKALIKES = [
    # someone else's switch, a switch wished for, a switch asked about
    ("I'm drinking Lavazza beans at the moment", "my flatmate switched to Illy last week"),
    ("I edit on a Dell XPS 13", "assistant: Nice.", "I might upgrade to a MacBook Air next year"),
    ("our team tracks bugs in Jira", "should we switch to Linear?"),
    # a reading, never the bound or target held
    ("my max heart rate is 191", "assistant: Zones set.", "averaged 148 on the tempo run, felt fine"),
    ("the hall holds 120 people", "we've got 95 signed up so far"),
    ("my weekly mileage cap is 40", "logged 36 this week, legs are tired"),
]


@pytest.mark.parametrize("turns", LOOKALIKES, ids=[t[-1][:40] for t in LOOKALIKES])
def test_what_only_looks_like_a_switch_or_a_revision_keeps_both(turns: tuple[str, ...]) -> None:
    assert revised(turns) == []
