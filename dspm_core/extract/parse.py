"""Response parsing for LLM extraction (pure: no I/O, shared by the sync and async paths).

A model's reply is untrusted input; it is validated here, once, at the edge.
:func:`parse_facts` recovers the JSON from what models actually send (code fences,
prose around the object, trailing commas, ``<think>`` blocks, a bare list instead of
``{"facts": [...]}``, dspm-memory's ``patch_type``/``payload`` items) and turns each
valid item into a :class:`~dspm_core.patch.Fact`, with the id of the stored setting it
names as revised (``revises``; the store decides whether the reference holds). Caps are enforced here, in code, not
only in the prompt.

Failures raise :class:`ResponseParseError` (an :class:`~dspm_core.errors.ExtractionError`)
so that the caller keeps the turn pending and retries it: an empty reply, a reply with no
recoverable JSON, and a reply cut off by the token limit (``finish_reason == "length"``)
whose JSON is incomplete. A truncated reply raises even when some of its facts are
complete: keeping part of a turn would mark it as extracted and silently lose the rest.
JSON nested too deeply to read is treated like any other invalid span.

Parsing is linear in the reply's length (the reasoning tags and the brackets are each
matched in one pass), and a reply over :data:`MAX_REPLY_CHARS` characters is refused
with :class:`ResponseParseError` before it is read: no reply can stall a turn.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import ExtractionError
from ..limits import MAX_ID, text_problem
from ..patch import Fact, PatchKind, Turn
from ..slots import normalise_op

__all__ = ["MAX_REPLY_CHARS", "ParsedResponse", "ResponseParseError", "parse_facts",
           "parse_response", "recover_json"]

#: Longest reply parsed (characters). Far above any extraction reply (a dense reply of
#: 4,096 tokens is about 16,000 characters); a longer one is a runaway or hostile server.
MAX_REPLY_CHARS = 1_000_000

#: Longest slot / value / unit accepted from a model; longer ones are dropped (the store
#: then parses them from the text) because a runaway field would become a slot key.
MAX_FIELD_CHARS = 200

_KIND_ALIASES: dict[str, PatchKind] = {
    "rule": PatchKind.CONSTRAINT, "requirement": PatchKind.CONSTRAINT,
    "preference": PatchKind.CONSTRAINT, "setting": PatchKind.DECISION,
    "choice": PatchKind.DECISION, "formula": PatchKind.EQUATION,
    "schema": PatchKind.STRUCTURE, "workflow": PatchKind.STRUCTURE,
}
_TEXT_KEYS = ("text", "payload", "fact", "statement", "content")
_PAYLOAD_TEXT_KEYS = ("text", "content", "statement", "fact", "note", "summary",
                      "description", "value")
_LIST_KEYS = ("facts", "patches")
# Names models give the id of the stored setting a fact revises (the prompt asks for the first).
_REVISES_KEYS = ("revises", "supersedes", "revises_id", "slot_id")
_NULLS = frozenset({"", "null", "none", "n/a", "nil"})
_EQ_WORDS = frozenset({"=", "==", "eq", "is", "equals", "equal", "equal to"})

# one pass over the reasoning tags; "[^<>]*" stops at the next tag, so no tag is rescanned
_THINK_TAG_RE = re.compile(r"<(/?)(think|thinking)\b[^<>]*>", re.I)
_FENCE_RE = re.compile(r"```[a-zA-Z0-9_-]*[ \t]*\n?(.*?)(?:```|\Z)", re.S)


class ResponseParseError(ExtractionError):
    """A model's reply could not be turned into facts (empty, no JSON, or truncated)."""


@dataclass(frozen=True, slots=True)
class ParsedResponse:
    """The facts of one reply and what was left out of it."""

    facts: tuple[Fact, ...]
    #: items whose kind is none of the six kinds
    unknown_kinds: int = 0
    #: items that are not objects, or have empty text or a non-string kind
    invalid_items: int = 0
    #: exact repeats (same kind and text) within the reply
    duplicates: int = 0
    #: valid facts beyond ``max_facts`` (the first ones are kept)
    over_cap: int = 0
    #: ``revises`` references that are not a string id of at most MAX_ID characters
    #: (ignored: the fact is kept and merges by the usual rules)
    invalid_revises: int = 0


