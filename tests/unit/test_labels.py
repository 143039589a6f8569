"""Places named by a noun and a code ("gate B22", "desk 4.12", "studio B"): said anywhere in
a sentence they set where its thing is; a later one said with a word of change moves it; a
code said alone takes the noun of the one it replaces; another thing's stays apart."""

from __future__ import annotations

import pytest

from dspm_core.labels import code_alone, is_label, label_noun, labels_in, with_noun
from dspm_core.venues import venue_said
from test_in_passing import kept, remember, replaced


@pytest.mark.parametrize("text, found", [
    ("our train to york goes from platform 12 most days", ("platform 12",)),
    ("the exam is in hall C.2 at nine", ("hall C.2",)),
    ("i sit at desk 3.40 near the kitchen", ("desk 3.40",)),
    ("the fencing club trains in studio A on wednesdays", ("studio A",)),
    ("we got cabin 7214 on deck 9", ("cabin 7214",)),
    ("set the log level to 3", ()),                 # no place
    ("compression stage 2 is slow", ()),            # no place
    ("the room was lovely", ()),                    # no code
])
def test_labels_in_a_sentence(text: str, found: tuple) -> None:
    assert labels_in(text) == found


def test_label_parts() -> None:
    assert is_label("gate B22") and label_noun("gate B22") == "gate" and not is_label("gate")
    assert code_alone("C14 now, the board changed") == "C14" and code_alone("12 now") is None
    assert with_noun("C14", "gate B22") == "gate C14" and with_noun("C14", "Dishoom") is None


@pytest.mark.parametrize("text, said", [
    ("my ferry to bilbao boards at gate 6 apparently", ("ferry to bilbao gate", "gate 6", False)),
    ("the induction is held in room G.03 on friday", ("induction room", "room G.03", False)),
    ("i got seat 14F on the morning train, pls remember it", ("seat", "seat 14F", False)),
    ("the lift to floor 11 is always broken", None),  # no setting of the speaker's
])
def test_a_label_sets_where_its_thing_is(text: str, said: tuple | None) -> None:
    assert venue_said(text) == said


def test_a_code_said_alone_moves_the_gate() -> None:
    memory = remember("my flight to nice boards at gate A12, remind me at 6",
                      "A19 now, just saw it on the board")
    replaced(memory, "gate A19", "A12")


@pytest.mark.parametrize("first, then, new, old", [
    ("the 8.05 to york leaves from platform 2 on weekdays", "its platform 7 from now on, they're fixing 2",
     "platform 7", "platform 2"),
    ("the chess club meets in studio C", "nope, studio E, i misread the poster", "studio E", "studio C"),
    ("my usual spot is desk 2.15 by the printer", "change that to desk 6.01, we moved floors",
     "desk 6.01", "2.15"),
    ("i got seat 12A on the bus to leeds", "swapped to seat 20C so my friend could have the window",
     "seat 20C", "12A"),
])
def test_a_label_moved_with_a_word_of_change(first, then, new, old) -> None:
    replaced(remember(first, then), new, old)


def test_labels_of_other_things_stay_apart() -> None:
    memory = remember("new job! im on floor 4 of the Tower building",
                      "the lift to floor 9 is broken again lol")
    kept(memory, "floor 4")
    memory = remember("the maths exam is in hall B", "the chemistry exam is in hall D")
    kept(memory, "hall B")
    kept(memory, "hall D")


def test_a_place_changed_after_settings_with_no_name() -> None:
    # the settings spoken of last have a value and no name of their own
    memory = remember("hmm nah german", "they moved it to Victoria Park, the field is flooded",
                      "we're landing at terminal 5 now")
    kept(memory, "German")
    assert any(p.value == "terminal 5" for p in memory.all_patches)


@pytest.mark.parametrize("first, then, one, other", [
    ("Table 3 gets the gluten-free platter at the party.", "table 9 gets the kids' platter. can you print the list?",
     "gluten-free", "kids"),
    ("Room 12 is booked for the board meeting.", "Room 14 is booked for the interviews.",
     "board meeting", "interviews"),
])
def test_a_numbered_thing_that_does_something_is_named_by_its_number(first, then, one, other) -> None:
    # "Table 3 gets ...": 3 names the table, it is no count to revise; table 9's is another
    memory = remember(first, then)
    kept(memory, one)
    kept(memory, other)
    assert not any(p.history for p in memory.all_patches)
