"""The style a reply is asked for: its tone, its grammatical person, its format.

"Write my newsletter in a formal tone" ... "go casual and friendly instead"; "Write the
chapter in first person" ... "actually, third person works better"; "format my notes as
bullet points" ... "write them as short paragraphs instead". A request names its style with
a word of a small closed set, each of one kind, so the request is a setting of that kind
(``tone = formal``) that a later request of the same kind revises, whatever else its words
say. A style word only talked about ("the formal tone reads really stiff", "bullets lose
the connections") asks for nothing: only a word the request puts the reply in ("in a
formal tone", "as bullet points", "go casual", "be casual") is read.
"""

from __future__ import annotations

import re

from .people import PEOPLE

__all__ = ["STYLE_KINDS", "asked_style", "is_style_subject"]

#: kind of style -> the words that name one (a name of several words with "_")
STYLE_KINDS = {
    "tone": "formal informal casual friendly professional conversational playful",
    "narrative person": "first_person second_person third_person",
    "format": "bullet_points bullet_point_list bulleted_list numbered_list short_paragraphs "
                    "paragraphs prose",
    "length": "short shorter brief briefer concise succinct long longer lengthy detailed detail "
              "thorough in-depth",
}
_KINDS = tuple(STYLE_KINDS)
_KIND_OF = {w.replace("_", " "): kind for kind, words in STYLE_KINDS.items() for w in words.split()}
_TERMS = "|".join(sorted((re.escape(t) for t in _KIND_OF), key=len, reverse=True))
# the words of length are words of every day ("in the long run", "in more detail", "into
# shorter intervals"): read only where a request sets them
_LENGTH_TERMS = "|".join(sorted((re.escape(t) for t, k in _KIND_OF.items() if k == "length"),
                                key=len, reverse=True))
_NAMED_TERMS = "|".join(sorted((re.escape(t) for t, k in _KIND_OF.items() if k != "length"),
                               key=len, reverse=True))
# what is written, whose style a request may set ("keep the summaries short"; never "make the
# deadline longer")
_WRITTEN = (r"answers?|replies|reply|responses?|summar(?:y|ies)|explanations?|emails?|messages?|posts?|"
            r"captions?|descriptions?|paragraphs?|sentences?|notes|lists?|intros?|bios?|tone|language|"
            r"writing|style|wording|copy|text|comments?|docs|documentation|examples?|feedback|updates?|"
            r"reports?|letters?|cover letters?|stories|story|chapters?|scripts?|articles?")
_DEGREE = (r"\s+(?:a\s+|an\s+|more\s+|the\s+)?(?:(?:super|very|really|extra|fully|quite|pretty|much more|"
           r"a bit more|a bit|slightly|nice and)\s+)?")
_NOT_TALKED_OF = r"\b(?!\s+(?:is|are|was|were|reads?|feels?|looks?|sounds?|lose|loses)\b)"
# the style a request puts the reply in: after "in (a)", "as", "go", "be", "use", "switch to",
# or opening the sentence after a correction ("actually, third person works better"); a
# length only after "keep it", "be", "make the summaries", "go into", "I'd like"
_ASKED_RE = re.compile(
    rf"\b(?:in|as|into|go|be|use|using|switch to|stick to|keep it|keep them|make it|make them)"
    rf"{_DEGREE}(?:[a-z][\w-]*\s+(?:and|or)\s+)??(?P<term>{_NAMED_TERMS}){_NOT_TALKED_OF}"  # ("more relaxed and casual")
    rf"|\b(?:be|keep it|keep them|make it|make them|go into|(?:i'd|i would|i'd much)\s+(?:like|prefer|rather have)|"
    # "keep the tone professional", "make the summaries more detailed"
    rf"(?:keep|make)\s+(?:the|your|my|our|all)\s+(?:[a-z]+\s+)?(?:{_WRITTEN}))"
    rf"{_DEGREE}(?P<kept>{_TERMS}){_NOT_TALKED_OF}"
    rf"|^\W*(?:(?:actually|no|ok(?:ay)?|hmm+|wait)\W+)*(?=\S+(?:\s+\S+)?"
    rf"\s+(?:works? better|is better|please|instead|where possible|when possible|if possible|"
    rf"throughout|from now on)\b)(?P<lead>{_TERMS}){_NOT_TALKED_OF}"
    # "Casual is fine", "longer, more detailed answers are fine now": a style allowed
    rf"|\b(?P<fine>{_NAMED_TERMS})\b(?:\s+[a-z]+)?\s+(?:is|are)\s+(?:fine|ok(?:ay)?|good|better|great|preferred)\b"
    rf"|\b(?P<lfine>{_LENGTH_TERMS})\s+(?:{_WRITTEN})\s+(?:is|are)\s+(?:fine|ok(?:ay)?|good|better|great|preferred)\b",
    re.I)
