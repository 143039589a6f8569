"""Sentence and clause splitting, and the small text helpers every rule uses.

A message is cut into sentences (on end punctuation, line breaks and, on request,
semicolons); a sentence is cut into clauses before the words that open a new one
("..., so I prefer ...", "..., which has improved to 78%", "..., because ..."), each
clause keeping the separator before it so that a run of clauses joins back into the
original text. Markup (list markers, emphasis, headings) is stripped, and conversational
openers ("so", "and", "well") are dropped from the front of a clause.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..lexicon import is_adjective, is_base_verb
from ..patch import PatchKind
from ..slots import INTERJECTIONS
from ..value_clause import unlead

_I = re.I

# no sentence ends at a title or common abbreviation ("Dr. Mivon", "vs. Flask", "e.g. Add")
_NOT_AN_END = "".join(rf"(?<!\b{a}\.)" for a in ("Dr", "Mr", "Mrs", "Ms", "Prof", "St", "Jr",
                                                  "Sr", "vs", "No", "Fig", "approx", "etc", r"e\.g", r"i\.e",
                                                  "dr", "mr", "mrs", "prof"))  # typed lower ("ms" is a unit)
# chat written in lower case ends a sentence too: after "?" or "!" ("could we switch it to
# blue? sage isn't in stock"), and after a word of two or more letters or digits that is
# no abbreviation ("thanks. and shorten the login thing", "make it 4. three isn't enough";
# never "e.g. this", "approx. two")
_NOT_A_LOWER_END = "".join(rf"(?<!\b{a}\.)" for a in (
    "approx", "incl", "esp", "etc", "vs", "al", "cf", "ca", "min", "max", "mins", "hr", "hrs",
    "sec", "secs", "ft", "oz", "lb", "lbs", "pt", "pts", "fig", "vol", "ch", "pp", "dept", "yr",
    "yrs", "wk", "wks", "mo", "mos", "no", "nr", "st", "dr", "mr", "mrs", "ms", "jr", "sr", "inc",
    "ltd", "co", "corp", "ave", "rd", "blvd", "tel", "ext", "ref", "approx", "resp", "viz"))
_LOWER_END = (rf"(?:(?<=[!?])|(?<=[a-z]\s\d\.)|(?<=[A-Za-z0-9][A-Za-z0-9]\.)(?<!\.[A-Za-z0-9]\.)"
              rf"(?<![.][A-Za-z0-9]{{2}}\.){_NOT_A_LOWER_END})[\"')\]]*\s+(?=[a-z])")
# an emoji between two sentences of a chat ends the first ("celiac here 🙋‍♀️ gluten free
# everything pls"), whatever case the next one starts in
_EMOJI_END = r"(?<=[\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F])\s+(?=[A-Za-z])"
# an ellipsis between two sentences of a chat ends the first ("only 139k… ok I go with €500")
_ELLIPSIS_END = r"(?:(?<=…)|(?<=\.\.\.))\s+(?=[A-Za-z0-9])"
# Every sentence end opens on a closing quote or bracket, a space or a semicolon, after an end
# mark, an emoji or a closing quote or bracket, or is a line break or a semicolon: tested
# first, so that the alternatives below are tried only there (a few times faster on long text)
_MAY_END = (r"(?=[\s;\"')\]])(?:(?=[\n;])|(?<=[.!?…\"')\]"
            "\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F]))")
# a sentence that opens with a sum and says more ("... about it. £3.40 from monday though"; a
# sum said alone after a sentence, "... plus the game pass. $40", stays with it)
_SUM_LED = r"[$€£]\S*\s+\S+\s+\S"
_SENT_SPLIT_RE = re.compile(rf"{_MAY_END}(?:(?<=[.!?]){_NOT_AN_END}[\"')\]]*\s+(?=[\"'(\[*_]*[A-Z0-9]|{_SUM_LED})"
                            rf"|{_LOWER_END}|{_EMOJI_END}|{_ELLIPSIS_END}|\n+|;\s+)")
_SENT_SPLIT_NO_SEMI_RE = re.compile(rf"{_MAY_END}(?:(?<=[.!?]){_NOT_AN_END}[\"')\]]*\s+"
                                    rf"(?=[\"'(\[*_]*[A-Z0-9]|{_SUM_LED})|{_LOWER_END}|{_EMOJI_END}|{_ELLIPSIS_END}|\n+)")
LIST_ITEM_RE = re.compile(r"^\s*(?:\d+[.)]|[-*•+]|#{1,6})\s+\S")
TABLE_ROW_RE = re.compile(r"^\s*\|.*\|\s*$")
_MARKUP_RE = re.compile(r"^\s*(?:#{1,6}\s+|>\s*|(?:\d+[.)]|[-*•+])\s+)+|(?<!\w)[*_`]{1,3}(?=\S)|(?<=\S)[*_`]{1,3}(?!\w)")
_CLAUSE_SEP_RE = re.compile(
    r"(\s*;\s+|\s*(?:,|:|\s[-–—]+)\s+(?=(?:(?:and|but|so|or)\s+(?:i|i'm|i've|i'd|i'll|we|we're|we've|"
    r"my|our|the|it|it's|this|that|then|also|now|so|since|because|maybe|can|could|how|what|"
    r"there|you|your|if|when|make|please|just|still|yet|remember|keep\s+in\s+mind|bear\s+in\s+mind)\b|so\b|which\b|who\b|whose\b|where\b|while\b|"
    r"whereas\b|although\b|though\b|because\b|since\b|as\b|considering\b|given\b|including\b|"
    r"especially\b|unless\b|if\b|when\b|then\b|plus\b|also\b|how\b|what\b|why\b|can\b|could\b|"
    r"would\b|will\b|should\b|do\b|does\b|is\b|are\b|i\b|i'm\b|i've\b|i'd\b|i'll\b|my\b|we\b|"
    r"we're\b|we've\b|our\b|it's\b|there\b|please\b|maybe\b|hmm+\b|thanks\b|let's\b|"
    r"like\s+(?:i|you|we)\b|without\b|rather\s+than\b|instead\s+of\b|due\s+to\b|no\s+more\b(?!\s+than)))"
    # "the Hendersons can't make it so we're 6 now": "so" and a subject that is, with a
    # number or a word of change, no comma
    # "I'm on warfarin so flag anything that interacts with it": what follows, asked as a rule
    r"|\s+(?=so\s+(?:please\s+)?(?:flag|avoid|don't|do not|never|always|keep|leave|only|skip|check|"
    r"make sure|remember|bear in mind|watch out)\b)"
    # "my exam is on the 21st and I want to study 2 hours a day": a wish of its own, no comma
    r"|\s+(?=and\s+i\s+(?:want|need|'d like|would like|plan|aim)\s+to\s+\w+\s+[^,.;!?]*\d)"
    r"|\s+(?=so\s+(?:we're|we are|we'll|we've|i'm|i am|i'll|it's|it is|it'll|that's|they're|"
    r"let's)\s[^,.;!?]*(?:\d|\bnow\b|\binstead\b)))",
    _I,
)
_LEAD_STRIP_RE = re.compile(rf"^(?:(?:and|but|so|also|plus|then|or|yet|oh|well|ok|okay|hmm+|{INTERJECTIONS}|"
                            r"now|just|btw|fyi|heads up|anyway|considering(?: that)?|given(?: that)?)\b\s*,?\s*)+",
                            _I)


@dataclass(slots=True)
class Clause:
    """One clause of a sentence, with the separator before it and its label."""

    sep: str  # separator text before the clause
    text: str
    label: str = "ctx"  # req (a request), soft (an aside), cue or ctx (context)
    kind: PatchKind | None = None
    embedded: bool = False  # a request whose statement ("remind me that X") was kept


def clean(sentence: str) -> str:
    """``sentence`` without markup (list markers, emphasis, headings) and extra spaces."""
    s = _MARKUP_RE.sub("", sentence.strip())
    s = re.sub(r"\s+", " ", s).strip().strip("*_>").strip()
    return s


def tidy(text: str) -> str:
    """A fact's note: lead words and trailing punctuation off, the first letter capital."""
    text = strip_lead(text).rstrip(" ,;:-")
    return text[0].upper() + text[1:] if text and text[0].islower() else text


