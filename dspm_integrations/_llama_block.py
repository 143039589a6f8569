"""DSPMMemoryBlock: DSPM as a memory block of LlamaIndex's ``Memory``.

Split from :mod:`dspm_integrations.llama_index` (import it from there).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from llama_index.core.base.llms.types import ChatMessage, MessageRole, TextBlock
from llama_index.core.bridge.pydantic import ConfigDict, Field, PrivateAttr
from llama_index.core.memory.memory import BaseMemoryBlock, Memory

from dspm_core import DSPMMemory
from dspm_core.errors import ConfigError

from ._llama_agents import FITTING, find_reader, fit_for_reader, warn_if_lost
from ._llama_common import (
    Ledger,
    block_text,
    build_dspm,
    dspm_role,
    fingerprint,
    message_text,
    min_block_budget,
    strip_block,
)
from ._llama_messages import pop_engine_kwargs, query_of
from ._shared import (
    DEFAULT_BUDGET,
    DEFAULT_MAX_HISTORY_TOKENS,
    check_history_bounds,
    raising_dspm_errors,
)

__all__ = ["DSPMMemoryBlock", "dspm_memory"]


class DSPMMemoryBlock(BaseMemoryBlock[str]):
    """A DSPM memory block for LlamaIndex's ``Memory``.

        Memory.from_defaults(memory_blocks=[DSPMMemoryBlock(budget=250)], ...)

    ``aget`` ingests the messages of ``Memory``'s active queue it has not seen (all but a
    trailing user message, which may be the query ``Memory`` appends and is ingested once
    it is followed by a reply) and returns the block rendered for the latest user
    message: the header and the memory lines, which ``Memory`` puts between tags named
    after the block (``<dspm_memory>`` ... ``</dspm_memory>``, the fences of the other
    adapters' blocks); ``aput`` ingests what the queue flushes, unless seen. ``atruncate`` re-renders
    at a smaller budget (criticals at their shortest forms first) instead of dropping
    everything. ``Memory`` never truncates a block with ``priority=0``; among the others it
    truncates lower numbers first.

    One block serves one ``Memory`` (one session). Args as :class:`DSPMChatMemory`
    (``budget``, ``stable_order``, ``extractor_llm``, ``extractor``, ``tokenizer_fn``...).
    The recent messages beside the block are ``Memory``'s own short-term queue; build the
    ``Memory`` with :func:`~dspm_integrations.llama_index.dspm_memory` to bound them by
    ``max_history_tokens`` like every other adapter, and for ReActAgent and CodeActAgent:
    without a ``system_prompt`` of their own they drop the first system message of a plain
    ``Memory``, block included (the block warns when that happens).
    """

    model_config = ConfigDict(arbitrary_types_allowed=True, extra="forbid")

    name: str = Field(default="dspm_memory", description="The name of the memory block.")
    description: str | None = Field(
        default="Rules and decisions from earlier in this conversation, revisions with lineage.")
    priority: int = Field(default=1, description="Memory's truncation priority (0 = never).")
    budget: int = Field(default=DEFAULT_BUDGET, description="Token budget of the block.")
    stable_order: bool = Field(default=False)

    _dspm: DSPMMemory = PrivateAttr()
    _ledger: Ledger = PrivateAttr()
    _base: int = PrivateAttr(default=0)  # ledger position of the active queue's first message
    _last_query: str = PrivateAttr(default="")
    _shown: tuple[ChatMessage, ...] = PrivateAttr(default=())  # sent beside the block

    def __init__(self, **data: Any) -> None:
        engine = pop_engine_kwargs(data)
        state = data.pop("dspm_state", None)
        seen = data.pop("dspm_seen", None)
        base = data.pop("dspm_base", 0)
        tokenizer_fn = data.pop("tokenizer_fn", None)
        with raising_dspm_errors():
            super().__init__(**data)
        self._dspm = build_dspm(budget=self.budget, stable_order=self.stable_order,
                                tokenizer_fn=tokenizer_fn, state=state, **engine)
        self._ledger = Ledger.from_dict(seen) if seen is not None else Ledger()
        self._base = int(base)

    @property
    def dspm(self) -> DSPMMemory:
        return self._dspm

    def _claim(self, messages: Sequence[ChatMessage], flushed: bool) -> list[ChatMessage]:
        fps = [fingerprint(m) for m in messages]
        with self._ledger.lock:
            pos, seen = self._ledger.align(fps, hint=self._base)
            for fp in fps[seen:]:
                self._ledger.append(fp)
            self._base = pos + len(fps) if flushed else pos
        return list(messages[seen:])

    async def _ingest(self, messages: Sequence[ChatMessage], session_id: str | None) -> None:
        for m in messages:
            text = strip_block(message_text(m))
            if text.strip():
                await self._dspm.aadd_turn(dspm_role(m.role), text, session_id=session_id)

    async def _aget(self, messages: list[ChatMessage] | None = None,
                    **block_kwargs: Any) -> str:
        await warn_if_lost(find_reader())
        messages = list(messages or [])
        self._shown = tuple(messages)
        session_id = block_kwargs.get("session_id")
        query = query_of(None, messages)
        if messages and messages[-1].role == MessageRole.USER:
            messages = messages[:-1]
        await self._ingest(self._claim(messages, flushed=False), session_id)
        self._last_query = query
        return self._text(query, self.budget)

    async def aput(self, messages: list[ChatMessage], from_short_term_memory: bool = False,
                   session_id: str | None = None) -> None:
        """Ingest messages: flushed ones (``from_short_term_memory``) unless already seen
        in the active queue; messages put directly are always new."""
        if from_short_term_memory and not self.accept_short_term_memory:
            return
        if from_short_term_memory:
            await self._ingest(self._claim(messages, flushed=True), session_id)
        else:
            await self._ingest(messages, session_id)

    async def _aput(self, messages: list[ChatMessage]) -> None:
        await self._ingest(messages, None)

    async def atruncate(self, content: str, tokens_to_truncate: int) -> str | None:
        """The block re-rendered about ``tokens_to_truncate`` tokens smaller: criticals go
        to their shortest forms before any is left out, and the result is never empty
        while memory holds something that fits the smallest block (the rules are what it
        is for). ``None`` when memory is empty."""
        if tokens_to_truncate <= 0:
            return content
        count = self._dspm.counter.count
        current = count(content or "")
        budget = max(min_block_budget(self._dspm), current - tokens_to_truncate)
        text = self._text(self._last_query, budget)
        while not text and budget < max(current, self.budget):
            budget += 4
            text = self._text(self._last_query, budget)
        return text or None

    def _text(self, query: str, budget: int) -> str:
        return block_text(self._dspm, query, budget, fenced=False,
                          shown=self._shown)

    @property
    def last_text(self) -> str:
        """The block as the latest ``aget`` rendered it (``""`` before any)."""
        return self._text(self._last_query, self.budget)

    def get_context(self, query: str = "", budget: int | None = None) -> str:
        """The block for ``query`` as ``aget`` returns it (header and lines)."""
        return self._text(query, self.budget if budget is None else budget)

    def to_dict(self) -> dict[str, Any]:
        data = self.model_dump()
        data["dspm_state"] = self._dspm.to_dict()
        with self._ledger.lock:
            data["dspm_seen"] = self._ledger.to_dict()
            data["dspm_base"] = self._base
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], **kwargs: Any) -> DSPMMemoryBlock:
        return cls(**{**data, **kwargs})


class _AgentMemory(Memory):
    """``Memory`` with a system prompt of its own, whose ``aget`` also fits the reading
    agent (see :mod:`dspm_integrations._llama_agents`): the block reaches a ReActAgent's
    or CodeActAgent's LLM with or without an agent ``system_prompt``."""

    system_prompt: str | None = Field(
        default=None, description="Opens the system message that holds the memory blocks.")

    async def aget(self, input: str | ChatMessage | None = None,
                   **block_kwargs: Any) -> list[ChatMessage]:
        reader = find_reader()
        token = FITTING.set(True)
        try:
            messages = await super().aget(input=input, **block_kwargs)
        finally:
            FITTING.reset(token)
        if self.system_prompt:
            prompt = TextBlock(text=self.system_prompt + "\n\n")
            if messages and messages[0].role == MessageRole.SYSTEM:
                messages[0] = ChatMessage(role=MessageRole.SYSTEM,
                                          blocks=[prompt, *messages[0].blocks])
            else:
                messages.insert(0, ChatMessage(role=MessageRole.SYSTEM,
                                               content=self.system_prompt))
        return await fit_for_reader(reader, messages)


def dspm_memory(
    budget: int = DEFAULT_BUDGET,
    max_history_tokens: int | None = DEFAULT_MAX_HISTORY_TOKENS,
    *,
    system_prompt: str | None = None,
    memory_blocks: Sequence[BaseMemoryBlock[Any]] = (),
    token_limit: int | None = None,
    block_kwargs: dict[str, Any] | None = None,
    **memory_kwargs: Any,
) -> Memory:
    """A LlamaIndex ``Memory`` with a :class:`DSPMMemoryBlock`, bounded like every adapter.

    ``Memory`` keeps its short-term queue within ``token_limit * chat_history_token_ratio``
    tokens (it flushes older messages to the blocks and keeps at least one whole turn);
    here that is ``max_history_tokens``, and the blocks get ``budget`` plus whatever
    ``token_limit`` adds for ``memory_blocks`` of your own (default: nothing more).
    ``max_history_tokens=None`` keeps ``Memory``'s own defaults. ``system_prompt`` opens
    the system message that holds the blocks: an agent given no prompt of its own then
    sends one system message (``FunctionAgent`` sends its own ``system_prompt`` as a
    message of its own, which no memory can join). ``block_kwargs`` go to the
    DSPM block (``extractor_llm``, ``stable_order``, ``priority``...), ``memory_kwargs``
    to ``Memory.from_defaults`` (``session_id``, ``chat_store``...).
    """
    check_history_bounds(max_history_tokens, None)
    block = DSPMMemoryBlock(budget=budget, **(block_kwargs or {}))
    blocks = [*memory_blocks, block]
    if max_history_tokens is not None:
        if max_history_tokens < 1:
            raise ConfigError("max_history_tokens must be at least 1 for a Memory")
        limit = token_limit if token_limit is not None else budget + max_history_tokens
        if limit <= max_history_tokens:
            raise ConfigError(f"token_limit ({limit}) must leave room for the blocks beside "
                              f"max_history_tokens ({max_history_tokens})")
        memory_kwargs.setdefault("token_limit", limit)
        memory_kwargs.setdefault("chat_history_token_ratio", max_history_tokens / limit)
        memory_kwargs.setdefault("token_flush_size", max(1, max_history_tokens // 5))
    elif token_limit is not None:
        memory_kwargs.setdefault("token_limit", token_limit)
    memory = _AgentMemory.from_defaults(memory_blocks=blocks, **memory_kwargs)
    assert isinstance(memory, _AgentMemory)  # from_defaults builds cls
    memory.system_prompt = system_prompt
    return memory
