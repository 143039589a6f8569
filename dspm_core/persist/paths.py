"""File-system steps of the notebook file: what its path names, its lock, temporary files,
links and renames.

A notebook is a regular file. A symlink is followed (:func:`resolve`): the notebook, its
``.bak``, ``.lock`` and temporary files live beside the link's final target, and the link
keeps pointing at the updated notebook. Anything else that exists at the path (a FIFO, a
device, a directory, a socket) is refused with :class:`PersistenceError` before it is
opened, and files are opened for reading with ``O_NONBLOCK``, so a FIFO swapped in after
the check cannot block a reader either.

Every step that changes the directory either happens whole or not at all (``os.replace``,
``os.link``, ``os.rename``); :mod:`dspm_core.persist.jsonfile` orders them so that the
notebook's path never goes missing while a valid copy of it exists only in memory.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import BinaryIO

import portalocker

from ..errors import LockTimeoutError, PersistenceError

__all__ = ["clean_temps", "fsync_dir", "is_file", "keep_backup", "locked", "move_aside",
           "open_regular", "resolve", "sibling", "unlink", "write_temp"]

# errors that say the directory (or the lock file) cannot be written, not that it is broken
_READ_ONLY = frozenset({errno.EACCES, errno.EPERM, errno.EROFS})
_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))
_READ_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0))


def sibling(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


def resolve(path: str | os.PathLike[str]) -> Path:
    """The file a notebook path stands for: every symlink followed (a dangling one names
    the file a save creates)."""
    return Path(os.path.realpath(path))


def _not_regular(path: object, mode: int, action: str) -> PersistenceError:
    kind = next((name for test, name in _KINDS if test(mode)), "not a file")
    return PersistenceError(f"cannot {action} {path}: it is {kind}, not a regular file")


def is_file(path: Path, action: str, shown: object = None) -> bool:
    """Whether a regular file is at ``path``; ``False`` when nothing is. Anything else
    there raises :class:`PersistenceError` ("cannot <action> <shown>: it is a FIFO ...";
    ``shown`` defaults to ``path``)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return False
    except OSError as exc:  # a symlink loop, a file used as a directory, permissions
        raise PersistenceError(f"cannot {action} {shown or path}: {exc.strerror or exc}") from exc
    if not stat.S_ISREG(st.st_mode):
        raise _not_regular(shown or path, st.st_mode, action)
    return True


@contextmanager
def open_regular(path: Path) -> Iterator[BinaryIO]:
    """``path`` opened for reading, if it is a regular file: checked before it is opened,
    opened without blocking, and checked again on the descriptor (it may have been
    replaced in between). OSError propagates."""
    if not is_file(path, "read"):
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(path))
    fd = os.open(path, _READ_FLAGS)
    with os.fdopen(fd, "rb") as f:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise _not_regular(path, mode, "read")
        yield f


def _same_file(lock: portalocker.Lock, lock_path: Path) -> bool:
    """Whether the file ``lock`` holds is still the one at ``lock_path`` (the previous
    holder removes the lock file when it is done; a lock on a removed file guards
    nothing)."""
    fh = getattr(lock, "fh", None)
    if fh is None:
        return True
    try:
        held, there = os.fstat(fh.fileno()), os.stat(lock_path)
    except FileNotFoundError:
        return False
    return (held.st_dev, held.st_ino) == (there.st_dev, there.st_ino)


@contextmanager
def locked(path: Path, timeout: float, *, writing: bool = True) -> Iterator[bool]:
    """Hold the exclusive lock of ``path`` (on ``<path>.lock``, which outlives renames).

    Yields whether the lock is held. A reader (``writing=False``) in a directory where
    the lock file cannot be created or opened (read-only, or another user's) goes on
    without it: notebooks are only ever replaced whole by ``os.replace``, so a read sees
    a whole file, and a reader without the lock must change nothing on disk. A writer
    there gets a :class:`PersistenceError`.

    The holder removes the lock file before it lets go (where open files can be removed,
    i.e. not on Windows), so no ``.lock`` is left beside the notebook. A waiter that then
    gets the lock of the removed file notices (its file is no longer the one at the
    path) and locks again.
    """
    lock_path = sibling(path, ".lock")
    deadline = time.monotonic() + max(0.0, float(timeout))
    while True:
        is_file(lock_path, "use the lock file")  # a FIFO there would block the open below
        left = max(0.0, deadline - time.monotonic())
        lock = portalocker.Lock(str(lock_path), mode="a", timeout=left,
                                check_interval=min(0.05, max(0.001, float(timeout) / 20)),
                                fail_when_locked=False)
        held = True
        try:
            lock.acquire()
        except portalocker.AlreadyLocked:
            raise LockTimeoutError(
                f"could not lock {path} within {timeout:g} s: another process or thread is "
                f"saving or loading it (lock file {lock_path})") from None
        except portalocker.LockException as exc:
            raise PersistenceError(f"cannot lock {path}: {exc}") from exc
        except OSError as exc:
            if exc.errno not in _READ_ONLY:
                raise PersistenceError(f"cannot lock {path}: {exc}") from exc
            if writing:
                raise PersistenceError(
                    f"cannot save {path}: its directory (or its lock file {lock_path}) is "
                    f"read-only for this process ({exc.strerror or exc})") from exc
            held = False
        if not held or _same_file(lock, lock_path):
            break
        lock.release()  # the file was removed by the holder we waited for: lock anew
    try:
        yield held
    finally:
        if held:
            if os.name != "nt":
                with suppress(OSError):  # a read-only lock file in a writable directory
                    os.unlink(lock_path)
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
