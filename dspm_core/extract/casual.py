"""Casual writing read as plain writing: a sentence typed in lower case, without
apostrophes or with chat shorthand ("dont recommend anything with pork", "could u format
code with 2-space indents", "im vegan") is read as its plain spelling, so the form readers
see "Don't recommend ...", "Could you format ...", "I'm vegan". Only the reading changes;
the words and their order stay the ones written."""

from __future__ import annotations

import re

__all__ = ["plain_prose"]

_CONTRACTIONS = {
    "dont": "don't", "doesnt": "doesn't", "didnt": "didn't", "cant": "can't", "wont": "won't",
    "isnt": "isn't", "arent": "aren't", "wasnt": "wasn't", "werent": "weren't",
    "shouldnt": "shouldn't", "wouldnt": "wouldn't", "couldnt": "couldn't", "havent": "haven't",
    "hasnt": "hasn't", "im": "I'm", "ive": "I've", "id": "I'd", "ill": "I'll",
    "youre": "you're", "theyre": "they're", "thats": "that's", "whats": "what's",
    "lets": "let's", "u": "you", "ur": "your", "pls": "please", "plz": "please", "i": "I",
    "were": "we're",
}
_SHORTHAND_RE = re.compile(r"(?<![\w'-])(" + "|".join(sorted(_CONTRACTIONS, key=len, reverse=True))
                           + r")(?![\w'-])", re.I)
# "id", "ill", "lets", "wont" and "cant" are words too: they are read as contractions only
# when written in lower case right after the subject they contract ("i", "we", ...) or first
_AMBIGUOUS = frozenset("id ill lets wont cant".split())
_PRONOUN_BEFORE_RE = re.compile(r"(?<![\w'])(?:i|we|you|u|they|he|she|it)\s+$", re.I)


def _spelled(m: re.Match[str]) -> str:
    word = m.group(1)
    low = word.lower()
    if word != low and low != "i":
        return word  # "ID", "Ill": written as meant
    start = m.start()
    line_start = m.string.rfind("\n", 0, start) + 1
    first = not m.string[line_start:start].strip() or bool(
        re.search(r"[.!?]\s+$", m.string[line_start:start]))
    if low in _AMBIGUOUS and not first and not _PRONOUN_BEFORE_RE.search(m.string, 0, start):
        return word
    if low == "were":  # "btw were a typescript shop": "we're", opening a statement (never
        # "we were", "were you there?")
        end = re.search(r"[.!?\n]", m.string[start:])
        opened = first or bool(_LEADS_BEFORE_RE.search(m.string[line_start:start]))
        if not opened or _ASKED_AFTER_RE.match(m.string, m.end()) \
                or end is not None and end.group(0) == "?":
            return word
    return _CONTRACTIONS[low]


# the chat words that may open a sentence before "were" ("lol yeah. btw were a ...")
_LEADS_BEFORE_RE = re.compile(r"(?:^|[.!?]\s+)(?:(?:lol|haha|ok|okay|so|and|also|btw|fyi|anyway|yeah|but|oh|"
                              r"well|hey|tbh|actually)[\s,]+)+$", re.I)
# a question's subject after "were" ("were you", "were they")
_ASKED_AFTER_RE = re.compile(r"\s+(?:you|u|they|we|there|it|he|she|those|these|the)\b", re.I)


# a clause with its pointer left out, as learners write it ("they changed it, now is 19 May",
# "is now macOS 14"): read with the pointer ("it's now 19 May")
_LEARNERS_POINTER_RE = re.compile(r"(^|[,;.!]\s+)(now)\s+is\s+(?=\w)|(^|[,;.!]\s+)is\s+(now)\s+(?=\w)",
                                  re.I | re.M)


def _pointer(m: re.Match[str]) -> str:
    lead, now = (m.group(1), m.group(2)) if m.group(2) else (m.group(3), m.group(4))
    return f"{lead}it's {now.lower()} "


_SENTENCE_START_RE = re.compile(r"(^|[.!?]\s+|\n\s*)([a-z])", re.M)


def plain_prose(prose: str) -> str:
    """``prose`` with each sentence's lower-case first letter capitalised and chat shorthand
    spelled out and a learner's pointer read ("now is 19 May": it's now 19 May), line breaks
    kept; prose already written with capitals and apostrophes
    comes back unchanged."""
    if not prose or not re.search(r"(?:^|[.!?]\s+|\n\s*)[a-z]", prose) and "'" in prose:
        return prose
    out = _SHORTHAND_RE.sub(_spelled, prose)
    if "now" in out.lower():
        out = _LEARNERS_POINTER_RE.sub(_pointer, out)
    return _SENTENCE_START_RE.sub(lambda m: m.group(1) + m.group(2).upper(), out)
