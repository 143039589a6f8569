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
from collections import Counter
from dataclasses import replace
from functools import lru_cache
from itertools import islice

from .lexicon import is_base_verb, is_past_verb, is_verb_only
from .merge_targets import StoreIndex, revision_candidates
from .narrower import NUMBER_WORD_RE, PART_OF_DAY_RE, PERIOD_WORDS, narrower, parts_of_day
from .passing import (ALIGN_SCAN, RARE_WORD, _context, _other_modifier, _shared, another_owns,
                      holds_word, other_owner, person_apart, revises_in_passing, says_changed,
                      says_nothing)
from .patch import AUTHORITY, Fact, Patch, Role
from .people import PEOPLE
from .resolve import ATTRIBUTE_WORDS, MOVED_WORDS, OBJECT_LEADS
from .known_names import MULTIWORD_NAMES, name_category
from .slots import Statement, bound_class, content_terms
from .value_clause import clauses, parts
from .values import VALUE_RE, parse_value
from .vocab import BUILTIN_ACRONYMS, STOP_WORDS, singular, word_frequency

__all__ = ["RESTATED_TURNS", "letter_i", "one_occasion", "restated_earlier",
           "restated_name", "speaker_after_person", "supposes_or_recalls", "value_said_again"]

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
_TOKEN_RE = re.compile(r"[A-Za-z0-9][\w.+#'’-]*")


def restated_earlier(ix: StoreIndex, patches: dict[str, Patch], fact: Fact,
                     stmt: Statement) -> Patch | None:
    """The one recent setting that ``fact`` (read as ``stmt``) says again in other words
    with a new value, or None."""
    if AUTHORITY[fact.role] < AUTHORITY[Role.USER] or stmt.value is None \
            or not stmt.dimension.startswith(_KINDS) or not _states(fact.text):
        return None
    clause = _value_clause(fact.text, stmt.value)
    if _reports(clause):
        return None
    # the statement without its value: "proxy 9" of "the proxy 9 limit is 9 connections" stays
    said = _without(clause, stmt.value)
    found: list[Patch] = []
    seen: set[str] = set()
    for spoken_at, pid in reversed(ix.recent):
        if fact.turn - spoken_at > RESTATED_TURNS:
            break
        p = patches.get(pid)
        if pid in seen or p is None:
            continue
        seen.add(pid)
        if _restates(p, fact, stmt, said, patches):
            found.append(p)
    return found[0] if len(found) == 1 else None


@lru_cache(maxsize=16384)
def value_said_again(p: Patch, fact: Fact, stmt: Statement) -> str | None:
    """The value of ``stmt``'s kind that ``fact`` gives anew when it is another than ``p``'s
    own: the one said in the clause of ``p`` that ``fact`` shares most words with ("salt mine
    tour on 15 march" of "fly to Krakow on 14 march, ..., salt mine tour on 15 march, back
    home on the 17th", for "salt mine tour on 16 march"). None when that clause says
    ``p``'s value, or none or several of the kind."""
    mine = content_terms(_without(fact.text, stmt.value))
    best, shared = None, 0
    for clause in parts(p.text):
        n = len(mine & content_terms(clause))
        best, shared = (clause, n) if n > shared else (best, shared)
    if best is None:
        return None
    held = [v for v in map(_with_unit, VALUE_RE.finditer(best))
            if parse_value(v).dimension == stmt.dimension]
    if len(held) != 1 or p.value is None or held[0].lower() in p.value.lower() \
            or p.value.lower() in held[0].lower():
        return None
    return held[0]


_UNIT_AFTER_RE = re.compile(r"\s?(?:[A-Za-z]+|%)")


def _with_unit(m: re.Match[str]) -> str:
    """A value found in a text, with the unit written after a bare number ("512gb")."""
    said = m.group(0)
    if said.replace(",", "").replace(".", "").isdigit():
        unit = _UNIT_AFTER_RE.match(m.string, m.end())
        return said + unit.group(0) if unit else said
    return said


def _states(text: str) -> bool:
    """``text`` states a setting: short, asks nothing, keeps nothing, reports no event
    ("I secured 5 interviews": a verb of the past that says no change)."""
    return len(text.split()) <= MAX_WORDS and "`" not in text and "\n" not in text.strip() \
        and not _ASKS_RE.search(text) and not _KEPT_RE.search(text) and not _EVENT_RE.search(text) \
        and not another_owns(text)


