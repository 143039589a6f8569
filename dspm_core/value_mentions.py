"""The values a sentence mentions, each with its kind, and the sentence of the last turns
whose one value of a kind a change replaces.

"actually tuesday" after "can u put a bins reminder on my phone for thursday evenings?";
"Mildreds instead" after "book a table for 4 at Dishoom on saturday"; "120 instead" after
"get me a gift card, £50 from John Lewis". The first sentence was a request, so no form read
a setting out of it; the change says what it changed to, and says that it is a change
("actually", "instead", "now", "switch to", "use X for it"). The sentence it changes is the
user's last one, within a few turns, that mentions any value of the new value's kind, and
it mentions exactly one of that kind. A change said of someone else's, a question, a
supposition, the past or an addition ("also", "too") changes nothing.

Kinds: a weekday, a day of the month, a clock time, an amount of money, a quantity of one
unit, a name of a known kind (a diet, a language, a colour, a size, a database, ...), a
capitalised name (a city's too when its name is a word: "York"). A change may also name
the old value beside the new one ("wednesday not monday") or in its reason ("25 wont get
me anything decent"), which picks it among several. A bare number is of the kind of the one
number the earlier sentence holds.

A change may also say no word of change at all and name the thing instead, the value
ending its clause ("toner at £42 each then", "hmm 15% deposit"): it replaces the value of
its kind in the one recent clause that holds every word of the thing, digits and letters
too ("unit 3 rent" is not "unit 1 rent"), never in a clause of another person's thing ("her
cakes at £1.50") or beside an added item.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice

from .contact_values import CONTACT_RE, contact_value
from .digit_spans import digit_text
from .frames import reframed_detail
from .known_names import name_category
from .lexicon import is_base_verb
from .patch import AUTHORITY, Patch, PatchKind, Role
from .passing import RARE_WORD, another_owns, moved_antecedent, other_owner, says_changed
from .party import CAPACITY_RE, PARTY_RE
from .people import PEOPLE
from .place_phrases import is_venue
from .places import is_place
from .resolve import PEOPLE_COME_RE, PEOPLE_UNITS, other_label, other_times, said_for_other
from .restated import letter_i, speaker_after_person
from .sibling_values import picked_by_words
from .slots import content_terms
from .swaps import swapped_detail
from .tier import in_mark
from .values import MONTHS, WEEKDAYS, canonical_unit
from .vocab import STOP_WORDS, everyday_frequency, singular, stem

__all__ = ["Mention", "changed_sentence", "is_change", "mentions", "names_other", "other_of_kind"]

#: how many turns back, and how many stored statements back, a change may reach
CHANGE_TURNS = 8
#: how many turns back a change that names its old value may reach
NAMED_CHANGE_TURNS = 40
CHANGE_SCAN = 48
#: a word opening a sentence rarer than this may be a city ("York would be better"); the
#: list of cities is read only then
PLACE_WORD = 10_000
#: the longest sentence read for the values it mentions, and the longest change
SENTENCE_WORDS = 40
CHANGE_WORDS = 30


@dataclass(frozen=True, slots=True)
class Mention:
    """A value as a sentence says it, with its kind ("weekday", "clock", "money",
    "quantity:<dimension>", "known:<category>", "name", "number")."""

    kind: str
    text: str
    start: int


_WEEKDAY_RE = re.compile(r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weds|"
                         r"tues|thurs|wed|tue|thu)s?\b", re.I)
_CLOCK_RE = re.compile(r"\b\d{1,2}(?:[:.]\d{2})?\s?(?:am|pm)\b|\b\d{1,2}:\d{2}\b", re.I)
# a span of the clock, one value ("2pm to 4pm", "9:30-11", "10am till noon")
# (a bare first number only before a dash: "2-4pm", never the "4 to 9am" of "change room 4 to 9am")
_CLOCK_SPAN_RE = re.compile(r"\b(?:\d{1,2}(?::\d{2})?\s?(?:am|pm)\s?|\d{1,2}:\d{2}\s?)(?:to|-|–|till|until)\s?"
                            r"(?:\d{1,2}(?:[:.]\d{2})?\s?(?:am|pm)|\d{1,2}:\d{2}|noon|midnight)\b"
                            r"|\b\d{1,2}\s?[-–]\s?\d{1,2}(?::\d{2})?\s?(?:am|pm)\b", re.I)
_MONEY_RE = re.compile(r"[£$€]\s?\d[\d,]*(?:\.\d+)?k?\b|\b\d[\d,]*(?:\.\d+)?\s?(?:quid|pounds|"
                       r"dollars|euros?|bucks)\b", re.I)
_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
          r"sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
# a day of the month: "the 24th", "2nd aug", "3rd of march", "nov 2", "march 14th"
_DATE_RE = re.compile(rf"\b\d{{1,2}}(?:st|nd|rd|th)(?:\s+(?:of\s+)?{_MONTH}\b)?|"
                      rf"\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?\b|\b\d{{1,2}}\s+{_MONTH}\b", re.I)
_PERCENT_RE = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?:\s?%|\s+per\s?cent\b|\s?percent\b)", re.I)
#: degrees written with their sign ("60°", "21 °C"): the kind of "60 degrees"
_DEGREE_RE = re.compile(r"(?<![\w.])\d+(?:\.\d+)?\s?°(?:\s?[CF]\b)?", re.I)
#: a known name written in lower case that is one of the commonest words is that word
_VERB_FREQUENCY = 1_000_000
# (never a part of a name: "python:3.12-slim", "v2/3-day")
_QUANTITY_RE = re.compile(r"(?<![:/@#.\d])\b(\d+(?:\.\d+)?)\s?-?\s?([a-z]+)\b", re.I)

_NUMBER_RE = re.compile(r"(?<![\w.,:£$€])\d+(?:\.\d+)?(?![\w:%]|[.,]\d)")
_TITLED_RE = re.compile(r"\b(?i:dr|mr|mrs|ms|mx|miss|prof)\.?\s+[A-Za-z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?")
_NAME_RE = re.compile(r"(?<=[\w,;:] )[A-Z][\w'’&-]*(?: (?:[A-Z][\w'’&-]*|&))*")
_FIRST_NAME_RE = re.compile(r"(?:^|[.!?]\s+)([A-Z][\w'’&-]*(?: [A-Z][\w'’&-]*)*)")
_WORD_RE = re.compile(r"[a-z][\w-]*", re.I)
_CAPITALISED_NEXT_RE = re.compile(r" [A-Z][a-z]")
# words after a number that are no unit of it ("120 instead", "4 at")
_NOT_UNITS = frozenset("am pm instead now then pls please tho though actually ish tops max min "
                       "more less at on in for of to from with by and or".split())
# contractions typed without their apostrophe ("25 wont get me anything")
_BARE_CONTRACTIONS = frozenset("wont dont cant isnt arent wasnt werent didnt doesnt havent hasnt "
                               "wouldnt couldnt shouldnt im ive id ill its thats theres".split())
_CALENDAR = frozenset(w.lower() for w in (*MONTHS, *WEEKDAYS)) | {"i", "i'm", "i've", "i'll", "i'd"}


@lru_cache(maxsize=16384)
def mentions(text: str) -> tuple[Mention, ...]:
    """The values ``text`` mentions, in order; a span is read once, as its first kind. A
    value said in words ("twelve kids", "a hundred and forty", "the twenty-eighth") is of
    the kind its digits are, with its words as said."""
    found: list[Mention] = []
    taken: list[tuple[int, int]] = []
    spoken = digit_text(text)
    if spoken.digits != text:
        for m in _mentions(spoken.digits, [], []):
            span = spoken.said_span(m.start, m.start + len(m.text)) \
                if spoken.changed(m.start, m.start + len(m.text)) else None
            if span is not None:
                taken.append(span)
                found.append(Mention(m.kind, text[span[0]:span[1]], span[0]))
    return _mentions(text, found, taken)


def _mentions(text: str, found: list[Mention], taken: list[tuple[int, int]]) -> tuple[Mention, ...]:
    def add(kind: str, m: re.Match[str], group: int = 0) -> None:
        a, b = m.span(group)
        if any(x < b and a < y for x, y in taken):
            return
        taken.append((a, b))
        found.append(Mention(kind, m.group(group), a))

    for m in CONTACT_RE.finditer(text):  # "07700 900982" is one number, not two
        kind = contact_value(m.group(0))
        if kind is not None and kind[0] in ("phone", "postcode"):
            add(kind[0], m)
    for m in _MONEY_RE.finditer(text):
        add("money", m)
    for m in _CLOCK_SPAN_RE.finditer(text):
        add("clock span", m)
    for m in _CLOCK_RE.finditer(text):
        add("clock", m)
    for m in _WEEKDAY_RE.finditer(text):
        add("weekday", m)
    for m in _DATE_RE.finditer(text):
        add("date", m)
    for m in _PERCENT_RE.finditer(text):
        add("quantity:percent", m)
    for m in _DEGREE_RE.finditer(text):
        add("quantity:degrees", m)
    for m in PARTY_RE.finditer(text):  # "we're 6 now", "there'll be 6 of us"
        add("quantity:people", m, 1 if m.group(1) else 2)
    for m in _QUANTITY_RE.finditer(text):
        unit = m.group(2).lower()
        if unit in STOP_WORDS or unit in _NOT_UNITS or unit in _BARE_CONTRACTIONS:
            continue
        canon, dim, _ = canonical_unit(unit)
        if dim == "count:people":
            add("quantity:people", m)  # "8 ppl", "6 people": as many as "we're 6"
        elif dim.startswith("count:"):
            add(f"quantity:{canon}", m)
        else:
            add(f"quantity:{dim}", m)
    for m in _NUMBER_RE.finditer(text):
        add("number", m)
    for m in _WORD_RE.finditer(text):
        category = name_category(m.group(0))
        if category == "colour" and _CAPITALISED_NEXT_RE.match(text, m.end()) \
                and m.group(0)[:1].isupper():
            continue  # "the Red Lion", "Green Park": a name, not a colour
        if category is not None and not (m.group(0).islower()
                                         and everyday_frequency(m.group(0)) > _VERB_FREQUENCY):
            add(f"known:{category}", m)  # (never the verb of "let's go with")
    for m in _TITLED_RE.finditer(text):  # "dr okafor", "Mrs Ferreira": a person, in any case
        add("name", m)
    for m in _FIRST_NAME_RE.finditer(text):  # "Mildreds instead": a rare word opening a sentence
        first = re.sub(r"['’]s$", "", m.group(1).split()[0].lower())
        # ("Organising the team social ...", "Upstairs at ...": a word, as said or singular)
        freq = max(everyday_frequency(first), everyday_frequency(first.rstrip("'’s")))
        if first not in _CALENDAR and first not in STOP_WORDS \
                and (freq < RARE_WORD or freq < PLACE_WORD and is_place(m.group(1))):
            add("name", m, 1)  # (a city whose name is a word too: "York would be better")
    for m in _NAME_RE.finditer(text):
        if m.group(0).split()[0].lower() not in _CALENDAR:
            add("name", m)
    found.sort(key=lambda x: x.start)
    return tuple(_shades_joined(text, found))


def _shades_joined(text: str, found: list[Mention]) -> list[Mention]:
    """Colour words said together are one colour ("sage green", "charcoal grey")."""
    out: list[Mention] = []
    for m in found:
        last = out[-1] if out else None
        if last is not None and m.kind == last.kind == "known:colour" \
                and text[last.start + len(last.text):m.start] == " ":
            out[-1] = Mention(last.kind, text[last.start:m.start + len(m.text)], last.start)
        else:
            out.append(m)
    return out


# a change said of the speaker's own thing: "actually X", "X instead", "X now", "switch to
# X", "go with X", "use X for it", "rewrite it with X", "make it X"
_CHANGE_RE = re.compile(
    r"\b(?:actually|actualy|actully|acutally|actaully)\b|\b(?:rewrite|redo|make|do|change|set|move|put|send|write)\s+(?:it|that|this|them)\b|"
    r"\buse\s+[\w' -]+?\s+for\s+(?:it|that|this|them)\b", re.I)
_POINTING_RE = re.compile(r"\b(?:it|its|it's|that|this|those|them)\b", re.I)
# the speaker quoting what they said before ("I said the limit was 5", "I told you 50")
_SELF_QUOTED_RE = re.compile(r"^\W*(?:\w+\W+){0,3}?i\s+(?:said|told you|wrote|typed|put down|"
                             r"gave you|mentioned|entered)\b", re.I)
_REFUSED_RE = re.compile(r"\b(?:not|no|never|instead of|rather than)\s+(?:the\s+|a\s+)?$", re.I)
# an addition, someone else's, the past or a supposition: no change of the speaker's value
_NOT_A_CHANGE_RE = re.compile(
    r"\b(?:also|too|as well|another|second|extra|one more|last (?:year|time|month|week)|used to|"
    r"before|would|could be|might|maybe|if|whether|for (?:him|her|them)|his|hers|theirs)\b", re.I)
# a statement of someone else's, of the past or supposed: it set nothing to change
_NOT_SET_RE = re.compile(
    rf"^(?:(?:my|our|his|her|their)\s+[a-z]+['’]s|his|her|their)\b|\bfor (?:my|our) (?:{PEOPLE})\b",
    re.I)
# (said of the clause that holds the value: "off-peak if cheaper" supposes nothing of the 22nd)
_SUPPOSED_RE = re.compile(r"\b(?:if|might|maybe|used to|(?<!like )(?<!as )last (?:year|time)|was|were)\b",
                          re.I)  # ("in large like last time" is the size wanted now)
# a change asked for as a question: "can we look at Seville instead?"
_ASKED_CHANGE_RE = re.compile(r"^\s*(?:\w+[,.!]?\s+){0,3}(?:can|could) (?:we|you|u|i)\b(?:.*\binstead\b|"
                              r"\s+(?:pls\s+|please\s+)?[a-z]+\s+(?:it|that|this|them)\s+(?:up\s+|down\s+|back\s+)?to\b)",
                              re.I)  # "can u scale it up to two dozen?"


def is_change(text: str, mention: Mention, after: bool = False) -> bool:
    """The clause of ``text`` that holds ``mention`` says the speaker's own value changed to
    it: it has a word of change ("X instead", "switch to X", "use X for it"), or it is the
    value alone after a reason ("that needs longer. 55", "so Portuguese pls"; ``after``: the
    message said something before ``text``)."""
    return _cued(text, mention) or _alone(text, mention, after)


def _cued(text: str, mention: Mention) -> bool:
    """The clause of ``mention`` has a word of change."""
    if len(text.split()) > CHANGE_WORDS:
        return False
    if text.rstrip().endswith("?") and not _ASKED_CHANGE_RE.match(text):
        return False
    clause, better = _change_clause(text, mention)
    return not _NOT_A_CHANGE_RE.search(clause) and (
        better or says_changed(clause) or _CHANGE_RE.search(clause) is not None
        or _SET_TO_RE.search(text, 0, mention.start) is not None
        or _DO_RE.search(text, 0, mention.start) is not None
        or _named_old(text, mention) is not None)


def _change_clause(text: str, mention: Mention) -> tuple[str, bool]:
    """The clause of ``mention`` without the preference said after the value ("the 24th
    works better for me", "York would be better": a preference, not a supposition), and
    whether there was one."""
    clause = _clause_at(text, mention.start, _CLAUSE_END_RE)
    better = _BETTER_RE.match(text, mention.start + len(mention.text))
    if better is None:
        return clause, False
    return clause.replace(better.group(0).strip(), " ", 1), True


def _named_old(text: str, mention: Mention) -> Mention | None:
    """The value of ``mention``'s kind said right after it with "not" ("wednesday not
    monday", "8:45 rather than 7pm"): the old value the change names."""
    m = _NOT_OLD_RE.match(text, mention.start + len(mention.text))
    if m is None:
        return None
    return next((o for o in mentions(text) if o.start == m.end() and _same_kind(mention, o)), None)


# the new value preferred: "the 24th works better for me", "8am better actualy"
_BETTER_RE = re.compile(r"\s*(?:(?:is|'s|would be|works?|suits?)\s+(?:(?:for\s+)?(?:me|us)\s+)?)?"
                        r"(?:much\s+|way\s+|a lot\s+|a bit\s+)?better\b(?!\s+than\b)", re.I)
# a verb of change and "to" right before the new value: "change the budget to 35",
# "push it back to the 9th", "bump the order up to 6"
_SET_TO_RE = re.compile(r"\b(?:change|move|push|bring|bump|switch|shift|drop|raise|lower|scale|"
                        r"up|increase|reduce|cut|extend|(?:changed|moved|pushed|brought|bumped|"
                        r"switched|shifted|shunted|postponed|rescheduled|put))\s+(?:[\w'-]+\s+){0,3}?"
                        r"(?:back\s+|forward\s+|up\s+|down\s+)?to\s+(?:the\s+)?$", re.I)
# "do" asked for with the new value: "..., do the 21st", "pls do 6 then"
_DO_RE = re.compile(r"(?:^|[,.;!:-]\s*|\b(?:pls|please|just|then|so|can (?:you|u)|could (?:you|u))\s+)"
                    r"do\s+(?:the\s+)?$", re.I)
_NOT_OLD_RE = re.compile(r"\s*,?\s*(?:not|rather than|instead of)\s+(?:the\s+)?", re.I)


def _alone(text: str, mention: Mention, after: bool) -> bool:
    """``mention`` is said alone after its reason (a value alone as the whole message
    answers a question: it changes nothing)."""
    if text.rstrip().endswith("?"):
        return False
    alone = _clause_at(text, mention.start, _SENTENCE_END_RE)
    return (after or alone.strip(" .,!") != text.strip(" .,!")) \
        and _ALONE_RE.fullmatch(alone.replace(mention.text, "", 1)) is not None


def names_other(text: str, mention: Mention, old: str, kind: str = "") -> bool:
    """The clause of the change names something the earlier statement does not ("now for
    the paid plan make it 90 days" after "the free plan keeps files for 7 days"): its words
    besides the value (and what is said with it), the words of change and the words that name the old value's
    ``kind`` ("the budget" of an amount of money, "the time" of a clock time) are not all
    among the earlier one's."""
    clause = _LATER_RE.sub(" ", _change_clause(text, mention)[0])
    at = clause.find(mention.text)
    if at >= 0:  # the values that go with it are no things ("Brewdog on Castle St", "wed 19th")
        # (and what follows "now" after it is a reason: "up to a full hour now exams are over")
        tail = _WITH_VALUE_RE.sub(" ", _NOW_REASON_RE.split(clause[at + len(mention.text):], 1)[0])
        head = _JUST_BEFORE_RE.sub(" ", clause[:at])
        venue = _VENUE_BEFORE_RE.search(head)  # "the library on Elm Parade": one place
        if venue is not None and is_venue(venue.group("noun")):
            head = head[:venue.start()]
        clause = head + " " + tail
    theirs = content_terms(old)
    return any(t not in theirs for t in content_terms(clause) - _change_terms(clause)
               - _KIND_TERMS.get(kind, frozenset()))


# a name or a value said right after the new one, as part of it ("at Brewdog on Castle St")
_WITH_VALUE_RE = re.compile(r"^(?:\s*(?:,|on|at|in|off|near|by)?\s+(?:[A-Z][\w'’&-]*|\d[\w:.]*)"
                            r"(?:\s+[A-Z][\w'’&-]*)*)+")
# a noun for a place right before a name, with its preposition ("the library on")
_VENUE_BEFORE_RE = re.compile(r"\b(?:the\s+|a\s+)?(?P<noun>[a-z]+)\s+(?:on|at|in|off|near|by)\s*$", re.I)
# "from now on": when the change holds, no thing of its own
_LATER_RE = re.compile(r"\b(?:from now on|going forward|from here on(?: out)?|from (?:this|next) "
                       r"(?:week|month|year|term|quarter|season|semester|time|session|meeting|class|"
                       r"lesson))\b", re.I)
_NOW_REASON_RE = re.compile(r"\bnow\b", re.I)
# a weekday or a month word right before the new value ("wed 19th")
_JUST_BEFORE_RE = re.compile(r"\b(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)\w*\s*$", re.I)


#: the words that say who a case goes to ("escalate it to Priya", "send those to Marcus")
ROUTING = "send forward route escalate assign hand pass refer"

# the words that name a value's kind rather than a thing
_KIND_TERMS = {kind: content_terms(words) for kind, words in (
    ("money", "budget price cost spend total cap max maximum limit"),
    ("clock", "time slot"), ("date", "date day"), ("weekday", "day"),
    ("name", f"place venue spot location {ROUTING}"), ("known:colour", "colour color shade"),
    ("known:size", "size"), ("known:diet", "diet"), ("known:reply language", "language"),
    ("quantity:people", "we we're us people ppl guests guest party headcount group"))}


def _same_value(old: Mention, said: Mention) -> bool:
    """``said`` is ``old`` again: the same words, or the same number ("25" of "25 euro",
    "twenty-five" of "25")."""
    if old.text.lower() == said.text.lower():
        return True
    if old.kind == said.kind == "known:colour":  # "the sage" of "sage green"
        return said.text.lower() in old.text.lower().replace("-", " ").split()
    a = _FIRST_NUMBER_RE.search(digit_text(old.text).digits)
    b = _FIRST_NUMBER_RE.search(digit_text(said.text).digits)
    return a is not None and b is not None and a.group(0) == b.group(0)


_FIRST_NUMBER_RE = re.compile(r"\d+(?:\.\d+)?")


# what a value said alone may have around it
_ALONE_RE = re.compile(r"[\s,.!]*(?:(?:so|ok|okay|oh|then|pls|please|thx|thanks|tho|lol|for it)[\s,.!]*)*",
                       re.I)
_CLAUSE_END_RE = re.compile(r"[.;!?]+(?:\s+|$)|,\s+|\s+(?:but|because|cos|since|so)\s+", re.I)
_SENTENCE_END_RE = re.compile(r"[.;!?]+(?:\s+|$)|\s+so\s+", re.I)
# the words of a change itself, said beside its new value
_CHANGE_TERMS = content_terms(
    "actually instead now then switch switched swap swapped change changed use using make made "
    "rewrite redo write do go went going get let lets try put set move moved book order pls please "
    "thx thanks ok okay oh hang on wait sorry new same time tho lol better rather prefer hmm hm "
    "umm um erm ah tbh bring forward back push pull actualy actully these days nowadays "
    "onwards anymore only just whole thing shunted postponed rescheduled pushed moved "
    "up down scale scaled ll ve one ones")  # (the tails of "we'll", "we've"; "we're 4 now" is how
# many we are; "the sale one": the one of the sale items)


def _up_to_clause(text: str, mention: Mention) -> str:
    """``text`` up to the end of the clause of ``mention`` (a reason after it is left out:
    "could u do 6:40 instead, want to get it done before my run")."""
    for m in _CLAUSE_END_RE.finditer(text):
        if m.start() >= mention.start + len(mention.text):
            return text[:m.start()]
    return text


def _clause_at(text: str, at: int, ends: re.Pattern[str]) -> str:
    start = 0
    for m in ends.finditer(text):
        if m.start() >= at:
            return text[start:m.start()]
        start = m.end()
    return text[start:]


def changed_sentence(patches: dict[str, Patch], role: Role, turn: int,
                     text: str) -> tuple[Patch, str, str] | None:
    """The statement of the last turns whose one value of a kind ``text`` (a change) gives a
    new value of, with the old value and the new one; None for none or several."""
    if AUTHORITY[role] < AUTHORITY[Role.USER] or len(text.split()) > CHANGE_WORDS:
        return None
    if another_owns(text):
        return None  # "the veg box people moved theirs, it comes thursdays now"
    # the values said as a change ("not Shah" is the value turned down); most sentences
    # say none, and read no stored statement
    said = [_people_counted(text, new) for new in mentions(text) if not _REFUSED_RE.search(text[:new.start])
            and (_cued(text, new) or _alone(text, new, True))]
    window = [patches[pid] for pid in islice(reversed(patches), CHANGE_SCAN)]
    if not said:  # "swap the oat milk for soya": the old words named, of no kind
        return _detail_changed(patches, window, role, turn, text)
    # the sentence of this message said before it points at the thing ("that needs longer.
    # 55") or names its old value ("changed my mind on the grey ... black pls"), never an
    # account of something else ("... the quarterly numbers. 20 minutes.")
    before = next((q for q in window if q.turn == turn and q.role is role), None)
    pointed = before is not None and _POINTING_RE.search(before.text) is not None
    for new in said:
        after = pointed or before is not None and any(
            _same_kind(new, m) and new.kind != "number" for m in mentions(before.text))
        if _cued(text, new):
            if before is not None and _POINTING_RE.search(text) and _own_value(window, turn, before, new):
                continue  # "the kickoff call is on tuesday, can you move it to wednesday?"
            if before is not None and _SELF_QUOTED_RE.match(before.text) \
                    and any(_same_kind(new, m) for m in mentions(before.text)):
                continue  # "I said the batch limit was 5, but it's actually 6": that one
            found = _last_of_kind(window, role, turn, text, new)
        elif _alone(text, new, after):  # only of the speaker's message just before
            last = next((q.turn for q in window if q.turn < turn and q.role is role), None)
            found = _last_of_kind([q for q in window if q.turn == last], role, turn, text, new)
            if found is None and new.kind.startswith("known:"):
                # a name of a known kind, after a question in between ("so Portuguese pls"
                # of the one message that named a language)
                found = _last_of_kind(window, role, turn, text, new)
        else:
            continue
        if found is not None:
            return found
    return _detail_changed(patches, window, role, turn, text)


_COMMA_END_RE = re.compile(r"[.;!?]+(?:\s+|$)|,\s+")


def _people_counted(text: str, new: Mention) -> Mention:
    """A bare number said in a clause where people come or go counts people ("two people
    dropped out so it's 10 now"): never a sum or a measure of the sentence changed (but
    "make that 60, people keep getting logged out" is no count of them)."""
    if new.kind == "number" and PEOPLE_COME_RE.search(_clause_at(text, new.start, _COMMA_END_RE)):
        return Mention("quantity:people", new.text, new.start)
    return new


def _detail_changed(patches: dict[str, Patch], window: list[Patch], role: Role, turn: int,
                    text: str) -> tuple[Patch, str, str] | None:
    """A detail changed with no value of a kind said as a change: the old words named
    ("swap the oat milk for soya"), the thing named beside its new value ("toner at £42 each
    then") or the frame said again with a new ending ("log level debug please")."""
    return swapped_detail(patches, role, turn, text) or _thing_change(window, role, turn, text) \
        or reframed_detail(patches, role, turn, text)


@lru_cache(maxsize=16384)
def _strict_words(text: str) -> frozenset[str]:
    """The words of ``text`` that may name a thing, letters and digits too ("region 2",
    "cache b"), each as its stem."""
    out = set()
    words = _TOKEN_RE.findall(text)
    for i, w in enumerate(words):
        low = w.lower()
        if low not in STOP_WORDS and low not in _LIGHT_WORDS or len(w) == 1 and w.isupper() and (
                w != "I" or letter_i(words, i)):
            # (a capital letter is a name: "proxy A", "bucket I", never the article or the
            # speaker; a word said twice is a word of a name of its own: "queue queue depth"
            # is not "service queue depth")
            term = stem(singular(low)) if low.isalpha() and len(low) > 2 else low
            out.add(f"{term}*2" if term in out else term)
    return frozenset(out)


_TOKEN_RE = re.compile(r"[\w'’]+")


def _change_terms(text: str) -> frozenset[str]:
    """The words of change of ``text`` that say a change, not a thing: never one right
    after an article ("the write timeout", "the order total"), nor a direction word before
    a noun ("back door size limit")."""
    named = content_terms(" ".join([m.group(1) for m in _DETERMINED_RE.finditer(text)
                                    if is_base_verb(m.group(1))]
                                   + _BEFORE_NOUN_RE.findall(text)))
    return _CHANGE_TERMS - named if named else _CHANGE_TERMS


# a direction word before a noun names a thing ("back door size limit: 25 MB", "the front desk"),
# never a change ("push back the deadline", "move it back to Friday")
_BEFORE_NOUN_RE = re.compile(r"\b(back|front|forward|up|down)\s+(?!(?:to|the|a|an|it|its|that|this|"
                             r"these|those|them|my|our|your|his|her|their|on|at|in|for|from|by|"
                             r"till|until|again|now|then|please|pls|a bit|further)\b)(?=[a-z]{3,}\b)",
                             re.I)
_DETERMINED_RE = re.compile(r"\b(?:the|a|an|my|our|your|their|its)\s+([a-z]+)\b(?=\s+[a-z])", re.I)


_LIGHT_WORDS = frozenset("at for on in of to by with from as or and can could u you i we me will would do does "
                         "did has have had get got pls thx thanks tho ok okay oh hmm".split())


def _thing_terms(text: str, new: Mention) -> frozenset[str]:
    """The words of the thing ``new`` is said of, when its clause is the thing and the value
    alone: "toner at £42 each then", "hmm 15% deposit", "put the hats at £24 pls"."""
    clause = _change_clause(text, new)[0]
    at = clause.find(new.text)
    if at < 0:
        return frozenset()
    before, after = clause[:at], clause[at + len(new.text):]
    rate = _RATE_RE.match(after)  # "£11 a bottle": the bottle is of the thing named
    if rate is not None and _THING_TAIL_RE.fullmatch(after, rate.end()) is not None:
        named = before + " " + rate.group(1)
    elif _THING_TAIL_RE.fullmatch(after) is not None:
        named = before
    elif _THING_LEAD_RE.fullmatch(before) is not None:
        named = _THING_TAIL_RE.sub("", after)  # "15% deposit": the thing after its value
    else:
        return frozenset()
    kind = _KIND_TERMS.get(new.kind.split(":")[0], frozenset())
    change = _change_terms(named)
    if not any(len(w) > 2 and w.lower() not in STOP_WORDS and content_terms(w) - change - kind
               for w in _WORD_RE.findall(named)):
        return frozenset()  # (a thing is named: never "we're back the 17th")
    # (the period of a rate is kept: "5000 requests per day" is no "100 requests per minute")
    per = _strict_words(rate.group(1)) if rate is not None else frozenset()
    return _strict_words(named) - change - kind | per


# what may follow a value that ends its clause: "each", "then", "pls"
_THING_TAIL_RE = re.compile(r"(?:[\s,.!]*(?:so|ok|okay|oh|then|pls|please|thx|thanks|tho|lol|for it|each|"
                            r"apiece|instead|now)\b)*[\s,.!]*$", re.I)
_RATE_RE = re.compile(r"\s+(?:a|an|per)\s+([a-z]+)\b", re.I)
# what may open a clause that is a value and its thing: "hmm 15% deposit"
_THING_LEAD_RE = re.compile(r"(?:[\s,.!]*(?:so|ok|okay|oh|hmm+|right|yeah|ah|then)\b)*[\s,.!]*", re.I)
# another person's own thing: "her table cloth is in burgundy"
_THEIR_THING_RE = re.compile(rf"\b(?:his|her|their)\s+[a-z]|\bmy\s+(?:{PEOPLE})\b", re.I)


def _thing_change(window: list[Patch], role: Role, turn: int, text: str) -> tuple[Patch, str, str] | None:
    """A change said as the thing and its new value, with no word of change ("toner at
    £42 each then" after "... toner at £38 each from Viking"): the value of its kind in the
    one recent clause that holds every word of the thing."""
    if len(text.split()) > CHANGE_WORDS or text.rstrip().endswith("?") and not _ASKED_CHANGE_RE.match(text):
        return None
    if _NOT_A_CHANGE_RE.search(text) or _ADDED_RE.search(text):
        return None
    for new in mentions(text):
        if _REFUSED_RE.search(text[:new.start]) or _THEIR_THING_RE.search(_change_clause(text, new)[0]):
            continue
        mine = _thing_terms(text, new)
        if mine:
            found = _last_of_kind(window, role, turn, text, new, mine)
            if found is not None:
                return found
    return None


def _holds_thing(clause: str, thing: frozenset[str], text: str) -> bool:
    """``clause`` (of an earlier statement) says every word of ``thing``, and is no bound
    unless the change ``text`` says one too (a bound is changed by a bound)."""
    if not thing <= _strict_words(clause):
        return False
    # a number of the thing names it with its noun: "team 3" is not the "3" of "team 2 is 3"
    theirs = {m.group(0).lower() for m in _NUMBERED_RE.finditer(clause)}
    if any(m.group(0).lower() not in theirs for m in _NUMBERED_RE.finditer(text)
           if m.group(2) in thing and m.group(1).lower() not in STOP_WORDS):
        return False
    return _BOUND_RE.search(clause) is None or _BOUND_RE.search(text) is not None


_NUMBERED_RE = re.compile(r"\b([a-z]+)\s+(\d+)\b", re.I)


_BOUND_RE = re.compile(r"\b(?:max(?:imum)?|min(?:imum)?|at (?:most|least)|under|over|below|above|up to|"
                       r"no (?:more|less|fewer) than|(?:less|more|fewer) than|limit|cap|exceed|upper|lower)\b", re.I)
_ADDED_RE = re.compile(r"\badd\b|(?:^|[,.;!]\s*)(?:and|plus)\s", re.I)  # ("and flapjacks from Aldi")


def _own_value(window: list[Patch], turn: int, before: Patch, new: Mention) -> bool:
    """The sentence said just before the change, in its message, gives a value of the
    change's kind that no earlier statement holds: the change points at that one ("the
    kickoff call is on tuesday, can you move it to wednesday?"), never at an older one
    (but "The Crown just cancelled on us. it's at Brewdog now" names the old one)."""
    own = [m.text.lower() for m in mentions(before.text) if _same_kind(new, m) and new.kind != "number"]
    return bool(own) and not any(o in q.text.lower() for q in window if q.turn < turn for o in own)


def _last_of_kind(window: list[Patch], role: Role, turn: int, text: str,
                  new: Mention, local: frozenset[str] = frozenset()) -> tuple[Patch, str, str] | None:
    """The one statement of the window that mentions a value of ``new``'s kind, if it
    mentions one (in every sentence of its message) and may take the change; None when none
    or several statements do: which of two is meant would be a guess."""
    found: list[tuple[Patch, list[Mention]]] = []
    # the old value the change names beside the new one ("wednesday not monday", "change the
    # budget to 35 a night, 25 wont get me anything") picks it among several, and may be
    # further back ("the weekend of the 21st, the 14th clashes with a wedding")
    named = [m for m in mentions(text) if m.start != new.start and _same_kind(new, m)]
    reach = NAMED_CHANGE_TURNS if named else CHANGE_TURNS
    for p in window:
        if p.turn >= turn or turn - p.turn > reach or p.later is not None \
                or AUTHORITY[p.role] < AUTHORITY[Role.USER] or AUTHORITY[p.role] > AUTHORITY[role] \
                or len(p.text.split()) > SENTENCE_WORDS or _ASKED_RE.match(p.text):
            continue  # (a question sets no value: "is the Plough any good for a birthday?")
        olds = [m for m in mentions(p.text) if _same_kind(new, m) and not in_mark(p.text, m.start)
                and not (new.kind == "quantity:people" and CAPACITY_RE.search(
                    _clause_at(p.text, m.start, _CLAUSE_END_RE)))]  # "the room seats 12"
        if local:
            # (the thing's words beside the old value: the "16" of "... replica count to 16
            # replicas" names no "scheduler 16")
            olds = [m for m in olds if _holds_thing(
                _clause_at(p.text, m.start, _CLAUSE_END_RE).replace(m.text, " ", 1), local, text)]
        if olds:
            found.append((p, olds))
    if named:
        picked = [(p, [o]) for p, olds in found for o in olds if any(_same_value(o, m) for m in named)]
        if picked or _named_old(text, new) is not None:
            found = picked
        else:  # (an old value named that no statement holds reaches no further)
            found = [(p, olds) for p, olds in found if turn - p.turn <= CHANGE_TURNS]
    if not found or len({p.turn for p, _ in found}) != 1:
        return None
    if new.kind == "name" and is_place(new.text):  # a city for the one city among names
        found = [(p, [o for o in olds if is_place(o.text)] or olds) for p, olds in found]
    # the message it was said in, every sentence of it ("set up a board in Trello? me, Sam
    # and the builder" names two)
    said = {m.text.lower() for _, olds in found for m in olds}
    p, olds = found[0]
    if len(said) > 1:  # "prod is starving, make it 80" of "staging ... 10 connections,
        chosen = _picked_among(text, found)  # production 50 connections"
        if chosen is not None:
            p, olds = chosen
            found, said = [chosen], {olds[0].text.lower()}
    if len(found) != 1 and p.kind is not PatchKind.SENTENCE or len(said) != 1 \
            or _same_value(olds[0], new) \
            or names_other(text, new, p.text, olds[0].kind) \
            or _NOT_SET_RE.search(p.text) or _SUPPOSED_RE.search(_clause_at(p.text, olds[0].start, _CLAUSE_END_RE)) \
            or other_owner(p.text, _up_to_clause(text, new)) \
            or speaker_after_person(p.text, _clause_at(text, new.start, _CLAUSE_END_RE)) \
            or _GOAL_RE.search(p.text) and not _GOAL_RE.search(text) \
            or _moved_other(text, p.text) or other_times(text, p.text) \
            or said_for_other(text, p.text) is not None or other_label(text, p.text) \
            or re.search(rf"(?<![\w-]){re.escape(new.text)}(?![\w-])", p.text, re.I):
        return None
    return p, olds[0].text, new.text


# a goal beside the figure as it stands is another setting ("my goal is 60 bpm" / "71 bpm
# right now")
_GOAL_RE = re.compile(r"\b(?:goal|target|aim(?:ing)?|hoping to|want to (?:get|reach|hit))\b", re.I)


def _moved_other(text: str, old: str) -> bool:
    """The change says another thing was moved ("they moved the school trip, it's on 11 June
    now" of "my dentist appointment is on 4 June")."""
    moved = moved_antecedent(text)
    return moved is not None and not content_terms(moved) & content_terms(old)


# a question that asks about a value, not a request ("can you book ... for 7?" is one)
_ASKED_RE = re.compile(r"^\W*(?:is|are|was|were|does|do|did|how|what|which|who|where|why|should|"
                       r"would|will|has|have)\b[^.!]*\?\s*$", re.I)


def other_of_kind(new: str, value: str, text: str, change: str = "") -> bool:
    """The value ``new`` is of another kind than ``value`` (a statement's value) and ``text``
    (that statement) mentions one value of the new one's kind besides: "actually 6 of us"
    speaks of the "4 ppl" of "a table for friday 7.30pm, 4 ppl", not of its time. Never when
    the ``change`` as said holds a value of ``value``'s kind ("Change room 4 to 9am")."""
    said, held = mentions(new), mentions(value)
    if not said or not held or any(_same_kind(n, o) for n in said for o in held) \
            or any(_same_kind(m, o) for m in mentions(change) for o in held):
        return False
    return len([m for m in mentions(text) if _same_kind(said[0], m)
                and value.lower() not in m.text.lower() and m.text.lower() not in value.lower()]) == 1


def _picked_among(text: str, found: list[tuple[Patch, list[Mention]]]) -> tuple[Patch, list[Mention]] | None:
    """The one value of the statements of one message that ``text`` names the words of
    (:func:`~dspm_core.sibling_values.picked_by_words`), with its statement; None for none."""
    joined, shifted, owner = "", list[Mention](), list[tuple[Patch, list[Mention]]]()
    for p, olds in found:
        shifted += [Mention(o.kind, o.text, o.start + len(joined)) for o in olds]
        owner += [(p, olds)] * len(olds)
        joined += p.text + " ; "
    picked = picked_by_words(text, joined, shifted)
    if picked is None:
        return None
    p, olds = owner[shifted.index(picked)]  # (the statement it is in, the value where that one says it)
    return p, [next(o for o in olds if o.text == picked.text)]


def _same_kind(new: Mention, old: Mention) -> bool:
    if new.kind == "number":  # "55" of the one "45 minutes", "120" of "£50"
        return old.kind in ("money", "number") or old.kind.startswith("quantity:")
    if new.kind == "quantity:people":  # "we'll be 15 now" of "twelve kids", "8 guests"
        return old.kind == "number" or old.kind.startswith("quantity:") \
            and singular(old.kind.split(":")[-1].lower()) in PEOPLE_UNITS
    if new.kind == "name" and old.kind == "name" and (_other_than_place(new.text, old.text)
                                                      or _other_than_place(old.text, new.text)):
        return False  # "make it an SUV" is no new place of "the Denver trip"
    return new.kind == old.kind


def _other_than_place(name: str, place: str) -> bool:
    """``place`` is a known place and ``name`` is known as no place: an acronym or a name
    of another known kind ("SUV" of "Denver"; never "Antwerp" of "Ghent")."""
    return is_place(place) and not is_place(name) and (name.isupper() or name_category(name) is not None)
