"""The user side: the facts of one sentence of a user's (system's, document's) message.

A sentence is read clause by clause. Each clause is labelled: a request or question
("can you help me ...", "how do I ...") is dropped, a trouble or tentative aside ("I'm
not sure ...") is context, and a clause with a cue states a fact of some kind. A cue
clause is kept together with the clause it leans on ("I'm trying to keep the app small,
so I prefer minimal dependencies") and the clauses that continue it ("..., rather than a
generic version"); a short preference carries the goal it serves. Chit-chat and
progress reports ("build 4821 passed") yield nothing.
"""

from __future__ import annotations

import re

from ..clock_words import in_digits
from ..patch import Fact, PatchKind, Turn
from ..restated import one_occasion
from ..slots import aimed_goal, gives_up_value, parse_statement
from ..vocab import word_frequency
from ..values import parse_value
from ..lexicon import is_base_verb, is_past_verb, is_plural_noun
from ..value_clause import CORRECTION, pointer_spent
from .account import acknowledges, did, expects, feeling_about_own, feels, past_event, told_of_other
from .polite import as_request
from .profile import profile_kind
from .referents import referent_fact
from .remembered import kept_statement, not_to_keep
from .setting_forms import (not_of_now, one_off_task, setting_kind, states_nothing, strip_frame,
                            trait_shapes_replies)
from .standing_requests import standing_request
from .standing import standing_kind
from .policies import policy_kind
from .stances import about_me_label, contrasted, needs_nothing_now, stance_kind
from .together import as_instruction
from .scoped import scoped_instruction
from .clauses import Clause, clean, join_clauses, split_clauses, strip_lead, tidy
from .shorthand import in_full
from .accepted import accepted_change
from .suggested import suggestion_taken
from .assignments import assignment_fact
from .self_corrected import self_corrected
from .picked import picked_option
from .visits import visit_said
from ..switched import switched_said, switched_to
from .chatter import chatter, their_way
from .conditions import conditional_kind, sets_no_rule
from .dependent import is_math_clause, standalone
from .code import FILE_FACT_RE, FILE_RE, SIGNATURE_RE, is_equation, is_problem_quantity, is_worked_step
from .cues import (
    ALWAYS_NEVER_RE,
    AVOID_RE,
    COMPARATOR_VALUE_RE,
    COMPLIANCE_RE,
    DECIDE_RE,
    DONE_BY_RE,
    ENTITY_RE,
    EXPERIENCE_RE,
    FIRST_PERSON_STATE_RE,
    FROM_TO_RE,
    HEDGE_RE,
    IMPERATIVE_RE,
    LIMIT_NOUN_RE,
    MODAL_RE,
    NAMED_RE,
    NEED_RE,
    NEVER_DONE_RE,
    PREFERENCE_RE,
    PROHIBIT_RE,
    RENAME_RE,
    REVISE_LEAD_RE,
    REVISION_RE,
    SHOULD_RE,
    STACK_RE,
    STANDING_RE,
    STATE_RE,
    TO_VALUE_RE,
    USING_RE,
    VALUES,
    firm_rule_cue,
    plan_said,
    rule_cue,
    values_are_incidental,
)
from .revisions import from_to_facts
from .settings import (
    GOAL_LEAD_RE,
    SLOT_STOP,
    SUBJ_NOISE_RE,
    make_fact,
    new_fact,
    schedule_fields,
)

_I = re.I
_MAX_FACT_WORDS = 70

_CHITCHAT_RE = re.compile(
    r"^(?:(?:hi|hello|hey|thanks|thank you|thx|ty|ok|okay|cool|great|nice|sounds good|got it|"
    r"perfect|awesome|sure|yes|yep|yeah|nope|bye|good morning|good night|lol|haha|np|"
    # ("no" as an answer, never "no hill repeats please": a rule)
    r"no(?=\s*(?:[,.!;:]|$)|\s+(?:thanks|thank|worries|worry|problem|probs?|need|sorry|idea|way|"
    r"rush|pressure|biggie|big deal|i|i'm|it|it's|that|that's|you|we|not|just|actually|wait|"
    r"all good|of course|kidding|clue|doubt)\b)|"
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
    r"might|have|has|what|what's|whats|how|how's|why|is there|are there)\b"
    # "any ideas?", "any way to ...": asked; "any rental has to allow pets": a rule
    r"|any(?=\s+(?:ideas?|tips?|suggestions?|thoughts?|recommendations?|advice|ways?|chance|"
    r"luck|news|updates?|good|other|better|help|pointers?|idea)\b)"
    r"|(?:please\s+)?(?:help|show|explain|tell|give|walk|guide|suggest|recommend|provide|"
    r"review|check|teach|remind|let|list|write|make|create|generate|find|draw|build|send|draft|"
    r"name|get)\s+(?:me|us)\b"
    # a task for the assistant, unless it states a rule ("write ... from now on")
    r"|(?:please\s+)?(?:rewrite|continue|write|create|generate|list|translate|summari[sz]e|"
    r"explain|convert|fix|simulate|calculate|compute|solve|show|draw|design|implement|build|"
    r"refactor|optimi[sz]e|debug|review|check|compare|describe|analy[sz]e|tell|find|suggest|"
    r"recommend|outline|draft|paraphrase|proofread|edit|correct|answer|provide|plan|prepare|"
    r"compose|test|give|help|elaborate|expand|shorten|improve|act as|pretend|imagine|"
    r"play)\b(?!\s+(?-i:[A-Z]|\d{1,3})\s)"  # "Plan A budget", "Test 3 runs": a name
    r"(?!.*\b(?:always|never|from now on|going forward|in (?:all|every|each) "
    r"(?:future\s+)?(?:responses?|answers?|replies)|each time|every time)\b)"
    r"|here(?:'s| is| are)\b|this is what|below is|attached is"
    r"|please\s+(?:provide|show|give|explain|write|create|help|list|suggest|review|check|"
    r"describe|share|generate|draft|summari[sz]e|tell|walk|fix|debug|implement|build|compare|"
    r"recommend|outline|clarify|elaborate|continue|expand|rewrite|convert|translate)\b"
    r"|let me know|i was wondering|i wonder|any (?:ideas|tips|advice|suggestions))",
    _I,
)
# a request put as a question ("can you ...", "could you please ...")
_ASKED_RE = re.compile(_ASK_LEAD + r"(?:can|could|would|will)\s+you\b", _I)
_WH_RE = re.compile(_ASK_LEAD + r"(?:which|who|where|when(?!ever|\s+it\s+comes\s+to\b)|whether)\b", _I)
# what a doubt, a worry or a trouble opens with ("I'm still unsure ...", "I've tried ...")
_DOUBTING = (r"not sure|unsure|wondering|confused|stuck|struggling|having|curious|worried|"
             r"concerned|thinking (?:of|about)|considering")
