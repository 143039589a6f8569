"""Place names as said in a sentence: a room or gate with its code ("room 4D", "gate B14"),
a city or country (:func:`places.is_place`), a name in capitals ("the Corn Exchange", "Hanley
bus station", "Costa on High Street"), or words in lower case that end in a noun for a place
("the sports hall car park", "the flat on Mill Road").
"""

from __future__ import annotations

import re
from functools import lru_cache

from .known_names import name_category
from .labels import LABEL_RE, labels_in
from .places import is_place
from .vocab import word_frequency

__all__ = ["PLACE_NOUNS", "is_venue", "named", "place_at", "places_named"]

#: a first word more frequent than this (per the bundled word counts) is a word, not a name
_WORD_FREQUENCY = 10_000

#: nouns of places: the last word of a place said in lower case ("the sports hall car park")
PLACE_NOUNS = frozenset(
    "airport arena avenue bar bistro branch building cafe café campus canteen center "
    "centre church clinic club college corner court courtyard deli district entrance "
    "exchange exit field flat fountain foyer gallery garage garden gardens gate gym hall "
    "harbor harbour hostel hotel house inn kitchen lab lane library lobby lodge lounge "
    "marina market marshes museum office park pavilion pier pitch place plaza pub quay "
    "restaurant road school shop site square stadium station statue steps store street "
    "studio surgery terminal theater theatre tower venue village warehouse yard zoo "
    "room space stage area deck lot lawn patio porch basement attic backyard classroom ward wing dock "
    "jetty beach trailhead rink bay".split())

_LABEL_RE = LABEL_RE
# a name in capitals, with the words that join one ("the Slug and Lettuce", "Costa on High
# Street"), and the lower-case nouns of a place after it ("Hanley bus station")
_CAPS = r"(?:St\.?\s+)?[A-Z][\w'’&.-]*"
_NAME_RE = re.compile(rf"(?:the\s+)?{_CAPS}(?:\s+(?:(?:and|&|of|on|upon|de|la|le)\s+)?{_CAPS})*"
                      r"(?P<tail>(?:\s+(?!(?:in|on|at|the|of|by|near|for|to|and|with|from|is|are)\b)[a-z]+){0,3})")
# lower-case words that end in a noun for a place ("the sports hall car park")
_PLAIN_RE = re.compile(r"(?:the|my|our|their|his|her)\s+(?:(?!(?:on|in|at|off)\s)[a-z][\w'’-]*\s+){0,3}"
                       r"(?!(?:on|in|at|off)\b)[a-z][\w'’-]*"
                       rf"(?P<on>\s+(?:on|in|at|off)\s+{_CAPS}(?:\s+{_CAPS})*)?")
_NOT_NAMES = frozenset("i i'm i'll i've i'd monday tuesday wednesday thursday friday saturday sunday "
                       "january february march april may june july august september october "
                       "november december christmas xmas easter".split())


_THEIR_RE = re.compile(r"^(?:their|our|my|his|her|your)\s+(?-i:(?=[A-Z]))", re.I)


def place_at(text: str, plain: bool = False, initial: bool = False) -> str | None:
    """The place ``text`` begins with, or None; ``plain``: words in lower case that end in a
    noun for a place count too (only after a form that can name nothing else); ``initial``:
    ``text`` opens a clause, where a capital says nothing of a name by itself ("From")."""
    t = _THEIR_RE.sub("", text.strip(" ,"))  # "their Baker Street branch"
    m = _LABEL_RE.match(t)
    if m:
        return m.group(0)
    parts = t.split()
    geo = next((name for n in range(min(3, len(parts)), 0, -1)
                if is_place(name := " ".join(parts[:n]).rstrip(".,;:!?'’"))), None)
    name = _capitalised(t, initial)
    if geo is not None and (name is None or len(name.split()) <= len(geo.split())):
        return geo  # (but "Riverside Park" is more than the city of Riverside)
    if name is not None:
        return name
    return _plain(t) if plain else None


def _capitalised(t: str, initial: bool) -> str | None:
    """The name in capitals ``t`` begins with ("the Corn Exchange", "Hanley bus station")."""
    m = _NAME_RE.match(t)
    if m is None:
        return None
    tail = m.group("tail").split()
    # keep the lower-case words only up to the last noun for a place
    while tail and tail[-1].lower() not in PLACE_NOUNS:
        tail.pop()
    name = (m.group(0)[: m.start("tail")] + "".join(" " + w for w in tail)).rstrip(".'’")
    bare = re.sub(r"^the\s+", "", name, flags=re.I)
    if name_category(bare) is not None or bare.split()[0].lower().strip("'’") in _NOT_NAMES \
            or bare.isupper() and len(bare) <= 4 or initial and name == bare and not named(bare):
        return None
    return name


def _plain(t: str) -> str | None:
    """Words in lower case that end in a noun for a place ("the sports hall car park"), with
    the street they are on ("the flat on Mill Road")."""
    m = _PLAIN_RE.match(t)
    if m is None:
        return None
    said = m.group(0)[: m.start("on")] if m.group("on") else m.group(0)
    words = said.split()
    while len(words) > 1 and words[-1].lower() not in PLACE_NOUNS:
        words.pop()
    if len(words) < 2:
        return None
    whole = len(words) == len(said.split()) and m.group("on") and \
        m.group("on").split()[1].lower() not in _NOT_NAMES
    return " ".join(words) + (m.group("on") if whole else "")


def named(words: str) -> bool:
    """Words that open a clause and still name something: a second word in capitals ("Lake
    District"), a noun for a place at the end, or a first word rare in English ("Dishoom")."""
    parts = words.split()
    return any(w[:1].isupper() for w in parts[1:]) or parts[-1].lower() in PLACE_NOUNS \
        or word_frequency().get(parts[0].lower().strip("'’"), 0) <= _WORD_FREQUENCY


def is_venue(value: str | None) -> bool:
    """Whether ``value`` names a place by its own shape: a room or gate with its code, a city
    or country, or words that end in a noun for a place ("Victoria Park")."""
    v = (value or "").strip()
    if not v:
        return False
    return bool(_LABEL_RE.fullmatch(v)) or is_place(v) or v.split()[-1].lower() in PLACE_NOUNS


# where a place may follow: "... at Kinetiq Physio", "venue: The Copper Pot", "... - Terminal 2"
_BEFORE_PLACE_RE = re.compile(r"(?:\b(?:at|in|from|to|outside|near|by|is|booked|reserved)\s+|[:–,-]\s+)", re.I)


@lru_cache(maxsize=16384)
def places_named(text: str) -> tuple[str, ...]:
    """The places a sentence names where a place can stand, in order: its noun-and-code
    places and the names after "at", "in", "from", "to", a colon or a dash."""
    found = list(labels_in(text))
    for m in _BEFORE_PLACE_RE.finditer(text):
        place = place_at(text[m.end():])
        if place is not None and not any(place in f or f in place for f in found):
            found.append(place)
    return tuple(found)
