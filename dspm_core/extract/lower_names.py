"""Names typed in lower case, read as names.

A message typed without capitals ("we deploy with github actions", "the weekly summary goes
to priya", "i'm in leeds") hides the names that the form readers find by their capital
letter. :func:`names_capitalised` gives the reading of such a sentence with the words that
can only be names capitalised:

- a word that no English lexicon knows: not in lemminflect's, and in the spelling
  dictionary at most as common as a rare name (:data:`RARE`), and not chat shorthand, a
  unit or a technical word ("priya", "kubernetes", "okafor");
- a city or a country (GeoNames) that is not also a common word ("leeds", "lisbon"; never
  "reading" or "nice");
- a name of a known kind (:mod:`dspm_core.known_names`) that is no common English word
  ("postgres", "german", "python"; never "black" or "go");
- a name with a dot inside ("fly.io", "next.js"), and a known name of more than one word
  ("github actions", "vs code");
- the word a name is given by ("a spaniel called biscuit", "our dog's name is biscuit",
  "change the team name to otters"), unless it is a common word ("called him back").

The rule extractor reads a sentence so only when, read as typed, it gives no rule or
setting; the facts it then gives keep the words as typed (:func:`as_typed`: "zsh" stays
"zsh"). A message written with capitals of its own is read as written
(:func:`typed_without_capitals`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..known_names import MULTIWORD_NAMES, NAME_CATEGORY
from ..lexicon import known_word
from ..places import is_place
from ..values import UNIT_ALIASES
from ..vocab import BUILTIN_ACRONYMS, CHAT_WORDS, STOP_WORDS, TECH_WORDS, word_frequency

__all__ = ["RARE", "as_typed", "names_capitalised", "typed_without_capitals"]

#: a word the spelling dictionary counts at most this often is as rare as a name (its
#: rarest words are counted 50)
RARE = 50
#: a name of a known kind that is also an English word is read as a name up to this count
#: ("python" 913, "mocha" 1,263; never "black" or "warn")
KNOWN_NAME_COUNT = 2000
#: the word after the words that give a name is one up to this count ("biscuit" 2,371;
#: never "him", "back", "off")
GIVEN_NAME_COUNT = 20000

_WORD_RE = re.compile(r"(?<![\w'.\\/-])[a-z][a-z0-9]*(?:[.-][a-z0-9]+)*(?![\w'/-])")
# the capitals of a message typed without them: a sentence's first letter and the pronoun
_GIVEN_CAPITALS_RE = re.compile(r"(?:^|(?<=[.!?]\s)|(?<=\n))\s*[A-Z]|\bI\b(?:'[a-z]+)?")


def typed_without_capitals(prose: str) -> bool:
    """Whether ``prose`` has no capital letter but a sentence's first letter and "I"."""
    return not re.search(r"[A-Z]", _GIVEN_CAPITALS_RE.sub("", prose))


@lru_cache(maxsize=8192)
def _unknown(word: str) -> bool:
    """A word no lexicon knows and no list of ordinary words holds, or a name of a known
    kind that is no common word."""
    if len(word) < 2 or not word.isalpha() or word in STOP_WORDS or word in CHAT_WORDS \
            or word in UNIT_ALIASES or word in BUILTIN_ACRONYMS:
        return False  # ("bs is 64 now": the batch size, no name)
    count = word_frequency().get(word, 0)
    if word in NAME_CATEGORY:
        return count <= KNOWN_NAME_COUNT or not known_word(word)
    return not known_word(word) and word not in TECH_WORDS and count <= RARE


@lru_cache(maxsize=8192)
def name_like(word: str) -> bool:
    """Whether ``word``, typed in lower case, can only be a name (see the module docstring)."""
    if "." in word:  # "fly.io", never "e.g" or "v5.3.2"
        return any(len(part) > 1 and part.isalpha() for part in word.split("."))
    if "-" in word:
        return _unknown(word.split("-", 1)[0])
    return _unknown(word) or is_place(word)


_GIVEN_NAME_RE = re.compile(r"\b(?:called|named|name is|name's|names|name to)\s+([a-z][\w-]*)")


def _capital(m: re.Match[str]) -> str:
    word = m.group(0)
    return word[0].upper() + word[1:] if name_like(word) else word


def _given(m: re.Match[str]) -> str:
    word = m.group(1)
    if word in STOP_WORDS or word_frequency().get(word, 0) > GIVEN_NAME_COUNT \
            or "_" in word or not word.isalpha() and any(c.isdigit() for c in word):
        return m.group(0)  # ("the db name is orders_prod": an identifier, as typed)
    return m.group(0)[: m.start(1) - m.start(0)] + word[0].upper() + word[1:]


_MULTIWORD_RE = re.compile(r"(?<![\w'.-])(?:" + "|".join(
    re.escape(n).replace(r"\ ", r"\s+") for n in sorted(MULTIWORD_NAMES, key=len, reverse=True))
    + r")(?![\w'-])")


def names_capitalised(text: str) -> str:
    """``text`` with each word that can only be a name capitalised ("goes to priya" ->
    "goes to Priya"); the rest as written."""
    text = _MULTIWORD_RE.sub(lambda m: re.sub(r"\b[a-z]", lambda c: c.group(0).upper(),
                                              m.group(0)), text)
    return _WORD_RE.sub(_capital, _GIVEN_NAME_RE.sub(_given, text))


def as_typed(read: str | None, typed: str) -> str | None:
    """``read`` (words of :func:`names_capitalised` of ``typed``) with each name spelt as
    typed again ("Change the default shell to Zsh" -> "... to zsh"); a sentence's first
    letter stays a capital."""
    if not read:
        return read
    names = {w[0].upper() + w[1:]: w for w in _WORD_RE.findall(typed)}
    return re.sub(r"(?<![\w'.-])[A-Z]\w*(?:[.-]\w+)*", lambda m: names.get(m.group(0), m.group(0))
                  if m.start() else m.group(0), read)
