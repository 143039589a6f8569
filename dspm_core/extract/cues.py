"""The compiled cue patterns: what marks a constraint, a decision or a setting.

A user's clause is a *constraint* when it carries a modal ("must", "is required"), a
standing "always"/"never", a prohibition ("don't", "avoid"), a comparator with a value
("at most 5", "by March 14"), a standing instruction or a stated preference; it is a
*decision* when it chooses ("let's use", "go with"), revises ("set ... to", "from A to B")
or states a setting ("the session TTL is 60 seconds"). The patterns that read a setting's
name, plan, count or stack ("rename X to Y", "the Pro plan", "we have 12 seats",
"Flask 2.3.1") live here too, beside the cheap value test every rule starts with.

Pure data and two small predicates; the rules that combine them are in
:mod:`.user` and :mod:`.assistant`.
"""

from __future__ import annotations

import re

from ..called import INTRODUCED
from ..values import VALUE_RE

_I = re.I


class _Values:
    """``VALUE_RE`` behind a cheap test: a value needs a digit, a weekday name or an "@"
    (an email address: "my work email is j.doe@acme.com")."""

    _HINT = re.compile(r"\d|@|(?:mon|tue|wed|thu|fri|sat|sun)", re.I)

    def search(self, text: str) -> re.Match[str] | None:
        return VALUE_RE.search(text) if self._HINT.search(text) else None

    def match(self, text: str) -> re.Match[str] | None:
        return VALUE_RE.match(text) if self._HINT.search(text) else None

    def finditer(self, text: str):  # noqa: ANN201 - an iterator of matches
        return VALUE_RE.finditer(text) if self._HINT.search(text) else iter(())


VALUES = _Values()

# --- constraint cues (user side)
MODAL_RE = re.compile(
    r"\b(?:must(?!-)|mustn't|shall|is required|are required|required to|is mandatory|are mandatory|"
    r"mandatory|non-negotiable|not allowed|not permitted|is forbidden|are forbidden|forbidden|"
    r"prohibited|under no circumstances|off[- ]limits|hard rule|hard requirement|strict rule|"
    r"requirement is|requirements are|the rule is|rule:|policy:|constraint:|requirement:)",
    _I,
)
ALWAYS_NEVER_RE = re.compile(r"\b(?:always|never)\b", _I)
EXPERIENCE_RE = re.compile(
    r"\b(?:i|we|you|they|he|she|it)(?:'ve|'d| have| had| has)\s+(?:\w+\s+)?(?:never|always)\b|"
    r"\bnever\s+(?:actually\s+|really\s+|even\s+)?(?:been|had|done|seen|used|tried|heard|"
    r"worked|completed|attempted|implemented|integrated|deployed|set up|written|made|created|"
    r"encountered|considered|thought)\b|\balways\s+(?:been|wanted|had|thought|wondered)\b|"
    # "I'm always looking to improve", "like I always do": how the user is, not a rule
    r"\b(?:i|we)(?:'m|'re| am| are)\s+(?:\w+ly\s+)?always\s+\w+ing\b|"
    r"\b(?:like|as)\s+(?:i|we)\s+always\s+(?:do|did|have|had|say|said)\b|"
    # "I can always adjust the timing", "we could always roll back": an option, not a rule
    r"\b(?:i|we|you)\s+(?:can|could)\s+always\b|"
    # "... which never happens": what something does, said in passing
    r"\bwhich\s+(?:\w+ly\s+)?(?:never|always)\s+[a-z]+s\b|"
    # "we never did any QA", "the owners never sealed the grout": what was done, or not
    r"\bnever\s+(?:\w+ly\s+)?(?:did|was|were|had|got|went|came|saw|took|gave|told|knew|ate|drank|wrote|"
    r"spoke|sent|left|paid|bought|brought|heard|thought|found|made|said|kept|held|felt|lost|won|began|"
    r"ran|[a-z]{3,}ed)\b|"
    # "it never ends", "always love golden hour", "always packed on Mondays", "always the
    # worst week": how things are, or what the speaker feels
    r"\b(?:it|this|that|life)\s+(?:\w+ly\s+)?(?:never|always)\s+[a-z]+s\b|"
    r"\balways\s+(?:love|loved|hate|hated|enjoy|enjoyed|packed|crowded|busy|rammed|"
    r"the\s+(?:worst|best)|so\s+[a-z]+|such\s+an?)\b",
    _I,
)
_PP = (r"(?:\w+ed|been|done|seen|written|taken|met|felt|gone|had|made|built|run|read|heard|tried|"
       r"used|got|gotten|won|given|begun|drawn|driven|eaten|flown|known|spoken|worn|bought|brought|"
       r"caught|taught|thought|found|held|kept|left|lost|paid|said|sent|spent|sold|told|understood|"
       r"shot|put|set|cut|hit|become|come|grown|shown|chosen|broken|forgotten|sat|stood|dealt|meant|"
       r"learnt|drunk|swum|rung|sung)")
