"""Recovery of a corrupt notebook never costs the backup.

A restore of ``<path>.bak`` that fails half-way (a full disk) must leave the backup as the
place the data is found again: nothing is moved until the restored file exists, a missing
notebook with a ``.bak`` beside it loads the ``.bak``, and no save rotates a valid ``.bak``
away in favour of a corrupt or missing notebook.
"""

from __future__ import annotations

import errno
import tempfile
from pathlib import Path

import pytest

from dspm_core import CorruptNotebookError, DSPMMemory
from dspm_core.persist import jsonfile
from dspm_core.persist.jsonfile import read_notebook

N = 300


def _big(n: int = N) -> DSPMMemory:
    m = DSPMMemory()
    for i in range(n):
        m.add_turn("user", f"Set the alpha-{i} service port to {1000 + i}.")
    return m


def _bak(nb: Path) -> Path:
    return Path(f"{nb}.bak")


def _saved_twice_then_corrupted(nb: Path) -> None:
    m = _big()
    m.save(nb)
    m.save(nb)  # the .bak holds all N patches too
    nb.write_bytes(b'{"format": "dspm-memory-state", "patches": [')


def _enospc(*args: object, **kwargs: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def _assert_backup_survives_a_chat(nb: Path) -> None:
    """A chat after the failed restore: load, one turn, two saves. The backup still holds
    every patch, and a fresh load finds them all plus the new turn."""
    m = DSPMMemory()
    m.load(nb)
    m.add_turn("user", "Reports must never include customer email addresses.")
    m.save(nb)
    m.save(nb)
    bak = read_notebook(_bak(nb))
    assert bak is not None and len(bak["patches"]) >= N
    fresh = DSPMMemory()
    fresh.load(nb, strict=True)
    assert len(fresh.all_patches) == N + 1


@pytest.mark.parametrize("where", ["replace", "write_temp"])
def test_failed_restore_keeps_the_backup(nb: Path, monkeypatch: pytest.MonkeyPatch,
                                         where: str) -> None:
    _saved_twice_then_corrupted(nb)
    if where == "replace":  # the restored file cannot be moved into place
        monkeypatch.setattr(jsonfile.os, "replace", _enospc)
    else:  # the restored file cannot be written at all
        monkeypatch.setattr(tempfile, "mkstemp", _enospc)
    first = DSPMMemory()
    try:  # the data comes from the .bak, even though it could not be put back
        assert first.load(nb) == N
    finally:
        monkeypatch.undo()
    assert nb.exists()  # nothing was moved away without its replacement in place
    assert len(read_notebook(_bak(nb))["patches"]) == N
    _assert_backup_survives_a_chat(nb)


def test_successful_restore_keeps_the_corrupt_bytes_and_the_backup(nb: Path) -> None:
    _saved_twice_then_corrupted(nb)
    garbage = nb.read_bytes()
    assert DSPMMemory().load(nb) == N
    corrupt = [p for p in nb.parent.iterdir() if ".corrupt." in p.name]
    assert len(corrupt) == 1 and corrupt[0].read_bytes() == garbage
    assert nb.read_bytes() == _bak(nb).read_bytes()
    assert not [p for p in nb.parent.iterdir() if p.name.endswith(".tmp")]


def test_missing_notebook_beside_a_backup_loads_the_backup(nb: Path) -> None:
    _big().save(nb)
    _big().save(nb)
    nb.unlink()  # e.g. left so by an interrupted restore of an earlier release
    m = DSPMMemory()
    assert m.load(nb) == N
    assert nb.exists() and read_notebook(nb) is not None  # put back in place
    _assert_backup_survives_a_chat(nb)


def test_missing_notebook_beside_a_backup_is_refused_in_strict_mode(nb: Path) -> None:
    _big().save(nb)
    _big().save(nb)
    nb.unlink()
    before = {p.name: p.read_bytes() for p in nb.parent.iterdir()}
    with pytest.raises(CorruptNotebookError, match="missing.*backup"):
        DSPMMemory().load(nb, strict=True)
    assert {p.name: p.read_bytes() for p in nb.parent.iterdir()} == before


def test_save_without_load_beside_a_lone_backup_keeps_its_data(nb: Path) -> None:
    _big().save(nb)
    _big().save(nb)
    nb.unlink()
    m = DSPMMemory()  # a chat that forgot to load first
    m.add_turn("user", "Reports must never include customer email addresses.")
    m.save(nb)
    m.save(nb)
    assert len(read_notebook(_bak(nb))["patches"]) >= N
    fresh = DSPMMemory()
    fresh.load(nb, strict=True)
    assert len(fresh.all_patches) == N + 1


def test_save_over_a_corrupt_notebook_quarantines_it_and_keeps_the_backup(nb: Path) -> None:
    _saved_twice_then_corrupted(nb)
    garbage = nb.read_bytes()
    m = DSPMMemory()  # saves without loading: the corrupt file is not rotated into .bak
    m.add_turn("user", "Reports must never include customer email addresses.")
    m.save(nb)
    assert len(read_notebook(_bak(nb))["patches"]) == N
    corrupt = [p for p in nb.parent.iterdir() if ".corrupt." in p.name]
    assert len(corrupt) == 1 and corrupt[0].read_bytes() == garbage
    fresh = DSPMMemory()
    fresh.load(nb, strict=True)
    assert len(fresh.all_patches) == N + 1  # the backup's data was merged, not dropped


def test_corrupt_lone_backup_is_moved_aside_and_reported(nb: Path) -> None:
    _bak(nb).write_bytes(b"not json")
    with pytest.raises(CorruptNotebookError, match="moved to .*no valid backup"):
        DSPMMemory().load(nb)
    assert not _bak(nb).exists()
    assert DSPMMemory().load(nb) == 0  # nothing left to recover
