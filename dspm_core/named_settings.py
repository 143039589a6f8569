"""Settings declared by naming their value: which subject, which value.

- "The default branch is develop", "Our brand colour is teal", "My home airport is JFK":
  a possessed or defined subject declared to be a value;
- "Write the tests with Jest", "We'll track bugs in Jira", "Our CI runs on Jenkins": the
  named tool a piece of the work is done with;
- "I want a progress summary every Monday": a recurring want, and when.

The value is a name or a short phrase of one: a subject holds one at a time, so a later
one for the same subject replaces it.
"""

from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass

from .conventions import read_convention
from .known_names import names_pattern
from .lexicon import is_adjective, is_base_verb, is_noun, is_verb_only
from .values import VALUE_RE

__all__ = ["DIETS", "LEAD", "NAME", "NamedSetting", "read_named", "read_reminder", "without_article"]

_I = re.I


@dataclass(frozen=True, slots=True)
class NamedSetting:
    """A subject and the value a sentence names for it; ``form`` says which form."""

    subject: str
    value: str
    form: str


#: the lead words a form may open with, and a capitalised name (pattern texts)
LEAD = r"^(?:(?:ok(?:ay)?|also|and|so|btw|fyi|oh|just so you know)[,\s]+)*"
NAME = r"(?-i:[A-Z][\w.+#'-]*)(?:\s+(?-i:[A-Z0-9][\w.+#-]*))*"
_LEAD, _NAME = LEAD, NAME

# "The default branch is develop", "Our sprint length is two weeks"
_DECLARED_RE = re.compile(
    _LEAD + r"(?:(?:the|our|my|your|their)\s+(?:[\w-]+'s\s+)?(?P<subj>(?:[\w-]+\s+){0,5}[\w-]+)|"
    r"(?P<bare>(?:[\w-]+\s+){0,3}[\w-]+))\s+(?:is|are)\s+(?:(?P<on>in|on)\s+(?=(?-i:[A-Z])))?"
    r"(?:now\s+|still\s+|always\s+)?(?:set\s+to\s+)?(?P<val>[\w.+#'/-]+(?:\s+[\w.+#'/&-]+){0,3})"
    # where a named place stands: "the venue is The Crown on Market Street"
    r"(?P<placed>\s+(?:on|at|in|by|near|off|opposite|next to)\s+[\w'-]+(?:\s+[\w'-]+){0,3})?"
    r"\s*[.!]?$",
    _I)
# "Date format in the reports: MM/DD/YYYY", "Default region: us-east-1": a label and its value
_LABELLED_RE = re.compile(
    _LEAD + r"(?P<label>[A-Za-z][\w-]*(?:\s+[\w-]+){0,4})\s*:\s+(?P<val>[\w.+#'/()-]+(?:\s+[\w.+#'/()-]+){0,3})$",
    _I)
# "Write the tests with Jest", "From now on, format the code with Black"
_WORK_WITH_RE = re.compile(
    _LEAD + r"(?:(?:from now on|going forward)[,\s]+)?(?:(?:we|i)(?:'ll| will| should)?\s+)?"
    r"(?:please\s+)?(?P<verb>[a-z]+)\s+(?:(?:the|our|my|all|any)\s+)?"
    r"(?P<obj>[a-z][\w-]*(?:\s+(?!(?:is|are|was|were)\b)[a-z][\w-]*)?)"
    r"\s+(?:with|in|using|on|via|through|at)\s+(?P<val>" + _NAME + r"|[a-z][a-z0-9]*(?:\.[a-z]+)?)"
    r"(?:\s+(?:from now on|by default|going forward|instead))?\s*[.!]?$"
    # "Show me the weather for Chicago by default"
    r"|" + _LEAD + r"(?:please\s+)?(?P<verb2>[a-z]+)\s+(?:me\s+|us\s+)?(?:the\s+|my\s+|our\s+)?"
    r"(?P<obj2>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:for|in|from|at)\s+(?P<val2>" + _NAME + r")"
    r"\s+by default\s*[.!]?$", _I)
# "I'm vegetarian", "I've gone fully vegan", "I'm on a Mediterranean diet now": the diet
DIETS = (r"vegan|vegetarian|pescatarian|flexitarian|keto|ketogenic|paleo|carnivore|halal|kosher|"
          r"gluten[- ]free|dairy[- ]free|low[- ]carb|low[- ]fat|plant[- ]based|raw food|whole30")
