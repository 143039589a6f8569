"""The lossless tier: every substantive sentence of a user's turn is kept.

An extractor classifies; it never decides what is forgotten. After a turn's typed facts
are read, each sentence of the turn that none of them came from becomes a plain
``sentence`` fact with the words as written (retrieved later by query relevance).
Greetings and acknowledgements ("Thanks!", "Hi there", "ok got it") are left out and
counted. Fenced code is typed by the extractors and not repeated here; a run-on sentence
is kept in pieces of at most :data:`MAX_PIECE_WORDS` words, cut at its clause breaks.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import lru_cache

from .extract.casual import plain_prose
from .extract.clauses import TABLE_ROW_RE, split_sentences
from .extract.compound import compound_parts, named_value_parts
from .extract.remembered import KEEP_TERMS
from .index import LexicalIndex
from .number_words import spoken_numbers
from .patch import AUTHORITY, Fact, Patch, PatchKind, Role, Turn
from .rank import text_terms
from .slots import Statement, content_terms, parse_statement
from .values import number_text, parse_value
from .vocab import STOP_WORDS

__all__ = ["MAX_PIECE_WORDS", "TIER_ROLES", "TierResult", "mark_earlier", "old_value_keys",
           "in_mark", "in_said_order", "said_besides", "says_besides", "sentence_facts",
           "sentence_keys"]

#: whose sentences enter the tier (assistant, tool and document text is typed only: it is
#: long, mostly not the user's own, and would crowd the user's sentences out of the index)
TIER_ROLES = frozenset({Role.USER, Role.SYSTEM})

#: a longer sentence is kept in pieces of at most this many words
MAX_PIECE_WORDS = 60

#: a typed fact covers a sentence when at most this share of the sentence's content words
#: is left over once the words of the facts read from it are taken out
UNCOVERED_SHARE = 0.5

# the words of a request's manner, which a typed fact may write out another way
_POLITE_TERMS = frozenset("pls plz pleas please ok okay tbh btw fyi thx ty so just".split())
# the words of a request to keep a fact, which the fact kept leaves out ("Note that ...")
_KEEP_TERMS = content_terms(" ".join(KEEP_TERMS))
_GREETING_TERMS = frozenset(
    """hi hello hey hiya howdy thank thanks thx ty cheers great cool awesome perfect nice
    lovely wonderful excellent fantastic amazing good morning afternoon evening night bye
    goodbye later see soon welcome appreciate appreciated much lot help helpful glad happy
    alright fine yep yeah yup nope ah oh hmm wow haha lol love sound sounds work works
    there again thing everyone folks guys""".split())

_CLAUSE_BREAK_RE = re.compile(r"(?<=[,;:])\s+|\s+(?=(?:and|but|so|because|which|while|then)\b)")
_FENCED_RE = re.compile(r"```.*?(?:```|\Z)", re.S)


class TierResult:
    """The sentence facts of one turn and how many sentences were left out as greetings."""

    __slots__ = ("facts", "skipped")

    def __init__(self, facts: list[Fact], skipped: int) -> None:
        self.facts = facts
        self.skipped = skipped


def _sentences(text: str) -> list[str]:
    prose = _FENCED_RE.sub("\n", text)
    out: list[str] = []
    for line in prose.splitlines():
        line = line.strip()
        if not line:
            continue
        if TABLE_ROW_RE.match(line):
            out.append(line)
        else:
            out.extend(split_sentences(line, semicolons=False))
    return out


def _pieces(sentence: str) -> list[str]:
    words = sentence.split()
    if len(words) <= MAX_PIECE_WORDS:
        return [" ".join(words)]
    out: list[str] = []
    cur: list[str] = []
    for part in _CLAUSE_BREAK_RE.split(sentence):
        pw = part.split()
        if cur and len(cur) + len(pw) > MAX_PIECE_WORDS:
            out.append(" ".join(cur))
            cur = []
        while len(pw) > MAX_PIECE_WORDS:  # a clause with no break of its own
            out.append(" ".join(pw[:MAX_PIECE_WORDS]))
            pw = pw[MAX_PIECE_WORDS:]
        cur.extend(pw)
    if cur:
        out.append(" ".join(cur))
    return out


def _covered(terms: frozenset[str], typed: Iterable[frozenset[str]]) -> bool:
    """Whether typed facts were read from a sentence with these content words."""
    left = set(terms)
    for ft in typed:
        if ft and len(ft & terms) >= max(1, len(ft) // 2):
            left -= ft
    return len(left) <= UNCOVERED_SHARE * len(terms)


# a number as written: "2", "7:30", "1,200"
_SAID_NUMBER_RE = re.compile(r"\d+(?:[.,:]\d+)*")
# what is left of a question asking for a change once the change is taken out
_ASKED_FOR_RE = re.compile(r"\b(?:can|could|would|will)\s+(?:you|we|u)(?:\s+(?:please|maybe|just|also|"
                           r"kindly))*\s*(?:\?|(?=,))", re.I)


# a joining word whose clause was taken out: it joins nothing
_ORPHAN_RE = re.compile(r"\b(?:and|but|so|or|considering|given that|because|since|as|although|"
                        r"though|while|with|plus)\s*(?=,|[.;:!?]?\s*$)", re.I)
# "that" left alone after a verb that takes a clause ("I think that ,"), never a pointer
# ("build the checkout around that", "so change that")
_ORPHAN_THAT_RE = re.compile(r"\b((?:\w+(?:ed|ing)|think|thought|know|knew|said|says|sure|given|now|except|hope|"
                             r"mean|means|guess|reckon|feel|glad|happy|afraid|aware|sad|upset|told)\s+)that\s*"
                             r"(?=,|[.;:!?]?\s*$)", re.I)


# the heading left of a list whose items were all typed ("Hard rules:, .")
_LABEL_ONLY_RE = re.compile(r"[\w' -]{1,40}:[\s,;.]*")


# the joining marks a cut leaves before the sentence's closing mark
_DANGLING_RE = re.compile(r"[\s,;:-]+([.!?…]+)$")


def _left_over(sentence: str, facts: list[Fact]) -> str:
    """``sentence`` without the typed facts read word for word out of it: "Lower the batch
    size to 32, we're running out of GPU memory" keeps "we're running out of GPU memory",
    so the tier never holds a typed value a second time."""
    rest = sentence
    for f in facts:
        core = f.text.strip().rstrip(".!;,").strip()
        if f.kind is PatchKind.SENTENCE or len(core) <= 3:
            continue
        at = rest.lower().find(core.lower())  # a clause typed with a capital ("Can we do ...")
        if at >= 0:
            rest = f"{rest[:at]} {rest[at + len(core):]}"
        else:  # read from its plain spelling ("Change the day to thursday please" of "pls")
            rest = _cut_plain(rest, core)
    if rest is sentence:
        return sentence
    rest = _ASKED_FOR_RE.sub(" ", rest)  # "can you ?" of "can you plan it for 3 now?" ("can you ,")
    rest = _ORPHAN_RE.sub(" ", rest)  # "..., and , but I'm not sure": the joining word is left alone
    rest = _ORPHAN_THAT_RE.sub(r"\1", rest)
    rest = re.sub(r"(?:\s*,)+", ",", rest)  # "hmm, , we're not ..." of "hmm, 2.5 kg, we're ..."
    rest = " ".join(rest.split()).strip(" ,;-")
    if _LABEL_ONLY_RE.fullmatch(rest):  # "Hard rules:" of "Hard rules: A, B, C": a heading
        return sentence
    rest = _DANGLING_RE.sub(r"\1", rest)  # "We moved last month." of "We moved last month, ."
    rest = rest.strip(" ,;:-")
    return rest if content_terms(rest) else sentence


# the marks around a word that a typed fact may leave out (code quotes, emphasis)
_CUT_MARKS = ".,;:!?\"'()[]{}…“”‘’`*"


def _cut_plain(text: str, core: str) -> str:
    """``text`` without the words that read as ``core`` once spelled out (chat shorthand,
    :func:`~dspm_core.extract.casual.plain_prose`, spells each word as one word); ``text``
    itself when they are not there."""
    words = text.split()
    plain = [w.strip(_CUT_MARKS).lower() for w in plain_prose(text).split()]
    want = [w.strip(_CUT_MARKS).lower() for w in core.split()]
    if len(plain) != len(words) or not want:
        return text
    for i in range(len(plain) - len(want) + 1):
        j = i + len(want)
        if plain[i:j] == want:
            last = words[j - 1]
            after = last[len(last.rstrip(_CUT_MARKS)):]  # the mark after the clause ("pls,")
            return " ".join(words[:i] + [after] + words[j:])
    return text


def sentence_facts(turn: Turn, facts: list[Fact]) -> TierResult:
    """The ``sentence`` facts of ``turn``: its sentences that no fact in ``facts`` came
    from, greetings and acknowledgements left out (and counted)."""
    if turn.role not in TIER_ROLES or not turn.text.strip():
        return TierResult([], 0)
    typed = [content_terms(f.text) for f in facts if f.kind is not PatchKind.SENTENCE]
    typed_terms = frozenset().union(*typed)
    typed_numbers = {n for f in facts if f.kind is not PatchKind.SENTENCE
                     for n in _SAID_NUMBER_RE.findall(f.text)}
    out: list[Fact] = []
    skipped = 0
    for sentence in _sentences(turn.text.replace("’", "'")):
        terms = content_terms(sentence)
        if not terms or terms <= _GREETING_TERMS:
            skipped += 1
            continue
        parts = compound_parts(sentence) if typed else None
        if parts is not None:  # the clauses of a compound no typed fact holds, each on its own
            # ("Use Pydantic v2." of "Use Pydantic v2, SQLAlchemy 2.0 ..., Postgres 15.")
            untyped = [p for p in parts if content_terms(p) - typed_terms - _GREETING_TERMS - _POLITE_TERMS]
            if len(untyped) < len(parts):
                out.extend(Fact(kind=PatchKind.SENTENCE, text=p, role=turn.role, turn=turn.index,
                                source="tier", session_id=turn.session_id) for p in untyped)
                continue
        rest = _left_over(sentence, facts)
        # (the one number of a sentence that no typed fact holds is said here only: "staging
        # uses 2 workers." beside the typed "prod uses 8 workers.")
        numbers = _SAID_NUMBER_RE.findall(sentence)
        if typed and (rest is sentence and _covered(terms, typed)
                      and not (len(numbers) == 1 and numbers[0] not in typed_numbers)
                      or content_terms(rest) - _GREETING_TERMS - _POLITE_TERMS - _KEEP_TERMS <= typed_terms):
            continue  # the typed facts hold it, or the words the facts left out
        # (each named value of a compound left over is a sentence of its own: "lr 3e-4, batch
        # 64, AdamW" holds three settings, each revised on its own)
        for piece in named_value_parts(rest) or _pieces(rest):
            if content_terms(piece):
                out.append(Fact(kind=PatchKind.SENTENCE, text=piece, role=turn.role,
                                turn=turn.index, source="tier", session_id=turn.session_id))
    return TierResult(out, skipped)


def in_said_order(text: str, typed: list[Fact], sentences: list[Fact]) -> list[Fact]:
    """A turn's ``typed`` facts and its tier ``sentences`` in the order ``text`` said them,
    so that a sentence before a value alone is read as its reason ("ops review landed on
    that slot. 10:40"); a fact not found where it was said keeps its place among its own."""
    if not typed or not sentences:
        return typed + sentences
    low = text.lower()
    at = {id(f): _said_at(low, f.text) for f in sentences}
    out: list[Fact] = []
    rest = list(sentences)
    for f in typed:
        pos = _said_at(low, f.text)
        while rest and pos >= 0 and 0 <= at[id(rest[0])] < pos:
            out.append(rest.pop(0))
        out.append(f)
    return out + rest


def _said_at(low: str, said: str) -> int:
    """Where ``said`` (a fact, maybe written out: "Black please" of "black pls") starts in
    the case-folded message ``low``, or -1."""
    pos = low.find(said.lower()[:40])
    if pos < 0 and said.split() and len(said.split()[0]) >= 4:
        pos = low.find(said.split()[0].lower())  # (by its first word)
    return pos


#: the fewest words a sentence whose name was replaced must say besides it and the revision
#: to be kept for them (and a restatement besides the statement it repeats)
REST_WORDS = 3


def says_besides(text: str, said: str) -> bool:
    """``text`` says at least :data:`REST_WORDS` content words that ``said`` does not
    (courtesies and greetings aside): a restatement that adds something."""
    return len(content_terms(text) - content_terms(said) - _GREETING_TERMS - _POLITE_TERMS) >= REST_WORDS


def said_besides(old: Patch, name: str, revision: str, least: int = REST_WORDS,
                 setting: bool = False) -> Patch | None:
    """A statement whose name a revision replaced, kept for what else it says, with the
    name marked as earlier ("add the Arlo kettle in (earlier: blue) to my basket"), as a
    statement with no slot; None when it says little the revision does not ("I'm on keto").
    The mark does not say what holds now: a later change would leave that stale, and the
    revision says it. ``least``: the fewest content words it must say besides. ``setting``:
    the name was another detail than the setting's value, which the statement keeps
    ("(earlier: Two weeks), flying from Manchester" still says where from)."""
    rest = content_terms(old.text) - content_terms(name) - content_terms(revision) - _POLITE_TERMS
    # (and the numbers it says besides: "3 days on 4 days off" of a nurse's shifts)
    rest |= set(_SAID_NUMBER_RE.findall(old.text)) - set(_SAID_NUMBER_RE.findall(f"{name} {revision}"))
    if len(rest) < least:
        return None  # little beside the setting itself ("Ship orders from the Leeds warehouse")
    found = re.search(rf"(?<![\w-]){re.escape(name)}(?:['’]s)?(?![\w-])", old.text, re.I)
    if found is None:
        return None
    mark = f"(earlier: {found.group(0)})"
    text = f"{old.text[:found.start()]}{mark}{old.text[found.end():]}"
    if setting:
        return replace(old, text=text)
    return replace(old, text=text, key=None, slot=None, op=None, value=None, unit=None, scope=None)


#: the longest tier sentence a revision naming its old value may take as that setting
MAX_SETTING_WORDS = 20


def sentence_with_value(lex: LexicalIndex, patches: dict[str, Patch], old_value: str,
                        authority: int, new_value: str | None = None) -> Patch | None:
    """The one short tier sentence stating ``old_value`` as a whole value, said by a
    speaker of at most ``authority`` ("Ship orders from the Leeds warehouse" for "...
    rather than Leeds"): a revision that names it takes it as the setting it replaces.
    Of several, a sentence that names ``new_value`` beside it only weighed the two ("trying
    Toast vs Square" beside "put down Toast for now"). None when no sentence or several do."""
    terms = content_terms(old_value)
    if not terms:
        return None
    pattern = _old_pattern(old_value.strip())
    found = [p for pid in lex.holding(min(terms, key=lambda t: len(lex.holding(t))))
             if (p := patches.get(pid)) is not None and p.kind is PatchKind.SENTENCE
             and AUTHORITY[p.role] <= authority and len(p.text.split()) <= MAX_SETTING_WORDS
             and pattern.search(p.text)]
    if len(found) > 1 and new_value:
        found = [p for p in found if not _old_pattern(new_value.strip()).search(p.text)]
    return found[0] if len(found) == 1 else None


#: the longest tier sentence read as a setting, and the longest free-text value it may hold
MAX_SETTING_SENTENCE_WORDS = 24
MAX_FREE_VALUE_WORDS = 3


# a question that weighs a value rather than asking for it
_WEIGHS_RE = re.compile(r"\b(?:if|without|whether|would|or not|is it|is that|too|enough)\b", re.I)


@lru_cache(maxsize=16384)
def sentence_setting(text: str) -> Statement | None:
    """A tier sentence read as a setting: "we're printing 250 flyers" holds 250 flyers, so
    "actually 400 flyers" revises it. Only a short sentence with a value that is not free
    text and with a subject (or a revision cue) is read; None for the rest."""
    if len(text.split()) > MAX_SETTING_SENTENCE_WORDS or "?" in text and _WEIGHS_RE.search(text):
        return None  # "can we go up to 120 words without hurting conversions?" sets nothing
    st = parse_statement(text)
    if st.value is None:
        return _count_alone(text)
    if not (st.subject or st.revision):
        return None
    if st.dimension == "free" and not (st.revision and st.subject
                                       and len(st.value.split()) <= MAX_FREE_VALUE_WORDS):
        return None  # a free value counts only when set by name ("Set the editor to nano")
    return st


def _count_alone(text: str) -> Statement | None:
    """``text`` as a count of things said alone ("10 epochs." of "lr 3e-4, batch 64, 10
    epochs"), the things counted naming it; None for anything else."""
    said = _ABOUT_RE.sub("", text.strip().rstrip(".!").strip())
    if not _COUNT_ALONE_RE.fullmatch(said):
        return None
    v = parse_value(said)
    if not v.dimension.startswith("count:"):
        return None
    return Statement(None, "=", said, v.unit, v.scope, v.dimension, v.canonical)


_ABOUT_RE = re.compile(r"^(?:about|around|roughly|approx(?:imately)?|~)\s*", re.I)
_COUNT_ALONE_RE = re.compile(r"\d[\d,]*\s+[a-z]{3,}(?:\s+[a-z]{3,})?", re.I)


_NUMBER_RE = re.compile(r"\d[\d,.]*")

# old value, subject words, the value now, the turn that replaced the old one
# (old value, the setting's subject terms, the value now, turn it gave way, turn it was set)
_Old = tuple[str, frozenset[str], str, int, int]


@lru_cache(maxsize=16384)
def _old_key(old: str) -> str:
    """The lookup key of an old value: its first number, else its first word past an
    article ("the Costa on High Street" is looked up by costa)."""
    num = _NUMBER_RE.search(old)
    if num:
        return _number_key(num.group(0).rstrip(".,"))
    words = old.lower().split()
    return next((w for w in words if w not in _ARTICLES), words[0])


_ARTICLES = frozenset("the a an".split())


@lru_cache(maxsize=16384)
def _old_pattern(old: str) -> re.Pattern[str]:
    """The pattern that finds an old value as a whole value (compiled when first searched:
    most old values are never looked for)."""
    return re.compile(rf"(?<![\w.,$€£]){re.escape(old)}(?![\w%])", re.I)


def _number_key(said: str) -> str:
    """A number as it is looked up by, however it was written ("10,000", "2.50")."""
    try:
        return number_text(float(said.replace(",", "")))
    except ValueError:
        return said  # "1.2.3"


@lru_cache(maxsize=65536)
def _keys_of(text: str) -> frozenset[str]:
    """The numbers (as digits, thousands or words) and lower-cased words of a text (what an
    old value is looked up by)."""
    words = text.lower().split()
    # a word as written and without the marks around it ("keto," is keto)
    return frozenset({number_text(n) for _, n in spoken_numbers(text)}
                     | {_number_key(m.rstrip(".,")) for m in _NUMBER_RE.findall(text)}
                     | set(words) | {_bare(w) for w in words})


def _bare(word: str) -> str:
    """A word without the marks around it and its possessive ending ("keto," and
    "costa's" are keto and costa)."""
    word = word.strip(_MARKS)
    return word[:-2] if word.endswith(("'s", "’s")) else word


_MARKS = ".,;:!?\"'()[]{}…“”‘’"


def _word_said(text: str, key: str, now: str) -> re.Match[str] | None:
    """Where ``text`` names the first word of an old value that the value now lacks ("sage
    isn't in stock" of "sage and cream", now "dusty blue and cream")."""
    if not key.isalpha() or key in STOP_WORDS or key in now.lower().split():
        return None
    return re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", text, re.I)


def _number_said(text: str, key: str) -> re.Match[str] | None:
    """Where ``text`` says the number ``key`` on its own, in digits or words ("three isn't
    cutting it" for 3), or as an amount ("£200 is too low" for 200)."""
    for m, n in spoken_numbers(text):
        if number_text(n) == key:
            return m
    if key[:1].isdigit():  # an amount: "£200 is too low" for 200, "$2,000" for 2000
        return next((m for m in _AMOUNT_RE.finditer(text)
                     if _number_key(m.group("n").rstrip(".,")) == key), None)
    return None


_AMOUNT_RE = re.compile(r"(?<![\w.,])[$€£](?P<n>\d[\d,]*(?:\.\d+)?)(?![\w.,]*\d)")


_OLDS: dict[str, tuple[Patch, list[tuple[str, _Old]]]] = {}  # patch id -> (patch, its olds)
_OLDS_MAX = 65536


def _olds_of(p: Patch) -> list[tuple[str, _Old]]:
    """The earlier values of a revised setting, each with its lookup key (cached per patch
    object: patches are replaced, never changed)."""
    hit = _OLDS.get(p.id)
    if hit is not None and hit[0] is p:
        return hit[1]
    out: list[tuple[str, _Old]] = []
    if p.slot and p.value:
        replaced_at = p.turn  # the newest old value gave way at the patch's own turn
        for rev in p.history:
            was = (rev.value or "").strip()
            if was and was.lower() != p.value.lower():
                out.append((_old_key(was), (was, text_terms(p.slot), p.value_label, replaced_at,
                                             rev.turn)))
            replaced_at = rev.turn
    elif p.history and (p.history[0].value or "").strip():
        # a statement with no slot that replaced a name ("we're deploying on Fly.io now",
        # was Heroku): only a sentence of its own turn is said of the old name ("heroku's
        # pricing is killing us")
        out.append((_old_key(p.history[0].value.strip()),
                    (p.history[0].value.strip(), frozenset(), "", p.turn, p.turn)))
    if len(_OLDS) >= _OLDS_MAX:
        _OLDS.clear()
    _OLDS[p.id] = (p, out)
    return out


def old_value_keys(p: Patch) -> frozenset[str]:
    """The keys a sentence is looked up by for the earlier values of ``p`` (empty for a
    patch never revised)."""
    return frozenset(key for key, _ in _olds_of(p)) if p.history else frozenset()


def sentence_keys(patches: Iterable[Patch]) -> set[str]:
    """The lookup keys of the sentence patches among ``patches``."""
    keys: set[str] = set()
    for p in patches:
        if p.kind is PatchKind.SENTENCE:
            keys |= _keys_of(p.text)
    return keys


def mark_earlier(patches: list[Patch],
                 revised: Callable[[set[str]], Iterable[Patch]] | None = None) -> list[Patch]:
    """``patches`` with each sentence patch that states an old value of a setting since
    revised shown with that value marked: "I have (earlier: 3; now 5) interviews". The
    tier never shows a stale value as current. Only the sentences among ``patches`` are
    checked, against the revised settings among them, or, with ``revised``, against the
    revised settings it returns for the sentences' keys (a store's index)."""
    keys = sentence_keys(patches)
    if not keys:
        return patches
    settings = patches if revised is None else revised(keys)
    old: dict[str, list[_Old]] = {}
    for p in settings:
        if p.history and p.critical:
            for key, item in _olds_of(p):
                if key in keys:
                    old.setdefault(key, []).append(item)
    if not old:
        return patches
    return [_marked(p, old) if p.kind is PatchKind.SENTENCE else p for p in patches]


_MARK_RE = re.compile(r"\(earlier: [^()]*\)")
# an old value that is a name ("moment", "French", "Tom"): no digit, one or two words
_NAME_VALUE_RE = re.compile(r"[A-Za-z][\w.+#-]{2,}(?:\s+[A-Za-z][\w.+#-]*)?")


def in_mark(text: str, at: int) -> bool:
    """Position ``at`` of ``text`` lies inside an earlier mark ("(earlier: 2pm)")."""
    return "(earlier: " in text and any(a <= at < b for a, b in
                                         (m.span() for m in _MARK_RE.finditer(text)))


def _outside_marks(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """The first match of ``pattern`` in ``text`` that is not inside an earlier mark."""
    if "(earlier: " not in text:
        return pattern.search(text)
    marks = [m.span() for m in _MARK_RE.finditer(text)]
    return next((m for m in pattern.finditer(text)
                 if not any(a <= m.start() < b for a, b in marks)), None)


def _marked(p: Patch, old: dict[str, list[_Old]]) -> Patch:
    text = p.text
    keys = _keys_of(text)
    if old.keys().isdisjoint(keys):  # (walks the smaller side, builds no set)
        return p
    terms: frozenset[str] | None = None
    for key in keys & old.keys():
        for was, subject, now, replaced_at, set_at in old[key]:
            if terms is None:
                terms = text_terms(p.text)
            # a sentence of the turn that replaced the value is said of it ("25. 30
            # exhausted the db", "three isn't cutting it" of 3 sessions a week), and so is
            # one that names an old name while it held ("isn't moment huge though?" of the
            # date library, moment); any other must name the setting and the old value as it was
            if not (p.turn == replaced_at or subject & terms
                    or set_at <= p.turn < replaced_at and _NAME_VALUE_RE.fullmatch(was)):
                continue
            found = _outside_marks(_old_pattern(was), text)
            if found is None and p.turn == replaced_at:
                found = _number_said(text, key) or _word_said(text, key, now)
            if found is None:
                continue
            end = found.end() + 2 if text[found.end():found.end() + 2] in ("'s", "’s") else found.end()
            said = text[found.start():end]  # with its possessive: "(earlier: heroku's)"
            mark = f"(earlier: {said}; now {now})" if now else f"(earlier: {said})"
            text = f"{text[:found.start()]}{mark}{text[end:]}"
    if text == p.text:
        return p
    # the same sentence marked the same way is the same patch object on every render, so
    # the renderer's per-patch cache (forms, token counts) keeps it
    hit = _MARKED.get(p.id)
    if hit is not None and hit[0] is p and hit[1].text == text:
        return hit[1]
    out = replace(p, text=text)
    if len(_MARKED) >= _OLDS_MAX:
        _MARKED.clear()
    _MARKED[p.id] = (p, out)
    return out


_MARKED: dict[str, tuple[Patch, Patch]] = {}  # patch id -> (sentence, as last marked)