# "I've never written any Flask routes", "I have never attended one": a stated experience
# (a fact about the user, not a rule); EXPERIENCE_RE keeps it out of the rules.
NEVER_DONE_RE = re.compile(
    r"\b(?:i|we)(?:'ve|'d| have| had)?\s+(?:actually\s+|really\s+|honestly\s+|still\s+|truly\s+)?"
    r"(?:never|haven't ever|have not ever|hadn't ever)\s+(?:actually\s+|really\s+|even\s+|ever\s+|yet\s+|"
    r"once\s+|personally\s+|formally\s+|officially\s+)*" + _PP + r"\b", _I)
SHOULD_RE = re.compile(r"\b(?:should(?:n't)?|ought to)\b", _I)
NEED_RE = re.compile(r"\b(?:needs? to|has to|have to|got to|gotta)\b", _I)
PROHIBIT_RE = re.compile(
    r"^(?:(?:please|and|but|so|also|just|then|plus|hard rule|rule|important)\s*[,:!-]?\s+)*"
    r"(?:do not|don'?t|never|avoid|stop|no more(?!\s+(?:errors?|issues?|problems?|warnings?|bugs?|crashes)\b)|"
    r"refrain from|don'?t ever|do not ever)\b"  # ("no more errors": news, no rule)
    # "text me, don't call": a prohibition after a short request ("ok, don't worry" is none)
    r"|^[\w' ]{2,30},\s*(?:please\s+)?(?:do not|don'?t|never)\s+(?!worry|mind|bother|stress|panic|"
    r"apologi[sz]e|be sorry|feel)\w+"
    r"|\b(?:we|you|they|it|this|that|nobody|no one|[a-z][\w-]*s)\s+(?:can't|cannot|can not|"
    r"won't|will not|don't|do not|doesn't|does not|shouldn't|should not|mustn't|must not|"
    r"may not|are not to|is not to)\s+(?:ever\s+)?(?!know|work|seem|understand|see|get|load|"
    r"show|display|find|run|compile|render|respond|appear|recognize|help|support|matter|have|"
    r"need|mind|think|mean|remember|agree|hear|feel|care)\w+"
    # "lunch ideas can't have any nuts": what a thing may not hold
    r"|\b(?:it|this|that|[a-z][\w-]*s)\s+(?:can't|cannot|can not|mustn't|must not|shouldn't|should not)\s+"
    r"(?:have|contain|include)\b"
    r"|\bwithout\s+(?:using|any|adding|relying|compromising|losing|breaking|affecting|"
    r"increasing|sacrificing|attaching|external|extra|additional|introducing|exceeding|"
    r"hurting|slowing|bloating|requiring|needing)\b",
    _I,
)
_ADV = r"(?:(?:\w+ly|do|would|'d|also|kind of|kinda|much|just|really|still|now|usually)\s+){0,3}"
PREFERENCE_RE = re.compile(
    # "I've only got 25 min to cook": what the user has to work with, like "I only have"
    r"\bi(?:'ve|’ve| have)\s+only\s+got\b|"
    # "I (strongly) prefer / dislike / avoid / refuse ..."
    r"\bi\s+" + _ADV + r"(?:prefer|dislike|hate|love|enjoy|avoid|refuse|detest|despise|loathe|"
    r"adore|favou?r|steer clear|stay away|abstain|shun|boycott|tend to|thrive|firmly believe|"
    r"value|prioriti[sz]e|gravitate|lean towards|rather|"
    r"like\b(?!\s+to\s+(?:know|ask|see|learn|understand|get|try|implement|create|build|add|"
    r"make|have|use|explore|improve|integrate|figure|check|start|set))|"
    r"only\s+\w+|exclusively|learn best|work best|"
    r"find\s+(?!it\s+(?:hard|difficult|tricky|confusing)\s+to\s+(?:understand|figure|get|"
    r"debug|implement|fix|see|know)|myself|out|that|the\b|an?\b|some|one\b|time\b|ways?\b)\w+|"
    r"(?:follow|adhere to|stick to|stick with|eat|keep|maintain|practice|observe|live)\s+"
    r"(?:a|an|the|to a)?\s*(?:[\w-]+[\s,]+){0,4}?(?:diet|regimen|lifestyle|routine)\b|"
    r"have (?:an?\s+|no\s+|very\s+|extremely\s+)?(?:[\w-]+\s+){0,3}(?:aversion|dislike|"
    r"allergy|intolerance|preference|passion|fear|phobia|sensitivity|objection|disdain|"
    r"distaste|tolerance|sensitive skin|disability|soft spot)\b)"
    # "I'm a vegan", "I'm strongly against ..."
    r"|\bi(?:'m| am)\s+(?:(?:\w+ly|a|an|also|not|really|very|on a)\s+){0,3}(?:vegan|vegetarian|"
    r"pescatarian|allergic|lactose|gluten|celiac|coeliac|diabetic|sensitive|intolerant|against|"
    r"not a fan|a (?:big |huge )?fan|not (?:really )?into|not interested|passionate about|"
    r"averse|afraid of|scared of|claustrophobic|focusing on|committed to|sticking to|"
    r"sticking with|(?:only|exclusively|mostly|primarily|mainly) interested)"
    # the words themselves, wherever a user says them
    r"|\b(?:prefer|prefers|preferred|preferably|preference|dislike|dislikes|disdain|distaste|"
    r"aversion|objection to|allergy|refuse|refuses|steer clear|stay away from|abstain from|"
    r"can't stand|cannot stand|exclusively)\b"
    r"|\b(?:can't|cannot|can not|don't|do not|won't|will not|no longer)\s+(?:\w+\s+)?(?:consume|"
    r"eat|drink|tolerate|participate|support|wear|digest|stand)\b"
    r"|\bi\s+" + _ADV + r"(?:don't|do not|never|no longer|won't|will not|can't|cannot|can not)\s+"
    r"(?:\w+ly\s+|really\s+|ever\s+)?(?:like|enjoy|want|eat|drink|use|care for|watch|read|listen|"
    r"play|wear|fly|travel|trust|own|buy|handle|tolerate|stand|support|go|do)\b"
    r"|\bi\s+" + _ADV + r"have no (?:real\s+)?(?:interest|desire|patience|tolerance|time for|appetite)\b"
    r"|\b(?:requires?|forces?) (?:me|us) to\b"
    r"|\bi(?:'m| am) on (?:a|an)\s+(?:[\w-]+[\s,]+){0,4}?(?:diet|regimen|medication)\b"
    r"|\b(?:i|we)\s+(?:\w+ly\s+)?(?:need|have|must|try)\s+to\s+(?:limit|avoid|stay away|keep away|"
    r"stick to|follow|restrict|reduce|cut|minimi[sz]e|watch|be careful|steer clear)\b"
    r"|\bmy\s+(?:\w+\s+)?(?:preference|favou?rite|go-to|priority|priorities)\b"
    r"|\b(?:ideally|i'd rather|i would rather|no-fluff|no fluff)\b"
    r"|\b(?:perform|work|learn|focus|sleep|feel|do)\s+(?:much\s+|far\s+)?better\s+(?:with|in|when|"
    r"without|on|at)\b",
    _I,
)
# "avoid" is a rule unless it is a purpose ("..., to avoid layout shifts")
AVOID_RE = re.compile(r"\b(?:(?:need|needs|have|has|try|tries|want|must|prefer|like|got)\s+to\s+"
                      r"|(?<!\bto )(?<!\bto\s\s)(?<!\bme )(?<!\bus )(?<!\bhelp ))avoid(?:s)?\b", _I)
