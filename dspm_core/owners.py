"""Whose setting, and which one, a statement speaks of.

The speaker's own, or another person's ("her budget", "my sister's budget", "Tom's
budget", "my brother weighs": :func:`owner_added`); the one spoken of, or another one or
the one before ("the other meeting", "my old rent": :func:`another_one`); a bound on all
of a thing, or one of them ("this file is 40 MB": :func:`one_instance`); replies for one
audience or another ("reply to the team ...": :func:`other_audience`). A statement of
another's setting, or of another one, never revises the speaker's."""

from __future__ import annotations

import re

from .lexicon import is_adjective, is_adverb_only, is_noun, is_past_verb
from .passing import holds_word
from .people import PEOPLE
from .vocab import STOP_WORDS

__all__ = ["CLAUSE_CUT_RE", "NAMED_OWNER_RE", "OWNER_RE", "THIRD_PERSON", "another_one",
           "one_instance", "other_audience", "owner_added", "said_before_value"]

#: where a clause of a statement ends
CLAUSE_CUT_RE = re.compile(r"[.;!?,:(]|\s(?:but|because|since|so|and|as|if|when|though)\s", re.I)
#: a person's possessive: "my son's shoe size", "the kids' bedtime"
OWNER_RE = re.compile(rf"\b((?:{PEOPLE})s?)(?:'s?|’s?)(?!\w)", re.I)
#: a name that owns a setting: "Alice's timeout", "IT's budget"
NAMED_OWNER_RE = re.compile(r"\b([A-Z][\w-]*)['’]s\b")
THIRD_PERSON = frozenset("he him his she her hers they them their theirs".split())


def owner_added(said: str, earlier_subject: str, earlier_text: str = "") -> str | None:
    """The person a statement gives its setting to, in the words ``said`` before its value
    ("her budget is", "my son's shoe size is", "Sam's budget is", "my brother weighs"),
    when the earlier setting's subject names no person at all ("the budget", "my shoe
    size", "I weigh"): someone else's setting, never a revision of the speaker's. An owner
    counts in the clause of the value, or before it when what it owns is the earlier
    setting's thing ("my sister said her budget was £50 but it's actually £80"; never "her
    week" of "teacher's rejigged her week, friday now"). None when ``said`` names no such
    owner, or the earlier subject names one too, or the earlier statement names that person
    ("my landlord's email" of "cc my landlord at ..."), or any person for a pronoun ("her
    budget" of "a gift for my mum, the budget is £200"). The other way round, the speaker's
    own said of a setting another person owns ("our budget is $8k now" after "the client's
    budget is $10k") is "mine"."""
    last = CLAUSE_CUT_RE.split(said)[-1]
    if not _MAY_OWN_RE.search(said):
        # (most statements name no one: one pass over the words) "our budget is $8k now"
        # after "the client's budget is $10k" is the speaker's own
        return "mine" if _SPEAKERS_RE.search(last) and _MAY_OWN_RE.search(earlier_subject) \
            and _owners(earlier_subject) else None
    near = {o for o, _ in _owners(last)}
    if _owners(earlier_subject):  # the earlier one is someone's: only the speaker's own differs
        return "mine" if _SPEAKERS_RE.search(last) and not near else None
    owners = [o for o, owned in _owners(said)
              if o in near or owned is not None and holds_word(earlier_text, owned)]
    if not owners or any(
            _PERSON_WORD_RE.search(earlier_text) if o.lower() in _KEPT_PRONOUN  # "for my mum"
            else holds_word(earlier_text, o) for o in owners):
        return None
    # (a word the subject key keeps: "her budget" is the setting "hers budget")
    return _KEPT_PRONOUN.get(owners[0].lower(), owners[0])


def another_one(text: str, earlier: str) -> str | None:
    """The thing ``text`` says is another one than ``earlier``'s ("the other meeting is at
    4pm now" after "the meeting is at 3pm", "another room for 2 nights"), or the one before
    it ("my old rent was $1,200" after "my rent is $1,500"): two settings. None when
    ``earlier`` says so of it too, or names no such thing."""
    for pattern, words, name in ((_OTHER_RE, _OTHER_WORDS, "second"), (_PAST_RE, _PAST_WORDS, "old")):
        for m in pattern.finditer(text):
            noun = m.group("noun")
            if holds_word(earlier, noun) and not re.search(rf"{words}\s+{re.escape(noun)}\b",
                                                           earlier, re.I):
                return f"{name} {noun}"
    return None


_OTHER_WORDS = r"\b(?:the\s+other|my\s+other|our\s+other|another|a\s+second|the\s+second|one\s+more)"
_OTHER_RE = re.compile(rf"{_OTHER_WORDS}\s+(?P<noun>[a-z]+)", re.I)
# the one before ("my old rent was $1,200" after "my rent is $1,500"): no revision of it
_PAST_WORDS = r"\b(?:the|my|our|his|her|their)\s+(?:old|previous|former)"
_PAST_RE = re.compile(rf"{_PAST_WORDS}\s+(?P<noun>[a-z]+)", re.I)


def other_audience(text: str, earlier: str, value: str | None = None) -> str | None:
    """Whom ``text``'s replies are for when ``earlier``'s are for someone else ("reply to
    the team in English from now on" after "reply to clients in French"): two settings.
    None when either names no one, or both the same, or the one named is ``text``'s value
    ("the weekly email goes to Omar now": Omar is whom it goes to, not whose it is)."""
    mine, theirs = _AUDIENCE_RE.search(text), _AUDIENCE_RE.search(earlier)
    if mine is None or theirs is None:
        return None
    who, was = mine.group("who").lower(), theirs.group("who").lower()
    if value and who == value.split()[0].lower():
        return None
    return None if who.rstrip("s") == was.rstrip("s") else who


