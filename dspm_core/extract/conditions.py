"""Standing instructions said with a condition, a default or a scope, read off the whole
sentence before it is split into clauses.

- A condition of something that recurs, then an instruction: "when you write code for me,
  stick to TypeScript", "if i paste an error log just tell me the fix first", "whenever a
  ticket mentions data loss, mark it urgent". A condition
  of the moment ("if you have a minute, summarise this article", "whenever ur ready, draft
  a reply to this email") makes a one-off task, and so does an instruction about material at
  hand ("this", "below").
  The condition may follow the instruction, of the assistant's own doing ("spell out
  acronyms the first time you use them"), and what the user's words mean holds every time
  they say them ("when I say 'quick one' I mean one sentence, max").
- A default: "default to vegetarian recipes unless I say it's a meat night", "assume I'm
  on a mac unless I say otherwise".
- A polite question that asks for something in general: "could you use british spelling
  in everything you write for me?", "would it be possible to always add a TL;DR at the top".
- A fact given to be kept in mind: "my laptop is a windows machine, keep it in mind for any
  commands", or given with "so" what to do about it: "I don't drive, so suggest things
  reachable by train" (not "it's raining, so suggest an indoor activity for today").

And sentences of the same surface that set no rule of the user's (:func:`sets_no_rule`): a
hypothetical question ("suppose I always wrote in first person, would that hurt my
grade?"), someone else's habit, default or news ("my flatmate's default is to order thai",
"my cat always sits on the keyboard", "my sister just moved to Melbourne!!"), how the
speaker feels about a thing of their own ("I love my dog.").
"""

from __future__ import annotations

import re

from ..lexicon import getAllLemmas, is_adjective, is_base_verb, past_form
from ..patch import PatchKind
from ..people import PEOPLE

__all__ = ["conditional_kind", "sets_no_rule"]

_I = re.I
_LEAD = (r"^\W*(?:(?:ok(?:ay)?|also|and|so|oh|hey|btw|fyi|ps|p\.s\.|one more thing|going forward|from now on|"
         r"in future|in the future)[,\s]+)*")
# a condition, then what to do ("when you write code for me, stick to typescript")
_CONDITION_RE = re.compile(
    _LEAD + r"(?P<cond>(?:if|when|whenever|every time|each time|any ?time)\s+(?:(?:i|you|u|we)\b|"
    r"(?P<other>(?:someone|somebody|anyone|anybody|something|anything|people|customers|users|clients|(?:a|an|any|the)\s+"
    r"[a-z][\w-]*)(?:\s|(?='s\s))))"  # ("if someone's angry, ...")
    r"(?P<what>[^,;?]{1,80}?))(?:\s*[,;]\s*|\s+(?=(?:just|please|pls|then|only|always|keep|stick|skip|"
    r"suggest|give|use|avoid|make sure|don't|dont|never)\b))"
    r"(?P<main>.+)$", _I)
# an instruction, then a condition that recurs by its word ("answer in markdown tables
# whenever you compare options")
_CONDITION_AFTER_RE = re.compile(
    _LEAD + r"(?P<main>[^,;?]{3,80}?)\s+(?:whenever|every time|each time|any ?time|the first time)\s+(?:i|you|u|we)\b"
    r"(?P<what>[^,;?]{1,80})(?:[,;.!]|$)", _I)
# a kind of thing the instruction holds for, each time one comes up ("for anything to do
# with the kids' school, ...", "for anything work related, ...", "for all client emails, ...")
_ANYTHING_ABOUT_RE = re.compile(
    _LEAD + r"for\s+(?:anything|everything|all|any)\s+(?:(?:to do with|about|related to|involving|"
    r"regarding|for)\s+)?[^,;?]{1,60}?(?:\s*[,;]\s*|\s+(?=(?:use|put|send|sign|write|keep|add|"
    r"include|cc|reply|answer|always|never|don't|do not|please|just)\b))(?P<main>.+)$", _I)
# a condition of the moment, not of something that recurs
_MOMENT_RE = re.compile(r"\b(?:(?:have|get|got|find)\s+(?:a\s+)?(?:minute|moment|sec|second|chance|"
                        r"time)|ready|free|bored|(?:don't|do not|dont)\s+mind|not too (?:much|busy)|"
                        r"can|could|are able|feel like|get round|get around)\b|(?:'re|'m|\bare|\bam)\s+"
                        r"(?:done|finished|back|home|there|free)\b", _I)
