"""A value said before the noun it sets ("the new May 3 launch", "my 8am lecture"): the noun
is the setting, "new" before the value says it replaced one, "old" says it is the old one,
and a rule with a negation stays a rule."""

from __future__ import annotations

import pytest

from dspm_core.slots import parse_statement
from test_in_passing import kept, remember, replaced


@pytest.mark.parametrize("text, subject, value, revision", [
    ("I'm nervous about the new May 3 launch", "launch", "May 3", True),
    ("I keep sleeping through my 8am lecture", "lecture", "8am", False),
    ("can we afford the updated $900 budget for the offsite?", "budget for the offsite", "$900",
     True),
    ("I doubt we'll hit the revised June 30 cutoff", "cutoff", "June 30", True),
])
def test_a_value_before_its_noun_sets_the_noun(text: str, subject: str, value: str,
                                               revision: bool) -> None:
    st = parse_statement(text)
    assert (st.subject, st.value, st.revision) == (subject, value, revision)


@pytest.mark.parametrize("text", [
    "never book my 9am slot",  # a rule stays a negation
    "the old 5pm cutoff was better",  # the old value, not a new one
])
def test_an_old_value_or_a_rule_is_not_read_as_a_new_setting(text: str) -> None:
    st = parse_statement(text)
    assert not (st.revision and st.value)


def test_the_new_value_before_its_noun_revises_the_setting() -> None:
    replaced(remember("the product launch is on May 3",
                      "I'm worried we won't be ready for the new May 10 launch"), "May 10", "May 3")
    memory = remember("the product launch is on May 3", "the design review is on May 5",
                      "I'm worried we won't be ready for the new May 10 launch")
    kept(memory, "May 5")


@pytest.mark.parametrize("text, subject, value", [
    ("we can accept a 40 MB bundle now that the CDN caches it", "bundle", "40 MB"),
    ("honestly a 3 hour drive is fine for the trip", "drive", "3 hour"),
])
def test_a_value_with_its_unit_after_a_sets_the_noun(text: str, subject: str, value: str) -> None:
    st = parse_statement(text)
    assert (st.subject, st.value) == (subject, value)


def test_a_size_in_another_unit_revises_the_limit() -> None:
    replaced(remember("the app bundle has to stay under 900 KB",
                      ("assistant", "Understood, I'll keep the bundle under 900 KB."),
                      "we can accept a 1.5 MB bundle now that we lazy-load the maps"),
             "1.5 MB", "900")


def test_a_size_of_another_thing_stays_apart() -> None:
    memory = remember("the app bundle has to stay under 900 KB",
                      "we can accept a 1.5 MB hero image now that we lazy-load it")
    kept(memory, "900 KB")


def test_a_value_before_its_noun_in_the_old_value_is_no_new_setting() -> None:
    st = parse_statement("moved from the 50 Mbps package to the fibre one")
    assert st.value != "50 Mbps" and st.old_value is not None and "50 Mbps" in st.old_value