_AUDIENCE_RE = re.compile(r"\b(?:reply|replies|write|respond|answer|talk|speak|email|message)\s+"
                          r"(?:\w+\s+)?to\s+(?:the\s+|my\s+|our\s+|any\s+|all\s+)?(?P<who>[a-z]+)",
                          re.I)


def one_instance(text: str, earlier_subject: str) -> str | None:
    """The one thing ``text`` points at ("this file is 40 MB") when the earlier setting is
    a bound on all of them ("the max file size is 25 MB"): a fact of that one, never a new
    bound. None otherwise."""
    m = _INSTANCE_RE.match(text)
    if m is None or not _BOUND_RE.search(earlier_subject) or _BOUND_RE.search(text):
        return None
    return f"this {m.group('noun')}"


_INSTANCE_RE = re.compile(r"^\W*(?:(?:but|and|so|ok|well|hmm)\W+)*(?:this|that|these|those)\s+"
                          r"(?P<noun>[a-z]+)\b", re.I)
_BOUND_RE = re.compile(r"\b(?:max|maximum|min|minimum|limit|cap|allowed|allowance)\b", re.I)


def said_before_value(text: str, value: str | None, subject: str | None) -> str:
    """The words of ``text`` before its value (where its owner is said: "actually, my
    husband's size is" of "large"), or ``subject`` when the value is not found."""
    at = text.lower().find(value.lower()) if value else -1
    return text[:at] if at > 0 else subject or ""


def _owners(said: str) -> list[tuple[str, str | None]]:
    """The people ``said`` gives a setting to, each with the word it owns: a person's or a
    name's possessive before the noun it owns, "his" / "her" / "their" before a noun, or a
    person the speaker names as the one who does it ("my brother weighs", never "my boss
    says"), who owns no word. ("Postcode's EH3 6AT now", "It's 30 seconds" and "Budget's
    tight" say "is".)"""
    out: list[tuple[str, str | None]] = []
    for m in OWNER_RE.finditer(said):
        if _owned_after(said, m.end()):
            out.append((m.group(1), _word_after(said, m.end())))
    for m in NAMED_OWNER_RE.finditer(said):
        name = m.group(1)
        if _owned_after(said, m.end()) and (
                name.isupper() and len(name) > 1  # "IT's timeout"
                or name.lower() not in _CONTRACTED
                and (m.start() > 0 or not is_noun(name.lower())
                     or _noun_after(said, m.end()))):  # "Tom's budget", never "Budget's tight"
            out.append((name, _word_after(said, m.end())))
    out += [(m.group(1), None) for m in _MY_PERSON_RE.finditer(said)]
    out += [(m.group(1), _word_after(said, m.end())) for m in _PRONOUN_OWNER_RE.finditer(said)
            if _owned_after(said, m.end())]
    return out


def _word_after(text: str, at: int) -> str | None:
    """The lower-case word right after ``at`` in ``text``, if one is there."""
    m = _NEXT_WORD_RE.match(text, at)
    return m.group(1).lower() if m else None


#: words whose "'s" is "is" or "has" ("it's", "that's"), never an owner's
_CONTRACTED = frozenset("it that there here what who where when how let he she this".split())


def _owned_after(text: str, at: int) -> bool:
    """A word an owner's "'s" may be said before ("Alice's timeout", "my wife's commute"),
    never a verb form or an adverb ("landlord's putting it up", "Sam's just moved it",
    "Sam's gone", "it's 30"), for which it says "is" or "has"."""
    word = _word_after(text, at)
    if word is None:
        return False
    return not (word.endswith(("ing", "ed")) or word in _NOT_OWNED or word in STOP_WORDS
                or is_past_verb(word) or is_adverb_only(word))


def _noun_after(text: str, at: int) -> bool:
    word = _word_after(text, at)
    return word is not None and is_noun(word) and not is_adjective(word)


_NEXT_WORD_RE = re.compile(r"\s+([a-z][\w-]*)")
_NOT_OWNED = frozenset("not now just been got gone already also still never always only "
                       "finally going a an the set put cut left".split())
_KEPT_PRONOUN = {"his": "him", "her": "hers", "their": "theirs"}
# the speaker's own, said of the setting's noun ("our budget", "my screen time")
_SPEAKERS_RE = re.compile(r"\b(?:my|our)\s+[a-z]", re.I)
# what any owner is said with: a possessive, a pronoun or a person of the speaker's
_MAY_OWN_RE = re.compile(rf"['’]|\b(?:his|her|their)\b|\b(?:my|our)\s+(?:[a-z]+\s+)?(?:{PEOPLE})",
                         re.I)
_PERSON_WORD_RE = re.compile(rf"\b(?:{PEOPLE})s?\b", re.I)
_PRONOUN_OWNER_RE = re.compile(r"\b(his|her|their)\b", re.I)
# a person of the speaker's who does what the statement says ("my brother weighs 90kg"),
# never one who reports it for the speaker ("my boss says the deadline is Monday")
_MY_PERSON_RE = re.compile(
    rf"\b(?:my|our)\s+(?:[a-z]+\s+)?((?:{PEOPLE})s?)\b(?!['’])(?!\s+(?:says?|said|told|tells|wants?|"
    r"wanted|asked|asks|thinks?|thought|mentioned|reckons?|decided|needs?|agreed|suggested|"
    r"prefers?|would|will|can|could|has|have|had)\b)"
    # nor the one who changed a thing ("my manager moved the review to the 13th")
    r"(?!\s+(?:just\s+|has\s+|had\s+|'s\s+)?(?:[a-z]+ed|put|cut|set|made|got|brought|took)\s+"
    r"(?:the|my|our|it|me|us|that|this)\b)", re.I)
