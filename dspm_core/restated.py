"""A quantity said again in other words, with a new value.

"our frontend is built in Vue 2" ... "the frontend runs on Vue 3 now"; "we have 12 seats
on the team license" ... "the license needs to cover 15 seats"; "I'm putting £300 a month
into my ISA" ... "I've upped my monthly ISA contribution to £500". The new statement names
its subject in other words than the stored one, so no subject key, head noun or referent
binds the two; what binds them is the conversation itself: a recent setting of the user's
holds a value of the very same kind (unit, period and bound), the two statements share a
content word beside their values, and exactly one such setting is in reach.

Nothing is replaced on a guess. The new statement must state a setting, not ask, suppose,
report an event or recall the past ("walked 6,000 steps today", "what if we did 40?",
"back then we were on MySQL 5"), and every sign of two things wins over the shared word: a
different owner ("my daughter goes to bed at 8"), another everyday word before the shared
one ("staging db" / "test db"), a name or letter on each side that the other lacks, or a
second setting that fits as well.
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import islice

from .merge_targets import StoreIndex, revision_candidates
from .passing import (ALIGN_SCAN, _NO_CONTEXT, _context, _other_modifier, _shared, holds_word, named_words,
                      other_owner, revises_in_passing)
from .slots import content_terms
from .patch import AUTHORITY, Fact, Patch, Role
from .lexicon import is_past_verb, is_verb_only
from .resolve import ATTRIBUTE_WORDS
from .value_clause import clauses
from .slots import _NAME_CATEGORY, Statement, bound_class, name_category
from .vocab import word_frequency
from .values import parse_value

__all__ = ["RESTATED_TURNS", "restated_earlier", "restated_name", "supposes_or_recalls"]

#: how many turns back a statement in other words may reach for the setting it restates
RESTATED_TURNS = 6

#: the longest statement read as restating a setting (a longer one says several things)
MAX_WORDS = 30

#: kinds of value a statement in other words may restate: quantities, never free text or
#: a bare name (those are revised by their own evidence, see :mod:`dspm_core.passing`)
_KINDS = ("number", "count:", "time", "size", "money", "percent", "rate:", "clock", "when",
          "temperature", "length", "weight")

# a question, a supposition or a wish about something else: nothing is stated
_ASKS_RE = re.compile(
    r"\?|^\s*(?:what if|if|would|should|could|shall|maybe|might|perhaps|do you|does|is it|"
    r"are there|can you|how about|what about)\b|\b(?:what if|in case|unless|suppose|supposing|"
    r"wonder|not sure|thinking about|considering)\b", re.I)
# a value said to stay or of another thing too, a state of the past, or someone's opinion
_KEPT_RE = re.compile(r"\b(?:still|stays?|remains?|unchanged|same|as well|too|also|as before|used to|"
                      r"says|said|thinks|reckons|suggests|suggested|recommends|according to|back when|"
                      r"back then|previously|originally|at first|in the past|last year|years? ago|"
                      r"when we started|was going to|were going to)\b", re.I)
# an event of one day, or a running total: a report, not a setting
_EVENT_RE = re.compile(r"\b(?:today|yesterday|tonight|this morning|this afternoon|this evening|"
                       r"last night|last week|last month|this week|this month|this year|so far|"
                       r"already|just now|in total|this time)\b", re.I)
# the words of a clause that say how often (a period is part of the value, not its subject)
_PERIOD_WORDS = frozenset("daily weekly monthly yearly annual annually hourly nightly per a an "
                          "each every day days week weeks month months year years hour hours "
                          "night nights".split())
_TOKEN_RE = re.compile(r"[A-Za-z0-9][\w.+#'’-]*")
_MULTI = frozenset(n for n in _NAME_CATEGORY if " " in n)
#: how often (in the bundled frequency list) a lower-case word may occur and be a name
RARE_WORD = 1000


def restated_earlier(ix: StoreIndex, patches: dict[str, Patch], fact: Fact,
                     stmt: Statement) -> Patch | None:
    """The one recent setting that ``fact`` (read as ``stmt``) says again in other words
    with a new value, or None."""
    if AUTHORITY[fact.role] < AUTHORITY[Role.USER] or stmt.value is None \
            or not stmt.dimension.startswith(_KINDS) or not _states(fact.text) \
            or _reports(_value_clause(fact.text, stmt.value)):
        return None
    found: list[Patch] = []
    seen: set[str] = set()
    for spoken_at, pid in reversed(ix.recent):
        if fact.turn - spoken_at > RESTATED_TURNS:
            break
        p = patches.get(pid)
        if pid in seen or p is None:
            continue
        seen.add(pid)
        if _restates(p, fact, stmt, patches):
            found.append(p)
    return found[0] if len(found) == 1 else None


def _states(text: str) -> bool:
    """``text`` states a setting: short, asks nothing, keeps nothing, reports no event
    ("I secured 5 interviews": a verb of the past that says no change)."""
    return len(text.split()) <= MAX_WORDS and "`" not in text and "\n" not in text.strip() \
        and not _ASKS_RE.search(text) and not _KEPT_RE.search(text) and not _EVENT_RE.search(text)


def _reports(clause: str) -> bool:
    """A clause with a verb of the past that says no change: an event ("I secured 5
    interviews"), not a setting."""
    return any(is_past_verb(w) and not w.endswith("ing") and w not in _CHANGED
               for w in re.findall(r"[a-z]+", _ASIDE_RE.sub(" ", clause).lower()))


_ASIDE_RE = re.compile(r"\([^)]*\)")


# a supposition, or a state of the past: it sets nothing now
_SUPPOSES_RE = re.compile(r"^\W*(?:(?:and|but|so|ok(?:ay)?|hmm+)[\s,]+)*(?:what if|suppose|supposing|imagine|"
                          r"hypothetically|in theory)\b|\b(?:back when|back then|used to|years ago|"
                          r"in the past|when (?:i|we) (?:was|were) )", re.I)


def supposes_or_recalls(text: str) -> bool:
    """``text`` supposes a value ("what if bedtime was 11 pm") or recalls the past ("back
    when I was a student"): whatever value it holds revises nothing."""
    return _SUPPOSES_RE.search(text) is not None


#: verbs of the past that say a setting changed ("I've upped my contribution to £500")
_CHANGED = frozenset("upped raised bumped moved switched changed increased decreased reduced "
                     "lowered dropped cut extended shortened pushed postponed delayed updated "
                     "adjusted gone went grown grew doubled halved tripled set made started "
                     "become became got gotten".split())


def _restates(p: Patch, fact: Fact, stmt: Statement, patches: dict[str, Patch]) -> bool:
    if p.key is None or p.value is None or p.later is not None or p.turn >= fact.turn \
            or AUTHORITY[p.role] < AUTHORITY[Role.USER] or AUTHORITY[p.role] > AUTHORITY[fact.role] \
            or not _states(p.text) or _reports(p.text):
        return False
    dim = p.key.split("|")[2]
    if dim.startswith(("free:", "name")):
        return False
    # the very same kind of value: unit, period and bound ("under 200 characters" is no
    # "200 characters per post")
    if bound_class(stmt.op) != bound_class(p.op):
        return False  # "data retention is 4 years" erases no "at most 5 years"
    probe = replace(stmt, revision=True)
    if not revision_candidates(patches, {p.id}, probe, exact_dim=True, same_unit=True):
        return False
    values = _value_words(p) | _value_words(stmt)
    said = _value_clause(fact.text, stmt.value)
    mine, theirs = _context(said, values | _PERIOD_WORDS), _context(p.text, values | _PERIOD_WORDS)
    shared = _shared(mine, theirs)
    if not shared or _words_apart(_things(said, shared, values) | _parts_of_day(said) - _parts_of_day(p.text),
                                  _things(p.text, shared, values) | _parts_of_day(p.text) - _parts_of_day(said)):
        return False
    if other_owner(p.text, fact.text) or _whose(p.text) != _whose(fact.text) \
            or _PERSON_RE.search(p.text) is None and _PERSON_RE.search(fact.text) is not None \
            or any(_other_modifier(p.text, fact.text, s) for s in shared):
        return False
    if parse_value(p.value).canonical == stmt.canonical:
        return False  # the same value: a restatement, or another setting that holds it too
    return not _names_apart(p.text, fact.text, values)


def _value_clause(text: str, value: str) -> str:
    """The clause of ``text`` that holds ``value`` ("the license needs to cover 15 seats" of
    "we hired a few people so the license needs to cover 15 seats")."""
    first = value.split()[0] if value.split() else value
    for clause in clauses(_ASIDE_RE.sub(" ", text)):
        if first.lower() in clause.lower():
            return clause
    return text


def _words_apart(mine: frozenset[str] | set[str], theirs: frozenset[str] | set[str]) -> bool:
    """Each side has a word that names what it is about and the other lacks ("billing
    worker" / "email worker", "free plan" / "pro plan", "morning" / "evening shift"): two
    things."""
    return bool(mine) and bool(theirs)


_FUNCTION_WORDS = frozenset("while until after before during since though although unless whether "
                            "btw fyi tbh imo lol pls please thanks anyway also just really "
                            "about around roughly approx approximately everything something "
                            "anything nothing everyone someone anyone stuff thing things".split())
_VERB_AFTER_RE = re.compile(r"^(?:to|will|would|can|could|must|should|shall|might|may|ll|d)$")
_NUMBER_WORD_RE = re.compile(r"^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                             r"few|couple|several|dozen|half|twenty|thirty|forty|fifty|hundred|thousand)$")


def _things(text: str, shared: frozenset[str], values: set[str]) -> set[str]:
    """The words of ``text`` that may name what it is about, besides the ``shared`` stems:
    never a verb (a verb-only word, or a word right after "to" or a modal: "needs to
    cover"), a word for a kind of quantity, a number, a value or a word of no content."""
    out = set()
    words = _TOKEN_RE.findall(text)
    for i, raw in enumerate(words):
        w = raw.lower().strip("'’")
        if re.match(r"(?:i|we|you|they|it|that|there|let)['’]", w):
            continue  # "I've", "we're": the speaker, no thing
        if (w.isdigit() or len(w) == 1 and w.isalpha() and raw.isupper() and raw != "I") \
                and w not in values:
            out.add(w)  # "bucket 8", "queue D": a number or a letter that names one
            continue
        terms = content_terms(w)
        if not terms or terms & shared or w in values or w in _PERIOD_WORDS \
                or not terms - _NO_CONTEXT or w in ATTRIBUTE_WORDS or len(w) < 3 \
                or _NUMBER_WORD_RE.match(w) \
                or i and _VERB_AFTER_RE.match(words[i - 1].lower().split("'")[-1]):
            continue
        modifier = i + 1 < len(words) and bool(content_terms(words[i + 1]) & shared)
        if (is_verb_only(w) or is_past_verb(w)) and not modifier:  # "billing worker" names one
            continue
        if _shared(terms, shared) or w in _FUNCTION_WORDS or _PART_OF_DAY_RE.fullmatch(w):
            continue  # (a time of day or a side is compared apart, see _parts_of_day)
        out.add(w)
    return out


# somebody other than the speaker ("my junior bills at $70 an hour" is not "i bill at $120")
_PERSON_RE = re.compile(
    r"\b(?:my|our|his|her|their|the)\s+(?:\w+\s+)?(?:junior|senior|colleague|coworker|co-worker|"
    r"wife|husband|partner|son|daughter|kids?|child|children|mum|mom|dad|mother|father|brother|"
    r"sister|friend|boss|manager|flatmate|roommate|neighbou?r|team ?mate|intern|assistant|"
    r"grandma|grandpa|granny|nan|aunt|uncle|cousin|niece|nephew|baby|toddler|client|tenant|"
    r"landlord|nanny|employee|staff|contractor|freelancer)s?\b", re.I)

_WHOSE_RE = re.compile(r"\b(\w+)['’]s?\s+(?=[a-z])|\b(?:his|her|their)\b", re.I)


def _whose(text: str) -> frozenset[str]:
    """Whom a statement speaks of besides the speaker: "my husband's", "her", "the kids'"."""
    return frozenset(m.group(0).lower().strip() for m in _WHOSE_RE.finditer(text)
                     if not re.match(r"(?:it|that|what|there|here|let|he|she|who)['’]s", m.group(0), re.I))


def _value_words(x: Patch | Statement) -> set[str]:
    """The words of a value, its unit and its period."""
    said = f"{x.value or ''} {x.unit or ''} {x.scope or ''}"
    return {w.lower() for w in _TOKEN_RE.findall(said)}


_PART_OF_DAY_RE = re.compile(r"\b(?:morning|afternoon|evening|night|day|weekday|weekend|left|right|"
                             r"front|back|top|bottom|inner|outer|upper|lower)s?(?:time)?\b", re.I)


def _parts_of_day(text: str) -> frozenset[str]:
    """Words that tell two settings of one kind apart by time or side ("morning shift" /
    "evening shift", "left margin" / "right margin"), though they name no thing."""
    return frozenset(re.sub(r"(?:time|s)$", "", m.group(0).lower()) for m in _PART_OF_DAY_RE.finditer(text)
                     if not (m.group(0).lower().startswith("day") and _AFTER_NOUN_RE.search(text[:m.start()])))


# "launch day", "pay day": a word before "day" that makes it a date, not a time of day
_AFTER_NOUN_RE = re.compile(r"\b(?!the\b|a\b|during\b|per\b|each\b|every\b|this\b|that\b|all\b|"
                            r"by\b|in\b|of\b)[a-z]{3,}\s+$", re.I)


_NAME_RE = re.compile(r"(?<![.!?]\s)\b(?:[A-Z][\w'-]*|[a-z][\w-]*\d[\w-]*|[a-z]+-[a-z][\w-]*|\d[\w,.-]*)\b")


def _names_apart(a: str, b: str, values: set[str]) -> bool:
    """A name, identifier or letter on each side that the other lacks ("Lisa" / "Lina",
    "db01" / "db02", "plan A" / "plan B"): two things."""
    def names(text: str) -> set[str]:
        text = text.strip()
        return {m.group(0).lower() for m in _NAME_RE.finditer(text)
                if (m.start() > 0 or any(c.isdigit() or c == "-" for c in m.group(0)))
                and re.split(r"['’]", m.group(0))[0] != "I" and m.group(0).lower() not in values}
    na, nb = names(a), names(b)
    return bool(na - nb) and bool(nb - na)


def restated_name(patches: dict[str, Patch], fact: Fact) -> tuple[Patch, str, str] | None:
    """The one recent statement of the user's whose name of a known kind ``fact`` replaces
    with another of that kind, saying the choice changed ("my editor is neovim these days"
    after "i write everything in VS Code"; "unit testing is Vitest now" after "we use
    Jest"): the statement, its old name and the new one; None for none or several. The two
    must not be told apart by what they are about ("the CLI is in Rust now" is not "the
    backend is in Go") or by whose they are."""
    if AUTHORITY[fact.role] < AUTHORITY[Role.USER] or not revises_in_passing(fact.text) \
            or _SUPPOSES_RE.search(fact.text):
        return None
    news = [(n, k) for n, k in _kinded(fact.text)
            if n[:1].isupper() or word_frequency().get(n.lower(), 0) < RARE_WORD]  # never "render"
    if len({k for _, k in news}) != 1 or len({n.lower() for n, _ in news}) != 1:
        return None  # one new name of one kind
    new, kind = news[0]
    clause = _value_clause(fact.text, new)
    found: list[tuple[Patch, str]] = []
    for pid in islice(reversed(patches), ALIGN_SCAN):
        p = patches[pid]
        if p.turn >= fact.turn or fact.turn - p.turn > RESTATED_TURNS or p.later is not None \
                or AUTHORITY[p.role] < AUTHORITY[Role.USER] or AUTHORITY[p.role] > AUTHORITY[fact.role] \
                or not _states(p.text) or p.key is not None and not p.key.split("|")[2].startswith(("name", "free:")):
            continue
        olds = {n.lower(): n for n, k in _kinded(p.text) if k == kind}
        if len(olds) != 1 or new.lower() in olds:
            continue
        old = next(iter(olds.values()))
        if holds_word(clause, old):
            continue  # the old name said beside the new one ("Jest and Vitest"), or kept
        theirs = _value_clause(p.text, old)
        names = {w.lower() for w in (new + " " + old + " " + kind).split()}  # "my editor is neovim"
        shared = _shared(_context(clause, names), _context(theirs, names))
        if other_owner(p.text, fact.text) or _whose(theirs) != _whose(clause) \
                or _words_apart(_things(clause, shared, names), _things(theirs, shared, names)):
            continue
        found.append((p, old))
    if len(found) != 1:
        return None
    return found[0][0], found[0][1], new


def _kinded(text: str) -> list[tuple[str, str]]:
    """The names of a known kind in ``text``, as written, with their kind ("VS Code",
    "editor"); a name of two words before its first word alone."""
    words = _TOKEN_RE.findall(text)
    out: list[tuple[str, str]] = []
    skip = False
    for i, w in enumerate(words):
        if skip:
            skip = False
            continue
        pair = f"{w} {words[i + 1]}" if i + 1 < len(words) else ""
        kind = name_category(pair) if pair and pair.lower() in _MULTI else None
        if kind is not None:
            out.append((pair, kind))
            skip = True
        elif (kind := name_category(w.strip(".,'’"))) is not None and " " not in w:
            out.append((w.strip(".,'’"), kind))
    return out
