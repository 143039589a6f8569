"""What a notebook file or a user in a database holds (used by ``dspm inspect``).

Read-only: a notebook is read without its lock and never moved aside, a database is
opened read-only.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from ..errors import PersistenceError
from ..patch import KIND_TAGS, PatchKind

__all__ = ["describe", "is_sqlite", "open_target"]

_SQLITE_MAGIC = b"SQLite format 3\x00"


def is_sqlite(path: Path) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read(16) == _SQLITE_MAGIC
    except OSError:
        return False


def open_target(path: Path, user_id: str | None) -> dict[str, Any]:
    """Load what ``path`` holds: ``{"source", "kind", "state" | "users"}``."""
    if not path.exists():
        raise PersistenceError(f"{path}: no such file")
    if is_sqlite(path):
        from .sqlite import SQLiteStore

        store = SQLiteStore(path, readonly=True)
        try:
            if user_id is None:
                return {"source": str(path), "kind": "database", "users": store.users()}
            state = store.export_user(user_id)
            if state is None:
                raise PersistenceError(f"{path}: no user {user_id!r}")
            return {"source": str(path), "kind": "database", "user_id": user_id,
                    "sessions": store.sessions(user_id), "state": state}
        finally:
            store.close()
    if user_id is not None:
        raise PersistenceError(f"{path} is a notebook file, not a database: drop --user")
    from .jsonfile import read_notebook

    state = read_notebook(path)
    assert state is not None  # it exists
    return {"source": str(path), "kind": "notebook", "state": state}


def _value(p: dict[str, Any]) -> str:
    if not p.get("value"):
        return ""
    slot = p.get("slot") or ""
    head = f"{slot} {p.get('op') or '='} {p['value']}".strip()
    was = [h.get("value") for h in p.get("history", []) if h.get("value")]
    return head + (f" (was {' then '.join(was)})" if was else "")


def describe(target: dict[str, Any]) -> list[str]:
    """Human-readable lines: counters, patches with lineage, pending turns, the journal."""
    if "users" in target:
        users = target["users"]
        return [f"database {target['source']}: {len(users)} user(s)"] + [f"  {u}" for u in users]
    s = target["state"]
    c = s.get("counters", {})
    head = (f"database {target['source']}, user {target['user_id']}"
            if target["kind"] == "database" else f"notebook {target['source']}")
    lines = [f"{head} (schema {s.get('schema_version')})"]
    if s.get("migrated_from"):
        lines.append(f"  migrated from {s['migrated_from']}")
    if target.get("sessions"):
        lines.append("  sessions: " + ", ".join(str(x) for x in target["sessions"]))
    lines.append(f"  turns {c.get('turns', 0)}, conversation tokens {c.get('conversation_tokens', 0)}, "
                 f"extraction failures {c.get('extraction_failures', 0)}")
    merges = c.get("merges") or {}
    if merges:
        lines.append("  merges: " + ", ".join(f"{k} {v}" for k, v in merges.items()))
    patches = s.get("patches", [])
    lines.append(f"patches ({len(patches)}):")
    for p in patches:
        tag = KIND_TAGS.get(PatchKind(p["kind"]), p["kind"])
        flags = [p.get("role", "user"), f"turn {p.get('turn', 0)}"]
        if p.get("pinned"):
            flags.append("pinned")
        if p.get("session_id"):
            flags.append(f"session {p['session_id']}")
        lines.append(f"  {p['id']:<6} {tag:<9} [{', '.join(flags)}] {p['text']}")
        value = _value(p)
        if value:
            lines.append(f"  {'':<6} {'':<9} slot: {value}")
    pending = s.get("pending_turns", [])
    lines.append(f"pending turns ({len(pending)}):")
    for t in pending:
        sess = f" [session {t['session_id']}]" if t.get("session_id") else ""
        lines.append(f"  #{t['index']} {t['role']}{sess}: {t['text']}")
    journal = s.get("journal", [])
    counts = Counter(e.get("action") for e in journal)
    lines.append(f"journal ({len(journal)} entries): "
                 + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    for e in journal:
        if e.get("action") in ("superseded", "forgotten", "rejected"):
            lines.append(f"  {e['action']:<10} {e['patch_id']:<6} turn {e.get('turn', 0)}: "
                         f"{e.get('reason', '')}")
    return lines
