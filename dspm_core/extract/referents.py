"""Revisions that name their setting only by a referent: "raise that to 25 MB".

"Make it 3", "move it to 4 AM", "change it to 650 dollars", "we resized it, it's 500 GB
now", "switch that from 6:30am to 7am": the sentence carries a new value and a revision (a
verb such as raise, move, make, or "it's ... now / instead"), but its subject is "it" or
"that". So do a change said by how much and then what it comes to ("add 10 more, so 40
chairs total", "one fewer now, so 2 meals a day": the total, never the amount) and the same
again with another value ("the same thing but $12 a week"). Such a sentence becomes
one fact marked ``referent``; the store binds it to the setting of that kind of value
spoken of last (:func:`dspm_core.resolve.resolve`), or keeps it as a fact of its own
when nothing fits.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..known_names import name_category
from ..lexicon import is_base_verb
from ..clock_words import in_digits
from ..number_words import spoken_numbers
from ..patch import Fact, PatchKind, Turn
from ..said_forms import pointed_to_words
from ..topics import topic_named
from ..slots import CORRECTING, NOT_FIRST_RE, parse_statement, stance_object, value_alone, value_at
from ..values import VALUE_RE
from .cues import ONE_TO_TEN
from .elliptical import elliptical_value
from ..resolve import read_here
from ..venues import venue_said

__all__ = ["referent_fact", "values_said_back"]

_I = re.I
_VERBS = (r"make|set|change|raise|lower|bump|move|push|pull|shift|drop|cut|increase|decrease|"
          r"reduce|extend|shorten|double|triple|halve|update|switch|adjust|send|schedule|"
          r"resize|resized|bring|put|lift|up|boost|trim|stretch|postpone|delay|reschedule|"
          r"loosen|tighten|cap|limit|call")
# "<verb> it/that (up/down/back) (to/at/for/by) <value>"
_VERB_PRONOUN_RE = re.compile(
    rf"\b(?:{_VERBS})(?:s|d|ed|ing|ping|ped)?\s+(?:it|that|this|the\s+(?:main|usual|regular|original|current|existing)"
    r"(?=\s+one\b))(?:\s+one)?\s+(?:(?:up|down|back|forward|out)\s+)?"
    r"(?:from\s+[^,;]{1,25}?\s+to\s+|(?:to|at|for|by|until|till|in)\s+)?(?:the\s+)?(?=\S)"
    r"|\b(?:keep|hold)(?:s|ing)?\s+(?:it|that|this)\s+at\s+(?=\S)", _I)  # "we're holding it at 8"
# "it's 500 GB now", "it's due April 2 this time", "that is 10 MB from now on"
_IT_IS_RE = re.compile(
    r"\b(?:it's|its|it is|it'll be|it will be|that's|thats|that is|it's now|it is now)\s+"
    r"(?:now\s+|going to be\s+|gonna be\s+|due\s+|on\s+|at\s+|set to\s+|down to\s+|up to\s+|only\s+|just\s+)*"
    r"(?:the\s+)?(?=\S)", _I)
# "it's been bumped to 25", "that got pushed back to the 14th", "it was raised to 5 seats",
# "it's going up to 1525 starting march"
_IT_CHANGED_RE = re.compile(
    r"\b(?:it|that|this)(?:'s|\s+is|\s+has|\s+was|\s+got|\s+just\s+got|(?=\s+went))\s+(?:now\s+|just\s+|been\s+|now\s+been\s+)*"
    r"(?:bumped|raised|moved|pushed|changed|increased|decreased|lowered|cut|upped|dropped|reduced|"
    r"going\s+(?:up|down)|gone\s+(?:up|down)|went\s+(?:up|down)|dropping|rising|climbing|jumping|jumped|"
    r"extended|shortened|updated|shifted|switched|knocked|brought|rescheduled|postponed|capped)"
    r"(?:\s+(?:up|down|back|forward|out))?\s+(?:to|until|till)\s+(?:the\s+)?(?=\S)", _I)
# "the airline's moved us to the 13:20", "they rebooked me onto the 9am", "give people till
# the 5th": a change of what was held for the speaker, or of how long others have
_MOVED_US_RE = re.compile(r"\b(?:(?:(?:moved|switched|put|rebooked|bumped|transferred|shifted|pushed|moving|pushing|"
                          r"bumping|shifting|switching|putting)\s+(?:us|me|him|her|them)\s+"
                          # "the owner negotiated us down to seven percent"
                          r"|(?:negotiated|talked|beat|knocked|bargained|haggled)\s+(?:us|me|him|her|them)\s+(?:down|up)\s+)"
                          r"(?:on\s*)?to|give\s+(?:people|them|everyone|everybody|folks|guests)\s+"
                          r"(?:till|until|up\s+to))\s+(?:the\s+)?(?=\S)", _I)
# "we're keeping them a week from now on", "hold those for 10 days instead": how long
_KEPT_FOR_RE = re.compile(r"\b(?:keep|keeping|kept|hold|holding|store|storing|retain|retaining)\s+"
                          r"(?:it|them|those|these|that)\s+(?:for\s+)?(?=\S)", _I)
# an amount a value moves by ("half an hour later", "2 more", "10 minutes earlier")
_BY_AMOUNT_RE = re.compile(r"\s+(?:later|earlier|sooner|more|less|fewer|longer|shorter|back|forward|extra)\b", _I)
# where the value lands after the amount ("..., 7", "..., so 7:00", "..., to 7", "..., making it 40")
_LANDS_AT_RE = re.compile(r"\s*[,;:–—-]\s*(?:so\s+|to\s+|i\.?e\.?\s+|making\s+it\s+|which\s+makes\s+it\s+|"
                          r"that's\s+|thats\s+)?(?=[$€£]?\d)", _I)
# a value said first, then that it is the one now ("9090 — that's the port now", "5433 -
# that's what I use now")
_VALUE_FIRST_RE = re.compile(r"^\W*(?P<value>[$€£]?\d[\w.,:%]*(?:\s?[a-z]{1,5})?)\s*(?:[—–-]+|,|:)\s*(?:that's|thats|that is|it's|its)\s+"
                             r"(?:the\s+[\w-]+(?:\s+[\w-]+)?|what\s+(?:i|we)\s+(?:use|run|need|want|have))\s+now\b", _I)
# a flag turned on or off through a pointer ("flip the flag off", "set it to true",
# "disable it again")
_FLIPPED_RE = re.compile(r"\b(?:(?:flip|turn|switch|set|toggle|put)\s+(?:it|that|this|the\s+flag|that\s+flag)\s+"
                         r"(?:back\s+)?(?:to\s+)?(?P<to>on|off|true|false)\b"
                         r"|(?P<verb>disable|enable)\s+(?:it|that|this|the\s+flag|that\s+flag)\b)", _I)
# a value that follows from what a sentence says, alone at its end ("..., so 6pm")
_SO_VALUE_RE = re.compile(r"(?:[,;]\s*|\s+)(?:and\s+)?so\s+(?P<value>[$€£]?\d[^,;.!?]{0,12}?)\s*[.!]*$", _I)
# a number in words after "so", at the end ("two dropped out so six")
_SO_WORDS_RE = re.compile(r"(?<=\bso\s)(?P<n>[a-z]+(?:[\s-][a-z]+){0,2})\s*[.!]*$", _I)


def _so_digits(m: re.Match[str]) -> str:
    """The number in words after "so" in digits, when it is one number and nothing else ("a
    month" is 1 month)."""
    one = _ONE_PERIOD_RE.match(m.group("n"))
    if one is not None and len(m.group("n").split()) == 2:
        return _ONE_PERIOD_RE.sub("1 ", m.group("n"), count=1)
    spoken = spoken_numbers(m.group("n"))
    return f"{spoken[0][1]:g}" if len(spoken) == 1 and spoken[0][0].group(0) == m.group("n") else m.group(0)


# a name of a known kind said to be what "it" is ("turns out it's UTC", "nah it's yarn now")
_IT_IS_NAME_RE = re.compile(r"\b(?:it's|its|it is|that's|thats|that is)\s+(?:now\s+|actually\s+|really\s+)?"
                            r"(?P<name>[\w.+#-]+(?:\s+(?:actions|ci|code|teams))?)(?=\s*(?:[.!,;]|$|\s+(?:now|instead|"
                            r"actually|these days|from now on|going forward)\b))", _I)
_CAPPED_RE = re.compile(r"\b(?:cap|caps|capped|limit|limits|limited)\b", _I)
# "sorry, I meant 25mg", "no, we meant 1500": a correction of the value just given
_MEANT_RE = re.compile(r"\b(?:i|we)\s+(?:actually\s+)?meant\s+(?:the\s+)?(?=\S)", _I)
# "typo, should be 30 seconds", "my bad, fifteen guests", "oops, it's 7:30": a correction of
# the value just given, said first
_CORRECTED_RE = re.compile(r"^\W*(?:(?:ok(?:ay)?|oh|ah|ugh|sorry)[\s,]+)*"
                           rf"(?:{CORRECTING}|correction)\b(?:[\s,.:;!-]|lol|haha)*"
                           r"(?:(?:it|that)\s*(?:'s|s|\s+is|\s+should\s+be)\s+|should\s+be\s+|"
                           r"(?:i|we)\s+meant\s+)?(?=\S)", _I)
# "we're relaxing that, 24 hours is plenty", "bump it up - 12": the pointer changed, then its
# new value said alone
_CHANGED_THEN_RE = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|and|actually|right|hmm+|yeah)[\s,]+)*"
    r"(?:(?:we're|we are|i'm|i am|let's|lets|we'll|i'll|we|i|can you|please)\s+)?(?:going to\s+)?"
    rf"(?:{_VERBS}|relax|ease|lengthen|loosen)(?:s|d|ed|ing|ting|ping|ming)?\s+(?:it|that|this)"
    r"(?:\s+(?:up|down|back|a bit|a little|a touch))?\s*[,;:–—-]+\s*(?P<rest>\S.*)$", _I)
