"""A known name said as the speaker's own choice, in whatever words: "im on an iphone so give
me the steps for that", "pescatarian is fine for recipes", "is better in english", "use yarn
for installs in this repo pls", "going mediterranean". The setting is the name's kind (``diet
= pescatarian``, ``platform = iPhone``), so a later choice of the same kind replaces it.

Read only when the slot rules find no value of their own, only for the kinds a person or a
project has one of at a time, and only when the sentence names one name of that kind. A
clause that asks, supposes, tells the past or someone else's, or turns the name down ("no
npm commands", "keto was too hard", "my sister is keto") chooses nothing.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .known_names import NAME_CATEGORY, name_category
from .people import PEOPLE

__all__ = ["ONE_AT_A_TIME", "chosen_name"]

#: the kinds of name a person or a project has one of at a time (a new one replaces the old)
ONE_AT_A_TIME = frozenset({"diet", "reply language", "package manager", "editor", "platform"})

_WORD_RE = re.compile(r"[a-z][\w'.+#-]*", re.I)
# where a clause ends
_CLAUSE_END_RE = re.compile(r"\s*(?:[,;:.!?]|\b(?:so|but|because|cos|as|since|and then)\b)\s*", re.I)
# a clause that chooses nothing: a question, a supposition, the past, someone else's
_NOT_CHOSEN_RE = re.compile(
    r"\?|\b(?:if|would|could|might|maybe|whether|was|were|used to|had|last time|before|"
    r"what|which|how|why|vs|versus|than|or|either|neither|nor|hate|hated|dislike|sick of|"
    rf"tired of|my (?:\w+ )?(?:{PEOPLE})|(?:he|she|they)(?:'s|’s| is| are|'re|’re)?)\b", re.I)
# someone else's choice: "Jon prefers replies in Spanish", "the client wants french"
_ANOTHERS_RE = re.compile(r"\b(?!(?:i|we|it|that|this)\b)[a-z]+\s+(?:prefers|likes|wants|needs|uses|"
                          r"speaks|eats|reads|asked for|asks for)\b", re.I)
# a name said as the speaker's own or another's: "my English is fine", "her iPhone is fine"
_OWNED_RE = re.compile(r"\b(?:my|our|his|her|their|your)\s+$", re.I)
# one more beside the first, or a one-off: "and android as well", "this one in french please"
_ALSO_RE = re.compile(r"\b(?:as well|also|too|both|this one|just this|for this|this time|just once|"
                      r"one-off|for now|(?:just|only) for (?:his|her|their|him|them|that|the|one)|"
                      r"hers|theirs|for (?:him|her))\b",
                      re.I)  # "just for his reply do it in english", "she wants hers in dutch"
# the name turned down right before it: "no npm", "not keto anymore", "don't give me npm"
_TURNED_DOWN_RE = re.compile(r"\b(?:no|not|never|without|don'?t|dont|do not|stop|avoid|quit|"
                             r"dropping|dropped|ditch(?:ed|ing)?|off)\s+(?:\w+\s+){0,3}$", re.I)
# a word that says the choice is new
_CUE_RE = re.compile(r"\b(?:now|instead|actually|again|anymore|these days|from now on|going forward|"
                     r"switch\w*|chang\w*|mov\w*|going|better|fine|prefer)\b", re.I)
# the words right before a name that make it the speaker's ("im on an iphone", "use yarn",
# "is better in english", "we're vegan")
_BEFORE = frozenset("on in use using with to go going try trying doing eat eating cook cooking i'm im "
                    "am we're are be stay still now just".split())
# ... the words before an article before it ("im on an iphone", "switch to a mac")
_BEFORE_ARTICLE = frozenset("on use using with to go try i'm im am we're are be".split())
# ... and right after it ("yarn please", "pescatarian is fine", "german from now on")
_AFTER = frozenset("please pls plz instead now only then again".split())
_AFTER_TWO = frozenset(("it is", "from now", "these days", "is fine", "is better", "is ok",
                        "is okay", "is good", "is best", "for the", "for all", "for my", "for our"))
# a word of degree between the verb and the name
_FULLY = frozenset("fully completely totally strictly entirely full 100".split())
_ALIASES = {"iphone": "iPhone", "ios": "iOS", "macos": "macOS", "ipad": "iPad"}


def _framed(before: list[str], after: list[str]) -> bool:
    """The words around a name say it is the speaker's choice."""
    if before and (before[-1] == "into" or any(w.startswith("translat") for w in before)):
        return False  # "translate our homepage into german": the language of one text
    while before and before[-1] in _FULLY:  # "go fully vegan"
        before = before[:-1]
    if before and before[-1] in _BEFORE:
        return True
    if len(before) >= 2 and before[-1] in ("a", "an", "the") and before[-2] in _BEFORE_ARTICLE:
        return True
    if after and after[0] in _AFTER or " ".join(after[:2]) in _AFTER_TWO:
        return True
    return not before and (not after or after[0] in ("for",))


@lru_cache(maxsize=16384)
def chosen_name(text: str) -> tuple[str, str, bool] | None:
    """(kind, name, revision) of the one known name ``text`` says the speaker has chosen,
    of a kind one has one of at a time; or None."""
    words = [w.lower().rstrip(".") for w in _WORD_RE.findall(text)]
    found = {w for w in words if NAME_CATEGORY.get(w) in ONE_AT_A_TIME}
    if len(found) != 1:
        return None
    (name,) = found
    kind = name_category(name)
    for clause in _CLAUSE_END_RE.split(text):
        at = re.search(rf"(?<![\w.+#-]){re.escape(name)}(?![\w+#-])", clause, re.I)
        if at is None:
            continue
        if _NOT_CHOSEN_RE.search(clause) or _TURNED_DOWN_RE.search(clause, 0, at.start()) \
                or _ANOTHERS_RE.search(clause, 0, at.start()) or _ALSO_RE.search(text) \
                or _OWNED_RE.search(clause, 0, at.start()):
            return None  # ("my English is fine": the speaker's own, not a choice)
        before = [w.lower() for w in _WORD_RE.findall(clause[: at.start()])]
        after = [w.lower() for w in _WORD_RE.findall(clause[at.end():])]
        if not _framed(before, after):
            return None
        said = at.group(0)
        value = _ALIASES.get(name, said if said[:1].isupper() else said.capitalize())
        return kind or "", value, bool(_CUE_RE.search(text))
    return None
