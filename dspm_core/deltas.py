"""Changes said relative to the old value: "add 10 seconds to that", "two more people",
"double it", "drop it by 200", "knock £50 off the budget", "my rent went up by $50".

:func:`delta_said` reads such a change out of a sentence: by how much (an amount, a
percentage or a factor), which way, and what it is of (a subject, or a pointer to the
setting spoken of). :func:`applied` computes the value it comes to from the old value
("30 seconds" and "add 10 seconds" make "40 seconds"). The amount of a change is never a
value of its own: a change with no old value of its kind to apply it to is kept as said.
A supposition ("if we added 5 more"), a question asking for a sum ("what's 20% more than
that?"), someone else's ("my sister added two more guests to hers") and the past ("last
year it went up by £50") change nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from collections.abc import Iterable

from .clock_words import in_digits
from .number_words import spoken_numbers, word_set
from .passing import another_owns, other_owner
from .patch import AUTHORITY, Patch, Role
from .people import PEOPLE
from .regex_gate import gated
from .resolve import ATTRIBUTE_WORDS
from .shifts import SHIFT_WORDS, UNIT_MINUTES, shift_said, shifted
from .lexicon import is_noun
from .values import UNIT_ALIASES, parse_value

__all__ = ["POINTER_TURNS", "Delta", "applied", "delta_said", "delta_target", "is_amount_of"]

#: how many turns back a change that points ("add 10 seconds to that") may reach
POINTER_TURNS = 8
#: the longest change that may give a bare amount and point at nothing ("4 fewer actually")
ELLIPTICAL_WORDS = 12
_POINTER_RE = re.compile(r"\b(?:it|that|this|them)\b", re.I)


@dataclass(frozen=True, slots=True)
class Delta:
    """A change by ``amount`` (``op`` "+" or "-"), or by a factor (``op`` "*"); ``unit``
    is the amount's own unit as said ("seconds", "$", "%"), if any; ``subject`` what the
    change names, None for a pointer or nothing."""

    op: str
    amount: float
    unit: str | None
    subject: str | None
    #: a move of a time of day or a date by this many minutes ("push it back an hour"):
    #: applied to the time or date held, never to a number (see :mod:`dspm_core.shifts`)
    minutes: float | None = None
    #: the amount was said in words with no unit ("add one"): a count of things, never a
    #: change of a sum, a duration or a rate
    spelled: bool = False


_NUM = r"(?:\ba\s+(?:tenner|fiver)\b|\bhalf\s+an?\b|(?:[$€£]\s?)?(?:\d[\d,]*(?:\.\d+)?|(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|" \
       r"eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|hundred)\b)(?:\s+grand\b)?)"
_AMOUNT = rf"(?P<amt>{_NUM}(?:\s?%|\s?k\b|\s+(?:per\s?cent|percent)\b)?(?:\s+(?P<unit>[a-z]+))?)"
_UP = (r"increase|increased|raise|raised|bump|bumped|push|pushed|extend|extended|lengthen|up|upped|grow|boost|boosted|"
       r"top up|stretch|stretched")
_DOWN = (r"lower|lowered|reduce|reduced|cut|decrease|decreased|drop|dropped|shorten|shortened|trim|trimmed|bring down|"
         r"brought down|knock down|knock|knocked|slash|slashed")
# "increase the timeout by 10 seconds", "drop it by 200", "bump it up by 2", "knock it down
# by 2 hours", "stretch it by another five grand"
_BY_RE = re.compile(rf"\b(?P<verb>{_UP}|{_DOWN})\b(?:\s+(?P<subj>(?:the|my|our|your|it|that|this|them)\b[\w' -]*?))?"
                    rf"(?:\s+(?:up|down))?\s+by\s+(?:another\s+|an\s+extra\s+)?{_AMOUNT}", re.I)
# "my rent went up by $50", "the fee has gone down by 10%" (the subject starts where a run of
# its characters does: the leftmost match starts there anyway, and no run is read twice)
_WENT_RE = gated(re.compile(rf"(?:^|(?<=[^\w' -]))(?P<subj>[\w' -]*?)\s*\b(?:went|gone|goes|going|"
                            rf"is going|has gone|was put|got put)\s+(?P<dir>up|down)\s+by\s+{_AMOUNT}",
                            re.I))
# "add 10 seconds to that", "add two more people", "add an extra 3 chairs", "i can stretch
# another 2 grand"
_ADD_RE = re.compile(rf"\b(?:add(?:ing)?\s+(?:on\s+)?(?:an?\s+extra\s+|another\s+)?|(?:stretch|throw\s+in|chuck\s+in|"
                     rf"tack\s+on|put\s+in)\s+(?:an?\s+extra\s+|another\s+)){_AMOUNT}(?:\s+(?:more|extra))?"
                     rf"(?:\s+(?:to|onto)\s+(?P<subj>[\w' -]+))?", re.I)
# "two more people", "an extra 3 chairs", "5 fewer", "knock £50 off", "take 10 minutes off"
_EXTRA_RE = re.compile(rf"\ban?\s+extra\s+{_AMOUNT}", re.I)
# (never "one" as a pronoun: "I check that one more", "the other one less")
_MORE_RE = re.compile(rf"(?!(?<=\bthat\s)one\b|(?<=\bthis\s)one\b|(?<=\bthe\s)one\b|(?<=\bwhich\s)one\b"
                      rf"|(?<=\bother\s)one\b)"
                      rf"(?P<amt>{_NUM})\s+(?P<way>more|extra|fewer|less)\b(?:\s+(?P<unit>[a-z]+))?", re.I)
# "cut four", "drop 5 jobs", "trim two": an amount taken with no "by" (never "cut it to 4",
# "drop 5 from the list", "cut 3 onions into rings": a value or a task)
_CUT_RE = re.compile(rf"\b(?:cut|drop|trim|shave)\s+{_AMOUNT}(?!\s*(?:to|from|of|into|in|off|and|or|[/:.-]\d))"
                     rf"(?=\s*(?:[,.;!?]|$)|\s+(?:more|now|then|instead|please|pls|actually|tho|though)\b)", re.I)
# "go two lower", "make it three higher", "one lower": a count moved by its direction
_STEP_RE = re.compile(rf"(?:^\W*|[,;.!?]\s*|\b(?:go|make\s+(?:it|that|them)|bring\s+(?:it|that|them)|"
                      rf"take\s+(?:it|that|them)|set\s+(?:it|that|them))\s+)(?P<amt>{_NUM})\s+(?P<way>lower|higher)\b",
                      re.I)
# "that plus 2 km", "minus 3"
_PLUS_RE = re.compile(rf"\b(?P<way>plus|minus)\s+{_AMOUNT}", re.I)
# what an amount after "plus" is for, when that is a thing of its own
_FOR_ANOTHER_RE = re.compile(r"(?:\s+(?!for\b)[a-z]+)?\s+for\s+(?:the|my|our|your|his|her|their|each|every|a|an)\b", re.I)
_OFF_RE = re.compile(rf"\b(?:knock|take|shave|chop)\s+{_AMOUNT}\s+off\b(?:\s+(?:the\s+|my\s+|our\s+)?(?P<subj>[\w' -]+))?",
                     re.I)
# (its object said, or nothing after it: never "double booked", "a double room")
_FACTOR_RE = re.compile(r"(?<!\ba )\b(?P<f>double|triple|quadruple|halve|half)\b(?:\s+(?P<subj>(?:the|my|our|it|that|this|them)\b"
                        r"[\w' -]*)|\s*(?:$|[,.;!?]))|\bcut\s+(?P<subj2>[\w' -]+?)\s+in\s+half\b", re.I)
_FACTORS = {"double": 2.0, "triple": 3.0, "quadruple": 4.0, "halve": 0.5, "half": 0.5}

# a supposition, a sum asked for: no change of the speaker's value
_NOT_A_CHANGE_RE = re.compile(r"\b(?:if|would|might|what if|suppose|supposing|imagine|was it|what'?s|what is|"
                              r"how much|how many)\b", re.I)
# the past, read in the clause of the change and the ones before it ("last year, we cut
# four"; but "cut four, the set ran long last week": a reason after the change)
_PAST_RE = re.compile(r"\b(?:last (?:year|time|month|week)|used to|ago|back then)\b", re.I)
# where a clause ends
_CLAUSE_END_RE = re.compile(r"[,;.!?]\s|\s[-–—]\s")
_QUESTION_RE = re.compile(r"^\W*(?:what|how|why|is|are|does|do|did|would|should|which|who|when|where)\b", re.I)
_POINTERS = frozenset("it that this them those these".split())
#: every change by an amount holds one of these words
_CUE_WORDS = frozenset("by add adding more extra fewer less off double triple quadruple halve half "
                       "plus minus another cut drop trim shave lower higher".split())
# someone else's: "my sister added two more guests to her list"
_OTHERS_RE = re.compile(rf"\b(?:his|her|hers|their|theirs)\b|^\W*(?:my|our)\s+(?:{PEOPLE})\b", re.I)


def delta_said(text: str) -> Delta | None:
    """The change ``text`` says relative to the old value, or None."""
    words = word_set(text)
    if _CUE_WORDS.isdisjoint(words) and SHIFT_WORDS.isdisjoint(words):
        return None  # (most sentences)
    scope = _through_change(text)
    if _NOT_A_CHANGE_RE.search(text) or _QUESTION_RE.match(text) or _PAST_RE.search(scope) \
            or another_owns(scope) or _OTHERS_RE.search(scope):
        return None
    moved = shift_said(text)
    if moved is not None:  # "push it back an hour", "move the launch back a week"
        return Delta("+" if moved.minutes > 0 else "-", moved.amount, "time", moved.subject,
                     moved.minutes)
    said = in_digits(text)
    for found in (_by(said), _went(said), _add(said), _off(said), _plus(said), _more(said),
                  _factor(said), _cut(said), _step(said)):
        if found is not None:
            return found
    return None


def _through_change(text: str) -> str:
    """``text`` up to the end of the first clause with a word of change in it: what is
    said after it is a reason ("add five more, her whole class is coming")."""
    start = 0
    for m in _CLAUSE_END_RE.finditer(text):
        words = word_set(text[start:m.start()])
        if not (_CUE_WORDS.isdisjoint(words) and SHIFT_WORDS.isdisjoint(words)):
            return text[:m.start()]
        start = m.end()
    return text


def _number(amt: str) -> tuple[float, str | None] | None:
    """The number of an amount as said, and its sign or percent ("$50", "20%", "two")."""
    a = amt.strip().lower()
    unit = "%" if re.search(r"%|per\s?cent", a) else next((c for c in "$€£" if c in a), None)
    if a in _NOTES:  # "put it up by a tenner": a sum in any currency
        return _NOTES[a], None
    if a.startswith("half"):  # "add half an inch"
        return 0.5, unit
    thousand = 1000 if re.search(r"\d\s?k\b|\bgrand\b", a) else 1
    digits = re.search(r"\d[\d,]*(?:\.\d+)?", a)
    if digits is not None:
        return float(digits.group(0).replace(",", "")) * thousand, unit
    words = spoken_numbers(a)
    if words:
        return words[0][1] * thousand, unit
    if a.split()[0] in ("a", "an"):
        return 1.0, unit
    return None


def _make(op: str, m: re.Match[str], unit_word: str | None, subject: str | None) -> Delta | None:
    got = _number(m.group("amt"))
    if got is None:
        return None
    n, sign = got
    word = (unit_word or "").lower() or None
    if word in _WAY_WORDS or word is not None and word not in UNIT_ALIASES and not is_noun(word):
        word = None  # "4 fewer actually", "add 10 to that": no unit said
    amount = m.group("amt")
    if word is None and sign is None and amount.lower() not in _NOTES:
        if amount.split()[0].lower() in ("a", "an"):
            return None  # "adding a tldr", "a more minimal look": a thing or a comparison, no amount
        if not re.search(r"\d", amount):  # "add one": a count in words
            return Delta(op, n, None, _subject(subject), spelled=True)
    return Delta(op, n, sign or word, _subject(subject))


_NOTES = {"a tenner": 10.0, "a fiver": 5.0}
# the words of the way a change goes, never its unit ("add 4 more")
_WAY_WORDS = frozenset("more extra fewer less".split())


def _subject(said: str | None) -> str | None:
    if not said:
        return None
    words = re.sub(r"^(?:the|my|our|your)\s+", "", said.strip(" ,.!?"), flags=re.I)
    words = re.split(r"\s+(?:by|to|please|pls|then|now|so|and|for|as)\b", words, maxsplit=1)[0].strip()
    if not words or words.lower().split()[0] in _POINTERS \
            or set(words.lower().split()) <= ATTRIBUTE_WORDS:
        return None  # "add 5 to that", "raise the limit by 5": the setting spoken of
    return words


def _by(said: str) -> Delta | None:
    m = _BY_RE.search(said)
    if m is None:
        return None
    op = "-" if re.fullmatch(_DOWN, m.group("verb"), re.I) else "+"
    subject = m.group("subj")
    if subject is None and m.group("verb").lower().endswith("ed"):
        # "the Sony ones dropped by £30": what the words before the verb name changed
        # itself, and the change is of that ("it dropped by 200" points, "we cut it by 2" says who)
        before = re.split(r"[,;.!?]|\b(?:and|but|so|ooh|oh)\b", said[:m.start()], flags=re.I)[-1].strip()
        if before and before.lower() not in _SPEAKERS:
            subject = before
    return _make(op, m, m.group("unit"), subject)


_SPEAKERS = frozenset("i we you they he she".split())


def _went(said: str) -> Delta | None:
    m = _WENT_RE.search(said)
    if m is None:
        return None
    return _make("+" if m.group("dir").lower() == "up" else "-", m, m.group("unit"), m.group("subj"))


def _add(said: str) -> Delta | None:
    m = _ADD_RE.search(said)
    if m is not None and _BESIDE_RE.search(said, m.end("amt")) and not _MORE_WORD_RE.search(m.group(0)):
        return None  # "add 3.12 to the matrix as well": an item beside the one held
    return None if m is None else _make("+", m, m.group("unit"), m.group("subj"))


_BESIDE_RE = re.compile(r"\b(?:as\s+well|too|also|alongside|in\s+addition)\b", re.I)
_MORE_WORD_RE = re.compile(r"\b(?:more|extra|another)\b", re.I)


def _off(said: str) -> Delta | None:
    m = _OFF_RE.search(said)
    return None if m is None else _make("-", m, m.group("unit"), m.group("subj"))


def _cut(said: str) -> Delta | None:
    m = _CUT_RE.search(said)
    return None if m is None else _make("-", m, m.group("unit"), None)


def _step(said: str) -> Delta | None:
    m = _STEP_RE.search(said)
    if m is None:
        return None
    return _make("-" if m.group("way").lower() == "lower" else "+", m, None, None)


def _plus(said: str) -> Delta | None:
    m = _PLUS_RE.search(said)
    if m is not None and _FOR_ANOTHER_RE.match(said, m.start("unit") - 1 if m.group("unit") else m.end()):
        return None  # "2 backups for the database, plus 1 for the config files": another's
    return None if m is None else _make("+" if m.group("way").lower() == "plus" else "-", m,
                                          m.group("unit"), None)


def _more(said: str) -> Delta | None:
    m = _EXTRA_RE.search(said)
    if m is not None:
        return _make("+", m, m.group("unit"), None)
    m = _MORE_RE.search(said)
    if m is None:
        return None
    return _make("-" if m.group("way").lower() in ("fewer", "less") else "+", m, m.group("unit"), None)


def _factor(said: str) -> Delta | None:
    m = _FACTOR_RE.search(said)
    if m is None:
        return None
    f = _FACTORS[m.group("f").lower()] if m.group("f") else 0.5
    if m.group("f") and m.group("f").lower() == "half" and not re.search(r"\b(?:in|by)\s+half\b", said, re.I):
        return None  # "half the team", "half an hour": no factor
    return Delta("*", f, None, _subject(m.group("subj") or m.group("subj2")))


_FIRST_NUMBER_RE = re.compile(r"\d[\d,]*(?:\.\d+)?")


def applied(old_value: str, old_unit: str | None, delta: Delta) -> str | None:
    """The value ``old_value`` comes to by ``delta``, written as the old one was ("30
    seconds" + 10 -> "40 seconds", "£200" * 2 -> "£400", "$1,400" + 50 -> "$1,450"); None
    when the change cannot apply: no number, another unit, a result below zero."""
    if delta.minutes is not None:  # "an hour later": the time of day or the date held, moved
        return shifted(old_value, delta.minutes)
    per = UNIT_MINUTES.get((delta.unit or "").lower()) if delta.op in "+-" else None
    if per is not None and per % 1440 == 0 and parse_value(old_value).dimension == "when":
        # "two more days on the report": a date held, moved on
        return shifted(old_value, (1 if delta.op == "+" else -1) * delta.amount * per)
    m = _FIRST_NUMBER_RE.search(old_value)
    if m is None:
        return None
    old = float(m.group(0).replace(",", ""))
    label = f"{old_value} {old_unit}" if old_unit and old_unit not in old_value else old_value
    if delta.op in "+-" and delta.unit != "%" and delta.amount >= 1000 and delta.amount % 100 == 0 \
            and re.match(r"\s?k\b", old_value[m.end():], re.I):
        delta = replace(delta, amount=delta.amount / 1000)  # "£8k" and 2 grand
    if delta.op == "*":
        new = old * delta.amount
    elif delta.unit == "%" and "%" not in label:
        new = old * (1 + delta.amount / 100) if delta.op == "+" else old * (1 - delta.amount / 100)
    else:
        if delta.unit is not None and not _same_unit(label, delta.unit):
            return None
        new = old + delta.amount if delta.op == "+" else old - delta.amount
    if new < 0:
        return None
    text = f"{new:,.2f}".rstrip("0").rstrip(".") if "," in m.group(0) else f"{new:.2f}".rstrip("0").rstrip(".")
    return old_value[:m.start()] + text + old_value[m.end():]


def _same_unit(label: str, unit: str) -> bool:
    """The amount's unit is the old value's own ("seconds" of "30 seconds", "$" of "$40")."""
    if unit in "$€£":
        return unit in label or parse_value(f"{unit}1").unit == parse_value(label).unit
    old = parse_value(label)
    amount = parse_value(f"1 {unit}")
    if amount.dimension == "free" or old.dimension == "free":
        return False
    if old.dimension.startswith("count:") or amount.dimension.startswith("count:"):
        # "3 more chairs" of "40 chairs": the thing counted, singular or plural
        return old.dimension == amount.dimension
    return old.dimension == amount.dimension and (old.unit or "").lower().rstrip("s") == (amount.unit or "").lower().rstrip("s")


def delta_target(patches: Iterable[Patch], delta: Delta, role: Role, turn: int, text: str) -> Patch | None:
    """The one current setting with a number that ``delta`` changes: the one whose subject
    has every word ``delta`` names ("the timeout" of "webhook timeout"), else, for a
    change that points or names nothing, the one of the latest turn of the last few whose
    value the amount's unit fits. None when none or several fit (a guess is no change)."""
    if not delta.subject and delta.unit is None and delta.op != "*" \
            and len(text.split()) > ELLIPTICAL_WORDS and not _POINTER_RE.search(text):
        return None  # a bare amount in a long sentence that points at nothing: a guess
    found: list[Patch] = []
    words = set(re.findall(r"[a-z0-9]+", (delta.subject or "").lower())) - ATTRIBUTE_WORDS
    own = _own_subject(text)  # ("the appendix can be up to 4 more": the appendix's amount)
    for p in patches:
        if p.later is not None or p.key is None or not p.value \
                or not (_FIRST_NUMBER_RE.search(p.value) or delta.minutes is not None) \
                or AUTHORITY[p.role] > AUTHORITY[role] \
                or p.turn >= turn or other_owner(p.text, text):
            continue
        if delta.subject:
            theirs = set(re.findall(r"[a-z0-9]+", f"{p.slot or ''} {p.unit or ''}".lower()))
            if words <= theirs or {w.rstrip("s") for w in words} <= {w.rstrip("s") for w in theirs}:
                found.append(p)
        elif turn - p.turn <= POINTER_TURNS and applied(p.value, p.unit, delta) is not None \
                and _takes_bare(p, delta) and not (own and own not in _words_of(p)):
            found.append(p)
    if not delta.subject and found:
        latest = max(p.turn for p in found)
        found = [p for p in found if p.turn == latest]
    return found[0] if len(found) == 1 else None


# the thing an amount is of, named as the subject of its clause ("the appendix can be up
# to 4 more")
_OWN_SUBJECT_RE = re.compile(r"\b(?:the|my|our|their|his|her)\s+(?P<noun>[a-z][\w-]*)\s+(?:can|could|will|may|"
                             r"might|is|are|gets?|has|have)\b[^,.;]*?\d", re.I)


def _own_subject(text: str) -> str | None:
    """The thing the clause of an amount in ``text`` names as its subject, without its
    plural "s" ("the appendix can be up to 4 more": appendix), or None."""
    m = _OWN_SUBJECT_RE.search(text)
    return m.group("noun").lower().rstrip("s") if m else None


def _words_of(p: Patch) -> set[str]:
    """The words of ``p``'s setting and statement, without their plural "s"."""
    return {w.rstrip("s") for w in re.findall(r"[a-z0-9]+", f"{p.slot or ''} {p.text}".lower())}


def _takes_bare(p: Patch, delta: Delta) -> bool:
    """Whether ``delta`` may change ``p``'s value when it says no unit: a number or a count
    always; a sum, a duration, a size or a share by an amount in digits ("bump it by 100"
    of $500), never by one in words ("add one for the tv licence"); a time of day, a date
    or a version never ("add 6pm as well" is no 13am)."""
    if delta.unit is not None or delta.op == "*":
        return True
    dim = parse_value(f"{p.value} {p.unit}" if p.unit and p.unit not in p.value else p.value).dimension
    if dim == "number" or dim.startswith(("count:", "rate:count:", "rate:number")):
        return True
    return not delta.spelled and dim.startswith(_BARE_DIMENSIONS)


_BARE_DIMENSIONS = ("money", "rate:money", "time", "size", "percent", "rate:time", "rate:size")


def is_amount_of(value: object, delta: Delta) -> bool:
    """A fact's value (if any) is the amount of the change it says, not the value it comes
    to: none given, or the same number ("5 fewer" of "make it 5 fewer")."""
    if value is None:
        return True
    m = _FIRST_NUMBER_RE.search(str(value))
    if m is None:  # a value in words is no amount when it names a day or a thing ("Tuesday")
        return parse_value(str(value)).dimension in ("free", "number")
    return float(m.group(0).replace(",", "")) == delta.amount
