"""Many look-alike settings at once: is every setting's current value held exactly once?

A fixed-seed generator builds N settings from a small shared vocabulary, so most settings
share most of their words with others: ``<name> <component> <property>`` for word names
(``zonab service timeout``, ``alpha queue retry limit``, ``db01 pool TTL``) and
``<component> <name> <property>`` for single letters and digits (``cache B memory limit``,
``worker 3 timeout``). Every setting is set once, then restated and revised zero to three
times, all settings interleaved in random order, each turn through ``add_turn``::

    Set the zonab service timeout to 11 seconds.
    The zonab service timeout is 11 seconds.          (a restatement)
    The zonab service timeout is now 14 seconds.      (a revision)
    Change the zonac service timeout to 9 seconds.

Then the store is checked against the generator's ground truth. Every stored patch is
attributed by its text (the generator's phrasing names exactly one setting): the setting
it *shows* (its current text) and the setting that *owns* its slot (the text of the fact
that first created the patch, from the store journal). For each setting:

- **ok**: exactly one patch shows it, with the current value, and that patch's slot is
  the setting's own;
- **wrong merge**: the current value is held by a patch whose slot belongs to another
  setting, or it is not held at all because another setting's statement took over its
  slot (a cross-setting supersession or restatement fold in the journal);
- **missing**: not held, and no other setting took it (not stored, or its last revision
  was lost on its own);
- **stale**: not held, but a patch of its own still shows an earlier value;
- **duplicate**: held, but more than one patch shows the setting.

    python benchmarks/settings_scale.py --settings 300
    python benchmarks/settings_scale.py                    # 10,000 settings, seed 7
    python benchmarks/settings_scale.py --sqlite --settings 2000
    python benchmarks/settings_scale.py --forms            # names also after the noun

``--sqlite`` runs the same turns through ``dspm_core.SQLiteStore``: two processes each write
half of the settings (their turns in the same relative order) into one database for one
user at the same time, then a third memory attached to that user is checked. A
measurement: it always exits 0.

``generate(n, seed)`` returns the turns and the expected ``{setting: value}``;
``check(patches, journal, expected)`` the verdicts. Both are importable for tests.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import re
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any

sys.dont_write_bytecode = True

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if importlib.util.find_spec("dspm_core") is None:  # run from a checkout without install
    sys.path.insert(0, str(ROOT))

# ----------------------------------------------------------------------------- vocabulary
_PREFIXES = ("zona", "vela", "kiro", "mira", "tesa", "lumo", "pava", "rono")
_SUFFIXES = "bcdfghjklmnprstvwxz"
GENERATED = tuple(p + s for p in _PREFIXES for s in _SUFFIXES)          # zonab, zonac, ...
GREEK = ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota",
         "kappa", "lambda", "sigma", "tau", "phi", "psi", "omega")
HOSTS = tuple(f"db{i:02d}" for i in range(1, 13)) + tuple(f"web{i:02d}" for i in range(1, 9))
LETTERS = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
DIGITS = tuple(str(i) for i in range(1, 17))
WORD_NAMES = GENERATED + GREEK + HOSTS        # placed before the component
SHORT_NAMES = LETTERS + DIGITS                # placed after it: "cache B", "worker 3"
COMPONENTS = ("service", "queue", "worker", "cache", "gateway", "cluster", "pool", "bucket",
              "scheduler", "proxy")
#: property, unit, lowest and highest value
PROPERTIES = (
    ("timeout", "seconds", 1, 120),
    ("retry limit", "attempts", 1, 12),
    ("batch size", "records", 10, 5000),
    ("memory limit", "MB", 64, 8192),
    ("rate limit", "requests per minute", 10, 5000),
    ("log retention", "days", 1, 365),
    ("replica count", "replicas", 1, 30),
    ("TTL", "seconds", 5, 3600),
    ("connection limit", "connections", 5, 500),
    ("queue depth", "messages", 100, 100000),
)
CAPACITY = (len(WORD_NAMES) + len(SHORT_NAMES)) * len(COMPONENTS) * len(PROPERTIES)

SET = ("Set the {s} to {v}.", "The {s} should be {v}.", "Let's make the {s} {v}.")
RESTATE = ("The {s} is {v}.", "Keep the {s} at {v}.", "Just confirming: the {s} stays at {v}.")
REVISE = ("Change the {s} to {v}.", "The {s} is now {v}.", "Update the {s} to {v}.",
          "{dir} the {s} to {v}.")

_PROPS = {p: (unit, lo, hi) for p, unit, lo, hi in PROPERTIES}
_alt = "|".join
_COMP_RE = _alt(COMPONENTS)
_PROP_RE = _alt(sorted((re.escape(p) for p in _PROPS), key=len, reverse=True))
_LABEL_RE = re.compile(
    rf"\b(?:(?P<c3>{_COMP_RE}) (?P<p3>{_PROP_RE})"  # "service timeout for zonab", "... (zonab)"
    rf"(?: (?:for|in) (?P<w3>[a-z]+\d*)\b| \((?P<w4>[a-z]+\d*)\))"
    rf"|(?!the\b)(?P<w>[a-z]+\d*) (?P<c1>{_COMP_RE}) (?P<p1>{_PROP_RE})\b"
    rf"|(?P<c2>{_COMP_RE}) (?P<n>[A-Z]|\d+) (?P<p2>{_PROP_RE})\b)")
#: with ``forms``, where a word name is said ("the service timeout for zonab"): one place
#: per setting, the same in all its statements
FORMS = ("{w} {c} {p}", "{c} {p} for {w}", "{c} {p} in {w}", "{c} {p} ({w})")
_VALUE_RE = re.compile(r"\b(\d+) (" + _alt(sorted({re.escape(u) for u, _, _ in _PROPS.values()},
                                                  key=len, reverse=True)) + r")\b")


@dataclass(frozen=True, slots=True)
class Setting:
    label: str      # "zonab service timeout": also the setting's id
    prop: str
    said: str = ""  # how its statements name it, when not by its label


def _settings(n: int, rng: random.Random, forms: bool = False) -> list[Setting]:
    if n > CAPACITY:
        raise SystemExit(f"at most {CAPACITY} settings can be generated, asked for {n}")
    names = WORD_NAMES + SHORT_NAMES
    picks = rng.sample(range(CAPACITY), n)
    out = []
    per_name = len(COMPONENTS) * len(PROPERTIES)
    for k in picks:
        name = names[k // per_name]
        comp = COMPONENTS[(k % per_name) // len(PROPERTIES)]
        prop = PROPERTIES[k % len(PROPERTIES)][0]
        label = f"{name} {comp} {prop}" if name in WORD_NAMES else f"{comp} {name} {prop}"
        said = rng.choice(FORMS).format(w=name, c=comp, p=prop) \
            if forms and name in WORD_NAMES else label
        out.append(Setting(label, prop, said))
    return out


def _value(prop: str, rng: random.Random, not_this: str | None = None) -> str:
    unit, lo, hi = _PROPS[prop]
    while True:
        v = f"{rng.randint(lo, hi)} {unit}"
        if v != not_this:
            return v


def generate(n: int = 10_000, seed: int = 7,
             forms: bool = False) -> tuple[list[tuple[str, str]], dict[str, str]]:
    """``n`` settings set, restated and revised in random order.

    Returns the turns as ``(role, text)`` and the expected current value of every setting,
    ``{label: "14 seconds"}``. The same ``n`` and ``seed`` always give the same turns.
    ``forms``: a word name is also said after its setting ("the service timeout for
    zonab", "... in zonab", "the service timeout (zonab)"), one way per setting.
    """
    rng = random.Random(seed)
    settings = _settings(n, rng, forms)
    plans: dict[str, list[str]] = {}
    current: dict[str, str] = {}
    for st in settings:
        v = _value(st.prop, rng)
        texts = [rng.choice(SET).format(s=st.said, v=v)]
        for _ in range(rng.choices((0, 1, 2, 3), weights=(1, 2, 2, 1))[0]):
            if rng.random() < 0.35:
                texts.append(rng.choice(RESTATE).format(s=st.said, v=v))
                continue
            new = _value(st.prop, rng, not_this=v)
            direction = "Raise" if int(new.split()[0]) > int(v.split()[0]) else "Lower"
            texts.append(rng.choice(REVISE).format(s=st.said, v=new, dir=direction))
            v = new
        plans[st.label] = texts[::-1]  # popped from the end
        current[st.label] = v
    order = [label for label, texts in plans.items() for _ in texts]
    rng.shuffle(order)
    turns = [("user", plans[label].pop()) for label in order]
    return turns, current


def parse(text: str | None) -> tuple[str | None, str | None]:
    """The setting a generated statement names and the value it gives (or None)."""
    if not text:
        return None, None
    m = _LABEL_RE.search(text)
    if m is None:
        return None, None
    if m.group("c3"):  # "the service timeout for zonab", "the service timeout (zonab)"
        label = f"{m.group('w3') or m.group('w4')} {m.group('c3')} {m.group('p3')}"
    elif m.group("w"):
        label = f"{m.group('w')} {m.group('c1')} {m.group('p1')}"
    else:
        label = f"{m.group('c2')} {m.group('n')} {m.group('p2')}"
    v = _VALUE_RE.search(text, m.end())
    return label, (f"{v.group(1)} {v.group(2)}" if v else None)


# ----------------------------------------------------------------------------- checking
@dataclass(slots=True)
class Verdicts:
    settings: int = 0
    ok: int = 0
    wrong_merge: int = 0
    missing: int = 0
    stale: int = 0
    duplicate: int = 0
    cross_setting_events: int = 0   # journal supersessions/folds across two settings
    unattributed_patches: int = 0   # patches whose text names no generated setting
    examples: dict[str, list[str]] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


def _entry(e: Any) -> dict[str, Any]:
    return e if isinstance(e, dict) else e.to_dict()


def check(patches: Sequence[Any], journal: Iterable[Any], expected: dict[str, str],
          examples: int = 3) -> Verdicts:
    """Verdicts for every expected setting (see the module docstring).

    ``patches``: the store's current patches; ``journal``: its full journal, ``added``
    entries included (``memory.store.journal()``), as entries or dicts.
    """
    entries = [_entry(e) for e in journal]
    owner: dict[str, str | None] = {}
    for e in entries:
        if e["action"] == "added" and e["patch_id"] not in owner:
            owner[e["patch_id"]] = parse(e.get("fact_text"))[0]
    shows: dict[str, list[tuple[Any, str | None]]] = {}
    taken: set[str] = set()        # settings whose slot another setting's statement took
    v = Verdicts(settings=len(expected))
    for p in patches:
        label, value = parse(p.text)
        if label is None:
            v.unattributed_patches += 1
            continue
        if p.id not in owner:  # no journal entry: the oldest text it kept
            owner[p.id] = parse(p.history[-1].text)[0] if p.history else label
        if value is None and p.value:
            value = p.value_label
        shows.setdefault(label, []).append((p, value))
        if owner[p.id] is not None and owner[p.id] != label:
            taken.update((owner[p.id], label))
    for e in entries:
        if e["action"] not in ("superseded", "duplicate", "echo"):
            continue
        said = parse(e.get("fact_text"))[0]
        before = (e.get("before") or {}).get("text")
        had = parse(before)[0] if before else owner.get(e["patch_id"])
        if said and had and said != had:
            v.cross_setting_events += 1
            taken.update((said, had))

    owned: dict[str, str] = {}
    for p in patches:
        owned.setdefault(owner.get(p.id) or "", p.text)

    def note(kind: str, label: str, why: str) -> None:
        ex = v.examples.setdefault(kind, [])
        if len(ex) < examples:
            ex.append(f"{label} = {expected[label]}: {why}")

    for label, want in expected.items():
        mine = shows.get(label, [])
        holders = [p for p, value in mine if value == want]
        foreign = [p for p in holders if owner.get(p.id) not in (None, label)]
        if foreign:
            v.wrong_merge += 1
            note("wrong_merge", label, f"held by the slot of {owner[foreign[0].id]!r}")
        elif not holders and label in taken:
            v.wrong_merge += 1
            lost = owned.get(label)
            note("wrong_merge", label, f"slot taken by: {lost!r}" if lost else "folded away")
        elif not holders and mine:
            v.stale += 1
            note("stale", label, f"shown as {mine[0][1]!r}")
        elif not holders:
            v.missing += 1
            note("missing", label, "no patch shows it")
        elif len(mine) > 1:
            v.duplicate += 1
            note("duplicate", label, f"{len(mine)} patches: {[value for _, value in mine]}")
        else:
            v.ok += 1
    return v


# ----------------------------------------------------------------------------- running
def run_memory(turns: Sequence[tuple[str, str]],
               expected: dict[str, str]) -> tuple[Verdicts, dict[str, float]]:
    from dspm_core import DSPMMemory

    memory = DSPMMemory()
    t0 = time.perf_counter()
    for role, text in turns:
        memory.add_turn(role, text)
    t1 = time.perf_counter()
    verdicts = check(memory.all_patches, memory.store.journal(), expected)
    t2 = time.perf_counter()
    return verdicts, {"feed_s": t1 - t0, "check_s": t2 - t1, "patches": len(memory.all_patches)}


def _sqlite_writer(path: str, user_id: str, turns: list[tuple[str, str]]) -> float:
    from dspm_core import DSPMMemory, SQLiteStore

    store = SQLiteStore(path, durable=False)
    try:
        memory = DSPMMemory(store=store, user_id=user_id)
        t0 = time.perf_counter()
        for role, text in turns:
            memory.add_turn(role, text)
        return time.perf_counter() - t0
    finally:
        store.close()


def run_sqlite(turns: Sequence[tuple[str, str]], expected: dict[str, str],
               db: str | None) -> tuple[Verdicts, dict[str, float]]:
    from dspm_core import DSPMMemory, SQLiteStore

    tmp = None
    if db is None:
        tmp = tempfile.TemporaryDirectory(prefix="dspm-scale-")
        db = os.path.join(tmp.name, "scale.db")
    elif os.path.exists(db):
        raise SystemExit(f"{db} exists; give a new path")
    halves: list[list[tuple[str, str]]] = [[], []]
    side = {label: i % 2 for i, label in enumerate(expected)}
    for role, text in turns:
        halves[side[parse(text)[0]]].append((role, text))
    user = "scale"
    try:
        t0 = time.perf_counter()
        with ProcessPoolExecutor(max_workers=2, mp_context=get_context("spawn")) as pool:
            futures = [pool.submit(_sqlite_writer, db, user, half) for half in halves]
            writer_s = [f.result() for f in futures]
        t1 = time.perf_counter()
        store = SQLiteStore(db)
        try:
            memory = DSPMMemory(store=store, user_id=user)
            memory.load()
            verdicts = check(memory.all_patches, memory.store.journal(), expected)
            patches = len(memory.all_patches)
        finally:
            store.close()
        t2 = time.perf_counter()
    finally:
        if tmp is not None:
            tmp.cleanup()
    return verdicts, {"feed_s": t1 - t0, "check_s": t2 - t1, "patches": patches,
                      "writer_0_s": writer_s[0], "writer_1_s": writer_s[1]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--settings", type=int, default=10_000,
                    help="how many settings (default 10000)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--sqlite", action="store_true",
                    help="write through SQLiteStore from two processes, check from a third")
    ap.add_argument("--db", help="with --sqlite: a new database path (default: a temporary file)")
    ap.add_argument("--json", metavar="OUT", type=Path, help="write the figures as JSON")
    ap.add_argument("--forms", action="store_true",
                    help="also name settings after their noun: 'the service timeout for zonab'")
    args = ap.parse_args(argv)

    t0 = time.perf_counter()
    turns, expected = generate(args.settings, args.seed, args.forms)
    gen_s = time.perf_counter() - t0
    if args.sqlite:
        verdicts, times = run_sqlite(turns, expected, args.db)
    else:
        verdicts, times = run_memory(turns, expected)
    wall = time.perf_counter() - t0
    mode = "SQLiteStore, 2 writer processes" if args.sqlite else "in memory"
    forms = ", names in four places" if args.forms else ""
    print(f"settings {verdicts.settings}   turns {len(turns)}   seed {args.seed}   ({mode}{forms})")
    print(f"held exactly once   {verdicts.ok}")
    print(f"wrong merges        {verdicts.wrong_merge}")
    print(f"missing             {verdicts.missing}")
    print(f"stale               {verdicts.stale}")
    print(f"duplicates          {verdicts.duplicate}")
    print(f"cross-setting merge events in the journal   {verdicts.cross_setting_events}")
    print(f"patches {times['patches']} (naming no setting: {verdicts.unattributed_patches})")
    extra = "".join(f", writer {i} {times[f'writer_{i}_s']:.1f} s" for i in (0, 1)
                    if f"writer_{i}_s" in times)
    print(f"wall time {wall:.1f} s (generate {gen_s:.2f} s, feed {times['feed_s']:.1f} s"
          f"{extra}, check {times['check_s']:.2f} s)")
    for kind, rows in verdicts.examples.items():
        for row in rows:
            print(f"  e.g. {kind}: {row}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        out = {"settings": args.settings, "seed": args.seed, "sqlite": args.sqlite, "forms": args.forms,
               "turns": len(turns), "wall_s": wall, **times, **verdicts.as_dict()}
        args.json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
