"""Cases of ``retention.py``: conversations, probe points and the items to check.

A :class:`Case` is one conversation (a list of ``(role, text)`` turns) with probes; a
:class:`Probe` says "after the first ``at`` turns, render for ``query`` and check these
items". The BEAM and PrefEval loaders come from ``extraction_recall.py`` (imported, not
copied); the data is read from ``--data`` and never written anywhere.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from extraction_recall import beam_chats, load_beam, prefeval_topics, strip_marker
from retention_metric import Key, carries, make_key, make_line, value_pairs

BEAM_TASKS = ("instruction_following", "preference_following", "knowledge_update",
              "contradiction_resolution")
PREFEVAL_DEPTHS = (10, 50, 100, 300)


@dataclass(slots=True)
class Item:
    """One thing that must be delivered. ``kind``: present | update | both | either (the
    first key, or every key of ``meta["all"]``). ``meta["group"]``: the row it is counted
    in, when not its probe's."""

    kind: str
    keys: list[Key]
    old: set[tuple[str, str | None]] = field(default_factory=set)
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Probe:
    task: str
    group: str  # the row label beside the task (e.g. "depth=50", "turn=4", "")
    at: int  # number of turns seen
    query: str
    items: list[Item]
    item_ids: list[str]


@dataclass(slots=True)
class Case:
    dataset: str
    case_id: str
    turns: list[tuple[str, str]]
    probes: list[Probe]


MISSING_DATA = """\
no evaluation data at {path}.
The benchmark reads public datasets from a folder you pass as --data (it never ships them):
  beam/100K/<1..20>/chat.json, probing_questions.json    mohammadtavakoli78/BEAM, chats/100K/
  prefeval/benchmark_dataset/explicit_preference/*.json,
  prefeval/benchmark_dataset/filtered_inter_turns.json   amazon-science/PrefEval, benchmark_dataset/
  mt-eval/raw_data/refinement_multi_inst.jsonl           KwanWaiChung/MT-Eval, raw_data/
Clone those repositories (check each license: PrefEval is CC BY-NC 4.0) and copy the files
into that layout, outside this repository, then pass the folder as --data."""


# ----------------------------------------------------------------------------- BEAM
_SAID_RE = re.compile(r"^\s*(?:you|i)\s+(?:said|also\s+said|also\s+mentioned|mentioned|"
                      r"stated|also\s+stated)\s+(?:that\s+)?", re.I)


def _rubric_values(item: dict[str, Any], verb: str) -> list[str]:
    out = []
    for r in item.get("rubric") or []:
        m = re.match(rf"\s*LLM response should {verb}:\s*(.+)$", r, re.S)
        if m:
            out.append(m.group(1).strip())
    return out


_DATE_RE = re.compile(
    r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b",
    re.I)


def _dates(text: str) -> set[tuple[str, str]]:
    return {(m.group(2), "@" + m.group(1).lower()) for m in _DATE_RE.finditer(text)}


def old_values(item: dict[str, Any], new: Key, by_id: dict[Any, dict]) -> set[tuple[str, str | None]]:
    """The earlier value(s) of a knowledge update: numbers with the new value's unit in
    the original message(s); without a unit, the dates and the numbers followed by a word
    in ``potential_confusion``. A date is (day, "@month"); a bare number (no word after
    it) is left out, since it would match any line that happens to hold that number, and
    so is every number or date of the answer, the question and the rubric's "should
    state" entries. Empty when nothing can be derived (then only the new value is checked)."""
    current = " ".join([item.get("answer") or "", item.get("question") or "",
                        *_rubric_values(item, "state")])
    new_nums = {n for n, _ in new.pairs} | {n for n, _ in value_pairs(current)}
    new_dates = _dates(current)
    units = {u for _, u in new.pairs if u}
    ids = (item.get("source_chat_ids") or {}).get("original_info") or []
    old: set[tuple[str, str | None]] = set()
    if units:
        for sid in ids:
            msg = by_id.get(sid)
            if msg is None:
                continue
            for num, unit in value_pairs(strip_marker(msg.get("content", ""))):
                if unit in units and num not in new_nums:
                    old.add((num, unit))
    if not old:
        confusion = item.get("potential_confusion") or ""
        old |= {d for d in _dates(confusion) if d not in new_dates}
        for num, unit in value_pairs(_DATE_RE.sub(" ", confusion)):
            if num not in new_nums and unit is not None and (not units or unit in units):
                old.add((num, unit))
    return old


