"""Utility of patches: priority among criticals, and utility of the rest.

Pure functions. Query alignment is lexical (stemmed content words) by default; an
optional scorer (see :mod:`dspm_core.embeddings`) adds semantic similarity.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol, runtime_checkable

from .addressed import addresses_replies
from .lexicon import is_base_verb, is_noun
from .patch import ROLE_PRIORITY, Patch, PatchKind
from .slots import content_terms

__all__ = [
    "KIND_WEIGHT",
    "NAMED_WORDS",
    "STANCE_WEIGHT",
    "SimilarityScorer",
    "alignment",
    "critical_priority",
    "naming_words",
    "patch_terms",
    "query_terms",
    "recency",
    "text_terms",
    "utility",
]

#: Base value of each non-critical kind (criticals are ranked separately).
KIND_WEIGHT: dict[PatchKind, float] = {
    PatchKind.CODE: 1.0,
    PatchKind.STRUCTURE: 0.9,
    PatchKind.EQUATION: 0.9,
    PatchKind.ENTITY: 0.6,
    PatchKind.SENTENCE: 0.8,
    PatchKind.CONSTRAINT: 2.0,
    PatchKind.DECISION: 1.8,
}


@runtime_checkable
class SimilarityScorer(Protocol):
    """Anything that scores texts against a query (cosine-like, higher is closer)."""

    def similarities(self, query: str, texts: Sequence[str]) -> list[float]: ...


@lru_cache(maxsize=4096)
def query_terms(query: str) -> frozenset[str]:
    """Stemmed content words of a query."""
    return content_terms(query) if query else frozenset()


@lru_cache(maxsize=65536)
def _patch_terms(text: str, slot: str | None) -> frozenset[str]:
    return content_terms(f"{slot} {text}" if slot else text)


#: A setting is named by a query that has every word of its subject, when the subject
#: has at most this many content words.
NAMED_WORDS = 4

#: A patch that mentions this many of the query's content words is fully aligned with it,
#: however long the query: "the deadline of the first sprint" answers a forty-word question
#: about the first sprint's deadline as well as a five-word one.
ALIGN_SATURATION = 6


def text_terms(text: str) -> frozenset[str]:
    """Stemmed content words of a text (cached)."""
    return _patch_terms(text, None)


def naming_words(patch: Patch) -> frozenset[str] | None:
    """The words a query must hold to name this setting: every content word of the subject
    of a critical, when it has at most :data:`NAMED_WORDS` (a longer subject is the
    leftover of a sentence, not a name), past the verb a subject read out of a sentence
    opens with when two words or more follow it ("complete conditional probability
    problems" is named by "have I practiced conditional probability problems?"); None when
    nothing names it. Each is among the patch's :func:`patch_terms`."""
    if not (patch.critical and patch.slot):
        return None
    words = _naming_terms(patch.slot)
    return words if words and len(words) <= NAMED_WORDS else None


@lru_cache(maxsize=65536)
def _naming_terms(subject: str) -> frozenset[str]:
    """The stemmed content words that name ``subject`` (see :func:`naming_words`)."""
    first, _, rest = subject.partition(" ")
    if rest.count(" ") >= 1 and is_base_verb(first) and not is_noun(first):
        subject = rest
    return text_terms(subject)


def patch_terms(patch: Patch) -> frozenset[str]:
    """The stemmed content words of a patch's subject and text (what a query aligns on)."""
    return _patch_terms(patch.text, patch.slot)


def alignment(qterms: frozenset[str], patch: Patch) -> float:
    """How much of the query the patch mentions (0..1): the share of the query's content
    words, counted against at most :data:`ALIGN_SATURATION` of them."""
    if not qterms:
        return 0.0
    hits = len(qterms & _patch_terms(patch.text, patch.slot))
    return min(1.0, hits / min(len(qterms), ALIGN_SATURATION))


def recency(patch: Patch, now: int, half_life: float = 50.0) -> float:
    """1.0 for the latest turn, decaying with the number of turns since."""
    age = max(0, now - patch.turn)
    return 1.0 / (1.0 + age / half_life)


#: How much a constraint outranks a decision of the same speaker, in units of query
#: alignment: a rule outranks a setting unless the setting matches at least half more of
#: the query's words.
CONSTRAINT_WEIGHT = 0.5

#: How much a user's own stance ("I prefer ...", "I'm allergic to ...", "always ... when I
#: ask") or a value the user has revised outranks a rule of the same kind read out of a
#: task or pasted text ("Write the code in 50 lines"), in units of query alignment. It
#: decides among criticals the query does not tell apart.
STANCE_WEIGHT = 0.25

#: How much a standing instruction about the replies ("Always cite sources when I ask about
#: research", "Keep your answers under 100 words"; :func:`~dspm_core.addressed.addresses_replies`)
#: outranks the user's other rules and stances: it applies to every answer, whatever the
#: question, where a preference or a goal matters when its topic comes up.
REPLY_WEIGHT = 0.25

_STANCE_RE = re.compile(
    r"\b(?:i|i'm|i am|i've|i have|i'd|we|we're|we are|my|our)\b[^.;]{0,40}?\b(?:prefer|"
    r"preference|like|love|enjoy|hate|dislike|despise|avoid|can't stand|cannot stand|aversion|"
    r"allergic|allergy|intolerant|vegan|vegetarian|favou?rite|fan of|advocate|bias|against|"
    r"stance|care about|value|committed|refuse|won't|can't|cannot|don't|do not|never|always|"
    r"only)\b"
    r"|\b(?:always|never|from now on|going forward|whenever i|when i ask|each time i|"
    r"every time i)\b",
    re.I,
)


@lru_cache(maxsize=65536)
def states_a_stance(text: str) -> bool:
    """Whether ``text`` states the speaker's own stance or a standing instruction."""
    return bool(_STANCE_RE.search(text))


def critical_priority(patch: Patch, align: float = 0.0) -> tuple[int, int, float, int]:
    """Sort key (descending) among criticals.

    Pinned first, then the speaker's role (user, system, assistant, tool, document), then
    query alignment plus :data:`CONSTRAINT_WEIGHT` for a constraint and
    :data:`STANCE_WEIGHT` for a stance of the speaker's own or a revised value, then the
    most recent.
    Age weighs only as a tie-break on purpose: the rule stated at turn 3 that everything
    else depends on must not lose its place to the latest setting. Without a query the
    key does not depend on the current turn, so it is computed once per patch.
    """
    kind = CONSTRAINT_WEIGHT if patch.kind is PatchKind.CONSTRAINT else 0.0
    stance = STANCE_WEIGHT if patch.history or states_a_stance(patch.text) else 0.0
    if kind and addresses_replies(patch.text):
        kind += REPLY_WEIGHT
    return (int(patch.pinned), ROLE_PRIORITY[patch.role], align + kind + stance, patch.turn)


#: How much of its kind's weight a sentence patch keeps when the query does not touch it:
#: the user's untyped sentences fill what typed patches leave, unless the query asks for them.
UNASKED_SENTENCE = 0.15


def utility(patch: Patch, now: int, align: float) -> float:
    """Value of delivering a non-critical patch (divide by its tokens for value per token)."""
    pin = 4.0 if patch.pinned else 1.0
    kind = KIND_WEIGHT[patch.kind]
    if patch.kind is PatchKind.SENTENCE and align <= 0.0:
        kind *= UNASKED_SENTENCE
    return pin * kind * (0.3 + 0.7 * recency(patch, now)) * (1.0 + 3.0 * align)
