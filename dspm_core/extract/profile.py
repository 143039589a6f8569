"""What the user says about their life: the household, the home, the people they look after,
the languages they speak, what they are cutting down on and what they live on.

"We're a family of four.", "There are six of us in the house.", "Our house has two
bathrooms.", "My flat is on the fourth floor with no lift.", "My son plays rugby on Sunday
mornings.", "Our youngest can't have dairy.", "I speak French and some German.", "My first
language is Portuguese.", "I'm trying to cut down on caffeine.", "I'm trying to save £200 a
month.", "I'm on a student budget.", "I commute by train, about 50 minutes each way.": an
assistant that plans meals, trips, budgets or schedules must keep these, so each is a
critical fact, revisable as its setting.

Only the present of the user and their household is read here: "We were a family of four
until ...", "My colleague is coeliac", "If I saved £200 a month ..." and questions are
not (:func:`profile_kind` gives None).
"""

from __future__ import annotations

import re

from ..lexicon import is_base_verb, is_past_verb
from ..patch import PatchKind
from .home_facts import home_fact_kind

__all__ = ["profile_kind"]

_I = re.I
_OPEN = r"^\W*(?:(?:so|and|also|oh|well|btw|fyi|ok(?:ay)?|just so you know|for context|for reference)\b[,\s]+)*"
# the people a user keeps house with, and the animals
_HOUSEHOLD = (r"(?:wife|husband|partner|spouse|son|daughter|kids?|children|child|boy|girl|boys|girls|"
              r"twins|youngest|oldest|eldest|middle one|baby|toddler|teen|teenager|mum|mom|dad|"
              r"dog|cat|puppy|kitten)")
# "my son ...", "our youngest ...", "my partner's dog ..."
_OF_HOUSEHOLD = _OPEN + rf"(?:my|our)\s+(?:\w+\s+)?{_HOUSEHOLD}\s+"
_NUMBER = (r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)")

