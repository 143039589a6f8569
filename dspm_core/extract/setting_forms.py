"""Settings and stances recognised by their form.

- "The default branch is develop", "Our brand colour is teal", "My home airport is JFK":
  a possessed or defined subject declared to be a value is a decision.
- "Write the tests with Jest", "Format the code with Black", "We'll track bugs in Jira",
  "Our CI runs on Jenkins": the named tool a piece of the work is done with is a decision.
- "I want a progress summary every Monday", "Every quarter I need a cost report": a
  recurring want is a decision.
- "Show 20 results per page", "Retain logs for 90 days": an instruction that sets a
  quantity is a decision.
- "I live in Denver", "I'm on a Mac", "I'm vegetarian", "I keep kosher": what holds of the
  user, which every answer must respect, is a rule.
- "What laptops are there under $900?": a bound inside a question is a rule of the search.

Each reader looks at the whole clause; what it does not match is left to the other readers.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..lexicon import (is_adjective, is_base_verb, is_noun_only, is_past_verb, is_plural_noun, known_word,
                       past_form)
from ..occupations import occupation_said
from ..recipients import channel_said, recipient_said
from ..roles import role_said
from .self_described import self_described
from ..hosted_in import region_said
from .stances import stance_kind
from ..due_dates import DUE_CUE_RE, due_said
from ..effective import without_effect
from ..named_settings import LEAD, NAME, read_named, read_reminder
from ..called import named_thing
from ..patch import PatchKind
from ..places import place_said
from ..venues import venue_said
from ..reply_styles import asked_style
from ..resolve import time_told
from ..resolve import MOVED_WORDS
from ..known_names import names_its_kind
from ..slots import parse_statement
from ..party import HOSTING_RE
from ..value_clause import clauses, reported, weak_subject
from ..values import LOWER_SYSTEMS, VALUE_RE, parse_value

__all__ = ["one_off_task", "setting_kind", "states_nothing", "strip_frame", "trait_shapes_replies"]

_I = re.I
_LEAD, _NAME = LEAD, NAME
# "I live in Denver", "I'm based in Toronto", "I'm on a Mac", "I keep kosher"
_ABOUT_ME_RE = re.compile(
    _LEAD + r"i(?:'m| am)\s+(?:based\s+|located\s+|living\s+|staying\s+)?in\s+(?-i:[A-Z])\w+"
    r"(?:\s+(?-i:[A-Z])\w+)?\s*[.!]?$"
    + r"|" + _LEAD + r"i(?:'m| am)\s+(?:based|located|living|staying)\s+in\s+" + _NAME
    + r"|^i\s+(?:live|work)\s+in\s+" + _NAME
    # "I drive a Toyota Corolla, what oil ...?": a thing of the speaker's by its make
    + r"|^(?:i|we)\s+(?:drive|ride|own)\s+(?:a|an)\s+(?:\d{4}\s+)?(?-i:[A-Z])[\w.+-]*"
    + r"|^i(?:'m| am)\s+on\s+(?:a\s+|an\s+)?(?-i:[A-Z])[\w.+-]*(?:\s+\w+)?\s*[.!]?$"
    r"|^(?:i|we)\s+(?:only\s+)?(?:keep|eat)\s+(?:kosher|halal|vegan|vegetarian|plant-based|keto|paleo)\b"
    r"|^i(?:'m| am)\s+(?:a\s+)?(?:(?:type\s+[12]|[a-z]+-[a-z]+|mildly|severely|slightly|partially|"
    r"profoundly|totally)\s+(?=\w*(?:[- ]intolerant|ic|blind|deaf)\b))?"  # "type 1 diabetic", "red-green colorblind"
    r"(?:vegan|vegetarian|pescatarian|lactose[- ]intolerant|"
    r"gluten[- ]free|diabetic|c(?:o)?eliac|allergic to\s+\w+|pregnant|colou?r[- ]?blind|deaf|blind|left[- ]handed|"
    r"[a-z]+[- ]intolerant|(?:a\s+|an\s+)?(?:complete\s+|total\s+)?(?:beginner|novice|newbie|learner)|"
    r"\d{1,3}(?:\s+years?\s+old)?(?=\s*(?:[,.!]|and\b|$)))\b"
    # "English is not my first language", "Spanish is my second language"
    r"|^\w+\s+is(?:n't| not)?\s+(?:not\s+)?my\s+(?:first|native|second|mother)\s+(?:language|tongue)\b"
    r"|^i\s+(?:don't|do not|can't|cannot)\s+(?:eat|drink)\s+\w"
    # "I can't have gluten" (never "I can't have a look", "can't have that")
    r"|^i\s+(?:can't|cannot|can not)\s+have\s+(?!(?:a|an|the|this|that|these|those|it|any|more|"
    r"much|too|time|enough|you|him|her|them)\b)[a-z]"
    # what the speaker can no longer manage: "I can't manage stairs anymore"
    r"|^i\s+(?:can't|cannot|can no longer|can't really)\s+(?:manage|handle|tolerate|digest|climb|walk|"
    r"drive|lift|stand|sit|kneel)\s+(?!(?:this|that|it|him|her|them|you)\b)\w"
    r"|^i\s+have\s+(?:\d+|two|three|four|five|six)\s+(?:kids|children|sons|daughters|dogs|cats|"
    r"pets|dependents|roommates)\b(?:\s+\S+){0,4}\s*[.!]?$"
    r"|^i\s+(?:can't|cannot|can not|am not allowed to|'m not allowed to|am unable to|'m unable to)"
    r"\s+(?:install|use|run|access|eat|drink|travel|drive|lift|afford|walk|fly)\b"
    # "I'm 7 months pregnant", "I use a wheelchair", "i don't have a car", "I teach year 6",
    # "I work nights", "I'm not an admin on this machine"
    r"|^i(?:'m| am)\s+(?:\d+|a few|several)\s+(?:weeks|months)\s+pregnant\b"
    r"|^i\s+(?:use|rely on|need)\s+(?:a|an)\s+(?:wheelchair|cane|walker|walking stick|hearing aid|"
    r"screen reader|mobility scooter|crutches|guide dog)\b"
    r"|^i\s+(?:don't|do not|no longer)\s+(?:have|own)\s+(?:a|an|any)\s+[a-z]+"
    r"|^i\s+teach\s+(?:year|grade|class|primary|secondary|high school|kindergarten|\w+\s+graders)\b"
    r"|^i\s+work\s+(?:nights|night shifts|weekends|shifts|from home|remotely|part[- ]time|"
    r"full[- ]time)\b"
    r"|^i(?:'m| am)\s+not\s+(?:an?\s+)?(?:admin|administrator|root|sudoer)\b", _I)
# "Remind me to take my meds at 8 AM", "I want to fast for 16 hours a day": a standing
# reminder or a goal with its quantity
_REMINDER_RE = re.compile(_LEAD + r"(?:please\s+)?remind me\s+(?:to|about)\s+\w", _I)
_GOAL_RE = re.compile(_LEAD + r"(?:i|we)\s+(?:want|need|plan|aim|intend|'d like|would like|"
                      r"am going|'m going)\s+to\s+\w", _I)
# a bound inside a question: "... under $900 ...", "... after 6pm ...", "... without any museums"
_WITHOUT_RE = re.compile(r"\bwithout\s+(?:any\s+)?[a-z]{3,}", _I)
_QUESTION_BOUND_RE = re.compile(
    r"\b(?:under|below|less than|at most|no more than|over(?!\s+\d+\s+(?:years?|months?)\b)|above|at least|"
    r"more than|after|before|within)\s+(?:[$€£]\s?)?\d", _I)  # (never a term: "over 30 years")

# a question that searches ("What laptops are there ...", "Which flights ..."), not one that
# asks how ("How do I make sure the batch size stays under 500 records?")
_SEARCH_RE = re.compile(r"^(?:(?:so|and|also|ok(?:ay)?)[,\s]+)?(?:what|what's|which|where|is there|"
                        r"are there|any|find|recommend|suggest|(?:can|could) you (?:find|recommend|"
                        r"suggest))\b", _I)
# "Any tips on how to decline without sounding rude?": advice asked for, not things searched
_ADVICE_RE = re.compile(r"^(?:(?:so|and|also|ok(?:ay)?)[,\s]+)?any\s+(?:\w+\s+)?(?:tips?|advice|ideas?|"
                        r"suggestions?|thoughts?|pointers?)\b|.*\bhow\s+(?:to|do|can|should)\b", _I)
_TASK_VERBS = frozenset("write explain summarise summarize translate rewrite tell list give "
                        "describe draft compose outline answer help show compare find suggest "
                        "recommend convert calculate solve sort turn make plan design create build "
                        "map sketch prepare generate pick choose brainstorm".split())


# "Can you please reply in French going forward?": a request about the replies to come
_POLITE_RE = re.compile(r"^(?:(?:so|and|also|ok(?:ay)?|hey)[,\s]+)?(?:can|could|would|will)\s+you\s+"
                        r"(?:please\s+|kindly\s+|always\s+)*(?P<verb>[a-z]+)\b", _I)
_FUTURE_RE = re.compile(
    r"\b(?:from now on|going forward|in future|moving forward|from here on|always|"
    r"(?:every|each|all|any)\s+(?:\w+\s+)?(?:answers?|repl(?:y|ies)|responses?|messages?|time)|"
    r"(?:the|all|any|every|each)\s+\w+\s+you\s+(?:write|give|send|suggest|draft|make|recommend|"
    r"produce)|instead of)\b",
    _I)
# "Make sure the recipes you suggest are gluten-free", "Make sure to avoid jargon"
_MAKE_SURE_RE = re.compile(_LEAD + r"(?:please\s+)?(?:make sure|ensure|be sure|always make sure)\s+"
                           r"(?:that\s+)?(?:the|your|all|every|each|any|(?:you|u|to)\s+(?:always\s+)?(?:run|test|use|check|include|add|write|cite|keep|follow|"
                           r"avoid|mention|explain|show|double-check|confirm|commit|format|lint|label|"
                           r"reply|answer|list|give|read|update|back up|ask)\b|"
                           r"[a-z]+s\s+(?:are|stay|get|have|work|run|pass)\b|"
                           # "make sure nothing goes to production without a review"
                           r"(?:nothing|no\s+[a-z]+|none\s+of|everything|every\s+[a-z]+)\s+"
                           r"(?:goes|gets|is|ships|leaves|lands|reaches)\b)\b", _I)
# "Give me prices in Canadian dollars", "stick to Python's standard library"
_IN_UNITS_RE = re.compile(_LEAD + r"(?:please\s+)?(?:give|show|quote|list|write|put)\s+(?:me\s+|us\s+)?"
                          r"(?:all\s+)?(?:the\s+)?(?:prices|amounts|costs|figures|times|dates|"
                          r"temperatures|distances|weights|measurements|sizes|numbers)\s+in\s+\w", _I)
_STICK_TO_RE = re.compile(_LEAD + r"(?:please\s+)?(?:stick|keep|stay)\s+(?:it\s+|things\s+)?to\s+(?!yourself\b)\w", _I)
# "keep carb counts in grams per serving", "log distances in km": things of a kind, in a unit
_KEEP_IN_UNITS_RE = re.compile(_LEAD + r"(?:please\s+)?(?:always\s+)?(?:keep|give|show|quote|list|write|put|log|record)\s+"
                               r"(?:me\s+|us\s+)?(?:all\s+)?(?:the\s+|my\s+|our\s+)?(?:[a-z]+\s+){0,2}[a-z]+s\s+in\s+"
                               r"(?:\w+\s+per\s+\w+|metric|imperial|celsius|fahrenheit|grams|kilos|kg|pounds|lbs|miles|km|"
                               r"kilometres|kilometers|euros|dollars|usd|gbp|eur|local\s+time|utc|24h|24-hour)\b", _I)
# "I'd appreciate a calm tone", "we'd appreciate shorter answers": a kind of reply wanted
_APPRECIATE_KIND_RE = re.compile(_LEAD + r"(?:i|we)(?:'d|\s+would)\s+(?:really\s+|also\s+)?appreciate\s+"
                                 r"(?:a\s+|an\s+|more\s+|some\s+)?(?P<adj>[a-z-]+)\s+(?P<noun>[a-z]+)\s*"
                                 r"(?:[,.;!]|$|\s+(?:please|pls|from\s+now\s+on|going\s+forward|in\s+(?:general|future)))", _I)
#: what one asks once ("I'd appreciate quick help with this")
_ONCE_WANTED = frozenset("help hand advice tips pointers suggestion suggestions idea ideas input look "
                         "reply response answer call".split())
# "give me numbers as tables rather than paragraphs": things of a kind in one form, not another
_AS_RATHER_RE = re.compile(_LEAD + r"(?:please\s+|pls\s+)?(?:always\s+)?(?:give|show|send|write|format|put|do)\s+"
                           r"(?:me\s+|us\s+)?(?:all\s+)?(?:the\s+|my\s+|our\s+)?(?:[a-z]+\s+){0,2}[a-z]+s\s+(?:as|in)\s+"
                           r"[\w-]+(?:\s+[\w-]+)?\s+(?:rather\s+than|instead\s+of|not)\s+\w", _I)
# how a thing is to be kept: "keep my mornings free of meetings", "keep emails to clients
# short and polite" (an adjective after what is kept; never "keep the receipts")
_KEEP_HOW_RE = re.compile(_LEAD + r"(?:please\s+)?(?:always\s+)?keep\s+(?:(?:my|the|our|your|all|any|every)\s+)?"
                          r"(?P<what>(?:[a-z][\w'-]*\s+){1,4}?)(?P<adj>[a-z]+)"
                          r"(?:\s+(?:and|but|or|of|from|at|to)\b.*|\s+(?:please|pls|always|too))?\s*[.!]?$", _I)
# how to explain, to whom: "explain things as if I'm a complete beginner", "talk to me like
# I'm five"
_EXPLAIN_AS_RE = re.compile(_LEAD + r"(?:please\s+)?(?:always\s+)?(?:explain|talk|write|answer|reply|"
                            r"respond)\s+(?:(?:things|everything|stuff|it all|to me|for me)\s+)?"
                            r"(?:as if|as though|like)\s+(?:i'm|i am|i was|i were|you're talking to)\b", _I)


def _kept_how(s: str) -> bool:
    m = _KEEP_HOW_RE.match(s)
    # (of things of a kind, never of one thing at hand: "keep the soup warm", "keep it up")
    return m is not None and any(map(is_plural_noun, m.group("what").split())) and is_adjective(m.group("adj")) \
        and not is_noun_only(m.group("adj")) and not _FOR_NOW_RE.search(s)


# said of now only: "keep the kids busy this afternoon"
_FOR_NOW_RE = re.compile(r"\b(?:today|tonight|tomorrow|this\s+(?:morning|afternoon|evening|week|weekend)|"
                         r"for now|for the moment|right now)\b", _I)
# "I don't need the history lesson", "I'm not keen on long video tutorials"
_NEGATED_PREFERENCE_RE = re.compile(
    _LEAD + r"(?:i|we)\s+(?:really\s+)?(?:don't|do not)\s+(?:need|want|care for|like)\s+"
    r"(?:the|any|long|more|all)\b|^(?:i'm|i am|we're|we are)\s+not\s+(?:keen on|a fan of|"
    r"into|fond of|interested in)\b|^(?:i|we)\s+can do without\b|^no need for\b"
    r"|^not\s+(?:keen on|a fan of|into|fond of)\b"
    # "I can't be doing with bullet points", "I'm sick of disclaimers"
    r"|^(?:i|we)\s+(?:really\s+)?(?:can't|cannot|can not)\s+(?:be doing with|stand|bear|abide|"
    r"be bothered with)\b(?!\s+(?:the|this|that|it|him|her|them|my|your|his|their)\b)"
    r"|^(?:i'm|i am|we're|we are)\s+(?:so\s+|really\s+)?(?:sick|tired|fed up)"
    r"\s+(?:of|with)\b(?!\s+(?:this|that|it|him|her|them)\b)", _I)
# "spell it colour not color", "say 'folks' not 'guys'": an instruction that sets one form
# against another
_CONTRAST_RE = re.compile(r"(?<![\w'’-])(?!(?:is|are|was|were|be|been|do|does|did|has|have|had|will|would|"
                          r"can|could|should|must|may|might|and|or)\b)[\w'\"’-]+,?\s+(?:not|rather than|"
                          r"instead of)\s+['\"’]?[\w-]+['\"’]?\s*[.!]?$",
                          _I)
# "please sign off my emails with 'Best, Tom'": an instruction about all things of a kind
_ALL_OF_MINE_RE = re.compile(r"\b(?:my|our|all)\s+(?:\w+\s+)?(?:emails|messages|letters|posts|commits|"
                             r"commit messages|pull requests|prs|docs|documents|reports|invoices|"
                             r"tickets|slides|notes|summaries|answers|replies)\b", _I)
# "reply to each review in ...", "tag every bug report with ...": an instruction about each
# thing of a kind as it comes
_EACH_RE = re.compile(r"\b(?:each|every|any)\s+(?!(?:one|other|single|more|longer|further|way|good|day|week|fortnight|month|year|morning|"
                      r"afternoon|evening|night|hour|minute|weekday|weekend|monday|tuesday|wednesday|"
                      r"thursday|friday|saturday|sunday|\d)s?\b)[a-z][\w-]*", _I)
# (never a task over a set at hand: "list every country in Europe", "check each file in this
# folder")
_LOOKUP_VERBS = frozenset("list find check count name show give tell explain search look compare rank "
                          "sort summarise summarize review read go".split())
# a noun and its verb, never an instruction ("Value can mean different things for each ...")
_SUBJECT_VERB_RE = re.compile(r"^\S+\s+(?:can|could|will|would|should|must|may|might|is|are|was|were|has|"
                              r"have|had|does|do|did|means?|meant|seems?|varies|vary|depends?)\b", _I)
# a relative pronoun and its verb ("any food that interacts with it", "games that take under
# an hour"): no thing pointed at
_RELATIVE_RE = re.compile(r"\b(?:that|which|who)\s+(?:is|are|was|were|has|have|can|could|will|would|take|"
                          r"use|need|contain|include|mention|[a-z]+s)\b|(?<=[a-z]s)\s+that\s+[a-z]+", _I)
# "suggest only games that ...", "recommend only vegan places": things of a kind, only
_ONLY_KIND_RE = re.compile(r"^[a-z]+\s+(?:me\s+|us\s+)?only\s+(?:[a-z-]+\s+){0,2}[a-z-]+s\b", _I)
_DEICTIC_RE = re.compile(r"\b(?:this|these|that|those|here|below|above|following|attached)\b", _I)
# "recipes under 500 calories?": a bound said as a question with no verb
_ASKING_RE = re.compile(r"^(?:is|are|do|does|did|can|could|should|would|will|what|what's|how|why|"
                        r"where|when|who|which|was|were|have|has|any)\b", _I)
_SINCE_RE = re.compile(r"^(?:since|because|as|given that|now that)\s+", _I)
# "my son, who's autistic, struggles with loud places, ...": a fact in a relative clause
_WHO_ASIDE_RE = re.compile(r"^(?:my|our)\s+[\w-]+(?:\s+[\w-]+)?,\s+who(?:'s|’s| is| has)\s+\w", _I)
# "No spoilers.", "Less hedging.", "Bullet points only, no prose.", "shorter please, from now on"
#: the longest part of a list of fragments that are each a rule ("plain English, no jargon")
_FRAGMENT_WORDS = 5
_FRAGMENT_RE = re.compile(
    r"^(?:no|less|fewer|more|only|shorter|longer|simpler|briefer)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?"
    r"(?:\s+please)?(?:,?\s*(?:from now on|going forward|for now|for the time being|please))?\s*[.!]?$"
    # "no jumping exercises or deep lunges", "no grapefruit suggestions ever"
    r"|^no\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?(?:\s+(?:or|and|nor)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)?"
    r"(?:\s+(?:ever|at all|whatsoever))?(?:\s+(?:please|pls|plz))?\s*[.!]?$"
    r"|^[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+only,\s+no\s+[a-z][\w-]*\s*[.!]?$"
    r"|^(?:shorter|longer|simpler|briefer|slower|calmer)\s+please\b"
    # "Short answers.", "plain english pls": the replies asked for
    r"|^(?:short|shorter|brief|concise|simple|plain|casual|formal|detailed)\s+(?:answers|replies|"
    r"responses|explanations|sentences|paragraphs|summaries|english|language|words)"
    r"(?:\s+(?:please|pls|plz))?\s*[.!]?$"
    # "halal food only for the whole group, please", "cash only"
    r"|^[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+only(?:\s+for\s+(?:the\s+|our\s+|my\s+|all\s+)?[\w'-]+(?:\s+[\w'-]+){0,2})?"
    r"(?:,?\s*(?:please|pls|plz))?\s*[.!]?$"
    # "nothing with pork", "nothing containing gluten"
    r"|^nothing\s+(?:with|containing|made with|that has)\s+[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}\s*[.!]?$"
    # "no legal or medical advice, ever"
    r"|^no\s+[a-z][\w-]*(?:\s+(?:or\s+|and\s+)?[a-z][\w-]*){0,3},?\s+(?:ever|at all|whatsoever|period)\s*[.!]?$"
    # "no spoilers for the last season", "no emojis in commit messages"
    # "no exclamation marks in work emails please", "no wine tastings or brewery tours in any of
    # the plans", "no suggestions that involve drilling"
    r"|^no\s+[a-z][\w-]*(?:\s+(?:or\s+|and\s+)?[a-z][\w-]*){0,3}\s+(?:for|in|about|on|from|that|involving)\s+"
    r"(?:[\w'-]+\s*){1,8}(?:,?\s*(?:please|pls|plz))?\s*[.!]?$"
    # "no abstract base classes", "no single letter variables": a thing named in three words
    r"|^no\s+[a-z][\w-]*\s+[a-z][\w-]*\s+[a-z][\w-]*s(?:\s+(?:please|pls|plz))?\s*[.!]?$"
    # "metric please", "British spelling throughout", "UTC everywhere"
    r"|^[\w/-]+(?:\s+[\w/-]+)?\s+(?:please|throughout|everywhere|across the board|"
    r"at all times|from now on|going forward|on\s+everything)(?:\s+(?:please|pls|plz))?"
    r"\s*[.!]?$"
    # "gluten free everything pls", "low carb everything": what everything must be
    r"|^(?:[a-z]+[- ]free|low[- ][a-z]+|decaf|organic|vegan|vegetarian|halal|kosher|keto)\s+"
    r"everything(?:\s+(?:please|pls|plz))?\s*[.!]?$"
    # "Metric units only.", "GBP for all prices."
    r"|^[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+only\s*[.!]?$"
    r"|^[\w/-]+(?:\s+[\w/-]+)?\s+for\s+(?:all|every|each|any)\s+[a-z]+(?:\s+[a-z]+)?\s*[.!]?$"
    # "Times New Roman 12, double spaced, for every brief draft": a format of parts
    r"|^(?!(?:thanks|thank|cheers|sorry|good\s+luck)\b)[\w/-]+(?:\s+[\w/-]+){0,3},\s+[\w/-]+(?:\s+[\w/-]+){0,2},?"
    r"\s+for\s+(?:all|every|each|any)\s+[a-z]+(?:\s+[a-z]+)?\s*[.!]?$", _I)
# what a "no" is of, up to where it is said to hold ("no suggestions | that involve drilling")
_NO_HEAD_RE = re.compile(r"^no\s+.*?(?=\s+(?:for|in|about|on|from|that|involving)\s)", _I)
_NOT_A_RULE_FRAGMENT = frozenset("problem problems worries worry way idea clue thanks thank doubt "
                                 "kidding joke luck rush pressure offense offence yes yeah yep ok "
                                 "okay sure more another again continue next same help this that "
                                 "it one regret regrets complaint complaints biggie sweat surprise "
                                 "wonder drama pref prefs preference preferences opinion bother "
                                 "difference deal feelings harm hurry rush stress fuss need needed chance matter "
                                 "longer change changes news update updates time point reason signal sign luck errors error "
                                 "issues issue warnings bugs crashes decision decisions yet idea ideas "
                                 "rain sun signal reception wifi".split())
# a fact of the speaker's given as the reason of a question ("... since i've got a bad shoulder?")
# (a state: "i've got ...", "i'm allergic ...", never what was done, "since i've decided ...")
_REASON_FACT_RE = re.compile(
    r"\b(?:since|because|as|cause|cos|coz|given that)\s+(?:i've got|i have got|i've only got|i only have|"
    r"i have (?:a|an|no|only|just|two|three)|i(?:'m| am) (?:a|an|on|allergic|intolerant|vegan|vegetarian|"
    r"pescatarian|pregnant|diabetic|disabled|colou?r ?blind|left-handed|deaf|blind)|i can't|i cannot|"
    r"i don't have|my\s+[\w-]+\s+(?:is|are))\s+\w"
    # "what can I bake for the party when I can't have gluten": what the speaker can never have
    r"|\bwhen\s+i\s+(?:can't|cannot|can not|don't|do not)\s+(?:have|eat|drink|take|tolerate|digest)\s+\w", _I)
_WH_RE = re.compile(r"^\W*(?:what|which|where|how|any)\s+(?:can|could|should|would|do|is|are|ideas?|good)\b", _I)
#: the longest question a fact given as its reason is kept from (a longer one is read as it is)
MAX_REASON_QUESTION_WORDS = 30
# "I'd like a reminder for my progress photos every 2 weeks", "we want the report every Monday"
_WANT_EVERY_RE = re.compile(
    r"^(?:(?:oh|and|also|so)[,\s]+)*(?:i(?:'d|d| would)\s+(?:like|love)|i\s+(?:want|need)|"
    r"we(?:'d| would)\s+like|"
    r"we\s+(?:want|need))\s+(?!to\s+know\b)[^?]+?\b(?:every|each)\s+(?:\d+\s+|other\s+|single\s+)?"
    r"(?:day|week|fortnight|month|year|morning|evening|night|weekday|weekend|hour|quarter|term|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b[^?]*$", _I)
# "Going forward, send the summary as a table."
_FROM_NOW_ON_RE = re.compile(r"^(?:from now on|going forward|in future|in the future|moving forward|"
                             r"from here on(?: out)?|from today(?: on(?:wards)?)?|as of (?:today|now)|"
                             r"starting (?:today|now|tomorrow|this week|next week))[,\s]+"
                             r"(?:(?:please|pls|plz|just|only|always|kindly|also)\s+)*"
                             r"(?P<verb>[a-z]+)\b(?P<rest>\s+\w.*)?", _I)
# "starting today I'm off alcohol", "from now on we only ship on mondays": the speaker's own
# standing from then on
_SPEAKER_FROM_NOW_RE = re.compile(r"^(?:i|we)(?:'m|'re|'ll|\s+am|\s+are|\s+will|\s+won't|\s+don't|"
                                  r"\s+do not|\s+only|\s+never|\s+always|\s+can't)\b", _I)
# an instruction about what the assistant gives: "cite a source for any stats you give me"
_ABOUT_REPLIES_RE = re.compile(r"\b(?:you (?:give|send|write|show|suggest|recommend|quote|"
                               r"share|draft|make|produce) (?:me|us)|your (?:answers|replies|"
                               r"responses|suggestions|messages|code|drafts)|in (?:your |the )?"
                               r"(?:answers|replies|responses)|when(?:ever)? you (?:answer|reply|"
                               r"respond|write))\b", _I)
# an aside before a question: "As a nurse working 12-hour shifts, ...", "With my knee injury,
# ...", "Because our cluster runs Kubernetes 1.29, ...", "My team is all in Berlin, so ..."
_ASIDE_RE = re.compile(
    r"^(?:as an?\s+\w+|with my\s+\w+(?:\s+\w+)?)\b"
    # "with a $1,200 rent budget, ...", "with our 2-week time limit, ...": the bound asked under
    r"|^with\s+(?:a|an|my|our|the)\s+(?:[$€£]\s?)?\d[\d,.]*k?(?:[\s-]+[\w-]+){0,2}?[\s-]+"
    r"(?:budget|limit|cap|allowance|maximum|max|ceiling)\b"
    # "As someone who's colourblind, ...", "as a person who has ADHD, ..."
    r"|^as\s+(?:someone|somebody|a person|one)\s+who(?:'s|’s|\s+is|\s+has|\s+gets)\s+\w"
    r"|^(?:(?:because|since|given that|now that)\s+)?(?:my|our)\s+[\w-]+(?:\s+[\w-]+)?\s+"
    r"(?:runs|uses|targets|is on|are on|is all in|are all in|is in|are in|lives in|is based in)\s+"
    r"(?-i:[A-Z0-9])"
    # "given we're on AWS, ...", "Since our repo is an Nx monorepo, ..."
    r"|^(?:given|since|because|as|now that)\s+(?:that\s+)?(?:we're|we are|i'm|i am)\s+"
    r"(?:on|using|in|with)\s+(?-i:[A-Z0-9])"
    r"|^(?:given|since|because|now that)\s+(?:that\s+)?(?:my|our)\s+[\w-]+(?:\s+[\w-]+)?\s+"
    r"(?:is|are)\s+(?:an?\s+|on\s+|in\s+)?(?-i:[A-Z0-9])"
    # "since we only have one car, ...", "as I've got two kids under five, ...": how many
    r"|^(?:given|since|because|as|now that)\s+(?:that\s+)?(?:we|i)(?:'ve|\s+have)?\s+(?:only\s+|just\s+)?"
    r"(?:have|got|own)\s+(?:\d+|one|two|three|four|five|six|no|a single)\s+[a-z]", _I)


# "we're on React 18, not 19": the version of a named system the speaker runs
_ON_VERSION_RE = re.compile(r"^(?:i|we)(?:'m|'re| am| are)\s+(?:still\s+|now\s+)?on\s+(?-i:[A-Z])[\w.+#-]*"
                            r"(?:\s+(?-i:[A-Z])[\w.+#-]*)?\s+v?\d+(?:\.[\dx]+)*\b", _I)
# a system and its version said alone ("Node 20.", "Python 3.12")
# (a known system, or a version with a dot: never "Chapter 12", "Step 3.")
_VERSION_ALONE_RE = re.compile(r"(?P<name>(?-i:[A-Z])[\w.+#-]*)\s+(?P<v>v?\d+(?:\.[\dx]+)*)\s*[.!]?", _I)
_LOWER_SYSTEM_RE = re.compile(LOWER_SYSTEMS, _I)
# "Use the Bolt framework.", "use Tailwind for styling": a name said with "use", a capital
# inside the sentence
_USE_NAMED_RE = re.compile(r"(?:please\s+)?use\s+(?:the\s+)?(?-i:[A-Z])[\w.+#-]*(?:\s+(?-i:[A-Z])[\w.+#-]*)?"
                           r"(?:\s+(?:framework|library|package|database|db|sdk|api|client|orm|engine|"
                           r"runtime|stack|toolkit|theme|font|template))?(?:\s+for\s+[\w\s-]{2,30})?\s*[.!]?", _I)
# "I'm dyslexic, so short sentences really help", "i'm colourblind so pls no red/green charts":
# how the speaker is, and what it asks of the replies
_TRAIT_SO_RE = re.compile(
    r"^(?:(?:also|and|btw|fyi|oh|just so you know)[,\s]+)*i(?:'m| am)\s+(?:(?:a bit|quite|very|pretty|"
    r"really|severely|mildly|slightly|profoundly)\s+)?(?P<trait>[a-z][a-z-]+)\s*,?\s+so\s+"
    r"(?P<rest>(?P<first>[a-z']+)\b.*)$", _I)
_FOR_NOW_RE = re.compile(r"^[a-z']+\s+(?:me|us)\b|\b(?:today|tonight|right now|nearby|near me|this "
                         r"(?:morning|afternoon|evening|weekend))\b", _I)
_ASKS_OF_REPLIES_RE = re.compile(r"\b(?:helps?|matters?|easier|harder|better|works? best|please|pls|"
                                 r"no|avoid|don't|do not)\b", _I)


def trait_shapes_replies(s: str) -> bool:
    """"I'm <how the speaker is>, so <what that asks>": an adjective the lexicon knows, then
    an instruction or what helps ("so keep it short", "so short sentences really help")."""
    m = _TRAIT_SO_RE.match(s)
    if m is None or not is_adjective(m.group("trait")) or _FOR_NOW_RE.search(m.group("rest")):
        return False  # ("I'm hungry so find me a restaurant nearby": a task of the moment)
    return is_base_verb(m.group("first")) or _ASKS_OF_REPLIES_RE.search(m.group("rest")) is not None


# "keep in mind my partner is deaf", "and remember I only take hand luggage": a fact to keep
_KEEP_IN_MIND_RE = re.compile(r"^(?:(?:and|but|also|oh|btw|just|please)[,\s]+)*(?:remember|keep in mind|"
                              r"bear in mind|note|don't forget|do not forget)(?:\s+that)?[,\s]+"
                              r"(?P<x>(?:i|i'm|i've|we|we're|we've|my|our|the|it|it's|he|she|they|"
                              r"there)\b.*)$", _I)
# "I'd appreciate it if you'd write in a friendly tone": a request of how to write
# "it would be great if you kept replies short": the same request, with the verb in the past
_APPRECIATE_RE = re.compile(r"^(?:i(?:'d| would|d)\s+(?:really\s+)?(?:appreciate it|prefer it|like it|"
                            r"love it|be (?:(?:really|so|very)\s+)?(?:grateful|thankful|glad|happy))|"
                            r"(?:it(?:'d| would)|would)\s+be\s+(?:really\s+|so\s+)?(?:great|nice|"
                            r"good|helpful|better|ideal|awesome|perfect|lovely))\s+if\s+"
                            # (or the assistant named: "if the bot could stop apologising")
                            r"(?:you|the\s+(?:bot|assistant|agent|chatbot|ai))(?:'d| would| could| can)?"
                            r"\s+(?:always\s+|only\s+|just\s+)?"
                            r"(?P<rest>(?P<verb>write|wrote|reply|replied|respond|responded|answer|answered|keep|"
                            r"kept|use|used|avoid|avoided|stop|stopped|format|formatted|talk|talked|speak|"
                            r"spoke|call|called|address|addressed|stick|stuck|sign|signed|refer|referred|"
                            r"spell|spelled|spelt|stay|stayed|be|were|always|never|didn't|did not|skip|"
                            r"skipped|left out|leave out|cut out)\b.*)$", _I)
# "dates as DD/MM/YYYY pls": how a kind of thing is given, as a fragment
_GIVEN_AS_RE = re.compile(r"^(?:(?:and|also|oh|btw|just)[,\s]+)*(?:all\s+)?(?P<what>[a-z]+s)\s+(?:as|in)\s+"
                          r"(?P<fmt>[^\s,]+(?:\s+(?!(?:please|pls|plz|thx|thanks|ty|in|for|on|across)\b)[^\s,]+)?)\s*"
                          # (where it holds: "dates in DD/MM/YYYY in every document")
                          r"(?:(?:in|for|on|across)\s+(?:every|each|all|any)\s+[\w-]+(?:\s+[\w-]+)?\s*)?"
                          r"(?:,?\s*(?P<pls>please|pls|plz|thx|thanks|ty)"
                          r"\b)?[.!]?$", _I)
# "Figma is our source of truth for designs", "Slack is our main channel": a named choice
_IS_OUR_RE = re.compile(r"^(?!(?:why|what|how|where|when|who|whose|which|is|are|do|does|can|could|"
                        r"would|should|will|this|that|it|there|here)\b)(?-i:[A-Z])[\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)*\s+(?:is|are)\s+"
                        r"(?:now\s+)?(?:our|my)\s+(?:[\w-]+\s+){0,5}[\w-]+\s*[.!]?$", _I)
# "All times in the app are stored in UTC", "Prices are shown in EUR": how a thing is kept
_KEPT_AS_RE = re.compile(r"^(?:all\s+|the\s+|our\s+|my\s+)*[\w-]+(?:\s+[\w-]+){0,5}\s+(?:are|is)\s+"
                         r"(?:always\s+|now\s+)?(?:stored|kept|saved|written|logged|hosted|deployed|"
                         r"served|formatted|displayed|shown|quoted|priced|billed|measured|tracked)\s+"
                         r"(?:in|on|as|with|via|through)\s+(?:the\s+)?(?-i:[A-Z0-9])", _I)
# "We run all builds on Linux runners now", "we host everything on Hetzner": where the work runs
_RUN_ON_RE = re.compile(r"^(?:we|i)\s+(?:now\s+|always\s+)?(?:run|build|deploy|host|test|ship|serve)"
                        r"\s+(?:all\s+|our\s+|the\s+|my\s+|everything\b)?(?:[\w-]+\s+){0,3}?"
                        r"(?:on|in|with|via|through)\s+(?:the\s+)?(?-i:[A-Z0-9])", _I)
# "In our team we use Black", "At work I'm on Windows": a frame before the statement
_FRAME_RE = re.compile(r"^(?:(?:(?:in|at|on|for)\s+(?:our|my|this|the)|(?:when it comes to|as for|regarding)"
                       r"(?:\s+(?:our|my|this|the))?)\s+[\w-]+(?:\s+[\w-]+)?|at (?:home|work|school)),?\s+"
                       r"(?=(?:we|i)\b)", _I)


def strip_frame(sentence: str) -> str:
    """``sentence`` without a frame before its speaker ("In our team, we use Black" ->
    "we use Black", "when it comes to my code I never want ..." -> "I never want ...")."""
    return _FRAME_RE.sub("", sentence, count=1)


#: the longest question read as a bound said without a verb ("recipes under 500 calories?")
MAX_BOUND_QUESTION_WORDS = 6


# a question's first word, never the verb of an instruction ("Can you give me some tips ...")
_AUXILIARIES = frozenset("can could would will shall should may might must do does did is are "
                         "was were".split())


#: kinds of name whose choice is a rule of every reply ("no meat", "answer in german")
_RULE_KINDS = frozenset({"diet", "reply language"})


# a thing not to be done at some times ("No calls after 8pm", "no deliveries before 9am"),
# or past a bound ("no videos longer than 5 minutes")
# (a thing of no plural before a time: "No caffeine after 2pm for me")
_NO_THING_WHEN_RE = re.compile(r"^\W*(?:and\s+|also\s+|please\s+)?no\s+(?:more\s+)?(?:[a-z][\w-]*s\s+"
                               r"(?:after|before|past|until|on|at|during)\s+\S|[a-z][\w-]*\s+(?:after|before|past)\s+"
                               r"(?:\d|noon|midday|midnight|lunch|dinner|dark|bedtime)"
                               # or past a bound ("no videos longer than 5 minutes", "no clips over 30s")
                               r"|[a-z][\w-]*s\s+(?:(?:longer|shorter|bigger|larger|heavier|older|more|less)\s+than|"
                               r"over|under|above|below|exceeding)\s+(?:[$€£]\s?)?\d)", _I)
# how numbers are rounded ("round currency to two decimals and percentages to one", "round
# everything to the nearest dollar"); never "round up the team" or "round this one"
_ROUNDED_RE = re.compile(r"^\W*(?:please\s+|always\s+)?round\s+(?:all\s+|every\s+|any\s+)?(?!this\b|that\b|it\b)"
                         r"[a-z][\w\s-]{0,30}?\s+to\s+(?:the\s+nearest\s+\w+|(?:\d|one|two|three|four)\w*\s+"
                         r"(?:decimals?|decimal\s+places?|dp|places|sig(?:nificant)?\s+fig(?:ure)?s))", _I)
# when the speaker cannot be reached ("I'm not available for tenant calls after 8pm", "i'm
# unavailable on weekends"; never "I wasn't available yesterday")
_AWAY_WHEN_RE = re.compile(r"^\W*(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:(?:not|never)\s+(?:available|free|reachable|"
                           r"contactable|around)|unavailable|unreachable)\b(?:\s+(?:for|to)\s+[\w\s-]{1,30}?)?\s+"
                           r"(?:after|before|past|until|till|on|at|during|between|in\s+the)\s+(?!the\s+moment\b)"
                           r"(?:\d|noon|midday|midnight|mornings?|afternoons?|evenings?|nights?|weekends?|weekdays?|"
                           # (days said as a habit: "on fridays", never "on friday")
                           r"lunch|dinner|(?:mon|tues|wednes|thurs|fri|satur|sun)days)", _I)
# a rule another party sets ("My landlord doesn't allow pets", "Pets aren't allowed")
_NOT_ALLOWED_RE = re.compile(r"^\W*(?:(?:my|our|the)\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+"
                             r"(?:doesn'?t|does\s+not|don'?t|do\s+not|won'?t|will\s+not)\s+(?:allow|permit)\s+\w"
                             r"|^\W*[a-z][\w-]*s\s+(?:aren'?t|are\s+not|isn'?t|is\s+not)\s+(?:allowed|permitted)\b", _I)
# what does the speaker harm ("Dairy makes me ill", "garlic doesn't agree with me")
_MAKES_ME_ILL_RE = re.compile(r"^\W*(?!(?:my|our|his|her|their|this|that|he|she|they|it|you|work|people)\b)"
                              r"[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:makes|gives)\s+(?:me|my\s+\w+)\s+"
                              r"(?:ill|sick|bloated|nauseous|migraines?|a\s+(?:headache|migraine|rash)|"
                              r"(?:really\s+|so\s+)?(?:ill|sick))\b"
                              r"|^\W*[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:doesn'?t|does\s+not|don'?t|do\s+not)\s+"
                              r"agree\s+with\s+me\b", _I)
# a policy the speaker keeps ("We have a strict no-refunds policy on sale items")
_POLICY_RE = re.compile(r"^\W*(?:we|i)\s+(?:have|keep|run|follow)\s+an?\s+(?:strict\s+|firm\s+|hard\s+)?"
                        r"(?:no[- ][\w-]+|[\w-]+(?:[- ]only)?)\s+(?:policy|rule)\b", _I)
# what the user is to be called ("call me sam not samantha pls"; never "call me back later")
_CALL_ME_RE = re.compile(r"^(?:(?:pls|please|and|also|oh|btw)[,\s]+)*(?:call|address)\s+me\s+(?:as\s+)?"
                         r"(?!(?:back|later|tomorrow|tonight|today|when|after|before|at|on|in|if|once|asap|"
                         r"now|whenever|anytime|about|re|again|sometime|soon|first|maybe)\b)[a-z][\w.'-]*"
                         r"(?:\s+(?:not|instead\s+of|rather\s+than)\s+[a-z][\w.'-]*)?"
                         r"(?:,?\s*(?:please|pls|plz|from now on|going forward|thanks|thx))*\s*[.!]?$", _I)
# what needs the user's say-so before it is done ("any purchase over $50 needs my explicit OK")
_NEEDS_MY_OK_RE = re.compile(r"\b(?:needs?|requires?|must\s+(?:get|have))\s+(?:my|our)\s+(?:\w+\s+)?"
                             r"(?:ok|okay|approval|sign-?off|go-?ahead|permission|consent|confirmation)\b", _I)
# what is never done without the user's say-so ("no new dependencies without asking me first")
_WITHOUT_ASKING_RE = re.compile(r"^(?:(?:and|also|oh|btw|pls|please)[,\s]+)*no\s+(?:new\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}\s+"
                                r"without\s+(?:asking|checking|telling|running\s+it\s+by|my\s+(?:ok|okay|approval|sign-?off))\b", _I)
# a convention kept ("commit msgs follow conventional commits", "docstrings follow the google
# style guide")
_FOLLOWS_RE = re.compile(r"^(?:(?:and|also|oh|btw)[,\s]+)*(?:all\s+|our\s+|the\s+)?(?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*s\s+"
                         r"(?:follow|use|stick\s+to|conform\s+to)\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+){0,3}?\s*"
                         r"(?:style|guide|conventions?|commits|format|spec|standard|rules?|naming|casing|case)\b", _I)
# a house rule said with what it is not ("the main branch is trunk, not main or master", "use
# the logging module, not print", "errors get returned, not thrown")
_HOUSE_CONTRAST_RE = re.compile(r"^(?!(?:thinking|maybe|might|hoping|wondering|i\s+think|i\s+might)\b)"
                                r"(?P<main>[^,?]{3,80}?),\s+not\s+(?!(?:sure|yet|really|now|today|quite|exactly|"
                                r"much|that|so|too|bad|great|good|ideal|always|ever)\b)(?P<not>[^,.;?]{1,40})"
                                r"(?:,\s*(?:even|especially|ever|at all|please|pls|thanks)\b[^?]*)?[.!]?$", _I)
_HOUSE_VERB_RE = re.compile(r"\b(?:is|are|go|goes|get|gets|live|lives|use|uses|need|needs|work|works|"
                            r"belong|belongs|stay|stays)\b", _I)


def _house_contrast(s: str) -> PatchKind | None:
    """A house rule said with what it is not, of no value and no pick of the moment: an
    instruction ("use the logging module, not print") or how things are ("config belongs in
    settings.py, not in the views")."""
    m = _HOUSE_CONTRAST_RE.match(s)
    if m is None or VALUE_RE.search(m.group("main")) or re.match(r"(?:it'?s|that'?s|this is|i said|i meant)\b",
                                                                  m.group("main"), _I):
        return None
    main = m.group("main").strip()
    if is_base_verb(main.split()[0].lower()):
        return PatchKind.CONSTRAINT
    return PatchKind.DECISION if _HOUSE_VERB_RE.search(main) else None


# a thing of the user's not to be touched ("leave the vendor directory alone")
_LEAVE_ALONE_RE = re.compile(r"^(?:(?:pls|please|and|also|just)[,\s]+)*leave\s+(?:my|our|any|all|the\s+[\w/.-]+\s+"
                             r"(?:directory|dir|folder|files?|config|configs|tests?|schema|api|module|"
                             r"package|styles?|settings))\b[^,;?]{0,40}?\s+alone\b(?![^?]*\?)", _I)
# a clause that gives a reason after a rule ("..., that's my focus day", "..., the baby's asleep")
# a reason that says what is not so ("the team hasn't migrated yet", "our CI doesn't have it"):
# read after the last comma too ("Use pandas, not polars, the team hasn't migrated yet"),
# where a remark ("More coffee, less sleep, that's my week lol") is none
_NOT_SO_TAIL = r"(?:the|our|my)\s+\w+\s+(?:has|have|does|do|is|are|was|were)n'?t"
_NOT_SO_TAIL_RE = re.compile(rf"^{_NOT_SO_TAIL}\b", _I)
_REASON_TAIL_RE = re.compile(r"^(?:that'?s|thats|that is|it'?s|i'?m|we'?re|i have|we have|just so you know|"
                             r"the\s+\w+(?:'s|\s+is|\s+are)|my\s+\w+(?:'s|\s+is|\s+are)|"
                             # "the lake rules forbid it", "our tables turn over fast": what others hold
                             r"(?:the|our|my)\s+(?:[\w-]+\s+){0,2}?[\w-]+\s+(?:forbids?|requires?|needs?|wants?|"
                             r"says?|insists?|turn|turns|fill|fills|run|runs|get|gets|don't|doesn't|won't|can't)|"
                             rf"{_NOT_SO_TAIL}|because|since|cos|coz|cuz)\b", _I)


# a statement closed as not to be argued with ("..., period.", "..., full stop", "..., no exceptions")
_FIRM_TAIL_RE = re.compile(r"[,;]?\s+(?:period|full\s+stop|end\s+of\s+story|no\s+exceptions|no\s+ifs\s+or\s+buts)\W*$", _I)
_PAST_RE = re.compile(r"\b(?:was|were|did|had)\b", _I)  # ("That movie was bad, period.": a verdict)
_STATES_RE = re.compile(r"\b(?:is|are|'s|'re|am|'m|do|does|don't|doesn't|only|must|need|have)\b|\w+s\b", _I)
# what a thing is called: "The restaurant's name is Salt & Ember", "our shop's name is Fern & Co"
_NAME_IS_RE = re.compile(r"^\W*(?:the|my|our|his|her|their)\s+(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*(?:'s|’s)\s+(?:new\s+)?"
                         r"(?:name|handle|username|brand\s+name|trading\s+name)\s+(?:is|will\s+be)\s+(?-i:[A-Z@])"
                         r"|^\W*the\s+(?:new\s+)?name\s+of\s+(?:the|my|our)\s+[\w\s'-]{2,30}?\s+(?:is|will\s+be)\s+(?-i:[A-Z])", _I)
# a label that names a rule ("Session zero rule at my table: ...", "House rules: ...")
_RULE_LABEL_RE = re.compile(r"^\W*(?:[\w']+\s+){0,4}?rules?(?:\s+(?:at|for|in|of|on)\s+[\w' ]{1,30}?)?\s*:\s*(?P<rest>\S.{3,})$", _I)
# "All interviews get scheduled in Pacific time", "every invoice gets sent on the 1st"
_ALL_GET_RE = re.compile(r"^\W*(?:all|every|each|any)\s+(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*\s+gets?\s+"
                         r"(?:always\s+)?[a-z]+(?:ed|en|t)\b", _I)


@lru_cache(maxsize=16384)
def setting_kind(sentence: str) -> PatchKind | None:
    """The kind of fact a setting, stance or bound of one of these forms states, or None."""
    s = sentence.strip()
    rest = without_effect(s)
    kind = setting_kind(rest) if rest is not s else None
    if kind is not None:
        return kind  # "Starting next month, team lunch is on Thursdays": read without the day
    for (first, comma, why), tail in ((s.partition(", "), _REASON_TAIL_RE), (s.rpartition(", "), _NOT_SO_TAIL_RE)):
        if comma and tail.match(why) and len(first.split()) >= 3 and not first.endswith("?"):
            kind = setting_kind(first)
            if kind is not None:  # "No meetings on Fridays, that's my focus day": the rule, its reason
                return kind
    firm = _FIRM_TAIL_RE.search(s)
    if firm is not None and len(s[:firm.start()].split()) >= 3 and not s[:firm.start()].endswith("?") \
            and _STATES_RE.search(s[:firm.start()]) and not _PAST_RE.search(s[:firm.start()]):
        return PatchKind.CONSTRAINT  # "We're closed Sundays, period.": said as not to be argued with
    if _NAME_IS_RE.match(s):
        return PatchKind.DECISION  # "The restaurant's name is Salt & Ember", "the name of the boat is Wren"
    labelled = _RULE_LABEL_RE.match(s)
    if labelled is not None and not labelled.group("rest").rstrip().endswith("?"):
        return PatchKind.CONSTRAINT  # "Session zero rule at my table: no sexual content"
    if _ALL_GET_RE.match(s):
        return PatchKind.CONSTRAINT  # "All interviews get scheduled in Pacific time"
    if DUE_CUE_RE.search(s) and due_said(s) is not None and parse_statement(s).value is not None:
        return PatchKind.DECISION  # "They gave us until Monday", "My visa runs out in May"
    if not s.endswith("?") and _WH_RE.match(s) and _REASON_FACT_RE.search(s) \
            and len(s.split()) <= MAX_REASON_QUESTION_WORDS:
        return PatchKind.CONSTRAINT  # a question typed without its mark ("what can I bake ... when I
        # can't have gluten")
    if s.endswith("?"):
        if _REASON_FACT_RE.search(s) and len(s.split()) <= MAX_REASON_QUESTION_WORDS:
            return PatchKind.CONSTRAINT  # "any ideas for a session since i've got a bad shoulder?"
        if _SEARCH_RE.match(s) and (_QUESTION_BOUND_RE.search(s) or _WITHOUT_RE.search(s)) \
                and not _ADVICE_RE.match(s):
            return PatchKind.CONSTRAINT  # "Which flights leave Boston after 6pm on Friday?"
        m = _POLITE_RE.match(s)
        if m and is_base_verb(m.group("verb")) and _FUTURE_RE.search(s):
            return PatchKind.CONSTRAINT  # "Can you please reply in French going forward?"
        first = re.split(r",\s", s, maxsplit=1)[0]  # (never inside "$1,200")
        if first != s and (_ASIDE_RE.match(first) or _ABOUT_ME_RE.match(_SINCE_RE.sub("", first))) \
                or _WHO_ASIDE_RE.match(s):
            return PatchKind.CONSTRAINT  # "With my knee injury, what cardio can I still do?"
        if len(s.split()) <= MAX_BOUND_QUESTION_WORDS and _QUESTION_BOUND_RE.search(s) \
                and not _ASKING_RE.match(s) and not is_base_verb(s.split()[0].lower()):
            return PatchKind.CONSTRAINT  # "recipes under 500 calories?"
        return None
    if _NO_THING_WHEN_RE.match(s) and VALUE_RE.search(s) or _NOT_ALLOWED_RE.match(s) \
            or _MAKES_ME_ILL_RE.match(s) or _POLICY_RE.match(s) or _AWAY_WHEN_RE.match(s) \
            or _ROUNDED_RE.match(s):
        return PatchKind.CONSTRAINT  # "No calls after 8pm", "My landlord doesn't allow pets"
    if _CALL_ME_RE.match(s) or _NEEDS_MY_OK_RE.search(s) or _LEAVE_ALONE_RE.match(s) \
            or _WITHOUT_ASKING_RE.match(s) or _FOLLOWS_RE.match(s):
        return PatchKind.CONSTRAINT  # "call me sam not samantha pls", "any purchase over $50 needs
        # my OK", "leave the vendor directory alone"
    if _MAKE_SURE_RE.match(s) or _NEGATED_PREFERENCE_RE.match(s) or _IN_UNITS_RE.match(s) \
            or _KEEP_IN_UNITS_RE.match(s) or _AS_RATHER_RE.match(s) \
            or _STICK_TO_RE.match(s) or _EXPLAIN_AS_RE.match(s) or _kept_how(s):
        return PatchKind.CONSTRAINT
    stance = stance_kind(s)
    if stance is not None:  # "Treat me like a senior engineer.", "Emojis are totally fine."
        return stance
    if asked_style(s) is not None:
        return PatchKind.CONSTRAINT  # "you can be casual with me", "bullet points work better"
    named = named_thing(s)
    if named is not None and named[0] is not None:
        return PatchKind.DECISION  # "name the repo marble-api"
    said = place_said(s)
    if said is not None and said[0] is not None:
        return PatchKind.DECISION  # "I moved to Lisbon last year", "I'm flying out of Leeds"
    if HOSTING_RE.match(s):
        return PatchKind.DECISION  # "I'm hosting Thanksgiving for 10 this year"
    at = venue_said(s)
    if at is not None:
        return PatchKind.DECISION  # "salsa class is at the Corn Exchange", "it'll be room 5D"
    kept = _KEEP_IN_MIND_RE.match(s)
    if kept and len(kept.group("x").split()) >= 3:
        return PatchKind.CONSTRAINT  # "keep in mind my partner is deaf"
    m = _GIVEN_AS_RE.match(s)
    if m and (m.group("pls") or re.search(r"[/\d]|[A-Z]{2}", m.group("fmt"))):
        return PatchKind.DECISION  # "dates as DD/MM/YYYY pls", "times in 24h"
    m = _APPRECIATE_KIND_RE.match(s)
    if m and is_adjective(m.group("adj")) and m.group("noun").lower() not in _ONCE_WANTED:
        return PatchKind.CONSTRAINT  # "I'd appreciate a calm tone"
    m = _APPRECIATE_RE.match(s)
    if m and not one_off_task(m.group("rest")):
        return PatchKind.CONSTRAINT  # "I'd appreciate it if you'd write in a friendly tone"
    if _IS_OUR_RE.match(s) or _KEPT_AS_RE.match(s) or _RUN_ON_RE.match(s) or recipient_said(s) or role_said(s) \
            or channel_said(s) or region_said(s):
        return PatchKind.DECISION  # "Figma is our source of truth for designs"
    framed = strip_frame(s)
    if framed != s:
        return setting_kind(framed)  # "In our team we use Black with the default settings"
    m = _POLITE_RE.match(s)  # a request typed without its question mark
    if m and is_base_verb(m.group("verb")) and _FUTURE_RE.search(s):
        return PatchKind.CONSTRAINT  # "can you always give me the command first"
    m = _FROM_NOW_ON_RE.match(s)
    if m and _SPEAKER_FROM_NOW_RE.match(s[m.start("verb"):]):
        # "starting today I'm off alcohol"; "from now on we're using Bun for scripts": a choice
        return setting_kind(s[m.start("verb"):]) or PatchKind.CONSTRAINT
    if m and (is_base_verb(m.group("verb")) or m.group("rest") and not known_word(m.group("verb"))):
        return PatchKind.CONSTRAINT  # "Going forward, send the summary as a table", "from now
        # on cc my wife"
    first = s.split(None, 1)[0].lower() if s.split() else ""
    if _ABOUT_REPLIES_RE.search(s) and is_base_verb(first) and first not in _AUXILIARIES \
            and not one_off_task(s):
        return PatchKind.CONSTRAINT  # "cite a source for any stats you give me"
    if _WANT_EVERY_RE.match(s):
        return PatchKind.DECISION  # "I'd like a reminder for my progress photos every 2 weeks"
    if read_reminder(s) is not None and re.search(r"\b(?:every|each)\b", s, _I):
        return PatchKind.DECISION  # "remind me to take my vitamins every morning"
    lead = re.sub(r"^(?:please|kindly|always|just)\s+", "", s, flags=_I)
    verb = lead.split(None, 1)[0].lower() if lead.split() else ""
    unpointed = _RELATIVE_RE.sub(" ", lead)  # (never the "that" of "any food that interacts")
    if is_base_verb(verb) and not one_off_task(lead) and (
            _CONTRAST_RE.search(lead) or _ALL_OF_MINE_RE.search(lead)
            or (_EACH_RE.search(lead) or _ONLY_KIND_RE.match(lead)) and verb not in _LOOKUP_VERBS
            and not _DEICTIC_RE.search(unpointed) and not _SUBJECT_VERB_RE.match(lead)):
        return PatchKind.CONSTRAINT  # "spell it colour not color", "sign off my emails with ...",
        # "reply to each review in the language it was written in"
    m = _FRAGMENT_RE.match(s)
    # ("no problem", "no worries", "only this one": no rule; a "no" is read up to what it is of)
    head = _NO_HEAD_RE.match(s)
    if m and not set(re.findall(r"[a-z]+", (head.group(0) if head else s).lower())) & _NOT_A_RULE_FRAGMENT:
        return PatchKind.CONSTRAINT  # "No spoilers.", "Less hedging."
    parts = [p.strip(" .!") for p in s.split(",")]
    no_clause = _FRAGMENT_RE.match(parts[0]) if len(parts) > 1 and parts[0][:3].lower() == "no " else None
    if no_clause and not set(re.findall(r"[a-z]+", parts[0].lower())) & _NOT_A_RULE_FRAGMENT:
        return PatchKind.CONSTRAINT  # "no grapefruit suggestions ever, it messes with my statin"
    if len(parts) > 1 and all(0 < len(p.split()) <= _FRAGMENT_WORDS for p in parts) \
            and all(setting_kind(p) is PatchKind.CONSTRAINT for p in parts):
        return PatchKind.CONSTRAINT  # "Short answers, bullet points where possible."
    asked = reported(s)
    if asked is not None and VALUE_RE.search(asked):
        return PatchKind.DECISION  # "My coach wants 140 grams now"
    alone = _VERSION_ALONE_RE.fullmatch(s)
    if _ON_VERSION_RE.match(s) or alone and parse_value(s.rstrip(" .!")).dimension.startswith("version:") \
            and ("." in alone.group("v") or _LOWER_SYSTEM_RE.fullmatch(alone.group("name"))):
        return PatchKind.DECISION  # "We're on Node 20.", "Node 20." in a list of a stack
    if _USE_NAMED_RE.fullmatch(s):
        return PatchKind.DECISION  # "Use the Bolt framework.": a tool chosen by its name
    if _ABOUT_ME_RE.match(s) or trait_shapes_replies(s):
        return PatchKind.CONSTRAINT
    if occupation_said(s) is not None:
        return PatchKind.DECISION  # "I'm a freelance illustrator.", "I work as a nurse"
    described = self_described(s)
    if described is not None:
        return described  # "I'm a US citizen living in Portugal", "we're on Shopify"
    if read_named(s) is not None:
        return PatchKind.DECISION
    st = parse_statement(s)
    if st.value is not None and names_its_kind(st.subject, st.value):
        # "im on an iphone so ...", "pescatarian is fine for recipes": a choice of its kind
        return PatchKind.CONSTRAINT if st.subject in _RULE_KINDS else PatchKind.DECISION
    if st.value is not None and st.dimension not in ("free", "name") and (
            _REMINDER_RE.match(s) or _GOAL_RE.match(s) and (st.scope or _RECURRENCE_RE.search(s))):
        return PatchKind.DECISION  # "Remind me to ... at 8 AM", "I want to walk 40 minutes a day"
    # a bound is a rule ("Use at most 30 words"), a value a decision
    kind = PatchKind.CONSTRAINT if st.op in ("<", "<=", ">", ">=") else PatchKind.DECISION
    if st.revision and st.value is not None and st.dimension != "free" and (
            st.old_value or weak_subject(st.subject, st.value) or _short_statement(s)):
        return kind  # "Prices went up, let's say €450 a month instead", "We migrated CI to X"
    if any(_sets_quantity(c) for c in clauses(s)):
        return kind  # "The oolong tastes burnt, use 80°C"
    return _house_contrast(s)  # "use the logging module, not print", "the main branch is trunk, not main"


_ONE_OFF_RE = re.compile(
    r"^(?:(?:please|now|ok(?:ay)?|so|and|then)[,\s]+)*(?P<verb>[a-z]+)\s+(?:(?:me|us)\s+)?"
    r"(?:(?:this|these|that|those|the following|the above|the text below)\b"
    # "summarise the thread above in two lines" (never "keep the answers below 100 words")
    r"|the\s+[a-z]+(?:\s+[a-z]+)?\s+(?:above|below)\b(?!\s*(?:[$€£]\s?)?\d)(?![^.!?]*\bfor all\b)"
    r"|(?:[$€£]\s?)?\d)", _I)
_RECURRENCE_RE = re.compile(r"\b(?:always|every|each|from now on|going forward|in future|"
                            r"by default|whenever|any time|anytime|all future|instead|anymore|per)\b", _I)


# "Never mind the word limit", "Don't worry about it": a withdrawal or a reassurance
_NOTHING_RE = re.compile(r"^(?:(?:oh|ok(?:ay)?|ah|well|actually|also|and|so|wait|hey)[,\s]+)*(?:never mind|nevermind|forget about|"
                         r"(?:don't|do not) worry|no worries|not to worry|it's fine|that's fine|"
                         r"all good|(?:forget|ignore|disregard) (?:what i said|the|my|that|about)|"
                         r"(?:you can|feel free to|go ahead and|we can) (?:drop|ditch|ignore|forget|"
                         r"scrap|lose) (?:the|my|that|this|those|these)|no need (?:for|to)\b"
                         r"|(?:the|my|that) [\w -]{1,30} (?:no longer applies|is off|is gone)\b)", _I)


@lru_cache(maxsize=16384)
def states_nothing(sentence: str) -> bool:
    """A withdrawal or a reassurance ("Never mind the word limit"): no rule of its own."""
    return bool(_NOTHING_RE.match(sentence.strip()))


# "Back in uni I only coded in Java.", "we had a deadline last friday and missed it": a
# story of the past, told with a past verb and a past time
_PAST_TIME_RE = re.compile(r"\b(?:back in|back when|when i was|when we were|years ago|ago\b|"
                           r"yesterday|last (?:year|week|month|night|time|summer|winter|spring|"
                           r"autumn|fall|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|"
                           r"in (?:19|20)\d\d|until (?:19|20)\d\d|in college|in (?:high )?school|"
                           r"at uni|in uni|as a (?:kid|child|teenager)|growing up)\b", _I)
_HABIT_RE = re.compile(r"\b(?:always|never|usually|often)\s+(?P<verb>[a-z]+)\b", _I)
_NOW_RE = re.compile(r"\b(?:now|these days|currently|nowadays)\b", _I)
_PAST_VERB_RE = re.compile(r"\b(?:i|we|they|he|she|it|that)\s+(?:\w+ly\s+|only\s+|just\s+|always\s+|never\s+|"
                           rf"often\s+)?(?P<verb>[a-z]+)\b(?!\s+(?:{MOVED_WORDS})\b)", _I)


@lru_cache(maxsize=16384)
def not_of_now(sentence: str) -> bool:
    """A sentence that states no rule or setting of the user's now: someone else's words
    reported ("my boss said never to use tabs"), or what happened once ("we had a
    deadline last friday and missed it")."""
    if _SOMEONE_SAID_RE.match(sentence.strip()) or _ADVISED_RE.match(sentence.strip()):
        return True
    told = _TOLD_RE.match(sentence.strip())
    if told and (not _OURS_RE.search(told.group("what")) or _SOURCE_RE.match(sentence.strip())):
        # "mum says the recipe needs 200g": what someone else holds, not a rule of ours;
        # "the article says you should drink 8 glasses a day": advice to anyone
        return True
    if _FORMER_RE.search(sentence) or _REGRET_RE.search(sentence):
        return True  # "My old job had standups at 8am", "Back in 2019 our whole stack was PHP",
        # "I shouldn't have said that"
    if _PAST_PLAN_RE.match(sentence.strip()):
        return True  # "we were going to use Firebase but dropped it", "we'd planned to ..."
    if _USED_TO_RE.match(sentence) and not _NOW_RE.search(sentence):
        return True  # "we used to deploy on Fridays" (but "... used to ..., now ...": what holds)
    if time_told(sentence):
        return True  # "it's 6:40 already, I'm going to be late": the time it is, no setting
    if _HAD_EVENT_RE.match(sentence.strip()) and not _RECURRENCE_RE.search(sentence):
        return True  # "we had a huge outage on Black Friday", "had a meeting at 2pm, it went fine"
    if _LAST_ONE_RE.match(sentence.strip()):
        return True  # "the last retro was on the 4th because I was off": one occasion, past
    if not _PAST_TIME_RE.search(sentence) or _NOW_RE.search(sentence):
        return False  # ("I lived in Berlin until 2019, now I'm in Munich": what holds now)
    habit = _HABIT_RE.search(sentence)
    if _RECURRENCE_RE.search(sentence) and not (habit and past_form(habit.group("verb"))):
        return False  # (but "back in uni I always studied with ...": a habit of the past)
    m = _PAST_VERB_RE.search(sentence)
    verb = m.group("verb").lower() if m else ""
    return bool(verb) and verb not in _CHANGED_STATE and (verb in ("had", "was", "were") or is_past_verb(verb)
                                                          or habit is not None and past_form(verb))


# "a colleague told me to always use UTC", "my boss said never to use tabs": someone
# else's words, reported, not the user's own rule
_SAYING = ("told tells said says say reckons thinks thought suggested suggests insisted insists "
           "claimed claims telling saying reminding swears swore swear insists insisted").split()
_SOMEONE_SAID_RE = re.compile(
    r"^(?:(?:so|and|but|also|btw|lol|haha|omg|hmm+|ok(?:ay)?)[,\s]+)*(?:(?:my|a|an|our|the|his|her|their|some|"
    r"one\s+of\s+(?:my|our|the|his|her|their))\s+|(?:someone|somebody|"
    r"everyone|everybody|people|stack\s*overflow|google|chatgpt|wikipedia|reddit|head\s+office|management|"
    r"corporate|hr)\s+)(?:[\w-]+\s+){0,6}?"  # ("someone at the gym told me never to ...")
    rf"(?:(?:always|once|still|also)\s+)?(?:{'|'.join(_SAYING)}|(?:keeps?|kept)\s+(?:saying|insisting|telling (?:me|us)|"
    r"(?:banging|going|harping) on about)|(?:goes|bangs|harps|went|banged)\s+on\s+about)\s+(?:(?:me|us|that)\s+)?[\"“'‘]?"
    # (what someone must do, by their words: "my friend swears you must never ...", "the rules
    # say entries must be under 1,000 words")
    r"(?:(?:to\s+|we\s+should\s+|i\s+should\s+|you\s+should\s+|you\s+must\s+|you\s+have\s+to\s+|we\s+must\s+|"
    r"i\s+must\s+|we\s+have\s+to\s+|i\s+have\s+to\s+)?"
    r"(?:always|never|not|no|use|avoid|keep|stop|move|switch|change|go|try|drop|must|should)\b"
    r"|(?!(?:we|i)\s)(?:[\w-]+\s+){1,3}?(?:should|must|has\s+to|have\s+to|need\s+to|needs\s+to|can't|cannot|"
    r"shouldn't|mustn't)\b"
    # ("the contractor said we must get a permit")
    r"|(?:we|i|you)\s+(?:must|should|have\s+to|need\s+to|can't|cannot|mustn't|shouldn't)\s+\w)", _I)


# "My mentor told me to update my portfolio by April 1", "Greg suggested I should never push
# on Fridays": advice the user reports, not (yet) a rule of their own
_ADVISED_RE = re.compile(
    r"^(?:(?:so|and|but|also|btw)[,\s]+)?(?:(?:my|our|his|her|their)\s+(?:[\w-]+\s+){0,2}?[a-z]+|"
    r"(?-i:[A-Z])[a-z]+(?:\s+(?-i:[A-Z])[a-z]+)?)\s+(?:also\s+|once\s+)?(?:told|advised|"
    r"suggested|recommended|mentioned|warned|urged|reminded)\s+(?:me|us|that|i|we)\b", _I)


# the last occasion of a thing, told: "the last retro was on the 4th", "our previous
# delivery came at 9"
_LAST_ONE_RE = re.compile(r"^(?:(?:so|and|but|well|oh)[,\s]+)*(?:the|our|my)\s+(?:last|previous)\s+"
                          r"(?:[\w-]+\s+){0,2}?(?:was|were|came|went|ran|happened|fell|took place|started|"
                          r"ended)\b", _I)
# an event told once: "(we) had a <thing> on/at <when>", never "had to" nor "we've had"
_HAD_EVENT_RE = re.compile(r"^(?:(?:so|and|but|well|ugh|oh)[,\s]+)*(?:(?:i|we)\s+)?had\s+(?:a|an)\s+"
                           r"(?:[\w-]+\s+){0,3}?(?:on|at|this|last|yesterday|earlier)\b", _I)
_FORMER_RE = re.compile(r"^(?:(?:back|way back)\s+in\s+\d{4}|in\s+\d{4}|years ago)\b.*\b(?:was|were|had)\b"
                        r"|^(?:my|our)\s+(?:old|previous|last|former|first)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:(?:never|always|often|"
                        r"usually)\s+)?(?:had|was|were|used|let|made|gave|wanted|[a-z-]+ed)\b",  # ("never let us ...")
                        _I)


# what should or could have been, in the past: "I shouldn't have said that", "we could have
# gone with Vue"
_REGRET_RE = re.compile(r"^\W*(?:i|we|you|they|he|she)\s+(?:should|shouldn't|could|couldn't|would|wouldn't|"
                        r"must|might)(?:\s+not)?\s+(?:'ve|have)\s+(?:been|[a-z]+(?:ed|en)|said|done|gone|known|told|"
                        r"seen|had|made|put|let|sent|paid|bought|taken|got)\b", _I)


# a habit given up: "we used to deploy on Fridays", "I used to drink 4 coffees a day", "the
# team used to meet on Mondays" (never "I'm used to", nor "the script we used to deploy it")
_USED_TO_RE = re.compile(r"^\W*(?:(?:so|and|but|well|honestly|yeah|yes|oh|ok|okay|fyi)[,\s]+)*"
                         r"(?:i|we|they|he|she|you|(?:my|our|the|his|her|their)(?:\s+(?!(?:i|we|they|"
                         r"he|she|you|it)\b)[\w'-]+){1,3})\s+(?:\w+ly\s+|always\s+|never\s+)?used\s+to"
                         r"\s+(?!be\s+(?:able|allowed)\b)[a-z]", _I)


# a plan of the past: "we were going to use Firebase", "I'd planned to launch on the 3rd"
_PAST_PLAN_RE = re.compile(r"^(?:(?:so|and|but|well|originally|initially)[,\s]+)?(?:i|we)(?:"
                           r"\s+(?:was|were)\s+(?:going|gonna|supposed)\s+to|(?:'d|’d|\s+had)\s+"
                           r"(?:originally\s+)?(?:planned|intended|meant|hoped|wanted)\s+to)\b", _I)


_TOLD_RE = re.compile(r"^(?:(?:so|and|but|also|btw)[,\s]+)?(?:(?:my|a|our|the|his|her|their|some|this|that)\s+"
                      r"(?:[\w'-]+\s+){0,2}?|(?:mum|mom|dad|mam|grandma|grandpa|nan)\s+)"
                      rf"(?:{'|'.join(_SAYING)})\s+(?:that\s+)?(?P<what>.+)$", _I)
_OURS_RE = re.compile(r"\b(?:we|i|you|us|me|our|my)\b", _I)
# a text that gives advice to anyone, its "you" no one in this chat
_SOURCE_RE = re.compile(r"^(?:(?:so|and|but|also|btw)[,\s]+)?(?:the|a|an|this|that|some|one)\s+"
                        r"(?:[\w'-]+\s+)?(?:article|study|blog|post|book|guide|website|site|video|"
                        r"podcast|paper|report|research|survey|magazine|newspaper|"
                        r"internet|forum)s?\s", _I)


# past verbs whose result holds now ("I moved to Denver last year": I live in Denver)
_CHANGED_STATE = frozenset("moved switched started joined became got married retired changed "
                           "upgraded downgraded quit left bought adopted relocated transferred "
                           "migrated converted signed enrolled".split())


# a pointer changed to a new value ("switch that to Nottingham", "change that to Fridays")
_CHANGED_TO_RE = re.compile(r"^(?:(?:please|now|ok(?:ay)?|so|and|then)[,\s]+)*(?:switch|change|swap|move|set|"
                            r"make|bump|push|update)\s+(?:that|this)\s+(?:over\s+|back\s+)?to\s+\S", _I)


@lru_cache(maxsize=16384)
def one_off_task(sentence: str) -> bool:
    """An instruction about material at hand ("Sort this list alphabetically", "Make this
    cover letter shorter") or a computation ("Convert 72 Fahrenheit to Celsius"), said
    once: not a rule, unless it says it holds from now on."""
    s = sentence.strip()
    if (_ERRAND_RE.match(s) or _NEED_MADE_RE.match(s)) and not _RECURRENCE_RE.search(s):
        return True  # "book me a table for 4 at 7:30 tomorrow": an errand of one day; "need a
        # regex for Dutch postcodes like 1012 AB": a thing to make now
    if (_IN_THIS_ONE_RE.search(s) or _MADE_ONCE_RE.match(s) or _PART_ONLY_RE.match(s)) \
            and not _RECURRENCE_RE.search(s):
        return True  # "don't bold anything in this table", "write a product description for
        # this kettle, under 50 words", "only translate the first paragraph": of the thing at hand
    on_one = _ID_TASK_RE.match(s)
    if on_one and is_base_verb(on_one.group("verb")) and not _RECURRENCE_RE.search(s):
        return True  # "Refund order 1234 please", "look up the status for jane@example.com"
    if _THIS_ONCE_RE.search(s) or _QUOTED_TASK_RE.match(s):
        return True  # "use a table for this comparison pls, just this once", "translate
        # 'where is the station' into japanese pls": said once, of the words given
    m = _ONE_OFF_RE.match(s)
    if m is None or not is_base_verb(m.group("verb")) or _RECURRENCE_RE.search(s) \
            or _KEEP_IN_MIND_RE.match(s):  # "remember that we're a nut-free office"
        return False
    if _CHANGED_TO_RE.match(s):
        return False  # "switch that to Nottingham": a change of what "that" held
    number_next = s[m.end() - 1:m.end()].isdigit() or s[m.end() - 1:m.end()] in "$€£"
    return not number_next or m.group("verb").lower() in _TASK_VERBS | _COMPUTE_VERBS


# an errand done for the speaker on one day ("book me a table ... tomorrow")
_ERRAND_RE = re.compile(r"^(?:(?:pls|please|can you|could you|can u|ok(?:ay)?|and)[,\s]+)*(?:book|order|reserve|"
                        r"buy|get|find|call|ring|text|email|message|schedule|arrange)\s+(?:(?:me|us)\b|"
                        r"(?:a|an|the|some|two|three|four|\d+)\s).*\b(?:today|"
                        r"tonight|tomorrow|this (?:morning|afternoon|evening|weekend)|next (?:mon|tues|wednes|thurs|"
                        r"fri|satur|sun)day)\b", _I)
_NEED_MADE_RE = re.compile(r"^(?:(?:ok(?:ay)?|so|hey|and)[,\s]+)*(?:(?:i|we)\s+)?(?:need|want)\s+(?:a|an)\s+"
                           r"(?:quick\s+|short\s+|simple\s+)?(?:regex|script|function|query|formula|snippet|"
                           r"template|caption|poem|haiku|slogan|tagline|recipe|summary|draft|outline|"
                           r"one-liner|cover letter|toast|speech)\b", _I)
# a task on words quoted right after its verb
_QUOTED_TASK_RE = re.compile(r"^(?:(?:pls|please|can you|could you|can u)\s+)?(?:translate|rewrite|proofread|"
                             r"summari[sz]e|shorten|rephrase|reword|correct|check|fix|explain|define|"
                             r"spell|pronounce|edit)\s+(?:this\s+)?['\"‘“]", _I)
# the thing at hand an instruction is for ("in this one", "in this table"; never "in this
# chat", which holds for the whole conversation, nor "for this project")
_IN_THIS_ONE_RE = re.compile(r"\bin\s+this\s+one\b|\b(?:in|for|on|of|from)\s+this\s+(?:[a-z]+\s+)?(?:table|email|draft|reply|"
                             r"answer|version|message|list|doc|document|post|paragraph|section|essay|letter|"
                             r"slide|chart|translation|response|piece|text|chapter|page|summary|report|"
                             r"snippet|function|script|sentence|tweet|caption|invoice|quote|spreadsheet|"
                             r"product|item|listing|pr|commit|diff|ticket|file|cell|notebook|query|component|"
                             r"method|migration)\b", _I)
# a thing to make or find, one of it or a few ("write a product description ...", "list three
# hotels in Rome under €150")
_MADE_ONCE_RE = re.compile(r"^(?![^.!?]*(?:\s[-–—]\s|\boh and\b|\bbtw\b|\bby the way\b|\bfyi\b|\(|\bremember\b))"
                           r"(?:(?:please|pls|ok(?:ay)?|so|and|now)[,\s]+)*(?:write|draft|compose|list|suggest|"
                           r"recommend|find|create|generate|give\s+me|come\s+up\s+with|plan|pick|name)\s+(?:me\s+)?"
                           r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|a\s+couple\s+of|some|\d+)\s+"
                           r"(?!(?:few|couple)\b)[a-z]", _I)
