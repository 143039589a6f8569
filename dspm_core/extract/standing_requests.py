"""A request put politely that holds for every answer: "could you keep my emails short?",
"Please could you spell things the Canadian way in my blog posts?", "would it be possible
to flag any step that needs sudo?", "would you mind using metric units in your answers".

The request is told from a one-off task by what it is about: a word of time that holds
from now on ("always", "from now on", "in future") makes it standing, and so does a kind of
thing in general ("my emails", "your answers", "any step", "things", "every recipe") after a
verb of how to do things ("keep", "spell", "leave out", "flag"); after a verb of a piece of
work ("review my configuration files and suggest any changes") it is a task. A thing at hand
("this list", "the above", "real quick", "today") makes it a task for now, and so does a
request that names nothing in general.
"""

from __future__ import annotations

import re

from ..lexicon import is_base_verb, is_plural_noun

__all__ = ["standing_request"]

_I = re.I
# "could you (please) <verb> ...", "would it be possible to <verb>", "would you mind <verb>ing",
# "i'd like you to <verb>", "i need you to <verb>"
_ASKED_RE = re.compile(
    r"^\W*(?:(?:so|and|also|ok(?:ay)?|hey|hi|oh|please|pls)[,\s]+)*(?:please\s+)?"
    r"(?:(?:could|can|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+|kindly\s+|also\s+)?"
    r"(?:(?P<mind>mind|please\s+mind)\s+)?|would\s+it\s+be\s+possible\s+to\s+|"
    r"(?:i'?d\s+like|i\s+need|i\s+want)\s+(?:you|u)\s+to\s+)(?P<always>always\s+)?"
    r"(?P<verb>[a-z]+)\b(?P<rest>[^?]*)\?*\s*$", _I)
# a time from now on: the request holds whatever it asks
_FROM_NOW_RE = re.compile(r"\b(?:always|from now on|going forward|in future|in the future|from here on|"
                          r"whenever|every time|each time|by default|in general)\b", _I)
# a kind of thing in general
_GENERAL_RE = re.compile(
    r"\b(?:any|every|all|each)\s+(?!of\s+(?:this|these|those|that|it)\b)\w|^\s*(?:things|everything)\b|"
    r"\byour\s+(?:answers?|repl(?:y|ies)|responses?|suggestions?|explanations?|messages?|code|"
    r"examples?|summaries|drafts?|recipes?|plans?)\b", _I)
# "my emails", "our release notes": a kind of thing the speaker has many of
_MY_KINDS_RE = re.compile(r"\b(?:my|our)\s+(?:[a-z]+\s+)?(?P<noun>[a-z]+s)\b", _I)
# a question of which of two ("can you use other cartridges or do bad things happen?")
_EITHER_RE = re.compile(r"\bor\s+(?:do|does|did|is|are|was|will|would|can|could|should|not)\b", _I)
# a thing at hand, or now: the task is this one
_AT_HAND_RE = re.compile(r"\b(?:this|these|those|above|below|the following|here|real quick|quickly|"
                         r"right now|today|tonight|tomorrow|just this once|for this one|this time|"
                         r"for now|again)\b", _I)


# "please draft everything in plain language", "quiz me with one question at a time",
# "please reply in English even when I paste German": a command, with "please" or by a verb
# of how the assistant answers
_TOLD_RE = re.compile(
    r"^\W*(?:(?:so|and|also|ok(?:ay)?|oh)[,\s]+)*(?:(?P<please>please|pls|kindly)\s+)?(?P<always>always\s+)?"
    r"(?P<verb>[a-z]+)\b(?P<rest>[^?]*?)[.!]*\s*$", _I)
#: verbs of how the assistant answers, a command of its own without "please"
_ANSWER_VERBS = frozenset("reply respond answer write format explain quiz lay present structure "
                          "phrase word sign address talk speak spell test drill".split())
# the request holds whatever happens ("even when I paste German"), one at a time
_EVEN_RE = re.compile(r"\b(?:even\s+(?:when|if)|one\s+\w+\s+at\s+a\s+time|(?<!about\s)(?<!of\s)(?<!on\s)"
                      r"(?:everything|anything))\b(?!\s+(?:down|up)\b)", _I)
# a thing made once ("write me a poem", "draft an email"), a question put as a command
# ("explain why the median is always inside the box")
_MAKES_ONE_RE = re.compile(r"^\s*(?:(?:me|us|him|her|them)\s+)?(?:a|an|one|some|another)\s|"
                           r"^\s*(?:(?:to\s+)?(?:me|us)\s+)?(?:why|how|what|when|where|which|who|whether|if)\b|"
                           r"^\s*(?:everything|anything|it\s+all)\s+(?:down|up)\b", _I)  # ("write everything down")


def standing_command(sentence: str) -> bool:
    """Whether ``sentence`` tells the assistant, as a command, how to do something every
    time: "please draft everything in plain language", "quiz me with one question at a
    time" (never "please draft this email", "rewrite the above").

    A verb of a piece of work ("draft", "translate") holds only over everything, or from
    now on."""
    m = _TOLD_RE.match(sentence.strip())
    if m is None or sentence.strip().endswith("?"):
        return False
    verb, rest = m.group("verb").lower(), m.group("rest")
    if not (m.group("please") or verb in _ANSWER_VERBS) or not is_base_verb(verb) \
            or verb in _NOT_STANDING_VERBS or _AT_HAND_RE.search(rest) or _EITHER_RE.search(rest) \
            or _MAKES_ONE_RE.match(rest):
        return False
    if m.group("always") or _FROM_NOW_RE.search(rest) or _EVEN_RE.search(rest):
        return True
    return verb not in _TASK_VERBS and bool(_GENERAL_RE.search(rest))


def standing_request(sentence: str) -> bool:
    """Whether ``sentence`` asks, politely, for something that holds for every answer."""
    m = _ASKED_RE.match(sentence.strip())
    if m is None:
        return standing_command(sentence)
    verb, rest = m.group("verb").lower(), m.group("rest")
    if m.group("mind"):  # "would you mind using metric units": the verb in -ing
        if not (verb.endswith("ing") and is_base_verb(verb[:-3]) or is_base_verb(verb[:-3] + "e")):
            return False
    elif not is_base_verb(verb) or verb in _NOT_STANDING_VERBS:
        return False
    if _AT_HAND_RE.search(rest) or _EITHER_RE.search(rest):
        return False
    if m.group("always") or _FROM_NOW_RE.search(rest):
        return True
    if verb in _TASK_VERBS:  # "can you review my config files and suggest any changes?": a task
        return False
    kinds = [k.group("noun") for k in _MY_KINDS_RE.finditer(rest)]
    return bool(_GENERAL_RE.search(rest)) or any(map(is_plural_noun, kinds))


#: verbs of a piece of work done once, whatever it is done to ("review my configuration files")
_TASK_VERBS = frozenset("review check fix improve provide create make build generate translate "
                        "summarize summarise rewrite find suggest compare analyze analyse draft "
                        "plan prepare proofread edit update test debug optimize optimise refactor "
                        "implement list send bring take get buy pick grab carry fetch order book "
                        "call text email pay".split())
#: verbs of a question about the assistant or the world, or of what it can do ("can you
#: remember things between chats?", "can you read PDFs?"), not of how it works for the speaker
_NOT_STANDING_VERBS = frozenset("be have know tell recommend suggest think find look see help "
                                "confirm say remember access read speak understand handle browse "
                                "hear open store learn process do happen".split())

