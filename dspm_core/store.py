"""PatchStore: merging facts into patches by slot identity, with lineage and a journal.

Merging is O(1) in the number of stored patches: every lookup goes through a dict
index (slot key, subject, normalised text, and a bounded term index for restatements).

The rule that matters most: never delete a fact on a guess. A value is superseded only
by a statement with the same slot identity (normalised subject, bound class, value
dimension, scope) from a speaker with at least the same authority. Everything that is
superseded, deduplicated, rejected or forgotten goes to the journal.
"""

from __future__ import annotations

import itertools
from itertools import islice
from collections import Counter, deque
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from .errors import ConfigError, InvalidPatchError, UnknownPatchError
from .confirmations import CONFIRMED, confirmed_setting
from .crit_order import CriticalOrder, Pool
from .index import LexicalIndex
from .rank import patch_terms, query_terms
from .merge_targets import (TERM_CANDIDATES, StoreIndex, echo_target, fitting, named_bound, value_base,
                            with_period_of)
from .roles import role_said
from .restated import restated_earlier, restated_name, supposes_or_recalls, value_said_again
from .owners import another_one, one_instance, other_audience, owner_added, said_before_value
from .resolve import (HEADCOUNT, NEW_VERSION, SIBLING, LIGHT_VERBS, as_said_of, both_said_for, goal_apart, held_before,
                      held_for_other, is_referent, label_apart, other_list, other_named_label, link_target,
                      link_vetoed, person_apart_from_count,
                      modifier_apart, names_nothing, narrowed_for, numbered_apart, other_count, own_setting,
                      people_for_other, person_dropped, read_here, read_so_far, resolve, said_after_value, said_for_other,
                      said_as_change, time_told, vetoed, what_is_of_goal)
from .patch import AUTHORITY, EARLIER, Fact, Patch, PatchKind, Revision, Role
from .polarity import flipped_rule
from .named_settings import diets_apart
from .corrections import corrected_earlier, new_quantity, other_scope
from .deltas import POINTER_TURNS, Delta, applied, delta_said, delta_target, is_amount_of
from .passing import (Named, aligned_earlier, another_owns, holds_word, moved_antecedent,
                      named_earlier, named_words, new_name, reworded_earlier, turns_down)
from .topics import topic_before_comma
from .tier import (REST_WORDS, TIER_ROLES, in_mark, said_besides, says_besides, sentence_setting,
                   sentence_with_value)
from .place_sentences import is_place_change, place_sentence
from .contact_values import CONTACT_RE
from .sibling_values import sibling_named
from .value_mentions import ROUTING, changed_sentence, other_of_kind
from .swaps import named_old
from .switched_sentence import switched_from
from .slots import (
    THATS_OUR_RE,
    AliasTable,
    Statement,
    bound_class,
    category_subject,
    content_terms,
    has_word_of_change,
    make_key,
    name_category,
    normalise_op,
    parse_statement,
    slot_label,
    subject_key,
    terms_key,
)
from .value_clause import before_reason, parts
from .values import MONTHS, VALUE_RE, parse_value
from .vocab import STOP_WORDS, fold_typo, is_identifier, singular

__all__ = ["JournalEntry", "MergeOutcome", "PatchStore", "DEFAULT_HISTORY_LIMIT"]

DEFAULT_HISTORY_LIMIT = 3

#: non-critical patches a query brings into a render by its words (BM25 candidates)
QUERY_CANDIDATES = 48
#: non-critical patches brought into every render by recency (the last stated or restated)
RECENT_REST = 32
#: how many of the patches stored last a confirmation reads for the user's statement
LAST_STORED = 16
#: how many of the latest patches are read for a statement that still says a changed value
_BESIDE_SCAN = 16


# the verbs a pointer's sentence sets its value with, after what it is for
_POINTER_VERBS = "set|make|change|move|push|put|bump|do|switch|have|keep"
# a scope said before an instruction about a pointer ("on weekends set it for 9", "in the
# mornings make it 20 minutes")
_FRONTED_SCOPE_RE = re.compile(r"^\W*(?:on|in|for|at|during)\s+(?:the\s+|my\s+|our\s+)?([\w'-]+(?:\s+[\w'-]+)?)"
                               rf"\s*,?\s+(?=(?:{_POINTER_VERBS})\b)", re.I)
# what a pointer's sentence opens by saying its value is for ("for customer replies keep it
# to 3 sentences", "and now for the paid plan make it 90 days")
_FOR_SCOPE_RE = re.compile(r"^\W*(?:(?:and|now|ok|okay|so|also|but)[\s,]+)*for\s+(?:the\s+|my\s+|our\s+)?"
                           r"([\w'-]+(?:\s+[\w'-]+){0,2}?)\s*,?\s+"
                           rf"(?=(?:{_POINTER_VERBS}|cap|limit|raise|lower|drop|go)\b)", re.I)
# a value said first, of a thing: "5 minutes of stretching every hour", "2.5 kg of the dark roast"
_VALUE_OF_RE = re.compile(r"^\W*(?:about\s+|around\s+|like\s+)?[$€£]?\d[\d.,]*\s*(?:[a-z%]+\s+)?of\s+"
                          r"(?:the\s+|my\s+|our\s+|your\s+)?([a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)", re.I)
# what a pointer's sentence says its new value is for ("... for Sam's present")
_FOR_WHOM_RE = re.compile(r"\bfor\s+(?:the\s+|my\s+|our\s+|his\s+|her\s+)?([\w' -]{1,40}?)\s*(?:[,.;!?]|$)",
                          re.I)


def _read_here_after(text: str, value: str | None) -> bool:
    """"it's 18 degrees in here now", "it's 6:40 already", "I'm at 22 g today": the value is
    a reading of where the speaker is, of the time it is, or of how far they have got."""
    at = text.find(value) if value else -1
    after = text[at + len(value or ""):]
    return at >= 0 and (read_here(after) or read_so_far(text[:at], after)) or time_told(text)


# who something is sent to ("escalate it to Priya", "send those to Marcus")
_ROUTED_RE = re.compile(rf"\b(?:sent|{ROUTING.replace(' ', '|')})\b", re.I)
# a number said of people ("6 of us", "8 people"): never an hour
_PEOPLE = r"(?:people|ppl|guests?|persons?|adults?)"
_PEOPLE_SAID_RE = re.compile(rf"\d\s+(?:of\s+us|of\s+them|{_PEOPLE})\b", re.I)


@dataclass(frozen=True, slots=True)
class JournalEntry:
    """One thing the store did to a patch: why, when, and the patch as it was."""

    action: str  # added, superseded, earlier, duplicate, echo, rejected, forgotten, pinned, unpinned
    patch_id: str
    turn: int
    reason: str
    before: Patch | None = None
    fact_text: str | None = None
    role: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "patch_id": self.patch_id,
            "turn": self.turn,
            "reason": self.reason,
            "before": self.before.to_dict() if self.before else None,
            "fact_text": self.fact_text,
            "role": self.role,
        }


@dataclass(frozen=True, slots=True)
class MergeOutcome:
    """What merging one fact did: ``action`` is added, superseded, earlier (a late fact
    older than the value held: kept in the lineage), duplicate, echo or rejected."""

    action: str
    patch: Patch
    previous: Patch | None = None
    reason: str = ""


@lru_cache(maxsize=4096)
def _name_of(value: str) -> str | None:
    """The word a value may be said again by: a place by its name alone ("costa's always
    rammed" of "the Costa on High Street"), an amount by its number and unit ("50g of carbs
    per day" of "50g carbs a day"); None when it has no such word."""
    names = named_words(value, value=True)
    return names[0].word if names and names[0].word != value and (
        names[0].cls == "cap" or names[0].cls == "num" and not names[0].word.isdigit()) else None


def _norm_text(text: str) -> str:
    """Normalised text for exact/near duplicate detection of patches without a slot."""
    words = re.findall(r"[\w+#/%$-]+(?:\.[\w+#/%$-]+)*", text)
    return " ".join(map(_norm_word, words))


@lru_cache(maxsize=262144)
def _norm_word(word: str) -> str:
    # the identifier check runs on the word as written: "jQuery" is a name, not a typo
    return word.lower() if is_identifier(word) else fold_typo(word.lower())


def _names_any(slot: str, text: str) -> bool:
    """Whether ``text`` carries a word of ``slot`` (a cheap check: the start of each word)."""
    low = text.lower()
    return any(w[:4] in low for w in re.findall(r"[A-Za-z0-9][\w-]*", slot.lower())
               if len(w) > 2 or w.isdigit())


# who asks for a value, said before it ("practice manager wants $150 now", "the boss says 40"):
# no words of the setting's name
_WANTED_BY_RE = re.compile(r"\b(?:the\s+|my\s+|our\s+)?(?:[a-z]+\s+){0,2}?(?:wants|said|says|suggests|suggested|"
                           r"reckons|asked\s+for|prefers|insists\s+on)\s+(?=[$€£]?\d)", re.I)


def _one_part_replaced(stmt: Statement, old: Patch) -> Statement:
    """``stmt`` naming the old value it replaces, when that is one part of what ``old``
    holds ("not wednesdays, thursdays" of "Mondays and Wednesdays at 6pm"): the held value
    with that part replaced, so the rest stays ("Mondays and thursdays at 6pm")."""
    if not stmt.old_value or not stmt.value or not old.value or old.key is None:
        return stmt
    held, named = old.value, stmt.old_value.strip()
    m = re.search(rf"(?<!\w){re.escape(named)}(?!\w)", held, re.I)
    if m is None or held.strip().lower() == named.lower():
        return stmt
    value = f"{held[:m.start()]}{stmt.value}{held[m.end():]}"
    pv = parse_value(value)
    if pv.dimension != old.key.split("|")[2]:
        return stmt
    return replace(stmt, value=value, unit=pv.unit, canonical=pv.canonical, dimension=pv.dimension)


def _topic_apart(text: str, new: str | None, old_text: str) -> bool:
    """``text`` names, alone before its change, a thing ``old_text`` does not: a number
    for it is that thing's ("toddlers, make those 20" after "adult lessons run 45 min"),
    and so is any value when the two share a word ("oh and simulation distance, make that
    8" after "view distance 12"); a name may be of the kind the old one was ("the
    restaurant, franco manca instead")."""
    topic = topic_before_comma(text)
    if topic is None:
        return False
    words, theirs = content_terms(topic), content_terms(old_text)
    if not words - content_terms(new or "") - theirs:
        return False
    return bool(words & theirs) or parse_value(new or "").dimension not in ("name", "free")


