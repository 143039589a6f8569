"""The user's own account: what they did, how they feel, what they acknowledge.

Words that mark a rule elsewhere sit in such clauses without setting one: "I've logged 42
miles by Sunday" (a comparator with a date), "I only managed 3 interviews" ("only"), "I'm
so grateful my sister cooked my favourite lasagna" ("my favourite"), "I see what you mean
about keeping the intro under 200 words" (the assistant's words), "This should cover
everything" (an expectation). Each predicate here reads one of those forms; :mod:`.user`
decides what the clause is then. Someone else's advice ("My mentor told me to ...") is read
by :func:`~.setting_forms.not_of_now`.

Past forms come from lemminflect's inflection tables (:func:`~dspm_core.lexicon.past_form`). The feeling words
are a short closed list: the lexicons that rate emotions either carry a non-commercial
licence or rate sentiment, not the word class needed here.
"""

from __future__ import annotations

import re

from ..lexicon import past_form

__all__ = ["acknowledges", "did", "expects", "feeling_about_own", "feels", "past_event", "told_of_other"]

_I = re.I

_LEAD = r"^(?:(?:so|and|but|also|well|honestly|anyway|plus|then|now|oh|ok(?:ay)?)\s*,?\s+)*"
_ADVERBS = (r"(?:\s+(?:already|just|recently|finally|also|only|successfully|since|even|"
            r"actually|really|somehow|eventually|barely|nearly|almost|mostly|"
            r"managed to|got to|ended up))*")
_DID_RE = re.compile(_LEAD + r"(?:i|we)(?P<aux>'ve|'d| have| had)?" + _ADVERBS
                     + r"\s+(?P<verb>[a-z]+)\b", _I)
# verbs whose past tense still sets something going: a goal, a plan, a choice
_SETS_GOING = frozenset("set decided planned agreed promised committed aimed targeted vowed "
                        "resolved chose chosen opted pledged".split())


def did(s: str) -> bool:
    """The clause tells what the user did: "I've logged ...", "We cut ... last sprint",
    "I only managed ...", "I used Grammarly to fix ..." (not "I've set a goal to ...")."""
    m = _DID_RE.match(s.strip())
    if m is None:
        return False
    verb = m.group("verb").lower()
    if verb in _SETS_GOING:
        return False
    return past_form(verb, perfect=m.group("aux") is not None) and (
        m.group("aux") is not None or verb not in _PRESENT_TOO)


# when a past event happened ("on Sunday", "in 2022", "last week")
_WHEN_PAST_RE = re.compile(r"\b(?:yesterday|last\s+(?:night|week|weekend|month|year|time|summer|winter|"
                           r"spring|autumn|fall)|\d+\s+\w+\s+ago|ago|in\s+(?:19|20)\d\d|this\s+morning|"
                           r"earlier\s+today|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|once(?=\s*[,.;!]|$))\b", _I)
# what changes or chooses a setting, said in the past as well ("we moved to Berlin in 2022")
_SETTING_VERBS = frozenset("moved switched changed upgraded downgraded migrated bought booked "
                           "signed joined started stopped quit cancelled canceled renamed hired "
                           "picked".split())
#: verbs whose past is no story: a goal or a choice set going, or a setting changed
_NO_STORY_VERBS = _SETS_GOING | _SETTING_VERBS


# a time of the past that opens the clause ("Yesterday I hit ...", "Back in 2019 I did ...",
# "Last year I never got ...")
_PAST_LEAD_RE = re.compile(r"^\W*(?:yesterday|last\s+(?:night|week|weekend|month|year|time|summer|winter|spring|"
                           r"autumn|fall|season|session|term)|back\s+in\s+(?:19|20)\d\d|in\s+(?:19|20)\d\d|"
                           r"\d+\s+\w+\s+ago|this\s+morning)\b[\s,]*(?:i\s+|we\s+|(?:the|my|our|his|her|their)\s+[a-z]+\s+|"
                           r"(?-i:[A-Z])[a-z]+\s+)(?:never\s+|once\s+)?", _I)


def past_event(s: str) -> bool:
    """The clause tells what the speaker did once, and when: "I ran a 10k on Sunday in 52
    minutes", "We went to Rome in 2022", "Yesterday I hit a 100kg deadlift" (a story, no
    setting; never a change or a choice made then: "we moved to Berlin in 2022")."""
    lead = _PAST_LEAD_RE.match(s.strip())
    if lead is not None:  # (its verb read in the past, whatever it reads as else: "hit")
        verb = re.match(r"[a-z]+", s.strip()[lead.end():].lower())
        return verb is not None and verb.group(0) not in _NO_STORY_VERBS and past_form(verb.group(0))
    m = _DID_RE.match(s.strip())
    if m is None or m.group("aux") is not None or not _WHEN_PAST_RE.search(s):
        return False
    verb = m.group("verb").lower()
    return verb not in _SETS_GOING and verb not in _SETTING_VERBS and verb not in _PRESENT_TOO \
        and past_form(verb)


# someone else's habit, told in the past ("My grandpa always ate a raw onion every morning")
_OTHERS_HABIT_RE = re.compile(_LEAD + r"(?:my|our|his|her|their)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+"
                              r"(?:always|never|usually|often|would)\s+(?P<verb>[a-z]+)\b", _I)
