"""Notebook schema versions, migrations and the checks :mod:`dspm_core.state` leaves out.

A notebook is the dict :meth:`DSPMMemory.to_dict` returns (``format``
``"dspm-memory-state"``, ``schema_version``). Older shapes are upgraded one version at a
time by :data:`MIGRATIONS` before validation:

* version 2 may hold patches of kind ``sentence`` (the lossless tier); version 1 is read
  as it is (it has none);
* version 0 is the notebook file of the peer package ``dspm-memory`` 0.1.x
  (``{"schema": 1, "turns": ..., "patches": [{"patch_id", "turn_index", "patch_type",
  "payload", "dependencies", "source_role"}]}``; before 0.1.17 without ``source_role`` and
  ``conversation_tokens``; very early files were a bare list of such records). Its
  records carry no slot fields, so they are replayed in turn order through the slot rules:
  a later value of a setting supersedes the earlier one and keeps it as lineage.

Everything here is pure (no I/O) and raises only
:class:`~dspm_core.state.NotebookValidationError`, naming the field at fault.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..limits import MAX_ALIAS_TEXT, MAX_ALIASES, MAX_INT
from ..patch import Fact, PatchKind, Role, coerce_kind, coerce_role
from ..state import FORMAT, SCHEMA_VERSION, NotebookValidationError
from ..store import DEFAULT_HISTORY_LIMIT, PatchStore

__all__ = ["LEGACY_VERSION", "MIGRATIONS", "NotebookVersionError", "check_state",
           "detect_version", "is_newer", "merge_counters", "migrate"]

LEGACY_VERSION = 0
_KINDS = {k.value for k in PatchKind}
_ROLES = {r.value for r in Role}


class NotebookVersionError(NotebookValidationError):
    """A notebook written by a newer release: not corrupt, so it is never moved aside."""


def _fail(where: str, msg: str) -> NotebookValidationError:
    return NotebookValidationError(f"{where}: {msg}")


def _is_legacy(data: Any) -> bool:
    if isinstance(data, list):
        return True
    return isinstance(data, dict) and "format" not in data and (
        "schema" in data or (isinstance(data.get("patches"), list)
                             and "schema_version" not in data))


def detect_version(data: Any) -> int:
    """The schema version of a decoded notebook (``0`` for a dspm-memory 0.1.x file)."""
    if _is_legacy(data):
        return LEGACY_VERSION
    if not isinstance(data, dict):
        raise _fail("notebook", f"expected an object, got {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise _fail("notebook.format", f"expected {FORMAT!r}, got {data.get('format')!r}")
    version = data.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise _fail("notebook.schema_version", f"expected an integer, got {version!r}")
    if version < 1:
        raise _fail("notebook.schema_version", f"unknown version {version}")
    return version


def is_newer(data: Any) -> bool:
    """True for a notebook written by a later release (never quarantined, never migrated)."""
    try:
        return detect_version(data) > SCHEMA_VERSION
    except NotebookValidationError:
        return False


def migrate(data: Any) -> dict[str, Any]:
    """Upgrade a decoded notebook to :data:`~dspm_core.state.SCHEMA_VERSION`."""
    version = detect_version(data)
    if version > SCHEMA_VERSION:
        raise NotebookVersionError(f"notebook.schema_version: {version} is newer than this "
                                   f"release reads ({SCHEMA_VERSION}); upgrade dspm")
    while version < SCHEMA_VERSION:
        data = MIGRATIONS[version](data)
        version += 1
    return data


# ---------------------------------------------------------------------- legacy (0 -> 1)
def _legacy_int(d: dict[str, Any], key: str, where: str, default: int | None = None) -> int:
    v = d.get(key, default)
    if v is None:
        raise _fail(f"{where}.{key}", "missing field")
    if isinstance(v, bool) or not isinstance(v, int) or v < 0 or v > MAX_INT:
        raise _fail(f"{where}.{key}", f"expected a non-negative integer, got {v!r}")
    return v


def _legacy_payload(v: Any, where: str) -> str:
    if isinstance(v, str):
        text = v
    elif isinstance(v, (dict, list)):  # dspm-memory kept structured payloads as given
        text = json.dumps(v, ensure_ascii=False, sort_keys=True)
    elif isinstance(v, (int, float)) and not isinstance(v, bool):
        text = str(v)
    else:
        raise _fail(where, f"expected a string, got {type(v).__name__}")
    if not text.strip():
        raise _fail(where, "empty payload")
    return text


def _from_legacy(data: Any) -> dict[str, Any]:
    """dspm-memory 0.1.x -> schema 1: replay the records through the slot rules."""
    if isinstance(data, list):
        header: dict[str, Any] = {}
        records = data
    else:
        header = data
        records = data.get("patches", [])
        if not isinstance(records, list):
            raise _fail("notebook.patches", f"expected a list, got {type(records).__name__}")
    facts: list[tuple[int, int, str, Fact]] = []
    for i, rec in enumerate(records):
        where = f"patches[{i}]"
        if not isinstance(rec, dict):
            raise _fail(where, f"expected an object, got {type(rec).__name__}")
        pid = rec.get("patch_id")
        if not isinstance(pid, str) or not pid:
            raise _fail(f"{where}.patch_id", "missing field or not a non-empty string")
        turn = _legacy_int(rec, "turn_index", where)
        kind = rec.get("patch_type")
        if not isinstance(kind, str) or kind.strip().lower() not in _KINDS:
            raise _fail(f"{where}.patch_type", f"unknown kind {kind!r}")
        if "payload" not in rec:
            raise _fail(f"{where}.payload", "missing field")
        text = _legacy_payload(rec["payload"], f"{where}.payload")
        role = rec.get("source_role") or "user"  # before 0.1.17 patches were unattributed
        if not isinstance(role, str) or role not in _ROLES:
            raise _fail(f"{where}.source_role", f"unknown role {role!r}")
        deps = rec.get("dependencies") or []
        if not isinstance(deps, list) or not all(isinstance(x, str) for x in deps):
            raise _fail(f"{where}.dependencies", "expected a list of strings")
        facts.append((turn, i, pid, Fact(kind=coerce_kind(kind), text=text, role=coerce_role(role),
                                         turn=turn, deps=tuple(deps), source="dspm-memory")))
    facts.sort(key=lambda t: (t[0], t[1]))  # replay in conversation order
    store = PatchStore(history_limit=DEFAULT_HISTORY_LIMIT)
    new_ids: dict[str, str] = {}  # dspm-memory id -> the patch it became
    for _, _, pid, fact in facts:
        if fact.deps:
            fact = replace(fact, deps=tuple(new_ids.get(d, d) for d in fact.deps))
        new_ids[pid] = store.merge(fact).patch.id
    state = store.export_state()
    last_turn = max((t for t, _, _, _ in facts), default=-1)
    turns = _legacy_int(header, "turns", "notebook", 0)
    tokens = _legacy_int(header, "conversation_tokens", "notebook", 0)
    return {
        "format": FORMAT,
        "schema_version": 1,
        "history_limit": state["history_limit"],
        "counters": {"turns": max(turns, last_turn + 1), "conversation_tokens": tokens,
                     "extraction_failures": 0, "merges": state["counters"]},
        "aliases": state["aliases"],
        "patches": state["patches"],
        "journal": state["journal"],
        "pending_turns": [],
        "migrated_from": "dspm-memory 0.1.x",
    }


def _to_sentence_tier(data: Any) -> dict[str, Any]:
    """1 -> 2: version 2 adds the ``sentence`` patch kind (the lossless tier). A version-1
    notebook has none, and its sentences that were never typed are not recoverable: its
    patches stay as they are."""
    if not isinstance(data, dict):
        raise _fail("notebook", f"expected an object, got {type(data).__name__}")
    return {**data, "schema_version": 2}


#: ``MIGRATIONS[n]`` turns a version-``n`` notebook into a version-``n + 1`` one.
MIGRATIONS: dict[int, Callable[[Any], dict[str, Any]]] = {LEGACY_VERSION: _from_legacy,
                                                          1: _to_sentence_tier}


# ---------------------------------------------------------------------- extra checks
def check_state(data: dict[str, Any]) -> None:
    """Checks of a current-version notebook that :func:`~dspm_core.state.parse_state`
    does not make but the store relies on (run before it)."""
    patches = data.get("patches")
    if isinstance(patches, list):
        for i, p in enumerate(patches):
            key = p.get("key") if isinstance(p, dict) else None
            # a slot key is "subject|bound|dimension|scope"; the store splits it so
            if isinstance(key, str) and key.count("|") < 3:
                raise _fail(f"patches[{i}].key", f"malformed slot key {key[:80]!r}")
    aliases = data.get("aliases")
    if isinstance(aliases, dict):
        if len(aliases) > MAX_ALIASES:
            raise _fail("notebook.aliases", f"more than {MAX_ALIASES} entries")
        for long, short in aliases.items():
            if not long.split() or len(long) > MAX_ALIAS_TEXT:
                raise _fail(f"notebook.aliases[{long[:40]!r}]", "expected a short phrase")
            if isinstance(short, str) and (not short.strip() or len(short) > MAX_ALIAS_TEXT):
                raise _fail(f"notebook.aliases[{long[:40]!r}]", "expected a short acronym")
    counters = data.get("counters")
    merges = counters.get("merges") if isinstance(counters, dict) else None
    if merges is not None:
        if not isinstance(merges, dict):
            raise _fail("notebook.counters.merges", f"expected an object, got {type(merges).__name__}")
        for name, v in merges.items():
            if isinstance(v, bool) or not isinstance(v, int) or v < 0 or v > MAX_INT:
                raise _fail(f"notebook.counters.merges.{name}", f"expected a count, got {v!r}")


def merge_counters(data: dict[str, Any]) -> dict[str, int]:
    """The store's merge counters saved in a (checked) notebook."""
    counters = data.get("counters")
    merges = counters.get("merges") if isinstance(counters, dict) else None
    return dict(merges) if isinstance(merges, dict) else {}
