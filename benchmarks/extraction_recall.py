"""Extraction recall of the default RuleExtractor on BEAM (100K) and PrefEval.

For every gold item (a stated instruction, a stated preference, the new value of a
knowledge update) the whole conversation is run through ``DSPMMemory().add_turn`` with the
default extractor, and the item counts as *held* when ONE stored patch holds at least half
of the item's content words (stopwords removed, simple stemming) or all of its numbers and
month names. Code patches do not count as holders (a long code block holds the numbers of
many an item by accident); the figure with them counted is printed beside. Beside the recall
it reports the store size (patches and criticals per 100 turns, patch tokens against
conversation tokens) and the extractor's throughput, and it writes every miss (with the
source messages and the patches made from them) to a JSON file for inspection.

    python benchmarks/extraction_recall.py --data ../shared/data --split dev
    python benchmarks/extraction_recall.py --data ../shared/data --split report --json out.json
    python benchmarks/extraction_recall.py --extractor old_rules.py:RuleExtractor   # compare

BEAM items: ``instruction_following`` (``instruction_being_tested``),
``preference_following`` (``preference_being_tested``) and ``knowledge_update`` (the
``answer``, i.e. the new value; its ``updated_info`` message ids are listed with a miss).
PrefEval items: each explicit preference as the first user turn, followed by the first
``--distractors`` messages of one of the 24 real distractor conversations.

Splits (from the data folder's README): BEAM 100K chats 1-10 are ``dev``, 11-20 ``report``;
PrefEval topics in alphabetical order, the first 10 ``dev``, the last 10 ``report``. Tune on
``dev`` only. The datasets are read from ``--data`` and never copied into the repository.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.dont_write_bytecode = True

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if importlib.util.find_spec("dspm_core") is None:
    sys.path.insert(0, str(ROOT))

from dspm_core import DSPMMemory  # noqa: E402
from dspm_core.extract.rules import RuleExtractor  # noqa: E402
from dspm_core.patch import Patch, PatchKind, Role, Turn  # noqa: E402

# ----------------------------------------------------------------------------- matching
# The metric's own word handling: independent of the library's vocab, so tuning the
# library cannot move the goal posts.
_STOP = frozenset(
    """a an the and or but if then else of to in on at by for with from into onto over under
    about as is are was were be been being am do does did doing have has had having i me my
    mine myself we us our ours you your yours he him his she her it its they them their this
    that these those there here what which who whom whose when where why how all any both
    each few more most other some such no nor not only own same so than too very can will
    just should would could may might must shall also up down out off again further once
    now im i'm i've i'd i'll ive id ill it's its let's lets don't dont doesn't didn't can't
    cant won't wont isn't aren't wasn't weren't ask asks asked when while whenever you've
    youve you're youre you'll youll you'd youd""".split()
)
_WORD_RE = re.compile(r"[a-z0-9]+(?:['’][a-z]+)?")
# "one" not followed by the thing it counts: "obtained one.", "the one of", "this one"
_PRONOUN_ONE_RE = re.compile(r"one\b(?!\s+(?!of\b|or\b|and\b|to\b|that\b|which\b|is\b|"
                             r"was\b|more\b|another\b|other\b)[a-z]{3,})")
_NUM_RE = re.compile(r"\d+(?:[.,]\d+)*")
_NUM_WORDS = {
    "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
    "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "twenty": "20",
    "thirty": "30", "forty": "40", "fifty": "50", "hundred": "100",
}
_MONTHS = {
    "january": "jan", "february": "feb", "march": "mar", "april": "apr", "may": "may",
    "june": "jun", "july": "jul", "august": "aug", "september": "sep", "october": "oct",
    "november": "nov", "december": "dec", "jan": "jan", "feb": "feb", "mar": "mar",
    "apr": "apr", "jun": "jun", "jul": "jul", "aug": "aug", "sep": "sep", "sept": "sep",
    "oct": "oct", "nov": "nov", "dec": "dec",
}
_SUFFIXES = ("ations", "ation", "ments", "ment", "ness", "ings", "ing", "ies", "ied", "ed",
             "es", "ly", "er", "s")
