"""The stores the conformance suite runs against, behind one small test-side interface.

A backend is described by a JSON-able *spec* (``{"kind": ..., "where": ...}``) so that a
child process (``worker.py``) opens the very same store. ``open(user)`` gives a
:class:`Handle`: one chat's memory of that user, used the way the store is meant to be used:

* ``notebook`` - one notebook file per user; every turn is ``load`` + ``add_turn`` +
  ``save`` (``save`` merges what another writer saved meanwhile);
* ``sqlite`` / ``postgres`` - ``DSPMMemory(store=SQLiteStore | PostgresStore, user_id=...)``;
* ``langgraph`` - ``DSPMMiddleware(store=<LangGraph PostgresStore>)`` in a real
  ``create_agent`` with a fake chat model: turns are agent invocations.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from dspm_core import DSPMMemory

BUDGET = 400
QUERY = "webhook timeout rate limit database quota"


class Handle:
    """One chat's memory of one user."""

    def add_turn(self, text: str) -> None:
        raise NotImplementedError

    def context(self, query: str = QUERY) -> str:
        """The rendered context, after reading what other writers stored."""
        raise NotImplementedError

    def pending(self) -> list[str]:
        raise NotImplementedError

    def texts(self) -> set[str]:
        """The text of every stored patch."""
        raise NotImplementedError

    def reset(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        pass


class _NotebookHandle(Handle):
    def __init__(self, path: Path, extractor: Any) -> None:
        self.path = path
        self.memory = DSPMMemory(budget=BUDGET, extractor=extractor)
        self.memory.load(path, strict=True)

    def add_turn(self, text: str) -> None:
        self.memory.load(self.path, strict=True)
        try:
            self.memory.add_turn("user", text)
        finally:  # a turn whose extraction failed is saved as pending too
            self.memory.save(self.path)

    def context(self, query: str = QUERY) -> str:
        self.memory.load(self.path, strict=True)
        return self.memory.get_context(query)

    def pending(self) -> list[str]:
        self.memory.load(self.path, strict=True)
        return [t.text for t in self.memory.pending_turns]

    def texts(self) -> set[str]:
        self.memory.load(self.path, strict=True)
        return {p.text for p in self.memory.all_patches}

    def reset(self) -> None:
        self.memory.reset()
        self.memory.save(self.path)


class _StoreHandle(Handle):
    def __init__(self, store: Any, user: str, extractor: Any) -> None:
        self.store = store
        self.memory = DSPMMemory(budget=BUDGET, extractor=extractor, store=store, user_id=user)

    def add_turn(self, text: str) -> None:
        self.memory.add_turn("user", text)

    def context(self, query: str = QUERY) -> str:
        self.memory.load()
        return self.memory.get_context(query)

    def pending(self) -> list[str]:
        self.memory.load()
        return [t.text for t in self.memory.pending_turns]

    def texts(self) -> set[str]:
        self.memory.load()
        return {p.text for p in self.memory.all_patches}

    def reset(self) -> None:
        self.memory.reset()

    def close(self) -> None:
        self.store.close()


class _AgentHandle(Handle):
    def __init__(self, dsn: str, user: str, extractor: Any) -> None:
        from langchain.agents import create_agent
        from langchain_core.messages import AIMessage
        from langgraph.store.postgres import PostgresStore

        from dspm_integrations._langchain_testing import RecordingChatModel
        from dspm_integrations.langchain import DSPMMiddleware

        self._stack = contextlib.ExitStack()
        self.store = self._stack.enter_context(PostgresStore.from_conn_string(dsn))
        self.user = user
        self.mw = DSPMMiddleware(budget=BUDGET, store=self.store, extractor=extractor)
        self.model = RecordingChatModel(responder=lambda m: AIMessage(content="Understood."))
        self.agent = create_agent(self.model, [], system_prompt="You are helpful.",
                                  middleware=[self.mw], store=self.store)

    def add_turn(self, text: str) -> None:
        from langchain_core.messages import HumanMessage

        self.agent.invoke({"messages": [HumanMessage(text)]}, context={"user_id": self.user})

    def _memory(self) -> DSPMMemory:
        memory = self.mw.memory_for(user_id=self.user)
        return memory if memory is not None else DSPMMemory(budget=BUDGET)

    def context(self, query: str = QUERY) -> str:
        memory = self._memory()
        memory.budget = BUDGET
        return memory.get_context(query)

    def pending(self) -> list[str]:
        return [t.text for t in self._memory().pending_turns]

    def texts(self) -> set[str]:
        return {p.text for p in self._memory().all_patches}

    def reset(self) -> None:
        self.mw.delete_user(self.user)

    def close(self) -> None:
        self._stack.close()


class Backend:
    """A store under test: how to open it (here or in a child), delete and corrupt a user."""

    kind = ""

    def __init__(self, where: str) -> None:
        self.where = where

    @property
    def spec(self) -> str:
        return json.dumps({"kind": self.kind, "where": self.where})

    def open(self, user: str, extractor: Any = None) -> Handle:
        raise NotImplementedError

    def delete_user(self, user: str) -> bool:
        raise NotImplementedError

    def corrupt(self, user: str) -> None:
        """Make the user's stored memory unreadable (a row or file that is not DSPM's)."""
        raise NotImplementedError

    def foreign(self, user: str) -> None:
        """Store a well-formed row that contradicts the rest (a patch under another id)."""
        raise NotImplementedError


class NotebookBackend(Backend):
    kind = "notebook"

    def _path(self, user: str) -> Path:
        return Path(self.where) / f"{user}.json"

    def open(self, user: str, extractor: Any = None) -> Handle:
        return _NotebookHandle(self._path(user), extractor)

    def delete_user(self, user: str) -> bool:
        found = False
        for p in (self._path(user), self._path(user).with_name(f"{user}.json.bak")):
            with contextlib.suppress(FileNotFoundError):
                p.unlink()
                found = True
        return found

    def corrupt(self, user: str) -> None:
        for p in (self._path(user), self._path(user).with_name(f"{user}.json.bak")):
            if p.exists():
                p.write_bytes(b'{"format": "dspm-notebook", "patches": [{"kind": 7')

    def foreign(self, user: str) -> None:
        data = json.loads(self._path(user).read_text())
        data["patches"][0]["kind"] = "not-a-kind"
        self._path(user).write_text(json.dumps(data))


class _SQLBackend(Backend):
    def _store(self) -> Any:
        raise NotImplementedError

    def _sql(self, sql: str, params: tuple[Any, ...]) -> None:
        store = self._store()
        try:
            store.write(lambda conn: conn.execute(sql, params), "test edit", None)
        finally:
            store.close()

    def open(self, user: str, extractor: Any = None) -> Handle:
        return _StoreHandle(self._store(), user, extractor)

    def delete_user(self, user: str) -> bool:
        store = self._store()
        try:
            return bool(store.delete_user(user))
        finally:
            store.close()

    def corrupt(self, user: str) -> None:
        self._sql("UPDATE dspm_patches SET data = ? WHERE user_id = ?", ('{"id": ', user))

    def foreign(self, user: str) -> None:
        store = self._store()
        try:
            def copy_row(conn: Any) -> None:
                pid, seq, version, data = conn.execute(
                    "SELECT patch_id, seq, version, data FROM dspm_patches WHERE user_id = ? "
                    "AND deleted = 0 ORDER BY seq LIMIT 1", (user,)).fetchone()
                conn.execute("INSERT INTO dspm_patches (user_id, patch_id, seq, version, deleted, "
                             "data) VALUES (?, ?, ?, ?, 0, ?)",
                             (user, pid + "x", seq + 1000, version, data))
            store.write(copy_row, "test edit", user)
        finally:
            store.close()


class SQLiteBackend(_SQLBackend):
    kind = "sqlite"

    def _store(self) -> Any:
        from dspm_core import SQLiteStore

        return SQLiteStore(self.where)


class PostgresBackend(_SQLBackend):
    kind = "postgres"

    def _store(self) -> Any:
        from dspm_core import PostgresStore

        return PostgresStore(self.where, min_size=0, max_size=4)


class LangGraphBackend(Backend):
    kind = "langgraph"

    def setup(self) -> None:
        from langgraph.store.postgres import PostgresStore

        with PostgresStore.from_conn_string(self.where) as store:
            store.setup()

    def open(self, user: str, extractor: Any = None) -> Handle:
        return _AgentHandle(self.where, user, extractor)

    def delete_user(self, user: str) -> bool:
        handle = _AgentHandle(self.where, user, None)
        try:
            return handle.mw.delete_user(user)
        finally:
            handle.close()

    def _put(self, user: str, key: str, value: dict[str, Any]) -> None:
        from langgraph.store.postgres import PostgresStore

        with PostgresStore.from_conn_string(self.where) as store:
            store.put(("dspm", user), key, value, index=False)

    def corrupt(self, user: str) -> None:
        self._put(user, "w:99999999999999999999-corrupt", {"memory": {"format": "other"}})

    def foreign(self, user: str) -> None:
        state = DSPMMemory().to_dict()
        state["patches"] = [{"id": "p1", "kind": "not-a-kind", "text": "x"}]
        self._put(user, "w:99999999999999999999-foreign", {"memory": state})


KINDS = {b.kind: b for b in (NotebookBackend, SQLiteBackend, PostgresBackend, LangGraphBackend)}


def from_spec(spec: str) -> Backend:
    data = json.loads(spec)
    return KINDS[data["kind"]](data["where"])


def env() -> dict[str, str]:
    """The environment of a child process (the repository importable)."""
    root = Path(__file__).resolve().parents[3]
    return dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in (str(root), os.environ.get("PYTHONPATH", "")) if p))
