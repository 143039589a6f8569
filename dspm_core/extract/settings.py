"""The slot filling the extractor does itself.

The slot rules of :mod:`dspm_core.slots` read a subject, operator and value from a plain
statement well ("Set the webhook timeout to 10 seconds"). Conversational text defeats
them: "I'm using Bootstrap 5.3.0" would get the subject "I'm", "which has improved to 78%"
the subject "which". Here the extractor fills ``slot`` (and the value fields) itself when
the slot rules would misread a fact: renames, plans, counts, named things, states reached
("<subject> has grown to 78%"), schedules ("I arrive on June 3"), deadlines for a named
thing, the stack in use, and for a rule without a value the whole rule as its identity,
so that unrelated statements never share a slot: a missed merge costs a few tokens, a
wrong one loses a rule.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..clock_words import in_digits
from ..patch import Fact, PatchKind, Turn
from ..effective import without_effect
from ..named_settings import read_named
from ..known_names import names_its_kind
from ..slots import Statement, after_reason, as_day_of_month, parse_statement
from ..switched import switched_said
from ..value_clause import unlead
from ..values import parse_value, split_number_unit
from .clauses import clean, split_sentences, squash, strip_lead, tidy
from .cues import (
    ALWAYS_NEVER_RE,
    AVOID_RE,
    DEADLINE_FOR_RE,
    HAVE_COUNT_RE,
    NAMED_RE,
    PREFERENCE_RE,
    RENAME_RE,
    STACK_RE,
    USING_RE,
    VALUES,
    plan_said,
    plan_slot,
)

_I = re.I

GOAL_LEAD_RE = re.compile(
    r"^(?:(?:i|we)(?:'m| am|'re| are)?\s+(?:\w+ly\s+)?(?:trying|planning|looking|aiming|hoping|"
    r"working|going|about)\s+(?:to|on)\s+\w+\s+|(?:i|we)\s+(?:\w+ly\s+)?(?:want|need|would like|'d like|"
    r"have|had)\s+to\s+\w+\s+|(?:i|we)(?:'m| am|'re| are)\s+\w+ing\s+)",
    _I,
)
PRONOUN_SUBJ = frozenset("i i'm im m i've i'd we we're we've you it it's its this that they "
                         "them these those he she there here one thing things stuff number "
                         "something considering which who whom whose where so".split())
_VERB_TAIL = frozenset("has have had been is are was were now recently just improved increased "
                       "reached adjusted grown risen dropped changed updated moved added noticed "
                       "completed finished secured".split())
BAD_EDGE = frozenset("can could will would must should may might use using no more than less "
                     "least most to of for with by from always never please also just only then "
                     "now still ever really a an the who's what's that's there's here's it's "
                     "which's".split())


_POINTER_RE = re.compile(r"(?:it|that|this)(?:['’]s)?", re.I)  # "correction, it's due 15 May"
_DOING_RE = re.compile(r"(?:i'm|i am|we're|we are)\s+\w+ing", re.I)  # "I'm taking 1000 mg"


def new_fact(turn: Turn, kind: PatchKind, text: str, **fields: str | None) -> Fact:
    """A fact of ``turn`` with the given slot fields (``slot``, ``op``, ``value``, ...)."""
    return Fact(kind=kind, text=text, role=turn.role, turn=turn.index, source="rules",
                session_id=turn.session_id, slot=fields.get("slot"), op=fields.get("op"),
                value=fields.get("value"), unit=fields.get("unit"), scope=fields.get("scope"))


def make_fact(turn: Turn, kind: PatchKind, text: str, core: str) -> Fact:
    """A fact whose slot fields are filled when the slot rules would misread ``core``."""
    text = tidy(text)
    if kind in (PatchKind.CODE, PatchKind.EQUATION, PatchKind.STRUCTURE):
        return new_fact(turn, kind, text)
    explicit = squash(strip_lead(core)) != squash(text)
    whole = parse_statement(text)
    if kind is PatchKind.DECISION and whole.subject == "reply language":
        kind = PatchKind.CONSTRAINT  # "Respond in French from now on": a rule of every reply
    if explicit and whole.value is not None and whole.revision and (
            whole.subject is None or _POINTER_RE.fullmatch(whole.subject)
            or squash(unlead(text)[0]) == squash(strip_lead(core))):
        # "Scratch that, we're going with Linear": "that"; "scratch that, the db is MySQL":
        # the correction read with what it opens
        return new_fact(turn, kind, text)
    return new_fact(turn, kind, text, **_slot_fields(core, kind, turn, explicit))


def content_words(text: str) -> set[str]:
    """The lowercased content words of ``text`` (no stop words)."""
    return {w for w in re.findall(r"[a-z][a-z0-9-]+", text.lower()) if w not in SLOT_STOP}


#: things whose setting is their name ("the default branch is main")
_NAMED_AS_SET = frozenset(("branch", "channel"))


_PERIOD_SPLIT_RE = re.compile(r"\s+(?:a|an|per|each)\s+", _I)


def _slot_fields(core: str, kind: PatchKind, turn: Turn,
                 explicit: bool = False) -> dict[str, str | None]:
    """Slot fields for ``core``: empty when the slot rules read the fact's text well by
    themselves; filled when they would misread it, or when ``explicit`` (the fact's text
    carries context around ``core`` that the slot rules must not read)."""
    s = as_day_of_month(without_effect(strip_lead(core.strip()), lead_only=True).rstrip(" .!;,"))
    # (not "From Monday the gym"; "on the 1st of every month" is on the 1st)
    if switched_said(s) is not None:
        return {}  # "I cancelled PureGym and joined The Gym Group": its old value names the setting
    m = RENAME_RE.search(s)
    if m and m.group("old").strip().lower() in ("it", "that", "this"):
        return {"op": "=", "value": m.group("new").strip("\"'`")}  # "renamed it to main": a pointer
    if m:
        old = re.sub(r"^(?:the|our|my)\s+", "", m.group("old").strip(), flags=_I)
        # "rename the default branch to trunk": a branch's or channel's setting is its name
        slot = old if old.split()[-1].lower() in _NAMED_AS_SET else f"{old} name"
        return {"slot": slot, "op": "=", "value": m.group("new").strip("\"'`")}
    m = plan_said(s)
    if m:
        return {"slot": plan_slot(m), "op": "=", "value": m.group("new")}
    m = HAVE_COUNT_RE.search(s)
    if m and m.group("unit").lower() not in _NOT_A_COUNT:
        # "we use 2 bin bags a week": the count is of bin bags, given per week
        value = split_number_unit(s[m.start("n"):])
        counted = _PERIOD_SPLIT_RE.split(value[len(m.group("n")):].strip(), maxsplit=1)[0]
        return {"slot": counted.lower() or m.group("unit").lower(), "op": "=", "value": value}
    m = NAMED_RE.search(s)
    if m:
        return {"slot": f"{m.group('what').strip()} name", "op": "=",
                "value": m.group("name").strip("\"'")}
    state = _state_fields(s) or schedule_fields(s)
    if state:
        return state
    m = DEADLINE_FOR_RE.search(s)
    vm = VALUES.match(m.group("value")) if m else None
    if m and vm:
        value = m.group("value")
        text = split_number_unit(value) if value[:1].isdigit() or value[:1] in "$€£" else vm.group(0)
        return {"slot": f"{m.group('what')} {m.group('noun')}", "op": "=", "value": text}
    m = STACK_RE.search(s)
    if m and kind is PatchKind.DECISION and not _USE_SUBJECT_RE.search(s):
        return {"slot": m.group("name").split()[0], "op": "=", "value": m.group("name")}
    st = parse_statement(s)
    if st.value is not None and not st.revision and s != core.strip() and parse_statement(core).revision:
        st = replace(st, revision=True)  # "Going forward I'm taking 1000 mg": the lead is the cue
    if st.value is not None and st.dimension != "free" and (
            (st.subject is None or _POINTER_RE.fullmatch(st.subject) or _DOING_RE.fullmatch(st.subject))
            and st.revision or st.old_value):
        # "8080 is taken, use 3000", "make it 80 words", "Ruff instead of Black": the
        # store binds it to the setting spoken of last, or to the one holding the old value
        return {"op": st.op, "value": st.value, "unit": st.unit, "scope": st.scope} \
            if explicit else {}
    if kind is PatchKind.CONSTRAINT and st.dimension in ("free", "name") and st.op in ("=", None) \
            and (PREFERENCE_RE.search(s) or AVOID_RE.search(s) or ALWAYS_NEVER_RE.search(s)) \
            and read_named(s) is None and not (st.subject or "").endswith(" language") \
            and not names_its_kind(st.subject, st.value):
        # "I'm vegetarian" is the diet, revisable as one ("always reply in german" is a language)
        phrase = _rule_phrase(s)  # a preference: the whole of it is its identity
        return {"slot": phrase, "op": "="} if phrase else {}
    if st.value is None and st.op in ("=", None) and kind in (PatchKind.CONSTRAINT,
                                                              PatchKind.DECISION):
        # a rule without a value: its identity is the whole rule, never a fragment of it
        # ("I prefer simple, minimal dependencies" is not about "simple")
        if st.subject and _good_subject(st) and len(st.subject.split()) >= 3 and "," not in s:
            return {"slot": st.subject, "op": st.op or "="} if explicit else {}
        phrase = _rule_phrase(s)
        return {"slot": phrase, "op": "="} if phrase else {}
    if st.value is not None and not _good_subject(st):
        alt = parse_statement(_STATE_VERB_RE.sub(" is now ", s, count=1))
        if _good_subject(alt) and alt.value is not None:
            st, explicit = alt, True
    if st.value is not None and st.unit and not _good_subject(st) and st.op in ("<=", ">=", "<", ">") \
            and re.fullmatch(r"[A-Za-z][\w-]*", st.unit) and st.dimension.startswith("count:"):
        # "We can use no more than 8 GPUs": the counted thing is the subject
        return {"slot": st.unit, "op": st.op or "=", "value": st.value, "unit": st.unit,
                "scope": st.scope}
    if _good_subject(st):
        if not explicit:
            return {}
        return {"slot": st.subject, "op": st.op or ("=" if st.value else None), "value": st.value,
                "unit": st.unit, "scope": st.scope}
    if st.value is not None:
        m = USING_RE.search(s)
        if m and st.dimension == "name":
            name = m.group("name").split()[0]
            return {"slot": name, "op": "=", "value": m.group("name")}
        subj = _antecedent(turn, st) or _terms_subject(s, st.value)
        if not subj:
            return {}
        return {"slot": subj, "op": st.op or "=", "value": st.value, "unit": st.unit,
                "scope": st.scope}
    if kind in (PatchKind.CONSTRAINT, PatchKind.DECISION):
        phrase = _rule_phrase(s)
        if phrase:
            return {"slot": phrase, "op": st.op if st.op in ("!=", "=") else "="}
    return {}


def _state_fields(s: str) -> dict[str, str | None]:
    """"<subject> has improved to / reached / was moved to <number or date>": read directly,
    since the slot rules would keep the verb in the subject (a count in words in digits:
    "the session's been cut to six")."""
    s = in_digits(s)
    m = _STATE_VERB_RE.search(s)
    if not m:
        return {}
    rest = s[m.end():]
    vm = VALUES.match(rest)
    if not vm:
        return {}
    subj = SUBJ_NOISE_RE.sub("", GOAL_LEAD_RE.sub("", after_reason(s[: m.start()].strip()))).strip(" ,;:-")
    subj = re.sub(r"^(?:the|a|an|our|my|your|their|its)\s+", "", subj, flags=_I)
    words = subj.split()
    if not words or len(words) > 10 or words[0].lower() in PRONOUN_SUBJ \
            or any(_POINTER_RE.fullmatch(w) for w in words):  # "actually it went up to ..."
        return {}
    text = split_number_unit(rest) if rest[:1].isdigit() or rest[:1] in "$€£" else vm.group(0)
    pv = parse_value(text)
    return {"slot": subj, "op": "=", "value": pv.text, "unit": pv.unit, "scope": pv.scope}


_SCHEDULE_RE = re.compile(
    r"\b(?:i|we)(?:'m| am|'re| are|'ll| will)?\s+(?:\w+ly\s+|now\s+|still\s+)*(?P<verb>arriv|leav|"
    r"depart|fly|flying|land|check(?:ing)? in|check(?:ing)? out|return|start|finish|mov|travel|"
    r"launch|ship|get paid|(?:am|are|'m|'re) paid)\w*\b[^,;]*?\b(?:on|by|at|in)\s+(?=\S)", _I)
_SCHEDULE_NOUN = {"arriv": "arrival", "leav": "departure", "depart": "departure", "fly": "flight",
                  "flying": "flight", "land": "landing", "return": "return", "start": "start date",
                  "finish": "finish date", "mov": "move date", "travel": "travel date",
                  "launch": "launch date", "ship": "ship date", "get paid": "payday"}


def schedule_fields(s: str) -> dict[str, str | None]:
    """"I arrive on June 3": the arrival, on June 3 (so "change my arrival to June 4" revises it)."""
    m = _SCHEDULE_RE.search(s)
    if not m:
        return {}
    verb = re.sub(r"\s+", " ", m.group("verb").lower())
    paid = verb.endswith("paid")
    # (a payday is a day of the month: "I get paid on the 28th")
    vm = VALUES.match(re.sub(r"^the\s+", "", s[m.end():]) if paid else s[m.end():])
    if not vm or parse_value(vm.group(0)).dimension != "when":
        return {}
    verb = "get paid" if paid else verb
    noun = _SCHEDULE_NOUN.get(verb) or ("check-in" if "in" in verb else "check-out")
    return {"slot": noun, "op": "=", "value": vm.group(0)}


SUBJ_NOISE_RE = re.compile(
    r"^(?:(?:and|but|so|considering|given|since|because|as|now|also|the fact that|that)\s+|"
    r"i\s+(?:just\s+|recently\s+)?(?:noticed|found out|realized|realised|learned|saw|heard|see|"
    r"think|believe|know|checked|confirmed)(?:\s+that)?\s+|"
    r"i(?:'m| am)\s+(?:\w+\s+)?(?:worried|concerned|anxious|nervous|excited|curious|struggling)"
    r"\s+(?:about|that|with|to)\s+(?:(?:missing|meeting|hitting|making|the fact that)\s+)?)+",
    _I,
)
_USE_SUBJECT_RE = re.compile(r"\b(?:as|for)\s+(?:the|our|my)\s+\w+", _I)
_NOT_A_COUNT = frozenset("years months weeks days hours minutes seconds times more less of or and "
                         "to in at on".split())
_STATE_VERB_RE = re.compile(
    r"\s+(?:(?:has|have|had|was|were|is|are|got|gets|get)\s+)?(?:been\s+)?(?:(?:recently|now|just|finally|"
    r"already|further|officially|since)\s+)*(?:(?:improved|increased|grown|grew|risen|rose|dropped|"
    r"fallen|fell|decreased|climbed|jumped|adjusted|changed|updated|moved|raised|lowered|"
    r"extended|rescheduled|postponed|pushed(?: back)?|bumped|reduced|shortened|cut|revised|set|"
    r"expanded|doubled|gone (?:up|down)|went (?:up|down))\s+(?:to|at)|reached|hit|totals?|"
    r"stands at|sits at|averages?|is averaging|now averaging|"
    r"(?:(?:goes|go|went|is going|will go) (?:out|live)|ships|will ship|launches|will launch|starts|"
    r"will start|begins|ends|is due|are due|happens|takes place|lands|releases|publishes|airs|"
    r"kicks off|closes|opens|expires|renews)(?:\s+(?:on|by|at|in))?)\s+",
    _I,
)


_CAPITAL_NAME_RE = re.compile(r"\b[A-Z]{2,}(?=['’]s\b)")


def _good_subject(st: Statement) -> bool:
    if not st.subject:
        return False
    # (a name in capitals spelled like a pronoun is a name: "IT's timeout", "US's price")
    words = re.findall(r"[a-z0-9'][\w'-]*", _CAPITAL_NAME_RE.sub("name", st.subject).lower())
    if not words or words[0] in PRONOUN_SUBJ or words[-1] in PRONOUN_SUBJ \
            or words[0] in BAD_EDGE or words[-1] in BAD_EDGE:
        return False
    if len(words) == 1 and (words[0].endswith("ed") or words[0] in ("simple", "new", "old", "the")):
        return False
    if len(words) > 8 or words[-1] in _VERB_TAIL:
        return False
    return bool(set(words) - PRONOUN_SUBJ)


def _rule_phrase(s: str) -> str:
    """A readable identity for a rule without a value: the rule minus its speaker."""
    p = re.sub(r"^(?:(?:hard rule|rule|important|note|please|also|and|but|so)\s*[,:!-]?\s+)+", "",
               s, flags=_I)
    p = re.sub(r"^(?:i|we)\s+(?:(?:really|strongly|much|also|do|definitely|would|generally|"
               r"usually|always|absolutely)\s+)*", "", p, flags=_I)
    p = re.sub(r"^i(?:'m| am)\s+", "be ", p, flags=_I)
    p = re.sub(r"\s+(?:from now on|going forward|moving forward)\b", "", p, flags=_I)
    return " ".join(p.split()[:14]).strip(" ,.;:")


def _antecedent(turn: Turn, st: Statement) -> str | None:
    """For "make it 15 seconds": the subject of the last recent statement of that dimension."""
    if not st.subject or st.subject.lower() not in ("it", "that", "this"):
        return None
    for _role, text in reversed(turn.recent):
        for sent in reversed(split_sentences(text)):
            prev = parse_statement(clean(sent))
            if _good_subject(prev) and prev.value is not None and prev.dimension == st.dimension:
                return prev.subject
    return None


# what a counted value is for, read right after it ("3 interviews| for producer roles")
_TAIL_RE = re.compile(r"(?P<tail>(?:\s+(?:for|of|in|on|at|with)\s+[\w'-]+(?:\s+[\w'-]+){0,3})?)")


# a reason or a consequence after the value: "... because ...", "..., since ...", ", so ..."
_REASON_RE = re.compile(r"\s*(?:,\s*|\s+)(?:because|cause|since|as|so that|so|given that)\s+(?=\w)",
                        re.I)


def _terms_subject(s: str, value: str) -> str:
    """A narrow identity for a plain statement whose subject the slot rules miss: the counted
    thing and what it is for ("3 interviews for producer roles" -> "interviews for producer
    roles"), else the content words without the value. Never a single generic word, which
    an unrelated revision could take for a shorter name of it."""
    at = s.find(value)
    if at >= 0:  # "Max 40 orders per day because we only have two ovens": the reason names nothing
        why = _REASON_RE.search(s, at + len(value))
        s = s[:why.start()] if why else s
        aside = s.find(", ", at + len(value))
        if aside >= 0 and not _named_words(s[:at]):
            s = s[:aside]  # "actually only 14, the server chokes at 16": the clause after names nothing
    m = _TAIL_RE.match(s, at + len(value)) if at >= 0 else None
    unit = re.sub(r"^[$€£]?[\d.,]+\s*(?:[kKmM]\b)?", "", value).strip()
    if m and unit and re.fullmatch(r"[A-Za-z][\w-]*", unit) and m.group("tail"):
        tail = re.split(r"\s+(?=between|from|since|until|by|on \w+day|in \d)", m.group("tail"))[0]
        return f"{unit}{tail}".strip()
    rest = s.replace(value, " ")
    words = [w for w in re.findall(r"[A-Za-z][\w'-]*", rest)
             if w.lower() not in SLOT_STOP and w.lower() not in _CUE_WORDS and len(w) > 1]
    if unit and re.fullmatch(r"[A-Za-z][\w-]*", unit):
        words.append(unit)
    if len(words) < 2:
        words = _named_words(s)
    return " ".join(words[:8])


# the words of a change that name no setting ("actually only 14")
_CUE_WORDS = frozenset("actually only just maybe instead rather ok okay well oh hmm sorry wait no "
                       "yes yeah make let's lets".split())


def _named_words(s: str) -> list[str]:
    """The words of ``s`` that may name a setting (no cue word of a change)."""
    return [w for w in re.findall(r"[A-Za-z][\w'-]*", s) if len(w) > 1 and w.lower() not in _CUE_WORDS]


SLOT_STOP = frozenset(
    """a an the and or but if then of to in on at by for with from into is are was were be been
    being am do does did have has had having i i'm i've i'd i'll me my we we're we've our you
    your it it's its this that these those there here so just really also now already recently
    kinda kind of some any all about around approximately roughly nearly which who what when
    where how since because as very still yet""".split()
)
