"""The house rules an assistant works under, said without the usual words of a rule.

* where things are sent, for every thing of a kind: "Escalate anything about billing to
  the finance team.", "Tag every bug report with the app version.", "Route Spanish-speaking
  customers to the Madrid team." (not "Forward this email to Dana", "Send the invoice to
  accounts today");
* what every thing of a kind needs: "Every public function needs a docstring.", "Refunds
  over $200 need a manager's sign-off." (not "The last refund needed ...", "Plants need
  sunlight to grow", "Their API requires an API key");
* where things go: "Helper scripts go in the tools folder.", "Meeting notes live in Notion."
  (not "Penguins live in Antarctica", "The tests ended up in the wrong folder");
* what the team only does: "We only ship within the EU.";
* what the team does with a named tool or place: "we deploy everything to Fly.io";
* what things of a kind are signed or called: "sign off customer emails as 'The Acme Team'";
* a verbless rule with its scope: "Single quotes for strings in JavaScript.";
* when the user can: "I can only do calls on Tuesdays and Thursdays.", "i'm in the office
  mondays and wednesdays only", "I'm usually free after 6pm on weekdays".

:func:`policy_kind` gives the kind of fact (a constraint, or a decision for where things
go) or None. Parts of speech come from the bundled lexicon (:mod:`dspm_core.lexicon`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..lexicon import getAllLemmas, is_adjective, is_base_verb, is_noun, is_plural_noun, is_verb_only, past_form
from ..patch import PatchKind
from ..placement import placed
from ..values import VALUE_RE
from ..vocab import STOP_WORDS

__all__ = ["policy_kind"]

_I = re.I
_LEAD = r"^(?:(?:ok(?:ay)?|so|and|also|btw|oh|fyi|just|always)[\s,]+)*(?:please\s+|pls\s+)?"
_WORD = r"[a-z][\w'-]*"

# an instruction about every thing of a kind, and where it goes or what it gets
_ORDER_RE = re.compile(
    _LEAD + rf"(?P<verb>{_WORD})(?:\s+(?:me|us))?(?:\s+(?:on|in))?\s+"
    r"(?P<quant>any|anything|anyone|anybody|all|every|everything|each|whatever)\b"
    r"(?!\s+(?:the|my|your|our|this|these|those|of|other|second|few)\b)(?!\s+(?:\w+\s+)?(?:morning|"
    r"evening|night|day|week|month|year|time|hour|minute|weekend|[a-z]+day)s?\b)(?P<rest>.+)$", _I)
# what an order for every thing of a kind is done with: where it goes, what it gets
_TARGET_RE = re.compile(r"\b(?:to|with|as|into|through|over to)\s+(?:(?:the|a|an|our|my|your|their|its|"
                        r"me|us|him|her|them)\b|(?-i:[A-Z0-9]))", _I)
# an instruction about the things that come in, named in the plural
_ROUTE_RE = re.compile(
    _LEAD + rf"(?P<verb>{_WORD})\s+(?P<mods>(?:{_WORD}\s+){{0,2}}?)(?P<things>{_WORD})"
    r"(?:\s+(?:over|on|through))?\s+to\s+(?:a|an|the|our|my)\s+\S", _I)
#: the things that come in to a desk and are passed on
_INCOMING = frozenset("questions enquiries inquiries requests complaints tickets customers users "
                      "clients callers emails messages calls invoices orders refunds reports leads "
                      "bugs issues returns applications submissions".split())
#: words that make an order a task of this once
_ONCE_RE = re.compile(r"\b(?:this|that|these|those|it|them|here|below|above|attached|today|tonight|"
                      r"tomorrow|now|asap|right away|yesterday|last|the following)\b", _I)

# what every thing of a kind needs: "Every public function needs a docstring."
_NEEDS_RE = re.compile(
    r"^(?:(?P<quant>every|all|any|each|no)\s+)?(?P<np>[a-z][\w'$£€.,%-]*(?:\s+[\w'$£€.,%-]+){0,5}?)\s+"
    r"(?:needs?|requires?|must have|should have)\s+(?P<obj>.+)$", _I)
# a purpose after what is needed makes it a fact of the world ("Plants need sunlight to grow")
_PURPOSE_RE = re.compile(r"\bto\s+(?!be\b)[a-z]+\b\s*[.!]?$|\bfor\s+\w+ing\b", _I)

# what the team only does: "We only ship within the EU."
_ONLY_RE = re.compile(_LEAD + rf"(?:we|our team|the team)\s+only\s+(?P<verb>{_WORD})\s+\S", _I)
_ONLY_NOT = frozenset("have had need want know got get did do was were".split())

# a verbless rule with its scope: "Single quotes for strings in JavaScript."
_FOR_SCOPE_RE = re.compile(
    _LEAD + rf"(?P<what>(?:[\w-]+\s+){{0,2}}{_WORD})\s+for\s+(?:all\s+|every\s+|each\s+)?"
    rf"(?P<scope>{_WORD}(?:\s+{_WORD})?)(?:\s+in\s+[\w.+#-]+(?:\s+[\w.+#-]+)?)?"
    r"(?:\s+(?:please|pls|only|always|everywhere))?\s*[.!]?$", _I)

# when the user can: "I can only do calls on Tuesdays", "I'm in the office mondays only"
_WHEN_I_RE = re.compile(r"^(?:i|i'm|i am|we|we're|we are)\b(?P<rest>.*)$", _I)
_BEFORE_TIME = frozenset("on in at during after before until most every and or only".split())
#: "only", or a word of habit ("usually", "generally")
_HABIT_RE = re.compile(r"\b(?:only|usually|generally|normally|typically|always|never)\b", _I)
_RECURRING_RE = re.compile(r"\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days|weekdays|weekends|"
                           r"mornings|afternoons|evenings|nights|(?:before|after)\s+\d)\b", _I)


@lru_cache(maxsize=16384)
def policy_kind(sentence: str) -> PatchKind | None:
    """The kind of fact a house rule of these forms states, or None."""
    s = " ".join(sentence.split()).rstrip(" .!")
    if not s or s.endswith("?"):
        return None
    if _routes(s) or _needs(s) or _only_does(s) or _scoped(s) or _available(s):
        return PatchKind.CONSTRAINT
    if _goes(s) or _we_do(s) or _named_as(s):
        return PatchKind.DECISION
    return None


# what things of a kind are signed or called, the name quoted: "sign off customer emails as
# 'The Brightwell Team'", "refer to the product as "Otter""
_NAMED_AS_RE = re.compile(
    _LEAD + rf"(?P<verb>{_WORD})(?:\s+(?:off|up|out))?(?P<obj>(?:\s+[\w'-]+){{1,4}}?)\s+as\s+"
    r"(?P<q>['\"‘“])[^'\"‘’“”]{2,40}['\"’”]$", _I)


def _named_as(s: str) -> bool:
    """An instruction naming how things of a kind are signed or called, never this once."""
    m = _NAMED_AS_RE.match(s)
    return bool(m and is_base_verb(m.group("verb")) and not _ONCE_RE.search(m.group("obj")))


# what the team does with a named tool or place: "we deploy everything to Fly.io", "we host
# the docs on Netlify", "we build with Bazel"
_WE_DO_RE = re.compile(
    _LEAD + rf"we\s+(?:always\s+|usually\s+|now\s+)?(?P<verb>{_WORD})"
    r"(?P<obj>(?:\s+(?!(?:to|on|with|via|through|using|into)\b)[\w'-]+){0,3})"
    r"\s+(?:to|on|with|via|through|using|into)\s+(?P<name>(?-i:[A-Z])[\w.+#-]*(?:\s+(?-i:[A-Z])[\w.+#-]*)*)"
    r"(?:\s+(?:now|these days|from now on|for everything))?$", _I)


def _we_do(s: str) -> bool:
    """What the team does with a named tool or place, as its habit: a verb in its base form
    ("we deploy ... to Fly.io"), never what it did ("we moved to Berlin"), wants or thinks
    ("we need to talk to Sam"), nor a task of this once."""
    m = _WE_DO_RE.match(s)
    if m is None or _ONCE_RE.search(m.group("obj")):
        return False
    verb = m.group("verb").lower()
    return is_base_verb(verb) and verb not in _ONLY_NOT and verb not in _NOT_A_HABIT \
        and not past_form(verb)


#: verbs of "we ..." that say no habit with a tool: a wish, a move in the talk, a visit
_NOT_A_HABIT = frozenset("need want have like love hate think hope wish talk speak go come "
                         "travel fly drive walk move wait listen look try plan".split())


def _routes(s: str) -> bool:
    """An instruction about every thing of a kind ("Tag every bug report with ...") or about
    the things that come in ("Route Spanish-speaking customers to ...")."""
    m = _ORDER_RE.match(s)
    if m and _a_verb(m.group("verb")) and _TARGET_RE.search(m.group("rest").split(",", 1)[0]) \
            and not _ONCE_RE.search(m.group("rest")) and not (
                m.group("quant").lower() in ("everything", "anything")
                and _TARGET_RE.match(m.group("rest").strip())):
        return True  # (not "Move everything to the new folder": what is moved is not said)
    m = _ROUTE_RE.match(s)
    return bool(m and _a_verb(m.group("verb")) and m.group("things").lower() in _INCOMING
                and not _ONCE_RE.search(s) and not any(  # (bare: not "the invoices")
                    w.lower() in _NOT_A_KIND or w.lower() == "our" for w in m.group("mods").split()))


def _a_verb(word: str) -> bool:
    """An instruction's verb: a base form, never a small word ("while", "since")."""
    return word.lower() not in STOP_WORDS and is_base_verb(word)


