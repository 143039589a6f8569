"""Revisions stated as "from A to B": the old value and the new one as two facts.

"Increase the seats from 5 to 12" becomes "seats = 5 seats" followed by "Increase the
seats to 12" (value 12 seats) in the same slot, so the store's lineage carries the old
value ("(was 5)") and no line shows it as if it were current.
"""

from __future__ import annotations

import re

from ..patch import Fact, PatchKind, Turn
from ..slots import name_category
from ..values import parse_value, split_number_unit
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
    r"have to|about to)\s+)*(?:(?:" + REVISION_VERBS + r")(?:\s+|$))?", _I)
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
    pre = SUBJ_NOISE_RE.sub("", GOAL_LEAD_RE.sub("", strip_lead(core[: m.start()]) + " "))
    pre = _FT_VERB_LEAD_RE.sub("", pre.strip())
    pre = _FT_VERB_TAIL_RE.sub("", pre).strip(" ,;:-")
    verbs = list(re.finditer(rf"\b(?:{REVISION_VERBS})\b", pre, _I))
    if verbs and pre[verbs[-1].end():].strip():
        pre = pre[verbs[-1].end():].strip()  # "adding indexes reduced the query time"
    pre = re.sub(r"^(?:the|our|my|a|an)\s+", "", pre, flags=_I)
    subject = pre if pre and len(pre.split()) <= 8 and pre.lower().split()[0] not in PRONOUN_SUBJ \
        and content_words(pre) - BAD_EDGE and not _POINTS_RE.search(pre) else (name_category(old) or name_category(new))
    if not subject:
        return []
    op = "="
    if re.fullmatch(r"[\d.,]+", old) and re.fullmatch(r"[\d.,]+", new) \
            and re.fullmatch(r"[a-z]+s", subject):
        old, new = f"{old} {subject}", f"{new} {subject}"  # "seats from 5 to 12": 5 seats
    cut = tidy(re.sub(r"\s*\bfrom\s+" + re.escape(m.group("old")) + r"(?=\s+to\b)", "", text,
                      count=1, flags=_I))
    if VALUES.match(old) and VALUES.match(new):
        new_text = split_number_unit(new)
        new_v, old_v = parse_value(new_text), parse_value(old)
        if new_v.scope and not old_v.scope and old_v.dimension == new_v.dimension[5:]:
            old = f"{old} {new_text.split(None, 1)[1]}"  # "from $65 to $75 an hour": $65 an hour
        return [new_fact(turn, kind, f"{subject} = {old}", slot=subject, op=op, value=old),
                new_fact(turn, kind, cut, slot=subject, op=op, value=new)]
    # names: the slot rules read them from the text, and know "Kafka" is a message queue
    return [new_fact(turn, kind, f"{subject} = {old}", slot=subject),
            new_fact(turn, kind, cut, slot=subject)]
