"""Standing wishes said without the usual words of a rule.

* how to regard the user: "Treat me like a senior engineer.", "Assume I'm on Windows 11.",
  "talk to me like I'm five", "Address me as Dr. Patel.";
* a permission: "Emojis are totally fine.", "slang is fine by me" (a kind of thing, not
  "the first draft is fine");
* a thing not needed: "No need to apologise every time.", "You don't need to add
  disclaimers." (not "no need, I figured it out", "no need to reply to this one");
* a no-go: "Anything with mushrooms is a no-go for me.", "Pork is a hard no.", "Nothing
  before 8am please." (not "that restaurant is a no-go tonight");
* what works for the user: "Numbered steps are easier for me to follow.";
* who the user is, after a label: "Background: I teach year 9 maths.", "I go by Jules";
* a pair of more and less: "Less theory, more code.";
* a verbless contrast: "Bullet points, not paragraphs.", "code first, explanation after"
  (not "The blue one, not the red one");
* a wish with a standing scope: "I'd like all dates in ISO format from now on.";
* a diet kept for what is made: "keep it vegetarian", "keep the kids' meals nut-free";
* the kind of person the user is: "I'm a window-seat person", "we're a no-shoes household"
  (not "we're a family of four", nor someone else: "he's a cat person");
* a thing the user can't bear: "long intros do my head in", "nothing bugs me more than
  one-letter names" (not a person, "my flatmate gets on my nerves", nor a moment, "the
  kids are driving me up the wall today").

:func:`stance_kind` gives the kind of fact (a constraint) or None; :func:`contrasted` reads
a whole sentence.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..known_names import names_pattern
from ..lexicon import is_verb_only
from ..called import called_name
from ..patch import PatchKind
from ..people import PEOPLE
from ..values import VALUE_RE

__all__ = ["about_me_label", "contrasted", "needs_nothing_now", "stance_kind"]

_I = re.I
_LEAD = r"^(?:(?:ok(?:ay)?|so|and|also|btw|oh|fyi|honestly|tbh|just)[\s,]+)*(?:please\s+|pls\s+)?"

_TREAT_RE = re.compile(
    _LEAD + r"(?:(?:treat|address|regard|think of|talk to|speak to|write for|explain things to)\s+me\s+"
    r"(?:like|as)\b|assume\s+(?:that\s+)?(?:i\b|i'm\b|my\b|we\b|we're\b|our\b))", _I)
# a kind of thing said to be fine: no determiner before it, nothing pointed at
_FINE_RE = re.compile(
    _LEAD + r"(?P<thing>[a-z][\w'-]*(?:\s+[\w'-]+){0,4}?)\s+(?:is|are)\s+(?:totally\s+|perfectly\s+|"
    r"completely\s+|absolutely\s+|always\s+|also\s+)?(?:fine|ok|okay|allowed|welcome|no problem)"
    r"(?:\s+(?:with|by|for)\s+me)?(?:\s+(?:now|these days|from now on|again))?"
    r"(?:\s*,?\s+(?:if|as long as|when|unless|too|as well)\b.*)?\s*[.!]?$", _I)
_NOT_A_KIND = frozenset("the this that these those your my his her their our its it everything "
                        "anything something nothing i you he she they we all which what".split())
_NO_NEED_RE = re.compile(
    _LEAD + r"(?:(?:there's|there is)\s+)?no need\s+(?:to|for)\s+(?P<what>.+)$|"
    + _LEAD + r"you\s+(?:don't|do not|dont|never)\s+(?:need|have)\s+to\s+(?P<what2>.+)$", _I)
#: what "no need to" says of this time only
_ONCE_RE = re.compile(r"\b(?:this one|this time|for now|right now|today|tonight|yet|"
                      r"worry|worrying|panic|rush|hurry|stress|thank|reply to this)\b", _I)
#: what is no longer needed: an earlier rule lifted, read with the rule it lifts
_LIFTED_RE = re.compile(r"\b(?:anymore|any more|no longer)\b", _I)
_NO_GO_RE = re.compile(
    _LEAD + r"(?P<thing>[a-z][\w'-]*(?:\s+[\w'$£€.-]+){0,5}?)\s+(?:is|are|'s)\s+(?:a\s+)?(?:hard\s+|total\s+|"
    r"big\s+)?(?:no-go|no go|no|off limits|off the table|out of the question|dealbreaker|"
    r"deal breaker|deal-breaker)(?:\s+for\s+(?:me|us))?\s*[.!]?$", _I)
_NOTHING_RE = re.compile(
    _LEAD + r"nothing\s+(?:before|after|over|under|above|below|more than|less than|earlier than|"
    r"later than|past)\s+(?P<val>\S.*?)(?:\s+(?:please|pls|thanks))?\s*[.!]?$", _I)
_WORKS_RE = re.compile(
    _LEAD + r"(?P<thing>[a-z][\w'-]*(?:\s+[\w'-]+){0,4}?)\s+(?:is|are|work|works|help|helps|make|makes)"
    r"\s+(?:\w+\s+){0,2}?(?:(?:easier|better|best|clearer|simpler|more useful)\s+for me|me more than|"
    r"(?:it|things|stuff) click for me)\b", _I)
_LABEL_RE = re.compile(r"^(?:for context|context|background|a bit about me|about me|for the record|"
                       r"fyi)\s*[:,-]\s*(?:i\b|i'm\b|i've\b|my\b|we\b|we're\b|our\b)", _I)
_GO_BY_RE = re.compile(_LEAD + r"(?:i|we)\s+go\s+by\s+(?-i:[A-Z])", _I)
_MORE_LESS_RE = re.compile(
    _LEAD + r"(?P<a>less|fewer|more)\s+(?P<x>[a-z][\w' -]*?),\s*(?:and\s+)?(?P<b>less|fewer|more)\s+"
    r"(?P<y>[a-z][\w' -]*?)(?:\s+(?:please|pls|thanks|thx))?\s*[.!]?$", _I)
# a verbless contrast of two kinds of thing: "Bullet points, not paragraphs.", "Metric, not
# imperial.", "code first, explanation after"
_CONTRAST_RE = re.compile(
    _LEAD + r"(?P<x>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)(?:,\s*not|,?\s+(?:over|rather than|instead of))\s+"
    r"(?P<y>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)(?:\s+(?:please|pls))?\s*[.!]?$|"
    + _LEAD + r"(?P<x2>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)\s+first,?\s+(?:then\s+)?"
    r"(?P<y2>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)\s+(?:after|afterwards|second|next|later|last)"
    r"(?:\s+(?:please|pls))?\s*[.!]?$", _I)
#: words that make a contrast one thing pointed at, a place or a direction, not a kind
_NOT_CONTRASTED = frozenset("the a an one this that these those it me you him her us them my your "
                            "left right up down here there now then today tonight tomorrow yes no "
                            "and or is are was were mine yours his hers ours theirs".split())
_DIETS = names_pattern("diet")
# a diet kept for what is made or ordered: "keep it vegetarian", "keep the kids' meals nut-free"
_KEEP_DIET_RE = re.compile(
    _LEAD + r"(?:always\s+)?keep\s+(?:it|them|everything|(?:all\s+)?(?:the|my|our|your)\s+[\w' -]{1,30}?)"
    rf"\s+(?:strictly\s+|fully\s+|100%\s+)?(?:{_DIETS}|[a-z]+-free)(?:\s+(?:please|pls|from now on|"
    r"going forward|too|as well))*\s*[.!]?$", _I)
_WISH_RE = re.compile(
    _LEAD + r"i(?:'d| would)\s+(?:really\s+)?(?:like|love|prefer|want)\s+(?:it\s+if\s+you\s+\w+ed\b|"
    r"(?=.*\b(?:from now on|going forward|throughout|always|in future|by default|every time|"
    r"in every|all (?:of\s+)?(?:your|the|my)?\s*(?:answers|replies|responses|messages|emails|"
    r"examples|dates|times|prices|amounts|numbers|units|code))\b))", _I)


# who the speaker is by what they go for: "I'm a window-seat person", "I'm not a morning
# person", "we're firmly a no-screens-before-bed household"
_KIND_OF_PERSON_RE = re.compile(
    _LEAD + r"(?:i'm|i am|im|we're|we are)\s+(?:(?:definitely|firmly|very much|totally|really|more of|"
    r"much more|such|kind of|kinda|not|never|always|very|so|just)\s+)*(?:a|an)\s+"
    r"(?P<what>(?!(?:bit|lot|little|couple|few|family|team|group)\b)[\w'-]+(?:\s+[\w'-]+){0,2}?)\s+"
    r"(?:person|people|guy|girl|gal|type|household|family|house)\b(?!\s+(?:of|who|that|with|from)\b)", _I)


# a thing the user can't bear, said as what it does to them: "long intros do my head in",
# "being called buddy grates on me", "nothing bugs me more than one-letter names"
_BEAR = (r"(?:drives?\s+me\s+(?:nuts|mad|crazy|insane|bananas|up\s+the\s+wall|round\s+the\s+bend)|"
         r"(?:does|do)\s+my\s+head\s+in|gets?\s+on\s+my\s+nerves|grates?\s+on\s+me|"
         r"(?:bugs|annoys|irritates|infuriates)\s+me|(?:is|are)\s+my\s+(?:biggest\s+|pet\s+)+peeves?|"
         r"makes?\s+me\s+(?:itchy|cringe|twitch|wince|shudder|want\s+to\s+scream))")
_PEEVE_RE = re.compile(
    _LEAD + r"(?:nothing\s+(?:bugs|annoys|irritates|gets\s+to)\s+me\s+more\s+than\s+\w|"
    r"(?P<thing>[\w'\"‘“-].{0,80}?)\s+(?:(?:really|honestly|seriously|just|kinda|totally|always)\s+)*"
    + _BEAR + r"\b)", _I)
# who does it, or when: a person ("the kids drive me up the wall", "my boss annoys me"), a
# moment ("... today"): no thing the replies can leave out
_NOT_A_PEEVE_RE = re.compile(
    rf"^(?:(?:the|my|our|his|her|their)\s+)?(?:{PEOPLE}|he|she|they|you|everyone|everybody|someone|"
    r"people|neighbou?rs?|dog|cat|(?!(?:it|this|that|these|those)\b)(?-i:[A-Z])[a-z]+$)\b"
    r"|\b(?:today|tonight|right now|this (?:morning|afternoon|evening|week))\b", _I)


def _peeve(s: str) -> bool:
    """Whether ``s`` says a thing of the kind replies have gets on the user's nerves."""
    m = _PEEVE_RE.match(s)
    if m is None:
        return False
    thing, rest = m.group("thing") or "", _QUOTED_RE.sub("", s[m.end():]).split(".")[0]
    if thing.lower() in ("it", "this", "that") and not _WHEN_RE.match(rest):
        return False  # "it annoys me": a reaction ("it drives me up the wall when ..." says what)
    return not _NOT_A_PEEVE_RE.search(thing) and not _NOT_A_PEEVE_RE.search(rest)