@lru_cache(maxsize=16384)
def _reports(clause: str) -> bool:
    """A clause with a verb of the past that says no change: an event ("I secured 5
    interviews"), not a setting."""
    return any(is_past_verb(w) and not w.endswith("ing") and w not in _CHANGED and w not in _DESCRIBING
               for w in re.findall(r"[a-z]+", _ASIDE_RE.sub(" ", clause).lower()))


#: participles that describe a thing, not an event ("a fintech called Monzo", "based in Leeds")
_DESCRIBING = frozenset("called named based located known titled labelled labeled".split())


_ASIDE_RE = re.compile(r"\([^)]*\)")


# a supposition, or a state of the past: it sets nothing now
_SUPPOSES_RE = re.compile(r"^\W*(?:(?:and|but|so|ok(?:ay)?|hmm+)[\s,]+)*(?:what if|suppose|supposing|imagine|"
                          r"hypothetically|in theory)\b|\b(?:back when|back then|used to|years ago|"
                          r"in the past|when (?:i|we) (?:was|were) )"
                          # "it was £25 last year": a value of a time gone by
                          r"|^\W*(?:(?:and|but|so|oh|ugh|lol)[\s,]+)*(?:it|that|this|they)\s+(?:was|were)\b"
                          rf"(?!\s+(?:{MOVED_WORDS})\b)"
                          r"[^.;!?]{0,40}?\b(?:last (?:year|month|week|time|summer|"
                          r"winter|spring|autumn|fall|term|semester|season)|(?:years?|months?) ago|"
                          r"in (?:19|20)\d\d|"
                          # "it was about 75 before I started cycling": before a change of one's own
                          r"before (?:i|we) (?:started|began|took up|switched|moved|joined|quit|stopped|"
                          r"changed|got))\b", re.I)


@lru_cache(maxsize=4096)
def supposes_or_recalls(text: str) -> bool:
    """``text`` supposes a value ("what if bedtime was 11 pm"), only weighs a change ("I
    might move it to 4pm"), recalls the past ("back when I was a student", "it was £25
    last year") or is said of one occasion ("tomorrow's a one-off, we'll eat at 8pm",
    "just this once", "tonight only"): whatever value it holds revises nothing."""
    return _SUPPOSES_RE.search(text) is not None or _TENTATIVE_RE.search(text) is not None \
        or one_occasion(text)


# a change the speaker only weighs: "I might move the meeting to 4pm if the client is
# late", "we may push it to Friday", "maybe we should drop it to 16", "I'm thinking of
# moving it to Thursdays" (never "we may as well", "I may have"), or talked over and not made
_TENTATIVE_RE = re.compile(
    r"\b(?:i|we)\s+(?:might|may)\b(?!\s+(?:as well|have|not)\b)|"
    r"\bmaybe\s+(?:i|we)\s+(?:should|could|can|will|'ll)\b|"
    r"\b(?:i'm|i am|we're|we are)\s+(?:thinking|considering|tempted)\b|"
    # or talked over and not made: "we talked about moving releases to Wednesday but decided
    # not to", "I was going to push it to 5 but didn't", "we decided against moving it"
    r"\b(?:(?:talked|thought|spoke)\s+about\s+\w+ing|(?:was|were)\s+going\s+to)\b[^.;!?]*?\bbut\s+"
    r"(?:(?:then|in the end|we|i)\s+)?(?:decided\s+(?:not|against)|didn't|did not|won't|never|"
    r"stuck|kept|left)\b|\bdecided\s+against\b", re.I)


def one_occasion(text: str) -> bool:
    """``text`` is said of one occasion ("Thursday's a one-off, we'll eat at 2pm", "just
    this once", "tonight only"): the standing value stays as it was."""
    return _ONE_OCCASION_RE.search(text) is not None


