"""Names given in a request.

- The name a user asks to be called by: "call me Tom when you write my emails", "please
  address me as Dr. Patel", "my name's Priyanka but call me Pri", "sign my emails as
  Thomas". A setting of its own (what to call the user), so that "use Thomas" or "call me
  Tommy instead" later revises it; never "call me back", "call me later".
- A name given to a thing: "name the repo marble-api" (the repo's name), "call it
  quarry-api" (a new name for the one spoken of), "my character's name is Velka"; never
  "call it a day".
"""

from __future__ import annotations

import re

__all__ = ["CALLED", "INTRODUCED", "called_name", "named_thing"]

#: the subject of the setting
CALLED = "name to call me"

_NOT_A_NAME = ("back|later|tomorrow|tonight|today|now|soon|again|anytime|sometime|asap|maybe|please|"
               "pls|when|if|once|after|before|at|on|in|about|whenever|out|up|over|crazy|old|lazy|"
               "whatever|anything|something|that|this|it")
_CALLED_RE = re.compile(
    r"(?:^|[,;]\s*|\bbut\s+|\band\s+)(?:(?:please|pls|just|always|you can|can you)\s+)*"
    r"(?:call me|address me as|refer to me as|sign (?:off |(?:(?:my|the|all|every|all my)\s+)?[a-z]+\s+)?as)\s+"
    rf"(?P<name>(?-i:[A-Z])[\w'-]*\.?(?:\s+(?-i:[A-Z])[\w'-]*)?|(?!(?:{_NOT_A_NAME})\b)[a-z][\w'-]*"
    r"(?=\s*(?:[,.!;]|$|\s(?:when|for|in|from|on|instead|now|please|pls)\b)))", re.I)


def called_name(text: str) -> str | None:
    """The name ``text`` asks the user to be called by, or None."""
    m = _CALLED_RE.search(text.strip())
    return m.group("name").rstrip(".") if m else None


#: a name given to a thing: a word with a capital, a digit, a hyphen or an underscore in it,
#: or quoted ("marble-api", "Tidewater", "`v2-final`"), never "a day", "quits"
_NAME = (r"[`'\"“]?(?P<name>(?-i:[A-Z])[\w-]*|[a-z0-9][\w.]*[-_0-9][\w.-]*|(?<=[`'\"“])[a-z][\w-]*)"
         r"[`'\"”]?")
_NAMES_THING_RE = re.compile(
    r"^\W*(?:(?:let's|lets|please|pls|ok(?:ay)?|so|and|just|we'll|we will|i'll)\s+)*(?:name|call|title)\s+"
    r"(?:the|my|our|this|that|your)\s+(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+" + _NAME + r"\s*[.!]*$",
    re.I)
_NAMES_IT_RE = re.compile(
    r"(?:^|[.;,]\s*|\bso\s+)\W*(?:(?:let's|lets|please|pls|ok(?:ay)?|just|actually)\s+)*"
    r"(?:call|name|rename|title)\s+(?:it|that|this|them)\s+(?:to\s+)?" + _NAME + r"\s*(?:instead|then|please)?[.!]*$",
    re.I)


#: the things "<thing> is called <name>" introduces, a name to know them by rather than a
#: setting ("our product is called Orbit", "the client is called Acme")
INTRODUCED = ("company|team|client|customer|product|project|app|application|service|startup|repo|"
              "repository|bot|tool|library|package|brand|website|site|game|book|channel|podcast|"
              "newsletter|codename|code name")
_INTRODUCED_RE = re.compile(rf"\b(?:{INTRODUCED})$", re.I)
# "our dog is called Biscuit", "the office wifi network is called Acme-Guest": the name a
# thing of the speaker's has (never someone else's: "my neighbour's cat is called Mittens";
# never a thing introduced)
_THING_CALLED_RE = re.compile(
    r"^\W*(?:(?:btw|oh|and|also|fyi|ok|so)[,\s]+)*(?:(?:my|our|the)\s+(?![\w-]+'s\b)"
    r"(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:is|'s)"
    # "we've got a cocker spaniel called Biscuit", "I have a cat named Luna"
    r"|(?:i|we)(?:'ve|\s+have)?\s+(?:got\s+|have\s+)?(?:a|an)\s+(?:[a-z][\w-]*\s+){0,2}?"
    r"(?P<had>[a-z][\w-]*))\s+(?:called|named)\s+"
    r"(?P<name>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?)"
    r"(?=(?:\s+(?:now|instead|these days|here))?\s*(?:[,.!;]|$))",
    re.I)
# "my character's name is Velka", "our project name is Falcon": the name a thing has (the
# speaker's own, "my name is ...", is a person's, never read here)
_THING_NAME_IS_RE = re.compile(
    r"^\W*(?:(?:btw|oh|and|also|fyi|ok|so)[,\s]+)*(?:my|our|the|his|her|their)\s+(?!name\b)"
    r"(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)(?:'s|s')?\s+name\s+is\s+"
    r"(?P<name>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?)"
    r"(?=(?:\s+(?:now|instead|these days))?\s*(?:[,.!;]|$))",
    re.I)


def named_thing(text: str) -> tuple[str | None, str] | None:
    """(thing, name) of a name given to a thing ("name the repo marble-api": repo,
    marble-api), or (None, name) for one given to what was spoken of ("call it quarry-api"),
    or None."""
    m = _NAMES_THING_RE.match(text.strip())
    if m:
        return m.group("thing").lower(), m.group("name")
    m = _THING_NAME_IS_RE.match(text.strip())
    if m is None:
        m = _THING_CALLED_RE.match(text.strip())
        if m is not None and _INTRODUCED_RE.search(m.group("thing") or m.group("had")):
            m = None  # "our product is called Orbit": a thing introduced
        elif m is not None and m.group("had"):
            return m.group("had").lower(), m.group("name")  # (the noun the name is of)
    if m:
        return m.group("thing").lower(), m.group("name")
    m = _NAMES_IT_RE.search(text.strip())
    return (None, m.group("name")) if m else None
