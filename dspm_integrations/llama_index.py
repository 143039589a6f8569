"""DSPM for LlamaIndex (llama-index-core 0.14): a memory block, a chat memory, a ReAct formatter.

The modern path is ``Memory`` with memory blocks::

    from llama_index.core.agent.workflow import FunctionAgent
    from dspm_integrations.llama_index import dspm_memory

    memory = dspm_memory(budget=250, max_history_tokens=1000)   # a Memory with a DSPM block
    await FunctionAgent(tools=tools, llm=llm).run("...", memory=memory)

:func:`dspm_memory` builds ``Memory.from_defaults(memory_blocks=[DSPMMemoryBlock(...)])``
with its short-term queue bounded by ``max_history_tokens``. :class:`DSPMMemoryBlock` is a
``BaseMemoryBlock[str]``: ``Memory`` hands blocks only the messages its short-term queue
flushes, so the block also reads the active queue it is given on every ``aget`` and sees
every turn exactly once.

:class:`DSPMChatMemory` is a ``ChatMemoryBuffer`` (the older interface, still what many
chat engines are given): every stored message is a DSPM turn; ``get`` returns one system
message holding the memory block (rendered for the current input) and then the recent raw
messages within ``max_history_tokens`` (and ``max_history_messages``), all within
``token_limit``. It takes what ``ChatMemoryBuffer`` takes (``chat_history``, ``llm``,
``chat_store``, ``chat_store_key``, ``token_limit``, ``tokenizer_fn``) and raises on
anything else.

Where the block goes, per engine (a memory can only shape what ``get`` returns):

* ``SimpleChatEngine``: ``prefix_messages + memory.get(initial_token_count=<prefix tokens>)``.
  An engine ``system_prompt`` stays its own system message, followed by the block's; pass
  the prompt to the memory instead (``DSPMChatMemory(system_prompt=...)``) and the LLM gets
  one system message, the prompt and then the block. The whole prompt stays within
  ``token_limit``.
* ``ContextChatEngine`` and ``CondensePlusContextChatEngine``: the engine always builds
  its own first system message from its context template and puts
  ``memory.get(input=message)`` after it, so the block is a second system message; it
  cannot join the engine's. The memory's part stays within ``token_limit``.
* ``FunctionAgent`` and ``AgentWorkflow``: the LLM gets ``[system(agent.system_prompt)] +
  memory.aget()`` and then the current tool loop. Give the prompt to the memory instead of
  the agent to get one system message. Pass ``memory=`` on every ``run`` (or reuse one
  ``Context``; this memory survives the context's ``to_dict``/``from_dict``).
* ``ReActAgent`` drops the first system message of its input and builds its own ReAct
  header; ``CodeActAgent`` replaces that message with its code-act prompt. Read by either
  (``run(..., memory=memory)`` is all it takes), the memory puts an empty system message in
  front of its own when the agent has no ``system_prompt``, so the one consumed is never
  the block; a ReActAgent with the stock formatter gets :class:`DSPMReActChatFormatter`
  with the same settings, so the block (with the memory's ``system_prompt``) ends the
  ReAct header, the one system message. CodeActAgent's LLM gets the block as the system
  message after the code-act prompt. (See :mod:`dspm_integrations._llama_agents`.)
* A history whose first stored message is a system message (``chat_history=[system, ...]``)
  keeps it: the block joins that message instead of adding another.

The block is the same as the LangChain adapter's: ``<dspm_memory>``, the header line, one
line per patch, ``</dspm_memory>`` (inside ``Memory`` the tags come from the block's
name). The adapter never ingests its own block, in this format or the earlier one ending
in ``(end of memory)``: a message that is the block is skipped, and a block echoed inside
another message is cut out before extraction.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from typing import Any

try:
    from llama_index.core.base.llms.types import ChatMessage, MessageRole
    from llama_index.core.bridge.pydantic import (
        ConfigDict,
        Field,
        PrivateAttr,
        field_serializer,
        field_validator,
        model_validator,
    )
    from llama_index.core.llms.llm import LLM
    from llama_index.core.memory import ChatMemoryBuffer
    from llama_index.core.memory.chat_memory_buffer import (
        DEFAULT_TOKEN_LIMIT,
        DEFAULT_TOKEN_LIMIT_RATIO,
    )
    from llama_index.core.memory.types import DEFAULT_CHAT_STORE_KEY
    from llama_index.core.storage.chat_store import BaseChatStore, SimpleChatStore
    from llama_index.core.storage.chat_store.loading import load_chat_store
    from llama_index.core.utils import get_tokenizer
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError('dspm_integrations.llama_index needs llama-index-core: '
                      'pip install "dspm[llama-index]"') from exc

from dspm_core import DSPMMemory

from ._llama_agents import find_reader, fit_for_reader
from ._llama_block import DSPMMemoryBlock, dspm_memory
from ._llama_common import (
    BLOCK_FOOTER,
    BLOCK_HEADER,
    Ledger,
    block_text,
    build_dspm,
    contains_block,
    dspm_role,
    fingerprint,
    message_text,
    min_block_budget,
    strip_block,
)
from ._llama_extract import (
    AsyncLlamaIndexLLMClient,
    LlamaIndexLLMClient,
    LLMRequestError,
    llama_index_extractor,
)
from ._llama_react import DSPMReActChatFormatter
from ._llama_messages import (
    ENGINE_KWARGS,
    bounded_window,
    check_positive,
    drop_oldest_exchange,
    dump_chat_store,
    pop_engine_kwargs,
    query_of,
)
from ._shared import (
    BLOCK_CLOSE,
    BLOCK_OPEN,
    DEFAULT_BUDGET,
    DEFAULT_HEADER,
    DEFAULT_MAX_HISTORY_TOKENS,
    MIN_BLOCK_BUDGET,
    check_history_bounds,
    raising_dspm_errors,
    renamed_alias,
)

__all__ = [
    "BLOCK_CLOSE",
    "BLOCK_FOOTER",
    "BLOCK_HEADER",
    "BLOCK_OPEN",
    "DEFAULT_BUDGET",
    "DEFAULT_HEADER",
    "DEFAULT_MAX_HISTORY_TOKENS",
    "MIN_BLOCK_BUDGET",
    "AsyncLlamaIndexLLMClient",
    "DSPMChatMemory",
    "DSPMMemoryBlock",
    "LLMRequestError",
    "DSPMReActChatFormatter",
    "LlamaIndexLLMClient",
    "dspm_memory",
    "llama_index_extractor",
]


class DSPMChatMemory(ChatMemoryBuffer):
    """A ``ChatMemoryBuffer`` whose ``get`` leads with a DSPM memory block.

    Construct with :meth:`from_defaults` or directly (``DSPMChatMemory(budget=250)``);
    both take what ``ChatMemoryBuffer.from_defaults`` takes (``chat_history``, ``llm``,
    ``chat_store``, ``chat_store_key``, ``token_limit``, ``tokenizer_fn``). Unknown
    keyword arguments raise.

    Args:
        budget: tokens of the memory block (fences and header included).
        max_history_tokens: tokens of the raw recent messages ``get`` returns after the
            block (default 1000, ``None``: no bound; with an explicit ``token_limit`` and no
            ``max_history_tokens``, ``token_limit`` is the bound, as for
            ``ChatMemoryBuffer``): whole exchanges opening on a user message, newest first;
            the newest exchange (an agent's current tool loop) is always returned, so a tool
            call and its results stay together.
        max_history_messages: a cap on their number as well (``history_k`` is its
            deprecated alias).
        token_limit: limit of everything ``get`` returns plus ``initial_token_count``:
            older exchanges go first, then the block shrinks (criticals are kept at their
            shortest forms before anything else). The newest exchange is kept whole even
            over the limit (``ChatMemoryBuffer`` keeps the newest message).
        llm: sizes ``token_limit`` (75% of its context window) and sets the role of the
            block message, as for ``ChatMemoryBuffer``; it never extracts.
        chat_history: messages to start with; ``chat_store``/``chat_store_key``: a store
            that may be shared: messages others write to it reach the block on the next
            ``get``.
        system_prompt: a system prompt the block joins (one system message).
        stable_order: keep the block's lines in first-seen order (byte-stable prefix).
        extractor_llm: a LlamaIndex LLM used as the fact extractor (``chat``/``achat``);
            without it the offline rule extractor is used.
        extractor: any DSPM extractor instead; ``extractor_model``, ``history_limit``,
            ``strict_llm`` are passed on to DSPM. ``dspm``: share an existing
            :class:`~dspm_core.DSPMMemory`.

    ``put``/``put_messages``/``set`` ingest with the extractor's sync path,
    ``aput``/``aput_messages``/``aset`` with its async path. ``set`` replaces the raw
    history and ingests only the messages DSPM has not seen (a sliding window handed
    over on every call keeps the rules from before it); ``reset`` clears both.
    """

    model_config = ConfigDict(extra="forbid")

    budget: int = Field(default=DEFAULT_BUDGET, description="Token budget of the memory block.")
    max_history_tokens: int | None = Field(
        default=DEFAULT_MAX_HISTORY_TOKENS,
        description="Tokens of the recent raw messages returned by get() (None: no bound).")
    max_history_messages: int | None = Field(
        default=None, description="How many recent raw messages get() returns at most.")
    system_prompt: str | None = Field(
        default=None, description="System prompt joined with the memory block.")
    stable_order: bool = Field(default=False, description="Render lines in first-seen order.")

    _dspm: DSPMMemory = PrivateAttr()
    _ledger: Ledger = PrivateAttr()
    _system_role: MessageRole = PrivateAttr(default=MessageRole.SYSTEM)
    _own_tokenizer: bool = PrivateAttr(default=False)  # tokenizer_fn given by the caller
    _last_system: str = PrivateAttr(default="")

    def __init__(self, **data: Any) -> None:
        engine = pop_engine_kwargs(data)
        state = data.pop("dspm_state", None)
        seen = data.pop("dspm_seen", None)
        system_role = data.pop("system_role", None)
        chat_history = data.pop("chat_history", None)
        llm = data.pop("llm", None)
        history_k = data.pop("history_k", None)
        if history_k is not None:
            check_positive("history_k", history_k)
            data["max_history_messages"] = renamed_alias(
                "history_k", "max_history_messages", history_k,
                data.get("max_history_messages"), None)
        if data.get("token_limit") is not None and "max_history_tokens" not in data:
            # a token_limit the caller chose is this buffer's bound, as for ChatMemoryBuffer
            data["max_history_tokens"] = None
        if llm is not None:
            if data.get("token_limit") is None:
                data["token_limit"] = int(llm.metadata.context_window
                                          * DEFAULT_TOKEN_LIMIT_RATIO)
            system_role = system_role or llm.metadata.system_role
        tokenizer_fn = data.get("tokenizer_fn")
        with raising_dspm_errors():
            super().__init__(**data)
        check_history_bounds(self.max_history_tokens, self.max_history_messages)
        if chat_history is not None:
            self.chat_store.set_messages(self.chat_store_key, list(chat_history))
        # DSPM counts with the caller's tokenizer when there is one, else its own offline
        # cl100k_base (the same encoding as LlamaIndex's default tokenizer).
        self._own_tokenizer = tokenizer_fn is not None
        self._dspm = build_dspm(budget=self.budget, stable_order=self.stable_order,
                                tokenizer_fn=tokenizer_fn, state=state, **engine)
        self._ledger = Ledger.from_dict(seen) if seen is not None else Ledger()
        if system_role is not None:
            self._system_role = MessageRole(system_role)
        if state is None and seen is None:
            # a chat store that already holds messages (chat_history=, a shared store)
            existing = self.chat_store.get_messages(self.chat_store_key)
            if existing:
                self._ingest_unseen(existing)

    @classmethod
    def class_name(cls) -> str:
        return "DSPMChatMemory"

    @model_validator(mode="before")
    @classmethod
    def validate_memory(cls, values: Any) -> Any:
        # Replaces ChatMemoryBuffer's validator: same checks, plus a default token_limit so
        # that plain construction (DSPMChatMemory(budget=250)) works.
        if not isinstance(values, dict):
            return values
        values = dict(values)
        if values.get("token_limit") is None:
            values["token_limit"] = DEFAULT_TOKEN_LIMIT
        if isinstance(values["token_limit"], bool) or not isinstance(values["token_limit"], int) \
                or values["token_limit"] < 1:
            raise ValueError("Token limit must be set and greater than 0.")
        if values.get("tokenizer_fn") is None:
            values["tokenizer_fn"] = get_tokenizer()
        return values

    @field_serializer("chat_store")
    def serialize_courses_in_order(self, chat_store: BaseChatStore) -> dict:
        # Same name as the parent's serializer so that it replaces it (see _dump_chat_store).
        return dump_chat_store(chat_store)

    @classmethod
    def from_defaults(  # type: ignore[override]
        cls,
        chat_history: list[ChatMessage] | None = None,
        llm: LLM | None = None,
        chat_store: BaseChatStore | None = None,
        chat_store_key: str = DEFAULT_CHAT_STORE_KEY,
        token_limit: int | None = None,
        tokenizer_fn: Callable[[str], list] | None = None,
        **kwargs: Any,
    ) -> DSPMChatMemory:
        """Create a memory, as ``ChatMemoryBuffer.from_defaults`` does; every other
        argument of the class (``budget``, ``max_history_tokens``, ``system_prompt``,
        ``extractor_llm``...) may be given too. ``llm`` keeps LlamaIndex's meaning: it
        sizes ``token_limit`` and sets the role of the block message; only
        ``extractor_llm`` turns on LLM extraction."""
        allowed = set(cls.model_fields) | set(ENGINE_KWARGS) | {"history_k", "system_role"}
        unknown = set(kwargs) - allowed
        if unknown:
            raise ValueError(f"Unexpected kwargs: {sorted(unknown)}")
        return cls(chat_history=chat_history, llm=llm, chat_store=chat_store or SimpleChatStore(),
                   chat_store_key=chat_store_key, token_limit=token_limit,
                   tokenizer_fn=tokenizer_fn, **kwargs)

    @property
    def history_k(self) -> int | None:
        """Deprecated alias of :attr:`max_history_messages`."""
        return self.max_history_messages

    # ------------------------------------------------------------------ views
    @property
    def dspm(self) -> DSPMMemory:
        """The DSPM memory behind this buffer (``stats``, ``explain``, ``pin``...)."""
        return self._dspm

    @property
    def stats(self) -> dict[str, Any]:
        return self._dspm.stats

    def get_context(self, query: str = "", budget: int | None = None) -> str:
        """The memory block for ``query`` (fences and header included), as ``get`` sends
        it when nothing has to shrink."""
        return block_text(self._dspm, query, self.budget if budget is None else budget)

    # ------------------------------------------------------------------ ingest
    def _own_block_test(self) -> Callable[[ChatMessage], bool]:
        """A test for "this message is our own block" (locals only: it runs per message)."""
        roles = {MessageRole.SYSTEM, self._system_role}
        prompt = (self.system_prompt or "").strip()

        def is_own_block(message: ChatMessage) -> bool:
            if message.role not in roles:
                return False
            text = message_text(message)
            if not contains_block(text):
                return False
            rest = strip_block(text)
            return not rest or rest == prompt

        return is_own_block

    def _turn_text(self, message: ChatMessage) -> str:
        text = message_text(message)
        if contains_block(text):
            text = strip_block(text)
            if dspm_role(message.role) == "system" and text == (self.system_prompt or "").strip():
                return ""  # our own system message, echoed back whole
        return text

    def _claim(self, messages: Sequence[ChatMessage], all_new: bool) -> list[ChatMessage]:
        """Record ``messages`` in the ledger; return those to ingest (in order)."""
        fps = [fingerprint(m) for m in messages]
        with self._ledger.lock:
            start = 0 if all_new else self._ledger.align(fps)[1]
            for fp in fps[start:]:
                self._ledger.append(fp)
        is_own_block = self._own_block_test()
        return [m for m in messages[start:] if not is_own_block(m)]

    def _ingest(self, messages: Sequence[ChatMessage], all_new: bool = True) -> None:
        for m in self._claim(messages, all_new):
            text = self._turn_text(m)
            if text.strip():
                self._dspm.add_turn(dspm_role(m.role), text)

    async def _aingest(self, messages: Sequence[ChatMessage], all_new: bool = True) -> None:
        for m in self._claim(messages, all_new):
            text = self._turn_text(m)
            if text.strip():
                await self._dspm.aadd_turn(dspm_role(m.role), text)

    def _ingest_unseen(self, messages: Sequence[ChatMessage]) -> None:
        self._ingest(messages, all_new=False)

    def put(self, message: ChatMessage) -> None:
        """Store a message and ingest it (sync extractor)."""
        super().put(message)
        self._ingest([message])

    async def aput(self, message: ChatMessage) -> None:
        """Store a message and ingest it (async extractor). ``BaseChatStoreMemory.aput``
        does not call ``put``, hence both."""
        await self.chat_store.async_add_message(self.chat_store_key, message)
        await self._aingest([message])

    def put_messages(self, messages: list[ChatMessage]) -> None:
        for message in messages:
            self.put(message)

    async def aput_messages(self, messages: list[ChatMessage]) -> None:
        for message in messages:
            await self.aput(message)

    def set(self, messages: list[ChatMessage]) -> None:
        """Replace the raw history; DSPM ingests only the messages it has not seen."""
        super().set(messages)
        self._ingest(messages, all_new=False)

    async def aset(self, messages: list[ChatMessage]) -> None:
        await self.chat_store.aset_messages(self.chat_store_key, messages)
        await self._aingest(messages, all_new=False)

    def reset(self) -> None:
        """Forget the raw history and DSPM's memory."""
        super().reset()
        self._dspm.reset()
        with self._ledger.lock:
            self._ledger.clear()

    async def areset(self) -> None:
        await self.chat_store.adelete_messages(self.chat_store_key)
        self._dspm.reset()
        with self._ledger.lock:
            self._ledger.clear()

    # ------------------------------------------------------------------ get
    def _system_message(self, query: str, budget: int, lead: str | None,
                        window: Sequence[ChatMessage] = ()) -> ChatMessage | None:
        block = block_text(self._dspm, query, budget, shown=window)
        parts = [p.strip() for p in (self.system_prompt, lead, block) if p and p.strip()]
        if not parts:
            return None
        return ChatMessage(role=self._system_role, content="\n\n".join(parts))

    def _count(self, text: str) -> int:
        return len(self.tokenizer_fn(text))

    def get(self, input: str | None = None, initial_token_count: int = 0,
            **kwargs: Any) -> list[ChatMessage]:
        """The memory block (rendered for ``input``, else for the latest user message) in
        a system message, then the recent raw messages within ``max_history_tokens`` and
        ``max_history_messages``, all within ``token_limit`` minus ``initial_token_count``.

        Messages written to the chat store by someone else since the last call are
        ingested first. Older exchanges are dropped first, then the block shrinks; the
        newest exchange is returned whole even when it alone is over the limit.
        """
        if initial_token_count > self.token_limit:
            raise ValueError("Initial token count exceeds token limit")
        stored = self.get_all()
        self._ingest_unseen(stored)
        is_own_block = self._own_block_test()
        history = [m for m in stored if not is_own_block(m)]
        lead = None
        if history and history[0].role in (MessageRole.SYSTEM, self._system_role):
            lead = strip_block(message_text(history[0]))
            history = history[1:]
            if lead.strip() == (self.system_prompt or "").strip():
                lead = None  # the memory's own prompt, stored back
        query = query_of(input, history)
        window = bounded_window(history, self._count, max_tokens=self.max_history_tokens,
                                max_messages=self.max_history_messages)
        budget = self.budget
        system = self._system_message(query, budget, lead, window)

        def over(sys_msg: ChatMessage | None, win: list[ChatMessage]) -> int:
            msgs = ([sys_msg] if sys_msg is not None else []) + win
            return self._token_count_for_messages(msgs) + initial_token_count - self.token_limit

        while over(system, window) > 0:
            shorter = drop_oldest_exchange(window)
            if shorter is window:
                break
            window = shorter
        if len(window) != len(history):  # what the dropped messages said may join the block
            system = self._system_message(query, budget, lead, window)
        least = min_block_budget(self._dspm)
        excess = over(system, window)
        while excess > 0 and budget > least:
            budget = max(least, budget - excess)
            system = self._system_message(query, budget, lead, window)
            excess = over(system, window)
        if excess > 0 and system is not None:
            # not even the smallest block fits the limit beside the newest exchange: the
            # limit wins, the block is left out (it stays in memory for the next call)
            system = self._system_message(query, 0, lead, window)
        self._last_system = system.content or "" if system is not None else ""
        return ([system] if system is not None else []) + window

    async def aget(self, input: str | None = None, initial_token_count: int = 0,
                   **kwargs: Any) -> list[ChatMessage]:
        """:meth:`get`, in a worker thread as ``ChatMemoryBuffer.aget``; read by a
        LlamaIndex agent, the messages are fitted to what that agent does with them (a
        ReActAgent or CodeActAgent without a ``system_prompt`` would drop the block; see
        :mod:`dspm_integrations._llama_agents`)."""
        reader = find_reader()
        messages = await asyncio.to_thread(self.get, input=input,
                                           initial_token_count=initial_token_count, **kwargs)
        return await fit_for_reader(reader, messages)

    @property
    def last_system_message(self) -> str:
        """The text of the system message the latest ``get`` returned (``""`` if none)."""
        return self._last_system

    # ------------------------------------------------------------------ state
    def to_dict(self, **kwargs: Any) -> dict:
        """Config, raw history and the DSPM state, JSON-ready (works on pydantic 2.14)."""
        data = self.model_dump()
        data["class_name"] = self.class_name()
        data["system_role"] = self._system_role.value
        data["dspm_state"] = self._dspm.to_dict()
        with self._ledger.lock:
            data["dspm_seen"] = self._ledger.to_dict()
        return data

    def to_string(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: dict[str, Any], **kwargs: Any) -> DSPMChatMemory:
        """Restore from :meth:`to_dict`. ``kwargs`` add what is not saved: ``extractor_llm``
        or ``extractor``, ``tokenizer_fn``, ``strict_llm``."""
        data = dict(data)
        if "chat_history" in data:  # ChatMemoryBuffer's old format
            data["chat_store"] = SimpleChatStore(
                store={data.get("chat_store_key", DEFAULT_CHAT_STORE_KEY): data.pop("chat_history")})
        elif isinstance(data.get("chat_store"), dict):
            data["chat_store"] = load_chat_store(data["chat_store"])
        data.pop("class_name", None)
        data.update(kwargs)
        return cls(**data)

    @classmethod
    def from_string(cls, json_str: str, **kwargs: Any) -> DSPMChatMemory:
        return cls.from_dict(json.loads(json_str), **kwargs)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> DSPMChatMemory:
        # Locks cannot be deep-copied; a copy is a restored snapshot with the same extractor.
        extra = {"tokenizer_fn": self.tokenizer_fn} if self._own_tokenizer else {}
        return type(self).from_dict(self.to_dict(), extractor=self._dspm.extractor, **extra)
