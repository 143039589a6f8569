"""SQLiteStore: users, sessions, isolation, transactions, pending rows, sync and async."""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dspm_core import ConfigError, DSPMMemory, LockTimeoutError, UnknownPatchError
from dspm_core.persist.sqlite import SQLiteStore

from .conftest import CONVERSATION, FAILING, FlakyExtractor, fill


@pytest.fixture
def db(tmp_path: Path) -> SQLiteStore:
    store = SQLiteStore(tmp_path / "memory.db")
    yield store
    store.close()


def test_rules_carry_across_sessions_and_sessions_tag_turns(db: SQLiteStore) -> None:
    chat1 = DSPMMemory(store=db, user_id="u42", session_id="chat-1")
    chat1.add_turn("user", "Reports must never include customer email addresses.")
    chat1.add_turn("user", "Set the webhook timeout to 30 seconds.")
    chat2 = DSPMMemory(store=db, user_id="u42", session_id="chat-2")
    assert "customer email" in chat2.get_context()
    chat2.add_turn("user", "Change the webhook timeout to 10 seconds.")
    assert "10 seconds (was 30)" in chat2.get_context()
    assert db.sessions("u42") == ["chat-1", "chat-2"]
    assert [t["text"] for t in db.turns("u42", "chat-2")] == ["Change the webhook timeout to 10 seconds."]
    assert [t["index"] for t in db.turns("u42")] == [0, 1, 2]
    webhook = chat2.store.find("webhook timeout")[0]
    assert webhook.session_id == "chat-2" and webhook.turn == 2


def test_a_change_the_assistant_confirms_is_stored_whole(db: SQLiteStore) -> None:
    """The user's short answer leaves the store for the setting it revises, in the one
    transaction of the assistant's turn: another process reads the same memory."""
    chat = DSPMMemory(store=db, user_id="u7")
    chat.add_turn("user", "retry failed webhooks 3 times")
    chat.add_turn("assistant", "Configured: up to 3 retries.")
    chat.add_turn("user", "hmm that is a lot of load on the queue. 2 is enough")
    chat.add_turn("assistant", "Lowered to 2 retries.")
    again = DSPMMemory(store=db, user_id="u7")
    assert again.get_context() == chat.get_context()
    (setting,) = [p for p in again.all_patches if p.history]
    assert [r.value for r in setting.history] == ["3 times"]
    assert not [p for p in again.all_patches if p.id != setting.id and "2 is enough" in p.text]


def test_users_are_strictly_isolated(db: SQLiteStore) -> None:
    a = DSPMMemory(store=db, user_id="alice")
    b = DSPMMemory(store=db, user_id="bob")
    a.add_turn("user", "Set the webhook timeout to 30 seconds.")
    b.add_turn("user", "Set the webhook timeout to 99 seconds.")
    b.add_turn("user", "Bob's reports must be exported as PDF.")
    assert "30 seconds" in DSPMMemory(store=db, user_id="alice").get_context()
    fresh_a = DSPMMemory(store=db, user_id="alice")
    assert "99" not in fresh_a.get_context() and "PDF" not in fresh_a.get_context()
    assert [p.id for p in fresh_a.all_patches] == ["p1"]  # ids are per user
    assert db.users() == ["alice", "bob"]
    assert db.delete_user("bob") is True
    assert db.users() == ["alice"] and db.turns("bob") == []
    assert DSPMMemory(store=db, user_id="bob").all_patches == []
    assert DSPMMemory(store=db, user_id="alice").get_context() == a.get_context()
    assert db.delete_user("bob") is False


@pytest.mark.parametrize("bad", ["", "../etc/passwd", "a/b", "a\\b", "u 1", "x'; DROP TABLE dspm_users; --",
                                 "u\x00", "ü", ".hidden", "a..b", "x" * 129, 42, None])
def test_ids_are_validated(db: SQLiteStore, bad: object) -> None:
    if bad is None:
        with pytest.raises(ConfigError, match="needs a user_id"):
            DSPMMemory(store=db, user_id=None)
        return
    with pytest.raises(ConfigError, match="user_id"):
        DSPMMemory(store=db, user_id=bad)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="session_id"):
        DSPMMemory(store=db, user_id="ok", session_id=bad)  # type: ignore[arg-type]
    m = DSPMMemory(store=db, user_id="ok")
    with pytest.raises(ConfigError, match="session_id"):
        m.add_turn("user", "The batch size is 500 records.", session_id=bad)  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        db.delete_user(bad)  # type: ignore[arg-type]
    assert db.users() == []  # nothing was written


