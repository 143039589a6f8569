"""A value said before the noun it sets: "the new April 25 deadline", "my 9am class".

Read as a clause, "I won't meet the new April 25 deadline" is a negation with no value, and
"I'm worried about my April 20 deadline for the draft" has a subject made of the words
before its value. The value placed between a determiner and its noun sets that noun: the
deadline is April 25; "new", "revised" or "updated" before the value says it replaced one.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from .lexicon import is_adverb_only, is_past_verb, is_verb_only
from .values import UNIT_ALIASES, VALUE_RE, parse_value
from .vocab import STOP_WORDS

if TYPE_CHECKING:  # pragma: no cover
    from .slots import Statement

__all__ = ["placed_before_noun"]

# a determiner, and a word saying the value replaced one, before the value
_LEAD_RE = re.compile(r"\b(?:my|our|your|the|this|that|a|an)\s+(?P<new>(?:new|revised|updated|"
                      r"rescheduled|current)\s+)?", re.I)
_NOUN = (r"\s+(?P<noun>[a-z][\w-]*(?:\s+(?!(?:to|is|was|and|but|so|which|that|i|we|now|"
         r"for|of)\b)[a-z][\w-]*)?)(?P<of>\s+(?:for|of)\s+(?:the\s+|my\s+|our\s+)?"
         r"[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)?")
# where the noun ends: the clause does, or a word that joins the next
_NOUN_END = r"[,.;:!?]|$|\s(?:to|is|was|and|but|so|which|that|i|we|now)\b"
_NOUN_RE = re.compile(rf"{_NOUN}(?=\s*(?:{_NOUN_END}))", re.I)
# the noun followed by where or when it is ("a 40 minute set at the Crown on saturday")
_NOUN_PLACED_RE = re.compile(rf"{_NOUN}(?=\s*(?:{_NOUN_END}|\s(?:at|on|in|with|from|during|until|"
                             r"this|next)\b|\s*[—–]))", re.I)
_UNIT_AFTER_RE = re.compile(r"[\s-]?(?P<u>[A-Za-z%]+)\b")  # ("a 5-minute warm-up")
# what a noun after a value may not be: a word that joins, or one that says the value is old
_NOT_NOUNS = frozenset("to for of in on at by from and or but so than then now instead too "
                       "each every per a an ago".split())
_LEAD_WORDS = frozenset("my our your the this that a an new revised updated rescheduled "
                        "current".split())


def _names_nothing(subject: str) -> bool:
    """A subject of verbs, adverbs and small words only ("accept", "honestly")."""
    return all(w in STOP_WORDS or is_verb_only(w) or is_adverb_only(w)
               for w in re.findall(r"[a-z']+", subject.lower()))


def placed_before_noun(st: Statement, text: str) -> Statement:
    """``st`` read again when ``text`` places a value between a determiner and its noun
    ("the new April 25 deadline" -> deadline = April 25, a revision) and ``st`` has no
    value, a negation without one, or the same value under a subject of other words."""
    if st.value is not None and st.dimension != "free" and st.subject \
            and st.subject.lower().split()[-1] not in _LEAD_WORDS and not _names_nothing(st.subject):
        return st  # a subject of its own ("I'm nervous about the new", "accept" are none)
    negated = st.value is None and st.op == "!="  # a rule ("never book my 9am slot") stays one
    for lead in _LEAD_RE.finditer(text):
        m = VALUE_RE.match(text, lead.end())  # "the old 5pm cutoff": no value after "the"
        if m is None or negated and not lead.group("new"):
            continue
        said, end = m.group(0), m.end()
        unit = _UNIT_AFTER_RE.match(text, end)
        if unit and unit.group("u").lower() in UNIT_ALIASES:  # "a 1.2 GB image": 1.2 GB
            said, end = text[m.start():unit.end()], unit.end()
        noun = _NOUN_RE.match(text, end)
        # (never in a story: "I attended the 6 PM workshop on May 8"; "we've got ..." is ours now)
        if noun is None and not any(is_past_verb(w) and w != "got"
                                    for w in re.findall(r"[a-z]+", text[: lead.start()].lower())):
            noun = _NOUN_PLACED_RE.match(text, end)
        if noun is None or noun.group("noun").lower() in _NOT_NOUNS | STOP_WORDS:
            continue
        if st.value is not None and st.dimension != "free" \
                and not st.value.lower().startswith(said.lower()):
            continue
        if st.old_value and said.lower() in st.old_value.lower():
            continue  # "from the 20GB plan to unlimited": the value replaced
        pv = parse_value(said)
        if pv.dimension == "free":
            continue
        subject = noun.group("noun") + (noun.group("of") or "")
        return replace(st, subject=subject, op="=", value=pv.text, unit=pv.unit, scope=pv.scope,
                       dimension=pv.dimension, canonical=pv.canonical,
                       revision=st.revision or bool(lead.group("new")))
    return st