def squash(text: str) -> str:
    """Lowercase words only, for comparing two texts."""
    return re.sub(r"[\W_]+", " ", text.lower()).strip()


# an aside that opens a statement and says nothing of it ("forgot to say, the rent's gone up
# to 1350", "never mind, the limit was raised to 50 GB"): closed by a comma, colon or dash
_ASIDE_LEAD_RE = re.compile(r"^\W*(?:(?:oh|ah|ok(?:ay)?|and|also|so)[\s,]+)*(?:(?:i\s+)?forgot to (?:say|mention|"
                            r"tell you)|just so you know|(?:just\s+)?(?:a\s+)?heads up|by the way|"
                            r"(?P<undo>never\s?mind|nvm))\s*[,:;-]+\s*(?=\S)", _I)


def without_aside(sentence: str) -> str:
    """``sentence`` without an aside that opens it and says nothing of it (see
    ``_ASIDE_LEAD_RE``). "Never mind" stays before an instruction, which it corrects ("nvm,
    say within 48 hours")."""
    m = _ASIDE_LEAD_RE.match(sentence)
    if m is None:
        return sentence
    rest = sentence[m.end():]
    if m.group("undo") and is_base_verb(rest.split(None, 1)[0]):
        return sentence
    return rest


def strip_lead(text: str) -> str:
    """``text`` without conversational openers ("so", "and", "well", "given that")."""
    return _LEAD_STRIP_RE.sub("", text.strip()).strip()


