"""Public entries refuse bad arguments with a DSPMError that names the argument.

Each refusal is an :class:`ArgumentError` (a ``ValueError``) or, for a wrong type, an
:class:`ArgumentTypeError` (also a ``TypeError``): callers catching either the DSPM class
or the builtin one both see it. Paths are refused before the file system is touched. A
counter too large for a saved memory is refused when an SQLite store would write it.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import dspm_core
from dspm_core import (
    ArgumentError,
    ArgumentTypeError,
    CounterOverflowError,
    DSPMError,
    DSPMMemory,
    PersistenceError,
    SQLiteStore,
)
TEXT = "Set the webhook timeout to 10 seconds."


@pytest.fixture
def memory() -> DSPMMemory:
    m = DSPMMemory()
    m.add_turn("user", TEXT)
    return m


def _refused(call: Callable[[], Any], builtin: type[Exception], argument: str) -> DSPMError:
    with pytest.raises(DSPMError) as info:
        call()
    exc = info.value
    assert isinstance(exc, ArgumentError)
    assert isinstance(exc, builtin), type(exc).__mro__
    if builtin is TypeError:
        assert isinstance(exc, ArgumentTypeError)
    assert argument in str(exc), str(exc)
    return exc


def test_the_classes_and_their_exports():
    assert issubclass(ArgumentError, DSPMError) and issubclass(ArgumentError, ValueError)
    assert issubclass(ArgumentTypeError, ArgumentError) and issubclass(ArgumentTypeError,
                                                                       TypeError)
    assert issubclass(CounterOverflowError, PersistenceError)
    assert issubclass(CounterOverflowError, OverflowError)
    from dspm_core import errors

    for name in ("ArgumentError", "ArgumentTypeError", "CounterOverflowError"):
        assert name in dspm_core.__all__ and name in errors.__all__
        assert name in errors.__doc__


# ------------------------------------------------------------------ queries
QUERY_CALLS = {
    "get_context": lambda m, q: m.get_context(q),
    "aget_context": lambda m, q: asyncio.run(m.aget_context(q)),
    "render": lambda m, q: m.render(q),
    "explain": lambda m, q: m.explain(q),
}


@pytest.mark.parametrize("entry", sorted(QUERY_CALLS))
@pytest.mark.parametrize("query", [5, b"webhook", ["webhook"], 1.5, True])
def test_a_query_that_is_not_a_string_is_refused(memory, entry, query):
    _refused(lambda: QUERY_CALLS[entry](memory, query), TypeError, "query")


@pytest.mark.parametrize("entry", sorted(QUERY_CALLS))
def test_no_query_and_string_queries_still_render(memory, entry):
    for query in (None, "", "webhook"):
        assert QUERY_CALLS[entry](memory, query)


# ------------------------------------------------------------------ add_patch
@pytest.mark.parametrize(("field", "value", "builtin"), [
    ("slot", 5, TypeError),
    ("slot", ["a"], TypeError),
    ("op", 5, TypeError),
    ("op", ["<="], TypeError),
    ("unit", 5, TypeError),
    ("unit", b"s", TypeError),
    ("value", ["10"], TypeError),
    ("value", {"n": 1}, TypeError),
    ("value", True, TypeError),
    ("pinned", "yes", TypeError),
    ("pinned", 1, TypeError),
    ("pinned", None, TypeError),
])
def test_add_patch_refuses_fields_of_the_wrong_type(memory, field, value, builtin):
    before = memory.dump_store()
    _refused(lambda: memory.add_patch("decision", "Retries are at most 3.", **{field: value}),
             builtin, field)
    assert memory.dump_store() == before


@pytest.mark.parametrize("value", [3, 2.5, "3"])
def test_add_patch_still_takes_a_number_or_a_string_as_value(memory, value):
    p = memory.add_patch("constraint", "Retries are at most 3.", slot="retries", op="<=",
                         value=value, unit=None, pinned=True)
    assert p.value.startswith(str(value)) and p.pinned


# ------------------------------------------------------------------ pin and forget
@pytest.mark.parametrize("pinned", [1, 0, None, "yes", "false"])
def test_pin_refuses_a_flag_that_is_not_a_bool(memory, pinned):
    pid = memory.all_patches[0].id
    _refused(lambda: memory.pin(pid, pinned), TypeError, "pinned")
    assert memory.all_patches[0].pinned is False


@pytest.mark.parametrize("method", ["pin", "forget"])
@pytest.mark.parametrize("patch_id", [["p1"], 1, None, b"p1", ("p1",)])
def test_pin_and_forget_refuse_an_id_that_is_not_a_string(memory, method, patch_id):
    _refused(lambda: getattr(memory, method)(patch_id), TypeError, "patch_id")
    assert len(memory.all_patches) == 1


def test_pin_and_forget_still_work(memory):
    pid = memory.all_patches[0].id
    assert memory.pin(pid).pinned and not memory.pin(pid, False).pinned
    assert memory.forget(pid).id == pid and memory.all_patches == []


# ------------------------------------------------------------------ paths and lock_timeout
def _bad_paths(tmp: Path) -> list[tuple[str, Any, type[Exception]]]:
    return [
        ("int", 5, TypeError),
        ("bytes", os.fsencode(str(tmp / "n.json")), TypeError),
        ("bytes PathLike", _BytesPath(os.fsencode(str(tmp / "n.json"))), TypeError),
        ("list", [str(tmp / "n.json")], TypeError),
        ("empty", "", ValueError),
        ("NUL", str(tmp / "a\0b.json"), ValueError),
        ("too long", str(tmp) + "/" + "/".join(["d" * 200] * 25) + "/n.json", ValueError),
        ("long component", str(tmp / ("n" * 256)), ValueError),
        ("long component in bytes", str(tmp / ("é" * 128)), ValueError),
        ("unencodable", str(tmp / "\ud800.json"), ValueError),
        ("directory", str(tmp) + "/..", ValueError),
        ("root", "/", ValueError),
    ]


class _BytesPath:
    def __init__(self, raw: bytes) -> None:
        self.raw = raw

    def __fspath__(self) -> bytes:
        return self.raw


PERSIST_CALLS = {
    "save": lambda m, **kw: m.save(**kw),
    "load": lambda m, **kw: m.load(**kw),
    "asave": lambda m, **kw: asyncio.run(m.asave(**kw)),
    "aload": lambda m, **kw: asyncio.run(m.aload(**kw)),
}


@pytest.mark.parametrize("entry", sorted(PERSIST_CALLS))
def test_a_bad_path_is_refused_before_the_file_system_is_touched(memory, tmp_path, entry):
    work = tmp_path / "work"
    work.mkdir()
    for name, path, builtin in _bad_paths(work):
        exc = _refused(lambda: PERSIST_CALLS[entry](memory, path=path), builtin, "path")
        assert not isinstance(exc, OSError), name
        assert os.listdir(work) == [], name
        assert os.listdir(tmp_path) == ["work"], name


@pytest.mark.parametrize("entry", sorted(PERSIST_CALLS))
@pytest.mark.parametrize(("timeout", "builtin"), [
    (None, TypeError), ("x", TypeError), ("10", TypeError), (True, TypeError),
    (-1, ValueError), (float("nan"), ValueError), (float("inf"), ValueError),
    (10**400, ValueError),
])
def test_lock_timeout_must_be_a_non_negative_finite_number(memory, tmp_path, entry, timeout,
                                                           builtin):
    path = tmp_path / "n.json"
    _refused(lambda: PERSIST_CALLS[entry](memory, path=path, lock_timeout=timeout), builtin,
             "lock_timeout")
    assert os.listdir(tmp_path) == []


def test_good_paths_and_timeouts_still_save_and_load(memory, tmp_path):
    assert memory.save(tmp_path / "n.json", lock_timeout=0) == 1
    assert memory.save(str(tmp_path / "m.json"), lock_timeout=2.5) == 1
    fresh = DSPMMemory()
    assert fresh.load(tmp_path / "n.json", lock_timeout=1) == 1
    assert asyncio.run(fresh.aload(str(tmp_path / "m.json"))) == 0  # the same patch again
    assert DSPMMemory().load(tmp_path / "missing.json") == 0


# ------------------------------------------------------------------ context_turns
@pytest.mark.parametrize(("value", "builtin"), [
    ("x", TypeError), ("2", TypeError), (True, TypeError), (2.5, TypeError), (None, TypeError),
    (-1, ValueError), (2**64, ValueError),
])
def test_context_turns_must_be_a_non_negative_integer(value, builtin):
    _refused(lambda: DSPMMemory(context_turns=value), builtin, "context_turns")


def test_context_turns_zero_and_more_are_taken():
    assert DSPMMemory(context_turns=0)._recent.maxlen == 0
    assert DSPMMemory(context_turns=5)._recent.maxlen == 5


# ------------------------------------------------------------------ the validators
def test_validators_return_the_checked_value(tmp_path):
    from dspm_core import args

    assert args.check_query(None) == "" and args.check_query("q") == "q"
    assert args.check_flag(True, "pinned") is True
    assert args.check_patch_id("p1") == "p1"
    assert args.check_path(tmp_path / "n.json") == str(tmp_path / "n.json")
    assert args.check_path(None, optional=True) is None
    assert args.check_timeout(3) == 3.0 and args.check_timeout(0.5) == 0.5
    assert args.check_count(0, "n") == 0
    _refused(lambda: args.check_path(None), TypeError, "path")


# ------------------------------------------------------------------ SQLite counters
@pytest.mark.parametrize("tokens", [2**63, 2**64 + 7, 2**53 + 1])
def test_sqlite_refuses_a_counter_a_saved_memory_cannot_hold(tmp_path, tokens):
    db = SQLiteStore(tmp_path / "m.db")
    m = DSPMMemory(store=db, user_id="u1", tokenizer=lambda text: tokens)
    with pytest.raises(CounterOverflowError) as info:
        m.add_turn("user", TEXT)
    assert isinstance(info.value, OverflowError)
    assert "tokens" in str(info.value)
    assert db.turns("u1") == []
    assert db.export_user("u1") is None  # nothing was written: the database reads back


def test_sqlite_refuses_a_turn_counter_past_the_limit(tmp_path):
    saved = DSPMMemory()
    saved.add_turn("user", TEXT)
    state = saved.to_dict()
    state["counters"]["turns"] = 2**53  # the largest turn counter a notebook may hold
    (tmp_path / "n.json").write_text(json.dumps(state))
    db = SQLiteStore(tmp_path / "m.db")
    m = DSPMMemory(store=db, user_id="u1")
    m.load(tmp_path / "n.json")
    assert db.export_user("u1")["counters"]["turns"] == 2**53
    with pytest.raises(CounterOverflowError, match="turns"):
        m.add_turn("user", "Retries must be at most 3.")
    exported = db.export_user("u1")  # still readable: the refused turn wrote nothing
    assert exported["counters"]["turns"] == 2**53 and len(exported["patches"]) == 1


def test_sqlite_still_writes_counters_up_to_the_limit(tmp_path):
    db = SQLiteStore(tmp_path / "m.db")
    m = DSPMMemory(store=db, user_id="u1", tokenizer=lambda text: 2**52)
    m.add_turn("user", TEXT)
    m.add_turn("user", "Retries must be at most 3.")
    assert db.export_user("u1")["counters"]["conversation_tokens"] == 2**53


def test_sqlite_translates_any_integer_beyond_64_bits(tmp_path):
    db = SQLiteStore(tmp_path / "m.db")
    with pytest.raises(CounterOverflowError, match="too large"):
        db.write(lambda conn: conn.execute("SELECT ?", (2**64,)), "write a number")
    assert db.read(lambda conn: conn.execute("SELECT 1").fetchone()[0]) == 1
