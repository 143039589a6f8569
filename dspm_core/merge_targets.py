"""Which stored patch a new statement revises or merely restates.

Pure lookups over the store's indexes (:class:`StoreIndex`), each bounded by
:data:`TERM_CANDIDATES` or by the few patches of one subject, so a merge stays O(1) in the
number of stored patches. With zero or several candidates nothing is revised: a missed
merge costs a line, a wrong one loses a setting.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from itertools import islice

from .patch import AUTHORITY, Fact, Patch
from .slots import Statement, bound_class, content_terms, folded_subject, make_key
from .values import canonical_unit, day_or_time, parse_value
from .vocab import singular, is_identifier

__all__ = ["ECHO_TURNS", "RECENT_SLOTS", "TERM_CANDIDATES", "StoreIndex", "echo_target", "fitting", "value_base",
           "named_bound", "revision_candidates", "with_period_of", "without_bound_words"]

TERM_CANDIDATES = 64  # candidates examined per term or word (most recent first)


ECHO_TURNS = 4  # how far back a lower-authority restatement of a value may reach
RECENT_SLOTS = 32  # settings remembered as "last spoken of" (for "raise that to 25 MB")


def value_base(canonical: str) -> str:
    """A canonical value without its period: "$65 an hour" is found as "$65"."""
    return canonical.split(" per ", 1)[0]


@dataclass(slots=True)
class StoreIndex:
    """The store's lookup tables: patch ids by slot key, subject, word, folded subject,
    current value, text and term, and the settings spoken of last."""

    by_key: dict[str, str] = field(default_factory=dict)
    by_subject: dict[str, set[str]] = field(default_factory=dict)
    subjects_by_word: dict[str, set[str]] = field(default_factory=dict)
    by_folded: dict[str, set[str]] = field(default_factory=dict)  # folded subject -> subjects
    by_value: dict[str, set[str]] = field(default_factory=dict)   # value_base -> ids
    by_text: dict[str, str] = field(default_factory=dict)
    # term -> ids (a dict as an ordered set: a revised patch leaves the terms it lost)
    by_term: dict[str, dict[str, None]] = field(default_factory=dict)
    terms: dict[str, frozenset[str]] = field(default_factory=dict)
    subject_of: dict[str, str] = field(default_factory=dict)
    value_of: dict[str, str] = field(default_factory=dict)
    text_of: dict[str, str] = field(default_factory=dict)
    recent: deque[tuple[int, str]] = field(default_factory=lambda: deque(maxlen=RECENT_SLOTS))

    def add(self, patch: Patch, subject: str | None, norm_text: str | None) -> None:
        """Index a patch just stored."""
        if patch.key is not None:
            self.by_key[patch.key] = patch.id
        if subject is not None:
            self.by_subject.setdefault(subject, set()).add(patch.id)
            self.subject_of[patch.id] = subject
            for word in subject.split():
                self.subjects_by_word.setdefault(word, set()).add(subject)
            self.by_folded.setdefault(folded_subject(subject), set()).add(subject)
        if norm_text is not None:
            self.by_text[norm_text] = patch.id
            self.text_of[patch.id] = norm_text
        self.set_value(patch)
        if patch.critical:
            self.set_terms(patch.id, content_terms(patch.text))

    def remove(self, patch: Patch) -> None:
        """Take a patch out of every lookup (it is being forgotten or replaced)."""
        pid = patch.id
        if patch.key is not None and self.by_key.get(patch.key) == pid:
            del self.by_key[patch.key]
        subject = self.subject_of.pop(pid, None)
        if subject is not None:
            self.by_subject.get(subject, set()).discard(pid)
        norm = self.text_of.pop(pid, None)
        if norm is not None and self.by_text.get(norm) == pid:
            del self.by_text[norm]
        value = self.value_of.pop(pid, None)
        if value is not None:
            self.by_value.get(value, set()).discard(pid)
        self.set_terms(pid, frozenset())
        self.terms.pop(pid, None)

    def set_value(self, patch: Patch) -> None:
        """Index the current value of a keyed patch (by its canonical form)."""
        old = self.value_of.pop(patch.id, None)
        if old is not None:
            self.by_value.get(old, set()).discard(patch.id)
        if patch.key is not None and patch.value:
            canon = value_base(parse_value(patch.value).canonical)
            self.value_of[patch.id] = canon
            self.by_value.setdefault(canon, set()).add(patch.id)

    def set_terms(self, pid: str, terms: frozenset[str]) -> None:
        """The content terms of a critical patch's current text (its earlier ones go)."""
        before = self.terms.get(pid, frozenset())
        for t in before - terms:
            posting = self.by_term.get(t)
            if posting is not None:
                posting.pop(pid, None)
                if not posting:
                    del self.by_term[t]
        for t in terms - before:
            self.by_term.setdefault(t, {})[pid] = None
        self.terms[pid] = terms

    def spoken(self, turn: int, pid: str) -> None:
        """Note that a statement at ``turn`` talked about the setting ``pid``."""
        self.recent.append((turn, pid))