# ------------------------------------------------------------------ JSON recovery
def _strip_think(text: str) -> str:
    """Remove reasoning blocks: closed ones, an orphan close tag, an unclosed open tag.

    An open tag is closed by the first close tag of the same name after it (tags between
    are part of the block). Linear in the reply: the tags are found in one pass and each
    open tag looks only forward for its close."""
    tags = [(m.start(), m.end(), bool(m.group(1)), m.group(2).lower())
            for m in _THINK_TAG_RE.finditer(text)]
    closes: dict[str, list[int]] = {"think": [], "thinking": []}
    for i, (_, _, is_close, name) in enumerate(tags):
        if is_close:
            closes[name].append(i)
    nxt = {"think": 0, "thinking": 0}  # the next close of each name not yet passed
    kept: list[str] = []
    cut = 0  # the text before this index is decided
    for i, (start, _, is_close, name) in enumerate(tags):
        if is_close or start < cut:
            continue
        later = closes[name]
        while nxt[name] < len(later) and later[nxt[name]] <= i:
            nxt[name] += 1
        if nxt[name] < len(later):  # a closed block: removed
            kept.append(text[cut:start] + " ")
            cut = tags[later[nxt[name]]][1]
    text = "".join(kept) + text[cut:]
    left = list(_THINK_TAG_RE.finditer(text))  # orphan tags, outside every closed block
    ends = [m.end() for m in left if m.group(1)]
    start = ends[-1] if ends else 0
    if ends:  # the template ate the opening tag: the answer follows the last close
        text = text[start:]
    opened = next((m.start() - start for m in left if not m.group(1) and m.start() >= start),
                  None)
    if opened is not None:  # never closed: everything after it is unfinished reasoning
        text = text[:opened]
    return text.strip()


def _json_chars(text: str, opens_string: Callable[[], bool] = lambda: True,
                ) -> Iterator[tuple[int, str, bool]]:
    """``(index, char, in_string)`` for each character: whether it is part of a JSON
    string literal (its quotes included), escapes honoured. A quote opens a string only
    while ``opens_string()`` says so (inside brackets, for prose around the JSON)."""
    in_string = escaped = False
    for i, c in enumerate(text):
        if in_string:
            yield i, c, True
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        else:
            in_string = c == '"' and opens_string()
            yield i, c, in_string


def _bracket_spans(text: str) -> list[tuple[int, int | None]]:
    """Every ``[`` or ``{`` outside a JSON string, in order, with the index just past the
    bracket that closes it: -1 when it never closes (a truncated reply), None when a
    mismatched bracket breaks it (prose such as "[see {1]").

    One pass with one stack, so linear in ``len(text)``. A mismatched closing bracket
    breaks every bracket still open; scanning starts afresh after it. String literals
    count only inside brackets: a quote in the prose around the JSON opens none."""
    spans: list[tuple[int, int | None]] = []
    stack: list[tuple[str, int]] = []  # (expected close, index into spans)
    for i, c, in_string in _json_chars(text, lambda: bool(stack)):
        if in_string:
            continue
        if c == "[" or c == "{":
            stack.append(("]" if c == "[" else "}", len(spans)))
            spans.append((i, -1))
        elif (c == "]" or c == "}") and stack:
            want, k = stack.pop()
            if c == want:
                spans[k] = (spans[k][0], i + 1)
            else:
                for _, broken in (*stack, (want, k)):
                    spans[broken] = (spans[broken][0], None)
                stack.clear()
    return spans


def _drop_trailing_commas(text: str) -> str:
    """Remove commas directly before ``]`` or ``}`` (outside strings)."""
    out: list[str] = []
    n = len(text)
    for i, c, in_string in _json_chars(text):
        if c == "," and not in_string:
            j = i + 1
            while j < n and text[j] in " \t\r\n":
                j += 1
            if j < n and text[j] in "]}":
                continue
        out.append(c)
    return "".join(out)


