"""Where something happens: a venue, a meeting point, a room with its code, a hotel or the
destination of a plan is a setting; a place said in a form of change ("it'll be room 7",
"the Old Mill it is", "they moved it to Riverside Park") revises the place spoken of last,
and a place for something else stays apart."""

from __future__ import annotations

import pytest

from dspm_core.place_phrases import is_venue
from dspm_core.venues import venue_said
from test_in_passing import kept, remember, replaced


@pytest.mark.parametrize("text, said", [
    ("the pottery workshop is in studio 4 on saturdays", ("pottery workshop location", "studio 4")),
    ("choir practice is at the Guildhall this term", ("choir practice location", "the Guildhall")),
    ("my exam tomorrow is in hall B2", ("exam location", "hall B2")),
    ("the meeting point for the river walk is the Ferry Inn car park, 10am",
     ("river walk meeting point", "the Ferry Inn car park")),
    ("for the quiz night lets meet at the Kings Head", ("quiz night meeting point", "the Kings Head")),
    ("we're staying at the Seaview Hotel in Tenby", ("hotel", "the Seaview Hotel")),
    ("we're thinking porto for the reunion, it's cheap to fly", ("reunion destination", "porto")),
    ("planning a long weekend in the Peak District for my 40th",
     ("40th destination", "the Peak District")),
])
def test_a_place_said_as_where_something_happens(text: str, said: tuple) -> None:
    assert venue_said(text) == (*said, False)


@pytest.mark.parametrize("text, place", [
    ("apparently it'll be room 12C, the other one is flooded", "room 12C"),
    ("most of us drive so the Old Mill it is", "the Old Mill"),
    ("they moved it to Riverside Park, the field is waterlogged", "Riverside Park"),
    ("the kids want a beach so let's do Crete", "Crete"),
    ("change of plan, we're doing the Yorkshire Dales", "the Yorkshire Dales"),
    ("seville, the flights into malaga were double", "seville"),
    ("send them to the shop on Bridge Street from now on", "the shop on Bridge Street"),
    ("gate changed to C7", "gate C7"),
])
def test_a_place_said_in_a_form_of_change(text: str, place: str) -> None:
    assert venue_said(text) == (None, place, True)


@pytest.mark.parametrize("text", [
    "our frontend is in Angular",               # a tool of a known kind, no place
    "From now on, label every chart.",          # a capital that opens a sentence
    "last year we went to Valencia",            # a past trip
    "could we do the Plough instead?",          # a question
    "if it rains we'll move it to the Scout Hut",  # a supposition
    "my brother's stag is in Riga",             # someone else's
    "Let's do Thursday instead of Friday",      # a day, no place
    "the code is in review",                    # no place named
    "Nice, thanks!",                            # a word first, though a city too
    "sorry its Matteo, double t",               # a name corrected, no place
    "Locker X is $15 a month now.",             # the label is what the price is of
    "room 4 costs more now, annoyingly",        # likewise
])
def test_no_place_of_a_setting(text: str) -> None:
    assert venue_said(text) is None


def test_venues_by_their_shape() -> None:
    assert is_venue("room 4F") and is_venue("gate B12") and is_venue("Lisbon")
    assert is_venue("the sports hall car park") and is_venue("Hanley bus station")
    assert not is_venue("Dishoom") and not is_venue("Thursday") and not is_venue("")


def test_a_room_code_is_no_duration() -> None:
    memory = remember("the budget review is in room 6D at 11", "facilities say it'll be room 2A now")
    replaced(memory, "room 2A", "6D")


def test_a_labelled_thing_with_a_new_value_is_the_subject_not_a_place() -> None:
    memory = remember("Locker X is $12 a month.", "Locker Y is $20 a month.",
                      "Locker X is $15 a month now.")
    replaced(memory, "$15 a month", "$12")
    kept(memory, "$20 a month")


def test_a_change_of_place_revises_the_place_spoken_of_last() -> None:
    memory = remember("the 5-a-side match on sunday is at Clapham Common",
                      "whats the forecast for sunday?",
                      "they moved it to Battersea Park, the common is closed")
    replaced(memory, "Battersea Park", "Clapham Common")


def test_a_destination_said_alone_after_its_plan() -> None:
    memory = remember("we're thinking budapest for the stag, can u find a hostel for 10",
                      "prague, budapest was too pricey in the end")
    replaced(memory, "prague", "budapest")


def test_places_of_other_things_stay_apart() -> None:
    memory = remember("the work party is at the Corn Hall", "and the school play is at St Anne's church")
    kept(memory, "Corn Hall")
    kept(memory, "St Anne's church")
    memory = remember("my piano lesson is in room 3", "her violin lesson is in room 9")
    kept(memory, "room 3")
    memory = remember("book club meets at the Bookshop cafe on thursdays",
                      "sam wanted the Crown instead but nah, still the Bookshop cafe")
    kept(memory, "Bookshop cafe")


def test_the_meeting_point_said_again_with_now() -> None:
    memory = remember("the meeting point for the charity run is the north gate",
                      "update: the meeting point is now the leisure centre car park")
    replaced(memory, "leisure centre car park", "north gate")


def test_a_new_venue_said_alone_is_of_the_place_spoken_of_last() -> None:
    memory = remember("yoga is at the Quaker Meeting House on tuesdays",
                      "what mat thickness is best for bad knees?",
                      ("assistant", "A 6 mm mat cushions the knees well."),
                      "ok. new venue is the Scout hall from next month btw")
    replaced(memory, "Scout hall", "Quaker Meeting House")


@pytest.mark.parametrize("first, then, new, old", [
    ("the induction on monday is in room 2C", "wait no, it's room 2E, i had the old rota open",
     "room 2E", "2C"),
    ("spin class is in studio 3 on fridays", "the instructor said today it got moved to studio 6, the bikes are broken",
     "studio 6", "studio 3"),
    ("we're planning the reunion in leeds in august", "news from the committee, it'll be york",
     "york", "leeds"),
])
def test_a_change_of_place_after_a_correction_a_report_or_a_lead(first, then, new, old) -> None:
    replaced(remember(first, then), new, old)


@pytest.mark.parametrize("text, said", [
    ("try the Co-op car park for the pick-up", ("pickup", "the Co-op car park", False)),
    ("use the side gate for deliveries pls", ("delivery location", "the side gate", False)),
    ("the drop-off is the Esso garage now", ("dropoff", "the Esso garage", True)),
    ("going forward it's at the church hall on Mill Lane", (None, "the church hall on Mill Lane", True)),
])
def test_where_a_pick_up_or_a_delivery_is(text: str, said: tuple) -> None:
    assert venue_said(text) == said


def test_a_meeting_point_given_after_a_colon_then_changed() -> None:
    memory = remember("meeting point for the pub crawl: the statue in Market Square, 8pm",
                      "scratch that, we meet at the station clock")
    replaced(memory, "station clock", "statue in Market Square")
    assert venue_said("venue: The Old Library") == ("venue", "The Old Library", False)


def test_a_hotel_changed_and_changed_back() -> None:
    memory = remember("the hotel is the Premier Inn on Quay Street",
                      "changed hotel, it's the Radisson by the station now",
                      "ugh, back to the Premier Inn, the Radisson lost our booking")
    (p,) = [p for p in memory.all_patches if p.value and "Premier Inn" in p.value and p.later is None]
    assert [h.value for h in p.history][:2] == ["the Radisson", "the Premier Inn on Quay Street"]