_TERM_RE = re.compile(rf"\b(?:{_TERMS})\b", re.I)  # a style word at all (most sentences have none)
# a style of two words of one kind, said alone ("casual but professional", "friendly and formal")
_BOTH_RE = re.compile(rf"\W*(?:(?:ok(?:ay)?|lol|hmm+|actually|no|nah|just)\W+)*(?:(?:more|a bit more|bit more)\s+)?"
                      rf"(?P<a>{_TERMS})\s+(?P<how>but|and|yet)\s+(?:still\s+)?(?P<b>{_TERMS})"
                      rf"(?:\s+(?:please|pls|instead|then|now))?\W*", re.I)
_NOT_ASKED_RE = re.compile(r"\?|\b(?:if|whether|would|could|might|maybe|said|says|told)\b"
                           # one reply only: "keep it short this time", "just this once"
                           r"|\b(?:this time|(?:just )?this once)\b"
                           # the user's own writing: "Sure, I'll keep it short and natural"
                           r"|\b(?:i|we)(?:'ll|'m going to| will| am going to| can| could)\s+(?:try to\s+)?"
                           r"(?:keep|make|write|go|be)\b"
                           # another person's own style: "My boss writes in a really casual tone"
                           rf"|^\W*(?:my|our|his|her|their)\s+(?:\w+\s+)?(?:{PEOPLE})\s+(?!should|must|needs?|"
                           r"has to|have to|can|is|are)[a-z]+s\b", re.I)


# what the style is asked of: "write my emails in ...", "emails to my manager should be ..."
_OBJECT_RE = re.compile(
    r"^\W*(?:please\s+)?(?:(?:write|format|draft|do|put|give me|send)\s+(?:me\s+)?(?:(?:my|the|our|your|all|"
    r"these|those|this)\s+)?(?P<obj>[a-z]+(?:\s+[a-z]+){0,3}?)\s+(?:in|as|into)\b|(?:(?:my|the|our|all|your)\s+)?"
    r"(?P<subj>[a-z]+(?:\s+[a-z]+){0,3}?)\s+(?:should|must|need to|needs to|has to|have to|can)\s+be\b)", re.I)
# what a style is kept or made in ("keep the summaries short", "I'd like longer explanations")
_KEPT_OBJECT_RE = re.compile(
    rf"^\W*(?:please\s+)?(?:(?:keep|make)\s+(?:the|your|my|our|all)\s+(?P<obj>[a-z]+)\s+(?:[a-z]+\s+)?"
    rf"(?:{_TERMS})\b|(?:i'd|i would)\s+(?:like|prefer)\s+(?:more\s+)?(?:{_TERMS})\s+(?P<subj>{_WRITTEN})\b)", re.I)
_AUDIENCE_RE = re.compile(r"\b(?:to|for)\s+(?:my|our|the)\s+(?P<who>[a-z]+)\b", re.I)
_NO_OBJECT = frozenset("it them that this everything things you we i reply replies answer answers "
                       "response responses tone length format style writing me".split())


def asked_style(text: str) -> tuple[str, str] | None:
    """(subject, style) of the one style ``text`` asks a reply to be in, or None (none, a
    question or supposition, or two kinds at once). The subject is the kind of style, after
    what it is asked of when the request names that ("emails to my manager tone")."""
    if not _TERM_RE.search(text) or _NOT_ASKED_RE.search(text):
        return None
    both = _BOTH_RE.fullmatch(text)
    if both and _KIND_OF[both.group("a").lower()] == _KIND_OF[both.group("b").lower()]:
        # "casual but professional": one style of two words, the whole of what is said
        return _KIND_OF[both.group("a").lower()], f"{both.group('a')} {both.group('how')} {both.group('b')}".lower()
    said = [next(g for g in m.groups() if g).lower() for m in _ASKED_RE.finditer(text)]
    found = {(_KIND_OF[t], t) for t in said}
    if len({kind for kind, _ in found}) != 1:
        return None
    kind, style = _KIND_OF[said[0]], said[0]  # ("longer, more detailed answers": the first)
    m = _OBJECT_RE.match(text) or _KEPT_OBJECT_RE.match(text)
    obj = (m.group("obj") or m.group("subj") or "").lower() if m else ""
    if obj and not set(obj.split()) & _NO_OBJECT:
        return f"{obj} {kind}", style
    # "replies to my team can be casual", "when you draft replies to my boss keep them
    # formal": the style of what goes to them
    to = _AUDIENCE_RE.search(text)
    return (f"{to.group('who').lower()} {kind}" if to else kind), style


def is_style_subject(subject: str | None) -> bool:
    """A subject :func:`asked_style` gave: a kind of style, maybe after what it is of."""
    return subject is not None and subject.endswith(_KINDS)