STANDING_RE = re.compile(
    r"\b(?:from now on|going forward|moving forward|henceforth|from here on|in (?:all|every|"
    r"each|your|any) (?:future\s+|of your\s+)?(?:responses?|answers?|replies|reply|outputs?|"
    r"messages?|examples?|code)|every time|each time|whenever (?:i|you|we)|when i ask|"
    r"for (?:all|every|each) (?:responses?|answers?|replies|code|examples?|snippets?))\b",
    _I,
)
IMPERATIVE_RE = re.compile(
    r"^(?:(?:please|also|and|just|hard rule|rule|important|note|remember)\s*[,:!-]?\s+)*"
    r"(?:use|include|format|write|respond|reply|answer|keep|add|put|show|give|list|cite|"
    r"mention|explain|provide|limit|cap|stick|make|ensure|avoid|remember|follow|prefix|end|"
    r"start|wrap|return|sort|name|label|mark|call|address|refer|speak|talk|translate)\b",
    _I,
)
COMPLIANCE_RE = re.compile(
    r"\b(?:compliant|compliance|comply|complies|conform|conforms|adhere to|in line with)\b.{0,60}"
    r"|\b(?:gdpr|hipaa|pci[- ]?dss|soc ?2|wcag|iso[- ]?\d{4,5}|ccpa|ferpa|sox|fedramp)\b",
    _I,
)
#: the number words of one to ten, as a pattern's alternation ("max two ...", "needs 6 ...")
ONE_TO_TEN = "one|two|three|four|five|six|seven|eight|nine|ten"
COMPARATOR_VALUE_RE = re.compile(
    r"\b(?:at most|at least|no more than|no less than|no later than|no earlier than|not exceed|"
    r"exceed|exceeds|(?<!add )(?<!adds )(?<!added )(?<!adding )up to|maximum(?: of)?|minimum(?: of)?|max(?: of)?|min(?: of)?|under|below|"
    r"above|within|less than|more than|fewer than|capped at|limited to|cap of|go(?:es)? (?:over|past|beyond)|"
    r"limit of|no longer than|no higher than|no greater than|tops|<=|>=|≤|≥)\s+"
    r"(?=(?:[$€£]\s?)?\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d|"
    r"(?:next\s+|this\s+)?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*day\b|end of|eod|eow|tomorrow|"
    r"tonight|noon|midnight)"
    r"|\b(?:by|before|until|no later than)\s+(?:the\s+)?(?=(?:jan|feb|mar|apr|may|jun|jul|aug|sep|"
    r"oct|nov|dec)[a-z]*\.?\s+\d|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|"
    r"jul|aug|sep|oct|nov|dec)|\d{4}-\d\d-\d\d|(?:next\s+|this\s+)?(?:mon|tue|wed|thu|fri|sat|"
    r"sun)[a-z]*day\b|end of|eod|eow|tomorrow|tonight|noon|midnight|\d{1,2}(?::\d\d)?\s*[ap]\.?m)"
    # an upper bound said in words: "max two clarifying questions", "no more than one stop"
    r"|\b(?:at most|no more than|max(?: of)?|maximum(?: of)?|fewer than|limited to|capped at)\s+"
    rf"(?=(?:{ONE_TO_TEN}|eleven|twelve|fifteen|twenty|thirty|"
    r"forty|fifty|a\s+(?:couple|few|dozen|hundred|single))\s+[a-z])",
    _I,
)
LIMIT_NOUN_RE = re.compile(
    r"\b(?:deadline|due|due date|limit|cap|quota|budget|target|goal|threshold|sla|slo|timeout|"
    r"ttl|retention|ceiling|allowance|latency|uptime|coverage|rate|price|cost|fee|salary|rent|"
    r"version|v\d|release|launch|sprint|milestone|meeting|call|interview|appointment|session|"
    r"schedule|scheduled|rescheduled|postponed|moved|total|count|size|length|word count|score|"
    r"accuracy|response time|load time|budgeted|capacity|headcount|duration|window|port|"
    r"frequency|interval|per (?:day|week|month|hour|minute|second|year))\b",
    _I,
)
# --- decision cues
DECIDE_RE = re.compile(
    r"\b(?:let's|let us|we'll|we will|i'll|i will|we're going to|i'm going to|we are going to|"
    r"i am going to|we should|we're|we are|i'm|i am)\s+(?:\w+\s+)?(?:go with|use|using|"
    r"stick with|sticking with|stuck (?:on|with)|switch(?:ing)? to|mov(?:e|ing) to|migrat(?:e|ing) to|adopt|"
    r"choose|pick|opt for|settle on|keep using|stay with|deploy(?:ing)? (?:to|on)|"
    r"host(?:ing)? (?:on|it on)|build(?:ing)? (?:it |this )?(?:with|in|on)|"
    r"writ(?:e|ing) (?:it |this )?in|target(?:ing)?|call(?:ing)? it(?! (?:a day|a night|quits|even|done)\b)|"
    r"nam(?:e|ing) it)\b"
    r"|\b(?:go with|going with|went with|decided (?:to|on)|decision is|decision:|we decided|"
    r"i decided|i've decided|we've decided|chose|chosen|settled on|opted for|agreed (?:to|on)|"
    r"plan is to|the plan is|final answer|instead of|rather than|in favou?r of)\b"
    # "i picked the kindle over the ipad": one thing chosen over another
    r"|\b(?:i|we)\s+(?:picked|prefer(?:red)?)\s+(?:the\s+|a\s+|an\s+)?[\w-]+(?:\s+[\w-]+)?\s+over\b"
    # "we picked the name Tidewater for the podcast", "i've landed on Stripe for payments"
    r"|\b(?:i|we)(?:'ve|\s+have)?\s+(?:finally\s+)?(?:picked|landed on)\s+(?:the\s+(?:name|title)\s+)?"
    r"[\w-]+(?:\s+[\w-]+)?\s+(?:for|as)\s+(?:the|our|my|[a-z]{4,})\b",  # ("... for payments")
    _I,
)
REVISION_VERBS = (
    r"set|setting|change|changed|changing|update|updated|updating|raise|raised|raising|lower|"
    r"lowered|lowering|increase|increased|increasing|decrease|decreased|decreasing|reduce|reduced|"
    r"reducing|bump|bumped|bumping|make|made|move|moved|moving|push|pushed|pushing|shift|shifted|"
    r"switch|switched|switching|rename|renamed|renaming|upgrade|upgraded|upgrading|downgrade|"
    r"downgraded|adjust|adjusted|extend|extended|shorten|shortened|cut|revise|revised|drop|"
    r"dropped|reschedule|rescheduled|postpone|postponed|migrate|migrated|migrating|relocate|"
    r"relocated|relocating|convert|"
    r"converted|go|went|gone|bring|brought|stretch|stretched|delayed|loosen|loosened|"
    r"tighten|tightened|trimmed|doubled|tripled|halve|halved|boosted|lifted|resize|resized"
)
REVISION_RE = re.compile(
    r"\b(?:set|sets|setting|change|changed|changing|update|updated|updating|raise|raised|"
    r"lower|lowered|increase|increased|increasing|decrease|decreased|reduce|reduced|bump|"
    r"bumped|make|made|move|moved|moving|push|pushed|shift|shifted|slide|slid|nudge|nudged|switch|switched|rename|"
    r"renamed|upgrade|upgraded|upgrading|downgrade|downgraded|adjust|adjusted|extend|extended|"
    r"shorten|shortened|cut|revise|revised|drop|dropped|reschedule|rescheduled|postpone|"
    r"postponed|improve|improved|grow|grew|grown|reach|reached|rise|rose|risen|fall|fell|"
    r"fallen|climb|climbed|expand|expanded|double|doubled|halve|halved|migrate|migrated|"
    r"convert|converted|replace|replaced|cap|capped|limit|limited|go|went|gone|jump|jumped|"
    r"trim|trimmed|stretch|stretched)\b",
    _I,
)
TO_VALUE_RE = re.compile(
    r"\b(?:to|at|into|as|for|from)\s+(?:the\s+|a\s+|an\s+|about\s+|around\s+|roughly\s+|"
    r"approximately\s+|nearly\s+|over\s+)?(?=(?:[$€£]\s?)?\d|[A-Z]|(?:jan|feb|mar|apr|may|jun|"
    r"jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d|(?:next\s+|this\s+)?(?:mon|tue|wed|thu|fri|sat|"
    r"sun)[a-z]*day\b)"
)
REVISE_LEAD_RE = re.compile(
    r"^(?:(?:please|let's|let us|we(?:'ll| will| should)?|i(?:'ll| will)?|go ahead and|actually|ok(?:ay)?|"
    r"and|so|now)[\s,]+)*(?:set|change|update|raise|lower|increase|decrease|reduce|bump|make|move|"
    r"push|shift|switch|rename|upgrade|downgrade|adjust|extend|shorten|cut|drop|reschedule|"
    r"postpone|migrate|cap|limit|trim|stretch)\b", _I)
