"""Where a thing is sent, or who handles it: "The weekly summary goes to Priya.",
"Receipts go to expenses@tallyho.io", "Invoices should go straight to Dana Lee", "Send the
weekly report to Luis instead", "enterprise escalations are handled by Marcus now". A
setting of its own (the thing's recipient), so that a new recipient said either way
revises it.

So is the channel a thing goes out by: "notifications go out by email", "the bot posts
daily digests to slack", "we reach customers over WhatsApp" (:func:`channel_said`), a known
channel (:mod:`dspm_core.known_names`) in any case; "sms instead" then revises it.

The recipient is a name (capitalised) or an email address. A thing sent once ("send this
to Tom", "send the file to Priya") is no setting: "it", "this" and "that" name no thing,
and the imperative form holds only for a thing that recurs ("weekly", "monthly", "all",
"every") or with a word of change ("instead", "from now on", "now").
"""

from __future__ import annotations

import re
from functools import lru_cache

from .known_names import names_pattern

__all__ = ["channel_said", "recipient_said"]

# (a reason before a comma may lead the clause: "Dana's on leave till June, send press
# stuff to Marco instead")
_LEAD = r"^(?:[^,;]{1,60}[,;]\s+)?(?:(?:so|and|also|btw|fyi|ok(?:ay)?|actually|please)[,\s]+)*"
_WHO = (r"(?P<who>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?(?<!'s)|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)")
_CHANGE = r"(?P<change>\s+(?:instead|from now on|going forward|now|these days|from today))?"
_NOT_A_THING = r"(?!(?:it|that|this|these|those|he|she|they|we|i|you|everything|anything)\b)"
# "<thing> goes to <who>", "<thing> is handled by <who>"
_GOES_TO_RE = re.compile(
    _LEAD + r"(?:(?:the|our|my|all|any)\s+)?" + _NOT_A_THING
    + r"(?P<thing>(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+(?:(?:go|goes|should go|needs? to go|gets? sent|"
    r"(?:is|are|should be) sent|gets? forwarded|(?:is|are|should be) forwarded)\s+"
    r"(?:straight\s+|directly\s+)?to"
    r"|(?:is|are|will be|should be|get|gets)\s+(?:handled|dealt with)\s+by)\s+"
    + _WHO + _CHANGE + r"\s*(?:[.!]|,.*)?$", re.I)
# "send <thing> to <who>" (a thing that recurs, or a change of recipient)
_SEND_TO_RE = re.compile(
    _LEAD + r"(?:always\s+)?(?:send|forward|route|email)\s+(?:(?:the|our|my|all|any|every)\s+)?"
    + _NOT_A_THING + r"(?P<thing>(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+to\s+" + _WHO + _CHANGE
    + r"\s*(?:[.!]|,.*)?$", re.I)
# a word every form has
_GATE_RE = re.compile(r"\b(?:go|goes|sent|send|forward|forwarded|route|email|handled|dealt)\b", re.I)
_RECURS_RE = re.compile(r"\b(?:daily|weekly|fortnightly|monthly|quarterly|yearly|annual|all|every|each|"
                        r"any)\b", re.I)


@lru_cache(maxsize=8192)
def recipient_said(text: str) -> tuple[str, str, bool] | None:
    """(the thing, its recipient, whether said as a change), or None."""
    t = text.strip()
    if not _GATE_RE.search(t):
        return None
    m = _GOES_TO_RE.match(t)
    if m is None:
        m = _SEND_TO_RE.match(t)
        if m is None or not (m.group("change") or _RECURS_RE.search(m.group(0)[:m.start("who")])):
            return None
    thing = m.group("thing").strip()
    return thing, m.group("who"), bool(m.group("change"))


_CHANNEL = rf"(?P<channel>{names_pattern('channel')})"
# "<thing> go out by email", "<thing> are sent via Slack", "the bot posts <thing> to slack",
# "we notify customers by SMS"
_BY_CHANNEL_RE = re.compile(
    _LEAD + r"(?:(?:the|our|my|all|any)\s+)?" + _NOT_A_THING
    + r"(?P<thing>(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+(?:go(?:es)?(?:\s+out)?|(?:is|are|get|gets|should be)\s+"
    r"(?:sent|posted|delivered|announced|shared)(?:\s+out)?|(?:posts?|sends?|shares?|announces?)\s+(?:[\w'-]+\s+){0,3}?)"
    r"\s*(?:by|via|over|through|on|to|in)\s+" + _CHANNEL + r"\b" + _CHANGE + r"\s*(?:[.!]|,.*)?$", re.I)
_CONTACT_RE = re.compile(
    _LEAD + r"(?:we|i)\s+(?:always\s+|usually\s+|only\s+)?(?:notify|contact|reach|message|update|alert|ping)\s+"
    r"(?P<thing>(?:[\w'-]+\s+){0,2}?[\w'-]+)\s+(?:by|via|over|through|on)\s+" + _CHANNEL + r"\b" + _CHANGE
    + r"\s*(?:[.!]|,.*)?$", re.I)
_CHANNEL_GATE_RE = re.compile(rf"\b{names_pattern('channel')}\b", re.I)


@lru_cache(maxsize=8192)
def channel_said(text: str) -> tuple[str, str, bool] | None:
    """(the thing, the channel it goes out by, whether said as a change), or None."""
    t = text.strip()
    if not _CHANNEL_GATE_RE.search(t):
        return None
    m = _BY_CHANNEL_RE.match(t) or _CONTACT_RE.match(t)
    if m is None:
        return None
    return m.group("thing").strip(), m.group("channel"), bool(m.group("change"))