# a move to a new value with no name of what moves: "the team voted to go to 100 chars",
# "we're going to an hour", "we decided to drop it to 3" (never a wish: "want to cut down to 2")
_MOVE_TO_RE = re.compile(
    r"\b(?:(?:voted|decided|agreed|chose|opted)\s+to\s+|(?:we're|we are|i'm|i am|let's|lets)\s+)"
    r"(?:go|going|move|moving|drop|dropping|bump|bumping|cut|cutting|raise|raising|"
    r"lower|lowering|shift|shifting)\s+(?:(?:it|that)\s+)?(?:(?:up|down|back)\s+)?to\s+(?=\S)", _I)
# one of a period said with "a" ("move it to an hour", "push it to a week")
_ONE_PERIOD_RE = re.compile(r"^an?\s+(?=(?:hour|minute|second|day|week|fortnight|month|year)s?\b)", _I)
# a value said, then taken up: "apparently Thursdays get better open rates, let's do that"
# or asked to be put in ("the house style is 4 spaces, so change that", "..., move it")
_DO_THAT_RE = re.compile(r"[,;]\s*(?:so\s+)?(?:(?:let's|lets|we'll|i'll|we should|we can)\s+(?:do|go with|switch to|"
                         r"move (?:it )?to|try|make it)|(?:please\s+|can you\s+)?(?:change|update|adjust|fix|move|switch|shift)\s+"
                         r"(?:the\s+(?:config|file|settings?)\s+to\s+)?)\s*(?:that|those|them|it)?(?:\s+instead)?"
                         r"(?:\s+(?:please|pls|then|accordingly))?\s*[.!]?$", _I)
