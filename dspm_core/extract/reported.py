"""A new value given by someone the user defers to: "the vet said two is plenty", "manual
says every three", "the book says 54,000", "the owner wants two full days now".

The frame ("<someone> says ...") is taken off and what follows is read as the user's own
reply. Only a value that points back at a setting is kept (a referent fact the store binds
to the setting of that kind spoken of last): a rule or a fact of its own said by someone
else stays theirs ("my boss said never deploy on fridays" is no rule of the user's).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from ..patch import Fact

__all__ = ["reported_change"]

# "<someone> says/said/reckons/thinks ...": a person or a source, never the speaker
_REPORTED_RE = re.compile(
    # (after a reason of its own: "he's getting old, the vet said two is plenty")
    r"^(?:[^,;]*[,;]\s+)?\W*(?:(?:and|so|oh|ok(?:ay)?|well|but|also|update|fyi|btw)\W+)*"
    r"(?:(?:the|my|our|his|her|their)\s+)?(?!(?:i|we|you|they|it|someone|people|everyone|nobody)\b)"
    r"[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?\s+"
    # (what someone says the value is; what they want only as a change: "the owner wants
    # two full days now", never "my mum wants 120 guests")
    r"(?P<verb>says?|said|reckons?|recommends?|recommended|told\s+(?:me|us)|wants?|needs?|requires?)\s+"
    r"(?:that\s+)?(?P<rest>\S.*)$", re.I)
# a change said with what someone wants ("... now", "... going forward")
_CHANGE_RE = re.compile(r"\b(?:now|going forward|from now on|instead|these days|any ?more|from next \w+)\b", re.I)


def reported_change(part: str, read: Callable[[str], list[Fact]]) -> list[Fact]:
    """The referent facts of what someone is reported to have said in ``part`` (read with
    ``read``), or none."""
    m = _REPORTED_RE.match(part)
    if m is None or m.group("verb").lower().startswith(("want", "need", "requir")) \
            and not _CHANGE_RE.search(m.group("rest")):
        return []
    found = read(m.group("rest"))
    if not found or not all(f.referent and f.value for f in found):
        return []
    return [replace(f, text=part.strip()) for f in found]
