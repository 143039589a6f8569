"""Standing facts of a home, read by their form: what comes back and how often, what a
household member cannot have, how the user takes something, how many there are, and where
the post goes.

- A routine: a thing of the household, its verb in the present, and how often ("The dog eats
  twice a day.", "Our cleaner comes fortnightly.", "The boiler gets serviced every October.",
  "The kids are with their dad every other weekend.").
- A standing amount: a thing of the household and a sum by the period or the occasion ("The
  kids get £5 pocket money a week.", "We tip the cleaner £10 each visit.").
- A member's condition: someone named, or of the family, who is allergic, intolerant,
  coeliac, diabetic, vegan ... ("Jamie is allergic to nuts.", "Dad's diabetic").
- How the user takes something ("I take my coffee black.", "I have my steak medium rare.").
- How many of something the household has ("We have two cats.", "I've got three kids").
- Where the post goes ("Ship my orders to the Bristol flat.").

Only the present of the user's own household is read: the past ("we had two cats growing
up"), a supposition, a question, what another household does ("my sister's kids get £10 a
week"), what someone says ("the vet says ...") and what happens today give None.
"""

from __future__ import annotations

import re

from ..frequency import frequencies_in
from ..lexicon import is_past_verb, is_third_person
from ..patch import PatchKind
from ..values import MONTHS, WEEKDAYS

__all__ = ["home_fact_kind"]

_I = re.I
# a thing of the household: "the dog", "our cleaner", "my phone bill"
_OURS_RE = re.compile(r"^\W*(?:(?:so|and|also|oh|btw|fyi)[\s,]+)*(?:the|our|my)\s+", _I)
# people a speaker names who keep another house ("my friend", "my boss")
_OUTSIDE_RE = re.compile(r"(?:friend|colleague|coworker|co-worker|boss|manager|neighbou?r|client|teacher|"
                         r"coach|landlord|tenant|cousin|aunt|uncle|niece|nephew|intern|employee|contractor)s?",
                         _I)
#: the most words a thing of the household is named with before its verb
_NAME_WORDS = 3
_EVERY_DAY_OR_MONTH_RE = re.compile(rf"\b(?:every|each)\s+(?:other\s+)?(?:{'|'.join(sorted([*MONTHS, *WEEKDAYS], key=len, reverse=True))})"
                             r"(?:day)?s?\b", _I)
# a sum by the period or the occasion ("£5 ... a week", "£10 each visit", "$200 every payday")
_AMOUNT_RE = re.compile(r"(?:[$€£]\s?\d[\d,.]*|\d[\d,.]*\s?(?:pounds|dollars|euros|quid|bucks))\b"
                        r"(?:\s+[\w-]+){0,3}?\s+(?:a|an|per|each|every)\s+[a-z]+", _I)
_FIRST_PERSON_AMOUNT_RE = re.compile(r"^\W*(?:i|we)\s+(?:usually\s+|always\s+)?(?P<verb>[a-z]+)\b", _I)
# what is not of the household's present: the past, a supposition, what another says, today
_NOT_NOW_RE = re.compile(r"\b(?:was|were|had|used to|if|would|might|could|maybe|says?|said|thinks?|"
                         r"reckons?|apparently|today|tonight|tomorrow|yesterday|this (?:morning|afternoon|"
                         r"evening|week)|right now|growing up|ago)\b|\?\s*$", _I)
_FAMILY = (r"(?:dad|mum|mom|mam|gran|granny|grandma|grandad|grandpa|nan|nana|papa|mama|"
           r"auntie|uncle)")
# a member of the household said with "my" ("my kid's allergic to peanuts", "our son is coeliac";
# a sibling or a flatmate is told of, not cooked for)
_MEMBER = (r"(?:my|our)\s+(?:(?:little|youngest|eldest|oldest|younger|older|middle)\s+)?(?:kid|son|daughter|"
           r"child|boy|girl|husband|wife|partner|boyfriend|girlfriend|fianc[eé]e?|baby|toddler)")
_ADVERB = r"(?:(?:also|now|severely|very|quite|really)\s+)?"
# conditions only a person has (a food is never allergic), and those a diet is too
_PERSON_CONDITION = (r"(?:allergic\s+to\s+\w+|[a-z]+[- ]intolerant|intolerant\s+to\s+\w+|diabetic|"
                     r"c(?:o)?eliac|(?:deaf|blind|colou?r[- ]?blind)(?!\s+to\b)|pregnant|teetotal|epileptic|asthmatic)\b")
_DIET = r"(?:vegan|vegetarian|pescatarian|gluten[- ]free|dairy[- ]free|halal|kosher)\b"
_IS = r"(?:\s+is|'s|\s+has been)\s+"
_CANT_HAVE = r"\s+(?:can't|cannot|can not|doesn't|does not)\s+(?:eat|have|drink|tolerate)\s+\w"
# "Jamie is allergic to nuts", "Dad's diabetic", "Jamie can't have dairy", "Gran is vegan"
_CONDITION_RE = re.compile(rf"^\W*(?-i:[A-Z])[a-z]+(?:{_IS}{_ADVERB}{_PERSON_CONDITION}|{_CANT_HAVE})"
                           rf"|^\W*(?:{_FAMILY}|{_MEMBER})(?:{_IS}{_ADVERB}(?:{_PERSON_CONDITION}|{_DIET})|{_CANT_HAVE})", _I)
