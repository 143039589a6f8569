"""When something is due, closes or runs out, and that day moved by someone's leave.

"They gave us until Monday for the grant.", "We now have until the 14th for the report.",
"My tutor gave me an extension to Monday.", "My visa runs out in May.", "My visa got
extended until November.": the day is the value of a deadline (of what "for" names, else of
the setting spoken of last) or of the thing's expiry. Read as they are, "until Monday" is a
bound and "runs out in May" no setting at all, so the deadline said before kept its day.

Not a deadline of the speaker's: someone else's ("Another team got until Monday"), a
question ("Could we ask for until 6pm?") or a supposition ("If I renew them ...").
"""

from __future__ import annotations

import re

__all__ = ["DUE_CUE_RE", "due_said"]

_I = re.I
#: a word every form has (a cheap test before the patterns)
DUE_CUE_RE = re.compile(r"\b(?:until|till|til|extension|runs? out|ran out|expires|lapses|ends|valid|"
                        r"extended|renewed|runs|due)\b", _I)
# what the day may be followed by: what it is for ("for the grant", "on the report")
_FOR = r"(?:\s+(?:for|on|with)\s+(?P<x>(?:the|my|our|this|that)\s+[\w-]+(?:\s+[\w-]+){0,2}?))?"
_END = r"(?:\s+(?:now|instead|too|then|after all))?\W*$"
_DAY = r"(?P<v>(?:the\s+)?[\w:]+(?:\s+(?:[\w:]+|of\s+\w+)){0,2}?)"
_FORMS = (
    # "They gave us until Monday for the grant", "the client's given me till Friday"
    re.compile(r"\b(?:gave|given|give|giving|granted|offered|allowed)\s+(?:me|us)\s+(?:an?\s+extension\s+|"
               r"(?:an?\s+)?extra\s+\w+\s+)?(?:until|till|til|to|through)\s+" + _DAY + _FOR + _END, _I),
    # "We now have until the 14th for the report", "client says we've got until 6pm"
    re.compile(r"\b(?:we|i)(?:'ve|'ll| have| will)?\s+(?:now\s+|still\s+)?(?:got|have|get)\s+(?:now\s+)?"
               r"(?:until|till|til)\s+" + _DAY + _FOR + _END, _I),
    # "My tutor gave me an extension to Monday", "I got an extension until the 28th"
    re.compile(r"\b(?:an?|the|my|our)\s+extension\s+(?:to|until|till|through)\s+" + _DAY + _FOR + _END, _I),
)
# "My visa runs out in May", "the lease ends on 31 August", "the permit is valid until June",
# "the car's MOT is due in August",
# "My visa got extended until November", "the offer's been extended to Friday"
_EXPIRY_RE = re.compile(
    r"^\W*(?:(?:so|and|also|oh|btw|fyi)[,\s]+)*(?P<x>(?:my|our|the)\s+[\w'-]+(?:\s+[\w-]+){0,2}?)\s+"
    r"(?:(?:runs|ran|run)\s+out|expires|lapses|ends|is\s+valid|'s\s+valid|runs|is\s+good|(?:is|'s|are)\s+due(?=\s+(?:in|on)\b)|"
    r"(?:got|gets|has\s+been|have\s+been|was|were|is|are|'s)\s+(?:extended|renewed))\s+"
    r"(?:in|on|at|by|until|till|to|through)\s+" + _DAY + _END, _I)
# not the speaker's own deadline: a question, a supposition, someone else's
_NOT_OWN_RE = re.compile(r"\?|\b(?:if|would|could|might|maybe|perhaps|another|other|their|theirs|"
                         r"his|hers|her\s+\w+\s+got|friend|colleague)\b", _I)


def due_said(text: str) -> tuple[str | None, str] | None:
    """(what the day is of, or None for the setting spoken of, the day) when ``text`` gives
    a deadline or an expiry in one of these forms; None otherwise."""
    if _NOT_OWN_RE.search(text):
        return None
    m = _EXPIRY_RE.match(text.strip())
    if m is not None:
        return re.sub(r"^(?:my|our|the)\s+", "", m.group("x"), flags=_I), m.group("v")
    for pattern in _FORMS:
        m = pattern.search(text)
        if m is not None:
            x = m.group("x")
            return (f"deadline for {x}" if x else None), m.group("v")
    return None