_QUOTED_RE = re.compile(r"'[^']*'|\"[^\"]*\"|‘[^’]*’|“[^”]*”")
_WHEN_RE = re.compile(r"\s+(?:when|whenever|if|that|how)\b", _I)


@lru_cache(maxsize=16384)
def stance_kind(sentence: str) -> PatchKind | None:
    """The kind of fact a standing wish of these forms states (a constraint), or None."""
    s = " ".join(sentence.split())
    if not s or s.endswith("?"):
        return None
    if _TREAT_RE.match(s) or _LABEL_RE.match(s) or _GO_BY_RE.match(s) or _WISH_RE.match(s) \
            or _KEEP_DIET_RE.match(s) or called_name(s) is not None \
            or _KIND_OF_PERSON_RE.match(s) or _peeve(s):  # "..., but call me Pri", "I'm a window-seat person"
        return PatchKind.CONSTRAINT
    m = _FINE_RE.match(s)
    if m and _a_kind(m.group("thing")):
        return PatchKind.CONSTRAINT
    m = _NO_NEED_RE.match(s)
    if m and not _ONCE_RE.search(m.group("what") or m.group("what2") or "") \
            and not _LIFTED_RE.search(s):  # (what is no longer needed lifts a rule)
        return PatchKind.CONSTRAINT
    m = _NO_GO_RE.match(s)
    if m and _a_kind(m.group("thing"), allow=("anything", "everything")):
        return PatchKind.CONSTRAINT
    m = _NOTHING_RE.match(s)
    if m and VALUE_RE.search(m.group("val")):
        return PatchKind.CONSTRAINT
    m = _WORKS_RE.match(s)
    if m and _a_kind(m.group("thing")):
        return PatchKind.CONSTRAINT
    m = _MORE_LESS_RE.match(s)
    if m and (m.group("a").lower() == "more") != (m.group("b").lower() == "more") \
            and not re.search(r"\b(?:is|are|was|or)\b", m.group("x") + " " + m.group("y"), _I):
        return PatchKind.CONSTRAINT
    return None