def _needs(s: str) -> bool:
    """What every thing of a kind needs: a quantified subject, or a plural kind narrowed by
    a value or a noun ("Refunds over $200", "Bulk orders")."""
    m = _NEEDS_RE.match(s)
    if m is None or _PURPOSE_RE.search(m.group("obj")) or _ONCE_RE.search(s):
        return False
    words = m.group("np").split()
    if words[0].lower() in _NOT_A_KIND or any(w.lower() in _NOT_A_KIND or w.lower() in _MODALS
                                               for w in words):
        return False  # "Any time you need help", "Release dates may need to change"
    if m.group("quant"):
        return m.group("quant").lower() != "no"
    head = next((i for i, w in enumerate(words) if is_plural_noun(w)), None)
    if head is None or m.group("obj").lower().startswith("to "):
        return False  # "Team members need to be able to build ...": a need, not a rule
    narrowed = head + 1 < len(words) and VALUE_RE.search(" ".join(words[head + 1:])) is not None
    compound = head > 0 and all(is_noun(w) and not is_adjective(w) for w in words[:head])
    return narrowed or compound


_MODALS = frozenset("may might could would will should must can shall".split())
_NUMBERS = frozenset("one two three four five six seven eight nine ten".split())
_NOT_A_KIND = frozenset("the this that these those your my his her their its it i you he she they "
                        "we most some many few several which what one a an".split())


