"""A user's revision of a value the assistant or a tool set just before.

"add a rate limiter to the login route" / assistant: "I've added a limiter allowing 10
requests per minute per IP" / user: "make that 5 requests per minute". The old value was
never the user's, so no stored setting holds it; the revision would show no lineage, and
the assistant's 10 would read as if nobody had changed it. Here the assistant's (or the
tool's) value becomes a fact of that turn, with the role that said it, and the user's
revision takes its slot, so the store supersedes it: "(was 10 requests per minute)".

Only when all of this holds:

- the turn before the user's is an assistant's or a tool's of at most 1,500 characters (a
  longer answer explains rather than sets), and states exactly one value of
  the kind of the user's (the same dimension, unit and period; a count of what the tool's
  line names, "replicas: 2", counts too) outside its advice and questions ("you might
  extend it to 1.5 hours" sets nothing);
- the user's statement is a revision: it points back ("make that ..."), has a cue, or is an
  instruction ("scale checkout to 6 replicas"), and is no report of what was done ("I made up
  for it by editing for 4 hours");
- a statement that names its subject shares a word with the assistant's sentence, or names
  the old value ("no, 4 workers not 6");
- no recent user or system turn gave a value of that kind: then the user's own setting is
  the one revised, and the assistant's value was a claim or an echo.

A name of a known kind is carried the same way: "use Fastify please" after "I've scaffolded
it with Express" makes Express the assistant's "backend framework", which the user's choice
replaces (see :func:`_carried_name`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..environments import other_environment
from ..known_names import name_category
from ..lexicon import is_base_verb, is_past_verb, is_verb_only
from ..patch import Fact, PatchKind, Role, Turn
from ..slots import PREPOSITIONS, parse_statement, value_at
from ..values import VALUE_RE, ParsedValue, day_or_time, parse_value
from ..vocab import STOP_WORDS, singular
from .assistant import SUGGESTION_RE as _SUGGESTION_RE
from .clauses import split_sentences

__all__ = ["carried_values"]

_SETTER_ROLES = frozenset({"assistant", "tool"})
#: the longest assistant or tool message read for the one value it set
MAX_SAID_CHARS = 1500
#: the fewest words (past small words) a sentence setting a value has
MIN_SENTENCE_WORDS = 2
_OWN_ROLES = frozenset({"user", "system"})


def carried_values(turn: Turn, facts: list[Fact]) -> list[Fact]:
    """``facts`` of a user's ``turn``, each revision of a value the assistant or a tool set
    in the turn before preceded by that value as the fact of that turn."""
    if turn.role is not Role.USER or not turn.recent or turn.index == 0:
        return facts
    role, said = turn.recent[-1]
    if role not in _SETTER_ROLES or not said.strip() or len(said) > MAX_SAID_CHARS:
        return facts  # a long answer sets no one value: it explains
    own = [text for r, text in turn.recent if r in _OWN_ROLES]
    out: list[Fact] = []
    for f in facts:
        carried = (_carried(turn, f, role, said, own) or _carried_name(turn, f, role, said, own)) \
            if f.kind in (PatchKind.DECISION, PatchKind.CONSTRAINT) \
            and not other_environment(f.text, said) else None  # ("prod needs more, give it 24")
        if carried is None:
            out.append(f)
        else:
            out.extend(carried)
    return out


def _carried_name(turn: Turn, f: Fact, role: str, said: str, own: list[str]) -> list[Fact] | None:
    """A name of a known kind the user chooses ("use Fastify please", "we migrated to vite
    last sprint") after the one name of that kind the assistant or a tool used ("I've
    scaffolded it with Express", "detected build tool: webpack 5"): both as the setting of
    that kind, the assistant's first, so the user's replaces it. Never when a user's turn
    named one of that kind (that setting is the one revised), nor when the user's statement
    names two of the kind, asks, or chooses nothing."""
    if f.value is not None or f.slot or not _CHOOSES_RE.search(f.text) or f.text.rstrip().endswith("?"):
        return None
    named = _known_names(f.text)
    news = {k: n for n, k in named}
    if len(named) != 1 or any(k in news for text in own for _, k in _known_names(text)):
        return None
    ((kind, new),) = news.items()
    olds = [(n, sentence) for sentence in split_sentences(said)  # ("here's the chart, drawn
            # with matplotlib" says what was made; "you could use Flask" advises)
            if not sentence.rstrip().endswith("?") and not _SUGGESTION_RE.search(_HERE_RE.sub("", sentence))
            for n, k in _known_names(sentence) if k == kind and n.lower() != new.lower()]
    if len({n.lower() for n, _ in olds}) != 1:
        return None
    old, sentence = olds[0]
    scope = _FOR_SCOPE_RE.search(f.text)
    if scope is not None and not set(re.findall(r"[a-z0-9]+", scope.group(1).lower())) \
            <= set(re.findall(r"[a-z0-9]+", sentence.lower())):
        return None  # "use Fastify for the new service" of "the legacy service uses Express"
    earlier = Fact(kind=PatchKind.DECISION, text=sentence, role=Role(role), turn=turn.index - 1,
                   slot=kind, op="=", value=_with_version(sentence, old), source=f.source,
                   session_id=f.session_id)
    return [earlier, replace(f, slot=kind, op="=", value=new, referent=False)]


# a choice said to the assistant: an instruction to use or redo with a name, or a change
_CHOOSES_RE = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|nice|great|thanks|cool|hmm+|pls|please|actually|no|nah)[\s,.!]+)*"
    r"(?:(?:can|could) (?:you|u) )?(?:use|rewrite|redo|write|build|do|make|switch|move|go with|try)\b|"
    r"\b(?:switched|moved|migrated|changed|went over) to\b", re.I)
_HERE_RE = re.compile(r"^\W*(?:here['’]s|here is|here are)\b", re.I)
_FOR_SCOPE_RE = re.compile(r"\bfor (?:the|my|our|this|that|a) ([\w-]+(?: [\w-]+){0,2})", re.I)
_NAME_TOKEN_RE = re.compile(r"[A-Za-z][\w.+#-]*[\w+#]|[A-Za-z]")


def _known_names(text: str) -> list[tuple[str, str]]:
    """The names of a known kind in ``text`` as written, with their kind ("Express",
    "backend framework")."""
    return [(w, k) for w in _NAME_TOKEN_RE.findall(text)
            if (k := name_category(w)) is not None and " " not in w]


def _with_version(sentence: str, name: str) -> str:
    """``name`` with the version said right after it ("webpack 5"), as said."""
    m = re.search(rf"(?<![\w.-]){re.escape(name)}(?:\s+v?\d+(?:\.\d+)*)?(?![\w.])", sentence)
    return m.group(0) if m else name


def _value_of(f: Fact) -> tuple[ParsedValue, str | None, str | None, bool] | None:
    """The value a fact states, its subject and operator, and whether it is a revision."""
    st = parse_statement(f.text)
    raw = f.value if f.value is not None else st.value
    if raw is None:
        return None
    if f.unit and not raw.endswith(f.unit):
        raw = f"{raw} {f.unit}"
    pv = parse_value(raw)
    if pv.dimension in ("free", "name"):
        return None
    subject = None if f.referent else (f.slot or st.subject)
    first = f.text.split(None, 1)[0].lower().strip(",.!") if f.text.split() else ""
    words = f.text.lower().split()
    if len(words) > 1 and words[0] in ("i", "we") and is_past_verb(words[1]):
        return None  # "I made up for it by editing for 4 hours": what was done, not a setting
    revision = f.referent or st.revision or is_base_verb(first)
    return pv, subject, f.op or st.op, revision


def _fits(theirs: ParsedValue, mine: ParsedValue, sentence: str, named: str, per: bool = False) -> bool:
    """``theirs`` is a value of ``mine``'s kind; ``per``: a rate of it too ("50g carbs a
    day" of "100g carbs")."""
    if per and theirs.dimension != mine.dimension \
            and theirs.dimension.removeprefix("rate:") == mine.dimension.removeprefix("rate:"):
        return True
    if theirs.dimension == mine.dimension:
        return theirs.unit == mine.unit or theirs.dimension.startswith("count:") \
            or theirs.unit is None or mine.unit is None
    if day_or_time(theirs.dimension, theirs.canonical, mine.dimension, mine.canonical):
        return True  # "moved to Friday" of "Thursday 14:00-15:00"
    if mine.dimension.startswith("count:") and theirs.dimension == "number":
        # "replicas: 2"; or a number the user names as the old one ("4 workers not 6")
        return mine.dimension.split(":", 1)[1] in _words(sentence) \
            or _names_old(theirs.text, named)
    return False


def _found(said: str, mine: ParsedValue, named: str = "", per: bool = False,
           asked: bool = False) -> list[tuple[ParsedValue, str, str]]:
    """The values of ``mine``'s kind that ``said`` states, with their text and sentence;
    ``named``: the user's words, where the old value may be named; ``per``: a rate of that
    kind counts; ``asked``: a value asked for counts ("could u add a reminder for the
    recycling on wednesday nights?", a user's request)."""
    found: dict[str, tuple[ParsedValue, str, str]] = {}
    for sentence in split_sentences(said):
        if not asked and (sentence.rstrip().endswith("?") or _SUGGESTION_RE.search(sentence)) \
                or len(_words(sentence)) < MIN_SENTENCE_WORDS:
            continue  # "You might extend it to 1.5 hours": advice; "### 1.": a heading
        for m in VALUE_RE.finditer(sentence):
            read = value_at(sentence[m.start():])
            if read is None:
                continue
            pv, text = read
            if _fits(pv, mine, sentence, named, per):
                found.setdefault(pv.canonical, (pv, text, sentence))
    return list(found.values())


def _carried(turn: Turn, f: Fact, role: str, said: str, own: list[str]) -> list[Fact] | None:
    read = _value_of(f)
    if read is None:
        return None
    mine, subject, op, revision = read
    if not revision and not subject:
        return None  # (a statement that names its subject may say the setting again, below)
    besides = f.text.replace(mine.text, " ")  # the user's words besides the new value
    found = _found(said, mine, besides)
    if len(found) != 1:
        return None
    theirs, text, sentence = found[0]
    if theirs.canonical == mine.canonical:
        return None
    if any(_found(text_, mine, per=True, asked=True) or parse_statement(text_).dimension == mine.dimension
           for text_ in own):
        return None  # the user gave a value of this kind (or a rate of it: "under 50g carbs
        # a day", or a party: "I'm hosting Thanksgiving for 10"): that setting is the one revised
    named = _names_old(text, besides)
    if subject and not named and not _words(subject) & _words(_clause_of(sentence, text)):
        return None  # "scale checkout to 6 replicas" is of "deployment/checkout replicas: 2";
        # "her amlodipine to 10mg" of no "atorvastatin 20mg at night" beside "amlodipine 5mg"
    if not revision and not named and not any(not is_verb_only(w) and not is_past_verb(w)
                                               for w in _words(subject or "") & _words(sentence)):
        return None  # said again with a new value: "bathroom should be on saturdays" of
        # "I put bathroom cleaning on Sundays" shares a thing, not only a verb ("leaves")
    slot = subject or _subject_of(sentence)
    if not slot:
        return None
    earlier = Fact(kind=f.kind, text=sentence, role=Role(role), turn=turn.index - 1, slot=slot,
                   op=op or "=", value=text, source=f.source, session_id=f.session_id)
    revised = replace(f, slot=slot, referent=False, op=op or "=", value=mine.text,
                      unit=None, scope=None)
    return [earlier, revised]


def _clause_of(sentence: str, value: str) -> str:
    """The clause of ``sentence`` that says ``value`` when its clauses say several things
    apart ("atorvastatin 20mg at night" of "amlodipine 5mg mornings, atorvastatin 20mg at
    night, ..."), else the sentence."""
    clauses = [c for c in re.split(r"[,;](?!\d)", sentence) if value in c]
    return clauses[0] if len(clauses) == 1 and len(re.split(r"[,;](?!\d)", sentence)) > 2 else sentence


def _subject_of(sentence: str) -> str | None:
    """What an assistant's sentence sets, its verbs and articles in front left out ("limiter
    allowing" of "I've added a limiter allowing 10 requests per minute")."""
    words = (parse_statement(sentence).subject or "").split()
    while words and (is_past_verb(words[0]) or words[0].lower() in ("a", "an", "the", "my", "your")):
        words = words[1:]
    return " ".join(words) or None


def _names_old(value: str, text: str) -> bool:
    """Whether ``text`` names ``value`` as the one it replaces ("not 6", "instead of 6")."""
    return re.search(rf"\b(?:not|instead of|rather than|from|than)\s+{re.escape(value)}(?![\w.,]*\d)",
                     text, re.I) is not None


def _words(text: str) -> set[str]:
    """The words of ``text`` that may name a thing: never a preposition ("for")."""
    return {singular(w) for w in re.findall(r"[a-z][a-z0-9]+", text.lower())} - STOP_WORDS \
        - _PREPOSITIONS


_PREPOSITIONS = PREPOSITIONS | frozenset("per off out up down than as".split())  # and particles
