"""RuleExtractor: the default, offline, deterministic extractor.

Plain Python: sentence and clause splitting, cue phrases and the slot rules of
:mod:`dspm_core.slots`. It reads constraints (modals, prohibitions, comparators, limits,
deadlines, compliance rules, standing "always"/"never" instructions and stated
preferences), decisions (choices and settings, revisions such as "set ... to", "switch to",
"from A to B"), code (fenced blocks, signatures, file names), equations, entities and
structures (lists of steps, tables).

It knows who spoke. A user's (or system's, or document's) message is read clause by
clause: requests and questions ("can you help me ...", "how do I ...") are dropped, a
clause with a cue is kept together with the clause it leans on ("I'm trying to keep the app
small, so I prefer minimal dependencies"). An assistant's (or tool's) message is read
precisely: long answers are full of suggestions ("you should consider ...") that are not
the user's rules, so only code, acknowledged restatements ("Noted: ..."), reports of what
it changed ("I've set ...") and the statements of short replies are extracted; the store
folds a restatement into the user's patch. Chit-chat yields nothing.

Where the slot rules would read a poor subject from conversational text ("I'm using
Bootstrap 5.3.0" -> "I'm"), the extractor fills ``slot`` (and the value fields) itself,
so that unrelated statements never share a slot: a missed merge costs a few tokens, a
wrong one loses a rule.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..patch import Fact, PatchKind, Role, Turn
from ..slots import Statement, bound_class, name_category, parse_statement
from ..values import VALUE_RE, parse_value, split_number_unit

__all__ = ["RuleExtractor"]

_I = re.I


class _Values:
    """``VALUE_RE`` behind a cheap test: a value needs a digit or a weekday name."""

    _HINT = re.compile(r"\d|(?:mon|tue|wed|thu|fri|sat|sun)", re.I)

    def search(self, text: str) -> re.Match[str] | None:
        return VALUE_RE.search(text) if self._HINT.search(text) else None

    def match(self, text: str) -> re.Match[str] | None:
        return VALUE_RE.match(text) if self._HINT.search(text) else None

    def finditer(self, text: str):  # noqa: ANN201 - an iterator of matches
        return VALUE_RE.finditer(text) if self._HINT.search(text) else iter(())


_VALUES = _Values()
_FENCE_RE = re.compile(r"```([^\n`]*)\n?(.*?)(?:```|$)", re.S)
_SENT_SPLIT_RE = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[*_]*[A-Z0-9])|\n+|;\s+")
_SENT_SPLIT_NO_SEMI_RE = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[*_]*[A-Z0-9])|\n+")
_LIST_ITEM_RE = re.compile(r"^\s*(?:\d+[.)]|[-*•+]|#{1,6})\s+\S")
_TABLE_ROW_RE = re.compile(r"^\s*\|.*\|\s*$")
_MARKUP_RE = re.compile(r"^\s*(?:#{1,6}\s+|>\s*|(?:\d+[.)]|[-*•+])\s+)+|(?<!\w)[*_`]{1,3}(?=\S)|(?<=\S)[*_`]{1,3}(?!\w)")
_CLAUSE_SEP_RE = re.compile(
    r"(\s*;\s+|\s*(?:,|:|\s[-–—]+)\s+(?=(?:(?:and|but|so|or)\s+(?:i|i'm|i've|i'd|i'll|we|we're|we've|"
    r"my|our|the|it|it's|this|that|then|also|now|so|since|because|maybe|can|could|how|what|"
    r"there|you|your|if|when|make|please|just|still|yet)\b|so\b|which\b|who\b|whose\b|where\b|while\b|"
    r"whereas\b|although\b|though\b|because\b|since\b|as\b|considering\b|given\b|including\b|"
    r"especially\b|unless\b|if\b|when\b|then\b|plus\b|also\b|how\b|what\b|why\b|can\b|could\b|"
    r"would\b|will\b|should\b|do\b|does\b|is\b|are\b|i\b|i'm\b|i've\b|i'd\b|i'll\b|my\b|we\b|"
    r"we're\b|we've\b|our\b|it's\b|there\b|please\b|maybe\b|hmm+\b|thanks\b|let's\b|"
    r"like\s+(?:i|you|we)\b|without\b|rather\s+than\b|instead\s+of\b|due\s+to\b)))",
    _I,
)
_CHITCHAT_RE = re.compile(
    r"^(?:(?:hi|hello|hey|thanks|thank you|thx|ty|ok|okay|cool|great|nice|sounds good|got it|"
    r"perfect|awesome|sure|yes|no|yep|yeah|nope|bye|good morning|good night|lol|haha|np|"
    r"no problem|you're welcome|understood|will do|makes sense|that works|that helps|"
    r"appreciate it|excellent|wonderful|amazing|alright|all right|right|fine|good|done)\b"
    r"[\s\w,!.'’]{0,40}|[\W\d]*)$",
    _I,
)
# A clause that asks for something: dropped (it states nothing yet). Relative pronouns
# ("..., which has improved to 78%") only ask at the start of a sentence.
_ASK_LEAD = (r"^(?:(?:so|and|but|also|hmm+|ok(?:ay)?|well|now|then|or|maybe|plus|just|oh|ah|"
             r"um+|btw|anyway)\s*,?\s+)*")
_REQUEST_RE = re.compile(
    _ASK_LEAD
    + r"(?:(?:can|could|would|will|do(?!\s+not\b)|does|did|is|are|am|was|were|should|shall|may|"
    r"might|have|has|any|what|what's|whats|how|how's|why|is there|are there)\b"
    r"|(?:please\s+)?(?:help|show|explain|tell|give|walk|guide|suggest|recommend|provide|"
    r"review|check|teach|remind|let|list|write|make|create|generate|find|draw|build|send|draft|"
    r"name|get)\s+(?:me|us)\b"
    # a task for the assistant, unless it states a rule ("write ... from now on")
    r"|(?:please\s+)?(?:rewrite|continue|write|create|generate|list|translate|summari[sz]e|"
    r"explain|convert|fix|simulate|calculate|compute|solve|show|draw|design|implement|build|"
    r"refactor|optimi[sz]e|debug|review|check|compare|describe|analy[sz]e|tell|find|suggest|"
    r"recommend|outline|draft|paraphrase|proofread|edit|correct|answer|provide|plan|prepare|"
    r"compose|test|give|help|elaborate|expand|shorten|improve|act as|pretend|imagine|"
    r"play)\b(?!.*\b(?:always|never|from now on|going forward|in (?:all|every|each) "
    r"(?:future\s+)?(?:responses?|answers?|replies)|each time|every time)\b)"
    r"|here(?:'s| is| are)\b|this is what|below is|attached is"
    r"|please\s+(?:provide|show|give|explain|write|create|help|list|suggest|review|check|"
    r"describe|share|generate|draft|summari[sz]e|tell|walk|fix|debug|implement|build|compare|"
    r"recommend|outline|clarify|elaborate|continue|expand|rewrite|convert|translate)\b"
    r"|let me know|i was wondering|i wonder|any (?:ideas|tips|advice|suggestions))",
    _I,
)
_WH_RE = re.compile(_ASK_LEAD + r"(?:which|who|where|when(?!ever)|whether)\b", _I)
# Trouble and tentative clauses: dropped unless they state a rule or a preference.
_SOFT_RE = re.compile(
    _ASK_LEAD
    + r"(?:i(?:'m| am)\s+(?:\w+\s+)?(?:not sure|unsure|wondering|confused|stuck|struggling|"
    r"having|looking for|curious|worried|concerned|thinking (?:of|about)|considering|"
    r"planning to ask|hoping)"
    r"|i(?:'ve| have)\s+(?:\w+\s+)?(?:tried|been trying|heard|read|seen|been told|noticed)"
    r"|i (?:need|want|would like|'d like)\s+(?:some\s+)?(?:help|advice|guidance|assistance|"
    r"suggestions|tips|ideas|feedback|an example|examples|to (?:know|understand|learn|see|"
    r"figure|make sure|ensure|get|find|check|ask|try|explore|compare|improve|create|build|"
    r"implement|write|add|fix|debug|optimize|set up|start|focus|integrate|use|be able))"
    r"|i (?:think|guess|believe|feel like) (?:i|we)(?:'m| am| are)? (?:missing|doing|stuck)"
    r"|i(?:'m| am) trying to (?:figure|understand|learn|debug|fix|find|solve|work out)"
    r"|i don't (?:know|understand|get|see)|not sure"
    r"|you (?:are|were|'re) (?:saying|wrong|right|correct|mistaken)|you (?:said|mentioned|"
    r"suggested|told|wrote|recommended|gave|showed))",
    _I,
)
_STATUS_RE = re.compile(
    r"^(?:status|progress|build|ci|deploy|log|heads[- ]up|eta)\s*(?:update)?\s*[:\-]"
    r"|^(?:the\s+)?(?:build|ci|tests?|checks?|deploy(?:ment)?|pipeline|backup|job|load test|"
    r"migration|release|run|\d+\s+tests?)\b[^.]{0,60}\b(?:passed|pass|green|red|failed|"
    r"finished|completed|succeeded|running|done|pending|queued|started|deployed|ok)\b",
    _I,
)
_GOAL_RE = re.compile(
    r"^(?:i(?:'m| am) (?:trying|planning|looking|aiming|hoping|working|building|setting up)|"
    r"my (?:goal|aim|plan|objective) is|i want to|we want to|i need to|we need to|"
    r"i(?:'m| am) working on)\b",
    _I,
)
_CONTINUATION_RE = re.compile(
    r"^(?:because|since|as|due to|so that|so it|to keep|to avoid|to reduce|to save|to make|"
    r"to ensure|in order|without|rather than|instead of|over|which|that|especially|"
    r"like\s+(?:i|we|you))\b",
    _I,
)
_LEANS_BACK_RE = re.compile(
    r"^(?:so|which|who|whose|where|that|it|it's|this|they|these|and so|and it|and this|but it|"
    r"and i just|and now|now|without|rather than|instead of|due to|because|since)\b",
    _I,
)

# --- constraint cues (user side)
_MODAL_RE = re.compile(
    r"\b(?:must|mustn't|shall|is required|are required|required to|is mandatory|are mandatory|"
    r"mandatory|non-negotiable|not allowed|not permitted|is forbidden|are forbidden|forbidden|"
    r"prohibited|under no circumstances|off[- ]limits|hard rule|hard requirement|strict rule|"
    r"requirement is|requirements are|the rule is|rule:|policy:|constraint:|requirement:)",
    _I,
)
_ALWAYS_NEVER_RE = re.compile(r"\b(?:always|never)\b", _I)
_EXPERIENCE_RE = re.compile(
    r"\b(?:i|we|you|they|he|she|it)(?:'ve|'d| have| had| has)\s+(?:\w+\s+)?(?:never|always)\b|"
    r"\bnever\s+(?:actually\s+|really\s+|even\s+)?(?:been|had|done|seen|used|tried|heard|"
    r"worked|completed|attempted|implemented|integrated|deployed|set up|written|made|created|"
    r"encountered|considered|thought)\b|\balways\s+(?:been|wanted|had|thought|wondered)\b",
    _I,
)
_SHOULD_RE = re.compile(r"\b(?:should(?:n't)?|ought to)\b", _I)
_NEED_RE = re.compile(r"\b(?:needs? to|has to|have to|got to|gotta)\b", _I)
_PROHIBIT_RE = re.compile(
    r"^(?:(?:please|and|but|so|also|just|then|plus|hard rule|rule|important)\s*[,:!-]?\s+)*"
    r"(?:do not|don't|never|avoid|stop|no more|refrain from|don't ever|do not ever)\b"
    r"|\b(?:we|you|they|it|this|that|nobody|no one|[a-z][\w-]*s)\s+(?:can't|cannot|can not|"
    r"won't|will not|don't|do not|doesn't|does not|shouldn't|should not|mustn't|must not|"
    r"may not|are not to|is not to)\s+(?:ever\s+)?(?!know|work|seem|understand|see|get|load|"
    r"show|display|find|run|compile|render|respond|appear|recognize|help|support|matter)\w+"
    r"|\bwithout\s+(?:using|any|adding|relying|compromising|losing|breaking|affecting|"
    r"increasing|sacrificing|attaching|external|extra|additional|introducing|exceeding|"
    r"hurting|slowing|bloating|requiring|needing)\b",
    _I,
)
_ADV = r"(?:(?:\w+ly|do|would|'d|also|kind of|kinda|much|just|really|still|now|usually)\s+){0,3}"
_PREFERENCE_RE = re.compile(
    # "I (strongly) prefer / dislike / avoid / refuse ..."
    r"\bi\s+" + _ADV + r"(?:prefer|dislike|hate|love|enjoy|avoid|refuse|detest|despise|loathe|"
    r"adore|favou?r|steer clear|stay away|abstain|shun|boycott|tend to|thrive|firmly believe|"
    r"value|prioriti[sz]e|gravitate|lean towards|rather|"
    r"like\b(?!\s+to\s+(?:know|ask|see|learn|understand|get|try|implement|create|build|add|"
    r"make|have|use|explore|improve|integrate|figure|check|start|set))|"
    r"only\s+\w+|exclusively|learn best|work best|"
    r"find\s+(?!it\s+(?:hard|difficult|tricky|confusing)\s+to\s+(?:understand|figure|get|"
    r"debug|implement|fix|see|know)|myself|out|that|the\b)\w+|"
    r"(?:follow|adhere to|stick to|stick with|eat|keep|maintain|practice|observe|live)\s+"
    r"(?:a|an|the|to a)?\s*(?:[\w-]+[\s,]+){0,4}?(?:diet|regimen|lifestyle|routine)\b|"
    r"have (?:an?\s+|no\s+|very\s+|extremely\s+)?(?:[\w-]+\s+){0,3}(?:aversion|dislike|"
    r"allergy|intolerance|preference|passion|fear|phobia|sensitivity|objection|disdain|"
    r"distaste|tolerance|sensitive skin|disability|soft spot)\b)"
    # "I'm a vegan", "I'm strongly against ..."
    r"|\bi(?:'m| am)\s+(?:(?:\w+ly|a|an|also|not|really|very|on a)\s+){0,3}(?:vegan|vegetarian|"
    r"pescatarian|allergic|lactose|gluten|celiac|diabetic|sensitive|intolerant|against|"
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
_AVOID_RE = re.compile(r"\b(?:(?:need|needs|have|has|try|tries|want|must|prefer|like|got)\s+to\s+"
                       r"|(?<!\bto )(?<!\bto\s\s)(?<!\bme )(?<!\bus )(?<!\bhelp ))avoid(?:s)?\b", _I)
_STANDING_RE = re.compile(
    r"\b(?:from now on|going forward|moving forward|henceforth|from here on|in (?:all|every|"
    r"each|your|any) (?:future\s+|of your\s+)?(?:responses?|answers?|replies|reply|outputs?|"
    r"messages?|examples?|code)|every time|each time|whenever (?:i|you|we)|when i ask|"
    r"for (?:all|every|each) (?:responses?|answers?|replies|code|examples?|snippets?))\b",
    _I,
)
_IMPERATIVE_RE = re.compile(
    r"^(?:(?:please|also|and|just|hard rule|rule|important|note|remember)\s*[,:!-]?\s+)*"
    r"(?:use|include|format|write|respond|reply|answer|keep|add|put|show|give|list|cite|"
    r"mention|explain|provide|limit|cap|stick|make|ensure|avoid|remember|follow|prefix|end|"
    r"start|wrap|return|sort|name|label|mark|call|address|refer|speak|talk|translate)\b",
    _I,
)
_COMPLIANCE_RE = re.compile(
    r"\b(?:compliant|compliance|comply|complies|conform|conforms|adhere to|in line with)\b.{0,60}"
    r"|\b(?:gdpr|hipaa|pci[- ]?dss|soc ?2|wcag|iso[- ]?\d{4,5}|ccpa|ferpa|sox|fedramp)\b",
    _I,
)
_COMPARATOR_VALUE_RE = re.compile(
    r"\b(?:at most|at least|no more than|no less than|no later than|no earlier than|not exceed|"
    r"exceed|exceeds|up to|maximum(?: of)?|minimum(?: of)?|max(?: of)?|min(?: of)?|under|below|"
    r"above|within|less than|more than|fewer than|capped at|limited to|cap of|"
    r"limit of|no longer than|no higher than|no greater than|tops|<=|>=|≤|≥)\s+"
    r"(?=(?:[$€£]\s?)?\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d|"
    r"(?:next\s+|this\s+)?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*day\b|end of|eod|eow|tomorrow|"
    r"tonight|noon|midnight)"
    r"|\b(?:by|before|until|no later than)\s+(?:the\s+)?(?=(?:jan|feb|mar|apr|may|jun|jul|aug|sep|"
    r"oct|nov|dec)[a-z]*\.?\s+\d|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|"
    r"jul|aug|sep|oct|nov|dec)|\d{4}-\d\d-\d\d|(?:next\s+|this\s+)?(?:mon|tue|wed|thu|fri|sat|"
    r"sun)[a-z]*day\b|end of|eod|eow|tomorrow|tonight|noon|midnight|\d{1,2}(?::\d\d)?\s*[ap]\.?m)",
    _I,
)
_LIMIT_NOUN_RE = re.compile(
    r"\b(?:deadline|due|due date|limit|cap|quota|budget|target|goal|threshold|sla|slo|timeout|"
    r"ttl|retention|ceiling|allowance|latency|uptime|coverage|rate|price|cost|fee|salary|rent|"
    r"version|v\d|release|launch|sprint|milestone|meeting|call|interview|appointment|session|"
    r"schedule|scheduled|rescheduled|postponed|moved|total|count|size|length|word count|score|"
    r"accuracy|response time|load time|budgeted|capacity|headcount|duration|window|port|"
    r"frequency|interval|per (?:day|week|month|hour|minute|second|year))\b",
    _I,
)
# --- decision cues
_DECIDE_RE = re.compile(
    r"\b(?:let's|let us|we'll|we will|i'll|i will|we're going to|i'm going to|we are going to|"
    r"i am going to|we should|we're|we are|i'm|i am)\s+(?:\w+\s+)?(?:go with|use|using|"
    r"stick with|sticking with|switch(?:ing)? to|mov(?:e|ing) to|migrat(?:e|ing) to|adopt|"
    r"choose|pick|opt for|settle on|keep using|stay with|deploy(?:ing)? (?:to|on)|"
    r"host(?:ing)? (?:on|it on)|build(?:ing)? (?:it |this )?(?:with|in|on)|"
    r"writ(?:e|ing) (?:it |this )?in|target(?:ing)?|call(?:ing)? it|nam(?:e|ing) it)\b"
    r"|\b(?:go with|going with|went with|decided (?:to|on)|decision is|decision:|we decided|"
    r"i decided|i've decided|we've decided|chose|chosen|settled on|opted for|agreed (?:to|on)|"
    r"plan is to|the plan is|final answer|instead of|rather than|in favou?r of)\b",
    _I,
)
_REVISION_VERBS_RE = (
    r"set|setting|change|changed|changing|update|updated|updating|raise|raised|raising|lower|"
    r"lowered|lowering|increase|increased|increasing|decrease|decreased|decreasing|reduce|reduced|"
    r"reducing|bump|bumped|bumping|make|made|move|moved|moving|push|pushed|pushing|shift|shifted|"
    r"switch|switched|switching|rename|renamed|renaming|upgrade|upgraded|upgrading|downgrade|"
    r"downgraded|adjust|adjusted|extend|extended|shorten|shortened|cut|revise|revised|drop|"
    r"dropped|reschedule|rescheduled|postpone|postponed|migrate|migrated|migrating|convert|"
    r"converted|go|went|gone|bring|brought"
)
_REVISION_RE = re.compile(
    r"\b(?:set|sets|setting|change|changed|changing|update|updated|updating|raise|raised|"
    r"lower|lowered|increase|increased|increasing|decrease|decreased|reduce|reduced|bump|"
    r"bumped|make|made|move|moved|moving|push|pushed|shift|shifted|switch|switched|rename|"
    r"renamed|upgrade|upgraded|upgrading|downgrade|downgraded|adjust|adjusted|extend|extended|"
    r"shorten|shortened|cut|revise|revised|drop|dropped|reschedule|rescheduled|postpone|"
    r"postponed|improve|improved|grow|grew|grown|reach|reached|rise|rose|risen|fall|fell|"
    r"fallen|climb|climbed|expand|expanded|double|doubled|halve|halved|migrate|migrated|"
    r"convert|converted|replace|replaced|cap|capped|limit|limited|go|went|gone|jump|jumped)\b",
    _I,
)
_TO_VALUE_RE = re.compile(
    r"\b(?:to|at|into|as|for|from)\s+(?:the\s+|a\s+|an\s+|about\s+|around\s+|roughly\s+|"
    r"approximately\s+|nearly\s+|over\s+)?(?=(?:[$€£]\s?)?\d|[A-Z]|(?:jan|feb|mar|apr|may|jun|"
    r"jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d|(?:next\s+|this\s+)?(?:mon|tue|wed|thu|fri|sat|"
    r"sun)[a-z]*day\b)"
)
_REVISE_LEAD_RE = re.compile(
    r"^(?:(?:please|let's|let us|we(?:'ll| will| should)?|i(?:'ll| will)?|go ahead and|actually|ok(?:ay)?|"
    r"and|so|now)[\s,]+)*(?:set|change|update|raise|lower|increase|decrease|reduce|bump|make|move|"
    r"push|shift|switch|rename|upgrade|downgrade|adjust|extend|shorten|cut|drop|reschedule|"
    r"postpone|migrate|cap|limit)\b", _I)
_FROM_TO_RE = re.compile(r"\bfrom\s+\S+(?:\s+\S+){0,4}?\s+to\s+\S", _I)
_STATE_RE = re.compile(
    r"\b(?:is|are|was|were|=|equals|stays|remains|stay|remain|sits|stands|averages?|averaging|"
    r"goes out|go out|goes live|ships|launches|starts|begins|ends|due|happens|takes place|lands|"
    r"releases|publishes|airs|kicks off|closes|opens|expires|renews|"
    r"totals?|totaling|has|have|had|of|at|now|currently|reached|hit|set to|is set to|runs|"
    r"takes|costs?|weighs|lasts|spans|holds|contains|includes|comes to)\b|[=:]",
    _I,
)
_FIRST_PERSON_STATE_RE = re.compile(
    r"\b(?:i|we)(?:'ve| have| had)?\s+(?:already\s+|just\s+|recently\s+|now\s+|finally\s+|"
    r"also\s+|successfully\s+)*(?:\w+ed|got|made|won|ran|wrote|read|spent|hit|sold|bought|"
    r"brought|built|saw|took|met|lost|grew|cut|set|paid|did|done|gotten|written|run|won|"
    r"secured|have|has)\b",
    _I,
)
_ENTITY_RE = re.compile(
    r"\b(?i:my name is|call me|i work (?:at|for)|i(?:'m| am) (?:a|an) [\w -]{2,30}? (?:at|for)|"
    r"i live in|i(?:'m| am) (?:based|located) in|we(?:'re| are) (?:based|located) in|"
    r"our (?:company|team|client|customer|product|project|app|service|startup|org|"
    r"organi[sz]ation|brand|vendor|partner) is(?: called| named)?|(?:is|are) (?:called|named)|"
    r"works? (?:at|for)|lives? in|based in)\s+[A-Z][\w.&'-]*"
)
_NAMED_RE = re.compile(
    r"^(?:(?:our|my|the)\s+)?(?P<what>(?:[\w-]+\s+){0,3}?(?:company|team|client|customer|product|"
    r"project|app|application|service|startup|repo|repository|bot|tool|library|package|"
    r"brand|website|site|game|book|channel|podcast|newsletter|codename|code name))\s+"
    r"(?:is|will be)\s+(?:called|named)\s+(?P<name>[\"']?[\w.&'-]+(?:\s+(?-i:[A-Z])[\w.&'-]*)*)",
    _I,
)
_RENAME_RE = re.compile(
    r"\brenam(?:e|ed|ing)\s+(?:the\s+|our\s+|my\s+)?(?P<old>.+?)\s+(?:to|as)\s+"
    r"(?P<new>[\"'`]?[\w.&'/-]+(?:\s+(?-i:[A-Z])[\w.&'-]*)*)",
    _I,
)
_PLAN_RE = re.compile(
    r"\b(?:upgrad|downgrad|switch|mov|migrat|chang)(?:e|ed|es|ing)?\s+(?:us\s+|our\s+|my\s+|the\s+)?"
    r"(?:(?:account|subscription|plan|tier|license|membership)\s+)?(?:from\s+(?:the\s+)?"
    r"(?P<old>[\w+-]+)\s+(?:plan\s+|tier\s+)?)?to\s+(?:the\s+)?(?P<new>(?-i:[A-Z])[\w+-]*(?:\s+(?-i:[A-Z])[\w+-]*)?)"
    r"\s+(?P<what>plan|tier|subscription|edition|license|licence|membership|package)\b",
    _I,
)
_ON_PLAN_RE = re.compile(
    r"\b(?:we(?:'re| are)|i(?:'m| am)|(?:we|i)(?:'ve| have) been|(?:we|i) (?:pay for|use|have))\s+"
    r"(?:currently\s+|still\s+|now\s+)?(?:on\s+)?(?:the\s+|a\s+|an\s+)?(?P<new>(?-i:[A-Z])[\w+-]*"
    r"(?:\s+(?-i:[A-Z])[\w+-]*)?)\s+(?P<what>plan|tier|subscription|edition|license|licence|"
    r"membership|package)\b",
    _I,
)
_HAVE_COUNT_RE = re.compile(
    r"^(?:we|i)\s+(?:currently\s+|now\s+|still\s+|only\s+)?(?:have|had|got|use|need|own|run|"
    r"pay for)\s+(?P<n>\d[\d,.]*)\s+(?P<unit>[a-z][a-z-]+)\b",
    _I,
)
_STACK_RE = re.compile(
    r"\b(?i:with|using|on|in|via|use|uses|choose|chose|picked|running)\s+(?P<name>[A-Z][\w.+#-]*"
    r"(?:\s+[A-Z][\w.+#-]*)?\s+v?\d+(?:\.\d+)+)\b")
_DEADLINE_FOR_RE = re.compile(
    r"\b(?:a|the|my|our)\s+(?P<noun>deadline|due date|launch date|budget|limit|target|goal)\s+"
    r"(?:of|is|at)\s+(?P<value>.+?)\s+for\s+(?:the\s+|my\s+|our\s+)?(?P<what>[\w-]+(?:\s+[\w-]+)?)"
    r"\s*(?:$|[,.;!?]|\s+(?:and|but|which|so|to|because)\b)", _I)
_USING_RE = re.compile(
    r"\b(?i:i'm|i am|we're|we are|i've been|we've been)\s+(?:\w+\s+)?(?i:using|on|running)\s+"
    r"(?P<name>[A-Z][\w.+#-]*(?:\s+v?\d[\w.]*)?)"
)
_EQUATION_RE = re.compile(
    r"(?:\b[A-Za-z_][\w]*(?:\([^)]*\))?\s*=\s*[^=\n]*[-+*/^√∑×÷²³]\s*[\w(√]|\$(?![\d\s])[^$\n]+\$|\\frac|"
    r"\\sqrt|\b(?:formula|equation)\b\s*(?:is|:))"
)
_SIGNATURE_RE = re.compile(
    r"\b(?:def|class|function|func|fn|interface|struct|enum|impl)\s+[A-Za-z_]\w*\s*[(<:{]"
)
_FILE_RE = re.compile(
    r"(?<![\w/.])(?:[\w.-]+/)*[\w-]+\.(?:py|js|ts|tsx|jsx|go|rs|java|rb|php|c|cc|cpp|h|hpp|cs|"
    r"sql|yaml|yml|json|toml|md|sh|ini|cfg|tf|html|css|scss|kt|swift|vue|env|lock|txt|csv)\b"
)
_FILE_FACT_RE = re.compile(
    r"\b(?:lives? in|is in|are in|located in|defined in|stored in|kept in|goes in|go in|"
    r"belongs? in|moved to|renamed to|the file|file is|path is|entry point|config(?:uration)? "
    r"(?:is|lives)|we keep|put (?:it|them) in)\b",
    _I,
)
# --- the assistant side
_ACK_RE = re.compile(
    r"^(?:noted|confirmed|understood|got it|acknowledged|done|ok(?:ay)?|sure(?: thing)?|"
    r"will do|absolutely|certainly|of course|agreed|updated|all set|roger|i understand|"
    r"i've noted|i have noted|i'll remember|i will remember|i'll keep (?:that|this) in mind|"
    r"will remember|copy that)\b[\s,:;.!-]*",
    _I,
)
_ASSISTANT_CLAUSE_RE = re.compile(
    r",?\s+and\s+(?=(?:the|all|our|your|its|every|each|no|[\w-]+\s+(?:will|must|is|are|stays?|"
    r"remains?|should)\b))|;\s+|,\s+(?=(?:the|all|our|your|every|each)\b)", _I)
_REPORT_START_RE = re.compile(r"^[\s*_>#-]*(?:i(?:'ve| have)|we(?:'ve| have))\s", _I)
_ASSISTANT_REPORT_RE = re.compile(
    r"^(?:i(?:'ve| have)|we(?:'ve| have))\s+(?:now\s+|also\s+|just\s+)?(?:set|changed|updated|"
    r"switched|moved|raised|lowered|increased|decreased|reduced|bumped|renamed|upgraded|"
    r"downgraded|configured|capped|limited|pinned|locked|extended|shortened|recorded|noted)\b",
    _I,
)
_SUGGESTION_RE = re.compile(
    r"\b(?:you (?:could|might|may|can|should|would|will want|want to|need to|'ll want|'ll need)|"
    r"consider|considering|perhaps|maybe|for example|for instance|e\.g\.|such as|"
    r"one option|another option|alternatively|if you (?:want|like|prefer|need)|"
    r"would you like|i (?:recommend|suggest|would suggest|'d suggest|would recommend|"
    r"'d recommend|advise)|it's (?:a good idea|best|recommended|advisable|important)|"
    r"it is (?:a good idea|best|recommended|advisable|important)|try|let's|here's|here is|"
    r"make sure|ensure|remember to|don't forget|be sure|best practice|typically|usually|"
    r"generally|often|common|could|might)\b",
    _I,
)
_REMARK_RE = re.compile(r"\b(?:would|could|might|crucial|key to|important|essential|great|"
                        r"excellent|good|choice|job|happy to|glad to|can help|i can|challenging|"
                        r"recommended|helpful|useful|effective|exciting|impressive|well done)\b", _I)
_HEDGE_RE = re.compile(r"\b(?:maybe|perhaps|probably|might|i think|i guess|not sure|possibly|"
                       r"thinking (?:of|about)|considering|wondering|hopefully)\b", _I)
_SHELL_RE = re.compile(r"^\s*(?:\$|>|#|pip3?|npm|npx|yarn|pnpm|git|cd|ls|mkdir|python3?|node|"
                       r"brew|apt(?:-get)?|sudo|curl|wget|docker|kubectl|export|source|conda|"
                       r"poetry|cargo|go (?:get|run|build)|flask|django-admin|rails)\b")
_SHELL_LANGS = frozenset("bash sh shell console zsh cmd powershell ps text txt output plaintext "
                         "log terminal".split())
_LEAD_STRIP_RE = re.compile(r"^(?:(?:and|but|so|also|plus|then|or|yet|oh|well|ok|okay|hmm+|"
                            r"now|just|btw|anyway|considering(?: that)?|given(?: that)?)\b\s*,?\s*)+",
                            _I)
_GOAL_LEAD_RE = re.compile(
    r"^(?:(?:i|we)(?:'m| am|'re| are)?\s+(?:\w+ly\s+)?(?:trying|planning|looking|aiming|hoping|"
    r"working|going|about)\s+(?:to|on)\s+\w+\s+|(?:i|we)\s+(?:\w+ly\s+)?(?:want|need|would like|'d like|"
    r"have|had)\s+to\s+\w+\s+|(?:i|we)(?:'m| am|'re| are)\s+\w+ing\s+)",
    _I,
)
_PRONOUN_SUBJ = frozenset("i i'm im m i've i'd we we're we've you it it's its this that they "
                          "them these those he she there here one thing things stuff number "
                          "something considering which who whom whose where so".split())
_VERB_TAIL = frozenset("has have had been is are was were now recently just improved increased "
                       "reached adjusted grown risen dropped changed updated moved added noticed "
                       "completed finished secured".split())
_BAD_EDGE = frozenset("can could will would must should may might use using no more than less "
                      "least most to of for with by from always never please also just only then "
                      "now still ever really a an the who's what's that's there's here's it's "
                      "which's".split())
_MAX_FACT_WORDS = 70
_ASSISTANT_SHORT_WORDS = 60
_MAX_ASSISTANT_CODE = 1


@dataclass(slots=True)
class _Clause:
    sep: str  # separator text before the clause
    text: str
    label: str = "ctx"  # req (a request), soft (an aside), cue or ctx (context)
    kind: PatchKind | None = None


class RuleExtractor:
    """Deterministic offline extraction of typed facts from one turn.

    ``min_words``: sentences shorter than this are skipped unless they hold a value.
    """

    def __init__(self, min_words: int = 3) -> None:
        self.min_words = min_words

    def extract(self, turn: Turn) -> list[Fact]:
        text = (turn.text or "").replace("’", "'").replace("‘", "'")
        if not text.strip():
            return []
        precise = turn.role in (Role.ASSISTANT, Role.TOOL)
        facts: list[Fact] = []
        facts.extend(self._code_blocks(turn, text, precise))
        prose, pasted = _unfenced_code(_FENCE_RE.sub("\n", text))
        if not precise:
            facts.extend(self._fact(turn, PatchKind.CODE, block) for block in pasted)
        if precise:
            facts.extend(self._assistant(turn, prose))
            return facts
        facts.extend(self._structures(turn, prose))
        goal: list[str] = []
        for sentence in _sentences(prose, semicolons=False):
            facts.extend(self._user_sentence(turn, sentence, goal))
        return _apart(_dedupe(facts))

    async def aextract(self, turn: Turn) -> list[Fact]:
        return self.extract(turn)

    # ------------------------------------------------------------------ pieces
    @staticmethod
    def _fact(turn: Turn, kind: PatchKind, text: str, **fields: str | None) -> Fact:
        return Fact(kind=kind, text=text, role=turn.role, turn=turn.index, source="rules",
                    session_id=turn.session_id, slot=fields.get("slot"), op=fields.get("op"),
                    value=fields.get("value"), unit=fields.get("unit"), scope=fields.get("scope"))

    def _code_blocks(self, turn: Turn, text: str, precise: bool) -> list[Fact]:
        blocks = []
        for m in _FENCE_RE.finditer(text):
            lang = m.group(1).strip().lower()
            lines = [ln for ln in m.group(2).splitlines() if ln.strip()]
            if not lines:
                continue
            # an answer's install commands and one-liners are instructions, not the code
            if precise and (lang in _SHELL_LANGS or len(lines) < 2
                            or all(_SHELL_RE.match(ln) for ln in lines)):
                continue
            blocks.append(m.group(0).strip())
        if precise and len(blocks) > _MAX_ASSISTANT_CODE:
            keep = sorted(sorted(blocks, key=len, reverse=True)[:_MAX_ASSISTANT_CODE], key=blocks.index)
            blocks = keep
        return [self._fact(turn, PatchKind.CODE, b) for b in blocks]

    def _structures(self, turn: Turn, prose: str) -> list[Fact]:
        out = []
        run: list[str] = []
        for line in prose.splitlines() + [""]:
            if _LIST_ITEM_RE.match(line) and not line.lstrip().startswith("#") or _TABLE_ROW_RE.match(line):
                run.append(line.strip())
                continue
            if len(run) >= 3 and not all(_rule_cue(_clean(item)) for item in run):
                out.append(self._fact(turn, PatchKind.STRUCTURE, "\n".join(run)))
            run = []
        return out

    # ------------------------------------------------------------------ user side
    def _user_sentence(self, turn: Turn, sentence: str, goal: list[str]) -> list[Fact]:
        """Facts of one sentence of a user's message; ``goal`` carries the last goal clause
        ("I'm trying to keep the app small") to the sentences after it."""
        s = _clean(sentence)
        if not s or _CHITCHAT_RE.match(s):
            return []
        if len(s.split()) < self.min_words and not _VALUES.search(s) \
                and not (_PREFERENCE_RE.search(s) or _rule_cue(s)):
            return []
        if _SIGNATURE_RE.search(s):
            return [self._fact(turn, PatchKind.CODE, s)]
        if _is_equation(s) and not _rule_cue(s) and len(s.split()) <= 25:
            return [self._fact(turn, PatchKind.EQUATION, s)]
        if _STATUS_RE.search(s) and not _rule_cue(s) and not (_REVISION_RE.search(s)
                                                             and _TO_VALUE_RE.search(s)):
            return []  # "Status: build 4821 passed", "112 tests green": progress, not a fact
        clauses = _clauses(s)
        for i, c in enumerate(clauses):
            _label(c, first=(i == 0))
        if s.rstrip().endswith("?") and not any(c.label == "req" for c in clauses):
            return []  # a question in statement form ("So I should never use eval?")
        spans: list[list] = []  # [lo, hi, kind, core]
        used: set[int] = set()
        for i, c in enumerate(clauses):
            if c.label != "cue" or i in used:
                if c.label in ("ctx", "soft") and i not in used and _GOAL_RE.match(c.text.strip()):
                    goal[:] = [c.text.strip()]
                continue
            lo, hi = i, i
            lead = _strip_lead(c.text).lower()
            # lean back on the clause this one continues ("..., which has improved to 78%")
            if i > 0 and (i - 1) not in used and clauses[i - 1].label in ("ctx", "soft") and (
                    _LEANS_BACK_RE.match(c.text.strip()) or _LEANS_BACK_RE.match(lead)
                    or re.search(r"\b(?:it|this|they|them)\b", " ".join(lead.split()[:6]))):
                lo = i - 1
                if lo > 0 and (lo - 1) not in used and clauses[lo - 1].label in ("ctx", "soft") \
                        and len(clauses[lo].text.split()) <= 4:
                    lo -= 1  # over a short aside ("..., like you mentioned, without ...")
            # and carry the clauses that continue it ("..., rather than a generic version")
            while hi + 1 < len(clauses) and (hi + 1) not in used and clauses[hi + 1].label != "req" \
                    and _CONTINUATION_RE.match(_strip_lead(clauses[hi + 1].text)):
                hi += 1
            if c.kind is PatchKind.CONSTRAINT and (_PREFERENCE_RE.search(c.text) or _AVOID_RE.search(c.text)):
                # a preference keeps its reason ("I dislike fantasy; the magic feels unreal")
                while hi + 1 < len(clauses) and (hi + 1) not in used \
                        and clauses[hi + 1].label == "ctx" \
                        and len(_join(clauses[lo: hi + 2]).split()) <= 40:
                    hi += 1
            used.update(range(lo, hi + 1))
            core = _strip_lead(c.text)
            if lead.startswith("whose "):
                core = core[6:]  # "..., whose API response time is 800ms"
            pron = re.search(r"^(?:.*?\b)?(?:which|who|that|it|this)\s+(?=(?:has|have|had|was|"
                             r"is|were|are|got|now|just|recently)\b)", lead)
            if lo < i and pron and len(pron.group(0).split()) <= 6:
                # "..., which has improved to 78%": the subject is the clause it leans on
                np = _GOAL_LEAD_RE.sub("", _strip_lead(clauses[i - 1].text))
                if 0 < len(np.split()) <= 10:
                    core = np + " " + _strip_lead(c.text)[pron.end():]
            prev = spans[-1] if spans else None
            if prev is not None and prev[1] == lo - 1 and re.match(r"^(?:and\s+)?so\b", c.text.strip(), _I) \
                    and c.kind is PatchKind.CONSTRAINT and prev[2] is PatchKind.CONSTRAINT:
                prev[1] = hi  # "I'm a vegan, so I can't consume animal products": one rule
                prev[3] = _strip_lead(_join(clauses[prev[0]: hi + 1]))
                continue
            spans.append([lo, hi, c.kind or PatchKind.DECISION, core])
        facts = []
        for lo, hi, kind, core in spans:
            text = _join(clauses[lo: hi + 1])
            if kind is PatchKind.CONSTRAINT and goal and len(text.split()) < 12 \
                    and goal[0] not in text and _shares_word(goal[0], text):
                text = f"{goal[0]}; {_strip_lead(text)}"  # the goal a short preference serves
            if len(text.split()) > _MAX_FACT_WORDS:
                text = core
            if kind in (PatchKind.DECISION, PatchKind.CONSTRAINT):
                revision = self._from_to(turn, kind, text, core)
                if revision:
                    facts.extend(revision)
                    continue
            facts.append(self._make(turn, kind, text, core))
        return facts

    def _from_to(self, turn: Turn, kind: PatchKind, text: str, core: str) -> list[Fact]:
        """"Increase the seats from 5 to 12": the earlier value as one fact, then the new one
        with its note cut to "Increase the seats to 12", so the store's lineage carries the
        old value ("(was 5)") and no line shows it as if it were current."""
        m = _FROM_TO_SPLIT_RE.search(core)
        if not m:
            return []
        old, new = _value_phrase(m.group("old")), _value_phrase(m.group("new"))
        if not old or not new or old.lower() == new.lower():
            return []
        pre = _SUBJ_NOISE_RE.sub("", _GOAL_LEAD_RE.sub("", _strip_lead(core[: m.start()]) + " "))
        pre = _FT_VERB_LEAD_RE.sub("", pre.strip())
        pre = _FT_VERB_TAIL_RE.sub("", pre).strip(" ,;:-")
        verbs = list(re.finditer(rf"\b(?:{_REVISION_VERBS_RE})\b", pre, _I))
        if verbs and pre[verbs[-1].end():].strip():
            pre = pre[verbs[-1].end():].strip()  # "adding indexes reduced the query time"
        pre = re.sub(r"^(?:the|our|my|a|an)\s+", "", pre, flags=_I)
        subject = pre if pre and len(pre.split()) <= 8 and pre.lower().split()[0] not in _PRONOUN_SUBJ \
            and _content_words(pre) - _BAD_EDGE else (name_category(old) or name_category(new))
        if not subject:
            return []
        op = "="
        if re.fullmatch(r"[\d.,]+", old) and re.fullmatch(r"[\d.,]+", new) \
                and re.fullmatch(r"[a-z]+s", subject):
            old, new = f"{old} {subject}", f"{new} {subject}"  # "seats from 5 to 12": 5 seats
        cut = _tidy(re.sub(r"\s*\bfrom\s+" + re.escape(m.group("old")) + r"(?=\s+to\b)", "", text,
                           count=1, flags=_I))
        if _VALUES.match(old) and _VALUES.match(new):
            return [self._fact(turn, kind, f"{subject} = {old}", slot=subject, op=op, value=old),
                    self._fact(turn, kind, cut, slot=subject, op=op, value=new)]
        # names: the slot rules read them from the text, and know "Kafka" is a message queue
        return [self._fact(turn, kind, f"{subject} = {old}", slot=subject),
                self._fact(turn, kind, cut, slot=subject)]

    def _make(self, turn: Turn, kind: PatchKind, text: str, core: str) -> Fact:
        """A fact whose slot fields are filled when the slot rules would misread ``core``."""
        text = _tidy(text)
        if kind in (PatchKind.CODE, PatchKind.EQUATION, PatchKind.STRUCTURE):
            return self._fact(turn, kind, text)
        explicit = _squash(_strip_lead(core)) != _squash(text)
        return self._fact(turn, kind, text, **_slot_fields(core, kind, turn, explicit))

    # ------------------------------------------------------------------ assistant side
    def _assistant(self, turn: Turn, prose: str) -> list[Fact]:
        raw = _sentences(prose)
        short = len(prose.split()) <= _ASSISTANT_SHORT_WORDS and len(raw) <= 4
        if not short:
            # a long answer: only its opening (an acknowledgement) and its reports of what
            # it changed can state a fact; the rest is explanation and advice
            raw = raw[:2] + [x for x in raw[2:] if _REPORT_START_RE.match(x)]
        sentences = []
        for x in raw:
            c = _clean(x)
            if not c:
                continue
            ack = _ACK_RE.match(c)
            if ack and ack.end() < len(c):  # "Understood: X will be Y, and Z will stay W"
                parts = _ASSISTANT_CLAUSE_RE.split(c[ack.end():])
                sentences.append(c[: ack.end()] + parts[0])
                sentences.extend(f"{c[: ack.end()].strip()} {p}" for p in parts[1:] if p.strip())
            else:
                sentences.append(c)
        facts = []
        for idx, s in enumerate(sentences):
            ack = _ACK_RE.match(s)
            rest = s[ack.end():] if ack else s
            led = bool(ack) and (idx < 2 or short)
            if not rest.strip() or s.endswith("?"):
                continue
            if _ASSISTANT_REPORT_RE.match(rest) or ((led or short) and
                                                    not _SUGGESTION_RE.search(rest)):
                kind = _assistant_cue(rest, acked=bool(ack))
                if kind is not None:
                    fields = _restated(turn, rest)
                    facts.append(self._fact(turn, kind, _tidy(s), **fields) if fields
                                 else self._make(turn, kind, s, rest))
            if short and _is_equation(s) and not _rule_cue(s):
                facts.append(self._fact(turn, PatchKind.EQUATION, s))
        return facts


# ---------------------------------------------------------------------- cues
_EMBEDDED_RE = re.compile(r"\b(?:remind me|note|remember|keep in mind|the fact|aware|know|"
                          r"forget|worried|concerned|afraid|glad|happy|noticed|realized|realised|"
                          r"found out|heard|told|learned|learnt|seen)\s+that\s+(?P<x>.+)$", _I)


def _label(c: _Clause, first: bool) -> None:
    """Mark a clause as a request (req), a trouble or tentative aside (soft), a cue or context."""
    text = c.text.strip()
    if _REQUEST_RE.match(text) or (first and _WH_RE.match(text)):
        c.label = "req"
        embedded = _EMBEDDED_RE.search(text)
        if embedded:  # "can you remind me that it's rescheduled to March 22?"
            kind = _user_cue(embedded.group("x"))
            if kind is not None:
                c.text, c.label, c.kind = embedded.group("x"), "cue", kind
        return
    kind = _user_cue(text)
    if kind is not PatchKind.CONSTRAINT and _is_equation(text):
        kind = PatchKind.EQUATION  # "I found this formula P(2 heads) = 3 x (1/2)^3"
    if kind is not None and kind is not PatchKind.EQUATION and _HYPOTHETICAL_RE.match(text) \
            and not (_rule_cue(text) or _PREFERENCE_RE.search(text)):
        kind = None  # "If I wanted to find ...", "Maybe by leveraging ...": nothing stated
    if _SOFT_RE.match(text):
        embedded = _EMBEDDED_RE.search(text)
        if embedded and _user_cue(embedded.group("x")) is not None:
            c.label, c.kind = "cue", _user_cue(embedded.group("x"))
            c.text = embedded.group("x")  # "I'm worried that the deadline moved to April 22"
        elif kind is PatchKind.CONSTRAINT and (_PREFERENCE_RE.search(text) or _rule_cue(text)):
            c.label, c.kind = "cue", kind  # "I'm considering video samples, like I prefer"
        else:
            c.label = "soft"
        return
    if kind is not None:
        c.label, c.kind = "cue", kind


_HYPOTHETICAL_RE = re.compile(
    r"^(?:(?:and|but|so|or)\s+)?(?:if|when|whenever|unless|suppose|supposing|assuming|assume|"
    r"maybe|perhaps|possibly|what if|say|imagine|subtracting|adding|multiplying|dividing|using|"
    r"plugging|taking|applying|calculating|let's say|for example|e\.g\.|like if)\b", _I)


def _shares_word(a: str, b: str) -> bool:
    wa = {w for w in re.findall(r"[a-z][a-z-]{3,}", a.lower()) if w not in _SLOT_STOP}
    wb = {w for w in re.findall(r"[a-z][a-z-]{3,}", b.lower()) if w not in _SLOT_STOP}
    return bool(wa & wb - {"prefer", "want", "like", "make", "keep", "using", "trying"})


def _rule_cue(s: str) -> bool:
    return bool(_MODAL_RE.search(s) or (_ALWAYS_NEVER_RE.search(s) and not _EXPERIENCE_RE.search(s))
                or _PROHIBIT_RE.search(s) or _COMPARATOR_VALUE_RE.search(s))


def _user_cue(text: str) -> PatchKind | None:
    """The kind of fact a user's clause states, or None."""
    s = _strip_lead(text.strip())
    if len(s.split()) < 2 and not _VALUES.search(s):
        return None
    has_value = bool(_VALUES.search(s))
    if _DONE_BY_RE.search(s) and not (_MODAL_RE.search(s) or _PREFERENCE_RE.search(s)
                                      or _ALWAYS_NEVER_RE.search(s) or _PROHIBIT_RE.search(s)):
        return PatchKind.DECISION  # "I've completed 90% of the course by April 28": done, not due
    if _rule_cue(s) or _PREFERENCE_RE.search(s) or _AVOID_RE.search(s) \
            or _STANDING_RE.search(s) and _IMPERATIVE_RE.match(s):
        if _DECIDE_RE.search(s) and not _MODAL_RE.search(s) and not _ALWAYS_NEVER_RE.search(s) \
                and not _PROHIBIT_RE.search(s) and not _PREFERENCE_RE.search(s) \
                and not _COMPARATOR_VALUE_RE.search(s):
            return PatchKind.DECISION
        return PatchKind.CONSTRAINT
    if _SHOULD_RE.search(s) and not re.search(r"\b(?:i|we)\s+should\b", s, _I):
        return PatchKind.CONSTRAINT
    if _NEED_RE.search(s) and (has_value or not re.search(r"\b(?:i|we)\s+(?:\w+\s+)?(?:need|have|"
                                                         r"got)\b", s, _I)):
        return PatchKind.CONSTRAINT
    if _COMPLIANCE_RE.search(s) and re.search(r"\b(?:must|need|needs|should|required|ensure|meet|"
                                              r"meets|follow|comply|compliant|compliance|standards?)\b",
                                              s, _I):
        return PatchKind.CONSTRAINT
    if _IMPERATIVE_RE.match(s) and (_STANDING_RE.search(s) or (has_value and re.search(
            r"\b(?:under|below|within|at most|no more than|max|maximum|less than|fewer than)\b",
            s, _I))):
        return PatchKind.CONSTRAINT
    if _RENAME_RE.search(s) or _PLAN_RE.search(s) or _ON_PLAN_RE.search(s) or _NAMED_RE.search(s):
        return PatchKind.DECISION if not _NAMED_RE.search(s) else PatchKind.ENTITY
    if _STACK_RE.search(s) and re.search(r"\b(?:i|we|i'm|we're|my|our)\b", s, _I) \
            and not _HEDGE_RE.search(s):
        return PatchKind.DECISION  # "I'm building the tracker with Flask 2.3.1"
    if _DECIDE_RE.search(s) and not _HEDGE_RE.search(s):
        if re.search(r"\b(?:i'm|i am|we're|we are)\s+(?:\w+\s+)?using\b", s, _I) \
                and not _USING_RE.search(s):
            return None  # "I'm using a dictionary to ..." is narration, not a choice
        if re.search(r"\b(?:i'm|i am|we're|we are)\s+(?:\w+\s+)?target", s, _I) and not has_value:
            return None
        return PatchKind.DECISION
    if has_value:
        if _REVISION_RE.search(s) and (_TO_VALUE_RE.search(s) or _FROM_TO_RE.search(s)) \
                or _REVISE_LEAD_RE.match(s):
            return PatchKind.DECISION  # "Make it 15 seconds", "Bump the batch size to 64"
        if _schedule_fields(s):
            return PatchKind.DECISION
        if _LIMIT_NOUN_RE.search(s) or _STATE_RE.search(s) or _FIRST_PERSON_STATE_RE.search(s):
            if _values_are_incidental(s):
                return None
            return PatchKind.DECISION
    elif _REVISION_RE.search(s) and _FROM_TO_RE.search(s):
        return PatchKind.DECISION
    elif _REVISE_LEAD_RE.match(s) and _TO_VALUE_RE.search(s):
        return PatchKind.DECISION  # "Switch the database to MySQL", "Upgrade the plan to Pro"
    if _ENTITY_RE.search(s):
        return PatchKind.ENTITY
    if _FILE_RE.search(s) and _FILE_FACT_RE.search(s):
        return PatchKind.CODE
    return None


