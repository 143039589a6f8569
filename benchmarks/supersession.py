"""Slot-resolution benchmark: does a new statement revise the right stored setting?

Reads the revision corpus (``tests/fixtures/revisions/dialogues.jsonl``, see its README),
feeds every dialogue turn by turn into a fresh ``dspm_core.DSPMMemory()`` (default rule
extractor) and judges the resulting store. It is a measurement: it always exits 0.

    python benchmarks/supersession.py                      # all dialogues
    python benchmarks/supersession.py --split dev --show-failures
    python benchmarks/supersession.py --split check --json benchmarks/results/supersession.json
    python benchmarks/supersession.py --split dev --lower  # user turns typed in lower case

Value matching
--------------
A value is compared as a set of light *value tokens*: lower case; ``'s`` dropped, and any
other apostrophe inside a word (``don't`` -> ``dont``); commas inside numbers removed
(``2,500`` -> ``2500``); a number glued to a unit split
(``25MB`` -> ``25 mb``); ``$``/``€``/``£`` and the words dollars/euros/... become ``usd``,
``eur``, ``gbp``; ``HH:00`` becomes ``HH`` and leading zeros go (``05:00`` -> ``5``);
number words become digits ("twelve", "fifteen", "three hundred", "fifteen hundred", "a grand", "half a
dozen", "the twenty-eighth" -> ``28``), and so do thousands written ``1.5k``; clock times
said in words become clock times ("noon" -> ``12 pm``, "midnight" -> ``12 am``, "half past
six" -> ``6:30``, "quarter to seven" -> ``6:45``); common units fold to one spelling
(seconds/sec/s -> ``s``, minutes/min -> ``min``, hours/hrs -> ``h``, megabytes -> ``mb``,
percent -> ``%``, pixels -> ``px``, ...); plurals lose a final ``s``; a few filler words
(the, a, at, on, per, every, degrees, ordinal suffixes) are ignored. An expected value
*matches* a stored string when every token of the expected value occurs among the
string's tokens: ``"25 MB"`` matches ``"25 MB"``, ``"25MB"`` and ``"25 megabytes"``;
``"$2,500"`` matches ``"2500 dollars"``; ``"3"`` does not match ``"30 seconds"`` or
``"3.12"``.

A patch *presents* a value when the value matches the patch's value with its unit
(``Patch.value_label``) or the patch's text (the note as stated; lineage is not part of
it). A sentence of the lossless tier is judged as it is rendered: an old value it states
that is marked as earlier (``dspm_core.tier.mark_earlier``: "(earlier: 30; now 25)", or
"(earlier: heroku's)" beside a statement that replaced the name) is
left out, as the tier shows it as no current value, and such a sentence is judged by its
rendered text alone, not by the value read out of it when it was stored; an unmarked one
counts. An earlier value is *in the lineage* of a patch when it matches one of its
``history`` entries (value or text) and that entry's own value, when it has one, is the
old value and not another value of the statement it came from: its tokens lie within the
old value's (or hold them), or, for a value with numbers, its numbers lie within the old
value's or have the shape of the current value's ("555-0198 (was 555-0142)" for a contact
said "my brother Sam, 555-0142"), or, for a value of words, it shares a word with the old
value. "Swap flake8 for ruff (was lint)" after "we lint with flake8", or "Actually 6 of us
(was friday 7:30pm)" after "a table for friday 7.30pm, 4 ppl", are not found: the text of
the old statement holds the old value, but the lineage shows another.

Verdicts
--------
- **revision** ``{"slot_turn": i, "revised_by_turn": j, "new_value", "old_value"}``:
  FOUND when exactly one current patch has the new value immediately followed by the old
  value in its lineage (``[current, *history]``), no other patch presents the old value,
  and, when the new value is the current one, no other patch presents the new value.
  (A chain 60 -> 300 -> 120 is two expectations; the first is judged one step down
  the lineage.) With ``"current"`` (a change said relative to the old value: "add 10
  seconds", "two more", "double it"), the patch's value must also match that value,
  computed from the old one ("40 seconds"), not the amount of the change.
- **look-alike** ``{"distinct": [[i, v], ...]}``: each value must be presented by its own
  current patch (values that are equal need that many patches). A WRONG MERGE is a
  listed value that is no longer presented and sits in some patch's history, or equal
  values folded into one patch; a value that was never stored at all is reported as
  NOT STORED (an extraction miss, not a merge).
- **look-alike span** ``{"span": [i, [a, b]]}``: a span said in one turn ("open from 9 to
  5", "flying from London to Paris"): both ends must stay presented by current patches;
  an end kept in some patch's history is a WRONG MERGE (the span was read as a change).
- **look-alike claim** ``{"kept": [i, v], "not_current": [j, w]}``: the user's (or
  system's) value ``v`` must stay presented and the patch first stored at turn ``i`` must
  not take the claim's value ``w``; otherwise WRONG MERGE. A claim kept as its own line
  (with its source marker) is counted separately as "claim shown as current".

Supersession precision counts every ``superseded`` entry of the store journal
(``memory.dump_store(include_history=True)["journal"]``) over the whole corpus: an entry
is right when it is at the ``revised_by_turn`` of an expected revision of its dialogue
and the patch it replaced was first stored no later than the ``slot_turn`` and presented
that expectation's old value (each expectation matches at most one entry); every other
supersession is wrong. One kind is left out and counted apart: a supersession of a patch
that the same turn wrote (the "from A to B" form first stores A, then B over it).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.dont_write_bytecode = True

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEFAULT_CORPUS = ROOT / "tests" / "fixtures" / "revisions" / "dialogues.jsonl"

if importlib.util.find_spec("dspm_core") is None:  # run from a checkout without install
    sys.path.insert(0, str(ROOT))


# ----------------------------------------------------------------------------- values
_UNITS = {
    "second": "s", "seconds": "s", "sec": "s", "secs": "s", "s": "s",
    "millisecond": "ms", "milliseconds": "ms", "msec": "ms", "ms": "ms",
    "minute": "min", "minutes": "min", "min": "min", "mins": "min",
    "hour": "h", "hours": "h", "hr": "h", "hrs": "h", "h": "h",
    "day": "day", "days": "day",
    "week": "week", "weeks": "week", "wk": "week", "wks": "week",
    "month": "month", "months": "month",
    "year": "year", "years": "year", "yr": "year", "yrs": "year",
    "kilobyte": "kb", "kilobytes": "kb", "kib": "kb", "kb": "kb",
    "megabyte": "mb", "megabytes": "mb", "mib": "mb", "mb": "mb",
    "gigabyte": "gb", "gigabytes": "gb", "gib": "gb", "gb": "gb",
    "terabyte": "tb", "terabytes": "tb", "tib": "tb", "tb": "tb",
    "percent": "%", "pct": "%", "%": "%",
    "dollar": "usd", "dollars": "usd", "buck": "usd", "bucks": "usd", "usd": "usd",
    "euro": "eur", "euros": "eur", "eur": "eur",
    "gbp": "gbp", "quid": "gbp",
    "celsius": "c", "fahrenheit": "f",
    "liter": "l", "liters": "l", "litre": "l", "litres": "l",
    "kilogram": "kg", "kilograms": "kg", "kilo": "kg", "kilos": "kg", "kg": "kg",
    "pixel": "px", "pixels": "px", "px": "px",
    "character": "char", "characters": "char", "chars": "char",
}
_NUMBER_WORDS = {
    "zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
    "seven": "7", "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
    "twenty": "20", "thirty": "30", "forty": "40", "fifty": "50", "sixty": "60",
    "seventy": "70", "eighty": "80", "ninety": "90", "hundred": "100",
}
_TEENS = {"thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
          "eighteen": 18, "nineteen": 19}
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
             "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12,
             "thirteenth": 13, "fourteenth": 14, "fifteenth": 15, "sixteenth": 16,
             "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20,
             "thirtieth": 30}
_SMALL = {**{w: int(d) for w, d in _NUMBER_WORDS.items() if w != "hundred"}, **_TEENS}
_SCALES = {"hundred": 100, "thousand": 1000, "grand": 1000, "dozen": 12}
_NUMBER_RUN = re.compile(
    r"\b(?:(?:a|an|half a|%s)[\s-]+)*(?:%s)(?:(?:[\s-]+(?:and[\s-]+)?)(?:%s))*\b" % (
        "|".join([*_SMALL, *_SCALES]),
        "|".join(sorted([*_SMALL, *_SCALES, *_ORDINALS], key=len, reverse=True)),
        "|".join(sorted([*_SMALL, *_SCALES, *_ORDINALS], key=len, reverse=True))))


def _number_run(m: re.Match[str]) -> str:
    """A number said in words as digits: "three hundred" -> "300", "twenty-eighth" ->
    "28th", "a grand" -> "1000", "half a dozen" -> "6"; a single small word is left to the
    token table (so "one" alone stays as it was)."""
    words = [w for w in re.split(r"[\s-]+", m.group(0)) if w not in ("and", "an")]
    if len(words) == 1 and (words[0] not in _ORDINALS or words[0] in ("first", "second")):
        return m.group(0)  # ("second" is a unit too)
    if len(words) == 2 and words[0] in _SMALL and words[1] in _SMALL \
            and _SMALL[words[0]] < 13 and (_SMALL[words[1]] >= 13 or _SMALL[words[1]] % 10 == 0):
        return f"{_SMALL[words[0]]}:{_SMALL[words[1]]:02d}"  # "nine thirty", "seven fifteen"
    half = words[:2] == ["half", "a"]
    if half:
        words = words[2:]
    total, current, ordinal, said = 0, 0, False, False
    for w in words:
        if w == "a":
            current = max(current, 1)
        elif w in _SMALL:
            current += _SMALL[w]
            said = True
        elif w in _ORDINALS:
            current += _ORDINALS[w]
            ordinal = said = True
        elif w == "hundred":
            current = max(current, 1) * 100
            said = True
        elif w in ("thousand", "grand"):
            total += max(current, 1) * 1000
            current, said = 0, True
        elif w == "dozen":
            current = max(current, 1) * 12
            said = True
    if not said:
        return m.group(0)
    n = total + current
    if half:
        n = n / 2
        return f"{n:g}"
    return f"{n}th" if ordinal else str(n)


_CLOCK_WORDS = re.compile(r"\b(half past|quarter past|quarter to) (%s|\d{1,2})\b" % "|".join(_SMALL))


def _clock_words(m: re.Match[str]) -> str:
    """A time said in words as a clock time: "half past six" -> "6:30",
    "quarter to seven" -> "6:45"."""
    hour = int(_SMALL.get(m.group(2), m.group(2) if m.group(2).isdigit() else 0))
    if m.group(1) == "quarter to":
        return f"{(hour - 2) % 12 + 1}:45"
    return f"{hour}:{30 if m.group(1) == 'half past' else 15}"


_IGNORED = {"the", "a", "an", "of", "to", "at", "on", "in", "for", "per", "each", "every",
            "st", "nd", "rd", "th", "degree", "degrees", "deg", "about", "around"}
_TOKEN = re.compile(r"\d+(?:[.:]\d+)*|[a-z][a-z0-9]*|%")


def value_tokens(text: str | None) -> frozenset[str]:
    """The light value tokens of ``text`` (see the module docstring)."""
    if not text:
        return frozenset()
    s = text.lower()
    s = re.sub(r"['\u2019]s\b", "", s)
    s = re.sub(r"(?<=[a-z])['\u2019](?=[a-z])", "", s)  # "don't" is "dont"
    s = s.replace("°c", " celsius ").replace("°f", " fahrenheit ").replace("°", " ")
    s = s.replace("$", " usd ").replace("€", " eur ").replace("£", " gbp ")
    while True:
        folded = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", s)
        if folded == s:
            break
        s = folded
    s = re.sub(r"\bnoon\b", "12 pm", s)
    s = re.sub(r"\bmidnight\b", "12 am", s)
    s = _CLOCK_WORDS.sub(_clock_words, s)
    s = _NUMBER_RUN.sub(_number_run, s)
    s = re.sub(r"\b(\d+(?:\.\d+)?)k\b", lambda m: f"{float(m.group(1)) * 1000:g}", s)
    s = re.sub(r"\b(\d{1,2}):00\b", r"\1", s)
    s = re.sub(r"(\d)([a-z%])", r"\1 \2", s)
    out = set()
    for tok in _TOKEN.findall(s):
        if tok in _IGNORED:
            continue
        tok = _NUMBER_WORDS.get(tok) or str(_TEENS.get(tok, tok))
        if tok[0].isdigit():
            if tok.isdigit():
                tok = str(int(tok))
            elif ":" in tok:
                head, _, rest = tok.partition(":")
                if head.isdigit():  # "05:30" -> "5:30"; "0.0.0.0:8000" stays as written
                    tok = f"{int(head)}:{rest}"
        else:
            tok = _UNITS.get(tok, tok)
            if len(tok) > 3 and tok.endswith("s") and not tok.endswith("ss"):
                tok = _UNITS.get(tok[:-1], tok[:-1])
        out.add(tok)
    return frozenset(out)


def matches(expected: str, candidate: str | None) -> bool:
    """Every value token of ``expected`` occurs in ``candidate``."""
    want = value_tokens(expected)
    return bool(want) and want <= value_tokens(candidate)


def _label(value: str | None, unit: str | None) -> str | None:
    if not value:
        return None
    return f"{value} {unit}" if unit and unit not in value else value


def _shape(tokens: Iterable[str]) -> list[str]:
    return sorted(re.sub(r"\d+", "9", t) for t in tokens if t[0].isdigit())


@dataclass(frozen=True, slots=True)
class View:
    """One value-bearing item of the store: a current patch or one of its earlier values."""

    label: str | None
    text: str

    def presents(self, value: str) -> bool:
        return matches(value, self.label) or matches(value, self.text)

    def holds(self, value: str, now: frozenset[str]) -> bool:
        """As :meth:`presents`, and a label of its own is (part of) ``value``: an
        earlier value of a revision must be the old value, not another value of the
        statement it came from ("fly on 14 march, tour on 15 march")."""
        if not self.presents(value):
            return False
        got, want = value_tokens(self.label), value_tokens(value)
        if not got or got <= want or want <= got:
            return True
        numbers = {t for t in got if t[0].isdigit()}
        if numbers:
            # or a value of the same shape as the current one ("555-0198 (was 555-0142)")
            return numbers <= want or _shape(numbers) == _shape(now)
        return bool(got & want)


def lineage(patch: Any) -> list[View]:
    """``[current, *history]`` of a patch, newest first."""
    views = [View(_label(patch.value, patch.unit), patch.text)]
    views.extend(View(_label(r.value, r.unit), r.text) for r in patch.history)
    return views


_EARLIER_RE = re.compile(r"\(earlier: [^;()]*(?:; now [^()]*)?\)")


def as_rendered(patches: list[Any]) -> list[Any]:
    """``patches`` with each tier sentence's text as rendered, its marked old values left
    out, and no value of its own (see the module docstring)."""
    from dataclasses import replace

    from dspm_core.tier import mark_earlier

    return [replace(p, text=_EARLIER_RE.sub("", q.text), value=None) if p.text != q.text or "(earlier: " in p.text
            else p for p, q in zip(patches, mark_earlier(list(patches)))]


def _before_view(before: dict[str, Any] | None) -> View:
    if not before:
        return View(None, "")
    return View(_label(before.get("value"), before.get("unit")), before.get("text") or "")


# ----------------------------------------------------------------------------- corpus
def load_corpus(path: Path, split: str = "all") -> list[dict[str, Any]]:
    dialogues = []
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            d = json.loads(line)
            for key in ("id", "category", "turns", "expect", "split"):
                if key not in d:
                    raise SystemExit(f"{path}:{n}: missing {key!r}")
            if split == "all" or d["split"] == split:
                dialogues.append(d)
    return dialogues


def typed_lower(text: str) -> str:
    """``text`` as typed in a chat: in lower case, without its closing full stop or
    exclamation mark ("Set the TTL to 60 seconds." -> "set the ttl to 60 seconds")."""
    return re.sub(r"[.!]+$", "", text.strip()).lower()


def lowered(d: dict[str, Any]) -> dict[str, Any]:
    """Dialogue ``d`` with every user turn :func:`typed_lower` (the others as written)."""
    turns = [dict(t, text=typed_lower(t["text"])) if t["role"] == "user" else t
             for t in d["turns"]]
    return dict(d, turns=turns)


def expectations(d: dict[str, Any]) -> list[dict[str, Any]]:
    exp = d["expect"]
    return list(exp) if isinstance(exp, list) else [exp]


# ----------------------------------------------------------------------------- judging
@dataclass(slots=True)
class Result:
    id: str
    category: str
    form: str
    topic: str
    ok: bool
    verdict: str                      # found / missed / ok / wrong merge / not stored
    details: list[str] = field(default_factory=list)
    found: int = 0                    # revisions: expectations found
    expected: int = 0                 # revisions: expectations
    merges_right: int = 0
    merges_wrong: int = 0
    merges_internal: int = 0
    claim_current: bool = False
    context: list[str] = field(default_factory=list)
    patches: list[str] = field(default_factory=list)
    links: int = 0                    # with --links: links the store made


def _judge_revision(patches: Sequence[Any], exp: dict[str, Any]) -> tuple[bool, str]:
    new, old = exp["new_value"], exp["old_value"]
    lines = {p.id: lineage(p) for p in patches}
    holders = []
    for p in patches:
        views = lines[p.id]
        for k in range(len(views) - 1):
            if views[k].presents(new) and views[k + 1].holds(old, value_tokens(views[k].label)):
                holders.append((p, k))
                break
    if len(holders) == 1:
        p, k = holders[0]
        others = [q for q in patches if q.id != p.id]
        if any(lines[q.id][0].presents(old) for q in others):
            return False, f"old value {old!r} still current in another patch"
        if k == 0 and any(lines[q.id][0].presents(new) for q in others):
            return False, f"new value {new!r} held twice"
        current = exp.get("current")
        if current is not None and k == 0 and not matches(current, lines[p.id][0].label):
            # a change said relative to the old value ("add 10 seconds") must leave the
            # value it comes to, not the amount it was changed by
            return False, f"current value {lines[p.id][0].label!r}, not {current!r}"
        return True, "found"
    if len(holders) > 1:
        return False, f"{len(holders)} patches claim the revision"
    new_now = [p for p in patches if lines[p.id][0].presents(new)]
    new_hist = [p for p in patches if any(v.presents(new) for v in lines[p.id][1:])]
    old_now = [p for p in patches if lines[p.id][0].presents(old)]
    old_hist = [p for p in patches if any(v.presents(old) for v in lines[p.id][1:])]
    if not new_now and not new_hist:
        return False, f"new value {new!r} not stored"
    if old_hist and not any(p in new_now or p in new_hist for p in old_hist):
        return False, f"old value {old!r} merged into another patch"
    if old_now:
        return False, "not merged (old and new value both current)"
    if not old_hist:
        return False, f"old value {old!r} not stored"
    return False, "lineage does not link new to old"


def _matching(need: list[set[str]]) -> int:
    """Size of a maximum matching of entries to distinct patch ids (augmenting paths)."""
    owner: dict[str, int] = {}

    def place(i: int, seen: set[str]) -> bool:
        for pid in need[i]:
            if pid in seen:
                continue
            seen.add(pid)
            if pid not in owner or place(owner[pid], seen):
                owner[pid] = i
                return True
        return False

    return sum(1 for i in range(len(need)) if place(i, set()))


def _judge_lookalike(patches: Sequence[Any], exp: dict[str, Any],
                     res: Result) -> None:
    lines = {p.id: lineage(p) for p in patches}
    if "span" in exp:
        # "open from 9 to 5", "flying from London to Paris": both ends hold together, neither
        # is an earlier value of the other
        _, ends = exp["span"]
        earlier = [v for v in ends
                   if any(view.presents(v) for p in patches for view in lines[p.id][1:])]
        missing = [v for v in ends if not any(lines[p.id][0].presents(v) for p in patches)]
        res.details = [f"{v!r} kept as an earlier value" for v in earlier] \
            + [f"{v!r} not current" for v in missing if v not in earlier]
        res.verdict = "wrong merge" if earlier else ("not stored" if missing else "ok")
        res.ok = not earlier and not missing
        return
    if "distinct" in exp:
        entries = [(int(i), str(v)) for i, v in exp["distinct"]]
        need: list[set[str]] = []
        merged, missing = [], []
        for i, v in entries:
            ids = {p.id for p in patches if lines[p.id][0].presents(v)}
            need.append(ids)
            if not ids:
                if any(view.presents(v) for p in patches for view in lines[p.id][1:]):
                    merged.append(f"turn {i} value {v!r} is only in another patch's history")
                else:
                    missing.append(f"turn {i} value {v!r} not stored")
        if not merged and not missing and _matching(need) < len(entries):
            merged.append("settings folded into one patch")
        res.details = merged + missing
        res.verdict = "wrong merge" if merged else ("not stored" if missing else "ok")
        res.ok = not merged and not missing
        return
    (ki, kv), (ci, cv) = exp["kept"], exp["not_current"]
    ki, ci = int(ki), int(ci)
    kept_now = [p for p in patches if lines[p.id][0].presents(kv)]
    slot = [p for p in patches if p.first_turn == ki]
    replaced = [p for p in slot if matches(cv, _label(p.value, p.unit))
                and not matches(kv, _label(p.value, p.unit))]
    res.claim_current = any(lines[p.id][0].presents(cv) and p not in kept_now
                            for p in patches)
    if replaced:
        res.verdict, res.ok = "wrong merge", False
        res.details = [f"the claim at turn {ci} ({cv!r}) replaced the user's value {kv!r}"]
    elif not kept_now:
        gone = any(view.presents(kv) for p in patches for view in lines[p.id][1:])
        res.verdict = "wrong merge" if gone else "not stored"
        res.ok = False
        res.details = [f"user's value {kv!r} " + ("superseded" if gone else "not stored")]
    else:
        res.verdict, res.ok = "ok", True
    if res.claim_current:
        res.details.append(f"claim {cv!r} shown as current in its own line")


def run_dialogue(d: dict[str, Any], links: bool = False) -> Result:
    from dspm_core import DSPMMemory

    memory = DSPMMemory(links=links)
    for turn in d["turns"]:
        memory.add_turn(turn["role"], turn["text"])
    patches = as_rendered(memory.all_patches)
    journal = memory.dump_store(include_history=True)["journal"]
    res = Result(d["id"], d["category"], d.get("form", ""), d.get("topic", ""), False, "")
    res.links = sum(1 for e in journal if e["action"] == "linked")
    exps = expectations(d) if d["category"] == "revision" else []
    if d["category"] == "revision":
        res.expected = len(exps)
        for e in exps:
            ok, why = _judge_revision(patches, e)
            res.found += ok
            if not ok:
                res.details.append(f"turn {e['slot_turn']} -> {e['revised_by_turn']}: {why}")
        res.ok = res.found == res.expected
        res.verdict = "found" if res.ok else "missed"
    else:
        _judge_lookalike(patches, d["expect"], res)
    unused = list(exps)
    for entry in journal:
        if entry["action"] != "superseded":
            continue
        raw = entry.get("before") or {}
        if raw.get("first_turn") == entry["turn"]:
            res.merges_internal += 1  # a patch the same turn wrote ("from A to B")
            continue
        before = _before_view(raw)
        hit = next((e for e in unused if int(e["revised_by_turn"]) == entry["turn"]
                    and raw.get("first_turn", 0) <= int(e["slot_turn"])
                    and before.presents(e["old_value"])), None)
        if hit is not None:
            unused.remove(hit)
            res.merges_right += 1
        else:
            res.merges_wrong += 1
    res.context = memory.get_context().splitlines()
    res.patches = [f"{p.id} t{p.first_turn}-{p.turn} {p.role.value} slot={p.slot!r} "
                   f"value={p.value_label!r} history={[r.label for r in p.history]}"
                   for p in patches]
    return res


# ----------------------------------------------------------------------------- report
def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f}%" if b else "-"


def _miss_kind(why: str) -> str:
    """The kind of a revision miss, without the values (for the summary)."""
    why = why.split(": ", 1)[-1]
    return re.sub(r" '[^']*'| \"[^\"]*\"", "", why)


def summarise(results: Iterable[Result]) -> dict[str, Any]:
    results = list(results)
    revs = [r for r in results if r.category == "revision"]
    looks = [r for r in results if r.category == "lookalike"]
    right = sum(r.merges_right for r in results)
    wrong = sum(r.merges_wrong for r in results)
    found = sum(r.found for r in revs)
    expected = sum(r.expected for r in revs)
    misses: Counter[str] = Counter()
    for r in revs:
        for why in r.details:
            misses[_miss_kind(why)] += 1
    per_form: dict[str, dict[str, Any]] = {}
    for r in results:
        row = per_form.setdefault(f"{r.category}/{r.form}", Counter())
        row["dialogues"] += 1
        row["ok"] += r.ok
        row["found"] += r.found
        row["expected"] += r.expected
        row["wrong_merge"] += r.verdict == "wrong merge"
        row["not_stored"] += r.verdict == "not stored"
        row["merges_right"] += r.merges_right
        row["merges_wrong"] += r.merges_wrong
    return {
        "dialogues": len(results),
        "revision_dialogues": len(revs),
        "lookalike_dialogues": len(looks),
        "revisions_expected": expected,
        "revisions_found": found,
        "recall": found / expected if expected else None,
        "revision_dialogues_all_found": sum(r.ok for r in revs),
        "supersessions": right + wrong,
        "supersessions_right": right,
        "supersessions_wrong": wrong,
        "supersessions_wrong_in_lookalikes": sum(r.merges_wrong for r in looks),
        "supersessions_same_turn": sum(r.merges_internal for r in results),
        "precision": right / (right + wrong) if right + wrong else None,
        "lookalike_wrong_merges": sum(r.verdict == "wrong merge" for r in looks),
        "lookalike_not_stored": sum(r.verdict == "not stored" for r in looks),
        "lookalike_ok": sum(r.ok for r in looks),
        "claims_shown_as_current": sum(r.claim_current for r in looks),
        "revision_misses": dict(misses.most_common()),
        "per_form": {k: dict(v) for k, v in sorted(per_form.items())},
    }


def print_report(s: dict[str, Any], split: str, path: Path, seconds: float) -> None:
    print(f"corpus {path} (split {split}): {s['dialogues']} dialogues, "
          f"{s['revision_dialogues']} revision, {s['lookalike_dialogues']} look-alike; "
          f"{seconds:.1f} s")
    print()
    print(f"revisions found      {s['revisions_found']} / {s['revisions_expected']}"
          f"  recall {_pct(s['revisions_found'], s['revisions_expected'])}"
          f"  (dialogues with every revision found: {s['revision_dialogues_all_found']}"
          f" / {s['revision_dialogues']})")
    print(f"supersessions right  {s['supersessions_right']} / {s['supersessions']}"
          f"  precision {_pct(s['supersessions_right'], s['supersessions'])}"
          f"  (wrong: {s['supersessions_wrong']}, of them in look-alikes:"
          f" {s['supersessions_wrong_in_lookalikes']};"
          f" same-turn, not counted: {s['supersessions_same_turn']})")
    print(f"look-alikes          wrong merges {s['lookalike_wrong_merges']} / "
          f"{s['lookalike_dialogues']}, not stored {s['lookalike_not_stored']}, "
          f"ok {s['lookalike_ok']}; claims shown as current {s['claims_shown_as_current']}")
    if s["revision_misses"]:
        print("revision misses      "
              + "; ".join(f"{k}: {n}" for k, n in s["revision_misses"].items()))
    print()
    head = (f"{'category/form':<28} {'n':>4} {'ok':>4} {'found':>9} {'wrong':>6} "
            f"{'unstored':>8} {'merges r/w':>11}")
    print(head)
    print("-" * len(head))
    for name, row in s["per_form"].items():
        found = f"{row['found']}/{row['expected']}" if row["expected"] else ""
        print(f"{name:<28} {row['dialogues']:>4} {row['ok']:>4} {found:>9} "
              f"{row['wrong_merge'] or '':>6} {row['not_stored'] or '':>8} "
              f"{row['merges_right']:>5}/{row['merges_wrong']:<5}")


def print_failures(results: Iterable[Result], corpus: dict[str, dict[str, Any]]) -> None:
    print()
    print("failures")
    print("--------")
    for r in results:
        if r.ok and not r.merges_wrong:
            continue
        d = corpus[r.id]
        print(f"{r.id} [{r.category}/{r.form}] {r.verdict}"
              + (f", {r.merges_wrong} wrong supersession(s)" if r.merges_wrong else ""))
        for i, t in enumerate(d["turns"]):
            print(f"    {i} {t['role']:<9} {t['text']}")
        for why in r.details:
            print(f"    ! {why}")
        print("    context:")
        for line in r.context or ["(empty)"]:
            print(f"      | {line}")
        print()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--split", choices=("dev", "check", "all"), default="all")
    ap.add_argument("--show-failures", action="store_true",
                    help="list failing dialogues with the rendered context lines")
    ap.add_argument("--json", metavar="OUT", type=Path, help="write summary and results as JSON")
    ap.add_argument("--links", action="store_true",
                    help="DSPMMemory(links=True); also count the links made (every link in a "
                         "look-alike dialogue is a wrong link)")
    ap.add_argument("--lower", action="store_true",
                    help="every user turn typed in lower case, without its closing full stop "
                         "or exclamation mark (typed_lower), as people type in a chat")
    args = ap.parse_args(argv)

    dialogues = load_corpus(args.corpus, args.split)
    if args.lower:
        dialogues = [lowered(d) for d in dialogues]
    t0 = time.perf_counter()
    results = [run_dialogue(d, args.links) for d in dialogues]
    seconds = time.perf_counter() - t0
    summary = summarise(results)
    print_report(summary, args.split, args.corpus, seconds)
    if args.links:
        made = {c: sum(r.links for r in results if r.category == c) for c in ("revision", "lookalike")}
        print(f"links made: {made['revision']} in revision dialogues, "
              f"{made['lookalike']} in look-alike dialogues (wrong links)")
    if args.show_failures:
        print_failures(results, {d["id"]: d for d in dialogues})
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        payload = {"split": args.split, "corpus": str(args.corpus), "summary": summary,
                   "results": [{"id": r.id, "category": r.category, "form": r.form,
                                "topic": r.topic, "ok": r.ok, "verdict": r.verdict,
                                "details": r.details, "found": r.found,
                                "expected": r.expected, "merges_right": r.merges_right,
                                "merges_wrong": r.merges_wrong,
                                "merges_same_turn": r.merges_internal,
                                "claim_current": r.claim_current, "context": r.context,
                                "patches": r.patches}
                               for r in results]}
        args.json.write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
