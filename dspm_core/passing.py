"""The earlier statement a revision names in passing.

"I've switched to mediterranean, keto was too much" after "I'm doing keto at the moment";
"standups happen in the Birch room now, Maple got turned into an office" after "our standup
is in the Maple room"; "set prod log level to WARN, INFO is too noisy" after "log level is
INFO in prod". The revision carries a cue; the name it mentions beside its new value is held
by exactly one earlier statement of the user's; that statement is what it replaces. The name
must look like a value (a capitalised word, a word with a digit, a technical or rare word),
never an everyday word ("the old one was too slow" names nothing), and a name said to stay
("Postgres stays") or asked about replaces nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice

from .index import LexicalIndex
from .known_names import full_name
from .lexicon import getAllLemmas, is_base_verb, is_past_verb, past_form
from .literal import bounded_hits, may_hold
from .merge_targets import StoreIndex
from .narrower import narrower
from .patch import AUTHORITY, Fact, Patch, PatchKind, Role
from .people import PEOPLE
from .slots import (DETERMINERS, content_terms, has_revision_cue, name_category, parse_statement,
                    parse_value, value_at)
from .values import MONTHS, VALUE_RE, WEEKDAYS
from .vocab import CHAT_WORDS, STOP_WORDS, TECH_WORDS, singular, word_frequency

__all__ = ["Named", "MAX_NAMED_WORDS", "aligned_earlier", "holds_word", "named_earlier",
           "named_words", "new_name", "other_owner", "person_apart", "revises_in_passing",
           "reworded_earlier", "turns_down"]

#: the longest earlier statement a revision may take by a name it mentions, and the longest
#: revision that may take one
MAX_NAMED_WORDS = 16
MAX_REVISION_WORDS = 24

# words that say a choice changed (a verb alone, "set", "make", "update", is no such word)
_CHANGE_RE = re.compile(
    r"\b(?:instead|no longer|not \w+ any ?more|from now on|going forward|from here(?: on)?|rather than|"
    r"these days|nowadays|as of (?:this|next|today|now|monday|tuesday|wednesday|thursday|friday)|"
    r"(?:i was|i'm|i am|that was|that's) wrong|my (?:bad|mistake)|i misspoke|i got (?:it|that) wrong|"
    r"from (?:this|next) (?:week|month|year|term|quarter|season|semester|time|session|meeting|class|lesson)|"
    r"in favou?r of|switch(?:ed|ing)?|swap(?:ped|ping)?|mov(?:e|ed|ing) (?:to|over|from|on)|"
    r"migrat(?:e|ed|ing)|replac(?:e|ed|ing)|ditch(?:ed|ing)?|dropp(?:ed|ing)|rip(?:ped|ping)? out|"
    r"chang(?:e|ed|ing) (?:it |that |this )?(?:to|over)|change of plans?|upgrad(?:e|ed|ing) to|"
    r"downgrad(?:e|ed|ing) to|went with|going with|go with|let'?s (?:do|go with|use)|"
    r"(?:can|could) (?:we|you) (?:do|go|stay|switch|move|use|make it)|actually,|correction|"
    r"scratch|on second thought|(?:i|we) said|bump(?:ed)?|rais(?:e|ed)|lower(?:ed)?|"
    # "move it to Valencia", "change that to vegetarian", "make it Liverpool"
    r"(?:mov|switch|chang|shift|push)\w* (?:it|that|this|them) (?:over |back )?to|make it (?-i:(?=[A-Z])))\b",
    re.I)

#: how often (in the bundled frequency list) a lower-case word may occur and still be a name
RARE_WORD = 1000

_WORD_RE = re.compile(r"[A-Za-z0-9][\w.+#:/-]*[\w+#]|[A-Za-z0-9]")
_KEPT_RE = re.compile(r"\b(?:stays|remains|stay (?:as|the same|put)|still|unchanged|kept|as well|also|"
                      r"keep(?:s|ing)? (?:it|that|this|them|the|using|to))\b", re.I)
_NOW_RE = re.compile(r"\w[\s,]+now\b(?!\s+(?:that|what|how|why|if|let|we|i)\b)", re.I)  # "... in the Birch room now"
_NOT_NOW_RE = re.compile(r"^\s*(?:what if|if|would|should|could|shall|maybe|might|do you think|"
                         r"is it|are there|can you)\b|\?\s*$|\b(?:how|what|why|where|which|whether) "
                         r"(?:can|do|does|should|could|would|is|are|to) (?:i|we|you)?\b", re.I)
# "can we do 7-8pm instead?", "could we stay in Asakusa instead?": a change asked for
_REQUEST_RE = re.compile(r"^\s*(?:(?:ok(?:ay)?|hmm|so|sorry|actually|oh)[,\s]+)*(?:can|could) "
                         r"(?:we|you|i)\b", re.I)
_CUE_WORDS = frozenset("now instead actually correction rather switched switch switching moved "
                       "moving move migrated migrating changed change upgraded downgraded replaced "
                       "swapped dropped ditched".split())


# a title says who is named, it is no name ("Ms Abernathy", "dr okafor")
_TITLES = frozenset("mr mrs ms miss mx dr prof sir madam".split())

# a date or a day is a value the resolver reads, never a name changed in passing
_CALENDAR = frozenset(MONTHS) | frozenset(WEEKDAYS) | frozenset(
    "today tomorrow tonight yesterday weekend weekday".split())


@dataclass(frozen=True, slots=True)
class Named:
    """A word of a statement that looks like a value, and its class ("cap", "num", "rare")."""

    word: str
    cls: str


@lru_cache(maxsize=16384)
def _class_of(word: str, first: bool) -> str | None:
    low = word.lower()
    if low in STOP_WORDS or low in _CUE_WORDS or low in _TITLES or low in CHAT_WORDS \
            or len(word) < 2 and not word.isdigit() \
            or low.rstrip("s") in _CALENDAR:  # a date or a day is a value the resolver reads
        return None
    if any(c.isdigit() for c in word):
        return "num"
    freq = word_frequency()
    common = max(freq.get(low, 0), freq.get(singular(low), 0)) >= RARE_WORD  # "approvals"
    if word[:1].isupper() and word != "I" and not (first and common):
        return "cap"
    if first and common and name_category(low) is not None:
        return "rare"  # "Medium's gone from every shop": a known kind, capitalised as the first word
    if word[:1].islower() and len(word) >= 3 and (
            not common or low in TECH_WORDS or name_category(low) is not None):
        return "rare"
    return None


def named_words(text: str, value: bool = False) -> list[Named]:
    """The words of ``text`` that look like values, in order, each once; ``value``: the
    text is a setting's value, whose first word is a name even when it is an everyday
    word ("Render")."""
    out: dict[str, Named] = {}
    for m in _WORD_RE.finditer(text):
        word = m.group(0).rstrip(".:/-")
        first = not value and (m.start() == 0 or text[:m.start()].rstrip()[-1:] in ".!?;")
        cls = _class_of(word, first)
        if cls is not None and word.lower() not in out:
            out[word.lower()] = Named(word, cls)
    return list(out.values())


_STRENGTH = {"cap": 2, "num": 2, "rare": 1}
_CLAUSE_RE = re.compile(r"[,;.!?]\s+|\s+(?:but|because|since|as|so)\s+", re.I)


def _clause_of(text: str, word: str) -> str:
    """The clause of ``text`` that holds ``word``."""
    for clause in _CLAUSE_RE.split(text):
        if holds_word(clause, word):
            return clause
    return text


def says_changed(text: str) -> bool:
    """``text`` has a word that says a choice changed ("instead", "switched to", "... now")."""
    return _CHANGE_RE.search(text) is not None or _NOW_RE.search(text) is not None \
        or _GONE_RE.search(text) is not None


# the old choice is no longer there to have ("okafor retired", "zizzi's shut on mondays")
_GONE_RE = re.compile(r"\b(?:retired|left (?:the|us|in|last|for)|has left|closed|closing|shut|"
                      r"(?:['’]s|is|are|has|have) gone\b(?! (?:up|down|with|for|to|back))|"
                      r"sold out|out of stock|went bust|gone bust|discontinued|(?:no longer|not) "
                      r"available|unavailable)\b", re.I)


def turns_down(text: str) -> bool:
    """``text`` says what it names will not do ("the 14th clashes with sports day", "the
    8th is not possible", "2pm doesn't work for me", "mustard looked awful")."""
    return _TURNED_DOWN_RE.search(text) is not None or _GONE_RE.search(text) is not None


_TURNED_DOWN_RE = re.compile(
    r"\b(?:clash(?:es|ed)?|(?:is|are|was|'s)\s+(?:not|no longer)\s+(?:possible|an option|ok|okay|"
    r"good|free|available)|(?:isn['’]?t|wasn['’]?t|aren['’]?t)\s+(?:possible|an option|ok|okay|good|"
    r"free|available)|impossible|(?:doesn['’]?t|does not|won['’]?t|will not|wont|didn['’]?t|"
    r"dont|don['’]?t)\s+work|no good|(?:fully )?booked up|too (?:early|late|expensive|far|small|"
    r"big|short|long|much|busy|crowded|noisy|loud)|(?:always|so|too|way too) (?:rammed|packed|heaving)|"
    r"looked (?:awful|weird|wrong|terrible|bad)|hated? it)\b", re.I)


def revises_in_passing(text: str, setting: bool = False) -> bool:
    """A statement that may replace an earlier one by a name it mentions: it says a choice
    changed ("instead", "switched to", "now"; for a ``setting`` read with its value, any
    revision verb: "set the log format to JSON"), asks nothing, supposes nothing and keeps
    nothing."""
    if _too_much(text):
        return False
    cued = says_changed(text) or setting and has_revision_cue(text)
    return cued and not _KEPT_RE.search(text) and (
        not _NOT_NOW_RE.search(text) or _REQUEST_RE.match(text) is not None)


#: the longest statement a name may be taken from without being its value
SHORT_STATEMENT = 8


_PROPER_RE = re.compile(r"(?<=\w)\s+[A-Z][a-z]")


def _proper(text: str, word: str) -> bool:
    """``word`` is written capitalised inside ``text``, past its first word."""
    first = text.split(None, 1)
    rest = first[1] if len(first) > 1 else ""
    return word[:1].isalpha() and re.search(
        rf"(?<![\w-]){re.escape(word[:1].upper())}{re.escape(word[1:])}(?![\w-])", rest) is not None


def _states(text: str, word: str) -> bool:
    """``text`` states ``word`` as what it sets: its value, or a short statement holding it;
    never a question."""
    if text.rstrip().endswith("?"):
        return False
    if len(text.split()) <= SHORT_STATEMENT or name_category(word) is not None \
            or _PROPER_RE.search(text) and _proper(text, word):
        return True  # short, a name of a known kind ("the kettle in blue"), a proper name
    # ("draft a note to Dr Okafor"): a choice
    value = parse_statement(text).value
    return value is not None and holds_word(value, word)


_GIVEN_UP_RE = re.compile(r"\s*(?:(?:ok|so|and|but)\s+)?(?:dropp(?:ed|ing)|drop|ditch(?:ed|ing)?|"
                          r"quit(?:ting)?|stopp(?:ed|ing)|stop|scrap(?:ped|ping)?|scratch|no more|"
                          r"done with|over|forget)\s+", re.I)
# the words a clause may open with before what it judges ("and the old ...")
_OPENERS = frozenset("and but so because since the my our that this old plain".split())
_OPENERS_RE = re.compile(rf"\s*(?:(?:{'|'.join(sorted(_OPENERS))})\s+)*", re.I)


def _spoken_of(clause: str, word: str) -> bool:
    """``word`` is what its clause judges: it opens the clause ("keto was too much", "INFO
    is too noisy", "heroku's pricing is killing us", "Oakwood double-booked us")."""
    if not may_hold(clause, word):
        return False
    given_up = _GIVEN_UP_RE.match(clause)
    if given_up and re.match(rf"(?:the\s+|my\s+|our\s+)?{re.escape(word)}\b", clause[given_up.end():],
                             re.I):
        return True  # "dropping keto, ...", "scratch imperative, ...": what is given up
    if clause.isascii() and word.isascii() and word.split()[0].lower() not in _OPENERS:
        # the word must open the clause past its opening words (checked here, before a
        # pattern is built around it)
        at = _OPENERS_RE.match(clause).end()
        if clause[at: at + len(word)].lower() != word.lower():
            return False
    m = re.match(rf"{_OPENERS_RE.pattern}{re.escape(word)}(?:['’]s)?\s+(?P<verb>[\w-]+)\b", clause,
                 re.I)
    if m and (is_past_verb(m.group("verb").lower().rsplit("-", 1)[-1])  # "double-booked"
              or past_form(m.group("verb").lower())):  # "okafor retired", "patel left"
        return True
    if re.match(rf"{_OPENERS_RE.pattern}{re.escape(word)}['’]s\s+(?:too|not|no|so|now|shut|closed|full|"
                rf"gone|out|off|showing|booked|always|never|just|over|been|getting|become|sold)\b",
                clause, re.I):
        return True  # "4B's too small", "zizzi's shut on mondays", "blue's showing out of stock"
    return re.match(rf"{_OPENERS_RE.pattern}"
                    rf"{re.escape(word)}(?:['’]s)?(?:\s+[\w-]+)?\s+(?:is|was|are|were|isn't|wasn't|"
                    rf"'s|got|gets|feels|felt|seems|keeps|kept|has|had|doesn't|didn't|won't|can't|"
                    rf"never|just|always|sucks|stinks|broke|failed|fails|costs|takes)\b",
                    clause, re.I) is not None


def _too_much(text: str) -> bool:
    """A monologue or code says many things; it replaces none by a guess."""
    return len(text.split()) > MAX_REVISION_WORDS or "\n" in text.strip() or "`" in text


def _measures(text: str, measure: str) -> list[str]:
    """The values of ``text`` that measure ``measure`` ("size": "50 MB per file" too), as
    said."""
    found = (value_at(text[m.start():]) for m in VALUE_RE.finditer(text))
    return [said for v in found if v is not None
            for pv, said in [v] if pv.dimension.removeprefix("rate:") == measure]


#: the dimensions of a name said alone that measure nothing
_NO_MEASURE = frozenset(("free", "number", "name"))


def said_by_short_name(word: str, text: str) -> bool:
    """``text`` names what ``word`` names in another form ("JS" and "JavaScript", "k8s" and
    "Kubernetes"): the same thing, no name changed."""
    full, low = full_name(word), word.lower()
    return any(w.lower() != low and full_name(w) == full for w in _NAME_TOKEN_RE.findall(text))


_NAME_TOKEN_RE = re.compile(r"[\w.+#-]*\w")


def holds_word(text: str, word: str) -> bool:
    """``word`` as a whole word of ``text`` (any case)."""
    hits = bounded_hits(text, word, ".+#-", "+#-")
    if hits is not None:
        return bool(hits)
    return re.search(rf"(?<![\w.+#-]){re.escape(word)}(?![\w+#-])", text, re.I) is not None


_OWNED_RE = re.compile(r"\b(?:my|our|his|her|their|your)\s+(?P<what>[a-z][\w'’-]*)", re.I)


def other_owner(a: str, b: str) -> bool:
    """Each side speaks of something owned that the other does not name ("my aunt", "my
    brother"): two things, not one corrected."""
    def owned(x: str, y: str) -> bool:
        return any(not holds_word(y, m.group("what")) for m in _OWNED_RE.finditer(x)
                   if m.group("what").lower() not in STOP_WORDS)
    return owned(a, b) and owned(b, a)


def person_apart(a: str, b: str) -> str | None:
    """The person ``a`` is about ("my sister is not vegan anymore"), when ``b`` does not
    name them (the speaker's "I'm vegan"); None otherwise."""
    who = _PERSON_IS_RE.match(a)
    if who is None or holds_word(b, who.group("who")) or _SPEAKER_RE.search(a, who.end()):
        return None  # ("my cousin is joining so we're 5 now": the speakers' own count)
    return who.group("who")


_SPEAKER_RE = re.compile(r"\b(?:we|we're|we've|we'll|i|i'm|i've|i'll|us|me|my|our)\b", re.I)
# a statement about another person ("my sister is ...", "our nanny doesn't ..."), never
# one they report for the speaker ("my boss says ...")
_PERSON_IS_RE = re.compile(
    rf"^\W*(?:(?:oh|and|also|btw|fyi|ok|so|well)\W+)*(?:my|our)\s+(?:\w+\s+)?(?P<who>{PEOPLE})\s+"
    r"(?:is|isn't|is not|has|hasn't|does|doesn't|eats|went|goes|can't|cannot|won't|no longer|now)\b", re.I)


def another_owns(text: str) -> bool:
    """``text`` speaks of what another person owns by a pronoun alone ("the veg box people
    moved theirs, it comes thursdays now", "she changed hers"): its "it" is theirs."""
    return _THEIRS_RE.search(text) is not None


def moved_antecedent(text: str) -> str | None:
    """What a pointer's sentence says was moved before it points at it ("they moved sports
    day, it's on 20 March now": sports day), or None."""
    m = _MOVED_THING_RE.search(text)
    if m is None or m.group("np").split()[0].lower() in ("it", "that", "this", "them"):
        return None
    if m.group("np").lower() in _HOME:
        return None  # "we moved house, so it's 3 Birch Close": the speaker moved, no thing
    return m.group("np")


_HOME = frozenset("house home flat apartment flats apartments houses homes".split())


# "<someone> moved the sports day, it's ...": the thing moved, then the pointer at it
_MOVED_THING_RE = re.compile(
    r"\b(?:moved|changed|pushed|rescheduled|postponed|bumped|shifted|delayed|brought forward)\s+"
    r"(?:back\s+)?(?:the\s+|my\s+|our\s+|their\s+|his\s+|her\s+)?(?P<np>[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,3}?)"
    r"\s*,\s*(?:and\s+|so\s+)?(?:now\s+)?(?:it|that)\b", re.I)
_THEIRS_RE = re.compile(r"\b(?:theirs|hers|yours|his(?=\s*(?:[,.;:!?]|$)))\b", re.I)


def named_earlier(lex: LexicalIndex, ix: StoreIndex, patches: dict[str, Patch],
                  fact: Fact, setting: bool = False) -> tuple[Patch, Named] | None:
    """The one earlier current statement of the user's (or the system's) that ``fact``
    names in passing, with the name; None when it names none, or several statements.
    ``setting``: ``fact`` was read as a setting with its value."""
    if AUTHORITY[fact.role] < AUTHORITY[Role.USER] or not revises_in_passing(fact.text, setting):
        return None
    found: dict[str, tuple[tuple[int, int], Patch, Named]] = {}
    for named in named_words(fact.text):
        clause = _clause_of(fact.text, named.word)
        for term in content_terms(named.word):
            for pid in (*lex.holding(term), *ix.by_term.get(term, ())):
                p = patches.get(pid)
                if p is None or p.later is not None or p.turn >= fact.turn \
                        or AUTHORITY[p.role] < AUTHORITY[Role.USER] \
                        or AUTHORITY[p.role] > AUTHORITY[fact.role] \
                        or len(p.text.split()) > MAX_NAMED_WORDS or person_apart(fact.text, p.text):
                    continue
                # a setting is named by its value ("Maple room"), never by its subject; a
                # statement by its value, or it is short: a question states no setting
                free = p.key is None or p.key.split("|")[2].startswith("free:") \
                    or p.kind is PatchKind.SENTENCE  # a tier sentence's slot is a guess
                if not holds_word(p.text if free else (p.value or ""), named.word) \
                        or free and not _states(p.text, named.word):
                    continue
                # a name in the clause of a stronger new name ("the offsite is at the
                # Pinecrest lodge now") is what stays; of the names a statement holds, the
                # one said apart ("Oakwood double-booked us") is what is replaced
                if not _spoken_of(clause, named.word):
                    continue  # "which Joshua recommended": a name acting, no value judged
                new = [n for n in named_words(clause) if not holds_word(p.text, n.word)]
                score = (sum(_STRENGTH[n.cls] > _STRENGTH[named.cls] or _STRENGTH[n.cls] ==
                             _STRENGTH[named.cls] and n.cls != "rare" for n in new),
                         sum(_STRENGTH[n.cls] == _STRENGTH[named.cls] for n in new))
                if score[0] == 0 and (pid not in found or score < found[pid][0]):
                    found[pid] = (score, p, named)
    if len(found) != 1:
        return None
    _, p, named = next(iter(found.values()))
    return p, named


def new_name(old_text: str, new_text: str, old_word: Named) -> str | None:
    """The one word of the new statement, of the class of the replaced one, that the old
    statement does not hold ("Birch" for "Maple"); None for none or several."""
    found = [n.word for n in named_words(new_text)
             if n.cls == old_word.cls and n.word.lower() != old_word.word.lower()
             and not holds_word(old_text, n.word)]
    return found[0] if len(found) == 1 else None


#: the share of the shorter side's content words two statements said again must have in common
SAME_WORDS = 0.5

#: how many turns back, and how many stored statements back, a revision may reach for the
#: statement whose one name it changes
ALIGN_TURNS = 8
ALIGN_SCAN = 48

_NO_CONTEXT_WORDS = frozenset(
    "now instead actually correction rather switch switched switching moving move moved migrate "
    "migrated changed change upgraded upgrade downgraded downgrade replaced swapped dropped "
    "ditched going go went use using make made let ok okay yeah today tonight tomorrow morning "
    "afternoon evening week month year quarter sprint plan decided think from into onto off over "
    "about with without for bump bumped raise raised lower lowered increase increased decrease "
    "decreased reduce reduced set update updated adjust adjusted extend extended shorten cut "
    "push pushed postpone postponed reschedule rescheduled do doing done get getting stay "
    "please think start try want need like see".split())
_NO_CONTEXT = frozenset().union(*map(content_terms, _NO_CONTEXT_WORDS))


@lru_cache(maxsize=65536)
def says_nothing(word: str) -> bool:
    """A word of change, time or wish that tells no setting from another ("switched",
    "tomorrow", "plans"), by the word and its lemmas, never by a shared stem alone: the
    "starter" of "the starter plan" is no "start"."""
    w = word.lower()
    if not content_terms(w) - _NO_CONTEXT:
        if w in _NO_CONTEXT_WORDS or not w.isalpha():
            return True
        lemmas = {lemma for forms in getAllLemmas(w).values() for lemma in forms}
        return not lemmas or bool(lemmas & _NO_CONTEXT_WORDS)
    return False


_POINTER_RE = re.compile(r"\b(?:it|them)\b", re.I)


def _context(text: str, names: set[str]) -> frozenset[str]:
    """The content stems of ``text`` beside its names and its words of change and time."""
    return frozenset(t for w in _WORD_RE.findall(text) if w.lower() not in names and len(w) > 2
                     and not says_nothing(w) for t in content_terms(w))  # not the "re" of "we're"


def _shared(a: frozenset[str], b: frozenset[str]) -> frozenset[str]:
    """The stems of ``a`` that ``b`` has too, a stem cut short counting ("deplo", "deploy")."""
    return frozenset(x for x in a if x in b or len(x) >= 4 and any(
        len(y) >= 4 and (x.startswith(y) or y.startswith(x)) for y in b))


def _class_of_held(p: Patch, word: str) -> str | None:
    held, value = _held(p)
    return next((n.cls for n in named_words(held, value=value) if n.word == word), None)


def _held(p: Patch) -> tuple[str, bool]:
    """What ``p`` says its names in, and whether that is a setting's value: the value of a
    setting, the text of a statement or of a rule with no value ("I follow a vegan diet")."""
    if p.key is None or p.kind is PatchKind.SENTENCE \
            or p.value is None and p.key.split("|")[2].startswith("free:"):
        return p.text, False
    return p.value or "", True


def _modifier(text: str, stem: str) -> str | None:
    """The content word right before the word of ``text`` whose stem is ``stem``."""
    words = _WORD_RE.findall(text)
    for i, w in enumerate(words):
        if stem in content_terms(w):
            before = words[i - 1].lower() if i else ""
            # (a word that may be a verb is a modifier after a determiner: "the web app")
            verb = is_base_verb(before) and not (i > 1 and words[i - 2].lower() in DETERMINERS)
            return before if before and before not in STOP_WORDS and content_terms(before) \
                and not says_nothing(before) and not verb \
                and _class_of(words[i - 1], i == 1) is None else None
    return None


def _other_modifier(a: str, b: str, stem: str) -> bool:
    """The shared word has another everyday word before it on each side ("videos bucket",
    "images bucket"): two things of that kind, not one said again."""
    ma, mb = _modifier(a, stem), _modifier(b, stem)
    return ma is not None and mb is not None and content_terms(ma) != content_terms(mb)


def aligned_earlier(patches: dict[str, Patch], fact: Fact) -> tuple[Patch, str, str] | None:
    """The one statement of the last turns that ``fact`` says again with one name changed:
    "send it to the Hackney office" after "ship my order to the Camden office", "show
    examples in TypeScript from now on" after "give me code examples in JavaScript", "we're
    moving to Render" (nothing beside the new name) after "hosting is on Heroku". Each side
    has exactly one name the other lacks, of the same known kind when both are known; they
    share a content word, or the revision says nothing but its new name. Returns the
    statement, its old name and the new one; None for none or several."""
    pointer = _POINTER_RE.search(fact.text) is not None and not _NOT_NOW_RE.search(fact.text) \
        and not _too_much(fact.text)
    cued = revises_in_passing(fact.text)
    if AUTHORITY[fact.role] < AUTHORITY[Role.USER] or not (cued or pointer):
        return None
    mine = [n for n in named_words(fact.text) if n.cls != "num" or not n.word.isdigit()]
    if not mine:
        return None
    terms = content_terms(fact.text)
    found: list[tuple[Patch, str, str]] = []
    for pid in islice(reversed(patches), ALIGN_SCAN):
        p = patches[pid]
        if p.turn >= fact.turn or fact.turn - p.turn > ALIGN_TURNS or p.later is not None \
                or AUTHORITY[p.role] < AUTHORITY[Role.USER] or AUTHORITY[p.role] > AUTHORITY[fact.role] \
                or len(p.text.split()) > MAX_NAMED_WORDS:
            continue
        if "`" in p.text or "\n" in p.text.strip() or p.text.rstrip().endswith("?") \
                or person_apart(fact.text, p.text):
            continue
        if p.key is not None and p.key.split("|")[2] != "name" and p.kind is not PatchKind.SENTENCE \
                and not p.key.split("|")[2].startswith("free:"):
            continue  # a quantity is the resolver's to revise, by its number (a tier
            # sentence's slot is a guess: "a hotel in Porto for 3 nights" holds Porto too)
        held, value = _held(p)
        news = [n for n in mine if not holds_word(p.text, n.word)
                and not content_terms(n.word) <= content_terms(p.text)  # "linting" says "lint"
                and not said_by_short_name(n.word, p.text)]  # "JS" says "JavaScript"
        if len(news) > 1:  # the name in the clause of the change, not in its reason ("need
            news = [n for n in news if _says_change(_clause_of(fact.text, n.word))]  # the concurrency")
        if len(news) != 1 or _said_gone(fact.text, news[0].word):
            continue  # ("Maya left last month, ...": the name said gone is no new value)
        # the old name is one of at least the new one's standing: "Elm" for "Oak", never
        # the "parcel" beside it
        olds = [n.word for n in named_words(held, value=value)
                if not n.word.isdigit() and _STRENGTH[n.cls] >= _STRENGTH[news[0].cls]
                and not (news[0].cls == "num" and n.cls == "cap")  # a date is no car ("Corsa")
                and not holds_word(fact.text, n.word) and not content_terms(n.word) <= terms
                and not said_by_short_name(n.word, fact.text)]
        measure = parse_value(news[0].word).dimension
        if measure not in _NO_MEASURE:  # "100MB" takes a size ("50 MB"), never the "S3" of
            olds = _measures(held, measure)  # "our S3 bucket caps ..."
        kind = name_category(news[0].word)
        if len(olds) > 1 and kind is not None:  # "Rust" for the "Ruby" of "the CLI in Ruby"
            olds = [w for w in olds if name_category(w) == kind]
        elif len(olds) > 1:  # "Coimbra" for the "Porto" of "a hotel in Porto from the 2nd"
            olds = [w for w in olds if _class_of_held(p, w) == news[0].cls]
        if len(olds) != 1:
            continue
        news = [news[0]]
        # the words around the new name in its own clause ("we're doing Sicily instead",
        # never the reason after it, "cheaper flights")
        context = _context(_clause_of(fact.text, news[0].word), {news[0].word.lower()})
        theirs_context = _context(p.text, {olds[0].lower()})
        shared = _shared(context, theirs_context)
        if (context or not cued) and len(shared) < SAME_WORDS * min(len(context), len(theirs_context)):
            continue  # said again: most words in common ("send it to the Hackney office")
        if shared and narrower(p.text, fact.text, shared):
            continue  # "the guest wifi password is red456 now" of "the wifi password is blue123"
        if shared and not _shared(context, _context(_clause_of(p.text, olds[0]), {olds[0].lower()})):
            continue  # the words in common are of another detail ("snacks by Marek instead"
            # of "venue is Ana's flat, wine from Aldi, snacks by Tom")
        if not cued and (len(shared) < 2 and not _same_noun_after(fact.text, news[0].word, p.text, olds[0])
                         or news[0].cls != _class_of_held(p, olds[0])):
            continue  # a pointer alone: two words in common (or one noun both names qualify), and a name for a name
        kinds = name_category(olds[0]), name_category(news[0].word)
        if kinds[0] != kinds[1] and (all(kinds) or not shared):
            continue  # "use Seattle" is no database: names of one kind, or a word in common
        if any(_other_modifier(fact.text, p.text, word) for word in shared):
            continue  # "the videos bucket" is not "the images bucket"
        if not shared and _versions_apart(fact.text, news[0].word, p.text, olds[0]):
            continue  # "we're on Node 20 now" is no new version of "ubuntu-22.04 runners"
        found.append((p, olds[0], news[0].word))
    if len(found) != 1:
        return None
    new = found[0][2]
    if any(holds_word(q.text, new) for q in (patches[pid] for pid in islice(reversed(patches), ALIGN_SCAN))
           if q.id != found[0][0].id and q.turn < fact.turn and q.later is None
           and AUTHORITY[q.role] >= AUTHORITY[Role.USER]):
        return None  # a name another statement holds is no new one ("drop churn from the
        # report" after "Include revenue, new deals and churn")
    return found[0]


def _said_gone(text: str, word: str) -> bool:
    """``word`` is what ``text`` says is gone ("Maya left last month", "Zizzi's shut")."""
    at = re.search(rf"(?<![\w.+#-]){re.escape(word)}(?:['’]s)?\s+", text)
    return at is not None and _GONE_RE.match(text, at.end()) is not None


def _versioned(text: str, word: str) -> str | None:
    """The system ``word`` names a version of, as said in ``text`` ("ubuntu" of
    "ubuntu-22.04", "node" of "... Node 20 ..."), or None."""
    m = re.fullmatch(r"([A-Za-z][A-Za-z.+#]*?)[-_]?v?\d+(?:\.\d+)*", word)
    if m:
        return m.group(1).lower()
    said = re.search(rf"(?<![\w.+#-]){re.escape(word)}\s+v?\d+(?:\.\d+)*\b", text, re.I)
    return word.lower() if said else None


def _versions_apart(a: str, word_a: str, b: str, word_b: str) -> bool:
    """Each name is said as a version of a system, and the systems differ."""
    sa, sb = _versioned(a, word_a), _versioned(b, word_b)
    return sa is not None and sb is not None and sa != sb


def _same_noun_after(a: str, word_a: str, b: str, word_b: str) -> bool:
    """Both names qualify the same noun ("the Hackney office", "the Camden office")."""
    def after(text: str, word: str) -> str | None:
        m = re.search(rf"(?<![\w.+#-]){re.escape(word)}\s+(\w+)", text, re.I)
        return m.group(1).lower() if m and m.group(1).lower() not in STOP_WORDS else None
    noun = after(a, word_a)
    return noun is not None and noun == after(b, word_b)


def _says_change(clause: str) -> bool:
    """``clause`` says a choice changed, or points at what it changes ("write it in Go")."""
    return says_changed(clause) or _POINTER_RE.search(clause) is not None


_INSTEAD_RE = re.compile(r"\b(?:instead|rather than)\b", re.I)


def reworded_earlier(patches: dict[str, Patch], fact: Fact) -> tuple[Patch, str] | None:
    """The one rule or plain statement of the last turns that an "instead" says again with
    its one or two telling words changed: "could you do sentence case for headings
    instead?" after "Headings in title case please", "just email me order updates instead"
    after "for order updates please text me". The clause of "instead" and the statement
    share a content word; each has at most two the other lacks. Returns the statement and
    the words of it that were replaced ("title case"); None for none or several."""
    if AUTHORITY[fact.role] < AUTHORITY[Role.USER] or not revises_in_passing(fact.text):
        return None
    m = _INSTEAD_RE.search(fact.text)
    if m is None:
        return None
    clause = next((c for c in _CLAUSE_RE.split(fact.text) if _INSTEAD_RE.search(c)), fact.text)
    mine = _context(clause, set())
    found: list[tuple[Patch, str]] = []
    for pid in islice(reversed(patches), ALIGN_SCAN):
        p = patches[pid]
        if p.turn >= fact.turn or fact.turn - p.turn > ALIGN_TURNS or p.later is not None \
                or AUTHORITY[p.role] < AUTHORITY[Role.USER] or AUTHORITY[p.role] > AUTHORITY[fact.role] \
                or len(p.text.split()) > SHORT_STATEMENT + 4 or _too_much(p.text) \
                or p.text.rstrip().endswith("?"):
            continue
        if p.key is not None and not p.key.split("|")[2].startswith("free:"):
            continue  # a setting with a value of its kind is the resolver's
        theirs = _context(p.text, set())
        shared = _shared(mine, theirs)
        olds = theirs - _shared(theirs, mine)
        news = mine - shared
        if shared and 1 <= len(olds) <= 2 and 1 <= len(news) <= 2 \
                and len(shared) >= SAME_WORDS * min(len(mine), len(theirs)):
            found.append((p, _span_of(p.text, olds)))
    return found[0] if len(found) == 1 else None


def _span_of(text: str, stems: frozenset[str]) -> str:
    """The words of ``text`` from the first to the last whose stem is in ``stems``, with the
    word after them ("title case" of "Headings in title case please")."""
    words = _WORD_RE.findall(text)
    at = [i for i, w in enumerate(words) if content_terms(w) & stems]
    if not at:
        return text
    end = min(at[-1] + 2, len(words))
    if end < len(words) and says_nothing(words[end - 1]):
        end -= 1
    return " ".join(words[at[0]:end])