FROM_TO_RE = re.compile(r"\bfrom\s+\S+(?:\s+\S+){0,4}?\s+to\s+\S", _I)
STATE_RE = re.compile(
    r"\b(?:is|are|was|were|=|equals|stays|remains|stay|remain|sits|stands|averages?|averaging|"
    r"goes out|go out|goes live|ships|launches|starts|begins|ends|due|happens|takes place|lands|"
    r"releases|publishes|airs|kicks off|closes|opens|expires|renews|"
    r"totals?|totaling|has|have|had|of|at|now|currently|reached|hit|set to|is set to|runs|"
    r"takes|costs?|weighs|lasts|spans|holds|contains|includes|comes to|"
    r"gets|seats|sleeps|serves|feeds|(?:needs|requires|(?<!\bi )(?<!\bwe )(?<!\byou )need)"
    rf"(?=\s+(?:at\s+least\s+)?(?:\d|{ONE_TO_TEN})\b))\b|[=:]"
    # ("the trip needs 6 chaperones", "PRs need 1 approval", never "I need 5 ideas" nor
    # "refunds over $200 need a manager's sign-off", a requirement)
    r"|\b\w+'s\s+(?:down|up|back|now|still|currently)\b",  # "commute's down to 25 minutes"
    _I,
)
FIRST_PERSON_STATE_RE = re.compile(
    r"\b(?:i|we)(?:'ve| have| had)?\s+(?:already\s+|just\s+|recently\s+|now\s+|finally\s+|"
    r"also\s+|successfully\s+)*(?:\w+ed|got|made|won|ran|wrote|read|spent|hit|sold|bought|"
    r"brought|built|saw|took|met|lost|grew|cut|set|paid|did|done|gotten|written|run|won|"
    r"secured|have|has)\b",
    _I,
)
ENTITY_RE = re.compile(
    r"\b(?i:my name is|call me|i work (?:at|for)|i(?:'m| am) (?:a|an) [\w -]{2,30}? (?:at|for)|"
    r"i live in|i(?:'m| am) (?:based|located) in|we(?:'re| are) (?:based|located) in|"
    r"our (?:company|team|client|customer|product|project|app|service|startup|org|"
    r"organi[sz]ation|brand|vendor|partner) is(?: called| named)?|(?:is|are) (?:called|named)|"
    r"works? (?:at|for)|lives? in|based in)\s+[A-Z][\w.&'-]*"
)
NAMED_RE = re.compile(
    rf"^(?:(?:our|my|the)\s+)?(?P<what>(?:[\w-]+\s+){{0,3}}?(?:{INTRODUCED}))\s+"
    r"(?:is|will be)\s+(?:called|named)\s+(?P<name>[\"']?[\w.&'-]+(?:\s+(?-i:[A-Z])[\w.&'-]*)*)",
    _I,
)
RENAME_RE = re.compile(
    r"\brenam(?:e|ed|ing)\s+(?:the\s+|our\s+|my\s+)?(?P<old>.+?)\s+(?:to|as)\s+"
    r"(?P<new>[\"'`]?[\w.&'/-]+(?:\s+(?-i:[A-Z])[\w.&'-]*)*)",
    _I,
)
_PLAN_NOUN = (r"(?P<what>plan|tier|subscription|edition|license|licence|membership|package|tariff|"
              r"contract|bundle)")
