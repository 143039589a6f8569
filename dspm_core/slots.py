"""Slot identity: which statements talk about the same setting.

A statement is parsed into a subject, an operator, a value (and unit, scope). Its
identity is the *normalised* subject (case, articles, plurals, acronyms and typos of
ordinary words folded; names and identifiers kept as written) together with the bound
class of the operator and the dimension of the value. Two statements revise each other
only when their identities are equal: "at most 5 years" never replaces "at least 5
years", "100 requests per minute" never replaces "100 requests per hour".
"""

from __future__ import annotations

import re
import threading
from functools import lru_cache
from dataclasses import dataclass, replace

import regex  # type: ignore[import-untyped]  # (faster than re on long alternations of words)

from .lexicon import (getAllLemmas, is_adjective, is_base_verb, is_finite_after, is_noun, is_plural_noun, is_noun_only,
                      is_past_verb, is_third_person, is_verb_only)
from .literal import may_hold
from .regex_gate import gated
from .limits import MAX_ALIAS_TEXT, MAX_ALIASES
from .conventions import read_convention
from .named_settings import read_named, read_reminder, without_article
from .requested import requested_measure
from .progress import done_count
from .chosen_names import ONE_AT_A_TIME, chosen_name
from .known_names import (LANGUAGE_QUALIFIERS, MULTIWORD_NAMES, NAME_CATEGORY as _NAME_CATEGORY,
                          name_category, names_pattern)
from .placement import placed, store_place
from .places import place_said
from .roles import role_said
from .venues import venue_said
from .labels import LABELLED
from .ages import TURNED_CUE_RE, age_turned
from .effective import EFFECT_CUE_RE, effect_said
from .due_dates import DUE_CUE_RE as _DUE_CUE_RE, due_said
from .occupations import OCCUPATION, occupation_said
from .recipients import channel_said, recipient_said
from .hosted_in import region_said
from .renamed import renamed_from, renamed_said
from .switched import switched_said, switched_to
from .topics import topic_named
from .said_forms import (at_time_of_day, called_as, decided_on, hosted_for, party_of, pointed_to_words,
                         until_of)
from .reply_styles import asked_style, is_style_subject
from .amounts import POINTER_IS, amount_of_thing, price_of_thing
from .clock_words import in_digits
from .value_clause import clauses, named_object, pointer_spent, reported, spent_value, unlead, \
    weak_subject
from .display_units import as_weight, in_unit, unit_setting
from .thing_rates import rate_of_thing
from .attributive import placed_before_noun
from .frequency import DIMENSION as FREQUENCY_DIMENSION, frequencies_in
from .values import (CLOCK_SHAPE_RE, MONTHS, PERIOD_OF, SIZE_RE, TOOL_NAME, VALUE_RE, VERSION_RE, VERSIONED_LEAD_RE,
                     WEEKDAYS, ParsedValue, canonical_unit, parse_value, split_number_unit)
from .vocab import (BUILTIN_ACRONYMS, CHAT_WORDS, STOP_WORDS, TECH_WORDS, fold_typo, is_identifier,
                    singular, stem, word_frequency)

__all__ = [
    "AliasTable",
    "Statement",
    "bound_class",
    "content_terms",
    "folded_subject",
    "normalise_op",
    "CORRECTING",
    "DETERMINERS",
    "NOT_FIRST_RE",
    "PREPOSITIONS",
    "parse_statement",
    "stance_object",
    "subject_key",
    "value_at",
]

# Comparator phrases -> operator. Longest phrases are tried first.
_COMPARATORS: dict[str, str] = {
    "must not exceed": "<=", "should not exceed": "<=", "shall not exceed": "<=",
    "cannot exceed": "<=", "can not exceed": "<=", "can't exceed": "<=", "may not exceed": "<=",
    "must never exceed": "<=", "should never exceed": "<=", "never exceed": "<=",
    "never exceeds": "<=", "not exceed": "<=", "no more than": "<=", "not more than": "<=",
    "at most": "<=", "up to": "<=", "a maximum of": "<=", "maximum of": "<=", "max of": "<=",
    "maximum": "<=", "max": "<=", "stretch to": "<=", "capped at": "<=", "cap at": "<=", "cap of": "<=",
    "limited to": "<=", "no later than": "<=", "no longer than": "<=", "no higher than": "<=",
    "no greater than": "<=", "no larger than": "<=", "not above": "<=", "within": "<=",
    "less than or equal to": "<=", "under": "<", "below": "<", "less than": "<",
    "fewer than": "<", "lower than": "<", "shorter than": "<", "before": "<",
    "at least": ">=", "no less than": ">=", "not less than": ">=", "no fewer than": ">=",
    "a minimum of": ">=", "minimum of": ">=", "min of": ">=", "minimum": ">=",
    "no earlier than": ">=", "no shorter than": ">=", "no lower than": ">=",
    "greater than or equal to": ">=", "more than": ">", "greater than": ">", "over": ">",
    "above": ">", "longer than": ">", "higher than": ">", "exceed": ">", "after": ">",
    "not equal to": "!=", "other than": "!=",
}
_COMPARATOR_RE = gated(regex.compile(
    r"(?:(?<!-)\b(" + "|".join(re.escape(p) for p in sorted(_COMPARATORS, key=len, reverse=True))
    + r")\b|(?<=\s)(<=|>=|≤|≥|<|>|!=|≠)(?=\s))\s+",
    re.I,
))
_SYMBOL_OPS = {"<=": "<=", ">=": ">=", "≤": "<=", "≥": ">=", "<": "<", ">": ">", "!=": "!=",
               "≠": "!="}
_NEGATION_RE = re.compile(r"\b(?:not|never)\b|n't\b", re.I)
_CAP_RE = re.compile(
    r"^(?:please\s+)?(?:cap|limit|restrict|bound|throttle)\s+(?:the\s+|our\s+)?(?P<subj>.+?)\s+"
    r"(?:at|to)\s+(?P<val>.+)$",
    re.I,
)
_TRAILING_BOUND_RE = re.compile(r"\b(or (?:more|higher|greater|above|longer)|minimum|at minimum|or (?:less|fewer|lower|below)|maximum|at most|tops)\b", re.I)

_OP_ALIASES = {
    "=": "=", "==": "=", "eq": "=", "is": "=", "equals": "=", "<=": "<=", "≤": "<=",
    "le": "<=", "max": "<=", "at most": "<=", ">=": ">=", "≥": ">=", "ge": ">=", "min": ">=",
    "at least": ">=", "<": "<", "lt": "<", ">": ">", "gt": ">", "!=": "!=", "≠": "!=",
    "ne": "!=", "not": "!=", "never": "!=", "none": None, "": None,
}

_BOUND = {"=": "eq", "<=": "upper", "<": "upper", ">=": "lower", ">": "lower", "!=": "neg", None: "eq"}

# a change under way ("cutting the coffee down to 2 cups", "bumping it to 3")
_REVISION_GERUNDS = (r"raising|lowering|increasing|decreasing|reducing|bumping|cutting|dropping|"
                     r"pushing|shifting|switching|upgrading|downgrading|adjusting|extending|"
                     r"shortening|bringing|pulling|stretching|postponing|delaying|rescheduling|"
                     r"trimming|doubling|halving|boosting|upping|tightening|loosening|capping")
_REVISION_GERUND_RE = re.compile(_REVISION_GERUNDS, re.I)
_GERUND_CUE_RE = re.compile(rf"\b(?:{_REVISION_GERUNDS})\b(?!-)", re.I)
_REVISION_VERBS = (
    r"set|sets|setting|change|changed|changes|changing|update|updated|updates|raise|raised|"
    r"lower|lowered|increase|increased|decrease|decreased|reduce|reduced|bump|bumped|make|made|"
    r"move|moved|moving|push|pushed|shift|shifted|slide|slid|nudge|nudged|switch|switched|rename|renamed|upgrade|"
    r"upgraded|downgrade|downgraded|adjust|adjusted|extend|extended|shorten|shortened|cut|"
    r"revise|revised|drop|dropped|reset|bring|brought|pull|pulled|configure|configured|"
    r"stretch|stretched|postpone|postponed|delayed|reschedule|rescheduled|loosen|"
    r"loosened|tighten|tightened|trimmed|doubled|tripled|halve|halved|"
    r"boosted|lifted|resize|resized|moves|shifts|switches|migrate|migrated|migrates|scale|scaled|"
    r"relocate|relocated|capped|cap(?=\s+(?:it|that|this|them|at)\b)|"
    r"turn(?=\s+\S+\s+(?:up|down)\b)|put(?:s|ting)?(?=\s+(?:\S+\s+){1,3}?(?:up|down|back)\s+to\b)|"
    r"crank|cranked|dial|dialled|dialed|ramp|ramped|upped|up"
    r"(?= (?:it|that|this|the|my|our)\b)"
)
_DAYS = "|".join(sorted(WEEKDAYS, key=len, reverse=True))
_REVISION_CUE_RE = regex.compile(
    rf"\b(?:{_REVISION_VERBS}|instead|no longer|from now on|actually|correction|rather|"
    r"scratch that|on second thought|go (?:up|down) to|can (?:use|go|have) up to|"
    r"(?:earlier|later|sooner),\s*(?=\d)|"  # "go to bed earlier, 10:30"
    r"(?:^|(?<=[.!?] ))go (?:to|with|for) (?=[^,.;?!]*\d)|"  # "Go to Node 20"
    r"(?:i'll|i will|we'll|we will|i can|we can) (?:go|stretch) (?:up )?to|"
    r"(?:i|we) can (?:now )?(?:live with|accept|tolerate|afford)|"  # a limit let out
    r"let'?s (?:do|go (?:to|with|for)|make it|try|say|allow|settle on|stick (?:to|with)|cap it|"
    r"give it|have|aim for)|can we (?:do|go (?:to|with|for)|make it|try|"
    r"have|say)|how about|change of plan|(?:i|we) said|in the end|after all|"
    r"(?:i|we)(?:'ve| have)? (?:agreed|settled|decided) on|ended up (?:with|on|going with)|"
    r"final (?:numbers?|count|head ?count|tally)|"  # "final numbers 140": the last word on it
    # "the meeting is now 3pm", "it's now macOS 14": a value that changed
    r"(?:is|are|'s|'re) now(?= (?:at |on |due |set to )?[\w$€£])(?! (?:that|what|how|why|if|when|the time)\b)|"
    # "we're 5 now", "plan it for 3 now", "it's 40 hours a week now", "it's at 12:00 pm now":
    # a count or a time that changed
    r"(?<![\w.,:])\d[\d,.:]*(?:[a-z]+|%)?(?:\s+[a-z]+){0,3}\s+now(?![\s,]+(?:that|what|how|why|if|when)\b))\b"
    r"(?!-)",  # "pull-ups", "drop-off": a word of its own
    re.I
)
# A time since which a value holds ("lunch is 1 to 2 these days", "starting next week I finish
# at 4 PM"): a revision cue, though not a word of change of its own (a value said for another
# day after it stays another setting: "I run 5k on weekdays these days")
_SINCE_CUE_RE = re.compile(
    r"\b(?:these days|nowadays|going forward|as of (?:today|now|this|next|_D)|"
    r"starting (?:today|tomorrow|next|this|from|_D)|from (?:this|next) (?:week|month|year|term|"
    r"quarter|season|sprint|semester)|from (?:today|tomorrow|_D) on(?:wards)?)\b".replace("_D", _DAYS),
    re.I)
# a fault found with something, then (after a comma or "so") a choice: "X is a bit casual,
# use Y", "X was way too slow so go with Y"
_FAULT_THEN_RE = re.compile(
    r"\b(?:is|was|are|were|feels|felt|seems|seemed|looks|sounds|got)\s+(?:(?:a bit|a little|way|far|much|"
    r"kinda|kind of|rather|just|bit|getting)\s+)*(?:too\s+|overly\s+)?[a-z]+"
    r"(?:\s+(?:for|to|in|on)\s+[\w\s]{1,30}?)?\s*(?:,|;|\bso\b|\.\s)\s*(?:so\s+|let's\s+|just\s+|pls\s+|please\s+)?"
    r"(?:use|go with|switch to|try|pick|make it|do)\b", re.I)
# Forms of a revision verb that are also nouns ("a raise", "the change", "a big cut of 5%").
_NOUN_FORMS = frozenset("set change changes update updates raise bump make move push shift switch "
                        "cut drop reset pull scale".split())
_DETERMINER_BEFORE_RE = re.compile(
    r"\b(?:a|an|the|my|our|your|his|her|their|its|this|that|another|any|no|some|each|every)"
    r"\s+(?P<adj>[\w-]+\s+)?$", re.I)
_NOUN_AFTER_RE = re.compile(r"(?:\s*(?:[,.;:!?]|$)|\s+(?:of|in|on|for|was|is|were|are|has|had|"
                            r"will|would|request|approval|instead)\b)", re.I)
_SET_TO_RE = gated(regex.compile(
    # (a verb form after an article or an owner is a noun: "the shift is 9am to 5pm")
    r"(?<!\b(?:the|a|an|my|our|your|his|her|their|its|this|that)\s+)"
    rf"\b(?:{_REVISION_VERBS})\s+(?:the\s+|our\s+|my\s+|its\s+|this\s+)?(?P<subj>(?!from\s).+?)\s+"
    r"(?:from\s+(?P<old>.+?)\s+)?(?:(?:up|down|back|forward)\s+)?(?:to|into|as|at)\s+(?:the\s+)?"
    r"(?P<val>.+)$",
    re.I,
))
# what a thing is moved to do, then when: "start at 2pm", "close at 6pm", "finish by 5"
_VERB_AT_RE = re.compile(r"(?P<verb>[a-z]+)\s+(?:at|by|on|from)\s+(?P<val>.+)$", re.I)
_SUBJ_IS_RE = re.compile(
    r"^(?P<subj>.+?)(?:\s+(?:(?:must|should|shall|will|would|needs? to|has to|have to|has|have|can)"
    r"\s+(?:always\s+)?(?:be|stay|remain)\s+(?:set\s+to\s+)?|is\s+now|is\s+(?:set\s+to\s+)?|"
    r"are\s+(?:set\s+to\s+)?|=|was\s+(?:changed|moved|updated|set|raised|lowered|bumped|"
    r"increased|reduced|decreased|extended|pushed|shifted)\s+to|(?:stays|remains|stay|remain|is kept)(?:\s+at)?|(?:has|have)\s+been\s+"
    rf"(?:{_REVISION_VERBS})\s+to|(?:{_REVISION_VERBS})\s+to|becomes|equals|"
    # "uptime now 99.6%", never the "now (that) we fixed it", "now after the upgrade" that
    # follows a value
    r"now(?!\s+(?:that|we|i|they|you|he|she|it|we're|they're|theyre|i'm|it's|after|before|since|"
    r"because|until|till|so|and|but|when|if)\b))\s+"
    # "Timeout: 30s", "Timeout:30s", "Turn 24: done"; never a time ("10:30"), a URL or "::"
    r"|\s*(?<![\d:]):(?![:/])\s*|(?<=\d):\s+)(?P<val>.+)$",
    re.I,
)
_OF_RE = re.compile(r"\s+of\s+", re.I)
# "Turn 24:", "Step 3:", "Item 7:": a number that numbers a label, not a value
_LABEL_RE = re.compile(r"(?:[A-Za-z][\w-]*\s+){1,3}#?(?P<n>\d{1,4}[a-z]?):(?:\s|$)")
# "always use ...", "I usually use ...": a standing instruction, not a choice of a named thing
_HABIT_RE = re.compile(r"(?:(?:always|usually|generally|normally|only|also|just|still|please|"
                       r"consistently|strictly|exclusively)\s*)+", re.I)
_FROM_TO_RE = re.compile(r"\bfrom\s+(?P<old>(?:[^,;]|,(?=\d{3}))+?)\s+to\s+"
                         r"(?P<val>(?:[^,;]|,(?=\d{3}))+)", re.I)
_USE_RE = gated(re.compile(
    r"\b(?i:let'?s\s+|we(?:'ll| will| should|'re| are)?\s+|i(?:'ll| will|'m| am)?\s+)?"
    r"(?i:use|uses|using|go with|going with|let'?s do|let'?s try|choose|chose|pick|picked|adopt|adopted|switch to|"
    r"switched to|switching to|migrate to|migrated to|move to|moved to|stick with|settle on|"
    r"opt for|prefer)\s+(?P<val>[A-Z][\w.+#-]*(?:\s+[A-Z0-9][\w.+#-]*)*|[\w.+#-]*\d[\w.+#-]*|"
    # a name written in lower case, before what it is for ("use axios for the http calls")
    r"(?!(?:it|this|that|them|these|those|a|an|the|my|our|your|some|any|one|more|less|"
    r"what|which|me|us|him|her)\b)[a-z][\w.+#-]*(?=\s+(?:for|as)\s))"
    r"(?:\s+(?:for|as)\s+(?:the\s+|our\s+)?(?P<subj>[\w\s-]+))?",
))
# the verb of what is used up ("we're using", "it uses"), not of a choice ("use", "let's use")
_USING_RE = re.compile(r"(?:(?:we|i)(?:'re|'m| are| am)\s+|it\s+|they\s+)?(?:using|uses)\s+", re.I)
_NEG_RE = gated(re.compile(
    r"\b(?:never|must not|mustn't|must never|should not|shouldn't|should never|do not|don't|"
    r"does not|doesn't|cannot|can't|can not|may not|shall not|will not|won't|no longer|avoid|"
    r"prohibited|forbidden|not allowed|is not permitted|are not permitted)\b",
    re.I,
))
_MODAL_RE = re.compile(
    r"\b(?:must|always|should|shall|need to|needs to|has to|have to|required to|is required|"
    r"are required|make sure|ensure|prefer|i prefer|i'd prefer|i want|i'd like)\b",
    re.I,
)
# a request put politely before the instruction it asks for ("can u", "i need you to")
_ASKED_TO_RE = re.compile(r"(?:(?:can|could|would|will)\s+(?:you|u|ya)|i\s+(?:need|want|'d like)\s+"
                          r"(?:you|u)(?:\s+to)?|pls|plz)\s+(?:(?:please|pls|just|quickly)\s+)*(?=[a-z])",
                          re.I)
