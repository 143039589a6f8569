"""Friendly chat that only sounds like a rule.

People chatting say "must", "always", "never", "can't" and "love" all the time without
setting anything: a guess about someone's day ("That must have been so much fun!", "Your
garden must look incredible this time of year."), a description of someone or something
("My dad always knows how to cheer me up.", "A good walk always clears my head."), a
reaction ("I love how you put that!"), encouragement ("Keep it up!", "Don't ever give up
on the things you love."), an offer or a thanks ("If you ever need anything, just let me
know.", "No worries!"), a phrase said in passing ("Gotta run", "I have to say ..."), an
exclamation ("You can't beat a proper cup of tea!", "Can't wait!", "I never thought of it
that way"), how something is going ("The first draft is coming along nicely") and the past
with its subject left out ("Never been to Japan"). :func:`chatter` reads these forms; such a clause
is context (the sentence tier keeps it as said), never a constraint or a setting.

The evaluative words are a short closed list, as are the feeling words of
:mod:`.account`: the lexicons that rate emotions rate sentiment, not whether a word judges.
A value said with a guess or a reaction ("that must have taken 3 hours") does not make it
a setting, but a reaction to how the assistant works ("I love it when you add examples")
stays a stance.
"""

from __future__ import annotations

import re

from ..people import PEOPLE
from ..regex_gate import gated, may_match
from .cues import PREFERENCE_RE, VALUES, firm_rule_cue

__all__ = ["their_way", "chatter"]

_I = re.I

#: words that judge or feel: what a guess, a reaction or a description says of its thing
_EVALUATIVE = (
    r"nice|fun|great|amazing|incredible|awesome|lovely|cool|wonderful|fantastic|terrific|"
    r"brilliant|gorgeous|beautiful|stunning|magical|special|exciting|thrilling|hard|tough|"
    r"difficult|tiring|exhausting|exhausted|draining|stressful|frustrating|annoying|scary|"
    r"terrifying|sad|heartbreaking|awful|terrible|horrible|rough|crazy|wild|surreal|unreal|"
    r"overwhelming|rewarding|fulfilling|satisfying|liberating|relaxing|peaceful|inspiring|"
    r"proud|thrilled|relieved|delighted|excited|happy|glad|grateful|tired|worth|cute|sweet|"
    r"adorable|funny|hilarious|impressive|epic|intense|emotional|touching|memorable|"
    r"unforgettable|wholesome|refreshing|calming|challenging|empowering|cathartic|comfy|cozy|"
    r"cosy|stoked|over the moon")
_INTENSIFIER = r"(?:(?:so|really|such|quite|pretty|super|absolutely|truly|a bit|kind of|sort of)\s+)*"
_LEAD = r"^\W*(?:(?:oh|aw+|omg|wow|haha|lol|honestly|man|yeah|yes|ah|and|but|so)\W+)*"

# a guess: "that must have been fun", "must be nice ...", "your garden must look
# incredible", "losing all that must be so frustrating", "he must have been over the moon"
_GUESS_RE = re.compile(
    rf"\b(?:must|gotta)(?:\s+have|'ve)?\s+(?:been|felt|looked|sounded|seemed|be|feel|look|sound|seem)\s+"
    rf"(?:\w+\s+){{0,2}}?{_INTENSIFIER}(?:an?\s+)?(?:{_EVALUATIVE})\b"
    rf"|\b(?:it|that|this)(?:'s|\s+has)\s+got\s+to\s+be\b"
    rf"|(?:^\W*|\b(?:that|it|it's|this|you|he|she|they|there)\s+)(?:must(?:\s+have|'ve)|gotta\s+be)\s+(?:been|felt|had|"
    rf"taken|seemed|looked|sounded|made|an?)\b"
    rf"|^\W*must\s+(?:be|feel|look|sound|seem|have)\b"
    rf"|\bmust\s+have\s+(?:{_EVALUATIVE})\b"
    # "I can only imagine how tough it must be"
    rf"|\bhow\s+(?:\w+\s+)?(?:{_EVALUATIVE})\s+(?:that|it|this)\s+must\b"
    # "it won't be easy"
    rf"|\b(?:it|that|this)\s+(?:won't|will\s+not|isn't\s+going\s+to)\s+be\s+{_INTENSIFIER}"
    rf"(?:easy|{_EVALUATIVE})\b", _I)