#: a subject that names a bound: "max orders per day = 60" is "orders per day <= 60"
_UPPER_NAMED_RE = re.compile(r"\b(?:max|maximum|cap|caps|ceiling|limit|limits)\b", re.I)
_LOWER_NAMED_RE = re.compile(r"\b(?:min|minimum|floor|least|lower (?:limit|bound))\b", re.I)


# a bound said by its word before the number ("Max 40 orders per day", "min 3 people")
_BOUND_SAID_RE = re.compile(r"^\W*(?:max(?:imum)?|min(?:imum)?|up\s+to|at\s+most|at\s+least|no\s+more\s+than)"
                            r"\s+(?:of\s+)?[$€£]?\d", re.I)


def _names_bound(subject: str) -> bool:
    return _UPPER_NAMED_RE.search(subject) is not None or _LOWER_NAMED_RE.search(subject) is not None


def without_bound_words(subject: str) -> str:
    """``subject`` without the words that name a bound ("password" of "password minimum")."""
    return " ".join(_LOWER_NAMED_RE.sub(" ", _UPPER_NAMED_RE.sub(" ", subject)).split())


def named_bound(op: str | None, subject: str | None) -> str:
    """The bound class of a statement (:func:`~dspm_core.slots.bound_class`), where a value
    said equal to a subject that names a bound is that bound ("bump the max orders per day
    to 60" sets the same bound as "max 40 orders per day")."""
    cls = bound_class(op)
    if cls != "eq" or not subject:
        return cls
    if _LOWER_NAMED_RE.search(subject):
        return "lower"
    return "upper" if _UPPER_NAMED_RE.search(subject) else cls


#: the words of a sum of money said as a bare number ("I pay 11.99", "grocery budget's 120 a week")
PRICED_RE = re.compile(r"\b(?:pay|pays|paid|paying|cost|costs|price|priced|fee|fees|rent|budget|budget's|"
                       r"spend|spending|charge|charged|salary|bill|owe|fare|allowance|pocket money|"
                       r"subscription|quid|bucks)\b", re.I)
#: a number said with no unit, which a price said later may turn out to be
_PLAIN_NUMBER_RE = re.compile(r"\d{1,3}(?:,\d{3})*(?:\.\d{2})?|\d+(?:\.\d{2})?")


