"""Directives: what the user tells the assistant to do with its answers.

Two shapes are read here, before the sentence-by-sentence reading of :mod:`.user`:

* a labelled instruction block ("Instruction: Write a short summary ... Do not include
  any further explanations."): one rule, its sentences kept together. Long material the
  message labels as pasted ("Content:", "Document:", "Text:") is not the user's
  statement and yields nothing.
* a short follow-up made only of commands about the answer ("Now, rewrite it in the
  first person.", "Use at most 30 words.", "Avoid the words 'X' and 'Y'."): one rule.
  A command that only asks for something new ("Write a haiku about autumn") says nothing
  about the answers to come and is left to :mod:`.user`, which drops it as a request.
"""

from __future__ import annotations

import re

from ..patch import Fact, PatchKind, Turn
from ..reply_styles import is_style_subject
from ..restated import one_occasion
from ..slots import parse_statement
from .clauses import clean, split_sentences
from .cues import rule_cue
from .setting_forms import one_off_task, states_nothing
from .settings import new_fact
from .user import user_sentence_facts

_I = re.I
_MAX_WORDS = 100
_FOLLOW_UP_WORDS = 60
_PASTE_WORDS = 40  # a labelled text longer than this is pasted material, not a statement

_LABEL_RE = re.compile(
    r"^[ \t]*(?P<label>instructions?|task|requirements?|constraints?|rules?|guidelines?|conventions?|"
    r"standards?|style\s+guide|code\s+style|coding\s+style|"
    r"content|document|text|passage|article|story)[ \t]*:[ \t]*",
    _I | re.M,
)
_PASTED = {"content", "document", "text", "passage", "article", "story"}
#: labels of a list of standing rules and settings, each sentence one of them
_LISTS = {"rule", "rules", "constraint", "constraints", "requirement", "requirements",
          "convention", "conventions", "standard", "standards"}
#: the most words of one sentence of such a list
_LISTED_WORDS = 15

