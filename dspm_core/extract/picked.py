"""An alternative the assistant offered, picked by the user in a few words.

"We want the cabin in Aviemore" / "Aviemore is taken that week. Similar cabins are free in
Braemar and Pitlochry." / "Braemar then"; "Get me a large oat latte" / "They've run out of
oat milk this week. Almond or soy instead?" / "almond's fine". The reply names one option of
the assistant's last message: one of a list ("X or Y", "X and Y", "X, Y or Z") or the one
its closing question offers ("Consider Porto?"). The message also names what the user had
asked for, in words the user's own last message said ("Aviemore", "oat"), of the kind the
option is: a value of the same measure, a name of the same known kind, or a name written
the same way (capitalised, lower case, a code such as "A3"). The reply then names that old
value as the one it replaces (:attr:`~dspm_core.patch.Fact.replaces`), and the store finds
the setting or the sentence that holds it.

An option offered for something beside what is held ("would you also like a wind-down
reminder at 10pm or 10:30pm?", "a separate budget for eating out, say $30 or $40?") is a
setting of its own: :func:`offered_beside` keeps a bare value said back to it from being
bound to the one held. A reply that declines ("no, ..."), asks ("...?"), weighs ("maybe")
or takes the option just this once picks nothing.
"""

from __future__ import annotations

import re

from ..known_names import name_category
from ..patch import Fact, PatchKind, Turn
from ..values import VALUE_RE, parse_value
from ..vocab import STOP_WORDS, singular
from .accepted import BESIDE
from .clauses import split_sentences

__all__ = ["offered_beside", "picked_option"]

_I = re.I
#: the longest reply read as a pick, in words (its first clause; a reason may follow)
MAX_PICK_WORDS = 6
#: the longest message read as a reply that picks
MAX_REPLY_WORDS = 20
# what opens the reply before the option named
_LEAD_RE = re.compile(r"^\W*(?:(?:ok(?:ay)?|yes|yeah|yep|yup|sure|oh|ah|right|fine|cool|great|perfect|"
                      r"alright|hmm+|good (?:shout|call|idea)|let'?s (?:do|go with|go for|take)|"
                      r"(?:i'?ll|we'?ll) (?:take|go with|have|do)|go with|go for|book|take|get|do|use|"
                      r"the)\b[\s,!.-]*)+", _I)
# what may follow it: a courtesy, a word of choice, a judgement of the option
_TAIL_RE = re.compile(r"(?:\s*\b(?:then|please|pls|instead|one|it is|is fine|'s fine|s fine|works?(?: for (?:me|us))?|"
                      r"is good|'s good|is better|is safer|sounds good|will do|is perfect|would be great|"
                      r"is ok(?:ay)?)\b)+\W*$", _I)
# a reply that declines, weighs, asks, takes the option just this once or for something
# ("for Jon", "for the hallway", "for a month")
_NOT_A_PICK_RE = re.compile(r"^\W*(?:no|nope|nah|not|maybe|perhaps|what|how|why|which|is|are|does|do you|"
                            r"can|could|would)\b|\?|\b(?:just this once|this (?:time|once)|for now|for this one|"
                            r"next time|as well|too|also|for\s+\w+)\b",
                            _I)
# an offer made for something beside what is held
_BESIDE_RE = re.compile(rf"\b(?:separate|additional|new|{BESIDE})", _I)
_WORD_RE = re.compile(r"[A-Za-z][\w'&.-]*[A-Za-z0-9]|[A-Za-z]")


def picked_option(turn: Turn, sentence: str) -> Fact | None:
    """The fact of a user's reply that picks an option the assistant just offered in place
    of what the user had asked for, or None."""
    offer = turn.last_said("assistant")
    before = _user_before(turn)
    # (a pick is a short reply, never a line of a pasted text: its words counted no further)
    if offer is None or before is None or len(turn.text.split(None, MAX_REPLY_WORDS)) > MAX_REPLY_WORDS:
        return None
    if _NOT_A_PICK_RE.search(sentence.rstrip(". !")):
        return None
    lead = _LEAD_RE.match(sentence.strip())  # ("sure, heathrow's fine, it's closer")
    pick = re.split(r"[,;:]\s+|\s+[-–—]\s+", sentence.strip()[lead.end() if lead else 0:], maxsplit=1)[0]
    tail = _TAIL_RE.search(pick)
    pick = (pick[:tail.start()] if tail else pick).strip(" .!,")
    if not pick or len(pick.split()) > MAX_PICK_WORDS:
        return None
    option = _offered(offer, pick)
    if option is None or re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", before, _I):
        return None  # (an option the user had said already is no change)
    sentences = split_sentences(offer)
    if _beside(sentences, option):
        return None  # "a separate budget for eating out, say $30 or $40?": a new setting
    old = _held(before, offer, sentences, option,
                _capitalised(option, offer) or _capitalised(pick, turn.text),
                _INSTEAD_RE.search(offer) is not None)
    if old is None:
        return None
    return Fact(kind=PatchKind.DECISION, text=sentence.strip(), role=turn.role, turn=turn.index,
                value=option, source="rules", session_id=turn.session_id, referent=True,
                replaces=old)


def offered_beside(turn: Turn, value: str) -> bool:
    """Whether the assistant's last message offers ``value`` for something beside what is
    held ("Would you also like a wind-down reminder at 10pm or 10:30pm?")."""
    offer = turn.last_said("assistant")
    return offer is not None and _beside(split_sentences(offer), value)


def _beside(sentences: list[str], value: str) -> bool:
    """:func:`offered_beside` of the sentences of the assistant's last message."""
    said = [s for s in sentences if re.search(rf"(?<![\w.:-]){re.escape(value.strip())}(?![\w:-])", s, _I)]
    # (asked of: "It also comes in green and grey" offers the two in its place)
    return bool(said) and all(s.rstrip().endswith("?") and _BESIDE_RE.search(s) for s in said)


