"""DSPMMiddleware: DSPM memory for LangChain 1.x agents (``create_agent(middleware=[...])``).

How it works, per model call:

* ``before_model`` / ``after_model`` ingest the messages of the agent state that were not
  seen before (tracked by message id, so state rewritten by ``SummarizationMiddleware``
  is not ingested twice): user messages as ``user``, assistant text as ``assistant``,
  tool output as ``tool`` (the lowest authority: it never overrides a user's rule).
  List it before ``SummarizationMiddleware``: its ``before_model`` then reads the newest
  messages before a summary can replace them.
* ``wrap_model_call`` renders the memory for the latest user message and appends the
  block to the agent's own system message for this request only, and sends the recent
  messages within ``max_history_tokens``: whole exchanges opening on a user message, and
  always everything since the latest one (the current tool loop). The conversation
  state is never rewritten and the system prompt is never replaced. With
  ``SummarizationMiddleware`` (listed after this one) the bound applies to what the
  summary left in the state; the summary message counts as the oldest exchange.

Where memory lives:

* without a store, per thread, in the agent state (``dspm_memory``: the memory's
  ``to_dict()``), so the checkpointer persists it and threads stay isolated;
* with a store, per user, the user id coming from the runtime context
  (``context={"user_id": ...}``) or ``config["configurable"]["user_id"]``: a user's rules
  carry across threads. A LangGraph ``BaseStore`` holds it under ``(*namespace, user_id)``
  as append-only items merged on read and compacted (see ``_langchain_store``), so two
  threads of one user writing at once both keep their turns; a DSPM store (``SQLiteStore``,
  ``PostgresStore``) holds it in its own tables (the memory commits every turn and replays
  what other processes committed before each render).

Live :class:`~dspm_core.DSPMMemory` objects are cached by *revision*: every change of a
memory gets a new random revision id, written next to the saved state. A hook uses the
cached object only when its revision is the one in the state (or store); otherwise (a new
process, a resumed or forked thread) it rebuilds the memory from the saved state. A hook
that changes a memory takes it out of the cache first, so two runs never mutate one
object, and an old checkpoint always finds its own state.
"""

from __future__ import annotations

import asyncio
import hashlib
import threading
import uuid
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from typing import Annotated, Any

from langchain.agents.middleware.types import (
    AgentMiddleware,
    AgentState,
    ModelRequest,
    ModelResponse,
    PrivateStateAttr,
)
from langchain_core.messages import BaseMessage
from langgraph.runtime import Runtime
from langgraph.store.base import BaseStore
from typing_extensions import NotRequired

from dspm_core import DSPMMemory
from dspm_core.errors import ConfigError
from dspm_core.extract.base import Extractor
from dspm_core.persist.ids import check_id

from ._langchain_store import UserItems
from ._langchain_common import (
    DEFAULT_BUDGET,
    DEFAULT_HEADER,
    DEFAULT_MAX_HISTORY_TOKENS,
    MemoryFactory,
    RevisionCache,
    append_to_system,
    last_user_text,
    message_key,
    message_turn,
)

__all__ = ["DSPMAgentState", "DSPMMiddleware"]

class DSPMAgentState(AgentState[Any]):
    """Agent state with DSPM's private keys (kept out of the agent's input and output).

    ``dspm_memory``: ``{"rev": str, "memory": dict}`` without a store (the memory's saved
    state), ``{"rev": str, "user_id": str}`` with a LangGraph store, ``{"user_id": str}``
    with a DSPM store. ``dspm_seen``: the keys of the state's messages already read.
    """

    dspm_memory: NotRequired[Annotated[dict[str, Any], PrivateStateAttr]]
    dspm_seen: NotRequired[Annotated[list[str], PrivateStateAttr]]


def _new_rev() -> str:
    return uuid.uuid4().hex


def _lookup(source: Any, key: str) -> Any:
    if isinstance(source, Mapping):
        return source.get(key)
    return getattr(source, key, None)


def _session_id(thread_id: str | None) -> str | None:
    """A thread id as a DSPM session id (a store validates ids; others become a digest)."""
    if thread_id is None:
        return None
    try:
        return check_id(thread_id, "session_id")
    except ConfigError:
        return "thread-" + hashlib.sha1(thread_id.encode()).hexdigest()[:24]


def _config_value(key: str) -> Any:
    try:
        from langgraph.config import get_config

        config = get_config()
    except RuntimeError:  # outside a runnable context
        return None
    return (config.get("configurable") or {}).get(key)


