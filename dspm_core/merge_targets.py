"""Which stored patch a new statement revises or merely restates.

Pure lookups over the store's indexes (:class:`StoreIndex`), each bounded by
:data:`TERM_CANDIDATES` or by the few patches of one subject, so a merge stays O(1) in the
number of stored patches. With zero or several candidates nothing is revised: a missed
merge costs a line, a wrong one loses a setting.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .patch import AUTHORITY, Fact, Patch
from .slots import Statement, bound_class, content_terms, make_key
from .values import parse_value
from .vocab import is_identifier

__all__ = ["TERM_CANDIDATES", "StoreIndex", "echo_target", "revision_target"]

TERM_CANDIDATES = 64  # candidates examined per term or word (most recent first)


@dataclass(slots=True)
class StoreIndex:
    """The store's lookup tables: patch ids by slot key, subject, word, text and term."""

    by_key: dict[str, str] = field(default_factory=dict)
    by_subject: dict[str, set[str]] = field(default_factory=dict)
    subjects_by_word: dict[str, set[str]] = field(default_factory=dict)
    by_text: dict[str, str] = field(default_factory=dict)
    by_term: dict[str, list[str]] = field(default_factory=dict)
    terms: dict[str, frozenset[str]] = field(default_factory=dict)
    subject_of: dict[str, str] = field(default_factory=dict)
    text_of: dict[str, str] = field(default_factory=dict)


def revision_target(ix: StoreIndex, patches: dict[str, Patch], subj_norm: str,
                    stmt: Statement) -> str | None:
    """A patch that a statement revises although its key differs only in value detail.

    A number without a unit revises the single numeric value of its subject and bound
    class ("batch size 500 records" -> "batch size 1000"); an explicit revision cue
    ("switch", "change ... to", "from A to B") revises the single free-text or name value
    of its subject and class. With zero or several candidates nothing is revised.
    """
    if stmt.value is None:
        return None
    ids = ix.by_subject.get(subj_norm)
    if ids:
        found = _revision_candidates(patches, ids, stmt)
        if found or not stmt.revision:
            return found[0] if len(found) == 1 else None
    elif not stmt.revision:
        return None
    # An explicit revision may name its setting by a shorter subject ("lower max retries
    # to 3" for "max retries for failed deliveries"): accept it only when exactly one
    # stored setting has every word of that subject and a compatible value.
    words = subj_norm.split()
    if not words:
        return None
    pools = [ix.subjects_by_word.get(w, set()) for w in words]
    subjects = set.intersection(*pools) - {subj_norm} if all(pools) else set()
    if subjects and len(subjects) <= 8:
        found = []
        for subj in subjects:
            found.extend(_revision_candidates(patches, ix.by_subject.get(subj, set()),
                                                   stmt, exact_dim=True))
        return found[0] if len(found) == 1 else None
    return _reworded_target(ix, patches, subj_norm, stmt, pools)

def _reworded_target(ix: StoreIndex, patches: dict[str, Patch], subj_norm: str,
                     stmt: Statement, pools: list[set[str]]) -> str | None:
    """An explicit revision that names its setting in other words ("the new sprint
    deadline of April 5" for "the first sprint deadline"): the single stored setting of
    the same kind of value whose subject shares at least two words, or half the words of
    the shorter subject (two at least), and every identifier."""
    words = set(subj_norm.split())
    shared: dict[str, int] = {}
    for pool in pools:
        if len(pool) > TERM_CANDIDATES:
            continue  # a word this common does not name a setting; bounded work per merge
        for subj in pool:
            shared[subj] = shared.get(subj, 0) + 1
    found = []
    for subj, n in shared.items():
        other = set(subj.split())
        if subj == subj_norm or n < 2 or n * 2 < min(len(words), len(other)):
            continue
        if {w for w in words ^ other if is_identifier(w)}:
            continue  # "server-a" is not "server-b"
        found.extend(_revision_candidates(patches, ix.by_subject.get(subj, set()), stmt,
                                               exact_dim=True, same_unit=True))
    return found[0] if len(found) == 1 else None

def _revision_candidates(patches: dict[str, Patch], ids: set[str], stmt: Statement,
                         exact_dim: bool = False, same_unit: bool = False) -> list[str]:
    cls = bound_class(stmt.op)
    numeric = stmt.dimension in ("number",) or stmt.dimension.startswith("count:")
    candidates = []
    if exact_dim:
        want = make_key("", stmt.op, stmt.dimension, stmt.canonical, stmt.scope).split("|")[2]
    for pid in ids:
        p = patches[pid]
        if p.key is None or p.value is None:
            continue
        _, p_cls, p_dim, p_scope = p.key.split("|", 3)
        if p_cls != cls or (p_scope or None) != stmt.scope:
            continue
        if exact_dim:
            if same_unit and ((p.unit or None) != (stmt.unit or None)
                              or (p_dim == "num" and not stmt.unit)):
                continue  # a reworded subject: the very same unit, not just "a number"
            if p_dim == want and not p_dim.startswith("free:"):
                candidates.append(pid)
            elif numeric and stmt.unit is None and not same_unit \
                    and p_dim in ("num", "time", "size", "percent", "money"):
                candidates.append(pid)
            continue
        if numeric and p_dim in ("num", "time", "size", "percent", "money") and stmt.unit is None:
            candidates.append(pid)
        elif numeric and p_dim == "num":
            candidates.append(pid)
        elif stmt.revision and (p_dim.startswith("free:") or p_dim == "name") and \
                stmt.dimension in ("free", "name"):
            candidates.append(pid)
    return candidates

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
    terms = content_terms(fact.text)
    if not terms:
        return None
    postings = [ix.by_term[t] for t in terms if t in ix.by_term]
    if not postings:
        return None
    shortest = min(postings, key=len)
    value_tokens = {w.lower() for w in re.findall(r"\d[\d.,]*", fact.text)}
    for pid in reversed(shortest[-TERM_CANDIDATES:]):
        p = patches.get(pid)
        if p is None or not p.critical or AUTHORITY[p.role] <= auth:
            continue
        p_terms = ix.terms.get(pid, frozenset())
        covered = len(terms & p_terms) / len(terms)
        idents = {t for t in terms if is_identifier(t)}
        if covered >= 0.75 and idents <= p_terms and \
                value_tokens <= {w.lower() for w in re.findall(r"\d[\d.,]*", p.text)}:
            return p
    return None
