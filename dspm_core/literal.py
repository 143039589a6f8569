"""A quick test that a literal cannot occur in a text, before a pattern built around it is
compiled.

Patterns that embed a value or a word ("not 30 seconds", a word as a whole word) are new on
almost every call, and compiling them costs more than the search. A literal that is not a
substring of the text (ignoring ASCII case) cannot match, so those calls skip the pattern.
"""

from __future__ import annotations


def may_hold(text: str, literal: str, ignore_case: bool = True) -> bool:
    """False only when ``literal`` surely does not occur in ``text``: as written, or, with
    ``ignore_case``, in any ASCII case. Text or literal outside ASCII is left to the caller's
    pattern (True), since a case-insensitive pattern folds more than ``str.lower``."""
    if not ignore_case:
        return literal in text
    if not (text.isascii() and literal.isascii()):
        return True
    return literal.lower() in text.lower()


def _word_char(c: str) -> bool:
    return c.isalnum() or c == "_"


def bounded_hits(text: str, literal: str, not_before: str, not_after: str,
                 ignore_case: bool = True) -> list[int] | None:
    """The starts of ``literal`` in ``text``, left to right and not overlapping, that no word
    character nor one of ``not_before`` precedes and none of ``not_after`` follows: what
    ``(?<![\\w<not_before>])literal(?![\\w<not_after>])`` finds. None when the text or the
    literal is not ASCII (the caller's pattern decides) or the literal is empty."""
    if not literal or not (text.isascii() and literal.isascii()):
        return None
    hay, needle = (text.lower(), literal.lower()) if ignore_case else (text, literal)
    hits, n, at = [], len(needle), hay.find(needle)
    while at >= 0:
        before = hay[at - 1] if at else ""
        after = hay[at + n] if at + n < len(hay) else ""
        if (not before or not (_word_char(before) or before in not_before)) and (
                not after or not (_word_char(after) or after in not_after)):
            hits.append(at)
            at = hay.find(needle, at + n)
        else:
            at = hay.find(needle, at + 1)
    return hits