# "hold it for 5 days instead", "keep that at 3 now": any verb, with a cue of change
_ANY_VERB_PRONOUN_RE = re.compile(
    r"\b(?P<verb>[a-z]+)\s+(?:it|that)\s+(?:to|at|for|by|until|till)\s+(?:the\s+)?(?=\S)", _I)
# a clause naming what changed, before the pointer that gives it its new value
_MOVED_RE = re.compile(r"^\W*(?:(?:so|and|ok(?:ay)?|oh|ugh|btw)[\s,]+)*(?:the\s+|my\s+|our\s+)?"
                       r"(?P<what>[a-z][\w'-]*(?:\s+(?!got\b|has\b|was\b|is\b)[\w'-]+){0,4}?)\s+"
                       r"(?:got|has been|was|is being|has|is|'s)\s+(?:been\s+)?(?:shifted|moved|changed|"
                       r"pushed(?:\s+back)?|rescheduled|postponed|delayed|bumped|brought forward)\b"
                       r"[^,;.]*[,;.]\s*(?:so\s+|and\s+)?(?:can you\s+|please\s+)?$", _I)
# a clause judging what then changes, before the pointer ("the lock timeout is too short,
# bump it to 20s"): "it" is what it judges
_JUDGED_WHAT_RE = re.compile(r"^\W*(?:(?:so|and|ok(?:ay)?|oh|ugh|hmm+)[\s,]+)*(?:the|my|our)\s+"
                             r"(?P<what>[a-z][\w'-]*(?:\s+(?!is\b|are\b)[\w'-]+){0,3}?)\s+(?:is|are|'s|feels|seems)\s+"
                             r"(?:(?:way|far|much|a bit|a little|kinda|really|just)\s+)?(?:too\s+[a-z]+|not\s+[a-z]+\s+enough)"
                             r"\s*[,;.]\s*(?:so\s+)?(?:can you\s+|please\s+)?$", _I)
