"""A fact the user asks the assistant to keep: "remember that ...", "..., save that".

"Remember that my parking spot is B17.", "please remember my gate code is 4471", "For
future reference, I take my coffee with oat milk.", "the wifi password at the cabin is
pinecone88, save that", "can you remember that my kid's school pickup is at 3:15", "Can
you save my preferred airline as KLM?": the request says the fact matters, and the fact
inside it is what is kept. The request's words stay out of the fact, so the setting it
states ("parking spot" = B17) is the one a later "my parking spot is C04 now" revises.

A request alone after the fact ("The spare key is under the blue planter. Remember
that.") keeps the sentence before it (:func:`keeps_last`).

Not requests to keep a fact: a question about what is remembered ("Do you remember what
my parking spot was?"), the user's own memory ("I can't remember if the code is 4471"),
a shared past ("remember when we ...", "remember that time ..."), an errand ("remember to
..."), and a fact said not to be kept ("..., no need to remember that", "you don't need to
remember this"; :func:`not_to_keep`), whose sentence sets nothing.
"""

from __future__ import annotations

import re

from ..lexicon import is_base_verb, is_finite_after

__all__ = ["used_in_passing", "KEEP_TERMS", "keeps_last", "kept_statement", "not_to_keep"]

_I = re.I
#: the content words of a request to keep a fact, which the fact kept leaves out ("Note that")
KEEP_TERMS = frozenset("remember memorize memorise note notes keep mind bear save store log forget "
                       "file record reference future later reminder want need like make sure don't".split())
_OPEN = r"^\W*(?:(?:oh|and|also|btw|ok(?:ay)?|so|but|just|hey|one more thing)\b[,\s]+)*"
_PLEASE = r"(?:(?:please|pls|plz|kindly)[,\s]+)?"
_TO_KEEP = (r"(?:remember|memori[sz]e|keep in mind|bear in mind|note|take note|make a note|"
            r"keep a note|save|store|log|don't forget|do not forget|never forget)")

# before the fact: "remember that", "keep in mind:", "for future reference,", "save this:"
_LEAD_RE = re.compile(
    _OPEN + _PLEASE + r"(?:"
    r"(?:(?:can|could|would|will) you\s+|i (?:want|need|'d like|would like) you to\s+|"
    r"you (?:should|must|need to)\s+|make sure (?:you|to)\s+|try to\s+)?" + _PLEASE
    + r"(?:remember|memori[sz]e|keep in mind|bear in mind|note(?: down)?|take note|"
    r"(?:make|keep|take) a note|don't forget|do not forget|never forget)"
    r"(?:\s+(?:this|that))?(?:\s+(?:for (?:me|later|the future|future reference)|going forward|"
    r"from now on))?(?:\s*[:,-]\s*|\s+that\s+|\s+)"
    r"|(?:keep|bear) (?:this|that) in mind(?:\s+(?:going forward|from now on|for later))?\s*[:,-]\s*"
    r"|(?:save|store|log|memori[sz]e|remember|note) (?:this|that)(?:\s+(?:for (?:me|later|the future)|"
    r"too|as well|going forward))?\s*[:,-]\s*"
    r"|(?:for (?:future reference|the record|later|the future)|(?:just )?so you (?:remember|have it)|"
    r"(?:a )?note (?:for|to) (?:the future|later|you|self and you)|"
    r"(?:just )?a reminder(?: for (?:the future|later))?|heads up for (?:the future|later)|"
    r"fyi for (?:later|the future))\s*[:,-]\s*"
    r")(?P<x>.+)$", _I)
# after the fact: ", save that", "— remember that for me", ", keep it on file", "so I don't forget"
_TRAIL_RE = re.compile(
    r"^(?P<x>.+?)\s*(?:[,;(]|\s-+|\s[—–])\s*(?:and\s+)?" + _PLEASE
    + r"(?:(?:can|could) you\s+)?" + _PLEASE
    + r"(?:(?:remember|save|store|note|memori[sz]e|log) (?:that|this|it)(?:\s+down)?"
    r"|(?:keep|bear) (?:that|this|it) in mind|keep (?:it|that|this) on file|write (?:it|that) down"
    r"|(?:make|take) a note(?: of (?:it|that|this))?"
    r"|don't (?:let me )?forget(?: (?:it|that|this))?|do not forget(?: (?:it|that|this))?"
    r"|in case (?:you need to remember|you forget|i forget)|remember)"
    r"(?P<after>(?:\s+(?:for me|too|as well|please|pls|thanks|for later|going forward|"
    r"from now on|for next time|instead|now))*)(?:\s+(?:when|if|for|before)\b.*)?\W*$"
    r"|^(?P<y>.+?),?\s+so (?:that )?(?:i|we) (?:don't|do not|won't) forget\W*$", _I)