# lead words a command may open with ("Great, now, ...", "In the summary, ...", "I want
# you to ..."), stripped one at a time
_LEAD_RE = re.compile(
    r"^(?:(?:now|ok(?:ay)?|also|and|then|next|finally|lastly|additionally|in addition|"
    r"moreover|furthermore|instead|actually|this time|please|kindly|again|great|good|nice|"
    r"perfect|cool|thanks|thank you|alright|right)\b\s*[,!.]?\s*"
    r"|(?:i (?:want|need|would like|'d like|prefer|would prefer|'d prefer) you to|"
    r"i (?:want|need|prefer) (?:that )?you|can you|could you|would you|you (?:should|must|"
    r"need to|can|may|will))\s+"
    r"|(?!(?:i|i'm|i've|i'd|i'll|my|we|we're|our)\b)[^,.;:!?]{2,70},\s+)",
    _I,
)
# a fragment that only limits the answer ("At most 20 words.", "Without using any verb.")
_FRAGMENT_RE = re.compile(
    r"(?:without|no more than|not more than|at most|at least|up to|in (?:under|less than|"
    r"fewer than|no more than|exactly|one|two|three|four|five|\d+)|under \d+|within|"
    r"using only|only using|in (?:the )?(?:first|second|third) person|(?:incorporat|us|"
    r"includ|add|keep|mak|focus|avoid|writ|phras)ing)\b",
    _I,
)
_COMMAND_RE = re.compile(
    r"(?:do not|don't|never|always|only|just|make sure|be sure|ensure|try to|remember to|"
    r"rewrite|rephrase|reword|paraphrase|condense|shorten|summari[sz]e|expand|extend|edit|"
    r"revise|modify|change|adjust|replace|swap|substitute|remove|delete|drop|omit|exclude|"
    r"avoid|keep|limit|restrict|cap|use|include|incorporate|infuse|add|insert|append|focus|"
    r"concentrate|emphasi[sz]e|highlight|start|begin|end|finish|open|close|phrase|word|frame|"
    r"format|structure|organi[sz]e|order|sort|arrange|group|number|separate|split|merge|"
    r"combine|list|present|write|respond|reply|answer|translate|convert|turn|personify|"
    r"describe|mention|cite|quote|refer|address|adopt|switch|maintain|stick|follow|apply|"
    r"reduce|increase|capitali[sz]e|bold|italici[sz]e|output|return|provide|give|show|"
    r"make|put|place|mark|label|tag|name|title|set|narrate|retell|recount|craft|compose|create|"
    r"generate|propose|draw|formulate|choose|select|pick|identify|extract|find|explain|"
    r"elaborate|illustrate|contextuali[sz]e|compare|contrast|classify|categori[sz]e|rank|"
    r"rate|count|convey|rearrange|reorder|reorgani[sz]e|simplify|clarify|tailor|adapt|"
    r"transform|render|integrate|embed|pretend|imagine|act)\b",
    _I,
)
# what a command is about when it binds the answers to come: their form, not a new topic
_FORM_RE = re.compile(
    r"\b(?:response|responses|answer|answers|reply|replies|output|summary|summaries|rewrite|"
    r"version|text|sentence|sentences|paragraph|paragraphs|word|words|letter|letters|"
    r"character|characters|line|lines|bullet|bullets|list|lists|format|formatted|tone|style|"
    r"voice|tense|perspective|person|point of view|language|metaphors?|similes?|quotes?|"
    r"quotation|alliteration|rhyme|emojis?|title|heading|headings|capital|capitals|"
    r"uppercase|lowercase|comma|commas|json|markdown|table|order|sequence|"
    r"each|every|only|all|at most|at least|no more than|fewer than|less than|"
    r"under|within|exactly|maximum|minimum|limit|statements?|instead|rather|previous|"
    r"previously|tabular|columns?|rows?|alphabetical|dialogue|rhyming|couplet|analogy|"
    r"descriptions?|synonyms?|antonyms?|translation|examples?|relations?|verbs?|nouns?|"
    r"adjectives?|adverbs?)\b",
    _I,
)
_ASKS_RE = re.compile(
    r"(?:\w+\s+){0,2}?(?:me|us)\b|(?:write|give|show|generate|create|list|make|do)\s+"
    r"(?:the\s+)?(?:next|more|another)\b",
    _I,
)
_QUOTED_RE = re.compile(r"'[^'\n]{1,200}'(?!\w)|\"[^\"\n]{1,200}\"|`[^`\n]{1,200}`|\{[^}\n]{1,80}\}")
# a sentence that binds the answer without a command ("Each word should be in a row.")
_RULE_SENTENCE_RE = re.compile(
    r"^(?:(?:now|also|and|then)\s*,?\s+)?(?:your|the|each|every|all|no|any)\b[^.]{0,80}?"
    r"\b(?:should|must|shall|needs? to|has to|have to|cannot|can't|may not|contains?|"
    r"is to|are to)\b",
    _I,
)
_FIRST_PERSON_RE = re.compile(r"(?:i|i'm|i've|i'd|i'll|my|we|we're|our)\b", _I)


def directive_facts(turn: Turn, prose: str) -> tuple[list[Fact], str]:
    """The rules a user's message gives as commands, and the prose left for the
    sentence-by-sentence reading (labelled blocks and a command-only message removed)."""
    facts: list[Fact] = []
    labels = list(_LABEL_RE.finditer(prose))
    if labels:
        kept = [prose[: labels[0].start()]]
        for i, m in enumerate(labels):
            end = labels[i + 1].start() if i + 1 < len(labels) else len(prose)
            body = prose[m.end(): end].strip()
            if not re.search(r"[^\W_]", body):
                continue  # an empty block ("Rules:" with nothing under it) says nothing
            label = m.group("label").lower()
            if label in _PASTED:
                if _words(body) <= _PASTE_WORDS:
                    kept.append(body)  # "Text: my budget is $500": the user's own words
                continue
            listed = _listed_rules(turn, body) if label in _LISTS else None
            if listed:  # "Rules: no pandas, use polars. Batch size 500. Log in JSON."
                facts.extend(listed)
            elif _words(body) <= _MAX_WORDS:
                facts.append(_rule(turn, body))
            else:
                kept.append(body)
        prose = "\n".join(part for part in kept if part.strip())
    if prose.strip() and is_command_message(prose) and not _rules_already(turn, prose):
        facts.append(_rule(turn, prose))
        prose = ""
    return facts, prose