_DONE_BY_RE = re.compile(
    r"\b(?:i|we)(?:'ve| have| had)?\s+(?:already\s+|just\s+|recently\s+|finally\s+|also\s+)*"
    r"(?:completed|finished|reached|logged|written|wrote|added|done|submitted|published|read|"
    r"achieved|hit|scored|got|received|sent|booked|paid|saved|earned|collected|gathered)\b"
    r"[^,;]*\bby\s+(?:the\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|\d)", _I)


def _values_are_incidental(s: str) -> bool:
    """True when the only "values" are versions glued to names or list ordinals."""
    for m in _VALUES.finditer(s):
        before = s[max(0, m.start() - 1): m.start()]
        if before and (before.isalpha() or before in "vV"):
            continue
        if re.match(r"\d+\.\d+\.\d+", s[m.start():]):  # a version number
            continue
        return False
    return True


def _assistant_cue(rest: str, acked: bool = False) -> PatchKind | None:
    """The kind of fact an assistant states (only when it is not advice, praise or a
    general remark: "Absolutely, tailoring your statement is crucial" states nothing)."""
    s = rest.strip()
    if _SUGGESTION_RE.search(s) and not _ASSISTANT_REPORT_RE.match(s):
        return None
    if re.match(r"^(?:you|if|when|whenever|since|because|each|every|for|to|as|in|once|after|"
                r"before|while|although|though|\w+ing)\b", s, _I) or _REMARK_RE.search(s):
        return None
    has_value = bool(_VALUES.search(s))
    if _ASSISTANT_REPORT_RE.match(s):
        return PatchKind.DECISION if has_value or _TO_VALUE_RE.search(s) else None
    if _MODAL_RE.search(s) or (_PROHIBIT_RE.search(s) and not re.search(r"\bwithout\b", s, _I)) \
            or _COMPARATOR_VALUE_RE.search(s) or (
            _ALWAYS_NEVER_RE.search(s) and not _EXPERIENCE_RE.search(s)) or re.search(
            r"\b(?:will not|won't|will never|never be)\b", s, _I):
        if not acked and (_IMPERATIVE_RE.match(s) or re.match(
                r"^(?:always|never|don't|do not|avoid|please)\b", s, _I)):
            return None  # an imperative in an answer is advice
        return PatchKind.CONSTRAINT
    if has_value and (_STATE_RE.search(s) or _REVISION_RE.search(s)) \
            and not _values_are_incidental(s) and re.match(r"^(?:the|our|my|your|its|this|that)\b|"
                                                         r"\S*[\d_-]\S*\s", s, _I) \
            and (acked or re.search(r"\b(?:is|are) now|\bnow (?:is|at|set)|\bstays|\bremains|"
                                    r"\bstill\b|\bset to\b|\bchanged to\b|\bupdated to\b", s, _I)):
        return PatchKind.DECISION
    if not acked and _DECIDE_RE.search(s) and re.match(
            r"^(?:we'll|we will|we're|we are|i'll|i will|the plan)", s, _I) \
            and re.search(r"\b[A-Z]\w+", s[1:]):
        return PatchKind.DECISION  # an acknowledged "I'll use ..." only echoes the user
    return None