# what an instruction about material at hand points at
_AT_HAND_RE = re.compile(r"\b(?:this|these|those|below|above|attached|here|the following)\b", _I)
_SOFTENERS = frozenset("just please pls then only always also".split())
# a default ("by default", "default to ...", "... unless I say otherwise")
_DEFAULT_RE = re.compile(r"^\W*(?:by default\b|default to\b)|\bby default\b|\bunless (?:i|we) "
                         r"(?:say|tell you|ask|specify|mention|request|say otherwise)\b", _I)
# a polite question asking for something in general
_ASKED_RE = re.compile(r"^\W*(?:(?:in general|generally|overall)[,\s]+)?(?:(?:could|can|would|will)"
                       r"\s+(?:you|u)(?:\s+(?:please|pls|kindly|mind))?|would it be possible to|"
                       r"is it possible to|would you mind)\s+(?:(?:always|also)\s+)?(?P<verb>[a-z]+)\b", _I)
_IN_GENERAL_RE = re.compile(r"\b(?:always|everything|every|all (?:your|my|of your|of my)|any of my|"
                            r"in general|generally|from now on|going forward|in future|each time|"
                            r"the first time (?:you|u)|whenever (?:you|u))\b", _I)
# a fact given to be kept in mind
_KEEP_IN_MIND_RE = re.compile(r"\b(?:keep|bear)\s+(?:it|that|this)\s+in\s+mind\b|\bfor future reference\b",
                              _I)
# a fact of the speaker's, then "so" what to do about it ("I don't drive, so suggest things
# reachable by train", "my laptop only has 8GB of RAM so keep the docker setup light")
_FACT_SO_RE = re.compile(_LEAD + r"(?P<fact>(?:i|we|i'm|we're|my|our)\b[^,;?]{1,60}?"
                         # "high blood pressure here so ...": the speaker, said as what they are
                         r"|(?!(?:nobody|no one|noone|someone|everyone|everybody|anyone|it|it's|"
                         r"that|this|there|the|nothing|everything)\b)[a-z][\w'-]*(?:\s+[\w'-]+){0,3}\s+here)"
                         r",?\s+so\s+"
                         r"(?P<main>[^?]+)$", _I)
# how the speaker is at the moment ("I'm hungry so find me a restaurant")
_FEELING_NOW_RE = re.compile(r"\b(?:hungry|thirsty|tired|sleepy|exhausted|sick|ill|stressed|late|lost|stuck|"
                             r"in a (?:rush|hurry))\b", _I)
# an offer or a courtesy, not what to do ("so let me know if you want suggestions")
_OFFER_RE = re.compile(r"\W*(?:let me know|let's|let us|feel free|don't hesitate|do not hesitate)\b", _I)
# a time or a day given for one booking ("so book the call for 4")
_BOOKED_RE = re.compile(r"\b(?:for|at|on)\s+\d", _I)
_NOT_STANDING_RE = re.compile(r"\b(?:today|tonight|tomorrow|now|yesterday|this|that|these|those|"
                              r"just|right now|at the moment|anymore)\b", _I)
# a hypothetical question ("suppose I always wrote ..., would that hurt my grade?")
_SUPPOSED_RE = re.compile(r"^\W*(?:suppose|supposing|say|imagine|what if|assuming|hypothetically)\b"
                          r".*\?\s*$", _I)
# how the speaker feels about a thing of their own, and nothing more: "I love my dog."
_OWN_THING_RE = re.compile(r"^\W*(?:i|we)\s+(?:really\s+|absolutely\s+|just\s+)?(?:love|like|adore|"
                           r"hate|enjoy)\s+(?:my|our)\s+(?:[\w'-]+\s+){0,2}[\w'-]+\s*[.!]*$", _I)
# someone else's habit or default: "my flatmate's default is ...", "my cat always sits ..."
_OTHERS_RE = re.compile(
    rf"^\W*(?:my|our)\s+(?:\w+\s+)?(?:{PEOPLE}|cat|dog|puppy|kitten|parrot|bird|rabbit|hamster)"
    r"(?:'s\s+(?P<own>\w+)|s?\s+(?:\w+ly\s+)?(?:always|never|usually|often)\s+[a-z]+s\b"
    # their news: "my sister just moved to Melbourne!!"
    r"|s?\s+(?:just\s+|recently\s+|finally\s+)?(?:moved|relocated)\s+(?:to|into|abroad|away|back\s+to|house)\b)",
    _I)


