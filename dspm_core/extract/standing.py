"""Standing instructions and tool choices recognised by their form.

- "Try not to ...", "Please stop ...", "Could you stop ...", "Quit ...", "Please skip ...",
  "Kindly avoid ...": a request about how to reply from now on is a rule.
- "<verb> ... without <thing>" ("Explain things without math notation", "Answer my tax
  questions without legalese"): a rule about the answers' form.
- "Give temperatures in Celsius", "Quote prices in euros", "Use 24-hour time", "Be blunt
  with feedback", "Keep it short": the form every answer takes is a rule; "Address me as
  Sam" is a decision.
- "Only give me ...", "Respond like ...", "Leave X out of Y", "Write everything in ...",
  "I'm not drinking anymore": a rule by its shape, whatever it names.
- "We use X (for Y)", "We write our docs in X", "X is our Y (tool)", "we lint with ruff",
  "we're a TypeScript shop": the team's choice of a named tool, or of how a piece of its
  work is done, is a decision.

Each form is read off the start of the sentence; a one-off task ("Summarise this
article") has none of these shapes.
"""

from __future__ import annotations

import re

from ..lexicon import is_adjective
from ..known_names import name_category
from ..patch import PatchKind

__all__ = ["standing_kind"]

_I = re.I
_LEAD = r"^(?:(?:ok(?:ay)?|also|and|so|please|kindly|oh|hey)[,\s]+)*"
_RULE_RE = re.compile(
    _LEAD + r"(?:try not to|try to avoid|(?:(?:please|could you|can you|would you|could you please|"
    r"can you please)\s+)?(?:stop|quit)|please skip|skip|"
    r"please don't|kindly avoid|please avoid|please refrain from|refrain from|"
    r"could you avoid|can you avoid|no more(?!\s+(?:errors?|issues?|problems?|warnings?|bugs?|crashes)\b)|"
    r"go (?:easy|light) on|cut back on|hold the)\s+\w", _I)  # ("no more errors": news, no rule)
_WITHOUT_RE = re.compile(
    _LEAD + r"(?:explain|describe|answer|write|reply|respond|summari[sz]e|teach|show|walk me "
    r"through|give)\b[^.?!]{0,60}?\bwithout\s+(?!me\b)\w", _I)
# "Give temperatures in Celsius": a plural (or mass) noun of the answers and its format
_IN_FORMAT_RE = re.compile(
    _LEAD + r"(?:give|show|quote|list|write|express|report|state|put|keep)\s+(?:all\s+)?(?:the\s+|"
    r"your\s+)?(?:[a-z]+s|code|math|money|time|distances?|weights?)\s+(?:in|as)\s+(?!this\b|these\b|"
    r"that\b|a\b|an\b)\w", _I)
_UNITS_RE = re.compile(_LEAD + r"use\s+(?:the\s+)?(?:\d+-hour|metric|imperial|british|american|"
                       r"us|uk|iso)\b", _I)
_BE_RE = re.compile(_LEAD + r"be\s+(?:more\s+|less\s+|very\s+|extra\s+)?(?P<adj>[a-z]+)"
                    r"(?:\s*[.!,]?\s*$|\s+(?:with|in|about|when|and|on|for|please)\b)", _I)
# "Keep it short.", "keep things simple please", "Keep the tone friendly.": how every answer is
_KEEP_MANNER_RE = re.compile(
    _LEAD + r"keep\s+(?:it|things|them|everything|answers|replies|responses|explanations|"
    r"(?:the|your)\s+(?:tone|answers|replies|responses|language|writing|explanations))\s+"
    r"(?:(?:really|very|super|nice and|short and)\s+)?(?P<adj>[a-z]+)(?:\s+and\s+[a-z]+)?"
    r"(?:\s+(?:please|pls|thanks|thx))?\s*[.!]?$", _I)
_CALL_ME_RE = re.compile(_LEAD + r"(?:address|call)\s+me\s+(?:as\s+)?(?-i:[A-Z])", _I)
_TEAM_CHOICE_RE = re.compile(
    r"^(?:we|our team|the team|my team|i)\s+(?:\w+ly\s+)?(?:uses?|sticks?\s+(?:to|with)|standardi[sz]e\s+on|"
    r"writes?\s+(?:our|the|my)\s+\w+"
    r"(?:\s+\w+)?\s+in|builds?\s+(?:\w+\s+){0,2}(?:with|in)|deploys?\s+(?:to|on)|"
    r"hosts?\s+(?:\w+\s+)?on|runs?\s+(?:\w+\s+)?on|tracks?\s+\w+\s+in|"
    r"keeps?\s+\w+(?:\s+\w+)?\s+in)\s+"
    r"(?:(?-i:[A-Z])[\w.+#-]*|[a-z]+\d[\w.-]*|pnpm|npm|yarn|git|vim|emacs)", _I)
