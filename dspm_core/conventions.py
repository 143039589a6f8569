"""Conventions declared as how things are: "Branch names in this repo are kebab-case.",
"All timestamps in the logs are in UTC.", "Commit messages follow Conventional Commits.",
"customer emails are always in formal German".

A convention is a thing of the speaker's (no one else's, no thing in general) said to be
in a style, a format, a unit, a language or a wording, or to follow a standard. The value
must be one of those: "the docs are out of date" or "the logs are huge" declare nothing.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .known_names import LANGUAGE_QUALIFIERS, name_category

__all__ = ["read_convention"]

_I = re.I

_CASE = (r"(?:kebab|snake|camel|pascal|screaming[ _-]?snake|title|sentence|lower|upper|train|dot)"
         r"[ _-]?case|camelCase|PascalCase|snake_case|SCREAMING_SNAKE_CASE|lowercase|uppercase|"
         r"all caps|all lower ?case")
_FORMAT = (r"UTC|GMT|ISO(?:[ -]?8601)?(?:\s+format)?|YAML|JSON|TOML|XML|CSV|HTML|Markdown|"
           r"reStructuredText|rst|AsciiDoc|semver|semantic versioning|LF|CRLF|tabs|spaces|"
           r"(?:single|double|smart|straight) quotes|metric|imperial|SI units|"
           r"(?:12|24)[ -]?hour(?:\s+(?:time|clock|format))?|E\.164(?:\s+format)?|"
           r"[DMY]{1,4}[/.-][DMY]{1,4}[/.-][DMY]{1,4}|"
           r"alphabetical(?:ly)?|(?:in\s+)?(?:alphabetical|chronological|reverse chronological|"
           r"numerical|ascending|descending) order|by (?:date|name|size|priority)|"
           r"local time|server time|"
           r"(?:kg|kilos?|grams?|lbs?|pounds|miles|km|kilometres|kilometers|celsius|fahrenheit)")
_WORDING = (r"(?:the\s+)?imperative(?:\s+mood)?|(?:the\s+)?(?:past|present|future) tense|"
            r"(?:the\s+)?(?:active|passive) voice|(?:the\s+)?(?:first|second|third)[ -]person|"
            r"plain (?:language|english)")
_CURRENCY = (r"euros?|dollars|pounds sterling|sterling|yen|rupees|francs|kronor|"
             r"EUR|USD|GBP|JPY|CHF|CAD|AUD|INR")
_VALUE_RE = re.compile(rf"(?:{_CASE}|{_FORMAT}|{_WORDING}|{_CURRENCY})", _I)
#: a language, with how it is written ("formal German", "British English", "US English")
_LANGUAGE_RE = re.compile(rf"(?:(?:{'|'.join(LANGUAGE_QUALIFIERS)})\s+)?(?P<lang>[a-z]+)", _I)

_SUBJECT = r"(?P<subj>[a-z][\w-]*(?:\s+[a-z][\w.-]*){0,3}?)"
# where the convention holds: "in this repo", "on the blog", "here", "across the codebase"
_SCOPE = (r"(?:\s+(?:in|on|for|of|across|throughout|within)\s+(?:this|our|my|the|every|all|each)"
          r"(?:\s+[\w-]+){1,2}|\s+here)?")
# when it holds from: "... now", "... from now on", "... as of next month"
_WHEN = (r"(?:,?\s+(?:now|from now on|going forward|these days|for now|from (?:today|tomorrow|"
         r"next \w+)|as of (?:today|now|next \w+|this \w+)|starting (?:today|now|next \w+)))?")
_DECLARED_RE = re.compile(
    r"^(?:(?:and|so|also|btw|fyi|oh)[\s,]+)?(?:all\s+)?(?:of\s+)?(?:(?:our|my|the|this|these)\s+)?"
    + _SUBJECT + _SCOPE +
    r"\s+(?:is|are)\s+(?:always\s+|all\s+|strictly\s+|consistently\s+)?"
    r"(?:(?:written|kept|formatted|given|stored|returned|shown|quoted|named|set|sorted|"
    r"ordered|listed|grouped|spelled|spelt)\s+)?"
    r"(?:(?:in|as)\s+)?(?:(?:a|an|the)\s+)?(?P<val>.+?)" + _SCOPE + _WHEN + r"\s*[.!]?$", _I)
# "Commit messages follow Conventional Commits", "the frontend sticks to the Airbnb style guide"
_FOLLOWS_RE = re.compile(
    r"^(?:(?:and|so|also|btw|fyi)[\s,]+)?(?:all\s+)?(?:(?:our|my|the|this|these)\s+)?" + _SUBJECT
    + _SCOPE + r"\s+(?:always\s+)?(?:follows?|sticks? to|adheres? to|conforms? to)\s+"
    r"(?:the\s+)?(?P<val>(?-i:[A-Z])[\w.+-]*(?:\s+(?:[A-Z0-9][\w.+-]*|style guide|guide|"
    r"conventions?|standard|spec))*|(?-i:[A-Z]{2,})\s*\d+)" + _WHEN + r"\s*[.!]?$", _I)
# a reason or a concession after the convention
_REASON_RE = re.compile(r",?\s+(?:even though|even if|although|though|because|since|so that|"
                        r"so|which|for)\s+.*$", _I)
# the verbs every form has: most sentences have none, and are read no further
_VERB_RE = re.compile(r"\s(?:is|are|follows?|sticks? to|adheres? to|conforms? to)\s", _I)
#: words that make the subject no thing of the speaker's, or a thing in general
_NOT_OURS_RE = re.compile(r"\b(?:their|his|her|its|your)\b|\w+'s\b(?<!\bit's)|"
                          r"\b(?:usually|typically|normally|generally|often|mostly|sometimes|"
                          r"never|rarely|supposed)\b", _I)
#: words that open no subject of a convention
_NOT_SUBJECTS = frozenset("i we you he she they it this that there what which who".split())
#: words before the verb that say the sentence is not about the speaker's things
_FRAMED_RE = re.compile(r"^(?:in|at|for)\s+(?:(?-i:[A-Z])\w*|the (?-i:[A-Z])\w*|most|many|some|"
                        r"general|theory)\b", _I)


def _is_value(val: str) -> bool:
    """``val`` is a style, a format, a unit, a wording or a language."""
    v = val.strip(" .!,")
    if _VALUE_RE.fullmatch(v):
        return True
    lang = _LANGUAGE_RE.fullmatch(v)
    if lang and name_category(lang.group("lang")) == "reply language":
        return True  # "formal German", "British English"
    # "plural and snake_case", "lowercase with hyphens": one of its two parts a style
    head = re.split(r"\s+(?:and|with|,)\s*|,\s*", v, maxsplit=1)
    return len(head) == 2 and (_VALUE_RE.fullmatch(head[1].strip()) is not None
                               or _VALUE_RE.fullmatch(head[0].strip()) is not None)


@lru_cache(maxsize=16384)
def read_convention(sentence: str) -> tuple[str, str] | None:
    """The thing and the convention a sentence declares ("branch names", "kebab-case"),
    or None."""
    s = " ".join(sentence.split())
    verb = _VERB_RE.search(s)
    if verb is None or s.endswith("?") or _FRAMED_RE.match(s):
        return None
    s = s[: verb.end()] + _REASON_RE.sub("", s[verb.end():])  # "... even though ..."
    for rx in (_DECLARED_RE, _FOLLOWS_RE):
        m = rx.match(s)
        if m is None:
            continue
        subj, val = m.group("subj"), m.group("val").strip(" ,")
        if _NOT_OURS_RE.search(s[: m.start("val")]) or subj.split()[0].lower() in _NOT_SUBJECTS:
            continue
        if rx is _FOLLOWS_RE or _is_value(val):
            return subj, val
    return None