def _capitalised(name: str, text: str) -> bool:
    """Whether ``text`` writes ``name`` with a capital where it opens no sentence."""
    written = re.escape(name[:1].upper() + name[1:])
    return re.search(rf"(?<![.!?]\s)(?<!^)(?<![\w-]){written}(?![\w-])", text) is not None


def _user_before(turn: Turn) -> str | None:
    """The user's message just before the assistant's last one."""
    seen_assistant = False
    for role, text in reversed(turn.recent):
        if role == "assistant":
            seen_assistant = True
        elif role == "user" and seen_assistant:
            return text
    return None


def _offered(offer: str, pick: str) -> str | None:
    """The option of ``offer`` that ``pick`` names, as the offer writes it: one of a list
    ("Almond or soy", "Braemar and Pitlochry", "150 or 250") or the one thing its closing
    question names; None when ``pick`` is no such option."""
    for m in re.finditer(rf"(?<![\w-]){re.escape(pick)}", offer, _I):
        at = VALUE_RE.match(offer, m.start())  # ("friday 6-7" of "Friday 6-7pm": the value offered)
        if at is not None and at.group(0).lower().startswith(pick.lower()):
            option = at.group(0)
        elif re.match(r"[\w-]", offer[m.end():m.end() + 1]):
            continue
        else:
            option = m.group(0)
        before, after = offer[:m.start()], offer[m.start() + len(option):]
        listed = re.search(r"(?:,|\bor|\band)\s+(?:the\s+|a\s+|an\s+)?$", before, _I) \
            or re.match(r"\s*(?:,\s*(?:or\s+|and\s+)?|\s+or\b|\s+and\b)", after, _I)
        asked = "?" in after and "." not in after.split("?")[0] and "!" not in after.split("?")[0]
        if listed or asked:
            return option
    return None


def _held(before: str, offer: str, sentences: list[str], option: str, proper: bool,
          instead: bool) -> str | None:
    """The one thing the user's message ``before`` asked for that the offer names too and
    that ``option`` (a name written with a capital where it is no sentence's first word:
    ``proper``) would take the place of: of the option's kind. An offer of the option
    ``instead`` need not name it: the one thing of that kind the user named."""
    kind = _kind(option if proper else option.lower())
    alike = [t for t in _things(before) if _kind(t) == kind and t.lower() != option.lower()]
    in_offer = {singular(w.lower()) for w in _WORD_RE.findall(offer)} | {
        v.group(0).lower() for v in VALUE_RE.finditer(offer)}
    found = list(dict.fromkeys(said for said in alike
                               if _named_in(said, in_offer) and _spoken_of(sentences, said)))
    if not found and instead:
        found = list(dict.fromkeys(alike))
    return found[0] if len(found) == 1 else None


def _named_in(said: str, in_offer: set[str]) -> bool:
    """Whether the offer, read as ``in_offer`` (its words singular and its values), names
    ``said``: every word of it, or the value whole."""
    words = {singular(w.lower()) for w in _WORD_RE.findall(said)} or {said.lower()}
    return words <= in_offer or said.lower() in in_offer


def _spoken_of(sentences: list[str], said: str) -> bool:
    """Whether the offer says something of ``said``: in a statement that does more than
    confirm it ("Aviemore is taken that week", never "Okay, I'll sign your emails as Tom."
    nor the question "Are you open to contract roles, or permanent only?")."""
    pattern = re.compile(rf"(?<![\w-]){re.escape(singular(said.lower()))}", _I)
    return any(pattern.search(s) and not _CONFIRMS_RE.match(s) and not s.rstrip().endswith("?")
               for s in sentences)


_CLOCK_RE = re.compile(r"\b\d{1,2}(?::\d{2})?\s?[ap]\.?m\.?|\b\d{1,2}:\d{2}\b", _I)
_INSTEAD_RE = re.compile(r"\b(?:instead|rather than)\b", _I)
# a sentence that confirms what the user asked for
_CONFIRMS_RE = re.compile(r"^\W*(?:ok(?:ay)?|done|got it|sure|noted|will do|understood|great|perfect|"
                          r"all set|i'?ll|i will|i'?ve|i have)\b", _I)


def _things(text: str) -> list[str]:
    """What ``text`` names that could be asked for: its values, its capitalised names (one
    or two words), and its other content words."""
    values = [m.group(0) for m in VALUE_RE.finditer(text) if parse_value(m.group(0)).dimension != "free"]
    values += [t for v in values for t in _CLOCK_RE.findall(v) if t != v]  # "8pm" of "Friday at 8pm"
    taken = " ".join(values)
    names = re.findall(r"(?<!^)(?<![.!?]\s)\b[A-Z][\w&-]*(?:\s+[A-Z][\w&-]*)?", text)
    words = [w for w in _WORD_RE.findall(text) if w.islower() and w not in STOP_WORDS and len(w) > 2]
    return values + [n for n in names if n not in taken] + [w for w in words if w not in taken]


def _kind(thing: str) -> str:
    """The kind of a thing named, for telling whether one could take another's place: the
    measure of a value, the known kind of a name, or how a name is written."""
    pv = parse_value(thing)
    if pv.dimension not in ("free", "name", "number"):
        return "time" if pv.dimension in ("when", "clock") else pv.dimension.split(":")[0]
    if pv.dimension == "number":
        return "number"
    known = name_category(thing)
    if known is not None:
        return f"name:{known}"
    if re.fullmatch(r"[A-Za-z]{1,3}\d+[A-Za-z]?", thing):
        return "code"
    return "proper" if thing[:1].isupper() and thing.lower() != thing else "word"
