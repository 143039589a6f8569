"""Clauses that cannot stand as a stored fact as they were cut from their sentence.

A clause that opens with a word tying it to what came before is read as the statement
after that word when it names its own subject ("especially since I've increased my
followers by 150" -> "I've increased my followers by 150", "where I reduced filler words
by 20%" -> "I reduced filler words by 20%"). With no subject of its own ("which is now at
9/10", "including final edits on my screenplay", "especially after May 7") it is no fact
alone: it is not typed, and its words stay in the sentence tier.

A clause that works a calculation ("where 3C2 = 3", "which I think is 4/52 * 3/51 =
1/221") is an equation, not a decision of the user's.
"""

from __future__ import annotations

import re

from .code import has_working, is_equation, is_worked_step

__all__ = ["is_math_clause", "standalone"]

_I = re.I
# a tie to what came before, with a subject of the clause's own after it
_TIE_RE = re.compile(
    r"^\W*(?:especially(?:\s+(?:since|after|when|as|because|if|now\s+that))?|where|whereas|"
    r"although|though|while(?:\s+also)?|since|considering(?:\s+that)?|given(?:\s+that)?|"
    r"because)\b[\s,]*", _I)
_OWN_SUBJECT_RE = re.compile(r"(?:i|i'm|i've|i'd|i'll|we|we're|we've|we'd|we'll|my|our|she|he|"
                             r"they|she's|he's|they're|they've)\b", _I)
# a clause that leans on a noun it does not have ("which is ...", "including ...")
_LEANS_RE = re.compile(r"^\W*(?:which|who|whom|whose|including|especially|where|while|whereas|"
                       r"although|though|considering|given)\b", _I)
_EQUALS_RE = re.compile(r"(?<![<>!=])=(?!=)")
_MATH_WORD_RE = re.compile(r"\b(?:simplif(?:y|ies|ied)|equals?|factorial)\b|\\\(", _I)


def standalone(text: str) -> str | None:
    """``text`` as a statement of its own: without the word that ties it to the clause
    before, when it names its own subject; ``text`` itself when nothing ties it; None when
    it leans on a noun it does not have."""
    tie = _TIE_RE.match(text)
    if tie is not None and _OWN_SUBJECT_RE.match(text, tie.end()):
        rest = text[tie.end():]
        return rest[0].upper() + rest[1:]
    return None if _LEANS_RE.match(text) else text


def is_math_clause(text: str) -> bool:
    """``text`` works a calculation: an equation, a worked step, or one mark of
    arithmetic with an equals sign or a word of arithmetic ("where 3! = 6", "16/52, which
    simplifies to 4/13"). A fraction said alone is a value ("the deadline is 3/4")."""
    if is_equation(text) or is_worked_step(text):
        return True
    return has_working(text) and (_EQUALS_RE.search(text) is not None
                                  or _MATH_WORD_RE.search(text) is not None)
