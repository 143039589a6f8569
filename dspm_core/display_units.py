"""The unit or currency a user asks things to be given in: "show prices in USD", "distances
in miles please", "give temperatures in fahrenheit", "use metric units", "switch to kilos".

:func:`display_unit` reads a unit word said alone as a value of the kind ``unit:<measure>``
(currency, length, mass, temperature, volume, energy, or the system of units), so that "show them
in euros" revises "show prices in USD" and never "distances in miles". :func:`in_unit`
reads a sentence that asks for a unit ("<what> in <unit>", "switch <what> to <unit>", "use
<unit>") into its subject and unit.

The words are a closed table: the currencies are the money units values already know
(``values.UNIT_ALIASES``) and the common names of others; the measures are the handful people
switch between. A unit library was measured and left out: pint takes 0.84 s to load and
reads "kilos" as kiloseconds and "F" as farads.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["as_weight", "display_unit", "in_unit", "measure_of", "unit_setting"]

_MEASURES = {
    "length": "mile miles km kms kilometre kilometres kilometer kilometers metre metres meter "
              "meters foot feet inch inches cm centimetre centimetres centimeters yard yards",
    "mass": "kilo kilos kg kgs kilogram kilograms lb lbs stone grams gram ounce ounces oz",
    "temperature": "celsius centigrade fahrenheit",
    "volume": "litre litres liter liters gallon gallons cup cups ml millilitres milliliters",
    "energy": "calorie calories kcal kcals kilocalorie kilocalories kilojoule kilojoules kj",
    "system": "metric imperial",
    "currency": "franc francs swiss_franc swiss_francs peso pesos yen rupee rupees yuan "
                "renminbi krona kronor krone kroner won rand zloty dirham dirhams bitcoin "
                "quid sterling us_dollars chf jpy inr cad aud",
}
_CANONICAL = {"us dollars": "USD", "quid": "GBP", "sterling": "GBP", "chf": "CHF", "franc": "CHF",
              "francs": "CHF", "swiss franc": "CHF", "swiss francs": "CHF", "jpy": "JPY",
              "yen": "JPY", "inr": "INR", "rupee": "INR", "rupees": "INR",
              "km": "kilometre", "kms": "kilometre", "kilo": "kilogram", "kilos": "kilogram",
              "kg": "kilogram", "kgs": "kilogram", "lb": "pound", "lbs": "pound",
              "centigrade": "celsius"}


@lru_cache(maxsize=1)
def _kinds() -> tuple[dict[str, str], dict[str, str]]:
    """The measure of each unit word and its canonical form, with the money units values
    already know ("usd", "euros", "pounds"; values imports this module, so it is read here)."""
    from .values import UNIT_ALIASES

    kind = {w.replace("_", " "): k for k, words in _MEASURES.items() for w in words.split()}
    canonical = dict(_CANONICAL)
    for alias, (canon, dim, _) in UNIT_ALIASES.items():
        if dim == "money" and alias.isalpha():
            kind[alias], canonical[alias] = "currency", canon
    return kind, canonical
#: what makes "pounds" a weight, said in the subject ("weights in pounds")
_WEIGHT_RE = re.compile(r"\b(?:weigh\w*|mass|body|bag\w*|luggage|lift\w*|load)\b", re.I)

_LEAD = r"^\W*(?:(?:please|pls|and|also|actually|now|ok(?:ay)?|so|oh)[\s,]+)*"
_UNIT = r"(?P<unit>[a-z]+(?:\s+[a-z]+)??)(?:\s+units?)?"
_TAIL = (r"(?:\s+(?:please|pls|from now on|going forward|instead|now|only|too|then|by default|"
         r"again))*\s*(?:[.!]|[,;]\s.*)?$")  # a reason may follow: ", the client is in Texas"
_WHAT = r"(?P<subj>(?:(?:the|my|our|all|all the|your)\s+)?[a-z][\w' -]{1,40}?)"
_UNIT_ASKED = [re.compile(p, re.I) for p in (
    # "show prices in USD", "oven temps in celsius", "now prices in swiss franc"
    _LEAD + r"(?:(?:show|give|quote|list|track|put|keep|display|write|do|express|have|post|"
    r"report)\s+(?:me\s+|us\s+)?)?" + _WHAT + r"\s+in\s+" + _UNIT + _TAIL,
    # "switch the recipes to imperial", "change it back to celsius", "switch to kilos"
    _LEAD + r"(?:switch|change|convert|move|put|set|go)\s+(?:back\s+)?(?:" + _WHAT
    + r"\s+)?(?:back\s+)?(?:to|into)\s+" + _UNIT + _TAIL,
    # "use metric units in the recipes", "use kilometres from now on", "make that fahrenheit"
    _LEAD + r"(?:use|stick (?:to|with)|go with|make (?:it|that|them))\s+" + _UNIT
    + r"(?:\s+(?:in|for)\s+" + _WHAT + r")?" + _TAIL,
)]


@lru_cache(maxsize=4096)
def display_unit(text: str) -> tuple[str, str] | None:
    """``(dimension, canonical)`` of a unit word said alone as a value ("euros" ->
    ``("unit:currency", "EUR")``), or None."""
    word = " ".join(text.lower().strip(" .,!?").split())
    word = re.sub(r"\s+units?$", "", word)  # "metric units"
    kinds, canonical = _kinds()
    kind = kinds.get(word)
    if kind is None:
        return None
    return f"unit:{kind}", canonical.get(word, word)


def measure_of(unit: str | None) -> str | None:
    """What a unit of a counted value measures ("kg": mass, "miles": length, "°C" and
    "celsius": temperature, "cups": volume), or None for the noun of a count ("nodes",
    "pages", "boxes") and for no unit. Money is read apart (its own dimension)."""
    if not unit:
        return None
    word = " ".join(unit.lower().split(" per ")[0].split())  # ("kg per month": kg)
    if word in ("°c", "°f", "c", "f", "degrees"):
        return "temperature"
    kinds = _kinds()[0]
    kind = kinds.get(word) or kinds.get(word.split()[0]) if word else None
    return None if kind in (None, "currency", "system") else kind


def unit_setting(dimension: str) -> str:
    """The name of the setting a unit of ``dimension`` is the value of ("quote everything in
    GBP": the currency)."""
    return _SETTING.get(dimension, "units")


_SETTING = {"unit:currency": "currency", "unit:length": "distance unit", "unit:mass": "weight unit",
            "unit:temperature": "temperature unit", "unit:volume": "volume unit",
            "unit:energy": "energy unit", "unit:system": "units"}


def as_weight(dimension: str, canonical: str, subject: str | None) -> tuple[str, str]:
    """Pounds said of a weight are a unit of mass ("weights in pounds")."""
    if canonical == "GBP" and subject and _WEIGHT_RE.search(subject):
        return "unit:mass", "pound"
    return dimension, canonical


@lru_cache(maxsize=4096)
def in_unit(text: str) -> tuple[str | None, str, bool] | None:
    """``(subject, unit, changed)`` of a sentence that asks for a unit ("show prices in USD"
    -> ("prices", "USD", False); "now prices in swiss franc" -> ("prices", "swiss franc",
    True); "switch to kilos" -> (None, "kilos", True)), or None when the word asked for is no
    unit. ``changed``: the sentence says the unit changes."""
    asked = _REQUEST_RE.match(text)
    if asked is not None:  # "for my running log can you show distances in miles?": asked for
        text = text[asked.end():].rstrip().rstrip("?")
    for pattern in _UNIT_ASKED:
        m = pattern.match(text.strip())
        if m is not None and display_unit(m.group("unit")) is not None:
            subject = m.group("subj")
            if subject and (re.search(r"\d", subject) or _ASKS_RE.match(subject)):
                return None  # "give me 40 dollars in euros": an amount converted once; "did
                # you show the prices in USD": a question
            changed = subject is None or _CHANGED_RE.search(text) is not None
            return (subject.strip() if subject else None), m.group("unit"), changed
    return None


_ASKS_RE = re.compile(r"(?:did|do|does|have|has|are|is|was|were|will|would)\s+(?:you|u|we|i|they|it)\b", re.I)
# a request said as a question, with what it is for before it
_REQUEST_RE = re.compile(r"^\W*(?:for (?:my|the|our|this|your) [\w' -]{1,30}?[\s,]+)?(?:can|could|would) "
                         r"(?:you|u)\s+(?:please\s+|pls\s+)?(?=(?:show|give|quote|list|track|keep|"
                         r"display|write|do|put|switch|change|convert|use)\b)(?=[^?]*\?\s*$)", re.I)
_CHANGED_RE = re.compile(r"\b(?:now|actually|instead|from now on|going forward|these days|anymore|"
                         r"switch\w*|change\w*|convert\w*|back)\b", re.I)
