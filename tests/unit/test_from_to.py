""""From A to B": a change when the sentence says one, else a span.

"my rent went from 1,100 to 1,250", "we swapped the database from MySQL to Postgres" change a
value: the old one goes into the lineage. "The pharmacy is open from 9 to 6", "I'm driving
from Leeds to Hull", "set the quiet hours from 11pm to 6am" say a span: both ends stay, and
neither is an earlier value of the other. A bare old number is in the unit said after the
new one ("from 40 to 25 minutes" is 40 minutes), and an amount held with its period ("our
monthly ad budget is $500") is the same amount when said per that period again.

Each test feeds turns through ``add_turn`` (default extractor) and checks what the store
holds.
"""

from __future__ import annotations

import pytest

from dspm_core import Patch, PatchKind, Role, RuleExtractor
from dspm_core.patch import Turn
from test_in_passing import current_with, kept, remember, replaced


@pytest.mark.parametrize("text, a, b", [
    ("The pharmacy is open from 9 to 6 on Saturdays.", "9", "6"),
    ("my gym class runs from 6 to 7pm on tuesdays", "6", "7pm"),
    ("Quotes for the roof ranged from 4000 to 6500 dollars.", "4000", "6500"),
    ("I'm driving from Leeds to Hull tomorrow morning.", "Leeds", "Hull"),
    ("The exam period is from May 12 to May 30.", "May 12", "May 30"),
    ("set the quiet hours from 11pm to 6am please", "11pm", "6am"),
    ("Her night shift is from 10 to 6.", "10", "6"),
    ("I'm taking the ferry from Dover to Calais on the 3rd.", "Dover", "Calais"),
    ("The rating scale goes from 1 to 10.", "1", "10"),
])
def test_a_span_keeps_both_ends(text: str, a: str, b: str) -> None:
    memory = remember(text)
    kept(memory, a)
    kept(memory, b)
    assert not any(p.history for p in memory.all_patches)
    assert "(was" not in memory.get_context()


@pytest.mark.parametrize("first, change, new, old", [
    ("my rent is 1100", "my rent went from 1100 to 1250 this year", "1250", "1100"),
    ("We use MySQL for the app database.", "We swapped the app database from MySQL to Postgres.",
     "Postgres", "MySQL"),
    ("The gym session is 45 minutes.", "I cut the gym session from 45 to 30 minutes.",
     "30 minutes", "45"),
    ("Screen time is 2 hours a day on school nights.",
     "screen time is down from 2 to 1 hours a day now", "1 hours", "2"),
    ("the book club meets on Thursdays", "we moved book club from Thursdays to Tuesdays",
     "Tuesdays", "Thursdays"),
])
def test_a_change_from_a_to_b_replaces_the_old_value(first: str, change: str, new: str,
                                                     old: str) -> None:
    replaced(remember(first, change), new, old)


def test_a_bare_old_number_is_in_the_unit_said_after_the_new_one() -> None:
    memory = remember("The drive to work is 35 minutes each way.",
                      "the drive to work dropped from 35 to 20 minutes since the bypass opened")
    replaced(memory, "20 minutes", "35")
    (p,) = current_with(memory, "20 minutes")
    assert len(p.history) == 1, p.history  # 35 minutes, once
    assert "minutes minutes" not in memory.get_context()


def test_an_amount_said_again_per_the_period_it_is_held_for_is_the_same_amount() -> None:
    memory = remember("Our monthly grocery budget is $600.",
                      "We're raising the grocery budget from $600 to $700 a month.")
    replaced(memory, "$700", "$600")
    (p,) = current_with(memory, "$700")
    assert [r.value for r in p.history] == ["$600"]


def test_a_change_said_at_first_mention_names_the_thing_after_its_amount() -> None:
    memory = remember("I've gone from 20 to 30 minutes of reading a night.")
    (p,) = current_with(memory, "30 minutes")
    assert p.slot == "reading"
    assert [r.value for r in p.history] == ["20 minutes"]