def test_good_ids_are_accepted(db: SQLiteStore) -> None:
    for uid in ("u42", "user@example.com", "tenant:7:user-3", "_svc", "A.B+c=d"):
        DSPMMemory(store=db, user_id=uid, session_id="s-1").add_turn("user", "Use MySQL.")
    assert len(db.users()) == 5


def test_user_id_needs_a_store() -> None:
    with pytest.raises(ConfigError, match="needs a store"):
        DSPMMemory(user_id="u1")


def test_every_add_turn_is_committed_when_it_returns(db: SQLiteStore, tmp_path: Path) -> None:
    m = DSPMMemory(store=db, user_id="u1")
    m.add_turn("user", "The API rate limit must not exceed 100 requests per minute.")
    # another connection (as another process would) sees it at once
    conn = sqlite3.connect(tmp_path / "memory.db")
    assert conn.execute("SELECT COUNT(*) FROM dspm_turns WHERE user_id='u1'").fetchone() == (1,)
    assert conn.execute("SELECT COUNT(*) FROM dspm_patches WHERE user_id='u1'").fetchone() == (1,)
    assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    conn.close()


def test_second_memory_is_identical_and_follows_changes(db: SQLiteStore) -> None:
    a = fill(DSPMMemory(store=db, user_id="u1"))
    a.pin(a.store.find("API rate limit")[0].id)
    b = DSPMMemory(store=db, user_id="u1")
    assert b.to_dict() == a.to_dict()
    b.add_turn("user", "Set the webhook timeout to 2 seconds.")
    b.forget(b.store.find("batch size")[0].id)
    b.add_patch("constraint", "Deploys must never run on Fridays.", pinned=True)
    assert a.load() > 0  # pull what b committed
    assert a.to_dict() == b.to_dict()
    assert a.get_context("webhook") == b.get_context("webhook")
    a.add_turn("user", "The retention period must be at most 90 days.")  # syncs first
    c = DSPMMemory(store=db, user_id="u1")
    assert c.to_dict() == a.to_dict()
    ids = [p.id for p in c.all_patches]
    assert len(ids) == len(set(ids))


def test_failed_extraction_is_stored_as_pending_and_retried(db: SQLiteStore) -> None:
    ex = FlakyExtractor()
    m = DSPMMemory(store=db, user_id="u1", extractor=ex)
    m.add_turn("user", "Reports must be exported as CSV.")
    for text in FAILING:
        m.add_turn("user", text)
    assert [t["status"] for t in db.turns("u1")] == ["done", "pending", "pending"]
    other = DSPMMemory(store=db, user_id="u1", extractor=FlakyExtractor())
    assert [t.text for t in other.pending_turns] == list(FAILING)
    assert other.stats["extraction_failures"] == 3  # the first one was retried once
    ex.failing = False
    m.add_turn("user", "The batch size is 500 records.")  # the turn that is due goes first
    assert [t.text for t in m.pending_turns] == [FAILING[0]]  # backing off one more turn
    m.retry_pending()
    assert m.pending_turns == []
    assert [t["status"] for t in db.turns("u1")] == ["done"] * 4
    assert [t["index"] for t in db.turns("u1")] == [0, 1, 2, 3]
    assert m.store.find("retention period")[0].turn == 1
    other.load()
    assert other.pending_turns == [] and other.to_dict() == m.to_dict()


def test_pending_turn_retried_by_two_memories_is_merged_once(db: SQLiteStore) -> None:
    ex = FlakyExtractor()
    a = DSPMMemory(store=db, user_id="u1", extractor=ex)
    a.add_turn("user", FAILING[0])
    b = DSPMMemory(store=db, user_id="u1", extractor=ex)
    ex.failing = False
    a.retry_pending()
    b.retry_pending()  # the row is already done: nothing merged twice
    assert b.pending_turns == []
    assert len(b.store.find("retention period")) == 1
    assert b.store.find("retention period")[0].echoes == 0
    assert DSPMMemory(store=db, user_id="u1").to_dict() == b.to_dict()