# said of one occasion, the standing value left as it was
_ONE_OCCASION_RE = re.compile(
    r"\b(?:(?:a|one|the) one[- ]off|just (?:this|that) once|(?:just|only) (?:for )?(?:this|that) "
    r"(?:one )?(?:day|night|evening|morning|week|time|once|occasion|answer|reply|response|message|"
    r"question|draft)\b(?! on\b)|"
    # "just for this deploy, skip the smoke tests": one occasion of its kind (never a scope
    # that lasts: "just for this repo, use tabs")
    r"just for (?:this|that) (?!(?:project|repo|repository|codebase|team|client|customer|account|app|site|"
    r"website|company|channel|house|household|course|class|book|series|blog|shop|store)\b)[a-z]+\b|"
    # "this time use a table instead of a list": the answer asked for now
    r"^\W*(?:(?:ok(?:ay)?|and|but)[,\s]+)?this time[,\s]+(?:please\s+|pls\s+|just\s+)?(?:use|give|write|make|"
    r"do|try|answer|reply|format|show|put|skip|keep|leave|add|go)\b|"
    # "for this email specifically, make it super formal": one thing at hand
    r"for (?:this|that) (?:one|email|message|letter|note|card|post|tweet|caption|text|essay|"
    r"document|draft|reply|answer|question|request) (?:specifically|only|in particular)\b|"
    r"(?:today|tonight|tomorrow|this (?:week|weekend|time)|next (?:week|weekend)) only|"
    # "skip the warmup notes today", "no dessert tonight": a thing left out at hand
    r"^\W*(?:(?:please|pls|just|and|oh|ok(?:ay)?)[,\s]+)*(?:skip|no|leave out|drop|hold off on|don't|do not)\b[^,.;!?]*"
    r"\b(?:today|tonight|this (?:morning|afternoon|evening))(?=\s*(?:[,.;!?]|$))|"
    r"(?:just|only) (?:for )?(?:today|tonight|tomorrow)(?:'s| night| evening| morning)?\b(?! on\b)"
    # (never "from this week on": "on" as a particle, not "on Thursday")
    r"(?![^.;!?]*\b(?:on(?=\s*(?:[,.;!?]|$))|onwards|from now|going forward|and after)\b))", re.I)


#: verbs of the past that say a setting changed ("I've upped my contribution to £500")
_CHANGED = frozenset("upped raised bumped moved switched changed increased decreased reduced "
                     "lowered dropped cut extended shortened pushed postponed delayed updated "
                     "adjusted gone went grown grew doubled halved tripled set made started "
                     "become became got gotten".split())


def _restates(p: Patch, fact: Fact, stmt: Statement, said: str, patches: dict[str, Patch]) -> bool:
    """``p`` is the setting ``fact`` says again (``said``: its value's clause, the value
    left out)."""
    if p.key is None or p.value is None or p.later is not None or p.turn >= fact.turn \
            or AUTHORITY[p.role] > AUTHORITY[fact.role] or not _states(p.text) or _reports(p.text):
        return False
    if AUTHORITY[p.role] < AUTHORITY[Role.USER] and fact.turn - p.turn > 1:
        return False  # what the assistant or a tool set, only as the message just before
    dim = p.key.split("|")[2]
    if dim.startswith(("free:", "name")):
        return False
    # the very same kind of value: unit, period and bound ("under 200 characters" is no
    # "200 characters per post")
    if bound_class(stmt.op) != bound_class(p.op):
        return False  # "data retention is 4 years" erases no "at most 5 years"
    probe = replace(stmt, revision=True)
    counted = dim == stmt.dimension and dim.startswith(("count:", "rate:count:")) \
        and (p.scope or None) == stmt.scope  # "100 requests a minute", "300 req/min"
    if not counted and not revision_candidates(patches, {p.id}, probe, exact_dim=True, same_unit=True) \
            and not _per_period(p, dim, stmt, fact.text):
        return False
    values = _value_words(p) | _value_words(stmt)
    held = _without(p.text, p.value)
    mine, theirs = _context(said, values | PERIOD_WORDS), _context(held, values | PERIOD_WORDS)
    shared = _shared(mine, theirs)
    if _measures_apart(said, held):
        return False  # "request quota" is not "rate limit"
    twice_mine, twice_theirs = _repeated(said, held), _repeated(held, said)
    things_mine, things_theirs = _things(said, shared, values), _things(held, shared, values)
    if not shared or _words_apart(  # (a word both say sets neither apart: "CI")
            things_mine - things_theirs | parts_of_day(said) - parts_of_day(held) | twice_mine,
            things_theirs - things_mine | parts_of_day(held) - parts_of_day(said) | twice_theirs):
        return False
    if other_owner(p.text, fact.text) or _owners_apart(p.text, fact.text) \
            or _aim_beside_reading(p.text, fact.text) \
            or _PERSON_RE.search(p.text) is None and _PERSON_RE.search(fact.text) is not None \
            or speaker_after_person(p.text, said) \
            or any(_other_modifier(p.text, fact.text, s) for s in shared) \
            or not stmt.revision and narrower(held, said, shared):
        return False
    if parse_value(p.value).canonical == stmt.canonical:
        return False  # the same value: a restatement, or another setting that holds it too
    if _every(p.text, p.value) != _every(fact.text, stmt.value or ""):
        return False  # "timeout 10s" is no interval of "healthcheck every 30s"
    return not _names_apart(held, said) and not _rare_apart(held, said)


