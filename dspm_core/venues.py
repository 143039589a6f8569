"""Where something happens: venues, meeting points, rooms, hotels and destinations.

"salsa class is at the Corn Exchange" ... "new venue is St Mark's church hall"; "the review
is in room 3B" ... "facilities says it'll be room 5D"; "we're thinking krakow for the stag"
... "bratislava, half the group did krakow last year". A place said in one of these forms is
a setting of what happens there (``salsa class venue = the Corn Exchange``); a place said
in a form of change with no setting named ("it'll be X", "X it is", "let's do X", "they
moved it to X", "new venue is X") revises the place spoken of last.

A place is read by :mod:`place_phrases`: a room or gate with its code, a city or country, a
name in capitals or, after the forms that can only name a place ("we meet at ..."), words
that end in a noun for a place ("the sports hall car park").
"""

from __future__ import annotations

import re
from functools import lru_cache

from .labels import LABEL_RE, LABELLED, code_alone, labels_in
from .place_phrases import is_venue, named, place_at
from .places import is_place

__all__ = ["told_of_another", "venue_said", "venue_slot"]

#: the last word of a setting that holds a place
_SLOT_HEADS = frozenset("venue destination hotel point location room address place".split())


def venue_slot(slot: str | None) -> bool:
    """Whether a setting named ``slot`` holds a place ("salsa class venue", "meeting point")."""
    words = (slot or "").lower().split()
    return bool(words) and words[-1] in _SLOT_HEADS


_EVENT = r"(?P<event>(?:[\w'’-]+\s+){0,5}?[\w'’-]+)"
_TIME_TAIL_RE = re.compile(r"(?:\s+(?:this|next|on|tomorrow|tmrw|tommorow|tonight|today|year|week|"
                           r"month|monday|tuesday|wednesday|thursday|friday|saturday|"
                           r"sunday|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|"
                           r"sundays))+$", re.I)
# (and who told it: "coach emailed, practice is at the school gym from now on")
_LEAD_RE = re.compile(r"^(?:(?:so|and|also|oh|ok(?:ay)?|btw|fyi|ta|right|hi|hey|pls|please|"
                      r"reminder|quick update|update|apparently|looks like|turns out|scratch that|actually|"
                      r"(?:the\s+)?[a-z]+\s+(?:emailed|texted|called|rang|messaged|confirmed|said|says))[\s,:]+)+",
                      re.I)
# "<event> is at / is in / will be in <place>"
_HAPPENS_AT_RE = re.compile(
    rf"^(?:for\s+(?P<for>[\w'’ -]{{2,40}}?)[,\s]+)?{_EVENT}\s+(?:is|are|'s|’s|will be|'ll be|"
    r"meets|meet|takes place|happens|starts)\s+(?:(?:now|still|always|usually)\s+)?"
    r"(?P<prep>at|in|outside|by)\s+(?P<rest>.+)$", re.I)
# "the venue / meeting point (for the year 6 trip) is <place>"
_HEAD_IS_RE = re.compile(
    r"^(?:for\s+(?P<for>[\w'’ -]{2,40}?)[,\s]+)?(?:the\s+)?(?P<new>new\s+)?(?P<head>venue|location|"
    r"meeting point|meeting place|meet(?:ing)?[ -]up point|pick-?up(?: point)?|drop-?off(?: point)?|"
    r"destination|hotel)(?:\s+(?:for|of)\s+(?P<of>[\w'’ -]{2,40}?))?(?:\s+(?:is|'s|’s|will be|has changed to|"
    r"changed to)|\s*:|\s+-)\s+(?P<now>now\s+)?(?P<rest>.+)$", re.I)
# "we're thinking krakow for the stag", "booking a weekend in the Cotswolds for our anniversary"
_PLANNING_RE = re.compile(
    r"^(?:(?:i|we)(?:'re|’re|'m|’m| are| am)\s+)?(?P<verb>thinking|planning|booking|organising|"
    r"organizing|having)\s+(?:of\s+|about\s+)?(?P<rest>.+)$", re.I)
_AT_RE = re.compile(r"\b(?:in|at)\s+")
# "we're staying at the Harbour View Inn"
_STAYING_RE = re.compile(r"^(?:i|we)(?:'re|’re|'m|’m| are| am| will be|'ll be)\s+(?:now\s+)?staying\s+"
                         r"(?:at|in)\s+(?P<rest>.+)$", re.I)
