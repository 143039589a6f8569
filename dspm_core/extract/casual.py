"""Casual writing read as plain writing: a sentence typed in lower case, without
apostrophes or with chat shorthand ("dont recommend anything with pork", "could u format
code with 2-space indents", "im vegan") is read as its plain spelling, so the form readers
see "Don't recommend ...", "Could you format ...", "I'm vegan". Only the reading changes;
the words and their order stay the ones written."""

from __future__ import annotations

import re

__all__ = ["plain_spelling"]

_CONTRACTIONS = {
    "dont": "don't", "doesnt": "doesn't", "didnt": "didn't", "cant": "can't", "wont": "won't",
    "isnt": "isn't", "arent": "aren't", "wasnt": "wasn't", "werent": "weren't",
    "shouldnt": "shouldn't", "wouldnt": "wouldn't", "couldnt": "couldn't", "havent": "haven't",
    "hasnt": "hasn't", "im": "I'm", "ive": "I've", "id": "I'd", "ill": "I'll",
    "youre": "you're", "theyre": "they're", "thats": "that's", "whats": "what's",
    "lets": "let's", "u": "you", "ur": "your", "pls": "please", "plz": "please", "i": "I",
}
_SHORTHAND_RE = re.compile(r"(?<![\w'-])(" + "|".join(sorted(_CONTRACTIONS, key=len, reverse=True))
                           + r")(?![\w'-])", re.I)
# "id", "ill", "lets", "wont" and "cant" are words too: they are read as contractions only
# when written in lower case right after the subject they contract ("i", "we", ...) or first
_AMBIGUOUS = frozenset("id ill lets wont cant".split())
_PRONOUN_BEFORE_RE = re.compile(r"(?<![\w'])(?:i|we|you|u|they|he|she|it)\s+$", re.I)


def plain_spelling(sentence: str) -> str:
    """``sentence`` with a lower-case first letter capitalised and chat shorthand spelled
    out; a sentence already written with capitals and apostrophes comes back unchanged."""
    if not sentence or not sentence[:1].islower() and "'" in sentence:
        return sentence

    def spell(m: re.Match[str]) -> str:
        word = m.group(1)
        low = word.lower()
        if word != low and low != "i":
            return word  # "ID", "Ill": written as meant
        if low in _AMBIGUOUS and m.start() > 0 and not _PRONOUN_BEFORE_RE.search(
                m.string, 0, m.start()):
            return word
        return _CONTRACTIONS[low]

    out = _SHORTHAND_RE.sub(spell, sentence)
    return out[:1].upper() + out[1:]
