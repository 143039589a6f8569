"""The assistant side: what an assistant's (or tool's) message states.

An answer is read precisely. Long answers are full of suggestions ("you should
consider ...") that are not the user's rules, so only the opening sentences (an
acknowledgement: "Noted: ...") and reports of what it changed ("I've set ...") count; a
short reply's plain statements count too. Advice, praise and general remarks state
nothing. When the assistant restates a value the user just gave, the fact takes the
user's slot fields, so the store folds the restatement into the user's patch.
"""

from __future__ import annotations

import re

from ..patch import Fact, PatchKind, Role, Turn
from ..slots import bound_class, parse_statement
from ..vocab import singular
from .clauses import clean, split_sentences, tidy
from .code import is_equation
from .confirmed import confirmed_change
from .cues import (
    ALWAYS_NEVER_RE,
    COMPARATOR_VALUE_RE,
    DECIDE_RE,
    EXPERIENCE_RE,
    IMPERATIVE_RE,
    MODAL_RE,
    PROHIBIT_RE,
    REVISION_RE,
    STATE_RE,
    TO_VALUE_RE,
    VALUES,
    rule_cue,
    values_are_incidental,
)
from .settings import content_words, make_fact, new_fact

_I = re.I

_ACK_RE = re.compile(
    r"^(?:noted|confirmed|understood|got it|acknowledged|done|ok(?:ay)?|sure(?: thing)?|"
    r"will do|absolutely|certainly|of course|agreed|updated|all set|roger|i understand|"
    r"i've noted|i have noted|i'll remember|i will remember|i'll keep (?:that|this) in mind|"
    r"will remember|copy that)\b[\s,:;.!-]*",
    _I,
)
_ASSISTANT_CLAUSE_RE = re.compile(
    r",?\s+and\s+(?=(?:the|all|our|your|its|every|each|no|[\w-]+\s+(?:will|must|is|are|stays?|"
    r"remains?|should)\b))|;\s+|,\s+(?=(?:the|all|our|your|every|each)\b)", _I)
_REPORT_START_RE = re.compile(r"^[\s*_>#-]*(?:i(?:'ve| have)?|we(?:'ve| have)?)\s", _I)
_ASSISTANT_REPORT_RE = re.compile(
    r"^(?:i(?:'ve| have)?|we(?:'ve| have)?)\s+(?:now\s+|also\s+|just\s+)?(?:set|changed|updated|"
    r"switched|moved|raised|lowered|increased|decreased|reduced|bumped|renamed|upgraded|"
    r"downgraded|configured|capped|limited|pinned|locked|extended|shortened|recorded|noted|"
    r"booked|scheduled|rescheduled|reserved|arranged)\b"
    # "Booked for Saturday 9am-12pm": what was booked, said first (never "Booked: Dishoom,
    # table for two, 7:00 pm", the user's request said back)
    r"|^(?:all\s+|now\s+)?(?:booked|scheduled|rescheduled|reserved)\b(?=\s+(?:for|on|in|at)\b)",
    _I,
)
SUGGESTION_RE = re.compile(
    r"\b(?:you (?:could|might|may|can|should|would|will want|want to|need to|'ll want|'ll need)|"
    r"consider|considering|perhaps|maybe|for example|for instance|e\.g\.|such as|"
    r"one option|another option|alternatively|if you (?:want|like|prefer|need)|"
    r"would you like|i (?:recommend|suggest|would suggest|'d suggest|would recommend|"
    r"'d recommend|advise)|it's (?:a good idea|best|recommended|advisable|important)|"
    r"it is (?:a good idea|best|recommended|advisable|important)|try|let's|here's|here is|"
    r"make sure|ensure|remember to|don't forget|be sure|best practice|typically|usually|"
    r"generally|often|common|could|might)\b",
    _I,
)
_REMARK_RE = re.compile(r"\b(?:would|could|might|crucial|key to|important|essential|great|"
                        r"excellent|good|choice|job|happy to|glad to|can help|i can|challenging|"
                        r"recommended|helpful|useful|effective|exciting|impressive|well done)\b", _I)
_ASSISTANT_SHORT_WORDS = 60


def assistant_facts(turn: Turn, prose: str) -> list[Fact]:
    """The facts an assistant's (or tool's) ``prose`` states (its code is taken out before)."""
    raw = split_sentences(prose)
    short = len(prose.split()) <= _ASSISTANT_SHORT_WORDS and len(raw) <= 4
    if not short:
        # a long answer: only its opening (an acknowledgement) and its reports of what
        # it changed can state a fact; the rest is explanation and advice
        raw = raw[:2] + [x for x in raw[2:] if _REPORT_START_RE.match(x)]
    sentences = []
    for x in raw:
        c = clean(x)
        if not c:
            continue
        ack = _ACK_RE.match(c)
        if ack and ack.end() < len(c):  # "Understood: X will be Y, and Z will stay W"
            parts = _ASSISTANT_CLAUSE_RE.split(c[ack.end():])
            sentences.append(c[: ack.end()] + parts[0])
            sentences.extend(f"{c[: ack.end()].strip()} {p}" for p in parts[1:] if p.strip())
        else:
            sentences.append(c)
    facts = []
    for idx, s in enumerate(sentences):
        confirmed = confirmed_change(turn, s) if turn.role is Role.ASSISTANT else None
        if confirmed is not None:  # "Set to 4 retries." after "4 is the compromise"
            facts.append(confirmed)
            continue
        ack = _ACK_RE.match(s)
        rest = s[ack.end():] if ack else s
        led = bool(ack) and (idx < 2 or short)
        if not rest.strip() or s.endswith("?"):
            continue
        if _ASSISTANT_REPORT_RE.match(rest) or ((led or short) and
                                                not SUGGESTION_RE.search(rest)):
            kind = _assistant_cue(rest, acked=bool(ack))
            if kind is not None:
                fields = _restated(turn, rest)
                facts.append(new_fact(turn, kind, tidy(s), **fields) if fields
                             else make_fact(turn, kind, s, rest))
        if short and is_equation(s) and not rule_cue(s):
            facts.append(new_fact(turn, PatchKind.EQUATION, s))
    return facts