def _every(text: str, value: str) -> bool:
    """``value`` is said in ``text`` as an interval ("every 30s")."""
    return re.search(rf"\bevery\s+{re.escape(value)}", text, re.I) is not None


#: words for what a setting measures, one word a group: a cap by any name is a cap
_MEASURE_GROUPS = {w: g for g, words in {
    "max": "max maximum cap caps limit limits ceiling upper most",
    "min": "min minimum floor lower least",
    "rate": "rate rates throughput",
    "quota": "quota quotas allowance allowances",
    "target": "target targets goal goals aim",
    "budget": "budget budgets",
    "threshold": "threshold thresholds",
}.items() for w in words.split()}


def _measures_apart(a: str, b: str) -> bool:
    """Each side names what it measures with a word of another group ("request quota" /
    "rate limit", "step goal" / "step cap"): two settings of one thing."""
    def groups(text: str) -> set[str]:
        return {_MEASURE_GROUPS[w] for w in re.findall(r"[a-z]+", text.lower()) if w in _MEASURE_GROUPS}
    ga, gb = groups(a), groups(b)
    return bool(ga - gb) and bool(gb - ga)


def _repeated(a: str, b: str) -> set[str]:
    """Content words ``a`` says more often than ``b`` ("miral queue queue depth" has two
    queues, "miral cache queue depth" one): a word of a name of its own."""
    def counts(text: str) -> Counter[str]:
        return Counter(w.lower() for w in _TOKEN_RE.findall(text)
                       if w.isalpha() and w.lower() not in STOP_WORDS and len(w) > 2)
    mine, theirs = counts(a), counts(b)
    return {f"{w}*" for w in mine - theirs if theirs[w]}


def letter_i(words: list[str], i: int) -> bool:
    """The word at ``i`` is the letter "I" naming a thing ("proxy I", "cluster I"), not the
    speaker: it follows a content word, never a conjunction or a clause's end."""
    return words[i] == "I" and i > 0 and bool(content_terms(words[i - 1])) \
        and words[i - 1].lower() not in _SUBJECTS | _FUNCTION_WORDS | _CLAUSE_WORDS


_CLAUSE_WORDS = frozenset("and but so or because since if when then that which as".split())


def _rare_apart(a: str, b: str) -> bool:
    """A rare word on each side that the other lacks as written ("miras" / "mirat", "ronos"
    / "ronow"): names, never typos of each other, and a name apart makes two things."""
    def rare(text: str) -> set[str]:
        out = set()
        words = _TOKEN_RE.findall(text)
        for i, raw in enumerate(words):
            w = raw.lower()
            if letter_i(words, i):
                out.add("i")  # "proxy I": a letter that names one
            elif w.isalpha() and len(w) >= 3 and word_frequency().get(w, 0) < RARE_WORD \
                    and word_frequency().get(singular(w), 0) < RARE_WORD and w not in _FUNCTION_WORDS:
                out.add(singular(w))
        return out
    ra, rb = rare(a), rare(b)
    return bool(ra - rb) and bool(rb - ra)


def _without(text: str, value: str | None) -> str:
    """``text`` with the last place it says ``value`` left out: "proxy 9 connection limit"
    of "the proxy 9 connection limit is 9 connections" keeps its name "9"."""
    if not value:
        return text
    at = text.lower().rfind(value.lower())
    if at < 0:
        first = value.split()[0].lower()
        at = text.lower().rfind(first)
        value = first
    return text if at < 0 else f"{text[:at]} {text[at + len(value):]}"