#: sounds that open a sentence and name nothing ("ugh rent went up")
INTERJECTIONS = r"ugh+|argh+|uh+|um+|erm+|meh|welp|oops|sigh|phew|oof|yikes"
_LEAD_RE = re.compile(
    rf"^(?:(?:ok(?:ay)?|so|also|and|but|now|then|please|hey|well|great|yes|"
    r"no(?!\s+(?:more|less|fewer|later|earlier|longer|shorter|higher|lower|greater|larger)\s+than)|"  # a bound
    rf"actually|{INTERJECTIONS}|"
    r"correction|update(?=\s*[:!-])|note|(?:just\s+)?confirming|to confirm|(?:just\s+)?to be clear|"
    r"(?:a\s+|quick\s+)?reminder|as a reminder|reminder|important|fyi|confirmed|noted|understood|got it|"
    r"hard rule|rule|strict rule|requirement|constraint|policy|heads up|one more thing|"
    r"sure|right|alright|perfect|done|in that case|going forward|from now on|for the record)"
    r"[\s,:;!.-]+)+",
    re.I,
)
_SUBJ_LEAD_RE = re.compile(
    r"^(?:(?:let'?s|let us|we'?ll|we will|we should|we need to|we must|i want to|i'd like to|"
    r"i can|we can|you can|can we|"
    r"i'll|i will|i'd|i've|i have|we've|we have|i|we|will|"
    r"i need to|you should|you must|please|can you|could you|go ahead and|make sure|ensure|"
    r"(?:should|must|needs to|has to) be|should|must|"
    r"need to|remember|keep|and|the|our|my|your|(?-i:a|an)|this|that|all|every|each|any|oh|ah|hm+|"
    rf"{INTERJECTIONS}|wow)"
    r"(?:\s+|$))+",
    re.I,
)
# a leading capital "A" is an article when a lowercase word follows ("A cache size of 5 MB"),
# a name after a determiner ("the A cache size")
_ARTICLE_A_RE = re.compile(r"^(?:A|An)\s+(?=[a-z])")
_SUBJ_TRAIL_RE = re.compile(
    r"\s+(?:must|should|shall|will|would|needs?|has|have|can|is|are|was|were|be|always|never|"
    r"currently|now|then|also|still|please|stays|remains|kept|stored|retained|does|do|did|"
    r"over|btw|fyi|lol|tho|though|haha|earlier|later|sooner)$"
    r"|\s+(?:needs?|has|have|ought|got)\s+to$"  # "the rug needs to (be)"
    r"|\s+(?:is|are|was|were)\s+(?:going|being)$"  # "the target is going (up to £35k)",
    # "standard is being (upgraded to 200Mbps)"
    r"|\s+(?:has|have)\s+been$"
    # "back" of a change ("the timeout back"), never of a way home ("my flight back")
    r"|(?<!flight)(?<!flights)(?<!trip)(?<!journey)(?<!drive)(?<!ride)(?<!train)(?<!ferry)(?<!way)"
    r"\s+back$",
    re.I,
)


@dataclass(frozen=True, slots=True)
class Statement:
    """What the slot rules read out of one sentence."""

    subject: str | None
    op: str | None
    value: str | None
    unit: str | None = None
    scope: str | None = None
    dimension: str = "free"
    canonical: str = ""
    old_value: str | None = None
    revision: bool = False


def normalise_op(op: str | None) -> str | None:
    """Map an operator as given (``at most``, ``≤``, ``le``) to one of = <= >= < > != or None."""
    if op is None:
        return None
    key = str(op).strip().lower()
    if key in _OP_ALIASES:
        return _OP_ALIASES[key]
    if key in _COMPARATORS:
        return _COMPARATORS[key]
    return "="


def bound_class(op: str | None) -> str:
    """``upper`` for <= and <, ``lower`` for >= and >, ``neg`` for !=, else ``eq``."""
    return _BOUND.get(op, "eq")


class AliasTable:
    """Acronym <-> expansion pairs: the built-in list plus pairs learned from text.

    Text such as "Time-to-live (TTL)" or "SLA (service level agreement)" teaches a pair.
    Learning is thread-safe; the table only grows.
    """

    _DEF_RE = re.compile(
        r"\b(?P<long>[A-Za-z][A-Za-z-]*(?:[\s-]+[A-Za-z][A-Za-z-]*){1,5})\s*\(\s*(?P<short>[A-Z][A-Za-z0-9]{1,7})\s*\)"
        r"|\b(?P<short2>[A-Z][A-Z0-9]{1,7})\s*\(\s*(?P<long2>[A-Za-z][A-Za-z-]*(?:[\s-]+[A-Za-z][A-Za-z-]*){1,5})\s*\)"
    )

    def __init__(self, builtin: dict[str, str] | None = None) -> None:
        self._lock = threading.Lock()
        self._pairs: dict[str, str] = {}
        self._version = 0
        self.key_cache: dict[str, tuple[int, str]] = {}
        for short, long in (BUILTIN_ACRONYMS if builtin is None else builtin).items():
            self._pairs[self._norm_long(long)] = short.lower()
        self._builtin = dict(self._pairs)
        self._compile()

    @staticmethod
    def _norm_long(text: str) -> str:
        return " ".join(re.split(r"[\s-]+", text.lower().strip()))

    def _compile(self) -> None:
        longs = sorted(self._pairs, key=len, reverse=True)
        pattern = "|".join(r"[\s-]+".join(map(re.escape, lf.split())) for lf in longs)
        self._re = re.compile(rf"\b(?:{pattern})\b", re.I) if pattern else None

    def learned(self) -> dict[str, str]:
        """Expansion -> acronym pairs learned from text (not the built-in ones)."""
        with self._lock:
            return {k: v for k, v in self._pairs.items() if self._builtin.get(k) != v}

    def add_pairs(self, pairs: dict[str, str]) -> None:
        """Add expansion -> acronym pairs (e.g. restored from a saved memory)."""
        with self._lock:
            for long, short in pairs.items():
                self._pairs[self._norm_long(long)] = short.lower()
            self._version += 1
            self._compile()

    @property
    def pairs(self) -> dict[str, str]:
        """Expansion -> acronym (a copy)."""
        return dict(self._pairs)

    def learn(self, text: str) -> list[tuple[str, str]]:
        """Learn acronym definitions from ``text``; returns the new (acronym, expansion) pairs."""
        found: list[tuple[str, str]] = []
        if "(" not in text:  # every definition form has its parenthesis
            return found
        for m in self._DEF_RE.finditer(text):
            short = m.group("short") or m.group("short2")
            long = m.group("long") or m.group("long2")
            words = re.split(r"[\s-]+", long.strip())
            letters = short.lower()
            # take the shortest tail of the phrase whose initials spell the acronym
            for start in range(len(words)):
                tail = words[start:]
                initials = "".join(w[0].lower() for w in tail)
                if initials == letters:
                    norm = self._norm_long(" ".join(tail))
                    if len(norm) > MAX_ALIAS_TEXT or \
                            len(self._pairs) - len(self._builtin) + len(found) >= MAX_ALIASES:
                        break  # past what a saved memory may hold: not learned
                    if self._pairs.get(norm) != letters:
                        found.append((letters, norm))
                    break
        if found:
            with self._lock:
                for short, long in found:
                    self._pairs[long] = short
                self._version += 1
                self._compile()
        return found

    @property
    def version(self) -> int:
        """Bumped whenever a pair is learned (cached subject keys are then recomputed)."""
        return self._version

    def fold(self, text: str) -> str:
        """Replace every known expansion in ``text`` with its acronym."""
        if self._re is None:
            return text
        return self._re.sub(lambda m: self._pairs.get(self._norm_long(m.group(0)), m.group(0)), text)


_DEFAULT_ALIASES = AliasTable()
_TOKEN_RE = re.compile(r"[A-Za-z0-9][\w.+#/-]*[\w+#]|[A-Za-z0-9]")


def subject_key(subject: str, aliases: AliasTable | None = None) -> str:
    """Normalise a subject into its identity string (see :func:`_subject_key`); cached
    per alias table and recomputed when the table learns a new pair."""
    table = aliases or _DEFAULT_ALIASES
    cache = table.key_cache
    version = table.version
    hit = cache.get(subject)
    if hit is not None and hit[0] == version:
        return hit[1]
    key = _subject_key(subject, table)
    if len(cache) > 65536:
        cache.clear()
    cache[subject] = (version, key)
    return key


def _subject_key(subject: str, aliases: AliasTable | None = None) -> str:
    """Normalise a subject into its identity string.

    Case, articles and filler words, plurals, acronym expansions and typos of ordinary
    words are folded; names and identifiers stay as written (lowercased). A name is told
    by how it is written: camelCase, all caps, digits or a hyphen, or a capital letter
    after the first word (unless the whole subject is in Title Case), so "jQuery" never
    becomes "query". "X for Y", "X of Y" and "X in Y" read as "Y X", so "time to live for
    sessions" == "session TTL" and "log level in staging" == "staging log level".
    """
    table = aliases or _DEFAULT_ALIASES
    # "Time-to-live (TTL)": the acronym in brackets repeats the phrase before it ("(EU)" does not)
    text = _ACRONYM_AFTER_RE.sub(_spelt_out, subject.replace("’", "'"))
    text = _POSSESSIVE_RE.sub("", text)  # "my manager's email": the manager's, no letter s
    text = table.fold(text)
    names = _names_in(text)
    for prep in (" for ", " of ", " in "):
        cuts = list(re.finditer(prep, text, re.I))
        if cuts and len(text.split()) <= 7:
            head, tail = text[: cuts[-1].start()], text[cuts[-1].end():]
            if head.strip() and tail.strip() and len(tail.split()) <= 4:
                text = f"{tail} {head}"
            break
    words = []
    tokens = _TOKEN_RE.findall(text)
    typed_lower = no_capitals(text)  # "plan b", "zone a": letters typed lower
    skip = -1
    for i, raw in enumerate(tokens):
        if i == skip:
            continue
        low = raw.lower()
        if low in _CONTRACTED and i > 0 and tokens[i - 1].lower() in _PRONOUNS:
            continue  # "I've", "we'll": the pronoun's verb, no word of the subject
        if raw == "I" and i + 1 < len(tokens) and tokens[i + 1].lower() in _CONTRACTED:
            continue
        if i > 0 and tokens[i - 1].lower() in _PROGRESSIVE and low.endswith("ing"):
            # "I've been waking up at 6" of "I wake up at 7": the verb, as its base
            lemma = getAllLemmas(low, "VERB").get("VERB")
            if lemma:
                words.append(lemma[0])
                continue
        if raw == "I" and i + 2 == len(tokens) and i > 0 and is_base_verb(tokens[i + 1]):
            skip = i + 1  # "the fee I bill": a closing relative clause, not "fee I"
            continue
        if len(raw) == 1 and (raw.isupper() and (raw != "I" or i > 0)
                              or typed_lower and letter_named(tokens, i)):
            words.append(low)  # "cache A", "Plan B": a one-letter name is a word of the subject
            continue
        if (low in STOP_WORDS or low in _SUBJECT_NOISE) and not acronym_of_stop_word(raw):
            continue
        if "-" in raw and _one_word(raw):
            raw = raw.replace("-", "")  # "Wi-Fi" is "wifi", "e-mail" "email"
            low = raw.lower()
        # the identifier check runs on the token as written: lowercased, "jQuery" is "jquery".
        # Typos are not folded here: two names one letter apart ("zonab" / "zonac",
        # "Kestrel" / "Kestral") are two settings. The resolver decides whether a word
        # is a typo of a stored one (dspm_core.resolve).
        if _ACRONYM_PLURAL_RE.fullmatch(raw):
            words.append(low[:-1])  # "PRs" are "PR"s, "VMs" "VM"s
            continue
        name = raw in names or is_identifier(raw)
        words.append(low if name else singular(low))
    return " ".join(words)


_ACRONYM_PLURAL_RE = re.compile(r"[A-Z]{2,5}s")


def no_capitals(text: str) -> bool:
    """Whether ``text`` has no capital letter after its first character (where a lower-case
    letter may be a name: :func:`letter_named`)."""
    return not re.search(r"[A-Z]", text[1:])


def letter_named(tokens: list[str], i: int) -> bool:
    """Whether the single letter ``tokens[i]``, typed in lower case, names a thing of the
    noun before it ("plan b", "zone a has", "bucket x"); never "i", and never "a" before a
    word the lexicon knows as a noun or an adjective, whose article it is ("plan a trip",
    "$5 a month", "book a quiet table")."""
    raw = tokens[i]
    if not raw.isalpha() or raw == "i" or i == 0:
        return False
    before = tokens[i - 1].lower()
    if len(before) < 2 or not before.isalpha() or before in STOP_WORDS or not is_noun(before):
        return False
    if raw != "a" or i + 1 == len(tokens):
        return True
    after = tokens[i + 1].lower()
    return not (is_noun(after) or is_adjective(after))


def _one_word(hyphenated: str) -> bool:
    """A word written with a hyphen that is one word without it: parts of one or two letters
    ("Wi-Fi") or a common word ("e-mail"); never a name of parts ("requires-python")."""
    parts = hyphenated.split("-")
    if not all(p.isalpha() for p in parts):
        return False
    return max(map(len, parts)) <= 2 or word_frequency().get("".join(parts).lower(), 0) >= _COMMON_WORD


# "my manager's email", "HR's timeout", "IT's budget": the owner, no letter s
_POSSESSIVE_RE = re.compile(r"(?<=[a-z])'s\b|(?<=\b[A-Z]{2})'s\b|(?<=\b[A-Z]{3})'s\b")
_ACRONYM_AFTER_RE = re.compile(r"\s*\(\s*([A-Z][A-Za-z0-9]{1,7})\s*\)")


def _spelt_out(m: re.Match[str]) -> str:
    """An acronym in brackets goes when it spells the words before it ("Time-to-live
    (TTL)"); any other word in brackets names which one ("timeout (EU)", "(Alice)")."""
    letters = m.group(1).lower()
    words = re.findall(r"[A-Za-z0-9]+", m.string[:m.start()])[-len(letters):]
    spelt = "".join(w[0].lower() for w in words)
    return "" if spelt == letters else f" {m.group(1)}"


#: adverbs that ride along in a subject without naming anything ("the TTL again")
_SUBJECT_NOISE = frozenset("again too anymore instead either overall though usually normally "
                           "typically generally lately nowadays mostly stuff".split())
def slot_label(slot: str) -> str:
    """A slot as a label before a note that does not name it: without the adverbs that ride
    along in it ("usually run" -> "run")."""
    words = [w for w in slot.split() if w.lower() not in _SUBJECT_NOISE]
    return " ".join(words) or slot


#: what is left of an auxiliary after a pronoun's apostrophe ("I've", "we'll"); "I'm" and
#: "we're" keep theirs, which tells whose it is ("I'm doing 1800" / "we're doing 2600")
_CONTRACTED = frozenset("ve ll d".split())
_PRONOUNS = frozenset("i we you they he she".split())
#: the words after which a verb in -ing is said in progress ("been waking up")
_PROGRESSIVE = frozenset("been am is are m re was were".split())


@lru_cache(maxsize=65536)
def folded_subject(key: str) -> str:
    """A subject key with typos of ordinary words folded ("webhok timout" -> "webhook
    timeout"); identifiers are left alone. Used to find a stored subject that a new one
    may misspell, never as an identity by itself."""
    return " ".join(w if is_identifier(w) else fold_typo(w) for w in key.split())


def _names_in(text: str) -> frozenset[str]:
    """The capitalised words of a subject after its first word: names ("upgrade to Vitest"),
    unless every content word is capitalised ("Webhook Timeouts" is a title, not a name)."""
    tokens = _TOKEN_RE.findall(text)
    content = [t for t in tokens if t[:1].isalpha() and t.lower() not in STOP_WORDS
               and t.lower() not in _TITLE_SMALL_WORDS]
    if len(content) >= 2 and all(t[:1].isupper() for t in content):
        return frozenset()
    return frozenset(t for t in tokens[1:] if t[:1].isupper())


_TITLE_SMALL_WORDS = frozenset("of for to in on at by with per and or from into vs via".split())


def content_terms(text: str) -> frozenset[str]:
    """Stems of the content words of ``text`` (for recognising restatements)."""
    terms = map(_content_term, _TOKEN_RE.findall(text))
    return frozenset(t for t in terms if t is not None)


@lru_cache(maxsize=262144)
def _content_term(raw: str) -> str | None:
    """The stem :func:`content_terms` keeps for one token, or None for a word it skips."""
    low = raw.lower()
    if acronym_of_stop_word(raw):
        return low  # "the US price": a name
    if low in STOP_WORDS or low in _ECHO_WORDS or len(low) < 2:
        return None
    return stem(fold_typo(singular(low))) if not is_identifier(raw) else low


def acronym_of_stop_word(raw: str) -> bool:
    """A word in capitals spelled like a word of no content: a name ("US", "IT"), never
    "OK" or the "AM" of a time."""
    return len(raw) > 1 and raw.isupper() and raw.isalpha() and raw.lower() in STOP_WORDS \
        and raw.lower() not in _NO_ACRONYMS


_NO_ACRONYMS = frozenset("ok okay am pm no yes".split())


_ECHO_WORDS = frozenset(
    """confirmed confirm confirms noted understood got it will ok okay sure yes done
    acknowledged acknowledge correct right absolutely certainly of course keep mind remember
    i'll we'll i we you your our to and or with for on in at by as be is are was must should
    always never not no do don't does make ensure sure every per that this it its has have
    also will would can could need needs required""".split()
)


def _clean(text: str) -> str:
    t = " ".join(text.replace("’", "'").split())
    t = re.sub(r"^(?:[-*•>#]+\s*|\d{1,3}[.)]\s+)+", "", t)  # list markers, not "10 is too many"
    t = _LEAD_RE.sub("", t)
    asked = _ASKED_TO_RE.match(t)
    if asked and not t.rstrip().endswith("?") and is_base_verb(t[asked.end():].split(None, 1)[0]):
        t = t[asked.end():]  # "can u book the car in for its MOT on the 14th": the instruction
    t = _ARTICLE_A_RE.sub(lambda m: m.group(0).lower(), t)
    return t.strip().rstrip(".!;")


_REASON_BREAK_RE = re.compile(r"\s+so\s+(?=\S)", re.I)
_POINTER_AFTER_RE = re.compile(r"(?<=\w),\s*(?:it|that|this)(?:\s+[a-z]+s)?$"
                               # "Shift Movers called, they (can only do 9:30 now)": the movers
                               r"|(?<=\w),\s*(?:they|he|she)(?:\s+(?:can|could|will|would|say|said))?$", re.I)


def after_reason(subject: str) -> str:
    """The words of a subject after the reason said before it ("my knee's been bad so I've"
    -> "I've"): a reason names no setting."""
    return _REASON_BREAK_RE.split(subject)[-1]


@lru_cache(maxsize=16384)
def _clean_subject(subj: str) -> str:
    s = subj.strip(" ,;:-")
    # (a reason said first names no setting: "my knee's been bad so I've (dropped to 3k)")
    s = after_reason(s)
    # "my leave got moved, it (starts July 15 now)": "it" is what the clause before names
    s = _POINTER_AFTER_RE.sub("", s)
    s = _SUBJ_LEAD_RE.sub("", s)
    prev = None
    while prev != s:
        prev = s
        s = _SUBJ_TRAIL_RE.sub("", s).strip(" ,;:-")
    # (never the noun of "the set length", "the change log": a verb only before its object's
    # article, or before more than one word)
    s = re.sub(r"^(?:set|change|update|make|keep)\s+(?!up\b)(?:the\s+|(?=\S+\s+\S))", "", s, flags=re.I)
    told = _TOLD_RE.match(s)
    if told and s[told.end():].strip():
        s = s[told.end():]  # "HR says lunch (is 45 minutes now)": the lunch
    modal = _MODAL_VERB_RE.search(s)
    if modal and modal.start() > 0 and is_base_verb(modal.group("verb").lower()) \
            and not re.search(r"\b(?:i|we|you|he|she|they)\b", s[: modal.start()], re.I):
        s = s[: modal.start()]  # "invoices should go out (on the 25th)": the invoices
    asked = _ASKED_OF_RE.match(s)
    if asked and is_base_verb(asked.group("verb")):
        s = asked.group("np")  # "can the dog walker come (1-2 instead?)": the dog walker
    s = _without_verbs(s)
    if len(s.split()) > 5:
        # "I'm trying to update my timeline to reflect the new sprint deadline": the noun
        # phrase after the last determiner that follows a verb (not "size of the queue")
        tail = _INNER_NP_RE.match(s)
        if tail and 1 <= len(tail.group("np").split()) <= 4:
            s = tail.group("np")
    return s.strip(" ,;:-")


