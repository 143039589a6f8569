"""A change of place that names no setting replaces the place of the sentence that said it,
when no form read that sentence as a setting: the last user sentence naming one place, of
the new one's shape; never someone else's, a question, a supposition, or a sentence of two
places."""

from __future__ import annotations

import pytest

from dspm_core.place_phrases import places_named
from test_in_passing import kept, remember, replaced


@pytest.mark.parametrize("text, places", [
    ("netball tonight, Hillside Leisure Centre, 7 till 8", ("Hillside Leisure Centre",)),
    ("they gave us table 9 at the gala, near the stage", ("table 9",)),
    ("vet appt fri 4pm - Greenway Vets on Oak Rd", ("Greenway Vets on Oak Rd",)),
    ("we fly from Leeds to Faro on the 3rd", ("Leeds", "Faro")),
    ("no idea what to cook tonight", ()),
])
def test_the_places_a_sentence_names(text: str, places: tuple) -> None:
    assert places_named(text) == places


@pytest.mark.parametrize("first, then, new, old", [
    ("netball tonight, Hillside Leisure Centre, 7 till 8",
     "they moved it to Parkside School, the sports hall roof leaks", "Parkside School", "Hillside Leisure Centre"),
    ("they gave us table 9 at the gala, near the stage", "table 4 now, the organisers reshuffled",
     "table 4", "table 9"),
    ("vet check-up - Greenway Vets on Oak Rd, bring the vaccination card",
     "relocated to their Mill Street branch, oak rd is shut", "Mill Street branch", "Greenway Vets"),
])
def test_a_change_of_place_replaces_the_place_of_a_sentence(first, then, new, old) -> None:
    replaced(remember(first, then), new, old)


def test_a_change_of_place_passes_over_what_it_cannot_be() -> None:
    memory = remember("my brother's stag do is at the Fox Inn", "they moved it to the Crown, cheaper rooms")
    kept(memory, "Fox Inn")
    memory = remember("if it snows we'd go to the Ice Arena instead", "they moved it to the Bowl, cheaper")
    kept(memory, "Ice Arena")
    memory = remember("is the Plough any good for a birthday?", "let's do the Red Lion instead")
    kept(memory, "Plough")
    memory = remember("they gave us table 9 at the gala", "seat 14 now, they split the tables")
    kept(memory, "table 9")