#: a diet that says what one cannot eat, kept beside the diet one follows
_AVOIDS_RE = re.compile(r"gluten[- ]free|dairy[- ]free|halal|kosher", re.I)
# any diet: those above and the known names of diets ("mediterranean", "low-fodmap")
_ANY_DIET_RE = re.compile(rf"\b(?:{DIETS}|{names_pattern('diet')})\b", re.I)
_DIET_RE = re.compile(
    _LEAD + r"(?:i|we)(?:'m| am|'ve| have|'re| are)?\s+(?:now\s+|also\s+|just\s+)?(?:gone|went|become|turned|"
    r"switched to|going|doing|eating|trying|following|started|been)?\s*(?:a\s+|an\s+)?"
    r"(?:fully|strictly|mostly|completely|totally)?\s*(?P<val>" + DIETS + r")(?:\s+diet)?"
    # ("we're halal at home": the household's)
    r"(?:\s+(?:at home|in (?:our|this|my) (?:house|home|household|family)))?"
    r"(?:\s+(?:now|these days|for now|this (?:year|month|week)|recently|again))?\s*$"
    r"|" + _LEAD + r"(?:i|we)(?:'m| am|'re| are)\s+(?:now\s+)?on\s+(?:a|an|the)\s+"
    r"(?P<val2>(?-i:[A-Z])\w+|" + DIETS + r")\s+diet(?:\s+(?:now|these days|for now))?\s*$", _I)
# "Use my work email for anything client-related", "Use the blue template for proposals"
_USE_FOR_RE = re.compile(
    _LEAD + r"(?:please\s+)?(?:always\s+)?use\s+(?:(?:my|the|our|a)\s+(?P<val>[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*){0,2})|(?P<ident>[a-z]+(?:[_-][a-z0-9]+)+|[a-z]+[A-Z]\w*"
    r"|[a-z][\w-]*\s+(?:and|or|&)\s+[a-z][\w-]*))"  # "use lakh and crore for big numbers"
    r"\s+for\s+(?:all\s+|any\s+|anything\s+|the\s+|our\s+|my\s+)?(?P<subj>[\w-]+(?:\s+[\w-]+){0,2})$", _I)
# "Our CI runs on Jenkins", "The blog is hosted on Netlify", "Our app targets Android 10 and up"
_RUNS_ON_RE = re.compile(
    _LEAD + r"(?:the|our|my)\s+(?P<obj>[\w-]+(?:\s+[\w-]+)?)\s+(?:(?:runs|is hosted|is deployed|lives|"
    r"is built|is written)\s+(?:on|in|at|with)|(?:run|are hosted|are deployed|are built)\s+on|targets?|supports?|"
    r"requires?)\s+(?P<val>" + _NAME + r")"  # ("our lambdas run on Node 18"; where many run is a place)
    r"(?:\s+(?:and up|and above|and later|or later|or newer|or above|and newer))?\s*[.!]?$", _I)
# "I want a progress summary every Monday", "Every quarter I need a cost report"
_WANT = r"(?:i|we)(?:\s+|(?='))(?:want|need|would like|'d like|'ll need)\s+(?:a|an|the|my|our)\s+"
_RECURRING_RE = re.compile(
    _LEAD + _WANT + r"(?P<what>[^,;?]{2,60}?)\s+(?:every|each)\s+(?P<when>(?:other\s+)?\w+)\s*[.!]?$"
    r"|" + _LEAD + r"(?:every|each)\s+(?P<when2>(?:other\s+)?\w+),?\s+" + _WANT
    + r"(?P<what2>[^,;?.]{2,60}?)\s*[.!]?$", _I)

# "Remind me to take my meds at 8 AM": the reminder of taking the meds, at 8 AM
_REMINDER_RE = re.compile(
    _LEAD + r"(?:please\s+)?remind me\s+(?:to|about)\s+(?:(?:take|do|call|check|water|feed|"
    r"pay|book|renew|submit|send)\s+)?(?:(?:my|the|our)\s+)?(?P<what>[\w' -]{2,40}?)\s+"
    r"(?P<prep>at|on|every|by|each)\s+(?P<when>[\w: .-]{2,30}?)"
    # what it is done with, said after when ("every 10 days with the seaweed stuff")
    r"(?:\s+(?:with|using|in|from)\s+(?:the|my|our|some|a)\s+[\w' -]{2,30}?)?\s*[.!]?$", _I)
