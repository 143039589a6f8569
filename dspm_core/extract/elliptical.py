"""A new value said with no subject at all: "45 minutes please", "let's say £80", "9 am is
better", "every 30 seconds is plenty", "five options works better for me", "100 words max
pls".

The sentence is the value, framed only by a word that opens a reply ("ok", "actually",
"let's say", "make it"), a courtesy ("please", "thanks") or a judgement of the value ("is
better", "is plenty", "works for me"). Nothing in it names a setting, so it can only speak
of the one just spoken of: it becomes a referent fact, which the store binds to the setting
of that kind and unit of value spoken of last, or keeps as a fact of its own when none fits
(:func:`dspm_core.resolve.resolve`).

A value that is only a number ("65 please") stays out: a bare number fits too many
settings, unless the words around it choose it ("actually 65", "65 actually", "8 is
better"). So does a question ("45 minutes?") or a supposition.
"""

from __future__ import annotations

import re

from ..clock_words import in_digits
from ..number_words import spoken_numbers
from ..effective import EFFECT_CUE_RE, effect_said
from ..number_spans import TYPED_NUMBER
from ..topics import topic_before_comma
from ..patch import Fact, PatchKind, Turn
from ..slots import RARE_NAME, value_at
from ..value_clause import CORRECTION
from ..values import parse_value
from ..vocab import word_frequency
from .accepted import with_unit
from .answers import answered_count, answered_subject
from .picked import offered_beside

__all__ = ["corrects_said_back", "elliptical_facts", "elliptical_value", "is_acknowledgement",
           "judges_held_value", "opens_with_new_value"]

_I = re.I
# a value put as a question: a proposal, not a question of fact
_PROPOSAL = (r"(?:can|could|shall)\s+(?:we|i|you)\s+(?:do|go(?:\s+(?:with|for|to))?|say|make\s+(?:it|that)|try|"
             r"have|bump\s+it\s+to|push\s+it\s+to)|(?:how|what)\s+about")
# what may open the reply before its value
_LEAD_RE = re.compile(
    r"^(?:(?:ok(?:ay)?|hmm+|hm+|ah|eh|nah|no|nope|yeah|yes|sorry|actually|oh|so|right|well|ugh|"
    r"wait|honestly|tbh|fine|alright|thinking about it|realistically|lol|haha|"
    # a correction ("scratch that, £70.", "change of plan, 8:30")
    rf"{CORRECTION}|"
    # a value said roughly ("around £250 each", "about 30 minutes")
    r"around|about|roughly|approximately|approx|probably|maybe)\b[\s,!.-]*)*"
    r"(?P<choice>(?:let'?s|lets)\s+(?:say|do|go\s+(?:with|for)|make\s+it|try|aim\s+for|settle\s+on)|"
    r"make\s+(?:it|that)|go\b(?:\s+(?:with|for))?|i'?d\s+(?:say|prefer|rather)|rather|"
    r"(?:(?:it'?s|its|it\s+is|that'?s)\s+)?more\s+like|closer\s+to|call\s+it|"
    # what the speaker will do now ("gonna do three", "going for six actually", "I'll go with 12")
    r"(?:(?:i'?m|we'?re|i\s+am|we\s+are)\s+)?(?:gonna|going\s+to)\s+(?:do|go\s+(?:with|for)|try|say|aim\s+for)|"
    r"(?:(?:i'?m|we'?re|i\s+am|we\s+are)\s+)?going\s+(?:with|for)|"
    r"(?:i'?ll|we'?ll|i\s+will|we\s+will)\s+(?:do|go\s+(?:with|for)|try|say|aim\s+for)|"
    # a value put as a question ("could we go 90?", "can we say 3 instead?", "how about 8?")
    rf"{_PROPOSAL}|"
    # "we went with €150 a night in the end", "ended up going for 3 nights"
    r"(?:(?:we|i)\s+)?(?:went|ended\s+up\s+going)\s+(?:with|for)|(?:(?:we|i)\s+)?"
    r"(?:ended\s+up\s+with|settled\s+on)|"
    r"better\s+make\s+it|give\s+(?:it|me|us|them|everyone|everybody|each(?:\s+(?:one|person))?)|"
    r"just)?\s*", _I)