# ---------------------------------------------------------------------- slots
def _restated(turn: Turn, rest: str) -> dict[str, str | None]:
    """When an assistant restates a value a user just gave ("retention will stay within 5
    years" after "Data retention must not exceed 5 years"), the user's slot fields: the
    store then folds the restatement into the user's patch instead of adding a rival."""
    mine = parse_statement(rest)
    if mine.value is None:
        return {}
    words = _content_words(mine.subject or rest)
    for role, text in reversed(turn.recent):
        if role not in ("user", "system"):
            continue
        for sent in _sentences(text):
            theirs = parse_statement(_clean(sent))
            if theirs.value is None or not theirs.subject or theirs.canonical != mine.canonical:
                continue
            if bound_class(theirs.op) != bound_class(mine.op) or not words & _content_words(theirs.subject):
                continue
            return {"slot": theirs.subject, "op": theirs.op, "value": theirs.value,
                    "unit": theirs.unit, "scope": theirs.scope}
    return {}


def _content_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z][a-z0-9-]+", text.lower()) if w not in _SLOT_STOP}


def _slot_fields(core: str, kind: PatchKind, turn: Turn,
                 explicit: bool = False) -> dict[str, str | None]:
    """Slot fields for ``core``: empty when the slot rules read the fact's text well by
    themselves; filled when they would misread it, or when ``explicit`` (the fact's text
    carries context around ``core`` that the slot rules must not read)."""
    s = _strip_lead(core.strip()).rstrip(" .!;,")
    m = _RENAME_RE.search(s)
    if m:
        old = re.sub(r"^(?:the|our|my)\s+", "", m.group("old").strip(), flags=_I)
        return {"slot": f"{old} name", "op": "=", "value": m.group("new").strip("\"'`")}
    m = _PLAN_RE.search(s) or _ON_PLAN_RE.search(s)
    if m:
        return {"slot": m.group("what").lower(), "op": "=", "value": m.group("new")}
    m = _HAVE_COUNT_RE.search(s)
    if m and m.group("unit").lower() not in _NOT_A_COUNT:
        return {"slot": m.group("unit").lower(), "op": "=",
                "value": f"{m.group('n')} {m.group('unit')}"}
    m = _NAMED_RE.search(s)
    if m:
        return {"slot": f"{m.group('what').strip()} name", "op": "=",
                "value": m.group("name").strip("\"'")}
    state = _state_fields(s) or _schedule_fields(s)
    if state:
        return state
    m = _DEADLINE_FOR_RE.search(s)
    vm = _VALUES.match(m.group("value")) if m else None
    if m and vm:
        value = m.group("value")
        text = split_number_unit(value) if value[:1].isdigit() or value[:1] in "$€£" else vm.group(0)
        return {"slot": f"{m.group('what')} {m.group('noun')}", "op": "=", "value": text}
    m = _STACK_RE.search(s)
    if m and kind is PatchKind.DECISION and not _USE_SUBJECT_RE.search(s):
        return {"slot": m.group("name").split()[0], "op": "=", "value": m.group("name")}
    st = parse_statement(s)
    if kind is PatchKind.CONSTRAINT and st.dimension in ("free", "name") and st.op in ("=", None) \
            and (_PREFERENCE_RE.search(s) or _AVOID_RE.search(s) or _ALWAYS_NEVER_RE.search(s)):
        phrase = _rule_phrase(s)  # a preference: the whole of it is its identity
        return {"slot": phrase, "op": "="} if phrase else {}
    if st.value is None and st.op in ("=", None) and kind in (PatchKind.CONSTRAINT,
                                                             PatchKind.DECISION):
        # a rule without a value: its identity is the whole rule, never a fragment of it
        # ("I prefer simple, minimal dependencies" is not about "simple")
        if st.subject and _good_subject(st) and len(st.subject.split()) >= 3 and "," not in s:
            return {"slot": st.subject, "op": st.op or "="} if explicit else {}
        phrase = _rule_phrase(s)
        return {"slot": phrase, "op": "="} if phrase else {}
    if st.value is not None and not _good_subject(st):
        alt = parse_statement(_STATE_VERB_RE.sub(" is now ", s, count=1))
        if _good_subject(alt) and alt.value is not None:
            st, explicit = alt, True
    if st.value is not None and st.unit and not _good_subject(st) and st.op in ("<=", ">=", "<", ">") \
            and re.fullmatch(r"[A-Za-z][\w-]*", st.unit) and st.dimension.startswith("count:"):
        # "We can use no more than 8 GPUs": the counted thing is the subject
        return {"slot": st.unit, "op": st.op or "=", "value": st.value, "unit": st.unit,
                "scope": st.scope}
    if _good_subject(st):
        if not explicit:
            return {}
        return {"slot": st.subject, "op": st.op or ("=" if st.value else None), "value": st.value,
                "unit": st.unit, "scope": st.scope}
    if st.value is not None:
        m = _USING_RE.search(s)
        if m and st.dimension == "name":
            name = m.group("name").split()[0]
            return {"slot": name, "op": "=", "value": m.group("name")}
        subj = _antecedent(turn, st) or _terms_subject(s, st.value)
        if not subj:
            return {}
        return {"slot": subj, "op": st.op or "=", "value": st.value, "unit": st.unit,
                "scope": st.scope}
    if kind in (PatchKind.CONSTRAINT, PatchKind.DECISION):
        phrase = _rule_phrase(s)
        if phrase:
            return {"slot": phrase, "op": st.op if st.op in ("!=", "=") else "="}
    return {}


