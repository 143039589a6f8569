"""A detail of an earlier statement that a change names and replaces by another: "swap the
oat milk for soya" after "add oat milk to the weekly shop, 2 cartons"; "ignore the pizza bit,
do hot dogs" after "plan the party: saturday, 15 kids, pizza and a cake"; "hot dogs instead
of pizza"; "franco manca instead, she's gone off pizza express".

No form needs to have read the detail as a value: the change says the old words itself, and
they are found as said in the one user message of the last turns that holds them. The change
is said to the assistant in its own words: a verb of exchange in its plain form ("swap",
"replace"; never "I swapped ... years ago"), "instead of" / "rather than" beside the new
words, or a correction ("the book is Babel not Demon Copperhead"); a question that is no
request, a supposition ("if", "maybe"), an addition ("also", "as well"), or someone else's
("she swapped hers", "my aunt lives in Aston, not Austin" of "my brother lives in Austin")
changes nothing.
"""

from __future__ import annotations

import re
from itertools import islice

from .corrections import other_scope
from .passing import another_owns, holds_word, other_owner
from .patch import AUTHORITY, Patch, Role
from .slots import content_terms
from .tier import in_mark
from .vocab import CHAT_WORDS, STOP_WORDS

__all__ = ["named_old", "swapped_detail"]

#: how many turns back, and how many stored statements back, the old words are looked for
SWAP_TURNS = 40
SWAP_SCAN = 48
#: the longest change read, and the most words the old or the new words may have
SWAP_WORDS = 30
DETAIL_WORDS = 4

_LEAD = r"(?:^|[,.;:!-]\s*|\b(?:pls|please|plz|can (?:you|u|we)|could (?:you|u|we)|just|then|so|and|maybe)\s+)"
_DET = r"(?:(?:the|my|our|that|those|these|this|a|an|some)\s+)?"
_PHRASE = r"[\w'’&-]+(?:\s+[\w'’&-]+){0,3}?"
# "swap the oat milk for soya", "replace the pizza with hot dogs", "change the mustard ones for sage"
_EXCHANGE_RE = re.compile(
    rf"{_LEAD}(?:swap|replace|substitute|sub|trade|exchange|switch|change)\s+(?:out\s+)?{_DET}"
    rf"(?P<old>{_PHRASE})(?:\s+(?:bit|part|one|ones))?\s+(?:out\s+)?(?:for|with)\s+{_DET}"
    rf"(?P<new>{_PHRASE})\s*(?:[,.;!?]|\b(?:instead|please|pls|then|now)\b|$)", re.I)
# "ignore the pizza bit, do hot dogs", "scratch the paella, we'll have a roast"
_DROPPED_RE = re.compile(
    rf"{_LEAD}(?:ignore|scratch|forget|drop|skip|ditch|lose|bin|nix|cancel)\s+{_DET}"
    rf"(?P<old>{_PHRASE})(?:\s+(?:bit|part|idea|one|option|thing))?\s*(?:[,;.:-]|\s+and)\s*"
    rf"(?:(?:just|and|pls|please|then|so|instead|we['’]ll|let['’]?s|can (?:you|u)|could (?:you|u))\s+)*"
    rf"(?:do|get|go with|go for|use|order|book|have|make it|try)\s+{_DET}(?P<new>{_PHRASE})"
    rf"\s*(?:[,.;!?]|\b(?:instead|please|pls|then|now)\b|$)", re.I)
# "hot dogs instead of pizza", "let's get hot dogs rather than the pizza" (asked for: "we use
# Postgres instead of MySQL" says how things are, maybe of something else)
_INSTEAD_OF_RE = re.compile(
    rf"(?:^|[,.;:!]\s*)(?:(?:ok|okay|so|then|pls|please|just|can (?:you|u|we)|could (?:you|u|we)|"
    rf"let['’]?s|maybe)\s+)*(?:(?:do|get|have|use|order|book|make it|go with|go for|try|pick|"
    rf"choose|take)\s+)?{_DET}(?P<new>{_PHRASE})\s+(?:instead of|rather than)\s+{_DET}"
    rf"(?P<old>{_PHRASE})\s*(?:[,.;!?]|\b(?:please|pls|then|now|this time)\b|$)", re.I)
# "franco manca instead, she's gone off pizza express", "oat milk instead, we're sick of
# soya": the new words, then the old ones given up
_INSTEAD_GONE_OFF_RE = re.compile(
    rf"{_LEAD}{_DET}(?P<new>{_PHRASE})\s+instead(?:\s+(?:pls|please|plz|then|now|tho))?\s*[,;.:-]\s*"
    rf"(?:\w+(?:['’]s|['’]re|['’]ve|"
    rf"\s+(?:is|are|has|have|got|get|gets))?\s+)?(?:(?:gone|gone right|going) off|sick of|tired of|"
    rf"bored of|fed up (?:of|with)|done with)\s+{_DET}(?P<old>{_PHRASE})\s*(?:[,.;!?]|$)", re.I)
# "the book is Babel not Demon Copperhead", "it's the Crown, not the Swan": a correction
_NOT_OLD_RE = re.compile(
    rf"\b(?:is|are|was|'s|’s|it's|its|it is)\s+{_DET}(?P<new>{_PHRASE})\s*,?\s+"
    rf"not\s+{_DET}(?P<old>{_PHRASE})\s*(?:[,.;!?]|$)", re.I)
# a word that makes "not" deny a verb ("must not exceed 5 seconds", "is set not to ..."):
# no correction of one name by another
_VERB_NOT_RE = re.compile(r"\b(?:must|should|shall|will|would|can|could|may|might|do|does|did|"
                          r"is|are|was|were|be|been|have|has|had|need|needs|set|to)$", re.I)
