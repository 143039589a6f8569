"""Bad input: a hypothesis fuzz of the notebook loader.

Random bytes, truncated files, wrong shapes (any field replaced by any JSON value or
removed) and huge values give either a loaded memory that works, or
:class:`CorruptNotebookError` (a :class:`NotebookValidationError` naming the field is one)
- never another exception - and the user's bytes are never overwritten: strict mode
leaves the file as it was, the default mode moves it aside unchanged.
"""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dspm_core import CorruptNotebookError, DSPMMemory

from .conftest import rich_memory

_BASE = rich_memory()
_BASE.forget(next(p.id for p in _BASE.all_patches if p.text.startswith("The export format")))
VALID: dict[str, Any] = json.loads(json.dumps(_BASE.to_dict()))
VALID_BYTES = json.dumps(VALID).encode()
FUZZ = settings(max_examples=120, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node[:3]):
            out += _paths(v, prefix + (i,))
    return out


PATHS = _paths(VALID)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=30)
    | st.sampled_from(["constraint", "user", "p1", "=", "<=", "a|b|c|d", "", " ", "\ud800"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def _check(raw: bytes, with_backup: bool = False) -> None:
    """Load ``raw`` strictly and leniently; only the allowed outcomes may happen."""
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "notes.json"
        if with_backup:
            Path(f"{path}.bak").write_bytes(VALID_BYTES)
        path.write_bytes(raw)
        try:
            DSPMMemory().load(path, strict=True)
            ok = True
        except CorruptNotebookError:
            ok = False
        assert path.read_bytes() == raw  # strict mode touches nothing
        memory = DSPMMemory()
        try:
            memory.load(path)
        except CorruptNotebookError:
            assert not ok and not with_backup
        if ok:
            assert path.read_bytes() == raw
        else:
            moved = [p for p in Path(d).iterdir() if ".corrupt." in p.name]
            assert len(moved) == 1 and moved[0].read_bytes() == raw  # the user's bytes, kept
        # whatever was loaded is a working memory
        memory.get_context("timeout")
        assert memory.stats["budget"] == memory.budget
        memory.add_turn("user", "Set the webhook timeout to 7 seconds.")
        memory.save(Path(d) / "resaved.json")


def _set(data: Any, path: tuple, value: Any) -> Any:
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


@FUZZ
@given(st.binary(max_size=600))
def test_random_bytes(raw: bytes) -> None:
    _check(raw)


@FUZZ
@given(st.integers(min_value=0, max_value=len(VALID_BYTES) - 1), st.booleans())
def test_truncated_files(cut: int, with_backup: bool) -> None:
    _check(VALID_BYTES[:cut], with_backup)


@FUZZ
@given(st.sampled_from(PATHS), json_values)
def test_wrong_shapes(path: tuple, value: Any) -> None:
    data = _set(copy.deepcopy(VALID), path, value)
    _check(json.dumps(data).encode())


@FUZZ
@given(st.sampled_from(PATHS))
def test_missing_fields(path: tuple) -> None:
    data = copy.deepcopy(VALID)
    node = data
    for key in path[:-1]:
        node = node[key]
    del node[path[-1]]
    _check(json.dumps(data).encode())


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.sampled_from(PATHS), st.sampled_from([
    10**30, 2**63, -1, -(2**63), 1e308, float("inf"), "x" * 2_000_000,
    ["p1"] * 50_000, {"k" * 1000: "v"}, 2**53 + 1]))
def test_huge_values(path: tuple, value: Any) -> None:
    data = _set(copy.deepcopy(VALID), path, value)
    _check(json.dumps(data).encode())


def test_pathological_json() -> None:
    for raw in (b"[" * 100_000 + b"]" * 100_000,          # nesting deeper than the parser
                b'{"format": "dspm-memory-state", "schema_version": ' + b"9" * 5000 + b"}",
                b'{"format": "dspm-memory-state", "schema_version": NaN}',
                b"\xef\xbb\xbf" + VALID_BYTES,             # a BOM is fine
                VALID_BYTES + b"garbage",
                json.dumps({**VALID, "aliases": {"x" * 300: "y"}}).encode(),
                json.dumps({**VALID, "aliases": {str(i): "a" for i in range(20_000)}}).encode(),
                json.dumps({"schema": 1, "patches": [{"patch_id": "a", "turn_index": 0,
                                                      "patch_type": "code", "payload": None}]}).encode()):
        _check(raw)