def _state_fields(s: str) -> dict[str, str | None]:
    """"<subject> has improved to / reached / was moved to <number or date>": read directly,
    since the slot rules would keep the verb in the subject."""
    m = _STATE_VERB_RE.search(s)
    if not m:
        return {}
    rest = s[m.end():]
    vm = _VALUES.match(rest)
    if not vm:
        return {}
    subj = _SUBJ_NOISE_RE.sub("", _GOAL_LEAD_RE.sub("", s[: m.start()].strip())).strip(" ,;:-")
    subj = re.sub(r"^(?:the|a|an|our|my|your|their|its)\s+", "", subj, flags=_I)
    words = subj.split()
    if not words or len(words) > 10 or words[0].lower() in _PRONOUN_SUBJ:
        return {}
    text = split_number_unit(rest) if rest[:1].isdigit() or rest[:1] in "$€£" else vm.group(0)
    pv = parse_value(text)
    return {"slot": subj, "op": "=", "value": pv.text, "unit": pv.unit, "scope": pv.scope}


_SCHEDULE_RE = re.compile(
    r"\b(?:i|we)(?:'m| am|'re| are|'ll| will)?\s+(?:\w+ly\s+|now\s+|still\s+)*(?P<verb>arriv|leav|"
    r"depart|fly|flying|land|check(?:ing)? in|check(?:ing)? out|return|start|finish|mov|travel|"
    r"launch|ship)\w*\b[^,;]*?\b(?:on|by|at|in)\s+(?=\S)", _I)