def _value_clause(text: str, value: str) -> str:
    """The clause of ``text`` that holds ``value`` ("the license needs to cover 15 seats" of
    "we hired a few people so the license needs to cover 15 seats")."""
    first = value.split()[0] if value.split() else value
    for clause in clauses(_ASIDE_RE.sub(_aside, text)):
        if first.lower() in clause.lower():
            return clause
    return text


def _aside(m: re.Match[str]) -> str:
    """An aside in brackets goes ("(marketing wanted two more weeks)"), but not a name of
    a word or two, nor one of a label: "the timeout (shipping) is 10 seconds",
    "timeout (shipping): 10 seconds"."""
    keep = len(m.group(0).split()) <= 2 or re.match(r"\s*:", m.string[m.end():])
    return m.group(0) if keep else " "


def _words_apart(mine: frozenset[str] | set[str], theirs: frozenset[str] | set[str]) -> bool:
    """Each side has a word that names what it is about and the other lacks ("billing
    worker" / "email worker", "free plan" / "pro plan", "morning" / "evening shift"): two
    things."""
    return bool(mine) and bool(theirs)


_FUNCTION_WORDS = frozenset("while until after before during since though although unless whether "
                            "btw fyi tbh imo lol pls please thanks anyway also just really "
                            "about around roughly approx approximately everything something "
                            "anything nothing everyone someone anyone stuff thing things next "
                            "last term semester quarter season sprint forward onwards anymore "
                            "rate price cost fee fees speed frequency".split())
_SUBJECTS = frozenset("i we you they".split())
#: acronyms of two letters, typed in lower case too ("the ui module", "db size")
_SHORT_ACRONYMS = frozenset(a.lower() for a in BUILTIN_ACRONYMS if len(a) == 2)
_ARTICLES = frozenset("the a an my our your their".split())
_BRACKETED_RE = re.compile(r"\(([^()]{1,40})\)")
_VERB_AFTER_RE = re.compile(r"^(?:to|will|would|can|could|must|should|shall|might|may|ll|d)$")


def _things(text: str, shared: frozenset[str], values: set[str]) -> set[str]:
    """The words of ``text`` that may name what it is about, besides the ``shared`` stems:
    never a verb (a verb-only word, or a word right after "to" or a modal: "needs to
    cover"), a word for a kind of quantity, a number, a value or a word of no content."""
    out = set()
    words = _TOKEN_RE.findall(text)
    bracketed = {w.lower() for inner in _BRACKETED_RE.findall(text) for w in inner.split()}
    for i, raw in enumerate(words):
        w = raw.lower().strip("'’.")
        if re.match(r"(?:i|we|you|they|it|that|there|let)['’]", w) or re.search(r"\w['’]s?$", raw):
            continue  # "I've", "we're": the speaker; "Maya's": an owner (see _owners_apart)
        if w.isdigit() or len(w) == 1 and w.isalpha() and raw.isupper() \
                and (raw != "I" or letter_i(words, i)):
            out.add(w)  # "bucket 8", "queue D", "gateway I": a number or a letter that names one
            continue
        terms = content_terms(raw.strip("'’"))
        if not terms or terms & shared or w in values or w in PERIOD_WORDS \
                or says_nothing(w) or w in ATTRIBUTE_WORDS or len(w) < 3 and not raw.isupper() \
                and w not in _SHORT_ACRONYMS \
                or NUMBER_WORD_RE.match(w) \
                or i and _VERB_AFTER_RE.match(words[i - 1].lower().split("'")[-1]) \
                or i and words[i - 1].lower() in _SUBJECTS:  # "i charge", "we pay": a verb
            continue
        if i and w.endswith("s") and content_terms(words[i - 1]) & shared and is_base_verb(w[:-1]):
            continue  # "the public api throttles at ...": the verb of the shared subject
        modifier = i + 1 < len(words) and (bool(content_terms(words[i + 1]) & shared) or (
            # "staging db", "landing page": an -ing word before a noun names which one
            w.endswith("ing") and words[i + 1].isalpha() and words[i + 1].lower() not in STOP_WORDS
            and not is_verb_only(words[i + 1].lower())
            and not (i and re.search(r"(?:'m|'re|'s|\bis|\bare|\bam|\bbe|\bwas|\bwere)$",
                                     words[i - 1].lower()))))
        # a verb names no thing, but a word that modifies ("billing worker"), that follows a
        # preposition as an -ing noun ("the retry limit for billing") or an article ("the
        # write timeout"), or stands in brackets ("timeout (shipping)") names which one
        if (is_verb_only(w) or is_past_verb(w)) and not modifier \
                and not (w.endswith("ing") and i and words[i - 1].lower() in OBJECT_LEADS) \
                and not (i and words[i - 1].lower() in _ARTICLES) and w not in bracketed:
            continue
        if _shared(terms, shared) or w in _FUNCTION_WORDS or PART_OF_DAY_RE.fullmatch(w):
            continue  # (a time of day or a side is compared apart, see _parts_of_day)
        out.add(w)
    return out