# what the user's own words mean, for every time they say them: "when I say 'quick one' I
# mean one sentence, max", "by 'soon' I mean within a week"
_MEANS_RE = re.compile(
    _LEAD + r"(?:(?:when|whenever|if)\s+i\s+(?:say|write|type|ask\s+for|use\s+the\s+word)\s+\S.{0,40}?|"
    r"by\s+['\"]\S.{0,30}?['\"])\s*,?\s+i\s+(?:mean|want|'m\s+asking\s+for|am\s+asking\s+for)\s+\w", _I)


def conditional_kind(sentence: str) -> PatchKind | None:
    """The kind of standing instruction ``sentence`` states with a condition, a default, a
    general request or a fact to keep in mind (see the module's docstring), or None."""
    s = sentence.strip()
    if _MEANS_RE.match(s) and not s.endswith("?"):
        return PatchKind.CONSTRAINT  # "when I say 'quick one' I mean one sentence, max"
    m = _CONDITION_RE.match(s)
    if m and _recurs(m.group("what"), m.group("other") is not None) and _instructs(m.group("main")):
        return PatchKind.CONSTRAINT
    m = _CONDITION_AFTER_RE.match(s)
    if m and _recurs(m.group("what")) and _instructs(m.group("main")):
        return PatchKind.CONSTRAINT  # "answer in tables whenever you compare options"
    m = _ANYTHING_ABOUT_RE.match(s)
    if m and _instructs(m.group("main")):
        return PatchKind.CONSTRAINT  # "for anything to do with the kids' school, use my maiden name"
    if _DEFAULT_RE.search(s) and not s.endswith("?"):
        return PatchKind.DECISION
    asked = _ASKED_RE.match(s)
    if asked and _a_verb(asked.group("verb")) and _IN_GENERAL_RE.search(s) \
            and not _AT_HAND_RE.search(s[asked.end():]):
        return PatchKind.CONSTRAINT
    if _required_of_all(s) and _YOURS_RE.search(s):  # "any places you suggest need step-free access"
        return PatchKind.CONSTRAINT
    if _KEEP_IN_MIND_RE.search(s) and not s.endswith("?"):
        return PatchKind.CONSTRAINT
    m = _FACT_SO_RE.match(s)
    if m and (_instructs(m.group("main")) or _required_of_all(m.group("main"))
              or _conditioned(m.group("main"))) and not _NOT_STANDING_RE.search(s) \
            and not _OFFER_RE.match(m.group("main")) \
            and not is_adjective(m.group("main").split()[0]) \
            and not _MOMENT_RE.search(m.group("fact")) and not _FEELING_NOW_RE.search(m.group("fact")) \
            and not _BOOKED_RE.search(m.group("main")) \
            and not _past_said(m.group("fact")):
        return PatchKind.CONSTRAINT
    return None


_DETERMINERS = frozenset("a an the my our your his her their this that".split())


def _past_said(fact: str) -> bool:
    """``fact`` has a verb of the past ("I broke my wrist"): an event, not a standing fact.
    A past form after a determiner or an adjective is no verb ("my bad left knee")."""
    words = fact.lower().split()
    return any(past_form(w) and not (i and (words[i - 1] in _DETERMINERS or is_adjective(words[i - 1])))
               for i, w in enumerate(words))


def sets_no_rule(sentence: str) -> bool:
    """A sentence of a rule's surface that sets none of the user's (see the module's
    docstring)."""
    s = sentence.strip()
    return bool(_SUPPOSED_RE.match(s) or _others(s) or _own_thing(s) or _AT_A_LOSS_RE.match(s))


# what the speaker never knows how to do ("I never know how to end emails to professors"): a
# difficulty to help with, no rule
_AT_A_LOSS_RE = re.compile(r"^\W*(?:(?:honestly|tbh|ugh|lol|so)[,\s]+)*(?:i|we)\s+(?:can\s+)?never\s+"
                           r"(?:know|remember|understand|figure\s+out|get)\s+(?:how|what|when|where|which|whether|if)\b", _I)


def _others(s: str) -> bool:
    """Someone else's habit or default; not "my daughter's gluten intolerant" ("'s" for
    "is", before what the person is: the user's constraint too)."""
    m = _OTHERS_RE.match(s)
    if m is None:
        return False
    if m.group("own") is None:
        return True
    if m.group("own").lower() == "name":
        return False  # "our dog's name is Biscuit": a name the user's household goes by
    if _HOUSEHOLD_DATES & set(s[m.start("own"):].lower().split()[:3]):
        return False  # "my daughter's bedtime is 7:30", "my son's school starts at 8:15": a
        # date or an hour the user's own plans keep to
    said = _IS_WHAT_RE.match(s, m.start("own"))  # ("allergic to peanuts": what they are too)
    return not (said and is_adjective(said.group("what") or said.group("adj")))