def new_value_stated(new: Key, messages: list[dict[str, Any]]) -> bool:
    """Whether some message of the conversation carries the new value (BEAM's gold has
    updates whose new value is only implied, e.g. worked out from two dates)."""
    return any(carries(make_line(strip_marker(m.get("content", ""))), new) for m in messages)


def beam_cases(data: Path, split: str, limit: int | None) -> list[Case]:
    cases = []
    chats = beam_chats(data, split)
    for n in chats[: limit or None]:
        messages, probes = load_beam(data, n)
        turns = [(m["role"], strip_marker(m.get("content", ""))) for m in messages]
        by_id = {m.get("id"): m for m in messages}
        plist = []
        for task in BEAM_TASKS:
            for k, it in enumerate(probes.get(task, [])):
                meta = {"question": it.get("question", "")}
                group = ""
                if task == "instruction_following":
                    item = Item("present", [make_key(it["instruction_being_tested"])], meta=meta)
                elif task == "preference_following":
                    item = Item("present", [make_key(it["preference_being_tested"])], meta=meta)
                elif task == "knowledge_update":
                    stated = _rubric_values(it, "state") or [it["answer"]]
                    new = make_key(stated[0])
                    item = Item("update", [new], old=old_values(it, new, by_id),
                                meta={**meta, "answer": it["answer"]})
                    group = "new value stated" if new_value_stated(new, messages) \
                        else "new value never stated"
                else:
                    stmts = [_SAID_RE.sub("", s) for s in _rubric_values(it, "mention")]
                    stmts = [s for s in stmts if not s.lower().startswith("which")][:2]
                    if len(stmts) < 2:
                        continue  # no usable statements: not scored (listed in no table)
                    item = Item("both", [make_key(s) for s in stmts], meta=meta)
                plist.append(Probe(task=f"beam_{task}", group=group, at=len(turns),
                                   query=it.get("question", ""), items=[item],
                                   item_ids=[f"beam{n}:{task}:{k}"]))
        cases.append(Case("beam", f"beam/100K/{n}", turns, plist))
    return cases


# ----------------------------------------------------------------------------- PrefEval
def distractor_turns(inter: list[dict[str, Any]], start: int, n: int) -> list[tuple[str, str]]:
    """``n`` distractor messages: PrefEval's own conversations, from ``start`` on, cyclic."""
    out: list[tuple[str, str]] = []
    k = start
    while len(out) < n:
        for msg in inter[k % len(inter)]["conversation"]:
            out.append((msg["role"], msg["content"]))
        k += 1
    return out[:n]


def prefeval_cases(data: Path, split: str, limit: int | None,
                   depths: tuple[int, ...] = PREFEVAL_DEPTHS) -> list[Case]:
    inter_path = data / "prefeval" / "benchmark_dataset" / "filtered_inter_turns.json"
    inter = json.loads(inter_path.read_text(encoding="utf-8"))
    cases = []
    for t_idx, path in enumerate(prefeval_topics(data, split)):
        prefs = json.loads(path.read_text(encoding="utf-8"))
        for i, item in enumerate(prefs[: limit or None]):
            turns = [("user", item["preference"])]
            turns += distractor_turns(inter, t_idx * 7 + i, max(depths))
            key = make_key(item["preference"])
            plist = [Probe(task="prefeval_explicit", group=f"depth={d}", at=1 + d,
                           query=item["question"], items=[Item("present", [key])],
                           item_ids=[f"{path.stem}:{i}:d{d}"]) for d in depths]
            cases.append(Case("prefeval", f"{path.stem}/{i}", turns, plist))
    return cases


# ----------------------------------------------------------------------------- MT-Eval
def _instruction(user_text: str) -> str:
    """Turn 1 carries a document then ``Instruction: ...``; the constraint is the latter."""
    _, sep, tail = user_text.rpartition("Instruction:")
    return tail.strip() if sep else user_text.strip()


