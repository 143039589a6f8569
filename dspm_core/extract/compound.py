"""Compound statements: one fact per clause.

"Hard rules: must work offline, max fee 0.5%, deadline Friday." and "X is 5, Y is 10 and
Z is Monday" state several settings at once. Each clause becomes a sentence of its own, so
each is stored, and later revised ("The deadline is now Monday"), on its own. A sentence is
split only when every part holds a value or a rule cue and none is long: a list of names
or a clause with a comma inside ("Paris, France") stays whole.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..contact_values import CONTACT_RE
from ..display_units import measure_of
from ..lexicon import is_base_verb, is_verb_only, past_form
from ..roles import roles_given
from ..slots import PREPOSITIONS
from ..vocab import STOP_WORDS, everyday_frequency
from ..values import VALUE_RE, canonical_unit
from .cues import rule_cue

__all__ = ["compound_parts", "named_value_parts"]

_I = re.I
# "Hard rules:", "Requirements -": a label that introduces the list
_LABEL_RE = re.compile(r"^(?:(?:hard|strict|house|ground|the|my|our|some|key|main|a few)\s+)?"
                       r"(?:[a-z]+\s+)?"  # "Coding rules:", "Project settings:"
                       r"(?:rules?|constraints?|requirements?|settings?|limits?|specs?|"
                       r"preferences?|details?|facts?|parameters?)\s*[:\-–]\s*|"
                       # "few things:", "a couple of changes:", "also a couple of things —"
                       r"^(?:(?:ok(?:ay)?|also|so)[,\s]+)*(?:a\s+)?(?:few|couple(?:\s+of)?|some|two|three|"
                       r"quick|small)\s+(?:more\s+)?(?:things|changes|updates|tweaks|requests|edits)"
                       r"\s*(?::|\s[—–-]|—)\s*", _I)
# "can you: draft ..., drop ..., and tell me ...": a request of several things to do
_ASKED_RE = re.compile(r"^(?:(?:ok(?:ay)?|also|so|right|and|then|great|cool|thanks|thx|perfect)"
                       r"[,.!\s]+)*(?:(?:can|could|would) (?:you|u)(?: please| pls)?|please|pls)"
                       r"\s*[:—–]?\s+(?=[a-z])", _I)
# a question among the things asked ("..., and what's a good lunch if ...")
_WH_RE = re.compile(r"^(?:what|which|when|where|who|how|why|is|are|do|does|can|could|should)\b", _I)
#: the most words of one of several things asked for
_MAX_ASKED_WORDS = 20
# a comma before a space (never inside "1,200"), a semicolon, or "and"
# ("plus" before the verb of a clause names a thing: "the price for plus is £45")
_SPLIT_RE = re.compile(r"\s*(?:,(?=\s)|;)\s*(?:and\s+|but\s+|plus\s+)?|"
                       r"\s+(?:and|plus(?!\s+(?:is|are|was|were|costs?|=)\b))\s+(?=\w)", _I)
# an unlabelled compound is a run of "<subject> is <value>" clauses
_SUBJECT = r"^(?:the\s+|our\s+|my\s+)?[A-Za-z][\w' -]*?\s+"
_IS_VALUE_RE = re.compile(_SUBJECT + r"(?:is|are|=|:|has|have)\s+\S", _I)
# "<subject> should be <value>" (see _sets_value)
_BE_VALUE_RE = re.compile(_SUBJECT + r"(?:is|are|=|:|(?:should|must|will|shall)\s+be|"
                          r"(?:has|have|needs?)\s+to\s+be)\s+", _I)
# an instruction with its value ("retry failed uploads up to 3 times", "rotate logs at 5 MB")
_DO_VALUE_RE = re.compile(r"^(?:please\s+)?(?P<verb>[a-z]+)\s+(?!(?:it|that|this|them)\b)\S", _I)
_MAX_PART_WORDS = 12
# a part that opens on a town after a street ("..., Leeds LS6 2AB") or holds a street number
_STREET_NUMBER_RE = re.compile(r"^[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,2}\s+[A-Za-z]{1,2}\d|.*\b\d{1,5}[A-Za-z]?\s+[A-Za-z]")
#: more parts than a compound statement has (a list, a pasted table): none is read apart
_MAX_PARTS = 12
_KEPT_COMMA = "\x00"
# the words a short rule of a labelled list may open with ("no print statements")
_RULE_LEADS = frozenset("no never always only avoid".split())
# one word that names a thing: a capital or a digit inside it ("AdamW", "gpt-4o"), or a
# capital on a word that is no everyday word ("Postgres"; never "Sorry")
_ONE_NAME_RE = re.compile(r"^(?:(?=\S*(?:[a-z][A-Z]|[a-z]\d))[A-Za-z][\w.+#-]*|(?P<cap>[A-Z][a-z]+))$")
_EVERYDAY = 2000


def _one_name(part: str) -> bool:
    """``part`` is one word that names a thing (see :data:`_ONE_NAME_RE`)."""
    m = _ONE_NAME_RE.match(part)
    return m is not None and (m.group("cap") is None or everyday_frequency(part.lower()) < _EVERYDAY)


def compound_parts(sentence: str) -> list[str] | None:
    """The clauses of a compound statement, each standing alone, or ``None`` (read once a
    sentence: the rule extractor and the sentence tier both ask)."""
    parts = _compound_parts(sentence)
    return None if parts is None else list(parts)


@lru_cache(maxsize=16384)
def _compound_parts(sentence: str) -> tuple[str, ...] | None:
    parts = _read_parts(sentence)
    return None if parts is None else tuple(parts)


def _read_parts(sentence: str) -> list[str] | None:
    asked = _ASKED_RE.match(sentence)
    if asked:
        return _asked_parts(sentence[asked.end():])
    tools = _tools_for(sentence) or _versions_used(sentence)
    if tools is not None:
        return tools
    roles = roles_given(sentence)
    if roles is not None:  # "Sam does CAD and Lee handles wiring": a role each
        return [part[0].upper() + part[1:] + "." for part, _, _ in roles]
    label = _LABEL_RE.match(sentence)
    body = sentence[label.end():] if label else sentence
    body = body.strip().rstrip(".!")
    parts = [p.strip() for p in _SPLIT_RE.split(body) if p and p.strip()]
    if len(parts) < 2 or len(parts) > _MAX_PARTS:
        return None
    if any(_STREET_NUMBER_RE.match(p) for p in parts):
        # (an address is one value: "14 Oak Lane, Leeds LS6 2AB" is no two clauses)
        body = CONTACT_RE.sub(lambda m: m.group(0).replace(",", _KEPT_COMMA), body)
        parts = [p.strip().replace(_KEPT_COMMA, ",") for p in _SPLIT_RE.split(body) if p and p.strip()]
        if len(parts) < 2:
            return None
    listed = label is not None and not label.group(0).rstrip().endswith(":")
    for p in parts:
        words = p.split()
        if len(words) == 1 and not label and _one_name(p):
            continue  # "lr 3e-4, batch 64, AdamW": a named choice among named values
        if len(words) > (_MAX_ASKED_WORDS if listed else _MAX_PART_WORDS) or len(words) < 2:
            return None
        if listed and _WH_RE.match(p):
            continue  # "also a couple of things — ..., and what's a good lunch ...?"
        if not (VALUE_RE.search(p) and re.search(r"[A-Za-z]{2}", p) or rule_cue(p)
                or label and (is_base_verb(words[0].lower()) or words[0].lower() in _RULE_LEADS)
                or _names_one(p)):
            return None  # ("few things: ..., pin gunicorn, ...")
    if not label and not all(_IS_VALUE_RE.match(p) and (VALUE_RE.search(p) or _names_one(p))
                             for p in parts) \
            and not (all(_sets_value(p) for p in parts) and _BE_VALUE_RE.match(parts[0])
                     and not any(_CHANGE_SAID_RE.search(p) for p in parts)):
        # ("they rang to say 7pm is full, get us 8:45 instead": one change, its parts together)
        # "never log cards, and use TLS" stays one rule; "X is 5, Y is 10" splits, and so do
        # named values said bare ("replicas 3, HPA max 8", "long run sundays, currently 14km,
        # easy pace ~6:10/km": a part that names nothing goes with the one before it)
        parts = _named_values(parts)
        if parts is None:
            return None
    return [p[0].upper() + p[1:] + ("?" if listed and _WH_RE.match(p) else ".") for p in parts]


def named_value_parts(sentence: str) -> list[str] | None:
    """The named values of a sentence that says only named values ("lr 3e-4, batch 64, 10
    epochs, AdamW"), each a sentence of its own; None for any other sentence."""
    parts = [p.strip() for p in _SPLIT_RE.split(sentence.strip().rstrip(".!")) if p and p.strip()]
    if not 2 <= len(parts) <= _MAX_PARTS or any(len(p.split()) > _MAX_PART_WORDS for p in parts):
        return None
    named = _named_values(parts)
    return None if named is None else [p[0].upper() + p[1:] + "." for p in named]


# "use clap for args, anyhow for errors and tokio for async": a tool for each purpose
_USE_FOR_RE = re.compile(r"^(?P<lead>(?:(?:we(?:'ll| will)|let's|please|i want to|i'd like to)\s+)?use)\s+"
                         r"(?P<tool>[\w.+#-]+)\s+for\s+(?P<what>[\w'-]+(?:\s+[\w'-]+){0,2})$", _I)
_TOOL_FOR_RE = re.compile(r"^(?P<tool>[\w.+#-]+)\s+for\s+(?P<what>[\w'-]+(?:\s+[\w'-]+){0,2})$", _I)


def _tools_for(sentence: str) -> list[str] | None:
    """The parts of "use A for X, B for Y and C for Z", each "Use B for Y"; None for any
    other sentence."""
    return _used_each(sentence, _USE_FOR_RE, _TOOL_FOR_RE)


def _used_each(sentence: str, first_re: re.Pattern[str], rest_re: re.Pattern[str]) -> list[str] | None:
    """The parts of a sentence whose first part ``first_re`` reads ("use A for X") and
    every other ``rest_re`` ("B for Y"), each said with the first part's lead ("Use B for
    Y"); None for any other sentence."""
    parts = [p.strip() for p in _SPLIT_RE.split(sentence.strip().rstrip(".!")) if p and p.strip()]
    if not 2 <= len(parts) <= _MAX_PARTS:
        return None
    first = first_re.match(parts[0])
    if first is None or not all(rest_re.match(p) for p in parts[1:]):
        return None
    lead = first.group("lead")
    return [f"{parts[0][0].upper()}{parts[0][1:]}."] + [f"{lead[0].upper()}{lead[1:]} {p}." for p in parts[1:]]


# "Use Pydantic v2, SQLAlchemy 2.0 with async sessions, Postgres 15": a version of each tool
_NAME_VERSION = r"(?-i:[A-Z])[\w.+#-]*\s+v?\d+(?:\.\d+){0,3}(?:\s+(?:with|for|on|in)\s+[\w' -]{1,40})?"
_USE_VERSION_RE = re.compile(rf"^(?P<lead>(?:(?:we(?:'ll| will)|let's|please|we)\s+)?use)\s+{_NAME_VERSION}$", _I)
_NAME_VERSION_RE = re.compile(rf"^{_NAME_VERSION}$", _I)


def _versions_used(sentence: str) -> list[str] | None:
    """The parts of "use A 2, B 3.1 and C 15", each "Use B 3.1"; None for any other
    sentence."""
    return _used_each(sentence, _USE_VERSION_RE, _NAME_VERSION_RE)


# a part that says a value will not do, or that another replaces it: the parts are one change
_CHANGE_SAID_RE = re.compile(r"\b(?:instead|rather|(?:is|are|was|were)\s+(?:full|taken|booked|sold out|"
                             r"unavailable|too\s+\w+|not\s+(?:available|possible|enough)))\b", _I)


# "supervisor is Dr. Okafor", "the venue is The Crown": a name said as a setting's value
_NAMED_IS_RE = re.compile(r"^(?:the\s+|our\s+|my\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}\s+(?:is|are)\s+"
                          r"(?:(?:dr|prof|mr|mrs|ms|miss)\b\.?\s*|(?-i:[A-Z])|"
                          # an identifier: "the dataset is analytics_prod", "the bucket is acme-prod-2"
                          r"[a-z][\w.-]*[_\d][\w.-]*$)", _I)


def _names_one(part: str) -> bool:
    """``part`` is "<subject> is <Name>", short: a person, a place or a product set."""
    return len(part.split()) <= 7 and _NAMED_IS_RE.match(part) is not None


def _sets_value(part: str) -> bool:
    """``part`` sets a value of its own: "<subject> is/should be <value>", the value at most
    a word after the verb ("should be 8 MB", "should be on saturdays"; never "half of us are
    away on sunday", a reason), or an instruction with a value and its unit ("retry failed
    uploads up to 3 times")."""
    be = _BE_VALUE_RE.match(part)
    if be is not None:
        words = part[be.end():].split()
        return any(VALUE_RE.match(" ".join(words[k:])) for k in range(min(2, len(words))))
    m = _DO_VALUE_RE.match(part)
    return m is not None and is_base_verb(m.group("verb").lower()) \
        and any(re.search(r"[A-Za-z]", v.group(0)) or re.match(r"\s*[A-Za-z%]", part[v.end():])
                for v in VALUE_RE.finditer(part))


# what may follow a bare value: its unit and period ("30s", "~6:10/km", "2 per day")
_PER_TAIL_RE = re.compile(r"\s?(?P<unit>[a-z%°]+)?(?:\s?/\s?[a-z]+|\s+per\s+[a-z]+)?\s*[.!]?", _I)
_NOT_A_UNIT = STOP_WORDS | frozenset("instead now then please pls too again either each".split())
_REPORT_LEAD_RE = re.compile(r"^(?:status|progress|update|eta|build|ci|log|results?|heads[- ]up|fyi)\s*[:\-]",
                             _I)
_COPULA_RE = re.compile(r"\s(?:is|are)\s", _I)
#: the most words of "<subject> is <value>" among named values ("Date is 14 June 2027")
_MAX_NAMED_WORDS = 6
# the flat or unit of an address said after it ("Flat 2", "Apt 4B", "Unit 3")
_UNIT_NUMBER_RE = re.compile(r"^(?-i:[A-Z])[a-z]+\.?\s\d+[A-Za-z]?$")
# what an instruction's object opens with ("switch the gym wash to 30", "make that 5")
_OBJECT_LEADS = frozenset("the a an that this these those them it my our your his her their".split())
_VERBS_OF_A_CLAUSE = frozenset("is are was were be been being should must will would can could shall "
                               "may might has have had do does did 's 're".split())
_PRONOUNS = frozenset("i we you he she they it me us them my our".split())
# a value turned down ("15 slides, not 10"): the parts are one change
_TURNED_DOWN = frozenset("not no never".split())
# what a bare value's part may say before it and still name nothing ("currently 14km")
_NAMES_NOTHING_RE = re.compile(r"^(?:currently|now|about|around|roughly|approx(?:imately)?|"
                               r"usually|normally|at|of|max|min|~)?$", _I)


def _named_values(parts: list[str]) -> list[str] | None:
    """``parts`` as named values, each "<subject> is <value>" or "<subject> <value>" with the
    value ending it, a part that names nothing joined to the one before; None unless at least
    two parts name a setting of their own."""
    if _REPORT_LEAD_RE.match(parts[0]):
        return None  # "Status: epoch 7 of 20 done, val accuracy 0.84": a report, no settings
    out: list[str] = []
    for p in parts:
        if _one_name(p):
            out.append(p)  # (counted below among the parts that name nothing of their own)
            continue
        if _names_one(p) and out:
            out.append(p)  # "..., venue is Hollins Barn, ...": a name set by its setting
            continue
        if _IS_VALUE_RE.match(p) and VALUE_RE.search(p):
            if _COPULA_RE.search(p) and (len(p.split()) > _MAX_NAMED_WORDS
                                         or any(_UNIT_NUMBER_RE.match(q) for q in parts)):
                return None  # "my flat is 9 Kings Road, Flat 2": a value said on after a comma
            out.append(p)
            continue
        found = list(VALUE_RE.finditer(p))
        tail = _PER_TAIL_RE.fullmatch(p[found[-1].end():]) if found else None
        if tail is None or (tail.group("unit") or "").lower() in _NOT_A_UNIT:
            return None  # ("leave them at number 14 instead": no unit)
        named = p[: found[-1].start()].strip(" ~≈:")
        if (not named or _NAMES_NOTHING_RE.match(named.lower()) and named.lower() not in ("at", "of")) \
                and re.fullmatch(r"\d[\d,]*", found[-1].group(0)) and canonical_unit(tail.group("unit"))[1].startswith("count:") \
                and measure_of(tail.group("unit")) is None:
            out.append(p)  # "10 epochs", "3 replicas": a count names what it counts
            continue
        words = named.lower().split()
        first = words[0] if words else ""
        if first in _PRONOUNS or first in PREPOSITIONS or first in _TURNED_DOWN \
                or is_verb_only(first) or past_form(first) \
                or set(words) & _VERBS_OF_A_CLAUSE \
                or len(words) > 1 and words[1] in _OBJECT_LEADS and is_base_verb(first):
            return None  # "I was born in 1990, moved here in 2015": a story; "switch the gym
            # wash to 30", "bathroom should be on saturdays": a clause of its own
        if _NAMES_NOTHING_RE.match(named.lower()):
            if not out:
                return None
            out[-1] = f"{out[-1]}, {p}"
            continue
        if not any(w.lower() not in STOP_WORDS and w.lower() not in PREPOSITIONS
                   and not w.lower().endswith("ly") for w in re.findall(r"[A-Za-z][\w'-]+", named)):
            return None  # "between 3 and 5": no name of a setting
        out.append(p)
    return out if len(out) - sum(1 for p in out if _one_name(p)) >= 2 else None


def _asked_parts(body: str) -> list[str] | None:
    """The things a request of several asks for, each a request of its own ("can you:
    draft an intro, drop the salary minimum to £55k, and tell me ..."): a list with commas,
    every part a few words that open with a verb ("..., full valet" is a detail of the one
    request), and one holds a value; else ``None``."""
    if not re.search(r",\s|;", body):
        return None  # "can you review my code and suggest improvements?": one request
    parts = [p.strip() for p in _ITEMS_RE.split(body.strip().rstrip(".!?")) if p and p.strip()]
    if len(parts) < 2 or not any(VALUE_RE.search(p) for p in parts):
        return None
    for p in parts:
        words = p.split()
        if not 3 <= len(words) <= _MAX_ASKED_WORDS or not is_base_verb(words[0].lower()) \
                or words[0].lower() in _NOT_A_TASK:
            return None  # ("can you help me ..., and ...?" asks for help with one thing)
    return [p[0].upper() + p[1:] + "." for p in parts]


_NOT_A_TASK = frozenset("help while let".split())
# a comma or a semicolon between the things asked, or "and" before the verb of the next
_ITEMS_RE = re.compile(r"\s*(?:,(?=\s)|;)\s*(?:and\s+|then\s+)?|\s+and\s+(?=(?:also\s+)?[a-z]+\s)", _I)
