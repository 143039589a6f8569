"""Word knowledge used by slot normalisation: acronyms, stop words, stems, typo folding.

Everything here is pure and offline. The English word list comes from the
``pyspellchecker`` package's bundled frequency dictionary (loaded lazily, once).
"""

from __future__ import annotations

import gzip
import json
import re
import threading
from functools import lru_cache
from importlib import resources

__all__ = [
    "BUILTIN_ACRONYMS",
    "CHAT_WORDS",
    "everyday_frequency",
    "STOP_WORDS",
    "fold_typo",
    "is_identifier",
    "singular",
    "stem",
    "word_frequency",
]

#: Acronym -> expansion. The acronym is the canonical form inside slot keys.
BUILTIN_ACRONYMS: dict[str, str] = {
    "ttl": "time to live",
    "sla": "service level agreement",
    "slo": "service level objective",
    "rto": "recovery time objective",
    "rpo": "recovery point objective",
    "rps": "requests per second",
    "qps": "queries per second",
    "db": "database",
    "mfa": "multi factor authentication",
    "2fa": "two factor authentication",
    "pii": "personally identifiable information",
    "phi": "protected health information",
    "cdn": "content delivery network",
    "api": "application programming interface",
    "ui": "user interface",
    "ux": "user experience",
    "ci": "continuous integration",
    "eta": "estimated time of arrival",
    "kpi": "key performance indicator",
    "roi": "return on investment",
    "k8s": "kubernetes",
    "vm": "virtual machine",
    "os": "operating system",
    "llm": "large language model",
    "mrr": "monthly recurring revenue",
    "arr": "annual recurring revenue",
    "cpu": "central processing unit",
    "ram": "random access memory",
    "tz": "time zone",
    "lr": "learning rate",
    "bs": "batch size",
    "seq len": "sequence length",
}

#: the shorthand of typed chat ("pls", "tbh", "lol"): courtesy and tone, never a name or a value
CHAT_WORDS: frozenset[str] = frozenset(
    """pls plz plse pleas thx thnx tx ty tysm tbh btw fyi imo imho idk lol lmao omg ngl rn
    asap np nvm jk ikr smh tho cuz coz bc ppl pref prefs""".split()
)

STOP_WORDS: frozenset[str] = frozenset(
    """a an the this that these those our my your their its his her we us i you they it
    all any every each some current new default value setting settings please now also just
    really actually basically here there then so be been being is are was were am""".split()
)

_IDENT_RE = re.compile(r"[0-9_./:@#]|-|^[A-Z0-9]{2,}$|[a-z][A-Z]")
_DICT_LOCK = threading.Lock()
_DICT: dict[str, int] | None = None
_ALPHABET = "abcdefghijklmnopqrstuvwxyz"

#: Common technical words the spelling dictionary lacks; they are never folded away.
TECH_WORDS: frozenset[str] = frozenset(
    """webhook webhooks timeout timeouts latency throughput api apis json yaml sql nosql postgresql postgres mysql sqlite mongodb
    redis kafka kubernetes docker config configs backend frontend middleware endpoint
    auth oauth jwt saml ttl url urls uri http https grpc async sync runtime dataset datasets
    repo repos github gitlab cron regex utf timestamp timestamps username usernames
    """.split()
)


def word_frequency() -> dict[str, int]:
    """The English frequency dictionary (word -> count), loaded once."""
    global _DICT
    if _DICT is None:
        with _DICT_LOCK:
            if _DICT is None:
                try:
                    ref = resources.files("spellchecker").joinpath("resources/en.json.gz")
                    with ref.open("rb") as raw, gzip.open(raw, "rt", encoding="utf-8") as fh:
                        data = json.load(fh)
                except (ModuleNotFoundError, FileNotFoundError, OSError, ValueError):
                    data = {}  # without the dictionary no typo is folded: safe, never wrong
                _DICT = {str(k): int(v) for k, v in data.items()}
    return _DICT