# the setting a value said before is named as ("..., so that's our budget now")
THATS_OUR_RE = re.compile(r"\b(?:so\s+)?that'?s\s+(?:our|my|the|your)\s+(?:new\s+)?(?P<what>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
                           r"\s+(?:now|then|from now on)\b", re.I)
# what a tool's version is for ("Node 18 for the lambdas")
_VERSION_FOR_RE = re.compile(r"\bfor\s+(?:the\s+|our\s+|my\s+|all\s+)?(?P<what>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s*[.!]?$",
                             re.I)
# "1:1" said as a meeting, never a ratio ("my 1:1 with Priya", "our weekly 1:1")
_ONE_TO_ONE_RE = re.compile(r"\b(my|our|your|the|a|weekly|monthly|next|their|his|her)\s+1:1s?\b", re.I)
# a name said, then the old one turned down ("PRs go to main, not develop")
_NAME_NOT_OLD_RE = re.compile(r"^(?P<main>(?P<lead>[\w' -]{2,40}?)\s+(?P<new>[\w.#/-]+)),?\s+not\s+(?P<old>[\w.#/-]+)\s*[.!]?$",
                         re.I)
_NOT_OLD_FIRST_RE = re.compile(r"^\W*(?:no[,.]?\s+)?not\s+(?P<old>[\w.#/-]+)\s*[,;:]\s*(?:it'?s\s+)?(?P<new>[\w.#/-]+?)[.!]?$",
                               re.I)
_NOT_OLD_WHO_RE = re.compile(r"^(?:i|we|you|they)\s+", re.I)
# the verb and preposition before such a name ("go to", "should be", "is")
_NOT_OLD_LEAD_RE = re.compile(r"\s+(?:(?:go(?:es)?|goes|should\s+go|is|are|should\s+be|use|uses)\s*)?(?:to|on|in|at|into)?$",
                              re.I)
# a value judged as too much or too little ("way too long", "overkill", "not enough")
_TOO_MUCH = (r"(?:(?:way|a bit|a little|far|much|just)\s+)?(?:too\s+[a-z]+|overkill|excessive|not enough|"
             r"a lot)")
# a value said, then the old one judged after a comma ("..., 40 was too strict")
_OLD_JUDGED_RE = re.compile(r"^(?P<main>.+?\d.*?),\s*(?P<old>[$€£]?\d[\d.,]*(?:\s?[a-z%]+)?)\s+(?:was|is|were|'s)\s+"
                            rf"{_TOO_MUCH}", re.I)
# who said what follows ("HR says", "my mum said that", "the vet told us")
_TOLD_RE = re.compile(r"^(?:[\w']+\s+){1,2}?(?:says|said|told\s+(?:me|us)|reckons|thinks|confirmed|wants|"
                      r"wanted)\s+(?:that\s+)?",
                      re.I)
# a modal and the verb it takes, ending a subject ("invoices should go out")
_MODAL_VERB_RE = re.compile(r"\s+(?:should|must|will|would|can|could|shall|need(?:s)?\s+to|has\s+to|"
                            r"have\s+to)\s+(?P<verb>[a-z]+)(?:\s+(?:out|up|off|in|on|down|back|over))?$", re.I)
# a question asking what someone can do: "can the cleaner come", "could the plumber start"
_ASKED_OF_RE = re.compile(r"^(?:can|could|would|will)\s+(?:the|my|our|your)\s+(?P<np>[\w' -]+?)\s+"
                          r"(?P<verb>[a-z]+)$", re.I)


def _without_verbs(subject: str) -> str:
    """The noun phrase of a subject that carries verbs: after the last word that is only a
    verb ("Legal moved the deadline" -> "deadline", "postpone the code freeze" -> "code
    freeze"), else before the first ("the launch got postponed" -> "launch")."""
    words = subject.split()
    # a verb-only word counts where a verb stands: first, last, or before a determiner or
    # a preposition ("postpone the ...", "... got postponed", "listens on port")
    # (a capitalised word only as the first, before its object: "Zoom meeting" is a name)
    def leads(i: int) -> bool:
        return i + 1 < len(words) and words[i + 1].lower() in _VERB_OBJECT_LEADS
    verbs = [i for i, w in enumerate(words) if (
        (i == 0 and leads(i) and is_verb_only(w))  # "Postpone the code freeze"
        or ((i == len(words) - 1 or leads(i)) and _PAST_FORM_RE.match(w)
            and not w[:1].isupper() and is_past_verb(w)
            # the object of a preposition is a noun: "the timeout in staging"
            and not (i == len(words) - 1 and words[i - 1].lower() in PREPOSITIONS)
            # a word in -ing after an adjective is a noun: "free shipping", "express shipping"
            and not (i > 0 and w.lower().endswith("ing") and is_adjective(words[i - 1].lower()))))
             and not is_identifier(w)]
    if not verbs:
        return subject
    last = verbs[-1]
    if last + 1 < len(words) and words[last + 1].lower() in PREPOSITIONS:
        # "web-1 listens on port": the verb and its preposition go, the names stay
        return " ".join(words[:last] + words[last + 2:]).strip(" ,;:-") or subject
    after = _SUBJ_LEAD_RE.sub("", " ".join(words[last + 1:])).strip(" ,;:-")
    if after and any(w.lower() not in STOP_WORDS for w in after.split()):
        return after
    before = " ".join(words[: verbs[0]]).strip(" ,;:-")
    noun = _AUXILIARY_END_RE.sub("", before)
    if noun != before and noun.lower() not in _PRONOUNS and noun.lower() not in ("it", "that", "this"):
        before = noun  # "the launch got (postponed)": the launch ("it was": what was, unsaid)
    return before if before else subject


# the auxiliary of a verb of change that closes a subject ("the launch got (postponed)")
_AUXILIARY_END_RE = re.compile(r"(?<=\w)\s+(?:got|gets|was|were|has been|have been|had been|is being|"
                               r"are being|is|are)$", re.I)


# what an inflected verb looks like before the lexicon is asked: "-ed", "-ing", or a
# common irregular past form
_PAST_FORM_RE = re.compile(r"[a-z]+(?:ed|ing)$|(?:got|gotten|sent|made|kept|left|held|brought|built|"
                           r"bought|paid|told|sold|taken|given|chosen|done|gone|put|cut|set|"
                           r"spent|grown|shown|drawn|thrown|written|ran|rose|fell|won)$")
#: prepositions (never a word that names a thing)
PREPOSITIONS = frozenset("on in at to for with from by of into onto over under about".split())
#: the words a noun phrase opens with ("the", "my", "those")
DETERMINERS = frozenset("the a an my our your their its his her this that these those".split())
_VERB_OBJECT_LEADS = PREPOSITIONS | DETERMINERS

_INNER_NP_RE = re.compile(
    r"^.*(?<!\bof)(?<!\bfor)(?<!\bin)(?<!\bon)(?<!\bat)(?<!\bto)(?<!\bwith)(?<!\bby)(?<!\bfrom)"
    r"\s+(?:the|my|our|your|its|their)\s+(?P<np>[^,;]+)$", re.I)


# values that are the whole match of the value finder, with no unit after them to take
_WHOLE_MATCH_DIMS = frozenset({"clock", "ratio", "when", FREQUENCY_DIMENSION, "email", "address", "phone",
                               "postcode", "url", "path"})


def is_referent_word(subject: str | None) -> bool:
    """A subject that is only a pointer ("them", "it", "everything")."""
    return subject is not None and subject.lower() in _POINTER_SUBJECTS


_POINTER_SUBJECTS = frozenset("it that this them these those everything all it's its that's thats".split())


@lru_cache(maxsize=16384)
def value_at(fragment: str) -> tuple[ParsedValue, str] | None:
    """The value starting at the beginning of ``fragment`` (a number, date or weekday)."""
    frag = fragment.strip()
    m = VALUE_RE.match(frag)
    if not m:
        return None
    size = SIZE_RE.match(frag)
    if size:  # "160 x 230 cm": one size, never 160 of "x"
        return parse_value(size.group(0)), size.group(0)
    start = m.group(0)
    if parse_value(start).dimension in _WHOLE_MATCH_DIMS:
        text = start  # "7:15 AM", "the 29th": the value is the match itself
    elif start[:1].isdigit() or start[:1] in "$€£+-":
        text = split_number_unit(frag)
    else:
        text = start
    return parse_value(text), text


# when a change holds from, or why, said after the name it is to ("Discord next month",
# "eu-west-1 for the GDPR audit")
_WHEN_AFTER_RE = re.compile(r"\s+(?:next|this|from|starting|by|in|on|tomorrow|today|tonight|soon|asap|"
                            r"later|last|for|because|since|as|so)\b.*$", re.I)


def _free_value(fragment: str) -> str:
    """A free-text value: the fragment up to the first clause break."""
    said = re.split(r"[,;](?!\d)|\s+(?:because|since|so that|unless|but|and then|which|when|while)\s+",
                    fragment.strip(), maxsplit=1)[0].strip().rstrip(".!?")
    # ("info actually", "debug now please": the value without the words of the change)
    return _FILLER_TAIL_RE.sub("", said) or said


_FILLER_TAIL_RE = re.compile(r"(?:\s+(?:actually|then|now|please|pls|plz|instead|though|tho|again|"
                             r"thanks|thx|btw))+$", re.I)


# a measure said before the thing it measures ("25 minute work blocks", "a 2GB swap file")
_MEASURED_THING_RE = re.compile(
    r"^(?P<val>\d[\d.,]*[\s-]?(?P<unit>[a-z]{2,}?)s?)[\s-]+(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
    r"(?=\s+(?:and|or|with|for|on|in|at|each|every|per)\b|\s*[,.;!]|\s*$)", re.I)
def _names_a_thing_measured(words: str) -> bool:
    """The words after a measure name a thing ("work blocks"), not a time or a manner
    ("now", "tops", "instead", "a day")."""
    said = words.lower().split()
    return not any(w in STOP_WORDS or w in PREPOSITIONS or w in _NOT_MEASURED for w in said) \
        and (is_noun(said[-1]) or not getAllLemmas(said[-1]))


#: words after a measure that say when or how, never what
_NOT_MEASURED = frozenset("now tops max maximum min minimum instead then today tonight daily "
                          "weekly monthly total overall long each every per a an ago later "
                          "earlier".split())
# a setting and its value after a label ("User profile: monthly rent budget £1,200")
_ITEM_RE = re.compile(r"[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}\s+[$€£]?\d", re.I)
_RATIO_SUBJECT_RE = re.compile(r"\b(?:ratios?|split|proportions?|mix)\b", re.I)


# a reminder asked for ("remind me next tuesday"), never "... when you remind me"
_REMIND_ME_RE = re.compile(r"(?<!\byou )(?<!\bu )\bremind (?:me|us)\b", re.I)
# what something is about or like, not a value of it (never "about 20 minutes")
_TOPIC_RE = re.compile(r"\s*(?:about|like)\s+(?![$€£]?\d|a\s+(?:day|week|month|year|minute|hour)\b)\S", re.I)
# a noun's "'s" at the end of a subject: "is", the verb its value follows
_IS_AFTER_RE = re.compile(r"(?<=\w\w)(?<!\bthat)(?<!\bwhat)(?<!\bthere)(?<!\bhere)(?<!\blet)['’]s$", re.I)


# a goal or a plan, not a change made: "want to cut down to 2", "trying to get it down to 3"
_WISH_RE = re.compile(r"\b(?:want(?:s|ed)? to|wanna|trying to|try to|hop(?:e|ing) to|plan(?:ning)? to|"
                      r"going to|gonna|need to|should|would like to|'d like to|aim(?:ing)? to)\b", re.I)
# how near a value is, said before it: "more like 8,000", "closer to 40", "roughly 5"
_HEDGE_END_RE = re.compile(r"\s+(?:more like|something like|closer to|nearer to|roughly|approximately|"
                           r"around|about|nearly|almost)$", re.I)
_NEW_ONE_RE = re.compile(r"^new\s+(?P<rest>[a-z][\w-]*(?:\s+[\w-]+){0,3})$", re.I)


def _statement(subject: str | None, op: str | None, value_text: str | None,
               revision: bool = False, old: str | None = None) -> Statement:
    subj = _clean_subject(subject) if subject else None
    if subj:  # "budget's now €200 a night": the "'s" is "is"
        subj = _HEDGE_END_RE.sub("", _IS_AFTER_RE.sub("", subj))  # ("I'm doing more like 8,000 steps")
    new_one = _NEW_ONE_RE.match(subj) if subj else None
    if new_one and not any(is_plural_noun(w) for w in new_one.group("rest").split()):
        # "New work email is ...", "I've got a new landline number: ...": the setting, changed
        # (never "new users get 10 credits", a setting of its own)
        subj, revision = new_one.group("rest"), True
    if value_text is None:
        return Statement(subj or None, op, None, revision=revision)
    if old and re.fullmatch(r"\d[\d.,]*", old.strip()):
        said = value_at(value_text)  # "from 20 to 30 minutes a day": 20 minutes a day
        if said is not None and said[0].unit and said[1][:1].isdigit():
            old = f"{old.strip()} {said[0].unit}"
    measured = _MEASURED_THING_RE.match(value_text.strip())
    if measured and canonical_unit(measured.group("unit"))[1] in ("time", "size") \
            and _names_a_thing_measured(measured.group("thing")):
        # "use 25 minute work blocks": the work blocks, 25 minutes long; "provision the
        # build VM with a 50GB disk": 50GB, of the setting its subject names
        if not subj or weak_subject(subj) or " " not in subj and is_base_verb(subj):
            subj = measured.group("thing")  # ("book a 30 minute call": the call)
        else:
            words = subj.split()  # ("the build VM with")
            subj = " ".join(words[:-1]) if len(words) > 1 and words[-1].lower() in PREPOSITIONS else subj
        value_text = measured.group("val")
    if subj and value_text.lower().startswith(subj.lower()):
        subj = None  # "use Seattle": the value is no subject of its own
    parsed = value_at(value_text)
    if parsed is None:
        tool = VERSIONED_LEAD_RE.match(value_text.strip())  # "Node 18 for the lambdas"
        pv = parse_value(tool.group(0)) if tool else None
        if pv is None or not pv.dimension.startswith("version:"):
            pv = parse_value(_free_value(value_text))
        if pv.dimension == "free":
            name = pv.text.split()[0].lower() if pv.text else ""
            lead = _LEAD_NAME_RE.match(pv.text)
            if _NAME_CATEGORY.get(name) in ONE_AT_A_TIME and " " in pv.text \
                    and pv.text.lower() not in MULTIWORD_NAMES:
                # "low-fodmap pls my gut is a mess lately": the diet, not what follows it
                pv = ParsedValue(pv.text.split()[0], None, name, "name")
            elif name in _NAME_CATEGORY or name_category(pv.text) or name_category(name):
                named = _WHEN_AFTER_RE.sub("", pv.text) if pv.text.lower() not in MULTIWORD_NAMES else pv.text
                # ("moving the team chat to Discord next month": Discord, from next month)
                pv = ParsedValue(named, None, named.lower() if named != pv.text else pv.canonical, "name")
            elif lead and lead.end() < len(pv.text) and (revision or _PLACED_RE.match(pv.text, lead.end())):
                # "migrated CI to GitHub Actions last week", "the venue is The Crown on Market
                # Street": the name, not the words after it
                pv = parse_value(lead.group(0))
                pv = pv if pv.dimension.startswith("version:") else replace(pv, dimension="name")
        if pv.dimension.startswith("unit:"):  # "weights in pounds": a unit of mass
            dim, canon = as_weight(pv.dimension, pv.canonical, subj)
            pv = replace(pv, dimension=dim, canonical=canon)
        return Statement(subj or None, op, pv.text or None, None, None, pv.dimension,
                         pv.canonical, old, revision)
    pv, _ = parsed
    if pv.dimension.startswith("count:") and subj:
        # "we're on ruby 3.3 across the board": the version of a known system, not 3.3 "across"
        name = re.split(r"[,;]", subj)[-1].split()[-1:]
        number = VERSION_RE.match(pv.text)
        if name and number and VERSIONED_LEAD_RE.fullmatch(f"{name[0].lower()} {number.group(0)}"):
            pv = parse_value(number.group(0))
    if pv.dimension == "clock" and subj and _RATIO_SUBJECT_RE.search(subj) \
            and CLOCK_SHAPE_RE.fullmatch(pv.text):  # "my pour-over ratio is 1:16"
        pv = replace(pv, canonical=pv.text, dimension="ratio")
    if pv.dimension == "number" and subj:
        # "Bump Python to 3.12", "my laptop has macOS 13", "..., Android 14 now": the
        # version of the named system, said of what comes before the name in its clause
        clause = re.split(r"[,;]", subj)[-1].split()
        at = next((i for i, w in enumerate(clause) if i and w.lower() == "version"), 0)
        if at and _names_a_system(clause[:at], pv.text, True):
            # "node version is 18", "python version in the lambdas is 3.9": Node 18, Python 3.9
            tool = parse_value(f"{clause[at - 1]} {pv.text}")
            if tool.dimension.startswith("version:"):
                return Statement(subj, op, tool.text, None, None, tool.dimension, tool.canonical,
                                 old, revision)
        tool = parse_value(f"{clause[-1]} {pv.text}") if clause and _names_a_system(
            clause, pv.text, revision) and not _COUNTED_LEAD_RE.match(subj) else None  # ("max replicas for the HPA is 8")
        if tool is not None and tool.dimension.startswith("version:"):
            return Statement(" ".join(clause[:-1]) or None, op, tool.text, None, None,
                             tool.dimension, tool.canonical, old, revision)
    if subj and pv.scope is None and pv.dimension in _PERIODIC_DIMS:
        period = _PERIOD_ADJ_RE.search(subj)
        if period:  # "my monthly budget is €400": €400 a month
            per = PERIOD_OF[period.group(0).lower()]
            pv = replace(parse_value(f"{pv.text} per {per}"), text=pv.text)
    if pv.dimension == "number" and subj:
        counted = _counted_noun(subj)
        if counted:  # "Max players per lobby is 16": 16 players, written as it was said
            pv = replace(parse_value(f"{pv.text} {counted}"), text=pv.text)
    if subj and _SPEAKER_ONLY_RE.fullmatch(subj):
        thing = _COUNT_OF_RE.fullmatch(pv.dimension)
        if thing:  # "I'm allowed 2 coffees a day": the coffees, not the speaker
            subj = thing.group(1)
    if subj and pv.dimension == "address" and _LIVE_RE.fullmatch(subj):
        subj = "address"  # "I live at 14 Elm Street": the address ("my address is ... now")
    return Statement(subj or None, op, pv.text, pv.unit, pv.scope, pv.dimension, pv.canonical,
                     old, revision)


# the speakers alone, as the subject of a choice ("we're switching to ...")
_CHOOSERS = frozenset("we we're i i'm so and but".split())
# a subject that names a count or a bound first, never a system's version
_COUNTED_LEAD_RE = re.compile(r"(?:the\s+|our\s+|my\s+)?(?:max|maximum|min|minimum|number|count|limit|"
                              r"total|no\.?)\b", re.I)
# a subject of only the speaker ("I'm", "we") and the noun a count is of ("rate:count:coffee")
_SPEAKER_ONLY_RE = re.compile(r"(?:i|we|i'm|we're|i've|we've|i am|we are)", re.I)
_COUNT_OF_RE = re.compile(r"(?:rate:)?count:([a-z][a-z-]+)")
_LIVE_RE = re.compile(r"(?:(?:i|we)(?:'m|'re| am| are)?\s+)?(?:live|living|now live|live now)", re.I)