def test_pin_forget_unknown_id_and_reset(db: SQLiteStore) -> None:
    m = fill(DSPMMemory(store=db, user_id="u1"))
    with pytest.raises(UnknownPatchError):
        m.forget("p999")
    assert DSPMMemory(store=db, user_id="u1").to_dict() == m.to_dict()
    m.reset()
    assert m.all_patches == [] and db.turns("u1") == []
    fresh = DSPMMemory(store=db, user_id="u1")
    assert fresh.all_patches == [] and fresh.stats["turns"] == 0
    fresh.add_turn("user", "Reports must be exported as CSV.")
    m.load()
    assert [p.text for p in m.all_patches] == ["Reports must be exported as CSV."]


def test_open_memory_after_delete_user_starts_over(db: SQLiteStore) -> None:
    m = fill(DSPMMemory(store=db, user_id="u1"))
    db.delete_user("u1")
    m.add_turn("user", "Reports must be exported as CSV.")
    assert [p.text for p in m.all_patches] == ["Reports must be exported as CSV."]
    assert [t["index"] for t in db.turns("u1")] == [0]


def test_notebook_file_merges_into_a_user(db: SQLiteStore, tmp_path: Path) -> None:
    fill(DSPMMemory()).save(tmp_path / "notes.json")
    m = DSPMMemory(store=db, user_id="u1")
    assert m.load(tmp_path / "notes.json") > 0
    assert m.load(tmp_path / "notes.json") == 0
    assert DSPMMemory(store=db, user_id="u1").to_dict() == m.to_dict()
    m.save(tmp_path / "out.json")  # and a user's memory saves to a notebook
    n = DSPMMemory()
    n.load(tmp_path / "out.json")
    assert n.get_context() == m.get_context()


def test_busy_database_is_waited_for_not_raised(db: SQLiteStore, tmp_path: Path) -> None:
    m = DSPMMemory(store=db, user_id="u1")
    blocker = sqlite3.connect(tmp_path / "memory.db", isolation_level=None,
                              check_same_thread=False)
    blocker.execute("BEGIN IMMEDIATE")
    release = threading.Timer(0.5, lambda: blocker.execute("COMMIT"))
    release.start()
    t0 = time.monotonic()
    m.add_turn("user", "Reports must be exported as CSV.")
    assert time.monotonic() - t0 >= 0.4
    release.join()
    blocker.close()
    assert len(db.turns("u1")) == 1


