"""A change the assistant proposed, accepted by the user.

"Shall I switch the wrapper to fetch?" / "yes go with fetch"; "Running it around 6am
usually helps. Want me to move it?" / "yes go on, 6am". The user's answer names the new
value but not the setting: the assistant's question proposed a change, so the answer
revises the setting of that kind of value spoken of last (a referent, bound by the store as
"make it 3" is). Only a value the assistant's message named counts, after a word of
acceptance, when its last sentence is a question that proposes a change.

An answer of acceptance alone ("yes please, do that", "go on then", "sounds good, let's try
it") takes the one value the question proposes a setting be changed to ("want me to push
the alarm to 7:00?", "Want to send on Thursdays instead?"): never a value added beside the
setting ("add a second reminder at 8pm?", "the same for the water bill, on the 5th?") or
given to someone else ("set one for your husband too?").
"""

from __future__ import annotations

import re

from ..patch import Fact, PatchKind, Turn
from ..slots import value_at
from ..values import VALUE_RE, parse_value
from ..vocab import STOP_WORDS
from .clauses import split_sentences

__all__ = ["BESIDE", "accepted_change", "asks_other_than_change", "with_unit"]

_I = re.I
# a word of acceptance opening the answer
_YES_RE = re.compile(r"^\W*(?:(?:yes|yeah|yep|yup|ok(?:ay)?|sure|sounds (?:good|great)|please do|go ahead|"
                     r"go on|go for it|do it|perfect|great|that works|works for me|"
                     r"let'?s (?:do|try) (?:it|that))\b[\s,.!-]*)+", _I)
# a question proposing a change
_PROPOSED_RE = re.compile(r"\b(?:switch|change|move|replace|swap|update|use|go with|try|set|make|"
                          r"bump|raise|lower|reschedule|instead)\b[^?]*\?\s*$", _I)
# the new value named in the answer: a name after a verb of choice, or the answer's one word
_CHOSEN_RE = re.compile(r"^(?:(?:let's\s+|lets\s+|just\s+)?(?:go with|use|switch to|try|pick|do)\s+)?"
                        r"(?:the\s+)?(?P<name>[\w.+#-]+?)(?:'s\s+(?=fine|better|good)|\s*)"
                        r"(?:then|instead|please|pls|(?:is\s+)?(?:fine|better|good)|works(?: better)?|"
                        r"makes (?:more )?sense|sounds (?:good|better|fine|great)|it is)?\W*$", _I)


_NO_VALUE = frozenset("please pls thanks thank thx ty that it this so then sure ok okay do it's that's "
                      "both all one".split())


def accepted_change(turn: Turn, sentence: str) -> Fact | None:
    """The fact of a user's acceptance of a change the assistant just proposed, or None."""
    yes = _YES_RE.match(sentence)
    if yes is None:
        return None
    last = turn.last_said("assistant")
    if last is None:
        return None
    said = split_sentences(last)
    asked = said[-1] if said else ""  # (a reply of table rows alone has no sentence)
    if _BARE_YES_RE.fullmatch(sentence.strip()):
        value = proposed_value(asked)
        value = None if value is None else with_unit(value, last)
        return None if value is None else Fact(
            kind=PatchKind.DECISION, text=value, role=turn.role, turn=turn.index, value=value,
            source="rules", session_id=turn.session_id, referent=True)
    m = _CHOSEN_RE.match(sentence[yes.end():].strip())
    if m is None:
        return None
    name = m.group("name")
    if name.lower() in _NO_VALUE:
        return None  # "yes please", "ok thanks"
    # the question proposes a change; the value is one its message named ("Running it
    # around 6am usually helps. Want me to move it?")
    named = re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", last, _I)
    if not _PROPOSED_RE.search(asked) or named is None:
        return None
    # (the name as the proposal wrote it: "convertkit" is ConvertKit)
    return Fact(kind=PatchKind.DECISION, text=sentence.strip(), role=turn.role, turn=turn.index,
                value=with_unit(named.group(0), last), source="rules", session_id=turn.session_id,
                referent=True)


def asks_other_than_change(message: str) -> bool:
    """Whether the assistant's ``message`` ends on a question that proposes no change ("how
    many volunteers do you want?"): an answer to it answers that question."""
    said = split_sentences(message)
    return bool(said) and said[-1].rstrip().endswith("?") and not _PROPOSED_RE.search(said[-1])


# an answer that only accepts: "yes please, do that", "go on then", "sounds good, let's try it"
_BARE_YES_RE = re.compile(
    r"(?:(?:yes|yeah|yep|yup|ok(?:ay)?|sure|please(?: do)?|pls|go (?:on|ahead|for it)|do (?:it|that)|"
    r"sounds (?:good|great|fine)|that (?:works|sounds good)|works for me|perfect|great|brilliant|"
    r"lovely|fine|let'?s (?:do|try) (?:it|that)|then|thanks|thank you|thx|cheers)\b[\s,.!-]*)+", _I)
# the question of a change: who asks it, then what it proposes
_ASKS_RE = re.compile(r"\b(?:want(?: me)? to|shall (?:i|we)|should (?:i|we)|would you like(?: me)? to|"
                      r"do you want(?: me)? to|could you|can you|how about|what about)\s+(?P<rest>[^?]*)\?\s*$",
                      _I)
_CHANGE_RE = re.compile(r"\b(?:switch|change|move|push|pull|shift|swap|update|reschedule|bump|raise|"
                        r"lower|reduce|increase|drop|cut|extend|shorten|stretch|go (?:up|down)|bring|"
                        r"go with|instead)\b", _I)
# a value added beside the setting, or given to another
#: words of a value offered beside the setting, or for another ("add a second reminder?",
#: "set one for your husband too?")
BESIDE = r"add|adding|another|second|extra|also|too|as well|for (?:your|his|her|their|the other)\b"
_BESIDE_RE = re.compile(rf"\b(?:same|both|{BESIDE})", _I)
# where the proposed value is said: after "to" or "with", or before "instead"
_TO_RE = re.compile(r"\b(?:to|with)\s+(?:the\s+|a\s+)?", _I)


def proposed_value(question: str) -> str | None:
    """The one value ``question`` proposes a setting be changed to ("want me to push the
    alarm to 7:00?" is 7:00; "want to send on Thursdays instead?" Thursdays), or None."""
    m = _ASKS_RE.search(question)
    if m is None or not _CHANGE_RE.search(m.group("rest")) or _BESIDE_RE.search(m.group("rest")):
        return None
    rest = m.group("rest")
    found = [got[1] for t in _TO_RE.finditer(rest) if (got := value_at(rest[t.end():])) is not None]
    if not found and re.search(r"\binstead\s*$", rest, _I):
        found = [v.group(0) for v in VALUE_RE.finditer(rest)]
    return found[0].strip() if len(found) == 1 else None


#: words after a number that are no unit of it ("aim for 40 instead?")
_NO_UNITS = frozenset("instead then now tops max maximum min minimum total each".split())


def with_unit(name: str, proposal: str) -> str:
    """A number accepted with the unit the proposal said it with ("yes 35" of "... lists
    35 psi front. Want me to set your target to 35?" is 35 psi); any other name as said."""
    if not name.replace(".", "", 1).isdigit():
        return name
    for m in re.finditer(rf"(?<![\w.,-]){re.escape(name)}\s*(?P<unit>[a-z%°][\w/%°]*)", proposal, _I):
        said = f"{name} {m.group('unit')}"
        if m.group("unit").lower() not in STOP_WORDS and m.group("unit").lower() not in _NO_UNITS \
                and parse_value(said).unit is not None:
            return said
    return name