# "lets all meet at the Jubilee Clock", "we'll meet outside Boots", "meet me at ..."
_MEET_RE = re.compile(
    r"^(?:for\s+(?P<for>[\w'’ -]{2,40}?)[,\s]+)?(?:let'?s|let’s|lets|we'?ll|we’ll|we'?re|we’re|we are|we|pls|please)?\s*"
    r"(?:all\s+)?meet(?:ing)?\s+(?:(?:me|us|up)\s+)?(?:at|outside|by|in front of)\s+(?P<rest>.+)$", re.I)
# a place said in a form of change, with no setting named
_CHANGED_TO_RE = re.compile(
    r"^(?:(?:they|we|he|she|the \w+)(?:'ve|’ve| have)?\s+)?(?:(?:it|that)(?:'s|’s| was| has been| is|"
    r" got| has)?\s+)?(?:been\s+)?(?:moved|changed|switched|shifted|relocated)\s+(?:it\s+|that\s+)?"
    r"(?:over\s+)?to\s+(?P<rest>.+)$"
    # "move it to the maker space", "we're moving it over to the back room"
    r"|^(?:(?:let's|lets|we're|we’re|we\s+are|we'll|please|pls)\s+)?(?:move|moving|relocate|relocating)\s+"
    r"(?:it|that|this|them)\s+(?:over\s+)?(?:to|into)\s+(?P<rest2>.+)$", re.I)
_WILL_BE_RE = re.compile(
    r"^(?:[\w'’]+\s+(?:says?|said|confirmed|reckons)\s+)?(?:it|that)(?:'ll|’ll| will| is going to)\s+be\s+"
    r"(?P<rest>.+)$", re.I)
# "send them to the flat on Mill Road from now on": where what is sent goes now
_SEND_RE = re.compile(r"^(?:send|deliver|ship|post|forward|bring)\s+(?:them|it|those|these)\s+"
                      r"(?:all\s+)?to\s+(?P<rest>.+)$", re.I)
# "gate changed to C7", "our room's been moved to 14"
_CODE_CHANGED_RE = re.compile(rf"^(?:the\s+|our\s+|my\s+)?(?P<noun>{LABELLED})(?:'s|’s| has| is| was| got)?"
                              r"\s+(?:been\s+)?(?:changed|moved|switched)\s+to\s+(?P<code>[A-Z]?\d{1,4}[A-Za-z]?)\b",
                              re.I)
# "it's at the library now", "we're in the Scout hut from next week": where it is, with a
# word that says since when
_AT_NOW_RE = re.compile(r"^(?:(?:going forward|from now on|from next \w+|now|as of \w+)[\s,]+)?"
                        r"(?:it'?s|it’s|it is|we'?re|we’re|we are|they'?re|they’re)\s+(?:now\s+)?(?:at|in)\s+"
                        r"(?P<rest>.+)$", re.I)
_NOW_WORDS_RE = re.compile(r"\b(?:now|going forward|from now on|from next|as of|these days|instead)\b", re.I)
# "try the Lidl car park for the pick-up", "use the side door for deliveries": where a thing
# is done
_USE_FOR_RE = re.compile(r"^(?:pls\s+|please\s+|just\s+)?(?:use|try)\s+(?P<rest>.+?)\s+for\s+(?:the\s+|all\s+|my\s+|any\s+)?"
                         r"(?P<what>pick-?ups?|drop-?offs?|deliver(?:y|ies)|parcels?|post|parking|meet-?ups?|"
                         r"collections?|returns?)\b", re.I)
_LETS_DO_RE = re.compile(
    r"^(?:let'?s|let’s|lets|we'?ll|we’ll|we'?re|we’re|we are|i'?m|i’m)\s+(?:do|doing|go(?:ing)?\s+"
    r"(?:with|for)|pick|picking|choose|choosing)\s+(?P<rest>.+)$", re.I)
_IT_IS_RE = re.compile(r"^(?P<rest>.+?)\s+it\s+is\b", re.I)
_SWITCHED_RE = re.compile(r"^(?:(?:we|i)(?:'ve|’ve| have)?\s+)?(?:switched|changed|moved)\s+(?P<head>hotels?|"
                          r"venues?|rooms?|hostels?)\W+(?:(?:it'?s|it’s|it is|now)\s+)?(?P<rest>.+)$", re.I)