# a plan named in plain words
_TIER_WORD = (r"(?:unlimited|basic|premium|standard|family|annual|monthly|yearly|free|business|student|"
              r"starter|pro|plus|individual|duo|off-peak|anytime|fixed|variable|tracker|single-trip|multi-trip)")
_PLAN_NAME = (rf"(?:(?-i:[A-Z])[\w+-]*(?:\s+(?-i:[A-Z])[\w+-]*)?|\d[\w.]*|{_TIER_WORD}"
              rf"(?:\s+{_TIER_WORD})?)")
# the service the plan is of, named after it: "on Figma", "for the helpdesk", "with Three"
_OF_SERVICE = (r"(?:\s+(?:for|on|with)\s+(?:(?:the|our|my)\s+(?P<thing>[a-z][\w-]*)|"
               r"(?P<service>(?-i:[A-Z])[\w&+.-]*))(?=\s*(?:[,.;!?]|$|\s+(?:and|but|so|since|because|"
               r"now|from|last|this|to)\b)))?")
PLAN_RE = re.compile(
    r"\b(?:(?:upgrad|downgrad|switch|mov|migrat|chang|bump)(?:e|ed|es|ing)?|went|gone)\s+"
    r"(?:us\s+|our\s+|my\s+|the\s+)?(?:(?P<object>(?-i:[A-Z])[\w&+.-]*)\s+)?"
    r"(?:(?:account|subscription|plan|tier|license|membership)\s+)?(?:up\s+|down\s+)?(?:from\s+(?:the\s+)?"
    rf"(?P<old>[\w+-]+)\s+(?:plan\s+|tier\s+)?)?to\s+(?:the\s+)?(?P<new>{_PLAN_NAME})\s+{_PLAN_NOUN}\b"
    rf"{_OF_SERVICE}",
    _I,
)
ON_PLAN_RE = re.compile(
    r"\b(?:we(?:'re| are)|i(?:'m| am)|(?:we|i)(?:'ve| have) been|(?:we|i) (?:pay for|use|have)|"
    # "our Slack workspace is on the Free tier": the plan of the thing named
    r"^(?:our|my|the)\s+(?P<owner>(?-i:[A-Z])[\w&+.-]*)(?:\s+[a-z]+)?\s+(?:is|are)(?=\s+on\b))\s+"
    rf"(?:currently\s+|still\s+|now\s+)?(?:on\s+)?(?:the\s+|a\s+|an\s+)?(?P<new>{_PLAN_NAME})\s+"
    rf"{_PLAN_NOUN}\b{_OF_SERVICE}",
    _I,
)