_COUNTED_RE = re.compile(r"^(?:\d|(?:two|three|four|five|six|seven|eight|nine|ten|other)\b)", _I)


@lru_cache(maxsize=16384)
def read_reminder(sentence: str) -> NamedSetting | None:
    """The reminder a sentence sets ("Remind me to stretch at 3 PM": stretch reminder); a
    reminder every so many days or weeks holds how often ("every 10 days")."""
    m = _REMINDER_RE.match(sentence.strip())
    if m is None:
        return None
    when = m.group("when")
    if m.group("prep").lower() in ("every", "each") and _COUNTED_RE.match(when):
        when = f"every {when}"
    return NamedSetting(f"{m.group('what')} reminder", when, "reminder")


_POINTERS = frozenset("this that it he she they there here what which who everything "
                      "nothing something".split())
_EVALUATIVE = frozenset("good bad great nice fine ok okay amazing awesome terrible awful "
                        "cool done ready important interesting weird strange hard easy tricky "
                        "broken slow fast down up here there".split())


def diets_apart(value: str | None, old: str | None) -> bool:
    """One of two diets says what one cannot eat and the other what one follows, or each
    cannot have another thing ("gluten free" / "vegetarian", "dairy free" / "gluten free"):
    both hold, neither replaces the other."""
    if not value or not old:
        return False
    a, b = _AVOIDS_RE.search(value), _AVOIDS_RE.search(old)
    if a is None and b is None:
        return False
    if a is not None and b is not None:
        return a.group(0).lower()[:5] != b.group(0).lower()[:5]
    return _ANY_DIET_RE.search(old if a is not None else value) is not None  # the diet followed


@lru_cache(maxsize=16384)
def read_named(sentence: str) -> NamedSetting | None:
    """The subject and value of a setting declared in one of the forms above, or None."""
    s = sentence.strip().rstrip(".!")
    m = _WORK_WITH_RE.match(s)
    if m and m.group("verb") and is_base_verb(m.group("verb")) and _names_a_tool(m.group("val")):
        return NamedSetting(m.group("obj"), m.group("val"), "tool")
    if m and m.group("verb2") and is_base_verb(m.group("verb2")):
        return NamedSetting(m.group("obj2"), m.group("val2"), "default")
    m = _RUNS_ON_RE.match(s)
    if m:
        return NamedSetting(m.group("obj"), m.group("val"), "tool")
    convention = read_convention(s)
    if convention is not None:  # "Branch names in this repo are kebab-case."
        return NamedSetting(convention[0], convention[1], "convention")
    m = _DIET_RE.match(s)
    if m:
        val = m.group("val").lower() if m.group("val") else m.group("val2")
        # what one cannot eat is kept beside what one eats: "I'm gluten free" is no new diet
        # after "I'm vegetarian", nor "we're halal at home" after "I'm doing keto"
        return NamedSetting(val, val, "diet") if _AVOIDS_RE.fullmatch(val) \
            else NamedSetting("diet", val, "diet")
    m = _USE_FOR_RE.match(s)
    if m:  # "use the blue template for proposals", "use snake_case for Python variables"
        return NamedSetting(m.group("subj"), m.group("val") or m.group("ident"), "use-for")
    m = _RECURRING_RE.match(s)
    if m:
        return NamedSetting(m.group("what") or m.group("what2"),
                            "every " + (m.group("when") or m.group("when2")), "recurring")
    m = _LABELLED_RE.match(s)
    if m and _labels_a_setting(m.group("label"), m.group("val")):
        return NamedSetting(m.group("label"), m.group("val"), "labelled")
    m = _DECLARED_RE.match(s)
    # "video calls are on Zoom these days": the time said after the value is no part of it
    val = _NOW_AFTER_RE.sub("", m.group("val")) if m else ""
    val = without_article(val)  # "my bike is a Trek FX": the Trek FX
    if m and m.group("placed") and not re.match(r"(?:the\s+)?(?-i:[A-Z])", val, _I):
        m = None  # where a named place stands, after a name only ("The Crown on Market Street")
    if m and m.group("subj") and _declares(m.group("subj"), val):
        return NamedSetting(m.group("subj"), val, "declared")
    if m and m.group("bare") and m.group("bare").split()[-1].lower() in _PLACE_HEADS | _SETTING_HEADS \
            and not m.group("placed") and _declares(m.group("bare"), val):
        # "pickup point is the north entrance"; "log level is INFO in prod": prod's log level
        scoped = _SCOPED_RE.fullmatch(val)
        if scoped:
            return NamedSetting(f"{scoped.group('scope')} {m.group('bare')}", scoped.group("val"),
                                "declared")
        return NamedSetting(m.group("bare"), val, "declared")
    if m and m.group("bare") and not m.group("placed") and _bare_thing(m.group("bare")) \
            and _PROPER_VALUE_RE.fullmatch(val) and not _EVALUATIVE & set(val.lower().split()):
        # "team captain is Priya", "caterer for the gala is Bellwether Kitchen", "bike is a
        # Trek FX", "recall cue is 'here'": a thing said without its article, and its name
        return NamedSetting(m.group("bare"), val, "declared")
    if m and m.group("bare") and m.group("bare").split()[0].lower() not in _POINTERS and (
            m.group("bare")[:1].isupper()
            and re.fullmatch(r"(?-i:[A-Z][A-Z0-9_.+-]+|[A-Z][a-z]+[A-Z][\w.+-]*)", val)
            or m.group("on") and not m.group("placed") and _names_a_tool(val)
            and _declares(m.group("bare"), val)):
        # "Production log level is WARN": a subject without an article, a value in capitals;
        # "video calls are on Zoom": a thing and the tool it is on
        return NamedSetting(m.group("bare"), val, "declared")
    return None