#: a supposition, an addition or a report: no change of the speaker's own thing
NOT_A_CHANGE_RE = re.compile(
    r"\b(?:if|whether|maybe|might|would(?! (?:be|you))|could be|also|too|as well|another|extra|"
    r"one more|used to|last (?:year|time|month|week)|years ago|before)\b", re.I)
#: a question that asks for a change ("can we do ...")
ASKED_RE = re.compile(r"^\s*(?:\w+[,.!]?\s+){0,3}(?:can|could) (?:we|you|u|i)\b", re.I)


def swapped_detail(patches: dict[str, Patch], role: Role, turn: int,
                   text: str) -> tuple[Patch, str, str] | None:
    """The statement of the last turns whose detail ``text`` (a change) names and replaces,
    with the old words as that statement says them and the new words; None when the change
    names no detail, or when none or several messages hold it."""
    if AUTHORITY[role] < AUTHORITY[Role.USER] or len(text.split()) > SWAP_WORDS \
            or another_owns(text):
        return None
    said = _said_swap(text)
    if said is None:
        return None
    old, new = said
    found: list[Patch] = []
    for pid in islice(reversed(patches), SWAP_SCAN):
        p = patches[pid]
        if p.turn >= turn or turn - p.turn > SWAP_TURNS or p.later is not None \
                or AUTHORITY[p.role] < AUTHORITY[Role.USER] or AUTHORITY[p.role] > AUTHORITY[role]:
            continue
        at = _word_at(p.text, _as_said(p.text, old))
        if at is not None and not in_mark(p.text, at) and not holds_word(p.text, new) \
                and not other_owner(text, p.text) and not other_scope(text, p.text):
            # ("my aunt lives in Aston, not Austin"; "for the new service it's Postgres ...")
            found.append(p)
    if len({p.turn for p in found}) != 1 or len(found) != 1:
        return None  # in no message, or in several: which is meant would be a guess
    p = found[0]
    said = _as_said(p.text, old)
    at = _word_at(p.text, said)
    return p, p.text[at:at + len(said)], new


def _as_said(text: str, old: str) -> str:
    """The old words as ``text`` says them: as given, or, for a detail and the noun it is of
    ("the dinosaur theme"), the detail as said beside that noun ("Theme is dinosaurs")."""
    words = old.split()
    if _word_at(text, old) is not None or len(words) != 2:
        return old
    detail, noun = words
    if not re.search(rf"(?<![\w-]){re.escape(noun)}s?(?![\w-])", text, re.I):
        return old
    m = re.search(rf"(?<![\w'’-]){re.escape(detail)}(?:s|es)?(?![\w'’-])", text, re.I)
    return m.group(0) if m else old


def named_old(found: tuple[Patch, str, str] | None, text: str) -> tuple[Patch, str, str] | None:
    """``found`` (a statement, the old name read in it, the new one) with the old name the
    change says itself when the statement holds it: "swap flake8 for ruff" after "we lint
    with flake8" replaces "flake8", never the "lint" beside it."""
    said = _said_swap(text) if found is not None else None
    if found is None or said is None:
        return found
    p, _, new = found
    words = _as_said(p.text, said[0])
    at = _word_at(p.text, words)
    if at is None or in_mark(p.text, at):
        return found
    return p, p.text[at:at + len(words)], new


def _said_swap(text: str) -> tuple[str, str] | None:
    """The old and the new words of a change of these forms, or None."""
    if text.rstrip().endswith("?") and not ASKED_RE.match(text):
        return None
    for form in (_EXCHANGE_RE, _DROPPED_RE, _INSTEAD_OF_RE, _NOT_OLD_RE, _INSTEAD_GONE_OFF_RE):
        m = form.search(text)
        if m is None:
            continue
        clause = _clause_of(text, min(m.start("old"), m.start("new")), max(m.end("old"), m.end("new")))
        if NOT_A_CHANGE_RE.search(clause):
            return None
        old, new = m.group("old").strip(), m.group("new").strip()
        if form is _NOT_OLD_RE and _VERB_NOT_RE.search(new):
            return None
        if _says_something(old) and _says_something(new) \
                and content_terms(old) != content_terms(new):
            return old, new
        return None
    return None


def _says_something(words: str) -> bool:
    """``words`` hold a word that may name a thing (not only small words, pointers or chat
    shorthand: "swap it for that one" names nothing)."""
    return any(w.lower() not in STOP_WORDS and w.lower() not in CHAT_WORDS
               and w.lower() not in _POINTER_WORDS for w in re.findall(r"[\w'’&-]+", words))


_POINTER_WORDS = frozenset("it them one ones thing things stuff bit part".split())


def _clause_of(text: str, start: int, end: int) -> str:
    """The clause of ``text`` around ``start``..``end``."""
    lo = max((m.end() for m in _CLAUSE_END_RE.finditer(text, 0, start)), default=0)
    hi = next((m.start() for m in _CLAUSE_END_RE.finditer(text, end)), len(text))
    return text[lo:hi]


_CLAUSE_END_RE = re.compile(r"[.;!?]+(?:\s+|$)|\s+(?:but|because|cos|since)\s+", re.I)


def _word_at(text: str, words: str) -> int | None:
    """Where ``words`` stand as whole words in ``text`` (any case), or None."""
    m = re.search(rf"(?<![\w'’-]){re.escape(words)}(?![\w'’-])", text, re.I)
    return m.start() if m else None