_SCHEDULE_NOUN = {"arriv": "arrival", "leav": "departure", "depart": "departure", "fly": "flight",
                  "flying": "flight", "land": "landing", "return": "return", "start": "start date",
                  "finish": "finish date", "mov": "move date", "travel": "travel date",
                  "launch": "launch date", "ship": "ship date"}


def _schedule_fields(s: str) -> dict[str, str | None]:
    """"I arrive on June 3": the arrival, on June 3 (so "change my arrival to June 4" revises it)."""
    m = _SCHEDULE_RE.search(s)
    if not m:
        return {}
    vm = _VALUES.match(s[m.end():])
    if not vm or parse_value(vm.group(0)).dimension != "when":
        return {}
    verb = re.sub(r"\s+", " ", m.group("verb").lower())
    noun = _SCHEDULE_NOUN.get(verb) or ("check-in" if "in" in verb else "check-out")
    return {"slot": noun, "op": "=", "value": vm.group(0)}


_SUBJ_NOISE_RE = re.compile(
    r"^(?:(?:and|but|so|considering|given|since|because|as|now|also|the fact that|that)\s+|"
    r"i\s+(?:just\s+|recently\s+)?(?:noticed|found out|realized|realised|learned|saw|heard|see|"
    r"think|believe|know|checked|confirmed)(?:\s+that)?\s+)+",
    _I,
)
_USE_SUBJECT_RE = re.compile(r"\b(?:as|for)\s+(?:the|our|my)\s+\w+", _I)
_NOT_A_COUNT = frozenset("years months weeks days hours minutes seconds times more less of or and "
                         "to in at on".split())