def _loads(span: str) -> Any:
    """``span`` as JSON (trailing commas forgiven). Raises ValueError when it is not JSON,
    also when it nests deeper than the recursion limit lets ``json`` read."""
    try:
        try:
            return json.loads(span)
        except ValueError:
            return json.loads(_drop_trailing_commas(span))
    except RecursionError:
        raise ValueError("JSON nested too deeply") from None


def _fact_shaped(value: Any) -> bool:
    return isinstance(value, dict) or (
        isinstance(value, list) and all(isinstance(v, dict) for v in value))


def _first_json(text: str) -> tuple[Any, bool]:
    """The first outermost JSON object (or list of objects) in ``text``.

    Returns ``(value, False)``, or ``(None, truncated)`` where ``truncated`` says that an
    object or array was opened and never closed. A span that is balanced but not valid
    JSON is skipped as a whole: its inner objects are never mined, because a fragment of a
    broken reply would pass for the whole answer. Linear: the brackets are matched in one
    pass and the spans tried do not overlap.
    """
    i = 0
    for start, end in _bracket_spans(text):
        if start < i:
            continue
        if end == -1:
            return None, True  # an unclosed bracket swallows the rest of the text
        if end is None:
            continue  # broken by a mismatched bracket: an inner span may still be JSON
        i = end
        try:
            value = _loads(text[start:end])
        except ValueError:
            continue
        if _fact_shaped(value):
            return value, False
        # "[1]" or "{2}" in prose: skipped whole
    return None, False


def recover_json(content: str) -> Any:
    """The JSON value in a model's reply, tolerating fences, prose, trailing commas and
    ``<think>`` blocks. Raises :class:`ResponseParseError` when none can be recovered."""
    text = _strip_think(content)
    candidates = [m.group(1) for m in _FENCE_RE.finditer(text)] + [text]
    truncated = False
    for candidate in candidates:
        value, cut = _first_json(candidate)
        if value is not None:
            return value
        truncated = truncated or cut
    if truncated:
        raise ResponseParseError("the reply's JSON is incomplete (unclosed object or array)")
    raise ResponseParseError("no valid JSON object or array found in the reply")


# ------------------------------------------------------------------ items -> facts
def _items(value: Any) -> list[Any]:
    if isinstance(value, list):
        return value
    if isinstance(value, dict):
        for key in _LIST_KEYS:
            if key in value:
                inner = value[key]
                if inner is None:
                    return []
                if isinstance(inner, list):
                    return inner
                raise ResponseParseError(f"'{key}' is a {type(inner).__name__}, not a list")
        if any(k in value for k in ("kind", "patch_type")):
            return [value]  # a single fact instead of a list of one
        lists = [v for v in value.values() if isinstance(v, list)]
        if len(lists) == 1:
            return lists[0]
    raise ResponseParseError(f"the reply's JSON holds no facts list ({type(value).__name__})")


def _kind(item: dict[str, Any]) -> PatchKind | None | bool:
    """The item's kind; None when unknown; False when missing or not a string."""
    raw = item.get("kind") or item.get("patch_type") or item.get("type")
    if not isinstance(raw, str):
        return False
    key = raw.strip().lower()
    if key in _KIND_ALIASES:
        return _KIND_ALIASES[key]
    try:
        return PatchKind(key)
    except ValueError:
        return None


