"""Parts of speech of English words, from lemminflect's bundled lexicon (offline).

Used where a hand list of verbs would otherwise grow: telling the verbs riding along in a
subject ("the launch got postponed", "postpone the code freeze") from the nouns that name
the setting.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

__all__ = ["base_verb", "is_adjective", "is_base_verb", "is_finite_after", "is_plural_noun", "is_noun_only",
           "is_third_person", "known_word", "plural_of", "is_past_verb", "is_verb_only", "warm"]


#: technical nouns the lexicon knows only as verbs ("retry delay", "deploy window")
_TECH_NOUNS = frozenset("retry retries deploy deploys refresh redirect redirects fetch rebuild "
                        "restart restarts reboot reboots rollback failover".split())


def getAllLemmas(word: str, upos: str | None = None) -> Any:  # noqa: N802 - lemminflect's name
    """``lemminflect.getAllLemmas``, imported on first use: lemminflect loads numpy, a
    fifth of a second that importing the memory need not pay (``warm`` pays it)."""
    global getAllLemmas
    from lemminflect import getAllLemmas as lemmas

    getAllLemmas = lemmas  # later calls go straight to lemminflect
    return lemmas(word, upos)


@lru_cache(maxsize=65536)
def is_verb_only(word: str) -> bool:
    """Whether ``word`` reads only as a verb (``postponed``, ``got``, ``send``): a word
    that can also be a noun or an adjective (``launch``, ``start``, ``quiet``), and the
    auxiliaries (``is``, ``has``), are not."""
    w = word.strip(".,;:!?\"'()").lower()
    if not w.isalpha() or len(w) < 2 or w in _TECH_NOUNS:
        return False
    pos = getAllLemmas(w)
    if "VERB" not in pos or {"NOUN", "ADJ", "PROPN", "NUM", "AUX"} & set(pos):
        return False
    # a plural the lexicon lists only as a verb form ("logs", "caps"): a noun all the same
    if w.endswith("s") and "NOUN" in getAllLemmas(w[:-1]):
        return False
    return True


@lru_cache(maxsize=65536)
def is_past_verb(word: str) -> bool:
    """A verb-only word in an inflected form (``postponed``, ``moved``, ``got``,
    ``trying``), not the base form and not a third-person ``-s`` form."""
    w = word.strip(".,;:!?\"'()").lower()
    if not is_verb_only(w) or w.endswith("s"):
        return False
    return any(lemma != w for lemma in getAllLemmas(w).get("VERB", ()))


@lru_cache(maxsize=16384)
def past_form(word: str, perfect: bool = False) -> bool:
    """Whether ``word`` is the simple past (or, with ``perfect``, the past participle) of
    a verb, by lemminflect's inflection tables: "logged", "ran", "wrote", "cut" after "have"."""
    from lemminflect import getInflection

    w = word.lower()
    for lemma in getAllLemmas(w).get("VERB", ()):
        if w in getInflection(lemma, "VBD") or (perfect and w in getInflection(lemma, "VBN")):
            return True
    return False


@lru_cache(maxsize=65536)
def is_noun(word: str) -> bool:
    """Whether ``word`` can be a noun (``works``, ``option``, ``chairs``)."""
    return "NOUN" in getAllLemmas(word)


@lru_cache(maxsize=65536)
def is_noun_only(word: str) -> bool:
    """Whether ``word`` reads only as a noun (``desk``, ``deadline``)."""
    w = word.strip(".,;:!?\"'()").lower()
    if not w.isalpha() or len(w) < 2:
        return False
    pos = set(getAllLemmas(w))
    return pos == {"NOUN"}


@lru_cache(maxsize=65536)
def is_adverb_only(word: str) -> bool:
    """Whether ``word`` reads only as an adverb (``definitely``, ``annually``, ``around``)."""
    w = word.strip(".,;:!?\"'()").lower()
    return w.isalpha() and set(getAllLemmas(w)) == {"ADV"}


def warm() -> None:
    """Load the lexicon and the word list now (each loads on first use otherwise, which
    takes most of a second inside someone's first turn)."""
    from .vocab import word_frequency

    is_verb_only("postponed")
    word_frequency()


@lru_cache(maxsize=65536)
def is_adjective(word: str) -> bool:
    """Whether ``word`` can be an adjective (``blunt``, ``concise``, ``formal``)."""
    w = word.strip(".,;:!?\"'()").lower()
    return w.isalpha() and "ADJ" in getAllLemmas(w)


@lru_cache(maxsize=65536)
def is_base_verb(word: str) -> bool:
    """Whether ``word`` can be a verb in its base form (``render``, ``bake``, ``cache``),
    the form an instruction starts with."""
    w = word.strip(".,;:!?\"'()").lower()
    return w.isalpha() and (w in getAllLemmas(w).get("VERB", ()) or w in _MAIL_VERBS)


#: verbs of mail and chat the lexicon lacks ("cc my colleague every time")
_MAIL_VERBS = frozenset("cc bcc dm".split())


@lru_cache(maxsize=65536)
def known_word(word: str) -> bool:
    """Whether the lexicon knows ``word`` as any part of speech ("cc" and "dm" it does not)."""
    w = word.strip(".,;:!?\"'()").lower()
    return bool(w.isalpha() and getAllLemmas(w))


def base_verb(word: str) -> str:
    """The base form of a verb form ("answering" -> "answer"), else ``word`` as it is."""
    w = word.lower()
    lemmas = getAllLemmas(w, "VERB").get("VERB", ()) if w.isalpha() else ()
    return lemmas[0] if lemmas else word


_DETERMINERS = frozenset("a an the my our your their his her its this that these those some any "
                         "each every no to".split())


@lru_cache(maxsize=65536)
def is_third_person(word: str) -> bool:
    """Whether ``word`` is a verb's third-person ``-s`` form ("leaves", "arrives", "runs")."""
    return word.endswith("s") and any(lemma != word for lemma in getAllLemmas(word).get("VERB", ()))


def is_finite_after(word: str, previous: str) -> bool:
    """Whether ``word`` reads as the verb of a statement after ``previous``: a third-person
    form after a noun ("payroll runs", "the trial lasts"), or a base form after a plural
    ("quiet hours start"); never right after a determiner ("a table", "the start")."""
    prev = previous.strip(".,;:!?\"'()").lower()
    w = word.strip(".,;:!?\"'()").lower()
    if not prev.isalpha() or prev in _DETERMINERS or not w.isalpha() or w in _TECH_NOUNS:
        return False
    lemmas = getAllLemmas(w).get("VERB", ())
    if not lemmas:
        return False
    if is_third_person(w):
        return not is_verb_only(prev) and prev not in ("i", "you", "we", "they")
    return w in lemmas and prev.endswith("s") and not prev.endswith("ss") \
        and "NOUN" in getAllLemmas(prev)


@lru_cache(maxsize=65536)
def is_plural_noun(word: str) -> bool:
    """Whether ``word`` can be the plural of a noun (``seats``, ``players``)."""
    w = word.strip(".,;:!?\"'()").lower()
    if w in _TECH_NOUNS:
        return w.endswith("s")  # "retries", "deploys": nouns the lexicon knows as verbs
    return w.isalpha() and any(lemma != w for lemma in getAllLemmas(w).get("NOUN", ()))


@lru_cache(maxsize=4096)
def plural_of(noun: str) -> str:
    """The plural of ``noun`` ("page" -> "pages", "glass" -> "glasses")."""
    from lemminflect import getInflection

    forms = getInflection(noun, "NNS")
    return forms[0] if forms else f"{noun}s"
