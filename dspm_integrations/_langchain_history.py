"""DSPMChatMessageHistory (``BaseChatMessageHistory``) and DSPMChatMemory (classic ``memory=``).

The history stands in for ``InMemoryChatMessageHistory``: it is a pydantic model that
takes ``messages=``, keeps every message it is given (:attr:`~DSPMChatMessageHistory.
transcript`), serialises with ``model_dump``/``model_validate`` and ingests every message
into a DSPM memory. The one deliberate difference is what ``messages`` returns: the memory
block as a system message, then only the recent messages within ``max_history_tokens``
(and ``max_history_messages``), so the prompt a chain builds from it stays bounded.

The classic memory is a thin ``BaseMemory`` over the same history: ``load_memory_variables``
renders for the chain's current input, ``save_context`` adds the input and the output.
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Sequence
from typing import Any, ClassVar, cast

from langchain_core.chat_history import BaseChatMessageHistory
from langchain_core.messages import (
    AIMessage,
    AnyMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    get_buffer_string,
)
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from dspm_core import DSPMMemory
from dspm_core.errors import ConfigError

from ._langchain_common import (
    DEFAULT_BUDGET,
    DEFAULT_HEADER,
    DEFAULT_MAX_HISTORY_TOKENS,
    MemoryFactory,
    is_block_message,
    last_user_text,
    message_key,
    message_turn,
)
from ._shared import block_overhead, check_history_bounds, raising_dspm_errors, renamed_alias

try:
    from langchain_classic.base_memory import BaseMemory
except ImportError:  # pragma: no cover - only without langchain-classic
    BaseMemory = None  # type: ignore[assignment,misc]

__all__ = ["DSPMChatMemory", "DSPMChatMessageHistory"]


def _persistence(memory: DSPMMemory | None, path: str | None, store: Any,
                 user_id: str | None) -> None:
    """Fail early and clearly on a combination of backends that cannot work."""
    if store is not None and user_id is None:
        raise ConfigError("store= needs user_id=: memory in a store is kept per user")
    if memory is not None and (path is not None or store is not None):
        raise ConfigError("pass either memory= or path=/store=, not both")


class DSPMChatMessageHistory(BaseChatMessageHistory, BaseModel):
    """Chat history whose ``messages`` are the memory block plus the recent messages.

    Works with ``RunnableWithMessageHistory`` (``get_session_history`` returns one of
    these per session) wherever an ``InMemoryChatMessageHistory`` would. Every added
    message is kept in :attr:`transcript` and ingested (user, assistant, tool, system);
    the memory block itself, if it is ever added back, is neither.

    Args:
        memory: an existing :class:`~dspm_core.DSPMMemory` to use (first positional
            argument; the block's budget is then its budget plus the fences and header).
        messages: messages to start with (ingested), as ``InMemoryChatMessageHistory``.
        budget: tokens of the system message's block (fences and header included).
        max_history_tokens: tokens of the recent messages ``messages`` returns after the
            block (default 1000, ``None``: all). Whole exchanges, each opening on a user
            message, newest first; the latest exchange is always returned.
        max_history_messages: a cap on their number (``0``: the block alone).
        extractor_llm, extractor: see :class:`DSPMMiddleware`.
        path: a notebook file to load from and save to after every change
            (``DSPMMemory.load`` / ``save``).
        store, user_id: a :class:`dspm_core.persist.sqlite.SQLiteStore` and the user whose
            memory it holds (``DSPMMemory(store=..., user_id=...)``).
        session_id: tags the ingested turns.
        k: deprecated alias of ``max_history_messages``.

    ``messages = [...]`` replaces the transcript; messages DSPM has not seen are ingested
    and the memory keeps what it learned from the rest. ``model_dump()`` holds the
    settings, the transcript (``messages``) and the memory's state; ``model_validate``
    restores them. Extractors, stores and paths are not serialised.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True, extra="forbid",
                              populate_by_name=True, serialize_by_alias=True)

    # ``messages`` is the bounded view (a property below), not a field: a ClassVar
    # annotation keeps pydantic from collecting the base class's annotation as one.
    messages: ClassVar[Any]  # type: ignore[misc]

    budget: int = DEFAULT_BUDGET
    max_history_tokens: int | None = DEFAULT_MAX_HISTORY_TOKENS
    max_history_messages: int | None = None
    session_id: str | None = None
    user_id: str | None = None
    header: str = DEFAULT_HEADER
    path: str | None = None
    memory_kwargs: dict[str, Any] = Field(default_factory=dict)
    stored: list[AnyMessage] = Field(default_factory=list, alias="messages", repr=False)
    dspm_state: dict[str, Any] | None = Field(default=None, repr=False)
    memory: Any = Field(default=None, exclude=True, repr=False)
    extractor_llm: Any = Field(default=None, exclude=True, repr=False)
    extractor: Any = Field(default=None, exclude=True, repr=False)
    store: Any = Field(default=None, exclude=True, repr=False)
    k: int | None = Field(default=None, exclude=True, repr=False)

    _factory: MemoryFactory = PrivateAttr()
    _seen: set[str] = PrivateAttr(default_factory=set)
    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)
    _view: list[BaseMessage] | None = PrivateAttr(default=None)

    def __init__(self, memory: DSPMMemory | None = None, /, **data: Any) -> None:
        if memory is not None:
            data["memory"] = memory
        with raising_dspm_errors():
            super().__init__(**data)

    @model_validator(mode="before")
    @classmethod
    def _inputs(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("path") is not None:
            data = {**data, "path": os.fspath(data["path"])}
        return data

    def model_post_init(self, context: Any, /) -> None:
        self.max_history_messages = renamed_alias(
            "k", "max_history_messages", self.k, self.max_history_messages, None)
        check_history_bounds(self.max_history_tokens, self.max_history_messages)
        memory = self.memory
        if memory is not None and not isinstance(memory, DSPMMemory):
            raise ConfigError(f"memory must be a DSPMMemory, got {type(memory).__name__}")
        _persistence(memory, self.path, self.store, self.user_id)
        budget = self.budget
        if memory is not None:  # the existing memory keeps its budget
            budget = memory.budget + block_overhead(memory.counter, self.header)
        self._factory = MemoryFactory(
            budget, extractor_llm=self.extractor_llm, extractor=self.extractor,
            header=self.header, memory_kwargs=self.memory_kwargs,
            max_history_tokens=self.max_history_tokens,
            max_history_messages=self.max_history_messages)
        self.budget = budget
        if memory is None and self.store is not None:
            # the store loads the user's memory and commits every turn
            memory = self._factory.with_hook(DSPMMemory, store=self.store, user_id=self.user_id,
                                             session_id=self.session_id)
        elif memory is None and self.dspm_state is not None:
            memory = self._factory.from_dict(self.dspm_state)
        elif memory is None:
            memory = self._factory.new()
            if self.path is not None:
                memory.load(self.path)  # a missing file loads nothing
        self.memory = memory
        restored = self.dspm_state is not None
        self.dspm_state = None
        given, self.stored = list(self.stored), []
        turns = self._accept(given)
        if not restored:  # a restored state already holds what these messages said
            for role, text in turns:
                memory.add_turn(role, text, session_id=self.session_id)

    @model_serializer(mode="wrap")
    def _serialise(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if self.store is None:
            data["dspm_state"] = self.memory.to_dict()
        return data

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "messages":  # the property's setter (pydantic would refuse the name)
            self._set_messages(value)
            return
        super().__setattr__(name, value)

    def __eq__(self, other: object) -> bool:
        """Histories are equal when they hold the same transcript with the same settings."""
        if not isinstance(other, DSPMChatMessageHistory):
            return NotImplemented
        keys = ("budget", "max_history_tokens", "max_history_messages", "header",
                "session_id", "user_id")
        return (all(getattr(self, k) == getattr(other, k) for k in keys)
                and self.transcript == other.transcript)

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        # pickle goes through the serialised form (a lock cannot be pickled)
        return (type(self).model_validate, (self.model_dump(),))

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> DSPMChatMessageHistory:
        return type(self).model_validate(self.model_dump())

    # ------------------------------------------------------------------ reading
    @property
    def factory(self) -> MemoryFactory:
        return self._factory

    @property
    def transcript(self) -> list[BaseMessage]:
        """Every message added, in order (a copy): what ``InMemoryChatMessageHistory``'s
        ``messages`` would be. Changing the list does not change the history."""
        with self._lock:
            return list(self.stored)

    @property
    def recent(self) -> list[BaseMessage]:
        """The recent messages ``messages`` returns after the block."""
        if self.max_history_messages == 0:
            return []
        return self._factory.window(self.transcript)

    def render_messages(self, query: str | None = None) -> list[BaseMessage]:
        """The memory block (rendered for ``query``, default the latest user message)
        as a system message, followed by the recent messages."""
        recent = self.recent
        if query is None:
            query = last_user_text(recent or self.transcript, self._factory.header)
        block = self._factory.block(self.memory, query, recent)
        head: list[BaseMessage] = [SystemMessage(content=block)] if block else []
        return head + recent

    @property  # type: ignore[no-redef]
    def messages(self) -> list[BaseMessage]:
        """The memory block and the recent messages; two reads without a change are equal.

        With a store, what other processes committed for the user is pulled first."""
        if self.store is not None and self.memory.load():
            with self._lock:
                self._view = None
        with self._lock:
            view = self._view
        if view is None:
            view = self.render_messages()
            with self._lock:
                self._view = view
        return list(view)

    @messages.setter
    def messages(self, messages: Sequence[BaseMessage]) -> None:
        self._set_messages(messages)  # reached through __setattr__ below

    async def aget_messages(self) -> list[BaseMessage]:
        if self.store is not None:  # the refresh reads the database
            return await asyncio.to_thread(lambda: self.messages)
        return self.messages

    # ------------------------------------------------------------------ writing
    def _accept(self, messages: Sequence[BaseMessage], *, replace: bool = False
                ) -> list[tuple[str, str]]:
        """Keep ``messages`` in the transcript; return their turns to ingest. Added
        messages are all new; a replacing list (``replace``) brings only the messages
        that were never added before."""
        turns: list[tuple[str, str]] = []
        header = self._factory.header
        with self._lock:
            self._view = None
            if replace:
                self.stored = []
            for message in messages:
                if not isinstance(message, BaseMessage):
                    raise ConfigError(f"messages must be LangChain messages, got "
                                      f"{type(message).__name__}")
                if is_block_message(message, header):
                    continue  # our own block, handed back: never ingested, never kept
                self.stored.append(cast("AnyMessage", message))
                key = message_key(message)
                if replace and key in self._seen:
                    continue
                self._seen.add(key)
                turn = message_turn(message, header)
                if turn is not None:
                    turns.append(turn)
        return turns

    def _set_messages(self, messages: Sequence[BaseMessage]) -> None:
        for role, text in self._accept(list(messages), replace=True):
            self.memory.add_turn(role, text, session_id=self.session_id)
        self._saved()

    def _saved(self) -> None:
        if self.path is not None:
            self.memory.save(self.path)

    async def _asaved(self) -> None:
        if self.path is not None:
            await self.memory.asave(self.path)

    def add_messages(self, messages: Sequence[BaseMessage]) -> None:
        """Keep and ingest ``messages``."""
        for role, text in self._accept(messages):
            self.memory.add_turn(role, text, session_id=self.session_id)
        self._saved()

    async def aadd_messages(self, messages: Sequence[BaseMessage]) -> None:
        for role, text in self._accept(messages):
            await self.memory.aadd_turn(role, text, session_id=self.session_id)
        await self._asaved()

    def _forget_messages(self) -> None:
        with self._lock:
            self.stored = []
            self._seen.clear()
            self._view = None

    def clear(self) -> None:
        """Forget everything: the memory and the transcript."""
        self._forget_messages()
        self.memory.reset()
        self._saved()

    async def aclear(self) -> None:
        self._forget_messages()
        await asyncio.to_thread(self.memory.reset)  # with a store: database I/O
        await self._asaved()


if BaseMemory is not None:

    class DSPMChatMemory(BaseMemory):
        """The classic ``memory=`` interface (``AgentExecutor(memory=...)``, ``LLMChain``).

        ``load_memory_variables`` gives ``{memory_key: ...}``: the memory block (rendered
        for the chain's current input) followed by the recent messages, as one string, or
        as messages with ``return_messages=True`` (for a ``MessagesPlaceholder``). A prompt
        with ``MessagesPlaceholder("chat_history")`` (the usual agent prompt) needs
        ``memory_key="chat_history", return_messages=True``; the default ``"history"`` is
        the base class's. ``save_context`` ingests the input and the output.

        ``budget``, ``max_history_tokens`` and ``max_history_messages`` mean what they mean
        for :class:`DSPMChatMessageHistory` (``k`` is the deprecated alias of the last).
        Unknown keyword arguments raise.
        """

        model_config = ConfigDict(arbitrary_types_allowed=True, extra="forbid")

        budget: int = DEFAULT_BUDGET
        max_history_tokens: int | None = DEFAULT_MAX_HISTORY_TOKENS
        max_history_messages: int | None = None
        k: int | None = Field(default=None, exclude=True)
        memory_key: str = "history"
        input_key: str | None = None
        output_key: str | None = None
        return_messages: bool = False
        human_prefix: str = "Human"
        ai_prefix: str = "AI"
        extractor_llm: Any = None
        extractor: Any = None
        history: DSPMChatMessageHistory | None = None

        def __init__(self, **data: Any) -> None:
            with raising_dspm_errors():
                super().__init__(**data)

        @model_validator(mode="after")
        def _build_history(self) -> DSPMChatMemory:
            if self.history is None:
                self.history = DSPMChatMessageHistory(
                    budget=self.budget, max_history_tokens=self.max_history_tokens,
                    max_history_messages=self.max_history_messages, k=self.k,
                    extractor_llm=self.extractor_llm, extractor=self.extractor)
            self.max_history_messages = self.history.max_history_messages
            self.k = None
            return self

        @property
        def memory(self) -> DSPMMemory:
            """The underlying :class:`~dspm_core.DSPMMemory`."""
            return self._history.memory  # type: ignore[no-any-return]

        @property
        def _history(self) -> DSPMChatMessageHistory:
            assert self.history is not None  # set by the validator
            return self.history

        @property
        def memory_variables(self) -> list[str]:
            return [self.memory_key]

        def _input_text(self, inputs: dict[str, Any]) -> str:
            key = self.input_key
            if key is None:
                keys = [k for k in inputs if k not in (self.memory_key, "stop")]
                key = keys[0] if len(keys) == 1 else ("input" if "input" in keys else None)
            value = inputs.get(key) if key is not None else None
            return value if isinstance(value, str) else ""

        def _io(self, inputs: dict[str, Any], outputs: dict[str, Any]) -> tuple[str, str]:
            keys = [k for k in inputs if k not in (self.memory_key, "stop")]
            in_key = self.input_key or (keys[0] if len(keys) == 1 else None)
            if in_key is None:
                raise ValueError(f"one input key expected, got {keys}; set input_key")
            out_key = self.output_key
            if out_key is None:
                if len(outputs) == 1:
                    out_key = next(iter(outputs))
                elif "output" in outputs:
                    out_key = "output"
                else:
                    raise ValueError(f"several output keys {list(outputs)}; set output_key")
            return str(inputs[in_key]), str(outputs[out_key])

        def load_memory_variables(self, inputs: dict[str, Any]) -> dict[str, Any]:
            """``{memory_key: block and recent messages}`` rendered for the current input."""
            messages = self._history.render_messages(self._input_text(inputs))
            if self.return_messages:
                return {self.memory_key: messages}
            parts = []
            if messages and isinstance(messages[0], SystemMessage):
                parts.append(str(messages[0].content))
                messages = messages[1:]
            if messages:
                parts.append(get_buffer_string(messages, human_prefix=self.human_prefix,
                                               ai_prefix=self.ai_prefix))
            return {self.memory_key: "\n\n".join(parts)}

        async def aload_memory_variables(self, inputs: dict[str, Any]) -> dict[str, Any]:
            return self.load_memory_variables(inputs)

        def save_context(self, inputs: dict[str, Any], outputs: dict[str, Any]) -> None:
            """Ingest this run's input (as the user) and output (as the assistant)."""
            user, ai = self._io(inputs, outputs)
            self._history.add_messages([HumanMessage(content=user), AIMessage(content=ai)])

        async def asave_context(self, inputs: dict[str, Any], outputs: dict[str, Any]) -> None:
            user, ai = self._io(inputs, outputs)
            await self._history.aadd_messages([HumanMessage(content=user),
                                               AIMessage(content=ai)])

        def clear(self) -> None:
            self._history.clear()

        async def aclear(self) -> None:
            await self._history.aclear()

else:  # pragma: no cover - only without langchain-classic

    class DSPMChatMemory:  # type: ignore[no-redef]
        """Needs ``langchain-classic`` (``pip install "dspm[langchain]"``)."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            raise ImportError('DSPMChatMemory needs langchain-classic: '
                              'pip install "dspm[langchain]"')