# a part of the material at hand ("only translate the first paragraph")
_PART_ONLY_RE = re.compile(r"^(?:(?:please|pls|ok(?:ay)?|so|and|now)[,\s]+)*(?:only|just)\s+[a-z]+\s+(?:the\s+)?"
                           r"(?:first|last|second|third|next|top|bottom|opening|final)\s+[a-z]", _I)
# a task on one thing named by its number or address
_ID_TASK_RE = re.compile(r"^(?:(?:please|pls|ok(?:ay)?|so|and|now|can you|could you)[,\s]+)*(?P<verb>[a-z]+)"
                         r"(?:\s+up)?\s+(?!(?:all|any|every|each|anything|everything)\b)(?:the\s+)?(?:[a-z]+\s+){0,3}?(?:for\s+|of\s+|on\s+)?"
                         r"(?:(?:order|ticket|invoice|case|account|booking|reservation|issue|pr|job|item|customer|"
                         r"shipment|parcel|package|claim|incident|request)\s+(?:number\s+|no\.?\s*|#\s?)?#?\d{3,}\b"
                         r"|[\w.+-]+@[\w-]+\.[\w.]+)", _I)
_THIS_ONCE_RE = re.compile(r"\b(?:just\s+)?(?:this|the)\s+once\b|\b(?:just\s+)?this\s+one\s+time\b|"
                           r"\bjust\s+this\s+time\b|\bfor\s+this\s+one\s+only\b", _I)