def _names_a_system(clause: list[str], number: str, revision: bool) -> bool:
    """The last word of ``clause`` names a system whose version ``number`` is: a known
    name, one written like a product ("macOS"), or a rare capitalised word said alone
    with a revision ("Android 14 now"; "Nights should be 65" is a word); a dotted number
    after any capitalised name in a revision ("Bump Python to 3.12")."""
    name = clause[-1]
    if VERSIONED_LEAD_RE.fullmatch(f"{name.lower()} {number}"):
        return True  # "the staging db is postgres 14": a known system, in any case
    if not _TOOL_NAME_RE.fullmatch(name) or name.lower() in _NUMBERED_NOUNS \
            or name.lower() in BUILTIN_ACRONYMS:
        return False  # ("Bs is 64 now": the batch size)
    if name_category(name) or not name[1:].islower() or revision and "." in number:
        return True
    return revision and len(clause) == 1 and max(
        word_frequency().get(w, 0) for w in (name.lower(), singular(name.lower()))) < _COMMON_WORD


_PERIODIC_DIMS = frozenset({"money"})
#: a word this frequent in English is a word, never a name, when it opens a sentence
_COMMON_WORD = 10_000
# one capitalised name, the tool a dotted version number is of ("Bump Python to 3.12")
_TOOL_NAME_RE = re.compile(TOOL_NAME)
_PERIOD_ADJ_RE = re.compile(r"\b(?:" + "|".join(PERIOD_OF) + r")\b", re.I)

# where a name said as a value stands ("The Crown on Market Street", "the Ibis by the station")
_PLACED_RE = re.compile(r"\s+(?:on|at|in|by|near|off|opposite|next to|behind|beside)\s")

# a value that opens with a name: capitalised words, then lowercase ones
_LEAD_NAME_RE = re.compile(r"(?:[A-Z][\w.+#'-]*)(?:\s+(?:[A-Z0-9][\w.+#'-]*))*(?=\s+[a-z])")


def _counted_noun(subject: str) -> str | None:
    """The plural noun a bare number counts, when the subject names one ("max players")."""
    words = []
    for w in subject.lower().split():  # not what it is for ("batch size for embeddings")
        if w in PREPOSITIONS or w == "per":
            break
        words.append(w)
    plural = [w for w in words
              if len(w) > 3 and w.endswith("s") and not w.endswith("ss") and w.isalpha()
              and is_plural_noun(w) and w not in STOP_WORDS]
    return plural[0] if len(plural) == 1 else None


# where a long subject joins the clause that holds the setting ("..., and have a Zoom call")
_JOINT_RE = re.compile(r"(?:,|\b(?:and|but|so))\s+(?:(?:i|we)\s+)?(?:(?:have|has|had|got)\s+)?",
                       re.I)


_DIGIT_RE = re.compile(r"\d")


# a word of a day a value holds from, an age reached or a deadline (one search for the three)
_DATED_CUE_RE = re.compile("|".join(p.pattern for p in (EFFECT_CUE_RE, TURNED_CUE_RE, _DUE_CUE_RE)), re.I)


def _dated(text: str) -> Statement | None:
    """:func:`parse_statement` of a value said with its day: the day it holds from, an age
    reached, a deadline or an expiry; None for any other sentence."""
    # "The door code will be 7390 from Monday", "As of today my desk is on floor 5": the day
    # a value holds from, a revision cue, never part of the setting or its value
    effect = effect_said(text) if EFFECT_CUE_RE.search(text) else None
    if effect is not None:
        st = parse_statement(effect[0])
        if st.value is not None:
            return replace(st, revision=True)
    turned = age_turned(text) if TURNED_CUE_RE.search(text) else None
    if turned is not None:  # "My daughter just turned 8!": her age now
        return _statement(turned[0], "=", turned[1], revision=True)
    # "They gave us until Monday for the grant", "My visa runs out in May": a deadline or an
    # expiry, never a bound ("until Monday")
    due = due_said(text) if _DUE_CUE_RE.search(text) else None
    if due is not None:
        day = re.sub(r"^the\s+", "", due[1], flags=re.I)
        st = _statement(due[0], "=", day, revision=True)
        if st.dimension == "free" and day.lower() in MONTHS:  # "runs out in May": a month
            st = replace(st, value=MONTHS[day.lower()], dimension="when", canonical=day.lower())
        if st.value is not None and st.dimension in ("when", "clock"):
            return st
    return None


# "on the 1st of every month": the day of the month, which recurs (never a frequency)
_DAY_OF_EACH_MONTH_RE = re.compile(r"\b(\d{1,2}(?:st|nd|rd|th))\s+of\s+(?:each|every|the)\s+month\b", re.I)


def as_day_of_month(text: str) -> str:
    """``text`` with a day of each month said as the day ("on the 1st of every month" is
    "on the 1st"), for reading its setting; ``text`` itself when it says none."""
    return _DAY_OF_EACH_MONTH_RE.sub(r"\1", text) if "month" in text else text


# a goal with its value: "I'm aiming for 120g protein a day", "we're hoping to save £2,000"
_AIM_RE = re.compile(r"^(?:(?:so|and|but|also|btw|fyi|ok)[,\s]+)*(?:i'm|im|i am|we're|we are)\s+(?:now\s+)?"
                     r"(?:aiming|hoping|working towards?)\s+(?:to\s+(?P<verb>[a-z]+)\s+|for\s+)?(?P<rest>.+)$",
                     re.I)
_NOT_A_GOAL = frozenset("a an per each every by before after in on at of for to and or the this my our day "
                        "days week weeks month months year years".split())
_MEASURE_RE = re.compile(r"(?:k?g|mg|kgs?|lbs?|pounds?|stones?|st|km|k|miles?|m|cm|mm|ml|l|litres?|liters?|"
                         r"hours?|hrs?|minutes?|mins?|seconds?|secs?|percent)", re.I)


@lru_cache(maxsize=8192)
def aimed_goal(text: str) -> tuple[str, str] | None:
    """(what a goal is of, its value) of a goal said with its number ("im aiming for 120g
    protein a day": protein, "120g protein a day"; "I'm aiming to lose 5 kg before the
    wedding": lose, "5 kg"), or None."""
    aim = _AIM_RE.match(text) if "aiming" in text or "hoping" in text or "towards" in text else None
    if aim is None:
        return None
    found = value_at(aim.group("rest"))
    if found is None or found[0].dimension == "free" or not any(c.isdigit() for c in found[1]):
        return None
    thing = aim.group("verb")
    for word in found[1].split()[1:] + aim.group("rest").strip()[len(found[1]):].split():
        if not word.isalpha() or word.lower() in _NOT_A_GOAL:
            break  # ("£2,000 by June": not June's)
        if not _MEASURE_RE.fullmatch(word):
            thing = word  # "120g protein a day": protein
            break
    return (thing, found[1]) if thing else None


# a thing named by its noun and number, then what it does and when: "Bus 43 leaves at 7:50"
_NUMBERED_DOER_RE = re.compile(r"^\W*(?:the\s+)?(?P<name>[A-Za-z][a-z]+\s+\d{1,4})\s+(?P<verb>[a-z]+s)\s+"
                               r"(?:at|on|by|from|every|for|to)\s+(?P<rest>.+)$", re.I)


# a numbered place or thing that does something ("Table 4 gets the vegetarian menu")
_LABEL_DOES_RE = re.compile(rf"^\W*(?:the\s+)?(?:{LABELLED})\s+(?P<code>\d{{1,4}})\s+(?P<verb>[a-z]+s)\b(?P<rest>.*)$",
                            re.I)


def _numbered_doer(text: str, counted: str) -> Statement | None:
    """What a numbered thing does and when ("Bus 43 leaves at 7:50": the time bus 43
    leaves), where the count read first took its number ``counted`` and the verb ("43
    leaves"); no setting at all when nothing but its number was read ("Table 4 gets the
    vegetarian menu", "Room 12 is booked": the number names the table, the room)."""
    m = _NUMBERED_DOER_RE.match(text)
    if m is None:
        named = _LABEL_DOES_RE.match(text)
        if named and named.group("code") == counted and value_at(named.group("rest")) is None:
            return Statement(None, None, None)
        return None
    verb = m.group("verb").lower() if m else ""
    if m is None or m.group("name").split()[-1] != counted or not is_third_person(verb):
        return None
    at = value_at(m.group("rest"))
    if at is None:
        return None
    pv = at[0]
    return Statement(f"{m.group('name')} {verb}", "=", pv.text, pv.unit, pv.scope, pv.dimension,
                     pv.canonical, None, _has_revision_cue(text))


@lru_cache(maxsize=16384)
def parse_statement(text: str) -> Statement:
    """Read subject, operator, value, unit and scope out of one sentence (see
    :func:`_parse_statement`); a value said with the adjective of its measure ("resize the
    photos to 800px wide") has that measure in its subject ("photo width")."""
    if "`" in text:  # "nginx `client_max_body_size 10m`": the code's words, read as said
        return parse_statement(text.replace("`", ""))
    if _ONE_TO_ONE_RE.search(text):  # "my 1:1 with Priya is every Tuesday at 3pm": a meeting
        return parse_statement(_ONE_TO_ONE_RE.sub(lambda m: f"{m.group(1)} one-to-one", text))
    first_turned = _NOT_OLD_FIRST_RE.match(text)
    if first_turned is not None and not NOT_FIRST_RE.match(text):
        # "not v18, v20": the old value turned down, then the new one, in words (a number,
        # a frequency or a day is read by NOT_FIRST_RE, with its kind)
        return _statement(None, "=", first_turned.group("new"), revision=True, old=first_turned.group("old"))
    turned = _NAME_NOT_OLD_RE.match(text)
    if turned is not None:  # "PRs go to main, not develop": the new name, and the old one
        main = parse_statement(turned.group("main"))
        if main.value is None:
            lead = _NOT_OLD_LEAD_RE.sub("", _NOT_OLD_WHO_RE.sub("", turned.group("lead"))).strip()
            if len(lead.split()) == 1 and (is_base_verb(lead.lower()) or is_past_verb(lead.lower())):
                lead = ""  # ("use tabs not spaces", "I said Tom not Tim": no name of a setting)
            return _statement(lead or None, "=", turned.group("new"), revision=True,
                              old=turned.group("old").rstrip("."))
    judged = _OLD_JUDGED_RE.match(text)
    if judged is not None:  # "max function length 60, 40 was too strict for the handlers"
        main = parse_statement(judged.group("main"))
        if main.value is not None and main.value != judged.group("old").strip():
            return replace(main, old_value=judged.group("old").strip(), revision=True)
    day_said = as_day_of_month(text)
    if day_said != text:
        return parse_statement(day_said)
    dated = _dated(text) if _DATED_CUE_RE.search(text) else None
    if dated is not None:
        return dated
    # "I cancelled PureGym and joined The Gym Group": the old value named, and the new one
    job = occupation_said(text)
    if job is not None:  # "I'm a freelance illustrator", "I'm a teacher now"
        return _statement(OCCUPATION, "=", job[0], revision=job[1])
    goal = aimed_goal(text)
    if goal is not None:  # "im aiming for 120g protein a day": the protein goal
        return _statement(f"{goal[0]} goal", "=", goal[1])
    role = role_said(text)
    if role is not None:  # "Jenny is playing Lady Macbeth", "Carol's taking the part"
        return Statement(role[0], "=", role[1], None, None, "name", role[1].lower(), None, role[2])
    sent = recipient_said(text)
    if sent is not None:  # "The weekly summary goes to Priya", "send it to Luis instead"
        return Statement(f"{sent[0]} recipient", "=", sent[1], None, None, "name", sent[1].lower(),
                         revision=sent[2])
    hosted = region_said(text)
    if hosted is not None:  # "all our infra is in us-east-1": where it runs
        return Statement(f"{hosted[0]} region", "=", hosted[1], None, None, "name", hosted[1].lower())
    channel = channel_said(text)
    if channel is not None:  # "notifications go out by email", "the bot posts digests to slack"
        return Statement(f"{channel[0]} channel", "=", channel[1], None, None, "name", channel[1].lower(),
                         revision=channel[2])
    renamed = renamed_said(text)
    if renamed is not None:  # "they changed the wifi password, it's seagull77 now"
        return _statement(renamed[0], "=", renamed[1], revision=True)
    named_anew = renamed_from(text)
    if named_anew is not None:  # "we renamed master to main": the old name, and the new one
        old = None if named_anew[0].lower() in ("it", "that", "this") else named_anew[0]
        return _statement(None, "=", named_anew[1], revision=True, old=old)  # ("renamed it to main")
    switched = switched_said(text)
    if switched is not None:
        return _statement(None, "=", switched[1], revision=True, old=switched[0])
    switched_name = switched_to(text)
    if switched_name is not None:  # "switching her to Hill's Science Diet, sensitive stomach"
        return Statement(None, "=", switched_name, None, None, "name", switched_name.lower(), None, True)
    st = called_as(price_of_thing(amount_of_thing(placed_before_noun(decided_on(hosted_for(
        party_of(_parse_statement(text), text), text)), text), text), text), text)
    if (st.dimension.startswith("count:") or st.dimension == "number") and st.value:
        st = _numbered_doer(text, st.value.split()[0]) or st
    if st.value is not None:
        named = THATS_OUR_RE.search(text)
        if named is not None and text.find(st.value) < named.start():
            # "the quote came in at £17,500 so that's our budget now": the budget
            st = replace(st, subject=named.group("what"), revision=True)
    if st.dimension == FREQUENCY_DIMENSION and st.value:
        at = re.search(rf"(?<![\w-]){re.escape(st.value)}\s+at\s+(?P<clock>\d{{1,2}}(?::\d{{2}})?\s?(?:[ap]\.?m\.?)?)"
                       r"(?![\w:])", text, re.I)
        if at is not None and parse_value(at.group("clock")).dimension == "clock":
            # "the team standup is daily at 9:45": its time, so "standup moved to 9:30" revises it
            clock = parse_value(at.group("clock"))
            st = replace(st, value=clock.text, unit=None, dimension="clock", canonical=clock.canonical)
    if st.subject is None and st.dimension.startswith("version:") and st.value \
            and text.lstrip().lower().startswith(st.value.lower()):
        used_for = _VERSION_FOR_RE.search(text)
        if used_for is not None:  # "Node 18 for the lambdas": the lambdas' runtime
            st = replace(st, subject=used_for.group("what"))
    if st.value is not None and _TOPIC_RE.match(st.value):
        return Statement(st.subject, None, None)  # "the ticket is about auth": a topic, no value
    if st.value is not None and st.op == "=" and st.subject:
        bound = _SUPERLATIVE_BOUND_RE.match(st.subject)
        said = bound and re.search(rf"\b{bound.group('sup')}\b[^.,;!?]*?\b(?:i|we|you|they)(?:'d|'ll)?"
                                   r"\s+(?:(?:can|could|would|will|should)\s+)?(?P<verb>[a-z]+)",
                                   text, re.I)
        if bound and not (said and (said.group("verb").lower() in ("was", "were", "had", "did")
                                    or is_past_verb(said.group("verb").lower()))):
            # "the oldest python we support is 3.11", "the longest i'd spend is an hour"
            # (never the past: "the highest I jumped from was 150 meters", "the most we had")
            st = replace(st, op=">=" if bound.group("sup").lower() in _LEAST_WORDS else "<=")
    if st.value is not None and st.subject is None and _REMIND_ME_RE.search(text):
        return replace(st, subject="reminder")  # "yeah do that, remind me next tuesday": when
        # the reminder is, not a new value of what was spoken of
    if st.value is None and _LATER_RE.search(text):
        moved = _moved_to_store(_LATER_RE.sub("", text).strip(" ,.!"))
        if moved is not None:  # "Move the helper scripts to a scripts folder from now on"
            return moved
    if st.value is None:
        asked = requested_measure(text)
        if asked is not None:  # "Plan a lesson on persuasive writing for year 6, 45 minutes"
            what, op, pv = asked
            return Statement(what, op, pv.text, pv.unit, pv.scope, pv.dimension, pv.canonical)
    if st.value is None:
        chosen = chosen_name(text)  # "im on an iphone so ...", "pescatarian is fine for recipes"
        if chosen is not None:
            return Statement(chosen[0], "=", chosen[1], None, None, "name", chosen[1].lower(), None,
                             st.revision or chosen[2])
    if st.value is None or not st.subject:
        return st
    negated = None
    if may_hold(text, "not") and may_hold(text, st.value) and _DIGIT_RE.search(st.subject):
        negated = re.search(rf"\bnot\s+(?:the\s+)?(?:(?P<noun>[a-z]+)\s+)?{re.escape(st.value)}"
                            r"(?![\w.,]*\d)", text, re.I)
    if negated and (
            negated.group("noun") is None
            or negated.group("noun").lower() in st.subject.lower().split()):
        # "it's gate 14 not gate 12": the value read is the one said not to hold; the
        # correction is read whole (dspm_core.corrections)
        return replace(st, value=None, unit=None, scope=None, dimension="free", canonical="")
    st = rate_of_thing(at_time_of_day(until_of(_counted_of(_numbered(st, text), text), text), text), text)
    st = _pointed_beside_old(st, text)
    m = _MEASURED_RE.search(st.value or "")
    if m is None:
        return st
    noun = _MEASURE_OF[m.group(1).lower()]
    subject = st.subject if noun in st.subject.lower().split() else f"{st.subject} {noun}"
    pv = parse_value(st.value[:m.start()])
    if pv.dimension in ("free", "time"):  # "2 m" is no time: the value stays as said
        return replace(st, subject=subject)
    return replace(st, subject=subject, value=pv.text, unit=pv.unit, scope=pv.scope,
                   dimension=pv.dimension, canonical=pv.canonical)


#: the extreme a speaker accepts, said as a subject: "the oldest python we support", "the
#: longest i'd spend getting to work", "the most I can pay" (a bound, never a plain value)
_SUPERLATIVE_BOUND_RE = re.compile(
    r"^(?:the\s+|my\s+|our\s+)?(?P<sup>oldest|earliest|lowest|smallest|fewest|least|shortest|"
    r"latest|newest|highest|largest|biggest|most|longest|furthest|farthest)\b"
    r"(?:\s+[\w-]+){0,3}?\s+(?:i|we|you|they)(?:'d|'ll|\s+(?:can|could|would|will|should))?"
    r"(?:\s+[a-z]+|$)", re.I)
_LEAST_WORDS = frozenset("oldest earliest lowest smallest fewest least shortest".split())


def _moved_to_store(text: str) -> Statement | None:
    """Things of a kind moved to a place of storage ("Move the helper scripts to a scripts
    folder"), said with when it holds: where they are kept from then on."""
    m = _SET_TO_RE.search(text)
    things = m.group("subj").split()[-1].lower() if m else ""
    if m is None or not (is_plural_noun(things) or things.endswith("s") and not things.endswith("ss")):
        return None  # things of a kind ("the design docs"), not one ("the test file")
    store = store_place(m.group("val"))
    if store is None:
        return None
    return Statement(_clean_subject(m.group("subj")) or None, "=", store, None, None, "name",
                     store.lower(), m.group("old"), True)


def _pointed_beside_old(st: Statement, text: str) -> Statement:
    """"sync them every 15 minutes, hourly loses too much": a pointer said with a new value
    and another of the same kind beside it (the old one) is a revision of the setting it
    points at."""
    if st.revision or st.value is None or st.dimension != FREQUENCY_DIMENSION:
        return st
    at = text.lower().find(st.value.lower())
    words = re.findall(r"[a-z]+", text[:at].lower()) if at > 0 else []
    if not 0 < len(words) <= 4 or not _POINTERS & set(words):
        return st  # "sync them ...", "back it up ...": a verb and its pointer before the value
    return replace(st, subject=None, revision=True) if frequencies_in(text) - {st.canonical} else st


