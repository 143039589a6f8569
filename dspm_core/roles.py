"""Who does what: "Jenny is playing Lady Macbeth", "Anna's running the beginners' session",
"Dave's on the emergency rota this weekend", "Lee handles wiring". A setting of its own,
the role, whose value is the person, so that another person said for it revises it.

A new person may be said for the role without naming it: "Carol's taking the part", "his
brother Alan is doing it", "she can't this term, Ben will", "swap him for Priya", "Linda
Chen is playing for us now", "Devon's captain now". Such a sentence is a change of the
person held (:func:`role_said` says so), which the store binds to the one person of the
last turns (:func:`dspm_core.resolve.resolve`).

The person is a name as written, a capital first ("Jenny", "Dr Kim", "Linda Chen",
"Steve_B"); a pronoun, a day, a month or a well-known tool is none. A state ("Mike is
running late", "Dave's on holiday") or a task of the moment ("Sam is doing his homework")
is no role.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .known_names import name_category
from .clock_words import in_digits
from .lexicon import is_adjective, is_adverb_only, is_noun, known_word
from .vocab import word_frequency

__all__ = ["role_said", "roles_given"]

_I = re.I
# a person: a name as written, a title first maybe ("Dr Kim", "Mr. Okafor", "Steve_B")
_WHO = (r"(?P<who>(?:(?-i:Dr|Mr|Mrs|Ms|Prof|Chef|Coach)\.?\s+)?(?-i:[A-ZÀ-Ý][a-zà-ÿ]+)(?:_\w+)?"
        r"(?:\s+(?-i:[A-ZÀ-Ý][a-zà-ÿ]+)(?!'s\b))?(?:\s+&\s+(?-i:[A-Z][a-z]+))?)")
# what may open the clause: a reason or a word of reply ("ugh she dropped out. ", "ok so ")
_LEAD = r"^(?:(?:so|and|ok(?:ay)?|also|btw|fyi|oh|ah|ugh|yeah|well|now)[,\s]+)*"
_DOING = (r"playing|running|doing|handling|covering|leading|hosting|teaching|coaching|managing|"
          r"organi[sz]ing|driving|cooking|bringing|taking|singing|chairing|presenting|refereeing|"
          r"umpiring|captaining|directing|building|designing|editing|mixing|producing|coordinating|arranging|"
          r"overseeing|supervising|opening|closing|shooting|second[- ]shooting|photographing|watering|"
          r"ordering|collecting|picking|catering|judging|reviewing|minding|feeding|walking")
_DOES = (r"plays|runs|does|handles|covers|leads|hosts|teaches|coaches|manages|organi[sz]es|drives|"
         r"cooks|brings|takes|sings|chairs|presents|referees|directs|builds|designs|edits|mixes|produces|"
         r"coordinates|arranges|oversees|supervises|opens|closes|waters|orders|collects|caters|judges|reviews")
# the duties one is "on" ("on the emergency rota", "on call", "on drums")
_ON = (r"on\s+(?:the\s+)?(?:[\w'-]+\s+){0,2}(?:rota|call|duty|shift|watch|door|desk|bar|grill|reception|"
       r"drums|bass|guitar|keys|keyboard|vocals|decks|lights|sound|register|till|phones)")
# when the role is held, said after it ("this weekend", "every term", "now")
_WHEN = (r"(?:\s+(?:this|next|every|each)\s+(?:week|weekend|term|month|season|year|time|saturday|sunday|"
         r"monday|tuesday|wednesday|thursday|friday)|\s+(?:now|again|too))*")
# "<who> is playing <role>", "<who>'s on the emergency rota this weekend"
_IS_DOING_RE = re.compile(
    _LEAD + _WHO + r"(?:'s|’s|\s+is|\s+will\s+be)\s+(?:(?P<doing>" + _DOING + r")\s+(?P<role>[^,;.!?]{2,50}?)|"
    r"(?P<on>" + _ON + r")(?:\s+(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)days?)?)" + _WHEN + r"\s*[.!]*$", _I)
# "Jess is my maid of honor", "Kofi's our treasurer": a person and the role they hold
_IS_MY_RE = re.compile(_LEAD + _WHO + r"(?:'s|’s|\s+is)\s+(?:my|our)\s+(?P<role>[a-z][\w-]*(?:\s+(?:of\s+)?[a-z][\w-]*){0,2})"
                       + _WHEN + r"\s*[.!]*$", _I)
# "make Steve_B an admin", "make Kira the lead"
_MAKE_RE = re.compile(_LEAD + r"(?:please\s+)?make\s+" + _WHO + r"\s+(?:(?:an?|the|our)\s+|(?=[a-z]+\s+(?:mod|lead|admin)\b))(?P<role>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
                      + _WHEN + r"\s*[.!]*$", _I)
# "<who> handles wiring", "<who> does CAD"
_DOES_RE = re.compile(_LEAD + _WHO + r"\s+(?:" + _DOES + r")\s+(?P<role>[^,;.!?]{2,50}?)" + _WHEN + r"\s*[.!]*$", _I)
# a person taking over what is held: "Carol's taking the part", "his brother Alan is doing
# it", "Linda Chen is playing for us now", "Ben will", "swap him for Priya"
_TAKES_OVER_RE = re.compile(
    r"(?:^|[,;.:]\s+|\b(?:so|now|but)\s+)(?P<rel>(?:his|her|their|my|our)\s+[a-z]+\s+)?" + _WHO
    + r"(?:(?:'s|’s|\s+is|\s+will\s+be)\s+(?:" + _DOING + r")\s+(?:it|that|this|them|those|the\s+part|"
    r"the\s+role|the\s+slot|the\s+spot|over|instead|for\s+(?:us|me|them))"
    r"|\s+will(?:\s+(?:do\s+it|cover|cover\s+it|take\s+over|take\s+it))?"
    r"|\s+(?:is|'s|’s)\s+taking\s+over)"
    r"(?:\s+(?:now|instead|from now on|going forward|this\s+\w+))*\s*[.!]*$", _I)
_SWAP_FOR_RE = re.compile(r"\b(?:swap|switch|replace|sub)\s+(?:him|her|them)\s+(?:out\s+)?(?:for|with)\s+" + _WHO
                          + r"\b(?!')", _I)
# "Devon's captain now": a person, the role, and the word of change (after a reason or a
# frowning face: "priya moved away :( Devon's captain now")
_ROLE_NOW_RE = re.compile(_LEAD + r"(?:[^,;.!?]{2,60}[,;.:]\s+|.*?\(\s*)?" + _WHO
                          + r"(?:'s|’s|\s+is)\s+(?:the\s+|our\s+)?(?P<role>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
                          r"\s+now\s*[.!]*$", _I)
# the word for one who holds a duty: "charge nurse", "release manager", "point of contact"
_HOLDER = (r"(?:[a-z][\w-]*(?:er|or|ist|ian|ant|ent|ee|man|woman|person)s?|captain|lead|head|chair|admin|mod|rep|"
           r"contact|coach|nurse|chef|skipper|host|judge|guide|point\s+of\s+contact|maid\s+of\s+hono[u]?r)")
_NOT_A_HOLDER = frozenset("number answer weather paper water order center centre event moment content present letter "
                          "matter corner dinner summer winter winner member problem reason plan plans best worst "
                          "client clients customer customers patient patients tenant tenants student students "
                          "resident residents parent parents".split())
# where the duty holds, said after the word for its holder ("for the night shift", "on the Bramwell account")
_WHERE_HELD = r"(?:\s+(?:for|on|of|at|in)\s+(?:[^,;.!?]|\.(?=\d)){2,40}?)?"
# "<who> is the charge nurse for the night shift", "Kasper is our lead on the Bramwell account"
_IS_THE_RE = re.compile(_LEAD + _WHO + r"(?:'s|’s|\s+is|\s+will\s+be)\s+(?P<the>(?:the|our|my)\s+)?(?!an?\s)(?P<role>(?:[a-z][\w-]*\s+){0,2}?"
                        r"(?P<holder>" + _HOLDER + r")" + _WHERE_HELD + r")" + _WHEN + r"\s*[.!]*$", _I)
# "Release manager for 4.2 will be Henrik", "our goalkeeping coach is Ibrahim", "the knife
# skills class is taught by Chef Amara"
_ROLE_IS_RE = re.compile(r"^(?:(?:the|our|my)\s+)?(?P<role>(?:[a-z][\w-]*\s+){0,2}?(?P<holder>" + _HOLDER + r")"
                         + _WHERE_HELD + r"(?:\s+this\s+\w+)?)\s+(?:is|will\s+be|'s|’s)\s+" + _WHO + r"\s*[.!]*$", _I)
_RUN_BY_RE = re.compile(r"^(?:(?:the|our|my)\s+)?(?P<role>[a-z][\w' -]{2,40}?)\s+(?:is|are|will\s+be)\s+"
                        r"(?:taught|run|led|hosted|handled|coordinated|managed|organi[sz]ed|covered|done)\s+by\s+"
                        + _WHO + r"\s*[.!]*$", _I)
# a duty taken on: "my neighbour Carla will feed the fish while I'm away", "Sam will bring the snacks"
_WILL_DO_RE = re.compile(_LEAD + r"(?P<rel>(?:my|our|his|her|their)\s+[a-z]+\s+)?" + _WHO
                         + r"(?:\s+will|'ll|’ll|\s+is\s+going\s+to|\s+is\s+gonna)\s+"
                         r"(?P<role>(?:feed|walk|water|mind|watch|look\s+after|take\s+care\s+of|pick\s+up|collect|drive|"
                         r"cover|run|handle|host|cook|bring|organi[sz]e|lead|teach|coach)\s+[^,;.!?]{2,40}?)"
                         r"(?:\s+(?:while|when|during|whenever|until|till)\s+[^,;.!?]{2,40})?\s*[.!]*$", _I)
# "Grace is in charge of the permission slips", "Ezekiel is responsible for ordering the seed potatoes"
_IN_CHARGE_RE = re.compile(_LEAD + _WHO + r"(?:'s|’s|\s+is|\s+will\s+be)\s+(?:in\s+charge\s+of|responsible\s+for|"
                           r"looking\s+after)\s+(?P<role>[^,;.!?]{2,50}?)" + _WHEN + r"\s*[.!]*$", _I)
# "Lab tours are Imogen's job"
_JOB_OF_RE = re.compile(r"^(?:(?:the|our|my)\s+)?(?P<role>[a-z][\w' -]{2,40}?)\s+(?:is|are)\s+" + _WHO
                        + r"(?:'s|’s)\s+(?:job|responsibility|thing|area|department)\s*[.!]*$", _I)
# another person takes the duty held: "Sofia is taking over the release", "the club is
# sending Rafael instead", "handed the Halvorsen review over to Desmond", "Beatriz swapped
# with Dmitri", "we asked Rupert to manage it", "a sous chef named Pietro Russo is teaching
# it now", "Soraya will pick them up instead", "Oluwaseun is covering"
_NAMED = r"(?:(?:a|an|the)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:named|called)\s+)?"
_HANDED_RES = (
    re.compile(r"(?:^|[,;.:]\s+|\b(?:so|now|but|and)\s+)" + _NAMED + _WHO
               + r"(?:(?:'s|’s|\s+is|\s+will\s+be)\s+(?:taking|gonna\s+take|going\s+to\s+take)\s+over"
               r"(?:\s+(?:the\s+)?[^,;.!?]{2,40}?)?"
               r"|\s+will\s+take\s+over(?:\s+(?:the\s+)?[^,;.!?]{2,40}?)?"
               r"|\s+will\s+[a-z]+(?:\s+(?:it|them|that|this))?(?:\s+up)?\s+instead"
               r"|(?:'s|’s|\s+is)\s+(?:covering|stepping\s+in)"
               r"|(?:'s|’s|\s+is)\s+(?:" + _DOING + r")\s+(?:it|that|this|them)\s+now)"
               r"(?:\s+(?:now|instead|from now on|going forward|this\s+\w+))*\s*[.!]*$", _I),
    re.compile(r"\b(?:sending|sent|gave\s+us|giving\s+us|got\s+us|brought\s+in|hired)\s+" + _WHO + r"\s+instead\b", _I),
    re.compile(r"\b(?:handed|passed|handing|passing)\s+(?:the\s+|it|that|this|them)?[\w' -]{0,40}?\s*(?:over\s+)?to\s+"
               + _WHO + r"\b", _I),
    re.compile(r"\b(?:let's|lets|let\s+us)\s+give\s+(?:the\s+|it|that|this|them)?[\w' -]{0,40}?\s*to\s+" + _WHO + r"\b", _I),
    re.compile(r"\bswapped\s+with\s+" + _WHO + r"\b", _I),
    re.compile(r"\basked\s+" + _WHO + r"\s+to\s+(?:do|take|run|manage|cover|handle|lead|teach)\b", _I),
)
_NOT_A_PERSON = frozenset("the this that these those it he she they we i you everyone everybody nobody "
                          "what who which where when why how "
                          "someone somebody my our your his her their mum mom dad monday tuesday wednesday "
                          "thursday friday saturday sunday january february march april may june july august "
                          "september october november december today tomorrow tonight team".split())
# what is no role: a pronoun, a possession, a state ("running late", "doing well")
_NOT_A_ROLE_RE = re.compile(r"^(?:it|that|this|them|those|his|her|their|my|our|your|me|us|him|a|an|some|"
                            r"any|well|fine|great|ok(?:ay)?|good|better|worse|late|early|so|too|really|"
                            r"over|instead|for)\b", _I)
# a value in what would be the role: a schedule, not a duty ("does after-school club
# mondays and wednesdays", "runs 5k every morning")
_WHEN_SAID_RE = re.compile(r"\d|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\b(?:every|each|daily|weekly|"
                           r"mornings?|evenings?|nights?|weekends?|today|tonight|tomorrow)\b", _I)
# a part of the week or day held as a shift ("weekends", "mornings", "the night")
_SHIFT_RE = re.compile(r"(?:week(?:end|day)s?|mornings?|afternoons?|evenings?|nights?|lates|earlies|"
                       r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?)", _I)
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "last")
# another clause inside what would be the role ("CAD and Lee handles wiring")
_ANOTHER_CLAUSE_RE = re.compile(r"\band\s+(?-i:[A-Z])")
_GATE_RE = re.compile(rf"\b(?:{_DOING}|{_DOES}|on|will|now|swap|switch|replace|sub|taking|my|our|make|is|are|"
                      rf"swapped|asked|handed|passed|give|sending|sent|gave|got|hired|brought|charge|responsible|"
                      rf"looking)\b", _I)


#: the last word of a firm's name
_FIRMS = frozenset("corp corporation inc ltd llc co gmbh plc group labs studio studios agency partners".split())
#: how often a word that opens a sentence may be met in English and still be read as a
#: name there ("Mike", "Carol"; never "Party", "Team", "Boss")
_COMMON_WORD = 20000


def _person(who: str, opens: bool = False) -> bool:
    """``who`` names a person: no pronoun, day or month, no well-known tool; when it
    ``opens`` the sentence (where every word has its capital), no common word either."""
    if who.split()[-1].lower().rstrip(".") in _FIRMS:
        return False  # "Acme Corp": a firm
    first = who.split()[0].lower().rstrip(".")
    if opens and " " not in who and known_word(first) and word_frequency().get(first, 0) > _COMMON_WORD:
        return False
    return first not in _NOT_A_PERSON and (name_category(who) is None or first in ("dr", "mr", "mrs", "ms", "prof"))


def _role(role: str) -> str | None:
    """``role`` read as a duty ("Lady Macbeth", "the beginners' session", "wiring"), or None."""
    role = re.sub(r"^(?:the|our)\s+", "", role.strip(), flags=_I)
    words = role.lower().split()
    if not words or _NOT_A_ROLE_RE.match(role) or _ANOTHER_CLAUSE_RE.search(role):
        return None
    if all(_SHIFT_RE.fullmatch(w) for w in words if w not in ("and", "&")) or words in ([w] for w in _ORDINALS):
        return role  # "Carla covers weekends", "Mei takes the second": a shift, the one of a list
    if _WHEN_SAID_RE.search(in_digits(role)) or len(words) == 1 and (
            is_adverb_only(words[0]) or is_adjective(words[0]) and not is_noun(words[0]) and not role[:1].isupper()):
        return None
    return role


@lru_cache(maxsize=8192)
def role_said(text: str) -> tuple[str | None, str, bool] | None:
    """(the role, the person, whether said as a change) of a sentence that gives a role to a
    person; the role is None when the sentence only says who takes it now."""
    t = text.strip()
    if not _GATE_RE.search(t):
        return None
    m = _TAKES_OVER_RE.search(t) or _SWAP_FOR_RE.search(t) or next(
        (h for h in (r.search(t) for r in _HANDED_RES) if h is not None), None)
    if m is not None and _person(m.group("who"), opens=m.start("who") == 0):
        # (with whose relation they are: "her cousin Femi", no owner of the role)
        return None, f"{m.groupdict().get('rel') or ''}{m.group('who')}", True
    m = _ROLE_NOW_RE.match(t)
    if m is not None and _person(m.group("who"), opens=m.start("who") == 0) and _role(m.group("role")) is not None:
        return m.group("role"), m.group("who"), True
    given = _given(t)
    if given is None and "," in t:  # "Rhiannon handles the payroll exports, anything from the bank goes to her"
        given = _given(t.split(",", 1)[0])
        last = _MAKE_RE.match(t.rsplit(",", 1)[1].strip())
        if given is None and last is not None and _person(last.group("who")) and _role(last.group("role")):
            # "kestrel's taking a break, make Jinx head mod": the duty given anew, after a reason
            return _role(last.group("role")), last.group("who"), True
    return given


def _given(t: str) -> tuple[str, str, bool] | None:
    """(the role, the person, False) of a clause that gives a person a duty, or None."""
    m = _IS_DOING_RE.match(t) or _DOES_RE.match(t) or _IS_MY_RE.match(t) or _MAKE_RE.match(t)
    if m is not None and _person(m.group("who"), opens=m.start("who") == 0):
        role = _role(m.group("role")) if m.groupdict().get("role") else \
            re.sub(r"^on\s+(?:the\s+)?", "", m.group("on"), flags=_I)
        if role is not None:
            return role, m.group("who"), False
    # (the word for the holder, or "in charge of", says a duty: any name may open these,
    # "Grace is in charge of the raffle", and the duty may hold at a time, "for the night shift")
    m = _held(_IS_THE_RE.match(t)) or _held(_ROLE_IS_RE.match(t))
    if m is not None and m.groupdict().get("the") is None and m.re is _IS_THE_RE \
            and (not _person(m.group("who"), opens=m.start("who") == 0)
                 or not all(is_noun(w) or not known_word(w) for w in m.group("role").split()[:2])):
        m = None  # ("Shipping is free on orders over $50"; but "Kestrel is head mod")
    if m is not None and _person(m.group("who")):
        return re.sub(r"^(?:the|our|my)\s+", "", m.group("role"), flags=_I), m.group("who"), False
    m = _IN_CHARGE_RE.match(t) or _RUN_BY_RE.match(t) or _JOB_OF_RE.match(t) or _WILL_DO_RE.match(t)
    duty = _role(m.group("role")) if m is not None and _person(m.group("who")) else None
    return (duty, m.group("who"), False) if m is not None and duty is not None else None


def _held(m: re.Match[str] | None) -> re.Match[str] | None:
    """``m`` when the word it read for the holder of a duty is one ("charge nurse", not "the answer")."""
    if m is None:
        return None
    holder = m.group("holder").lower().split()[-1]
    return m if holder not in _NOT_A_HOLDER and (is_noun(holder) or not known_word(holder)) else None


# where clauses part in a sentence that gives several roles ("Sam does CAD and Lee handles
# wiring", "Marco sings lead, Tess does harmony")
_PARTS_RE = re.compile(r"\s*(?:,|;)\s*(?:and\s+)?|\s+and\s+(?=(?-i:[A-Z]))")


def roles_given(sentence: str) -> list[tuple[str, str, str]] | None:
    """(clause, role, person) of each clause of a sentence that gives two or more people
    a role each, or None."""
    parts = [p.strip(" .!") for p in _PARTS_RE.split(sentence.strip()) if p.strip(" .!")]
    if len(parts) < 2:
        return None
    out = []
    for part in parts:
        said = role_said(part)
        if said is None or said[0] is None or said[2]:
            return None
        out.append((part, said[0], said[1]))
    return out