def _scalar(value: Any) -> str | None:
    """A string field as given; numbers become strings; anything else is dropped."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        value = str(value)
    elif isinstance(value, float):
        value = str(int(value)) if value.is_integer() else repr(value)
    if not isinstance(value, str):
        return None
    value = value.strip()
    if value.lower() in _NULLS or len(value) > MAX_FIELD_CHARS:
        return None
    return value


def _text(item: dict[str, Any]) -> str:
    for key in _TEXT_KEYS:
        raw = item.get(key)
        if raw is None:
            continue
        if isinstance(raw, dict):  # dspm-memory payload given as an object
            for k in _PAYLOAD_TEXT_KEYS:
                if isinstance(raw.get(k), str) and raw[k].strip():
                    return raw[k].strip()
            return json.dumps(raw, ensure_ascii=False, sort_keys=True) if raw else ""
        if isinstance(raw, (int, float)) and not isinstance(raw, bool):
            return str(raw)
        if isinstance(raw, str):
            return raw.strip()
        return ""
    return ""


def _op(value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    raw = value.strip().lower()
    if raw in _NULLS:
        return None
    op = normalise_op(raw)
    if op == "=" and raw not in _EQ_WORDS:
        return None  # an operator we do not know: let the slot rules read the text
    return op


def _revises(fields: dict[str, Any]) -> tuple[str | None, bool]:
    """The id of the setting the item says it revises, and whether a reference given was
    unusable (not a string, or longer than an id can be). An absent or null one is None."""
    for key in _REVISES_KEYS:
        raw = fields.get(key)
        if raw is None:
            continue
        if not isinstance(raw, str):
            return None, True
        raw = raw.strip()
        if raw.lower() in _NULLS:
            return None, False
        return (raw, False) if len(raw) <= MAX_ID else (None, True)
    return None, False


def parse_response(content: str | None, finish_reason: str | None, turn: Turn, *,
                   max_facts: int, source: str = "llm") -> ParsedResponse:
    """Parse one reply into facts of ``turn`` with an account of what was left out.

    A fact's ``revises`` (or ``supersedes`` / ``revises_id`` / ``slot_id``) id is passed on
    as given, also when it is none of ``turn.settings``: the store refuses ids it does not
    hold, speakers without the authority and values of another kind, and journals why.

    Raises :class:`ResponseParseError` for an empty reply, a reply without recoverable
    JSON, and a truncated reply (``finish_reason == "length"``) whose JSON is incomplete.
    """
    if isinstance(max_facts, bool) or not isinstance(max_facts, int) or max_facts < 1:
        raise ValueError(f"max_facts must be a positive integer, got {max_facts!r}")
    if not isinstance(content, str) or not content.strip():
        hint = " (cut off by the token limit)" if finish_reason == "length" else ""
        raise ResponseParseError(f"the model returned an empty reply{hint}")
    if len(content) > MAX_REPLY_CHARS:
        raise ResponseParseError(f"the reply has {len(content):,} characters, over the limit "
                                 f"of {MAX_REPLY_CHARS:,}")
    try:
        value = recover_json(content)
    except ResponseParseError as exc:
        if finish_reason == "length":
            raise ResponseParseError(
                "the reply was cut off by the token limit (finish_reason=length) and its "
                "JSON is incomplete") from exc
        raise
    facts: list[Fact] = []
    seen: set[tuple[PatchKind, str]] = set()
    unknown = invalid = duplicates = bad_revises = 0
    for item in _items(value):
        if not isinstance(item, dict):
            invalid += 1
            continue
        kind = _kind(item)
        if kind is None:
            unknown += 1
            continue
        text = _text(item)
        if kind is False or not text or text_problem(text):  # over-long: not a fact
            invalid += 1
            continue
        if (kind, text) in seen:
            duplicates += 1
            continue
        seen.add((kind, text))
        payload = item.get("payload")
        fields = {**payload, **item} if isinstance(payload, dict) else item
        revises, bad = _revises(fields)
        bad_revises += bad
        facts.append(Fact(kind=kind, text=text, role=turn.role, turn=turn.index,
                          slot=_scalar(fields.get("slot")), op=_op(fields.get("op")),
                          value=_scalar(fields.get("value")), unit=_scalar(fields.get("unit")),
                          source=source, session_id=turn.session_id, revises=revises))
    over = max(0, len(facts) - max_facts)
    return ParsedResponse(tuple(facts[:max_facts]), unknown, invalid, duplicates, over,
                          bad_revises)


def parse_facts(content: str | None, finish_reason: str | None, turn: Turn, *,
                max_facts: int, source: str = "llm") -> list[Fact]:
    """The facts of ``turn`` in a model's reply (at most ``max_facts``, the first ones).

    Items with an unknown kind or empty text are skipped (:func:`parse_response` counts
    them). dspm-memory's ``dependencies`` are ignored: they name ids that exist only in
    that reply. See the module docstring for what raises :class:`ResponseParseError`.
    """
    return list(parse_response(content, finish_reason, turn, max_facts=max_facts,
                               source=source).facts)
