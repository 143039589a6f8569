"""A rule turned the other way round: "no emojis in captions anymore" after "use emojis in
the instagram captions", "stop adding the summary at the top" after "always add a summary at
the top", "you can use emojis again" after "no emojis in captions".

The later rule says the earlier one's action with the opposite polarity: a word of refusal
("no", "don't", "stop", "never", "no need for", "... aren't needed anymore") on one side
only, or, to lift a refusal, a word of return ("again", "go back to", "now": "we ship to the
EU now" after "we don't ship to the EU yet"). Its clause names
nothing the earlier rule does not (the veto of DESIGN.md: "no emojis in the linkedin posts"
is not about the instagram captions), and shares a word that is not a plain verb with it.
Words are compared by their base forms ("cc'ing" and "cc", "translations" and "translate",
"TL;DR" and "tldr"); a synonym is another word. Exactly one earlier rule of the speaker's
(or of someone the speaker may overrule) may fit; two are a guess. The turned rule shows the
earlier one by its first words.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from itertools import islice

from .index import LexicalIndex
from .lexicon import getAllLemmas
from .merge_targets import TERM_CANDIDATES, StoreIndex
from .patch import AUTHORITY, Fact, Patch, PatchKind, Role
from .restated import one_occasion
from .slots import content_terms
from .value_clause import clauses
from .vocab import STOP_WORDS

__all__ = ["flipped_rule"]

_I = re.I
# the words that refuse an action, as a pattern's alternation
_REFUSING = (r"no|don'?t|do not|never|stop|quit|no more|no need (?:for|to)|avoid|skip|lose|ditch|drop|"
             r"scrap|cut(?: out)?(?= the\b| out\b|\s+\w+ing\b)|leave out|never mind|forget(?: about)?|"
             r"get rid of|i'?d rather you didn'?t")
# a refusal: the action is not to be done, or is not needed any more ("the translations
# aren't needed anymore")
_REFUSAL_RE = re.compile(
    rf"\b(?:{_REFUSING}|no longer|without|(?:not|n't)\b[^,.;]*\b(?:any ?more|any longer))\b", _I)
# a refusal lifted: the action is done again, or is fine ("emojis are totally fine")
_RETURN_RE = re.compile(r"\b(?:again|now(?!\s+(?:that|and then|and again)\b)|go(?:ing)? back to|bring back|"
                        r"you can (?:\w+ )?(?:use|add|include|"
                        r"put|do)\b[^,.;]*\bnow|(?:is|are)\s+(?:totally\s+|perfectly\s+|completely\s+|"
                        r"absolutely\s+)?(?:fine|ok|okay|allowed|welcome)\b)\b", _I)
# a question or a supposition changes no rule
_NOT_SAID_RE = re.compile(r"\?\s*$|^\s*(?:what if|if|would|should we|could we|maybe|might|do you think|"
                          r"is it|are there|can you)\b", _I)
# a sentence no extractor read as a rule says one when it opens on the refusal ("no emojis in
# captions", never "there's no parking at the office") or says the action is not needed
_OPENS_RE = re.compile(r"\W*(?:(?:ok(?:ay)?|actually|so|and|oh|also|please|pls|right|well|yeah|alright|"
                       r"hmm+|you can|you could|can you|could you|just)\W+)*"
                       rf"(?:{_REFUSING})\b", _I)
_NOT_NEEDED_RE = re.compile(r"\b(?:is|are)(?:n't| not)\s+(?:needed|necessary)\s+any\s?(?:more|longer)\b|"
                            r"\b(?:is|are) no longer (?:needed|necessary)\b", _I)

#: the words of polarity, courtesy and time, which name no action
_FRAME_WORDS = frozenset(
    "no not don't dont do doesn't never stop stopping quit more longer without avoid skip lose ditch "
    "get rid leave cut out drop remove scrap mind forget need needed necessary rather didn't "
    "any anymore again back bring go going start starting started feel free always please pls "
    "actually fine ok okay allowed welcome totally perfectly completely absolutely really quite "
    "forward onwards here just now from on we're we are "
    "i'm them it that these those isn't aren't ve re ll s t d m can could will would should may "
    "might must shall have has had to on in at for of with by into onto every each all my your our "
    "me you us".split()) | STOP_WORDS
#: plain verbs of doing: a rule shares more than these with the one it turns round
_PLAIN_VERBS = frozenset("use add include put make do give keep show write".split())
#: how much of two words' beginnings must be the same for them to be one word with other
#: endings ("translat" of "translations" and "translate"): all of the shorter but two letters,
#: and at least this many
_SAME_START = 5


def _refuses(text: str) -> bool:
    return _REFUSAL_RE.search(text) is not None


def _opens_on_refusal(text: str) -> bool:
    return _OPENS_RE.match(text) is not None or _NOT_NEEDED_RE.search(text) is not None


def _said(clause: str) -> str:
    """A clause with its words as a rule's words are compared: "cc'ing" is "cc", "TL;DR"
    is "tldr", "follow-up" is "follow up"."""
    clause = re.sub(r"(?<=\w)['’](?:ing|ed|d)\b", "", clause)
    clause = re.sub(r"\b([A-Za-z]{1,3})[;.]([A-Za-z]{1,3})\b", r"\1\2", clause)
    return clause.replace("-", " ")


@lru_cache(maxsize=8192)
def _lemma(word: str) -> str:
    """A word's root: its base form ("comments", "commenting": comment; "bolding": bold)
    without the ending that makes a noun of a verb ("citation", "cite": cit)."""
    got = getAllLemmas(word)
    base = next((got[pos][0] for pos in ("VERB", "NOUN", "ADJ") if got.get(pos)), None)
    if base is None:
        base = next((word[:-len(e)] for e in ("ing", "es", "s", "ed")
                     if word.endswith(e) and len(word) - len(e) >= 3), word)
    return next((base[:-len(e)] for e in _NOUN_ENDINGS if base.endswith(e) and len(base) - len(e) >= 3),
                base)


_NOUN_ENDINGS = ("ation", "ion", "ing", "er", "e")


@lru_cache(maxsize=8192)
def _action(clause: str) -> frozenset[str]:
    """The words of what a clause asks to do or not, each as its base form."""
    return frozenset(_lemma(w) for w in _WORD_RE.findall(_said(clause).lower())
                     if w not in _FRAME_WORDS and not w.isdigit())


_WORD_RE = re.compile(r"[a-z0-9]+(?:'t)?")


def _covered(word: str, words: frozenset[str]) -> bool:
    """``word`` is one of ``words``, or the same word with another ending."""
    return word in words or any(_one_word(word, w) for w in words)


def _one_word(a: str, b: str) -> bool:
    if a[:_SAME_START] != b[:_SAME_START] or len(a) < _SAME_START:
        return False  # (most pairs: no shared start at all)
    n = len(os.path.commonprefix((a, b)))
    return n >= min(len(a), len(b)) - 2


def flipped_rule(lex: LexicalIndex, ix: StoreIndex, patches: dict[str, Patch],
                 fact: Fact) -> tuple[Patch, str] | None:
    """The one earlier rule ``fact`` turns the other way round, with the words it is shown
    with as earlier; None for none or several."""
    if AUTHORITY[fact.role] < AUTHORITY[Role.USER] or _NOT_SAID_RE.search(fact.text) \
            or not (fact.kind.critical or fact.kind is PatchKind.SENTENCE) or one_occasion(fact.text):
        return None  # ("just for this deploy, skip the smoke tests": the rule stands)
    # (a sentence no extractor read as a rule says one when it opens on the refusal: "no
    # emojis in captions", never "there's no parking at the office")
    refusing = _refuses if fact.kind.critical else _opens_on_refusal
    # the first clause of refusal (or of return) that names an action ("lose them actually,
    # ..., no emojis in captions": not "lose them")
    parts = clauses(fact.text)
    said = next(((c, True) for c in parts if refusing(c) and _action(c) - _PLAIN_VERBS), None) \
        or next(((c, False) for c in parts if _RETURN_RE.search(c) and _action(c) - _PLAIN_VERBS), None)
    if said is None:
        return None
    clause, refused = said
    mine = _action(clause) - _PLAIN_VERBS
    # the statements holding a word of the action, and those spoken of lately (a word with
    # another ending is indexed apart: "translations" / "translate")
    ids = [pid for term in content_terms(" ".join(mine))
           for pid in islice(reversed((*lex.holding(term), *ix.by_term.get(term, ()))), TERM_CANDIDATES)]
    ids += [pid for _, pid in reversed(ix.recent)]
    found: dict[str, tuple[Patch, str]] = {}
    for pid in dict.fromkeys(ids):
        p = patches.get(pid)
        if p is None or p.later is not None or p.turn >= fact.turn \
                or AUTHORITY[p.role] < AUTHORITY[Role.USER] or AUTHORITY[p.role] > AUTHORITY[fact.role] \
                or not (p.kind.critical or p.kind is PatchKind.SENTENCE) \
                or p.key is not None and not p.key.split("|")[2].startswith(("free:", "name")) \
                and p.kind is not PatchKind.SENTENCE \
                or p.text.rstrip().endswith("?"):
            continue
        theirs = next((c for c in _subclauses(p.text) if any(_covered(t, _action(c)) for t in mine)), None)
        if theirs is None or _refuses(theirs) == refused:
            continue  # the same polarity: a rule said again, or another
        own = _action(theirs)
        if not all(_covered(t, own) for t in mine):
            continue  # a word of its own on the new side: another rule
        found[pid] = (p, _shown(theirs))
    return next(iter(found.values())) if len(found) == 1 else None


# "and" or "but" before a clause of its own ("I'm lactose intolerant and I don't eat pork")
_SUBJECT_JOIN_RE = re.compile(r",?\s+(?:and|but)\s+(?=(?:i|we|you|they|he|she)\b)", re.I)


def _subclauses(text: str) -> list[str]:
    """The clauses of ``text``, a clause joined by "and" with a subject of its own apart."""
    return [part.strip() for c in clauses(text) for part in _SUBJECT_JOIN_RE.split(c) if part.strip()]


#: the most words of the earlier rule a turned rule shows as what it was
SHOWN_WORDS = 6


def _shown(clause: str) -> str:
    """The earlier rule as the turned one shows it: its first words ("Explain how you
    arrived at this…"), so that the lineage costs a few tokens of the budget."""
    words = clause.strip(" .!").split()
    return " ".join(words) if len(words) <= SHOWN_WORDS else " ".join(words[:SHOWN_WORDS]) + "…"
