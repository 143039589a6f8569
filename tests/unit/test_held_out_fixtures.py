"""Format and value checks for the held-out sets (``fresh``, ``unseen``, ``everyday``, ``restated``).

In ``tests/fixtures/revisions/`` and ``tests/fixtures/recognition/`` (see the fixture
READMEs): ids unique and numbered in order, split by id parity, turn indices in range,
every expected value present in the turn it is attributed to by the benchmark's own value
matching (``matches`` of ``benchmarks/supersession.py``, over its ``value_tokens``), old and
new values of a revision never matching each other, chains that follow on, and the minimum
counts. These are checks of the data only; no extractor is run.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"

_spec = importlib.util.spec_from_file_location("_supersession_bench_held_out",
                                               ROOT / "benchmarks" / "supersession.py")
assert _spec is not None and _spec.loader is not None
supersession = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = supersession  # dataclasses look their module up
_spec.loader.exec_module(supersession)
matches = supersession.matches
value_tokens = supersession.value_tokens

ROLES = {"user", "assistant", "tool", "system"}

#: each held-out set: its file name and the id prefixes of its dialogues and statements
SETS = {"fresh": ("fr", "rf"), "unseen": ("un", "ru"), "narrated": (None, "rn"),
        "casual": (None, "rc"), "conditions": (None, "rd"),
        "together": (None, "rt"), "declared": (None, "rw"),
        "stances": (None, "rz"), "policies": (None, "rp"), "reasons": (None, "rg"),
        "assistants": (None, "ra"), "casual2": (None, "rk"),
        "messages": (None, "rm"), "plain": (None, "re"), "habits": (None, "rh"),
        "remembered": (None, "rv"), "profile": (None, "ry"), "visits": (None, "rj"),
        "daily": (None, "rx"), "life": (None, "ri"), "chitchat": (None, "cc"),
        "working": (None, "wk"), "household": (None, "hh"),
        "notes": (None, "nt"), "inbox": (None, "ib"),
        "desk": (None, "dq"), "talk": (None, "tq")}
#: the recognition sets: at least how many positives and negatives
RECOGNITION_COUNTS = {"fresh": (170, 70), "unseen": (170, 70), "narrated": (40, 40),
                      "casual": (40, 40), "conditions": (40, 40), "together": (40, 40),
                      "declared": (40, 40), "stances": (40, 40), "policies": (40, 40),
                      "reasons": (40, 40), "assistants": (76, 44),
                      "casual2": (64, 36), "messages": (64, 36),
                      "plain": (150, 70), "habits": (20, 20),
                      "remembered": (44, 26), "profile": (40, 22), "visits": (30, 20),
                      "daily": (60, 36), "life": (60, 36), "chitchat": (32, 64),
                      "working": (32, 64), "household": (48, 32),
                      "notes": (80, 50), "inbox": (84, 56),
                      "desk": (84, 56), "talk": (100, 60)}
#: the revision sets: id prefix, and at least how many dialogues, revisions and look-alikes
REVISION_SETS = {"fresh": ("fr", 220, 130, 90), "unseen": ("un", 220, 130, 90),
                 "everyday": ("ev", 180, 100, 80), "restated": ("rs", 220, 120, 100),
                 "progress": ("pg", 48, 26, 22), "measures": ("ms", 48, 24, 24),
                 "personal": ("ps", 63, 32, 31),
                 "schedules": ("sc", 64, 32, 32), "contacts": ("ct", 48, 24, 24),
                 "conventions": ("cv", 40, 20, 20),
                 "updates": ("up", 48, 24, 24), "spoken": ("sp", 48, 24, 24),
                 "amounts": ("am", 48, 24, 24), "corrections": ("co", 48, 25, 23),
                 "pointers": ("pt", 48, 24, 24), "names": ("nm", 48, 24, 24),
                 "places": ("pl", 48, 24, 24), "locations": ("lc", 48, 24, 24),
                 "requests": ("rq", 48, 24, 24), "bookings": ("bk", 48, 24, 24),
                 "reasons": ("rn", 48, 24, 24), "chats": ("ch", 48, 24, 24),
                 "errands": ("er", 48, 24, 24), "plans": ("pn", 48, 24, 24),
                 "numbers": ("nw", 48, 24, 24), "relative": ("rl", 48, 24, 24),
                 "details": ("dt", 48, 24, 24), "lists": ("ls", 48, 24, 24),
                 "rules": ("rr", 48, 24, 24), "standing": ("sr", 48, 24, 24),
                 "policies": ("po", 48, 24, 24),
                 "assistants": ("as", 100, 60, 40), "requests2": ("rb", 100, 60, 40),
                 "agents2": ("ag", 80, 48, 32), "sessions": ("ss", 100, 60, 40),
                 "sessions2": ("sx", 100, 60, 40), "sessions3": ("sy", 100, 60, 40),
                 "sessions4": ("sz", 100, 60, 40), "from_to": ("ft", 76, 40, 36),
                 "shifts": ("sh", 40, 24, 16), "exceptions": ("xc", 32, 16, 16),
                 "told_times": ("tt", 16, 8, 8),
                 "remembered": ("kp", 40, 24, 16), "effective": ("ef", 32, 20, 12),
                 "phrasal": ("pv", 32, 20, 12),
                 "deadlines": ("dl", 26, 16, 10), "styles": ("st", 20, 12, 8),
                 "lately": ("hb", 24, 14, 10), "proposals": ("pp", 40, 20, 20),
                 "switched": ("sw", 32, 16, 16), "tiers": ("ti", 24, 12, 12),
                 "monthly_days": ("md", 16, 8, 8),
                 "mixed": ("mx", 64, 40, 24),
                 "routines": ("ro", 64, 40, 24), "siblings": ("sb", 48, 16, 32),
                 "numbered": ("nb", 40, 16, 24), "old_named": ("od", 56, 32, 24),
                 "picked": ("pk", 48, 24, 24),
                 "threads": ("th", 120, 64, 56),
                 "workdays": ("wd", 140, 60, 76),
                 "desk": ("dk", 140, 60, 76),
                 "talk": ("tk", 128, 72, 56), "outside": ("ou", 60, 36, 24),
                 "handovers": ("ho", 36, 24, 12), "capped": ("cp", 30, 20, 10)}


def _load(path: Path) -> list[dict]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


DIALOGUES = {name: _load(FIXTURES / "revisions" / f"{name}.jsonl") for name in REVISION_SETS}
STATEMENTS = {name: _load(FIXTURES / "recognition" / f"{name}.jsonl") for name in SETS}
ALL_DIALOGUES = [d for rows in DIALOGUES.values() for d in rows]
ALL_STATEMENTS = [s for rows in STATEMENTS.values() for s in rows]


def _check_ids(rows: list[dict], prefix: str) -> None:
    ids = [r["id"] for r in rows]
    assert len(ids) == len(set(ids)), "duplicate ids"
    assert ids == [f"{prefix}-{n:03d}" for n in range(1, len(ids) + 1)], "ids not numbered in order"
    for r in rows:
        m = re.fullmatch(prefix + r"-(\d{3})", r["id"])
        assert m, r["id"]
        want = "dev" if int(m.group(1)) % 2 else "check"
        assert r["split"] == want, f"{r['id']}: split {r['split']!r}, parity says {want!r}"


def _expectations(d: dict) -> list[dict]:
    e = d["expect"]
    return e if isinstance(e, list) else [e]


# ------------------------------------------------------------------------- revisions
@pytest.mark.parametrize("name", REVISION_SETS)
def test_revision_ids_and_splits(name):
    _check_ids(DIALOGUES[name], REVISION_SETS[name][0])


@pytest.mark.parametrize("name", REVISION_SETS)
def test_revision_counts(name):
    cats = Counter(d["category"] for d in DIALOGUES[name])
    _, dialogues, revisions, lookalikes = REVISION_SETS[name]
    assert set(cats) <= {"revision", "lookalike"}
    assert len(DIALOGUES[name]) >= dialogues
    assert cats["revision"] >= revisions
    assert cats["lookalike"] >= lookalikes


@pytest.mark.parametrize("d", ALL_DIALOGUES, ids=lambda d: d["id"])
def test_dialogue_format_and_values(d):
    assert d.get("topic") and d.get("form")
    turns = d["turns"]
    # (a change said with its old value, "from A to B", and a span can be one turn)
    assert len(turns) >= (1 if d["form"] in ("from-to-first", "span") else 2)
    for t in turns:
        assert t["role"] in ROLES and t["text"].strip()
    n = len(turns)
    if d["category"] == "revision":
        exps = _expectations(d)
        assert exps
        for e in exps:
            # ("current": the value a change said relative to the old one comes to)
            assert set(e) - {"current"} == {"slot_turn", "revised_by_turn", "new_value", "old_value"}
            assert "current" not in e or not matches(e["current"], e["old_value"])
            i, j = e["slot_turn"], e["revised_by_turn"]
            assert 0 <= i < j < n or (d["form"] == "from-to-first" and i == j == n - 1)
            assert turns[j]["role"] == "user"
            assert matches(e["old_value"], turns[i]["text"]), (e["old_value"], turns[i]["text"])
            # (a change the assistant proposed, accepted without its value: "yes please" after
            # "want me to push the alarm to 7:00?")
            said = turns[j]["text"] if not d["form"].startswith("accept-") or j == 0 \
                or turns[j - 1]["role"] != "assistant" else turns[j]["text"] + " " + turns[j - 1]["text"]
            assert matches(e["new_value"], said), (e["new_value"], turns[j]["text"])
            assert not matches(e["new_value"], e["old_value"])
            assert not matches(e["old_value"], e["new_value"])
            assert value_tokens(e["new_value"]) != value_tokens(e["old_value"])
        for a, b in zip(exps, exps[1:]):  # a chain: each step starts where the last ended
            assert b["slot_turn"] == a["revised_by_turn"]
            assert b["old_value"] == a["new_value"]
        if len(exps) > 1:
            assert d["form"] == "chain"
        return
    e = d["expect"]
    if "span" in e:
        assert set(e) == {"span"} and d["form"] == "span"
        i, ends = e["span"]
        assert 0 <= i < n and len(ends) == 2
        for v in ends:
            assert matches(v, turns[i]["text"]), (v, turns[i]["text"])
        assert not matches(ends[0], ends[1]) and not matches(ends[1], ends[0])
        return
    if "distinct" in e:
        # (one value: the later turn only asks about another, "would 16GB be enough?")
        assert set(e) == {"distinct"} and len(e["distinct"]) >= (1 if d["form"] == "question" else 2)
        idx = [i for i, _ in e["distinct"]]
        assert len(idx) == len(set(idx))
        for i, v in e["distinct"]:
            assert 0 <= i < n
            assert matches(v, turns[i]["text"]), (v, turns[i]["text"])
    else:
        assert set(e) == {"kept", "not_current"}
        (i, v), (j, w) = e["kept"], e["not_current"]
        assert 0 <= i < j < n
        assert turns[i]["role"] in ("user", "system")
        assert matches(v, turns[i]["text"]), (v, turns[i]["text"])
        assert matches(w, turns[j]["text"]), (w, turns[j]["text"])
        assert not matches(v, w) and not matches(w, v)
        if d["form"] == "claim":
            assert turns[j]["role"] in ("assistant", "tool")
        elif d["form"].startswith("proposal-"):  # a change the assistant proposed, not taken
            assert turns[j]["role"] == "assistant" and j + 1 < n and turns[j + 1]["role"] == "user"
        else:
            assert turns[j]["role"] == "user"


# ------------------------------------------------------------------------- recognition
@pytest.mark.parametrize("name", SETS)
def test_recognition_ids_and_splits(name):
    _check_ids(STATEMENTS[name], SETS[name][1])


@pytest.mark.parametrize("name", SETS)
def test_recognition_counts(name):
    kinds = Counter(s["expect"]["kind"] for s in STATEMENTS[name])
    positives, negatives = RECOGNITION_COUNTS[name]
    assert set(kinds) <= {"constraint", "decision", None}
    assert kinds["constraint"] + kinds["decision"] >= positives
    assert kinds[None] >= negatives


@pytest.mark.parametrize("s", ALL_STATEMENTS, ids=lambda s: s["id"])
def test_statement_format_and_values(s):
    assert set(s) >= {"id", "split", "form", "text", "expect"}
    assert s["form"] and s["text"].strip()
    e = s["expect"]
    assert set(e) == {"kind", "value", "subject"}
    if e["kind"] is None:
        assert e["value"] is None and e["subject"] is None
        return
    text = s["text"]
    assert e["value"], "a positive names the value it must carry"
    assert e["value"].lower() in text.lower(), (e["value"], text)
    assert matches(e["value"], text), (e["value"], text)
    if e["subject"] is not None:
        assert e["subject"].lower() in text.lower(), (e["subject"], text)
        assert matches(e["subject"], text), (e["subject"], text)


@pytest.mark.parametrize("text,tokens", [
    ("0.0.0.0:8000->8000/tcp", {"0.0.0.0:8000", "8000", "tcp"}),
    ("at 05:30", {"5:30"}),
])
def test_value_tokens_read_addresses_and_times(text, tokens) -> None:
    assert value_tokens(text) == frozenset(tokens)


# ------------------------------------------------------------------ value matching
@pytest.mark.parametrize("said,typed", [
    ("three hundred flyers", "300 flyers"), ("fifteen hundred euros", "1500 euros"),
    ("a hundred and twenty", "120"), ("the twenty-eighth", "28th"), ("a grand", "1000"),
    ("half a dozen", "6"), ("twenty-five people", "25 people"), ("1.5k", "1,500"),
    ("nine thirty", "9:30"), ("the third of may", "3rd may"), ("fifteen minutes", "15 min"),
    ("noon", "12pm"), ("midnight", "12:00 am"), ("half past six", "6:30"),
    ("quarter to seven", "6:45"), ("quarter past 9", "9:15")])
def test_numbers_in_words_match_their_digits(said, typed):
    assert matches(said, typed) and matches(typed, said)


@pytest.mark.parametrize("label,text,old,now,held", [
    # the old value itself, or a part of it
    ("flake8", "we lint with flake8", "flake8", "ruff", True),
    ("tues", "book club on tues 18th", "tues 18th", "wed 19th", True),
    ("30 terms", "payment terms are net 30", "net 30", "14 terms", True),
    # another value of the same kind as the current one
    ("555-0142", "my brother Sam, 555-0142", "Sam", "555-0198", True),
    # another value of the statement the old value came from
    ("lint", "we lint with flake8", "flake8", "ruff", False),
    ("friday 7:30pm", "a table for friday 7.30pm, 4 ppl", "4 ppl", "6", False),
    ("JavaScript", "Single quotes for strings in JavaScript.", "single quotes",
     "double quotes", False),
    ("S3", "Our S3 bucket caps uploads at 50 MB", "50 MB", "100MB", False),
])
def test_an_earlier_value_is_the_old_value_not_another_of_its_statement(
        label, text, old, now, held):
    view = supersession.View(label, text)
    assert view.presents(old)
    assert view.holds(old, value_tokens(now)) is held


@pytest.mark.parametrize("a,b", [("nine thirty", "39"), ("1 second", "2"), ("two or three", "23"),
                                 ("a grand", "100"), ("twenty one", "20")])
def test_numbers_in_words_keep_apart(a, b):
    assert not matches(a, b)


# ------------------------------------------------------------ a change by an amount
def _patch(pid: str, value: str, text: str, history=()):
    from types import SimpleNamespace
    return SimpleNamespace(id=pid, value=value, unit=None, text=text, history=tuple(
        SimpleNamespace(value=v, unit=None, text=t) for v, t in history))


def test_a_change_by_an_amount_must_leave_the_value_it_comes_to():
    exp = {"slot_turn": 0, "revised_by_turn": 1, "old_value": "30 seconds",
           "new_value": "by 10 seconds", "current": "40 seconds"}
    right = _patch("p1", "40 seconds", "raise the timeout by 10 seconds",
                   [("30 seconds", "the timeout is 30 seconds")])
    wrong = _patch("p1", "10 seconds", "raise the timeout by 10 seconds",
                   [("30 seconds", "the timeout is 30 seconds")])
    assert supersession._judge_revision([right], exp) == (True, "found")
    ok, why = supersession._judge_revision([wrong], exp)
    assert not ok and "not '40 seconds'" in why


@pytest.mark.parametrize("written, typed", [
    ("Set the TTL to 60 seconds.", "set the ttl to 60 seconds"),
    ("Call me Dr. Patel!", "call me dr. patel"),
    ("Is the deadline Friday?", "is the deadline friday?"),
    ("  we deploy with GitHub Actions  ", "we deploy with github actions"),
])
def test_a_statement_typed_in_lower_case(written, typed):
    assert supersession.typed_lower(written) == typed


def test_only_the_users_turns_are_typed_in_lower_case():
    d = {"id": "x-001", "turns": [{"role": "user", "text": "Use React."},
                                  {"role": "assistant", "text": "Okay, React."}]}
    out = supersession.lowered(d)
    assert [t["text"] for t in out["turns"]] == ["use react", "Okay, React."]
    assert d["turns"][0]["text"] == "Use React."  # the corpus itself is left as it is