_MARKER_RE = re.compile(r"\s*->->\s*[\w/]+\s*,\s*[\w/]+\s*$")


def _stem(word: str) -> str:
    for suf in _SUFFIXES:
        if word.endswith(suf) and len(word) - len(suf) >= 3:
            return word[: -len(suf)]
    return word


def content_words(text: str) -> set[str]:
    """Stemmed content words of ``text`` (stopwords and bare numbers removed)."""
    out = set()
    for w in _WORD_RE.findall(text.lower().replace("’", "'")):
        if w in _STOP or w.isdigit() or len(w) < 2:
            continue
        out.add(_stem(w.replace("'", "")))
    return out


def numbers_and_months(text: str) -> set[str]:
    """Numbers (commas dropped, number words as digits) and month names of ``text``."""
    low = text.lower()
    out = {n.replace(",", "").rstrip(".") for n in _NUM_RE.findall(low)}
    for m in _WORD_RE.finditer(low):
        w = m.group(0)
        if w == "one" and _PRONOUN_ONE_RE.match(low, m.start()):
            continue  # "never obtained one", "the one I use": a pronoun, not a number
        if w in _NUM_WORDS:
            out.add(_NUM_WORDS[w])
        elif w in _MONTHS and (w != "may" or re.search(r"\bmay\s+\d", low)):
            out.add(_MONTHS[w])
    return out


@dataclass(slots=True)
class _Indexed:
    patch: Patch
    words: set[str]
    nums: set[str]


def index_patches(patches: Iterable[Patch]) -> list[_Indexed]:
    return [_Indexed(p, content_words(p.text), numbers_and_months(p.text)) for p in patches]


def holder(item_text: str, indexed: list[_Indexed],
           code: bool = False) -> tuple[_Indexed | None, float]:
    """The patch that holds the item, and its word coverage.

    Code patches are skipped unless ``code``: a long code block holds half the words or the
    numbers of many an item by accident (an API key quota of "1,200" in a config line), which
    is not the item being remembered. The lax figure (``code=True``) is reported beside.
    """
    words = content_words(item_text)
    nums = numbers_and_months(item_text)
    for ix in indexed:
        if ix.patch.kind is PatchKind.CODE and not code:
            continue
        cover = len(words & ix.words) / len(words) if words else 0.0
        if (words and cover >= 0.5) or (nums and nums <= ix.nums):
            return ix, cover
    return None, 0.0


def best_partial(item_text: str, indexed: list[_Indexed]) -> tuple[_Indexed | None, float]:
    words = content_words(item_text)
    best: tuple[_Indexed | None, float] = (None, 0.0)
    for ix in indexed:
        if ix.patch.kind is PatchKind.CODE:
            continue
        cover = len(words & ix.words) / len(words) if words else 0.0
        if cover > best[1]:
            best = (ix, cover)
    return best


# ----------------------------------------------------------------------------- data
def strip_marker(text: str) -> str:
    return _MARKER_RE.sub("", text or "")


def beam_chats(data: Path, split: str) -> list[int]:
    return list(range(1, 11)) if split == "dev" else list(range(11, 21))