_STATE_VERB_RE = re.compile(
    r"\s+(?:(?:has|have|had|was|were|is|are)\s+)?(?:been\s+)?(?:(?:recently|now|just|finally|"
    r"already|further|officially|since)\s+)*(?:(?:improved|increased|grown|grew|risen|rose|dropped|"
    r"fallen|fell|decreased|climbed|jumped|adjusted|changed|updated|moved|raised|lowered|"
    r"extended|rescheduled|postponed|pushed(?: back)?|bumped|reduced|shortened|cut|revised|set|"
    r"expanded|doubled|gone (?:up|down)|went (?:up|down))\s+(?:to|at)|reached|hit|totals?|"
    r"stands at|sits at|averages?|is averaging|now averaging|"
    r"(?:(?:goes|go|went|is going|will go) (?:out|live)|ships|will ship|launches|will launch|starts|"
    r"will start|begins|ends|is due|are due|happens|takes place|lands|releases|publishes|airs|"
    r"kicks off|closes|opens|expires|renews)(?:\s+(?:on|by|at|in))?)\s+",
    _I,
)


def _good_subject(st: Statement) -> bool:
    if not st.subject:
        return False
    words = re.findall(r"[a-z0-9'][\w'-]*", st.subject.lower())
    if not words or words[0] in _PRONOUN_SUBJ or words[-1] in _PRONOUN_SUBJ \
            or words[0] in _BAD_EDGE or words[-1] in _BAD_EDGE:
        return False
    if len(words) == 1 and (words[0].endswith("ed") or words[0] in ("simple", "new", "old", "the")):
        return False
    if len(words) > 8 or words[-1] in _VERB_TAIL:
        return False
    return bool(set(words) - _PRONOUN_SUBJ)


