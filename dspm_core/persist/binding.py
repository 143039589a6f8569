"""UserBinding: keeps one memory (the working copy) in step with its user's rows.

The same binding serves the SQLite and the PostgreSQL store: it speaks to the database only
through :class:`~dspm_core.persist.base.SQLDatabase` (one transaction per call, SQL both
dialects run). Every change runs as one write transaction:

1. Begin a write transaction that no other writer of the user runs beside (SQLite:
   ``BEGIN IMMEDIATE``; PostgreSQL: an advisory lock on the user); read the user's row. If another process or connection committed
   since this memory last synced, replay that first: only the patches, journal entries
   and aliases written since (a *delta*), or everything when the user was reset, deleted
   or this memory is unsure of its state (a *full* load).
2. Do the work on the working copy (merge a turn's facts, pin, forget, merge a notebook).
3. Write what changed: patches whose object differs from the one last written (patches
   are immutable, so identity is enough), new journal entries, new aliases, the turn row,
   pending turns not yet stored, counters; bump the user's version; ``COMMIT``.

If the transaction fails the working copy is reloaded from the database, so it never keeps
a change the database does not hold.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from itertools import islice
from typing import Any, TypeVar

from ..errors import CorruptNotebookError, CounterOverflowError, PersistenceError
from ..limits import check_int
from ..patch import Fact, Patch, Turn
from ..state import (
    NotebookValidationError,
    journal_from_dict,
    patch_from_dict,
    turn_from_dict,
)
from ..store import MergeOutcome, PatchStore
from ._storeops import (
    TrackedPatches,
    drop_patch,
    extend_journal,
    journal_since,
    live_patches,
    put_patch,
    set_counters,
    track,
)
from .base import BoundMemory, SQLConnection, SQLDatabase

__all__ = ["UserBinding", "check_counters"]

try:  # orjson (installed with the framework extras) parses rows about three times faster
    from orjson import loads as _fast_loads
except ImportError:  # pragma: no cover - the standard library parser serves
    _fast_loads = None  # type: ignore[assignment]

T = TypeVar("T")


def check_counters(where: str, **counters: int) -> None:
    """Refuse, before it is written, a counter (turns, tokens, sequence numbers) above
    :data:`~dspm_core.limits.MAX_INT`: the loaders would not read it back."""
    for name, value in counters.items():
        check_int(value, f"{where}: {name}", CounterOverflowError)


@dataclass(slots=True)
class _Row:
    """The user's counters row, as read at the start of a transaction (then updated)."""

    generation: str
    version: int
    turns: int = 0
    conversation_tokens: int = 0
    extraction_failures: int = 0
    merges: dict[str, int] = field(default_factory=dict)
    patch_seq: int = 0
    journal_len: int = 0


@dataclass(slots=True)
class _Written:
    """What a transaction wrote; applied to the binding only once it has committed."""

    row: _Row
    changed: list[Patch]
    removed: list[str]
    journal_len: int
    aliases: dict[str, str]
    new_rows: list[tuple[Turn, int]]
    done: set[int]
    seqs: dict[str, int]


