"""The notebook file: one JSON file per memory, saved atomically and loaded without loss.

    memory.save("notes.json")            # at the end of a chat
    memory.load("notes.json")            # at the start of the next (a missing file loads nothing)

Saving writes a temporary file in the same directory, flushes and fsyncs it, keeps the
previous file as ``<path>.bak`` (a hard link, so the path itself never disappears), moves
the new file in place with ``os.replace`` and fsyncs the directory. A crash at any moment
leaves either the old or the new notebook at ``path``, never a torn one.

Saving and loading hold an exclusive lock on ``<path>.lock`` (portalocker); waiting longer
than ``lock_timeout`` seconds raises :class:`~dspm_core.errors.LockTimeoutError`.

Loading validates every field (:mod:`dspm_core.state`, after the migrations of
:mod:`dspm_core.persist.schema`). A corrupt or invalid file is moved aside to
``<path>.corrupt.<timestamp>`` and the ``.bak`` is used (and put back at ``path``) when it is
valid; with no valid backup, or with ``strict=True``, :class:`CorruptNotebookError` is
raised instead, and in strict mode nothing on disk is touched. A file written by a newer
release is never moved: it raises a :class:`NotebookValidationError` asking for an upgrade.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import portalocker

from ..errors import CorruptNotebookError, LockTimeoutError, PersistenceError
from ..state import NotebookValidationError, parse_state
from ._storeops import set_counters
from .schema import NotebookVersionError, check_state, merge_counters, migrate

if TYPE_CHECKING:
    from ..memory import DSPMMemory

__all__ = ["DEFAULT_LOCK_TIMEOUT", "MAX_NOTEBOOK_BYTES", "load_into", "load_notebook",
           "read_notebook", "save_notebook", "validate_notebook"]

log = logging.getLogger("dspm_core.persist")
T = TypeVar("T")

DEFAULT_LOCK_TIMEOUT = 10.0
MAX_NOTEBOOK_BYTES = 1 << 30  # a larger file is not a conversation's memory
_Path = str | os.PathLike[str]


# ---------------------------------------------------------------------- paths and locks
def _sibling(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


@contextmanager
def _locked(path: Path, timeout: float) -> Iterator[None]:
    """Hold the exclusive lock of ``path`` (on ``<path>.lock``, which outlives renames)."""
    lock_path = _sibling(path, ".lock")
    lock = portalocker.Lock(str(lock_path), mode="a", timeout=max(0.0, float(timeout)),
                            check_interval=min(0.05, max(0.001, float(timeout) / 20)),
                            fail_when_locked=False)
    try:
        lock.acquire()
    except portalocker.AlreadyLocked:
        raise LockTimeoutError(
            f"could not lock {path} within {timeout:g} s: another process or thread is "
            f"saving or loading it (lock file {lock_path})") from None
    except (portalocker.LockException, OSError) as exc:
        raise PersistenceError(f"cannot lock {path}: {exc}") from exc
    try:
        yield
    finally:
        lock.release()


def _fsync_dir(directory: Path) -> None:
    """Make a rename durable. Some platforms cannot open a directory; the rename is then
    as durable as that platform makes it."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:  # e.g. a filesystem without directory fsync
        pass
    finally:
        os.close(fd)


def _write_temp(directory: Path, name: str, payload: bytes) -> Path:
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        _unlink(Path(tmp))
        raise
    return Path(tmp)


