"""What a notebook path may name: a regular file (or nothing yet), a symlink to one (followed),
in a directory that may be read-only for loading. FIFOs, devices, directories and sockets
are refused with a PersistenceError before anything is opened, so nothing blocks."""

from __future__ import annotations

import errno
import json
import os
import socket
import stat
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import portalocker
import pytest

from dspm_core import CorruptNotebookError, DSPMMemory, PersistenceError

from .conftest import fill

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file types")

SOON = 5.0  # seconds: far longer than any of these calls takes when it does not block


def _promptly(call: Callable[[], object], unblock: Callable[[], None]) -> BaseException | None:
    """Run ``call`` in a thread; fail if it has not returned within SOON seconds (then
    ``unblock`` releases it, so the test run goes on). Returns what it raised."""
    raised: list[BaseException] = []

    def run() -> None:
        try:
            call()
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            raised.append(exc)
    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(SOON)
    if t.is_alive():
        unblock()
        t.join(SOON)
        pytest.fail(f"still blocked after {SOON} s")
    return raised[0] if raised else None


def _open_other_end(fifo: Path, flags: int) -> Callable[[], None]:
    def unblock() -> None:
        try:
            os.close(os.open(fifo, flags | os.O_NONBLOCK))
        except OSError:
            pass
    return unblock


def test_load_from_a_fifo_is_refused_at_once(nb: Path) -> None:
    os.mkfifo(nb)
    exc = _promptly(lambda: DSPMMemory().load(nb, lock_timeout=1),
                    _open_other_end(nb, os.O_WRONLY))
    assert isinstance(exc, PersistenceError) and not isinstance(exc, CorruptNotebookError)
    assert "FIFO" in str(exc) and "not a regular file" in str(exc)
    assert stat.S_ISFIFO(os.lstat(nb).st_mode)  # never moved aside as "corrupt"


def test_save_to_a_fifo_is_refused_and_leaves_it(nb: Path) -> None:
    os.mkfifo(nb)
    exc = _promptly(lambda: fill(DSPMMemory()).save(nb, lock_timeout=1),
                    _open_other_end(nb, os.O_WRONLY))
    assert isinstance(exc, PersistenceError)
    assert "FIFO" in str(exc) and "not a regular file" in str(exc)
    assert stat.S_ISFIFO(os.lstat(nb).st_mode)
    assert sorted(p.name for p in nb.parent.iterdir()) == ["notes.json"]


def test_a_fifo_as_lock_file_is_refused_at_once(nb: Path) -> None:
    fill(DSPMMemory()).save(nb)
    lock = Path(f"{nb}.lock")
    assert not lock.exists()  # the lock file goes with its holder
    os.mkfifo(lock)
    for call in (lambda: DSPMMemory().load(nb, lock_timeout=1),
                 lambda: fill(DSPMMemory()).save(nb, lock_timeout=1)):
        exc = _promptly(call, _open_other_end(lock, os.O_RDONLY))
        assert isinstance(exc, PersistenceError) and "not a regular file" in str(exc)


def test_a_fifo_as_backup_does_not_block_recovery(nb: Path) -> None:
    nb.write_text("{")
    os.mkfifo(f"{nb}.bak")
    exc = _promptly(lambda: DSPMMemory().load(nb, lock_timeout=1),
                    _open_other_end(Path(f"{nb}.bak"), os.O_WRONLY))
    assert isinstance(exc, CorruptNotebookError) and "no valid backup" in str(exc)


def test_a_device_node_is_refused(nb: Path) -> None:
    try:
        os.mknod(nb, 0o600 | stat.S_IFCHR, os.makedev(1, 3))  # the null device
    except PermissionError:
        pytest.skip("creating a device node is not permitted here")
    with pytest.raises(PersistenceError, match="character device.*not a regular file"):
        DSPMMemory().load(nb)
    with pytest.raises(PersistenceError, match="character device.*not a regular file"):
        fill(DSPMMemory()).save(nb)
    assert stat.S_ISCHR(os.lstat(nb).st_mode)


def test_a_symlink_to_dev_null_is_refused(nb: Path) -> None:
    nb.symlink_to("/dev/null")
    with pytest.raises(PersistenceError, match="character device.*not a regular file"):
        fill(DSPMMemory()).save(nb)
    with pytest.raises(PersistenceError, match="character device.*not a regular file"):
        DSPMMemory().load(nb)
    assert nb.is_symlink() and os.readlink(nb) == "/dev/null"
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_directory_and_a_socket_are_refused(tmp_path: Path) -> None:
    folder = tmp_path / "dir.json"
    folder.mkdir()
    with pytest.raises(PersistenceError, match="directory.*not a regular file"):
        fill(DSPMMemory()).save(folder)
    sock_path = tmp_path / "sock.json"
    with socket.socket(socket.AF_UNIX) as s:
        s.bind(str(sock_path))
        with pytest.raises(PersistenceError, match="socket.*not a regular file"):
            DSPMMemory().load(sock_path)
        with pytest.raises(PersistenceError, match="socket.*not a regular file"):
            fill(DSPMMemory()).save(sock_path)


