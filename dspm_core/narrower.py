"""A narrower thing of a kind: "Phone support hours" of "Support hours", "priority emails"
of "every email", "my travel budget" of "my budget". Said with no word of change, it is a
setting of its own, not the setting of the kind said again. A word of time, period or side
names no other thing ("daily calories", "daytime brightness", "left margin"), and those
words are here too (:data:`PERIOD_WORDS`, :func:`parts_of_day`).
"""

from __future__ import annotations

import re

from .lexicon import getAllLemmas, is_adjective, is_noun, is_verb_only
from .slots import content_terms
from .vocab import STOP_WORDS, word_frequency

__all__ = ["NUMBER_WORD_RE", "PART_OF_DAY_RE", "PERIOD_WORDS", "narrower", "parts_of_day"]

#: the words of a clause that say how often (a period is part of the value, not its subject)
PERIOD_WORDS = frozenset("daily weekly monthly yearly annual annually hourly nightly per a an "
                         "each every day days week weeks month months year years hour hours "
                         "night nights".split())
#: a number or an amount said in a word
NUMBER_WORD_RE = re.compile(r"^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                            r"few|couple|several|dozen|half|twenty|thirty|forty|fifty|hundred|thousand)$")
#: words of a time of day or of a side
PART_OF_DAY_RE = re.compile(r"\b(?:morning|afternoon|evening|night|day|weekday|weekend|left|right|"
                            r"front|back|top|bottom|inner|outer|upper|lower)s?(?:time)?\b", re.I)
# "launch day", "pay day": a word before "day" that makes it a date, not a time of day
_AFTER_NOUN_RE = re.compile(r"\b(?!the\b|a\b|during\b|per\b|each\b|every\b|this\b|that\b|all\b|"
                            r"by\b|in\b|of\b)[a-z]{3,}\s+$", re.I)
_TOKEN_RE = re.compile(r"[A-Za-z0-9][\w.+#'’-]*")
#: how often a word the lexicon does not know may occur and still be a name ("webhook"),
#: not a small word ("for", "via")
RARE_NAME = 10000
_QUANTIFIERS = frozenset("every each all any our my your their the a an this that".split())


def parts_of_day(text: str) -> frozenset[str]:
    """Words that tell two settings of one kind apart by time or side ("morning shift" /
    "evening shift", "left margin" / "right margin"), though they name no thing."""
    return frozenset(re.sub(r"(?:time|s)$", "", m.group(0).lower()) for m in PART_OF_DAY_RE.finditer(text)
                     if not (m.group(0).lower().startswith("day") and _AFTER_NOUN_RE.search(text[:m.start()])))


def narrower(held: str, said: str, shared: frozenset[str] | None = None) -> bool:
    """``said`` puts a word of its own before a word both share (``shared`` stems, or every
    content stem both hold) that ``held`` puts none before: a narrower thing of that kind."""
    if shared is None:
        shared = _stems(held) & _stems(said)
    theirs = _words_before(held, shared)
    known = _stems(held)
    return any(stem in theirs and not theirs[stem] and _narrows(word, known)
               for stem, word in _words_before(said, shared).items())


def _stems(text: str) -> frozenset[str]:
    return frozenset(t for w in _TOKEN_RE.findall(text) for t in content_terms(w))


def _words_before(text: str, shared: frozenset[str]) -> dict[str, str]:
    """Each shared stem of ``text`` (at its first word) and the content word right before
    it ("" for none: the start, or a small word such as "the" or "every")."""
    words = _TOKEN_RE.findall(text)
    out: dict[str, str] = {}
    for i, w in enumerate(words):
        for stem in content_terms(w) & shared:
            if stem not in out:
                before = words[i - 1].lower() if i else ""
                out[stem] = "" if before in STOP_WORDS or before in _QUANTIFIERS else before
    return out


def _narrows(word: str, known: frozenset[str]) -> bool:
    """``word`` before a shared word names which one: a noun, an adjective or a word the
    lexicon does not know, not of time, period or number, and not said by the other side."""
    return bool(word) and word.isalpha() and word not in PERIOD_WORDS and not parts_of_day(word) \
        and not is_verb_only(word) and not NUMBER_WORD_RE.match(word) and not content_terms(word) & known \
        and (is_noun(word) or is_adjective(word)
             or not getAllLemmas(word) and word_frequency().get(word, 0) < RARE_NAME)  # (never "for")