def _goes(s: str) -> bool:
    """Where things of a kind are kept (:func:`dspm_core.placement.placed`): named as a
    kind, never someone ("Tim lives in Galway") or what happened ("ended up in")."""
    kept = placed(s)
    if kept is None or _ONCE_RE.search(s):
        return False
    words = kept[0].split()
    if any(w.lower() in _NOT_A_KIND or w.lower() in STOP_WORDS or "'" in w or past_form(w)
           for w in words) or not all(_nounish(w) for w in words):
        return False  # "I'm gonna stay in Galway", "Tim plans to live in ...": no kind of thing
    return True


def _nounish(word: str) -> bool:
    """A word that may name a thing: a noun or an adjective, or a word the lexicon does not
    know ("config", "env")."""
    w = word.lower()
    return is_noun(w) or is_adjective(w) or not getAllLemmas(w)


def _only_does(s: str) -> bool:
    """What the team only does ("We only ship within the EU"; not "we only had two days")."""
    m = _ONLY_RE.match(s)
    return bool(m and m.group("verb").lower() not in _ONLY_NOT and is_base_verb(m.group("verb"))
                and not _ONCE_RE.search(s))


def _scoped(s: str) -> bool:
    """A verbless rule with its scope: what to use, "for" a kind of thing."""
    m = _FOR_SCOPE_RE.match(s)
    if m is None:
        return False
    what = m.group("what").split()
    scope = m.group("scope").split()
    if what[0].lower() in _NOT_A_KIND or what[0].lower() in _NOT_USED:
        return False  # "Thanks for all the tips", "tickets for two please"
    if any(is_verb_only(w) for w in what + scope) or is_base_verb(what[0]) and not (
            is_adjective(what[0]) or len(what) == 2 and is_noun(what[1])):
        return False  # "Look for flights", "Offer alternative versions for ...": an instruction
    if not all(w[:1].isdigit() or "-" in w or w.lower() in _NUMBERS
               or w.lower() not in STOP_WORDS and (is_noun(w) or is_adjective(w)) for w in what):
        return False  # "so for conditional probability": no thing named before "for"
    if scope[0].lower() in _NOT_A_KIND or _ONCE_RE.search(" ".join(scope)) or _MEAL_RE.search(s):
        return False  # "Presents for the kids", "Pizza for dinner tonight"
    return is_plural_noun(scope[-1])  # (not "passion for fantasy stuff")


#: words before "for" that name nothing to use
_NOT_USED = frozenset("thanks thank sorry good great congrats tickets table".split())
_MEAL_RE = re.compile(r"\b(?:breakfast|brunch|lunch|dinner|supper|tea|dessert|christmas|birthday)\b", _I)


def _available(s: str) -> bool:
    """When the user can: "only" or a word of habit, with days or times that come back
    every week."""
    m = _WHEN_I_RE.match(s)
    if m is None or _ONCE_RE.search(s):
        return False
    words = m.group("rest").split()
    if not (_HABIT_RE.search(" ".join(words[:3])) or words and words[-1].lower() == "only"):
        return False  # (the speaker's habit, not "... why my cron job never fires on Sundays")
    rest = m.group("rest")
    return any(_time_of_week(rest[:t.start()]) for t in _RECURRING_RE.finditer(rest))


def _time_of_week(before: str) -> bool:
    """The days or times found after ``before`` are when, not a thing named by them ("game
    nights"): no noun right before them, unless a word of when ("on", "and", "only")."""
    words = before.split()
    word = words[-1].lower() if words else ""
    return not word.isalpha() or word in _BEFORE_TIME or not is_noun(word)
