"""A name switched to in a short reply, of what a recent sentence of the user named: "we
feed Bella the Purina salmon formula" / "switching her to Hill's Science Diet", "I'm
learning on a Yamaha P-45" / "actually I upgraded to a Roland FP-30X".

The first statement read as no setting (it stays a tier sentence), so nothing keyed holds
its name. A revision whose value is a name and that found no setting takes the one recent
sentence of the user (a few turns back, short) that names something by a name of its own:
that sentence gives way, its name kept as the earlier value. The clause of the revision
that holds the new name may say nothing the sentence does not ("going with Notion for
docs" is no switch of "we use Slack for chat"), and two such sentences are a guess: none.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .lexicon import known_word
from .patch import Fact, Patch, PatchKind, Role
from .people import PEOPLE
from .restated import supposes_or_recalls
from .slots import content_terms

__all__ = ["switched_from"]

#: how many turns back the sentence may be, and its longest length in words
SWITCH_TURNS = 4
MAX_SENTENCE_WORDS = 20
#: the longest revision read as a switch of a name
MAX_SWITCH_WORDS = 14

# a name as written: a capitalised word not opening the sentence, with the words of
# digits after it ("Yamaha P-45", "ACL")
_WORD_RE = re.compile(r"[A-Za-z][\w'&.+-]*")
# the words of a switch and of when it happens, never a difference of what it is for
_SWITCH_WORDS = content_terms("""switch switching switched swap swapping swapped go going went
    upgrade upgraded upgrading change changed changing move moving moved use using got get
    getting instead actually plan change mind minds decided decide end ended pick picked
    picking try trying replace replaced return returned next month week year today tomorrow
    soon now""")
_ANOTHERS_RE = re.compile(rf"^\W*(?:(?:my|our|his|her|their)\s+(?:\w+\s+)?(?:{PEOPLE})\b|(?:he|she|they)\b)", re.I)
_SUPPOSED_RE = re.compile(r"\b(?:if|unless|would|might|maybe|perhaps|in case)\b|\w'd\b", re.I)
_FOR_RE = re.compile(r"\b(?:for|in|on|at|as)\s+(?=\w)", re.I)
_CLAUSE_RE = re.compile(r"\s*[,;]\s+|\s+[-–—]\s+|\.\s+")


def _names(text: str) -> list[str]:
    """The names ``text`` holds, in order."""
    out: list[str] = []
    run: list[str] = []
    for n, m in enumerate(_WORD_RE.finditer(text)):
        w = m.group(0).rstrip(".")
        named = (w[:1].isupper() and (n > 0 or _first_is_name(w))) or any(c.isdigit() for c in w) and bool(run)
        if named:
            run.append(w)
        elif run:
            out.append(" ".join(run))
            run = []
    if run:
        out.append(" ".join(run))
    return out


def _first_is_name(word: str) -> bool:
    """A capitalised word that opens a sentence is a name when the lexicon knows no such
    word and it is no word of grammar ("Jonas is running the westerns", never "The ...")."""
    return len(word) > 2 and bool(content_terms(word)) and not known_word(word)


def switched_from(patches: dict[str, Patch], recent: Iterable[str], fact: Fact,
                  new: str, subject: str | None) -> tuple[Patch, str] | None:
    """The recent sentence of the user whose name the name ``new`` of ``fact`` replaces,
    and that name; None for none or several, or when the revision names a setting of its
    own (``subject``: "Set the default editor to nano")."""
    if fact.role is not Role.USER or len(fact.text.split()) > MAX_SWITCH_WORDS \
            or content_terms(subject or "") - content_terms(new) - _SWITCH_WORDS:
        return None
    clause = next((c for c in _CLAUSE_RE.split(fact.text) if new.lower() in c.lower()), fact.text)
    purpose = _FOR_RE.search(clause)  # what the new name is for, if said
    own = content_terms(clause[purpose.end():]) - content_terms(new) - _SWITCH_WORDS if purpose else set()
    found: list[tuple[Patch, str]] = []
    for pid in recent:
        p = patches.get(pid)
        if p is None or p.kind is not PatchKind.SENTENCE or p.role is not Role.USER \
                or not 0 < fact.turn - p.turn <= SWITCH_TURNS or len(p.text.split()) > MAX_SENTENCE_WORDS \
                or "?" in p.text or _ANOTHERS_RE.match(p.text) or supposes_or_recalls(p.text) \
                or _SUPPOSED_RE.search(p.text):
            # (a question names what it asks about, no setting; "my sister uses Revolut" is
            # hers; "if it snows we'd go to the Ice Arena" is supposed)
            continue
        names = [n for n in _names(p.text) if n.lower() not in new.lower() and new.lower() not in n.lower()]
        if names and own <= content_terms(p.text) and all(p is not q for q, _ in found):
            found.append((p, names[-1]))
    return found[0] if len(found) == 1 else None