def _unlink(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass


def _clean_temps(path: Path) -> None:
    """Remove temporary files left by a writer that crashed (we hold the lock: no one
    else is writing)."""
    prefix = f".{path.name}."
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return
    for e in entries:
        if e.name.startswith(prefix) and e.name.endswith(".tmp"):
            _unlink(Path(e.path))


def _keep_backup(path: Path) -> None:
    """Make ``<path>.bak`` the current file, without ever removing ``path``."""
    bak = _sibling(path, ".bak")
    tmp = path.with_name(f".{path.name}.bak{secrets.token_hex(6)}.tmp")
    try:
        os.link(path, tmp)  # same inode: the old notebook, at no copying cost
    except OSError:  # no hard links here: copy it
        tmp = _write_temp(path.parent, path.name, path.read_bytes())
    try:
        os.replace(tmp, bak)
    except BaseException:
        _unlink(tmp)
        raise


# ---------------------------------------------------------------------- save
def encode_notebook(data: dict[str, Any]) -> bytes:
    # ensure_ascii: any str (even a lone surrogate from a broken client) round-trips
    return (json.dumps(data, ensure_ascii=True, separators=(",", ":")) + "\n").encode("ascii")


def save_notebook(source: DSPMMemory | dict[str, Any], path: _Path, *,
                  lock_timeout: float = DEFAULT_LOCK_TIMEOUT) -> int:
    """Write a memory (or its :meth:`~DSPMMemory.to_dict`) to ``path`` atomically.

    Returns the number of patches saved.
    """
    data = source if isinstance(source, dict) else source.to_dict()
    payload = encode_notebook(data)
    p = Path(path)
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PersistenceError(f"cannot save {p}: {exc}") from exc
    with _locked(p, lock_timeout):
        tmp: Path | None = None
        try:
            _clean_temps(p)
            tmp = _write_temp(p.parent, p.name, payload)
            if p.exists():
                _keep_backup(p)
            os.replace(tmp, p)
            tmp = None
            _fsync_dir(p.parent)
        except OSError as exc:
            raise PersistenceError(f"cannot save {p}: {exc}") from exc
        finally:
            if tmp is not None:
                _unlink(tmp)
    return len(data.get("patches", ()))


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


def _read(path: Path) -> bytes:
    try:
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            if size > MAX_NOTEBOOK_BYTES:
                raise CorruptNotebookError(
                    f"{path}: {size} bytes is larger than a notebook can be ({MAX_NOTEBOOK_BYTES})")
            return f.read(MAX_NOTEBOOK_BYTES + 1)
    except OSError as exc:  # permissions, a directory, ...: not corruption, nothing is moved
        raise PersistenceError(f"cannot read {path}: {exc.strerror or exc}") from exc


def _parse_file(path: Path, full: bool = True) -> dict[str, Any]:
    data = _decode(_read(path), str(path))
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
    p = Path(path)
    if not p.exists():
        return None
    return _parse_file(p)


def _quarantine(path: Path) -> Path:
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime()) + f"{time.time_ns() % 1_000_000_000:09d}"
    target = _sibling(path, f".corrupt.{stamp}")
    n = 0
    while target.exists():
        n += 1
        target = _sibling(path, f".corrupt.{stamp}.{n}")
    os.rename(path, target)
    _fsync_dir(path.parent)
    return target


def load_notebook(path: _Path, *, strict: bool = False,
                  lock_timeout: float = DEFAULT_LOCK_TIMEOUT) -> dict[str, Any] | None:
    """Read, migrate and validate the notebook at ``path`` under its lock.

    Returns ``None`` when the file does not exist. A corrupt file is quarantined and the
    valid ``.bak`` returned (``strict=False``), or :class:`CorruptNotebookError` is raised.
    """
    return _load(Path(path), strict, lock_timeout, lambda data: data, full=True)


def _load(path: Path, strict: bool, lock_timeout: float, consume: Callable[[dict[str, Any]], T],
          full: bool) -> T | None:
    """Read the notebook and hand it to ``consume`` under the lock; on corruption move it
    aside and consume the valid backup instead (or raise)."""
    if not path.exists():
        return None
    with _locked(path, lock_timeout):
        if not path.exists():  # removed while we waited for the lock
            return None
        try:
            data = _parse_file(path, full)
        except CorruptNotebookError as exc:
            return consume(_fallback(path, exc, strict))
        try:
            return consume(data)
        except _InvalidData as exc:  # only the file's content: other errors propagate
            bad = NotebookValidationError(f"{path}: {exc}")
        return consume(_fallback(path, bad, strict))


def _fallback(path: Path, exc: CorruptNotebookError, strict: bool) -> dict[str, Any]:
    if strict or isinstance(exc, NotebookVersionError):
        raise exc
    return _recover(path, exc)


def _recover(path: Path, exc: CorruptNotebookError) -> dict[str, Any]:
    """Move the corrupt file aside; fall back on a valid ``.bak`` (under the lock)."""
    try:
        moved = _quarantine(path)
    except OSError as err:
        raise CorruptNotebookError(f"{exc}; it could not be moved aside: {err}") from None
    bak = _sibling(path, ".bak")
    try:
        if not bak.exists():
            raise CorruptNotebookError(f"{bak} does not exist")
        raw = _read(bak)
        data = validate_notebook(_decode(raw, str(bak)))
    except PersistenceError as bad:  # includes CorruptNotebookError
        raise CorruptNotebookError(f"{exc}. The file was moved to {moved}; there is no valid "
                                   f"backup to load instead ({bad})") from None
    try:  # put the backup back in place, so the next load (and save) starts from it
        tmp = _write_temp(path.parent, path.name, raw)
        os.replace(tmp, path)
        _fsync_dir(path.parent)
    except OSError as err:
        raise PersistenceError(f"cannot restore {bak} to {path}: {err}") from err
    log.warning("%s; it was moved to %s and the backup %s was loaded instead", exc, moved, bak)
    return data


def load_into(memory: DSPMMemory, path: _Path, *, strict: bool = False,
              lock_timeout: float = DEFAULT_LOCK_TIMEOUT) -> int:
    """Merge the notebook at ``path`` into ``memory``; returns the number of patches added."""
    backend = getattr(memory, "_backend", None)

    def consume(data: dict[str, Any]) -> int:
        if backend is not None:  # one transaction of the user's store
            return int(backend.apply(memory, lambda: merge_state(memory, data)))
        return merge_state(memory, data)
    added = _load(Path(path), strict, lock_timeout, consume, full=False)
    return added or 0


def merge_state(memory: DSPMMemory, data: dict[str, Any]) -> int:
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
