"""Standing facts of a home read by their form (extract/home_facts.py), and what is not one."""

from __future__ import annotations

import pytest

from dspm_core.extract.home_facts import home_fact_kind
from dspm_core.patch import PatchKind

from test_in_passing import criticals, remember


@pytest.mark.parametrize("said, kind", [
    ("The hamster gets fed every evening.", PatchKind.DECISION),
    ("Our window cleaner comes every six weeks.", PatchKind.DECISION),
    ("The chimney gets swept every September.", PatchKind.DECISION),
    ("The twins are at their gran's every other Saturday.", PatchKind.DECISION),
    ("My car insurance costs £40 a month.", PatchKind.DECISION),
    ("We give the babysitter £12 an hour.", PatchKind.DECISION),
    ("Priya is allergic to sesame.", PatchKind.CONSTRAINT),
    ("Grandad's coeliac.", PatchKind.CONSTRAINT),
    ("Mum is vegetarian.", PatchKind.CONSTRAINT),
    ("Leo can't have eggs.", PatchKind.CONSTRAINT),
    ("I take my tea with two sugars.", PatchKind.CONSTRAINT),
    ("I like my eggs runny.", PatchKind.CONSTRAINT),
    ("We have three rabbits.", PatchKind.DECISION),
    ("I've got two teenagers at home.", PatchKind.DECISION),
    ("Forward my letters to the Leeds office.", PatchKind.DECISION),
])
def test_a_standing_fact_of_the_home_is_read(said, kind):
    assert home_fact_kind(said) is kind


@pytest.mark.parametrize("said", [
    "The hamster got out last night.",
    "We had three rabbits when I was little.",
    "If we got a rabbit it would need feeding twice a day.",
    "My brother's kids get £20 a week.",
    "The dentist says you should floss twice a day.",
    "Tofu is vegan.",
    "Python is blind to types.",
    "We have two options here.",
    "I have two triangular plots and I need to know whether their areas match.",
    "How often does the chimney need sweeping?",
    "The babysitter is coming at 7 tonight.",
])
def test_what_is_no_standing_fact_of_the_home_is_not(said):
    assert home_fact_kind(said) is None


def test_a_household_routine_is_kept_as_a_critical_fact():
    (p,) = criticals("The hamster gets fed every evening.")
    assert "every evening" in p.text


def test_a_household_member_s_allergy_is_kept_as_a_rule():
    (p,) = criticals("Priya is allergic to sesame.")
    assert p.kind is PatchKind.CONSTRAINT


def test_a_routine_of_someone_outside_the_household_is_not_read():
    assert home_fact_kind("My colleague cycles in every day.") is None


def test_a_person_s_rate_is_revised_by_a_pronoun_naming_the_old_value():
    from test_in_passing import replaced

    memory = remember("our dog walker charges £14 a walk", "she went from £14 to £16 a walk in April")
    replaced(memory, "£16", "£14")


def test_a_household_routine_takes_its_new_frequency():
    from test_in_passing import replaced

    memory = remember("The hamster gets fed every evening.",
                      "Actually the hamster gets fed every morning now.")
    replaced(memory, "every morning", "every evening")
