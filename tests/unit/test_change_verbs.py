"""A change said with a phrasal verb ("turned the heating down to 18"), a new thing ("my new
work email is ...") or an email address revises its setting."""

from __future__ import annotations

import pytest

from dspm_core.slots import parse_statement



@pytest.mark.parametrize("said,subject", [
    ("We've turned the heating down to 18 degrees.", "heating"),
    ("The gym put the monthly fee up to £42.", "monthly fee"),
    ("They brought the deadline forward to March 3.", None),   # no particle: as before
])
def test_the_particle_of_a_verb_of_change_is_no_word_of_the_setting(said, subject):
    st = parse_statement(said)
    if subject is None:
        assert not (st.subject or "").endswith((" up", " down"))
    else:
        assert st.subject == subject and st.revision


def test_a_new_thing_is_the_setting_changed_but_new_ones_of_a_kind_are_their_own():
    st = parse_statement("New billing email is accounts@bright.io")
    assert st.subject == "billing email" and st.revision
    assert parse_statement("New members pay £20 a month.").subject.lower().startswith("new")


@pytest.mark.parametrize("first,change,value,old", [
    ("The heating is set to 20 degrees.", "We've turned the heating down to 18 degrees.", "18 degrees", "20 degrees"),
    ("The gym's monthly fee is £38.", "The gym put the monthly fee up to £42.", "£42", "£38"),
    ("My billing email is ann@oldco.com.", "New billing email is accounts@bright.io", "accounts@bright.io",
     "ann@oldco.com"),
    ("My pager number is 0161 496 0101.", "I've got a new pager number: 0161 496 0202.", "0161 496 0202",
     "0161 496 0101"),
])
def test_the_change_revises_the_setting(first, change, value, old, assert_revised):
    assert_revised(first, change, value, old)


def test_an_email_address_is_a_setting(current_after):
    [patch] = current_after("Our support inbox is help@tinyshop.io")
    assert patch.value == "help@tinyshop.io"


@pytest.mark.parametrize("said, subject, value", [
    ("ugh the council put parking permits up to £95", "parking permits", "£95"),
    ("tbh my gym just put fees up to $60", "fees", "$60"),
    ("they put prices back to $4 a cup", "prices", "$4"),
])
def test_put_with_a_particle_is_a_change_of_what_it_puts(said, subject, value):
    # "put <thing> up to <value>" with no article before the thing: the thing is the setting
    # (never "the council put parking permits" as its name, nor a bound of "up to £95")
    st = parse_statement(said)
    assert st.subject == subject and st.value == value and st.op == "=" and st.revision


def test_put_up_to_as_a_bound_stays_a_bound():
    st = parse_statement("You can put up to 5 items in the basket.")
    assert st.op == "<=" and st.value == "5 items"
