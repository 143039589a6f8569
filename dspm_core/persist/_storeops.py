"""Exact edits of a :class:`~dspm_core.store.PatchStore`, for replaying a database.

Loading a notebook *merges* it by the slot rules (``PatchStore.merge_patch``). Replaying
what another process committed to the database must instead reproduce the stored
patches exactly (same ids, same values, same order) and cheaply (only the rows that
changed), so a second process ends up with the very same memory as the first.

``PatchStore`` has no public API for that yet, so these helpers reach into its index.
They are kept in this one module so the coupling is visible; they belong in
``PatchStore`` itself (``put``, ``drop``, ``extend_journal``, ``set_counters``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from ..patch import Patch
from ..store import JournalEntry, PatchStore, _norm_text

__all__ = ["TrackedPatches", "drop_patch", "extend_journal", "journal_len", "journal_since",
           "live_patches", "put_patch", "set_counters", "track"]


class TrackedPatches(dict[str, Patch]):
    """The store's id -> patch dict, remembering which ids were set or removed (in order),
    so that a transaction writes only what changed instead of comparing every patch."""

    __slots__ = ("dirty",)

    def __init__(self, *args: object) -> None:
        super().__init__(*args)  # type: ignore[arg-type]
        self.dirty: dict[str, None] = {}

    def __setitem__(self, key: str, value: Patch) -> None:
        self.dirty[key] = None
        super().__setitem__(key, value)

    def __delitem__(self, key: str) -> None:
        self.dirty[key] = None
        super().__delitem__(key)

    def pop(self, key: str, *default: object) -> object:  # type: ignore[override]
        self.dirty[key] = None
        return super().pop(key, *default)

    def popitem(self) -> tuple[str, Patch]:
        key, value = super().popitem()
        self.dirty[key] = None
        return key, value

    def setdefault(self, key: str, default: Patch) -> Patch:  # type: ignore[override]
        self.dirty[key] = None
        return super().setdefault(key, default)

    def update(self, *args: object, **kwargs: object) -> None:  # type: ignore[override]
        other = dict(*args, **kwargs)  # type: ignore[arg-type]
        self.dirty.update(dict.fromkeys(other))
        super().update(other)  # type: ignore[arg-type]

    def clear(self) -> None:
        self.dirty.update(dict.fromkeys(self))
        super().clear()


def track(store: PatchStore) -> TrackedPatches:
    """Make the store record which patches change (idempotent)."""
    with store._lock:
        if not isinstance(store._patches, TrackedPatches):
            store._patches = TrackedPatches(store._patches)
        return store._patches


def _unindex(store: PatchStore, patch_id: str) -> None:
    """Remove a patch from the lookup indexes (the patch itself stays in place)."""
    store._ix.remove(store._patches[patch_id])
    store._unview(patch_id)


def put_patch(store: PatchStore, patch: Patch) -> None:
    """Insert or replace ``patch`` as given (its lineage cut to the store's
    ``history_limit``); a replaced patch keeps its position."""
    if len(patch.history) > store.history_limit:
        patch = replace(patch, history=patch.history[: store.history_limit])
    with store._lock:
        if patch.id in store._patches:
            _unindex(store, patch.id)
        # the same index keys merge_patch uses for a loaded patch
        if patch.key is not None:
            subject, norm_text = patch.key.split("|", 1)[0], None
        else:
            subject, norm_text = None, _norm_text(patch.text)
        added = store.counters.get("added", 0)
        store._store_new(patch, subject=subject, norm_text=norm_text, journal=False)
        store.counters["added"] = added  # replaying is not adding; counters come from the row
        store._bump_ids(patch.id)


def drop_patch(store: PatchStore, patch_id: str) -> None:
    """Remove a patch without a journal entry (the database's journal already has it)."""
    with store._lock:
        if patch_id in store._patches:
            _unindex(store, patch_id)
            del store._patches[patch_id]
            store.version += 1


def extend_journal(store: PatchStore, entries: Iterable[JournalEntry]) -> None:
    """Append journal entries as they are (no de-duplication: they are the record)."""
    with store._lock:
        store._journal.extend(entries)


def journal_len(store: PatchStore) -> int:
    with store._lock:
        return len(store._journal)


def journal_since(store: PatchStore, start: int) -> list[JournalEntry]:
    """Journal entries from position ``start`` on (without copying the whole journal)."""
    with store._lock:
        return store._journal[start:]


def live_patches(store: PatchStore) -> dict[str, Patch]:
    """The store's own id -> patch dict; read it only while holding the memory's lock."""
    return store._patches


def set_counters(store: PatchStore, counters: Mapping[str, int]) -> None:
    """Restore merge counters saved with the state (only the known names)."""
    with store._lock:
        for name, value in counters.items():
            if name in store.counters:
                store.counters[name] = value