# a description of someone else or a thing: "My dad always knows how to cheer me up",
# "Long baths always calm my nerves", "That song never gets old", "It's always nice to
# ...", "My brother never sits still"
_SUBJECT = (rf"(?:he|she|they|it|it's|that|this|there|(?:my|our|his|her|their|the|a|an|that|this)"
            rf"\s+(?:\w+\s+){{0,3}}?(?:{PEOPLE}|\w+s|\w+)|your\s+\w+|(?:\w+\s+)?\w+s|{PEOPLE})")
_EFFECT = (r"(?:make|makes|remind|reminds|cheer|cheers|fuel|fuels|clear|clears|help|helps|lift|"
           r"lifts|brighten|brightens|calm|calms|relax|relaxes|refresh|refreshes|inspire|inspires|"
           r"amaze|amazes|ceases?\s+to\s+amaze|"
           r"knows?\s+how\s+to\s+cheer)")
_DESCRIBED_RE = re.compile(
    rf"{_LEAD}{_SUBJECT}\s+(?:\w+\s+)?(?:always|never)\s+(?:\w+\s+){{0,4}}?(?:{_EVALUATIVE})\b"
    rf"|{_LEAD}{_SUBJECT}\s+(?:always|never)\s+{_EFFECT}\s+(?:\w+\s+)?(?:me|my|us|our)\b"
    rf"|\bnever\s+gets?\s+old\b|\byou\s+never\s+know\b", _I)
# said with no value: another person's way ("My brother never sits still", "my mum always
# worries"), or what is always so ("Baking with the kids is always fun")
_NO_VALUE_RE = re.compile(rf"{_LEAD}(?:(?:he|she|they|(?:my|our)\s+(?:{PEOPLE}))\s+(?:always|never)\s+\w+"
                           rf"|there(?:'s|\s+is|\s+are)\s+always\b)"
                           # "Baking with the kids is always fun"
                           rf"|\b(?:is|are|'s|'re|was)\s+always\s+(?:\w+\s+){{0,2}}?(?:{_EVALUATIVE}|"
                           rf"adventure|experience|pleasure|joy|treat|blast)\b"
                           # "Learning another language is tough", "the hotel was lovely"
                           rf"|\b(?:is|are|was|were)\s+{_INTENSIFIER}(?:totally\s+|truly\s+|absolutely\s+)?"
                           rf"(?:{_EVALUATIVE})\b"
                           # how something is going: "The first draft is coming along nicely"
                           rf"|\b(?:is|are|'s|'re|was|were)\s+(?:coming\s+along|going|shaping\s+up|"
                           rf"progressing|moving\s+along|working\s+out)\s+(?:much\s+)?{_INTENSIFIER}"
                           rf"(?:well|nicely|great|smoothly|fine|okay|ok|better|badly|slowly)\b", _I)
# a reaction to what is at hand: "I love how you put that", "love your enthusiasm", "I love
# it when a plan comes together" (not "I love it when you add examples": how to reply)
_REACTION_RE = re.compile(
    rf"{_LEAD}(?:i\s+)?(?:really\s+|just\s+|absolutely\s+|totally\s+)?(?:love|adore)\s+"
    r"(?:how|what|your|their|his|her|its|that|this|the way)\b"
    r"|" + _LEAD + r"(?:i\s+)?(?:really\s+|just\s+)?(?:love|adore)\s+it\b(?!.*\b(?:when|if|whenever)\s+you\b)"
    r"|\bi\s+(?:really\s+)?like\s+(?:it|that|this)\W*$"
    r"|\bi\s+(?:really\s+|truly\s+)?(?:value|appreciate)\s+(?:your|you|it|that|this)\b",
    _I)
