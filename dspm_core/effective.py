"""When a value takes effect: "from Monday", "starting next month", "as of today".

"The office door code will be 7390 from Monday.", "Starting next month, team lunch is on
Thursdays.", "As of this quarter the sprint length is 3 weeks.", "Effective 1 July,
invoices are due within 14 days.": the day a value holds from is no part of the setting's
name and no value of it. Said with a value, it marks a change of the setting (the value
held until then is the earlier one); :func:`effect_said` cuts it out so that the rest is
read as any statement of the setting.

Not a day a value holds from: the start of a span ("from Monday to Friday", "from 9 to
5"), an old value ("from $80 to $95", "moved from Tuesday"), or a day that only says when
something happened ("I've been vegetarian since March").
"""

from __future__ import annotations

import re

from .values import MONTHS, WEEKDAYS

__all__ = ["EFFECT_CUE_RE", "effect_said", "without_effect"]

_MONTH = "|".join(sorted((m for m in MONTHS if len(m) > 3 or m == "may"), key=len, reverse=True))
_DAY = "|".join(sorted(WEEKDAYS, key=len, reverse=True))
_PERIOD = r"week|month|quarter|year|term|semester|sprint|season|weekend|release|cycle|pay ?period"
_ORDINAL = r"\d{1,2}(?:st|nd|rd|th)?"
_WHEN = (
    r"(?:today|tonight|tomorrow|now(?!\s+on\b)|immediately|right away|the new year|"
    rf"(?:next|this|the next|the coming|the new)\s+(?:{_PERIOD})|"
    rf"(?:next|this|the coming)\s+(?:{_DAY})s?|"
    rf"(?:on\s+)?(?:{_DAY})s?(?:\s+{_ORDINAL})?|"
    rf"(?:in\s+|early\s+|mid[- ]|late\s+)?(?:{_MONTH})(?:\s+{_ORDINAL}(?!\d))?|"
    rf"the\s+{_ORDINAL}(?:\s+of\s+(?:{_MONTH}|the month|next month))?|"
    rf"{_ORDINAL}\s+(?:of\s+)?(?:{_MONTH})|"
    r"\d{4}-\d{2}-\d{2}|q[1-4])"
)
_CUE = r"(?:from|starting(?:\s+from)?|as of|as from|effective(?:\s+from)?|beginning|commencing)"
# never the start of a span or a move: "from Monday to Friday", "from May until June"
_NOT_SPAN = r"(?!\s*(?:to|until|till|through|thru|-|–|and)\b)"
_LEAD_RE = re.compile(rf"^(?P<cue>\W*{_CUE}\s+{_WHEN}){_NOT_SPAN}\s*,?\s+(?P<rest>.+)$", re.I)
# (before the clause that follows too: "i've gone vegan as of this week so no fish")
_TAIL_RE = re.compile(rf"(?P<cue>,?\s+{_CUE}\s+{_WHEN}){_NOT_SPAN}(?=\s*(?:[,.;!?)]|$)|\s+(?:so|and|but|because)\s)", re.I)
_EFFECTIVE_NOW_RE = re.compile(r"^\W*effective (?:immediately|now|today)\s*,?\s+(?P<rest>.+)$", re.I)
# a move said in the rest makes "from <day>" its old value ("moved from Tuesday")
_MOVED_RE = re.compile(r"\b(?:moved|moving|move|changed|changing|switched|switching|shifted|"
                       r"pushed|brought|went|gone|going|come|came|up|down)\s*$", re.I)


#: a word every day of effect is said with (a cheap test before the patterns)
EFFECT_CUE_RE = re.compile(r"\b(?:from|starting|as of|as from|effective|beginning|commencing)\b", re.I)


def without_effect(text: str, lead_only: bool = False) -> str:
    """``text`` without the day its value takes effect; ``text`` itself when it names none
    (or, with ``lead_only``, when the day does not open it)."""
    said = effect_said(text) if EFFECT_CUE_RE.search(text) else None
    if said is None or lead_only and not _LEAD_RE.match(text) and not _EFFECTIVE_NOW_RE.match(text):
        return text
    return said[0]


def effect_said(text: str) -> tuple[str, str] | None:
    """(``text`` without the day its value takes effect, that day's words), or None when
    ``text`` names no such day."""
    m = _EFFECTIVE_NOW_RE.match(text) or _LEAD_RE.match(text)
    if m is not None:
        rest = m.group("rest").strip()
        return (_as_level(rest[:1].upper() + rest[1:]), text[: m.start("rest")].strip(" ,")) \
            if rest else None
    for m in _TAIL_RE.finditer(text):
        if _MOVED_RE.search(text, 0, m.start()):
            continue  # "the class moved from Tuesday": its old day
        rest = (text[: m.start()] + text[m.end():]).strip()
        return (_as_level(rest), m.group("cue").strip(" ,")) if rest else None
    return None


def _as_level(rest: str) -> str:
    """``rest`` with a level that will change said as the level it comes to: with a day of
    effect, "the bus pass goes up to $95" is the pass's new price, not a bound of it."""
    return _WILL_GO_RE.sub(" is ", rest, count=1)


# "goes up to", "will rise to", "is going down to", "drops to": a level that will change
_WILL_GO_RE = re.compile(r"\s+(?:(?:will|'ll|is going to|are going to)\s+(?:go|rise|drop|fall|climb|jump|"
                         r"increase|decrease|come|be going)(?:\s+(?:up|down))?|(?:is|are)\s+going\s+"
                         r"(?:up|down)|(?:goes|go|rises|drops|falls|climbs|jumps|increases|decreases|comes)"
                         r"(?:\s+(?:up|down))?)\s+to\s+(?=[$€£]?\d)", re.I)