# "we use sentry for error tracking", "we're using tailwind for styling", "we use slack, not
# teams": a tool for a purpose, or instead of another, whatever its capitals
_TOOL_FOR_RE = re.compile(
    r"^(?:we|our team|the team|my team|i)(?:'re|\s+are|'m|\s+am)?\s+(?:\w+ly\s+)?"
    r"(?:uses?|using)\s+(?!(?:this|that|it|them|a|an|the|some|our|my|your|these|those|what|"
    r"whatever|any)\b)[a-z][\w.+#-]*(?:\s+for\s+\w|\s*,?\s+not\s+\w|\s+instead\s+of\s+\w)", _I)
# "we use a shared google calendar for all the kids stuff": a tool with its article, for a purpose
_TOOL_WITH_ARTICLE_RE = re.compile(
    r"^(?:we|our team|the team|my team|i)(?:'re|\s+are|'m|\s+am)?\s+(?:\w+ly\s+)?(?:uses?|using)\s+"
    r"(?:a|an|the|our|my)\s+(?!(?:lot|lots|bit|few|couple|little|same|different|mix|variety|number|"
    r"ton|bunch|pair)\b)[a-z][\w.+#-]*(?:\s+[a-z][\w.+#-]*){0,2}\s+for\s+(?:all\s+|every\s+|any\s+|"
    r"the\s+|our\s+|my\s+)?\w", _I)
# "we ship with fedex for anything international", "I bank with monzo": the provider of a service
_PROVIDER_RE = re.compile(
    r"^(?:we|i)\s+(?:\w+ly\s+|always\s+|only\s+)?(?:ship|bank|pay|book|order|shop|insure|fly|post|send|"
    r"deliver)\s+(?:with|through|via)\s+(?!(?:this|that|it|them|some|any|a|an|the|my|our|you)\b)"
    r"[a-z][\w.+#&-]*(?:\s+for\s+\w.*|\s*[.!]?)$", _I)
_NAMED_IS_OURS_RE = re.compile(
    r"^(?-i:[A-Z])[\w.+#-]*(?:\s+[\w.+#-]+){0,2}\s+is\s+(?:our|the team's|my)\s+(?:\w+\s+){0,2}"
    r"(?:tool|image|stack|platform|framework|library|editor|language|database|provider|"
    r"host|format|template|tracker|board|app|software|system|service|vendor|crm|bank)\b|^(?-i:[A-Z])[\w.+#-]*\s+is\s+where\s+(?:we|i)\s+"
    r"(?:keep|track|store|write|plan|manage)\b", _I)


# how the team does a piece of its work, and with what: "we lint with ruff", "fwiw we indent
# with tabs across the whole repo", "we run them with rspec"
_DONE_WITH_RE = re.compile(
    r"^(?:(?:fwiw|btw|fyi|tbh|ok(?:ay)?|also|and|so|oh)[,\s]+)*(?:we|i|our team|the team)\s+"
    r"(?:(?:always|usually|only|just|all)\s+)?(?:indent|lint|format|test|run|build|bundle|compile|"
    r"type-?check|deploy|package|release|ship|host|monitor|track|version|document|style|migrate|"
    r"seed|mock|log|cache|queue|schedule)\s+(?:(?:it|them|things|everything|tests|code|(?:our|the)\s+"
    r"[\w-]+)\s+)?(?:with|using|via|through)\s+(?!(?:my|our|the|a|an|you|them|it|this|that|care|"
    r"each|every|some|any)\b)[\w.+#-]+", _I)


# a standing instruction by its shape, whatever the verb's object:
# "Only give me vegan options", "only ever ask one question per message"
_ONLY_DO_RE = re.compile(
    _LEAD + r"only\s+(?:ever\s+)?(?:give|show|suggest|recommend|offer|send|use|include|list|book|"
    r"pick|choose|reply|respond|answer|write|talk|speak|ask|quote|cite|consider|look at)\b", _I)
# "Respond like a senior dev reviewing code", "talk to me as if I'm five"
_LIKE_RE = re.compile(
    _LEAD + r"(?:respond|reply|answer|talk|speak|write|explain(?:\s+things)?)\s+(?:to\s+me\s+)?"
    r"(?:like|as\s+if|as\s+though)\s+\w", _I)
# "Leave peanuts out of any recipe", "keep politics out of it"
_LEAVE_OUT_RE = re.compile(_LEAD + r"(?:leave|keep)\s+(?:the\s+|any\s+|all\s+)?[\w'-]+(?:\s+[\w'-]+){0,2}"
                           r"\s+out\s+of\s+\w", _I)