def _assistant_cue(rest: str, acked: bool = False) -> PatchKind | None:
    """The kind of fact an assistant states (only when it is not advice, praise or a
    general remark: "Absolutely, tailoring your statement is crucial" states nothing)."""
    s = rest.strip()
    if SUGGESTION_RE.search(s) and not _ASSISTANT_REPORT_RE.match(s):
        return None
    if re.match(r"^(?:you|if|when|whenever|since|because|each|every|for|to|as|in|once|after|"
                r"before|while|although|though|\w+ing)\b", s, _I) or _REMARK_RE.search(s):
        return None
    has_value = bool(VALUES.search(s))
    if _ASSISTANT_REPORT_RE.match(s):
        return PatchKind.DECISION if has_value or TO_VALUE_RE.search(s) else None
    if MODAL_RE.search(s) or (PROHIBIT_RE.search(s) and not re.search(r"\bwithout\b", s, _I)) \
            or COMPARATOR_VALUE_RE.search(s) or (
            ALWAYS_NEVER_RE.search(s) and not EXPERIENCE_RE.search(s)) or re.search(
            r"\b(?:will not|won't|will never|never be)\b", s, _I):
        if not acked and (IMPERATIVE_RE.match(s) or re.match(
                r"^(?:always|never|don't|do not|avoid|please)\b", s, _I)):
            return None  # an imperative in an answer is advice
        return PatchKind.CONSTRAINT
    if has_value and (STATE_RE.search(s) or REVISION_RE.search(s)) \
            and not values_are_incidental(s) and re.match(r"^(?:the|our|my|your|its|this|that)\b|"
                                                          r"\S*[\d_-]\S*\s|(?-i:[A-Z])[\w-]*"
                                                          r"(?:\s+[\w-]+){0,3}\s+(?:set|changed|"
                                                          r"updated|is now)\b", s, _I) \
            and (acked or re.search(r"\b(?:is|are) now|\bnow (?:is|at|set)|\bstays|\bremains|"
                                    r"\bstill\b|\bset to\b|\bchanged to\b|\bupdated to\b", s, _I)):
        return PatchKind.DECISION
    if not acked and DECIDE_RE.search(s) and re.match(
            r"^(?:we'll|we will|we're|we are|i'll|i will|the plan)", s, _I) \
            and re.search(r"\b[A-Z]\w+", s[1:]):
        return PatchKind.DECISION  # an acknowledged "I'll use ..." only echoes the user
    return None


def _restated(turn: Turn, rest: str) -> dict[str, str | None]:
    """When an assistant restates a value a user just gave ("retention will stay within 5
    years" after "Data retention must not exceed 5 years"), the user's slot fields: the
    store then folds the restatement into the user's patch instead of adding a rival. Else,
    when it says the number of the user's last message again with a word of its sentence,
    in words of its own ("Configured: up to 3 retries" after "retry failed webhook
    deliveries 3 times"), that sentence's fields."""
    mine = parse_statement(rest)
    if mine.value is None:
        return {}
    words = content_words(mine.subject or rest)
    number = _first_number(mine.value)
    stems = {singular(w) for w in content_words(rest)}
    echoed: dict[str, str | None] = {}
    latest = True  # the user's last message (the recent ones are walked newest first)
    for role, text in reversed(turn.recent):
        if role not in ("user", "system"):
            continue
        of_last, latest = latest and role == "user", latest and role != "user"
        for sent in split_sentences(text):
            theirs = parse_statement(clean(sent))
            if theirs.value is None or not theirs.subject:
                continue
            fields = {"slot": theirs.subject, "op": theirs.op, "value": theirs.value,
                      "unit": theirs.unit, "scope": theirs.scope}
            if theirs.canonical == mine.canonical and bound_class(theirs.op) == bound_class(mine.op) \
                    and words & content_words(theirs.subject):
                return fields
            if not echoed and of_last and number is not None \
                    and _first_number(theirs.value) == number \
                    and stems & {singular(w) for w in content_words(sent)}:
                echoed = fields
    return echoed


_NUMBER_RE = re.compile(r"\d+(?:[.,:]\d+)?")


def _first_number(value: str) -> str | None:
    """The first number of a value as written, without leading zeros ("06:00" is "6:00",
    "£200 a month" is "200")."""
    m = _NUMBER_RE.search(value)
    return m.group(0).lstrip("0") or "0" if m else None