# what may follow it: a courtesy, a cue, a bound said after the value, a judgement of it
_TAIL_RE = re.compile(
    r"(?:[\s,.!-]*\b(?:please|pls|plz|thanks|thank you|thx|ta|then|now|instead|actually|each|apiece|"
    r"max|maximum|tops|at most|at the most|or less|or so|is better|is fine|is plenty|is enough|"
    r"should be (?:enough|plenty|fine)|"
    r"is good|is ok(?:ay)?|is more like it|is (?:much |way )?(?:more good|better)|"
    r"(?:would|will) be (?:better|good|fine|great|enough|plenty|safer|easier)|works?(?: (?:better|best|fine|well))?"
    r"(?: (?:for|with|w/?) (?:me|us|everyone|them|(?:the|our|my) \w+))?|"
    r"would work(?: better)?|sounds (?:better|good|right)|is what (?:i|we) (?:like|want|need)|"
    r"(?:is|are|would be) (?:easier|simpler|clearer)(?: for (?:me|us))?|"
    r"from now on|going forward|for now|this time|tbh|honestly|imo|lol|tho|though|really|"
    # (of what the value holds for: "every eighteen months is fine for this model")
    r"for (?:this|that) (?!is\b)\w+|for (?:those|them|these|each)|"
    r"before|beforehand|ahead|in advance|earlier|later|after|in the end|after all)\b)*[\s.!]*$", _I)
# the clauses of a reply, split at commas, semicolons and dashes ("thats too aggressive, 60 minutes")
_CLAUSE_RE = re.compile(r"\s*[,;]\s+|\s+[-–—]\s+")

# a change asked by its direction ("let's make them longer", "make it a bit shorter")
_MAKE_IT_RE = (r"^\W*(?:(?:ok(?:ay)?|so|hmm+)[,\s]+)?(?:let'?s\s+|can\s+(?:you|we)\s+|please\s+)?make\s+"
               r"(?:it|them|that|this|those)\s+(?:a\s+(?:bit|little)\s+|much\s+)?"
               r"(?:longer|shorter|bigger|smaller|higher|lower|later|earlier|faster|slower|more|less|fewer)\b")
_JUDGED_RE = re.compile(_MAKE_IT_RE + r"|^\W*(?:that'?s|thats|that is|it'?s|its|this is|way too|too|a bit|bit|kinda|"
                        r"hmm+|hm+|nah|no|nope|ugh|eh|oh|ok(?:ay)?|sorry|actually|wait|"
                        # a change asked of the value held ("relax that, 15 minutes is ok")
                        r"(?:relax|loosen|tighten|scrap|change|raise|lower|bump)\s+(?:that|it|this)(?=\s*[,.;]|\s*$))\b",
                        _I)

# a judgement that the value held is too much or too little ("that's too long, 15")
_COMPARED = r"(?:long|short|much|many|few|little|high|low|big|small|late|early|fast|slow)"
_TOO_RE = re.compile(r"^\W*(?:that'?s|thats|that is|it'?s|its|this is|way|a bit|bit|kinda)?\s*(?:way\s+)?too\s+"
                     rf"{_COMPARED}\b|{_MAKE_IT_RE}", _I)

# a clause that reports a change made by someone ("they've moved things around")
_CHANGED_RE = re.compile(r"\b(?:rejigged|reshuffled|rescheduled|rearranged|moved|shifted|changed|"
                         r"switched|swapped|fewer)\b", _I)

# a clause that states a number, a day or a time of its own
_OWN_VALUE_RE = re.compile(r"\d|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b", _I)

