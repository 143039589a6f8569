"""DSPMChatMessageHistory (``BaseChatMessageHistory``) and DSPMChatMemory (classic ``memory=``).

The history's ``messages`` are one system message with the rendered memory followed by
the last ``k`` raw messages; every message added is ingested by the memory. The classic
memory is a thin ``BaseMemory`` over the same history: ``load_memory_variables`` renders
for the chain's current input, ``save_context`` adds the input and the output.
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections import deque
from collections.abc import Sequence
from typing import Any

from langchain_core.chat_history import BaseChatMessageHistory
from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    get_buffer_string,
)
from pydantic import ConfigDict, model_validator

from dspm_core import DSPMMemory
from dspm_core.errors import ConfigError
from dspm_core.extract.base import Extractor

from ._langchain_common import (
    DEFAULT_HEADER,
    MemoryFactory,
    is_block_message,
    last_user_text,
    message_turn,
)

try:
    from langchain_classic.base_memory import BaseMemory
except ImportError:  # pragma: no cover - only without langchain-classic
    BaseMemory = None  # type: ignore[assignment,misc]

__all__ = ["DSPMChatMemory", "DSPMChatMessageHistory"]


def _persistence(memory: DSPMMemory | None, path: str | os.PathLike[str] | None,
                 store: Any, user_id: str | None) -> None:
    """Fail early and clearly when a persistence backend of the core is not there."""
    if path is not None and not (hasattr(DSPMMemory, "save") and hasattr(DSPMMemory, "load")):
        raise ConfigError("path= needs DSPMMemory.save/load, which this dspm_core lacks")
    if store is not None and user_id is None:
        raise ConfigError("store= needs user_id=: memory in a store is kept per user")
    if memory is not None and (path is not None or store is not None):
        raise ConfigError("pass either memory= or path=/store=, not both")


class DSPMChatMessageHistory(BaseChatMessageHistory):
    """Chat history whose ``messages`` are the rendered memory plus the last ``k`` messages.

    Works with ``RunnableWithMessageHistory`` (``get_session_history`` returns one of
    these per session). Every added message is ingested (user, assistant, tool, system);
    the memory block itself, if it is ever added back, is not.

    Args:
        memory: an existing :class:`~dspm_core.DSPMMemory` to use (its budget is kept).
        budget: tokens of the system message's block when ``memory`` is not given.
        k: raw messages kept after the memory block (0 keeps none).
        extractor_llm, extractor: see :class:`DSPMMiddleware`.
        path: a notebook file to load from and save to after every change
            (``DSPMMemory.load`` / ``save``).
        store, user_id: a :class:`dspm_core.persist.sqlite.SQLiteStore` and the user whose
            memory it holds (``DSPMMemory(store=..., user_id=...)``).
        session_id: tags the ingested turns.
    """

    def __init__(
        self,
        memory: DSPMMemory | None = None,
        *,
        budget: int = 250,
        k: int = 6,
        extractor_llm: Any = None,
        extractor: Extractor | None = None,
        path: str | os.PathLike[str] | None = None,
        store: Any = None,
        user_id: str | None = None,
        session_id: str | None = None,
        header: str = DEFAULT_HEADER,
        memory_kwargs: dict[str, Any] | None = None,
    ) -> None:
        super().__init__()
        if isinstance(k, bool) or not isinstance(k, int) or k < 0:
            raise ConfigError(f"k must be a non-negative integer, got {k!r}")
        _persistence(memory, path, store, user_id)
        self.factory = MemoryFactory(budget, extractor_llm=extractor_llm, extractor=extractor,
                                     header=header, memory_kwargs=memory_kwargs)
        self.path = None if path is None else os.fspath(path)
        self._store = store
        self.session_id = session_id
        if memory is not None:
            self.memory = memory
        elif store is not None:  # the store loads the user's memory and commits every turn
            self.memory = self.factory.with_hook(DSPMMemory, store=store, user_id=user_id,
                                                 session_id=session_id)
        else:
            self.memory = self.factory.new()
            if self.path is not None:
                self.memory.load(self.path)  # a missing file loads nothing
        self.k = k
        self._recent: deque[BaseMessage] = deque(maxlen=k or None)
        self._lock = threading.Lock()
        self._view: list[BaseMessage] | None = None

    # ------------------------------------------------------------------ reading
    @property
    def recent(self) -> list[BaseMessage]:
        """The last ``k`` raw messages."""
        with self._lock:
            return list(self._recent) if self.k else []

    def render_messages(self, query: str | None = None) -> list[BaseMessage]:
        """The memory block (rendered for ``query``, default the latest user message)
        as a system message, followed by the last ``k`` raw messages."""
        recent = self.recent
        if query is None:
            query = last_user_text(recent, self.factory.header)
        block = self.factory.block(self.memory, query)
        head: list[BaseMessage] = [SystemMessage(content=block)] if block else []
        return head + recent

    @property
    def messages(self) -> list[BaseMessage]:  # type: ignore[override]
        """The memory block and the recent messages; two reads without a change are equal.

        With a store, what other processes committed for the user is pulled first."""
        if self._store is not None and self.memory.load():
            with self._lock:
                self._view = None
        with self._lock:
            view = self._view
        if view is None:
            view = self.render_messages()
            with self._lock:
                self._view = view
        return list(view)

    async def aget_messages(self) -> list[BaseMessage]:
        if self._store is not None:  # the refresh reads the database
            return await asyncio.to_thread(lambda: self.messages)
        return self.messages

    # ------------------------------------------------------------------ writing
    def _accept(self, messages: Sequence[BaseMessage]) -> list[tuple[str, str]]:
        turns: list[tuple[str, str]] = []
        with self._lock:
            self._view = None
            for message in messages:
                if is_block_message(message, self.factory.header):
                    continue  # our own block, handed back: never ingested, never kept
                if self.k:
                    self._recent.append(message)
                turn = message_turn(message, self.factory.header)
                if turn is not None:
                    turns.append(turn)
        return turns

    def _saved(self) -> None:
        if self.path is not None:
            self.memory.save(self.path)

    async def _asaved(self) -> None:
        if self.path is not None:
            await self.memory.asave(self.path)

    def add_messages(self, messages: Sequence[BaseMessage]) -> None:
        """Ingest ``messages`` and keep the last ``k`` of them."""
        for role, text in self._accept(messages):
            self.memory.add_turn(role, text, session_id=self.session_id)
        self._saved()

    async def aadd_messages(self, messages: Sequence[BaseMessage]) -> None:
        for role, text in self._accept(messages):
            await self.memory.aadd_turn(role, text, session_id=self.session_id)
        await self._asaved()

    def clear(self) -> None:
        """Forget everything: the memory and the recent messages."""
        with self._lock:
            self._recent.clear()
            self._view = None
        self.memory.reset()
        self._saved()

    async def aclear(self) -> None:
        with self._lock:
            self._recent.clear()
            self._view = None
        await asyncio.to_thread(self.memory.reset)  # with a store: database I/O
        await self._asaved()


if BaseMemory is not None:

    class DSPMChatMemory(BaseMemory):
        """The classic ``memory=`` interface (``AgentExecutor(memory=...)``, ``LLMChain``).

        ``load_memory_variables`` gives ``{memory_key: ...}``: the rendered memory (for the
        chain's current input) followed by the last ``k`` messages, as one string, or as
        messages with ``return_messages=True`` (for a ``MessagesPlaceholder``).
        ``save_context`` ingests the input and the output.
        """

        model_config = ConfigDict(arbitrary_types_allowed=True)

        budget: int = 250
        k: int = 4
        memory_key: str = "history"
        input_key: str | None = None
        output_key: str | None = None
        return_messages: bool = False
        human_prefix: str = "Human"
        ai_prefix: str = "AI"
        extractor_llm: Any = None
        extractor: Any = None
        history: DSPMChatMessageHistory | None = None

        @model_validator(mode="after")
        def _build_history(self) -> DSPMChatMemory:
            if self.history is None:
                self.history = DSPMChatMessageHistory(
                    budget=self.budget, k=self.k, extractor_llm=self.extractor_llm,
                    extractor=self.extractor)
            return self

        @property
        def memory(self) -> DSPMMemory:
            """The underlying :class:`~dspm_core.DSPMMemory`."""
            return self._history.memory

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