# "put me on the basic tier", "sign us up for the annual plan": a plan in plain words
_SIGNED_PLAN_RE = re.compile(
    r"\b(?:put|sign|move|switch|get|enrol|enroll)\s+(?:me|us)\s+(?:up\s+)?(?:on|for|to|onto|into)\s+"
    r"(?:the|a|an)\s+(?P<new>[\w+-]+)\s+(?P<what>plan|tier|subscription|membership|package)\b", _I)
_NOT_A_PLAN_NAME = frozenset("same other next right new current old cheaper better".split())


def plan_said(s: str) -> re.Match[str] | None:
    """The plan a sentence moves to or is on ("Upgrade us to the Pro plan", "We're on the
    Starter plan", "put me on the basic tier", "I'm on the 20GB plan with Three"), or None."""
    m = PLAN_RE.search(s) or ON_PLAN_RE.search(s) or _SIGNED_PLAN_RE.search(s)
    return None if m is None or m.group("new").lower() in _NOT_A_PLAN_NAME else m


def plan_slot(m: re.Match[str]) -> str:
    """The setting a plan is the value of: the plan of the service named with it ("the Pro
    plan on Figma" is the Figma plan, "the Starter plan for the helpdesk" the helpdesk plan,
    "changed Slack to the Pro tier" the Slack tier), else the plan ("tier") alone."""
    what = m.group("what").lower()
    named = m.groupdict().get("service") or m.groupdict().get("thing") \
        or m.groupdict().get("object") or m.groupdict().get("owner")
    return f"{named.lower()} {what}" if named else what
