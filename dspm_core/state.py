"""The saved form of a memory, and its validation.

A memory's state is a JSON-ready dict (``format`` ``"dspm-memory-state"``, ``schema_version``
:data:`SCHEMA_VERSION`): patches with slot fields and lineage, the journal, pending
turns and counters. Loading validates every field once, at this edge, and names the
field that is wrong (``patches[3].kind: unknown kind 'rul'``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import CorruptNotebookError
from .limits import MAX_ID, MAX_INT, MAX_TEXT
from .patch import Patch, PatchKind, Revision, Role, Turn
from .store import JournalEntry

__all__ = [
    "FORMAT",
    "SCHEMA_VERSION",
    "NotebookValidationError",
    "State",
    "journal_from_dict",
    "parse_state",
    "patch_from_dict",
    "turn_to_dict",
]

FORMAT = "dspm-memory-state"
#: 2: patches of kind ``sentence`` (the lossless tier) may be present
SCHEMA_VERSION = 2


class NotebookValidationError(CorruptNotebookError):
    """A saved memory whose content fails validation; the message names the field."""


@dataclass(frozen=True, slots=True)
class State:
    """A validated saved memory."""

    patches: list[Patch]
    journal: list[JournalEntry]
    pending: list[Turn]
    turns: int
    conversation_tokens: int
    extraction_failures: int
    aliases: dict[str, str]
    history_limit: int | None


def _fail(where: str, msg: str) -> NotebookValidationError:
    return NotebookValidationError(f"{where}: {msg}")


def _get(d: dict[str, Any], key: str, where: str, types: type | tuple[type, ...],
         default: Any = ..., allow_none: bool = False) -> Any:
    v = d.get(key, _ABSENT)
    t = type(v)
    # the common cases first: a string or an integer of exactly the type asked for
    if t is str and types is str:
        if len(v) <= MAX_TEXT:
            return v
    elif t is int and types is int:
        if 0 <= v <= MAX_INT:
            return v
    elif v is None and allow_none:
        return None
    elif t is bool and types is bool:
        return v
    if key not in d:
        if default is ...:
            raise _fail(f"{where}.{key}", "missing field")
        return default
    v = d[key]
    if v is None and allow_none:
        return None
    if isinstance(v, bool) and bool not in (types if isinstance(types, tuple) else (types,)):
        raise _fail(f"{where}.{key}", f"expected {_names(types)}, got a boolean")
    if not isinstance(v, types):
        raise _fail(f"{where}.{key}", f"expected {_names(types)}, got {type(v).__name__}")
    if isinstance(v, str) and len(v) > MAX_TEXT:
        raise _fail(f"{where}.{key}", f"text longer than {MAX_TEXT} characters")
    if isinstance(v, int) and not isinstance(v, bool) and (v < 0 or v > MAX_INT):
        raise _fail(f"{where}.{key}", f"integer out of range: {v}")
    return v


_ABSENT = object()


def _names(types: type | tuple[type, ...]) -> str:
    ts = types if isinstance(types, tuple) else (types,)
    return " or ".join({"str": "a string", "int": "an integer", "bool": "a boolean",
                        "list": "a list", "dict": "an object"}.get(t.__name__, t.__name__)
                       for t in ts)


def _obj(v: Any, where: str) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise _fail(where, f"expected an object, got {type(v).__name__}")
    return v


def _list(d: dict[str, Any], key: str, where: str) -> list[Any]:
    return _get(d, key, where, list, default=[])


def _kind(v: Any, where: str) -> PatchKind:
    try:
        return PatchKind(v)
    except ValueError:
        raise _fail(where, f"unknown kind {v!r}") from None


def _role(v: Any, where: str) -> Role:
    try:
        return Role(v)
    except ValueError:
        raise _fail(where, f"unknown role {v!r}") from None


def revision_from_dict(d: Any, where: str) -> Revision:
    d = _obj(d, where)
    return Revision(
        value=_get(d, "value", where, str, None, allow_none=True),
        unit=_get(d, "unit", where, str, None, allow_none=True),
        op=_get(d, "op", where, str, None, allow_none=True),
        turn=_get(d, "turn", where, int, 0),
        text=_get(d, "text", where, str, ""),
    )


#: the saved patch fields that are a string or null
_OPTIONAL_TEXT = ("key", "slot", "value", "unit", "scope", "session_id", "later")


def _plain_patch(d: dict[str, Any]) -> Patch | None:
    """The patch of a saved dict whose every field has its usual type and range (most of
    them), built without the per-field checks; None sends it through them."""
    pid, text, kind, role, turn = d.get("id"), d.get("text"), d.get("kind"), d.get("role", "user"), d.get("turn", 0)
    if not (type(pid) is str and 0 < len(pid) <= MAX_ID and type(text) is str
            and 0 < len(text) <= MAX_TEXT and text.strip() and type(turn) is int
            and 0 <= turn <= MAX_INT and d.get("history", ()) == [] and d.get("deps", ()) == []):
        return None
    for name in _OPTIONAL_TEXT:
        v = d.get(name)
        if v is not None and (type(v) is not str or len(v) > MAX_TEXT):
            return None
    op, pinned, source = d.get("op"), d.get("pinned", False), d.get("source", "rules")
    first, echoes = d.get("first_turn", turn), d.get("echoes", 0)
    if op not in _OPS or type(pinned) is not bool or type(source) is not str or \
            type(first) is not int or not 0 <= first <= MAX_INT or \
            type(echoes) is not int or not 0 <= echoes <= MAX_INT or len(source) > MAX_TEXT:
        return None
    try:
        k, r = PatchKind(kind), Role(role)
    except ValueError:
        return None
    return Patch(id=pid, kind=k, text=text, turn=turn, role=r, key=d.get("key"),
                 slot=d.get("slot"), op=op, value=d.get("value"), unit=d.get("unit"),
                 scope=d.get("scope"), history=(), deps=(), pinned=pinned, source=source,
                 first_turn=first, session_id=d.get("session_id"), echoes=echoes,
                 later=d.get("later"))


_OPS = (None, "=", "<=", ">=", "<", ">", "!=")


def patch_from_dict(d: Any, where: str = "patch") -> Patch:
    """Validate and build a :class:`Patch` from its saved dict."""
    d = _obj(d, where)
    plain = _plain_patch(d)
    if plain is not None:
        return plain
    pid = _get(d, "id", where, str)
    if not pid or len(pid) > MAX_ID:
        raise _fail(f"{where}.id", f"must be a non-empty string of at most {MAX_ID} characters")
    text = _get(d, "text", where, str)
    if not text.strip():
        raise _fail(f"{where}.text", "empty text")
    kind = _kind(_get(d, "kind", where, str), f"{where}.kind")
    role = _role(_get(d, "role", where, str, "user"), f"{where}.role")
    op = _get(d, "op", where, str, None, allow_none=True)
    if op is not None and op not in ("=", "<=", ">=", "<", ">", "!="):
        raise _fail(f"{where}.op", f"unknown operator {op!r}")
    history = tuple(revision_from_dict(r, f"{where}.history[{i}]")
                    for i, r in enumerate(_list(d, "history", where)))
    deps = _list(d, "deps", where)
    for i, dep in enumerate(deps):
        if not isinstance(dep, str):
            raise _fail(f"{where}.deps[{i}]", "expected a string")
    turn = _get(d, "turn", where, int, 0)
    return Patch(
        id=pid, kind=kind, text=text, turn=turn, role=role,
        key=_get(d, "key", where, str, None, allow_none=True),
        slot=_get(d, "slot", where, str, None, allow_none=True),
        op=op,
        value=_get(d, "value", where, str, None, allow_none=True),
        unit=_get(d, "unit", where, str, None, allow_none=True),
        scope=_get(d, "scope", where, str, None, allow_none=True),
        history=history, deps=tuple(deps),
        pinned=_get(d, "pinned", where, bool, False),
        source=_get(d, "source", where, str, "rules"),
        first_turn=_get(d, "first_turn", where, int, turn),
        session_id=_get(d, "session_id", where, str, None, allow_none=True),
        echoes=_get(d, "echoes", where, int, 0),
        later=_get(d, "later", where, str, None, allow_none=True),
    )


def journal_from_dict(d: Any, where: str = "journal") -> JournalEntry:
    d = _obj(d, where)
    before = d.get("before")
    return JournalEntry(
        action=_get(d, "action", where, str),
        patch_id=_get(d, "patch_id", where, str),
        turn=_get(d, "turn", where, int, 0),
        reason=_get(d, "reason", where, str, ""),
        before=patch_from_dict(before, f"{where}.before") if before is not None else None,
        fact_text=_get(d, "fact_text", where, str, None, allow_none=True),
        role=_get(d, "role", where, str, None, allow_none=True),
    )


def turn_to_dict(t: Turn) -> dict[str, Any]:
    return {"role": t.role.value, "text": t.text, "index": t.index, "session_id": t.session_id}


def turn_from_dict(d: Any, where: str) -> Turn:
    d = _obj(d, where)
    return Turn(role=_role(_get(d, "role", where, str), f"{where}.role"),
                text=_get(d, "text", where, str), index=_get(d, "index", where, int),
                session_id=_get(d, "session_id", where, str, None, allow_none=True))


def parse_state(data: Any) -> State:
    """Validate a saved memory dict; raises :class:`NotebookValidationError` naming the field."""
    d = _obj(data, "notebook")
    fmt = d.get("format")
    if fmt != FORMAT:
        raise _fail("notebook.format", f"expected {FORMAT!r}, got {fmt!r}")
    version = _get(d, "schema_version", "notebook", int)
    if version > SCHEMA_VERSION:
        raise _fail("notebook.schema_version",
                    f"{version} is newer than this release reads ({SCHEMA_VERSION}); upgrade dspm")
    counters = _obj(d.get("counters", {}), "notebook.counters")
    aliases = _obj(d.get("aliases", {}), "notebook.aliases")
    for k, v in aliases.items():
        if not isinstance(v, str) or not v:
            raise _fail(f"notebook.aliases[{k!r}]", "expected a non-empty string")
    patches = [patch_from_dict(p, f"patches[{i}]") for i, p in enumerate(_list(d, "patches", "notebook"))]
    ids = [p.id for p in patches]
    if len(set(ids)) != len(ids):
        dup = next(i for i in ids if ids.count(i) > 1)
        raise _fail("patches", f"duplicate patch id {dup!r}")
    return State(
        patches=patches,
        journal=[journal_from_dict(e, f"journal[{i}]") for i, e in enumerate(_list(d, "journal", "notebook"))],
        pending=[turn_from_dict(t, f"pending_turns[{i}]")
                 for i, t in enumerate(_list(d, "pending_turns", "notebook"))],
        turns=_get(counters, "turns", "notebook.counters", int, 0),
        conversation_tokens=_get(counters, "conversation_tokens", "notebook.counters", int, 0),
        extraction_failures=_get(counters, "extraction_failures", "notebook.counters", int, 0),
        aliases={str(k): v for k, v in aliases.items()},
        history_limit=_get(d, "history_limit", "notebook", int, None, allow_none=True),
    )
