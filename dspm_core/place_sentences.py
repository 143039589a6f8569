"""The sentence of the last turns that said where something is, for a change of place that
names no setting: "they moved it to Victoria Park" after "sunday league this week, Hackney
Marshes, kick off 10:30" (a sentence no form read as a setting).

The sentence is a user's, of the last few turns, names exactly one place, and that place is
of the new one's shape: a room or gate for a room or gate of the same noun ("table 7 now" for
"they gave us table 12"), a name for a name. A sentence about someone else's, a question,
a supposition or the past is passed over, and the search stops at the last sentence that
names any place: it is the one spoken of.
"""

from __future__ import annotations

from itertools import islice

from .labels import code_alone, is_label, label_noun
from .patch import AUTHORITY, Patch, PatchKind, Role
from .place_phrases import places_named
from .venues import told_of_another, venue_said

__all__ = ["is_place_change", "place_sentence"]

#: how many turns back, and how many stored statements back, a change of place may reach
PLACE_TURNS = 8
PLACE_SCAN = 48
#: the longest sentence read for the place it names
PLACE_SENTENCE_WORDS = 40


def place_sentence(patches: dict[str, Patch], role: Role, turn: int,
                   new: str) -> tuple[Patch, str] | None:
    """The sentence whose one place ``new`` replaces, with that place; or None."""
    for pid in islice(reversed(patches), PLACE_SCAN):
        p = patches[pid]
        if p.turn >= turn or turn - p.turn > PLACE_TURNS or p.later is not None \
                or AUTHORITY[p.role] < AUTHORITY[Role.USER] or AUTHORITY[p.role] > AUTHORITY[role]:
            continue
        if len(p.text.split()) > PLACE_SENTENCE_WORDS:
            continue  # a pasted or run-on text, not a sentence saying where something is
        places = places_named(p.text)
        if p.kind is not PatchKind.SENTENCE and p.key is not None \
                and not p.key.split("|")[2].startswith("free:") \
                and not (len(places) == 1 and is_label(places[0]) and places[0].endswith(f" {p.value}")):
            continue  # a setting with a value of its kind is the resolver's (but "table 12"
            # read as the number 12 is where the table is)
        if not places:
            continue
        if len(places) != 1 or told_of_another(p.text) or not _same_shape(new, places[0]):
            return None
        return p, places[0]
    return None


def is_place_change(text: str) -> bool:
    """``text`` changes a place without naming the setting ("it'll be room 5D")."""
    said = venue_said(text)
    return said is not None and said[0] is None


def _same_shape(new: str, old: str) -> bool:
    """A code for a code of the same noun, a name for a name."""
    if code_alone(new) == new:
        return is_label(old)
    if is_label(new) or is_label(old):
        return label_noun(new) == label_noun(old)
    return True