def _apart(fact: Fact, value: str | None, subject: str | None, old: Patch,
           old_value: str | None = None) -> str | None:
    """What tells the setting ``fact`` speaks of (its value ``value``) from ``old``'s though
    it names the same thing: another person's ("her budget is £50 now"), another one or
    the one before ("the other meeting", "my old rent"), one thing against a bound ("this
    file is 40 MB"), replies for someone else ("reply to the team ..."), or a modifier of
    the same noun ("the new server", "the maximum order"), the details of another thing
    ("quiz night run-sheet: host: Dan" / "the leaving do for Karen: ..., host: Sam"; "Client
    Moor & Co: ..., deadline 15 July" / "Halden pushed their deadline to 14 July"), what
    one cannot eat beside the diet one follows ("I'm gluten free" / "I'm vegetarian"), or
    a goal or a wish beside what is ("my goal weight is 72 kg" / "I weigh 80 kg", "I want
    to sleep 8 hours" / "I sleep 7 hours")."""
    said = said_before_value(fact.text, value, subject) if value else subject or ""
    return (owner_added(said, old.slot or old.text, old.text) if said else None) \
        or another_one(fact.text, old.text) or one_instance(fact.text, old.slot or "") \
        or other_audience(fact.text, old.text, value) \
        or modifier_apart(fact.text, old.text, value, old_value or old.value) \
        or numbered_apart(fact.text, old.text, value, old_value or old.value) \
        or other_list(fact.text, old.text) \
        or other_named_label(fact.text, old.text) \
        or (value if diets_apart(value, old_value or old.value) else None) \
        or (goal_apart(said, old.text) if said else None) \
        or (value if (what_is_of_goal(fact.text, old.text, old_value or old.value)
                      or what_is_of_goal(old.text, fact.text, value))
            and not said_as_change(fact.text) else None)  # ("cutting it down to 2 cups")


def _other_contact(text: str, value: str, revision: str) -> bool:
    """``text`` says an address, email or phone number besides its value that the revision
    does not ("Reports go out every Monday at 9am to sales@acme.io" revised by "on Fridays
    at 4pm instead": where they go is still said)."""
    return any(m.group(0) not in value and m.group(0) not in revision
               for m in CONTACT_RE.finditer(text))


def _other_value_said(text: str, value: str, revision: str) -> bool:
    """``text`` says a date, or a value of another kind than its own, besides its value that
    the revision does not ("Target £30,000 by December 2028" revised by "the target is going
    up to £35k": when is still said; "Standard package is 150Mbps for £28 a month" revised by
    "standard is being upgraded to 200Mbps": the price is)."""
    own = parse_value(value).dimension
    said = [m.group(0) for m in VALUE_RE.finditer(text)
            if (dim := parse_value(m.group(0)).dimension) == "when" or dim in _OTHER_KINDS and dim != own]
    said += [m.group(0) for m in _MONTH_YEAR_RE.finditer(text)]
    if not own.startswith("count:"):  # how many people ("Dinner at 7pm tonight for 2")
        said += [m.group(0) for m in _PARTY_SAID_RE.finditer(text)]
    return any(d not in value and value not in d and d.lower() not in revision.lower() for d in said)


# a party's size said beside another value ("a table at 7pm for 2", "8pm, 4 people")
_PARTY_SAID_RE = re.compile(rf"\bfor\s+\d{{1,2}}(?:\s+(?:{_PEOPLE}|of us))?(?![\w:.,])|\b\d{{1,2}}\s+{_PEOPLE}\b", re.I)
#: the kinds of value a statement may say beside its own
_OTHER_KINDS = frozenset("money clock when".split())



_MONTH_YEAR_RE = re.compile(rf"\b(?:{'|'.join(sorted(MONTHS, key=len, reverse=True))})\.?\s+\d{{4}}\b", re.I)


def _names_the_noun(text: str, new: str, earlier: str, old: str) -> bool:
    """``new`` and ``old`` each name the same noun after them ("the New York office" /
    "the London office"): two things of that noun, not a new name of one."""
    a = re.search(rf"(?<![\w-]){re.escape(new)}\s+([a-z]+)", text, re.I)
    b = re.search(rf"(?<![\w-]){re.escape(old)}\s+([a-z]+)", earlier, re.I)
    return a is not None and b is not None \
        and singular(a.group(1).lower()) == singular(b.group(1).lower())


def _same_noun_apart(a: str, b: str) -> bool:
    """Two subjects of one noun told apart by a word each ("test db" / "dev db")."""
    wa, wb = a.split(), b.split()
    return bool(wa) and bool(wb) and wa[-1] == wb[-1] and vetoed(a, b)


def _says_more(text: str, old: str) -> bool:
    """Whether ``text`` has content words that ``old`` lacks."""
    return not content_terms(text) <= content_terms(old)


#: a fact of at most this many words may restate a setting under a shorter name
TERSE_WORDS = 6
#: the longest new name a setting takes from a revision that names the name it replaces
NAME_WORDS = 4


#: words that frame a setting, said with any value ("let it exceed", "keep it under")
#: the fewest words of its own a statement of several things keeps when one gives way
KEPT_WORDS = 2
_FRAME_WORDS = ("let exceed allow allowed keep set make use go stay limit cap max maximum min minimum "
                "under over above below least most up down within than more less should must "
                "need needs want wants")


@lru_cache(maxsize=1)
def _frame_terms() -> frozenset[str]:
    """The content terms of :data:`_FRAME_WORDS` (read once)."""
    return content_terms(_FRAME_WORDS)