HAVE_COUNT_RE = re.compile(
    r"^(?:we|i)\s+(?:currently\s+|now\s+|still\s+|only\s+)?(?:have|had|got|use|need|own|run|"
    r"pay for)\s+(?P<n>\d[\d,.]*)\s+(?P<unit>[a-z][a-z-]+)\b",
    _I,
)
STACK_RE = re.compile(
    r"\b(?i:with|using|on|in|via|use|uses|choose|chose|picked|running|integrate|integrated|"
    r"integrating|install|installed|installing|adopt|adopted|adopting|add|added|adding|"
    r"upgrade to|upgraded to|upgrading to|migrate to|migrated to|migrating to)\s+"
    r"(?P<name>[A-Z][\w.+#-]*"
    r"(?:\s+[A-Z][\w.+#-]*)?\s+v?\d+(?:\.\d+)+)\b")
DEADLINE_FOR_RE = re.compile(
    r"\b(?:a|the|my|our)\s+(?P<noun>deadline|due date|launch date|budget|limit|target|goal)\s+"
    r"(?:of|is|at)\s+(?P<value>.+?)\s+for\s+(?:the\s+|my\s+|our\s+)?(?P<what>[\w-]+(?:\s+[\w-]+)?)"
    r"\s*(?:$|[,.;!?]|\s+(?:and|but|which|so|to|because)\b)", _I)