def load_beam(data: Path, n: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    folder = data / "beam" / "100K" / str(n)
    chat = json.loads((folder / "chat.json").read_text(encoding="utf-8"))
    probes = json.loads((folder / "probing_questions.json").read_text(encoding="utf-8"))
    messages = [m for batch in chat for turn in batch["turns"] for m in turn]
    return messages, probes


def beam_items(probes: dict[str, Any]) -> list[dict[str, Any]]:
    """(category, text, source ids) of the items this benchmark measures."""
    items = []
    for it in probes.get("instruction_following", []):
        items.append({"category": "instruction_following", "text": it["instruction_being_tested"],
                      "source_ids": list(it.get("source_chat_ids") or [])})
    for it in probes.get("preference_following", []):
        items.append({"category": "preference_following", "text": it["preference_being_tested"],
                      "source_ids": list(it.get("source_chat_ids") or [])})
    for it in probes.get("knowledge_update", []):
        ids = it.get("source_chat_ids") or {}
        items.append({"category": "knowledge_update", "text": it["answer"],
                      "source_ids": list(ids.get("updated_info") or []),
                      "original_ids": list(ids.get("original_info") or [])})
    return items


def prefeval_topics(data: Path, split: str) -> list[Path]:
    folder = data / "prefeval" / "benchmark_dataset" / "explicit_preference"
    files = sorted(folder.glob("*.json"))
    return files[:10] if split == "dev" else files[10:20]


# ----------------------------------------------------------------------------- running
@dataclass(slots=True)
class Tally:
    turns: int = 0
    patches: int = 0
    criticals: int = 0
    patch_tokens: int = 0
    conversation_tokens: int = 0
    seconds: float = 0.0
    # category -> [held, total, held by a critical, held when code patches count too]
    by_category: dict[str, list[int]] = field(default_factory=dict)

    def count(self, category: str, held: bool, critical: bool, lax: bool) -> None:
        row = self.by_category.setdefault(category, [0, 0, 0, 0])
        row[0] += int(held)
        row[1] += 1
        row[2] += int(held and critical)
        row[3] += int(lax)

    def add_store(self, mem: DSPMMemory, turns: int, seconds: float, conv_tokens: int) -> None:
        patches = mem.store.patches()
        self.turns += turns
        self.patches += len(patches)
        self.criticals += sum(1 for p in patches if p.critical)
        self.patch_tokens += sum(mem.counter.count(p.text) for p in patches)
        self.conversation_tokens += conv_tokens
        self.seconds += seconds

    def summary(self) -> dict[str, Any]:
        held = sum(r[0] for r in self.by_category.values())
        total = sum(r[1] for r in self.by_category.values())
        lax = sum(r[3] for r in self.by_category.values())
        per100 = 100.0 / self.turns if self.turns else 0.0
        return {
            "recall": held / total if total else 0.0,
            "held": held,
            "items": total,
            "recall_code_counts": lax / total if total else 0.0,
            "by_category": {k: {"held": v[0], "items": v[1], "recall": v[0] / v[1] if v[1] else 0.0,
                                "held_by_critical": v[2], "held_code_counts": v[3]}
                            for k, v in sorted(self.by_category.items())},
            "turns": self.turns,
            "patches_per_100_turns": round(self.patches * per100, 1),
            "criticals_per_100_turns": round(self.criticals * per100, 1),
            "patch_tokens_per_conversation_token": round(
                self.patch_tokens / self.conversation_tokens, 3) if self.conversation_tokens else 0.0,
            "add_turn_per_second": round(self.turns / self.seconds, 1) if self.seconds else 0.0,
        }


def _describe(ix: _Indexed | None) -> dict[str, Any] | None:
    if ix is None:
        return None
    p = ix.patch
    return {"id": p.id, "kind": p.kind.value, "role": p.role.value, "turn": p.turn,
            "text": p.text[:600]}


def load_extractor(spec: str | None) -> Any:
    """``None`` (the default RuleExtractor) or ``path/to/file.py:Class`` / ``module:Class``:
    compare another extractor on the same items (e.g. an earlier RuleExtractor)."""
    if not spec:
        return None
    where, _, name = spec.rpartition(":")
    if where.endswith(".py"):
        spec_obj = importlib.util.spec_from_file_location("_bench_extractor", where)
        module = importlib.util.module_from_spec(spec_obj)
        spec_obj.loader.exec_module(module)  # type: ignore[union-attr]
    else:
        module = importlib.import_module(where)
    return getattr(module, name)


def new_memory(factory: Any) -> DSPMMemory:
    return DSPMMemory() if factory is None else DSPMMemory(extractor=factory())


def run_beam(data: Path, split: str, misses: list[dict[str, Any]],
             corpus: list[tuple[str, str]], factory: Any = None) -> Tally:
    tally = Tally()
    for n in beam_chats(data, split):
        messages, probes = load_beam(data, n)
        mem = new_memory(factory)
        turn_of_id: dict[int, int] = {}
        conv_tokens = 0
        start = time.perf_counter()
        for i, m in enumerate(messages):
            text = strip_marker(m.get("content", ""))
            turn_of_id[m.get("id", i)] = i
            corpus.append((m["role"], text))
            mem.add_turn(m["role"], text)
        seconds = time.perf_counter() - start
        for m in messages:
            conv_tokens += mem.counter.count(strip_marker(m.get("content", "")))
        tally.add_store(mem, len(messages), seconds, conv_tokens)
        indexed = index_patches(mem.store.patches())
        by_turn: dict[int, list[Patch]] = {}
        for p in mem.store.patches():
            by_turn.setdefault(p.first_turn, []).append(p)
        msg_by_id = {m.get("id"): m for m in messages}
        for item in beam_items(probes):
            hit, _ = holder(item["text"], indexed)
            lax = hit is not None or holder(item["text"], indexed, code=True)[0] is not None
            tally.count(item["category"], hit is not None, bool(hit and hit.patch.critical), lax)
            if hit is None:
                best, bcover = best_partial(item["text"], indexed)
                sources = []
                for sid in item["source_ids"]:
                    msg = msg_by_id.get(sid)
                    if msg is None:
                        continue
                    t = turn_of_id.get(sid)
                    sources.append({"id": sid, "role": msg["role"], "turn": t,
                                    "text": strip_marker(msg["content"])[:1500],
                                    "patches_from_turn": [p.text[:400] for p in by_turn.get(t, [])]})
                misses.append({"dataset": "beam", "chat": n, **item,
                               "content_words": sorted(content_words(item["text"])),
                               "numbers": sorted(numbers_and_months(item["text"])),
                               "best_patch": _describe(best), "best_cover": round(bcover, 2),
                               "sources": sources})
    return tally


def run_prefeval(data: Path, split: str, misses: list[dict[str, Any]],
                 distractors: int, factory: Any = None) -> Tally:
    tally = Tally()
    inter_path = data / "prefeval" / "benchmark_dataset" / "filtered_inter_turns.json"
    inter = json.loads(inter_path.read_text(encoding="utf-8"))
    for t_idx, path in enumerate(prefeval_topics(data, split)):
        prefs = json.loads(path.read_text(encoding="utf-8"))
        for i, item in enumerate(prefs):
            pref = item["preference"]
            conv = inter[(t_idx * 7 + i) % len(inter)]["conversation"][:distractors]
            mem = new_memory(factory)
            start = time.perf_counter()
            mem.add_turn("user", pref)
            for msg in conv:
                mem.add_turn(msg["role"], msg["content"])
            seconds = time.perf_counter() - start
            conv_tokens = mem.counter.count(pref) + sum(mem.counter.count(m["content"]) for m in conv)
            tally.add_store(mem, 1 + len(conv), seconds, conv_tokens)
            indexed = index_patches(mem.store.patches())
            hit, _ = holder(pref, indexed)
            lax = hit is not None or holder(pref, indexed, code=True)[0] is not None
            tally.count("explicit_preference", hit is not None, bool(hit and hit.patch.critical), lax)
            if hit is None:
                own = [p.text for p in mem.store.patches() if p.first_turn == 0]
                best, bcover = best_partial(pref, indexed)
                misses.append({"dataset": "prefeval", "topic": path.stem, "index": i,
                               "category": "explicit_preference", "text": pref,
                               "content_words": sorted(content_words(pref)),
                               "patches_from_preference_turn": own,
                               "best_patch": _describe(best), "best_cover": round(bcover, 2)})
    return tally


def throughput(corpus: list[tuple[str, str]], min_seconds: float = 1.0,
               factory: Any = None) -> dict[str, Any]:
    """Turns per second of the extractor's ``extract`` alone, on the BEAM turns."""
    ex = (factory or RuleExtractor)()
    turns = [Turn(role=Role(r) if r in ("user", "assistant") else Role.USER, text=t, index=i)
             for i, (r, t) in enumerate(corpus) if t.strip()]
    if not turns:
        return {"turns_per_second": 0.0, "turns": 0}
    for t in turns[:50]:
        ex.extract(t)  # warm caches and regexes
    done = 0
    start = time.perf_counter()
    while True:
        for t in turns:
            ex.extract(t)
        done += len(turns)
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            break
    chars = sum(len(t.text) for t in turns) / len(turns)
    return {"turns_per_second": round(done / elapsed, 1), "turns": len(turns),
            "mean_chars_per_turn": round(chars)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default="../shared/data", help="the evaluation data folder")
    ap.add_argument("--split", choices=("dev", "report"), default="dev")
    ap.add_argument("--distractors", type=int, default=10,
                    help="PrefEval distractor messages after each preference turn")
    ap.add_argument("--misses", default=None,
                    help="where to write the misses (default benchmarks/results/"
                         "extraction_misses_<split>.json)")
    ap.add_argument("--json", default=None, help="also write the summary to this file")
    ap.add_argument("--no-prefeval", action="store_true")
    ap.add_argument("--no-beam", action="store_true")
    ap.add_argument("--extractor", default=None,
                    help="another extractor to measure, as path/to/file.py:Class or module:Class "
                         "(default: dspm_core's RuleExtractor)")
    args = ap.parse_args(argv)

    data = Path(args.data)
    if not (data / "beam").is_dir() and not (data / "prefeval").is_dir():
        print(f"no benchmark data under {data} (expected beam/ and prefeval/)", file=sys.stderr)
        return 2
    misses: list[dict[str, Any]] = []
    corpus: list[tuple[str, str]] = []
    factory = load_extractor(args.extractor)
    out: dict[str, Any] = {"split": args.split, "data": str(data),
                           "extractor": args.extractor or "dspm_core RuleExtractor"}
    if not args.no_beam:
        out["beam"] = run_beam(data, args.split, misses, corpus, factory).summary()
        out["rule_extractor"] = throughput(corpus, factory=factory)
    if not args.no_prefeval:
        out["prefeval"] = run_prefeval(data, args.split, misses, args.distractors, factory).summary()

    held = sum(out[k]["held"] for k in ("beam", "prefeval") if k in out)
    items = sum(out[k]["items"] for k in ("beam", "prefeval") if k in out)
    out["overall_recall"] = held / items if items else 0.0
    out["misses"] = len(misses)

    miss_path = Path(args.misses) if args.misses else HERE / "results" / f"extraction_misses_{args.split}.json"
    miss_path.parent.mkdir(parents=True, exist_ok=True)
    miss_path.write_text(json.dumps(misses, indent=1, ensure_ascii=False), encoding="utf-8")
    out["misses_file"] = str(miss_path)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1), encoding="utf-8")
    _print(out)
    return 0