_CUE_RE = re.compile(r"\b(?:now|instead|actually|change (?:it|that)|from now on|anymore|this time|going forward|nvm|"
                     r"never mind|scratch that|"
                     r"wait|no|nope|nah|hm+|turns out|apparently|misremembered|mixed up|mixing|my bad|"
                     r"sorry|oops|correction|btw|wrong|misread|misheard|"
                     r"starting|from today|changed|moved|resized|updated|raised|lowered|"
                     r"bumped|dropped|delayed|postponed|pushed|extended)\b", _I)
# where a consequence of what a sentence says opens ("..., so mornings could work now")
_CONSEQUENCE_RE = re.compile(r"[,;]\s*(?:and\s+)?so\s+(?!(?:it|that)(?:'s|\s+is|'ll|\s+will)\b)", _I)
# what makes the consequence a question, a request or a supposition
_ASKED_RE = re.compile(r"\?|\b(?:if|whether|maybe|what if|you|u)\b", _I)
# the "so" that opens a consequence
_SO = r"(?:^|[,;:]\s*|\s)so\s+"
# the "so" right before a pointer ("..., so it'll be April 10")
_SO_RE = re.compile(_SO + "$", _I)
# a value taken with "it is" after it ("so 15 minutes it is", "ok, Saturday it is")
_TAKEN_RE = re.compile(r"(?:^|[,;:]\s*)(?:(?:so|then|ok(?:ay)?|fine|alright)\s+)?(?P<value>[^,;:]{1,30}?)"
                       r"\s+it\s+is\s*[.!]*\s*$", _I)
# a plan said as the consequence of a reason ("half of them are busy that night so we're
# doing saturday"): the value it takes up
_SO_PLAN_RE = re.compile(_SO + r"(?:we're|we are|we'll|we will|i'm|i am|i'll|i will)\s+"
                         r"(?:doing|going with|going for|having it|doing it|making it|meeting|moving it to)\s+"
                         r"(?:on\s+|at\s+)?(?=\S)", _I)
# what a value is said to be for, when that is a thing of its own ("€25 for the airport
# transfer"), not a time or a person ("for now", "for me", "for the week")
_FOR_ANOTHER_RE = re.compile(r"\s+(?:for|of)\s+(?:the|my|our|a|an)\s+(?!(?:week|weekend|day|month|year|"
                             r"time|moment|rest|whole|next|first|last)\b)[a-z]", _I)
# a change said by how much, then what it comes to: "add 10 more, so 40 chairs total",
# "give her 15 more minutes, so 35 minutes total", "one fewer now, so 2 meals a day"
_BY_HOW_MUCH_RE = re.compile(rf"\b(?:\d+(?:\.\d+)?|{ONE_TO_TEN}|a\s+couple|"
                             r"a\s+few)\s+(?:\w+\s+)?(?:more|fewer|less|extra)\b|"
                             r"\b(?:another|an?\s+extra|an?\s+additional)\s+\d|\bby\s+[$€£]?\d", _I)
_COMES_TO_RE = re.compile(r"(?:[,;]|\s[-–—])\s*(?:and\s+)?(?:so\s+(?:(?:that|it)(?:'s|s|\s+is)\s+|"
                          r"we(?:'re|\s+are)\s+at\s+)?|(?:that|which)\s+makes?\s+(?:it\s+)?|making\s+(?:it\s+)?|"
                          r"for\s+a\s+total\s+of\s+)(?=[$€£]?\d)", _I)