_COMPUTE_VERBS = frozenset("convert calculate compute add multiply divide subtract round "
                           "estimate".split())


def _short_statement(s: str) -> bool:
    """A short sentence that is no narration of the user's work ("I'm trying to ...") and
    no question: "We migrated the docs site to Astro last month"."""
    words = s.split()
    return len(words) <= SHORT_WORDS and words[0].lower() not in _NARRATION_LEADS


SHORT_WORDS = 10
_NARRATION_LEADS = frozenset("i'm i've i'd i was i had can could would how what why when "
                             "where which if".split())


_DETERMINERS = frozenset("my our your the a an his her their its".split())


def _sets_quantity(s: str) -> bool:
    """"Show 20 results per page", "Retain logs for 90 days", "Generate 10 title ideas each
    time": an instruction with a quantity, unless it is a one-off task on given material
    ("Summarise this article in three sentences", "Convert 72 Fahrenheit to Celsius")."""
    words = s.split()
    first = words[0].lower().strip(",")
    if len(words) < 2 or not is_base_verb(first) or is_noun_only(first):
        return False
    if first == "like" and words[1].lower() in _DETERMINERS:
        return False  # ", like my Saturday 10 AM sessions,": an example, no instruction
    if re.search(r"\b(?:this|these|that|those|it|them|the following|below|above)\b", s, _I):
        return False  # works on material at hand
    m = VALUE_RE.search(s)
    if m is None:
        return False
    dim = parse_value(s[m.start():].split(",")[0]).dimension
    if dim in ("free", "name") or dim == "number" and len(words) < 3:
        return False  # "Message 1", "Step 3": a label with its number
    if first in _TASK_VERBS and not re.search(r"\b(?:each|every|per|always|by default|from now on|"
                                              r"going forward)\b", s, _I):
        return False
    return True
