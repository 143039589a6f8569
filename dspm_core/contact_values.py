"""Where things go and how to reach someone: street addresses, email addresses, phone
numbers and postcodes, read as values of their own kind.

"41 Mill Lane, Bath", "500 Pine St, Portland, OR", "22 Rue Oberkampf", "Calle Mayor 14,
Madrid"; "billing@acme.com"; "07700 900431", "+44 7700 900123", "555-0142"; "LS6 2AB";
"https://api.acme.io/v2"; "/var/log/myapp".
:func:`contact_value` gives the kind and the canonical form of one said as a whole value,
so a new address revises the old one ("new address: 7 Orchard Close") and never a count
("41 Mill Lane" holds no 41 of anything). :data:`CONTACT` is the pattern that finds one in
a sentence, for the value finder.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["CONTACT", "CONTACT_RE", "EMAIL", "contact_value"]

# street types that name a street whatever their case ("22 elm street"), and those that do
# only capitalised ("7 Orchard Close"; "a 5 minute walk" is no street)
_STREET = r"(?i:road|rd|street|st|lane|ln|avenue|ave|drive|boulevard|blvd|crescent|terrace|mews|highway|hwy|parkway|pkwy)"
_STREET_CAPITAL = r"(?:Close|Way|Court|Ct|Place|Pl|Grove|Gardens|Hill|Park|Row|Walk|View|Square|Sq|Circle|Parade|Dr)"
# a word of a street's name: not a word of a sentence that runs past a number ("3 miles
# down the road")
_NAME_WORD = (r"(?!(?i:the|a|an|of|to|down|up|and|or|on|in|at|my|our|your|per|each|every|"
              r"miles?|km|minutes?|mins?|hours?|blocks?|doors?)\b)[A-Za-zÀ-ÿ][\w'’À-ÿ-]*")
# (capitals whatever the flags of the pattern it is put in: ", use that for ..." is no city)
# (a town with its postcode after it: "Leeds LS8 1QT")
_CITY = (r"(?:,\s*(?-i:(?![A-Z]{1,2}\d)[A-Z][\w'’À-ÿ-]*(?:\s+(?![A-Z]{1,2}\d)[A-Z][\w'’À-ÿ-]*){0,2}"
         r"(?:\s+[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b)?|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|\d{5}"
         # typed in lower case, a town is known by the postcode after it ("leeds ls8 1qt")
         r"|(?:[a-z][\w'’-]*\s+){0,2}[a-z]{1,2}\d[a-z\d]?\s?\d[a-z]{2}\b))")
# "Rue de Rivoli", "Calle de Alcalá", "Via della Spiga"
_PARTICLE = r"(?:de|du|des|de la|del|della|di|da|do|dos|das|van|von)"
_FOREIGN = r"(?:Rue|Avenue|Boulevard|Calle|Avenida|Via|Rua|Piazza|Plaza|Platz)"
# a flat, apartment, unit or suite within the building ("22 Elm Street, apt 4")
_FLAT_WORDS = r"apt|apartment|flat|unit|suite|ste"
_WITHIN = rf"(?:,?\s+(?i:{_FLAT_WORDS})\.?\s*#?\d{{1,4}}[A-Za-z]?\b)"
_ADDRESS = (rf"(?:\d{{1,5}}[A-Za-z]?,?\s+(?:{_NAME_WORD}\s+){{1,3}}(?:{_STREET}|{_STREET_CAPITAL})\b\.?{_WITHIN}?"
            rf"|\d{{1,5}},?\s+{_FOREIGN}\s+(?:{_PARTICLE}\s+)?(?:[A-Z][\w'’À-ÿ-]*\s?){{1,3}}"
            rf"|{_FOREIGN}\s+(?:{_PARTICLE}\s+)?(?:[A-Z][\w'’À-ÿ-]*\s+){{1,3}}\d{{1,5}}\b)(?:{_CITY}){{0,2}}")
#: an email address ("billing@acme.com")
EMAIL = r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
_EMAIL = EMAIL
# a phone number: with its country code, or a leading 0 and a space, or the 555-0142 shape
_PHONE = (r"(?:\+\d{1,3}[\s.-]?\(?\d{1,4}\)?(?:[\s.-]?\d{2,4}){2,4}|0\d{2,4}[\s-]\d{3,4}(?:[\s-]?\d{3,4})?"
          r"|\(\d{3}\)\s?\d{3}-\d{4}|\d{3}-\d{3}-\d{4}|\d{3}-\d{4})(?![\w-])")
_POSTCODE = r"(?-i:[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})\b"
# a web address and a file system path ("https://api.acme.io/v2", "/var/log/app",
# "~/.config/app"): where things are read from and written to; never "and/or", "24/7"
_URL = r"https?://[\w.-]+(?:/[\w.~%@+=&?#-]*)*(?<![.,;:!?])"
_PATH = r"(?<![\w.:/~])(?:~|\.{1,2})?/[\w.@%+-]*[\w@%+-](?:/[\w.@%+-]+)*/?(?![\w/])"
#: a contact value said in a sentence
CONTACT = rf"(?:{_EMAIL}|{_ADDRESS}|{_PHONE}|{_POSTCODE}|{_URL}|{_PATH})"
#: :data:`CONTACT`, compiled
CONTACT_RE = re.compile(CONTACT)

_KINDS = (("email", re.compile(rf"^{_EMAIL}$")), ("address", re.compile(rf"^{_ADDRESS}$")),
          ("phone", re.compile(rf"^{_PHONE}$")), ("postcode", re.compile(rf"^{_POSTCODE}$")),
          ("url", re.compile(rf"^{_URL}$")), ("path", re.compile(rf"^{_PATH}$")))
# the flat within an address, its word and number apart ("apt. #4")
_WITHIN_RE = re.compile(rf",?\s+(?P<word>{_FLAT_WORDS})\.?\s*#?(?P<n>\d{{1,4}}[a-z]?)\b", re.I)
_FLAT_WORD = {"apartment": "apt", "ste": "suite"}


_ABBREVIATIONS = {"rd": "road", "st": "street", "ln": "lane", "ave": "avenue", "blvd": "boulevard",
                  "hwy": "highway", "pkwy": "parkway", "ct": "court", "pl": "place", "sq": "square",
                  "dr": "drive"}


@lru_cache(maxsize=4096)
def contact_value(text: str) -> tuple[str, str] | None:
    """``(kind, canonical)`` of the contact value ``text`` is as a whole, or None; kind is
    ``email``, ``address``, ``phone``, ``postcode``, ``url`` or ``path``."""
    raw = " ".join(text.strip().rstrip(".,;:!?").split())
    for kind, pattern in _KINDS:
        if pattern.match(raw):
            return kind, _canonical(kind, raw)
    return None


def _canonical(kind: str, raw: str) -> str:
    if kind == "phone":
        return re.sub(r"\D", "", raw)
    if kind == "postcode":
        return raw.upper().replace(" ", "")
    if kind in ("url", "path"):
        return raw.rstrip("/") or raw  # "/var/log/app/" is "/var/log/app"
    low = raw.lower()
    if kind == "address":
        within = _WITHIN_RE.search(low)  # the flat is part of where: "apt 4" is no "apt 5"
        # the street and number; the town may be left out
        street = (low[:within.start()] if within else low).split(",", 1)[0]
        if within:  # "apt. #4" -> "apt 4": a flat's number as one writing
            word = within.group("word")
            street = f"{street} {_FLAT_WORD.get(word, word)} {within.group('n')}"
        return " ".join(_ABBREVIATIONS.get(w.rstrip("."), w.rstrip(".")) for w in street.split())
    return low
