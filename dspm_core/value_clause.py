"""Which clause of a sentence holds its setting, and what the other clauses add to it.

"My oven runs hot, use 200°C" is a reason and an instruction: the setting is the
instruction's, and since "use 200°C" names no subject it speaks of the setting of that kind
spoken of last. The clauses around it may name the old value ("8080 is taken, use 3000",
"10 is too many, give me 5"), the subject ("needs 99.95%, update the SLA") or only say that
this is a revision ("Compliance says 180 days, update it").

"My coach wants 140 grams now", "Legal says 30 days": a requirement somebody else set,
reported by the user. It names no subject either, and it is a revision of the setting it
speaks of, if there is one.

The functions here read clauses; :func:`dspm_core.slots.parse_statement` puts them together.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .lexicon import is_base_verb
from .values import VALUE_RE

__all__ = ["CORRECTION", "before_reason", "clauses", "named_object", "parts", "reported", "spent_value", "unlead",
           "weak_subject"]

_I = re.I

# a clause break: a comma or semicolon before a space (never inside "1,200"), a dash, or
# "so" / "because" / "since"; not before a word that continues the same clause
# ("My budget, as agreed, is €400": "is" continues it) or a number ("April 5, 2024")
_BREAK_RE = re.compile(
    r"\s*(?:[,;](?=\s)|\s[-–—]\s)\s*(?:and\s+|but\s+|so\s+)?"
    r"(?!\s*\d)(?!\s*(?:is|are|was|were|must|should|will|would|can|has|have|had|which|who|as|per|each|"
    r"please|thanks)\b)"
    r"|\s+(?:so|because|since)\s+(?=\w)"
    # a consequence said of the whole statement ("..., which is why mornings never work")
    r"|\s*,\s*which\s+(?:is\s+why|means|is\s+because)\s+", _I)


#: a correction that opens what it corrects ("Scratch that, we're going with Linear")
CORRECTION = (r"(?:scratch that|on second thought|actually|correction|wait|change of plans?|no wait|"
              r"never mind that|strike that)")
_CORRECTION_LEAD_RE = re.compile(rf"^\s*{CORRECTION}\s*,\s+(?=\S)", _I)


def unlead(text: str) -> tuple[str, bool]:
    """``text`` without the correction that opens it ("scratch that, the db is MySQL"), and
    whether it had one."""
    m = _CORRECTION_LEAD_RE.match(text)
    return (text[m.end():], True) if m else (text, False)


# a reason said after a value, in a clause of its own with a subject of its own ("make that
# 150, we keep running out on weekends"; never "set it to 9, but only on weekends")
_REASON_AFTER_RE = re.compile(
    r"\s*(?:[,;:]|\s[-–—])\s*(?:and\s+|but\s+)?(?:because\s+|since\s+|cause\s+|cuz\s+|as\s+)?"
    r"(?:we|i|they|he|she|you|there|it|this|that)(?:'re|'s|'ve|'ll|'d|'m|"
    r"\s+(?!only\b|just\b|for\b|on\b|in\b|at\b|during\b)[a-z]+)\b", _I)


def before_reason(text: str, value: str | None) -> str:
    """``text`` up to a reason said after its ``value`` in a clause of its own: what that
    clause names is no scope of the value."""
    at = text.lower().find(value.lower()) if value else -1
    reason = _REASON_AFTER_RE.search(text, at + len(value or "")) if at >= 0 else None
    return text[:reason.start()] if reason is not None else text


def clauses(text: str) -> list[str]:
    """The clauses of one sentence (the whole sentence when it has one)."""
    parts = [p.strip(" ,;") for p in _BREAK_RE.split(text)]
    return [p for p in parts if p] or [text]


# the parts of a statement of several things ("16gb ram, 512gb ssd, colour space grey",
# "at Spotify on June 3 and at a fintech called Monzo on June 10")
_PARTS_RE = re.compile(r"\s*(?:[,;:](?=\s)|\.\s)\s*|\s+and\s+", _I)


def parts(text: str) -> list[str]:
    """The parts of a statement of several things: split at every comma, semicolon, colon
    and "and" (finer than :func:`clauses`, which keeps a clause's list of values whole)."""
    return [p for p in _PARTS_RE.split(text) if p.strip()] or [text]


_NAME = r"(?-i:[A-Z][\w.+#-]*)(?:'s)?"
# "8080 is taken", "10 is too many", "Luigi's is fully booked", "Friday doesn't work",
# "..., not Fridays"
_SPENT_RE = re.compile(
    rf"^(?:the\s+)?(?P<old>{VALUE_RE.pattern}|{_NAME})\s+(?:is|are|was|'s|seems?|feels?)\s+"
    r"(?:way\s+|much\s+|a\s+bit\s+|already\s+|now\s+)?"
    r"(?:too\b|taken\b|fully\b|booked\b|busy\b|full\b|unavailable\b|not\s+(?:enough|available|"
    r"possible|an option|going to work|ok|okay)\b|no\s+(?:good|longer)\b|out\b|gone\b|closed\b|"
    r"sold out\b|overkill\b|excessive\b|insufficient\b)"
    r"|^(?P<old2>{VALUE_RE.pattern}|{_NAME})\s+(?:doesn't|does not|won't|will not)\s+work\b"
    # "50 pushups was wrecking my shoulder", "3 cups was making me jittery": what it did
    rf"|^(?P<old5>{VALUE_RE.pattern})(?:\s+[a-z]+)?\s+(?:was|were)\s+(?:really\s+|just\s+)?[a-z]+ing\b"
    rf"|^(?:and\s+|but\s+)?(?:not|no longer|no more)\s+(?:the\s+)?(?P<old3>{VALUE_RE.pattern}|{_NAME})s?$"
    r"|^(?:i|we)(?:'ve| have)?\s+(?:stopped|quit|gave up|given up|dropped|ditched)\s+(?:doing\s+|using\s+)?"
    rf"(?P<old4>{VALUE_RE.pattern}|{_NAME}|[a-z]+)$"
    # "it's not 3:15 anymore", "that isn't 7:10 any more": the value spoken of, given up
    r"|^(?:(?:ah|oh|ok|okay|so|but|and)[\s,]+)*(?:it|that|this)(?:'s|\s+is|\s+was)?\s*"
    r"(?:not|n't|no longer)\s+"
    rf"(?P<old6>{VALUE_RE.pattern}|{_NAME})(?:\s+any\s?(?:more|longer))?$",
    _I)


@lru_cache(maxsize=16384)
def spent_value(clause: str) -> str | None:
    """The value a clause says no longer works ("8080 is taken" -> "8080",
    "50 pushups was wrecking my shoulder" -> "50"), if any."""
    m = _SPENT_RE.match(clause.strip())
    if not m:
        return None
    return m.group("old") or m.group("old2") or m.group("old3") or m.group("old4") or m.group("old5") \
        or m.group("old6")


@lru_cache(maxsize=16384)
def pointer_spent(clause: str) -> str | None:
    """The value of the setting spoken of that the clause gives up ("it's not 3:15 anymore"
    -> "3:15"), if it does."""
    m = _SPENT_RE.match(clause.strip())
    return m.group("old6") if m else None


# "update the SLA", "change it", "adjust that"
_UPDATE_RE = re.compile(
    r"^(?:please\s+)?(?:update|change|adjust|fix|correct|amend|revise)\s+"
    r"(?:the\s+|my\s+|our\s+|your\s+)?(?P<obj>[\w' -]{1,40}?)(?:\s+(?:too|accordingly|then))?$", _I)
_POINTERS = frozenset("it that this those these them".split())


def named_object(clause: str) -> tuple[str | None] | None:
    """What a clause asks to update: ``(subject,)``, ``(None,)`` for a pointer ("update it"),
    or ``None`` when the clause is not such a request."""
    m = _UPDATE_RE.match(clause.strip().rstrip(".!"))
    if not m:
        return None
    obj = m.group("obj").strip()
    return (None,) if obj.lower() in _POINTERS else (obj,)


# somebody whose requirement the user reports: a role, not a thing
_AUTHORITIES = (
    r"management|manager|boss|coach|doctor|doc|dentist|trainer|dietitian|nutritionist|physio|"
    r"therapist|compliance|legal|finance|security|procurement|client|customer|lead|cto|ceo|cfo|"
    r"pm|director|vp|teacher|professor|tutor|landlord|accountant|editor|publisher|"
    r"wife|husband|partner|vet|auditor|auditors|investors|board|ops|nurse|gp|physician|"
    r"pharmacist|midwife|consultant|specialist|surgeon|optician|physiotherapist"
)
_REPORTED_RE = re.compile(
    rf"^(?:(?:my|our|the|his|her|their)\s+)?(?:[\w-]+\s+)?(?P<who>{_AUTHORITIES})\s+(?:now\s+)?"
    r"(?P<verb>says?|said|wants?|wanted|needs?|requires?|recommends?|recommended|suggests?|suggested|"
    r"asks? for|asked for|insists? on|approved|expects?|prefers?)\s+"
    r"(?:that\s+)?(?:(?:we|i)\s+(?:use|need|do|keep|go with)\s+|(?:me|us)\s+(?:to\s+[a-z]+|[a-z]+ing|on|at)\s+)?"
    r"(?P<rest>.+)$", _I)


@lru_cache(maxsize=16384)
def reported(text: str) -> str | None:
    """The requirement in a reported one ("My coach wants 140 grams now" -> "140 grams
    now"), or ``None`` when nobody is reported."""
    m = _REPORTED_RE.match(text.strip())
    if m is None:
        return None
    if m.group("who").lower() in _FAMILY and m.group("verb").lower().startswith(("need", "prefer")) \
            and not _OF_SPEAKER_RE.match(text, m.start("verb") + len(m.group("verb"))):
        return None  # "my partner needs 9 hours a night": their own, not asked of the speaker
    return m.group("rest")


_FAMILY = frozenset(("wife", "husband", "partner"))
# the requirement is said of the speaker ("... needs me to be home by 6")
_OF_SPEAKER_RE = re.compile(r"\s+(?:that\s+)?(?:me|us|we|i)\b", re.I)


_WEAK = frozenset("me us you everyone everybody them him her it that this let let's lets give "
                  "make use go try do set put take have get can could we i just please with to "
                  "for at in on instead now then so also okay ok fine s re m we're i'm you're "
                  "they're going say its thats".split())  # "so its 45g now": "it's" untyped


def weak_subject(subject: str | None, value: str | None = None) -> bool:
    """A subject that names no setting ("give me", "make it", "you can use", "use Linear"
    of the value Linear), or only what "it" does ("it kick in" of "make it kick in at
    15°C")."""
    if not subject:
        return True
    words = re.findall(r"[a-z']+", subject.lower())
    if value:
        words = [w for w in words if w not in value.lower().split()]
    if all(w in _WEAK for w in words):
        return True
    return bool(words) and words[0] in _POINTERS and all(
        w in _WEAK or w in _PARTICLES or is_base_verb(w) for w in words[1:])


_PARTICLES = frozenset("in on up off out down over back".split())