# a sentence that judges what the value held gave ("30 chapters looks like way too many",
# "that's not enough", "92 feels draggy"): the bare value after it is the new one
_JUDGES_RE = re.compile(r"\b(?:way\s+too|far\s+too|much\s+too|too\s+(?:many|much|few|little|long|short|"
                        r"high|low|big|small|slow|fast|early|late|thin|tight|loose|heavy|light|hot|cold|"
                        r"expensive|cheap|busy|aggressive|ambitious)|"
                        # "that's too trigger-happy", "it's too gentle": any word judged too much
                        r"(?:that'?s|thats|that\s+is|it'?s|its|it\s+is)\s+(?:a\s+bit\s+|way\s+|far\s+|kinda\s+)?too\s+[a-z][\w-]+|"
                        r"not\s+enough|doesn't\s+work|"
                        r"isn't\s+working|won't\s+work|"
                        # "felt rushed live", "it's overkill", "took forever": worse than wanted
                        r"(?:felt|feels|feel|was|is|it's|that's)\s+(?:a\s+bit\s+|way\s+|kinda\s+|really\s+)?"
                        r"(?:rushed|sluggish|cramped|draggy|overkill|excessive|exhausting|overwhelming|tedious|"
                        r"endless|relentless)|overkill|took\s+forever|dragged(?:\s+on)?)\b", _I)


# a value with its unit, then when it holds from or a word of change ("£3.40 from monday
# though, the beans went up again")
_VALUE_THEN_CHANGE_RE = re.compile(r"^\W*(?:[$€£]\s?\d[\d.,]*|\d[\d.,:]*\s?(?:[ap]\.?m\b|%|[a-z]{1,8}\b))\s*"
                                   r"(?:from|starting|as of|now|instead|going forward|from now on)\b", _I)


#: the longest reply read as a value alone that corrects what the assistant said back
MAX_CORRECTING_WORDS = 3


def corrects_said_back(turn: Turn, text: str) -> bool:
    """Whether ``text``, the whole of a user's reply, is a value alone ("35", "friday")
    said right after the assistant said a value back with no question ("20% gyroid should
    handle light loads."): a correction of that value, so a number alone counts."""
    said = turn.recent[-1] if turn.recent else None
    first, stop, why = text.partition(". ")
    if stop and len(first.split()) <= MAX_CORRECTING_WORDS and not _OWN_VALUE_RE.search(why) \
            and not spoken_numbers(why):
        text = first  # "fifty. i'm doing cosplay props now lol": the value, then why
    return said is not None and said[0] == "assistant" and "?" not in said[1] \
        and len(text.split()) <= MAX_CORRECTING_WORDS \
        and (_OWN_VALUE_RE.search(said[1]) is not None or bool(spoken_numbers(said[1]))
             or _names_again(turn.recent[-2][1] if len(turn.recent) > 1 else "", said[1]))


def _names_again(before: str, said: str) -> bool:
    """Whether the assistant's ``said`` names again a name of the user's message ``before``
    ("we're watching Severance tonight" / "Severance is a great pick")."""
    names = {w.strip(".,!;:").lower() for w in before.split()[1:] if w[:1].isupper()}
    return bool(names & {re.sub(r"'s$", "", w.strip(".,!;:")).lower() for w in said.split()})


def opens_with_new_value(sentence: str) -> bool:
    """``sentence``, anywhere in a message, opens with a value and the word of its change."""
    return _VALUE_THEN_CHANGE_RE.match(sentence) is not None


def judges_held_value(sentence: str) -> bool:
    """Whether ``sentence`` judges the value held as too much, too little or not working."""
    return _JUDGES_RE.search(sentence) is not None


# a sentence that only acknowledges what was said before the reply proper ("all good.
# 4 times a week then"): the sentence after it still opens the reply
_ACK_RE = re.compile(r"^\W*(?:(?:ok(?:ay)?|all good|thanks|thank you|thx|ta|cheers|cool|nice|great|"
                     r"sure|no worries|fine|right|alright|perfect|lovely|got it|good to know|"
                     r"noted|yes|yeah|yep|ah|oh)\b[\s,!.]*)+$", _I)


