"""An instruction said after the things it holds for, with no comma between: "For customer
replies keep it to 3 sentences max", "in the api code always use snake_case", "on the
landing page don't mention pricing".

:func:`scoped_instruction` gives the instruction such a clause reads as, for the kind of
fact to be told from it; the fact keeps the words as said. The scope names things ("customer
replies", "the api code"); a time or an example ("for now", "for this one", "for example",
"in the meantime") makes no scope of a standing rule.
"""

from __future__ import annotations

import re

from ..lexicon import getAllLemmas, is_base_verb, is_noun, is_verb_only
from ..vocab import STOP_WORDS

__all__ = ["scoped_instruction"]

_SCOPE_RE = re.compile(r"^(?P<prep>for|in|on)\s+(?P<det>(?:the|my|our|all|any|every|each|your)\s+)?"
                       r"(?P<words>[a-z][\w'-]*(?:\s+\S+)+)$", re.I)
#: what may stand before the verb of the instruction
_BEFORE_VERB = frozenset("please pls always never just only don't dont".split())
# what an instruction's verb that may also be a noun is followed by ("use Expo", "keep it")
_OBJECT_RE = re.compile(r"(?:it|them|me|us|the|a|an|my|our|your|all|every|each|any|no|to|in|on|at|"
                        r"for|with|under|over|up|down|off|out|[A-Z0-9`'\"].*)$")
#: words that make a time, a case or an example of the scope, never a kind of thing
_NOT_A_SCOPE = frozenset("now today tonight tomorrow this that these those example instance once "
                         "meantime moment while case time future general short sure fact".split())


def scoped_instruction(text: str) -> str | None:
    """The instruction ``text`` says after its scope, with its scope after it ("keep it to
    3 sentences max for customer replies"), or None when it opens with none."""
    m = _SCOPE_RE.match(text.strip())
    if m is None or "?" in text:
        return None
    words = m.group("words").split()
    for at in range(1, min(4, len(words))):  # the scope: one to three words
        verb = at + (words[at].lower() in _BEFORE_VERB)
        if any(not w[-1:].isalnum() for w in words[: verb + 1]):
            return None  # "On another note, ...": a clause of its own
        # the verb has what it acts on after it ("keep it", "use Expo"); a word that may be
        # a noun is read as one when nothing that way follows ("landing page don't ...")
        if verb + 1 < len(words) and is_base_verb(words[verb]) and (
                verb > at or not is_noun(words[verb]) or _OBJECT_RE.match(words[verb + 1])):
            scope = [w.lower() for w in words[:at]]
            if any(w in _NOT_A_SCOPE or w in STOP_WORDS or is_verb_only(w)
                   or getAllLemmas(w) and not {"NOUN", "ADJ", "PROPN"} & set(getAllLemmas(w))
                   for w in scope) or not (is_noun(scope[-1]) or not getAllLemmas(scope[-1])):
                return None  # "for now use yarn", "in short keep it", "on second thought ..."
            rest = " ".join(words[at:]).rstrip(" .!")
            return f"{rest} {m.group('prep').lower()} {m.group('det') or ''}{' '.join(words[:at])}"
    return None
