"""Two roles swapped: "swap their roles", "other way round, Lee's on CAD and Sam's wiring",
"flip those", "I had it backwards, Priya's MOH, Jess reads".

A swap names no role and no new person; it speaks of the two people the user's last message
gave a role each ("Sam does CAD and Lee handles wiring", :func:`dspm_core.roles.roles_given`).
Each role gets the other's person: two facts, each with its role as the slot, so that the
store revises both settings, keeping who held each before.
"""

from __future__ import annotations

import re

from ..patch import Fact, PatchKind, Turn
from ..roles import roles_given
from .clauses import split_sentences

__all__ = ["swapped_roles"]

_I = re.I
# the words of a swap of two ("swap them", "switch em", "flip those", "other way round",
# "I had it backwards", "mixed them up")
_SWAP_RE = re.compile(r"\b(?:swap|switch|flip|reverse|trade)\s+(?:them|those|these|em|'em|their\s+roles|the\s+two|"
                      r"the\s+roles|roles|them\s+round|it\s+round)\b|\b(?:the\s+)?other\s+way\s+(?:round|around)\b|"
                      r"\b(?:had|got)\s+(?:it|them|that|those)\s+(?:backwards|the\s+wrong\s+way\s+round|mixed\s+up|"
                      r"the\s+other\s+way\s+round)\b|\bmixed\s+(?:them|those|it)\s+up\b", _I)
# a swap asked about or supposed, not made ("should we swap them?", "what if we flip those")
_NOT_MADE_RE = re.compile(r"\?|\b(?:if|should|could|would|maybe|whether|don't|do not|no need)\b", _I)


def swapped_roles(turn: Turn, sentence: str) -> list[Fact] | None:
    """The two facts of a swap of the roles the user's last message gave, or None."""
    if not _SWAP_RE.search(sentence) or _NOT_MADE_RE.search(sentence):
        return None
    said = turn.last_said("user")
    if said is None:
        return None
    given = [r for s in split_sentences(said) for r in (roles_given(s) or ())]
    if len(given) != 2:
        return None
    (_, first, a), (_, second, b) = given
    text = sentence.strip()
    return [Fact(kind=PatchKind.DECISION, text=text, role=turn.role, turn=turn.index, slot=role, op="=",
                 value=who, source="rules", session_id=turn.session_id, replaces=held)
            for role, who, held in ((first, b, a), (second, a, b))]