def _rule_phrase(s: str) -> str:
    """A readable identity for a rule without a value: the rule minus its speaker."""
    p = re.sub(r"^(?:(?:hard rule|rule|important|note|please|also|and|but|so)\s*[,:!-]?\s+)+", "",
               s, flags=_I)
    p = re.sub(r"^(?:i|we)\s+(?:(?:really|strongly|much|also|do|definitely|would|generally|"
               r"usually|always|absolutely)\s+)*", "", p, flags=_I)
    p = re.sub(r"^i(?:'m| am)\s+", "be ", p, flags=_I)
    p = re.sub(r"\s+(?:from now on|going forward|moving forward)\b", "", p, flags=_I)
    return " ".join(p.split()[:14]).strip(" ,.;:")


def _antecedent(turn: Turn, st: Statement) -> str | None:
    """For "make it 15 seconds": the subject of the last recent statement of that dimension."""
    if not st.subject or st.subject.lower() not in ("it", "that", "this"):
        return None
    for _role, text in reversed(turn.recent):
        for sent in reversed(_sentences(text)):
            prev = parse_statement(_clean(sent))
            if _good_subject(prev) and prev.value is not None and prev.dimension == st.dimension:
                return prev.subject
    return None


def _terms_subject(s: str, value: str) -> str:
    """A narrow identity for a plain statement whose subject the slot rules miss: the counted
    thing and what it is for ("3 interviews for producer roles" -> "interviews for producer
    roles"), else the content words without the value. Never a single generic word, which
    an unrelated revision could take for a shorter name of it."""
    m = re.search(re.escape(value) + r"(?P<tail>(?:\s+(?:for|of|in|on|at|with)\s+[\w'-]+(?:\s+[\w'-]+){0,3})?)",
                  s)
    unit = re.sub(r"^[$€£]?[\d.,]+\s*(?:[kKmM]\b)?", "", value).strip()
    if m and unit and re.fullmatch(r"[A-Za-z][\w-]*", unit) and m.group("tail"):
        tail = re.split(r"\s+(?=between|from|since|until|by|on \w+day|in \d)", m.group("tail"))[0]
        return f"{unit}{tail}".strip()
    rest = s.replace(value, " ")
    words = [w for w in re.findall(r"[A-Za-z][\w'-]*", rest)
             if w.lower() not in _SLOT_STOP and len(w) > 1]
    if unit and re.fullmatch(r"[A-Za-z][\w-]*", unit):
        words.append(unit)
    if len(words) < 2:
        words = [w for w in re.findall(r"[A-Za-z][\w'-]*", s) if len(w) > 1]
    return " ".join(words[:8])


