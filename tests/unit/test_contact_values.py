"""Where things go and how to reach someone: addresses, emails, phone numbers and postcodes
are values of their own kind, and a named place declared as a setting ("the venue is The
Crown on Market Street") is a setting a later statement revises.

Revision tests feed sentences through ``add_turn`` (default extractor) and check the store.
"""

from __future__ import annotations

import pytest

from dspm_core.contact_values import contact_value
from dspm_core.named_settings import read_named
from dspm_core.values import parse_value

from test_in_passing import current_with, remember, replaced


@pytest.mark.parametrize("text, kind, canonical", [
    ("jo.baker+news@example.co.uk", "email", "jo.baker+news@example.co.uk"),
    ("Ops@Example.com", "email", "ops@example.com"),
    ("17 Quarry Lane, Sheffield", "address", "17 quarry lane"),
    ("14 Oak Lane, Leeds LS6 2AB", "address", "14 oak lane"),
    ("14 oak lane, leeds ls6 2ab", "address", "14 oak lane"),
    ("17 Quarry Ln", "address", "17 quarry lane"),
    ("8 rosebery avenue", "address", "8 rosebery avenue"),
    ("2200 Elm St, Austin, TX", "address", "2200 elm street"),
    ("31 Rue de Rivoli", "address", "31 rue de rivoli"),
    ("Via Roma 12, Torino", "address", "via roma 12"),
    ("4 Meadow Close", "address", "4 meadow close"),
    ("+1 415 555 0199", "phone", "14155550199"),
    ("0161 496 0733", "phone", "01614960733"),
    ("(212) 555-0147", "phone", "2125550147"),
    ("555-0188", "phone", "5550188"),
    ("SW1A 1AA", "postcode", "SW1A1AA"),
    ("EH8 9YL", "postcode", "EH89YL"),
])
def test_contact_values_are_read_whole(text: str, kind: str, canonical: str) -> None:
    assert contact_value(text) == (kind, canonical)
    pv = parse_value(text)
    assert (pv.dimension, pv.canonical) == (kind, canonical)


@pytest.mark.parametrize("text", [
    "3 miles down the road", "a 5 minute walk", "2024-2025", "12 people", "10-12",
    "the main street", "4 Close friends", "jo at example dot com",
])
def test_what_is_no_contact_value(text: str) -> None:
    assert contact_value(text) is None


@pytest.mark.parametrize("first, second, new, old", [
    ("my address is 17 Quarry Lane, Sheffield", "new address: 2 Larch Close, Sheffield, we moved",
     "2 Larch Close", "17 Quarry Lane"),
    ("send my parcels to 8 rosebery avenue", "we've moved, send everything to 40 hale road from now on",
     "40 hale road", "8 rosebery avenue"),
    ("my email is jo.baker@example.com", "use jo@bakerdesign.co for everything from now on",
     "jo@bakerdesign.co", "jo.baker@example.com"),
    ("reach me on 0161 496 0733", "new number, it's 0161 496 0988 now", "0161 496 0988",
     "0161 496 0733"),
    ("my postcode is EH8 9YL", "postcode's EH3 6AT now", "EH3 6AT", "EH8 9YL"),
    ("cc my landlord at mr.patel@lettings.com", "my landlord's email changed to a.patel@lettings.com",
     "a.patel@lettings.com", "mr.patel@lettings.com"),
])
def test_a_contact_value_revised(first: str, second: str, new: str, old: str) -> None:
    replaced(remember(first, second), new, old)


def test_a_named_place_declared_is_a_setting_revised_by_name() -> None:
    assert read_named("the venue is The Anchor on Quay Street") is not None
    assert read_named("the venue is The Anchor on Quay Street").value == "The Anchor"
    assert read_named("the hotel is the Premier Inn by the station").value == "the Premier Inn"
    replaced(remember("the venue is The Anchor on Quay Street",
                      "venue changed to the Old Bell, the Anchor cancelled on us"),
             "Old Bell", "The Anchor")


@pytest.mark.parametrize("first, second, a, b", [
    ("my address is 17 Quarry Lane", "my dad lives at 9 Mill Road", "17 Quarry Lane", "9 Mill Road"),
    ("ship to 5 Fern Way", "bill to 77 Cliff Road", "5 Fern Way", "77 Cliff Road"),
    ("my email is jo@example.com", "my partner's email is sam@example.com", "jo@example.com",
     "sam@example.com"),
    ("the billing worker address is billing@corp.io", "the email worker address is mailer@corp.io",
     "billing@corp.io", "mailer@corp.io"),
    ("it's flat 2, 14 Vale Road", "the garage is unit 6, 3 Dock Street", "14 Vale Road", "3 Dock Street"),
])
def test_contacts_of_different_things_stay_apart(first: str, second: str, a: str, b: str) -> None:
    memory = remember(first, second)
    assert current_with(memory, a) and current_with(memory, b)
    assert not any(p.history for p in memory.all_patches)


def test_a_flat_number_corrected_beside_an_address() -> None:
    memory = remember("it's flat 2, 14 Vale Road", "sorry, flat 4 not flat 2")
    (p,) = [p for p in memory.all_patches if p.history]
    assert p.value == "4" and [r.value for r in p.history] == ["2"]


@pytest.mark.parametrize("text, canonical", [
    ("14 Park Avenue, apt 3B", "14 park avenue apt 3b"),
    ("9 Kings Road, Flat 2, Bristol", "9 kings road flat 2"),
    ("300 Main St apartment #12", "300 main street apt 12"),
])
def test_the_flat_within_an_address_is_part_of_it(text: str, canonical: str) -> None:
    assert contact_value(text) == ("address", canonical)
    assert parse_value(text).dimension == "address"


def test_a_flat_corrected_with_not_keeps_the_rest_of_the_address() -> None:
    memory = remember("deliver to 14 Park Avenue, apt 3B", "sorry, apt 3C not apt 3B")
    (p,) = current_with(memory, "3C")
    assert parse_value(p.value).canonical == "14 park avenue apt 3c"
    assert [r.value for r in p.history] == ["14 Park Avenue, apt 3B"]
    # another flat in the same building is another address
    memory = remember("my flat is 9 Kings Road, Flat 2", "my sister lives at 9 Kings Road, Flat 4")
    assert current_with(memory, "Flat 2") and current_with(memory, "Flat 4")


@pytest.mark.parametrize("text, value", [
    ("Ship orders to 14 Oak Lane, Leeds LS6 2AB.", "14 Oak Lane, Leeds LS6 2AB"),
    ("ship orders to 14 oak lane, leeds ls6 2ab", "14 oak lane, leeds ls6 2ab"),
])
def test_an_address_with_its_town_and_postcode_is_one_value(text: str, value: str) -> None:
    memory = remember(text)
    critical = [p for p in memory.all_patches if p.kind.critical]
    assert [p.value for p in critical] == [value]  # one setting, never split at its comma


def test_moving_house_revises_the_address_spoken_of_last() -> None:
    memory = remember("Send the parcels to 22 Elm Street, Bath.",
                      "We moved house, so it's 7 Orchard Close now.")
    replaced(memory, "7 Orchard Close", "22 Elm Street")