def test_a_symlink_is_followed_and_keeps_pointing_at_the_notebook(tmp_path: Path) -> None:
    real = tmp_path / "data" / "notes.json"
    real.parent.mkdir()
    link = tmp_path / "notes-link.json"
    link.symlink_to(real)  # dangling until the first save
    m = fill(DSPMMemory())
    m.save(link)
    m.add_turn("user", "Reports must be exported as CSV.")
    m.save(link)
    assert link.is_symlink() and link.resolve() == real
    assert sorted(p.name for p in real.parent.iterdir()) == [
        "notes.json", "notes.json.bak"]  # beside the target, not the link; no lock left
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "notes-link.json"]
    via_link, direct = DSPMMemory(), DSPMMemory()
    via_link.load(link, strict=True)
    direct.load(real, strict=True)
    assert via_link.to_dict() == direct.to_dict()
    assert "Reports must be exported as CSV." in {p.text for p in direct.all_patches}


def test_a_corrupt_notebook_behind_a_symlink_is_recovered_beside_its_target(
        tmp_path: Path) -> None:
    real = tmp_path / "data" / "notes.json"
    real.parent.mkdir()
    link = tmp_path / "notes-link.json"
    link.symlink_to(real)
    m = fill(DSPMMemory())
    m.save(link)
    m.save(link)
    real.write_text("{")
    assert DSPMMemory().load(link) == len(m.all_patches)
    assert link.is_symlink()
    assert [p for p in real.parent.iterdir() if ".corrupt." in p.name]


# ---------------------------------------------------------------------- read-only directory
def _no_lock_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lock file cannot be created, as in a read-only directory. The tests run as root,
    whom permission bits do not stop, so creating it is made to fail the way the OS fails
    it; test_read_only_directory_for_another_user checks the same with real permissions."""
    def refuse(self: portalocker.Lock) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(self.filename))
    monkeypatch.setattr(portalocker.Lock, "_get_fh", refuse)


def test_a_notebook_in_a_read_only_directory_loads(nb: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    m = fill(DSPMMemory())
    m.save(nb)
    assert not Path(f"{nb}.lock").exists()
    _no_lock_file(monkeypatch)
    loaded = DSPMMemory()
    assert loaded.load(nb) == len(m.all_patches)
    assert loaded.load(nb, strict=True) == 0


def test_saving_into_a_read_only_directory_is_a_clear_error(
        nb: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fill(DSPMMemory()).save(nb)
    before = nb.read_bytes()
    _no_lock_file(monkeypatch)
    with pytest.raises(PersistenceError, match="cannot save .*notes.json: .*read-only"):
        DSPMMemory().save(nb)
    assert nb.read_bytes() == before


def test_a_corrupt_notebook_in_a_read_only_directory_loads_its_backup_and_moves_nothing(
        nb: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    m = fill(DSPMMemory())
    m.save(nb)
    m.save(nb)
    nb.write_text("{")
    before = {p.name: p.read_bytes() for p in nb.parent.iterdir()}
    _no_lock_file(monkeypatch)
    assert DSPMMemory().load(nb) == len(m.all_patches)
    assert {p.name: p.read_bytes() for p in nb.parent.iterdir()} == before
    Path(f"{nb}.bak").unlink()
    with pytest.raises(CorruptNotebookError, match="no valid backup"):
        DSPMMemory().load(nb)
    assert nb.read_text() == "{"


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_read_only_directory_for_another_user(tmp_path: Path) -> None:
    """Real permissions: the notebook is loaded by an unprivileged user (a forked child that
    drops root, or this user when not root) from a directory it cannot write."""
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="dspm-ro-"))  # tmp_path's parents are private
    try:
        nb = folder / "notes.json"
        m = fill(DSPMMemory())
        m.save(nb)
        os.chmod(nb, 0o644)
        assert not Path(f"{nb}.lock").exists()  # so the lock file would have to be created
        os.chmod(folder, 0o555)
        DSPMMemory()  # the tokenizer is loaded before the child drops privileges
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: report and exit, whatever happens
            code = 1
            try:
                os.close(read)
                if os.getuid() == 0:
                    os.setgid(65534)
                    os.setuid(65534)
                result: dict[str, object] = {"loaded": DSPMMemory().load(nb)}
                try:
                    DSPMMemory().save(nb)
                    result["save"] = "saved"
                except PersistenceError as exc:
                    result["save"] = str(exc)
                os.write(write, json.dumps(result).encode())
                code = 0
            except BaseException as exc:  # noqa: BLE001 - reported to the parent
                os.write(write, json.dumps({"error": repr(exc)}).encode())
            finally:
                os._exit(code)
        os.close(write)
        with os.fdopen(read) as f:
            report = json.loads(f.read() or "{}")
        os.waitpid(pid, 0)
        assert report.get("loaded") == len(m.all_patches), report
        assert "read-only" in str(report.get("save")), report
        assert sorted(p.name for p in folder.iterdir()) == ["notes.json"]
    finally:
        os.chmod(folder, 0o755)
        for p in folder.iterdir():
            p.unlink()
        folder.rmdir()


def test_a_symlink_loop_is_a_clear_error(tmp_path: Path) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.symlink_to(b)
    b.symlink_to(a)
    with pytest.raises(PersistenceError, match="cannot save .*a.json: .*symbolic links"):
        fill(DSPMMemory()).save(a)
    with pytest.raises(PersistenceError, match="cannot read .*a.json: .*symbolic links"):
        DSPMMemory().load(a)
    assert a.is_symlink() and b.is_symlink()