# "back to the Ibis": a place held before, chosen again
_BACK_TO_RE = re.compile(r"^(?:(?:it'?s|it’s|we'?re|we’re|we are|i'?m|i’m|going|moving|switching|so)\s+)*"
                         r"back\s+to\s+(?P<rest>.+)$", re.I)
# "we've booked the Corn Exchange instead", "got a table at Dishoom now": a place taken instead
_BOOKED_INSTEAD_RE = re.compile(r"^(?:(?:we|i)(?:'ve|’ve| have)?\s+)?(?:just\s+)?(?:booked|reserved|got|picked|chose|"
                                r"chosen|gone with|went with|found)\s+(?:a\s+(?:table|room|spot|place)\s+at\s+)?"
                                r"(?P<rest>.+?)\s+(?:instead|now)\b\W*$", re.I)
# (what ends the clause: "Dishoom instead", never "budget's now €200 a night")
_INSTEAD_RE = re.compile(r"^(?P<rest>.+?)\s+(?:instead|now)\b(?=(?:\s+(?:please|pls|then|thanks|thx|"
                         r"instead|now|lol|haha))*\W*$)", re.I)
# words that tell a plan, a question, a past or someone else's, not a setting of now
_NOT_NOW_RE = re.compile(r"\b(?:if|could|would|should we|might|maybe|was|were|used to|last year|"
                         r"last time|wanted|suggested)\b|\?", re.I)
_OTHERS_RE = re.compile(r"^(?:(?:my|our|his|her|their)\s+[a-z]+['’]s|his|her|their)\b", re.I)
#: what happens somewhere at set times ("practice", "class"): where it is, said in plain words, is a place
_ACTIVITIES = frozenset("practice practise class classes lesson lessons training rehearsal rehearsals "
                        "meeting meetings standup party wedding ceremony reception dinner lunch brunch "
                        "breakfast game games match matches session sessions club service appointment "
                        "interview exam pickup dropoff drop-off pick-up workout workouts swim swimming "
                        "football soccer rugby netball tennis yoga pilates gym choir night nights event events "
                        "storytime fair festival sale show screening tasting workshop workshops talk talks tour "
                        "camp retreat social quiz meetup gathering".split())
_EVENT_STOP = frozenset("i we you it that this there he she they which what who me us".split())


def _singular(word: str) -> str:
    """"hotels" -> "hotel"."""
    word = word.lower()
    return word[:-3] + "y" if word.endswith("ies") else word.removesuffix("s")


def _event(words: str | None) -> str:
    """The event a place is for, without its articles and times ("the sunday league game this
    week" -> "sunday league game")."""
    w = _TIME_TAIL_RE.sub("", (words or "").strip(" ,")).strip()
    w = re.sub(r"^(?:the|a|an|our|my|your)\s+", "", w, flags=re.I)
    w = re.sub(r"['’]s\b", "", w)
    return " ".join(w.split()).lower()


def _change(t: str) -> str | None:
    """The place a change said in one clause names, with no setting named, or None."""
    at = _AT_NOW_RE.match(t)
    if at and _NOW_WORDS_RE.search(t):  # "going forward it's at the library on Elm Parade"
        return place_at(at.group("rest"), True)
    for form, plain in ((_CHANGED_TO_RE, True), (_WILL_BE_RE, True), (_LETS_DO_RE, False),
                        (_SEND_RE, True), (_BACK_TO_RE, False), (_BOOKED_INSTEAD_RE, False)):
        m = form.match(t)
        if m:
            if form is _CHANGED_TO_RE and m.group("rest2"):
                # ("move it to the maker space": a place in plain words; a name, "move it to
                # Antwerp", may be of any of the places said)
                place = place_at(m.group("rest2"), plain)
                return place if place is not None and place[:1].islower() else None
            return place_at(m.group("rest"), plain)
    for form in (_IT_IS_RE, _INSTEAD_RE):  # "Hanley bus station it is", "Dishoom instead"
        m = form.match(t)
        if m and len(m.group("rest").split()) <= 5:
            place = place_at(m.group("rest"), initial=True)
            if place is not None and place.strip() == m.group("rest").strip():
                return place
    return None