def is_acknowledgement(sentence: str) -> bool:
    """``sentence`` only acknowledges ("all good.", "ok thanks!", "good to know")."""
    return _ACK_RE.match(sentence) is not None


#: the longest sentence read as a value said alone with its frame, past the words that open it
MAX_WORDS = 8


# a word of talk at the end of a reply ("£3.40 from monday though")
_FILLER_END_RE = re.compile(r"\s+(?:though|tho|then|please|pls|thanks)\s*[.!]*$", _I)


def elliptical_value(sentence: str, bare: bool = False) -> str | None:
    """The value of a sentence that says only a value ("45 minutes please" -> "45
    minutes"), or None. The value has a unit, a currency, a clock time or a date (``bare``:
    or is a number alone, said after a judgement of the value held: "that's too long, 15")."""
    s = sentence.strip()
    if s.endswith("?") and s.count("?") == 1 and _PROPOSED_RE.match(s):
        s = s[:-1]  # "could we go 90?": a new value proposed
    if not s or len(s.split()) > MAX_WORDS + 3 or "?" in s:
        return None
    # ("Fridays, from next week": the day it takes effect marks a change, as "then" does)
    effect = effect_said(_FILLER_END_RE.sub("", s)) if EFFECT_CUE_RE.search(s) else None
    s = effect[0] if effect is not None else s
    lead = _LEAD_RE.match(s)
    rest = s[lead.end():] if lead else s
    if len(rest.split()) > MAX_WORDS:  # (the words that open the reply not counted)
        return None
    tail = _TAIL_RE.search(rest)
    middle = rest[:tail.start()] if tail else rest
    middle = in_digits(middle.strip(" ,"))
    if not middle:
        return None
    if (bare or _chosen(lead) or _chosen_after(tail)) and len(middle.split()) <= 2 \
            or lead is not None and _CORRECTED_LEAD_RE.match(s) and len(middle.split()) <= 2:
        # "gonna do three", "let's say twelve thousand", "could we go 90": a number chosen;
        # "actually two.", "eh, 60", "no, 40k": a correction of the number just held
        spoken = spoken_numbers(middle)
        if len(spoken) == 1 and spoken[0][0].group(0) == middle.strip(" .!"):
            return f"{spoken[0][1]:g}"
        if (_chosen(lead) or _chosen_after(tail)) and _NUMBER_OR_SPAN_RE.fullmatch(middle.strip(" .!")):
            return middle.strip(" .!")  # "more like 60", "it's more like 700-850"
    found = value_at(middle)
    if found is None and parse_value(middle).dimension.startswith("unit:"):
        found = parse_value(middle), middle  # "actually celsius is easier for me"
    if found is None and _chosen_code(lead, tail, middle):
        return middle  # "B1 then", "go with C1": a level by its code
    if found is None:
        return None
    pv, text = found
    if bare and pv.dimension == "number" and text.strip() == middle.strip() \
            and re.fullmatch(r"\d+(?:\.\d+)?(?:-?ish)?", text):
        return text
    if text.strip() != middle.strip() or pv.dimension in ("free", "number", "name"):
        return None
    if pv.unit and not _UNIT_RE.fullmatch(pv.unit):
        return None  # "4P2" is a formula, no 4 of anything
    chosen = effect is not None or lead is not None and lead.group("choice") \
        or tail is not None and tail.group(0).strip(" .!")
    if not any(c.isdigit() for c in text) and not chosen and not bare:
        return None  # "Ugh, Mondays.": a day named, nothing chosen ("mondays then" chooses)
    return text


