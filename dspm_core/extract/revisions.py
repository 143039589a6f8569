"""Revisions stated as "from A to B": the old value and the new one as two facts.

"Increase the seats from 5 to 12" becomes "seats = 5 seats" followed by "Increase the
seats to 12" (value 12 seats) in the same slot, so the store's lineage carries the old
value ("(was 5)") and no line shows it as if it were current.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..lexicon import is_noun
from ..patch import EARLIER, Fact, PatchKind, Turn
from ..places import is_place
from ..slots import name_category, parse_statement
from ..values import ParsedValue, parse_value, split_number_unit
from .clauses import strip_lead, tidy
from .cues import REVISION_VERBS, VALUES
from .settings import (
    BAD_EDGE,
    GOAL_LEAD_RE,
    PRONOUN_SUBJ,
    SUBJ_NOISE_RE,
    content_words,
    new_fact,
)

_I = re.I

_FROM_TO_SPLIT_RE = re.compile(r"\bfrom\s+(?P<old>(?:[^,;]|,(?=\d{3}))+?)\s+to\s+"
                               r"(?P<new>(?:[^,;]|,(?=\d{3}))+)", _I)  # "£1,025" is one number
_FT_VERB_LEAD_RE = re.compile(
    r"^(?:(?:let's|let us|please|we(?:'re| are|'ll| will| should| need to)?|i(?:'m| am|'ll| will| want to|"
    r"'d like to)?|go ahead and|can we|trying to|going to|want to|plan to|planning to|need to|"
    r"have to|about to)\s+)*(?:(?:" + REVISION_VERBS + r")(?:\s+away)?(?:\s+|$))?", _I)
_FT_VERB_TAIL_RE = re.compile(
    r"\s+(?:(?:was|were|is|are|has been|have been|got|will be|should be)\s+)?(?:"
    + REVISION_VERBS + r")?\s*$", _I)


def _value_phrase(fragment: str) -> str:
    """The value at the start of a "from A to B" part: a number with its unit, a date, or a
    name ("PostgreSQL 15 on Render.com" -> "PostgreSQL 15")."""
    frag = fragment.strip().rstrip(".!?")
    vm = VALUES.match(frag)
    if vm:
        return split_number_unit(frag) if frag[:1].isdigit() or frag[:1] in "$€£" else vm.group(0)
    frag = re.sub(r"^(?:the|a|an|our|my)\s+", "", frag, flags=_I)
    nm = re.match(r"(?-i:[A-Z])[\w.+#-]*(?:\s+(?:v?\d[\w.]*|(?-i:[A-Z])[\w.+#-]*))*", frag)
    if nm:
        return nm.group(0)
    words = frag.split()
    return " ".join(words[:3]) if 0 < len(words) <= 3 else ""


_YEAR_RE = re.compile(r"(?:19|20)\d\d")


_POINTS_RE = re.compile(r"\b(?:it|that|this)\b", _I)  # "landlord's putting it up": no name

# A word that says a value changed: a verb of change ("lower", "switched", "bumping",
# "upped"), a verb of an amount that came to another ("went", "grew", "fell", "doubled"),
# "up" or "down" said of it ("weekly mileage is up from 15 to 22"), "now" or "instead".
# Without one, "from A to B" is a span ("office hours are from 9 to 5", "prices range from
# 10 to 20 dollars", "I'm flying from London to Paris"), and "set" or "make" give a span
# as the value ("set quiet hours from 10pm to 7am").
_CHANGED_RE = re.compile(
    r"\b(?:chang(?:e|es|ed|ing)|rais(?:e|es|ed|ing)|lower(?:s|ed|ing)?|"
    r"(?:in|de)creas(?:e|es|ed|ing)|reduc(?:e|es|ed|ing)|bump(?:s|ed|ing)?|mov(?:e|es|ed|ing)|"
    r"push(?:es|ed|ing)?|shift(?:s|ed|ing)?|switch(?:es|ed|ing)?|(?:up|down)grad(?:e|es|ed|ing)|"
    r"adjust(?:s|ed|ing)?|extend(?:s|ed|ing)?|shorten(?:s|ed|ing)?|cut(?:s|ting)?|revis(?:e|es|ed|ing)|"
    r"drop(?:s|ped|ping)?|reschedul(?:e|es|ed|ing)|postpon(?:e|es|ed|ing)|delay(?:s|ed|ing)?|"
    r"migrat(?:e|es|ed|ing)|convert(?:s|ed|ing)?|swap(?:s|ped|ping)?|replac(?:e|es|ed|ing)|"
    r"went|gone|going|grew|grow(?:s|n|ing)?|rose|ris(?:e|es|en|ing)|fell|fall(?:s|en|ing)?|"
    r"jump(?:s|ed|ing)?|climb(?:s|ed|ing)?|doubl(?:e|es|ed|ing)|tripl(?:e|es|ed|ing)|"
    r"halv(?:e|es|ed|ing)|trim(?:s|med|ming)?|boost(?:s|ed|ing)?|lift(?:s|ed|ing)?|improv(?:e|es|ed|ing)|"
    r"up(?:s|ped|ping)|dip(?:s|ped|ping)?|slipped|sank|soared|shr[au]nk|expand(?:s|ed|ing)?|"
    r"scal(?:e|es|ed|ing)|ramp(?:s|ed|ing)?|crank(?:s|ed|ing)?|dial(?:s|led|ed|ling|ing)?|"
    r"stretch(?:es|ed|ing)?|tighten(?:s|ed|ing)?|loosen(?:s|ed|ing)?|br(?:ing|ings|ought)|"
    r"(?:is|are|'s|'re|was|were)\s+(?:up|down)|now|instead)\b(?:\s+(?:up|down|back)\b)?", _I)
# verbs of change that are also names of things ("my shift is from 7 to 3", "the rating
# scale goes from 1 to 10", "change the retry delay from 2 to 1 seconds"): a verb only where an instruction or its doer puts it ("scale
# prod from 4 to 6", "we shift standup from 9 to 9:30"); "the move from Austin to Denver"
# is a change either way
_THING_NOUNS = frozenset("shift scale dial lift ramp trim crank delay".split())
_VERB_PLACE_RE = re.compile(r"(?:^|(?:\b(?:i|we|you|they|he|she|to|please|let's|and|then|"
                            r"will|'ll|can|could|should|must|would|might|may|just|also)|[.,;:!?])\s+)$", _I)


# the auxiliaries left before a verb of change: "my accuracy has (improved)"
_AUX_TAIL_RE = re.compile(r"(?:\s+(?:has|have|had|is|are|was|were|be|been|being|got|gets|will|"
                          r"would|should|can|could|did|does|do|just|already|finally|really|"
                          r"also|even|slowly|gradually)|'s|'ve|'d|'ll)+\s*$", _I)


def _names_thing(text: str, m: re.Match[str]) -> bool:
    return m.group(0).lower() in _THING_NOUNS and not _VERB_PLACE_RE.search(text, 0, m.start())


# going somewhere: "we went from Rome to Florence by train" is a journey, not a change
_JOURNEY_RE = re.compile(r"\b(?:went|gone|going)\b", _I)


def _says_change(text: str, old: str, new: str) -> bool:
    """Whether "from ``old`` to ``new``" in ``text`` says a value changed (see _CHANGED_RE)."""
    found = [m for m in _CHANGED_RE.finditer(text) if not _names_thing(text, m)]
    if not found:
        return False
    if all(_JOURNEY_RE.fullmatch(m.group(0)) for m in found) and (is_place(old) or is_place(new)):
        return False
    return True


def _said_in_unit(text: str, value: ParsedValue) -> bool:
    """A number said with a unit, a time of day or a frequency ("25 minutes", "4 pm", "5
    times a week"), its unit a word apart: a bare number before it ("from 40 to 25 minutes")
    is in the same unit. (Not a word that is no unit: "30 every morning".)"""
    if value.dimension == "number" or not text[:1].isdigit() or " " not in text:
        return False
    unit = text.split(None, 1)[1].split()[0]
    return value.dimension in ("clock", "frequency") or is_noun(unit.lower())


_OF_THING_RE = re.compile(r"\s*of\s+(?:(?:my|our|the|your)\s+)?(?P<thing>[a-z][a-z-]+)\b", _I)


def _thing_after(part: str, value: str) -> str | None:
    """What an amount said after "to" is of, when the sentence names nothing else: "I've
    gone from 10 to 15 minutes of meditation a day" is the meditation's."""
    at = part.lower().find(value.lower())
    m = _OF_THING_RE.match(part, at + len(value)) if at >= 0 else None
    return m.group("thing") if m and is_noun(m.group("thing").lower()) else None


def from_to_facts(turn: Turn, kind: PatchKind, text: str, core: str) -> list[Fact]:
    """"Increase the seats from 5 to 12": the earlier value as one fact, then the new one
    with its note cut to "Increase the seats to 12", so the store's lineage carries the
    old value ("(was 5)") and no line shows it as if it were current."""
    m = _FROM_TO_SPLIT_RE.search(core)
    if not m:
        return []
    old, new = _value_phrase(m.group("old")), _value_phrase(m.group("new"))
    if not old or not new or old.lower() == new.lower():
        return []
    if _YEAR_RE.fullmatch(old) and _YEAR_RE.fullmatch(new):
        return []  # "12 projects from 2010 to 2023": a span of years, not a change
    if not _says_change(core, old, new):
        return []  # "office hours are from 9 to 5": a span
    pre = SUBJ_NOISE_RE.sub("", GOAL_LEAD_RE.sub("", strip_lead(core[: m.start()]) + " "))
    pre = _FT_VERB_LEAD_RE.sub("", pre.strip())
    pre = _FT_VERB_TAIL_RE.sub("", pre).strip(" ,;:-")
    verbs = [v for v in _CHANGED_RE.finditer(pre) if not _names_thing(pre, v)]
    if verbs and pre[verbs[-1].end():].strip():
        pre = pre[verbs[-1].end():].strip()  # "adding indexes reduced the query time"
    elif verbs:  # "screen time is down", "my accuracy has improved": what changed
        pre = _AUX_TAIL_RE.sub("", pre[: verbs[-1].start()]).strip(" ,;:-")
    pre = re.sub(r"^(?:the|our|my|a|an)\s+", "", pre, flags=_I)
    subject = pre if pre and len(pre.split()) <= 8 and pre.lower().split()[0] not in PRONOUN_SUBJ \
        and content_words(pre) - BAD_EDGE and not _POINTS_RE.search(pre) \
        else (name_category(old) or name_category(new) or _thing_after(m.group("new"), new))
    if not subject:
        return []
    op = "="
    if re.fullmatch(r"[\d.,]+", old) and re.fullmatch(r"[\d.,]+", new) \
            and re.fullmatch(r"[a-z]+s", subject):
        old, new = f"{old} {subject}", f"{new} {subject}"  # "seats from 5 to 12": 5 seats
    cut = tidy(re.sub(r"\s*\b(?:away\s+)?from\s+" + re.escape(m.group("old")) + r"(?=\s+to\b)", "", text,
                      count=1, flags=_I))
    if VALUES.match(old) and VALUES.match(new):
        new_text = split_number_unit(new)
        new_v, old_v = parse_value(new_text), parse_value(old)
        if new_v.scope and not old_v.scope and old_v.dimension == new_v.dimension[5:] \
                or old_v.dimension == "number" and _said_in_unit(new_text, new_v):
            # "from $65 to $75 an hour": $65 an hour; "from 40 to 25 minutes": 40 minutes
            old = f"{old} {new_text.split(None, 1)[1]}"
        return [replace(new_fact(turn, kind, f"{subject} = {old}", slot=subject, op=op, value=old),
                        source=EARLIER),
                new_fact(turn, kind, cut, slot=subject, op=op, value=new)]
    # names: the slot rules read them from the text, and know "Kafka" is a message queue;
    # where they read none ("we're migrating our CI to GitHub Actions"), the name said after
    # "to" is the new value, as the earlier one is the one after "from"
    read = parse_statement(cut).value is not None or not _a_name(new) \
        or not _CHOICE_MOVED_RE.search(core[: m.start()])
    return [replace(new_fact(turn, kind, f"{subject} = {old}", slot=subject), source=EARLIER),
            new_fact(turn, kind, cut, slot=subject) if read
            else replace(new_fact(turn, kind, cut, slot=subject, op="=", value=new), replaces=old)]


# a choice moved from one name to another ("migrating our CI from ...", "moved my blog
# from ..."), never a piece of work done to a thing ("convert the temperatures from ...")
_CHOICE_MOVED_RE = re.compile(r"\b(?:migrat|mov|switch|chang|port|transferr?|upgrad|downgrad)\w*\b", _I)


def _a_name(value: str) -> bool:
    """``value`` reads as a name said after "to": a name of a known kind, or a few words
    that open with a capital and hold no number ("GitHub Actions", never "by June 15")."""
    return name_category(value) is not None or value[:1].isupper() and len(value.split()) <= 3 \
        and not any(c.isdigit() for c in value)