def speaker_after_person(earlier: str, text: str) -> bool:
    """``earlier`` is said of another person and ``text`` (the clause of a value) of the
    speaker: "we eat at 7pm" is not "the kids eat at 5pm"."""
    return _SPEAKER_FIRST_RE.match(text) is not None and _PERSON_RE.search(earlier) is not None


# the speaker as the subject: "we eat at 7pm" is not "the kids eat at 5pm"
_SPEAKER_FIRST_RE = re.compile(r"^\W*(?:i|we)\b(?!['’]d)", re.I)
# somebody other than the speaker ("my junior bills at $70 an hour" is not "i bill at $120")
_PERSON_RE = re.compile(rf"\b(?:my|our|his|her|their|the)\s+(?:\w+\s+)?(?:{PEOPLE})s?\b", re.I)

# a possessive before a noun ("my husband's shoe size", "the kids' bedtime", "her"), never
# the "'s" of "is" ("dinner's november 21", "gym's on sundays now")
_WHOSE_RE = re.compile(
    r"\b(\w+)['’]s?\s+(?=[a-z])(?!(?:on|at|in|now|going|been|got|not|due|booked|moved|set|the|a|an|"
    r"back|off|up|down|over|still|also|just|no|all|too|so|very|really|always|never|every|from|"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)\w*)\b)"
    r"|\b(?:his|her|their)\b", re.I)
_SPEAKER_RE = re.compile(r"\b(?:my|our|mine|ours)\b"
                         # "I have piano lessons on Tuesdays": the speaker's own
                         r"|^\W*(?:i|we)(?:\s+(?:have|do|take|attend)|'ve\s+got|\s+have\s+got)\b", re.I)


def _owner(text: str) -> frozenset[str] | None:
    """Whose the thing a statement speaks of is: the possessives it says ("husband's",
    "her"), else the speaker's ("my"), else nobody said."""
    owned = frozenset(m.group(0).lower().strip() for m in _WHOSE_RE.finditer(text)
                      if not re.match(r"(?:it|that|what|there|here|let|he|she|who)['’]s", m.group(0), re.I))
    if owned:
        return owned
    return frozenset({"speaker"}) if _SPEAKER_RE.search(text) else None


# a figure aimed at, and a figure read off as it stands now
_AIM_RE = re.compile(r"\b(?:target|targets|goal|goals|aim|aiming|aim for|want to (?:get|reach|be|hit)|"
                     r"hoping to|trying to (?:get|reach|hit))\b", re.I)
_READING_RE = re.compile(r"\b(?:currently|right now|at the moment|as of now|so far|as it stands|"
                         r"at present|these days)\b", re.I)


def _aim_beside_reading(a: str, b: str) -> bool:
    """One of ``a`` and ``b`` names a figure aimed at and the other one read off as it
    stands ("My target weight is 75 kg" / "I currently weigh 86 kg"): a goal and the
    progress towards it."""
    aims = bool(_AIM_RE.search(a)), bool(_AIM_RE.search(b))
    return aims == (True, False) and bool(_READING_RE.search(b)) \
        or aims == (False, True) and bool(_READING_RE.search(a))


def _owners_apart(a: str, b: str) -> bool:
    """Both statements say whose their thing is, and not the same ("my shoe size" / "my
    husband's shoe size"); one that says nobody's ("piano is on thursdays") fits either."""
    oa, ob = _owner(a), _owner(b)
    return oa is not None and ob is not None and oa != ob


_PERIOD_ADJECTIVES = {"hour": "hourly", "day": "daily", "night": "nightly", "week": "weekly",
                      "month": "monthly", "year": "yearly|annual|annually"}