# a name said alone, with a courtesy after it ("US Foods, sorry", "the 10mm")
_NAME_ALONE_RE = re.compile(r"^\W*(?:the\s+)?(?P<name>(?:(?-i:[A-Z])[\w'&+.-]*|\d[\w.-]*[a-z][\w.-]*)"
                            r"(?:\s+(?-i:[A-Z0-9])[\w'&+.-]*)?)(?:[\s,.!-]+(?:sorry|please|pls|then|instead|"
                            r"thanks|my bad))*[\s.!]*$", _I)


def _name_alone(text: str, said_back: str) -> str | None:
    """The name ``text`` says alone, in capitals or with digits and letters ("Cascadia",
    "US Foods, sorry", "the 10mm"), that the assistant's ``said_back`` did not name, or None."""
    m = _NAME_ALONE_RE.match(text.strip())
    if m is None:
        return None
    name = m.group("name").rstrip(".")
    if " " not in name and not any(c.isdigit() for c in name) \
            and word_frequency().get(name.lower(), 0) >= RARE_NAME:
        return None  # "Fix pls", "Right.": a word of every day, capitalised as it opens
    return None if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", said_back, _I) else name


# a number or a span of numbers as typed ("60", "$1,200", "700-850", "18k")
_NUMBER_OR_SPAN_RE = re.compile(rf"{TYPED_NUMBER}(?:\s?[-–]\s?{TYPED_NUMBER})?", _I)


# a level or a size by its code: a capital and a digit ("B1", "A4"; never a version "V2", a
# quarter "Q3" or a half "H1")
_CODE_RE = re.compile(r"(?![VQHX]\d)[A-Z]\d")


def _chosen_code(lead: re.Match[str] | None, tail: re.Match[str] | None, middle: str) -> bool:
    """``middle`` is a code, chosen by the words around it ("B1 then", "let's do C1")."""
    return bool(_CODE_RE.fullmatch(middle.strip(" .!"))) and (
        _chosen(lead) or tail is not None and bool(tail.group(0).strip(" .!")))


# what, said after a number alone, makes it the value chosen ("eighty actually", "8 is
# better", "6 works better for us"); never a courtesy alone ("12 please") nor "then", which
# a bare number answering another question takes ("15 then" after "... force 2FA")
_CHOSEN_AFTER_RE = re.compile(r"\b(?:actually|instead|rather|is better|is more like it|"
                              r"should be (?:enough|plenty)|"
                              r"(?:would|will) be (?:better|safer|easier)|works? better|would work better)\b", _I)


def _chosen_after(tail: re.Match[str] | None) -> bool:
    """The words after a value (:data:`_TAIL_RE`) choose it."""
    return tail is not None and _CHOSEN_AFTER_RE.search(tail.group(0)) is not None


def _chosen(lead: re.Match[str] | None) -> bool:
    """The words that open a reply (:data:`_LEAD_RE`) make a choice ("let's go with",
    "gonna do", "could we do"; "just" alone makes none)."""
    return lead is not None and bool(lead.group("choice")) and lead.group("choice").lower() != "just"


# a clause that only opens a reply ("on second thought", "hmm, actually")
_LEAD_ONLY_RE = re.compile(rf"\W*(?:(?:ok(?:ay)?|hmm+|oh|so|well|nah|no|eh|{CORRECTION})[\s,!.]*)+", _I)
_PROPOSED_RE = re.compile(rf"^\W*(?:(?:ok(?:ay)?|hmm+|so|well|actually)[\s,]+)*(?:{_PROPOSAL})\b", _I)
# what opens a correction of the number just held, said as that number alone
_CORRECTED_LEAD_RE = re.compile(rf"^\W*(?:(?:ok(?:ay)?|hmm+|oh|so|well|ugh)[\s,]+)*(?:eh|nah|no|nope|sorry|oops|realistically|"
                                rf"{CORRECTION}|make\s+(?:it|that)|more\s+like|or\s+rather|rather)\b", _I)
_UNIT_RE = re.compile(r"[^\W\d_]+(?:[\s/][^\W\d_]+)*|%|USD|EUR|GBP|°[CF]?")