# or, in any tense, of one outside the household or a pet ("my sister don't eat anything
# green", "my cat always sits on my keyboard")
_OTHERS_NOW_RE = re.compile(_LEAD + r"(?:(?:haha|lol)\s+)?(?:my|our)\s+(?:sister|brother|friend|mate|cousin|aunt|"
                            r"uncle|grandpa|grandma|nan|gran|grandad|neighbou?r|cat|dog|pet|parrot|hamster|"
                            r"flatmate|roommate|coworker|colleague)s?\s+(?:always|never|usually|often|"
                            r"don'?t|doesn'?t)\s+\w", _I)


def told_of_other(s: str) -> bool:
    """The clause tells another person's habit in the past: "My grandpa always ate a raw
    onion every morning" (an anecdote; "my son never eats breakfast" is in the present), or
    in any tense the habit of someone outside the household or of a pet ("my sister don't
    eat anything green", "my cat always sits on my keyboard")."""
    if _OTHERS_NOW_RE.match(s.strip()):
        return True
    m = _OTHERS_HABIT_RE.match(s.strip())
    return m is not None and past_form(m.group("verb").lower()) and m.group("verb").lower() not in _PRESENT_TOO


# simple pasts that read as the present as well after "I" ("I cut onions daily"); after
# "I've" they are participles
_PRESENT_TOO = frozenset("cut put set hit let read quit shut spread cost hurt bet".split())

_FEELINGS = (r"grateful|thankful|thrilled|happy|glad|proud|relieved|excited|motivated|nervous|"
             r"anxious|sad|upset|frustrated|disappointed|overwhelmed|stressed|confident|"
             r"optimistic|hopeful|pleased|delighted|satisfied|impressed|amazed|surprised|"
             r"inspired|encouraged|energi[sz]ed|exhausted|tired|bummed|stoked|psyched|"
             r"touched|blessed|lucky|fortunate|humbled|honou?red|ecstatic|content")
_FEELS_RE = re.compile(
    _LEAD + r"(?:i(?:'m| am| was|'ve been| have been)|i\s+(?:really\s+|truly\s+|still\s+)?"
    r"(?:feel|felt)|(?:i'm|i am)\s+feeling|i've been feeling)\s+"
    r"(?:(?:so|really|very|kinda|kind of|pretty|super|a bit|a little|quite|truly|honestly|"
    r"incredibly|extremely|genuinely|deeply|beyond|absolutely|totally|more|most|\w+ly)\s+)*"
    r"(?:" + _FEELINGS + r")\b(?!\s+to\s)", _I)  # "motivated to finish ...": an aim
# the feeling's reason is something the user did: "... after finishing 12 pull requests"
_FEELING_DONE_RE = re.compile(r"\b(?:after|for|since|about)\s+(?:\w+\s+)?(?:completing|finishing|"
                              r"reaching|hitting|getting|scoring|passing|logging|writing|"
                              r"achieving|making|landing|securing|saving|earning)\b", _I)


def feels(s: str) -> bool:
    """The clause says how the user feels ("I'm so grateful ...", "I feel really proud
    after ...")."""
    return _FEELS_RE.match(s.strip()) is not None


# ... or the user's own event: "about my panel interview on July 20", "that I submitted ..."
_OWN_REASON_RE = re.compile(r"\b(?:about|for|of|with|before|after)\s+(?:\w+\s+){0,2}?(?:my|our|the|"
                            r"this|that|upcoming|next)\b"
                            r"|\b(?:that|because|since)\s+(?:i|we)\b", _I)


def feeling_about_own(s: str) -> bool:
    """A feeling whose reason is something the user did or has coming ("... after
    finishing 12 ...", "... about my interview on May 12", "... that I submitted ...")."""
    return _FEELING_DONE_RE.search(s) is not None or _OWN_REASON_RE.search(s) is not None


# "I understand your point about ...", "I see what you mean about ...": the assistant's
# words acknowledged, nothing new stated
_ACK_RE = re.compile(_LEAD + r"(?:i\s+(?:totally\s+|fully\s+|completely\s+)?(?:understand|see|get|"
                     r"hear|appreciate)\s+(?:your|what you|where you're|why you|how you|the point)"
                     r"|that makes sense\b(?!.*\b(?:so|please)\s+(?:always|never|keep|use|make)))", _I)


def acknowledges(s: str) -> bool:
    return _ACK_RE.match(s.strip()) is not None


# "This should cover everything", "That should be enough": an expectation, not a rule
_EXPECTS_RE = re.compile(
    _LEAD + r"(?:which\s+should\b|(?:this|that|these|those)\s+should\s+(?:\w+ly\s+)?"
    r"(?:cover|be enough|be fine|be ok(?:ay)?|be good|do|work|help|fix|suffice|get|give|keep|"
    r"make|take care|solve|handle|come out|leave|bring|mean|add up|be about|be around|"
    r"be roughly)\b)", _I)


def expects(s: str) -> bool:
    """The clause says what the user expects of something said before ("This should
    cover everything", "Which should come out to 0.25")."""
    return _EXPECTS_RE.match(s.strip()) is not None