USING_RE = re.compile(
    r"\b(?i:i'm|i am|we're|we are|i've been|we've been)\s+(?:\w+\s+)?(?i:using|on|running)\s+"
    r"(?P<name>[A-Z][\w.+#-]*(?:\s+v?\d[\w.]*)?)"
)
HEDGE_RE = re.compile(r"\b(?:maybe|perhaps|probably|might|i think|i guess|not sure|possibly|"
                      r"thinking (?:of|about)|considering|wondering|hopefully)\b", _I)
DONE_BY_RE = re.compile(
    r"\b(?:(?:i|we)(?:'ve| have| had)?|(?:my|our)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?(?:\s+(?:has|had))?)\s+"
    r"(?:already\s+|just\s+|recently\s+|finally\s+|also\s+)*"
    r"(?:completed|finished|reached|logged|written|wrote|added|done|submitted|published|read|"
    r"achieved|hit|scored|got|received|sent|booked|paid|saved|earned|collected|gathered)\b"
    r"(?:[^,;]|,(?=\d{3}))*\bby\s+(?:the\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|\d)",
    _I)  # ("1,200 miles by May": a number's comma ends nothing)


def firm_rule_cue(s: str) -> bool:
    """A rule stated outright: a modal, a standing "always"/"never" or a prohibition."""
    return bool(MODAL_RE.search(s) or (ALWAYS_NEVER_RE.search(s) and not EXPERIENCE_RE.search(s))
                or PROHIBIT_RE.search(s))


def rule_cue(s: str) -> bool:
    """A rule stated outright (:func:`firm_rule_cue`) or a comparator with a value."""
    return firm_rule_cue(s) or bool(COMPARATOR_VALUE_RE.search(s))


def values_are_incidental(s: str) -> bool:
    """True when the only "values" are versions glued to names, list ordinals or the
    numbers of labels ("Turn 24: ...", "Step 3: ...")."""
    for m in VALUES.finditer(s):
        before = s[max(0, m.start() - 1): m.start()]
        if before and (before.isalpha() or before in "vV"):
            continue
        if re.match(r"\d+\.\d+\.\d+", s[m.start():]):  # a version number
            continue
        label = _LABEL_RE.match(s)
        if label and m.start() == label.start("n"):
            continue
        return False
    return True


# "Turn 24: ...", "Filler turn 24: ...", "Step 3: ...": the number numbers a label
_LABEL_RE = re.compile(r"\s*(?:[A-Za-z][\w-]*\s+){1,3}#?(?P<n>\d{1,4}[a-z]?):(?:\s|$)")