# "Write everything in British English", "flag anything that interacts with it": a verb of
# how the assistant works, over everything it does (never "tell me everything about Rome")
_OVER_ALL_RE = re.compile(
    _LEAD + r"(?:write|respond|reply|answer|format|flag|warn me about|assume|treat|sign|date|label|tag)\s+"
    r"(?:everything|anything|all\s+(?:my|your)\s+\w+)\b(?!\s+down\b)", _I)
# "No motivational fluff at the end of answers", "please no emojis in my emails": a thing
# kept out of the replies, by the part of them it names
_NONE_IN_REPLIES_RE = re.compile(
    _LEAD + r"(?:please\s+)?no\s+(?:more\s+)?(?!(?:worries|problem|problems|idea|way|thanks|rush|pressure|stress|"
    r"hurry|biggie|change|news|luck|clue)\b)[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}?\s+(?:in|at|on|for|from|inside)\s+"
    r"(?:the\s+(?:end|start|top|bottom|beginning)\s+of\s+)?(?:(?:my|your|the|any|all)\s+)?(?:[a-z]+\s+)?"
    r"(?:answers?|repl(?:y|ies)|responses?|messages?|emails?|summaries|drafts?|explanations?|posts?|code|"
    r"captions?|notes?|plans?|recipes?)\b", _I)
# "I'd like workouts laid out as a table", "I'd prefer dates written as DD/MM": how a kind
# of thing is given, every time
_LIKE_DONE_RE = re.compile(
    r"^\W*i(?:'?d|\s+would)\s+(?:like|prefer|love|rather\s+have)\s+(?:my\s+|the\s+|all\s+|any\s+)?"
    r"(?:[a-z]+\s+)?(?P<noun>[a-z]+s)\s+(?:[a-z]+ly\s+)?(?P<done>[a-z]+ed|laid|written|done|kept|set|put|"
    r"shown|given|sent|broken|split)\b(?:\s+(?:out|up|down))?\s+(?:as|in|into|with|like|by|under|using)\s+\w", _I)
# "We're a TypeScript shop": what the team is, by what it works in
_SHOP_RE = re.compile(r"^(?:we're|we are|we['’]re|i'm|i am)\s+(?:an?\s+)?(?P<what>[\w.+#-]+)\s+"
                      r"(?:shop|house|team|outfit)\s*[.!]?$", _I)
# "I'm not drinking anymore": a habit the speaker has stopped
_STOPPED_RE = re.compile(r"^(?:i'm|i am|we're|we are)\s+not\s+[a-z]+ing\s+(?:any\s?more|any\s?longer)\b", _I)


#: the kinds of name a team works in ("a typescript shop", "a django house")
_SHOP_KINDS = frozenset({"programming language", "frontend framework", "backend framework"})


#: words after "keep it" that say no manner of the answers
_NOT_MANNER = frozenset("up down going real together quiet safe warm clean".split())


def standing_kind(sentence: str) -> PatchKind | None:
    """The kind of fact a standing instruction or a team's tool choice states, or None."""
    s = sentence.strip()
    if s.endswith("?") and not re.match(r"^(?:could|can|would) you (?:please )?(?:stop|quit|avoid)\b",
                                        s, _I):
        return None
    if _RULE_RE.match(s) or _WITHOUT_RE.match(s) or _IN_FORMAT_RE.match(s) or _UNITS_RE.match(s):
        return PatchKind.CONSTRAINT
    kept = _KEEP_MANNER_RE.match(s)
    if kept and is_adjective(kept.group("adj")) and kept.group("adj").lower() not in _NOT_MANNER:
        return PatchKind.CONSTRAINT  # "Keep it short." (not "keep it up", "keep it real lol")
    be = _BE_RE.match(s)
    if be and is_adjective(be.group("adj")):
        return PatchKind.CONSTRAINT  # "Be blunt with feedback on my drafts."
    if _ONLY_DO_RE.match(s) or _LIKE_RE.match(s) or _LEAVE_OUT_RE.match(s) or _OVER_ALL_RE.match(s) \
            or _STOPPED_RE.match(s) or _NONE_IN_REPLIES_RE.match(s) or _LIKE_DONE_RE.match(s):
        return PatchKind.CONSTRAINT  # "Only give me vegan options", "Leave alcohol out of party plans"
    shop = _SHOP_RE.match(s)
    if _CALL_ME_RE.match(s) or shop and (shop.group("what")[:1].isupper() or name_category(shop.group("what"))
                                         in _SHOP_KINDS):
        return PatchKind.DECISION  # (never "we're a small team")
    if _TEAM_CHOICE_RE.match(s) or _TOOL_FOR_RE.match(s) or _NAMED_IS_OURS_RE.match(s) \
            or _TOOL_WITH_ARTICLE_RE.match(s) or _PROVIDER_RE.match(s) or _DONE_WITH_RE.match(s):
        return PatchKind.DECISION
    return None
