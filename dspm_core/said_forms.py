"""Forms of a statement that change what its subject names.

Read after a statement's subject and value (:func:`dspm_core.slots.parse_statement`):

* the speakers counted ("so we're 5 now": 5 people, no subject of its own);
* a gathering given for so many ("I'm hosting Thanksgiving for 10": Thanksgiving, 10 people);
* a decision with no subject but the deciding ("we settled on 15%");
* what lasts until a date ("Pause my subscription until 10 March": the subscription pause);
* a time of day after the value ("12 units at dinner": the dinner dose);
* a pointer changed to a value in plain words ("switch it to dusty blue and cream").
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from .called import CALLED, called_name, named_thing
from .lexicon import is_base_verb
from .literal import may_hold
from .party import HOSTING_RE, PARTY_ALONE_RE, PARTY_RE
from .values import VALUE_RE, parse_value

if TYPE_CHECKING:
    from .slots import Statement

__all__ = ["at_time_of_day", "called_as", "decided_on", "hosted_for", "party_of", "pointed_to_words",
           "until_of"]


def at_time_of_day(st: Statement, text: str) -> Statement:
    """"My insulin dose is 12 units at dinner", "thermostat at 68 at night": the time of day
    said after the value names which setting it is ("insulin dose dinner"), so that the dose
    at breakfast stays another and "the dinner insulin" revises this one."""
    if st.dimension in ("free", "name", "when", "clock") or not st.subject or not st.value:
        return st
    at = text.find(st.value)
    m = _AT_TIME_OF_DAY_RE.match(text, at + len(st.value)) if at >= 0 else None
    if m is None:
        return st
    part = m.group("part").lower()
    if part in st.subject.lower().split():
        return st
    return replace(st, subject=f"{st.subject} {part}")


_AT_TIME_OF_DAY_RE = re.compile(
    r"\s+(?:(?:of|for)\s+[\w-]+\s+)?(?:at|in the|during the|every|each|before|after)\s+"
    r"(?P<part>breakfast|lunch|dinner|supper|night|bedtime|morning|afternoon|evening|day|"
    r"daytime|weekend|weekends)\b", re.I)


def until_of(st: Statement, text: str) -> Statement:
    """"Pause my subscription until 10 March": what lasts until then is the thing's pause
    ("subscription pause"), which "extend the pause to 31 March" revises."""
    if not st.subject or not st.subject.lower().endswith(" until"):
        return st
    m = _UNTIL_VERB_RE.match(text)
    if m is None or not is_base_verb(m.group("verb").lower()):
        return st
    return replace(st, subject=f"{st.subject[:-len(' until')]} {m.group('verb').lower()}")


_UNTIL_VERB_RE = re.compile(r"\s*(?:please\s+|can you\s+|could you\s+)?(?P<verb>[a-z]+)\s", re.I)


def party_of(st: Statement, text: str) -> Statement:
    """"so we're 5 now", "there'll be 8 of us": a bare number said of the speakers is how
    many people they are (it revises "a table for 4 people"); it names no setting of its
    own."""
    if st.dimension != "number" or not may_hold(text, st.value or ""):
        return st
    m = PARTY_ALONE_RE.search(text)
    n = m.group("n") if m else next(filter(None, (p.group(1) or p.group(2)
                                                  for p in PARTY_RE.finditer(text))), None)
    if n != st.value:  # ("update: we're now 12, my in-laws are coming after all")
        return st
    pv = parse_value(f"{st.value} people")
    return replace(st, subject=None, value=pv.text, unit=pv.unit, dimension=pv.dimension,
                   canonical=pv.canonical)


def called_as(st: Statement, text: str) -> Statement:
    """"call me Tom when you write my emails": the name to call the user by; "name the repo
    marble-api": the repo's name (:mod:`dspm_core.called`)."""
    name = called_name(text) if "me" in text or "as" in text else None
    if name is not None:
        return replace(st, subject=CALLED, op="=", value=name, unit=None, scope=None,
                       dimension="name", canonical=name.lower(), old_value=None)
    named = named_thing(text) if st.value is None else None
    if named is None:
        return st
    thing, name = named  # "name the repo marble-api"; "call it quarry-api": the one spoken of
    return replace(st, subject=f"{thing} name" if thing else None, op="=", value=name, unit=None,
                   scope=None, dimension="name", canonical=name.lower(), old_value=None,
                   revision=st.revision or thing is None)


def hosted_for(st: Statement, text: str) -> Statement:
    """"I'm hosting Thanksgiving for 10 this year": how many people the gathering is for,
    its setting the gathering's party."""
    m = HOSTING_RE.match(text.strip())
    if m is None:
        return st
    pv = parse_value(f"{m.group('n')} people")
    event = re.sub(r"^(?:a|an|the|my|our)\s+", "", m.group("event"), flags=re.I)
    party = event if event.lower().endswith("party") else f"{event} party"
    return replace(st, subject=party, op="=", value=pv.text, unit=pv.unit,
                   scope=None, dimension=pv.dimension, canonical=pv.canonical)


# a subject that is only the speakers deciding ("we settled on 15%", "after some back and
# forth we agreed on 3%"), not a setting's name ("the budget we agreed on")
_DECIDED_RE = re.compile(r"(?:(?:after|finally|eventually|so|ok|okay|well|in the end)\b[\w\s,']*?\s)?"
                         r"(?:(?:i|we)(?:'ve| have)?\s+)?(?:agreed|settled|decided|ended up)", re.I)


def decided_on(st: Statement) -> Statement:
    """"we agreed on 3% in the end": what was agreed on, of the setting spoken of; its
    subject is only the speakers deciding."""
    if st.subject and _DECIDED_RE.fullmatch(st.subject):
        return replace(st, subject=None)
    return st


_POINTER_TO_WORDS_RE = re.compile(
    r"^\W*(?i:(?:(?:actually|ok(?:ay)?|so|and|no|wait|hmm+|sorry|please)\W+)*(?:(?:can|could)\s+(?:we|you)\s+)?"
    r"(?:please\s+)?(?:(?:switch|change|make|bump|upgrade|downgrade)\s+(?:it|that|them)\s+"
    # "make it the south entrance": a thing named with its article, not "make it quick"
    r"(?:back\s+)?(?:to|into)\s+|make\s+(?:it|that)\s+(?=the\s))"
    r")(?P<val>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}?)"
    # (its reason may follow: "switch that to unittest so it's consistent")
    r"(?:\s+(?:instead|please|then|now))?(?:\s*(?:[.!?,;]|$)|\s+(?i:so|because|since|as)\s)")
# words of a phrase that asks for something vaguer than a value
_NOT_A_VALUE_WORD = frozenset("something anything whatever same more less better worse other "
                              "different default it that this them".split())


def pointed_to_words(text: str) -> str | None:
    """The value in plain words a pointer is changed to ("switch it to dusty blue and
    cream", "could we change that to vegetarian?"), or None."""
    m = _POINTER_TO_WORDS_RE.match(text.strip())
    if m is None or VALUE_RE.search(m.group("val")) \
            or set(m.group("val").lower().split()) & _NOT_A_VALUE_WORD:
        return None
    return m.group("val")