def _listed_rules(turn: Turn, body: str) -> list[Fact] | None:
    """The facts of a labelled list of short sentences, one sentence at a time: a setting
    read in a sentence ("Batch size 500.") is kept as a setting, to be revised on its own,
    and any other sentence is a rule. None for one sentence, or a long one (a block of
    instructions read together)."""
    sentences = [clean(x) for x in split_sentences(" ".join(body.split()), semicolons=False)]
    sentences = [x for x in sentences if re.search(r"[A-Za-z]{2}", x)]
    if len(sentences) < 2 or any(_words(x) > _LISTED_WORDS for x in sentences):
        return None
    facts: list[Fact] = []
    for sentence in sentences:
        read = [f for f in user_sentence_facts(turn, sentence, [], 1) if f.kind.critical]
        facts.extend(read or [_rule(turn, sentence)])
    return facts


def _rules_already(turn: Turn, prose: str) -> bool:
    """Whether the sentence-by-sentence reading finds a rule or a setting in every sentence
    ("Always use APA style.", "Use at most 30 words.", "Cap the memory limit at 1 MB."):
    its facts carry slots, so they are kept."""
    for sentence in split_sentences(prose, semicolons=False):
        facts = user_sentence_facts(turn, sentence, [], 1)
        if not any(f.kind.critical for f in facts):
            return False
    return True


def is_command_message(prose: str) -> bool:
    """A short message of commands about the answer: every sentence commands (or, not in
    the first person, states a rule), one at least commands, and one at least is about the
    answer's form."""
    text = " ".join(prose.split())
    if not text or "?" in text or _words(text) > _FOLLOW_UP_WORDS or one_occasion(text):
        return False  # (never "Only this week, choir is on Thursday": one occasion)
    bare = _QUOTED_RE.sub("X", text)  # a quoted format ('Name: ...; Place: ...') is one word
    sentences = [clean(s) for s in split_sentences(bare, semicolons=False)]
    sentences = [s for s in sentences if re.search(r"[A-Za-z]{2}", s)]
    if not 0 < len(sentences) <= 3:
        return False
    commands = [_is_command(s) for s in sentences]
    return any(commands) and all(c or _RULE_SENTENCE_RE.match(s)
                                 or (rule_cue(s) and not _FIRST_PERSON_RE.match(s))
                                 for s, c in zip(sentences, commands)) \
        and any(_FORM_RE.search(s) for s in sentences)


_FOLLOW_ON_RE = re.compile(r"^(?:now|next|then|also|and now|finally)\b", _I)


def _is_command(sentence: str) -> bool:
    """Whether the sentence, past its lead words, commands the answer; a request for
    something new ("Give me a list of ...", "Write the next 50 lines") does not."""
    rest = sentence.strip()
    if states_nothing(rest) or one_off_task(rest) and not _FOLLOW_ON_RE.match(rest):
        # "Sort this list alphabetically", "Never mind the word limit"; but "Now condense
        # these relations into one sentence" refines the answer the next ones build on
        return False
    for _ in range(4):
        if _ASKS_RE.match(rest) or _ONLY_TOLD_RE.match(rest):
            return False
        if _COMMAND_RE.match(rest) or _FRAGMENT_RE.match(rest):
            return True
        m = _LEAD_RE.match(rest)
        if not m or not m.group(0) or re.search(r"\d", m.group(0)):
            return False  # ("around £250 each, including the house": a value, then what it covers)
        rest = rest[m.end():]
    return False


# "only thing missing was a flask of tea", "only two minutes over too": "only" in a remark
# on what happened, no command
_ONLY_TOLD_RE = re.compile(r"^(?:the\s+)?only\s+(?:(?:thing|one|bit|problem|issue|reason|downside|catch)\b|"
                           r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few)\s+[a-z]+\s+"
                           r"(?:over|late|early|left|short|behind|off|ago|away|out)\b)", _I)


def _rule(turn: Turn, body: str) -> Fact:
    text = " ".join(body.split())
    st = parse_statement(text)
    if st.value is not None and (st.dimension not in ("free", "name") or st.subject == "reply language"
                                 or (st.subject or "").endswith(" language")
                                 or is_style_subject(st.subject)) \
            and "." not in text[:-1]:
        # "Answer in 3 bullet points max": a quantity, which a later command may revise;
        # "Reply in Spanish", "Write it in a formal tone": the reply language or style,
        # which a later request may change
        return new_fact(turn, PatchKind.CONSTRAINT, text)
    slot = " ".join(re.findall(r"[\w.:'-]+", text)[:12])
    return new_fact(turn, PatchKind.CONSTRAINT, text, slot=slot, op="=", value=None)


def _words(text: str) -> int:
    return len(text.split())