_POINTERS = frozenset(("it", "them", "that", "this"))


def value_alone(text: str) -> Statement | None:
    """A value said alone with its unit ("2.5 kg", "$40", "45 minutes"), or None."""
    if len(text.split()) > MAX_BARE_WORDS:
        return None
    bare = _bare_value(text.strip(" .!"))
    if bare is None or not bare.unit or not bare.value or bare.value[:1] not in "0123456789$€£" \
            or not re.fullmatch(r"[^\W\d_]+(?:\s+[^\W\d_]+)*|%|USD|EUR|GBP", bare.unit):
        return None
    return bare


#: the longest statement read as a value alone
MAX_BARE_WORDS = 3


def _numbered(st: Statement, text: str) -> Statement:
    """"we're landing at terminal 5 now", "pick me up from terminal 2": the number of a
    numbered thing is the value of that thing alone, when the rest of the subject read is
    only verbs and small words."""
    if st.dimension != "number" or not st.subject:
        return st
    words = re.findall(r"[a-z0-9]+", st.subject.lower())
    noun = words[-1] if words else ""
    if noun not in _NUMBERED_NOUNS or len(words) == 1 or not re.search(
            rf"\b{re.escape(noun)}\s+{re.escape(st.value or '')}\b", text, re.I):
        return st
    if all(w in STOP_WORDS or w in _SMALL_WORDS or is_verb_only(w) or is_past_verb(w)
           or w.endswith("ing") and is_base_verb(w[:-3]) for w in words[:-1]):
        return replace(st, subject=noun)
    return st


_SMALL_WORDS = frozenset("we i you re m s ve ll d up down from to at on in off go get do make let use "
                         "pick drop take put".split())


def _counted_of(st: Statement, text: str) -> Statement:
    """"Run 2 replicas of the worker service": a count of a thing's parts, whose subject
    read is only the verb, is about that thing's parts ("worker service replicas")."""
    if not st.dimension.startswith("count:") or len(st.subject.split()) != 1 \
            or not is_base_verb(st.subject):
        return st
    at = text.find(st.value)
    m = _OF_THING_RE.match(text, at + len(st.value)) if at >= 0 else None
    if m is None:
        return st
    return replace(st, subject=f"{m.group('thing')} {st.unit or st.dimension.split(':', 1)[1]}")


_OF_THING_RE = re.compile(r"\s+(?:of|for|on)\s+(?:the|my|our|your|this)\s+"
                          r"(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s*(?:[.,;!]|$)", re.I)
_MEASURE_OF = {"wide": "width", "tall": "height", "high": "height", "deep": "depth",
               "thick": "thickness"}
# the adjective of a measure after its value ("800px wide")
_MEASURED_RE = re.compile(r"\s+(wide|tall|high|deep|thick)$", re.I)


def _parse_statement(text: str) -> Statement:
    """Read subject, operator, value, unit and scope out of one sentence.

    Unknown parts are ``None``; this never raises. Examples::

        "Set the webhook timeout to 10 seconds"       -> webhook timeout = 10 seconds
        "Data retention must not exceed 5 years"      -> data retention <= 5 years
        "The API rate limit is 100 requests per hour" -> api rate limit = 100 requests per hour
        "Never use eval"                              -> use eval !=
        "Let's use PostgreSQL for the database"       -> database = PostgreSQL
        "Let's do two pages"                          -> 2 pages (a revision)
    """
    text = in_digits(text)  # "two pages" holds 2 pages; "noon" is 12:00 pm
    given_up = pointer_spent(text.rstrip(".!"))
    if given_up is not None:  # "it's not 7:10 any more": no value now, only the one given up
        return Statement(None, None, None, old_value=given_up, revision=True)
    said_in = _REPLY_LANGUAGE_RE.match(text)
    if said_in:  # "answer me in german pls", "Use english please": the reply language
        return _statement("reply language", "=", _language(said_in),
                          revision=_has_revision_cue(text))
    written_in = _WRITTEN_IN_RE.match(text)
    if written_in:  # "write the product descriptions in french pls": their language
        return _statement(f"{written_in.group('obj')} language", "=",
                          _language(written_in), revision=_has_revision_cue(text))
    # "hmm nah german", "mediterranean instead please": a known name said alone, as a change
    named = _NAME_REPLY_RE.match(text)
    said = named and (named.group("name") or named.group("name2"))
    if said and (name_category(said) is not None or _unknown_name(said)):
        return Statement(None, "=", said.capitalize(), None, None, "name", said.lower(), None, True)
    # "update from the group chat, it'll be seville": a place changed, in a clause of its own
    at = venue_said(text)
    if at is not None and at[0] is None:
        return Statement(None, "=", at[1], None, None, "name", at[1].lower(), None, True)
    # "not $60, $80": the old value named first, then the new one alone
    first = NOT_FIRST_RE.match(text)
    if first:
        bare = _bare_value(re.split(r"[,;.]\s", first.group("rest"), maxsplit=1)[0])
        old = first.group("old") or first.group("too")
        if old is None and bare is not None:  # a frequency or a weekday, for one of its kind
            given = first.group("old_every") or first.group("old_day")
            was = _bare_value(given)
            old = given if was is not None and was.dimension == bare.dimension else None
        if bare is not None and bare.value and old is not None:
            return replace(bare, old_value=old, revision=True)
    # "I have thought again, maximum is 1200 euro": what follows is a revision
    reconsidered = _RECONSIDERED_RE.match(text)
    second = None if reconsidered else _SECOND_THOUGHT_RE.match(text)
    lead = reconsidered or second or _DISCOURSE_LEAD_RE.match(text)
    if lead and lead.end() < len(text):
        # "ugh no, 25.", "ok fine, 60 mins", "Cool thanks. let's go to 2 minutes rest": the
        # words before the statement are talk, not its subject
        rest = text[lead.end():]
        st = _statement_of(rest)
        if st.value is None:
            bare = _bare_value(re.split(r"[,;]", rest, maxsplit=1)[0])
            if bare is not None and bare.value and bare.value[:1] in "0123456789$€£":
                # (a number: "Ugh, Mondays." is a sigh, not a setting)
                return replace(bare, revision=bool(reconsidered or second
                                                   or _CORRECTING_RE.search(lead.group(0))))
        if st.value is not None and (reconsidered or (st.subject is None or is_referent_word(st.subject)
                                                      or _POINTER_RE.match(st.subject))
                                     and (second or _CORRECTING_RE.search(lead.group(0)))):
            # "typo, should be 30 seconds", "wait, it's june 21st": a correction of the last one
            return replace(st, subject=None, revision=True)
        return replace(st, revision=True) if second and st.value is not None else st
        # ("on second thought, the hotel budget is £150": a change of that setting)
    cue = _LEAD_CUE_RE.match(text)
    labelled = cue is not None and text[cue.end():].lstrip().startswith(":")
    # ("Change of plan: Wren is 19, not 17": the cue is no subject, what follows is read)
    st = _statement_of(text[cue.end():].lstrip(" :")) if labelled else _statement_of(text)
    if st.value is not None and not st.revision and _LATER_RE.search(text):
        st = replace(st, revision=True)  # "Going forward I'm taking 1000 mg" (a lead cleaned off)
    if cue and st.value is not None and st.subject and \
            set(st.subject.lower().split()) <= set(re.findall(r"[a-z']+", cue.group(0).lower())):
        st = replace(st, subject=None)  # "Scratch that, we're going with Linear"
    if not st.revision and st.value is not None and cue:
        return replace(st, revision=True)  # "Actually, let's use Plotly for the charts"
    if st.value is None and cue:
        # "actually 400 flyers, the council approved a second street": the new value alone
        bare = _bare_value(re.split(r"[,;]", text[cue.end():].lstrip(" ,.:;-!"), maxsplit=1)[0])
        if bare is not None:
            return replace(bare, revision=True)
    return st


def _in_unit_of(old: str, st: Statement) -> str:
    """An old value said as a bare number after a new one with its unit ("12 hours instead of
    24") is in that unit ("24 hours")."""
    if st.unit and re.fullmatch(r"\d[\d.,]*", old) and (st.value or "")[:1].isdigit() \
            and st.dimension not in ("number", "free"):
        return f"{old} {st.unit}"
    return old


def _unknown_name(word: str) -> bool:
    """A word said alone as a change that can only be a name: rare as a word, and no value
    of another kind ("lavazza these days", never "thursdays these days"), nor chat shorthand
    ("no pref")."""
    low = word.lower()
    return len(low) > 2 and low not in CHAT_WORDS and word_frequency().get(low, 0) < RARE_NAME \
        and parse_value(word).dimension == "free"


#: how often (in the bundled word counts) a word said alone as a change may occur and still
#: be a name
RARE_NAME = 1000


#: words that say the value just given was wrong ("typo, ...", "my bad, ...", "oops, ...")
CORRECTING = r"typo|my bad|my mistake|oops+|whoops|sorry"
# talk before a statement: interjections and acknowledgements closed by punctuation
_DISCOURSE_LEAD_RE = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|fine|hmm+|ugh+|um+|uh+|no|nah|nope|yes|yeah|yep|cool|great|nice|"
    rf"right|alright|sure|thanks|thank you|ta|well|oh|wait|btw|heads up|fyi|and|also|so|{CORRECTING}|"
    r"lol|haha)\b[\s,]*)+"
    r"(?:[,.!:;-]+\s*|(?<=\s)(?=\d))", re.I)  # "ugh fine 4, the whole team's staying late"
# a name said alone as a change: "hmm nah german", "make it italian", "keto instead please",
# "back to info please"
_NAME_REPLY_RE = re.compile(
    r"^\W*(?:(?:hmm+|ok(?:ay)?|oh|ugh|so|sorry)[\s,]+)*(?:(?:nah|no|nope|actually|make it|(?:go\s+|switch\s+|set\s+it\s+)?back\s+to|"
    r"(?:sorry,?\s+)?i meant)[\s,]+(?P<name>[a-z][\w'-]*)|(?P<name2>[a-z][\w'-]*)\s+(?:instead|"
    r"from now on|going forward|these days|nowadays))"
    r"(?:\s+(?:instead|then|please|pls|thanks|thx|tbh|now))*\s*(?:[,.;!]|$)", re.I)
# "not $60, $80", "no, not 4 - 6", "not every 3 days, every 5", "not Tuesday, Thursday": the
# old value, then the new one (a number, a frequency or a weekday, each after its own kind)
_NOT_FIRST_NUMBER = r"(?:[$€£]\s?)?\d[\w.,:%°]*(?:\s?(?:[ap]\.?m\.?|[A-Za-z%°]+))?"
_NOT_FIRST_EVERY = r"every\s+(?:other\s+|\d+\s+|[a-z]+\s+)?[a-z]+|(?:hour|dai|week|fortnight|month|year|night)ly\b"
_NOT_FIRST_DAY = rf"(?:{'|'.join(sorted(WEEKDAYS, key=len, reverse=True))})(?:day)?s?\b"
NOT_FIRST_RE = re.compile(
    rf"^\W*(?:(?:no|nah|sorry|oops|wait|ok(?:ay)?|hmm+|yeah|correction|actually|oh)[\s,]+)*(?:not\s+(?:the\s+)?(?:(?P<old>{_NOT_FIRST_NUMBER})|"
    rf"(?P<old_every>{_NOT_FIRST_EVERY})|(?P<old_day>{_NOT_FIRST_DAY}))|"
    # "ok 300 was overkill, 120 seconds": the old value judged, then the new one
    rf"(?P<too>{_NOT_FIRST_NUMBER})\s+(?:was|is|'s|seems|seemed|felt|feels)\s+{_TOO_MUCH})"
    r"\s*(?:[,;:]|\s[-–—])\s*(?:(?:it'?s|it is|but|make it|let'?s do|go with)\s+)?"
    rf"(?P<rest>(?:[$€£]?\d|every\b|{_NOT_FIRST_DAY}).*)$",
    re.I)
# the speaker has changed their mind, said before the new value
_RECONSIDERED_RE = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|hmm+|well|actually)[\s,]+)*(?:(?:i|we)(?:'ve| have)?\s+(?:thought|thinked|thunk)\s+"
    r"(?:about it\s+)?(?:again|more|twice|it over)|thinking about it(?:\s+(?:more|again))?|"
    r"(?:i|we)(?:'ve| have)\s+reconsidered|on reflection|having thought about it)\s*[,.;:!-]+\s*", re.I)
# "it'll be more like", "it's about": a subject that only points back at the value's setting
_POINTER_RE = re.compile(r"^(?:it|that|this)(?:'ll|\s+will|'s|\s+is|'d|\s+would)?(?:\s+be)?"
                         r"(?:\s+(?:more like|about|around|closer to|nearer to|more))?$", re.I)
# "on second thought it'll be more like 45 people": a change of mind, said first
_SECOND_THOUGHT_RE = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|hmm+|well|actually|oh|and|yes please|yeah)[\s,.!]+)*(?:on second thoughts?|"
    r"second thoughts|come to think of it|now that i think about it|on further reflection)"
    r"(?:\s*[,.;:!-]+\s*|\s+(?=\w))", re.I)
_CORRECTING_RE = re.compile(rf"\b(?:no|nah|nope|ugh+|wait|fine|hmm+|{CORRECTING})\b", re.I)

# a correction that opens a sentence, which cleaning takes off before the forms are read
_LEAD_CUE_RE = re.compile(r"^\W*(?:(?:ok(?:ay)?|thanks|great|hmm+|oh)[\s,.!]+)*(?:actually|"
                          r"correction|scratch that|on second thought|change of plans?|"
                          # "new rule, 45 min on school nights", "quick update: ..."
                          r"new (?:rules?|plan)(?=\s*[,:;-])|(?:(?:quick|small|slight|little)\s+)?"
                          r"(?:update|change)(?=\s*[,:;-])|"
                          r"wait|no wait|now(?=\s+[a-z]))\b", re.I)  # "now prices in swiss franc"


_LANGUAGES = names_pattern("reply language")
# a language, with the variety or register it is written in ("British English", "formal German")
_QUALIFIED_LANGUAGE = (rf"(?P<qual>(?:{'|'.join(LANGUAGE_QUALIFIERS)})\s+)?(?P<lang>{_LANGUAGES})")
# a request of the language to reply in, with nothing else set by its first clause
_REPLY_LANGUAGE_RE = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|and|also|actually|now|hey|hi|no|wait|sorry)[\s,]+)*(?:please\s+|pls\s+|"
    r"can (?:you|u)\s+|could (?:you|u)\s+|just\s+|always\s+)*(?:reply|respond|answer|write|talk|speak|use|switch to|"
    r"switch back to|change back to|go back to|stick to|keep to)\s+(?:to me\s+|me\s+|us\s+)?(?:only\s+|always\s+)?(?:in\s+)?"
    rf"{_QUALIFIED_LANGUAGE}\b(?:\s+(?:please|pls|plz|only|instead|again|now|from now on|"
    r"going forward|from here on|thanks|thx))*\s*(?:[.!?]+\s*$|[,;]|$)"
    # "american english please", "british english only": the language said alone, asked for
    r"|^\W*(?:(?:ok(?:ay)?|so|and|also|actually|now|no|nah|sorry)[\s,]+)*"
    rf"{_QUALIFIED_LANGUAGE.replace('?P<', '?P<x')}\b(?:\s+(?:please|pls|plz|only|instead|now|from now on|"
    r"going forward|thanks|thx))+\s*(?:[.!]+\s*$|[,;]|$)", re.I)


def _language(m: re.Match[str]) -> str:
    """The language a match read, with its variety ("British English", "US English")."""
    said = m.groupdict()
    qual, lang = said.get("qual") or said.get("xqual"), said.get("lang") or said.get("xlang")
    if not qual:
        return lang.capitalize()
    qual = qual.strip()
    return f"{qual.upper() if len(qual) == 2 else qual.capitalize()} {lang.capitalize()}"


# what is to be written in a language ("write the product descriptions in french pls")
_WRITTEN_IN_RE = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|and|also|hey|hi)[\s,]+)*(?:please\s+|pls\s+|always\s+)*(?:write|draft|do|"
    r"send|keep|translate)\s+(?:the\s+|my\s+|our\s+|all\s+(?:the\s+|my\s+|our\s+)?)(?P<obj>[a-z][\w'-]*"
    rf"(?:\s+[a-z][\w'-]*){{0,2}}?)\s+in\s+{_QUALIFIED_LANGUAGE}\b(?:\s+(?:please|pls|only|from now on|"
    r"going forward|thanks|thx))*\s*(?:[.!,;]|$)", re.I)

def _statement_of(text: str) -> Statement:
    t, corrected = unlead(_clean(text))
    if not t:
        return Statement(None, None, None)
    if corrected:  # "scratch that, the db is MySQL": a revision of what it names
        st = _statement_of(t)
        return replace(st, revision=True) if st.value is not None else st
    # "My coach wants 140 grams now": a requirement reported, of the setting spoken of
    rest = reported(t)
    if rest is not None:  # (its reason first: "the vet says she's heavy so it's 45g now")
        parts = clauses(rest)
        st = _bare_value(rest) or (_isolated(parts) if len(parts) == 2 else None) or _sentence(rest)
        if st.value is not None and st.dimension != "free":
            return replace(st, subject=None if weak_subject(st.subject) else st.subject,
                           revision=True)
    reminder = read_reminder(t)
    if reminder is not None:
        pv = parse_value(reminder.value)
        if pv.dimension != "free":
            return Statement(reminder.subject, "=", pv.text, pv.unit, pv.scope, pv.dimension,
                             pv.canonical)
    # "For the events table partitions, use 200 GB": the fronted phrase names the setting
    front = _FOR_FRONT_RE.match(t)
    if front:
        st = _clause(front.group("rest"))
        if st.value is not None and (st.subject is None or weak_subject(st.subject, st.value)):
            return replace(st, subject=front.group("subj"))
    gave = _given_up(t)
    if gave is not None:
        return gave
    unfit = _UNFIT_RE.match(t)  # "the 9th won't work anymore, see if they have the 16th"
    gave = _value_given_up(unfit.group("old"), unfit.group("rest")) if unfit else None
    if gave is not None:
        return gave
    # "After the caching fix the test suite runs in 4 minutes": what brought the value
    # about, fronted with no comma, names no setting
    since = _BROUGHT_ABOUT_RE.match(t)
    if since:
        st = _clause(t[since.end():])
        if st.value is not None and st.subject:
            return st
    parts = clauses(t)
    if len(parts) == 2 and not _PREFERS_RE.match(t):  # "My oven runs hot, use 200°C"
        st = _isolated(parts)
        if st is not None:
            return st
    return _clause(t)