def revision_candidates(patches: dict[str, Patch], ids: set[str], stmt: Statement,
                         exact_dim: bool = False, same_unit: bool = False,
                         bound_named: bool = False) -> list[str]:
    cls = bound_class(stmt.op)
    named_cls = named_bound(stmt.op, stmt.subject)
    numeric = stmt.dimension in ("number",) or stmt.dimension.startswith("count:")
    candidates = []
    if exact_dim:
        want = make_key("", stmt.op, stmt.dimension, stmt.canonical, stmt.scope).split("|")[2]
    for pid in ids:
        p = patches[pid]
        if p.key is None or p.value is None:
            continue
        p_subject, p_cls, p_dim, p_scope = p.key.split("|", 3)
        if p_cls != cls and not (stmt.revision and named_cls == p_cls and (
                _BOUND_SAID_RE.match(p.text) or bound_named and not _names_bound(p_subject))):
            continue  # (a bound said by its word, revised by name: "bump the max orders per day
            # to 60" of "Max 40 orders per day"; never "max retries is 2" of "max retries must
            # not exceed 5", a value beside its bound)
        if (p_scope or None) != stmt.scope:
            if stmt.scope is None and p_dim == f"rate:{stmt.dimension}" and not exact_dim:
                candidates.append(pid)  # "1.5 litres of water" of "3 litres of water a day"
            continue
        if exact_dim:
            if same_unit and _unit_of(p) != _unit_of(stmt) and not _counts_subject(p, stmt) \
                    and not (p_dim == want and p_dim in ("size", "time")):
                continue  # another wording of the subject: the very same unit (a size or a
                # duration in another of its units is one: "a 1.2 GB image" of "below 800 MB",
                # "half an hour" of "15 minutes")
            if p_dim == want and not p_dim.startswith("free:"):
                candidates.append(pid)
            elif numeric and stmt.unit is None and not same_unit \
                    and p_dim in ("num", "time", "size", "percent", "money"):
                candidates.append(pid)
            elif p_dim == "num" and stmt.dimension == "money" and not same_unit \
                    and _PLAIN_NUMBER_RE.fullmatch(p.value) and PRICED_RE.search(p.text):
                candidates.append(pid)  # "it's $12.99 now" of "I pay 11.99 for spotify"
            elif p_dim == "clock" and stmt.dimension == "when" and day_or_time(
                    p_dim, parse_value(p.value).canonical, stmt.dimension, stmt.canonical):
                candidates.append(pid)  # "on Wednesdays from now on, same time" of "every Tuesday at 3pm"
            continue
        if numeric and p_dim in ("num", "time", "size", "percent", "money") and stmt.unit is None:
            candidates.append(pid)
        elif numeric and p_dim == "num":
            candidates.append(pid)
        elif stmt.revision and (p_dim.startswith("free:") or p_dim == "name") and \
                stmt.dimension in ("free", "name"):
            candidates.append(pid)
        elif p_dim in _DAY_DIMS and stmt.dimension in _DAY_DIMS and day_or_time(
                p_dim, parse_value(p.value).canonical, stmt.dimension, stmt.canonical):
            candidates.append(pid)  # "moved to Friday" of "Thursday 14:00-15:00"
    return candidates


_DAY_DIMS = ("when", "clock")


def fitting(patches: dict[str, Patch], ids: Iterable[str], stmt: Statement) -> list[str]:
    """The patches of ``ids`` whose value ``stmt`` may replace: the same kind of value
    exactly, or a number for a value with a unit (and, with a cue, free text for free text)."""
    ids = list(ids)
    return revision_candidates(patches, ids, stmt, exact_dim=True) + \
        revision_candidates(patches, ids, stmt)


def _counts_subject(p: Patch, stmt: Statement) -> bool:
    """A count of what ``p``'s subject names, or of anything when it names a measure, for
    ``p``'s plain number: "5 retries" of "retry count = 3"."""
    if p.key is None:
        return False
    words = p.key.split("|", 1)[0].split()
    if stmt.unit is None and stmt.dimension == "number" and p.unit:
        # "scale the worker service to 4" of "worker service replicas = 2 replicas"
        return singular(p.unit.split()[-1].lower()) in words
    if p.unit or not stmt.dimension.startswith("count:"):
        return False
    # "100 chars" of "line length = 88": a measure said without its unit takes one
    counted = stmt.dimension.split(":", 1)[1]
    if counted == "people":  # "we're 4 now": the party of a booking ("table for 6"), no other count
        return bool(set(words) & _BOOKED_FOR)
    return counted in words or bool(words) and words[-1] in _MEASURE_WORDS


