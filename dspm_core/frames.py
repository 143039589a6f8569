"""A detail said again in the words that framed it, with a new ending: "log level debug
please" after "config: timeout 30 seconds, 3 retries, log level info"; "scorer tom" after
"host is Dave, scorer Linda, 8 rounds"; "handles in matt black instead" after "cabinets in
navy, handles in brushed brass".

The old detail is a clause of one user message of the last turns, and the change is a
clause that opens on the same words (the frame: "log level", "handles in", "host is") and
ends on others of at most three words, where the old clause ended on its own (the old
value). The frame names a thing (a word of its own, not only small words), and neither
value is a clause of its own ("cake from Hobbs was lovely" is an account, not a change).
Values of a kind with digits are left to the readers of values; a frame that ends on "for"
or "of" names a thing, not a value ("tickets for adults" / "tickets for kids"), and a verb
alone is no frame ("order sushi" after "order pizza" may be one more order). Another part
of the day or week ("in the evening" / "in the morning") is another detail. A
question, a supposition, an addition ("also", "add", "another") or someone else's thing
changes nothing, and neither does a frame found in two clauses: which is meant would be a
guess.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import islice

from .lexicon import is_base_verb, is_noun, is_past_verb, is_verb_only
from .passing import another_owns
from .patch import AUTHORITY, Patch, Role
from .resolve import other_label, other_times
from .swaps import ASKED_RE, NOT_A_CHANGE_RE
from .tier import in_mark
from .vocab import STOP_WORDS, singular

__all__ = ["reframed_detail"]

#: how many turns back, and how many stored statements back, the frame is looked for
FRAME_TURNS = 8
FRAME_SCAN = 48
#: the longest change read; the most words of a clause and of a value
FRAME_WORDS = 30
CLAUSE_WORDS = 8
VALUE_WORDS = 3

_WORD_RE = re.compile(r"[\w'’&-]+")
# a clause ends at punctuation, a line or a dash between items, or a word that joins another
# clause ("host: Sam" is one clause: a short label stays with its value)
_CLAUSE_END_RE = re.compile(r"[.;!?,()]+(?:\s+|$)|\s*\n+\s*(?:[-*•]\s+)?|\s+-\s+|"
                            r"\s+(?:but|because|cos|since|so|and)\s+", re.I)
# a label of the whole message before its items ("sorting the leaving do for Karen: ...")
_MESSAGE_LABEL_RE = re.compile(r"([^:]{1,80}):\s*")
#: the fewest words of such a label (a shorter one is an item's own: "host: Sam")
MESSAGE_LABEL_WORDS = 3
# what may open or end a clause around the detail: "ok", "pls", "then", "instead"
_FILLERS = frozenset("ok okay oh ah hmm hmmm right so then pls please plz thx thanks ta tho "
                     "though instead now lol tbh actually actualy yeah yep just".split())
# a name of a word or two in brackets, a word of its clause: "(tesag)", "(team 2)"
_SHORT_BRACKET_RE = re.compile(r"\(([\w'’-]+(?:\s[\w'’-]+)?)\)")
# what opens an addition: "and order sushi", "plus a cake from Greggs"
_ADDING = frozenset(("and", "plus"))
# words of a frame that name no thing by themselves
_SMALL = frozenset("at for on in of to by with from as or is are be was were the a an my our "
                   "your it its this that these those".split())
# the words between a verb and its object ("keep the summaries short")
_DETERMINERS = frozenset("the a an my our your their his her its this that these those all".split())
# a frame that ends on these names a thing by what follows ("tickets for kids")
_THING_AFTER = frozenset("for of".split())
# what else says an addition or someone else's thing
_NOT_MINE_RE = re.compile(r"\b(?:add|his|her|their)\b", re.I)


def reframed_detail(patches: dict[str, Patch], role: Role, turn: int,
                    text: str) -> tuple[Patch, str, str] | None:
    """The statement of the last turns whose detail ``text`` says again in the same frame
    with a new value, with the old value as that statement says it and the new one; None
    when no clause of ``text`` is such a detail, or when no or several messages hold it."""
    if AUTHORITY[role] < AUTHORITY[Role.USER] or len(text.split()) > FRAME_WORDS \
            or another_owns(text) or NOT_A_CHANGE_RE.search(text) or _NOT_MINE_RE.search(text) \
            or text.rstrip().endswith("?") and not ASKED_RE.match(text):
        return None
    clauses = [c for c in _clauses(text) if 2 <= len(c) <= CLAUSE_WORDS and c[0].group(0).lower() not in _ADDING]
    if not clauses:
        return None
    firsts = {singular(c[0].group(0).lower()) for c in clauses}
    found: list[tuple[Patch, str, str]] = []
    for pid in islice(reversed(patches), FRAME_SCAN):
        p = patches[pid]
        if p.turn >= turn or turn - p.turn > FRAME_TURNS or p.later is not None \
                or AUTHORITY[p.role] < AUTHORITY[Role.USER] or AUTHORITY[p.role] > AUTHORITY[role]:
            continue
        olds = _clauses(p.text)
        for old in olds:
            if singular(old[0].group(0).lower()) not in firsts:
                continue
            for new in clauses:
                said = _new_ending(old, new, _of_things(olds, old))
                if said is not None and not in_mark(p.text, said[0]) and not other_times(text, p.text) \
                        and not other_label(text, p.text):
                    found.append((p, p.text[said[0]:said[1]], said[2]))
    if len(found) != 1:
        return None
    return found[0]


@lru_cache(maxsize=4096)
def _clauses(text: str) -> tuple[tuple[re.Match[str], ...], ...]:
    """The words of each clause of ``text``, without the fillers around them; a name of a
    word or two in brackets is a word of its clause ("the worker connection limit (tesag)
    to 432 connections")."""
    text = _SHORT_BRACKET_RE.sub(lambda m: f" {m.group(1)} ", text)  # (the same length)
    out = []
    start = 0
    for end in [m.start() for m in _CLAUSE_END_RE.finditer(text)] + [len(text)]:
        label = _MESSAGE_LABEL_RE.match(text, start, end)
        if label is not None and len(label.group(1).split()) < MESSAGE_LABEL_WORDS:
            label = None
        words = list(_WORD_RE.finditer(text, label.end() if label else start, end))
        while words and words[0].group(0).lower() in _FILLERS:
            words.pop(0)
        while words and words[-1].group(0).lower() in _FILLERS:
            words.pop()
        if words:
            out.append(tuple(words))
        m = _CLAUSE_END_RE.match(text, end)
        start = m.end() if m else end
    return tuple(out)


def _of_things(clauses: tuple[tuple[re.Match[str], ...], ...], old: tuple[re.Match[str], ...]) -> bool:
    """``old`` is an item of a list of things and their values: its first word may be a
    noun, and another item of the list is a noun that is no verb and its value ("tie burgundy"
    beside "shirt white"; "order pizza, drinks for 10, book the venue" is a list of tasks)."""
    return is_noun(old[0].group(0)) and any(
        c is not old and len(c) >= 2 and is_noun(c[0].group(0)) and not is_base_verb(c[0].group(0))
        and c[1].group(0).lower() not in _SMALL and c[1].group(0).lower() not in STOP_WORDS
        for c in clauses)


def _new_ending(old: tuple[re.Match[str], ...], new: tuple[re.Match[str], ...],
                of_things: bool = False) -> tuple[int, int, str] | None:
    """Where the old value stands, and the new value, when ``new`` says ``old``'s frame
    with another value of a few words; None otherwise. ``of_things``: ``old`` is an item of
    a list of things and their values."""
    k = 0
    while k < min(len(old), len(new)) and _same(old[k].group(0), new[k].group(0)):
        k += 1
    if k == 0 or not 1 <= len(old) - k <= VALUE_WORDS or not 1 <= len(new) - k <= VALUE_WORDS:
        return None
    frame = [w.group(0).lower() for w in new[:k]]
    if frame[-1] in _THING_AFTER or not any(len(w) > 2 and w not in _SMALL and w not in STOP_WORDS
                                            for w in frame):
        return None
    text = new[0].string
    labelled = ":" in text[new[k - 1].end():new[k].start()] or ":" in old[0].string[old[k - 1].end():old[k].start()]
    if is_base_verb(frame[0]) and all(w in _DETERMINERS for w in frame[1:]) and not labelled \
            and not of_things:
        return None  # "order sushi" after "order pizza", "keep the summaries short" after
        # "keep the explanations concise": a verb and its object, maybe one more
        # (but "colour: hazel" is a label and its value, and so is "colour obsidian" beside
        # "storage 128gb")
    was, now = old[k:], new[k:]
    if not (_a_value(was) and _a_value(now)):
        return None
    if {w.group(0).lower() for w in was} & {w.group(0).lower() for w in now}:
        return None  # "sage green" / "dark green": the same value said more closely
    return was[0].start(), was[-1].end(), text[now[0].start():now[-1].end()]


def _same(a: str, b: str) -> bool:
    a, b = a.lower(), b.lower()
    return a == b or singular(a) == singular(b)


def _a_value(words: tuple[re.Match[str], ...]) -> bool:
    """A few words that may be a value: no digits (a value of a kind is read as one), no
    small word and no verb of a clause of its own (its past, "-ing" or "-s" form)."""
    for i, w in enumerate(words):
        low = w.group(0).lower()
        if any(c.isdigit() for c in low) or low in STOP_WORDS or low in _SMALL \
                or i == len(words) - 1 and is_past_verb(low) or low.endswith("s") and is_verb_only(low):
            return False  # ("Hobbs arrived"; "debug" and "brushed gold" are values)
    return True