def _clause(t: str) -> Statement:
    """One clause: its forms (:func:`_sentence`), else a setting declared by name."""
    st = _sentence(t)
    named = without_article(st.value or "") if st.dimension == "name" else st.value
    if named != st.value and named:  # "my bike is a Trek FX": the Trek FX
        st = replace(st, value=named, canonical=named.lower())
    if st.value is None or st.dimension == "free" or read_convention(t) is not None:
        # (a convention declared is read as one: "the newsletter is in US English now" is
        # no place; "let's run staging at WARN from today" is read without its lead and
        # when it starts)
        named = read_named(t)
        if named is None:
            plain = _LATER_RE.sub("", _LETS_RE.sub("", t)).strip(" ,.")
            named = read_named(plain) if plain != t else None
        if named is not None:  # "Our CI runs on Jenkins", "The default branch is develop"
            value = named.value
            if value.lower().startswith("in ") and name_category(value[3:]):
                value = value[3:]  # "our servers are in us-east-1": the region
            pv = parse_value(value)
            dim = pv.dimension if pv.dimension != "free" else "name"
            subject = _clean_subject(named.subject) or None
            if subject is None or subject.lower() in ("me", "us", "it", "them", "you"):
                subject = name_category(pv.text) or subject  # "Answer me in Spanish"
            return Statement(subject, "=", pv.text, pv.unit,
                             pv.scope, dim, pv.canonical, st.old_value, st.revision)
    return st


def _bare_value(text: str) -> Statement | None:
    """A clause that starts with its value ("140 grams now", "150 grams is fine")."""
    parsed = value_at(text)
    if parsed is None or parsed[0].dimension == "free":
        return None
    pv, _ = parsed
    return Statement(None, "=", pv.text, pv.unit, pv.scope, pv.dimension, pv.canonical)


# "I prefer editing in short bursts, you know, 30 minutes at a time": the value elaborates
_PREFERS_RE = re.compile(r"^(?:i|we)\s+(?:really\s+)?(?:prefer|like|love|want|'d like|would like|"
                         r"enjoy|hate|dislike)\b", re.I)


def _instructs(clause: str) -> bool:
    """A clause that sets something: an instruction ("use 200°C", "give everyone 30
    minutes"), a choice ("I'll go with 14 hours", "let's say €450") or a bare value."""
    first = clause.split(None, 1)[0].lower() if clause.split() else ""
    return first in ("let's", "lets", "let", "i'll", "we'll", "you", "please", "just", "make") \
        or first[:1].isdigit() or first[:1] in "$€£" or is_base_verb(first) \
        or _CHOOSING_RE.match(clause) is not None


# a choice said as it is made ("going with 30 from tomorrow", "gonna do 45 minutes")
_CHOOSING_RE = re.compile(r"(?:going|sticking|settling)\s+(?:with|for|on)\s|gonna\s+(?:do|go)\s", re.I)


# what a stance is about, ending its clause ("i actually hate black's default line length")
# ("like" with who likes before it: "i like ...", "don't like ..."; never "overfitting like crazy")
_STANCE_OBJECT_RE = re.compile(r"\b(?:hate|love|dislike|can't stand|cannot stand|prefer|"
                               r"(?:i|we|i'd|we'd|don't|dont|not|really|actually|also|would)\s+like)\s+"
                               r"(?P<np>(?:the\s+|my\s+|our\s+|[\w-]+'s\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3})$",
                               re.I)
def stance_object(clause: str) -> str | None:
    """What a stance that ends ``clause`` is about ("i actually hate black's default line
    length, " -> "black's default line length"), if it ends in one."""
    m = _STANCE_OBJECT_RE.search(clause.strip(" ,;"))
    return m.group("np") if m else None


# "..., so it's 45g a day now": a clause about "it" that says its value changed
_POINTER_LEAD_RE = re.compile(rf"{POINTER_IS}\s", re.I)

#: how long a sentence may be for a clause of it that names no subject to point back
MAX_REFERENT_WORDS = 16


# a clause that is a change of the setting spoken of, said with no subject ("shifting to
# Saturday", "so moving it to the 15th")
_MOVED_TO_RE = re.compile(r"^(?:(?:so|and|now|we'?re|i'?m|we\s+are|i\s+am)\s+)*(?:shifting|moving|pushing|"
                          r"switching|changing|bumping|swapping)\s+(?:it\s+|that\s+|things\s+)?(?:over\s+|back\s+)?"
                          r"to\b", re.I)


def _isolated(parts: list[str]) -> Statement | None:
    """The statement of the one clause of a sentence that holds a value, with what the
    other clauses say: an old value spent ("8080 is taken"), the subject to update
    ("update the SLA"), a revision cue ("scratch that"). A clause that then names no
    subject ("use 200°C" after "my oven runs hot") speaks of the setting spoken of last."""
    spent = [spent_value(p) for p in parts]
    stmts = [_clause(p) for p in parts]
    valued = [i for i, st in enumerate(stmts)
              if st.value is not None and st.dimension != "free" and spent[i] is None]
    if len(valued) > 1:
        # "clouds all friday per clear outside, shifting to Saturday": the clause of the change
        # (the form names no setting: whatever the clause's subject, it is the verb's words)
        moved = [i for i in valued if _MOVED_TO_RE.match(parts[i].strip())]
        if len(moved) == 1:
            return replace(stmts[moved[0]], subject=None, revision=True)
    if len(valued) != 1:
        return None
    at = valued[0]
    st = stmts[at]
    old, subject, revision = st.old_value, st.subject, st.revision
    for i, part in enumerate(parts):
        if i == at:
            continue
        old = old or spent[i]
        if spent[i] is not None and pointer_spent(part) is not None:
            # "it's not 7:10 any more, buses leave at 7:25": the setting that held the value
            return replace(st, subject=None, old_value=spent[i], revision=True)  # given up
        named = named_object(part)
        if named is not None:
            revision = True
            subject = _clean_subject(named[0]) if named[0] else None
        elif _has_revision_cue(part):
            revision = True
        topic = topic_named(part) if i == at - 1 and weak_subject(subject, st.value) else None
        if topic is not None:
            subject = topic  # "the rears, set those at 38": "those" are the rears
        liked = stance_object(part)
        if liked and i < at and weak_subject(subject, st.value):
            # "i hate black's default line length, set it to 100 chars": "it" is that length
            subject = _clean_subject(liked) or None
    if weak_subject(subject, st.value):
        if len(" ".join(parts).split()) > MAX_REFERENT_WORDS or not (
                _instructs(parts[at]) or revision and _POINTER_LEAD_RE.match(parts[at])):
            return None  # a long sentence, or narration: a pointer would be a guess
        subject, revision = None, True  # a reason, then an instruction about "it"
    return replace(st, subject=subject or None, old_value=old, revision=revision or bool(old))


def _sentence(t: str) -> Statement:
    """:func:`parse_statement` of one cleaned clause."""
    # "from now on", "going forward": a revision cue, never a value ("on")
    later = _LATER_RE.search(t)
    if later:
        t = re.sub(r"\s+,", ",", " ".join(_LATER_RE.sub(" ", t).split())).strip(" ,")
        st = _sentence(t) if t else Statement(None, None, None)
        if later.group(0).lower().startswith("this time") and is_style_subject(st.subject):
            return Statement(None, None, None)  # "keep it short this time": one reply's style
        return replace(st, revision=True) if st.value is not None else st
    # "scratch €120, a few more chipped in, we've got €175 now": the old value given up,
    # then the one new value of its kind
    # ("scratch the pescatarian bit, gran has gone fully vegan": a name of a known kind)
    scratched = _SCRATCHED_RE.match(t)
    given_up = _value_given_up(scratched.group("old"), scratched.group("rest")) if scratched else None
    if given_up is not None:
        return given_up
    # "not pescatarian anymore, just a normal omnivore": a name of a known kind given up,
    # and the one name of that kind said after it
    given_up = _NOT_ANY_MORE_RE.search(t)
    named = _name_given_up(given_up.group("old") or given_up.group("old2"), t[given_up.end():]) \
        if given_up else None
    if named is not None:
        return named
    # "Thursday instead of Friday", "Ruff rather than Black": the old value named
    inst = _INSTEAD_OF_RE.search(t) or _NOT_OLD_RE.search(t)
    if inst:
        st = _parse(t[: inst.start("cut")] + t[inst.end("cut"):])
        if st.value is not None:
            return replace(st, old_value=_in_unit_of(inst.group("old"), st), revision=True)
        bare = _bare_value(t[: inst.start("cut")]) if not t[inst.end("cut"):].strip(" .!") else None
        if bare is not None and bare.value:  # "wednesdays, not mondays": the new value alone
            return replace(bare, old_value=inst.group("old"), revision=True)
        new = _NAME_BEFORE_RE.search(t, 0, inst.start("cut"))
        if new and inst.group("old")[:1].isupper():
            # "Ship from Manchester rather than Leeds": one name for another
            return _statement(None, "=", new.group(0), True, inst.group("old"))
    # "replace React with Svelte", "swap Jest for Vitest"
    low = t.lower()
    rep = _REPLACE_RE.search(t) if _REPLACE_WORDS_RE.search(low) else None
    if rep and not (_common_plain(rep.group("new")) or _common_plain(rep.group("old"))):
        new, old = rep.group("new"), rep.group("old")
        if old.lower() in ("it", "that", "this", "them"):  # "swap it for Auth0": a pointer
            st = _statement(None, "=", new, True)
            return replace(st, dimension="name") if st.dimension == "free" else st
        subj = name_category(new) or name_category(old)
        st = _statement(subj, "=", new, True, old)
        # what one name is given up for is a name too ("SQLAlchemy for plain psycopg")
        return replace(st, dimension="name") if st.dimension == "free" else st
    return _parse(t)


def gives_up_value(text: str) -> bool:
    """``text`` gives up a value and says the one that replaces it later in the sentence
    ("scratch €120, a few more chipped in, we've got €175 now"): read whole, never clause
    by clause, so the old value is what is replaced, not a value of its own."""
    return (_SCRATCHED_RE.match(text.strip()) or _UNFIT_RE.match(text.strip())) is not None \
        and parse_statement(text).old_value is not None


def _name_given_up(old: str, rest: str) -> Statement | None:
    """``old``, a name of a known kind given up, replaced by the one name of that kind that
    ``rest`` says ("pescatarian" ... "omnivore"); None when ``old`` is of no known kind or
    ``rest`` names none or several."""
    kind = name_category(old)
    new = list(dict.fromkeys(w for w in _TOKEN_RE.findall(rest)
                             if name_category(w) == kind and w.lower() != old.lower()))
    if kind is None or len({w.lower() for w in new}) != 1:
        return None
    return Statement(None, "=", new[0], None, None, "name", new[0].lower(), old, True)


def _value_given_up(old: str, rest: str) -> Statement | None:
    """The change a value given up (``old``) and the words after it (``rest``) say: the
    one value of its kind ``rest`` names, or for a name of a known kind ("the keto idea")
    the one name of that kind; None when there is none or several."""
    kind = parse_value(old).dimension
    if old[:1].isalpha() and kind in ("name", "free"):
        return _name_given_up(old.split()[0], rest)
    new = [m.group(0) for m in VALUE_RE.finditer(rest) if parse_value(m.group(0)).dimension == kind]
    return _statement(None, "=", new[0], True, old) if len(new) == 1 else None


_NOT_ANY_MORE_RE = re.compile(r"\bnot\s+(?:a\s+|an\s+)?(?P<old>[a-z][\w-]*)\s+any\s?(?:more|longer)\b|"
                              r"\bno longer\s+(?:a\s+|an\s+)?(?P<old2>[a-z][\w-]*)", re.I)
_SCRATCHED_RE = re.compile(
    r"^(?:(?:oh|ok|okay|and|so|also|wait|sorry|actually)[\s,]+)*(?:scratch|forget|ignore|cancel|scrap|"
    r"drop|ditch)\s+(?:the\s+)?"
    r"(?P<old>(?:[$€£]\s?)?\d[\d.,:]*(?:\s?(?:[ap]\.?m\.?|%|[a-z]+))?|[a-z][\w-]*)"
    # ("scrap the 15 quid thing, we're going with £20": the value, named as a thing)
    r"(?:\s+(?:bit|part|idea|thing|one|option|plan))?\s*[,;:.!-]+\s+(?P<rest>.+)$", re.I)
# "the 9th won't work anymore, see if they have the 16th", "friday is no good for us, saturday?"
_UNFIT_RE = re.compile(
    r"^(?:(?:oh|ok|okay|and|so|also|wait|sorry|actually|hmm+|ah|ugh|nah|no)[\s,]+)*(?:the\s+)?"
    r"(?P<old>(?:[$€£]\s?)?\d[\d.,:]*(?:\s?(?:[ap]\.?m\.?|%|st|nd|rd|th))?|"
    rf"{_NOT_FIRST_DAY})\s+(?:(?:won'?t|doesn'?t|does not|will not|isn'?t going to|no longer)\s+work|"
    r"(?:is|'s)\s+(?:no good|out|a no-?go))"
    r"(?:\s+(?:anymore|any more|after all|for (?:me|us|them|him|her|everyone)))*\s*[,;:.!-]+\s+(?P<rest>.+)$",
    re.I)
# (with no comma, only before a choice: "for the hotel lets go with Coimbra")
_FOR_FRONT_RE = re.compile(r"^(?:for|on)\s+(?:the\s+|our\s+|my\s+)?(?P<subj>[\w-]+(?:\s+[\w-]+){0,4}?)"
                           r"(?:,\s+|\s+(?=(?:let'?s|lets|we'?ll|i'?ll|go with|we'?re going with|"
                           r"i'?m going with|make it|use)\s))(?P<rest>.+)$", re.I)
_LATER_RE = re.compile(r"\b(?:from now on|going forward|from here on(?: out)?|for now|"
                       r"this time|by the way|btw|fyi|(?:starting|from) (?:today|now|tomorrow|"
                       r"next (?:week|month|quarter|year|sprint)|q[1-4]))\b,?", re.I)
_NAME = r"[A-Z][\w.+#'-]*(?:\s+(?:[A-Z0-9][\w.+#'-]*|v?\d[\w.]*))*"
_INSTEAD_OF_RE = re.compile(
    rf"(?P<cut>,?\s+(?:instead of|rather than)\s+(?:the\s+)?(?P<old>{_NAME}|"
    r"(?:[$€£]\s?)?\d[\w.,:%°]*(?:\s?(?:[ap]\.?m\.?|(?!(?:for|to|in|on|at|of|and|or|with|by|as|so|"
    r"but|if|now|then|the|a|an|my|our|your|this|that)\b)[A-Za-z%°]+))?|"
    rf"(?i:{'|'.join(sorted(WEEKDAYS, key=len, reverse=True))})s?\b))")
# what may follow the old value after "not" and is no unit of it ("not 3 anymore")
_STILL_WORDS = r"any\s?more|any\s?longer|again|either|now|yet"
# "I said 12 not 15", "Friday, not Thursday": the old value after "not", ending the clause
_NOT_OLD_RE = gated(re.compile(
    rf"(?P<cut>(?<!\band)(?<!\bor)(?<!\bis)(?<!\bare),?\s+not\s+(?:the\s+)?(?P<old>{_NAME}|"
    rf"(?:[$€£]\s?)?\d[\w.,:%°]*(?:\s?(?:[ap]\.?m\.?|(?!(?:{_STILL_WORDS})\b)[A-Za-z%°]+))?|"
    rf"(?i:{'|'.join(sorted(WEEKDAYS, key=len, reverse=True))})s?\b)"
    rf"(?:\s+(?:{_STILL_WORDS})\b)?)(?=\s*(?:[,.;:!?)]|$))"))
_ONE_WORD_VALUE_RE = re.compile(r"[a-z][\w.+#-]*[.!]?")
# what follows a value to say when or why it was set ("... after the break-in", "... last week")
_WHEN_OR_WHY_RE = re.compile(r"\s+(?=(?:after|before|because|since|following|due to|as of|"
                             r"yesterday|today|tonight|last\s+\w+|this\s+(?:morning|week|month))\b|"
                             # where it is set: "to debug in config/dev.yaml", "in the .env file"
                             r"(?:in|inside)\s+(?:the\s+|our\s+|my\s+)?"
                             r"(?:[\w.-]*[/.][\w./-]+|\S+\s+(?:file|config)\b))",
                             re.I)
_NAME_BEFORE_RE = re.compile(rf"(?<![\w.+#'-])(?-i:{_NAME})$")
# "replace React with Svelte", "we're dropping SQLAlchemy for plain psycopg", "ripping out
# Angular for Vue", "swap it for Auth0": the verb of one thing given up for another
_REPLACE_VERBS = (r"replac(?:e|es|ed|ing)|swap(?:s|ped|ping)?(?:\s+out)?|trad(?:e|es|ed|ing)|"
                  r"ditch(?:es|ed|ing)?|dump(?:s|ed|ing)?|drop(?:s|ped|ping)?|"
                  r"(?:rip(?:s|ped|ping)?|switch(?:es|ed|ing)?|swap(?:s|ped|ping)?)\s+out|"
                  r"exchang(?:e|es|ed|ing)")
_REPLACE_WORDS_RE = re.compile(r"replac|swap|trad|ditch|dump|drop|rip|switch|exchang")
_PLAIN_NAME = r"(?:[a-z][\w.+#-]*\d[\w.+#-]*|[a-z][\w.+#-]{2,})"


#: words that end a new value said after the old one given up ("going vegetarian from monday")
_AFTER_NEW = "from|instead|now|today|tomorrow|this|next|for|on|at|in|to|and|but|because|since|as|then"
_GIVEN_UP_RE = re.compile(
    r"(?i:(?:(?:i'm|we're|i am|we are|ok|okay|so)\s+)*(?:dropping|ditching|quitting|scratch|scrap|"
    r"giving up|done with|no more)\s+(?:the\s+)?)"
    rf"(?P<old>{_NAME}|{_PLAIN_NAME}(?:\s+{_PLAIN_NAME})?),?\s+(?i:(?:and|so)\s+)?"
    r"(?i:(?:i'm|we're|i am|we are|i'll|we'll)\s+)?(?i:going(?:\s+with)?|switching\s+to|moving\s+to|"
    r"doing|trying|starting)\s+(?i:(?:the|a|an)\s+)?"
    rf"(?P<new>{_NAME}|{_PLAIN_NAME}(?:\s+(?!(?i:{_AFTER_NEW})\b){_PLAIN_NAME})?)")


def _given_up(t: str) -> Statement | None:
    """"dropping Atkins, going vegetarian from monday", "scratch the blue, we're doing green":
    one thing given up, then another taken, a revision naming its old value."""
    gave = _GIVEN_UP_RE.match(t)
    if gave is None or _common_plain(gave.group("old").split()[0]) \
            or _common_plain(gave.group("new").split()[0]) and not gave.group("old")[:1].isupper():
        return None
    st = _statement(None, "=", gave.group("new"), True, gave.group("old"))
    return replace(st, dimension="name") if st.dimension == "free" else st


def _common_plain(word: str) -> bool:
    """A lower-case word of everyday English ("price", "students"): no name of a tool or a
    plan that one thing is given up for ("drop the price for students" replaces nothing)."""
    return word[:1].islower() and not any(c.isdigit() for c in word) \
        and word.lower() not in ("it", "that", "this", "them") \
        and word.lower() not in TECH_WORDS and word_frequency().get(word.lower(), 0) >= 1000


_REPLACE_RE = re.compile(
    rf"\b(?i:{_REPLACE_VERBS})\s+(?:(?i:the|our|my)\s+)?(?P<old>(?i:it|that|this|them)\b|{_NAME}|"
    rf"{_PLAIN_NAME})\s+(?i:with|for|in favou?r of)\s+(?:(?i:plain|the|a|an)\s+)?"
    rf"(?P<new>{_NAME}|{_PLAIN_NAME})")


