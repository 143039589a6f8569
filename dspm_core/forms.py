"""The forms ladder: the ways one patch can be written as a line.

* ``full``: the patch text, with lineage inline after the current value.
* ``compact``: ``subject op value (was A then B)``.
* ``minimal``: ``subject op value``.

Every critical form keeps subject, operator, value and unit; a form that would lose
one of them is not offered. Non-criticals have ``full`` and, for long texts, a
``short`` form (their first line or sentence, marked as cut).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .lexicon import is_adverb_only
from .progress import done_count
from .line_safety import line_prefix, one_line
from .literal import bounded_hits
from .patch import Patch, Revision
from .values import SIZE_RE, parse_value, short_unit

__all__ = ["Form", "forms_for", "lineage_text", "same_forms"]

_OP_TEXT = {"=": "=", "<=": "<=", ">=": ">=", "<": "<", ">": ">", "!=": "!="}
_SHORT_MAX_CHARS = 160


@dataclass(frozen=True, slots=True)
class Form:
    name: str  # full, compact, minimal, short
    text: str


def _bare_number(value: str) -> str:
    """The number of a value whose unit the current value repeats: "300 seconds" -> "300".
    A unit glued to the number stays with it ("800ms", never "800m"): "k"/"M" are
    thousands and millions only when no letter follows."""
    sides = SIZE_RE.match(value.strip())
    if sides:  # "50 x 80 cm" -> "50 x 80", never "50"
        return sides.group("sides")
    m = re.match(r"^[$€£]?\s?[-+]?[\d,.]+(?:[kKmM](?![A-Za-z]))?%?(?:(?<=\d)[A-Za-z]+\b)?",
                 value.strip())
    return m.group(0) if m else value


def _rev_label(rev: Revision, current_unit: str | None) -> str:
    if not rev.value:
        return "unset"
    if rev.unit and current_unit and parse_value(rev.unit).canonical == parse_value(current_unit).canonical:
        return _bare_number(rev.value)
    if rev.unit is None and current_unit is None:
        return rev.value
    return rev.label


def lineage_text(patch: Patch, short: bool = False) -> str:
    """``(was 300 then 60)``: earlier values, newest first; empty without history."""
    if not patch.history:
        return ""
    labels = []
    for rev in patch.history:
        label = _rev_label(rev, patch.unit)
        if short and rev.unit:
            su = short_unit(rev.unit)
            if su and label.endswith(rev.unit):
                label = label[: -len(rev.unit)] + su
        labels.append(label)
    return "(was " + " then ".join(labels) + ")"


def _with_lineage(patch: Patch) -> str:
    text = " ".join(patch.text.split()) if "\n" not in patch.text else patch.text.strip()
    lin = lineage_text(patch)
    if not lin:
        return text
    if patch.value and patch.value in text:
        # the last whole-word occurrence: "from 15% to 5%" must not match inside "15%"
        starts = bounded_hits(text, patch.value, ".,$€£", "%", ignore_case=False)
        if starts is None:
            starts = [m.start() for m in re.finditer(
                rf"(?<![\w.,$€£]){re.escape(patch.value)}(?![\w%])", text)]
        if starts:
            end = starts[-1] + len(patch.value)
            return f"{text[:end]} {lin}{text[end:]}"
    return f"{text.rstrip()} {lin}"


def _short_value(patch: Patch) -> str:
    value = patch.value_label
    if patch.unit and value.endswith(patch.unit):
        su = short_unit(patch.unit)
        if su and su != patch.unit and not (su.isalpha() and su.islower() and len(su) > 3):
            sep = "" if su in ("%",) else " "
            return value[: -len(patch.unit)].rstrip() + sep + su
    return value


# words that show a slot subject is the leftover of a sentence ("trying keep weather app
# under prefer using lightweight"), not the name of a setting: such a subject makes no
# faithful short form
_SENTENCE_WORDS_RE = re.compile(
    r"\b(?:i|i'm|my|you|trying|try|prefer|preferring|like|want|wanted|know|think|feel|"
    r"considering|sure|kinda|really|using|keep|keeping|make|making|help|need|already|just|"
    r"recently|currently|initially|still|finally|actually)\b", re.I)


# a subject that is a leftover of a sentence, not the name of a setting: it holds a date or
# a time of day, quotes, brackets or punctuation ("\"increased viewership", "where C2",
# "only completed March"), opens on a word that names nothing ("about", "especially") or
# ends on one that ends no name ("passive voice usage, and", "favorable outcomes out")
_NOT_A_NAME_RE = re.compile(
    r"[\"“”‘’()\[\]{}<>=%,;:!?]|\b(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|january|"
    r"february|march|april|june|july|august|september|october|november|december|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday|am|pm)\b", re.I)
_LEADS_NO_NAME = frozenset("about where which what when who whom whose how why especially just also "
                           "only so and but or then there here it this that these those if as "
                           "because since while".split())
_ENDS_NO_NAME = frozenset("and or but of for to in on at by with without from out about into "
                          "than as being is are was were be has have had the a an that which "
                          "who denoted".split())
# the verb of the user's own account ("I've got 5 critiques", "I attended ...", "I'm kinda
# worried about ..."): what follows it is no setting's name
_NARRATOR_RE = re.compile(
    r"\b(?:i|we)(?:'ve|'d|'m|'re|\s+have|\s+had|\s+am|\s+are|\s+was|\s+were)?\s+"
    r"(?:(?:\w+ly|just|already|also|kinda|really|recently|finally|even|still|actually|never|"
    r"have|had|been|so|too)\s+){0,3}(?:\w+\s+to\s+)?$", re.I)


def _names_a_setting(subject: str, text: str) -> bool:
    """Whether ``subject`` (a slot as stored) reads as the name of a setting, so that a
    line ``subject op value`` says what the sentence said."""
    words = subject.split()
    if not words or not subject[0].isalpha() or _NOT_A_NAME_RE.search(subject):
        return False
    if done_count(text) is not None:
        return False  # "complete algebra problems" is read out of "I've completed 16 ...":
        # the sentence says it better
    if words[0].lower() in _LEADS_NO_NAME or words[-1].lower() in _ENDS_NO_NAME \
            or is_adverb_only(words[0]) or is_adverb_only(words[-1]):
        return False  # "definitely", "earning annually", "solve around"
    first = words[0]
    if not first.isalpha():
        return True
    hits = bounded_hits(text, first, "", "")
    if hits is None:
        hits = [m.start() for m in re.finditer(rf"(?<!\w){re.escape(first)}(?!\w)", text, re.I)]
    return not any(_NARRATOR_RE.search(text, 0, at) for at in hits)


def _subject_op_value(patch: Patch, value: str) -> str | None:
    if not patch.slot:
        return None
    subject = " ".join(patch.slot.split())
    if _SENTENCE_WORDS_RE.search(subject) or len(subject.split()) > 6:
        return None
    if patch.value is not None and not _names_a_setting(subject, patch.text):
        return None
    if patch.value is None:
        if patch.op == "!=":
            return f"never {subject}"
        return f"must {subject}" if patch.kind.value == "constraint" else subject
    op = _OP_TEXT.get(patch.op or "=", "=")
    return f"{subject} {op} {value}"


def same_forms(a: Patch, b: Patch) -> bool:
    """Whether :func:`forms_for` writes ``a`` and ``b`` alike: the fields it reads are
    equal (a restatement that only moves a patch's turn, echo count or pin keeps them)."""
    return (a.text == b.text and a.kind is b.kind and a.role is b.role and a.slot == b.slot
            and a.op == b.op and a.value == b.value and a.unit == b.unit
            and a.history == b.history and a.later == b.later)


def forms_for(patch: Patch) -> list[Form]:
    """The forms of ``patch``, longest first, each one complete line: the kind tag, the
    source marker of a tool, document or assistant statement, and the text made safe by
    :func:`~dspm_core.line_safety.one_line` (so no stored text can forge a line)."""
    tag = patch.tag
    prefix, safe = line_prefix(tag, patch.role), len(tag) + 2
    return [Form(f.name, prefix + one_line(f.text[safe:])) for f in _forms(patch)]


def _forms(patch: Patch) -> list[Form]:
    """The forms of ``patch`` as written, each starting with ``<tag>: ``."""
    tag = patch.tag
    full_text = _with_lineage(patch)
    core = _subject_op_value(patch, _short_value(patch)) if patch.critical else None
    if core is not None and patch.value and not _keeps_value(full_text, patch):
        # the note paraphrases the fact without its value: state the value beside it
        lin = lineage_text(patch)
        full_text = f"{full_text} [{core}{' ' + lin if lin else ''}]"
    full = Form("full", f"{tag}: {full_text}")
    if not patch.critical:
        forms = [full]
        if len(full.text) > _SHORT_MAX_CHARS or "\n" in full.text:
            body = "\n".join(ln for ln in patch.text.strip().splitlines()
                             if ln.strip() and not ln.strip().startswith("```"))
            first = re.split(r"(?<=[.!?])\s|\n", body.strip(), maxsplit=1)[0] or patch.text[:80]
            first = first[: _SHORT_MAX_CHARS].rstrip()
            forms.append(Form("short", f"{tag}: {first} …"))
        return forms
    out = [full]
    if patch.later:  # linked to a later statement: every form says this value is earlier
        return [Form(f.name, f"{f.text} (earlier)") for f in _critical_forms(patch, out, core)]
    return _critical_forms(patch, out, core)


def _critical_forms(patch: Patch, out: list[Form], core: str | None) -> list[Form]:
    tag = patch.tag
    if not patch.value:
        # a rule without a value is never cut to its first words ("must prefer automated");
        # only the reason or goal it leans on may go ("..., so I prefer minimal deps")
        rule = _without_reason(patch.text)
        if rule:
            out.append(Form("compact", f"{tag}: {rule}"))
        return out
    if core is None or not _keeps_value(core, patch):
        return out
    lin = lineage_text(patch, short=True)
    compact = Form("compact", f"{tag}: {core} {lin}".rstrip())
    minimal = Form("minimal", f"{tag}: {core}")
    for form in (compact, minimal):
        if len(form.text) < len(out[-1].text):
            out.append(form)
    return out


_REASON_SPLIT_RE = re.compile(r",\s*(?:and\s+)?so\s+(?!that\b)(?=\S)", re.I)
_GOAL_SPLIT_RE = re.compile(r";\s+(?=\S)")
_GOAL_RE = re.compile(
    r"^(?:i(?:'m| am)\s+(?:\w+\s+)?(?:trying|planning|looking|aiming|hoping|working)|"
    r"my (?:goal|aim|plan)|(?:i|we) (?:want|need) to|to (?:keep|make|ensure|avoid)|because|since)\b",
    re.I)


def _without_reason(text: str) -> str | None:
    """The rule of "<reason>, so <rule>" or "<goal>; <rule>" (a goal clause first, not a
    rule of its own: "Use tabs; never spaces" keeps both), or None."""
    flat = " ".join(text.split())
    parts = _REASON_SPLIT_RE.split(flat)
    if len(parts) < 2:
        parts = _GOAL_SPLIT_RE.split(flat, maxsplit=1)
        if len(parts) < 2 or not _GOAL_RE.match(parts[0]):
            return None
    rule = parts[-1].strip()
    if len(rule.split()) < 3:
        return None
    return rule[0].upper() + rule[1:]


def _keeps_value(core: str, patch: Patch) -> bool:
    """A shortened form must still carry the value's number (or its words)."""
    if not patch.value:
        return True
    num = re.search(r"\d[\d,.]*", patch.value)
    first = num.group(0).rstrip(".,") if num else patch.value.split()[0]
    if first not in core:
        return False
    return not patch.unit or patch.unit in core or (short_unit(patch.unit) or patch.unit) in core
