"""Which setting a user's new value was for, as the assistant's confirmation names it.

"9:30 every day is fine yes", "4 is the compromise", "subs in english for now": a user's
answer in a chat is often too short to name the setting it changes, and the assistant's
reply names it ("Done, your meds reminder is now at 9:30 am", "Set to 4 retries",
"Switched subtitles to English"). A confirmation (:mod:`dspm_core.extract.confirmed`)
whose value the user said in their last message points at the user's statement of it
there, and at the setting it replaces:

- the user's statement: a patch of the user's last turn that says the value;
- the setting: one of the settings spoken of in the last turns, stated before that turn,
  that holds another value of the same kind and bound, and that no subject vetoes (the
  user's statement's, or a word of the confirmation's subject that the user said and the
  setting lacks: "gamma's limit is now 5" never reaches the alpha limit; the assistant's
  other words are its paraphrase). With a subject, the nearest setting that shares a word
  with it (one with the same kind of value first: the confirmation names the setting, and
  the user said the value); with none ("Raised to 5 retries"), the one setting of the same
  kind of value spoken of last, and none on a tie.

The store then revises the setting with the user's statement (the user's value, words and
turn); the assistant's words change nothing by themselves.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from .merge_targets import StoreIndex, fitting
from .patch import AUTHORITY, Patch, Role
from .resolve import as_said_of, vetoed
from .slots import Statement, bound_class, content_terms

__all__ = ["CONFIRMED", "CONFIRM_TURNS", "confirmed_setting", "says_value"]

#: the ``source`` of a fact that confirms a change (see :mod:`dspm_core.extract.confirmed`)
CONFIRMED = "confirmed"
#: how many turns back a confirmed setting may have been spoken of
CONFIRM_TURNS = 10

_NUMBER_RE = re.compile(r"\d+(?:[.:]\d+)?")
_WORD_RE = re.compile(r"[a-z][\w'-]*", re.I)
_LIGHT = frozenset("a an the my your our to at in on of for per am pm is are now set".split())


def says_value(value: str, text: str) -> bool:
    """``text`` says ``value``: its first number ("8:00 pm" of "move it to 8"), else its
    first word of weight."""
    said = text.replace(",", "")
    number = _NUMBER_RE.search(value.replace(",", ""))
    if number is not None:
        n = re.escape(number.group(0)).replace(":00", "(?::00)?")
        return re.search(rf"(?<![\d.:]){n}(?![\d]|[.:]\d)", said) is not None
    word = next((w for w in _WORD_RE.findall(value) if w.lower() not in _LIGHT), None)
    return word is not None and re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", said,
                                          re.I) is not None


def _words(text: str) -> set[str]:
    """The words of ``text`` (pronouns kept: "us" is a party), less the lightest."""
    return set(_TOKEN_RE.findall(text.lower())) - _LIGHT


_TOKEN_RE = re.compile(r"[a-z0-9][\w'-]*")


def confirmed_setting(ix: StoreIndex, patches: dict[str, Patch], recent: Iterable[str],
                      stmt: Statement, subject: str, turn: int) -> tuple[Patch | None, Patch] | None:
    """(the setting, the user's statement of its new value) a confirmation said at ``turn``
    points at: the setting is None when the confirmation only says the user's value again;
    None when no statement of the user's last turn says it. ``recent``: ids of the patches
    spoken of last, newest first; ``subject``: the confirmation's normalised subject ("" for
    none)."""
    value = stmt.value or ""
    spoken = [p for pid in dict.fromkeys(recent) if (p := patches.get(pid)) is not None]
    users = [p for p in spoken if p.role is Role.USER and p.turn < turn]
    if not users or not value:
        return None
    last = max(p.turn for p in users)
    mine = [p for p in users if p.turn == last and says_value(value, p.text)]
    if not mine:
        return None
    said = mine[0]
    if said.history and said.history[0].turn < last:
        return None, said  # the user's statement already revised its setting
    own = ix.subject_of.get(said.id, "") if said.key else ""
    # the user's words the confirmation's subject says again ("gamma", "us")
    echoed = _words(stmt.subject or "") & _words(said.text)
    found: list[Patch] = []
    for p in spoken:
        if p.key is None or p.value is None or p.turn >= last or turn - p.turn > CONFIRM_TURNS \
                or AUTHORITY[p.role] > AUTHORITY[Role.USER] or says_value(value, p.value) \
                or said.key is not None and bound_class(p.op) != bound_class(said.op):
            continue  # (a value the user set as a bound, or not, stays of that kind)
        theirs = ix.subject_of.get(p.id, "")
        if own and set(own.split()) & set(theirs.split()) and vetoed(own, theirs) \
                or echoed - _words(p.text):
            continue  # "gamma's limit is now 5" is not the alpha limit's (a word the user
            # said, of the confirmation's subject, that the setting lacks; the assistant's
            # own words are a paraphrase: "pump run time" of "run the pool pump")
        found.append(p)
    fits = [p for p in found
            if fitting(patches, (p.id,), replace(as_said_of(stmt, p), revision=True))]
    if subject:  # the setting it names, of the same kind of value if one is
        words = content_terms(subject)
        hits = [p for p in fits if words & content_terms(p.text)] \
            or [p for p in found if words & content_terms(p.text)
                and not _day_for_words(p.key.split("|")[2], stmt.dimension)]
        return (hits[0] if hits else None), said
    if not fits or len(fits) > 1 and fits[1].turn == fits[0].turn:
        return None, said  # no setting, or two said together: which is meant would be a guess
    return fits[0], said


def _day_for_words(held: str, said: str) -> bool:
    """One of two kinds of value is a day or a time and the other a name or words: never
    one setting ("Moorside Creamery" is no new delivery day of "weekly delivery on
    mondays")."""
    def words(d: str) -> bool:
        return d in ("free", "name") or d.startswith("free:")
    days = ("when", "clock")
    return held in days and words(said) or said in days and words(held)
