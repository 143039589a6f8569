"""The earlier statement a correction names with "not".

"it's Terminal 5 not Terminal 2" after "Pick up from Heathrow Terminal 2"; "sorry, not
peanuts, it's tree nuts I'm allergic to" after "I'm allergic to peanuts"; '"Cheers, Tom"
not "Best"' after 'sign off my emails with "Best, Tom"'; "it must be 15 slides, not 10"
after "the report must have 10 slides". The correction says the old value outright, after
"not", and the new one beside it; the old value is held by exactly one short statement of
the last turns, as what that statement sets. A question, a long statement or code corrects
nothing, and neither does a "not" before a word that says how ("not that formal", "not
sure").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import islice

from .passing import (ALIGN_SCAN, ALIGN_TURNS, MAX_NAMED_WORDS, SHORT_STATEMENT, holds_word, named_words,
                      other_owner)
from .patch import AUTHORITY, Fact, Patch, Role
from .slots import content_terms, parse_statement
from .lexicon import is_verb_only
from .literal import may_hold
from .vocab import STOP_WORDS

__all__ = ["Correction", "corrected_earlier", "new_quantity", "other_scope"]

#: the longest correction read, in words
MAX_CORRECTION_WORDS = 24

_WORD = r"[\w$€£][\w.,:%°$€£/'’+#-]*?"
_PHRASE = rf'"[^"\n]{{1,40}}"|“[^”\n]{{1,40}}”|{_WORD}(?:\s+{_WORD}){{0,2}}'
_END = r"(?=\s*(?:[,.;:!)]|\s(?:but|because|since|as|so)\b|$))"
# "Terminal 5 not Terminal 2", "15 slides, not 10", '"Cheers, Tom" not "Best"'
_AFTER_RE = re.compile(rf"(?<![\w'’])(?:not|rather than|instead of)\s+(?:the\s+|a\s+|an\s+)?"
                       rf"(?P<old>{_PHRASE}){_END}", re.I)
# "not peanuts, it's tree nuts ...", "not Monday, I meant Tuesday"
_NEW_AFTER_RE = re.compile(r"\s*[,;:]\s*(?:(?:it['’]?s|it is|i meant|i mean|make it|rather|but|it "
                           r"should be|should be)\s+)(?P<new>.+)", re.I)
# words that say how, never what: "not that formal", "not sure", "not too long"
_HOW = frozenset("that too so very really sure yet just only quite exactly even enough always "
                 "ever much many all any every now here there me you it this to be being at in "
                 "on for with my your our his her their bad great good fine ok okay happy "
                 "necessarily".split())
_SAYS_NOT_RE = re.compile(r"\b(?:not|rather than|instead of)\s", re.I)
# what a statement says it is about before its clause ("for the new service, we use ...")
_FRONTED_SCOPE_RE = re.compile(r"^\W*(?:for|on|in|with)\s+(?:the\s+|my\s+|our\s+|this\s+)?"
                               r"(?P<scope>[\w'-]+(?:\s+[\w'-]+){0,3}?)\s*,?\s+"
                               r"(?:we|i|you|they|it's|it is|let's|use|go)\b", re.I)
_QUESTION_RE = re.compile(r"\?\s*$|^\s*(?:what if|if|would|should|do you think|is it|are you)\b", re.I)


@dataclass(frozen=True, slots=True)
class Correction:
    """An earlier statement ``target`` corrected: its value ``old`` as said, and the new
    value said beside "not" (``new``, None when unclear)."""

    target: Patch
    old: str
    new: str | None


def _unquote(phrase: str) -> str:
    return phrase.strip().strip('"“”').strip().rstrip(",.")


def _sides(text: str) -> list[tuple[str, str | None]]:
    """Each old value a correction names after "not" ("rather than", "instead of"), with
    the new one beside it."""
    out: list[tuple[str, str | None]] = []
    for m in _AFTER_RE.finditer(text):
        old = m.group("old")
        first = old.split()[0].lower().strip('"“”')
        if first in _HOW or not content_terms(_unquote(old)) and not re.search(r"\d", old):
            continue
        before = text[:m.start()].rstrip().rstrip(",").rstrip()
        after = _NEW_AFTER_RE.match(text, m.end())
        last = before.split()[-1].lower() if before.split() else ""
        if last and not re.fullmatch(r"\S*[.;:!]|sorry|oops|no|actually|wait|nope", last):
            out.append((_unquote(old), _tail(before)))
        elif after is not None:
            out.append((_unquote(old), _value_words(after.group("new").split())))
    return out


def _tail(before: str) -> str | None:
    """The new value that ends ``before``: a quoted phrase, or its last words up to a
    word that names nothing ("15 slides" of "it must be 15 slides")."""
    quoted = re.search(r'(?:"[^"]+"|“[^”]+”)$', before)
    if quoted:
        return _unquote(quoted.group(0))
    return _value_words(before.split(), backwards=True)


def _value_words(words: list[str], backwards: bool = False) -> str | None:
    """Up to three words from the start of ``words`` (from the end, ``backwards``) that
    name something, up to a punctuation mark: "15 slides" of "it must be 15 slides",
    "tree nuts" of "tree nuts I'm allergic to"."""
    out: list[str] = []
    for word in reversed(words) if backwards else words:
        bare = word.strip(",;:!.?")
        if not bare or len(out) == 3 or backwards and out and bare != word \
                or _names_nothing(bare.lower()) and not re.search(r"\d", bare):
            break
        out.append(bare)
        if not backwards and bare != word:
            break
    return " ".join(reversed(out) if backwards else out) or None


def _names_nothing(word: str) -> bool:
    """A word that is no value: a stop word ("it's" too) or a word only ever a verb."""
    return word in STOP_WORDS or is_verb_only(word) or re.sub(
        r"['’](?:s|re|m|ll|d|ve)$", "", word) in STOP_WORDS or word in ("use", "make", "be")


def _sets(p: Patch, old: str) -> bool:
    """``p`` sets ``old``: its value holds it, or ``p`` is short and holds it; never a
    statement that itself says "not" of it."""
    if may_hold(p.text, old) and re.search(
            rf"\b(?:not|rather than|instead of|no)\s+(?:the\s+)?{re.escape(old)}\b", p.text, re.I):
        return False
    if p.key is not None and p.value is not None and holds_word(p.value, old):
        return True
    if not holds_word(p.text, old):
        return False
    value = parse_statement(p.text).value
    return len(p.text.split()) <= SHORT_STATEMENT or value is not None and holds_word(value, old)


def _olds(old: str) -> list[str]:
    """The old value as said, and without a word before a name ("JavaScript" of "plain
    JavaScript", "gofmt" of "the old gofmt")."""
    words = old.split()
    if len(words) > 1 and words[0][:1].islower() and named_words(" ".join(words[1:]), value=True):
        return [old, " ".join(words[1:])]
    return [old]


def corrected_earlier(patches: dict[str, Patch], fact: Fact) -> Correction | None:
    """The one statement of the last turns whose value ``fact`` corrects with "not"; None
    for none or several."""
    text = fact.text
    if AUTHORITY[fact.role] < AUTHORITY[Role.USER] or len(text.split()) > MAX_CORRECTION_WORDS \
            or "`" in text or "\n" in text.strip() or _QUESTION_RE.search(text) \
            or not _SAYS_NOT_RE.search(text):
        return None
    sides = _sides(text)
    if not sides:
        return None
    found: dict[str, Correction] = {}
    for pid in islice(reversed(patches), ALIGN_SCAN):
        p = patches[pid]
        if p.turn >= fact.turn or fact.turn - p.turn > ALIGN_TURNS or p.later is not None \
                or AUTHORITY[p.role] < AUTHORITY[Role.USER] or AUTHORITY[p.role] > AUTHORITY[fact.role] \
                or len(p.text.split()) > MAX_NAMED_WORDS or "`" in p.text or p.text.rstrip().endswith("?"):
            continue
        if other_owner(text, p.text):
            continue  # "my aunt lives in Aston, not Austin" is not about "my brother"
        if other_scope(text, p.text):
            continue  # "for the new service we use Postgres instead of MySQL": not the old app
        for said, new in sides:
            for old in _olds(said):
                # the new value a name the statement already holds: said again, not corrected
                if _sets(p, old) and not (new and named_words(new) and holds_word(p.text, new)):
                    found.setdefault(pid, Correction(p, old, new))
    return next(iter(found.values())) if len(found) == 1 else None


def other_scope(text: str, earlier: str) -> bool:
    """``text`` says first what it is about, and ``earlier`` does not say it ("for the new
    service we use Postgres instead of MySQL" of "the old billing app runs on MySQL")."""
    fronted = _FRONTED_SCOPE_RE.match(text)
    return fronted is not None and not content_terms(fronted.group("scope")) <= content_terms(earlier)


def new_quantity(old: str, new: str | None) -> str | None:
    """The new value of a quantity corrected: "5" of "Terminal 5" for "Terminal 2", the
    words the two sides share in front left out; None when ``new`` holds no number."""
    if new is None or not re.search(r"\d", new):
        return None
    a, b = old.split(), new.split()
    while len(a) > 1 and len(b) > 1 and a[0].lower() == b[0].lower():
        a, b = a[1:], b[1:]
    words = [w for w in b if w.lower() not in STOP_WORDS or re.search(r"\d", w)]
    return " ".join(words) or None