# a request alone: "Remember that.", "save that pls", "please note it down"
_ALONE_RE = re.compile(
    _OPEN + _PLEASE + r"(?:remember|save|store|note|memori[sz]e|log|keep|bear|stick to|keep to|follow|go by) "
    r"(?:that|this|it|them|those|these)(?:\s+(?:down|in mind|on file|order))?(?:\s+(?:for me|too|please|pls|thanks|"
    r"for later|going forward|from now on|always|every time))*\W*$"
    r"|" + _OPEN + _PLEASE + r"(?:don't|do not) forget (?:that|this|it)\W*$", _I)
# said not to be kept: "no need to remember that", "you don't need to save this", "don't save this"
_NOT_KEPT_RE = re.compile(
    r"(?:^|[,;:—–-]\s*|\bbut\s+)(?:there's\s+)?(?:(?:(?:you\s+)?(?:don't|do not|dont)|no)\s+need\s+to|"
    r"(?:don't|do not|dont|no need to)|(?:you\s+)?(?:needn't|need not))\s+"
    r"(?:remember|save|store|note|keep|memori[sz]e|log)\s+(?:down\s+)?(?:that|this|it|any of (?:this|that|it))"
    r"(?=\s*(?:$|[,.;:!?)—–-]|(?:either|though|tho|but|just|please|pls|for me|for now)\b))", _I)
# "Note that ...", "NB: ...": also how a writer points something out; a request to keep a
# fact only when the fact is the user's own ("note that my policy number is HX-20931")
_WRITERS_NOTE_RE = re.compile(_OPEN + r"(?:note|nb|n\.b\.)\b(?:\s+that)?\s*[:,-]?\s*", _I)
_OWN_RE = re.compile(r"^\W*(?:i|i'm|i've|i'd|we|we're|we've|my|our|mine|ours)\b", _I)

# the user's own memory in doubt: "I can't remember if ...", "I forget whether ..."
_IN_DOUBT_RE = re.compile(_OPEN + r"(?:i|we)\s+(?:(?:really\s+|honestly\s+)?(?:can't|cannot|can not|don't|do not|"
                          r"couldn't|could not|didn't)\s+(?:quite\s+)?(?:remember|recall)|(?:always\s+|keep\s+)?"
                          r"(?:forget|forgot|forgetting))\s+(?:whether|if|which|what|where|when|how)\b", _I)

# what opens a fact: not a question, a shared past or an errand
_NOT_A_FACT_RE = re.compile(r"^\W*(?:when|how|what|who|whom|where|why|which|whether|if|to\b|"
                            r"the (?:time|day|night|week|year)\b|that (?:time|day|night)\b|"
                            r"time\b|anything\b|everything\b|things?\b|stuff\b|me\b)", _I)
_AUX_RE = re.compile(r"\b(?:is|are|am|was|were|isn't|aren't|has|have|had|can|can't|cannot|"
                     r"will|won't|must|should|don't|doesn't|do not|does not|never|always|only)\b"
                     r"|'(?:s|m|re|ve|ll|d)\b", _I)
_PRONOUN_RE = re.compile(r"^\W*(?:i|we|you|they|he|she|it)\s+(?P<verb>[a-z]+)", _I)
_SAVE_AS_RE = re.compile(_OPEN + _PLEASE + r"(?:(?:can|could|would) you\s+)?" + _PLEASE
                         + r"(?:save|store|set|note|remember)\s+(?P<what>(?:my|our)\s+[\w' -]{2,40}?)"
                         r"\s+as\s+(?P<value>[^,;?!]+?)\W*$", _I)


