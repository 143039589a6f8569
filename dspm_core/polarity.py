"""A rule turned the other way round: "no emojis in captions anymore" after "use emojis in
the instagram captions", "stop adding the summary at the top" after "always add a summary at
the top", "you can use emojis again" after "no emojis in captions".

The later rule says the earlier one's action with the opposite polarity: a word of refusal
("no", "don't", "stop", "never", "no longer") on one side only, or, to lift a refusal, a
word of return ("again", "go back to"). Its clause names nothing the earlier rule does not
(the veto of DESIGN.md: "no emojis in the linkedin posts" is not about the instagram
captions), and shares a word that is not a plain verb with it. Exactly one earlier rule of
the speaker's (or of someone the speaker may overrule) may fit; two are a guess.
"""

from __future__ import annotations

import re
from itertools import islice

from .index import LexicalIndex
from .merge_targets import TERM_CANDIDATES, StoreIndex
from .patch import AUTHORITY, Fact, Patch, PatchKind, Role
from .slots import content_terms
from .value_clause import clauses

__all__ = ["flipped_rule"]

_I = re.I
# a refusal: the action is not to be done
_REFUSAL_RE = re.compile(
    r"\b(?:no|don'?t|do not|never|stop|quit|no more|no longer|without|avoid|skip|lose|ditch|"
    r"get rid of|leave out|cut out|never mind|forget(?: about)? the|not\b[^,.;]*\b(?:any ?more|any longer))\b", _I)
# a refusal lifted: the action is done again
_RETURN_RE = re.compile(r"\b(?:again|go(?:ing)? back to|bring back|you can (?:\w+ )?(?:use|add|include|"
                        r"put|do)\b[^,.;]*\bnow)\b", _I)
# a question or a supposition changes no rule
_NOT_SAID_RE = re.compile(r"\?\s*$|^\s*(?:what if|if|would|should we|could we|maybe|might|do you think|"
                          r"is it|are there|can you)\b", _I)

#: the words of polarity, courtesy and time, which name no action
_FRAME_TERMS = content_terms(
    "no not don't dont do never stop stopping quit no more longer without avoid skip lose ditch "
    "get rid leave cut out drop remove mind forget any anymore again back bring go going always please pls "
    "actually fine ok okay allowed welcome "
    "just now from on we're we are i'm them it that these those")
#: plain verbs of doing: a rule shares more than these with the one it turns round
_PLAIN_VERBS = content_terms("use using add adding include including put make do give keep show "
                             "write writing")


def _refuses(text: str) -> bool:
    return _REFUSAL_RE.search(text) is not None


def _opens_on_refusal(text: str) -> bool:
    return _OPENS_RE.match(text) is not None


_OPENS_RE = re.compile(r"\W*(?:(?:ok(?:ay)?|actually|so|and|oh|also|please|pls|right|well|yeah|alright|"
                       r"you can|you could|can you|could you|just)\W+)*"
                       r"(?:no|don'?t|do not|never|stop|quit|no more|avoid|skip|lose|ditch|drop|leave out|"
                       r"never mind|forget(?: about)?)\b", _I)


def _action(clause: str) -> frozenset[str]:
    return frozenset(content_terms(clause) - _FRAME_TERMS)


def flipped_rule(lex: LexicalIndex, ix: StoreIndex, patches: dict[str, Patch],
                 fact: Fact) -> tuple[Patch, str] | None:
    """The one earlier rule ``fact`` turns the other way round, with the words it is shown
    with as earlier; None for none or several."""
    if AUTHORITY[fact.role] < AUTHORITY[Role.USER] or _NOT_SAID_RE.search(fact.text) \
            or not (fact.kind.critical or fact.kind is PatchKind.SENTENCE):
        return None
    # (a sentence no extractor read as a rule says one when it opens on the refusal: "no
    # emojis in captions", never "there's no parking at the office")
    refusing = _refuses if fact.kind.critical else _opens_on_refusal
    # the first clause of refusal (or of return) that names an action ("lose them actually,
    # ..., no emojis in captions": not "lose them")
    said = next(((c, True) for c in clauses(fact.text) if refusing(c) and _action(c) - _PLAIN_VERBS), None) \
        or next(((c, False) for c in clauses(fact.text)
                 if _RETURN_RE.search(c) and _action(c) - _PLAIN_VERBS), None)
    if said is None:
        return None
    clause, refused = said
    mine = _action(clause)
    found: dict[str, tuple[Patch, str]] = {}
    for term in mine - _PLAIN_VERBS:
        for pid in islice(reversed((*lex.holding(term), *ix.by_term.get(term, ()))), TERM_CANDIDATES):
            p = patches.get(pid)
            if p is None or pid in found or p.later is not None or p.turn >= fact.turn \
                    or AUTHORITY[p.role] < AUTHORITY[Role.USER] or AUTHORITY[p.role] > AUTHORITY[fact.role] \
                    or not (p.kind.critical or p.kind is PatchKind.SENTENCE) \
                    or p.key is not None and not p.key.split("|")[2].startswith(("free:", "name")) \
                    and p.kind is not PatchKind.SENTENCE \
                    or p.text.rstrip().endswith("?"):
                continue
            theirs = next((c for c in clauses(p.text) if _action(c) & mine - _PLAIN_VERBS), None)
            if theirs is None or _refuses(theirs) == refused:
                continue  # the same polarity: a rule said again, or another
            if mine - _PLAIN_VERBS - _action(theirs):
                continue  # a word of its own on the new side: another rule
            found[pid] = (p, theirs.strip(" .!"))
    return next(iter(found.values())) if len(found) == 1 else None
