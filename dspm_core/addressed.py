"""Standing instructions addressed to the assistant about its replies.

"Always format code snippets with syntax highlighting when I ask about implementation",
"Never use jargon", "Please keep your answers under 100 words", "From now on, reply in
French", "Make sure to cite sources in every answer": a command to the assistant that holds
for every reply to come. Such a rule applies whatever the next question is about, so a
render places it before the user's other criticals (:func:`dspm_core.rank.critical_priority`):
a preference or a goal the user told about matters when its topic comes up, a rule about the
replies matters in each of them.

A command opens the sentence (after lead words such as "please", "also", "ok so") with a verb
in its base form, "don't" or "never" and one, or "make sure" / "be sure"; it holds from now on
when it says so ("always", "never", "from now on", "going forward", "whenever I ask", "each
time", "every answer") or names the replies ("your answers", "in all replies"). A command
without either ("Format this table", "Give me three examples") asks for one thing now.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .lexicon import is_base_verb

__all__ = ["addresses_replies"]

# words a command may open with before its verb (never the "never" of "never mind")
_LEAD_RE = re.compile(
    r"^\W*(?:(?:please|pls|plz|also|and|so|ok(?:ay)?|now|then|again|kindly|just|but|"
    r"from now on|going forward|moving forward|in (?:the )?future|for (?:all )?future "
    r"(?:replies|answers|responses)|always|never|(?:when|whenever|each time|every time|any time|"
    r"anytime) i (?:ask|mention|talk|request|need)[^,]{0,60},)\W*)+(?!mind\b)",
    re.I)
# ("never" itself is a lead word)
_NEGATED_RE = re.compile(r"^(?:don'?t|do not|dont)\s+(?P<verb>(?!mind\b)[a-z]+)", re.I)
_SURE_RE = re.compile(r"^(?:make|be)\s+sure\b", re.I)
_VERB_RE = re.compile(r"^(?P<verb>[a-z]+)\b(?!['\u2019])", re.I)
# the command holds for the replies to come
_STANDING_RE = re.compile(
    r"\b(?:always|never|from now on|going forward|moving forward|in (?:the )?future|"
    r"whenever|every time|each time|any ?time i|when i ask|when i mention|when i request|"
    r"(?:in |for )?(?:all|every|each|any) (?:of )?(?:your |future |the )?(?:replies|reply|answers?|"
    r"responses?)|your (?:replies|reply|answers?|responses?)|(?:replies|answers|responses) "
    r"(?:from|going)|(?:for|in) the rest of (?:this|our) (?:chat|conversation))\b",
    re.I)
# first words that never open a command to the assistant (a pronoun, an auxiliary, a verb
# of the speaker's own mind)
_NOT_COMMANDS = frozenset("i we you it is are was were am been have has had do does did "
                          "can could would should will shall may might must need want like "
                          "love hate prefer think feel guess hope wish know remember".split())


@lru_cache(maxsize=65536)
def addresses_replies(text: str) -> bool:
    """Whether ``text`` commands the assistant about every reply to come."""
    if "?" in text or not _STANDING_RE.search(text):
        return False
    lead = _LEAD_RE.match(text)
    rest = text[lead.end():] if lead else text.lstrip()
    if _SURE_RE.match(rest):
        return True
    m = _NEGATED_RE.match(rest) or _VERB_RE.match(rest)
    if m is None:
        return False
    verb = m.group("verb").lower()
    return verb not in _NOT_COMMANDS and is_base_verb(verb)