def _is_statement(text: str) -> bool:
    """Whether ``text`` states something: it has a verb, not an opening of a question, a
    shared past or an errand ("my gate code is 4471", "I take my coffee black", "table 12
    is reserved"; not "when we planned the trip", "to double-check the spelling")."""
    words = text.split()
    if len(words) < 2 or _NOT_A_FACT_RE.match(text):
        return False
    if _AUX_RE.search(text):
        return True
    m = _PRONOUN_RE.match(text)
    if m and is_base_verb(m.group("verb")):
        return True  # "I take my coffee with oat milk", "we ship to Canada only"
    return any(is_finite_after(w, p) for p, w in zip(words, words[1:]))  # "the office closes at 5"


#: a word every request to keep a fact, or to keep nothing, has (a cheap test first)
_HINT_RE = re.compile(r"remember|memori|mind|note|\bnb\b|n\.b\.|save|store|\blog|forget|forgot|reference|"
                      r"record|later|future|reminder|file|recall|have it|write|\bset\b", _I)


def kept_statement(sentence: str) -> str | None:
    """The fact ``sentence`` asks to be kept, without the request's words, or None when it
    is not such a request."""
    s = sentence.strip()
    if not s or not _HINT_RE.search(s) or not_to_keep(s):
        return None
    m = _SAVE_AS_RE.match(s)
    if m:  # "Can you save my preferred airline as KLM?"
        return f"{m.group('what').strip()} is {m.group('value').strip()}"
    m = _LEAD_RE.match(s)
    if m is not None:
        inner = m.group("x").strip()
        if _WRITERS_NOTE_RE.match(s) and not _OWN_RE.match(inner):
            return None  # "Note that only dogs can be pets": a writer's aside, not a request
        if s.rstrip().endswith("?") and not re.match(r"^\W*(?:please\s+)?(?:can|could|would|will)\b", s, _I):
            return None  # "Remember how long the drive took?"
        inner = inner.rstrip("?").strip()
        trailed = _TRAIL_RE.match(inner)
        if trailed:
            inner = (trailed.group("x") or trailed.group("y")).strip()
        return inner if _is_statement(inner) else None
    m = _TRAIL_RE.match(s)
    if m is not None:
        inner = (m.group("x") or m.group("y")).strip()
        return inner if _is_statement(inner) and not inner.rstrip().endswith("?") else None
    return None


# a statement, then to use what it names ("my pharmacy is the Walgreens on Elm St, use that
# one whenever you look up refills", "My brand is Fernbrook Fibers — use that on every header")
_USE_THAT_RE = re.compile(r"\s*(?:,|—|–|\s-)\s*(?:(?:so|and|please|pls)\s+)*(?:always\s+)?"
                          r"(?:use|go with|put|stick to|stick with|follow)\s+(?:that|it|this|them)(?:\s+one)?\b", _I)


def used_in_passing(sentence: str) -> str | None:
    """The statement of a sentence that says a thing and then to use it, or None."""
    m = _USE_THAT_RE.search(sentence)
    said = sentence[:m.start()].strip() if m is not None else ""
    # (what a thing is, "my brand is ...": never what was done, "I tried the new cafe, use it if you want")
    return said if len(said.split()) >= 3 and _IS_SAID_RE.search(said) and not _IF_RE.search(sentence) else None


_IS_SAID_RE = re.compile(r"\b(?:is|are)\b|'s\s+(?!been\b)", _I)
_IF_RE = re.compile(r"\b(?:if|maybe|might|could)\b", _I)


def keeps_last(sentence: str) -> bool:
    """Whether ``sentence`` only asks to keep what was said before it ("Remember that.")."""
    return _ALONE_RE.match(sentence.strip()) is not None


def not_to_keep(sentence: str) -> bool:
    """Whether ``sentence`` says what it holds is not to be kept ("my husband takes his
    with oat milk, no need to remember that"), or that the user's own memory of it is in
    doubt ("I can't remember if the gate code is 4471 or 4417")."""
    return _HINT_RE.search(sentence) is not None and (
        _NOT_KEPT_RE.search(sentence) is not None or _IN_DOUBT_RE.match(sentence) is not None)