def _print(out: dict[str, Any]) -> None:
    print(f"split: {out['split']}   data: {out['data']}   extractor: {out['extractor']}")
    for name in ("beam", "prefeval"):
        s = out.get(name)
        if not s:
            continue
        print(f"\n{name}: recall {s['recall']:.1%} ({s['held']}/{s['items']}); "
              f"{s['recall_code_counts']:.1%} if code patches may hold an item")
        for cat, row in s["by_category"].items():
            print(f"  {cat:<24} {row['recall']:6.1%}  ({row['held']}/{row['items']}, "
                  f"{row['held_by_critical']} by a critical; {row['held_code_counts']} with code)")
        print(f"  store: {s['patches_per_100_turns']} patches / 100 turns, "
              f"{s['criticals_per_100_turns']} criticals / 100 turns, "
              f"patch tokens = {s['patch_tokens_per_conversation_token']:.1%} of conversation "
              f"tokens ({s['turns']} turns); add_turn {s['add_turn_per_second']} turns/s")
    if "rule_extractor" in out:
        r = out["rule_extractor"]
        print(f"\nextractor throughput: {r['turns_per_second']} turns/s on {r['turns']} BEAM "
              f"turns (mean {r['mean_chars_per_turn']} chars)")
    print(f"\noverall recall: {out['overall_recall']:.1%}; {out['misses']} misses -> {out['misses_file']}")


if __name__ == "__main__":
    raise SystemExit(main())
