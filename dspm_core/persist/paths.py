"""File-system steps of the notebook file: its lock, temporary files, links and renames.

Every step that changes the directory either happens whole or not at all (``os.replace``,
``os.link``, ``os.rename``); :mod:`dspm_core.persist.jsonfile` orders them so that the
notebook's path never goes missing while a valid copy of it exists only in memory.
"""

from __future__ import annotations

import os
import secrets
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import portalocker

from ..errors import LockTimeoutError, PersistenceError

__all__ = ["clean_temps", "fsync_dir", "keep_backup", "locked", "move_aside", "sibling",
           "unlink", "write_temp"]


def sibling(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


@contextmanager
def locked(path: Path, timeout: float) -> Iterator[None]:
    """Hold the exclusive lock of ``path`` (on ``<path>.lock``, which outlives renames)."""
    lock_path = sibling(path, ".lock")
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


def fsync_dir(directory: Path) -> None:
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


def write_temp(directory: Path, name: str, payload: bytes) -> Path:
    """A new file holding ``payload``, flushed to disk, beside the one it will replace."""
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        unlink(Path(tmp))
        raise
    return Path(tmp)


def unlink(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass


def clean_temps(path: Path) -> None:
    """Remove temporary files left by a writer that crashed (the caller holds the lock:
    no one else is writing)."""
    prefix = f".{path.name}."
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return
    for e in entries:
        if e.name.startswith(prefix) and e.name.endswith(".tmp"):
            unlink(Path(e.path))


def keep_backup(path: Path) -> None:
    """Make ``<path>.bak`` the current file, without ever removing ``path``."""
    bak = sibling(path, ".bak")
    tmp = path.with_name(f".{path.name}.bak{secrets.token_hex(6)}.tmp")
    try:
        os.link(path, tmp)  # same inode: the old notebook, at no copying cost
    except OSError:  # no hard links here: copy it
        tmp = write_temp(path.parent, path.name, path.read_bytes())
    try:
        os.replace(tmp, bak)
    except BaseException:
        unlink(tmp)
        raise


def _aside_name(path: Path) -> Path:
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime()) + f"{time.time_ns() % 1_000_000_000:09d}"
    target = sibling(path, f".corrupt.{stamp}")
    n = 0
    while target.exists():
        n += 1
        target = sibling(path, f".corrupt.{stamp}.{n}")
    return target


def move_aside(path: Path, *, keep: bool) -> tuple[Path, bool]:
    """Give the file at ``path`` a ``.corrupt.<timestamp>`` name; returns that name and
    whether ``path`` still holds the file.

    With ``keep`` the file is hard-linked there, so ``path`` stays in place until the
    caller replaces it (a filesystem without hard links renames it instead).
    """
    target = _aside_name(path)
    if keep:
        try:
            os.link(path, target)
            return target, True
        except OSError:
            pass
    os.rename(path, target)
    fsync_dir(path.parent)
    return target, False