def test_going_from_one_place_to_another_is_a_journey_and_from_one_tool_to_another_a_change(
) -> None:
    trip = remember("We went from Madrid to Seville on the high-speed train.")
    kept(trip, "Madrid")
    kept(trip, "Seville")
    change = remember("we use npm for the monorepo", "we went from npm to pnpm last month")
    replaced(change, "pnpm", "npm")


def test_a_change_said_again_never_sets_the_setting_back_to_its_old_value() -> None:
    memory = remember("I've improved my typing speed from 45 to 60 words per minute.",
                      "what drills help next?",
                      "like I said, I've improved my typing speed from 45 to 60 words per minute")
    (p,) = current_with(memory, "60")
    assert current_with(memory, "45") == []
    assert [r.value for r in p.history] == ["45 words per minute"]


def test_an_old_value_said_of_a_setting_that_holds_another_leaves_it_for_the_change() -> None:
    memory = remember("my quiz average is 82%", "my quiz average went from 75% to 91% this term")
    replaced(memory, "91%", "82%")
    assert current_with(memory, "75%") == []


@pytest.mark.parametrize("value, unit, label", [
    ("25 minutes", "minutes per way", "25 minutes per way"),
    ("$800", "per month", "$800 per month"),
    ("12 seats", "seats", "12 seats"),
    ("3", "pages per day", "3 pages per day"),
])
def test_a_value_label_says_a_unit_once(value: str, unit: str, label: str) -> None:
    patch = Patch(id="p1", kind=PatchKind.DECISION, text="x", turn=0, role=Role.USER, value=value,
                  unit=unit)
    assert patch.value_label == label



def test_a_thing_named_by_a_verb_of_change_keeps_its_whole_name() -> None:
    # "delay" names the thing in "retry delay": both facts of the change are of the whole
    # setting, never of "export-job retry" (which, beside a bound of the same setting, fit
    # the value and the bound equally and revised neither)
    said = "Change the export-job retry delay from 4 seconds to 6 seconds."
    facts = RuleExtractor().extract(Turn(role=Role.USER, index=0, text=said))
    assert [(f.slot, f.value) for f in facts] == [("export-job retry delay", "4 seconds"),
                                                   ("export-job retry delay", "6 seconds")]


@pytest.mark.parametrize("first, change, new, old", [
    ("We manage our infra with Terraform.", "Heads up, we've moved off Terraform to Pulumi.",
     "Pulumi", "Terraform"),
    ("We use Jenkins for CI.", "we moved away from Jenkins to GitHub Actions last month",
     "GitHub Actions", "Jenkins"),
    ("Our chat tool is Slack.", "we switched off Slack to Discord", "Discord", "Slack"),
])
def test_a_move_said_by_what_is_left_is_a_change_from_it(first: str, change: str, new: str,
                                                         old: str) -> None:
    memory = remember(first, change)
    assert " away to " not in memory.get_context()
    replaced(memory, new, old)  # "away from X" is cut with X


def test_what_is_used_up_is_no_new_value_of_its_limit() -> None:
    memory = remember("Disk quota on the shared drive is 100 GB.",
                      "we're using 73 GB at the moment, is it time to clean up?")
    kept(memory, "100 GB")
    assert not any(p.history for p in memory.all_patches)


@pytest.mark.parametrize("first, then, new, old", [
    # the old number takes the unit of the new one ("from 20 to 30 minutes a day")
    ("I practise piano for 25 minutes a day.", "going from 25 to 40 minutes a day, recital's in May", "40 minutes",
     "25"),
    # the value set, then where it is set
    ("Set the log level to warn in config/prod.yaml.", "log level should be error, warn is too chatty",
     "error", "warn"),
    # "that one": the pointer
    ("Members get the code SPRING5 for 5% off.", "make that one 8% off, we want more signups", "8%", "5%"),
    # an acronym's plural is the acronym ("PRs" / "every PR")
    ("PRs need 2 approvals before merge.", "from now on every PR needs 3 approvals", "3 approvals",
     "2"),
])
def test_more_changes_with_the_setting_named_or_pointed_at(first, then, new, old):
    replaced(remember(first, then), new, old)