def mteval_cases(data: Path, split: str, limit: int | None) -> list[Case]:
    path = data / "mt-eval" / "raw_data" / "refinement_multi_inst.jsonl"
    dialogues = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
                 if line.strip()]
    half = len(dialogues) // 2
    chosen = dialogues[:half] if split == "dev" else dialogues[half:]
    cases = []
    # the short-qa dialogues are factual questions about the document (MT-Eval uses them as
    # distractors in its ablations), not instructions that accumulate: left out
    chosen = [d for d in chosen if "short-qa" not in str(d[0].get("id", ""))]
    for d_idx, dialogue in enumerate(chosen[: limit or None]):
        turns: list[tuple[str, str]] = []
        constraints: list[str] = []
        plist = []
        for k, t in enumerate(dialogue, start=1):
            if k >= 2:
                did = dialogue[0].get("id", str(d_idx)).rsplit("_", 1)[0]
                plist.append(Probe(task="mteval_refinement", group=f"turn={k}", at=len(turns),
                                   query=t["user"],
                                   items=[Item("present", [make_key(c)]) for c in constraints],
                                   item_ids=[f"{did}:t{k}:c{j + 1}" for j in range(len(constraints))]))
            constraints.append(_instruction(t["user"]) if k == 1 else t["user"].strip())
            turns.append(("user", t["user"]))
            turns.append(("assistant", t.get("sys", "")))
        cases.append(Case("mteval", f"mteval/{d_idx}", turns, plist))
    return cases


# ----------------------------------------------------------------------------- LoCoMo
_DIA_RE = re.compile(r"^D(\d+):(\d+)$")


def _audited(data: Path) -> set[str]:
    """The ids (``locomo_<conversation>_qa<index>``) of the QA items whose gold an audit
    found wrong; left out."""
    path = data / "locomo" / "locomo_audit_errors.json"
    if not path.is_file():
        return set()
    return {e["question_id"] for e in json.loads(path.read_text(encoding="utf-8"))}


def locomo_cases(data: Path, split: str, limit: int | None) -> list[Case]:
    """LoCoMo's multi-session conversations between two people, with their questions.

    Every message of both speakers is fed as a user turn, as said (either may be asked
    about; the speaker's name is not added); image captions and session dates are left out. One probe per question after the whole conversation, for its question.
    Adversarial questions (category 5, no answer) and the items the audit found wrong are
    left out. Each question is scored three ways (groups): its ``answer`` carried by one
    line, every ``evidence`` message carried (by any lines), and ``answer or evidence``.
    Records: the first half development, the second report."""
    path = data / "locomo" / "locomo10.json"
    records = json.loads(path.read_text(encoding="utf-8"))
    half = len(records) // 2
    chosen = records[:half] if split == "dev" else records[half:]
    offset = 0 if split == "dev" else half
    skip = _audited(data)
    cases = []
    for c_idx, rec in enumerate(chosen[: limit or None], start=offset):
        conv = rec["conversation"]
        turns: list[tuple[str, str]] = []
        said: dict[str, str] = {}
        n = 1
        while f"session_{n}" in conv:
            for m in conv[f"session_{n}"]:
                text = (m.get("text") or "").strip()
                if text:
                    said[m.get("dia_id", "")] = text
                    turns.append(("user", text))
            n += 1
        probes = []
        for q_idx, qa in enumerate(rec["qa"]):
            qid = f"locomo_{c_idx}_qa{q_idx}"
            if qa.get("category") == 5 or qa.get("answer") is None or qid in skip:
                continue
            answer = make_key(str(qa["answer"]))
            evidence = [make_key(said[e]) for e in qa.get("evidence") or []
                        if _DIA_RE.match(e) and e in said]
            items = [Item("present", [answer], meta={"group": "answer"})]
            if evidence:
                items += [Item("both", evidence, meta={"group": "evidence"}),
                          Item("either", [answer], meta={"group": "answer or evidence",
                                                         "all": evidence})]
            probes.append(Probe(task="locomo", group="", at=len(turns), query=qa["question"],
                                items=items, item_ids=[f"{rec.get('sample_id', c_idx)}:qa{q_idx}"]
                                * len(items)))
        cases.append(Case("locomo", f"locomo/{c_idx}", turns, probes))
    return cases


def load_cases(data: Path, split: str, tasks: set[str], limit: int | None,
               per_topic: int | None = None) -> list[Case]:
    cases: list[Case] = []
    if "beam" in tasks:
        cases += beam_cases(data, split, limit)
    if "prefeval" in tasks:
        cases += prefeval_cases(data, split, min(x for x in (limit, per_topic, 10**9) if x))
    if "mteval" in tasks:
        cases += mteval_cases(data, split, limit)
    if "locomo" in tasks:
        cases += locomo_cases(data, split, limit)
    return cases