# "the same thing but $12 each", "same again but at 7:30": the setting spoken of, another value
_SAME_BUT_RE = re.compile(r"^\W*(?:(?:ok(?:ay)?|so|and|actually|right)[\s,]+)*(?:the\s+)?same\s+"
                          r"(?:(?:thing|deal|again|setup|plan|time|day|place|price|slot|room|as\s+before|as\s+last\s+time)\s*)?,?\s*but\s+"
                          r"(?:(?:make\s+it|at|for|on|with)\s+)?(?=\S)", _I)
_TOTAL_WORDS = frozenset("total altogether overall".split())
# what a change counts: "two more people", "15 more minutes"
_COUNTED_RE = re.compile(r"\b(?:more|fewer|less|extra|another|additional)\s+"
                         r"(?!(?:than|now|then|and|so|to|of|for|please|pls|at|on|in|this|next)\b)"
                         r"(?P<what>[a-z]{3,})\b", _I)
# a sentence that names its own subject before the pronoun is not a bare referent
_NOT_A_REVISION_RE = re.compile(r"\?\s*$|\b(?:if|whether|would|could|might|maybe|what if)\b", _I)


# a value of the reason said before, then taken as the setting's ("..., so we're capping it
# there", "..., so go with that")
_HELD_THERE_RE = re.compile(
    r"\bso\s+(?:(?:we're|we\s+are|we'll|i'll|we\s+have\s+to|let's|lets|just|we\s+can)\s+)*"
    r"(?:(?P<cap>capping|cap|capped|limiting|limit|keeping|keep|holding|hold|leaving|leave)\s+(?:it|that|this|them|things)\s+there"
    r"|(?:go|going|stick|sticking)\s+with\s+(?:that|it|this))\b", _I)
# "2 is the most we can do", "12 is the max we can seat"
_THE_MOST_RE = re.compile(r"(?<![\w.,:])(?P<value>\d+)\s+is\s+(?:the\s+|our\s+)?(?:most|max|maximum|limit|cap)\s+"
                          r"(?:(?:we|i|they|you)\s+can\s+(?:do|take|fit|manage|handle|afford|seat|host|run|have)|"
                          r"(?:we|i)\s+can\b)", _I)


def _pointer_fact(turn: Turn, text: str, value: str, op: str = "=") -> Fact:
    """The fact of ``text`` as a new ``value`` of the setting a pointer means."""
    return Fact(kind=PatchKind.DECISION, text=text, role=turn.role, turn=turn.index, op=op,
                value=value, source="rules", session_id=turn.session_id, referent=True)


def _measured_at(text: str) -> str | None:
    """The value ``text`` opens with, when it is a measure, an amount, a count, a date or a
    time (never words or a name, which a pointer leaves to :func:`pointed_to_words`)."""
    found = value_at(text)
    return found[1] if found is not None and found[0].dimension not in ("free", "name") else None