#: what a plain number is the party size of ("a table for 6", "the booking for 8")
_BOOKED_FOR = frozenset("table reservation booking party group headcount guest people "
                        "person".split())


#: the head of a subject that measures something without saying in what
_MEASURE_WORDS = frozenset("length limit cap max maximum minimum size count total goal target "
                           "quota allowance".split())


def _unit_of(x: Patch | Statement) -> str | None:
    if not x.unit:
        return None
    unit, dimension, _ = canonical_unit(_RATE_LEAD_RE.sub("", x.unit))  # "a month" is "per month"
    if unit and dimension.startswith("count:"):  # "1 tablet a day" of "2 tablets a day"
        return " ".join(map(singular, unit.split()))
    return unit


_RATE_LEAD_RE = re.compile(r"^(?:per|an?|each|/)\s*", re.I)


def echo_target(ix: StoreIndex, patches: dict[str, Patch], fact: Fact, subj_norm: str,
                stmt: Statement) -> Patch | None:
    """A higher-authority critical that this lower-authority statement merely restates."""
    auth = AUTHORITY[fact.role]
    if stmt.value is not None:
        for pid in ix.by_subject.get(subj_norm, ()):
            p = patches[pid]
            if AUTHORITY[p.role] > auth and p.value is not None and \
                    parse_value(p.value).canonical == stmt.canonical:
                return p
        # "Sure, I'll stay within 200 words" just after "Limit your replies to 200 words":
        # the same value and bound, a few turns on, in other words
        for pid in ix.by_value.get(value_base(stmt.canonical), ()):
            p = patches.get(pid)
            if p is not None and p.critical and AUTHORITY[p.role] > auth \
                    and 0 <= fact.turn - p.turn <= ECHO_TURNS \
                    and (bound_class(p.op) == bound_class(stmt.op)
                         or stmt.dimension in ("when", "clock", "name")
                         or stmt.dimension != "number" and stmt.unit is not None
                         or stmt.dimension in ("money", "percent")):
                # ("I'll remind you a week before October 31": a date is its own echo; "I'll
                # keep the lunch order under $200" after "the cap is $200": a sum with its
                # unit is one whatever the bound it is said with)
                return p
    terms = content_terms(fact.text)
    if not terms:
        return None
    postings = [ix.by_term[t] for t in terms if t in ix.by_term]
    if not postings:
        return None
    shortest = min(postings, key=len)
    value_tokens = {w.lower() for w in re.findall(r"\d[\d.,]*", fact.text)}
    for pid in islice(reversed(shortest), TERM_CANDIDATES):
        p = patches.get(pid)
        if p is None or not p.critical or AUTHORITY[p.role] <= auth:
            continue
        if (p.op == "!=") != (stmt.op == "!="):  # "must delete X" never echoes "never delete X"
            continue
        p_terms = ix.terms.get(pid, frozenset())
        covered = len(terms & p_terms) / len(terms)
        idents = {t for t in terms if is_identifier(t)}
        if covered >= 0.75 and idents <= p_terms and \
                value_tokens <= {w.lower() for w in re.findall(r"\d[\d.,]*", p.text)}:
            return p
    return None


def with_period_of(stmt: Statement, p: Patch) -> Statement:
    """An amount said without its period ("1.5 litres of water") as an amount per the period
    of the rate ``p`` it revises ("3 litres of water a day"): 1.5 litres per day."""
    pv = parse_value(f"{stmt.value} per {p.scope}")
    if p.key is None or pv.dimension != p.key.split("|")[2]:
        return stmt
    return replace(stmt, value=pv.text, unit=pv.unit, scope=pv.scope, dimension=pv.dimension,
                   canonical=pv.canonical)