# a name as a value: capitalised words (a title first, "Mr. Okafor"), after an article
# ("a Trek FX"), or a word in quotes ("'here'")
_PROPER_VALUE_RE = re.compile(r"(?:(?:a|an|the)\s+)?(?:(?:Mr|Mrs|Ms|Dr|Prof)\.?\s+)?"
                              r"(?-i:[A-Z][\w'&.+-]*)(?:\s+(?:&\s+|and\s+|of\s+)?(?-i:[A-Z0-9][\w'&.+-]*)){0,3}"
                              r"|(?P<q>['\"‘“])[\w .'-]{1,30}['\"’”]", _I)
#: the nouns of what is talked about, not set ("the question is How ...", "problem is Safari")
_TALK_HEADS = frozenset("question problem issue thing point reason answer idea plan goal "
                        "worry concern catch difference trick rule".split())


#: words that open no bare thing: a person, or a change of what is held ("new venue is St
#: Mark's", which revises the venue)
_NOT_A_THING_FIRST = frozenset("i we you my our your new next last other same".split())


def _bare_thing(subject: str) -> bool:
    """``subject``, said without an article, names a thing: one to four words, none a
    pointer or a verb alone, its last a noun that is no word of talk ("team captain",
    "caterer for the gala")."""
    words = subject.split()
    head = re.sub(r"\W", "", words[-1]).lower()
    first = words[0].lower()
    return len(words) <= 4 and first not in _POINTERS and first not in _NOT_A_THING_FIRST \
        and all(w[:1].islower() for w in words[1:]) and head.isalpha() \
        and is_noun(head) and head not in _TALK_HEADS and not is_verb_only(first) or (
            len(words) == 1 and is_noun(head) and head not in _TALK_HEADS and head not in _POINTERS
            and head not in _NOT_A_THING_FIRST)


# "a" or "an" before a name ("a Galaxy S21")
_ARTICLE_BEFORE_NAME_RE = re.compile(r"^(?:a|an)\s+(?=(?-i:[A-Z]))", _I)


def without_article(value: str) -> str:
    """A name without the "a" or "an" said before it ("a Trek FX" -> "Trek FX")."""
    return _ARTICLE_BEFORE_NAME_RE.sub("", value, count=1)


_NOW_AFTER_RE = re.compile(r"\s+(?:now|these days|nowadays|for now)$", _I)


def _labels_a_setting(label: str, value: str) -> bool:
    """"Date format in the reports: MM/DD/YYYY", "Default region: us-east-1", "Tone:
    casual": a label that names a setting, and a short value that is no sentence ("Note:
    back tomorrow", "Update: we shipped it")."""
    words = label.lower().split()
    if words[0] in _POINTERS or words[0] in ("i", "we", "you", "my", "our") \
            or words[-1] in _NOT_SETTING_LABELS or _FINITE_RE.search(value) \
            or re.fullmatch(r"\d+|[a-z]", words[-1]):  # "Step 2: restart", "Option B: ..."
        return False
    return _declares(label, value)