_FORMS: tuple[tuple[re.Pattern[str], PatchKind], ...] = (
    # "We're a family of four", "we are a household of 3", "There are six of us"
    (re.compile(_OPEN + rf"(?:we're|we are)\s+a\s+(?:family|household|group)\s+of\s+{_NUMBER}\b"
                rf"|{_OPEN}there(?:'s| is| are)\s+{_NUMBER}\s+of\s+us\b", _I), PatchKind.DECISION),
    # "Our house has two bathrooms", "My flat is on the fourth floor", "our garden's tiny"
    (re.compile(_OPEN + r"(?:our|my)\s+(?:house|home|flat|apartment|place|garden|kitchen|car|"
                r"bedroom|office|commute)\s+(?:has|is|'s|are|gets|takes)\s+(?!it\b|that\b)\S", _I),
     PatchKind.DECISION),
    # "Our youngest can't have dairy", "My partner is pescatarian": a rule of the household
    (re.compile(_OF_HOUSEHOLD + r"(?:(?:is|are|'s)\s+(?!going\b|"
                r"coming\b|visiting\b|having\b|off\b|away\b|out\b|in\b|at\b|on\b|so\b|such\b|"
                r"really\b|very\b|a\b|an\b|the\b)|(?:has|have|can't|cannot|can not|doesn't|does not|"
                r"don't|do not|won't|never|only|needs?)\b)", _I), PatchKind.CONSTRAINT),
    # "My son plays rugby on Sunday mornings", "my wife works from home on Mondays": a
    # household's setting, with its day, time or number
    (re.compile(_OF_HOUSEHOLD + r"(?:usually\s+|always\s+)?(?:goes|go|"
                r"plays?|works?|does|do|takes?|has|have|eats?|sleeps?|starts?|finishes|finish|gets?|"
                r"trains?|swims?)\b(?=.*\b(?:on|at|every|each|by|from|until)\s+\S*\d|.*\b(?:mon|tues|"
                r"wednes|thurs|fri|satur|sun)day)", _I), PatchKind.DECISION),
    # "I speak French and some German", "I'm fluent in Mandarin", "My first language is Portuguese"
    (re.compile(_OPEN + r"(?:i\s+(?:also\s+)?(?:speak|read|understand)\s+(?:(?:some|a little|a bit of|"
                r"basic|fluent|good)\s+)?(?-i:[A-Z])|i(?:'m| am)\s+(?:fluent|bilingual|native)\s+in\s+"
                r"(?-i:[A-Z])|my\s+(?:first|native|mother)\s+(?:language|tongue)\s+is\s+(?-i:[A-Z]))", _I),
     PatchKind.DECISION),
    # "I'm trying to cut down on caffeine", "I'm cutting back on screen time", "I'm trying to
    # save £200 a month", "I'm off sugar for Lent"
    (re.compile(_OPEN + r"i(?:'m| am)\s+(?:(?:trying|aiming|working|hoping)\s+to\s+|currently\s+|now\s+)?"
                r"(?:cut(?:ting)?\s+(?:down|back)\s+on|quit(?:ting)?|"
                r"giv(?:e|ing)\s+up|avoid(?:ing)?|stay(?:ing)?\s+off|sav(?:e|ing)\s+(?:up\s+)?"
                r"(?:[$€£]\s?\d|\d|for\b))", _I), PatchKind.CONSTRAINT),
    # "I'm on a student budget", "we're on a tight budget", "I'm on a low income"
    (re.compile(_OPEN + r"(?:i'm|i am|we're|we are)\s+on\s+a\s+(?:\w+\s+)?(?:budget|income|pension|"
                r"salary|wage|allowance)\b", _I), PatchKind.CONSTRAINT),
    # "I commute by train, about 50 minutes each way", "I cycle to work"
    (re.compile(_OPEN + r"(?:i|we)\s+(?:usually\s+|mostly\s+|always\s+)?(?:commute|travel|get)\s+"
                r"(?:to work\s+)?by\s+(?:train|bus|bike|car|tube|tram|ferry|metro|subway|coach)\b"
                r"|^(?:i|we)\s+(?:usually\s+|always\s+)?(?:cycle|walk|drive|bike)\s+to\s+(?:work|school|"
                r"the office|uni)\b", _I), PatchKind.DECISION),
)
# "I swim twice a week", "I walk 5,000 steps a day", "we eat out once a month": a habit kept,
# how often or how much
_HABIT_RE = re.compile(
    _OPEN + r"(?:i|we)\s+(?:usually\s+|normally\s+|generally\s+|typically\s+|still\s+|now\s+|currently\s+|"
    r"only\s+|always\s+)?(?P<verb>[a-z]+)\b", _I)
_HOW_OFTEN_RE = re.compile(r"\b(?:once|twice|three times|\d+\s*(?:x|times)|(?:a|per|each|every)\s+(?:day|week|"
                           r"month|night|morning|evening|year|weekday|weekend))\b", _I)
# what a speaker does in the head, not a habit ("I think twice a week is enough")
_NOT_HABITS = frozenset("think guess feel hope know wonder believe reckon suppose mean want wish need "
                        "like love hate prefer would should could might can will must".split())
# not of now: the past, a wish, a hypothetical ("if ...", "would"), a question
_NOT_NOW_RE = re.compile(r"\b(?:was|were|used to|until|if|would|wouldn't|might|could)\b|\?\s*$", _I)


def profile_kind(sentence: str) -> PatchKind | None:
    """The kind of fact ``sentence`` states about the user's life and household, or None."""
    s = sentence.strip()
    if _NOT_NOW_RE.search(s):
        return None
    habit = _HABIT_RE.match(s)
    if habit and habit.group("verb").lower() not in _NOT_HABITS and _HOW_OFTEN_RE.search(s, habit.end()) \
            and is_base_verb(habit.group("verb")):
        return PatchKind.DECISION
    for pattern, kind in _FORMS:
        m = pattern.search(s)
        if m is not None:
            last = m.group(0).split()[-1] if m.group(0).split() else ""
            if is_past_verb(last):
                return None
            return kind
    return home_fact_kind(s)