def contrasted(sentence: str) -> bool:
    """A whole sentence that is a verbless contrast of two kinds of thing ("Bullet points,
    not paragraphs.", "code first, explanation after"; not "Coffee, not tea, thanks.", "The
    blue one, not the red one.")."""
    m = _CONTRAST_RE.match(" ".join(sentence.split()))
    return m is not None and _kinds(m.group("x") or m.group("x2"), m.group("y") or m.group("y2"))


def _kinds(*things: str) -> bool:
    """Each of ``things`` names a kind in plain words: no thing pointed at, no value (a day,
    a time), no verb."""
    for thing in things:
        words = thing.lower().split()
        if any(w in _NOT_CONTRASTED or is_verb_only(w) for w in words) or VALUE_RE.search(thing):
            return False
    return True


def about_me_label(sentence: str) -> bool:
    """Who the user is, after a label: "For context: I'm a solo founder", "Background: I
    teach year 9 maths"."""
    return _LABEL_RE.match(sentence.strip()) is not None


def needs_nothing_now(sentence: str) -> bool:
    """"no need" said of this time only ("no need to rush this one", "No need to worry",
    "no need to stick to metric any more"): no rule of its own."""
    m = _NO_NEED_RE.match(" ".join(sentence.split()))
    return m is not None and _ONCE_RE.search(m.group("what") or m.group("what2") or "") is not None


def _a_kind(thing: str, allow: tuple[str, ...] = ()) -> bool:
    """``thing`` names a kind of thing ("emojis", "long answers", "anything with nuts"),
    not one thing pointed at ("the first draft", "that restaurant") or someone's words."""
    words = thing.lower().split()
    if not words or words[0] in _NOT_A_KIND and words[0] not in allow:
        return False
    return not re.search(r"\b(?:says?|said|thinks?|told|reckons?|tonight|today|now)\b", thing, _I)
