"""The notebook file: one JSON file per memory, saved atomically and loaded without loss.

    memory.save("notes.json")            # at the end of a chat
    memory.load("notes.json")            # at the start of the next (a missing file loads nothing)

Saving writes a temporary file in the same directory, flushes and fsyncs it, keeps the
previous file as ``<path>.bak`` (a hard link, so the path itself never disappears), moves
the new file in place with ``os.replace`` and fsyncs the directory. A crash at any moment
leaves either the old or the new notebook at ``path``, never a torn one.

Saving and loading hold an exclusive lock on ``<path>.lock`` (portalocker); waiting longer
than ``lock_timeout`` seconds raises :class:`~dspm_core.errors.LockTimeoutError`. Where the
lock file cannot be created or opened (a read-only directory, another user's directory) a
load reads without it, since a notebook is only ever replaced whole by ``os.replace``, and
changes nothing on disk (a corrupt notebook's valid ``.bak`` is loaded, nothing is moved); a
save there raises :class:`PersistenceError`.

A notebook path names a regular file, or nothing yet. A symlink is followed: the notebook,
its ``.bak``, ``.lock`` and temporary files live beside the link's final target, and the
link keeps pointing at the updated notebook. A FIFO, device, directory or socket at the path
(or at its ``.lock`` or ``.bak``) is refused with :class:`PersistenceError` before it is
opened, and reads open with ``O_NONBLOCK``, so nothing blocks whatever ``lock_timeout`` says.

Several writers (processes, threads, chats) may share one notebook: a save merges, under the
same lock and by the slot rules (as a load does), what another writer saved since this
memory last loaded or saved the file, then writes. A memory remembers what it read and
wrote per path (the file's hash and a hash of each patch and pending turn in it), so an
unchanged file is not merged again, and a patch it forgot, a pending turn it retried or a
reset stays so: only the patches and pending turns it never saw are taken from the file.
A dict given to :func:`save_notebook` is written as it is.

Loading validates every field (:mod:`dspm_core.state`, after the migrations of
:mod:`dspm_core.persist.schema`). A corrupt or invalid file is moved aside to
``<path>.corrupt.<timestamp>`` and the ``.bak`` is used (and put back at ``path``) when it is
valid; with no valid backup, or with ``strict=True``, :class:`CorruptNotebookError` is
raised instead, and in strict mode nothing on disk is touched. A file written by a newer
release is never moved: it raises a :class:`NotebookValidationError` asking for an upgrade.

The backup is never the casualty of a recovery. The restored file is written before the
corrupt one is moved aside, and both happen in one ``os.replace``; if that fails (a full
disk) the backup's data is still loaded and the disk is left as it was. A missing notebook
with a ``.bak`` beside it loads the ``.bak`` (``strict=True`` raises). A save never rotates
a corrupt or missing notebook into ``.bak``: it merges the valid backup into the memory
first, moves a corrupt notebook aside, and leaves the backup in place.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..errors import CorruptNotebookError, PersistenceError
from ..state import NotebookValidationError, parse_state
from ._storeops import set_counters
from .paths import (
    clean_temps,
    fsync_dir,
    is_file,
    keep_backup,
    locked,
    move_aside,
    open_regular,
    resolve,
    sibling,
    unlink,
    write_temp,
)
from .schema import NotebookVersionError, check_state, merge_counters, migrate

if TYPE_CHECKING:
    from .base import NotebookMemory

__all__ = ["DEFAULT_LOCK_TIMEOUT", "MAX_NOTEBOOK_BYTES", "load_into", "load_notebook", "merge_into",
           "read_notebook", "save_notebook", "validate_notebook"]

log = logging.getLogger("dspm_core.persist")
T = TypeVar("T")

DEFAULT_LOCK_TIMEOUT = 10.0
MAX_NOTEBOOK_BYTES = 1 << 30  # a larger file is not a conversation's memory
_Path = str | os.PathLike[str]


# ---------------------------------------------------------------------- what a memory saw
# ensure_ascii: any str (even a lone surrogate from a broken client) round-trips
_ENCODE = json.JSONEncoder(ensure_ascii=True, separators=(",", ":")).encode


def _digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode("ascii"), digest_size=16).digest()


@dataclass(frozen=True, slots=True)
class _Seen:
    """A notebook as a memory last read or wrote it: the file's hash, and a hash of each
    patch and pending turn in it (what the memory holds, or removed on purpose)."""

    digest: bytes
    patches: frozenset[bytes]
    pending: frozenset[bytes]

    @classmethod
    def of(cls, raw: bytes, data: dict[str, Any],
           patches: frozenset[bytes] | None = None) -> _Seen:
        if patches is None:
            patches = frozenset(_digest(_ENCODE(p)) for p in data.get("patches", ()))
        return cls(hashlib.sha256(raw).digest(), patches,
                   frozenset(_digest(_ENCODE(t)) for t in data.get("pending_turns", ())))

    def unseen(self, data: dict[str, Any]) -> dict[str, Any]:
        """``data`` without the patches and pending turns this memory already saw: those
        it still holds add nothing, and those it forgot or retried stay gone."""
        return dict(data,
                    patches=[p for p in data.get("patches", ())
                             if _digest(_ENCODE(p)) not in self.patches],
                    pending_turns=[t for t in data.get("pending_turns", ())
                                   if _digest(_ENCODE(t)) not in self.pending])


def _seen_by(memory: NotebookMemory) -> dict[str, _Seen]:
    """The notebooks ``memory`` read or wrote, by resolved path (kept on the memory, so a
    copy of it, e.g. in a forked process, knows what its original saw)."""
    with memory._lock:
        seen: dict[str, _Seen] | None = getattr(memory, "_notebooks_seen", None)
        if seen is None:
            seen = {}
            memory._notebooks_seen = seen  # type: ignore[attr-defined]
        return seen


def _unseen(data: dict[str, Any], seen: _Seen | None) -> dict[str, Any]:
    return data if seen is None else seen.unseen(data)


# ---------------------------------------------------------------------- save
def _encode(data: dict[str, Any]) -> tuple[bytes, frozenset[bytes]]:
    """The notebook's bytes (those of ``json.dumps`` with these settings) and the hash of
    each patch, from one encoding of each."""
    pieces = [_ENCODE(p) for p in data.get("patches", ())]
    fields = (_ENCODE(k) + ":" + ("[" + ",".join(pieces) + "]" if k == "patches" else _ENCODE(v))
              for k, v in data.items())
    return ("{" + ",".join(fields) + "}\n").encode("ascii"), frozenset(map(_digest, pieces))


def encode_notebook(data: dict[str, Any]) -> bytes:
    return _encode(data)[0]


def save_notebook(source: NotebookMemory | dict[str, Any], path: _Path, *,
                  lock_timeout: float = DEFAULT_LOCK_TIMEOUT) -> int:
    """Write a memory (or its :meth:`~DSPMMemory.to_dict`) to ``path`` atomically.

    A memory first merges what another writer saved since it last read or wrote
    ``path`` (and a backup that would otherwise be lost: see the module docstring); a dict
    is written as it is. Returns the number of patches saved.
    """
    memory = None if isinstance(source, dict) else source
    data = source if memory is None else memory.to_dict()
    p = resolve(path)
    is_file(p, "save", _shown(path, p))  # a FIFO, device, directory or socket is refused
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PersistenceError(f"cannot save {p}: {exc}") from exc
    with locked(p, lock_timeout):
        tmp: Path | None = None
        aside: Path | None = None
        try:
            clean_temps(p)
            status, merged = _take_in(memory, p)
            if merged and memory is not None:
                data = memory.to_dict()
            payload, patches = _encode(data)
            tmp = write_temp(p.parent, p.name, payload)
            if status == "valid":
                keep_backup(p)
            elif status == "corrupt":  # never rotated into .bak: the .bak stays the good one
                aside, kept = move_aside(p, keep=True)
                if not kept:
                    aside = None  # p is gone: that name now holds the only copy
            os.replace(tmp, p)
            tmp = aside = None
            fsync_dir(p.parent)
            if memory is not None:
                _seen_by(memory)[str(p)] = _Seen.of(payload, data, patches)
        except OSError as exc:
            raise PersistenceError(f"cannot save {p}: {exc}") from exc
        finally:
            for left in (tmp, aside):
                if left is not None:
                    unlink(left)
    return len(data.get("patches", ()))


def _take_in(memory: NotebookMemory | None, path: Path) -> tuple[str, bool]:
    """What is at ``path`` before a save ("valid", "corrupt" or "missing"), and whether
    ``memory`` merged anything from disk (under the lock).

    A notebook that changed since ``memory`` last read or wrote it holds another writer's
    turns: they are merged, so this save does not drop them. A notebook that is missing or
    corrupt while its ``.bak`` is valid would otherwise be replaced by a file that lacks
    the backup's patches, and the save after next would rotate the backup away: the
    backup is merged instead.
    """
    seen = None if memory is None else _seen_by(memory).get(str(path))
    status = "missing"
    if is_file(path, "save"):
        try:
            if memory is None:  # a dict is written as it is; only check what it replaces
                _parse_file(path, full=True)
                return "valid", False
            return "valid", _merge_changed(memory, path, seen)
        except NotebookVersionError as exc:  # a newer release's notebook: never overwritten
            raise NotebookVersionError(f"{exc}; saving would overwrite it") from None
        except CorruptNotebookError as exc:
            log.warning("%s; this save moves it aside", exc)
            status = "corrupt"
    if memory is None:
        return status, False
    bak = sibling(path, ".bak")
    try:
        return status, is_file(bak, "read") and _merge_changed(memory, bak, seen)
    except PersistenceError as exc:  # corrupt or unreadable: nothing to keep from it
        log.warning("%s; not merged before saving %s", exc, path)
        return status, False


def _merge_changed(memory: NotebookMemory, path: Path, seen: _Seen | None) -> bool:
    """Merge the notebook at ``path`` into ``memory`` unless it is as ``memory`` last
    read or wrote it; returns whether it was merged."""
    raw = _read(path)
    if seen is not None and hashlib.sha256(raw).digest() == seen.digest:
        return False
    merge_into(memory, _unseen(_parse(raw, path, full=False), seen))
    return True


# ---------------------------------------------------------------------- load
def _decode(raw: bytes, where: str) -> Any:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CorruptNotebookError(f"{where}: not UTF-8 text (bad byte at offset {exc.start})") from None
    if not text.strip():
        raise CorruptNotebookError(f"{where}: empty file")
    try:
        return json.loads(text)
    except RecursionError:
        raise CorruptNotebookError(f"{where}: JSON nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, or an integer too long to convert
        raise CorruptNotebookError(f"{where}: not valid JSON ({exc})") from None


def validate_notebook(data: Any, *, full: bool = True) -> dict[str, Any]:
    """Migrate a decoded notebook to the current schema and validate every field.

    Raises :class:`NotebookValidationError` naming the field at fault. With
    ``full=False`` the per-field validation is left to the merge that follows
    (``DSPMMemory.merge_dict`` validates before it changes anything).
    """
    data = migrate(data)
    check_state(data)
    if full:
        parse_state(data)
    return data


class _InvalidData(NotebookValidationError):
    """Validation failed while merging (so the file, not the memory, is at fault)."""


def _shown(given: _Path, path: Path) -> str:
    """How error messages name a notebook: as given, and where a link led."""
    given = os.fspath(given)
    return str(path) if os.path.abspath(given) == str(path) else f"{given} (-> {path})"


def _read(path: Path) -> bytes:
    try:
        with open_regular(path) as f:
            size = os.fstat(f.fileno()).st_size
            if size > MAX_NOTEBOOK_BYTES:
                raise CorruptNotebookError(
                    f"{path}: {size} bytes is larger than a notebook can be ({MAX_NOTEBOOK_BYTES})")
            return f.read(MAX_NOTEBOOK_BYTES + 1)
    except OSError as exc:  # permissions, a directory, ...: not corruption, nothing is moved
        raise PersistenceError(f"cannot read {path}: {exc.strerror or exc}") from exc


def _parse_file(path: Path, full: bool = True) -> dict[str, Any]:
    return _parse(_read(path), path, full)


def _parse(raw: bytes, path: Path, full: bool) -> dict[str, Any]:
    data = _decode(raw, str(path))
    try:
        return validate_notebook(data, full=full)
    except NotebookVersionError as exc:
        raise NotebookVersionError(f"{path}: {exc}") from None
    except NotebookValidationError as exc:
        raise NotebookValidationError(f"{path}: {exc}") from None


def read_notebook(path: _Path) -> dict[str, Any] | None:
    """Read and validate a notebook without locking or moving anything (for inspection).

    Returns ``None`` when the file does not exist.
    """
    p = resolve(path)
    if not is_file(p, "read", _shown(path, p)):
        return None
    return _parse_file(p)


def load_notebook(path: _Path, *, strict: bool = False,
                  lock_timeout: float = DEFAULT_LOCK_TIMEOUT) -> dict[str, Any] | None:
    """Read, migrate and validate the notebook at ``path`` under its lock.

    Returns ``None`` when neither the file nor its ``.bak`` exists. A corrupt (or missing)
    file falls back on the valid ``.bak`` (``strict=False``), or :class:`CorruptNotebookError`
    is raised.
    """
    return _load(path, strict, lock_timeout, lambda raw, data: data, full=True)


def _load(given: _Path, strict: bool, lock_timeout: float,
          consume: Callable[[Path, bytes, dict[str, Any]], T], full: bool) -> T | None:
    """Read the notebook and hand its path, bytes and content to ``consume`` under the
    lock; on corruption move it aside and consume the valid backup instead (or raise).
    Where the lock file cannot be made (a read-only directory) the notebook is read
    without it and nothing on disk is changed."""
    path = resolve(given)
    bak = sibling(path, ".bak")
    if not is_file(path, "read", _shown(given, path)) and not is_file(bak, "read"):
        return None
    with locked(path, lock_timeout, writing=False) as writable:
        if not is_file(path, "read", _shown(given, path)):
            if not is_file(bak, "read"):  # removed while we waited for the lock
                return None
            # an interrupted restore (or a user) left only the backup: it is the notebook
            missing = CorruptNotebookError(f"{path} is missing but its backup {bak} exists")
            if strict:
                raise CorruptNotebookError(f"{missing}; load without strict=True to recover it")
            return consume(path, *_recover(path, missing, False, writable))
        try:
            raw = _read(path)
            data = _parse(raw, path, full)
        except CorruptNotebookError as exc:
            return consume(path, *_fallback(path, exc, strict, writable))
        try:
            return consume(path, raw, data)
        except _InvalidData as exc:  # only the file's content: other errors propagate
            bad = NotebookValidationError(f"{path}: {exc}")
        return consume(path, *_fallback(path, bad, strict, writable))


def _fallback(path: Path, exc: CorruptNotebookError, strict: bool,
              writable: bool) -> tuple[bytes, dict[str, Any]]:
    if strict or isinstance(exc, NotebookVersionError):
        raise exc
    return _recover(path, exc, True, writable)


def _recover(path: Path, exc: CorruptNotebookError, present: bool,
             writable: bool) -> tuple[bytes, dict[str, Any]]:
    """The valid ``.bak`` in place of a corrupt (``present``) or missing notebook, under
    the lock (``writable``; without it nothing is moved). The backup is read and copied
    beside ``path`` before anything is moved, so a failure at any step (a full disk)
    leaves the backup where the next load finds it."""
    bak = sibling(path, ".bak")
    try:
        if not is_file(bak, "read"):
            raise CorruptNotebookError(f"{bak} does not exist")
        raw = _read(bak)
        data = validate_notebook(_decode(raw, str(bak)))
    except PersistenceError as bad:  # includes CorruptNotebookError
        raise _unrecoverable(path, exc, bad, present, writable) from None
    if not writable:
        log.warning("%s; the backup %s was loaded instead (the directory is read-only here, "
                    "so nothing was moved)", exc, bak)
        return raw, data
    try:
        moved = _restore(path, raw, present)
    except OSError as err:  # the data is loaded and the disk is as it was: the next load retries
        log.warning("%s; the backup %s was loaded instead, but it could not be put back at %s "
                    "(%s), so nothing was moved", exc, bak, path, err)
        return raw, data
    if moved is None:
        log.warning("%s; it was loaded and put back at %s", exc, path)
    else:
        log.warning("%s; it was moved to %s and the backup %s was loaded instead", exc, moved, bak)
    return raw, data


def _unrecoverable(path: Path, exc: CorruptNotebookError, bad: PersistenceError,
                   present: bool, writable: bool) -> CorruptNotebookError:
    """The error for a notebook that cannot be recovered, after moving the corrupt file
    (the notebook, or a lone backup) aside, so that the next load or save starts afresh."""
    if not present and not isinstance(bad, CorruptNotebookError):  # unreadable: leave it
        return CorruptNotebookError(f"{exc}, but the backup cannot be read ({bad})")
    if not writable:
        return CorruptNotebookError(f"{exc}; there is no valid backup to load instead ({bad}), "
                                    "and nothing was moved (the directory is read-only here)")
    try:
        moved, _ = move_aside(path if present else sibling(path, ".bak"), keep=False)
    except OSError as err:
        return CorruptNotebookError(f"{exc}; it could not be moved aside ({err}) and there is "
                                    f"no valid backup to load instead ({bad})")
    what = "The file" if present else "The backup"
    return CorruptNotebookError(f"{exc}. {what} was moved to {moved}; there is no valid "
                                f"backup to load instead ({bad})")


def _restore(path: Path, raw: bytes, present: bool) -> Path | None:
    """Put the backup's bytes at ``path``: written beside it first, then the corrupt file
    linked aside, then moved in place by one ``os.replace``. Returns where the corrupt
    file went (``None`` when ``path`` was missing)."""
    tmp = write_temp(path.parent, path.name, raw)
    aside: Path | None = None
    kept = False
    try:
        if present:
            aside, kept = move_aside(path, keep=True)
        os.replace(tmp, path)
    except BaseException:
        unlink(tmp)
        if aside is not None and kept:  # path still holds those bytes
            unlink(aside)
        raise
    fsync_dir(path.parent)
    return aside


def load_into(memory: NotebookMemory, path: _Path, *, strict: bool = False,
              lock_timeout: float = DEFAULT_LOCK_TIMEOUT) -> int:
    """Merge the notebook at ``path`` into ``memory``; returns the number of patches added.

    ``memory`` remembers what it read, so that its next save can tell another writer's
    turns (merged) from what it removed itself (left out).
    """
    def consume(p: Path, raw: bytes, data: dict[str, Any]) -> int:
        added = merge_into(memory, data)
        _seen_by(memory)[str(p)] = _Seen.of(raw, data)
        return added
    return _load(path, strict, lock_timeout, consume, full=False) or 0


def merge_into(memory: NotebookMemory, data: dict[str, Any]) -> int:
    """Merge a saved-state dict into ``memory``; with a store bound to the memory, in one
    committed transaction of that store. Returns the patches added."""
    backend = getattr(memory, "_backend", None)
    if backend is not None:  # one transaction of the user's store
        return int(backend.apply(memory, lambda: merge_state(memory, data)))
    return merge_state(memory, data)


def merge_state(memory: NotebookMemory, data: dict[str, Any]) -> int:
    """Merge a migrated notebook dict by the slot rules (see :meth:`DSPMMemory.merge_dict`,
    which validates every field before it changes anything).

    A memory that was empty also gets the saved merge counters, so its stats are the
    ones it was saved with.
    """
    with memory._lock:
        fresh = len(memory.store) == 0 and not memory.store.journal() and memory._turns == 0
        try:
            added = memory.merge_dict(data)
        except NotebookValidationError as exc:
            raise _InvalidData(str(exc)) from None
        if fresh:
            set_counters(memory.store, merge_counters(data))
        return added