# "I take my coffee black", "I have my steak medium rare", "I drink my whisky neat"
_TAKEN_RE = re.compile(r"^\W*i\s+(?:usually\s+|always\s+|only\s+)?(?:take|have|like|drink|eat|want|prefer|"
                       r"order)\s+my\s+(?P<thing>[a-z]+)\s+(?P<how>(?!at\b|on\b|in\b|for\b|to\b|from\b|"
                       r"with me\b)[a-z][\w -]*)$", _I)
# "We have two cats", "I've got three kids under ten", "We share one car between us"
_COUNT_RE = re.compile(r"^\W*(?:we|i)\s*(?:have|'ve got|have got|'ve|own|share|keep)\s+(?:got\s+)?"
                       r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a couple of)\s+"
                       r"(?P<noun>[a-z]+)\b", _I)
#: the longest sentence read as a count of the household ("I've got three kids under ten"),
#: never the givens of a longer one ("I have two triangular structures, and ...")
_COUNT_WORDS = 8
# what a count of the talk is of, not of the household ("we have two options")
_TALK_NOUNS = frozenset("option options choice choices question questions problem problems issue issues "
                        "idea ideas thing things way ways reason reasons step steps point points minute "
                        "minutes hour hours day days left".split())
# "Ship my orders to the Bristol flat", "send any post to my parents' place"
_POST_RE = re.compile(r"^\W*(?:please\s+)?(?:ship|send|deliver|post|forward)\s+(?:all\s+|any\s+)?"
                      r"(?:my|our|all|any)\s+(?:[\w-]+\s+){0,2}?(?:orders|parcels|packages|post|mail|letters|"
                      r"deliveries|shopping)\s+to\s+\S", _I)


# the kind of home the user lives in ("I live in a dorm with just a kettle", "we're in a
# one-bed flat with no garden"); never "I live in hope", "we live in a world where ..."
_HOME_KIND_RE = re.compile(r"^\W*(?:i|we)\s*(?:live|'m living|am living|'re living|are living|'m|am|'re|are)\s+"
                           r"in\s+(?:a|an|the|my|our)\s+(?:[\w-]+\s+){0,3}?(?:dorm|dormitory|flat|apartment|studio|"
                           r"house|bungalow|cottage|caravan|houseboat|bedsit|condo|townhouse|terrace|maisonette|"
                           r"basement|loft|hostel|boat|van|rental|rented\s+\w+|shared\s+\w+|houseshare|flatshare)\b", _I)


def home_fact_kind(sentence: str) -> PatchKind | None:
    """The kind of standing fact of the user's home ``sentence`` states, or None."""
    s = sentence.strip().rstrip(".!")
    if not s or _NOT_NOW_RE.search(s):
        return None
    if _CONDITION_RE.match(s):
        return PatchKind.CONSTRAINT
    if _TAKEN_RE.match(s):
        return PatchKind.CONSTRAINT
    count = _COUNT_RE.match(s)
    if count and count.group("noun").lower() not in _TALK_NOUNS and len(s.split()) <= _COUNT_WORDS:
        return PatchKind.DECISION
    if _POST_RE.match(s) or _HOME_KIND_RE.match(s):
        return PatchKind.DECISION
    rest = _after_verb(s)
    if rest is not None and (frequencies_in(rest) or _EVERY_DAY_OR_MONTH_RE.search(rest) or _AMOUNT_RE.search(rest)):
        return PatchKind.DECISION  # "The dog eats twice a day", "The kids get £5 pocket money a week"
    mine = _FIRST_PERSON_AMOUNT_RE.match(s)
    if mine and not is_past_verb(mine.group("verb")) and _AMOUNT_RE.search(s, mine.end()):
        return PatchKind.DECISION  # "We tip the cleaner £10 each visit"
    return None


def _after_verb(sentence: str) -> str | None:
    """What follows the verb of a sentence about a thing of the household ("twice a day"
    of "The dog eats twice a day"), or None: no such thing, another's ("my sister's kids"),
    or no verb of the present."""
    ours = _OURS_RE.match(sentence)
    if ours is None:
        return None
    words = sentence[ours.end():].split()
    for i, word in enumerate(words[1:_NAME_WORDS + 1], 1):
        if any(w.lower().endswith(("'s", "’s")) or _OUTSIDE_RE.fullmatch(w) for w in words[:i]):
            return None  # ("my sister's kids", "my friend swears by ...": another's)
        if _present(word):
            return " ".join(words[i + 1:])
    return None


def _present(verb: str) -> bool:
    """A verb of the present said of a thing: "eats", "comes", "is", "are", "gets"."""
    return verb.lower() in ("is", "are", "get", "go", "come") or is_third_person(verb.lower())