# a correction of the place just said: "hm no, it's room 4F", "wait, it's the Bell"
_CORRECTED_RE = re.compile(r"^(?:(?:hm+|oh|wait|no|nah|nope|sorry|oops|my bad)[\s,.!]+)+(?:it'?s|it’s|it is)\s+"
                           r"(?P<rest>.+)$", re.I)
# who said the change, before it: "the teacher say today it got moved to room 4D"
_REPORTED_RE = re.compile(r"^(?:the\s+)?[\w'’]+(?:\s+[\w'’]+)?\s+(?:says?|said|told (?:me|us)|confirmed|"
                          r"emailed|texted)\s+(?:(?:today|yesterday|that)\s+)*(?=(?:it|they|we)\b)", re.I)
# a word that says where a thing is has changed
_MOVED_CUE_RE = re.compile(r"\b(?:now|from now on|going forward|instead|nope|no|nah|wait|actually|"
                           r"swapped|switched|moved|changed?|put (?:us|me|them) in|new one|bumped|"
                           r"relocated|this time|from next|scratch that)\b", re.I)
# the label is what a value is of: "Locker X is $15 a month now", "Room 4 costs more now"
_SUBJECT_OF_RE = re.compile(r"\s*(?:is|are|was|were|'s|’s|costs?|has|have|will|should|must|needs?)\b", re.I)
# where one clause of a change ends: "... so let's do Malta, sorry for the change"
_CLAUSE_END_RE = re.compile(r"\s*(?:[,;:.!](?=\s|$)|\b(?:so|then|but|because|cos|as)\b)\s*", re.I)


def _changed_place(t: str) -> str | None:
    """The place a clause of ``t`` changes to, said with no setting named."""
    if _CHANGE_WORDS.isdisjoint(_tokens(t)) and " it is" not in t.lower() and "," not in t \
            and code_alone(t) is None:
        return None
    corrected = _CORRECTED_RE.match(t)
    if corrected:  # "hm no, it's room 4F" (but "sorry its Matteo" is no place)
        place = place_at(corrected.group("rest"))
        if place is not None and is_venue(place):
            return place
    parts = [_REPORTED_RE.sub("", _LEAD_RE.sub("", p)) for p in _CLAUSE_END_RE.split(t) if p.strip()]
    if len(parts) > 1 and "," in t and not _NOT_NOW_RE.search(parts[0]):
        first = parts[0].strip()  # "bratislava, half the group already did krakow"
        if t.strip().startswith(first) and len(first.split()) <= 3 and (
                named(first) and is_place(first) or LABEL_RE.fullmatch(first)):
            return first
    for part in parts:
        if not _NOT_NOW_RE.search(part):
            place = _change(part.strip())
            if place is not None:
                return place
    if _MOVED_CUE_RE.search(t):
        # "its platform 9 from now on", "nope, studio D", "B31 now, the screen flipped it"
        for part in parts[:3]:
            said = labels_in(part)
            if said:
                at = part.find(said[0])
                if _SUBJECT_OF_RE.match(part, at + len(said[0])):
                    return None  # "Locker X is $15 a month now": what the setting is of
                return said[0] if len(said) == 1 and not _NOT_NOW_RE.search(part[:at]) else None
        code = code_alone(t)
        if code is not None:
            return code
    return None


_NOW_AFTER_RE = re.compile(r"\W*(?:now|instead|from now on|these days|going forward)\b", re.I)
# a word every form has (many sentences have none); a set, since a long alternation is slow
_CUE_WORDS = frozenset("at in outside meet meets meeting venue point hotel hotels destination moved "
                       "changed switched shifted be do doing go going instead now thinking move moving goes sits "
                       "put putting "
                       "planning booking staying send deliver ship post forward bring use try "
                       "it'll".split()) | frozenset(LABELLED.split("|"))
_TOKEN_STRIP = ".,;:!?\"()'’"


def _has_cue(text: str) -> bool:
    return "," in text or " it is" in text.lower() or not _CUE_WORDS.isdisjoint(_tokens(text))


def _tokens(text: str) -> set[str]:
    return {w.strip(_TOKEN_STRIP) for w in text.replace("’", "'").lower().split()}