def _per_period(p: Patch, dim: str, stmt: Statement, text: str) -> bool:
    """One side gives its period by an adjective of its subject, the other with its value:
    "monthly budget for eating out is £150" and "£200 a month"."""
    def said(scope: str | None, of: str) -> bool:
        adjective = _PERIOD_ADJECTIVES.get(scope or "")
        return adjective is not None and re.search(rf"\b(?:{adjective})\b", of, re.I) is not None
    if stmt.scope and dim == stmt.dimension.removeprefix("rate:") and not p.scope:
        return said(stmt.scope, p.text) and _same_unit(p.unit, stmt.unit)
    if p.scope and stmt.dimension == dim.removeprefix("rate:") and not stmt.scope:
        return said(p.scope, text) and _same_unit(p.unit, stmt.unit)
    return False


def _same_unit(a: str | None, b: str | None) -> bool:
    """The same unit, its period left out ("GBP" and "GBP per month")."""
    def base(u: str | None) -> str:
        return re.split(r"\s+(?:per|a|an|each)\s+|/", (u or "").lower())[0].strip()
    return base(a) == base(b)


def _value_words(x: Patch | Statement) -> set[str]:
    """The words of a value, its unit and its period."""
    said = f"{x.value or ''} {x.unit or ''} {x.scope or ''}"
    return {w.lower() for w in _TOKEN_RE.findall(said.replace(",", ""))} | {
        w.lower() for w in _TOKEN_RE.findall(said)}


_NAME_RE = re.compile(r"(?<![.!?]\s)\b(?:[A-Z][\w'-]*|[a-z][\w-]*\d[\w-]*|[a-z]+-[a-z][\w-]*|\d[\w,.-]*)\b")


def _names_apart(a: str, b: str) -> bool:
    """A name, identifier or letter on each side that the other lacks ("Lisa" / "Lina",
    "db01" / "db02", "plan A" / "plan B"): two things. Each side comes without its value."""
    def names(text: str) -> set[str]:
        text = text.strip()
        found = {m.group(0).lower() for m in _NAME_RE.finditer(text)
                 if (m.start() > 0 or any(c.isdigit() or c == "-" for c in m.group(0)))
                 and re.split(r"['’]", m.group(0))[0] != "I"}
        words = _TOKEN_RE.findall(text)
        return found | {"i" for i in range(1, len(words)) if letter_i(words, i)}
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
    if len({n.lower() for n, _ in news}) > 1:  # the name in the clause of the change ("PlantUML
        news = [(n, k) for n, k in news if says_changed(_value_clause(fact.text, n))]  # from here")
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
        if holds_word(fact.text, old) and _holders(patches, old, fact.turn) > 1:
            continue  # "Stripe fees were silly" after two statements that use Stripe
        theirs = _value_clause(p.text, old)
        names = {w.lower() for w in (new + " " + old + " " + kind).split()}  # "my editor is neovim"
        shared = _shared(_context(clause, names), _context(theirs, names))
        if other_owner(p.text, fact.text) or _owners_apart(theirs, clause) \
                or person_apart(fact.text, p.text) \
                or _words_apart(_things(clause, shared, names), _things(theirs, shared, names)):
            continue
        found.append((p, old))
    if len(found) != 1:
        return None
    return found[0][0], found[0][1], new


def _holders(patches: dict[str, Patch], name: str, turn: int) -> int:
    """How many current statements of the last turns hold ``name``."""
    return sum(1 for pid in islice(reversed(patches), ALIGN_SCAN)
               if patches[pid].later is None and turn - patches[pid].turn <= RESTATED_TURNS
               and holds_word(patches[pid].text, name))


def _kinded(text: str) -> list[tuple[str, str]]:
    """The names of a known kind in ``text``, as written, with their kind ("VS Code",
    "editor"); a name of two words before its first word alone."""
    words = [w.rstrip(".,;:!'’") for w in _TOKEN_RE.findall(text)]
    out: list[tuple[str, str]] = []
    skip = False
    for i, w in enumerate(words):
        if skip:
            skip = False
            continue
        pair = f"{w} {words[i + 1]}" if i + 1 < len(words) else ""
        kind = name_category(pair) if pair and pair.lower() in MULTIWORD_NAMES else None
        if kind is not None:
            out.append((pair, kind))
            skip = True
        elif (kind := name_category(w.strip(".,'’"))) is not None and " " not in w:
            out.append((w.strip(".,'’"), kind))
    return out