# labels of talk, not of a setting
_NOT_SETTING_LABELS = frozenset("note notes update updates question questions answer edit ps fyi tip tips "
                                "warning warnings example examples step status summary reminder context "
                                "problem issue issues error errors result results goal goals task tasks "
                                "todo idea ideas thought thoughts reason why what how pros cons "
                                "plan plans option options source sources".split())
# a verb that makes the value a sentence ("Update: we shipped it")
_FINITE_RE = re.compile(r"\b(?:is|are|was|were|am|be|been|has|have|had|do|does|did|will|would|"
                        r"can|could|should|must|i|we|you|he|she|they|it)\b|n't\b", _I)


def _names_a_tool(value: str) -> bool:
    """A capitalised name, or a lowercase word that is no ordinary English word
    ("matplotlib", "pytest")."""
    if value[:1].isupper():
        return True
    from .vocab import word_frequency

    return word_frequency().get(value.lower(), 0) < 1000


def _declares(subject: str, value: str) -> bool:
    """"the default branch is develop": a value that names something, not a verdict
    ("the food is amazing") or a state ("my day was long")."""
    said = _STATE_NOW_RE.sub("", value)
    if said != value:
        # "the docs are out of date again", "my tests are failing again", "the weather is
        # lovely today": how a thing is now, not its setting
        one = said.lower().split()
        if not one or one[0] == "out" or len(one) == 1 and (
                is_adjective(one[0]) or one[0].endswith("ing")):
            return False
    words = value.lower().split()
    if subject.lower().split()[-1] in ("name", "names", "nickname"):
        return False  # "My name is Dana": who someone is, an entity
    if words[0] in ("the", "a", "an") and len(words) > 1 and value.split()[1][:1].isupper():
        return True  # "the hotel is the Ibis": a named place; "my bike is a Trek FX"
    head = subject.lower().split()[-1]
    if head in _PLACE_HEADS and words[0] == "the" and 1 < len(words) <= 4 \
            and not set(words[1:]) & _EVALUATIVE and not is_adjective(words[-1]):
        return True  # "the pickup point is the north entrance": a place in plain words
    if (head in _SETTING_HEADS or "default" in subject.lower().split()) and len(words) == 1 \
            and words[0] not in _EVALUATIVE:
        return True  # "the default branch is main", "the theme is dark": a setting's value
    if words[0] in _EVALUATIVE or words[0] in ("a", "an", "the", "so", "very", "too", "really",
                                               "not", "just", "quite", "pretty", "being",
                                               "called", "named", "known", "based", "due",
                                               "by", "before", "after", "under", "over", "at",
                                               "within", "below", "above", "up", "less", "more",
                                               "no", "never"):
        return False
    if value[:1].isupper() or VALUE_RE.match(value) or any(c.isdigit() for c in value):
        return True
    if len(words) == 1 and (is_adjective(words[0]) or words[0].endswith("ing")) \
            and not _COLOURS_OR_KINDS.match(words[0]):
        return False  # "The weather is nice", "the variable names here are confusing"
    return not subject.lower().split()[-1] in ("day", "week", "weekend", "trip", "life", "mood")


#: when a state holds, after it ("failing again", "lovely today")
_STATE_NOW_RE = re.compile(r"\s+(?:again|today|tonight|right now|at the moment|lately|"
                           r"this (?:morning|afternoon|evening|week))$", _I)

# a value with the scope it holds in ("INFO in prod")
_SCOPED_RE = re.compile(r"(?P<val>\S+)\s+(?:in|on|for)\s+(?P<scope>[\w-]+)")
#: the heads of a setting whose value may be a plain adjective ("main", "dark", "basic")
_SETTING_HEADS = frozenset("mode theme branch plan tier level format style setting option colour "
                           "color font layout tone size channel region environment stage "
                           "template".split())
#: the heads of a place a value in plain words may name ("the north entrance")
_PLACE_HEADS = frozenset("point spot location venue place entrance exit meeting-point "
                         "pickup drop-off stop".split())
_COLOURS_OR_KINDS = re.compile(r"^(?:teal|blue|red|green|black|white|grey|gray|orange|purple|"
                               r"yellow|pink|brown|navy|private|public|internal|external|"
                               r"monthly|weekly|daily|yearly|annual|remote|hybrid|formal|casual)$")
