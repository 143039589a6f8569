"""Where a value said in words sits in the sentence that says it.

:func:`~dspm_core.clock_words.in_digits` writes "party's for twelve kids" as "party's for
12 kids"; a reader of values finds "12 kids" in the second and needs the words the first
said ("twelve kids"), to show and mark them as they were said. :func:`said_span` maps a
span of the text in digits back to the text as said: words left alone map one to one, a
run of words written as digits maps to the whole run.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from functools import lru_cache

from .clock_words import in_digits

__all__ = ["DigitText", "digit_text"]

# a word, a number with its points and commas ("6:30", "2,500", "1.5k"), or a sign
_WORDED_RE = re.compile(r"[A-Za-z]")
_WORD_RE = re.compile(r"[^\s,.;:!?]+(?:[.,:][^\s,.;:!?]+)*|[^\s]")


class DigitText:
    """A text as said, its numbers in digits (``digits``), and the way back."""

    __slots__ = ("said", "digits", "_blocks")

    def __init__(self, said: str) -> None:
        self.said = said
        self.digits = in_digits(said)
        # (start, end) in digits -> (start, end) as said, per run of words
        self._blocks: list[tuple[int, int, int, int, bool]] = []
        if self.digits == said:
            return
        a = [m.span() for m in _WORD_RE.finditer(said)]
        b = [m.span() for m in _WORD_RE.finditer(self.digits)]
        words_a = [said[x:y] for x, y in a]
        words_b = [self.digits[x:y] for x, y in b]
        for tag, i1, i2, j1, j2 in SequenceMatcher(None, words_a, words_b, autojunk=False).get_opcodes():
            if j1 == j2:
                continue  # words dropped ("and", "a") belong to the run beside them
            if tag == "equal":
                for k in range(j2 - j1):
                    self._blocks.append((*b[j1 + k], *a[i1 + k], True))
            elif i1 < i2:
                self._blocks.append((b[j1][0], b[j2 - 1][1], a[i1][0], a[i2 - 1][1], False))

    def said_span(self, start: int, end: int) -> tuple[int, int] | None:
        """The span as said of ``digits[start:end]``, or None when it starts or ends
        outside a word."""
        if not self._blocks:
            return start, end
        s = e = None
        for ds, de, ss, se, same in self._blocks:
            if s is None and ds <= start < de:
                s = ss + (start - ds) if same else ss
            if ds < end <= de:
                e = se - (de - end) if same else se
                break
        return None if s is None or e is None or e <= s else (s, e)

    def changed(self, start: int, end: int) -> bool:
        """``digits[start:end]`` holds words written in digits (not digits written anew:
        "at 2" read as "at 2:00")."""
        return any(not same and ds < end and start < de and _WORDED_RE.search(self.said, ss, se)
                   for ds, de, ss, se, same in self._blocks)


@lru_cache(maxsize=4096)
def digit_text(said: str) -> DigitText:
    return DigitText(said)
