"""The resolver: which stored setting a new statement talks about, if any.

A statement whose slot key equals a stored one is that setting. Otherwise a few candidate
settings are gathered from the store's indexes (never a scan) and weighed by evidence:

1. the same subject, with a value of a compatible kind ("batch size 500 records" and
   "batch size 1000");
2. a misspelling: the subject differs only by a word one edit from a stored word, a word
   the dictionary does not know and that was never used with a value of its own
   ("webhok timout" for "webhook timeout");
3. the old value named: "replace React with Svelte", "from 10 to 25", "instead of Friday";
4. a referent: "raise that to 25 MB", "make it 3", a revision that names no subject, or
   one whose subject is only verbs, times and its own unit ("let's try 20% instead"),
   bound to the setting of that kind of value spoken of last (within a few turns);
5. a revision cue ("raise", "postpone", "switch", "actually", ...) with a subject that
   agrees with a stored one in head noun and kind of value ("stretch the budget to $2,500"
   for "budget for the trip").

A statement with none of this evidence may still be *linked* (``links=True``) to the one
earlier setting it agrees with in head noun, kind of value and unit: both stay, the older
shown as earlier (:func:`link_target`).

Vetoes win over any evidence: a content word on each side that differs after
normalisation means two settings ("alpha / gamma queue retry limit", "cache A / cache B",
"db01 / db02"). Two candidates that fit equally keep both: the statement opens its own
slot and the tie is reported in :attr:`Resolution.tied`. A missed revision costs a line of
context; a wrong one would silently lose a setting.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import islice

from .merge_targets import (PRICED_RE, TERM_CANDIDATES, StoreIndex, fitting, named_bound, revision_candidates, value_base,
                            without_bound_words)
from .owners import CLAUSE_CUT_RE, NAMED_OWNER_RE, OWNER_RE, THIRD_PERSON, said_before_value
from .passing import other_owner, person_apart
from .people import PEOPLE
from .contact_values import EMAIL
from .frequency import DIMENSION as FREQUENCY, frequencies_in
from .number_words import spoken_numbers
from .party import CAPACITY_RE, PARTY_RE
from .places import is_place
from .day_kept import keeps_other_part
from .sibling_values import sibling_named, value_named
from .environments import other_environment
from .display_units import measure_of
from .labels import code_alone, is_label, label_noun, with_noun
from .place_phrases import is_venue
from .venues import venue_slot
from .patch import AUTHORITY, Patch, Role
from .slots import (Statement, bound_class, content_terms, folded_subject, letter_named, make_key, name_category,
                    no_capitals, subject_key)
from .values import CLOCK_SHAPE_RE, MONTHS, VALUE_RE, VERSION_RE, WEEKDAYS, day_or_time, parse_value
from .value_clause import before_reason, weak_subject
from .lexicon import getAllLemmas, is_noun, is_past_verb, is_plural_noun, is_verb_only, known_word
from .progress import PERIOD_WORDS
from .vocab import STOP_WORDS, TECH_WORDS, everyday_frequency, fold_typo, is_identifier, singular, word_frequency

__all__ = ["HEADCOUNT", "LIGHT_VERBS", "MOVED_WORDS", "REFERENT_TURNS", "Resolution", "as_said_of", "held_for_other",
           "is_referent", "link_target", "link_vetoed", "other_times", "own_setting", "resolve",
           "vetoed"]

#: how many turns back a referent ("that", "it") may reach for its setting
REFERENT_TURNS = 8
#: the evidence of a number said as a headcount: it counts what the count it revises counts
HEADCOUNT = "the one recent count of people, said as a headcount"
NEW_VERSION = "the speaker's system, a new version of it"
SIBLING = "a statement of values said together, whose one value the sentence names by its words"

_PRONOUNS = frozenset("it that this those these them one".split())
# a person said by a pronoun alone, whose old value a revision names
_PERSONAL = frozenset("he she they".split())
LIGHT_VERBS = frozenset("do make have go get let try say take use put".split())


@dataclass(frozen=True, slots=True)
class Resolution:
    """The setting a statement revises (``target``), how that was decided, and the
    candidates that fit equally well when none was chosen."""

    target: str | None = None
    evidence: str = ""
    tied: tuple[str, ...] = ()


NONE = Resolution()


@lru_cache(maxsize=16384)
def is_referent(subject: str | None) -> bool:
    """A subject that only points back ("it", "that") or is missing altogether."""
    if not subject:
        return True
    # "it's due 15 May", "that's 12 now": the pointer with its verb
    return all(w in _PRONOUNS for w in re.sub(r"['’]s\b", "", subject.lower()).split())


def read_here(after_value: str) -> bool:
    """The words after a value say where it was read ("it's 18 degrees in here now",
    "it's 30 outside"): a reading of the moment, pointing at no setting."""
    return _READ_HERE_RE.match(after_value) is not None


def read_so_far(before_value: str, after_value: str) -> bool:
    """The value is how far the speaker has got so far ("I'm at 22 g today", "we've used
    40 GB this month already"): a reading against a limit, never a new limit."""
    return _SO_FAR_BEFORE_RE.search(before_value) is not None and _SO_FAR_AFTER_RE.match(after_value) is not None


_SO_FAR_BEFORE_RE = re.compile(
    r"\b(?:(?:i|we)(?:'m|'re|\s+am|\s+are)\s+(?:only\s+|already\s+|now\s+)?(?:at|on|up\s+to)|"
    r"(?:i|we)(?:'ve|\s+have)\s+(?:only\s+|already\s+)?(?:had|used|done|spent|eaten|drunk|logged|"
    r"run|walked|made|sold|booked))\s+$", re.I)
_SO_FAR_AFTER_RE = re.compile(r"\s*(?:today|tonight|so far|right now|at the moment|this (?:week|month|"
                              r"morning|afternoon|year)|already|yet)\b", re.I)
# where a reading is taken, after its value ("in here", "outside", "in the flat")
_READ_HERE_RE = re.compile(r"\s*(?:in here|out here|in there|out there|here|outside|inside|indoors|"
                           r"outdoors|in the (?:room|office|house|flat|car|kitchen|garden|shade|sun))\b",
                           re.I)


def time_told(text: str) -> bool:
    """``text`` tells the time of day it is now ("it's 6:40 already", "it's almost 1pm",
    "it's just gone 9", "it's past 9pm"): a reading of the moment, no time of a setting."""
    return _TIME_TOLD_RE.search(text) is not None


_CLOCK_TOLD = r"(?:\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?|noon|midnight)"
# "it's already 3:30", "it is almost 1pm", "it's just gone 9", "it's 6pm already"
_TIME_TOLD_RE = re.compile(
    r"\bit(?:'s|’s| is)\s+(?:(?:already|almost|nearly|just gone|gone|just past|past|getting on for|"
    rf"coming up to|close to)\s+{_CLOCK_TOLD}(?![\w:])|{_CLOCK_TOLD}\s+(?:o'clock\s+)?already\b)", re.I)


def points_back(subject: str | None) -> bool:
    """A subject read out of a clause that points at a setting ("landlord's putting it up",
    "bump it"): its words name no setting of their own."""
    words = re.findall(r"[a-z]+", (subject or "").lower())
    return 0 < len(words) <= POINTING_WORDS and any(w in ("it", "that", "this") for w in words)


#: the longest subject read as pointing at a setting (a longer one is a clause of its own)
POINTING_WORDS = 5


def names_nothing(subj_norm: str, stmt: Statement) -> bool:
    """A subject made only of verbs, times, pronouns and the value's own unit ("try",
    "go up to 280 characters", "you can use"): it names no setting, so the statement
    speaks of the one just spoken of, if its value is of the same kind and unit."""
    if stmt.value is None or stmt.dimension in ("free", "number", "name"):
        return False
    unit = _unit_noun(stmt)
    words = subj_norm.split()
    if len(words) == 2 and words[0] in ("m", "re") and words[1].endswith("ing"):
        return True  # "I'm taking 1000 mg", "we're doing 25": the speaker doing it, no name
    if words and all(w in _BOUND_WORDS for w in words):
        return True  # "maximum is 1200 euro": the bound of the setting spoken of
    return all(w in _PRONOUNS or w in LIGHT_VERBS or w in _WEAK_WORDS or w == unit
               or _noise(w) for w in words)


_WEAK_WORDS = frozenset("can could you we i let s let's me us please just only up down go "
                        "allow allowed fine ok okay m re ve ll d i'm we're i've everything "
                        "anything moving moved switching switched changing changed swapping "
                        "swapped going gonna wanna gotta start starting stretch stretching".split())


#: a subject of these words only is the bound of the setting spoken of ("maximum is 1200
#: euro now")
_BOUND_WORDS = frozenset("max maximum min minimum limit cap ceiling".split())


def vetoed(a: str, b: str) -> bool:
    """Two normalised subjects that each have a word the other lacks name two settings.

    Words that name no setting are left out of the comparison first: a word for the kind
    of quantity ("size", "limit", "cap"), a pointer or a time. Verbs stay: a subject read
    out of a sentence that has its own verbs ("aiming increase") is not a shorter name for
    another ("managed to increase profile views"). A difference that remains is a veto: a
    modifier ("alpha" / "gamma"), a name, a letter or a digit."""
    wa, wb = a.split(), b.split()
    if len(wa) == 1 and wa[0] in CONTACT_HEADS and wb[-1:] == wa \
            or len(wb) == 1 and wb[0] in CONTACT_HEADS and wa[-1:] == wb:
        return False  # "address" alone lies within "shipping address"
    la, lb = _verbs_as_said(_core(wa), _core(wb))
    if not la or not lb:
        return False  # one names only a kind of quantity ("the limit"): no word to differ
    sa, sb = set(la), set(lb)
    if sa - sb and sb - sa:
        return True
    if len(la) == len(sa) and len(lb) == len(sb):
        return False
    ca, cb = Counter(la), Counter(lb)  # "queue queue depth" has two queues
    return bool(ca - cb) and bool(cb - ca)


def resolve(ix: StoreIndex, patches: dict[str, Patch], subj_norm: str, stmt: Statement,
            turn: int, referent: bool, same_unit: bool = False,
            terse: bool = False, own: str = "", text: str = "") -> Resolution:
    """Which stored setting ``stmt`` (subject ``subj_norm``, said at ``turn``) revises;
    ``terse``: the statement is a bare "<subject> = <value>" (the old value of "raise my
    rate from $65 to $75"), which may restate a setting under a shorter name; ``own``: the
    words a pointer's sentence names beside it ("for the paid plan make it 90 days"), which
    veto a setting they differ from; ``text``: the statement as said, where a revision may
    name the value it replaces in passing ("we're moving to pnpm, npm installs were slow")."""
    if stmt.value is None:
        return NONE
    if not referent:
        found = revision_candidates(patches, ix.by_subject.get(subj_norm, ()), stmt)
        if found:
            return _one(found, "same subject")
        found = _misspelt(ix, patches, subj_norm, stmt, _capitalised(stmt.subject))
        if found:
            return _one(found, "same subject, misspelt")
        found = _restated(ix, patches, subj_norm, stmt) if terse else []
        if found:
            return _one(found, "the same value, of a subject in other words")
        if stmt.revision and bound_class(stmt.op) == "upper" and _LIMIT_RE.search(subj_norm):
            dim = make_key("", "=", stmt.dimension, stmt.canonical, stmt.scope).split("|", 2)[2]
            found = [pid for pid in ix.by_subject.get(subj_norm, ()) if pid in patches
                     and (patches[pid].key or "").split("|", 2)[1:] == ["eq", dim]]
            if found:  # "budget can go up to £4,500" of "Budget £4,000": a limit said as a bound
                return _one(found, "a limit said as its bound")
        bare = without_bound_words(subj_norm)
        if bare and bare != subj_norm and stmt.revision and named_bound(stmt.op, stmt.subject) != "eq":
            found = revision_candidates(patches, ix.by_subject.get(bare, ()), stmt, bound_named=True)
            if found:  # "bump the password minimum to 14" of "passwords must be at least 12"
                return _one(found, "the bound its subject names")
        if bare == subj_norm and stmt.revision and named_bound(stmt.op, stmt.subject) == "eq":
            found = [pid for key in _with_bound_words(subj_norm)
                     for pid in revision_candidates(patches, ix.by_subject.get(key, set()), stmt)]
            if found:  # "bump seq len to 384" of "max sequence length is 256 tokens"
                return _one(found, "the setting named with its bound")
    if stmt.old_value:
        found = _same_owner(patches, _old_value(ix, patches, subj_norm, stmt, referent), text)
        if found:
            return _one(found, "old value named")
    if stmt.revision and text and stmt.dimension in ("name", "free"):
        found = _same_owner(patches, _named_in_passing(ix, patches, subj_norm, stmt, text, referent), text)
        if found:
            return _one(found, "old value named in passing")
    if stmt.revision and text and stmt.dimension not in ("name", "free") and (
            not stmt.old_value or _BARE_NUMBER_RE.fullmatch(stmt.old_value)):
        # (or named as a number alone: "160 instead of 140" of "protein target 140g a day")
        found = _same_owner(patches, _number_named(ix, patches, subj_norm, stmt, text, turn, referent), text)
        if found:
            return _one(found, "old number named in passing")
    if referent:
        res = _referent(ix, patches, stmt, turn, same_unit, own, text)
        # ("my sister is not vegan anymore, she does keto now" points at none of the speaker's)
        # (nor does "we have 320 signups now" of "our goal is 500 signups": a count against it)
        # (nor "retries should be 5 not 3" at "batches of 500": the old value it names is not held)
        return NONE if res.target is not None and (_old_not_held(stmt, patches[res.target], text)
                                                   or _no_longer_apart(stmt, patches[res.target], text)
                                                   or only_at_times(before_reason(text, stmt.value), stmt,
                                                                    patches[res.target].text)
                                                   or _other_address_named(text, patches[res.target].value)
                                                   or person_apart(text, patches[res.target].text)
                                                   or progress_on_goal(text, patches[res.target].text)
                                                   or party_in_place(text, patches[res.target].text)
                                                   or people_for_other(text, stmt, patches[res.target])) \
            else res
    if stmt.revision and subj_norm:
        found = [pid for pid in _same_head(ix, patches, subj_norm, stmt, text)
                 if not only_at_times(text, stmt, patches[pid].text)]
        if found:  # (never "30 minutes on my days off" of "workouts of 20 minutes max")
            return _one(found, "head noun and value agree, with a revision cue")
        found = _unit_named(ix, patches, subj_norm, stmt)
        if found:
            return _one(found, "the subject is the unit of a stored count, with a revision cue")
        found = _bound_alone(ix, patches, subj_norm, stmt, turn)
        if found:  # "bump the threshold to £75" of "free shipping on orders over £50"
            return _one(found, "the one recent bound of that kind of value, named by the word for a bound")
        found = _speakers_system(ix, patches, subj_norm, stmt, text) or _bare_version(ix, patches, subj_norm, stmt, turn)
        if found:  # "upgraded my laptop to Windows 11" of "I'm on Windows 10"
            return _one(found, NEW_VERSION)
        found = _named_by_unit(ix, patches, subj_norm, stmt)
        if found:  # "my final draft reached 4,700 words" of "I have 4,500 words to submit"
            return _one(found, "a stored count named by its unit alone, with a revision cue")
        found = _goal_of_unit(ix, patches, subj_norm, stmt, turn)
        if found:  # "let's push the goal to 10k steps" of "I'm trying to hit 8,000 steps a day"
            return _one(found, "the goal named by its role, a count of the same thing")
        found = _of_known_kind(ix, patches, subj_norm, stmt, turn)
        if found:  # "got a new phone, switch to android instructions" of "im on an iphone"
            return _one(found, "the one recent setting of a known kind, with a revision cue")
        found = [p.id for p in _recent_settings(ix, patches, turn)
                 if text and value_named(text, stmt.subject or "", p.text, stmt.dimension) is not None]
        if len(found) == 1:  # "bump the Roth to $500" of "$400 a month going to my Roth IRA and
            return Resolution(found[0], SIBLING)  # $250 into the brokerage account"
    if not stmt.revision and subj_norm:
        found = [pid for pid in _shorter_name(ix, patches, subj_norm, stmt, text)
                 if not _speaker_apart(text, ix.subject_of.get(pid) or "")]
        if found:  # "retries should be 3" of "max retries for the payment webhook: 5" (never
            # "we eat at 7" of "the kids eat at 5:30")
            return _one(found, "a shorter name of one setting, the same kind of value")
    if subj_norm:
        found = _longer_name(ix, patches, subj_norm, stmt, text)
        if found:  # "zstd level 10 is fine" of "compress with zstd, level 3"
            return _one(found, "a longer name of one setting whose other words its statement says")
    found = _headcount(ix, patches, subj_norm, stmt, turn)
    if found:  # "final numbers a hundred and forty" of "we're expecting 120 guests"
        return _one(found, HEADCOUNT)
    return NONE


_BOUND_LEADS = ("max", "maximum", "min", "minimum")
_BOUND_TAILS = ("limit", "cap")


def _with_bound_words(subject: str) -> list[str]:
    """The subjects that name ``subject`` with a bound word ("max seq len" of "seq len")."""
    return [f"{w} {subject}" for w in _BOUND_LEADS] + [f"{subject} {w}" for w in _BOUND_TAILS]


_SPEAKER_LEAD_RE = re.compile(r"^\W*(?:i|we|i'm|we're|i've|we've|i'd|we'd)\b", re.I)
_PEOPLE_RE = re.compile(rf"\b(?:{PEOPLE})\b", re.I)


def _speaker_apart(text: str, subject: str) -> bool:
    """``text`` is the speaker's own ("we eat at 7") and ``subject`` names other people
    ("kid eat" of "the kids eat at 5:30")."""
    return _SPEAKER_LEAD_RE.match(text) is not None and _PEOPLE_RE.search(subject) is not None


def _old_not_held(stmt: Statement, p: Patch, text: str) -> bool:
    """``stmt`` names the value it replaces in its own words (``text``) and ``p`` holds
    another: no number or word of the one is in the other ("5 not 3" is no revision of a
    batch size of 500; "thirty" is the 30 of "30 people")."""
    if not stmt.old_value or not p.value:
        return False
    said, held = _said_value_words(stmt.old_value), _said_value_words(p.value)
    return bool(said & _said_value_words(text)) and bool(held) and not said & held


# a value said to hold no longer: "it's not tuesdays anymore", "no longer on fridays"
_NO_LONGER_RE = re.compile(r"\b(?:(?:it'?s|its|it\s+is|they'?re|they\s+are)\s+)?(?:not|no\s+longer)\s+(?:on\s+|at\s+)?"
                           r"(?P<old>[\w:$£€.]+)(?:\s+(?:anymore|any\s+more|now))", re.I)


def _no_longer_apart(stmt: Statement, p: Patch, text: str) -> bool:
    """``text`` says a value of ``stmt``'s kind holds no longer ("its not tuesdays anymore
    ..., switched them to Thursday") and ``p`` holds none of its words: the pointer means
    another setting, not ``p``."""
    m = _NO_LONGER_RE.search(text)
    if m is None or not p.value:
        return False
    said = parse_value(m.group("old"))
    if said.dimension != stmt.dimension and not day_or_time(said.dimension, said.canonical,
                                                              stmt.dimension, stmt.canonical):
        return False
    return not _said_value_words(m.group("old")) & _said_value_words(p.value)


def _said_value_words(value: str) -> frozenset[str]:
    """The numbers of a value (said in words too, as digits) and its other words."""
    numbers = spoken_numbers(value)
    rest = value.lower()
    for m, _ in reversed(numbers):
        rest = rest[:m.start()] + " " + rest[m.end():]
    return frozenset([f"{n:g}" for _, n in numbers] + re.findall(r"[a-z]{3,}", rest))


def _shorter_name(ix: StoreIndex, patches: dict[str, Patch], subj_norm: str,
                  stmt: Statement, text: str) -> list[str]:
    """The settings whose subject holds every word of this one and more (:func:`_same_head`),
    when no cue is said: a setting named again in short is said again or revised. Words
    after the value must have been said with the setting too ("... is 4 hours at room temp"
    of "... is 5 hours at room temp"): others may name another one ("retries should be 3
    for the billing queue")."""
    mine = set(_core(subj_norm.split()))
    # (but its function words: "this month" of "budget for the month" is that month)
    after = set(_AFTER_WORD_RE.findall(_after_value(text, stmt.value).lower())) - STOP_WORDS
    found = []
    for pid in _same_head(ix, patches, subj_norm, stmt) if mine else ():
        theirs = ix.subject_of.get(pid) or ""
        core = set(_core(theirs.split()))
        # (or the same but for words of time said again: "budget ... this month" of "budget
        # for the month", never "weekly" of "monthly")
        if (mine < core or mine == core and _said_again(theirs, subj_norm, text)) \
                and after <= set(_AFTER_WORD_RE.findall(patches[pid].text.lower())) \
                and not person_dropped(patches[pid].slot or "", text):
            found.append(pid)
    return found


_AFTER_WORD_RE = re.compile(r"[\w'-]+")


def _longer_name(ix: StoreIndex, patches: dict[str, Patch], subj_norm: str,
                 stmt: Statement, text: str) -> list[str]:
    """The settings whose subject has some of this one's words and no other, when the
    statement that set them says the rest, and every word said before the value
    ("zstd level" of "compress with zstd, level 3"): the same setting, named in full (never
    "feature branches: e2e timeout 15 minutes" of "ci on main runs the full e2e suite,
    timeout 40 minutes")."""
    mine = set(subj_norm.split())
    at = text.find(stmt.value or "\0")
    if len(mine) < 2 or at < 0:
        return []
    before = content_terms(text[:at])
    found = []
    for pid in _same_head(ix, patches, subj_norm, stmt):
        theirs = set((ix.subject_of.get(pid) or "").split())
        extra = content_terms(" ".join(mine - theirs))
        said = content_terms(patches[pid].text)
        if theirs and theirs < mine and extra and extra <= said and before <= said:
            found.append(pid)
    return found


def _said_again(theirs: str, mine: str, text: str) -> bool:
    """The words only the stored subject ``theirs`` has beside ``mine`` are words of time
    or scope that ``text`` says too ("budget ... this month" of "budget for the month")."""
    extra = content_terms(" ".join(set(theirs.split()) - set(mine.split())))
    return bool(extra) and extra <= content_terms(text)


def person_dropped(earlier_subject: str, text: str) -> bool:
    """The subject of an earlier setting is a person's or a named owner's ("son's shoe size"
    for "my shoe size is 9", "daughter's bedtime" for "bedtime is 10pm for me", "IT's
    timeout" for "HR's timeout is 10 seconds") and ``text`` names neither them nor anyone by
    a pronoun: the text speaks of someone else's."""
    said = _said_words(text)
    owners = [m.group(1) for m in OWNER_RE.finditer(earlier_subject)] \
        + NAMED_OWNER_RE.findall(earlier_subject)
    if not owners:
        return False
    doer = _NAMED_DOER_RE.match(text)
    if doer and not known_word(doer.group(1)) \
            and all(o.lower() != doer.group(1).lower() for o in owners):
        return True  # "Marcus starts his on-call on the 11th" of "Priya's on-call week": his is Marcus's
    return not said & THIRD_PERSON and any(singular(o.lower()) not in said for o in owners)


# a name that opens a statement as the one who does what it says ("Marcus starts his ...")
_NAMED_DOER_RE = re.compile(r"^\W*(?:(?:and|also|btw|so|oh|ok)\W+)*([A-Z][a-z]+)\s+(?:[a-z]+s|will)\b")


def _headcount(ix: StoreIndex, patches: dict[str, Patch], subj_norm: str, stmt: Statement,
               turn: int) -> list[str]:
    """The one count of people of the last turns ("120 guests", "8 people") that a number
    said as a headcount revises: "the headcount is 140 now", "final numbers 140". A
    headcount with no word of change is the final one."""
    words = subj_norm.split()
    if stmt.dimension == "count:number":  # ("final numbers 140": 140 "numbers")
        words.append("number")
    elif stmt.dimension != "number":
        return []
    final = "final" in words
    if not words or not (stmt.revision or final) \
            or not all(w in _HEADCOUNT_WORDS or w in ("final", "total", "new") for w in words) \
            or not any(w in _HEADCOUNT_WORDS for w in words):
        return []
    # (never a bound: "the venue holds up to 200 people")
    return [p.id for p in _recent_settings(ix, patches, turn)
            if p.key is not None and p.key.split("|")[2] == "num" and bound_class(p.op) == "eq"
            and singular((p.unit or "").lower()) in PEOPLE_UNITS]


def _recent_settings(ix: StoreIndex, patches: dict[str, Patch], turn: int) -> list[Patch]:
    """The current settings of the last turns said with a user's authority or more,
    latest first, each once."""
    out: dict[str, Patch] = {}
    for spoken_at, pid in reversed(ix.recent):
        if turn - spoken_at > REFERENT_TURNS:
            break
        p = patches.get(pid)
        if p is not None and p.later is None and p.key is not None \
                and AUTHORITY[p.role] >= AUTHORITY[Role.USER]:
            out.setdefault(pid, p)
    return list(out.values())


#: words for how many people come ("the headcount", "final numbers")
_HEADCOUNT_WORDS = frozenset("headcount head count number numbers attendance turnout tally".split())


def progress_on_goal(text: str, earlier: str) -> bool:
    """``earlier`` sets a goal ("our goal is 500 signups") and ``text`` says how far it has
    got ("we have 320 signups now", "we're at 320 so far"), naming no goal: progress
    towards it, never a new goal."""
    return _GOAL_WORD_RE.search(earlier) is not None and _GOAL_WORD_RE.search(text) is None \
        and _HAVING_RE.search(text) is not None and _SET_TO_RE.search(text) is None


# a pointer told its new value ("bump that to 10k, i've been hitting it"): a new goal
_SET_TO_RE = re.compile(r"\b(?:bump|rais|set|make|chang|push|mov|up|increas|lower|drop|cut)\w*\s+"
                        r"(?:it|that|this)\s+(?:(?:up|down)\s+)?to\b|\binstead\b|"
                        r"\blet'?s\s+(?:say|do|go|make|aim|try)\b", re.I)  # ("I've been ill, let's say 55 instead")


def goal_apart(text: str, earlier: str) -> str | None:
    """The goal word of ``text`` ("my goal weight is 72 kg") when ``earlier`` says what is
    ("I weigh 80 kg", "we have 320 signups"): neither a goal word nor a wish, an aim or a
    requirement. A goal set beside a measure is another setting, never its new value."""
    m = _GOAL_WORD_RE.search(text)
    return m.group(0).lower() if m is not None and _GOAL_WORD_RE.search(earlier) is None \
        and _AIMING_RE.search(earlier) is None else None


def what_is_of_goal(text: str, earlier: str, earlier_value: str | None) -> bool:
    """``text`` says in the first person what is ("I weigh 80 kg", "I sleep 7 hours a
    night") where ``earlier`` set ``earlier_value`` as a goal or a wish ("my weight goal is
    75 kg", "I want to sleep 8 hours a night"): how things stand, never the goal's new
    value."""
    return _I_SAY_RE.match(text) is not None and _GOAL_WORD_RE.search(text) is None \
        and _AIMING_RE.search(text) is None and _aimed_at(earlier, earlier_value)


def _aimed_at(text: str, value: str | None) -> bool:
    """The clause of ``text`` that says ``value`` names a goal or a wish before it ("my
    weight goal is 75 kg"; not "I have a review on May 5, I want to make sure ...")."""
    at = _value_at(text, value)
    if at < 0:
        return False
    clause = re.split(r"[,;.!?]|\b(?:which|but|and|so)\b", text[:at])[-1]
    return _GOAL_WORD_RE.search(clause) is not None or _WISH_RE.search(clause) is not None


def _value_at(text: str, value: str | None) -> int:
    """Where ``value`` (or its first word) is said in ``text``, or -1."""
    if not value:
        return -1
    low = text.lower()
    at = low.find(value.lower())
    return at if at >= 0 else low.find(value.split()[0].lower())


def said_as_change(text: str) -> bool:
    """``text`` says a value is changed by a verb of change ("cutting the coffee down to a
    couple of cups", "raise it to 12"): a change, whatever wish is said beside it."""
    return _CHANGING_RE.search(text) is not None


_CHANGING_RE = re.compile(r"\b(?:cut|cuts|cutting|reduc\w*|rais\w*|lower\w*|increas\w*|decreas\w*|"
                          r"drop\w*|bump\w*|upp(?:ing|ed)|(?:down|up)\s+to|go(?:ing)?\s+(?:up|down)|"
                          r"chang\w*|switch\w*|mov(?:e|ed|ing)\s+(?:it|that|to))\b", re.I)
# a wish for a value: "I want to sleep 8 hours", "we're trying to get to 500 signups"
_WISH_RE = re.compile(r"\b(?:want|wants|wanna|trying|try|hoping|hope|aiming|aim|would like|'d like)\s+"
                      r"(?:to\b|for\b)", re.I)
# a statement in the first person: "I weigh 80 kg", "we sleep 7 hours"
_I_SAY_RE = re.compile(r"^\W*(?:(?:ok|okay|so|well|fyi|btw|also|and)[\s,]+)*(?:i|we)\s+(?!'|’)"
                       r"(?:(?:currently|usually|normally|only|now|actually)\s+)?[a-z]+", re.I)


def held_before(ix: StoreIndex, patches: dict[str, Patch], said: Patch, text: str) -> Patch | None:
    """The one setting of the last turns a user set that holds the value ``said`` (the
    value before a change, "from $45", stored from the change's own sentence ``text``), of
    the same kind of value, and shares a noun of ``text`` besides the values ("The gym
    raised the price from $45 to $55" of "I pay $45 a month for the gym"); None when not
    exactly one does."""
    if said.value is None or said.key is None:
        return None
    holding = ix.by_value.get(ix.value_of.get(said.id, ""), set())  # (the value index)
    dim = said.key.split("|")[2]
    nouns = _nouns_of(text) - _nouns_of(said.value)
    found = [p for p in _recent_settings(ix, patches, said.turn)
             if p.id != said.id and p.id in holding and p.turn < said.turn
             and p.key is not None and p.key.split("|")[2] == dim
             and not nouns.isdisjoint(_nouns_of(p.text))]
    return found[0] if len(found) == 1 else None


def _nouns_of(text: str) -> set[str]:
    """The words of ``text`` that may name a thing: no stop word, no verb, no day or month."""
    return {singular(w) for w in re.findall(r"[a-z][a-z'-]+", text.lower())
            if w not in STOP_WORDS and w not in WEEKDAYS and w not in MONTHS
            and not is_verb_only(w) and "'" not in w}


def party_in_place(text: str, earlier: str) -> bool:
    """``text`` says how many the speaker's party is ("we're 6 now") and ``earlier`` what a
    place or a thing holds ("the conference room holds 12 people"): a party in a place of
    that size, never a new size of it."""
    return PARTY_RE.search(text) is not None and CAPACITY_RE.search(earlier) is not None


_GOAL_WORD_RE = re.compile(r"\b(?:goal|target|aim|objective)s?\b", re.I)
# a value aimed at or required, not one that is: "trying to hit 8,000 steps", "should be under 200ms"
_AIMING_RE = re.compile(r"\b(?:try|trying|aim|aiming|aims|want|wants|wanting|hope|hoping|plan|"
                        r"planning|hit|reach|shooting for|going for|working (?:towards?|up to)|"
                        r"should|must|need|needs|has to|have to|ideally|no more than|at most|"
                        r"at least|under|below|over|above|max|maximum|min|minimum|limit|cap)\b", re.I)
_HAVING_RE = re.compile(r"\b(?:(?:we|i)(?:'ve|\s+have)(?:\s+got)?|(?:we|i)\s+got|(?:we're|we\s+are|i'm|"
                        r"i\s+am)\s+at|reached|so\s+far|currently|at\s+the\s+moment)\b", re.I)


def other_count(stmt: Statement, earlier: Patch) -> str | None:
    """The thing ``stmt`` counts when ``earlier`` counts another thing under the same name
    ("our team has 2 designers now" after "our team has 5 engineers"): two settings. None
    when either counts no named thing, or both count people ("8 people" / "6 guests"), or
    the statement names no setting ("actually 12 crates" of "the order is 10 boxes")."""
    if is_referent(stmt.subject) or not stmt.dimension.startswith("count:") or not stmt.unit \
            or not earlier.unit or earlier.key is None or earlier.key.split("|")[2] != "num":
        return None
    # (the noun counted: "4 payments" counts the "2 missed payments")
    mine, theirs = singular(stmt.unit.lower().split()[-1]), singular(earlier.unit.lower().split()[-1])
    if mine == theirs or {mine, theirs} <= PEOPLE_UNITS or {mine, theirs} & _PRO_NOUNS:
        return None  # ("the 500 Mb one" is the package)
    return mine


_PRO_NOUNS = frozenset("one thing lot bit".split())
#: units of a count of people
PEOPLE_UNITS = frozenset("people person guest attendee kid child adult ppl pax cover player "
                         "student member participant delegate".split())


def _same_owner(patches: dict[str, Patch], found: list[str], text: str) -> list[str]:
    """The settings of ``found`` that the statement ``text`` does not set apart by what it
    owns: "my aunt lives in Lees, not Leeds" is not about "my brother lives in Leeds"; nor
    by whom it is about: "my sister is not vegan anymore, she does keto" is not about the
    speaker's "I'm vegan"."""
    return [pid for pid in found if not (text and (other_owner(text, patches[pid].text)
                                                   or person_apart(text, patches[pid].text)))]


def link_target(ix: StoreIndex, patches: dict[str, Patch], subj_norm: str,
                stmt: Statement) -> str | None:
    """The one stored setting a statement with no revision cue may be linked to: its
    subject has every word of this one's (or lies within it), with the same head noun,
    value kind and unit ("I secured 5 interviews" after "3 interviews for producer
    roles"). Zero or several candidates: no link."""
    if stmt.value is None or not subj_norm:
        return None
    words = [w for w in subj_norm.split() if not _noise(w)]
    if not words:
        return None
    head = words[-1]
    found = []
    for subj in ix.subjects_by_word.get(head, set()):
        theirs = subj.split()
        # every word of this subject (past its verbs and times) is one of theirs, and the
        # head noun is theirs too ("5 interviews" for "3 interviews for producer roles")
        if subj == subj_norm or not set(words) <= set(theirs) or head not in theirs[-2:] \
                and head != _unit_noun(stmt):
            continue
        found.extend(revision_candidates(patches, ix.by_subject.get(subj, ()), stmt,
                                         exact_dim=True, same_unit=True))
    found = list(dict.fromkeys(found))
    return found[0] if len(found) == 1 else None


def link_vetoed(a: str, b: str) -> bool:
    """Two normalised subjects that :func:`vetoed` tells apart once the words that name no
    setting (:func:`_noise_at`: verbs, times, periods) are left out of each: "staging log
    level" / "production log level" are two settings, "secured interviews monthly" lies
    within "secured interviews executive producer roles"."""
    return vetoed(_without_noise(a), _without_noise(b))


def _without_noise(subject: str) -> str:
    """``subject`` without its words that name no setting (:func:`_noise_at`)."""
    words = subject.split()
    return " ".join(w for i, w in enumerate(words) if not _noise_at(words, i))


def _other_known_kind(a: str | None, b: str | None) -> bool:
    """Two names of known kinds that differ ("Render", a cloud provider, and "DEBUG", a log
    level): values of two settings."""
    ka, kb = name_category(a or ""), name_category(b or "")
    return ka is not None and kb is not None and ka != kb


def _names_of_a_kind_apart(a: str, b: str) -> bool:
    """Each subject names a thing of one known kind, and the names differ ("the Python
    service" / "the Go service", though "go" is also a verb): two settings."""
    kinds_a = {name_category(w): w for w in a.split() if name_category(w) is not None}
    kinds_b = {name_category(w): w for w in b.split() if name_category(w) is not None}
    return any(kind in kinds_b and kinds_b[kind] != word for kind, word in kinds_a.items())


#: how many words one wording of a subject may have that the other lacks
MAX_EXTRA_WORDS = 2

#: words for the kind of quantity a subject holds, not for what it is about
ATTRIBUTE_WORDS = frozenset("size limit cap max maximum min minimum count number amount level "
                            "value setting target goal threshold total quota allowance length "
                            "duration version".split())
#: the kind of a contact value, as a subject's last word ("my manager's email"); not
#: elsewhere ("the email worker")
CONTACT_HEADS = frozenset("email address phone postcode zip".split())


def _core(words: list[str], framed: bool = False) -> list[str]:
    """The words of a subject that can tell one setting from another (see :func:`vetoed`);
    ``framed``: the words that frame it too (how far apart two wordings are)."""
    if len(words) > 1 and words[-1] in CONTACT_HEADS:
        words = words[:-1]
    kept = [w for w in words  # a single letter is a name ("cluster I", "plan B")
            if len(w) == 1 or w not in ATTRIBUTE_WORDS and w not in _PRONOUNS
            and w not in _TIME_WORDS and (framed or w not in _FRAME_WORDS)]
    return kept


#: words of a subject read out of a sentence that frame it and name no setting ("go to
#: the gym"): a light verb or a preposition
_FRAME_WORDS = LIGHT_VERBS | frozenset("to on at in for of from with by".split())


_TIME_WORDS = frozenset("this last next month week year day today tonight now so far total "
                        "everywhere anywhere across board "
                        "january february march april may june july august september october "
                        "november december".split())


@lru_cache(maxsize=16384)
def _base_of(word: str) -> str | None:
    """The verb an -ing word is a form of ("reading" -> "read"), or None."""
    if not word.endswith("ing") or len(word) < 6:
        return None
    lemmas = getAllLemmas(word, "VERB").get("VERB", ())
    return lemmas[0] if lemmas and lemmas[0] != word else None


def _verbs_as_said(a: list[str], b: list[str]) -> tuple[list[str], list[str]]:
    """``a`` and ``b`` with an -ing word read as its verb where the other side says the verb
    ("reading goal" and "want to read", "swimming lesson" and "swim lessons")."""
    sa, sb = set(a), set(b)
    return ([_base_of(w) if w not in sb and _base_of(w) in sb else w for w in a],
            [_base_of(w) if w not in sa and _base_of(w) in sa else w for w in b])


def _noise(word: str) -> bool:
    """A word of a subject that names no setting: a time, the period of a count
    ("monthly" of "5 interviews this month"), or a verb ("secured")."""
    return word in _TIME_WORDS or word in PERIOD_WORDS or is_past_verb(word) or is_verb_only(word)


def _noise_at(words: list[str], i: int) -> bool:
    """The word ``words[i]`` of a subject key names no setting (see :func:`_noise`); an
    "-ing" word before another word of it, or after a preposition, names which one
    ("shipping service db" of "the database for the shipping service")."""
    w = words[i]
    return _noise(w) and not (w.endswith("ing") and (
        i + 1 < len(words) or i and words[i - 1] in OBJECT_LEADS))  # "db on shipping"


#: the prepositions whose object names which thing a setting is of ("the retry limit for billing")
OBJECT_LEADS = frozenset("in for on of at from by about".split())


def _unit_noun(stmt: Statement) -> str | None:
    if stmt.dimension.startswith("count:"):
        return stmt.dimension.split(":", 1)[1]
    return None


def _one(found: list[str], evidence: str) -> Resolution:
    found = list(dict.fromkeys(found))
    if len(found) == 1:
        return Resolution(found[0], evidence)
    return Resolution(None, evidence, tuple(sorted(found)))


def _common(word: str) -> bool:
    """A word common enough that a near miss of it is a typo, not another name."""
    return word in TECH_WORDS or word_frequency().get(word, 0) >= COMMON_WORD


#: how often (in the bundled frequency list) a word must occur to have typos folded to it
COMMON_WORD = 1000


def _capitalised(subject: str | None) -> frozenset[str]:
    return frozenset(w.lower() for w in re.findall(r"[\w'-]+", subject or "") if w[:1].isupper())


def _misspelt(ix: StoreIndex, patches: dict[str, Patch], subj_norm: str,
              stmt: Statement, names: frozenset[str]) -> list[str]:
    folded = folded_subject(subj_norm)
    subjects = ix.by_folded.get(folded, set()) - {subj_norm}
    if not subjects or len(subjects) > TERM_CANDIDATES:
        return []
    found: list[str] = []
    words = set(subj_norm.split())
    for subj in subjects:
        theirs = set(subj.split())
        # each word only the new subject has must be a typo of a word of the stored one
        # ("timout" of "timeout"), and never a name: a word already used with a value of
        # its own is a name ("zonab", "miraj" and "mirak" are three settings), and so is a
        # capitalised word ("Kestral" is not "Kestrel")
        if all(fold_typo(w) != w and fold_typo(w) in theirs and _common(fold_typo(w))
               and not is_identifier(w) and w not in names and w not in ix.subjects_by_word
               for w in words - theirs):
            found.extend(fitting(patches, ix.by_subject.get(subj, ()), stmt))
    return found


def _restated(ix: StoreIndex, patches: dict[str, Patch], subj_norm: str,
              stmt: Statement) -> list[str]:
    """A setting holding this very value whose subject shares a word with this one and
    has none that differs ("rate = $65" of "the freelance rate I charge is $65 an hour"):
    the statement restates it, nothing is replaced."""
    ids = ix.by_value.get(value_base(stmt.canonical), set())
    if not ids or len(ids) > TERM_CANDIDATES:
        return []
    words = set(_core(subj_norm.split())) - _PERSONAL
    keep = set()
    for pid in ids:
        theirs = ix.subject_of.get(pid)
        if not theirs:
            continue
        # "port = 8080" of "the api listens on port 8080": its words said by that statement;
        # "he = $55 an hour" (of "he went from $55 to $65 an hour"): a person, no subject
        if not words or words & set(theirs.split()) and not vetoed(subj_norm, theirs) \
                or words <= _said_words(patches[pid].text):
            keep.add(pid)
    return [pid for pid in revision_candidates(patches, keep, stmt, exact_dim=True)
            if parse_value(patches[pid].value or "").canonical.startswith(stmt.canonical)]


_PERSONAL = frozenset("he she they him her them his hers their".split())


def _said_words(text: str) -> set[str]:
    """The words of a statement as a subject is normalised (lower case, singular)."""
    return {singular(w) for w in re.findall(r"[a-z0-9]+", text.lower())}


def _old_value(ix: StoreIndex, patches: dict[str, Patch], subj_norm: str, stmt: Statement,
               referent: bool) -> list[str]:
    ids = ix.by_value.get(value_base(parse_value(stmt.old_value or "").canonical), set())
    if not ids and VERSION_RE.fullmatch(stmt.old_value or ""):
        # ("not v18, v20" of "use Node v18": a version said without its system's name)
        ids = {pid for pid in ix.by_term.get((stmt.old_value or "").lower(), {})
               if pid in patches and (patches[pid].key or "||").split("|")[2].startswith("version:")}
    # (the old value said with its setting's noun names that setting: "from the 20GB plan")
    with_noun = not ids
    if with_noun:
        ids = _held_with_noun(ix, stmt.old_value or "")
    if not ids or len(ids) > TERM_CANDIDATES:
        return []
    # a subject of light verbs only ("let's do Thursday instead of Friday") names nothing
    own = set((stmt.value or "").lower().split())  # "use Sakura instead of Luigi's"
    loose = referent or with_noun or set(subj_norm.split()) - own <= LIGHT_VERBS \
        or points_back(stmt.subject) or subj_norm in _PERSONAL \
        or (stmt.old_value or "").lower() in subj_norm.split()  # "he went from $55 to $65 an
    # hour"; "we renamed master to main" (its subject the "master name")
    keep = {pid for pid in ids
            if loose or not vetoed(subj_norm, ix.subject_of.get(pid, subj_norm))}
    stmt = replace(stmt, revision=True)  # "... up from £950 to £1,025": £950 a month held
    return [pid for pid in keep  # the period of the setting held, never its bound
            if revision_candidates(patches, {pid}, replace(as_said_of(_as_name_of(stmt, patches[pid]),
                                                                       patches[pid]), op=stmt.op),
                                   exact_dim=True)]


def _as_name_of(stmt: Statement, p: Patch) -> Statement:
    """``stmt`` with a value in words read as a name when ``p`` holds a name ("main" of
    "the main branch is master"), and a name with its number when the old value named is
    ``p``'s name ("swapped the Galaxy S21 for an iPhone 15")."""
    if (stmt.dimension == "free" or stmt.dimension.startswith("version:") and stmt.old_value) \
            and p.key is not None and p.key.split("|")[2] == "name":
        return replace(stmt, dimension="name")
    return stmt


def _held_with_noun(ix: StoreIndex, old: str) -> set[str]:
    """The settings an old value said with the noun of its setting holds ("switched from the
    20GB plan to unlimited" of "my phone plan is the 20GB one"): the value without its
    article and its last word, held by a setting whose subject ends in that word."""
    m = _WITH_NOUN_RE.fullmatch(old.strip())
    if m is None:
        return set()
    noun = singular(m.group("noun").lower())
    ids = ix.by_value.get(value_base(parse_value(m.group("val")).canonical), set())
    return {pid for pid in ids if (ix.subject_of.get(pid) or "").split()[-1:] == [noun]}


_WITH_NOUN_RE = re.compile(r"(?:the|my|our|that)\s+(?P<val>\S+(?:\s+\S+)?)\s+(?P<noun>[a-z]+)", re.I)


_MENTION_RE = re.compile(r"[\w][\w.+#:/-]*[\w+#]|\w")


def _named_in_passing(ix: StoreIndex, patches: dict[str, Patch], subj_norm: str,
                      stmt: Statement, text: str, referent: bool) -> list[str]:
    """The one setting holding a name this revision mentions besides its new value ("we're
    moving to pnpm, npm installs were taking forever", "swap it for Auth0, firebase pricing
    got silly"): a name of the same known kind, or of no known kind, whose subject this
    statement's does not veto."""
    new = (stmt.value or "").lower()
    own_subject = not referent and not weak_subject(stmt.subject, stmt.value) \
        and not stmt.subject.lower().startswith(("we're", "i'm", "we are", "i am"))
    words = _MENTION_RE.findall(text)
    found: list[str] = []
    for n in (3, 2, 1):
        for i in range(len(words) - n + 1):
            said = " ".join(words[i:i + n])
            if said.lower() == new or said.lower() in new.split():
                continue
            for pid in ix.by_value.get(value_base(parse_value(said).canonical), ()):
                p = patches.get(pid)
                if p is None or p.key is None or p.value is None \
                        or p.key.split("|")[2] not in ("name",) and not p.key.split("|")[2].startswith("free:"):
                    continue
                cat_new, cat_old = name_category(stmt.value or ""), name_category(p.value)
                if cat_new and cat_old and cat_new != cat_old:
                    continue  # "switch the cache to Redis, Postgres stays": another kind
                theirs = ix.subject_of.get(pid) or ""
                if own_subject and theirs and vetoed(subj_norm, theirs) \
                        and new not in subj_norm.split():  # a subject of the sentence's words
                    continue  # "switch the cache to X, Y stays our database"
                found.append(pid)
        if found:
            break
    return list(dict.fromkeys(found))


_NUMBER_RE = re.compile(r"(?<![\w.,:])\d+(?:[.:]\d+)?(?![\w.,:]*\d)")
_THOUSANDS_RE = re.compile(r"(?<![\w.,:])(\d+(?:\.\d+)?)k\b", re.I)


def _frequencies(text: str) -> list[str]:
    """The canonical frequencies said in a text ("hourly" and "every hour" are one)."""
    return sorted(frequencies_in(text))


def _numbers(text: str) -> list[str]:
    """The numbers of a text, thousands separators left out ("10,000" is 10000)."""
    return _NUMBER_RE.findall(_SEPARATOR_RE.sub(r"\1", text))


_SEPARATOR_RE = re.compile(r"(\d),(?=\d{3}\b)")


def _thousands(text: str) -> set[str]:
    """The numbers a text writes in thousands ("8k" is 8000, "1.5k" 1500)."""
    return {f"{round(float(n) * 1000):d}" for n in _THOUSANDS_RE.findall(text)}


_KEPT_RE = re.compile(r"\b(?:stays?|remains?|still|unchanged|keep|keeps|kept|same)\b", re.I)


_BARE_NUMBER_RE = re.compile(r"\d+(?:\.\d+)?")


def _number_named(ix: StoreIndex, patches: dict[str, Patch], subj_norm: str, stmt: Statement,
                  text: str, turn: int, referent: bool) -> list[str]:
    """The setting spoken of lately whose number this revision names beside its new value
    ("let's go to 2 minutes rest, 90 feels rushed", "let's do 25 per page, 10 is too few"):
    of the same kind of value, and not vetoed by the statement's own subject. A number
    said to stay ("alpha stays at 3") replaces nothing."""
    if _KEPT_RE.search(text):
        return []
    # a frequency is named in any of its writings ("every 15 minutes, hourly loses too much")
    frequent = stmt.dimension == FREQUENCY
    values = _frequencies if frequent else _numbers
    new = set(values(stmt.value or ""))
    named = set(values(text)) - new if frequent else (set(_numbers(text)) | _thousands(text)) - new
    if not named or not new:
        return []
    own_subject = not referent and bool(subj_norm) and not names_nothing(subj_norm, stmt)
    found: list[str] = []
    seen: set[str] = set()
    for spoken_at, pid in reversed(ix.recent):
        if turn - spoken_at > REFERENT_TURNS:
            break
        p = patches.get(pid)
        if pid in seen or p is None or p.value is None:
            continue
        seen.add(pid)
        held = values(p.value)
        if not held or held[0] not in named:
            continue
        theirs = ix.subject_of.get(pid) or ""
        if own_subject and theirs and vetoed(subj_norm, theirs):
            continue
        if revision_candidates(patches, {pid}, replace(as_said_of(stmt, p), op=stmt.op),
                               exact_dim=True):  # its bound as said: "above 80%" is no 80%
            found.append(pid)
    return found


# what a name is said to be for ("let's go with Notion for the checklist")
_FOR_PURPOSE_RE = re.compile(r"\bfor\s+(?:the|my|our|his|her|their)\s+([a-z][\w-]*)", re.I)


def _referent(ix: StoreIndex, patches: dict[str, Patch], stmt: Statement,
              turn: int, same_unit: bool = False, own: str = "", text: str = "") -> Resolution:
    """The setting of the same kind of value spoken of last; a tie in that turn goes to the
    one setting the sentence names a word of ("the latency one is too noisy, raise it to
    1.2s"), else keeps both."""
    unknown: list[str] = []  # names of no known kind, in the window
    found = _spoken_last(ix, patches, stmt, turn, True, own, False) \
        if not same_unit and stmt.unit is not None and stmt.dimension != "number" else []
    # ("go to 20 epochs" means the "10 epochs", not the "1000 warmup steps" said since)
    found = found or _spoken_last(ix, patches, stmt, turn, same_unit, own, False, unknown, text)
    purpose = _FOR_PURPOSE_RE.search(text)
    if not found and len(unknown) == 1 and (
            purpose is None or content_terms(purpose.group(1)) <= content_terms(patches[unknown[0]].text)):
        # (never "let's go with Notion for the checklist" of "we're using Acme Removals": what
        # the name is for is not what the held one was)
        # "Scratch that, we're going with Linear" after "We'll track bugs in Jira": the one
        # name of no known kind in the last turns
        return Resolution(unknown[0], "referent bound to the one name spoken of lately")
    echoed = _echoed(ix, patches, found, turn)
    if echoed is not None:
        return Resolution(echoed, "referent bound to the setting the assistant said back")
    sibling = [p.id for p in _recent_settings(ix, patches, turn)
               if sibling_named(text, p.text, p.value) is not None] if text and not same_unit else []
    if len(sibling) == 1 and sibling[0] not in found:
        # "prod is starving, make it 80" after "yeah pg 15 on both": the statement that says
        # a production value beside the staging one, not the number said last
        return Resolution(sibling[0], "referent bound to the statement whose other value the sentence names")
    found = list(dict.fromkeys(found))
    if len(found) > 1 and text:
        said = content_terms(text)
        named = [pid for pid in found if content_terms(ix.subject_of.get(pid) or "") & said]
        if len(named) == 1:
            return Resolution(named[0], "referent bound to the setting spoken of last that the sentence names")
    found = [pid for pid in found if not other_environment(text, patches[pid].text)]
    return _one(found, "referent bound to the setting spoken of last") if found else NONE


def _counts_things(stmt: Statement) -> bool:
    """``stmt``'s value is a count of things named by a noun ("20 epochs"; not "3 kg"): a
    count said alone with no cue ("3 retries.") points at no setting of another noun."""
    return stmt.dimension.startswith("count:") and measure_of(stmt.unit) is None


def own_setting(ix: StoreIndex, patches: dict[str, Patch], stmt: Statement,
                turn: int) -> str | None:
    """The one setting with a user's authority or more, of the kind of ``stmt``'s value,
    spoken of last in the window a pointer reaches (None for none, or a tie)."""
    found = list(dict.fromkeys(_spoken_last(ix, patches, stmt, turn, False, "", True)))
    return found[0] if len(found) == 1 else None


def _spoken_last(ix: StoreIndex, patches: dict[str, Patch], stmt: Statement, turn: int,
                 same_unit: bool, own: str, users_only: bool,
                 unknown: list[str] | None = None, text: str = "") -> list[str]:
    """The settings a pointer with ``stmt``'s value may mean, of the latest turn that
    spoke of any (``users_only``: of those said with a user's authority or more); names
    of no known kind met on the way are added to ``unknown``."""
    seen: set[str] = set()
    at: int | None = None
    found: list[str] = []
    for spoken_at, pid in reversed(ix.recent):
        if turn - spoken_at > REFERENT_TURNS or (at is not None and spoken_at < at):
            break
        if pid in seen or pid not in patches:
            continue
        seen.add(pid)
        if users_only and AUTHORITY[patches[pid].role] < AUTHORITY[Role.USER]:
            continue
        if _points_to(ix, patches, stmt, pid, same_unit, own, unknown, text):
            at = spoken_at
            found.append(pid)
    return found


def _points_to(ix: StoreIndex, patches: dict[str, Patch], stmt: Statement, pid: str,
               same_unit: bool, own: str, unknown: list[str] | None, text: str = "") -> bool:
    """A pointer with ``stmt``'s value (and ``own`` words beside it) may mean setting
    ``pid``: of the same kind of value and bound, and no word of it vetoes the setting."""
    theirs = ix.subject_of.get(pid) or ""
    if own and (set(own.split()) & set(theirs.split()) and vetoed(own, theirs)
                or _other_time(own, theirs)):
        return False  # "now for the paid plan make it 90 days" is not the free plan's;
        # "on weekends set it for 9" is not the weekday alarm's
    if stmt.dimension == "free":
        # "switch it to dusty blue and cream": a value in words replaces one in words
        key = patches[pid].key
        dim = key.split("|")[2] if key else ""
        kinds = name_category(stmt.value or ""), name_category(patches[pid].value or "")
        if None not in kinds and kinds[0] != kinds[1]:
            return False  # "it's red now" is no database of "the db is postgres"
        return (dim == "name" or dim.startswith("free:")) and bool(patches[pid].value)
    if stmt.dimension == "name" and not _same_category(stmt.value, patches[pid].value,
                                                       patches[pid].slot):
        if unknown is not None and patches[pid].key is not None \
                and patches[pid].key.split("|")[2] == "name" \
                and name_category(stmt.value or "") is None \
                and name_category(patches[pid].value or "") is None:
            unknown.append(pid)
        return False  # "use Seattle" is no database: a name points back only within its kind
    if _year_apart(stmt, patches[pid]):
        return False  # "2021 golf" (the car) is no tyre pressure of "32 psi"
    if _measures_apart(stmt, patches[pid]):
        return False  # "up it to 3 kg" is no count of "4 nodes", "6000 steps" no weight
    if not stmt.revision and _counts_things(stmt) and patches[pid].value is not None \
            and parse_value(patches[pid].value).dimension != stmt.dimension \
            and singular((stmt.unit or "").lower().split()[-1]) not in content_terms(patches[pid].text):
        return False  # "3 retries." said alone is no port of "expose port 8000", "8 cores" no
        # count of what fits in an oven
    if bound_class(stmt.op) == "upper" and patches[pid].op in ("=", None) and _CAPPED_RE.search(text) \
            and named_bound(patches[pid].op, patches[pid].slot) != "lower":  # (never the cap of "min replicas 2")
        stmt = replace(stmt, op="=")  # "cap it at 15" of "24 places": its new number
    # "make it 150 words" keeps the bound of "under 100 words"
    probe = as_said_of(stmt, patches[pid])
    return bool(revision_candidates(patches, {pid}, probe, exact_dim=True, same_unit=same_unit)) \
        or stmt.dimension == "when" and _day_of_clock(patches[pid], stmt) \
        or bool(text) and _other_part_kept(patches[pid], stmt, text)
    # ("friday now" of "wednesday 5pm": its day; "2:15pm, same day" of "march 3 at 10am")


def _other_part_kept(p: Patch, stmt: Statement, text: str) -> bool:
    """``stmt`` changes the time or the day of ``p``'s day and time, of the same bound, and
    ``text`` says the other part stays ("same day", "same time")."""
    if p.key is None or p.value is None or p.key.split("|")[1] != bound_class(stmt.op):
        return False
    return keeps_other_part(text, stmt.dimension, stmt.canonical, parse_value(p.value).canonical)


def _year_apart(stmt: Statement, p: Patch) -> bool:
    """One of ``stmt`` and ``p`` names a year with a noun ("2021 golf", "a 2019 civic": a
    model, not a count) and the other a count of another noun that is no year ("32 psi")."""
    if not stmt.dimension.startswith("count:") or p.value is None:
        return False
    held = parse_value(p.value).dimension
    return held.startswith("count:") and held != stmt.dimension \
        and bool(_YEAR_NOUN_RE.match(stmt.value or "")) != bool(_YEAR_NOUN_RE.match(p.value))


# who comes: a number said beside it counts people ("her in-laws are coming too so make it 32")
PEOPLE_COME_RE = re.compile(r"\b(?:coming|joining|invited|of us|inviting|bringing|plus[- ]ones?|in[- ]laws|rsvps?|"
                             r"guests?|dropp(?:ed|ing) out|can(?:'|no)?t make it)\b|"
                             # people counted ("5 more kids", "extra people"), never "some of
                             # these people" said in a reason
                             r"(?:\b(?:\d+|a few|few|more|fewer|less|extra|other|couple(?: of)?|"
                             r"one|two|three|four|five|six|seven|eight|nine|ten|dozen)\s+)"
                             r"(?:more\s+|extra\s+|other\s+)?(?:people|ppl|kids|adults|friends|relatives|attendees)\b",
                             re.I)


def people_for_other(text: str, stmt: Statement, p: Patch) -> bool:
    """A bare number said where people come or go counts people; it points at no setting
    of a sum, a measure, a duration or a time ("so make it 32" is no budget of £400)."""
    if stmt.dimension != "number" or stmt.unit or not PEOPLE_COME_RE.search(text) or not p.value:
        return False
    held = parse_value(p.value)
    # a sum of money, a measure, a duration, a date or a time: never a count of anyone
    # (a count of seats, passengers or places may be)
    return held.dimension.startswith(("money", "rate:money", "time", "size", "percent", "clock", "when")) \
        or measure_of(p.unit or held.unit) is not None


def _measures_apart(stmt: Statement, p: Patch) -> bool:
    """A count said in a unit of measure ("3 kg", "5 miles") and one of things or in another
    measure ("4 nodes", "20 km" is a length too, "75 kg" is no "6000 steps"), or a count of
    people and one of things: never one setting through a pointer. Two counts of things may
    be ("12 crates" of "10 boxes")."""
    if not stmt.dimension.startswith("count:") or p.value is None:
        return False
    held = parse_value(p.value)
    if held.dimension == "number" and measure_of(stmt.unit) is None and not _whole(held.canonical):
        return True  # "go to 20 epochs" is no learning rate of "1e-4": a count is whole
    if person_apart_from_count(stmt, p):
        return True
    if not held.dimension.startswith("count:"):
        return False
    mine, theirs = measure_of(stmt.unit), measure_of(p.unit)
    if (mine is not None or theirs is not None) and mine != theirs:
        return True
    # a count of people is no count of things ("so it's 4 people" of "under 600 calories")
    people = [singular(u.lower().split()[-1]) in PEOPLE_UNITS for u in (stmt.unit, p.unit) if u]
    return len(people) == 2 and people[0] != people[1]


# a subject that is a person said by a pronoun ("She's 2": her age)
_ONE_PERSON = frozenset("she he i him her me i'm he's she's".split())
_PERSONS = _ONE_PERSON | frozenset("they you we them us we're you're they're".split())


def person_apart_from_count(stmt: Statement, p: Patch) -> bool:
    """``stmt`` counts things (or people) and ``p`` is what a person is, said by a pronoun:
    "just one snack now" is no age of "She's 2", "I'm organising a 5-a-side league" none of
    "10 teams", "6 people" none of "I'm 34" (but of "we're 4 people")."""
    if not stmt.dimension.startswith("count:") or measure_of(stmt.unit) is not None or not p.slot \
            or p.value is None or parse_value(p.value).dimension == stmt.dimension:
        return False  # ("five options works better" of "give me three options")
    who = set(p.slot.lower().split())
    people = stmt.unit is not None and singular(stmt.unit.lower().split()[-1]) in PEOPLE_UNITS
    return who <= _ONE_PERSON or who <= _PERSONS and not people


def _whole(number: str) -> bool:
    """``number`` (canonical) is a whole number."""
    try:
        return float(number) == int(float(number))
    except ValueError:
        return True


_YEAR_NOUN_RE = re.compile(r"(?:19|20)\d\d\s+[a-z]", re.I)


def _day_of_clock(p: Patch, stmt: Statement) -> bool:
    """``stmt`` names a day and ``p`` holds a day with its time, of the same bound."""
    if p.key is None or p.value is None or p.key.split("|")[1] != bound_class(stmt.op):
        return False
    return day_or_time(p.key.split("|")[2], parse_value(p.value).canonical, stmt.dimension,
                       stmt.canonical)


def _echoed(ix: StoreIndex, patches: dict[str, Patch], found: list[str], turn: int) -> str | None:
    """The user's (or system's) one setting that the assistant's or a tool's setting in
    ``found`` says back with its value ("I'll keep the meal plans under 50g of carbs per
    day" of "under 50g carbs a day"): a pointer after it means the speaker's own."""
    if len(found) != 1 or AUTHORITY[patches[found[0]].role] >= AUTHORITY[Role.USER]:
        return None
    echo = patches[found[0]]
    said = _amount(echo)
    if said is None:
        return None
    own = {pid for spoken_at, pid in reversed(ix.recent)
           if turn - spoken_at <= REFERENT_TURNS and pid in patches and pid != echo.id
           and AUTHORITY[patches[pid].role] >= AUTHORITY[Role.USER] and patches[pid].turn < echo.turn
           and patches[pid].later is None and _amount(patches[pid]) == said}
    return next(iter(own)) if len(own) == 1 else None


def _amount(p: Patch) -> tuple[str, ...] | None:
    """The number and unit of a setting's value, its period left out, with the kind of value."""
    if p.key is None or p.value is None:
        return None
    canonical = parse_value(p.value).canonical.split()
    return (p.key.split("|")[2].removeprefix("rate:"), *canonical[:2]) if canonical else None


def both_said_for(text: str, earlier: str) -> str | None:
    """What ``text`` opens on as what it is said for, when ``earlier`` opens on another
    ("for shipping, the timeout is 10 seconds" after "for billing, the timeout is 30
    seconds"); a statement in other words may well narrow one that says none."""
    return said_for_other(text, earlier) if _SAID_FOR_RE.match(earlier) else None


def said_for_other(text: str, earlier: str) -> str | None:
    """What ``text`` opens on as what it is said for ("for the admin api the timeout is 60
    seconds"), when ``earlier`` does not name it ("config for the web app: timeout 30
    seconds"): the same subject of another thing. None when it names none, or the same."""
    who = person_apart(text, earlier)  # "my sister is not vegan anymore": hers
    if who is not None:
        return who
    m = _SAID_FOR_RE.match(text)
    if m is None or m.group("scope").lower() in _NO_SCOPE:
        return None
    theirs = _SAID_FOR_RE.match(earlier)  # ("for team 3, ..." after "for team 2, ... is 3")
    if _naming_terms(m.group("scope")) <= _naming_terms(theirs.group("scope") if theirs else earlier):
        return None
    return m.group("scope")



def said_after_value(text: str, value: str | None, earlier: str, earlier_value: str | None,
                     revision: bool = False) -> str | None:
    """What ``text`` says its value is for or of, right after the value ("Set max tokens to
    2000 for reports", "10 copies of the flyer"), when ``earlier`` says another thing there
    ("... to 500 for summaries"); with no revision cue also where, to whom and on which day
    ("the timeout is 10 seconds in prod", "max 5 retries on the email call", "reply in
    English to the team", "I run 10k on thursdays"): the same subject of another thing. None
    when either says no such thing after its value, or both say the same."""
    mine, theirs = _after_value(text, value), _after_value(earlier, earlier_value)
    for form in (_FOR_AFTER_RE,) if revision else (_FOR_AFTER_RE, _IN_AFTER_RE, _ON_AFTER_RE,
                                                   _TO_AFTER_RE, _DAY_AFTER_RE):
        a, b = form.match(mine), form.match(theirs)
        if a is None or b is None:
            continue
        if _other_thing(a, b):
            return a.group("what")
    return None


def held_for_other(text: str, value: str | None, earlier: str,
                   earlier_value: str | None) -> str | None:
    """What ``text`` says its value holds for, in or on, right after it, when ``earlier``
    says another thing there in any of these ways ("don't use bullet points in the cover
    letter" after "use bullet points for the meeting notes", "20 minutes on the counter"
    after "8 hours in the fridge"): the same subject of another thing, for a statement with
    no revision cue. None when either says no such thing, or both the same."""
    a, b = _held_for(_after_value(text, value)), _held_for(_after_value(earlier, earlier_value))
    if a is None or b is None:
        return None
    return a.group("what") if _other_thing(a, b) else None


def _other_thing(a: re.Match[str], b: re.Match[str]) -> bool:
    """The things two values are said of (each match's ``what``) are two: each names a
    word the other does not."""
    ta, tb = _naming_terms(a.group("what")), _naming_terms(b.group("what"))
    return bool(ta) and bool(tb) and not ta <= tb and not tb <= ta


def _held_for(after: str) -> re.Match[str] | None:
    """What the words after a value say it holds for, in or on ("for reports", "in the
    slides", "on the counter"), or None."""
    return _FOR_AFTER_RE.match(after) or _IN_AFTER_RE.match(after) or _ON_AFTER_RE.match(after)


def _after_value(text: str, value: str | None) -> str:
    """The words of ``text``'s clause after its value ``value``."""
    if not value:
        return ""
    at = text.lower().find(value.lower())
    if at < 0 and " " in value:  # "3.12" of "Python 3.12", said after "version"
        value = value.rsplit(None, 1)[1]
        at = text.lower().find(value.lower())
    if at < 0:
        return ""
    return CLAUSE_CUT_RE.split(text[at + len(value):], 1)[0]


def _naming_terms(words: str) -> frozenset[str]:
    """The terms of ``words`` that name a thing, a number or a letter too ("team 2")."""
    return content_terms(words) | frozenset(
        w.lower() for w in re.findall(r"\b(?:\d+|[A-Z])\b", words))


# what a thing said after a value is: a word or three, after an article or an owner
_WHAT = r"(?:the\s+|my\s+|our\s+|all\s+)?(?P<what>[a-z][\w'-]*(?:\s+[a-z0-9][\w'-]*){0,2})\s*$"
# what a value is for or of, right after it (and its unit): "for reports", "of the contract"
_FOR_AFTER_RE = re.compile(r"^(?:\s+[a-z]+)?\s+(?:for|of)\s+" + _WHAT, re.I)
# where a value holds: "in prod", "in the EU" (never "in the end")
_IN_AFTER_RE = re.compile(r"^(?:\s+[a-z]+)?\s+in\s+(?!(?:the\s+)?(?:end|total|fact|practice|general|"
                          r"theory|advance|person|time|a row|short|particular|future|meantime|"
                          r"case)\b)" + _WHAT, re.I)
# where a value holds, on or at a thing: "on the counter", "at the office" (never a time)
_ON_AFTER_RE = re.compile(r"^(?:\s+[a-z]+)?\s+(?:on|at)\s+(?!(?:the\s+)?(?:latest|earliest|most|least|"
                          r"moment|weekends?|weekdays?)\b)" + _WHAT, re.I)
# whom a value is for: "reply in Spanish to customers"
_TO_AFTER_RE = re.compile(r"^\s+to\s+" + _WHAT, re.I)
# the day a value is said of: "on mondays", "every thursday"
_DAY_AFTER_RE = re.compile(r"^(?:\s+[a-z]+)?\s+(?:on|every|at)\s+(?P<what>(?:week(?:day|end|night)|"
                           + "|".join(sorted(WEEKDAYS, key=len, reverse=True)) + r")s?)"
                           r"(?:\s+(?:now|these days|nowadays|too|as well))?\s*$", re.I)


# "for" a time or for everyone, not a narrower thing: "for now", "for a while", "for me"
_FOR_ANY_RE = re.compile(r"^(?:now|good|real|sure|a\s+(?:while|bit|change|start)|the\s+(?:time|moment|"
                         r"rest|next|foreseeable|whole)|me|us|you|them|it|that|this|everyone|everybody|"
                         r"everything|all|both|today|tonight|tomorrow|later|\d|one|two|three|four|five|"
                         r"six|seven|eight|nine|ten|several|some|a\s+(?:few|couple|day|week|month|year)|"
                         r"an?\s+(?:hour|extra)|(?:next|this|each|every)\s+\w+)\b", re.I)


# a kind of thing said in the bare plural after "for" ("for technical questions", "for free
# accounts"); "for the new questions" and "for my exams" name particular things, often the
# reason of a change, and what a value counts ("100 rows of data") is no narrower thing
_FOR_KIND_RE = re.compile(r"^(?:\s+[a-z]+)?\s+for\s+(?!(?:the|my|our|your|his|her|their|these|"
                          r"those|this|that|its)\b)(?:all\s+)?(?P<what>[a-z][\w'-]*(?:\s+[a-z0-9][\w'-]*){0,2})"
                          r"\s*$", re.I)


# a particular thing said after "for": "for the export job", "for the flights alone",
# "for the older one"; group "when" is what a time would be read from ("the time being")
_FOR_THE_RE = re.compile(r"^(?:\s+[a-z]+)?\s+for\s+(?P<when>(?:the|our|this|that|these|those)\s+"
                         r"(?P<what>[a-z][\w'-]*(?:\s+[a-z0-9][\w'-]*){0,2}))\s*$", re.I)
# the setting pointed at before the value: "letting it go up to ..."
_POINTER_BEFORE_RE = re.compile(r"\b(?:it|that|this|them)\b", re.I)
# what a change is for, not a thing of its own: "for the holidays", "for the product launch"
_OCCASION = frozenset(("holidays", "holiday", "weekend", "weekends", "summer", "winter", "spring",
                       "autumn", "fall", "season", "launch", "trip", "party", "event", "week",
                       "month", "year", "day", "night", "time", "moment", "rest", "sprint",
                       "quarter", "term", "demo", "meeting", "deadline", "move", "wedding"))


def _head(what: str) -> str:
    return re.sub(r"\s+(?:alone|only|though|too)$", "", what.strip(), flags=re.I).split()[-1].lower()


def _narrower_said(text: str, value: str) -> str | None:
    """What ``text`` says its value is for, right after it, when that is a thing of its own:
    a kind in the bare plural ("for technical questions"), or a particular thing after an
    article ("for the export job") when the value is a quantity and no pointer before it
    names the setting ("letting it go up to 15 minutes for the new questions" says why). A
    time, an occasion or everyone is none ("for now", "for the time being", "for black
    friday", "for the holidays"), nor is a name chosen for a reason ("went with Octopus for
    the tracker tariff")."""
    after = _after_value(text, value)
    a = _FOR_KIND_RE.match(after)
    if a is not None and not _FOR_ANY_RE.match(a.group("what")):
        return a.group("what") if is_plural_noun(_head(a.group("what"))) else None
    a = _FOR_THE_RE.match(after)
    if a is None or _FOR_ANY_RE.match(a.group("when")) or not any(c.isdigit() for c in value) \
            or _POINTER_BEFORE_RE.search(said_before_value(text, value, None)):
        return None
    head = _head(a.group("what"))
    return a.group("what") if head not in _OCCASION and (is_noun(head) or head in ("one", "ones")) \
        else None


def narrowed_for(text: str, value: str | None, earlier: str, earlier_value: str | None) -> str | None:
    """The thing ``text`` says its value is for, right after it ("up to 300 words for
    technical questions", "a 120 second timeout for the export job"), when ``earlier`` says
    its value holds for nothing in particular and never names that thing: a narrower
    setting beside the one held, not its new value (``_narrower_said``). None otherwise."""
    what = _narrower_said(text, value) if value and earlier_value else None
    if what is None:
        return None
    mine = _naming_terms(what)
    after = _after_value(earlier, earlier_value)
    if not mine or mine & _naming_terms(earlier) or any(form.match(after) for form in (
            _FOR_AFTER_RE, _IN_AFTER_RE, _ON_AFTER_RE, _TO_AFTER_RE, _DAY_AFTER_RE)):
        return None
    return what


# "for the <thing>" before the statement's own words ("..., the", "... the timeout")
_SAID_FOR_RE = re.compile(r"^\W*(?:(?:actually|now|and|also|ok(?:ay)?|oh|so|but|then)[,\s]+)*for\s+(?:(?:the|my|our|this|that)\s+)?"
                          r"(?P<scope>[\w'-]+(?:\s+[\w'-]+){0,3}?)"
                          r"\s*(?:,\s*|\s+(?=(?:the|my|our|its|it's|we|i|you)\b))", re.I)
_NO_SCOPE = frozenset(("record", "time being", "moment", "future", "most part", "rest", "same reason"))


def _value_words(values: tuple[str | None, ...]) -> set[str]:
    """The words and numbers of ``values``: what a statement says as its value, never a
    modifier or a name of the thing ("annual" of "the annual plan", "3" of "max retries 3")."""
    return {w for v in values if v for w in re.findall(r"[a-z0-9]+", v.lower())}


def modifier_apart(text: str, earlier: str, *values: str | None) -> str | None:
    """A word that tells ``text``'s setting from ``earlier``'s where both say one of a kind
    before the same noun and they differ: the period ("the weekly start time" / "the daily
    start time"), the age ("the old price" / "the new price"), the bound ("the minimum
    order" / "the maximum order"), the span it is for ("last year's budget" / "this year's
    budget"), a target against what is ("my target weight" / "my current weight") or the
    leg of a journey ("my flight to Rome" / "my flight back"); the part of a range a
    verb names ("backoff caps at 30 seconds" / "backoff starts at 1 second"), or what a
    switch does ("turn on at 7pm" / "turn off at midnight"). None when
    either says none, or both the same; a word of ``values`` is no modifier but the value
    itself ("switch me to the annual plan" after "the monthly plan")."""
    mine_all = _modifiers_said(text)
    if not mine_all:
        return None  # (most statements say none: one pass over the text)
    theirs_all = _modifiers_said(earlier)
    held = _value_words(values)
    for mine, theirs in zip(mine_all, theirs_all):
        for noun in mine.keys() & theirs.keys():
            if mine[noun].isdisjoint(theirs[noun]) and not held & {*mine[noun], *theirs[noun]}:
                return sorted(mine[noun])[0]
    return None


@lru_cache(maxsize=16384)
def _modifiers_said(text: str) -> tuple[dict[str, frozenset[str]], ...]:
    """The modifiers of each kind said in ``text`` (canonical), by the noun each is said
    of; empty when it says none of any kind."""
    if not _ANY_MODIFIER_RE.search(text):
        return ()
    out = tuple(_said_of_kind(pattern, canon, text) for pattern, canon in _MODIFIER_KINDS)
    return out if any(out) else ()


def _said_of_kind(pattern: re.Pattern[str], canon: dict[str, str],
                  text: str) -> dict[str, frozenset[str]]:
    """The words of one kind said in ``text`` (canonical), by the noun each is said of."""
    out: dict[str, set[str]] = {}
    for word, noun in pattern.findall(text):
        out.setdefault(singular(canon.get(noun.lower(), noun.lower())), set()).add(
            canon.get(word.lower(), word.lower()))
    return {noun: frozenset(words) for noun, words in out.items()}


_PERIOD_SAID = (re.compile(r"\b(hourly|nightly|daily|weekly|fortnightly|monthly|quarterly|yearly|"
                           r"annual|annually)\s+([a-z]+)", re.I),
                {"annually": "yearly", "annual": "yearly"})
_AGE_SAID = (re.compile(r"\b(?:the|my|our|its|their)\s+(old|new|previous|current|former|original)"
                        r"\s+([a-z]+)", re.I),
             {"previous": "old", "former": "old", "original": "old", "current": "new"})
# what a value is against what it should be: "my target weight" / "my current weight"
_STATUS_SAID = (re.compile(r"\b(target|goal|ideal|desired|planned|expected|intended|current|actual|"
                           r"present)\s+([a-z]+)", re.I),
                {"goal": "target", "ideal": "target", "desired": "target", "planned": "target",
                 "expected": "target", "intended": "target", "actual": "current",
                 "present": "current"})
# the bound: "the minimum order" / "the maximum order"
_BOUND_SAID = (re.compile(r"\b(min|minimum|max|maximum|lowest|highest)\s+([a-z]+)", re.I),
               {"minimum": "min", "lowest": "min", "maximum": "max", "highest": "max"})
# the year, month, ... it is for: "last year's budget" / "this year's budget"
_SPAN_SAID = (re.compile(r"\b((?:last|this|next|previous)\s+(?:year|month|week|quarter|term|season|"
                         r"semester|sprint))['’]s?\s+([a-z]+)", re.I),
              {})
# the leg of a journey: "my flight to Rome" / "my flight back" (found as (leg, noun))
_LEG_SAID = (re.compile(r"\b(?=(?:flight|trip|train|drive|ride|ferry|journey|bus|coach)s?\s+"
                        r"(back|home|out|return|there|to\s+[a-z]+|from\s+[a-z]+)\b)"
                        r"(flight|trip|train|drive|ride|ferry|journey|bus|coach)", re.I),
             {"return": "back", "home": "back"})
# (the noun of a verb of a part of a range is the preposition after it: any two differ)
_ROLE_SAID = (re.compile(r"\b(starts|begins|opens|caps|maxes out|tops out|peaks|ends|finishes|"
                         r"closes|stops)\s+(at|around)\b", re.I),
              {"begins": "starts", "opens": "starts", "maxes out": "caps", "tops out": "caps",
               "peaks": "caps", "finishes": "ends", "closes": "ends", "stops": "ends",
               "around": "at"})

# what a switch does at the time: "the porch lights turn on at 7pm" / "... turn off at midnight"
_SWITCH_SAID = (re.compile(r"\b(?=(?:turn|switch)(?:s|es|ed|ing)?\s+(on|off)\b)(turn|switch)", re.I),
                {"switch": "turn"})


_MODIFIER_KINDS = (_PERIOD_SAID, _AGE_SAID, _ROLE_SAID, _LEG_SAID, _BOUND_SAID, _SPAN_SAID, _STATUS_SAID,
                   _SWITCH_SAID)
# a word any of those kinds starts with (a text with none says no modifier)
_ANY_MODIFIER_RE = re.compile(
    r"\b(?:hourly|nightly|daily|weekly|fortnightly|monthly|quarterly|yearly|annual|annually|old|new|"
    r"previous|current|former|original|starts|begins|opens|caps|maxes|tops|peaks|ends|finishes|"
    r"closes|stops|flights?|trips?|trains?|drives?|rides?|ferry|ferries|journeys?|bus|buses|"
    r"coach|coaches|min|minimum|max|maximum|lowest|highest|last|this|next|target|goal|ideal|"
    r"desired|planned|expected|intended|actual|present|turn\w*|switch\w*)\b", re.I)


def label_apart(text: str, earlier: str) -> str | None:
    """The label ``text`` opens on when ``earlier`` opens on a label of another thing
    (:func:`other_label`): "shipping" of "shipping: timeout 10 seconds" after "billing:
    timeout 30 seconds"."""
    m = _LABEL_RE.match(text)
    return m.group(1) if m is not None and _LABEL_RE.match(earlier) and other_label(text, earlier) \
        else None


def other_label(text: str, earlier: str) -> bool:
    """``text`` opens on a label ("dinner: pasta, bread from Lidl") that ``earlier`` does not
    name ("lunch: soup, bread from Gail's"), or ``earlier`` opens on a label of someone's
    that ``text`` does not name ("my sister's outfit:" before "my outfit:"): the details of
    another thing."""
    m = _LABEL_RE.match(text)
    if m is None or m.group(1).lower() in _NO_LABEL:
        return False
    if not content_terms(m.group(1)) <= content_terms(earlier):
        return True
    theirs = _LABEL_RE.match(earlier)  # "my outfit:" after "my sister's outfit:": whose differs
    return theirs is not None and any(
        not content_terms(w) <= content_terms(text) for w in _POSSESSIVE_RE.findall(theirs.group(1)))


def other_named_label(text: str, earlier: str) -> str | None:
    """The names ``text`` says that ``earlier`` does not, when ``earlier`` opens on a label
    with a name ("Client Moor & Co: ..., deadline 15 July") that ``text`` does not say
    ("Halden pushed their deadline to 14 July"): the details of another one. None when
    that is not so."""
    theirs = _LABEL_RE.match(earlier)
    if theirs is None or theirs.group(1).lower() in _NO_LABEL:
        return None
    names = {w for w in _CAPITALISED_RE.findall(theirs.group(1))[1:]
             if everyday_frequency(w.lower()) < _NAME_FREQUENCY}  # (never "Dinner" of "Dinner reservation:")
    if not names or any(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text, re.I) for n in names):
        return None
    mine = [w for w in _CAPITALISED_RE.findall(text) if everyday_frequency(w.lower()) < _RARE_NAME
            and not _INTERJECTION_RE.fullmatch(w)
            and not re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", earlier, re.I)]
    return " ".join(mine) or None


_INTERJECTION_RE = re.compile(r"h+m+|u+m+|e+r+m*|u+g+h+|a+r+g+h+|o+h+|a+h+|o+o+p+s+|y+a+y+|w+o+w+|"
                              r"y+e+a+h+|n+a+h+|o+k+", re.I)
_CAPITALISED_RE = re.compile(r"(?<![\w'’-])(?-i:[A-Z])[\w'’-]+")
#: a capitalised word rarer than this names someone or something (in a label), and one
#: rarer still does wherever it stands ("Halden pushed ...", never "Ugh, ...")
_NAME_FREQUENCY = 5_000
_RARE_NAME = 200


def other_list(text: str, earlier: str) -> str | None:
    """The head of the list of labelled details ``text`` gives when ``earlier`` gives the
    details of another thing: "sorting the leaving do for Karen: venue: the Crown, host:
    Sam" after "quiz night run-sheet: host: Dan; rounds: 6"; "my outfit for the gala: dress
    emerald satin, shoes nude heels" after "wedding outfit sorted: suit navy, tie
    burgundy". Each head has a word the other lacks."""
    mine, theirs = _list_head(text), _list_head(earlier)
    if mine is None or theirs is None:
        return None
    a, b = content_terms(mine), content_terms(theirs)
    return mine if a - b and b - a else None


def _list_head(text: str) -> str | None:
    """The words before a list of details (two or more, or one labelled: "host: Dan"), or
    None."""
    m = _LIST_HEAD_RE.match(text)
    if m is None or m.group(1).lower().split()[-1] in _NO_LABEL:
        return None  # ("update: host: Sam, start 8pm": no head of its own)
    rest = text[m.end():]
    # (a detail of it stored on its own keeps the head: "quiz night run-sheet: host: Dan.")
    return m.group(1) if len(_LIST_SEP_RE.findall(rest)) >= 2 or ":" in rest else None


# the head of a list of details: "laptop i'm ordering:", "sorting the leaving do for Karen:"
_LIST_HEAD_RE = re.compile(r"^\W*(?:(?:and|also|ok|okay|so)\s+)?((?:[\w'’&.-]+\s+){1,7}[\w'’-]+|[\w'’-]+)\s*:\s",
                           re.I)
# what parts the details of a list ("trim SE, fuel petrol, colour white")
_LIST_SEP_RE = re.compile(r"[,;]\s")


# a thing named by its noun and a number or a letter: "room 4", "team B", "shift 2" (never a
# time or an amount: "room 4:30", "shift 2pm", "tier 2%")
_NUMBERED_RE = re.compile(r"\b([A-Za-z][a-z]{2,})\s+(\d{1,3}|[A-HJ-Z]|[a-hj-z])\b(?!['-])"
                          r"(?![:.,]\d|\s*(?:%|am\b|pm\b|a\.m|p\.m|st\b|nd\b|rd\b|th\b))")


_WORD_AFTER_RE = re.compile(r"[A-Za-z0-9']+")


def _numbered(text: str, held: set[str]) -> dict[str, set[str]]:
    """The tags said after each noun in ``text`` ("room" -> {"4"}), but a tag that is a word
    of a value in ``held`` ("3" of "max retries 3"). A letter typed in lower case is a tag
    only in a text typed without capitals (:func:`~dspm_core.slots.letter_named`: "zone b",
    never "plan a trip" nor "$5 a month")."""
    out: dict[str, set[str]] = {}
    typed_lower = no_capitals(text)
    for m in _NUMBERED_RE.finditer(text):
        noun, tag = m.groups()
        if tag.islower() and not (typed_lower and letter_named(
                [noun, tag, *_WORD_AFTER_RE.findall(text, m.end())[:1]], 1)):
            continue
        n = noun.lower()
        if tag.lower() not in held and n not in STOP_WORDS and is_noun(n):
            out.setdefault(singular(n), set()).add(tag.lower())
    return out


def numbered_apart(text: str, earlier: str, *values: str | None) -> str | None:
    """The noun ``text`` and ``earlier`` each name with a number or a letter of its own
    ("Change room 5 to 9am." after "Room 4 opens at 8am.", "Move team B to 11am." after
    "Team A meets at 9am."): two things of that noun, since single letters and digits are
    words too. None when either names none, or both the same; a tag that is a word of one
    of ``values`` is the value, not a name ("max retries 5" after "max retries 3")."""
    if not _NUMBERED_RE.search(text) or not _NUMBERED_RE.search(earlier):
        return None
    held = _value_words(values)
    mine, theirs = _numbered(text, held), _numbered(earlier, held)
    for noun in mine.keys() & theirs.keys():
        if mine[noun].isdisjoint(theirs[noun]):
            return f"{noun} {sorted(mine[noun])[0]}"
    return None


# a label of a few words before a colon
_LABEL_RE = re.compile(r"^\W*(?:for\s+(?:the|my|our|this)\s+)?([\w'’-]+(?:\s+[\w'’&.-]+){0,3})\s*:\s", re.I)
_POSSESSIVE_RE = re.compile(r"([\w-]+)['’]s\b")
_NO_LABEL = frozenset("update note fyi reminder correction change edit ps btw ok okay also actually "
                      "important heads up sorry oh wait".split())


def other_times(text: str, other: str) -> bool:
    """Two statements said for different parts of the week, of the day or of the year ("on
    weekends an hour later, so 7:30" and "alarm at 6:30 on weekdays"); a part of the week
    and one of the day ("weekdays" / "afternoons") are no two parts of one thing."""
    mine, theirs = _parts_said(text), _parts_said(other)
    return any(mine & part and theirs & part and not mine & theirs & part for part in _PARTS)


def _parts_said(text: str) -> frozenset[str]:
    return frozenset(w for w in (singular(x) for x in re.findall(r"[a-z]+", text.lower()))
                     if w in _PART_WORDS)


_PARTS = (frozenset("weekday weekend".split()),
          frozenset("morning afternoon evening night daytime nighttime".split()),
          frozenset("summer winter spring autumn".split()))
_PART_WORDS = frozenset().union(*_PARTS)


def _other_address_named(text: str, value: str | None) -> bool:
    """``text`` gives a new email address and names another one by the part before its @
    ("send it to revenue@acme.io, the sales alias is being retired"): the address named is
    the one replaced, not ``value`` ("cfo@acme.io")."""
    held = _EMAIL_IN_RE.fullmatch(value or "")
    if held is None:
        return False
    new = {m.group(0).split("@", 1)[0].lower() for m in _EMAIL_IN_RE.finditer(text)}
    named = {w.lower() for w in re.findall(r"\b([a-z][\w.-]*)\s+(?:alias|address|inbox|mailbox|email)\b", text, re.I)}
    return bool(new) and bool(named - new) and held.group(0).split("@", 1)[0].lower() not in named


_EMAIL_IN_RE = re.compile(EMAIL)


def only_at_times(text: str, stmt: Statement, other: str) -> bool:
    """``text`` gives its value for a part of the week, day or year, or for a day of the
    week ("45 minutes is fine on weekends", "8am on sundays"), and ``other`` names none: an
    exception beside the setting, which still holds at other times. (A day said as the value
    itself, "move it to sundays", is a change of day.)"""
    if stmt.dimension in ("weekday", "when", "date") or not _AT_TIMES_RE.search(text) \
            or _MOVED_RE.search(text):
        return False  # ("we've pushed dinner back, it's 7:15 on weekdays now": all of it moved)
    return not _parts_said(other) and not _DAY_NAME_RE.search(other)


# a value's times: "on weekends", "at the weekend", "in the mornings", "on sundays"
_AT_TIMES_RE = re.compile(r"\b(?:on|at|during|in|for)\s+(?:the\s+|my\s+|our\s+|her\s+|his\s+)?(?:weekends?|"
                          r"weekdays?|mornings|evenings|nights|(?:mon|tues|wednes|thurs|fri|satur|sun)days|"
                          r"days?\s+off|off\s+days|rest\s+days|school\s+nights|holidays|training\s+days)\b",
                          re.I)
#: participles that say a value was changed ("it was moved to monday"), not recalled
MOVED_WORDS = ("moved|changed|pushed|postponed|delayed|rescheduled|switched|bumped|raised|lowered|"
               "cut|updated|brought")
_MOVED_RE = re.compile(rf"\b(?:{MOVED_WORDS})\b", re.I)
_DAY_NAME_RE = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b", re.I)


def _other_time(own: str, theirs: str) -> bool:
    """Each side names a part of the week, day or year, and they differ ("weekend" /
    "weekday alarm", "morning" / "evening walk")."""
    mine, other = set(own.split()) & _TIMES_OF, set(theirs.split()) & _TIMES_OF
    return bool(mine) and bool(other) and not mine & other


#: the parts of the week, day and year a setting may be for
_TIMES_OF = frozenset("weekday weekend weeknight morning afternoon evening night daytime "
                      "nighttime lunchtime summer winter spring autumn fall monday tuesday "
                      "wednesday thursday friday saturday sunday".split())


def _unit_named(ix: StoreIndex, patches: dict[str, Patch], subj_norm: str,
                stmt: Statement) -> list[str]:
    """Stored counts whose unit is all this subject names: "change my calories to 2000"
    of "I'm doing 1800 calories a day", "bump the pages to 3" of "write 2 pages"; or
    measures of it: "amlodipine is 10mg now" of "my blood pressure med is 5mg amlodipine"."""
    words = [w for w in subj_norm.split() if w not in _PRONOUNS and w not in _WEAK_WORDS
             and not _noise(w)]
    if len(words) != 1:
        return []
    noun = words[0]
    unit = _unit_noun(stmt)
    # the measure a value of the thing is given in ("mg" of "10mg" said of amlodipine)
    measure = None if stmt.dimension in ("number", "rate:number") or unit == noun else unit
    if measure is None and stmt.dimension not in ("number", "rate:number") and unit != noun:
        return []
    units = (f"count:{noun}", f"rate:count:{noun}")
    ids = [pid for term in content_terms(noun)
           for pid in islice(reversed(ix.by_term.get(term, {})), TERM_CANDIDATES)]
    # (a tier sentence's slot has no terms in the index: the statements spoken of lately,
    # "the cat gets half a dozen treats a day" for "cut the treats to 3 a day")
    ids += [pid for _, pid in reversed(ix.recent)]
    found: list[str] = []
    for pid in dict.fromkeys(ids):
        p = patches.get(pid)
        if p is None or p.key is None:
            continue
        if (p.key.split("|")[2] not in units) if measure is None \
                else not _measured_in(p, measure, noun):
            continue
        found.extend(revision_candidates(patches, {pid}, as_said_of(stmt, p), exact_dim=True))
    return found


def _named_by_unit(ix: StoreIndex, patches: dict[str, Patch], subj_norm: str,
                   stmt: Statement) -> list[str]:
    """Stored counts whose subject is this count's unit alone ("words" of "I have 4,500
    words to submit", for "my final draft reached 4,700 words")."""
    unit = _unit_noun(stmt)
    if not unit or unit == subj_norm:
        return []
    return revision_candidates(patches, ix.by_subject.get(unit, ()), stmt, exact_dim=True)


def _goal_of_unit(ix: StoreIndex, patches: dict[str, Patch], subj_norm: str,
                  stmt: Statement, turn: int) -> list[str]:
    """The one setting of the last turns that counts what this statement counts, when the
    statement names it only by its role ("the goal", "my daily target"): "push the goal to
    10k steps" of "I'm trying to hit 8,000 steps a day"; or the one amount of money, named
    as its price ("drop the price to $400" of "list the bike on marketplace for $450")."""
    unit = _unit_noun(stmt)
    words = [w for w in subj_norm.split() if w != unit and w not in _PERIODIC.values()]
    if unit and words and all(_GOAL_WORD_RE.fullmatch(w) for w in words):
        dims = (f"count:{unit}", f"rate:count:{unit}")
    elif stmt.dimension == "money" and words and all(w in _PRICE_WORDS for w in words):
        dims = ("money",)  # "drop the price to $400" of "list the bike for $450"
    else:
        return []
    found = [p.id for p in _recent_settings(ix, patches, turn)
             if p.key.split("|")[2] in dims
             and revision_candidates(patches, {p.id}, as_said_of(stmt, p), exact_dim=True)]
    return found if len(found) == 1 else []


#: what an amount of money is called by its role alone ("the price")
_PRICE_WORDS = frozenset("price cost asking".split())


def _speakers_system(ix: StoreIndex, patches: dict[str, Patch], subj_norm: str,
                     stmt: Statement, text: str) -> list[str]:
    """The one stored version of this statement's system said of the speaker alone ("I'm
    on Windows 10"), when the statement names the speaker's own thing or nothing ("just
    upgraded my laptop to Windows 11", "I'm on 11 now")."""
    if not stmt.dimension.startswith("version:"):
        return []
    system = stmt.dimension.split(":", 1)[1]
    words = [w for w in subj_norm.split() if w not in _WEAK_WORDS and w not in _PRONOUNS
             and w not in ("on", "to", "m", "re", "ve") and w not in _ALL_OF_IT]  # ("we're on Postgres 16 now")
    if any(w not in _SPEAKERS_THINGS and w not in _SYSTEM_WORDS and not _noise(w) and w != system
           for w in words):
        return []  # ("switch the runtime to Node 22": what the version is of, named by its role)
    if any(w in _SPEAKERS_THINGS for w in words) and not _MY_THING_RE.search(text):
        return []  # "my sister upgraded her laptop": not the speaker's
    # (everything the speaker runs: "we're upgrading everything to Node 20" of "our lambdas
    # run on Node 18", the one stored version of that system)
    everything = bool({"everything", "all"} & set(subj_norm.split()))
    found: list[str] = []
    ids = {pid for term in content_terms(system)
           for pid in islice(reversed(ix.by_term.get(term, {})), TERM_CANDIDATES)}
    for pid in ids:
        p = patches.get(pid)
        if p is None or p.key is None or p.key.split("|")[2] != stmt.dimension:
            continue
        theirs = ix.subject_of.get(pid) or ""
        kind = name_category(system)
        if everything or kind and theirs in (kind, subject_key(kind)) or all(  # ("programming language" of "Python 3.11")
                w in _WEAK_WORDS or w in _PRONOUNS or w == system or w in ("on", "use", "run")
                or w in _SYSTEM_WORDS for w in theirs.split()):  # ("node version")
            found.extend(revision_candidates(patches, {pid}, stmt, exact_dim=True))
    return found if len(found) == 1 else []


#: what a bound is called when nothing else is named ("raise the ceiling to 12")
_BOUND_NOUNS = frozenset("threshold ceiling cap limit cutoff cut-off floor minimum maximum max min".split())


def _bound_alone(ix: StoreIndex, patches: dict[str, Patch], subj_norm: str,
                 stmt: Statement, turn: int) -> list[str]:
    """The one setting of the last turns that is a bound (said with "over", "under", "max",
    "at least") of the kind of value of ``stmt``, whose subject is only a word for a bound
    ("bump the threshold to £75" of "free shipping on orders over £50", "raise the ceiling
    to 12" of "max replicas for the api deployment is 8")."""
    if subj_norm not in _BOUND_NOUNS:
        return []  # (never "the US limit": a word beside it names whose)
    found = []
    for p in _recent_settings(ix, patches, turn):
        cls = (p.key or "||").split("|")[1]
        if cls == "eq" and not (_LIMIT_RE.search(p.slot or "") or named_bound("=", p.slot) == "lower"):
            continue
        if revision_candidates(patches, {p.id}, replace(as_said_of(stmt, p), op=p.op), exact_dim=True):
            found.append(p.id)
    return found if len(found) == 1 else []


def _bare_version(ix: StoreIndex, patches: dict[str, Patch], subj_norm: str,
                  stmt: Statement, turn: int) -> list[str]:
    """The one version setting of the last turns, for a dotted number the speaker says
    they are on ("we're on 3.12 now" of "our python version in the lambdas is 3.9")."""
    if stmt.dimension != "number" or not _DOTTED_VERSION_RE.fullmatch(stmt.value or "") \
            or any(w not in _PRONOUNS and w not in _WEAK_WORDS and w not in ("on", "m", "re", "ve", "now")
                   for w in subj_norm.split()):
        return []
    found = [p.id for p in _recent_settings(ix, patches, turn)
             if (p.key or "||").split("|")[2].startswith("version:")]
    return [pid for pid in found if revision_candidates(patches, {pid}, as_said_of(stmt, patches[pid]),
                                                        exact_dim=True)] if len(found) == 1 else []


_DOTTED_VERSION_RE = re.compile(r"v?\d+\.\d+(?:\.\d+)?")

#: what the speaker's system runs on ("my laptop", "my phone")
_SPEAKERS_THINGS = frozenset("laptop computer pc mac phone tablet machine desktop device".split())
#: what a change of everything is said with ("we upgraded everything to node 20 over the
#: weekend, assume that going forward")
_ALL_OF_IT = frozenset("everything all every across board whole weekend week today yesterday "
                       "over last assume going forward sprint month quarter release".split())
#: what a version is said of by its role ("the runtime", "the interpreter")
_SYSTEM_WORDS = frozenset("runtime version interpreter engine compiler toolchain sdk".split())
_MY_THING_RE = re.compile(rf"\b(?:my|our)\s+(?:[\w-]+\s+)?(?:{'|'.join(_SPEAKERS_THINGS)})s?\b", re.I)


def _of_known_kind(ix: StoreIndex, patches: dict[str, Patch], subj_norm: str,
                   stmt: Statement, turn: int) -> list[str]:
    """The one setting of the last turns whose value is a name of the known kind of this
    statement's ("iPhone" for "android"), when the statement's subject names nothing
    else: its words besides those of the kind ("phone" of a platform, "language") and
    noise ("got a new ...") are none, or all of the setting's own."""
    kind = name_category(stmt.value or "") if stmt.dimension == "name" else None
    if kind is None:
        return []
    kind_words = _KIND_WORDS.get(kind, frozenset()) | frozenset(kind.split())
    words = subj_norm.split()
    core = set(_core(words))
    mine = [w for i, w in enumerate(words) if w in core and w not in kind_words
            and not _noise_at(words, i) and w not in _WEAK_WORDS and w not in STOP_WORDS and w not in _TIMES_OF
            and w not in _WHEN_WORDS and w != (stmt.value or "").lower()]
    # (the language of another thing is no reply language: "set the subtitles to French")
    replies = kind == "reply language"
    return [p.id for p in _recent_settings(ix, patches, turn)
            if p.key is not None and p.key.split("|")[2] == "name"
            and name_category(p.value or "") == kind
            and all(w in (ix.subject_of.get(p.id) or "").split() for w in mine)
            and not (replies and set((ix.subject_of.get(p.id) or "").split()) - kind_words - _WEAK_WORDS)]


#: the words that say when a thing happened ("got a new phone over the weekend")
_WHEN_WORDS = frozenset("over during after before since until ago recently".split())

#: the words that name the kind of a known name's setting, not which setting it is
_KIND_WORDS = {"platform": frozenset("phone device os system mobile".split()),
               "reply language": frozenset("language english".split()),
               "programming language": frozenset("language".split()),
               "colour": frozenset("colour color shade".split())}


def _measured_in(p: Patch, measure: str, noun: str) -> bool:
    """``p`` holds an amount of ``noun`` in ``measure`` ("5mg amlodipine": mg, amlodipine)."""
    said = (p.unit or "").lower().split()
    return len(said) == 2 and said[0] == measure and singular(said[1]) == noun


def _same_category(a: str | None, b: str | None, slot: str | None = None) -> bool:
    """Two names of the same known kind ("MySQL" and "PostgreSQL" are databases, "Leeds"
    and "York" places); a place for a setting of a place (``slot``: "salsa class venue")."""
    cat = name_category(a or "")
    if cat is not None:
        return cat == name_category(b or "")
    if not (a and b):
        return False
    if code_alone(a) == a:  # "B31 now" of "gate B22"
        return is_label(b)
    noun, theirs = label_noun(a), label_noun(b) or _head_word(slot)
    if noun is not None and noun == theirs:  # "terminal 5" of "terminal 2", of "terminal" = 2
        return True
    if noun is not None and label_noun(b) is not None and not venue_slot(slot):
        return False  # a desk is no room, unless the setting is where something happens
    return is_place(a) and is_place(b) or is_venue(a) and (is_venue(b) or venue_slot(slot))


def _head_word(slot: str | None) -> str | None:
    """The last word of a setting's name, lower case ("terminal" of "Terminal"), or None."""
    words = (slot or "").lower().split()
    return words[-1] if words else None


def as_said_of(stmt: Statement, p: Patch) -> Statement:
    """A referent's statement read as said of ``p``: "make it 150 words" keeps the bound
    of "under 100 words", "change it to 650 dollars" the period of "500 dollars a month"."""
    probe = replace(stmt, op=p.op) if stmt.op in ("=", None) or \
        bound_class(stmt.op) == bound_class(p.op) or (
            # "we can go up to $300" of "the spending cap is $200": a cap is a bound
            bound_class(stmt.op) == "upper" and p.op in ("=", None)
            and _LIMIT_RE.search(p.slot or "")) else stmt
    if stmt.dimension == "number" and stmt.unit is None and p.key is not None \
            and p.key.split("|")[2] == "clock" and _HOUR_RE.fullmatch(stmt.value or ""):
        # "make it 8" of "dinner at 7:30": an hour
        return replace(probe, dimension="clock", canonical=parse_value(f"{stmt.value}:00").canonical)
    if stmt.dimension in ("number", "free") and stmt.unit is None and p.key is not None \
            and p.key.split("|")[2].startswith("version:") and VERSION_RE.fullmatch(stmt.value or ""):
        # "bump it to 3.12" of "we target Python 3.10": Python 3.12 ("not v18, v20": Node 20)
        system = p.key.split("|")[2].split(":", 1)[1]
        return replace(probe, dimension=f"version:{system}",
                       canonical=f"{system} {(stmt.value or '').lstrip('vV')}")
    if stmt.dimension == "clock" and p.key is not None and p.key.split("|")[2] == "ratio" \
            and CLOCK_SHAPE_RE.fullmatch(stmt.value or ""):
        # "make the pour-over 1:15" of "my pour-over ratio is 1:16": a ratio
        return replace(probe, dimension="ratio", canonical=stmt.value)
    if stmt.dimension == "name" and p.value and code_alone(stmt.value or "") == stmt.value:
        labelled = with_noun(stmt.value, p.value)  # "B31 now" of "gate B22": gate B31
        if labelled is not None:
            return replace(probe, value=labelled, canonical=labelled.lower())
    if stmt.dimension == "name" and p.value and p.key is not None and not is_label(p.value) \
            and label_noun(stmt.value) is not None and label_noun(stmt.value) == _head_word(p.slot):
        # "we're landing at terminal 5 now" of "terminal" = 2: its number
        pv = parse_value(stmt.value.split(None, 1)[1])
        return replace(probe, value=pv.text, unit=pv.unit, dimension=pv.dimension, canonical=pv.canonical)
    if stmt.dimension in ("free", "name") and (stmt.value or "").lower() in _UNLIMITED \
            and p.key is not None and p.key.split("|")[2] in _QUANTITIES:
        # "I switched to the unlimited plan" of "my phone plan is the 10 GB one": no bound
        return replace(probe, dimension=p.key.split("|")[2])
    if stmt.dimension == "name" and p.key is not None and p.key.split("|")[2] == "address" \
            and is_venue(stmt.value):
        # "send them to the flat on Mill Road" of "deliver my orders to 14 Canal Street"
        return replace(probe, dimension="address")
    if stmt.dimension == "number" and stmt.unit is None and p.key is not None \
            and p.key.split("|")[2] == FREQUENCY and p.value:
        # "make it 2" of "walked 3 times a day", "every three" of "every two years"
        held = spoken_numbers(p.value)
        if len(held) == 1:
            at = held[0][0]
            text = f"{p.value[:at.start()]}{stmt.value}{p.value[at.end():]}"
            said = parse_value(text)
            if said.dimension == FREQUENCY:
                return replace(probe, value=text, dimension=FREQUENCY, canonical=said.canonical)
    if stmt.dimension.startswith("count:") and stmt.unit and p.value and p.key is not None \
            and p.key.split("|")[2] != stmt.dimension:
        # "make that 8 dozen" of "6 dozen croissants every morning": its number, the rest kept
        counted = re.match(r"(\d[\d,.]*)\s+" + re.escape(stmt.unit) + r"\s+\S", p.value, re.I)
        if counted is not None:
            number = (stmt.value or "").split()[0]
            return replace(probe, value=f"{number} {stmt.unit}", unit=p.unit, dimension=p.key.split("|")[2],
                           canonical=f"{number}{p.value[counted.end(1):]}".lower(), scope=p.scope)
    if stmt.dimension == "time" and p.key is not None and p.key.split("|")[2] == FREQUENCY \
            and (p.value or "").lower().startswith("every"):
        # "make it 3 weeks" of "review it every 2 weeks": every 3 weeks
        return replace(probe, dimension=FREQUENCY, canonical=parse_value(f"every {stmt.value}").canonical)
    if p.scope and not stmt.scope and p.key is not None:
        dim = p.key.split("|")[2]
        if dim == f"rate:{stmt.dimension}" or (stmt.dimension == "number" and stmt.unit is None
                                                and dim.startswith("rate:")) \
                or stmt.dimension == "money" and dim == "rate:number" and PRICED_RE.search(p.text):
            # ("call it eighty quid" of "grocery budget's 120 a week": a sum said bare)
            # "make it 50" of "20 results per page": 50 results per page
            probe = replace(probe, scope=p.scope, dimension=dim, unit=p.unit)
    elif p.scope and stmt.scope == p.scope and stmt.dimension == "rate:number" and p.key is not None:
        dim = p.key.split("|")[2]
        if dim.startswith("rate:"):  # "let's do 25 per page" of "10 results per page"
            probe = replace(probe, dimension=dim, unit=p.unit)
    elif p.scope and stmt.scope == p.scope and stmt.dimension.startswith("rate:count:") \
            and p.key is not None and p.key.split("|")[2] == "rate:number" \
            and stmt.dimension.rsplit(":", 1)[1] in _said_words(p.slot or ""):
        # "10,000 steps daily" of "my step goal is 8000 a day": what the goal counts
        probe = replace(probe, dimension="rate:number", unit=p.unit)
    elif not p.scope and stmt.scope and stmt.dimension.startswith("rate:count:") \
            and p.key is not None and p.key.split("|")[2] == "num" \
            and {stmt.dimension.rsplit(":", 1)[1], _PERIODIC.get(stmt.scope.lower())} \
            <= _said_words(p.slot or ""):
        # "10,000 steps a day" of "my daily step target is 8000": the goal's own count
        probe = replace(probe, dimension="num", unit=None, scope=None)
    return probe


_PERIODIC = {"day": "daily", "week": "weekly", "month": "monthly", "year": "yearly"}


_HOUR_RE = re.compile(r"1[0-2]|[1-9]")
#: a value that says an amount has no bound, and the kinds of amount it may stand for
_UNLIMITED = frozenset(["unlimited", "the unlimited one", "the unlimited plan", "no limit",
                        "no cap", "uncapped"])
_QUANTITIES = frozenset("size num time money".split())
_LIMIT_RE = re.compile(r"\b(?:cap|caps|limit|limits|max|maximum|ceiling|budget|allowance)\b", re.I)
# a pointer capped ("cap it at 15" of "24 places"): the setting's new value, held as its cap
_CAPPED_RE = re.compile(r"\b(?:cap|capp\w*|capped)\b|\bis\s+(?:the\s+|our\s+)?(?:most|max|maximum)\s+(?:we|i)\s+can\b", re.I)


def _same_head(ix: StoreIndex, patches: dict[str, Patch], subj_norm: str,
               stmt: Statement, text: str = "") -> list[str]:
    """Stored subjects that agree with this one: the same head noun, or every word of one
    within the other ("the pomodoro" for "the pomodoro timer"), and no veto."""
    words = subj_norm.split()
    subjects: set[str] = set()
    # the words as said, and an -ing word as its verb ("my reading goal" for "I want to
    # read 20 books")
    for w in dict.fromkeys(w for word in words for w in (word, _base_of(word)) if w):
        pool = ix.subjects_by_word.get(w, set())
        if len(pool) <= TERM_CANDIDATES:  # a word this common does not name one setting
            subjects |= pool
    found: list[str] = []
    mine = set(_core(words, framed=True))
    for subj in subjects:
        if subj == subj_norm or vetoed(subj, subj_norm) or _names_of_a_kind_apart(subj, subj_norm):
            continue  # not vetoed: one subject's words lie within the other's
        theirs = set(_core(subj.split(), framed=True))
        mine_here, theirs = (set(x) for x in _verbs_as_said(list(mine), list(theirs)))
        if mine and len((mine_here ^ theirs) - {"s"}) > MAX_EXTRA_WORDS \
                and not _head_phrase_agrees(subj, mine_here):  # "jenna s party"
            continue  # "hoping enough make shine word" is no other wording of "word count"
            # (but "the timeout" is one of "the request timeout on the payment gateway client")
        # (a subject of words for a kind of quantity only, "the target", lies within any
        # setting with those words: when it fits two, it revises neither)
        for pid in ix.by_subject.get(subj, ()):
            if _other_known_kind(stmt.value, patches[pid].value):
                continue  # "host staging on Render" is no log level of staging ("DEBUG")
            if mine_here - theirs and _says_two(patches[pid]) and not _days_said(text, stmt) > 1:
                continue  # "the return flight got moved to May 22" of "we fly out on May 14
                # and come back May 21": which of the two it names is not known
            # "lower the CPU alert to 70%" keeps the bound of "alert when CPU goes above 80%"
            got = revision_candidates(patches, {pid}, as_said_of(_counted_as(stmt, patches[pid]), patches[pid]),
                                      exact_dim=True, same_unit=True)
            if not got and set(words) < set(subj.split()) and subj.split()[-1] == words[-1] \
                    and _named_both(stmt, patches[pid]):
                got = [pid]  # "upgrade us to the Growth plan" of "the Starter plan for the helpdesk"
            found.extend(got)
    return found


def _counted_as(stmt: Statement, p: Patch) -> Statement:
    """A number said bare of a setting named ("bump the cadence to 90") counted in the unit
    of the count it holds ("cadence target 85 rpm": 90 rpm); any other statement as it is."""
    if stmt.dimension != "number" or stmt.unit is not None or not stmt.value or not p.unit \
            or p.key is None or p.key.split("|")[2] != "num":
        return stmt
    counted = parse_value(f"{stmt.value} {p.unit}")
    return replace(stmt, value=counted.text, unit=counted.unit, dimension=counted.dimension,
                   canonical=counted.canonical) if counted.dimension.startswith("count:") else stmt


_PREPOSITION_RE = re.compile(r"\s(?:on|for|of|in|at|with|from|to|per|across|behind|inside)\s")


def _head_phrase_agrees(subject: str, mine: set[str]) -> bool:
    """The words of ``subject`` before its first preposition ("request timeout" of "request
    timeout on payment gateway client") hold every word of ``mine`` and at most
    MAX_EXTRA_WORDS others."""
    cut = _PREPOSITION_RE.search(subject)
    if cut is None or not mine:
        return False
    head = set(_core(subject[:cut.start()].split(), framed=True))
    return mine <= head and len(head - mine) <= MAX_EXTRA_WORDS


def _says_two(p: Patch) -> bool:
    """``p`` holds a day or a time of day, and its text says another of that kind besides
    its value ("we fly out on May 14 and come back May 21")."""
    dim = p.key.split("|")[2] if p.key and p.value else ""
    value = (p.value or "").lower()
    return dim in _DAY_OR_TIME and any(
        parse_value(m.group(0)).dimension == dim and m.group(0).lower() not in value
        for m in VALUE_RE.finditer(p.text))


def _days_said(text: str, stmt: Statement) -> int:
    """How many values of ``stmt``'s kind (days, times of day) ``text`` says: a list of
    them ("gym days r tue thu sat now") replaces a list, whichever it is."""
    return sum(parse_value(m.group(0)).dimension == stmt.dimension for m in VALUE_RE.finditer(text))


_DAY_OR_TIME = ("when", "clock")


def _named_both(stmt: Statement, p: Patch) -> bool:
    """``stmt`` and ``p`` both hold a name or words (no number, day or measure)."""
    dim = p.key.split("|")[2] if p.key and p.value else ""
    return stmt.dimension in ("name", "free") and (dim == "name" or dim.startswith("free:"))