# encouragement, offers, thanks: "keep it up", "you've got this", "don't ever give up on
# ...", "if you ever need anything, let me know", "I'm always here for you", "no prob"
_KIND_WORDS_RE = re.compile(
    r"\b(?:keep\s+it\s+up|keep\s+going|you(?:'ve|\s+have)?\s+got\s+this|hang\s+in\s+there|"
    r"(?:don't|do\s+not|never)\s+(?:ever\s+)?give\s+up|never\s+stop\s+being|"
    r"(?:don't|do\s+not)\s+be\s+so\s+hard\s+on\s+yourself|you\s+can\s+do\s+it|"
    r"i'm\s+(?:always\s+)?here\s+(?:for\s+you|to\s+(?:cheer|help|listen|support))|"
    r"keep\s+doing\s+what\s+makes\s+you|stay\s+positive|take\s+care\s+of\s+yourself|"
    r"don't\s+miss\s+a\s+beat|(?:always\s+|be\s+)?there\s+for\s+(?:me|you|us)|always\s+happy\s+to|"
    r"keep\s+me\s+posted|(?:don't|do\s+not)\s+let\s+(?:anything|anyone|it|that|them)\s+stop\s+you|"
    r"(?:don't|do\s+not)\s+be\s+afraid\s+to|always\s+here\s+to\s+help|thanks\s+for\s+always|"
    r"(?:don't|do\s+not)\s+hesitate\s+to|any\s?time\s+you\s+need|keep\s+pushing|"
    r"i'll\s+keep\s+that\s+in\s+mind)\b"
    r"|\bif\s+you\s+(?:ever\s+)?(?:need|want)\s+(?:any(?:thing)?|some(?:thing)?|help|a\s+hand|to\s+talk)\b"
    r".*\b(?:let\s+me\s+know|just\s+ask|give\s+me\s+a\s+shout|i'm\s+here)\b"
    # ("anytime!", never "any time I ask you to ...")
    r"|^\W*no\s+(?:prob|probs|problem|problems|worries|worry|biggie|sweat)\b|^\W*any\s?time\b(?!\s+(?:i|we|you|u)\s+[a-z])",
    _I)
# said in passing: "gotta run", "I have to say ...", "gotta admit", "gotta love British
# weather", "gotta try that recipe one day", "I don't have to stress about it anymore"
_IN_PASSING_RE = re.compile(
    r"^\W*(?:i\s+)?(?:gotta|got\s+to|have\s+to|had\s+to)\s+(?:run|go|dash|admit|say|love|hand\s+it\s+to)\b"
    r"|\b(?:gotta|got\s+to|have\s+to|must)\s+try\s+(?:that|this|it)\b"
    r"|\bi\s+(?:don't|do\s+not|won't)\s+have\s+to\s+(?:stress|worry)\b"
    # a recommendation to the one spoken to: "You should watch it!", "you have to try that"
    r"|^\W*(?:\w+\W+)?you(?:'ll)?\s+(?:just\s+)?(?:should|have\s+to|gotta|must)\s+"
    r"(?:totally\s+|definitely\s+|really\s+)?(?:(?:read|watch|try|see|check\s+out|listen\s+to|visit)\s+"
    r"(?:it|that|this|them|the)\b|come\s+(?:down|over|along|and\s+join)|join\s+(?:me|us))", _I)
# an exclamation: "you can't beat ...", "can't go wrong with ...", "can't wait", "can't
# believe", "can't complain", "you can't deny that cake looked perfect", "couldn't agree more"
_EXCLAIMED_RE = re.compile(
    r"\b(?:can't|cannot|can\s+not)\s+(?:beat|go\s+wrong|complain|wait|believe|get\s+enough|"
    r"thank\s+you\s+enough|deny\s+(?:that|it|this|how))\b|\bcouldn't\s+agree\s+more\b"
    r"|\b(?:won't|wouldn't)\s+believe\b"
    # a new thought on what was just said: "I never thought of it that way", "never noticed that"
    r"|\bnever\s+(?:thought|knew|reali[sz]ed|noticed|considered|imagined|guessed|looked\s+at)\s+"
    r"(?:of\s+|about\s+)?(?:it|that|this)\b", _I)