def elliptical_facts(turn: Turn, part: str, facts: list[Fact], any_clause: bool = False,
                     after_judgement: bool = False) -> list[Fact]:
    """``facts`` read from ``part`` of a user's message, or the one referent fact of its
    value when ``part`` says only a value: "45 minutes please" binds to the setting of
    minutes spoken of last. The value may open ``part`` as a clause of its own ("100 words
    max pls, i read these on my phone"); ``any_clause``: or stand in any clause of it, as
    in a short reply ("thats too aggressive, 60 minutes"). ``after_judgement``: the sentence
    before judged the value held, so a number alone is the new one ("that's too
    trigger-happy. five")."""
    if any(f.referent or f.source == "rules" and f.slot and f.value and topic_before_comma(part)
           for f in facts):
        return facts  # ("oh and simulation distance, make that 8": that setting's value)
    said = elliptical_value(part, bare=after_judgement)
    parts = [c for c in _CLAUSE_RE.split(part) if c.strip()]
    while len(parts) > 1 and _LEAD_ONLY_RE.fullmatch(parts[0]):
        parts[:2] = [f"{parts[0]}, {parts[1]}"]  # "on second thought, five, I keep forgetting"
    # (in a longer message, a last clause that opens on a choice, after a reason: "rsvps
    # came in lower than we hoped, more like two hundred and forty")
    last_chosen = len(parts) > 1 and _chosen(_LEAD_RE.match(parts[-1]))
    for n, clause in enumerate(parts if any_clause or last_chosen else parts[:1]):
        if not any_clause and 0 < n < len(parts) - 1:
            continue
        if said is not None:
            break
        # after a judgement of the value held ("thats too aggressive, 60 minutes"), never
        # after a clause of its own ("there's a second drive, 2 TB, for backups") or one
        # that holds a value of its own ("it's flat 3, 12 Park Avenue")
        # or after news that something was changed ("teacher's rejigged her week, friday now")
        # or a clause that opens on a choice, after a reason that holds no value of its own
        # ("reviews are piling up tbh, let's go with ten")
        if n == 0 or all((_JUDGED_RE.match(c) or _CHANGED_RE.search(c)) and not _OWN_VALUE_RE.search(c)
                         for c in parts[:n]) or _chosen(_LEAD_RE.match(clause)) and not any(
                             _OWN_VALUE_RE.search(c) or spoken_numbers(c) for c in parts[:n]):
            said = elliptical_value(clause, bare=after_judgement or n > 0 and all(
                _TOO_RE.search(c) for c in parts[:n]))
    if said is None:
        said = answered_count(turn, part)  # "6" after "... how many chapters a week ...?"
    elif said.strip().isdigit():
        # "20 is better" after "How many posters do you want as well?": the count asked for
        said = answered_count(turn, said) or said
    if said is None and len(part.split()) == len(turn.text.split()) and corrects_said_back(turn, turn.text):
        said = _name_alone(part, turn.recent[-1][1])  # "Cascadia" after "Wingspan's a great opener."
    if said is None or offered_beside(turn, said):
        return facts  # ("would you also like a wind-down reminder at 10pm?": a new setting)
    said_back = turn.recent[-1][1] if turn.recent and turn.recent[-1][0] == "assistant" else ""
    said = with_unit(said, said_back)  # "15 is better" of "... within 15 minutes. Which ...?"
    asked = answered_subject(turn)
    if asked is not None:  # "around £250 each" after "What's the budget per person?"
        return [Fact(kind=PatchKind.DECISION, text=f"{asked}: {part.strip()}", role=turn.role,
                     turn=turn.index, slot=asked, op="=", value=said, source="rules",
                     session_id=turn.session_id)]
    return [Fact(kind=PatchKind.DECISION, text=part.strip(), role=turn.role, turn=turn.index,
                 op="=", value=said, source="rules", session_id=turn.session_id, referent=True)]