#: a word every form of change has, bar a place said alone before a comma
_CHANGE_WORDS = frozenset("moved changed change switched switching shifted relocated be let's lets back booked move moving "
                          "we'll we're i'm it's its instead now nope no wait swapped bumped "
                          "put new send deliver ship post forward bring doing going pick choose "
                          "actually forward".split())


@lru_cache(maxsize=16384)
def venue_said(text: str) -> tuple[str | None, str, bool] | None:
    """(setting, place, revision) of the place ``text`` says something happens at; (None,
    place, True) for a place said in a form of change with no setting named ("it'll be room
    5D", "Hanley bus station it is"); or None."""
    if not _has_cue(text):
        return None
    t = _LEAD_RE.sub("", text.strip()).rstrip(" .!")
    if _OTHERS_RE.match(t):
        return None
    coded = _CODE_CHANGED_RE.match(t)
    if coded:  # "gate changed to C7"
        return (None, f"{coded.group('noun')} {coded.group('code')}", True)
    switched = _SWITCHED_RE.match(t)
    if switched:  # "we switched hotels, the Marine Lodge"
        place = place_at(switched.group("rest"))
        if place is not None:
            return (_singular(switched.group("head")), place, True)
    m = _HEAD_IS_RE.match(t) or _HEAD_IS_RE.match(t.rsplit(":", 1)[-1].strip())
    if m:
        place = place_at(m.group("rest"), plain=True)
        if place is not None:
            what = _event(m.group("of") or m.group("for"))
            head = m.group("head").lower().replace("-", "").replace("meet up", "meeting")
            if m.group("new") and not what:
                return (None, place, True)  # "new venue is St Mark's church hall": of the last
            later = _NOW_AFTER_RE.match(m.group("rest")[m.group("rest").find(place) + len(place):])
            return (f"{what} {head}".strip(), place, bool(m.group("new") or m.group("now") or later))
    m = _USE_FOR_RE.match(t)
    if m:
        place = place_at(m.group("rest"), plain=True)
        if place is not None:
            what = _singular(m.group("what")).replace("-", "")
            return (what if what in ("pickup", "dropoff") else f"{what} location", place, False)
    m = _MEET_RE.match(t)
    if m:
        place = place_at(m.group("rest"), plain=True)
        if place is not None:
            return (f"{_event(m.group('for'))} meeting point".strip(), place, False)
    m = _STAYING_RE.match(t)
    if m:
        place = place_at(m.group("rest"))
        if place is not None:
            return ("hotel", place, False)
    place = _changed_place(t)
    if place is not None:
        return (None, place, True)
    whole, t = t, _CLAUSE_END_RE.split(t, maxsplit=1)[0] if "," in t or ";" in t else t
    if _NOT_NOW_RE.search(t):
        return None
    m = _HAPPENS_AT_RE.match(t)
    if m:
        event = _event(m.group("event"))
        # (a place in plain words only where an activity happens: "practice is at the school gym")
        place = place_at(m.group("rest"), plain=bool(event) and event.split()[-1] in _ACTIVITIES)
        if place is not None and event and not set(event.split()) & _EVENT_STOP:
            after = m.group("rest")[len(place):]  # "... is at the Pinecrest lodge now"
            return (f"{event} location", place, bool(_NOW_AFTER_RE.match(after)))
    m = _VIA_RE.search(whole)
    if m and not _NOT_NOW_RE.search(whole[:m.start()]):
        # "we're going through Denver on the way west", "skip Denver and go through Salt Lake City instead"
        place = place_at(m.group("rest"))
        if place is not None and is_place(place):
            return ("route", place, bool(_ROUTE_CHANGED_RE.search(whole)))
    m = _GOES_RE.match(t) or _MOVE_THING_RE.match(t)
    if m and not set(_event(m.group("what")).split()) & _EVENT_STOP:
        # "merch tent goes next to the food court", "move merch over by the north gate"
        place = place_at(m.group("rest"), plain=True)
        if place is not None and is_venue(place):
            return (f"{_event(m.group('what'))} location", place, m.re is _MOVE_THING_RE)
    m = _PLANNING_RE.match(t)
    if m:
        return _planned(m.group("rest"))
    return _labelled(whole)