def _parse(t: str) -> Statement:
    """:func:`parse_statement` of a cleaned sentence, without the verb an instruction
    starts with ("Render thumbnails at 256 px" is about thumbnails)."""
    lead = _LEAD_ADVERB_RE.match(t)
    if lead and is_base_verb(t[lead.end():].split(None, 1)[0]):
        t = t[lead.end():]  # "only back the photos up once a week": the instruction
    kept = placed(t)
    if kept is not None:  # "Design docs go in the architecture folder": where things of a
        # kind are kept ("Design" is no instruction's verb here)
        return Statement(kept[0], "=", kept[1], None, None, "name", kept[1].lower(), None,
                         _has_revision_cue(t))
    st = _parse_forms(t)
    if st.subject and st.value is not None and (st.subject.lower() in ("back", "down", "up") or re.search(
            r"\b(?:it|that|them)$", st.subject, re.I)) and re.search(
            rf"(?<!\w){re.escape(st.subject)}\s+(?:(?:up|down|back)\s+)?to\s", t, re.I) \
            and not _WISH_RE.search(t):  # (never "want to cut down to 2": a goal, not a change)
        # "I've cut back to twice a week", "I've stepped it up to four times a week": a change
        # of the setting spoken of
        st = replace(st, subject=None, op="=", revision=True)
    elif st.subject and st.value is not None and _PARTICLE_END_RE.search(st.subject) \
            and re.search(rf"(?<!\w){re.escape(st.subject)}\s+to\s", t, re.I):
        # "I've turned the thermostat down to 19 degrees", "the landlord put my rent up to
        # £1,010": the particle of the verb of change, not a word of the setting
        st = replace(st, subject=_PARTICLE_END_RE.sub("", st.subject), revision=True)
    meant = _meant_for(t, st)
    if meant is not None:  # "Allow 12 hours for ticket replies", "let's promise 12 hours for
        return replace(st, subject=meant)  # ticket replies": the value of what it is for
    if st.subject is None:
        return st
    pointed = _POINTED_RE.match(t)
    if pointed and st.value is not None and is_base_verb(pointed.group("verb")) \
            and pointed.group("verb").lower() not in ("keep", "leave", "let") \
            and not _ADDED_RE.search(t):  # ("back it up every 10 minutes too": one more)
        return replace(st, subject=None, revision=True)  # "push it a week, to june 14": the
        # setting spoken of, whatever words come between the pointer and its value
    first = t.split(None, 1)[0]
    if (st.dimension == "number" and (is_verb_only(st.subject) and _changes_or_asks(st.subject)
                                      or st.subject.lower() in _BARE_VERBS)
            or st.subject.lower() in _BARE_VERBS and st.dimension not in ("free", "name")
            and _ASKED_VERB_RE.match(t)) and " " not in st.subject \
            and re.search(rf"\b{re.escape(st.subject)}\s+{re.escape(st.value or '-')}\b", t):
        return replace(st, subject=None, revision=True)  # "allow 5, 3 was too curt", "can we
        # do 10 instead": a number alone after a verb, of the setting spoken of
    if _FINITE_RE.search(t) or is_style_subject(st.subject):
        return st
    instruction = is_base_verb(first) or _REVISION_GERUND_RE.fullmatch(first) is not None
    if instruction and _named_pair(t, st):
        return st  # "Page size 50", "Batch size 500": a setting's name, no instruction
    opening = _noun_before_verb(t, st) if instruction else None
    if opening is not None:  # "Express shipping takes 2 days": no instruction's verb
        return replace(st, subject=opening)
    if _PARTICLE_END_RE.search(st.subject) and instruction:
        st = replace(st, subject=_PARTICLE_END_RE.sub("", st.subject))  # "back the photos up"
    words = st.subject.split()
    lead = t.split(None, 2)
    # the subject of a statement opens it ("Payroll runs ...", "The free trial lasts ...");
    # the object of an instruction does not ("Lower max retries to 3")
    opens = words[0] == lead[0] or (len(lead) > 1 and words[0] == lead[1]
                                    and lead[0].lower() in _OPENING_DETERMINERS)
    verb_at = next((i for i in range(1, len(words)) if is_finite_after(words[i], words[i - 1])),
                   None) if opens else None
    if verb_at is not None and st.value is not None:
        # "Payroll runs every other Friday", "The free trial lasts 14 days": the verb and
        # what follows it are not the subject
        return replace(st, subject=" ".join(words[:verb_at]))  # not an instruction either
    if len(words) < 2 or words[0] != first or not instruction:
        return st
    rest = _OBJECT_LEAD_RE.sub("", " ".join(words[1:]))
    rest = _clean_subject(rest) if rest else ""
    if all(w.lower() in STOP_WORDS or w.lower() in PREPOSITIONS for w in rest.split()) \
            or (st.value is not None and rest.lower() == st.value.lower()):
        rest = ""  # "Answer in 3 bullet points max", "use Seattle": no subject but the value
    return replace(st, subject=rest or None) if rest or st.revision else st


def _named_pair(t: str, st: Statement) -> bool:
    """``t`` is two words and the value right after them ("Batch size 500", "pool size: 20"),
    the first a noun and no verb of change ("bump timeout 60" bumps the timeout)."""
    words = (st.subject or "").split()
    if len(words) != 2 or st.value is None or _REVISION_VERB_RE.fullmatch(words[0]) \
            or words[0].lower() in _VALUE_VERBS \
            or "NOUN" not in getAllLemmas(words[0].lower()):
        return False
    return re.match(rf"\W*{re.escape(words[0])}\s+{re.escape(words[1])}\s*[:=-]?\s*{re.escape(st.value)}",
                    t, re.I) is not None


_REVISION_VERB_RE = re.compile(rf"(?:{_REVISION_VERBS})", re.I)
#: verbs said right before a thing and its value ("cap uploads 10 MB", "keep logs 30 days")
_VALUE_VERBS = frozenset("cap limit keep allow give use take need want get run try add start stop "
                         "spend".split())


def _noun_before_verb(t: str, st: Statement) -> str | None:
    """The first two words of a statement that opens with a word that may be a verb, a noun
    and a verb's third-person form ("Express shipping takes 2 days", "Design doc goes to
    review"): its subject, not an instruction's verb and its object ("Lower max retries to
    3", "Write commit messages in under 50 characters")."""
    said = t.split(None, 3)
    if len(said) < 4 or said[1].lower().endswith("s") or said[1].lower() in STOP_WORDS \
            or is_verb_only(said[0]) or _REVISION_CUE_RE.match(said[0]) \
            or _TO_VALUE_LEAD_RE.match(said[3]) or not _verb_s(said[2]) \
            or said[2].lower() not in st.subject.lower().split():
        return None
    return f"{said[0]} {said[1]}"


# what an instruction's object is set to ("Lower max retries to 3")
_TO_VALUE_LEAD_RE = re.compile(r"(?:to|at|from|by|up|down|into)\b", re.I)


def _verb_s(word: str) -> bool:
    """A verb's third-person form ("takes", "goes", "costs")."""
    w = word.lower()
    return w.endswith("s") and any(lemma != w for lemma in getAllLemmas(w).get("VERB", ()))


def _meant_for(t: str, st: Statement) -> str | None:
    """What the value an instruction gives is for, when its subject read is only the verb
    ("Allow 12 hours for ticket replies", "let's promise 12 hours for ticket replies")."""
    if st.value is None or not st.subject or " " in st.subject.strip():
        return None
    lets = _LETS_RE.match(t)
    verb = (t[lets.end():] if lets else t).split(None, 1)[0]
    if st.subject != verb or not is_base_verb(verb) or _COPULA_AFTER_RE.match(t, t.find(verb) + len(verb)):
        return None  # ("Budget is £60 for the week": the budget, a noun before its verb)
    at = t.find(st.value)
    meant = _FOR_AFTER_VALUE_RE.match(t, at + len(st.value)) if at >= 0 else None
    if meant is None or _WHO_FOR_RE.fullmatch(meant.group("np")):
        return None  # ("Budget £4,000 for both of us": who it is for, no setting's name)
    return meant.group("np")


_WHO_FOR_RE = re.compile(r"(?:both|all|each|two|three|four|five|six)\s+of\s+us|us|me|us\s+(?:two|both|all)|"
                         r"(?:two|three|four|five|six|seven|eight|\d{1,2})(?:\s+(?:people|adults|persons))?|"
                         r"everyone|everybody|each person|(?:the\s+)?(?:family|group|team)", re.I)
_COPULA_AFTER_RE = re.compile(r"\s+(?:is|are|was|were|will be|'s)\b", re.I)
# what a value an instruction gives is for, ending the sentence ("... for ticket replies")
_FOR_AFTER_VALUE_RE = re.compile(r"\s+for\s+(?:the\s+|our\s+|my\s+|all\s+|every\s+)?"
                                 r"(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})\s*[.!]?$", re.I)
_LET_OUT_RE = re.compile(r"\b(?:let|lets|letting|allow|allowing)\s+(?:it|that|them|this|those|these)\s+"
                         r"(?:run|go|be|stretch|grow|get|last|reach|creep)\s+(?:up\s+)?(?:to|till|until)\s+",
                         re.I)
# an instruction about the setting spoken of ("push it ...", "bump that ...")
_POINTED_RE = re.compile(r"^(?:(?:ok|okay|so|then|please|pls|just|and)[\s,]+)*(?P<verb>[a-z]+)\s+(?:it|that|them)"
                         r"(?=\s*,|\s+(?:a|an|one|two|three|\d+|to|from|by|back|up|down|forward|out|on)\b)"
                         # (never a thing given to them: "give them a warning at 10 minutes")
                         r"(?!\s+(?:a|an)\s+(?!(?:week|day|month|year|minute|hour|second|fortnight|few|couple|bit|"
                         r"little|half|quarter|tad|notch|touch|lot)\b)[a-z]+\s+(?:at|after|before|when|every)\b)",
                         re.I)
# ("too" of an addition ends its clause: never "48 was too early")
_ADDED_RE = re.compile(r"\b(?:too(?=\s*(?:[,.;!?]|$))|also|as well)\b", re.I)
#: verbs that may also be nouns, read as verbs before a number alone ("can we do 10")
_BARE_VERBS = frozenset("do make try go use set".split())
#: the verbs of a change, in any form ("bumped 5", "upped 3"); any other verb done is a
#: reading ("averaged 152 on today's ride", "we've got 62 on the books")
_CHANGE_LEMMAS = frozenset("""raise lower bump up move push shift change set make cut drop increase
    decrease reduce extend shorten double halve switch swap update adjust trim boost lift drop
    knock bring take put turn dial crank""".split())


def _changes_or_asks(verb: str) -> bool:
    """Whether ``verb`` before a number alone asks for a value (a base form: "allow 5") or
    names a change in any form ("upped 3")."""
    if is_base_verb(verb):
        return True
    return not _CHANGE_LEMMAS.isdisjoint(getAllLemmas(verb.lower()).get("VERB", ()))
# the verb opens what is said, or a request ("can we do 15 words a day instead?"; never "i can
# do 8 pull-ups now", what the speaker can do)
_ASKED_VERB_RE = re.compile(r"^\W*(?:(?:ok(?:ay)?|so|then|actually|maybe)[\s,]+)*(?:(?:can|could|shall) (?:we|you|u)\s+|"
                            rf"let'?s\s+)?(?:just\s+)?(?:{'|'.join(sorted(_BARE_VERBS))})\b", re.I)
_OPENING_DETERMINERS = DETERMINERS | frozenset("every each all".split())
# a verb that makes a sentence a statement, not an instruction ("Cache TTL must be 60 s")
_FINITE_RE = regex.compile(r"\b(?:is|are|was|were|be|been|must|should|shall|will|would|can|could|"
                        r"may|might|has|have|had|does|do|did|needs?)\b|'(?:s|re|ll|ve|d)\b|[=:]", re.I)
_OBJECT_LEAD_RE = re.compile(r"^(?:(?:me|us|it|them|him|her|when|whenever|if|once)\s+)+|"
                             r"^(?:up|down|out|off|away)\s+(?=(?:the|my|our|your|his|her|their|this|"
                             r"that|these|those|a|an|all)\s)", re.I)  # "back up the photos"
# the particle of a phrasal verb after its object ("back the photos up", "turn the heating down")
# (never after a pronoun: "pick me up", "drop me off" are verbs of their own)
_PARTICLE_END_RE = gated(re.compile(r"(?<!\bme)(?<!\bus)(?<!\bit)(?<!\bthem)(?<!\bhim)(?<!\bher)"
                              r"\s+(?:up|down|out|off|away)$", re.I))
# an adverb before an instruction's verb ("only run the backup weekly", "just water the plants")
_LEAD_ADVERB_RE = re.compile(r"^(?:only|just|also|then|still|please)\s+(?=[a-z])", re.I)
_LETS_RE = re.compile(r"^(?:let's|let’s|lets|let us)\s+(?=[a-z])", re.I)


# what things over a bound need ("... need a phone check", "... require a manager's sign-off")
_NEEDS_AFTER_RE = re.compile(r"\s+(?:also\s+)?(?:need|needs|require|requires|must have|get|gets)\s+"
                             r"(?:(?:a|an|the|extra|\d+)\s+)?(?P<what>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)"
                             r"\s*(?:[.,;!]|$)", re.I)