def split_sentences(text: str, semicolons: bool = True) -> list[str]:
    """The sentences of ``text`` (table rows left out); ``semicolons`` also split there."""
    parts = []
    for chunk in (_SENT_SPLIT_RE if semicolons else _SENT_SPLIT_NO_SEMI_RE).split(text):
        chunk = (chunk or "").strip()
        if chunk and not TABLE_ROW_RE.match(chunk):
            parts.append(chunk)
    return parts


# a rule of its own after a comma ("We're a TypeScript shop, no plain JS answers please")
# "the school is nut-free so lunch ideas can't have any nuts": the reason, then the rule
_SO_AFTER_RE = re.compile(r",?\s+so\s+(?!(?:far|much|many|long|that|it|they|i\s+(?:guess|think|suppose))\b)", re.I)
_NO_AFTER_RE = re.compile(
    r",\s+(?=no\s+(?!(?:more|problem|problems|worries|idea|way|doubt|clue|thanks|need|rush|pressure|big|"
    r"one|longer|matter|wonder|offen[cs]e|kidding|joke|chance|luck|pun|decision|plans?|date|reply|"
    r"response|answer|comment|news|word|sign|update|change|shame|regrets?|sweat|biggie|excuses?|hurry|"
    r"stress|surprise|judge?ment|filter|chill)\b)[a-z][\w-]*\s+[a-z])", re.I)


def rule_after_no(sentence: str) -> list[str] | None:
    """The two parts of a sentence that says a rule of its own after a comma and "no"
    ("We're a TypeScript shop" / "no plain JS answers please"), or None; read only when
    the sentence whole states no rule (one rule with its "no" clause stays one)."""
    return _parts_at(sentence, _NO_AFTER_RE.search(sentence))


def rule_after_so(sentence: str) -> list[str] | None:
    """The two parts of a sentence that gives its reason, then "so" and what may be a rule
    ("the school is nut-free" / "lunch ideas can't have any nuts"), or None: never "so"
    that intensifies ("I'm so grateful") or says what a task is for ("refactor this so it
    doesn't hit the db")."""
    m = _SO_AFTER_RE.search(sentence)
    if m is None or is_base_verb(sentence.split()[0].strip(",.").lower()):
        return None
    after = sentence[m.end():].split()
    if not after or is_adjective(after[0].strip(",.").lower()) and after[0].lower() not in _OPENERS:
        return None
    return _parts_at(sentence, m)


# what may open a clause after "so" though the lexicon lists it as an adjective
_OPENERS = frozenset("no only all every any each please".split())


def _parts_at(sentence: str, m: re.Match[str] | None) -> list[str] | None:
    """The sentence split around ``m``, both parts said."""
    if m is None or m.start() == 0 or "from now on" in sentence[: m.start()].lower():
        return None
    head, tail = sentence[: m.start()].strip(), sentence[m.end():].strip()
    return [head, tail] if head and tail else None


# a reason that opens a sentence with what the speaker did, with no comma after it ("after
# seeing the quotes we're raising catering to 11k"): a clause of its own (never "after 6pm
# we're closed", where it holds the value's time)
_DONE_LEAD_RE = re.compile(r"^\W*(?:after|having|once)\s+(?:[a-z]+ing|[a-z]+ed|seen|heard|spoken|read|"
                           r"thought|gone)\b[^,.;:!?\d]{0,50}?(?P<sep>\s+)(?=(?:we're|we are|i'm|i am|we'll|i'll|"
                           r"we've|i've|we|i)\s+(?:\w+\s+)?\w+)", _I)


def split_clauses(sentence: str) -> list[Clause]:
    """The clauses of ``sentence``, each with the separator before it; a correction that
    opens it is a clause of its own ("scratch that, the db is MySQL"), and so is a reason
    of what the speaker did ("after seeing the quotes we're raising ...")."""
    rest, corrected = unlead(sentence)
    if corrected:
        lead = sentence[: len(sentence) - len(rest)]
        first, *others = split_clauses(rest)
        return [Clause("", lead.rstrip(" ,")), Clause(lead[len(lead.rstrip(" ,")):], first.text), *others]
    done = _DONE_LEAD_RE.match(sentence)
    if done is not None:
        first, *others = split_clauses(sentence[done.end():])
        return [Clause("", sentence[:done.start("sep")]), Clause(done.group("sep"), first.text), *others]
    pieces = _CLAUSE_SEP_RE.split(sentence)
    out = [Clause("", pieces[0])]
    for k in range(1, len(pieces) - 1, 2):
        out.append(Clause(pieces[k], pieces[k + 1]))
    return [c for c in out if c.text.strip()]


def join_clauses(clauses: list[Clause]) -> str:
    """A run of clauses joined back into their original text."""
    text = clauses[0].text
    for c in clauses[1:]:
        text += c.sep + c.text
    return text.strip()