# the way a trip goes: "we're going through Denver", "route us via Leeds", "go through Salt Lake City instead"
_VIA_RE = re.compile(r"\b(?:going|driving|heading|travelling|traveling|go|drive|head|route\s+(?:us|it|me|them))\s+"
                     r"(?:through|via)\s+(?P<rest>[A-Z].*)$")
_ROUTE_CHANGED_RE = re.compile(r"\b(?:instead|skip|skipping|rather|not\s+through|now)\b", re.I)
_BESIDE = r"(?:next\s+to|by|beside|behind|near|in\s+front\s+of|opposite|over\s+by|over\s+to|to|into)"
# where a thing is put: "merch tent goes next to the food court", "the piano sits by the window"
_GOES_RE = re.compile(r"^(?:the\s+|our\s+|my\s+)?(?P<what>[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,2})\s+(?:goes|go|sits|sit|stays|"
                      r"stay|lives|live)\s+" + _BESIDE + r"\s+(?P<rest>.+)$", re.I)
# a thing moved to another place: "move merch over by the north gate", "put the bins by the back door"
_MOVE_THING_RE = re.compile(r"^(?:let's\s+|lets\s+|please\s+|pls\s+|we're\s+|we\s+are\s+)?(?:move|moving|put|putting)\s+"
                            r"(?:the\s+|our\s+|my\s+)?(?!(?:it|that|this|them|those|us|me)\b)"
                            r"(?P<what>[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,2}?)\s+" + _BESIDE + r"\s+(?P<rest>.+)$", re.I)


# what a sentence is about, before its verb: "my flight to porto boards at ...", "the
# onboarding session is held in ..."
_THING_RE = re.compile(r"^(?:the|my|our|your)\s+(?P<np>[\w.'’-]+(?:\s+[\w.'’-]+)?(?:\s+(?:to|for|of|from|on)\s+"
                       r"[\w'’-]+)?)\s+(?:is|are|'s|’s|boards|leaves|departs|runs|sits|meets|starts|will|"
                       r"has|goes|parks|plays|happens|takes)\b", re.I)


# the speaker's own: "im on floor 6", "i got seat 23C", "we're in room 4"
_SPEAKERS_RE = re.compile(r"^(?:i|we)(?:'m|’m|'re|’re| am| are|'ve|’ve| have)?\s+(?:got\s+|been\s+|now\s+)?"
                          r"(?:on|in|at|got|have|park|sit|booked|reserved)\b", re.I)


def _labelled(t: str) -> tuple[str, str, bool] | None:
    """The one noun-and-code place of a sentence, as where what it is about is: "my flight
    to porto boards at gate B22 apparently" sets the flight's gate."""
    said = labels_in(t)
    if not said or len({_noun_of(x) for x in said}) != len(said):
        return None  # none, or two of one noun ("not desk 12, desk 21")
    thing = _THING_RE.match(t)
    what = _event(thing.group("np")) if thing else ""
    if not what and not _SPEAKERS_RE.match(t):
        return None  # "the lift to floor 11 is always broken": no setting of the speaker's
    noun = _noun_of(said[0])
    return (f"{what} {noun}".strip() if what and noun not in what.split() else noun, said[0], False)


def _noun_of(label: str) -> str:
    return label.split()[0].lower()


def _planned(rest: str) -> tuple[str, str, bool] | None:
    """"krakow for the stag", "a weekend in the Cotswolds for our anniversary": the place of
    a plan, as the destination of what it is for."""
    starts = [(0, "")] + [(a.end(), rest[: a.start()]) for a in _AT_RE.finditer(rest)]
    for at, what in starts[:3]:
        place = place_at(rest[at:])
        if place is None or not (is_place(place) or is_venue(place) or " " in place):
            continue
        after = rest[at + len(place):].strip(" ,")
        purpose = re.match(r"for\s+(?:the|our|my|a)?\s*(?P<p>[\w'’-]+(?:\s+[\w'’-]+)?)", after, re.I)
        event = _event(purpose.group("p")) if purpose else _event(what)
        event = _TIME_TAIL_RE.sub("", event)
        if event and not set(event.split()) & _EVENT_STOP:
            return (f"{event} destination", place, False)
    return None


def told_of_another(text: str) -> bool:
    """A sentence about someone else's, a supposition, a question or the past."""
    return bool(_OTHERS_RE.match(_LEAD_RE.sub("", text.strip())) or _NOT_NOW_RE.search(text))