def test_lock_held_past_busy_timeout_is_a_clear_error(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "memory.db", busy_timeout=0.3)
    m = DSPMMemory(store=store, user_id="u1")
    blocker = sqlite3.connect(tmp_path / "memory.db", isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(LockTimeoutError, match="stayed locked .* more than 0.3 s"):
            m.add_turn("user", "Reports must be exported as CSV.")
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    # the turn that timed out stayed pending; the next turn commits it first, once
    assert [t.text for t in m.pending_turns] == ["Reports must be exported as CSV."]
    m.add_turn("user", "The batch size is 500 records.")  # works again, nothing half-done
    assert [t["text"] for t in store.turns("u1")] == ["Reports must be exported as CSV.",
                                                      "The batch size is 500 records."]
    assert m.pending_turns == []
    assert DSPMMemory(store=store, user_id="u1").to_dict() == m.to_dict()
    store.close()


def test_async_turns_from_many_tasks(db: SQLiteStore) -> None:
    async def main() -> DSPMMemory:
        m = DSPMMemory(store=db, user_id="u1")
        await asyncio.gather(*(m.aadd_turn("user", f"The quota for project {i} is {i + 1} GB.")
                               for i in range(30)))
        await m.asave()
        await m.aload()
        return m
    m = asyncio.run(main())
    turns = db.turns("u1")
    assert sorted(t["index"] for t in turns) == list(range(30))
    assert len({t["text"] for t in turns}) == 30
    assert DSPMMemory(store=db, user_id="u1").to_dict() == m.to_dict()


def test_async_and_sync_give_the_same_memory(tmp_path: Path) -> None:
    s1, s2 = SQLiteStore(tmp_path / "a.db"), SQLiteStore(tmp_path / "b.db")
    sync = fill(DSPMMemory(store=s1, user_id="u1"))

    async def main() -> DSPMMemory:
        m = DSPMMemory(store=s2, user_id="u1")
        for role, text in CONVERSATION:
            await m.aadd_turn(role, text)
        return m
    am = asyncio.run(main())
    assert am.to_dict() == sync.to_dict()
    assert s1.export_user("u1") == s2.export_user("u1")
    s1.close()
    s2.close()


def test_export_user_is_a_notebook(db: SQLiteStore, tmp_path: Path) -> None:
    m = fill(DSPMMemory(store=db, user_id="u1"))
    state = db.export_user("u1")
    mine = m.to_dict()
    assert set(mine) - set(state) == {"budget", "tokenizer"}  # settings of the memory object
    assert state == {k: mine[k] for k in state}
    assert DSPMMemory.from_dict(state).get_context() == m.get_context()
    assert db.export_user("nobody") is None


def test_readonly_store_writes_nothing(db: SQLiteStore, tmp_path: Path) -> None:
    fill(DSPMMemory(store=db, user_id="u1"))
    ro = SQLiteStore(tmp_path / "memory.db", readonly=True)
    assert ro.users() == ["u1"] and ro.export_user("u1") is not None
    from dspm_core import PersistenceError

    with pytest.raises(PersistenceError, match="read-only"):
        ro.delete_user("u1")
    ro.close()


def test_not_a_database_is_a_clear_error(tmp_path: Path) -> None:
    from dspm_core import PersistenceError

    (tmp_path / "x.db").write_text("hello, not sqlite" * 100)
    with pytest.raises(PersistenceError, match="x.db"):
        SQLiteStore(tmp_path / "x.db")


def test_state_merged_outside_a_transaction_is_written_by_save(db: SQLiteStore) -> None:
    state = fill(DSPMMemory()).to_dict()
    m = DSPMMemory.from_dict(state, store=db, user_id="u9")  # merge_dict: not a transaction
    assert m.save() == len(m.all_patches)  # save() without a path commits it
    assert DSPMMemory(store=db, user_id="u9").get_context() == m.get_context()


def test_closed_store_is_a_clear_error(tmp_path: Path) -> None:
    from dspm_core import PersistenceError

    store = SQLiteStore(tmp_path / "memory.db")
    m = DSPMMemory(store=store, user_id="u1")
    store.close()
    with pytest.raises(PersistenceError, match="closed"):
        m.add_turn("user", "Reports must be exported as CSV.")


_OPS = st.lists(st.tuples(st.sampled_from(["turn", "patch", "pin", "forget", "notebook", "load",
                                           "fail", "retry", "reset"]),
                          st.integers(0, 1), st.integers(0, len(CONVERSATION) - 1)),
                min_size=1, max_size=30)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(_OPS)
def test_two_memories_interleaved_stay_identical(ops: list[tuple[str, int, int]]) -> None:
    """Any interleaving of operations on two memories of one user ends, after each pulls,
    with both and a freshly opened memory holding exactly the same state."""
    with tempfile.TemporaryDirectory() as d:
        store = SQLiteStore(Path(d) / "memory.db")
        notebook = Path(d) / "notes.json"
        fill(DSPMMemory(), CONVERSATION[:4]).save(notebook)
        flaky = FlakyExtractor()
        pair = [DSPMMemory(store=store, user_id="u1", extractor=flaky),
                DSPMMemory(store=store, user_id="u1", extractor=flaky)]
        for op, who, k in ops:
            m = pair[who]
            role, text = CONVERSATION[k]
            if op == "fail":
                flaky.failing = True
                m.add_turn("user", FAILING[k % 2])
            elif op == "retry":
                flaky.failing = False
                m.retry_pending()
            elif op == "reset" and k == 0:
                m.reset()
            elif op == "turn":
                m.add_turn(role, text if k % 3 else f"{text} Also note item {len(ops)}-{k}.")
            elif op == "patch":
                m.add_patch("constraint", f"Limit {k} must not exceed {k + 1} units.")
            elif op in ("pin", "forget") and m.all_patches:
                target = m.all_patches[k % len(m.all_patches)].id
                try:
                    m.pin(target) if op == "pin" else m.forget(target)
                except UnknownPatchError:  # the other memory forgot it since
                    pass
            elif op == "notebook":
                m.load(notebook)
            elif op == "load":
                m.load()
        for m in pair:
            m.load()
        fresh = DSPMMemory(store=store, user_id="u1")
        assert pair[0].to_dict() == pair[1].to_dict() == fresh.to_dict()
        turns = store.turns("u1")  # (a merged notebook counts its turns without rows)
        assert [t["index"] for t in turns] == sorted({t["index"] for t in turns})
        assert [t.text for t in fresh.pending_turns] == \
            [t["text"] for t in turns if t["status"] == "pending"]
        ids = [p.id for p in fresh.all_patches]
        assert len(ids) == len(set(ids))
        store.close()