# the past with its subject left out: "Never been to Japan", "never had the chance"
_NEVER_DID_RE = re.compile(r"^\W*never\s+(?:been|had|seen|tried|heard|met|visited|watched|played)\b",
                           _I)
# each behind a test of the words it needs (most sentences hold none of them)
_FORMS = tuple(map(gated, (_GUESS_RE, _DESCRIBED_RE, _REACTION_RE, _KIND_WORDS_RE, _IN_PASSING_RE,
                           _EXCLAIMED_RE, _NEVER_DID_RE)))
_NO_VALUE = gated(_NO_VALUE_RE)
_ALL = (*_FORMS, _NO_VALUE)


# where a sentence of chat may go on to something else: "That must have been fun, but
# never book me anything on Sundays"
_PARTS_RE = re.compile(r"\s*(?:[,;:]|\s[-–—])\s*(?:(?:but|and|so|though|also)\s+)?|\s+but\s+", _I)


def _chat_part(text: str, valued: bool) -> bool:
    """``text`` reads as chat; ``valued``: its sentence says a value somewhere."""
    return any(rx.search(text) for rx in _FORMS) or (
        not valued and _NO_VALUE.search(text) is not None)


# another's way told as hearsay or judged ("apparently their recruiters never negotiate,
# interesting", "Opposing counsel always cc's everyone, it's absurd", "the place across the
# street never puts prices up, so pretentious"): no rule of the speaker's
_THEIR_WAY_RE = re.compile(
    r"^\W*(?:apparently|i\s+heard|turns\s+out|rumou?r\s+has\s+it)\b[^,;.!?]*\b(?:always|never)\b"
    r"(?!.*\b(?:so|please|pls)\s+(?:don't|never|always)\b|.*\blet'?s\b)"
    r"|^\W*(?!(?:i|we|you|please|pls|don't|do|never|always|just|and|also)\b)[^,;.!?]{2,60}?\b(?:always|never)\b[^,;.!?]*"
    r"[,;.!]\s*(?:(?:it's|its|it\s+is|that's|thats|which\s+is|so|how|just|pretty|kinda|sooo*)\s+)*"
    r"(?:(?:so|really|totally|completely|absolutely|such\s+a)\s+)?(?:absurd|annoying|ridiculous|pretentious|"
    r"interesting|weird|funny|crazy|wild|typical|rude|frustrating|infuriating|hilarious|bizarre|insane|silly|"
    r"lol|haha|unreal|nuts|mad)\b", _I)


def their_way(text: str) -> bool:
    """``text`` tells another's way as hearsay or judges it (:data:`_THEIR_WAY_RE`)."""
    low = text.lower()
    return ("always" in low or "never" in low or "apparently" in low) and _THEIR_WAY_RE.search(text) is not None


def chatter(text: str) -> bool:
    """``text`` is friendly chat of one of the forms above, however much it sounds like a
    rule: a part of it is, and no other part states a rule or a preference."""
    if not any(may_match(f, text) for f in _ALL):
        return False  # (no part of it holds the words any form needs)
    parts = [p for p in _PARTS_RE.split(text) if p and p.strip()]
    # (only the forms that need no value ask whether one is said)
    valued = may_match(_NO_VALUE, text) and VALUES.search(text) is not None
    if len(parts) <= 1:
        return _chat_part(text, valued)
    chat = [_chat_part(p, valued) for p in parts]
    if any(chat):
        return not any(not c and (firm_rule_cue(p) or PREFERENCE_RE.search(p))
                       for p, c in zip(parts, chat))
    return _chat_part(text, valued) and not any(
        firm_rule_cue(p) or PREFERENCE_RE.search(p) for p in parts)