# what a person of the user's household has at a set time, which the user plans around
_HOUSEHOLD_DATES = frozenset(
    "bedtime birthday school class classes lesson lessons practice training appointment surgery "
    "flight train bus shift curfew nap naps pickup wedding anniversary exam exams graduation "
    "recital game match party due deadline checkup check-up therapy daycare nursery".split())


# what a person "'s" (is): one or two words that end the clause ("gluten intolerant so ..."),
# or a word before its object ("allergic to peanuts")
_IS_WHAT_RE = re.compile(r"(?:[\w-]+\s+)?(?P<what>[\w-]+)(?=\s*(?:[,.;:!?)]|$|\s+(?:so|and|but|now|too|"
                         r"though|which|because|as well)\b))|(?P<adj>[\w-]+)(?=\s+(?:to|of|with|about)\b)", _I)


def _own_thing(s: str) -> bool:
    """"I love my dog.": a feeling about a thing of one's own; not "I like my code
    commented", "I like my coffee black" (how the thing is to be)."""
    if not _OWN_THING_RE.match(s):
        return False
    last = re.findall(r"[\w'-]+", s)[-1].lower()
    return not (last.endswith("ed") or is_adjective(last))


def _recurs(condition: str, other: bool = False) -> bool:
    """A condition of something that happens again ("I send you my flashcards", "a customer
    mentions a chargeback"), not of the moment ("you have a minute", "the weather is nice
    tomorrow") or of the past ("I lived in Madrid", "the client complained")."""
    if _MOMENT_RE.search(condition):
        return False
    words = condition.split()
    if other:
        return not _ONCE_RE.search(condition) and not any(past_form(w) for w in words)
    return not words or not past_form(words[0])


#: a condition of one day or one thing ("if the weather is nice tomorrow")
_ONCE_RE = re.compile(r"\b(?:today|tonight|tomorrow|this|that|now|yet|already)\b", _I)


def _conditioned(text: str) -> bool:
    """An instruction under a condition that recurs ("whenever you explain a concept, give me
    an example first")."""
    m = _CONDITION_RE.match(text.strip())
    return bool(m and _recurs(m.group("what"), m.group("other") is not None)
                and _instructs(m.group("main")))


# what all of a kind must be ("all the food has to be gluten-free", "any places you suggest
# need step-free access")
_REQUIRED_OF_ALL_RE = re.compile(r"^\W*(?:all|any|every|everything|anything|each)\b[^,;?]{0,50}?\s"
                                 r"(?:must|should|needs?|has to|have to|needs? to|got to|gotta|"
                                 r"can't|cannot|shouldn't|mustn't)\s+\w", _I)


#: what the assistant gives ("anything you recommend", "all the recipes you send me")
_YOURS_RE = re.compile(r"\b(?:you|u)\s+(?:\w+\s+)?(?:suggest|recommend|write|give|send|make|pick|"
                       r"find|book|plan|propose|show|draft|generate|come up with)\b", _I)


def _required_of_all(main: str) -> bool:
    """What all of a kind must be, said as a statement (not asked)."""
    return _REQUIRED_OF_ALL_RE.match(main) is not None and not main.rstrip().endswith("?")


def _instructs(main: str) -> bool:
    """What follows the condition is an instruction, not a question or a one-off task."""
    text = main.strip()
    # (material at hand in the instruction itself, not in a reason after it: "keep it to 30
    # minutes, weeknights are chaos here")
    if text.endswith("?") or _AT_HAND_RE.search(re.split(r"[,;]\s", text, maxsplit=1)[0]):
        return False
    words = [w.lower() for w in re.findall(r"[a-z']+", text, _I)]
    while words and words[0] in _SOFTENERS:
        words.pop(0)
    if not words:
        return False
    return words[0] in ("don't", "dont", "never", "no", "avoid") or is_base_verb(words[0])


def _a_verb(word: str) -> bool:
    """A verb's base form, or another of its forms ("would you mind formatting ...")."""
    w = word.lower()
    return is_base_verb(w) or any(is_base_verb(lemma) for lemma in getAllLemmas(w).get("VERB", ()))