# British spellings and their American forms ("organising", "colour", "centre", "travelled")
_BRITISH = ((re.compile(r"is(e|ed|es|ing|ation|ations)$"), r"iz\1"),
            (re.compile(r"our(s|ed|ing|ful)?$"), r"or\1"),
            (re.compile(r"tre(s)?$"), r"ter\1"),
            (re.compile(r"ll(ed|ing|er)$"), r"l\1"))


def everyday_frequency(word: str) -> int:
    """How often ``word`` (lower case) is used, counting a British spelling as its American
    form, which the bundled counts hold ("organising" as "organizing")."""
    freq = word_frequency()
    best = freq.get(word, 0)
    for pattern, american in _BRITISH:
        if pattern.search(word):
            best = max(best, freq.get(pattern.sub(american, word), 0))
    return best


@lru_cache(maxsize=262144)
def is_identifier(token: str) -> bool:
    """True for names and identifiers that must never be folded or stemmed.

    Digits, hyphens, underscores, dots, all-caps and camelCase mark an identifier
    (``server-a``, ``v2``, ``PCI``, ``userId``).
    """
    return bool(_IDENT_RE.search(token))


def _edits1(word: str) -> set[str]:
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    deletes = [a + b[1:] for a, b in splits if b]
    transposes = [a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1]
    replaces = [a + c + b[1:] for a, b in splits if b for c in _ALPHABET]
    inserts = [a + c + b for a, b in splits for c in _ALPHABET]
    return set(deletes + transposes + replaces + inserts)


@lru_cache(maxsize=65536)
def fold_typo(word: str) -> str:
    """Fold a misspelt ordinary word to the dictionary word one edit away.

    Only lowercase alphabetic words of five letters or more that the dictionary does
    not know are candidates, and only a common target (count >= 100) that clearly beats
    any other candidate is taken. Names, identifiers and unknown words with no common
    neighbour ("zonba", "zonbb") are returned unchanged.
    """
    if len(word) < 5 or len(word) > 30 or not word.isalpha() or not word.islower() \
            or word in TECH_WORDS:
        return word
    freq = word_frequency()
    if not freq or word in freq:
        return word
    scored = sorted(((freq[c], c) for c in _edits1(word) if c in freq), reverse=True)
    if not scored or scored[0][0] < 100:
        return word
    if len(scored) > 1 and scored[0][0] < 5 * scored[1][0]:
        return word  # ambiguous: two plausible corrections, keep the word as written
    return scored[0][1]


_NO_SINGULAR = frozenset(
    "status analysis basis axis bus gas yes this its is was has always series species news "
    "process access address class less loss boss chaos canvas alias atlas bias corpus "
    "radius campus virus bonus census focus plus minus its whereas perhaps".split()
)


@lru_cache(maxsize=65536)
def singular(word: str) -> str:
    """A plain-English singular (``sessions`` -> ``session``); identifiers unchanged."""
    if len(word) <= 3 or word in _NO_SINGULAR or is_identifier(word) or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes", "zes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


_SUFFIXES = (
    "izations", "ization", "ations", "ation", "ances", "ance", "ences", "ence", "ments",
    "ment", "ities", "ity", "ings", "ing", "ions", "ion", "ants", "ant", "ents", "ent",
    "ness", "ies", "ied", "ive", "ed", "es", "ly", "al", "er", "s", "y", "e",
)


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A crude stem for comparing restatements (``compliant`` ~ ``compliance``)."""
    w = word.lower()
    if is_identifier(word) or not w.isalpha():
        return w
    for suf in _SUFFIXES:
        if w.endswith(suf) and len(w) - len(suf) >= 3:
            w = w[: -len(suf)]
            if len(w) >= 4 and w[-1] == w[-2] and w[-1] not in "lsz":
                w = w[:-1]  # logged -> logg -> log
            return w
    return w