def _parse_forms(t: str) -> Statement:
    """The forms :func:`_parse` reads, in order."""
    revision = _has_revision_cue(t)

    # "I've completed 16 algebra problems": a running count, current at its latest figure
    done = done_count(t)
    if done is not None:
        return _statement(done.subject, "=", done.value, True)

    # "Write my newsletter in a formal tone", "go casual instead": the style asked for
    style = asked_style(t)  # (its own test of the words of style is cheaper than a value's)
    if style is not None and not VALUE_RE.search(t):
        return Statement(style[0], "=", style[1], None, None, "name", style[1], None, revision)

    # "switch it to dusty blue and cream", "change that to vegetarian": a new value in plain
    # words for the setting spoken of last
    val = pointed_to_words(t)
    if val is not None:
        return Statement(None, "=", val, None, None, "free", val.lower(), None, True)

    # "let them run to 1200 words", "we're letting it go up to 2 hours": a limit let out,
    # of the setting spoken of
    m = _LET_OUT_RE.search(t)
    if m and value_at(t[m.end():]):
        return _statement(None, "=", t[m.end():], True)

    # "show prices in USD", "oven temps in celsius": the unit something is given in
    shown = in_unit(t)
    if shown is not None:
        st = _statement(shown[0], "=", shown[1], revision or shown[2])
        if st.subject and st.subject.lower() in ("everything", "all"):
            return replace(st, subject=unit_setting(st.dimension))  # "quote everything in GBP"
        return replace(st, subject=None, revision=True) if is_referent_word(st.subject) else st

    # "I live in Leeds", "I'm flying out of Manchester", "actually make it Liverpool": a place
    said = place_said(t)
    if said is not None:
        return Statement(said[0], "=", said[1], None, None, "name", said[1].lower(), None,
                         revision or said[0] is None)

    # "salsa class is at the Corn Exchange", "it'll be room 5D": where something happens
    at = venue_said(t)
    if at is not None:
        return Statement(at[0], "=", at[1], None, None, "name", at[1].lower(), None, revision or at[2])

    # 0. "we went up to 500 Mbps", "we're down to 7 agents", "the fee rose to $12": a level
    # that changed, a new value (never the bound of "you can go up to 150 words")
    m = _LEVEL_RE.match(t)
    if m and value_at(m.group("val")):
        subj = m.group("subj").strip(" ,")
        if all(w.lower().strip(",") in _LEVEL_NOISE for w in subj.split()):
            subj = ""
        return _statement(subj or None, "=", m.group("val"), True)

    # "my photography account just passed 2,700 followers", "up to 48 lessons done now": a
    # level reached
    m = _REACHED_RE.match(t)
    if m and value_at(m.group("val")) and m.group("subj").strip().lower() not in _SPEAKERS:
        return _statement(m.group("subj").strip(" ,") or None, "=", m.group("val"), True)
    m = _UP_TO_NOW_RE.match(t)
    if m and value_at(m.group("val")):
        return _statement(None, "=", m.group("val"), True)
    # "so we're at 8 engineers", "we're now at 40 students": how many the speaker's side
    # counts now, of the thing its unit names
    m = _AT_COUNT_RE.search(t) if " at " in t else None
    if m:
        st = _statement(None, "=", m.group("val"), True)
        if st.dimension.startswith("count:"):
            return st

    # "every 2 days is better for the ferns", "Tuesday works best for the team meeting": a
    # value said first, preferred for its subject
    m = _PREFERRED_FOR_RE.match(t)
    if m:
        at = value_at(m.group("val"))
        if at is not None and at[1].strip() == m.group("val").strip():
            subj = _FOR_TAIL_RE.split(m.group("subj"), 1)[0]
            return _statement(subj, "=", m.group("val"), revision or m.group("how").lower() == "better")

    # 1. "<subject> ... <comparator> <value>"
    m = _CAP_RE.match(t)
    if m and value_at(m.group("val")):
        return _statement(m.group("subj"), "<=", m.group("val"), revision)
    for m in _COMPARATOR_RE.finditer(t):
        rest = t[m.end():]
        parsed = value_at(rest)
        if parsed is None:
            continue
        if m.group(1) and m.group(1).lower() == "up to" and _MOVED_RE.search(t[: m.start()]):
            continue  # "moved the deadline up to October 15": a move, not a bound
        if m.group(1) and m.group(1).lower() in ("after", "before") \
                and _VALUE_BEFORE_RE.search(t, 0, m.start()):
            continue  # "my accuracy is 70% after 10 problems": when, not a bound
        subj = t[: m.start()]
        # "don't let X exceed", "must never drop below": a negated verb turns the bound over
        negated = bool(_NEGATION_RE.search(subj))
        subj = re.sub(r"^(?:do not|don't|never)\s+(?:let|allow)\s+", "", subj.strip(), flags=re.I)
        subj = re.sub(r"(?:\b(?:won't|can't|don't|doesn't|shouldn't|mustn't|isn't|aren't|"
                      r"wouldn't|must|should|shall|will|can|may|does|do|is|are))?\s*(?:not|never)?\s*"
                      r"(?:\b(?:drop|go|fall|rise|get|grow|climb|dip|be|run|exceed))?\s*$", "",
                      subj, flags=re.I)
        subj = re.sub(r"\b(?:must|should|shall|will|can|may|needs? to|has to|have to)\s+"
                      r"(?:always\s+|never\s+)?(?:be|stay|remain|take|last|run|keep|hold|use|allow)?"
                      r"(?:\s+(?:kept|stored|retained|held|set|limited|capped|used|run|allowed))?"
                      r"(?:\s+(?:for|to|at|in|on))?\s*$",
                      "", subj, flags=re.I)
        subj = re.sub(r"\b(?:is|are|be|was|at|of|to|for)\s*$", "", subj.strip(), flags=re.I)
        op = _COMPARATORS[m.group(1).lower()] if m.group(1) else _SYMBOL_OPS[m.group(2)]
        if negated and op in ("<", ">"):
            op = {"<": ">=", ">": "<="}[op]
        needs = _NEEDS_AFTER_RE.match(rest, len(parsed[1]))
        if needs:  # "Orders over $500 need a phone check": the bound of what needs it
            subj = f"{subj} {needs.group('what')}"
        return _statement(subj, op, rest, revision)

    # 2. "from A to B"
    ft = _FROM_TO_RE.search(t)
    # 3. "set/change/move <subject> (from A) to <value>"
    m = _SET_TO_RE.search(t)
    if m and (value_at(m.group("val")) or m.group("val")[:1].isupper() or ft
              or _ONE_WORD_VALUE_RE.fullmatch(m.group("val"))):  # "Set the editor to nano."
        op = _trailing_bound(m.group("val"))
        return _statement(m.group("subj"), op, m.group("val"), True, m.group("old"))
    verbed = _VERB_AT_RE.match(m.group("val")) if m and not ft else None
    if verbed and value_at(verbed.group("val")):
        # "move shift 2 to start at 2pm": the value of when the thing starts
        return _statement(f"{m.group('subj')} {verbed.group('verb')}", _trailing_bound(verbed.group("val")),
                          verbed.group("val"), True, m.group("old"))
    if m and not ft:
        # "changed the wifi password to redpanda77 after the break-in": one word, then
        # when or why it was changed
        word = _WHEN_OR_WHY_RE.split(m.group("val"), 1)[0]
        if word != m.group("val") and _ONE_WORD_VALUE_RE.fullmatch(word):
            return _statement(m.group("subj"), "=", word, True, m.group("old"))
    if ft:
        subj = t[: ft.start()]
        subj = re.sub(rf"\b(?:{_REVISION_VERBS}|is|are|was|has been|have been|goes|went)\s*$", "",
                      subj.strip(), flags=re.I)
        # "switch from SQLite to PostgreSQL": no subject but the category of the name
        if not _clean_subject(subj):
            subj = name_category(ft.group("val")) or name_category(ft.group("old")) or ""
        return _statement(subj, "=", ft.group("val"), True, ft.group("old"))

    # 4. "let's use PostgreSQL (for the database)"
    m = _USE_RE.search(t)
    if m and not _NEG_RE.search(t[: m.start()]):
        val = m.group("val")
        day = VALUE_RE.match(t, m.start("val")) if not m.group("subj") \
            and set(re.split(r"[,;]", _clean_subject(t[: m.start()]))[-1].lower().split()) <= _CHOOSERS else None
        # (never "the launch deadline moved to ...": a setting named)
        if day is not None and parse_value(day.group(0)).dimension in ("when", "clock"):
            # "we're switching to Mondays and Wednesdays": the days, of what was spoken of
            return _statement(None, "=", day.group(0), True)
        if val[:1].isdigit():
            val = t[m.start("val"):]  # a number: take it with its unit and scope
        before = _clean_subject(t[: m.start()])
        if before and not m.group("subj") and _HABIT_RE.fullmatch(before):
            # "Always use APA 7th edition citations": the instruction is its own subject
            return Statement(_clean_subject(_free_value(t[m.start():])) or None, "=", None,
                             revision=revision)
        known = _NAME_CATEGORY.get(val.split()[0].lower())
        # (a name in lower case is read before what it is for only when its kind is unknown)
        subj = known if known and val[:1].islower() else m.group("subj") or before or known
        if subj is None and val[:1].isdigit():
            # "use 200°C": a quantity names no setting; the one spoken of last, if any
            st = _statement(None, "=", val, True)
            if st.subject is not None:  # "use 25 minute work blocks": a measure of a thing
                return replace(st, revision=revision)
            if _USING_RE.fullmatch(m.group(0)[: m.start("val") - m.start()]):
                # "we're using 73 GB at the moment": what is used up, not a setting chosen
                return _statement("usage", "=", val, revision)
            return st if st.value is not None else Statement(None, None, None)
        if subj is None:
            subj = f"use {val}"
        moved = bool(re.search(r"switch|migrat|move|moved", m.group(0), re.I))
        st = _statement(subj, "=", val, moved or revision)
        if st.dimension != "free":
            return st
        return Statement(st.subject, st.op, st.value, st.unit, st.scope, "name", st.canonical,
                         None, st.revision)

    # 5. prohibitions: "never use eval", "do not store card numbers"
    neg = _NEG_RE.search(t)
    if neg:
        before = t[: neg.start()].strip()
        after = t[neg.end():].strip()
        after = re.sub(r"^(?:ever|be|to|to be|use of)\s+", "", after, flags=re.I) if after else after
        subj = f"{before} {after}".strip() if before and len(before.split()) <= 4 else (after or before)
        return Statement(_clean_subject(_free_value(subj)) or None, "!=", None, revision=revision)

    # 6. "<subject> is/= <value>"
    m = _SUBJ_IS_RE.match(t)
    for of in _OF_RE.finditer(t):
        # "a budget of $5,000", but not "the growth of commits ... is now 165"
        if m is not None and of.start() >= m.end("subj"):
            break
        if of.start() > 0 and value_at(t[of.end():]):
            return _statement(t[: of.start()], _trailing_bound(t[of.end():]), t[of.end():], revision)
    if m:
        if t[m.end("subj"):m.start("val")].strip() == ":" and _ITEM_RE.match(m.group("val")) \
                and not re.search(r"(?:\b\d+|\b[a-z])$", m.group("subj"), re.I):  # "Rule 2: ..."
            inner = _parse_forms(m.group("val"))
            if inner.subject and inner.value is not None and inner.dimension not in ("free", "number"):
                return inner  # "User profile: monthly rent budget £1,200": the setting itself
        op = _trailing_bound(m.group("val"))
        return _statement(m.group("subj"), op, m.group("val"), revision)

    # 7. "<subject> <value>" with a number, date or weekday, e.g. "deadline Friday"
    found = list(VALUE_RE.finditer(t))
    while len(found) > 1 and (_names_a_thing(t, found[0])
                              or _IN_SUBJECT_RE.match(t, found[0].end(), found[1].start())):
        found.pop(0)  # "Region 2 runs 6 nodes", "My 5k time is 27 minutes": part of the name
    vm = found[0] if found else None
    label = _LABEL_RE.match(t)
    if vm and vm.start() > 0 and not (label and vm.start() == label.start("n")):
        subj = t[: vm.start()]
        named = _CONTACT_OF_RE.match(subj) if parse_value(vm.group(0)).dimension in (
            "phone", "email") else None
        if named:  # "My emergency contact is my brother Sam, 555-0142": the contact's number
            subj = named.group("subj")
        subj = re.sub(r"(?:(?:^|\s+)(?:is|are|was|at|of|to|for|by|on|due|the|a|an|every|each|"
                      # a value said roughly: "the budget is more like £300"
                      r"around|about|roughly|approximately|approx|more like|something like|closer to|"
                      r"nearer|=|:))+\s*$", "", subj.strip(), flags=re.I)
        # (a longer subject when the sentence is "<subject> is <value>" and no more: "my day
        # rate for design work with Halden Studio is €450")
        most = _MAX_COPULA_SUBJECT if _COPULA_END_RE.search(t, 0, vm.start()) \
            and _NOUN_PHRASE_LEAD_RE.match(t) and not t[vm.end():].strip(" .!") else 8
        if len(subj.split()) > most:  # "I've accepted X and have a Zoom call with Y on <date>"
            joint = list(_JOINT_RE.finditer(subj))
            if joint:
                subj = _clean_subject(subj[joint[-1].end():])
        if subj and len(subj.split()) <= most:
            op = _trailing_bound(t[vm.start():])
            return _statement(subj, op, t[vm.start():], revision)

    # 8. obligations without a value: "always format code with syntax highlighting"
    mod = _MODAL_RE.search(t)
    named = _NAMED_IS_RE.match(t) if mod is None else None
    if named and len(named.group("subj").split()) <= 4 and len(named.group("val").split()) <= 3 \
            and not _state_said(named.group("val"), named.group("subj")):
        # "bot persona name is Sam", "the db name is orders_prod": a name said of a setting
        st = _statement(named.group("subj"), "=", named.group("val"), revision)
        return st if st.dimension != "free" else replace(st, dimension="name")
    if mod:
        after = t[mod.end():].strip()
        before = t[: mod.start()].strip()
        be = re.match(r"^(?:always\s+)?(?:be|stay|remain)\s+(?P<val>.+)$", after, re.I)
        if be and before and len(_clean_subject(before).split()) <= 6:
            return _statement(before, "=", be.group("val"), revision)
        subj = after if len(after.split()) >= 1 else before
        if before and len(before.split()) <= 3 and after:
            subj = f"{before} {after}"
        return Statement(_clean_subject(_free_value(subj)) or None, "=", None, revision=revision)
    return Statement(None, None, None, revision=revision)


# "<a few words> is <a short value>" said with one space each side
_NAMED_IS_RE = re.compile(r"^(?P<subj>(?:(?:the|our|my)\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3})\s+is\s+"
                          # (never a judgement: "info is too noisy", "pescatarian is fine")
                          r"(?!(?:too|very|so|really|quite|pretty|kinda|way|much|more|less|not|also|"
                          r"still|always|never|just|fine|good|ok|okay|great|nice|bad|better|worse|"
                          r"enough|plenty|perfect|easier|harder|important)\b)"
                          r"(?P<val>[^\s,;]+(?:\s+[^\s,;]+){0,2})\s*[.!]?$", re.I)
def _state_said(value: str, subject: str) -> bool:
    """``value`` says how a thing is now, not what it is set to ("jammed again", "broken",
    "the kettle is slow"); a word that describes is a value only of a setting's noun ("the
    theme is dark")."""
    words = value.lower().split()
    if is_past_verb(words[0]) or words[0] in _STATES or "again" in words:
        return True
    return is_adjective(words[0]) and subject.lower().split()[-1] not in _SETTING_NOUNS


_SETTING_NOUNS = frozenset("""theme mode colour color font style level name branch tone size plan tier
    language format layout setting default voice persona palette scheme skin view""".split())


_STATES = frozenset("""broken closed open down up late early empty full off out busy sick away gone
    over done ready wrong right stuck dead fine new old back""".split())
_COPULA_END_RE = re.compile(r"\s(?:is|are)\s+$", re.I)
_NOUN_PHRASE_LEAD_RE = re.compile(r"(?:my|our|the|your|his|her|their)\s", re.I)
#: how many words the subject of a bare "<subject> is <value>" may have
_MAX_COPULA_SUBJECT = 12


# the person a contact value is of, said before it ("... is my brother Sam, 555-0142",
# "update my emergency contact to my wife Lena, ...")
_CONTACT_OF_RE = re.compile(r"^(?:(?:update|change|set|switch)\s+)?(?P<subj>.+?)\s+(?:is|are|to)\s+"
                            r"[^,;]{1,40},\s*$", re.I)


_MOTION = (r"went|gone|jumped|rose|risen|grew|grown|climbed|fell|fallen|shrank|shrunk|sank|"
           r"dropped|came|come|got|gotten|crept|shot|dipped|ticked|edged")
# the subject of a level, and the auxiliary before its verb
_LEVEL_LEAD = r"^(?P<subj>.*?)\s*(?:\b(?:has|have|had)\s+)?"
_LEVEL_RE = gated(re.compile(
    _LEVEL_LEAD + rf"(?:\b(?:{_MOTION})(?:\s+(?:(?:all the way|back)\s+)?"
    r"(?:up|down))?|(?:\b(?:is|are|was|were|am|has been|have been|'s|'re|'m)|(?<=\w)(?:'s|'re|'m))"
    r"\s+(?:(?:all the way|back)\s+)?(?:up|down))\s+to\s+(?P<val>.+)$", re.I))
_REACHED_RE = gated(re.compile(
    _LEVEL_LEAD + r"(?:\b(?:just|finally|now|already|officially)\s+)?"
    r"\b(?:passed|hit|reached|crossed|topped|surpassed)\s+(?:the\s+)?(?P<val>[$€£]?\d.*)$", re.I)
)# no subject, or only the speaker ("I passed 3 exams" is an event, not a level)
_SPEAKERS = frozenset(["", *"i we you they he she i've we've you've they've".split()])
_BROUGHT_ABOUT_RE = re.compile(
    r"^(?:after|since|following|with|thanks to|because of)\s+(?:the|my|our|a|an|this|that)\s+"
    r"[\w'-]+(?:\s+[\w'-]+){0,3}?\s+(?=(?:the|my|our|your|their|his|her|i|we)\s+\w)", re.I)
_AT_COUNT_RE = re.compile(r"(?:^|\b(?:so|and now|now)\s+)(?:i'm|we're|i am|we are)\s+(?:now\s+)?at\s+"
                          r"(?P<val>\d[^,;.!?]*?)(?:\s+now)?\s*[.!]?\s*$", re.I)
_UP_TO_NOW_RE = re.compile(r"^(?:(?:i'm|we're|i am|we are|now)\s+)?up to\s+(?P<val>[$€£]?\d[^,;]*?)"
                           r"(?:\s+(?:done|completed|finished|so far|total|in total))*\s+now\b", re.I)
_PREFERRED_FOR_RE = re.compile(
    r"^(?P<val>[^,;]+?)\s+(?:is|are|works|would be|'d be|will be|seems|sounds)\s+"
    r"(?:much\s+|way\s+|a lot\s+|far\s+)?(?P<how>better|best|ideal|right)\s+for\s+(?P<subj>[^,;.!?]+)", re.I)
# what follows the thing a value is preferred for ("for the ferns in this heat")
_FOR_TAIL_RE = re.compile(r"\s+(?:in|during|at|on|now|these|this|since|because|as|with)\b", re.I)
_VALUE_BEFORE_RE = re.compile(r"\d[\d,.]*\s*(?:%|[a-z]+)?\s*$", re.I)
_LEVEL_NOISE = frozenset("we i it they you he she actually so and but now well ok okay hmm um oh "
                         "yeah then also already".split())
_MOVED_RE = re.compile(r"\b(?:moved|move|moves|pushed|push|brought|bring|pulled|pull|turn|turned|"
                       r"bump|bumped|bumping|raise|raised|"
                       r"crank|cranked|dial|dialled|dialed|ramp|ramped|knock|knocked|"
                       r"(?:put|puts|take|took)\s+(?:the|my|our|its|it|that|this|them)\b|"
                       r"(?:put|puts|putting)(?:\s+[a-z]+){1,3}\s*$|"  # ("put rent up to £1,020")
                       r"\b(?:is|are|was|were|'s|'re)\s+going\s*$)", re.I)  # ("the target is going up to £35k")


# what follows a value that is part of a subject, up to that subject's own value
_IN_SUBJECT_RE = re.compile(r"\w*(?:\s+[a-z]+){0,3}\s+(?:is|are|was|were)\s+(?:at\s+|now\s+|about\s+|"
                            r"around\s+)?$")


def _names_a_thing(text: str, m: re.Match[str]) -> bool:
    """A small bare number right after a capitalised word ("Region 2", "Option 1",
    "proxy 9" after a label): part of a name when another value follows."""
    if not re.fullmatch(r"\d{1,4}", m.group(0)):
        return False
    before = text[: m.start()].split()
    after = text[m.end():].split()
    if not before or (after and not canonical_unit(after[0].strip(".,;:"))[1].startswith(
            ("count:", "number"))):
        return False  # "Region 2 GB": a known unit, so 2 is a value
    word = before[-1].strip("(\"'")
    if after and after[0].lower() in _LABEL_VERBS and VALUE_RE.search(" ".join(after[1:])):
        return True  # "warehouse 2 has 65 pallets": the number names the warehouse
    return (word[:1].isupper() and len(before) > 1) or word.lower() in _NUMBERED_NOUNS \
        or is_noun_only(word) and not (after and is_plural_noun(after[0].strip(".,;:").lower()))
    # (the last: "feed the goldfish 3 pellets twice a day" counts pellets, names no goldfish)


_LABEL_VERBS = frozenset("has have is are was were needs need uses use runs run holds hold gets get "
                         "takes take stores store keeps keep costs cost opens open closes close "
                         "starts start ships ship seats seat fits fit".split())

_NUMBERED_NOUNS = frozenset("region zone option tier plan phase step stage level version proxy "
                            "server node worker shard replica cluster team room floor building "
                            "gate lane track bay rack site cohort group batch wave round queue "
                            "pool bucket cache service gateway scheduler host instance pod job "
                            "pipeline table lobby region db database cluster channel warehouse "
                            "store shop branch office depot station terminal line route "
                            "court field ward class".split())


def _has_revision_cue(text: str) -> bool:
    """A revision cue: a word of change (:func:`has_word_of_change`), a time since which a
    value holds ("these days", "starting next week"), or a fault found with what holds before
    the choice said after it ("Tom is a bit casual for work emails, use Thomas")."""
    return _has_word_of_change(text) or _SINCE_CUE_RE.search(text) is not None \
        or _FAULT_THEN_RE.search(text) is not None


def _has_word_of_change(text: str) -> bool:
    """A revision verb, or "instead", "no longer", "correction", ...; a verb form that is
    also a noun does not count where it is one ("a raise of $12,000")."""
    for m in _REVISION_CUE_RE.finditer(text):
        word = m.group(0).lower()
        if word in ("make", "made") and (re.match(r"\s+sure\b", text[m.end():], re.I)
                                        or re.search(r"\bto\s+$", text[:m.start()], re.I)):
            continue  # "make sure ...", "... to make my CSS modular": no revision
        if word in ("set", "sets", "setting") and re.match(r"\s+up\b", text[m.end():], re.I):
            continue  # "set up the navbar": a setup, not a new value
        if word == "actually" and _NOT_CORRECTING_RE.search(text, 0, m.start()):
            continue  # "which I've never actually integrated": no correction
        if m.group(0).lower() in _NOUN_FORMS:
            det = _DETERMINER_BEFORE_RE.search(text, 0, m.start())
            if det and (not det.group("adj") or _NOUN_AFTER_RE.match(text, m.end())):
                continue
        return True
    return "ing" in text and _GERUND_CUE_RE.search(text) is not None  # "cutting it down to 2"


has_revision_cue = _has_revision_cue
has_word_of_change = _has_word_of_change
_NOT_CORRECTING_RE = re.compile(r"\b(?:never|not|ever|hardly|n't|'ve|have|has|had|i|we|they|you|"
                                r"do|does|did|can|could|would|will|to)\s+$", re.I)


def _trailing_bound(value_text: str) -> str:
    m = _TRAILING_BOUND_RE.search(value_text)
    if not m:
        return "="
    word = m.group(1).lower()
    if word in ("minimum", "at minimum") or word.startswith("or more") or word.startswith(
            ("or higher", "or greater", "or above", "or longer")):
        return ">="
    return "<="


_SAYS_NOTHING_OF = frozenset("me us to in with always please only just reply replies answer "
                              "answers respond talk speak write use using switch go stick "
                              "everything all it "
                              # the whole work it is for ("for this project", "in this repo")
                              "this project repo repository codebase".split())


def category_subject(subject: str | None, value: str | None) -> str | None:
    """``subject``, or the kind of a known name when the subject says nothing else ("Reply
    to me in Portuguese" is about the reply language)."""
    if not value:
        return subject
    cat = name_category(value)
    if cat is None:
        return subject
    words = set(re.findall(r"[a-z']+", (subject or "").lower())) - set(value.lower().split())
    return cat if words <= _SAYS_NOTHING_OF else subject


def terms_key(text: str) -> str:
    """A stable identity for a statement without a usable subject: its sorted content stems."""
    return " ".join(sorted(content_terms(text)))


def value_identity(stmt_dimension: str, canonical: str) -> str:
    """The part of a slot key that a value contributes: its dimension, or for free text
    the value itself (free-text values never revise each other implicitly)."""
    if stmt_dimension == "free":
        return f"free:{canonical}"
    if stmt_dimension.startswith("count:") or stmt_dimension == "number":
        return "num"
    return stmt_dimension


def make_key(subject_norm: str, op: str | None, dimension: str, canonical: str,
             scope: str | None) -> str:
    """The full slot identity: normalised subject, bound class, value dimension, scope."""
    return "|".join((subject_norm, bound_class(op), value_identity(dimension, canonical), scope or ""))