_TRIED = r"tried|heard|read|seen|been told|noticed"
# Trouble and tentative clauses: dropped unless they state a rule or a preference.
_SOFT_RE = re.compile(
    _ASK_LEAD
    + r"(?:i(?:'m| am)\s+(?:\w+\s+){0,2}?(?:" + _DOUBTING + r"|looking for|planning to ask|hoping)"
    r"|i(?:'ve| have)\s+(?:\w+\s+)?(?:" + _TRIED + r"|been trying)"
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


# a sentence whose subject is a bare number: a remark about a value, which sets nothing
# (one clause only: "10 is too many, give me 5" goes on to set one)
_NUMBER_THEN_RE = re.compile(r"^\W*(?:(?:ok|okay|so|and|but|because|since|hmm+|hm+|ugh|nah|yeah|well)[\s,]+)?"
                             r"[$€£]?\d[\d,.:]*(?:k|x|%|\s?[ap]\.?m\.?)?\s+"
                             r"(?P<verb>[a-z']+)(?P<names>\s+(?:the|our|my|your)\s+(?!old\b|previous\b|original\b))?", _I)
# a clause of its own after the remark (a colon inside a time of day is none)
_CLAUSE_MARK_RE = re.compile(r"[,;]|:(?!\d)")
_SAID_OF_VERBS = frozenset("is was isn't wasn't doesn't didn't feels felt seems seemed sounds looks "
                           "got gets 's".split())


def _number_subject(s: str) -> bool:
    """Whether a bare number is the subject of ``s`` ("30 exhausted the db", "15 doesn't
    fill a page")."""
    m = _NUMBER_THEN_RE.match(s)
    if m is None:
        return False
    verb = m.group("verb").lower()
    if m.group("names") and verb in ("is", "'s"):
        return False  # "6:30 is the new start time": the value of the setting it names
    return verb in _SAID_OF_VERBS or is_past_verb(verb) and not is_plural_noun(verb)


def user_sentence_facts(turn: Turn, sentence: str, goal: list[str],
                        min_words: int) -> list[Fact]:
    """Facts of one sentence of a user's message; ``goal`` carries the last goal clause
    ("I'm trying to keep the app small") to the sentences after it; sentences shorter than
    ``min_words`` count only when they hold a value or a rule. A sentence typed in short
    that states nothing as typed is read in full ("cant stand ...": "I can't stand ...")."""
    s = clean(sentence)
    if not_to_keep(s):
        return []  # "my husband takes his with oat milk, no need to remember that"
    kept = kept_statement(s)
    if kept is not None:  # "remember that my parking spot is B17": the fact, kept
        said = _sentence_facts(turn, kept, goal, 1)
        return said if any(f.kind.critical for f in said) else said + [kept_fact(turn, kept)]
    corrected = _corrected_facts(turn, s, goal, min_words)
    if corrected:  # "we're expecting 6 - no wait, 7 people": the 6, then the 7
        return corrected
    said = _sentence_facts(turn, s, goal, min_words)
    full = in_full(s) if not any(f.kind.critical for f in said) else s
    said = said if full == s else _sentence_facts(turn, full, goal, min_words) or said
    if any(f.kind.critical for f in said):
        return said
    # "We're a family of four", "My son plays rugby on Sunday mornings": the user's life;
    # "could you keep my emails short?": a request for every answer
    kind = profile_kind(full) or (PatchKind.CONSTRAINT if standing_request(full) else None)
    return said if kind is None else [*said, make_fact(turn, kind, full, full)]


def _corrected_facts(turn: Turn, s: str, goal: list[str], min_words: int) -> list[Fact]:
    """The setting of a sentence that corrects its own value (:mod:`.self_corrected`): the
    value given up, then the one meant in the words as said; none when the two readings
    name no one setting."""
    corrected = self_corrected(s)
    if corrected is None:
        return []
    first, meant = parse_statement(corrected[0]), parse_statement(corrected[1])
    if first.subject is None or first.subject != meant.subject or first.value is None or meant.value is None:
        return []
    kinds = [f.kind for f in _sentence_facts(turn, corrected[1], goal, min_words) if f.kind.critical]
    kind = kinds[0] if kinds else PatchKind.DECISION
    # (the value given up as a note, "<slot> = <value>", as of a from-to pair)
    return [new_fact(turn, kind, f"{first.subject} = {first.value}", slot=first.subject, op=first.op,
                     value=first.value, unit=first.unit, scope=first.scope),
            new_fact(turn, kind, tidy(s), slot=meant.subject, op=meant.op, value=meant.value,
                     unit=meant.unit, scope=meant.scope)]


_FIRST_PERSON_RE = re.compile(r"^\W*(?:i|i'm|i've|i'd|we|we're|we've)\b", _I)


def kept_fact(turn: Turn, text: str) -> Fact:
    """A fact the user asked to be kept (:mod:`.remembered`), as a critical fact: a rule of
    the user's own ("I'm lactose intolerant", "I use a screen reader"), else a setting."""
    kind = setting_kind(text) or (PatchKind.CONSTRAINT if _FIRST_PERSON_RE.match(text)
                                  else PatchKind.DECISION)
    return make_fact(turn, kind, text, text)


def _sentence_facts(turn: Turn, s: str, goal: list[str], min_words: int) -> list[Fact]:
    """:func:`user_sentence_facts` of a cleaned sentence."""
    # "Braemar then" after "Aviemore is taken ... Braemar and Pitlochry.", "yes go with fetch"
    # after "Shall I switch the wrapper to fetch?"
    accepted = (picked_option(turn, s) or accepted_change(turn, s) or suggestion_taken(turn, s)) if s else None
    if accepted is not None:
        return [accepted]
    assigned = assignment_fact(turn, s) if "=" in s else None
    if assigned is not None:
        return [assigned]  # "LOG_LEVEL=debug for now"
    if any(said(s) is not None and not any(said(c.text) for c in split_clauses(s))
           for said in (switched_said, switched_to)):
        # "got rid of TalkTalk, we're with Sky now", "they swapped, it's Dr Lindqvist": one
        # change across its clauses
        return [make_fact(turn, PatchKind.DECISION, s, s)]
    if not s or _CHITCHAT_RE.match(s) and setting_kind(s) is None and referent_fact(turn, s) is None:
        return []  # chit-chat, unless a fragment of a rule ("No spoilers.") or "no sorry, I meant 5"
    if one_occasion(s):
        return []  # "Thursday's a one-off, we'll eat at 2pm": no standing setting (the tier
        # keeps the sentence)
    if _number_subject(s) and not _CLAUSE_MARK_RE.search(s):
        return []  # "15 doesn't even fill a page", "50 was the old dose": said of a value
    if sets_no_rule(s):
        return []  # "suppose I always wrote ..., would that hurt?", "my cat always sits ..."
    if chatter(s) and len(split_clauses(s)) == 1 or their_way(s):
        return []  # "If you ever need anything, just let me know.": friendly chat; "opposing
        # counsel always cc's everyone, it's absurd": another's way, judged
    conditional = conditional_kind(s)
    if conditional is not None:  # "when you write code for me, stick to typescript"
        return [make_fact(turn, conditional, s, s)]
    if contrasted(s):  # "Bullet points, not paragraphs."
        return [make_fact(turn, PatchKind.CONSTRAINT, s, s)]
    if s.endswith("?"):
        asked = setting_kind(s)
        if asked is not None:  # "What laptops are there under $900?", "With my knee ..., ?"
            return [make_fact(turn, asked, s, s)]
        request = as_request(s)  # "can you extend the pause to 31 March?": the change asked for
        if request is not None and referent_fact(turn, s) is None:
            s = request
    elif _ASKED_RE.match(s):  # typed without its mark, a reason after it ("can you make the
        asked_for = re.split(r",\s+", s.rstrip(" .!"), maxsplit=1)  # budget £75, we're having guests")
        request = as_request(f"{asked_for[0]}?")
        if request is not None and referent_fact(turn, s) is None:
            s = request
    if len(s.split()) < min_words and not VALUES.search(s) \
            and not (PREFERENCE_RE.search(s) or rule_cue(s) or setting_kind(s) or standing_kind(s)):
        return []  # (never "Be blunt.")
    if SIGNATURE_RE.search(s):
        return [new_fact(turn, PatchKind.CODE, s)]
    if (is_equation(s) or is_worked_step(s) or is_problem_quantity(s)) and not rule_cue(s) \
            and len(s.split()) <= 25:
        return [new_fact(turn, PatchKind.EQUATION, s)]  # a calculation, not a rule
    if _STATUS_RE.search(s) and not rule_cue(s) and not (REVISION_RE.search(s)
                                                         and TO_VALUE_RE.search(s)):
        return []  # "Status: build 4821 passed", "112 tests green": progress, not a fact
    ref = referent_fact(turn, s)
    if ref is not None:
        return [ref]  # "raise that to 25 MB": the store binds "that"
    if gives_up_value(s):  # "scratch €120, ..., we've got €175 now": one change
        return [make_fact(turn, PatchKind.DECISION, s, s)]
    if about_me_label(s) or trait_shapes_replies(s):
        # "For context: I'm a solo founder with no funding.", "I'm dyslexic, so short
        # sentences really help": one rule, the speaker and what it asks
        return [make_fact(turn, PatchKind.CONSTRAINT, s, s)]
    clauses = split_clauses(s)
    for i, c in enumerate(clauses):
        _label(c, first=(i == 0))
        if i and c.label == "req" and _FROM_NOW_RE.fullmatch(clauses[i - 1].text.strip(" ,.;:!")) \
                and not _WH_WORD_RE.search(c.text):
            _for_every_reply(c)  # "Going forward, could you put the tl;dr at the top?"
    if s.rstrip().endswith("?") and not any(c.label == "req" or c.embedded for c in clauses) \
            and standing_kind(s) is None:
        return []  # a question in statement form ("So I should never use eval?")
    spans: list[list] = []  # [lo, hi, kind, core]
    used: set[int] = set()
    for i, c in enumerate(clauses):
        if c.label != "cue" or i in used:
            if c.label in ("ctx", "soft") and i not in used and _GOAL_RE.match(c.text.strip()):
                goal[:] = [c.text.strip()]
            continue
        lo, hi = i, i
        lead = strip_lead(c.text).lower()
        # lean back on the clause this one continues ("..., which has improved to 78%")
        if i > 0 and (i - 1) not in used and clauses[i - 1].label in ("ctx", "soft") and (
                _LEANS_BACK_RE.match(c.text.strip()) or _LEANS_BACK_RE.match(lead)
                or re.search(r"\b(?:it|this|they|them)\b", " ".join(lead.split()[:6]))):
            lo = i - 1
            if lo > 0 and (lo - 1) not in used and clauses[lo - 1].label in ("ctx", "soft") \
                    and len(clauses[lo].text.split()) <= 4:
                lo -= 1  # over a short aside ("..., like you mentioned, without ...")
        if lo > 0 and (lo - 1) not in used and (_CORRECTION_RE.fullmatch(
                clauses[lo - 1].text.strip(" ,.;:!")) or _FROM_NOW_RE.fullmatch(clauses[lo - 1].text.strip(" ,.;:!"))):
            lo -= 1  # "Scratch that, we're going with Linear", "Going forward, could you ..."
        # and carry the clauses that continue it ("..., rather than a generic version")
        while hi + 1 < len(clauses) and (hi + 1) not in used and clauses[hi + 1].label != "req" \
                and _CONTINUATION_RE.match(strip_lead(clauses[hi + 1].text)):
            hi += 1
        if c.kind is PatchKind.CONSTRAINT and (PREFERENCE_RE.search(c.text) or AVOID_RE.search(c.text)):
            # a preference keeps its reason ("I dislike fantasy; the magic feels unreal")
            while hi + 1 < len(clauses) and (hi + 1) not in used \
                    and clauses[hi + 1].label == "ctx" \
                    and len(join_clauses(clauses[lo: hi + 2]).split()) <= 40:
                hi += 1
        used.update(range(lo, hi + 1))
        core = strip_lead(c.text)
        if lead.startswith("whose "):
            core = core[6:]  # "..., whose API response time is 800ms"
        pron = re.search(r"^(?:.*?\b)?(?:which|who|that|it|this)(?:'s\s+|\s+(?=(?:has|have|had|was|"
                         r"is|were|are|got|now|just|recently)\b))", lead)
        if lo < i and pron and len(pron.group(0).split()) <= 6:
            # "..., which has improved to 78%": the subject is the clause it leans on
            np = SUBJ_NOISE_RE.sub("", GOAL_LEAD_RE.sub("", strip_lead(clauses[i - 1].text)))
            if 0 < len(np.split()) <= 10:
                rest = strip_lead(c.text)[pron.end():]
                core = np + (" is " if pron.group(0).endswith("'s ") else " ") + rest
        prev = spans[-1] if spans else None
        if prev is not None and prev[1] == lo - 1 and re.match(r"^(?:and\s+)?so\b", c.text.strip(), _I) \
                and c.kind is PatchKind.CONSTRAINT and prev[2] is PatchKind.CONSTRAINT:
            prev[1] = hi  # "I'm a vegan, so I can't consume animal products": one rule
            prev[3] = strip_lead(join_clauses(clauses[prev[0]: hi + 1]))
            continue
        spans.append([lo, hi, c.kind or PatchKind.DECISION, core])
    facts = []
    for lo, hi, kind, core in spans:
        text = join_clauses(clauses[lo: hi + 1])
        if kind is PatchKind.DECISION and is_math_clause(text):
            kind = PatchKind.EQUATION  # "where 3C2 = 3": a step of a calculation
        if kind in (PatchKind.DECISION, PatchKind.CONSTRAINT):
            alone = standalone(strip_lead(text))
            if alone is None and standalone(core) is None and not firm_rule_cue(text):
                continue  # "which is now at 9/10": its words stay in the sentence tier
            text = alone or text
        if len(spans) > 1 and _number_subject(text) and not _CLAUSE_MARK_RE.search(text):
            continue  # "ok 4 is overkill at night, let's settle on 3": a remark on the old value
        if kind is PatchKind.CONSTRAINT and goal and len(text.split()) < 12 \
                and goal[0] not in text and _shares_word(goal[0], text):
            text = f"{goal[0]}; {strip_lead(text)}"  # the goal a short preference serves
        if len(text.split()) > _MAX_FACT_WORDS:
            text = core
            if len(text.split()) > _MAX_FACT_WORDS:
                continue  # a run-on monologue (a pasted transcript), not a stated fact
        if kind in (PatchKind.DECISION, PatchKind.CONSTRAINT):
            revision = from_to_facts(turn, kind, text, core)
            if revision:
                facts.extend(revision)
                continue
        facts.append(make_fact(turn, kind, text, core))
    return facts


_EMBEDDED_RE = re.compile(r"\b(?:remind me|note|remember|keep in mind|the fact|aware|know|"
                          r"forget|worried|concerned|afraid|glad|happy|noticed|realized|realised|"
                          r"found out|heard|told|learned|learnt|seen)\s+that\s+(?P<x>.+)$", _I)


def _label(c: Clause, first: bool) -> None:
    """Mark a clause as a request (req), a trouble or tentative aside (soft), a cue or
    context; a house rule read as nothing else is a cue ("Tag every bug report with the app
    version"), and so is a clause said in the first person plural that states nothing as
    said when the instruction it reads as is one ("let's host the docs on Netlify")."""
    if _CORRECTION_RE.fullmatch(c.text.strip(" ,.;:!")):
        return  # "No wait", "scratch that": context of the clause it opens
    _label_as_said(c, first)
    if c.label == "cue" and c.kind is not PatchKind.CODE:
        return
    policy = policy_kind(c.text.strip())
    if policy is not None:  # "Escalate anything about billing to the finance team", "config
        c.label, c.kind = "cue", policy  # belongs in settings.py" (a rule, not a file's fact)
        return
    if c.label == "cue":
        return
    scope = _SCOPE_LEAD_RE.match(c.text.strip())
    probe = as_instruction(c.text.strip()) or scoped_instruction(c.text.strip()) \
        or (c.text.strip()[scope.end():] if scope else None)
    if probe is not None:
        trial = Clause(c.sep, probe)
        _label_as_said(trial, first)
        if trial.label == "cue":
            c.label, c.kind = "cue", trial.kind  # (its words stay as said)


# a clause that says the one after it holds from now on
_FROM_NOW_RE = re.compile(r"(?:(?:and|so|also|ok(?:ay)?)\s+)?(?:going forward|from now on|moving forward|"
                          r"in future|in the future|from here on(?: out)?|for future reference)", _I)
# what makes a request a question of the moment ("can you tell me what the weather is?")
_WH_WORD_RE = re.compile(r"\b(?:what|how|why|where|when|which|who|whether|if)\b", _I)
# a scope said before an instruction ("for my spanish practice, reply only in spanish")
_SCOPE_LEAD_RE = re.compile(r"^(?:for|with|when it comes to|as for|regarding)\s+(?:my|our|the|any|all)\s+"
                            r"[^,;]{1,40},\s+(?=[a-z])", _I)


def _for_every_reply(c: Clause) -> None:
    """Label ``c``, a request said after "going forward", as the rule it asks for."""
    trial = f"{c.text.strip().rstrip(' ?.!')} from now on?"
    kind = standing_kind(trial) or setting_kind(trial)
    if kind is not None:
        c.label, c.kind, c.embedded = "cue", kind, True  # (a request kept, question or not)


# a rule for the answers joined to a request ("..., but keep explanations short")
_JOINED_RULE_RE = re.compile(r",?\s+(?:but|and)\s+(?=(?:please\s+)?(?:keep|avoid|don'?t|do not|never|always|"
                             r"stick to|limit|make sure|try not)\b)", _I)


def _label_as_said(c: Clause, first: bool) -> None:
    """:func:`_label` of the clause's own words."""
    text = c.text.strip()
    if pointer_spent(text.rstrip(".!")) is not None:
        return  # "it's not $2,000 any more": context of the new value said beside it
    if chatter(text):
        return  # "That must have been so much fun!", "I love how you put that!": context
    if is_problem_quantity(text) and not rule_cue(text):
        return  # "The probability of drawing the first ace is 4/52, and after ...": working
    stance = stance_kind(text)
    if stance is not None:  # "No need to apologise every time", "Assume I'm on a Mac"
        c.label, c.kind = "cue", stance
        return
    joined = _JOINED_RULE_RE.search(text)
    if joined and (standing_kind(text[joined.end():]) or setting_kind(text[joined.end():])) \
            is PatchKind.CONSTRAINT:
        c.label, c.kind = "cue", PatchKind.CONSTRAINT  # "Please correct my mistakes but keep
        return  # explanations short": a task and how every answer must be
    if one_off_task(text) or states_nothing(text) or needs_nothing_now(text) \
            or (not_of_now(text) or past_event(text) and not (MODAL_RE.search(text) or FROM_TO_RE.search(text))) \
            and not switched_said(text):
        c.label = "req"  # "Sort this list alphabetically", "Never mind the word limit" (a
        return  # provider left last week for another is the one held now)
    if acknowledges(text) or expects(text) or _REMARK_RE.search(text) and not firm_rule_cue(text):
        return  # "I see what you mean about ...", "This should cover everything", "not a fan
        # of this weather": context
    hypothetical = _HYPOTHETICAL_RE.match(text) and not _REVISED_RE.search(text)
    if _ASKED_RE.match(text) and not text.endswith("?"):
        # "can you help me set up the equation ...": a question typed without its mark
        standing = standing_kind(text) or setting_kind(text.rstrip(" .!") + "?")
    else:
        standing = standing_kind(text) or (None if text.endswith("?") or hypothetical
                                           else setting_kind(text))
    if standing is not None:  # "Could you stop ...", "Remind me to ... at 8 AM": a rule
        c.label, c.kind = "cue", standing
        return
    if _REQUEST_RE.match(text) or (first and _WH_RE.match(text)):
        c.label = "req"
        embedded = _EMBEDDED_RE.search(text)
        if embedded:  # "can you remind me that it's rescheduled to March 22?"
            kind = _user_cue(embedded.group("x"))
            if kind is not None:
                c.text, c.label, c.kind = embedded.group("x"), "cue", kind
                c.embedded = True
        return
    kind = _user_cue(text)
    if kind is not PatchKind.CONSTRAINT and is_equation(text):
        kind = PatchKind.EQUATION  # "I found this formula P(2 heads) = 3 x (1/2)^3"
    if kind is not None and kind is not PatchKind.EQUATION and _HYPOTHETICAL_RE.match(text) \
            and not (rule_cue(text) or PREFERENCE_RE.search(text)):
        kind = None  # "If I wanted to find ...", "Maybe by leveraging ...": nothing stated
    if _SOFT_RE.match(text) and not (kind is not None and NEVER_DONE_RE.search(text)):
        embedded = _EMBEDDED_RE.search(text)
        told = _user_cue(embedded.group("x")) if embedded else None
        if told is not None and not (told is PatchKind.CONSTRAINT and HEDGE_RE.search(embedded.group("x"))):
            # "I'm worried that the deadline moved to April 22" (not "... might not review
            # the pages by March 20": a bound in a worry is no rule)
            c.label, c.kind = "cue", told
            c.text = embedded.group("x")  # "I'm worried that the deadline moved to April 22"
        elif kind is PatchKind.CONSTRAINT and (
                PREFERENCE_RE.search(text) or firm_rule_cue(_outside_topic(text))
                or not _DOUBT_RE.match(text) and rule_cue(text)):
            c.label, c.kind = "cue", kind  # "I'm considering video samples, like I prefer"
        else:
            c.label = "soft"
        return
    if kind is not None:
        c.label, c.kind = "cue", kind


# a named choice: "Use React for the frontend", "Go with Plotly for the charts"
_CHOICE_RE = re.compile(
    r"^(?:(?:please|let's|we'll|we will|i'll|also|and)\s+)?(?:use|go with|pick|choose|stick with|"
    r"switch to|move to|migrate to)\s+(?-i:[A-Z][\w.+#-]*)(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)*\s+"
    r"(?:for|as)\s+(?:the\s+|our\s+|my\s+|all\s+)?\w", _I)
# "use httpx for http calls", "use vitest for the unit tests": a tool named in lower case
_LOWER_CHOICE_RE = re.compile(r"^(?:(?:please|let's|we'll|we will|i'll|also|and)\s+)?(?:use|go with|"
                              r"pick|choose|stick with|switch to|move to)\s+(?P<name>[a-z][\w.+#-]*)\s+"
                              r"(?:for|as)\s+(?:the\s+|our\s+|my\s+|all\s+)?\w", _I)
#: how often (in the bundled frequency list) a word may occur and still read as a name
RARE_WORD = 500


def _uses_named_tool(s: str) -> bool:
    m = _LOWER_CHOICE_RE.match(s)
    return m is not None and word_frequency().get(m.group("name").lower(), 0) < RARE_WORD


# "Use POST /v1/items", "Use UTF-8": a named method, path or format to use
_USE_NAMED_RE = re.compile(r"^(?:please\s+)?(?:always\s+)?use\s+(?:the\s+)?(?-i:[A-Z]{2,}[\w-]*|"
                           r"\S*/\S+|[A-Z][\w-]*-\d[\w.-]*)(?:\s+\S+){0,3}$", _I)
# what the speaker's side does as a rule, said in the present ("We keep backups for 30
# days", "We charge $5 for delivery"): the verb is read by the lexicon
_PRACTICE_RE = re.compile(r"^(?:(?:so|and|but|also|btw|fyi)[,\s]+)*(?:we|i)\s+(?:usually\s+|always\s+|"
                          r"normally\s+|only\s+|typically\s+|generally\s+)?(?P<verb>[a-z]+)\s+\w", _I)
#: verbs of the mind or of speech, whose value is no practice ("I think 5 is plenty")
_NOT_PRACTICE = frozenset("think guess reckon suppose mean hope wish wonder feel know believe "
                          "say said tell doubt bet imagine expect forget remember need want "
                          "like love hate prefer will would could should can may might must "
                          "do did am was were have had get got see hear notice understand "
                          "realise realize agree find".split())


# what the speaker's side does, and the named service it does it through ("let's book all
# our team travel through Expedia", "we host everything on Vercel", "we pay for Spotify
# Family", "I work at Arup")
_DONE_THROUGH_RE = re.compile(
    r"^(?:(?:let's|let us|we'll|we will|we|i'll|i will|i)\s+)(?:always\s+|only\s+|just\s+)?(?P<verb>[a-z]+)\s+"
    r"(?:[\w'-]+\s+){0,5}?(?:through|via|with|on|using|in|for|at)\s+(?-i:[A-Z][\w.+#-]*)"
    r"(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)*\s*[.!]?$", _I)


def _done_through(s: str) -> bool:
    m = _DONE_THROUGH_RE.match(s)
    return m is not None and _does(m.group("verb"))


def _practice(s: str) -> bool:
    m = _PRACTICE_RE.match(s)
    return m is not None and not s.rstrip().endswith("?") and _does(m.group("verb"))


def _does(verb: str) -> bool:
    """``verb`` says what one does, in the present: a base verb by the lexicon, of no mind,
    speech or sense."""
    verb = verb.lower()
    return verb not in _NOT_PRACTICE and is_base_verb(verb) and not is_past_verb(verb)


# "use my work email", "use my maiden name Hartley": which of the user's own to use
_USE_MINE_RE = re.compile(r"^(?!.*\b(?:this|that|these|those|here|today|tonight|now)\b)"
                          r"(?:please\s+)?(?:always\s+)?use\s+(?:my|our)\s+[\w-]+(?:\s+[\w'-]+){0,3}"
                          r"(?:,\s*\S+)?\s*[.!]?$", _I)
# "Our ORM is SQLAlchemy", "My home airport is JFK": a setting declared by its name
_DECLARED_RE = re.compile(r"^(?:our|my|the)\s+(?:[\w-]+\s+){0,4}?(?:is|are)\s+(?:now\s+)?"
                          r"(?-i:[A-Z])[\w.+#-]*(?:\s+(?-i:[A-Z0-9])[\w.+#-]*)*\s*[.!]?$", _I)
# a change the speaker's side is making, to a value right after what it changes: "we're
# making the club newsletter fortnightly", "I'm setting my alarm 6:00 from now on"
_MAKING_RE = re.compile(r"^(?:(?:so|and|ok(?:ay)?)[\s,]+)*(?:we're|we are|i'm|i am)\s+(?:making|setting|"
                        r"moving|switching|capping|keeping)\s+(?:the|our|my)\s+(?:[\w'-]+\s+){1,3}?"
                        r"(?P<val>[\w.:$£€%-]+)(?:\s+(?:now|from now on|going forward|again))?\s*[.!]?$", _I)


def _making(s: str) -> bool:
    m = _MAKING_RE.match(s)
    return m is not None and parse_value(m.group("val")).dimension not in ("free", "name")


# a swap of one named thing for another: "Replace React with Svelte", "X instead of Y"
_SWAP_RE = re.compile(r"\b(?:replace|swap)\s+(?:the\s+)?(?-i:[A-Z])[\w.+#-]*\s+(?:with|for)\s+"
                      r"(?-i:[A-Z])|\b(?-i:[A-Z])[\w.+#'-]*\s+(?:instead of|rather than)\s+"
                      r"(?-i:[A-Z])", _I)


# "let's say €450 a month instead": a revision, not a hypothesis
_REVISED_RE = re.compile(r"\b(?:instead|from now on|going forward|now)\b", _I)
# "Scratch that, we're going with Linear": the correction belongs to the clause it opens
_CORRECTION_RE = re.compile(CORRECTION, _I)
# (never "let's say £15,000 so there's a buffer": the value chosen, with its reason)
_HYPOTHETICAL_RE = re.compile(
    r"^(?:(?:and|but|so|or)\s+)?(?:if|when(?!\s+it\s+comes\s+to\b)|whenever|unless|suppose|supposing|assuming|assume|"
    r"maybe|perhaps|possibly|what if|say|imagine|subtracting|adding|multiplying|dividing|using|"
    r"plugging|taking|applying|calculating|"
    r"let's say(?!\s+(?:[$€£]\s?)?\d[\d,.:]*\s?(?:[a-z%]+)?\s*(?:$|[,.!]|(?:so|because|cos|since|instead|"
    r"then|to be safe)\b))|for example|e\.g\.|like if)\b", _I)


def _shares_word(a: str, b: str) -> bool:
    wa = {w for w in re.findall(r"[a-z][a-z-]{3,}", a.lower()) if w not in SLOT_STOP}
    wb = {w for w in re.findall(r"[a-z][a-z-]{3,}", b.lower()) if w not in SLOT_STOP}
    return bool(wa & wb - {"prefer", "want", "like", "make", "keep", "using", "trying"})


# "Explain why the centroid is always inside ...", "I'm trying to understand why SSA doesn't
# always work": what a question is about; its "always" or "doesn't" sets no rule
_TOPIC_RE = re.compile(r"\b(?:understand|explain|know|figure out|wonder(?:ing)?|curious|learn|"
                       r"clarify|tell me|show me|confused about|unsure|not sure)\s+(?:about\s+)?"
                       r"(?P<wh>why|how|whether|if|what|when|where|which)\b", _I)


def _outside_topic(s: str) -> str:
    """``s`` without the question it asks about ("... understand why <topic>"), which runs to
    the end of its clause ("..., but never suggest Rust" is kept)."""
    m = _TOPIC_RE.search(s)
    if m is None:
        return s
    end = _CLAUSE_END_RE.search(s, m.end())
    return s[: m.start("wh")] + (s[end.start():] if end else "")


_CLAUSE_END_RE = re.compile(r"[,;:]|\s(?:but|and then|although|though)\s", _I)


# "I'm trying to calculate the probability of ...", "I'm working to prove that ...": a
# problem the user is working on, not a rule or a choice (its sentence is kept as said)
# a value the speaker wants: "I want 2 spaces for indentation", "... and want it 3m wide"
_WANT_VALUE_RE = re.compile(
    r"(?:^(?:(?:so|and|also|but)\s+)?(?:i|we)|\band(?:\s+(?:i|we))?)(?:\s+(?:really|just|also|still|only|do))?\s+"
    r"(?:want|'d like|would like|prefer)\s+(?:it\s+|them\s+|things\s+|everything\s+)?"
    r"(?:at\s+|to\s+be\s+|set\s+to\s+)?(?:around\s+|about\s+)?(?:[$€£]\s?)?\d", _I)
_WORKING_ON_RE = re.compile(
    r"^(?:(?:so|and|but|now|also)\s+)?(?:i'm|i am|i was|we're|we are)\s+(?:\w+\s+)?(?:trying|"
    r"attempting|working|struggling|looking)\s+to\s+(?:calculate|compute|solve|prove|derive|"
    r"verify|validate|work out|determine|grasp|understand|figure out|find|learn|see)\b", _I)


# "without any errors" in an account tells how it went; "only" before a past verb tells how
# little ("I only managed 3")
_WITHOUT_RE = re.compile(r"\bwithout\b.*$", _I)
_ONLY_RE = re.compile(r"\bonly\s+", _I)
_AIMS_RE = re.compile(r"\b(?:goal|aim|aiming|target|targeting|deadline|due|plan|planning|want|"
                      r"wants|need|needs|have to|has to)\b", _I)


# a doubt, a worry or a trouble: a bound or a date inside it sets no rule ("I'm still unsure
# if the draft is ready by May 12"), unlike an aim ("I'm trying to solve 10 problems by ...")
_DOUBT_RE = re.compile(_ASK_LEAD + r"(?:i(?:'m| am)\s+(?:\w+\s+){0,2}?(?:" + _DOUBTING + r")"
                       r"|i(?:'ve| have)\s+(?:\w+\s+)?(?:" + _TRIED + r")|not sure)", _I)
# "I'd need to solve 5 more problems": what would follow, not a requirement
_WOULD_NEED_RE = re.compile(r"\b(?:i|we|you)(?:'d| would)\s+(?:\w+\s+)?need\b", _I)


def _rules_beyond_account(s: str) -> bool:
    """Whether a clause of the user's own account (:mod:`.account`) still sets a rule: a
    modal, a standing "always"/"never", a prohibition, a preference or a goal."""
    plain = _ONLY_RE.sub("", _WITHOUT_RE.sub("", s))
    return bool(MODAL_RE.search(s) or (ALWAYS_NEVER_RE.search(s) and not EXPERIENCE_RE.search(s))
                or PROHIBIT_RE.search(plain) or PREFERENCE_RE.search(plain)
                or AVOID_RE.search(s) or STANDING_RE.search(s) or SHOULD_RE.search(s)
                or _AIMS_RE.search(s))


# a preference said outright; "my favourite lasagna", "I value the chance" inside a feeling
# name what it is about
_STRONG_PREFERENCE_RE = re.compile(r"\b(?:prefer\w*|rather|dislike\w*|hate|can't stand|cannot stand|"
                                   r"allergic|intolerant|vegan|vegetarian)\b", _I)


def _rules_in_feeling(s: str) -> bool:
    return bool(firm_rule_cue(_WITHOUT_RE.sub("", s)) or STANDING_RE.search(s) or AVOID_RE.search(s)
                or _STRONG_PREFERENCE_RE.search(s) or SHOULD_RE.search(s))


# a taste said of what is at hand ("not a fan of this weather", "I hate that song")
_REMARK_RE = re.compile(r"\b(?:not (?:a|the) (?:big |huge )?fan of|(?:don't|do not|dont) (?:like|love|enjoy)|"
                        r"hate|love|dislike|can't stand|cannot stand)\s+(?:this|that|these|those|today's|"
                        r"tonight's|the current)\b(?!\s+(?:kind|sort|type|style)\b)", _I)


def _user_cue(text: str) -> PatchKind | None:
    """The kind of fact a user's clause states, or None."""
    s = strip_frame(strip_lead(text.strip()))
    if len(s.split()) < 2 and not VALUES.search(s):
        return None
    if _WORKING_ON_RE.match(s) and not (rule_cue(_outside_topic(s)) or PREFERENCE_RE.search(s)):
        return None
    if switched_said(s) is not None:
        return PatchKind.DECISION  # "I cancelled PureGym and joined The Gym Group"
    if (past_event(s) or told_of_other(s)) and not MODAL_RE.search(s):
        return None  # "I ran a 10k on Sunday in 52 minutes", "My grandpa always ate ...": a story
    said = in_digits(s)  # "trim meetings to an hour": its value in digits
    has_value = bool(VALUES.search(s) or said != s and VALUES.search(said))
    if DONE_BY_RE.search(s) and not (MODAL_RE.search(s) or PREFERENCE_RE.search(s)
                                     or ALWAYS_NEVER_RE.search(s) or PROHIBIT_RE.search(s)):
        return PatchKind.DECISION  # "I've completed 90% of the course by April 28": done, not due
    if NEVER_DONE_RE.search(s) and not (MODAL_RE.search(s) or PREFERENCE_RE.search(s)
                                        or PROHIBIT_RE.search(s)):
        return PatchKind.DECISION  # "I've never written any Flask routes": a stated fact
    if feels(s) and not _rules_in_feeling(s):
        # "I'm so grateful my sister cooked my favourite lasagna": how the user feels; a
        # value counts when the feeling is about what the user did or has coming ("...
        # after finishing 12 ...", "... about my interview on May 12")
        return PatchKind.DECISION if has_value and feeling_about_own(s) else None
    if rule_cue(_outside_topic(s)) or COMPARATOR_VALUE_RE.search(s) or PREFERENCE_RE.search(s) \
            or AVOID_RE.search(s) or STANDING_RE.search(s) and IMPERATIVE_RE.match(s):
        if did(s) and not _rules_beyond_account(s):
            # "I've logged 42 miles by Sunday", "I only managed 3 interviews": what the user
            # did, a stated fact when it holds a value, however its words read elsewhere
            return PatchKind.DECISION if has_value else None
        if DECIDE_RE.search(s) and not MODAL_RE.search(s) and not ALWAYS_NEVER_RE.search(s) \
                and not PROHIBIT_RE.search(s) and not PREFERENCE_RE.search(s) \
                and not COMPARATOR_VALUE_RE.search(s):
            return PatchKind.DECISION
        return PatchKind.CONSTRAINT
    if SHOULD_RE.search(s) and not re.search(r"\b(?:i|we)\s+(?:\w+ly\s+)?should\b", s, _I):
        return PatchKind.CONSTRAINT
    if NEED_RE.search(s) and not _WOULD_NEED_RE.search(s) and (has_value or not re.search(r"\b(?:i|we)\s+(?:\w+\s+)?(?:need|have|"
                                                         r"got)\b", s, _I)):
        return PatchKind.CONSTRAINT
    if COMPLIANCE_RE.search(s) and re.search(r"\b(?:must|need|needs|should|required|ensure|meet|"
                                             r"meets|follow|comply|compliant|compliance|standards?)\b",
                                             s, _I):
        return PatchKind.CONSTRAINT
    if IMPERATIVE_RE.match(s) and (STANDING_RE.search(s) or (has_value and re.search(
            r"\b(?:under|below|within|at most|no more than|max|maximum|less than|fewer than)\b",
            s, _I))):
        return PatchKind.CONSTRAINT
    standing = standing_kind(s) or setting_kind(s)
    if standing is not None:
        return standing  # "Try not to ...", "We use Terraform for ...", "Our CI runs on Jenkins"
    if _CHOICE_RE.match(s) or _SWAP_RE.search(s) or _USE_NAMED_RE.match(s) or _uses_named_tool(s) \
            or _USE_MINE_RE.match(s) or _done_through(s) or _making(s) \
            or aimed_goal(s) is not None \
            or (_DECLARED_RE.match(s) and not re.search(r"\bnames?\b", s, _I)):
        return PatchKind.DECISION  # "Use React for the frontend", "Replace React with Svelte"
    if RENAME_RE.search(s) or plan_said(s) or NAMED_RE.search(s):
        return PatchKind.DECISION if not NAMED_RE.search(s) else PatchKind.ENTITY
    if STACK_RE.search(s) and re.search(r"\b(?:i|we|i'm|we're|my|our)\b", s, _I) \
            and not HEDGE_RE.search(s):
        return PatchKind.DECISION  # "I'm building the tracker with Flask 2.3.1"
    if DECIDE_RE.search(s) and not HEDGE_RE.search(s):
        if re.search(r"\b(?:i'm|i am|we're|we are)\s+(?:\w+\s+)?using\b", s, _I) \
                and not USING_RE.search(s):
            return None  # "I'm using a dictionary to ..." is narration, not a choice
        if re.search(r"\b(?:i'm|i am|we're|we are)\s+(?:\w+\s+)?target", s, _I) and not has_value:
            return None
        return PatchKind.DECISION
    if has_value:
        if REVISION_RE.search(s) and (TO_VALUE_RE.search(said) or FROM_TO_RE.search(said)) \
                or REVISE_LEAD_RE.match(s):
            return PatchKind.DECISION  # "Make it 15 seconds", "Bump the batch size to 64"
        if schedule_fields(s) or visit_said(s):
            return PatchKind.DECISION  # "I arrive on June 3", "Our cleaner comes on Wednesdays"
        if LIMIT_NOUN_RE.search(s) or STATE_RE.search(s) or FIRST_PERSON_STATE_RE.search(s) \
                or _practice(s) or _WANT_VALUE_RE.search(s):
            if values_are_incidental(s):
                return None
            return PatchKind.DECISION
    elif REVISION_RE.search(s) and FROM_TO_RE.search(s):
        return PatchKind.DECISION
    elif REVISE_LEAD_RE.match(s) and TO_VALUE_RE.search(s):
        return PatchKind.DECISION  # "Switch the database to MySQL", "Upgrade the plan to Pro"
    if ENTITY_RE.search(s):
        return PatchKind.ENTITY
    if FILE_RE.search(s) and FILE_FACT_RE.search(s):
        return PatchKind.CODE
    return None
