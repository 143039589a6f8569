"""An assistant's confirmation of a change the user just asked for.

In a chat, the assistant answers a revision by confirming it: "Done, your meds reminder is
now at 9:30 am", "Raised to 5 retries", "Switched subtitles to English", "Renamed to
`quarry-api`", "Mower height raised to 45 mm", "Okay, I'll widen the search to €200 a
night". The user's own words are often too short to name the setting they change ("9:30
every day is fine yes", "4 is the compromise"); the confirmation names it, or at least says
that it changed. A confirmation counts only when its new value is one the user said in
their last message, so an assistant never changes a user's setting to a value of its own:
it only says which setting the user's value was for (see :mod:`dspm_core.confirmations`).
"""

from __future__ import annotations

import re

from ..confirmations import CONFIRMED, says_value
from ..patch import Fact, PatchKind, Turn
from ..slots import parse_statement
from .clauses import clean

__all__ = ["CONFIRMED", "confirmed_change", "said_by_user"]

_I = re.I
_CHANGED = (r"updated|switched|changed|raised|lowered|moved|renamed|bumped|reduced|increased|"
            r"decreased|set|cut|dropped|extended|shortened|pushed|rescheduled|upped|trimmed|"
            r"adjusted|swapped|widened|narrowed|lifted|capped|limited|shifted|reset")
_CHANGE = (r"update|switch|change|raise|lower|move|rename|bump|reduce|increase|decrease|set|cut|"
           r"drop|extend|shorten|push|reschedule|trim|adjust|swap|widen|narrow|lift|cap|limit|shift")
# what opens a confirmation ("Done —", "Sure,", "Sorry about that,")
_LEAD_RE = re.compile(r"^\W*(?:(?:done|ok(?:ay)?|sure(?: thing)?|got it|noted|perfect|great|fair enough|"
                      r"all set|no problem|of course|understood|sorry(?: about that)?|good call|"
                      r"makes sense|will do|you got it|right|alright|all right)\b[\s,.!:;—–-]*)*", _I)
# "Raised to 5 retries", "Switched subtitles to English", "I've moved the call to 4pm"
_DID_RE = re.compile(rf"^(?:i(?:'ve| have)?\s+|we(?:'ve| have)?\s+)?(?:now\s+|just\s+)?(?:{_CHANGED})\b"
                     r"(?P<subj>(?:\s+(?!to\b|at\b)[^\s,;:—–]+){0,6}?)\s+(?:to|at)\s+(?P<val>.+)$", _I)
# "Mower height raised to 45 mm", "Default payment terms set to 21 days"
_SUBJECT_DID_RE = re.compile(rf"^(?P<subj>(?:[^\s,;:—–]+\s+){{1,6}}?)(?:(?:is|are|has been|have been|was|were)\s+)?"
                             rf"(?:now\s+)?(?:{_CHANGED})\s+(?:up\s+|down\s+|back\s+)?(?:to|at)\s+(?P<val>.+)$", _I)
# "I'll widen the search to €200 a night"
_WILL_RE = re.compile(rf"^(?:i'll|i will|we'll|we will)\s+(?:now\s+|just\s+)?(?:{_CHANGE})\b"
                      r"(?P<subj>(?:\s+(?!to\b)[^\s,;:—–]+){0,6}?)\s+to\s+(?P<val>.+)$", _I)
# "Updated: Sunday long run is 60 minutes", "Switched — timestamps will be ..."
_VERB_LEAD_RE = re.compile(rf"^(?:{_CHANGED})\s*[:—–-]\s*(?P<rest>.+)$", _I)
# "your meds reminder is now at 9:30 am", "subtitles are now in English"
_IS_NOW_RE = re.compile(r"^(?P<subj>(?:[^\s,;:—–]+\s+){1,6}?)(?:is|are|'s|will)\s+now\s+(?:be\s+)?"
                        r"(?:set\s+to\s+|at\s+|on\s+|in\s+)?(?P<val>.+)$", _I)
# "... will be emitted as epoch seconds", "... will be 60 minutes"
_WILL_BE_RE = re.compile(r"^(?P<subj>(?:[^\s,;:—–]+\s+){1,6}?)(?:will|'ll)\s+(?:now\s+)?be\s+"
                         r"(?:(?:emitted|shown|sent|given|written|formatted|displayed|set|kept)\s+"
                         r"(?:as|in|to|at)\s+)?(?P<val>.+)$", _I)
# where the value said ends
_VALUE_END_RE = re.compile(r"\s*(?:[,;!?()]|[:.](?:\s|$)|\s[—–-]\s|—|–|\s(?:so|and|but|with|because|"
                           r"instead|from now on|going forward|to match|for now|which|that)\b)", _I)
# not a confirmation: a condition, an offer, a question, a suggestion
_NOT_DONE_RE = re.compile(r"\b(?:if|would|could|should|might|may|want me|shall i|do you|can i|"
                          r"unless|whether|or)\b|\?", _I)
# where an aside after the confirmation begins: a dash or a semicolon between clauses
_ASIDE_RE = re.compile(r"\s[—–-]\s|;\s")
# a participle before the value ("capped at 15 MB")
_SET_AT_RE = re.compile(rf"^(?:{_CHANGED})\s+(?:to|at)\s+", _I)
_WORD_RE = re.compile(r"[a-z]", _I)


def confirmed_change(turn: Turn, sentence: str) -> Fact | None:
    """The fact of an assistant's confirmation that a setting changed to a value the user
    just said, or None."""
    s = clean(sentence)
    if not s:
        return None
    s = s[_LEAD_RE.match(s).end():]
    lead = _VERB_LEAD_RE.match(s)
    if lead:
        s = lead.group("rest")
    # the confirmation ends where an aside begins ("Sleep target updated to 8 hours — lights
    # out around 10:30 if you're up at 6:30")
    s = _ASIDE_RE.split(s, 1)[0]
    if not s or _NOT_DONE_RE.search(s):
        return None
    m = _DID_RE.match(s) or _WILL_RE.match(s)
    if m is None:
        m = _IS_NOW_RE.match(s) or _WILL_BE_RE.match(s) or _SUBJECT_DID_RE.match(s) \
            or (_said(s) if lead else None)
    if m is None:
        return None
    subj, val = (m.group("subj"), m.group("val")) if isinstance(m, re.Match) else m
    value = _VALUE_END_RE.split(_SET_AT_RE.sub("", val), 1)[0].strip(" `'\"“”‘’*_.")
    if not value or len(value.split()) > 5 or not said_by_user(value, turn):
        return None
    subject = _subject(subj)
    return Fact(kind=PatchKind.DECISION, text=sentence.strip(), role=turn.role, turn=turn.index,
                slot=subject, value=value, source=CONFIRMED, session_id=turn.session_id,
                referent=subject is None)


def _said(s: str) -> tuple[str, str] | None:
    """"Sunday long run is 60 minutes" after "Updated:": subject and value as parsed."""
    st = parse_statement(s)
    if st.value is None or not st.subject:
        return None
    return st.subject, st.value


def _subject(words: str) -> str | None:
    w = re.sub(r"^(?:the|your|my|our|its|their)\s+", "", words.strip(" `'\"*_"), flags=_I)
    return w if _WORD_RE.search(w) and w.lower() not in ("it", "that", "this", "them") else None


def said_by_user(value: str, turn: Turn) -> bool:
    """``value`` was said in the user's last message (:func:`~dspm_core.confirmations.says_value`)."""
    last = turn.last_said("user")
    return last is not None and says_value(value, last)