class DSPMMiddleware(AgentMiddleware[DSPMAgentState, Any, Any]):
    """DSPM memory for ``create_agent(model, tools, middleware=[DSPMMiddleware(budget=250)])``.

    Args:
        budget: tokens of the whole block added to the system message (fences and header
            included).
        max_history_tokens: tokens of the conversation's own messages sent with each model
            call (default 1000; ``None`` sends them all). The most recent whole exchanges
            that fit are sent, each opening on a user message; the messages since the
            latest user message (the current tool loop) are always sent, so a tool call
            and its results stay together. The agent state keeps every message and DSPM
            reads every message: only the request is bounded.
        max_history_messages: a cap on the number of those messages as well (default none).
        extractor_llm: a LangChain chat model (or an OpenAI-compatible client) used for
            fact extraction, sync and async; without it the offline rule extractor runs.
        store: a LangGraph ``BaseStore`` or a DSPM store
            (:class:`dspm_core.persist.sqlite.SQLiteStore`,
            :class:`dspm_core.persist.postgres.PostgresStore`): memory is then kept per user
            (the user id comes from the runtime context or ``configurable``), shared by that
            user's threads. Without a store, memory is kept per thread in the agent state.
        extractor: any DSPM extractor (instead of ``extractor_llm``).
        user_id_key: the context / ``configurable`` key that holds the user id.
        namespace: store namespace prefix; the user id is appended.
        header: the first line of the block, telling the model what it is.
        memory_kwargs: more arguments of :class:`~dspm_core.DSPMMemory` (``tokenizer``,
            ``stable_order``, ``history_limit``, ...).
        cache_size: live memories kept in this process (the saved state is the truth).
    """

    state_schema = DSPMAgentState

    def __init__(
        self,
        budget: int = DEFAULT_BUDGET,
        extractor_llm: Any = None,
        store: Any = None,
        *,
        max_history_tokens: int | None = DEFAULT_MAX_HISTORY_TOKENS,
        max_history_messages: int | None = None,
        extractor: Extractor | None = None,
        user_id_key: str = "user_id",
        namespace: tuple[str, ...] = ("dspm",),
        header: str = DEFAULT_HEADER,
        memory_kwargs: dict[str, Any] | None = None,
        cache_size: int = 256,
    ) -> None:
        super().__init__()
        self._dspm_store = store is not None and not isinstance(store, BaseStore)
        if self._dspm_store and not callable(getattr(store, "attach", None)):
            raise ConfigError(f"store must be a LangGraph BaseStore or a DSPM store (SQLiteStore, "
                              f"PostgresStore), "
                              f"got {type(store).__name__}")
        if not isinstance(namespace, tuple) or not all(isinstance(n, str) for n in namespace):
            raise ConfigError("namespace must be a tuple of strings")
        if isinstance(cache_size, bool) or not isinstance(cache_size, int) or cache_size < 1:
            raise ConfigError(f"cache_size must be a positive integer, got {cache_size!r}")
        self.factory = MemoryFactory(budget, extractor_llm=extractor_llm, extractor=extractor,
                                     header=header, memory_kwargs=memory_kwargs,
                                     max_history_tokens=max_history_tokens,
                                     max_history_messages=max_history_messages)
        self.store = store
        self.user_id_key = user_id_key
        self.namespace = namespace
        self._cache = RevisionCache(cache_size)
        self._items = (UserItems(store, namespace, self.factory, self._cache)
                       if isinstance(store, BaseStore) else None)
        # with a DSPM store: the live memory of each recent user (LRU; the database is the
        # truth, so an evicted user is simply loaded again)
        self._users: OrderedDict[str, DSPMMemory] = OrderedDict()
        self._users_lock = threading.Lock()
        self._cache_size = cache_size

    @property
    def budget(self) -> int:
        return self.factory.budget

    @property
    def max_history_tokens(self) -> int | None:
        return self.factory.max_history_tokens

    @property
    def max_history_messages(self) -> int | None:
        return self.factory.max_history_messages

    # ------------------------------------------------------------------ scope
    def _user_id(self, runtime: Runtime[Any] | None) -> str:
        value = _lookup(getattr(runtime, "context", None), self.user_id_key)
        if value is None:
            value = _config_value(self.user_id_key)
        if value is None or not str(value).strip():
            raise ConfigError(
                f"DSPMMiddleware(store=...) keeps memory per user and needs a user id: invoke "
                f"the agent with context={{'{self.user_id_key}': ...}} or "
                f"config={{'configurable': {{'{self.user_id_key}': ...}}}}")
        return str(value)

    def _user_memory(self, user_id: str) -> DSPMMemory:
        """With a DSPM store: the user's memory, bound to the store (it commits every turn
        and replays what other processes committed)."""
        with self._users_lock:
            memory = self._users.get(user_id)
            if memory is not None:
                self._users.move_to_end(user_id)
                return memory
        memory = self.factory.with_hook(DSPMMemory, store=self.store, user_id=user_id)
        with self._users_lock:
            memory = self._users.setdefault(user_id, memory)  # a racing twin: keep the first
            while len(self._users) > self._cache_size:
                self._users.popitem(last=False)
            return memory

    async def _auser_memory(self, user_id: str) -> DSPMMemory:
        with self._users_lock:
            memory = self._users.get(user_id)
        if memory is not None:
            return memory
        return await asyncio.to_thread(self._user_memory, user_id)  # loads from the database

    @staticmethod
    def _thread_id(runtime: Runtime[Any] | None) -> str | None:
        info = getattr(runtime, "execution_info", None)
        thread = getattr(info, "thread_id", None)
        if thread is None:
            thread = _config_value("thread_id")
        return None if thread is None else str(thread)

    # ------------------------------------------------------------------ reading the state
    def _plan(self, state: Mapping[str, Any]) -> tuple[list[tuple[str, str]], list[str], bool]:
        """The new turns to ingest, the keys of all messages, and whether they changed."""
        messages: list[BaseMessage] = list(state.get("messages") or [])
        seen = set(state.get("dspm_seen") or ())
        keys: list[str] = []
        turns: list[tuple[str, str]] = []
        for message in messages:
            key = message_key(message)
            keys.append(key)
            if key in seen:
                continue
            turn = message_turn(message, self.factory.header)
            if turn is not None:
                turns.append(turn)
        return turns, keys, set(keys) != seen

    # ------------------------------------------------------------------ ingest (sync)
    def _ingest(self, state: Mapping[str, Any], runtime: Runtime[Any]) -> dict[str, Any] | None:
        turns, keys, changed = self._plan(state)
        if not turns:
            return {"dspm_seen": keys} if changed else None
        session = self._thread_id(runtime)
        if self.store is None:
            saved = state.get("dspm_memory") or {}
            memory = self._checkout(saved)
            for role, text in turns:
                memory.add_turn(role, text, session_id=session)
            return self._commit_thread(memory, keys)
        user_id = self._user_id(runtime)
        if self._dspm_store:
            memory = self._user_memory(user_id)
            for role, text in turns:
                memory.add_turn(role, text, session_id=_session_id(session))
            return {"dspm_memory": {"user_id": user_id}, "dspm_seen": keys}
        assert self._items is not None
        stored, found = self._items.fold(user_id, self._items.items(user_id), take=True)
        memory = found or self.factory.new()
        for role, text in turns:
            memory.add_turn(role, text, session_id=session)
        rev = self._items.write(user_id, memory, stored)
        return {"dspm_memory": {"rev": rev, "user_id": user_id}, "dspm_seen": keys}

    # ------------------------------------------------------------------ ingest (async)
    async def _aingest(self, state: Mapping[str, Any],
                       runtime: Runtime[Any]) -> dict[str, Any] | None:
        turns, keys, changed = self._plan(state)
        if not turns:
            return {"dspm_seen": keys} if changed else None
        session = self._thread_id(runtime)
        if self.store is None:
            saved = state.get("dspm_memory") or {}
            memory = self._checkout(saved)
            for role, text in turns:
                await memory.aadd_turn(role, text, session_id=session)
            return self._commit_thread(memory, keys)
        user_id = self._user_id(runtime)
        if self._dspm_store:
            memory = await self._auser_memory(user_id)
            for role, text in turns:
                await memory.aadd_turn(role, text, session_id=_session_id(session))
            return {"dspm_memory": {"user_id": user_id}, "dspm_seen": keys}
        assert self._items is not None
        stored, found = self._items.fold(user_id, await self._items.aitems(user_id), take=True)
        memory = found or self.factory.new()
        for role, text in turns:
            await memory.aadd_turn(role, text, session_id=session)
        rev = await self._items.awrite(user_id, memory, stored)
        return {"dspm_memory": {"rev": rev, "user_id": user_id}, "dspm_seen": keys}

    # ------------------------------------------------------------------ shared, no I/O
    def _checkout(self, saved: Mapping[str, Any]) -> DSPMMemory:
        """The memory of a saved ``{"rev", "memory"}``, taken out of the cache (or rebuilt)."""
        memory = self._cache.take(saved.get("rev"))
        if memory is not None:
            return memory
        data = saved.get("memory")
        return self.factory.from_dict(data) if data else self.factory.new()

    def _commit_thread(self, memory: DSPMMemory, keys: list[str]) -> dict[str, Any]:
        rev = _new_rev()
        update = {"dspm_memory": {"rev": rev, "memory": memory.to_dict()}, "dspm_seen": keys}
        self._cache.put(rev, memory)
        return update

    def _cached_for(self, state: Mapping[str, Any]) -> tuple[DSPMMemory | None, bool]:
        """The memory to render from the cache, or whether it must be loaded from the store.

        With a store the user's memory is loaded even when this thread has ingested
        nothing yet: a new thread sees the user's rules from its first model call.
        """
        saved = state.get("dspm_memory") or {}
        if self.store is not None:  # another thread of the user may have written since
            return None, True
        memory = self._cache.get(saved.get("rev"))
        if memory is not None:
            return memory, False
        if not saved:
            return None, False
        memory = self.factory.from_dict(saved["memory"])
        self._cache.put(saved["rev"], memory)
        return memory, False

    def _with_block(self, request: ModelRequest[Any], memory: DSPMMemory | None
                    ) -> ModelRequest[Any]:
        """The request with the block in its system message and its messages bounded."""
        overrides: dict[str, Any] = {}
        messages = self.factory.window(list(request.messages))
        if len(messages) != len(request.messages):
            overrides["messages"] = messages
        if memory is not None:
            query = last_user_text(request.messages, self.factory.header)
            block = self.factory.block(memory, query, messages)
            if block:
                overrides["system_message"] = append_to_system(request.system_message, block)
        return request.override(**overrides) if overrides else request

    # ------------------------------------------------------------------ public helpers
    def memory_for(self, state: Mapping[str, Any] | None = None, *,
                   user_id: str | None = None) -> DSPMMemory | None:
        """The memory of an agent state (``agent.get_state(config).values``) or, with a
        store, of ``user_id``. A copy: changing it does not change the agent's memory."""
        if user_id is not None:
            if self.store is None:
                raise ConfigError("user_id= needs DSPMMiddleware(store=...)")
            if self._dspm_store:
                return DSPMMemory.from_dict(self._user_memory(user_id).to_dict())
            assert self._items is not None
            found = self._items.read(user_id)
            return self.factory.from_dict(found.to_dict()) if found is not None else None
        saved = (state or {}).get("dspm_memory") or {}
        if "memory" in saved:
            return self.factory.from_dict(saved["memory"])
        if "user_id" in saved:
            return self.memory_for(user_id=saved["user_id"])
        return None

    def delete_user(self, user_id: str) -> bool:
        """Delete everything the store holds of ``user_id`` (a DSPM store's rows, or every
        item of the user's namespace in a LangGraph store); returns whether there was any."""
        if self.store is None:
            raise ConfigError("delete_user() needs DSPMMiddleware(store=...)")
        with self._users_lock:
            self._users.pop(user_id, None)
        if self._dspm_store:
            return bool(self.store.delete_user(user_id))
        assert self._items is not None
        return self._items.delete(user_id)

    async def adelete_user(self, user_id: str) -> bool:
        """Async :meth:`delete_user`."""
        if self.store is None or self._dspm_store:
            return await asyncio.to_thread(self.delete_user, user_id)
        with self._users_lock:
            self._users.pop(user_id, None)
        assert self._items is not None
        return await self._items.adelete(user_id)

    # ------------------------------------------------------------------ hooks
    def before_model(self, state: DSPMAgentState, runtime: Runtime[Any]) -> dict[str, Any] | None:
        """Ingest the messages that are new since the last hook (user, tool, assistant)."""
        return self._ingest(state, runtime)

    async def abefore_model(self, state: DSPMAgentState,
                            runtime: Runtime[Any]) -> dict[str, Any] | None:
        return await self._aingest(state, runtime)

    def after_model(self, state: DSPMAgentState, runtime: Runtime[Any]) -> dict[str, Any] | None:
        """Ingest the model's reply, so memory is current when the run ends."""
        return self._ingest(state, runtime)

    async def aafter_model(self, state: DSPMAgentState,
                           runtime: Runtime[Any]) -> dict[str, Any] | None:
        return await self._aingest(state, runtime)

    def wrap_model_call(self, request: ModelRequest[Any],
                        handler: Callable[[ModelRequest[Any]], ModelResponse[Any]]) -> Any:
        """Append the rendered memory to the system message of this request."""
        memory, load = self._cached_for(request.state)
        if load and self._dspm_store:
            memory = self._user_memory(self._user_id(request.runtime))
            memory.load()  # what other processes committed for this user
        elif load and self._items is not None:
            memory = self._items.read(self._user_id(request.runtime))
        return handler(self._with_block(request, memory))

    async def awrap_model_call(
            self, request: ModelRequest[Any],
            handler: Callable[[ModelRequest[Any]], Awaitable[ModelResponse[Any]]]) -> Any:
        memory, load = self._cached_for(request.state)
        if load and self._dspm_store:
            memory = await self._auser_memory(self._user_id(request.runtime))
            await memory.aload()
        elif load and self._items is not None:
            memory = await self._items.aread(self._user_id(request.runtime))
        return await handler(self._with_block(request, memory))