def referent_fact(turn: Turn, sentence: str) -> Fact | None:
    """The fact of a revision whose setting is named only by "it" / "that", if the
    sentence is one."""
    s = sentence.strip()
    lead_clause, comma, rest = s.partition(", ")
    if comma and _VERB_PRONOUN_RE.search(lead_clause) and not _NOT_A_REVISION_RE.search(lead_clause) \
            and _NOT_A_REVISION_RE.search(rest) and not rest.rstrip().endswith("?"):
        # "switch the main one to 48 hours before, people need time to rearrange if they
        # can't make it": a supposition in the reason says nothing of the change
        pointed = referent_fact(turn, lead_clause)
        return replace(pointed, text=s) if pointed is not None else None
    head, *tail = _CONSEQUENCE_RE.split(s, 1)
    if (_NOT_A_REVISION_RE.search(head) or tail and _NOT_A_REVISION_RE.search(tail[0])
            and _ASKED_RE.search(tail[0])) \
            and not re.match(r"^(?:can|could) (?:we|you)\b", s, _I):
        return None  # (a modal in what follows from it says nothing of the value: "it's only
        # 15 minutes, so mornings could work now"; a question or a supposition there does)
    if NOT_FIRST_RE.match(s):  # "not $60, $80": the store finds the setting by its old value
        st = parse_statement(s)
        if st.old_value and st.value:
            return Fact(kind=PatchKind.DECISION, text=s, role=turn.role, turn=turn.index,
                        op="=", value=st.value, source="rules", session_id=turn.session_id)
    at = venue_said(s)
    if at is not None and at[0] is None:  # "hm no, it's room 4F", "Hanley bus station it is"
        return _pointer_fact(turn, s, at[1])
    read = in_digits(s)  # "make it five", "move it to quarter to seven"
    same = _SAME_BUT_RE.match(read)
    value = _measured_at(read[same.end():]) if same else None
    if value is not None:
        return _pointer_fact(turn, s, value)
    comes = _COMES_TO_RE.search(read)
    if comes and _BY_HOW_MUCH_RE.search(read, 0, comes.start()):
        found = value_at(read[comes.end():])
        if found is not None and found[0].dimension not in ("free", "name"):
            value = found[1]
            if (found[0].unit or "").lower() in _TOTAL_WORDS:  # "two more people, so 8 total": 8 people
                counted = _COUNTED_RE.search(read, 0, comes.start())
                value = f"{value.split()[0]} {counted.group('what')}" if counted else value.split()[0]
            return _pointer_fact(turn, s, value)
    for rx, needs_cue in ((_VERB_PRONOUN_RE, False), (_IT_CHANGED_RE, False), (_MOVE_TO_RE, False), (_MOVED_US_RE, False), (_IT_IS_RE, True), (_ANY_VERB_PRONOUN_RE, True), (_KEPT_FOR_RE, True),
                          (_MEANT_RE, False), (_CORRECTED_RE, False)):
        for m in rx.finditer(read):
            if rx is _ANY_VERB_PRONOUN_RE and not (
                    is_base_verb(m.group("verb")) or m.group("verb").lower().endswith("s")
                    and is_base_verb(m.group("verb")[:-1])):  # "wants it at 10 minutes"
                continue
            rest = read[m.end():]
            if rx is _MOVE_TO_RE or rx is _KEPT_FOR_RE:  # "we're going to an hour", "keeping
                # them a week" (never "push it a week, to june 14")
                rest = _ONE_PERIOD_RE.sub("1 ", rest, count=1)
            if not VALUE_RE.match(rest):
                continue
            found = value_at(rest)
            if found is None:
                continue
            pv, text = found
            if _BY_AMOUNT_RE.match(rest, len(text)):
                # "push it half an hour later, 7": how much it moves, then where it lands
                total = _LANDS_AT_RE.search(rest, len(text))
                landed = value_at(rest[total.end():]) if total else None
                if landed is not None and landed[0].dimension not in ("free", "name"):
                    pv, text = landed  # (else the amount: the store moves the value by it)
            if needs_cue and not _CUE_RE.search(s) and not _SO_RE.search(read, 0, m.start()):
                continue  # (a consequence is a change: "legal wants one more pass, so it'll be April 10")
            if pv.dimension == "free" or _FOR_ANOTHER_RE.match(rest, len(text)):
                continue  # "its €25 for the airport transfer": the value of another thing
            if rx is _IT_IS_RE and read_here(rest[len(text):]):
                return None  # "it's 18 degrees in here now": a reading of where one is
            if rx is not _CORRECTED_RE and stance_object(read[:m.start()]):
                return None  # "i hate black's default line length, set it to 100": "it" is named
            moved = _MOVED_RE.match(read[:m.start()]) or _JUDGED_WHAT_RE.match(read[:m.start()])
            # ("oh and simulation distance, make that 8": "that" is the thing named)
            before = read[:m.start()]
            what = moved.group("what") if moved else topic_named(before.rstrip(" ,:")) \
                if re.search(r"[,:]\s*$", before) else None
            if what:  # "dinner with Sam got shifted, make it 8:15": "it" is the dinner
                return Fact(kind=PatchKind.DECISION, text=s, role=turn.role, turn=turn.index,
                            slot=what, op="=", value=text, source="rules",
                            session_id=turn.session_id)
            # "cap it at 50": a bound, never the value of a minimum
            op = "<=" if _CAPPED_RE.match(m.group(0)) else "="
            return _pointer_fact(turn, s, text, op)
    held_there = _HELD_THERE_RE.search(read)
    of_reason = [value_at(read[m.start(): held_there.start()])
                 for m in VALUE_RE.finditer(read, 0, held_there.start())] if held_there else []
    reason_value = of_reason[0] if len(of_reason) == 1 else None
    if held_there is not None and reason_value is not None and reason_value[0].dimension not in ("free", "name"):
        # "the rooms only seat 12 so we're capping it there", "the boss only signed off on 600
        # so go with that": the one number of the reason is the new value
        return _pointer_fact(turn, s, reason_value[1], "<=" if held_there.group("cap") else "=")
    most = _THE_MOST_RE.search(read)
    if most is not None:  # "so honestly 2 is the most we can do": a new cap
        return _pointer_fact(turn, s, most.group("value"), "<=")
    taken_up = _DO_THAT_RE.search(read)
    up = [value_at(read[m.start(): taken_up.start()]) for m in VALUE_RE.finditer(read, 0, taken_up.start())] \
        if taken_up else []
    # (a value with its kind, never a bare number: "60x60 will look less busy, lets do those")
    value = up[0][1] if len(up) == 1 and up[0] is not None \
        and up[0][0].dimension not in ("free", "name", "number") else None
    if value is not None:
        return _pointer_fact(turn, s, value)  # "Thursdays get better open rates, let's do that"
    then = _CHANGED_THEN_RE.match(read)
    value = elliptical_value(then.group("rest")) if then else None
    if value is not None:
        return _pointer_fact(turn, s, value)  # "we're relaxing that, 24 hours is plenty"
    plan = _SO_PLAN_RE.search(read)
    value = _measured_at(read[plan.end():]) if plan else None
    if value is not None:
        return _pointer_fact(turn, s, value)  # "..., so we're doing saturday"
    so_value = _SO_VALUE_RE.search(read) or _SO_VALUE_RE.search(_SO_WORDS_RE.sub(_so_digits, read))
    ends_with = so_value.group("value").strip() if so_value and _CUE_RE.search(s) else ""
    value = _measured_at(ends_with) if ends_with else None
    if value is not None and value == ends_with:
        return _pointer_fact(turn, s, value)  # "actually the vet wants it with dinner, so 6pm"
    taken = _TAKEN_RE.search(read)
    said = taken.group("value").strip() if taken else ""
    value = _measured_at(said) if said else None
    if value is not None and value.lower() == said.lower():
        return _pointer_fact(turn, s, value)  # "the kids keep interrupting, so 15 minutes it is"
    first = _VALUE_FIRST_RE.match(read)
    said_first = first.group("value").strip() if first else ""
    found = value_at(said_first) if said_first else None
    if found is not None and found[0].dimension not in ("free", "name") and found[1] == said_first:
        return _pointer_fact(turn, s, found[1])  # "9090 — that's the port now"
    flag = _FLIPPED_RE.search(s)
    if flag is not None:  # "flip the flag off", "set it to true", "disable it"
        said = flag.group("to") or ("on" if flag.group("verb").lower().startswith("en") else "off")
        return _pointer_fact(turn, s, said)
    named = _IT_IS_NAME_RE.search(s)
    if named and _CUE_RE.search(s) and name_category(named.group("name")) is not None:
        return _pointer_fact(turn, s, named.group("name"))  # "turns out it's UTC", "it's pnpm now"
    words = pointed_to_words(s)
    if words is not None:  # "switch it to dusty blue and cream": a new value in plain words
        return _pointer_fact(turn, s, words)
    return None


#: the longest message whose value said alone is a revision ("hmm, 2.5 kg, we're not getting
#: through it"); in a longer one it is a piece of what is pasted or told ("... at a cost of
#: $180 000.")
MAX_SAID_BACK_WORDS = 12


def values_said_back(turn: Turn, facts: list[Fact]) -> list[Fact]:
    """``facts`` of a short message, a value said alone with its unit ("2.5 kg") made a
    revision that the store binds to the setting of that unit spoken of last."""
    if len((turn.text or "").split()) > MAX_SAID_BACK_WORDS:
        return facts
    out = []
    for f in facts:
        bare = value_alone(f.text) if f.kind is PatchKind.DECISION and not f.referent \
            and f.value is None and parse_statement(f.text).value is None else None
        out.append(f if bare is None else replace(f, op="=", value=bare.value, referent=True))
    return out