_SLOT_STOP = frozenset(
    """a an the and or but if then of to in on at by for with from into is are was were be been
    being am do does did have has had having i i'm i've i'd i'll me my we we're we've our you
    your it it's its this that these those there here so just really also now already recently
    kinda kind of some any all about around approximately roughly nearly which who what when
    where how since because as very still yet""".split()
)


# ---------------------------------------------------------------------- text helpers
_CODE_KEYWORD_RE = re.compile(
    r"^(?:def|class|import|return|elif|else|try|except|finally|public|private|protected|static|"
    r"const|let|var|function|package|void|int|String|boolean|bool|float|double|char|long|fn|"
    r"func|struct|impl|pub|async|await|yield|raise|throw|new|print|console\.log|#!|#include|"
    r"SELECT|INSERT|UPDATE|CREATE|DELETE|ALTER|FROM|WHERE)\b(?!\s+(?:the|a|an|of|to|and|is)\b)"
)
_CODE_CALL_RE = re.compile(r"^[\w.$]+\s*\(.*\)\s*[;,]?$|^from\s+[\w.]+\s+import\b|"
                           r"^(?:if|for|while|switch|catch|elif)\s*\(.*|^(?:if|for|while|elif|else)\b.*:$")
_CODE_ASSIGN_RE = re.compile(r"^[\w.$\[\]\"']+\s*(?:[+\-*/%|&]?=|:=|=>|->)\s*\S")


_CODEISH_RE = re.compile(r"[;{}()=<>/@#$\[\]]")


def _code_line(line: str) -> int:
    """2 for a line that is surely code, 1 for one that may be (an assignment), else 0."""
    t = line.strip()
    if not t or len(t) > 240:
        return 0
    if not _CODEISH_RE.search(t) and not _CODE_KEYWORD_RE.match(t):
        return 0
    if t.endswith((";", "{", "}", "};", "});", "],", "},")) or t.startswith(
            ("}", "{", "//", "/*", "*/", "*", ">>>", "</", "<!--", "@", "#!", "$ ")) \
            or _CODE_KEYWORD_RE.match(t) and not t.endswith((".", "?", "!")) \
            or _CODE_CALL_RE.match(t) or re.match(r"^<[a-zA-Z][^>]*>", t):
        return 2
    if re.search(r"\w\.\w+\(", t) and len(re.findall(r"(?:^|\s)[a-z]{2,}(?=\s)", t)) <= 2:
        return 2  # a method call with hardly any prose around it
    if _CODE_ASSIGN_RE.match(t) and not re.search(r"\s(?:is|are|the|and|to|of|for|should|must)\s", t):
        return 1
    return 0


def _unfenced_code(prose: str) -> tuple[str, list[str]]:
    """Take code pasted without fences out of the prose: runs of two or more code-like lines
    (one of them surely code) become a code block when they have three lines or more; a
    lone line that is surely code is dropped. A lone assignment ("timeout = 30") stays."""
    lines = prose.split("\n")
    keep: list[str] = []
    blocks: list[str] = []
    i = 0
    while i < len(lines):
        score = _code_line(lines[i])
        if not score:
            keep.append(lines[i])
            i += 1
            continue
        j = i
        strong = False
        while j < len(lines) and (_code_line(lines[j]) or (not lines[j].strip() and j + 1 < len(lines)
                                                         and _code_line(lines[j + 1]))):
            strong = strong or _code_line(lines[j]) == 2
            j += 1
        run = [ln for ln in lines[i:j] if ln.strip()]
        if strong and (len(run) >= 3 or any(_SIGNATURE_RE.search(ln) for ln in run)):
            blocks.append("\n".join(lines[i:j]).strip("\n"))
        elif not strong and len(run) < 2:
            keep.extend(lines[i:j])
        keep.append("")
        i = j
    return "\n".join(keep), blocks


def _is_equation(s: str) -> bool:
    m = _EQUATION_RE.search(s)
    if not m:
        return False
    if "=" not in m.group(0) or m.group(0).startswith(("$", "\\")):
        return True
    rhs = s[s.index("=", m.start()) + 1:]
    return not re.search(r"[\"'{}\[\];]|://|\w\.\w+\(|==", rhs)



def _clean(sentence: str) -> str:
    s = _MARKUP_RE.sub("", sentence.strip())
    s = re.sub(r"\s+", " ", s).strip().strip("*_>").strip()
    return s


def _tidy(text: str) -> str:
    text = _strip_lead(text).rstrip(" ,;:-")
    return text[0].upper() + text[1:] if text and text[0].islower() else text


_FROM_TO_SPLIT_RE = re.compile(r"\bfrom\s+(?P<old>[^,;]+?)\s+to\s+(?P<new>[^,;]+)", _I)
_FT_VERB_LEAD_RE = re.compile(
    r"^(?:(?:let's|let us|please|we(?:'re| are|'ll| will| should| need to)?|i(?:'m| am|'ll| will| want to|"
    r"'d like to)?|go ahead and|can we|trying to|going to|want to|plan to|planning to|need to|"
    r"have to|about to)\s+)*(?:(?:" + _REVISION_VERBS_RE + r")(?:\s+|$))?", _I)
_FT_VERB_TAIL_RE = re.compile(
    r"\s+(?:(?:was|were|is|are|has been|have been|got|will be|should be)\s+)?(?:"
    + _REVISION_VERBS_RE + r")?\s*$", _I)


def _value_phrase(fragment: str) -> str:
    """The value at the start of a "from A to B" part: a number with its unit, a date, or a
    name ("PostgreSQL 15 on Render.com" -> "PostgreSQL 15")."""
    frag = fragment.strip().rstrip(".!?")
    vm = _VALUES.match(frag)
    if vm:
        return split_number_unit(frag) if frag[:1].isdigit() or frag[:1] in "$€£" else vm.group(0)
    frag = re.sub(r"^(?:the|a|an|our|my)\s+", "", frag, flags=_I)
    nm = re.match(r"(?-i:[A-Z])[\w.+#-]*(?:\s+(?:v?\d[\w.]*|(?-i:[A-Z])[\w.+#-]*))*", frag)
    if nm:
        return nm.group(0)
    words = frag.split()
    return " ".join(words[:3]) if 0 < len(words) <= 3 else ""


def _squash(text: str) -> str:
    return re.sub(r"[\W_]+", " ", text.lower()).strip()


def _strip_lead(text: str) -> str:
    return _LEAD_STRIP_RE.sub("", text.strip()).strip()


def _sentences(text: str, semicolons: bool = True) -> list[str]:
    parts = []
    for chunk in (_SENT_SPLIT_RE if semicolons else _SENT_SPLIT_NO_SEMI_RE).split(text):
        chunk = (chunk or "").strip()
        if chunk and not _TABLE_ROW_RE.match(chunk):
            parts.append(chunk)
    return parts


def _clauses(sentence: str) -> list[_Clause]:
    pieces = _CLAUSE_SEP_RE.split(sentence)
    out = [_Clause("", pieces[0])]
    for k in range(1, len(pieces) - 1, 2):
        out.append(_Clause(pieces[k], pieces[k + 1]))
    return [c for c in out if c.text.strip()]


def _join(clauses: list[_Clause]) -> str:
    text = clauses[0].text
    for c in clauses[1:]:
        text += c.sep + c.text
    return text.strip()


def _apart(facts: list[Fact]) -> list[Fact]:
    """Facts of one message that would share a slot with different values are items of a
    list ("Time: 9:00 AM ...", "Time: 10:30 AM ..."), not revisions of each other: each gets
    an identity of its own. A "from A to B" pair (same slot, the old value first, its note
    "<slot> = A") is a revision and stays as it is."""
    keyed: dict[str, list[int]] = {}
    for i, f in enumerate(facts):
        if not f.kind.critical:
            continue
        subject = f.slot or parse_statement(f.text).subject
        if subject:
            keyed.setdefault(subject.lower(), []).append(i)
    out = list(facts)
    for subject, idx in keyed.items():
        if len(idx) < 2:
            continue
        if len(idx) == 2 and facts[idx[0]].text.lower().startswith(f"{subject} = "):
            continue  # a from-to pair
        for i in idx:
            f = facts[i]
            out[i] = Fact(kind=f.kind, text=f.text, role=f.role, turn=f.turn,
                          slot=" ".join(re.findall(r"[\w.:-]+", f.text)[:12]), op=f.op or "=",
                          value=f.value, unit=f.unit, scope=f.scope, source=f.source,
                          session_id=f.session_id)
    return out


def _dedupe(facts: list[Fact]) -> list[Fact]:
    seen = set()
    out = []
    for f in facts:
        key = (f.kind, f.text.lower())
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out
