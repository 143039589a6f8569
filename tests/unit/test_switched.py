"""A provider, product or place the speaker left for another, said in one sentence
(:mod:`dspm_core.switched`), through ``add_turn`` with the default extractor."""

from __future__ import annotations

import pytest

from dspm_core.switched import switched_said


@pytest.mark.parametrize("first, change, old, new", [
    ("my bank is Santander", "I left Santander and joined Nationwide in May",
     "Santander", "Nationwide"),
    ("our accounting software is QuickBooks", "we stopped using QuickBooks and switched to FreeAgent",
     "QuickBooks", "FreeAgent"),
    ("my phone is a Galaxy S21", "swapped the Galaxy S21 for an iPhone 15 last month", "Galaxy S21",
     "iPhone 15"),
    ("my broadband provider is TalkTalk", "got rid of TalkTalk, we're with Sky now", "TalkTalk", "Sky"),
    ("our task tracker is Asana", "we moved off Asana onto Linear, Asana got too slow", "Asana",
     "Linear"),
])
def test_leaving_one_for_another_revises_the_setting_that_held_it(first, change, old, new,
                                                                  current_after):
    current = current_after(first, change)
    revised = [p for p in current if p.history]
    assert len(revised) == 1, [(p.text, p.value) for p in current]
    assert revised[0].value == new
    assert [h.value for h in revised[0].history] == [old]
    assert not [p for p in current if p.value == old]


@pytest.mark.parametrize("change", [
    "my brother left Santander and joined Nationwide",  # someone else
    "should I leave Santander and join Nationwide?",  # a question
    "I'm going to leave Santander and join Nationwide",  # a plan
    "I never left Santander for Nationwide in the end",  # a negation
    "I kept Santander and opened an account with Nationwide too",  # one beside the other
])
def test_a_switch_that_is_not_the_speakers_own_done_changes_nothing(change, current_after):
    assert switched_said(change) is None
    current = current_after("my bank is Santander", change)
    assert [p.value for p in current if p.value == "Santander" and not p.history] == ["Santander"]


def test_a_thing_left_somewhere_is_no_switch():
    assert switched_said("I left my umbrella at Costa and got a new one") is None
