"""Revisions of everyday settings said the way people say them, and look-alikes that must
stay apart: a reason said before the change ("my back's been sore so I've dropped to
20 minutes"), a value given with when or why it was set ("... to hunter2 after the
leak"), a word written with and without its hyphen ("Wi-Fi" / "wifi"), a count of a thing
allowed or prescribed ("I'm allowed 3 biscuits a day" / "doc says just two a day
now"), a change talked over and not made, the clause before "it" naming what "it" is ("my
shift got moved, it starts at 10 now"), an address where the speaker lives, a change the
speaker's side is making ("we're making the book club monthly"), "an hour" of something,
a payday, a cloud region, and what a cut leaves of a sentence.

Each test feeds turns through ``add_turn`` (default extractor) and checks what the store
holds.
"""

from __future__ import annotations

import pytest

from dspm_core.number_words import with_digits
from dspm_core.slots import parse_statement, subject_key

from test_in_passing import kept, remember, replaced


def test_a_reason_said_first_names_no_setting() -> None:
    replaced(remember("I normally swim 40 lengths on Sundays.",
                      "My shoulder's been sore so I've dropped to 20 lengths for now."), "20", "40")


def test_a_reason_said_first_leaves_no_subject_of_its_own() -> None:
    st = parse_statement("My back's been sore so I've dropped to 20 minutes.")
    assert st.value == "20 minutes" and st.subject is None


def test_a_value_set_with_when_or_why_keeps_its_word() -> None:
    replaced(remember("The router admin password is tulip88.",
                      "Changed the router admin password to hunter2 after the leak."),
             "hunter2", "tulip88")


@pytest.mark.parametrize("a, b", [("Wi-Fi password", "wifi password"),
                                  ("e-mail signature", "email signature")])
def test_a_word_written_with_a_hyphen_is_the_same_word(a: str, b: str) -> None:
    assert subject_key(a) == subject_key(b)


def test_a_name_of_hyphenated_parts_keeps_its_hyphen() -> None:
    assert subject_key("requires-python") != subject_key("requirespython")


def test_a_count_allowed_is_a_count_of_the_thing() -> None:
    st = parse_statement("I'm allowed 3 biscuits a day.")
    assert st.subject == "biscuit"
    replaced(remember("I'm allowed 3 biscuits a day.", "The doctor wants me on two biscuits a day now."),
             "2", "3")
    replaced(remember("I'm allowed 3 biscuits a day.", "Doc says just two biscuits a day from now on."),
             "2", "3")


@pytest.mark.parametrize("talked", [
    "We talked about moving the book club to Thursdays but decided not to.",
    "I was going to move the book club to Thursdays but didn't.",
    "We decided against moving the book club to Thursdays.",
])
def test_a_change_talked_over_and_not_made_revises_nothing(talked: str) -> None:
    kept(remember("The book club meets on Tuesdays.", talked), "Tuesdays")


def test_the_clause_before_it_names_what_it_is() -> None:
    st = parse_statement("My shift got moved, it starts at 10am now.")
    assert subject_key(st.subject or "") == "shift" and st.value == "10am"
    replaced(remember("My shift starts at 8am.", "My shift got moved, it starts at 10am now."),
             "10am", "8am")


def test_an_auxiliary_closes_no_subject() -> None:
    st = parse_statement("The launch got postponed to May 9.")
    assert subject_key(st.subject or "") == "launch"


def test_where_the_speaker_lives_is_their_address() -> None:
    replaced(remember("I live at 22 Rose Avenue.", "My address is 9 Quarry Road now."),
             "9 Quarry Road", "22 Rose Avenue")


def test_a_change_the_speakers_side_is_making() -> None:
    replaced(remember("The book club is weekly.", "We're making the book club monthly."),
             "monthly", "weekly")


@pytest.mark.parametrize("text, want", [
    ("The kids get an hour of screen time.", "The kids get 1 hour of screen time."),
    ("It takes about an hour.", "It takes about 1 hour."),
    ("I earn £15 an hour.", "I earn £15 an hour."),  # a rate
    ("We met an hour ago.", "We met an hour ago."),  # a time gone by
])
def test_an_hour_of_something_is_one_hour(text: str, want: str) -> None:
    assert with_digits(text) == want


def test_an_hour_given_is_revised() -> None:
    replaced(remember("I get an hour of piano practice a day.",
                      "I've cut piano practice to 45 minutes a day."), "45 minutes", "1 hour")


def test_a_payday_is_a_setting() -> None:
    replaced(remember("I get paid on the 25th.", "With the new contract I get paid on the 1st."),
             "1st", "25th")


def test_a_cloud_region_said_with_in_is_the_region() -> None:
    st = parse_statement("Our servers are in eu-central-1.")
    assert st.value == "eu-central-1"
    replaced(remember("Our servers are in eu-central-1.", "Everything's migrated to us-west-2 now."),
             "us-west-2", "eu-central-1")


def test_a_cut_leaves_no_joining_mark_before_the_stop() -> None:
    memory = remember("We moved house in May, my address is 9 Quarry Road now.")
    said = [p.text for p in memory.all_patches if p.kind.value == "sentence"]
    assert said == ["We moved house in May."], said


def test_a_payday_said_with_the_day_leaves_flights_apart() -> None:
    # (only a payday is read from "on the <day>"; a flight out and a flight home stay two)
    memory = remember("We fly into Rome on the 4th.", "We fly home from Naples on the 12th.")
    kept(memory, "4th")
    kept(memory, "12th")


@pytest.mark.parametrize("earlier, later, shown", [
    ("I read 20 pages a night.", "I cut my reading to 10 pages a night.", "(was 20 pages a night)"),
    ("The kids get 1 hour of screen time a day.", "We've cut the kids' screen time to 30 minutes a day.",
     "(was 1 hour a day)"),
])
def test_an_earlier_rate_is_shown_once_with_its_period(earlier: str, later: str, shown: str) -> None:
    assert shown in remember(earlier, later).get_context()


def test_a_label_leaves_out_the_adverbs_of_its_slot() -> None:
    context = remember("I usually cycle 12 km on Sundays.",
                       "My back's been sore so I've dropped to 8 km for now.").get_context()
    assert context.startswith("decision: cycle: "), context