class PatchStore:
    """The set of patches of one memory, indexed by slot identity.

    ``history_limit`` caps the lineage kept on a patch (earlier values, newest first);
    the journal keeps every superseded version regardless of the cap.
    Thread-safe: every public method takes the store's lock.
    """

    def __init__(self, history_limit: int = DEFAULT_HISTORY_LIMIT,
                 aliases: AliasTable | None = None, links: bool = False) -> None:
        if not isinstance(history_limit, int) or isinstance(history_limit, bool) or history_limit < 0:
            raise ConfigError(f"history_limit must be a non-negative integer, got {history_limit!r}")
        self.history_limit = history_limit
        #: link a statement with no revision cue to the one earlier setting it agrees
        #: with (off by default): both stay, the older shown as earlier
        self.links = bool(links)
        self.aliases = aliases or AliasTable()
        self._lock = threading.RLock()
        self._patches: dict[str, Patch] = {}
        self._ix = StoreIndex()
        # the render's views: criticals in render order, the rest by words and by time
        self._order = CriticalOrder()
        self._lex = LexicalIndex()
        self._recent_rest: deque[str] = deque(maxlen=RECENT_REST)
        self._journal: list[JournalEntry] = []
        # the setting a slot-named restatement of this turn fell on ("port = 8080" of "the
        # api listens on port 8080"), for the revision that follows it ("... to 9000")
        self._restated_at: dict[tuple[int, str], str] = {}
        self._restated_before: dict[tuple[int, str], str] = {}  # by the fact merged before
        # the last change of a value: its fact, the old value, the patch changed and the turn
        # the old value was said (a statement after it in the same message may name the old
        # value: "let's do Pret by the station. costa's always rammed")
        self._changed_last: tuple[Fact, str, Patch, int] | None = None
        self._dict_cache: dict[str, tuple[Patch, dict[str, Any]]] = {}
        self._journal_dicts: list[dict[str, Any]] = []  # to_dict of the journal, append-only
        self._ids = itertools.count(1)
        self._id_floor = 1  # fresh ids are at least this (loaded ids move it)
        self.version = 0
        self.counters: dict[str, int] = {
            "merged": 0, "added": 0, "superseded": 0, "duplicate": 0, "echo": 0,
            "rejected": 0, "forgotten": 0, "earlier": 0, "linked": 0,
        }

    # ------------------------------------------------------------------ reading
    def __len__(self) -> int:
        return len(self._patches)

    def __contains__(self, patch_id: object) -> bool:
        return patch_id in self._patches

    def get(self, patch_id: str) -> Patch:
        try:
            return self._patches[patch_id]
        except KeyError:
            raise UnknownPatchError(f"no patch with id {patch_id!r}") from None

    def patch_or_none(self, patch_id: str) -> Patch | None:
        """The patch of ``patch_id``, or None when there is none."""
        return self._patches.get(patch_id)

    def patches(self) -> list[Patch]:
        """All current patches, in the order they were first stored."""
        with self._lock:
            return list(self._patches.values())

    def journal(self) -> list[JournalEntry]:
        with self._lock:
            return list(self._journal)

    def related(self, text: str, limit: int = 8) -> list[Patch]:
        """Stored settings (patches with a slot and a value) that ``text`` may talk about:
        those sharing its content words, then the ones spoken of last. From the indexes,
        never a scan; at most ``limit``."""
        terms = content_terms(text)
        with self._lock:
            score: dict[str, int] = {}
            for t in terms:
                posting = self._ix.by_term.get(t)
                if posting is None or len(posting) > 4 * TERM_CANDIDATES:
                    continue  # a word this common says nothing about which setting
                for pid in islice(reversed(posting), TERM_CANDIDATES):
                    score[pid] = score.get(pid, 0) + 2
            for rank, (_, pid) in enumerate(reversed(self._ix.recent)):
                if rank >= 4:
                    break
                score[pid] = score.get(pid, 0) + 1
            keyed = [pid for pid in score
                     if pid in self._patches and self._patches[pid].key is not None
                     and self._patches[pid].value is not None]
            keyed.sort(key=lambda pid: (-score[pid], -self._patches[pid].turn))
            return [self._patches[pid] for pid in keyed[:limit]]

    def pool(self, query: str = "", limit: int = QUERY_CANDIDATES) -> Pool:
        """What a render chooses from: the criticals in render order (a snapshot, with the
        ones the query's words touch), then the ``limit`` other patches the query's words
        score best (BM25 over the lexical index), then the most recently stated others.
        From the indexes, never a scan of the store."""
        with self._lock:
            qterms = query_terms(query) if query and query.strip() else frozenset()
            crit = self._order.view(qterms)
            out: list[Patch] = []
            seen: set[str] = set()
            if query and query.strip():
                for pid, _ in self._lex.search(query_terms(query), limit):
                    seen.add(pid)
                    out.append(self._patches[pid])
            for pid in reversed(self._recent_rest):
                if pid not in seen and pid in self._lex:
                    seen.add(pid)
                    out.append(self._patches[pid])
            return Pool(crit, out)

    def revised_for(self, keys: Iterable[str]) -> list[Patch]:
        """The revised settings with an earlier value looked up by one of ``keys`` (see
        :func:`dspm_core.tier.mark_earlier`), from the index, in the order stored."""
        with self._lock:
            return self._order.revised_for(keys)

    def find(self, subject: str) -> list[Patch]:
        """Current patches whose normalised subject equals that of ``subject``."""
        norm = subject_key(subject, self.aliases)
        with self._lock:
            return [self._patches[i] for i in sorted(self._ix.by_subject.get(norm, ()))
                    if i in self._patches]

    # ------------------------------------------------------------------ merging
    def merge(self, fact: Fact) -> MergeOutcome:
        """Merge one fact: add it, let it supersede its slot, or fold it into a restatement."""
        if not isinstance(fact, Fact):
            raise InvalidPatchError(f"merge() takes a Fact, got {type(fact).__name__}")
        with self._lock:
            self.counters["merged"] += 1
            self._restated_before, self._restated_at = self._restated_at, {}
            self.aliases.learn(fact.text)
            delta = delta_said(fact.text) if fact.revises is None \
                and AUTHORITY[fact.role] >= AUTHORITY[Role.USER] else None
            stmt = self._statement_for(fact)
            said = sentence_setting(fact.text) if fact.kind is PatchKind.SENTENCE else stmt
            flipped = flipped_rule(self._lex, self._ix, self._patches, fact) \
                if said is None or said.value is None or said.dimension in ("free", "name") else None
            if flipped is not None:  # "no emojis in captions anymore" of "use emojis in ..."
                return self._replace_named(flipped[0], flipped[1], None, fact, _norm_text(fact.text),
                                           as_text=True, keep=True) or self._merge_text(fact)
            if delta is not None and is_amount_of(fact.value, delta) and is_amount_of(stmt.value, delta):
                # "add 10 seconds to that": never a value of 10 seconds (a value given as
                # the one it comes to, "40 seconds", or said beside the change, "march 17
                # (two more weeks)", is taken as given)
                return self._merge_delta(fact, delta)
            if fact.kind is PatchKind.SENTENCE:
                stmt = said
            if fact.source == CONFIRMED and stmt is not None:
                done = self._confirmed(fact, stmt)
                if done is not None:
                    return done
            if stmt is None or stmt.subject is None and not fact.kind.critical \
                    and fact.kind is not PatchKind.SENTENCE:
                done = self._merge_text(fact)
            else:
                done = self._merge_keyed(fact, stmt)
            if done.action == "superseded" and done.patch.history \
                    and done.patch.history[0].turn < fact.turn and done.patch.history[0].value:
                self._changed_last = (fact, done.patch.history[0].value, done.patch,
                                      done.patch.history[0].turn)
                self._old_said_beside(*self._changed_last)
            elif self._changed_last is not None and self._changed_last[0].turn == fact.turn \
                    and self._changed_last[0].role is fact.role and done.action == "added" \
                    and self._changed_last[2].later is None:
                self._old_said_beside(*self._changed_last)
            return done

    def _confirmed(self, fact: Fact, stmt: Statement) -> MergeOutcome | None:
        """An assistant's confirmation of a change the user just said: the setting it names
        takes the user's statement as its new value (see :mod:`dspm_core.confirmations`);
        None when it points at no setting."""
        # (a subject of no content words, "us", names a setting all the same: never "it")
        subject = (subject_key(stmt.subject, self.aliases) or stmt.subject.lower()) \
            if stmt.subject else ""
        # (and the patches stored last: a statement with no setting's key is never "spoken
        # of", "Switch the runners to ubuntu-24.04, ..." that replaced one by its name)
        recent = [pid for _, pid in reversed(self._ix.recent)] + list(reversed(self._recent_rest)) \
            + list(islice(reversed(self._patches), LAST_STORED))
        found = confirmed_setting(self._ix, self._patches, recent, stmt, subject, fact.turn)
        if found is None:
            return None
        old, said = found
        if old is None:  # the user's value said again
            return self._duplicate(said, fact, "the assistant confirmed the user's value")
        self._drop(said)
        self._journal.append(JournalEntry("duplicate", said.id, said.turn,
                                          f"the new value of {old.id}, as the assistant confirmed",
                                          None, fact.text, fact.role.value))
        revision = Fact(kind=old.kind, text=said.text, role=said.role, turn=said.turn,
                        session_id=said.session_id, source=said.source)
        return self._supersede(old, revision, replace(as_said_of(stmt, old), revision=True))

    def _merge_delta(self, fact: Fact, delta: Delta) -> MergeOutcome:
        """``fact`` changes a setting by an amount ("add 10 seconds to that", "double it"):
        the one setting it fits takes the value it comes to, with the old one in its
        lineage; with none, or several, it is kept as said, as no value of its own."""
        old = delta_target(self._delta_candidates(delta, fact.turn), delta, fact.role, fact.turn,
                           fact.text)
        new = applied(old.value or "", old.unit, delta) if old is not None else None
        if old is None or new is None:
            return self._merge_text(fact)
        unit = old.unit if old.unit and old.unit not in new else None
        pv = parse_value(f"{new} {unit}" if unit else new)
        stmt = Statement(old.slot, old.op or "=", new, unit, old.scope, pv.dimension, pv.canonical,
                         None, True)
        return self._supersede(old, fact, stmt)

    def _delta_candidates(self, delta: Delta, turn: int) -> list[Patch]:
        """The settings a change by an amount may be of, from the indexes (never a scan):
        those whose subject has a word it names, else those spoken of in the last turns."""
        if delta.subject:
            pids: set[str] = set()
            for word in subject_key(delta.subject, self.aliases).split():
                for subj in self._ix.subjects_by_word.get(word, ()):
                    pids |= self._ix.by_subject.get(subj, set())
            for term in content_terms(delta.subject):  # a word of its unit ("120g sugar")
                pids.update(islice(reversed(self._ix.by_term.get(term, {})), TERM_CANDIDATES))
        else:
            pids = {pid for said, pid in self._ix.recent if turn - said <= POINTER_TURNS}
        return [self._patches[pid] for pid in pids if pid in self._patches]

    def merge_all(self, facts: Iterable[Fact]) -> list[MergeOutcome]:
        return [self.merge(f) for f in facts]

    def _statement_for(self, fact: Fact) -> Statement:
        stmt = self._statement_read(fact)
        if fact.replaces and stmt.value is not None:  # the old value the fact names apart
            return replace(stmt, old_value=fact.replaces, revision=True)
        return stmt

    def _statement_read(self, fact: Fact) -> Statement:
        """:meth:`_statement_for` of what ``fact`` says in its fields and words."""
        critical_or_slotted = fact.kind.critical or fact.slot
        parsed = parse_statement(fact.text) if critical_or_slotted else Statement(None, None, None)
        # a known name read from the text names its kind when the subject says nothing else
        # ("everything has to be low-fodmap": the diet)
        named = parsed.value if parsed.dimension == "name" and parsed.subject else None
        # ("the quote came in at £17,500 so that's our budget now" names its setting last)
        slot = parsed.subject if parsed.subject and THATS_OUR_RE.search(fact.text) else fact.slot
        subject = None if fact.referent else category_subject(
            slot or parsed.subject, named if fact.value is None else str(fact.value))
        op = normalise_op(fact.op) if fact.op is not None else parsed.op
        if fact.value is not None:
            raw = str(fact.value).strip()
            if fact.unit and not raw.endswith(str(fact.unit)) and parse_value(raw).unit is None:
                raw = f"{raw} {fact.unit}"  # (never twice: "45 minutes each way" of "minutes per way")
            pv = parse_value(raw)
            if pv.dimension == "number" and parsed.dimension == "clock" and raw.isdigit() \
                    and parsed.canonical and parsed.canonical.startswith(f"{int(raw):02d}:"):
                pv = parse_value(parsed.value or raw)  # "opens at 8": the hour the text says
            if parsed.dimension.startswith("rate:") and parsed.canonical \
                    and parsed.canonical.startswith(f"{pv.canonical} per "):
                # "my hourly rate is £55": the rate per hour the text says, not a sum
                return replace(parsed, subject=subject, op=op or parsed.op or "=")
            # (a name of the known kind its setting is: "backend framework" = "Express")
            dim = "name" if pv.dimension == "free" and (
                parsed.dimension == "name" or fact.slot and name_category(raw) == fact.slot) else pv.dimension
            return Statement(subject, op or "=", pv.text, fact.unit or pv.unit,
                             fact.scope or pv.scope, dim, pv.canonical,
                             parsed.old_value, parsed.revision)
        if fact.slot and parsed.value is not None and parsed.subject is not None \
                and name_category(parsed.value) == parsed.subject:
            # "is better in english": the speaker's choice of a known kind, whatever slot the
            # note was given
            return replace(parsed, op=op or parsed.op or "=")
        if fact.slot and parsed.subject != fact.slot and (
                parsed.subject is None
                or subject_key(parsed.subject, self.aliases) != subject_key(fact.slot, self.aliases)):
            # the note's value belongs to another reading of it ("retry policy" given for
            # "Set the webhook timeout to 10 seconds"): the slot has no value
            return Statement(subject, op, None, fact.unit, fact.scope, revision=parsed.revision)
        return Statement(subject, op, parsed.value, parsed.unit, fact.scope or parsed.scope,
                         parsed.dimension, parsed.canonical, parsed.old_value, parsed.revision)

    def _new_id(self) -> str:
        n = next(self._ids)
        if n < self._id_floor:  # ids up to the floor were loaded: continue after them
            self._ids = itertools.count(self._id_floor)
            n = next(self._ids)
        pid = f"p{n}"
        while pid in self._patches:
            pid = f"p{next(self._ids)}"
        return pid

    def _merge_text(self, fact: Fact) -> MergeOutcome:
        norm = _norm_text(fact.text)
        existing_id = self._ix.by_text.get(norm)
        if existing_id is not None:
            old = self._patches[existing_id]
            return self._duplicate(old, fact, "same text after normalisation")
        done = self._corrected(fact, None, None)
        if done is not None:  # "not peanuts, it's tree nuts I'm allergic to"
            return done
        # one name changed ("I downgraded to Spotify Duo" after "I pay for Spotify
        # Family"), else the name said apart ("switched to whole30, paleo was too strict")
        aligned = named_old(aligned_earlier(self._patches, fact), fact.text)
        named = named_earlier(self._lex, self._ix, self._patches, fact) if aligned is None else None
        if aligned is not None:
            done = self._replace_named(aligned[0], aligned[1], aligned[2], fact, norm)
        elif named is not None:
            done = self._take_named(named, fact, norm)
        if (aligned or named) is not None and done is not None:
            return done
        reworded = reworded_earlier(self._patches, fact) if aligned is None and named is None else None
        if reworded is not None:  # "could you do sentence case for headings instead?"
            done = self._replace_named(reworded[0], reworded[1], None, fact, norm)
            if done is not None:  # (None: said of another one, kept as a statement of its own)
                return done
        swapped = restated_name(self._patches, fact) if aligned is None and named is None else None
        if swapped is not None:  # "my editor is neovim these days" after "... in VS Code"
            done = self._replace_named(swapped[0], swapped[1], swapped[2], fact, norm)
            if done is not None:
                return done
        done = self._changed_value(fact, None, None, norm)
        if done is not None:  # "actually tuesday" of "put a bins reminder on for thursdays"
            return done
        patch = Patch(id=self._new_id(), kind=fact.kind, text=fact.text, turn=fact.turn,
                      role=fact.role, deps=fact.deps, pinned=fact.pinned, source=fact.source,
                      first_turn=fact.turn, session_id=fact.session_id)
        self._store_new(patch, subject=None, norm_text=norm)
        return MergeOutcome("added", patch)

    def _changed_value(self, fact: Fact, key: str | None, stmt: Statement | None,
                       norm: str | None = None) -> MergeOutcome | None:
        """``fact`` changes the one value of its kind that a statement of the last turns
        mentions, a statement no form read as a setting (:func:`changed_sentence`): a
        setting read from ``fact`` takes that statement's place, else ``fact`` does."""
        if supposes_or_recalls(fact.text):
            return None  # "just this week, team lunch is on Thursday": the value stays
        found = changed_sentence(self._patches, fact.role, fact.turn, fact.text)
        if found is None:
            return None
        said, old, new = found
        if _read_here_after(fact.text, new):
            return None  # "it's 18 degrees in here now": a reading of where one is
        if _topic_apart(fact.text, new, said.text):
            return None  # "oh and simulation distance, make that 8": another thing's value
        if _apart(fact, new, stmt.subject if stmt is not None else None, said, old) \
                or stmt is not None and stmt.value and not holds_word(stmt.value, new) \
                and _names_the_noun(fact.text, new, said.text, old):
            return None  # "her budget is £50 now", "the new server has 16 GB now", "the New
            # York office opens at 8 now" after "the London office opens at 9": not of those
        if stmt is not None and stmt.value and person_apart_from_count(stmt, said):
            return None  # "make it 6 people" is no age of "I'm 34"
        setting = said.kind is not PatchKind.SENTENCE and said.key is not None \
            and not said.key.split("|")[2].startswith("free:")
        if setting and stmt is not None and stmt.op and bound_class(stmt.op) != bound_class(said.op) \
                and not (_ROUTED_RE.search(fact.text) and _ROUTED_RE.search(said.text)):
            return None  # a bound is changed by a bound, a value by a value (but who a case
            # goes to, by who: "send those to Marcus instead" of "over $200, escalate it to Priya")
        if setting and holds_word(said.value or "", old):
            # a setting whose value it is: "55" after a timer set for 45 minutes
            return self._new_value(said, new_quantity(old, new) or new, old, fact)
        if key is not None and stmt is not None and stmt.value and holds_word(stmt.value, new):
            return self._replace_sentence(said, fact, key, replace(stmt, old_value=old), keep=True)
        # a value the statement mentions beside its setting ("7pm" of "Book a table for 3
        # at 7pm"): the statement gives way, kept for what else it says
        return self._replace_named(said, old, new, fact, _norm_text(fact.text) if norm is None else norm,
                                   as_text=setting, keep=True)

    def _old_said_beside(self, fact: Fact, old: str, changed: Patch, since: int) -> None:
        """What still says the old value of a change as if it held is shown with it marked
        as earlier: a statement of the change's own message, said before it, that says the
        old value will not do ("ah wait the 14th clashes with sports day, do the 21st"), and
        the assistant's confirmation of the old value between it and the change ("I'll look
        for watches up to £300" before "could we do £450 instead?"). Each stays for what
        else it says, as a statement with no slot (:func:`~dspm_core.tier.said_besides`);
        any other ("the backoff stays at 3") is left as it is, and a tier sentence is marked
        as it renders (:func:`~dspm_core.tier.mark_earlier`)."""
        if not holds_word(changed.history[0].text, old) and re.search(r"\d", old.split()[0]):
            old = old.split()[0]  # "£300" of "£300 GBP", as it was said
        for pid in list(islice(reversed(self._patches), _BESIDE_SCAN)):
            p = self._patches[pid]
            if p.id == changed.id or p.kind is PatchKind.SENTENCE or p.history or p.later is not None:
                continue
            said = old if holds_word(p.text, old) else _name_of(old)
            if said is None or not holds_word(p.text, said) \
                    or in_mark(p.text, p.text.lower().find(said.lower())):
                continue
            mine = p.turn == fact.turn and p.role is fact.role and turns_down(p.text)
            echo = since < p.turn < fact.turn and AUTHORITY[p.role] < AUTHORITY[fact.role]
            # the list of the revised statement's own message ("- speeches 7:30" of a
            # run-sheet), when it says the old value once
            listed = p.kind is PatchKind.STRUCTURE and p.turn == since \
                and len(re.findall(rf"(?<![\w-]){re.escape(old)}(?![\w-])", p.text, re.I)) == 1
            kept = said_besides(p, said, fact.text, least=1) if mine or echo or listed else None
            if kept is None:  # ("the 8th is no good" says one word besides)
                continue
            self._drop(p)
            self._store_new(kept, subject=None, norm_text=_norm_text(kept.text), journal=False)
            self._journal.append(JournalEntry("earlier", p.id, fact.turn,
                                              f"names the old value {old!r} of a change",
                                              p, fact.text, fact.role.value))

    def _take_named(self, named: tuple[Patch, Named], fact: Fact, norm: str) -> MergeOutcome | None:
        """``fact`` replaces the earlier statement whose name it mentions in passing (as
        :func:`~dspm_core.passing.named_earlier` found it), a setting by its new name."""
        new = new_name(named[0].value or "", fact.text, named[1]) if named[0].key is not None else None
        return self._replace_named(named[0], named[1].word, new, fact, norm)

    def _corrected(self, fact: Fact, key: str | None, stmt: Statement | None) -> MergeOutcome | None:
        """``fact`` corrects the value of a statement of the last turns with "not" ("it's
        Terminal 5 not Terminal 2"): a statement with no slot gives way to it, a setting
        takes the new value when it is of the setting's kind. None for no such correction."""
        found = corrected_earlier(self._patches, fact)
        if found is None:
            return None
        old = found.target
        dim = old.key.split("|")[2] if old.key is not None else "free:"
        if dim.startswith("free:"):
            if key is not None and stmt is not None:
                return self._replace_sentence(old, fact, key, replace(stmt, old_value=found.old))
            return self._replace_named(old, found.old, None, fact, _norm_text(fact.text))
        if dim == "name":
            return self._replace_named(old, found.old, found.new, fact, "") if found.new else None
        if dim == "address" and found.new:
            # "it's apt 5 not apt 4": the part of the address corrected, the rest kept
            value = re.sub(rf"(?i)\b{re.escape(found.old)}\b", found.new, old.value or "", count=1)
        else:
            value = new_quantity(found.old, found.new)
        return self._new_value(old, value, found.old, fact)

    def _new_value(self, old: Patch, value: str | None, was: str, fact: Fact) -> MergeOutcome | None:
        """``old`` takes ``value`` (said in place of ``was``) in its own terms ("55" of a
        timer set for "45 minutes" is 55 minutes), when the value is of its kind."""
        if value is None:
            return None
        pv = parse_value(value)
        probe = Statement(old.slot, old.op, pv.text, pv.unit, pv.scope, pv.dimension,
                          pv.canonical, was, True)
        if not fitting(self._patches, (old.id,), as_said_of(probe, old)):
            return None
        return self._supersede(old, fact, as_said_of(probe, old))

    def _replace_named(self, old: Patch, named: str, new: str | None, fact: Fact,
                       norm: str, as_text: bool = False, keep: bool = False,
                       keep_setting: bool = False) -> MergeOutcome | None:
        """``fact`` replaces the name ``named`` of ``old`` ("I've switched to mediterranean,
        keto was too much"): a setting takes the new name ``new`` in its place ("Birch
        room" for "Maple room"), a statement with no slot gives way to ``fact`` with the
        name as its earlier value. None when a setting's new name is not clear.
        ``as_text``: ``named`` is not the setting's value, so ``old`` gives way as a
        statement does; ``keep``: a typed statement that gives way stays for what else it
        says, as a tier sentence does (``named`` is one value of several it mentions).
        None too when ``fact`` speaks of another one of the thing ("my other laptop is a
        Mac now") or of another person's ("my sister's laptop is a Mac")."""
        if _apart(fact, new, None, old, named):
            return None
        dim = old.key.split("|")[2] if old.key is not None and not as_text \
            and old.kind is not PatchKind.SENTENCE else "free:"  # a tier sentence gives way
        if not dim.startswith("free:"):
            if new is None or dim != "name":
                return None  # a quantity is the resolver's to revise, by its number
            if named.lower() not in (old.value or "").lower():
                # another detail of the statement ("two weeks" of "Two weeks, flying from
                # Manchester"): it gives way, kept as the setting it is for what else it says
                return self._replace_named(old, named, new, fact, norm, as_text=True, keep=True,
                                           keep_setting=True)
            value = re.sub(re.escape(named), new, old.value or "", count=1, flags=re.I)
            pv = parse_value(value)
            return self._supersede(old, fact, Statement(
                old.slot, old.op, value, old.unit, old.scope, dim, pv.canonical))
        patch = Patch(id=self._new_id(), kind=fact.kind if fact.kind.critical else old.kind,
                      text=fact.text, turn=fact.turn, role=fact.role, deps=fact.deps,
                      pinned=fact.pinned or old.pinned, source=fact.source,
                      first_turn=old.first_turn, session_id=fact.session_id,
                      history=self._lineage(old, named))
        return self._give_way(old, patch, fact, None, norm, f"named in passing: {named!r}",
                              "the old name mentioned in passing", named, keep, keep_setting)

    def _merge_keyed(self, fact: Fact, stmt: Statement) -> MergeOutcome:
        subject = stmt.subject or terms_key(fact.text) or _norm_text(fact.text)
        subj_norm = subject_key(subject, self.aliases) or _norm_text(subject)
        key = make_key(subj_norm, stmt.op, stmt.dimension, stmt.canonical, stmt.scope)
        existing_id = self._ix.by_key.get(key)
        scope = self._said_for_other(fact, stmt, self._patches[existing_id]) \
            if existing_id is not None else None
        if scope is not None:  # "for the admin api the timeout is ...": the admin api's timeout
            subj_norm = subject_key(f"{scope} {subject}", self.aliases) or _norm_text(f"{scope} {subject}")
            key = make_key(subj_norm, stmt.op, stmt.dimension, stmt.canonical, stmt.scope)
            existing_id = self._ix.by_key.get(key)
        if fact.kind is PatchKind.SENTENCE and not stmt.revision:
            if existing_id is not None or self._holds_value(subj_norm, stmt):
                # a sentence with no cue revises nothing, and one slot is held by one patch
                # (as on load); a value a setting of its words holds is said again ("... to
                # meet my deadline of April 1" of "first sprint deadline = April 1")
                return self._merge_text(fact)
            # it may be revised later
        # (a cue: else a link at most; never a reading of where one is, "it's 18 degrees in here now")
        cued = stmt.revision and not _read_here_after(fact.text, stmt.value)
        weak = cued and names_nothing(subj_norm, stmt)
        referent = fact.referent or (is_referent(stmt.subject) and cued) or weak
        if referent and another_owns(fact.text):
            referent = weak = False  # "they moved theirs, it comes thursdays now": not ours
        if referent and fact.kind is PatchKind.SENTENCE:
            if not stmt.dimension.startswith("count:"):
                return self._merge_text(fact)  # a sentence binds no pointer on its own...
            weak = True  # ...but "actually 400 flyers" binds to the flyers, the same unit
        if existing_id is None and fact.slot:
            existing_id = self._restated_before.get((fact.turn, subj_norm))
            if existing_id not in self._patches \
                    or bound_class(self._patches[existing_id].op) != bound_class(stmt.op):
                existing_id = None
        if fact.revises is not None:
            named = self._named_revision(fact, stmt)
            if named is not None:
                existing_id, referent = named, True
        res_evidence = ""
        if existing_id is None and (stmt.revision or fact.kind is not PatchKind.SENTENCE):
            res = resolve(self._ix, self._patches, subj_norm, stmt, fact.turn, referent,
                          same_unit=weak and not fact.referent,
                          terse=len(fact.text.split()) <= TERSE_WORDS,
                          own=self._own_words(fact) if referent else "", text=fact.text)
            existing_id, res_evidence = res.target, res.evidence
            if existing_id is not None and res.evidence == NEW_VERSION and stmt.dimension == "number":
                stmt = as_said_of(stmt, self._patches[existing_id])  # "we're on 3.12 now": Python 3.12
            if existing_id is not None and res.evidence == HEADCOUNT:  # 140 of "120 guests"
                stmt = as_said_of(replace(stmt, unit=None, dimension="number"),
                                  self._patches[existing_id])
            if existing_id is not None and referent and not self._moved_is(existing_id, fact):
                existing_id = None  # "they moved sports day, it's on 20 March now": not ours
            if existing_id is not None and referent and not self._named_is(existing_id, fact):
                existing_id = None  # "for customer replies keep it to 3 sentences": not the
                # tweets' "under 200 characters"
            if existing_id is not None and self._said_for_other(fact, stmt, self._patches[existing_id]):
                existing_id = None  # "for the nightly jobs, the workers are 8": not the build server's
            if res.tied:  # two settings fit equally: both are kept, the tie is noted
                self._journal.append(JournalEntry(
                    "tied", res.tied[0], fact.turn,
                    f"{res.evidence}: fits {', '.join(res.tied)} equally; kept apart",
                    None, fact.text, fact.role.value))
        if existing_id is None and referent and stmt.value \
                and AUTHORITY[fact.role] >= AUTHORITY[Role.USER] and is_place_change(fact.text):
            said = place_sentence(self._patches, fact.role, fact.turn, stmt.value)
            if said is not None:  # "they moved it to Victoria Park": the sentence that said where
                return self._replace_sentence(said[0], fact, key, replace(stmt, old_value=said[1]))
        if existing_id is not None and supposes_or_recalls(fact.text) \
                and not self._same_value(self._patches[existing_id], stmt):
            existing_id = None  # "what if bedtime was 11 pm", "back when I was a student"
        mine = self._own_instead(self._patches[existing_id], fact, stmt, referent) \
            if existing_id is not None else None
        if mine is not None:  # "bump it to 10k" of the user's step goal, not of the assistant's
            existing_id = mine.id  # "over 9,000 a day"; "saturday then" of the user's upload
            if not referent:  # day, not of the assistant's "can't deliver before Friday"
                referent = True
                fact = replace(fact, slot=None, referent=True)
            stmt = as_said_of(replace(stmt, subject=None), mine)
        if existing_id is not None:
            old = self._patches[existing_id]
            if old.scope and not stmt.scope and not referent:
                stmt = with_period_of(stmt, old)  # "1.5 litres of water" of "3 litres ... a day"
            if bound_class(stmt.op) != bound_class(old.op) == named_bound(stmt.op, stmt.subject):
                stmt = replace(stmt, op=old.op)  # "bump the max orders per day to 60": a bound still
            if self._same_value(old, stmt):
                if old.value is None and old.turn == fact.turn and _says_more(fact.text, old.text):
                    # two statements of one turn of a setting with no value read: the second
                    # is no restatement when it says what the first did not ("Arrange an
                    # airport transfer to our hotel, landing 14:20 on the 3rd")
                    return self._merge_text(replace(fact, slot=None))
                if fact.slot:
                    self._restated_at = {(fact.turn, subj_norm): old.id}
                done = self._duplicate(old, fact, "same slot, operator and value")
                if fact.role in TIER_ROLES and fact.kind is not PatchKind.SENTENCE \
                        and says_besides(fact.text, old.text):
                    # a restatement that says more keeps its sentence ("Max upload size is
                    # 10 MB because the CDN rejects bigger files"): nothing said is dropped
                    self._merge_text(Fact(kind=PatchKind.SENTENCE, text=fact.text, role=fact.role,
                                          turn=fact.turn, source="tier", session_id=fact.session_id))
                return done
            if AUTHORITY[fact.role] < AUTHORITY[old.role]:
                return self._reject(old, fact)
            sibling = sibling_named(fact.text, old.text, old.value) \
                if (referent or res_evidence == SIBLING) and stmt.value else None
            if sibling is not None and AUTHORITY[fact.role] >= AUTHORITY[old.role]:
                swapped = self._replace_named(old, sibling, stmt.value, fact, _norm_text(fact.text),
                                            as_text=True, keep=True)
                if swapped is not None:  # "prod is starving, make it 80": the production value
                    return swapped
            if referent and old.value and stmt.value and other_of_kind(stmt.value, old.value, old.text, fact.text) \
                    and (as_said_of(stmt, old).dimension == stmt.dimension or _PEOPLE_SAID_RE.search(fact.text)):
                # ("make it 8" of "7pm ... for 2": 8pm; "actually 6 of us": the party)
                done = self._changed_value(fact, key, stmt)
                if done is not None:  # "actually 6 of us" of "a table for friday 7.30pm, 4
                    return done  # ppl": the 4, the rest of the statement kept
            if referent and (stmt.subject is None or weak):
                # "raise that to 25 MB": the setting keeps its kind, bound and name
                stmt = as_said_of(stmt, old)
                if old.kind is not PatchKind.SENTENCE:  # a setting said in passing takes
                    fact = replace(fact, kind=old.kind)  # the kind the revision gives it
            stmt = _one_part_replaced(stmt, old)  # "not wednesdays, thursdays" of "Mondays and Wednesdays at 6pm"
            if fact.turn < old.turn:  # a late fact (a retried turn): older than the value held
                return self._earlier(old, fact, stmt)
            return self._supersede(old, fact, stmt)
        if AUTHORITY[fact.role] >= AUTHORITY[Role.USER]:
            done = self._corrected(fact, key, stmt)
            if done is not None:  # "it must be 15 slides, not 10"
                return done
        if AUTHORITY[fact.role] < AUTHORITY[Role.USER]:
            echo_of = echo_target(self._ix, self._patches, fact, subj_norm, stmt)
            if echo_of is not None:
                return self._duplicate(echo_of, fact, "restatement of a higher-authority patch")
        if stmt.old_value and stmt.revision:
            said = sentence_with_value(self._lex, self._patches, stmt.old_value,
                                       AUTHORITY[fact.role], stmt.value)
            if said is not None and not other_scope(fact.text, said.text):
                # "... rather than Leeds": the sentence that said Leeds
                return self._replace_sentence(said, fact, key, stmt)
        if (stmt.revision and stmt.dimension == "name" or fact.referent and stmt.dimension == "free"
                and not (stmt.value or "").islower()) \
                and not stmt.old_value and stmt.value:  # (a name said alone, "Cascadia", is free)
            switched = switched_from(self._patches, reversed(self._recent_rest), fact, stmt.value,
                                     stmt.subject)
            if switched is not None:  # "switching her to Hill's" of "we feed Bella the Purina ..."
                return self._replace_sentence(switched[0], fact, key, replace(stmt, old_value=switched[1]))
        if AUTHORITY[fact.role] >= AUTHORITY[Role.USER] and not supposes_or_recalls(fact.text):
            # (a value supposed, weighed or of the past is said again of nothing)
            done = self._keyed_in_passing(fact, key, stmt)
            if done is not None:
                return done
            said_again = restated_earlier(self._ix, self._patches, fact, stmt)
            if said_again is not None and not both_said_for(fact.text, said_again.text) \
                    and not label_apart(fact.text, said_again.text) \
                    and not _topic_apart(fact.text, stmt.value, said_again.text) \
                    and not person_dropped(said_again.slot or "", fact.text) \
                    and not _apart(fact, stmt.value, stmt.subject, said_again) \
                    and not narrowed_for(fact.text, stmt.value, said_again.text, said_again.value):
                other = value_said_again(said_again, fact, stmt)
                if other is not None:  # "salt mine tour on 16 march" of "..., salt mine tour
                    # on 15 march, ...": that value gives way, the rest of the statement stays
                    done = self._replace_named(said_again, other, stmt.value, fact,
                                               _norm_text(fact.text), as_text=True, keep=True)
                    if done is not None:
                        return done
                return self._supersede(said_again, fact, stmt)  # "the frontend runs on Vue 3
                # now" of "... in Vue 2", never "for shipping, ..." of "for billing, ..."
            given = role_said(fact.text)
            # (a duty given to a person is a setting of its own: "and Oluwaseun is the charge
            # nurse on days" changes nothing of "Nadia is the charge nurse on nights")
            done = self._changed_value(fact, key, stmt) if given is None or given[0] is None or given[2] else None
            if done is not None:
                return done
        earlier = link_target(self._ix, self._patches, subj_norm, stmt) if self.links else None
        if earlier is not None and self._link_apart(fact, stmt, subj_norm, self._patches[earlier]):
            earlier = None
        patch = self._keyed_patch(fact, key, stmt)
        self._store_new(patch, subject=subj_norm, norm_text=None)
        if earlier is not None and AUTHORITY[fact.role] >= AUTHORITY[self._patches[earlier].role] \
                and self._patches[earlier].turn <= fact.turn:
            self._link(earlier, patch)
        return MergeOutcome("added", patch)

    @classmethod
    def _link_apart(cls, fact: Fact, stmt: Statement, subj_norm: str, old: Patch) -> bool:
        """What keeps ``fact`` from being linked to ``old`` though its subject lies within
        old's: a word of each subject the other lacks ("staging log level" / "production
        log level", once their verbs are left out), or what the statement is said for that
        old's does not name ("for live chat the first response target is ..." after "...
        for email tickets"; "... in the cover letter" after "... for the meeting notes"),
        or a modifier of the same noun ("my current address" / "my old address")."""
        theirs = old.key.split("|", 1)[0] if old.key else ""
        return link_vetoed(subj_norm, theirs) or cls._said_for_other(fact, stmt, old) is not None \
            or held_for_other(fact.text, stmt.value, old.text, old.value) is not None

    @staticmethod
    def _said_for_other(fact: Fact, stmt: Statement, old: Patch) -> str | None:
        """What ``fact`` is said for that ``old`` does not name: before its words ("for the
        admin api the timeout is 60 seconds") or after its value ("Set max tokens to 2000
        for reports" after "... to 500 for summaries"), or the person it is said of ("her
        budget is £50 now" after "the budget is £200"), or the thing it counts ("2 designers"
        after "5 engineers")."""
        return said_for_other(fact.text, old.text) or label_apart(fact.text, old.text) \
            or _apart(fact, stmt.value, stmt.subject, old) or other_count(stmt, old) \
            or said_after_value(fact.text, stmt.value, old.text, old.value,
                                stmt.revision and has_word_of_change(fact.text)) \
            or narrowed_for(fact.text, stmt.value, old.text, old.value)

    def _holds_value(self, subj_norm: str, stmt: Statement) -> bool:
        """A current setting holds ``stmt``'s value, of its kind, under a subject that shares
        a word with ``subj_norm``."""
        if not stmt.canonical:
            return False
        words = set(subj_norm.split())
        for pid in self._ix.by_value.get(value_base(stmt.canonical), ()):
            key = self._patches[pid].key if pid in self._patches else None
            if key is not None and key.split("|")[2] == stmt.dimension \
                    and not words.isdisjoint(key.split("|", 1)[0].split()):
                return True
        return False

    def _keyed_in_passing(self, fact: Fact, key: str, stmt: Statement) -> MergeOutcome | None:
        """A setting whose revision names the statement it replaces only in passing: the
        one statement holding a name it mentions ("set prod log level to WARN, INFO is too
        noisy"), or the one it says again with one name changed ("show examples in
        TypeScript from now on" after "give me code examples in JavaScript")."""
        aligned = named_old(aligned_earlier(self._patches, fact), fact.text)
        if stmt.value is None:
            # "we're deploying on Fly.io now" (no value read) after "we deploy with Heroku"
            aligned = aligned or restated_name(self._patches, fact)
            if aligned is None:  # "medium's gone from every shop, make it large"
                named = named_earlier(self._lex, self._ix, self._patches, fact)
                return self._take_named(named, fact, _norm_text(fact.text)) if named else None
            if aligned[0].key is not None \
                    and not aligned[0].key.split("|")[2].startswith(("name", "free:")):
                return None  # a name set earlier takes the new one ("we're doing Sicily instead")
            return self._replace_named(aligned[0], aligned[1], aligned[2], fact, _norm_text(fact.text))
        if aligned is not None and not holds_word(stmt.value, aligned[2]):
            aligned = None
        named = named_earlier(self._lex, self._ix, self._patches, fact, setting=stmt.revision) \
            if aligned is None else None
        swapped = restated_name(self._patches, fact) if aligned is None and named is None \
            and stmt.dimension in ("name", "free") else None
        if aligned is not None:
            target, old = aligned[0], aligned[1]
        elif named is not None:
            target, old = named[0], named[1].word
        elif swapped is not None:
            aligned = swapped
            target, old = swapped[0], swapped[1]
        else:
            return None
        if _apart(fact, stmt.value, stmt.subject, target) \
                or _same_noun_apart(key.split("|", 1)[0], self._ix.subject_of.get(target.id) or ""):
            return None  # "my brother weighs 90kg now" of "I weigh 80kg"; "the test database
            # is SQLite now" of "the dev database is Postgres"
        if target.key is not None and not target.key.split("|")[2].startswith("free:") \
                and target.kind is not PatchKind.SENTENCE:
            # a setting of its own kind ("docs site = Netlify" for "we're moving to
            # Vercel"): superseded when the new value is of that kind
            if named is not None:
                if target.key.split("|")[2] != "name" or stmt.dimension not in ("name", "free") \
                        or len(stmt.value.split()) > NAME_WORDS:
                    return None
                # the name it replaces said beside it ("4B's too small, switch the invite
                # to the Boardroom"): the setting takes the new name
                return self._supersede(target, fact, as_said_of(stmt, target))
            if fitting(self._patches, (target.id,), replace(as_said_of(stmt, target), revision=True)):
                return self._supersede(target, fact, stmt)
            # "Bump Python to 3.12" of "Use Python 3.10": the name with its one word changed
            return self._replace_named(target, old, aligned[2], fact, "") if aligned else None
        return self._replace_sentence(target, fact, key, replace(stmt, old_value=old))

    def _keyed_patch(self, fact: Fact, key: str, stmt: Statement, **more: Any) -> Patch:
        """A new patch for ``fact`` in the slot ``key`` with ``stmt``'s value."""
        fields: dict[str, Any] = dict(
            id=self._new_id(), kind=fact.kind, text=fact.text, turn=fact.turn, role=fact.role,
            key=key, slot=stmt.subject or None, op=stmt.op, value=stmt.value, unit=stmt.unit,
            scope=stmt.scope, deps=fact.deps, pinned=fact.pinned, source=fact.source,
            first_turn=fact.turn, session_id=fact.session_id)
        fields.update(more)
        return Patch(**fields)

    def _moved_is(self, pid: str, fact: Fact) -> bool:
        """The thing ``fact`` says was moved before pointing at it, if it names one, is the
        setting ``pid`` (they share a word)."""
        moved = moved_antecedent(fact.text)
        if moved is None:
            return True
        p = self._patches[pid]
        return bool(content_terms(moved) & content_terms(f"{p.slot or ''} {p.text}"))

    def _named_is(self, pid: str, fact: Fact) -> bool:
        """The thing a pointer's sentence opens by naming, what its value is for ("for
        customer replies keep it to 3 sentences", "now for the paid plan make it 90 days")
        or of ("5 minutes of stretching every hour"), if it names one, is the setting
        ``pid``: each of its words is in the setting's words."""
        p = self._patches[pid]
        for pattern in (_FOR_SCOPE_RE, _VALUE_OF_RE):
            m = pattern.match(fact.text)
            if m is not None and not content_terms(m.group(1)) <= content_terms(f"{p.slot or ''} {p.text}"):
                return False
        return True

    def _own_words(self, fact: Fact) -> str:
        """The words a pointer's sentence names beside the pointer, its light verbs,
        prepositions and value left out: "paid plan" of "for the paid plan make it 90 days"."""
        text = _WANTED_BY_RE.sub("", before_reason(fact.text, fact.value))
        subject = parse_statement(text).subject or ""
        whose = _FOR_WHOM_RE.search(text)  # "I'll go to $80 for Sam's present"
        if whose:
            subject = f"{subject} {whose.group(1)}"
        fronted = _FRONTED_SCOPE_RE.match(text)  # "on weekends set it for 9"
        if fronted:
            subject = f"{subject} {fronted.group(1)}"
        if not subject.strip():
            return ""
        words = subject_key(subject, self.aliases).split()
        return " ".join(w for w in words if w not in STOP_WORDS and not is_referent(w)
                        and w not in LIGHT_VERBS)

    def _replace_sentence(self, said: Patch, fact: Fact, key: str,
                          stmt: Statement, keep: bool = False) -> MergeOutcome:
        """A new setting whose old value only a tier sentence stated: the sentence leaves
        the store for the setting's lineage (``keep``: any statement, kept for what else it
        says, :meth:`_give_way`)."""
        patch = self._keyed_patch(fact, key, stmt, first_turn=said.first_turn,
                                  history=self._lineage(said, stmt.old_value))
        return self._give_way(said, patch, fact, key.split("|", 1)[0], None,
                              f"new value for what {said.id} said",
                              "the old value named, said in a sentence",
                              stmt.old_value, keep)

    def _lineage(self, old: Patch, was: str | None) -> tuple[Revision, ...]:
        """``old``'s lineage with ``was`` (the value it stated) in front."""
        return ((Revision(was, None, "=", old.turn, old.text),) + old.history)[: self.history_limit]

    def _give_way(self, old: Patch, patch: Patch, fact: Fact, subject: str | None,
                  norm: str | None, note: str, reason: str,
                  renamed: str | None = None, keep: bool = False,
                  keep_setting: bool = False) -> MergeOutcome:
        """``old`` leaves the store for ``patch``, which holds it in its lineage. A tier
        sentence (any statement, with ``keep``) whose name ``renamed`` (the old name) was
        replaced stays for what else it said, the name marked as earlier
        (:func:`~dspm_core.tier.said_besides`); with ``keep_setting``, as the setting it was."""
        # (a statement that said several things keeps two words of its own: "I'm lactose
        # intolerant and (earlier: I don't eat pork)")
        kept = said_besides(old, renamed, fact.text, least=KEPT_WORDS if keep else REST_WORDS,
                            setting=keep_setting) \
            if renamed and (keep or old.kind is PatchKind.SENTENCE) else None
        kept_subject = self._ix.subject_of.get(old.id) if keep_setting and kept is not None else None
        self._drop(old)
        self._store_new(patch, subject=subject, norm_text=norm, journal=False)
        if kept is not None:
            self._store_new(kept, subject=kept_subject, norm_text=_norm_text(kept.text), journal=False)
        self._journal.append(JournalEntry("superseded", old.id, fact.turn, note, old, fact.text,
                                          fact.role.value))
        self.counters["superseded"] += 1
        return MergeOutcome("superseded", patch, old, reason)

    def _drop(self, old: Patch) -> None:
        """``old`` leaves the store and its indexes (its place is taken by the caller)."""
        del self._patches[old.id]
        self._ix.remove(old)
        self._unview(old.id)

    def _link(self, earlier_id: str, later: Patch) -> None:
        old = self._patches[earlier_id]
        self._put(replace(old, later=later.id))
        self._journal.append(JournalEntry("linked", earlier_id, later.turn,
                                          f"linked to the later {later.id} (same head noun and "
                                          f"kind of value); shown as earlier", None, later.text,
                                          later.role.value))
        self.counters["linked"] += 1
        self.version += 1

    def unlink(self, patch_id: str) -> Patch:
        """Undo a link: the patch is shown as current again."""
        with self._lock:
            old = self.get(patch_id)
            if old.later is None:
                return old
            new = replace(old, later=None)
            self._put(new)
            self._journal.append(JournalEntry("unlinked", patch_id, old.turn, "unlinked by caller"))
            self.version += 1
            return new

    def _named_revision(self, fact: Fact, stmt: Statement) -> str | None:
        """The setting an extractor said this fact revises, when that holds up: the id is
        a setting of this store, the speaker may change it, and the value is of its kind.
        A reference that fails is refused (journalled) and the fact merges as usual."""
        target = self._patches.get(fact.revises or "")
        why = None
        if target is None or target.key is None or target.value is None:
            why = f"no stored setting {fact.revises!r}"
        elif AUTHORITY[fact.role] < AUTHORITY[target.role]:
            why = f"a {fact.role.value} statement may not revise the {target.role.value}'s setting"
        elif stmt.value is None or not fitting(
                self._patches, (target.id,), replace(as_said_of(stmt, target), revision=True)):
            why = f"its value {stmt.value!r} is not of the kind {target.slot!r} holds"
        if why is None:
            return target.id
        self._journal.append(JournalEntry("refused", fact.revises or "", fact.turn,
                                          f"revision reference refused: {why}", None, fact.text,
                                          fact.role.value))
        return None

    @staticmethod
    def _same_value(old: Patch, stmt: Statement) -> bool:
        if bound_class(old.op) != bound_class(stmt.op):
            return False
        if old.value is None or stmt.value is None:
            return old.value is None and stmt.value is None
        held = parse_value(old.value)
        if held.canonical == stmt.canonical or held.canonical == as_said_of(stmt, old).canonical:
            return True  # ("start is 8" of "i start work at 8": 8:00)
        if old.scope and held.scope is None and stmt.canonical == f"{held.canonical} per {old.scope}":
            return True  # "$500 a month" of "our monthly ad budget is $500": its period held apart
        if held.dimension == stmt.dimension == "clock" and held.canonical.split()[:1] == \
                stmt.canonical.split()[:1] and (" " not in held.canonical or " " not in stmt.canonical):
            return True  # "4pm" of "4pm UK": the time, its zone not said again
        if stmt.canonical.startswith("day ") and held.dimension == "when" \
                and held.canonical.rsplit(" ", 1)[-1] == stmt.canonical[4:]:
            return True  # "no, it's the 14th" of "14 march": the day of the date held
        # "from 15 to 20 minutes" after "the standup is 15 min": 15 is the 15 minutes held
        return stmt.dimension == "number" and stmt.unit is None and held.unit is not None \
            and held.canonical.split(" ", 1)[0] == stmt.canonical

    # ------------------------------------------------------------------ outcomes
    def _views(self, patch: Patch, spoken: bool = False) -> None:
        """Keep the render's views of a stored patch current (after any replacement that
        may change its text or kind); ``spoken``: it was just stated or restated."""
        pid = patch.id
        if patch.critical:
            self._lex.remove(pid)
            return
        self._lex.add(pid, patch_terms(patch))  # the words a render aligns it on (cached)
        if spoken:
            self._recent_rest.append(pid)

    def _unview(self, pid: str) -> None:
        self._order.discard(pid)
        self._lex.remove(pid)

    def _put(self, patch: Patch) -> None:
        """Store ``patch`` (new, or replacing the patch of its id) in the render order too:
        every replacement goes through here, so the order holds each critical's current
        version (its pin, speaker, turn and text decide its place)."""
        self._patches[patch.id] = patch
        if patch.critical:
            self._order.put(patch)
        else:
            self._order.discard(patch.id)

    def _store_new(self, patch: Patch, subject: str | None, norm_text: str | None,
                   journal: bool = True) -> None:
        self._put(patch)
        self._ix.add(patch, subject, norm_text)
        self._views(patch, spoken=True)
        if patch.key is not None:
            self._ix.spoken(patch.turn, patch.id)
        if journal:
            self._journal.append(JournalEntry("added", patch.id, patch.turn, "new patch",
                                              None, patch.text, patch.role.value))
        self.counters["added"] += 1
        self.version += 1

    def _duplicate(self, old: Patch, fact: Fact, reason: str) -> MergeOutcome:
        echo = AUTHORITY[fact.role] < AUTHORITY[old.role] or fact.role != old.role
        action = "echo" if echo else "duplicate"
        if AUTHORITY[fact.role] > AUTHORITY[old.role] and AUTHORITY[fact.role] >= AUTHORITY[Role.USER]:
            # the user (or system) adopted it: the slot is theirs now. An assistant quoting
            # a tool's or a document's rule is an echo and never raises its authority.
            new = replace(old, role=fact.role, text=fact.text, turn=max(old.turn, fact.turn),
                          echoes=old.echoes + 1, pinned=old.pinned or fact.pinned)
            self._reindex_terms(old, new)
        else:
            new = replace(old, turn=max(old.turn, fact.turn), echoes=old.echoes + 1,
                          pinned=old.pinned or fact.pinned)
        self._put(new)
        if not new.critical:
            self._recent_rest.append(old.id)
        if new.key is not None:
            self._ix.spoken(fact.turn, old.id)
        self._journal.append(JournalEntry(action, old.id, fact.turn, reason, None, fact.text,
                                          fact.role.value))
        self.counters[action] += 1
        self.version += 1
        return MergeOutcome(action, new, old, reason)

    def _left_for_change(self, old: Patch, fact: Fact, stmt: Statement) -> MergeOutcome:
        """``fact`` names the value a setting had before the change said with it ("from 70%
        to 90%"), and the setting holds another one: it is left as it is, for the change
        that comes next in the turn to revise (never set back to the value said before)."""
        subject = subject_key(stmt.subject, self.aliases) if stmt.subject else None
        if subject:
            self._restated_at = {(fact.turn, subject): old.id}
        if old.key is not None:
            self._ix.spoken(fact.turn, old.id)
        reason = "the value before a change said with it; the setting holds another"
        self._journal.append(JournalEntry("duplicate", old.id, fact.turn, reason, None, fact.text,
                                          fact.role.value))
        self.counters["duplicate"] += 1
        return MergeOutcome("duplicate", old, old, reason)

    def _reject(self, old: Patch, fact: Fact) -> MergeOutcome:
        article = "an" if fact.role.value[0] in "aeiou" else "a"
        reason = (f"{article} {fact.role.value} statement does not override the "
                  f"{old.role.value}'s value of this slot")
        self._journal.append(JournalEntry("rejected", old.id, fact.turn, reason, None, fact.text,
                                          fact.role.value))
        self.counters["rejected"] += 1
        self.version += 1
        return MergeOutcome("rejected", old, old, reason)

    def _own_instead(self, old: Patch, fact: Fact, stmt: Statement, referent: bool) -> Patch | None:
        """The user's own setting that ``fact`` revises instead of ``old``, a value the
        assistant or a tool said, when the user set a value of that kind in the last turns:
        for a pointer (``referent``) bound to it, and for a value the extractor carried from
        the assistant's turn before (:mod:`~dspm_core.extract.carried`, which sees only the
        last messages) when the user's words name nothing of ``old``. None when that is not so."""
        if AUTHORITY[fact.role] < AUTHORITY[Role.USER] or AUTHORITY[old.role] >= AUTHORITY[Role.USER]:
            return None
        if not referent and (old.turn != fact.turn - 1 or fact.slot != old.slot or not old.slot
                             or _names_any(old.slot, fact.text)):
            return None
        found = own_setting(self._ix, self._patches, stmt, fact.turn)
        if found is None or found == old.id or people_for_other(fact.text, stmt, self._patches[found]):
            return None  # ("two people dropped out so it's 10 now" is no budget of £250 each)
        return self._patches[found]

    def _supersede(self, old: Patch, fact: Fact, stmt: Statement) -> MergeOutcome:
        if fact.source == EARLIER and not self._same_value(old, stmt):
            return self._left_for_change(old, fact, stmt)
        if old.source == EARLIER and old.turn == fact.turn and not old.history \
                and AUTHORITY[fact.role] >= AUTHORITY[Role.USER]:
            held = held_before(self._ix, self._patches, old, fact.text)
            if held is not None:  # "the gym raised the price from $45 to $55" of "I pay
                self._drop(old)  # $45 a month for the gym": the setting that held $45
                self._journal.append(JournalEntry(
                    "duplicate", old.id, fact.turn, f"the value before the change, held by {held.id}",
                    None, old.text, old.role.value))
                old = held
        if old.slot and not _names_any(old.slot, fact.text):
            # "raise that to 25 MB", "Replace React with Svelte": the note names its setting
            fact = replace(fact, text=f"{slot_label(old.slot)}: {fact.text}")
        rev = Revision(old.value, old.unit, old.op, old.turn, old.text)
        history = ((rev,) + old.history)[: self.history_limit]
        if (fact.kind is PatchKind.SENTENCE and old.kind is not PatchKind.SENTENCE) \
                or (old.critical and not fact.kind.critical):
            # a setting revised in passing stays a setting, and a rule or decision revised
            # by a fact of another kind ("actually call me Al", an entity) stays protected
            fact = replace(fact, kind=old.kind)
        unit = stmt.unit if stmt.unit is not None else (old.unit if stmt.dimension in ("number",) else None)
        new = replace(old, kind=fact.kind, text=fact.text, turn=fact.turn, role=fact.role,
                      op=stmt.op, value=stmt.value, unit=unit, scope=stmt.scope, history=history,
                      later=None,
                      deps=fact.deps or old.deps, pinned=old.pinned or fact.pinned,
                      source=fact.source, session_id=fact.session_id or old.session_id)
        if stmt.subject and old.slot and len(stmt.subject) >= len(old.slot):
            new = replace(new, slot=stmt.subject)
        kept = self._said_besides(old, fact)
        self._put(new)
        if kept is not None:  # "Keep it friendly, no jargon, and under (earlier: 400 words)."
            self._store_new(kept, subject=None, norm_text=_norm_text(kept.text), journal=False)
        self._reindex_terms(old, new)
        self._ix.spoken(fact.turn, old.id)
        self._journal.append(JournalEntry("superseded", old.id, fact.turn,
                                          f"new value for slot {old.slot!r}", old, fact.text,
                                          fact.role.value))
        self.counters["superseded"] += 1
        self.version += 1
        return MergeOutcome("superseded", new, old, "same slot identity, new value")

    def _said_besides(self, old: Patch, fact: Fact) -> Patch | None:
        """What the statement a revision replaces said besides its setting, kept as a
        statement of its own with the old value marked as earlier ("Keep it friendly, no
        jargon, and under 400 words" revised by "bump the limit to 500 words": the rules
        said beside the limit stay). None when it said little else, was said in the
        revision's own message (a change from one value to another), or is an assistant's
        or a tool's."""
        if not old.value or old.turn == fact.turn \
                or fact.source == EARLIER or old.role not in TIER_ROLES:
            return None  # (an assistant's or a tool's account of a value is theirs to say again)
        # (the setting's own name and the words that frame a setting say nothing besides it:
        # "Don't let the billing-service timeout exceed 2 seconds")
        named = f"{old.slot or ''} {old.key.split('|', 1)[0] if old.key else ''}"
        frame = _frame_terms()
        setting, said = content_terms(named) - frame, content_terms(fact.text) | frame
        # a clause of its own that holds neither the value nor a word of the setting's name
        # ("no jargon"; never "my emergency contact is my brother Sam" of "..., 555-0142")
        if not any(not holds_word(c, old.value) and not (terms := content_terms(c)) & setting
                   and terms - said for c in parts(old.text)) \
                and not _other_contact(old.text, old.value, fact.text) \
                and not _other_value_said(old.text, old.value, fact.text):
            return None
        kept = said_besides(old, old.value, f"{fact.text} {named} {_FRAME_WORDS}", least=2)
        if kept is None:
            return None
        return replace(kept, id=self._new_id(), history=(), later=None, echoes=0)

    def _earlier(self, old: Patch, fact: Fact, stmt: Statement) -> MergeOutcome:
        """A fact from a turn before the one that set the current value: it joins the
        lineage at its own place in time, never on top of the newer value."""
        rev = Revision(stmt.value, stmt.unit, stmt.op, fact.turn, fact.text)
        history = sorted((*old.history, rev), key=lambda r: r.turn, reverse=True)
        new = replace(old, history=tuple(history[: self.history_limit]),
                      first_turn=min(old.first_turn, fact.turn))
        self._put(new)
        self._journal.append(JournalEntry("earlier", old.id, fact.turn,
                                          f"an earlier value of slot {old.slot!r}, stated before "
                                          f"the current one", None, fact.text, fact.role.value))
        self.counters["earlier"] += 1
        self.version += 1
        return MergeOutcome("earlier", new, old, "same slot identity, stated before the current value")

    def _reindex_terms(self, old: Patch, new: Patch) -> None:
        """Index a replaced patch's current value and terms (the ones it lost go)."""
        self._ix.set_value(new)
        if new.critical:
            self._ix.set_terms(old.id, content_terms(new.text))
        self._views(new)

    # ------------------------------------------------------------------ editing
    def pin(self, patch_id: str, pinned: bool = True) -> Patch:
        if not isinstance(pinned, bool):  # the saved form holds a boolean
            raise InvalidPatchError(f"pinned must be True or False, got {pinned!r}")
        with self._lock:
            old = self.get(patch_id)
            new = replace(old, pinned=pinned)
            self._put(new)
            self._journal.append(JournalEntry("pinned" if pinned else "unpinned", patch_id,
                                              old.turn, "set by caller"))
            self.version += 1
            return new

    def forget(self, patch_id: str) -> Patch:
        """Remove a patch; it stays in the journal."""
        with self._lock:
            old = self.get(patch_id)
            self._drop(old)
            self._journal.append(JournalEntry("forgotten", patch_id, old.turn, "forgotten by caller",
                                              old))
            self.counters["forgotten"] += 1
            self.version += 1
            return old

    # ------------------------------------------------------------------ state
    def export_state(self) -> dict[str, Any]:
        """Everything needed to rebuild this store: patches, the full journal, counters and
        the acronyms learned from text (JSON-ready)."""
        with self._lock:
            cache = self._dict_cache
            patches = []
            for p in self._patches.values():
                hit = cache.get(p.id)
                if hit is None or hit[0] is not p:  # patches are replaced, never mutated
                    hit = (p, p.to_dict())
                    cache[p.id] = hit
                patches.append(dict(hit[1]))
            for gone in set(cache) - set(self._patches):
                del cache[gone]
            while len(self._journal_dicts) < len(self._journal):
                self._journal_dicts.append(self._journal[len(self._journal_dicts)].to_dict())
            return {
                "history_limit": self.history_limit,
                "patches": patches,
                "journal": list(self._journal_dicts),
                "counters": dict(self.counters),
                "aliases": self.aliases.learned(),
            }

    def merge_patch(self, patch: Patch) -> MergeOutcome:
        """Merge a stored patch (e.g. loaded from a file) by the same slot rules.

        The same slot with the same value is a duplicate (nothing is added); with another
        value the later statement is current and the other joins its lineage. A patch id
        already taken by a different patch is replaced by a fresh id. The lineage kept is
        cut to this store's ``history_limit``, as every supersession cuts it.
        """
        if len(patch.history) > self.history_limit:
            patch = replace(patch, history=patch.history[: self.history_limit])
        with self._lock:
            self._bump_ids(patch.id)
            if patch.key is not None:
                existing_id = self._ix.by_key.get(patch.key)
                if existing_id is not None:
                    return self._merge_loaded(self._patches[existing_id], patch)
                subject = patch.key.split("|", 1)[0]
                norm_text = None
            else:
                norm = _norm_text(patch.text)
                existing_id = self._ix.by_text.get(norm)
                if existing_id is not None and self._patches[existing_id].kind is patch.kind:
                    return self._merge_loaded(self._patches[existing_id], patch)
                # (a rule that says what a code block says is a rule of its own, as it was
                # when saved)
                subject, norm_text = None, norm
            if patch.id in self._patches:
                patch = replace(patch, id=self._new_id())
            # a loaded patch brings its own journal entries (see add_journal)
            self._store_new(patch, subject=subject, norm_text=norm_text, journal=False)
            return MergeOutcome("added", patch)

    def _merge_loaded(self, old: Patch, patch: Patch) -> MergeOutcome:
        same = (old.value == patch.value and old.op == patch.op) if old.key else True
        if same:
            new = replace(old, turn=max(old.turn, patch.turn), pinned=old.pinned or patch.pinned,
                          echoes=max(old.echoes, patch.echoes),
                          first_turn=min(old.first_turn, patch.first_turn))
            if AUTHORITY[patch.role] > AUTHORITY[old.role]:
                new = replace(new, role=patch.role, text=patch.text)
            self._put(new)
            self._views(new)
            self.version += 1
            return MergeOutcome("duplicate", new, old, "already held")
        current, earlier = (patch, old) if patch.turn >= old.turn else (old, patch)
        rev = Revision(earlier.value, earlier.unit, earlier.op, earlier.turn, earlier.text)
        seen: set[tuple[str | None, int]] = set()
        history = []
        for r in (*current.history, rev, *earlier.history):
            if (r.value, r.turn) not in seen and r.value != current.value:
                seen.add((r.value, r.turn))
                history.append(r)
        history.sort(key=lambda r: r.turn, reverse=True)
        new = replace(current, id=old.id, history=tuple(history[: self.history_limit]),
                      pinned=old.pinned or patch.pinned,
                      first_turn=min(old.first_turn, patch.first_turn))
        self._put(new)
        self._reindex_terms(old, new)
        if current is patch:
            self._journal.append(JournalEntry("superseded", old.id, patch.turn,
                                              "a loaded patch holds a later value", old))
            self.counters["superseded"] += 1
        self.version += 1
        return MergeOutcome("superseded", new, old, "merged with a loaded patch")

    def add_journal(self, entries: Iterable[JournalEntry]) -> int:
        """Append loaded journal entries, skipping any already present; returns how many."""
        with self._lock:
            # count signatures: the same fact twice at one turn is two entries, and a
            # journal loaded twice still adds nothing
            have = Counter((e.action, e.patch_id, e.turn, e.fact_text, e.reason)
                           for e in self._journal)
            n = 0
            for e in entries:
                sig = (e.action, e.patch_id, e.turn, e.fact_text, e.reason)
                if have[sig] > 0:
                    have[sig] -= 1
                    continue
                self._journal.append(e)
                n += 1
            return n

    def _bump_ids(self, patch_id: str) -> None:
        """Keep fresh ids clear of loaded ones (``p17`` -> next fresh id is at least p18)."""
        # only ids whose successor still fits the saved form's id limit move the counter;
        # a longer loaded id ("p" and 200 digits) is simply skipped by _new_id
        digits = patch_id[1:]
        if digits.isdigit() and digits.isascii() and len(digits) < 18:
            n = int(digits)
            if n >= self._id_floor:  # the counter moves on to it when next asked
                self._id_floor = n + 1

    def clear(self) -> None:
        with self._lock:
            self._patches.clear()
            self._ix = StoreIndex()
            self._order.clear()
            self._lex.clear()
            self._recent_rest.clear()
            self._journal.clear()
            self._journal_dicts.clear()
            self._dict_cache.clear()
            for k in self.counters:
                self.counters[k] = 0
            self.version += 1

    def dump(self, include_history: bool = False) -> dict[str, Any]:
        """A JSON-ready view of the store (and, with ``include_history``, the journal)."""
        with self._lock:
            out: dict[str, Any] = {
                "history_limit": self.history_limit,
                "patches": [p.to_dict() for p in self._patches.values()],
                "counters": dict(self.counters),
            }
            if include_history:
                out["journal"] = [e.to_dict() for e in self._journal if e.action != "added"]
            return out