class UserBinding:
    """The link between one memory object and one user of a SQL store."""

    def __init__(self, db: SQLDatabase, user_id: str, session_id: str | None) -> None:
        self.db = db
        self.user_id = user_id
        self.session_id = session_id
        self.generation: str | None = None  # None: nothing of this user seen in the database
        self.version = -1
        self.dirty = True  # the working copy may differ from the database: reload it fully
        self._snapshot: dict[str, Patch] = {}  # the patch objects last written or read
        self._journal_len = 0
        self._aliases: dict[str, str] = {}
        self._rows: dict[int, tuple[Turn, int]] = {}  # id(pending turn) -> (turn, row idx)
        self._done: set[int] = set()
        self._tracked: TrackedPatches | None = None  # the change-tracking dict of the store
        self._seq: dict[str, int] = {}  # patch id -> its row's seq (order of first storage)
        # id(turn) -> the key its turn row carries: a commit retried after an unknown outcome
        # (a lost connection) finds the row the first attempt wrote and applies nothing twice
        self._turn_keys: dict[int, str] = {}

    def __repr__(self) -> str:
        return f"UserBinding({self.db.label!r}, user_id={self.user_id!r})"

    # ------------------------------------------------------------------ reading rows
    def _where(self, what: str) -> str:
        return f"{self.db.label}, user {self.user_id}, {what}"

    def _read_row(self, conn: SQLConnection) -> _Row | None:
        r = conn.execute("SELECT generation, version, turns, conversation_tokens, "
                         "extraction_failures, merges, patch_seq, journal_len FROM dspm_users "
                         "WHERE user_id = ?", (self.user_id,)).fetchone()
        if r is None:
            return None
        ints = r[1:5] + r[6:8]
        merges = self._json(r[5], "counters")
        if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in ints) or \
                not isinstance(merges, dict) or \
                not all(isinstance(v, int) and not isinstance(v, bool) for v in merges.values()):
            raise CorruptNotebookError(self._where("counters row: malformed"))
        return _Row(str(r[0]), r[1], r[2], r[3], r[4], merges, r[6], r[7])

    def _json(self, raw: Any, what: str) -> Any:
        if _fast_loads is not None:
            try:
                return _fast_loads(raw)
            except (ValueError, TypeError):  # orjson is stricter (lone surrogates, NaN):
                pass                         # the standard parser decides
        try:
            return json.loads(raw)
        except (ValueError, TypeError, RecursionError) as exc:
            raise CorruptNotebookError(self._where(f"{what}: not valid JSON ({exc})")) from None

    def _patch(self, pid: str, raw: Any) -> Patch:
        try:
            p = patch_from_dict(self._json(raw, f"patch {pid}"), f"patch {pid}")
        except NotebookValidationError as exc:
            raise CorruptNotebookError(self._where(str(exc))) from None
        if p.id != pid or (p.key is not None and p.key.count("|") < 3):
            raise CorruptNotebookError(self._where(f"patch {pid}: malformed row"))
        return p

    def _journal(self, conn: SQLConnection, start: int) -> list[Any]:
        out = []
        for seq, raw in conn.execute("SELECT seq, data FROM dspm_journal WHERE user_id = ? "
                                     "AND seq >= ? ORDER BY seq", (self.user_id, start)):
            try:
                out.append(journal_from_dict(self._json(raw, f"journal {seq}"), f"journal[{seq}]"))
            except NotebookValidationError as exc:
                raise CorruptNotebookError(self._where(str(exc))) from None
        return out

    # ------------------------------------------------------------------ syncing
    def _sync(self, conn: SQLConnection, memory: BoundMemory) -> tuple[_Row, int]:
        """Bring the working copy up to the database's state; returns the user's row and
        how many patch rows were replayed."""
        row = self._read_row(conn)
        if row is None:
            n = self._load_full(conn, memory, None) if self.generation is not None or self.dirty else 0
            return _Row(generation=secrets.token_hex(8), version=0), n
        if self.dirty or row.generation != self.generation or row.version < self.version:
            return row, self._load_full(conn, memory, row)
        if row.version != self.version:
            return row, self._load_delta(conn, memory, row)
        return row, 0

    def _load_full(self, conn: SQLConnection, memory: BoundMemory, row: _Row | None) -> int:
        self.dirty = True
        store = PatchStore(history_limit=memory.store.history_limit, links=memory.store.links)
        aliases: dict[str, str] = {}
        seqs: dict[str, int] = {}
        if row is not None:
            aliases = dict(conn.execute("SELECT long, short FROM dspm_aliases WHERE user_id = ?",
                                        (self.user_id,)).fetchall())
            if aliases:
                store.aliases.add_pairs(aliases)
            for pid, seq, raw in conn.execute("SELECT patch_id, seq, data FROM dspm_patches "
                                              "WHERE user_id = ? AND deleted = 0 ORDER BY seq",
                                              (self.user_id,)):
                put_patch(store, self._patch(pid, raw))
                seqs[pid] = seq
            extend_journal(store, self._journal(conn, 0))
            set_counters(store, row.merges)
        if row is None or row.generation != self.generation:
            # the user was deleted or reset elsewhere: its stored (pending) turns went too
            memory._pending = [t for t in memory._pending if id(t) not in self._rows]
            self._rows.clear()
        memory.store = store
        self._seq = seqs
        self._tracked = track(store)
        self._snapshot = dict(live_patches(store))
        self._journal_len = row.journal_len if row else 0
        self._aliases = aliases
        self._set_counters(memory, row)
        self._load_pending(conn, memory)
        self.generation = row.generation if row else None
        self.version = row.version if row else -1
        self.dirty = False
        return len(self._snapshot)

    def _load_delta(self, conn: SQLConnection, memory: BoundMemory, row: _Row) -> int:
        self.dirty = True
        store = memory.store
        n = 0
        for pid, seq, deleted, raw in conn.execute(
                "SELECT patch_id, seq, deleted, data FROM dspm_patches WHERE user_id = ? AND "
                "version > ? ORDER BY seq", (self.user_id, self.version)).fetchall():
            n += 1
            if deleted or self._seq.get(pid, seq) != seq:
                # forgotten (and perhaps stored again since, as a new patch at the end)
                drop_patch(store, pid)
                self._snapshot.pop(pid, None)
                self._seq.pop(pid, None)
            if not deleted:
                p = self._patch(pid, raw)
                put_patch(store, p)
                self._snapshot[pid] = p
                self._seq[pid] = seq
        extend_journal(store, self._journal(conn, self._journal_len))
        self._journal_len = row.journal_len
        aliases = dict(conn.execute("SELECT long, short FROM dspm_aliases WHERE user_id = ? AND "
                                    "version > ?", (self.user_id, self.version)).fetchall())
        if aliases:
            store.aliases.add_pairs(aliases)
            self._aliases.update(aliases)
        set_counters(store, row.merges)
        self._set_counters(memory, row)
        self._load_pending(conn, memory)
        self.version = row.version
        self.dirty = False
        return n

    @staticmethod
    def _set_counters(memory: BoundMemory, row: _Row | None) -> None:
        memory._turns = row.turns if row else 0
        memory._conversation_tokens = row.conversation_tokens if row else 0
        memory._failures = row.extraction_failures if row else 0

    def _load_pending(self, conn: SQLConnection, memory: BoundMemory) -> None:
        """Pending turns are the stored pending rows (keeping the Turn objects this memory
        already holds for them), then the ones not stored yet."""
        by_idx = {idx: t for t, idx in self._rows.values()}
        pending: list[Turn] = []
        for idx, sess, role, text in conn.execute(
                "SELECT idx, session_id, role, text FROM dspm_turns WHERE user_id = ? AND "
                "status = 'pending' ORDER BY idx", (self.user_id,)).fetchall():
            t = by_idx.get(idx)
            if t is None:
                try:
                    t = turn_from_dict({"role": role, "text": self.db.from_db_text(text), "index": idx,
                                        "session_id": sess}, f"turn {idx}")
                except NotebookValidationError as exc:
                    raise CorruptNotebookError(self._where(str(exc))) from None
                self._rows[id(t)] = (t, idx)
            pending.append(t)
        unstored = [t for t in memory._pending if id(t) not in self._rows]
        memory._pending = pending + unstored

    # ------------------------------------------------------------------ writing
    def _write_changes(self, conn: SQLConnection, memory: BoundMemory, row: _Row) -> _Written:
        uid = self.user_id
        version = row.version + 1
        store = memory.store
        live = live_patches(store)
        snap = self._snapshot
        if isinstance(live, TrackedPatches) and self._tracked is live:
            # only the ids set or removed since the last commit (in order of change)
            candidates = [live[k] for k in live.dirty if k in live]
            removed = [k for k in live.dirty if k not in live and k in snap]
        else:  # a store this binding did not prepare: compare every patch once
            candidates = list(live.values())
            removed = [pid for pid in snap if pid not in live]
            self._tracked = live = track(store)
        changed = [p for p in candidates if snap.get(p.id) is not p]
        seqs: dict[str, int] = {}
        for pid in _new_in_order(live, [p.id for p in changed if p.id not in snap], snap):
            seqs[pid] = row.patch_seq  # new patches keep the order the store holds them in
            row.patch_seq += 1
        rows = []
        for p in changed:
            seq = seqs.get(p.id, 0)  # 0: an update keeps its row's seq
            rows.append((uid, p.id, seq, version, json.dumps(p.to_dict(), separators=(",", ":"))))
        if rows:
            conn.executemany(
                "INSERT INTO dspm_patches (user_id, patch_id, seq, version, deleted, data) "
                "VALUES (?, ?, ?, ?, 0, ?) ON CONFLICT (user_id, patch_id) DO UPDATE SET "
                "version = excluded.version, data = excluded.data, "
                "seq = CASE WHEN dspm_patches.deleted = 1 THEN excluded.seq ELSE dspm_patches.seq END, "
                "deleted = 0", rows)
        if removed:
            conn.executemany("UPDATE dspm_patches SET deleted = 1, data = NULL, version = ? "
                             "WHERE user_id = ? AND patch_id = ?",
                             [(version, uid, pid) for pid in removed])
        entries = journal_since(store, self._journal_len)
        if entries:
            conn.executemany("INSERT INTO dspm_journal (user_id, seq, data) VALUES (?, ?, ?)",
                             [(uid, self._journal_len + i,
                               json.dumps(e.to_dict(), separators=(",", ":")))
                              for i, e in enumerate(entries)])
        row.journal_len = self._journal_len + len(entries)
        aliases = {k: v for k, v in store.aliases.learned().items() if self._aliases.get(k) != v}
        if aliases:
            conn.executemany("INSERT INTO dspm_aliases (user_id, long, short, version) VALUES "
                             "(?, ?, ?, ?) ON CONFLICT (user_id, long) DO UPDATE SET "
                             "short = excluded.short, version = excluded.version",
                             [(uid, k, v, version) for k, v in aliases.items()])
        new_rows = []
        for t in memory._pending:
            if id(t) in self._rows:
                continue
            key = self._turn_keys.get(id(t))  # an attempt to commit it had an unknown outcome
            if key is not None and conn.execute(
                    "SELECT idx FROM dspm_turns WHERE user_id = ? AND turn_key = ?",
                    (uid, key)).fetchone():
                continue  # that attempt did commit: its retry finds the row by the key
            new_rows.append((t, self._insert_turn(conn, memory, row, t, "pending", key)))
        check_counters(self._where("counters"), turns=row.turns,
                       conversation_tokens=row.conversation_tokens,
                       extraction_failures=row.extraction_failures, patch_seq=row.patch_seq,
                       journal_len=row.journal_len, version=version)
        now = time.time()
        conn.execute(
            "INSERT INTO dspm_users (user_id, generation, version, turns, conversation_tokens, "
            "extraction_failures, merges, history_limit, patch_seq, journal_len, created, updated) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET "
            "generation = excluded.generation, version = excluded.version, turns = excluded.turns, "
            "conversation_tokens = excluded.conversation_tokens, "
            "extraction_failures = excluded.extraction_failures, merges = excluded.merges, "
            "history_limit = excluded.history_limit, patch_seq = excluded.patch_seq, "
            "journal_len = excluded.journal_len, updated = excluded.updated",
            (uid, row.generation, version, row.turns, row.conversation_tokens,
             row.extraction_failures, json.dumps(store.counters), store.history_limit,
             row.patch_seq, row.journal_len, now, now))
        row.version = version
        return _Written(row, changed, removed, row.journal_len, aliases, new_rows, set(self._done),
                        seqs)

    def _insert_turn(self, conn: SQLConnection, memory: BoundMemory, row: _Row, turn: Turn,
                     status: str, key: str | None = None) -> int:
        idx = row.turns
        tokens = memory.counter.count(turn.text)
        check_counters(self._where(f"turn {idx}"), tokens=tokens, turns=idx + 1,
                       conversation_tokens=row.conversation_tokens + tokens)
        conn.execute("INSERT INTO dspm_turns (user_id, idx, session_id, role, text, status, "
                     "tokens, created, turn_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                     (self.user_id, idx, turn.session_id, turn.role.value,
                      self.db.db_text(turn.text), status, tokens, time.time(), key))
        row.turns += 1
        row.conversation_tokens += tokens
        return idx

    def _committed(self, memory: BoundMemory, w: _Written) -> None:
        if self._tracked is not None:
            self._tracked.dirty.clear()  # all of it was written (the memory's lock is held)
        for p in w.changed:
            self._snapshot[p.id] = p
        for pid in w.removed:
            self._snapshot.pop(pid, None)
            self._seq.pop(pid, None)
        self._seq.update(w.seqs)
        self._journal_len = w.journal_len
        self._aliases.update(w.aliases)
        if w.new_rows:  # pending turns now carry their row's index, as a reload would
            stamped = {id(t): replace(t, index=idx) for t, idx in w.new_rows}
            memory._pending = [stamped.get(id(t), t) for t in memory._pending]
            for t, idx in w.new_rows:
                s = stamped[id(t)]
                self._rows[id(s)] = (s, idx)
        if w.done:
            gone = {k for k, (_, idx) in self._rows.items() if idx in w.done}
            memory._pending = [t for t in memory._pending if id(t) not in gone]
            for k in gone:
                del self._rows[k]
        if len(memory._pending) > 1:  # oldest first, as stored (turns of other processes too)
            memory._pending.sort(key=lambda t: self._rows.get(id(t), (t, 1 << 62))[1])
        self.generation = w.row.generation
        self.version = w.row.version
        self._set_counters(memory, w.row)
        self.dirty = False

    def _transact(self, memory: BoundMemory, work: Callable[[SQLConnection, _Row], T],
                  what: str) -> T:
        """Sync, do ``work`` on the working copy and write what changed, in one transaction."""
        with memory._lock:
            mark: list[Any] = []

            def run(conn: SQLConnection) -> tuple[T, _Written]:
                self._done = set()
                row, _ = self._sync(conn, memory)
                mark[:] = [memory.store, memory.store.version, len(memory._pending)]
                base = (memory._turns, memory._conversation_tokens, memory._failures)
                self.dirty = True  # until COMMIT: a retry must start from the database
                result = work(conn, row)
                # counters the work raised itself (merging a notebook carries its turns)
                row.turns += max(0, memory._turns - base[0])
                row.conversation_tokens += max(0, memory._conversation_tokens - base[1])
                row.extraction_failures += max(0, memory._failures - base[2])
                return result, self._write_changes(conn, memory, row)

            try:
                result, written = self.db.write(run, f"{what} for user {self.user_id}",
                                                self.user_id)
            except BaseException:
                self._rolled_back(memory, mark)
                raise
            self._committed(memory, written)
            return result

    def _rolled_back(self, memory: BoundMemory, mark: list[Any]) -> None:
        """The transaction did not commit: make sure the working copy holds no change the
        database does not have."""
        if mark and mark[0] is memory.store and mark[1:] == [memory.store.version,
                                                             len(memory._pending)]:
            self.dirty = False  # the work failed before changing anything (an unknown id)
            return
        self.dirty = True
        try:
            self.refresh(memory)
        except PersistenceError:  # the original error is being raised; the next call retries
            pass

    # ------------------------------------------------------------------ operations
    def commit(self, memory: BoundMemory, facts: list[Fact], turn: Turn | None) -> list[MergeOutcome]:
        """Store a turn (or, with ``turn=None``, facts added directly) and merge its facts."""
        def work(conn: SQLConnection, row: _Row) -> list[MergeOutcome]:
            if turn is None:
                return memory.store.merge_all(_stamp(facts, row.turns, None))
            entry = self._rows.get(id(turn))
            if entry is not None:  # a stored pending turn whose extraction now succeeded
                idx = entry[1]
                self._done.add(idx)
                r = conn.execute("SELECT status FROM dspm_turns WHERE user_id = ? AND idx = ?",
                                 (self.user_id, idx)).fetchone()
                if r is None or r[0] != "pending":  # another process got there first
                    return []
                conn.execute("UPDATE dspm_turns SET status = 'done' WHERE user_id = ? AND idx = ?",
                             (self.user_id, idx))
            else:
                retry = id(turn) in self._turn_keys
                key = self._turn_keys.setdefault(id(turn), secrets.token_hex(12))
                if retry and conn.execute("SELECT idx FROM dspm_turns WHERE user_id = ? AND "
                                          "turn_key = ?", (self.user_id, key)).fetchone():
                    return []  # the attempt whose outcome was unknown did commit
                idx = self._insert_turn(conn, memory, row, turn, "done", key)
            return memory.store.merge_all(_stamp(facts, idx, turn.session_id))
        outcomes = self._transact(memory, work, "add a turn" if turn else "add a patch")
        if turn is not None:
            self._turn_keys.pop(id(turn), None)
        return outcomes

    def record_pending(self, memory: BoundMemory) -> None:
        """Store the turns whose extraction failed as pending rows (and count the failure)."""
        def work(conn: SQLConnection, row: _Row) -> None:
            row.extraction_failures += 1
        self._transact(memory, work, "store pending turns")

    def apply(self, memory: BoundMemory, fn: Callable[[], T]) -> T:
        """Run ``fn`` (pin, forget, merge a notebook ...) on the synced working copy and
        commit what it changed."""
        return self._transact(memory, lambda conn, row: fn(), "update memory")

    def flush(self, memory: BoundMemory) -> int:
        """Commit anything the working copy holds that the database does not."""
        self._transact(memory, lambda conn, row: None, "save memory")
        return len(memory.store)

    def refresh(self, memory: BoundMemory, initial: bool = False) -> int:
        """Pull what other processes committed for this user; returns patch rows replayed."""
        with memory._lock:
            def run(conn: SQLConnection) -> int:
                _, n = self._sync(conn, memory)
                if initial and memory._recent.maxlen:
                    recent = conn.execute(
                        "SELECT role, text FROM dspm_turns WHERE user_id = ? ORDER BY idx DESC "
                        "LIMIT ?", (self.user_id, memory._recent.maxlen)).fetchall()
                    memory._recent.clear()
                    memory._recent.extend((r, self.db.from_db_text(t)) for r, t in reversed(recent))
                return n
            return self.db.read(run, f"load user {self.user_id}")

    def reset(self, memory: BoundMemory) -> None:
        """Delete the user's stored memory (the working copy was just cleared)."""
        uid = self.user_id

        def run(conn: SQLConnection) -> tuple[str, int] | None:
            for table in ("dspm_patches", "dspm_journal", "dspm_turns", "dspm_aliases"):
                conn.execute(f"DELETE FROM {table} WHERE user_id = ?", (uid,))
            r = conn.execute("SELECT version FROM dspm_users WHERE user_id = ?", (uid,)).fetchone()
            if r is None:
                return None
            generation = secrets.token_hex(8)
            conn.execute("UPDATE dspm_users SET generation = ?, version = ?, turns = 0, "
                         "conversation_tokens = 0, extraction_failures = 0, merges = '{}', "
                         "patch_seq = 0, journal_len = 0, updated = ? WHERE user_id = ?",
                         (generation, r[0] + 1, time.time(), uid))
            return generation, r[0] + 1

        with memory._lock:
            try:
                done = self.db.write(run, f"reset user {uid}", uid)
            except BaseException:
                self.dirty = True
                raise
            self._rows.clear()
            self._snapshot = {}
            self._seq = {}
            self._journal_len = 0
            self._aliases = {}
            self.generation, self.version = done if done else (None, -1)
            self.dirty = False


def _new_in_order(live: dict[str, Patch], new: list[str], snap: dict[str, Patch]) -> list[str]:
    """The new ids in the store's order: stored during this transaction, they are the last
    entries of the dict (checked; otherwise found by a scan)."""
    if len(new) < 2:
        return new
    tail = list(islice(reversed(live), len(new)))[::-1]
    if set(tail) == set(new):
        return tail
    return [k for k in live if k not in snap]


def _stamp(facts: list[Fact], turn: int, session_id: str | None) -> list[Fact]:
    """Facts numbered with the turn's index in the user's conversation (assigned at commit,
    so that turns of several processes never share an index)."""
    out = []
    for f in facts:
        if f.turn != turn or (f.session_id is None and session_id is not None):
            f = replace(f, turn=turn, session_id=f.session_id or session_id)
        out.append(f)
    return out
