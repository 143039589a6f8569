"""A change asked for as a question: "could we switch it to dusty blue and cream?", "can you
extend the pause to 31 March?", "can we do 7-8pm instead?".

A question that opens with "can / could / would / will" and "you", "we" or who does the
thing ("they", "he", "she") (after a clause of
its own at most: "thursday's no good, can you make it friday?"), goes on with a
verb of change and names what to change to, asks for that change: it is read as the
request it makes ("switch it to dusty blue and cream"). A question about what a change
would do is not one: "can we go up to 300 words without hurting SEO?", "could we move to
Postgres, or is that too much work?", "would you switch to yarn if you were me?".
"""

from __future__ import annotations

import re

from ..lexicon import is_base_verb
from ..values import VALUE_RE
from .cues import REVISION_RE, TO_VALUE_RE

__all__ = ["as_request"]

_I = re.I

_ASKED_RE = re.compile(
    # (a clause of its own may come first: "thursday's no good, can you make it friday?";
    # never a condition, "if it rains, can you move it to sunday?")
    r"^(?:(?!(?:if|when|whenever|whether|unless|in case)\b)[^,?]{2,40},\s+)?"
    r"(?:(?:so|and|but|also|ok(?:ay)?|hey|hmm+|then|actually|sorry|oh)[,\s]+)*"
    # (or of whoever does the thing: "could they open at 6:30 instead?")
    r"(?:can|could|would|will)\s+(?:you|we|u|they|he|she)\s+(?:please\s+|maybe\s+|just\s+|also\s+|kindly\s+|"
    r"instead\s+)*(?P<request>(?P<verb>[a-z]+)\b[^?]*?)\s*\?+$", _I)
# words of a change that REVISION_RE leaves to the context: "plan it for 3 now", "do 7-8pm
# instead", "use Vitest from now on"
_CHANGE_WORD_RE = re.compile(r"\b(?:instead|now|from now on|going forward|anymore|any more|"
                             r"swap|triple|lengthen|bring)\b", _I)
# asks what the change would do, or weighs it
_WEIGHS_RE = re.compile(r"\b(?:if|without|whether|or not|or is|or would|or should|would|will it|"
                        r"is it|is that|does it|does that|too|enough|safely|possible|somehow|"
                        r"how|why|what|when|which|who)\b", _I)
# what the change is to: a value, a name, or a pointer given a new value ("switch it to ...")
_POINTER_TO_RE = re.compile(r"\b(?:it|that|this|them|those|these)\s+(?:back\s+)?(?:to|for|into|"
                            r"with|as)\s+\w", _I)
_NOT_ASKED_VERBS = frozenset("be have know tell explain show help give think recommend suggest "
                             "check see confirm remind remember say find look".split())

#: the longest request read out of a question (a longer one is a question of its own)
MAX_REQUEST_WORDS = 16


def as_request(sentence: str) -> str | None:
    """The request a question that asks for a change makes ("Extend the pause to 31 March"
    for "can you extend the pause to 31 March?"), or None."""
    m = _ASKED_RE.match(sentence.strip())
    if m is None:
        return None
    request, verb = m.group("request"), m.group("verb").lower()
    if verb in _NOT_ASKED_VERBS or not is_base_verb(verb) or len(request.split()) > MAX_REQUEST_WORDS:
        return None
    if _WEIGHS_RE.search(request) or not (REVISION_RE.search(request) or _CHANGE_WORD_RE.search(request)):
        return None
    if not (VALUE_RE.search(request) or TO_VALUE_RE.search(request) or _POINTER_TO_RE.search(request)):
        return None
    return request[:1].upper() + request[1:]
