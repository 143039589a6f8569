"""DSPMReActChatFormatter: the memory block inside a ReActAgent's one system message.

``ReActAgent`` drops the first message of its input when it is a system message (it
builds its own ReAct header instead). With no agent ``system_prompt`` that first message
is the memory's, so the block never reached the LLM; with one, the block came second, in
a system message of its own. This formatter puts the memory's system text (the block,
with the memory's ``system_prompt`` when it has one) at the end of the ReAct header. A DSPM
memory gives it to a ReActAgent with the stock formatter the first time the agent reads
the memory, so ``agent.run("...", memory=memory)`` is all it takes; it can also be given
explicitly, bound to one memory:

    memory = DSPMChatMemory.from_defaults(budget=250)
    agent = ReActAgent(tools=tools, llm=llm,
                       formatter=DSPMReActChatFormatter.from_memory(memory))
    await agent.run("...", memory=memory)

Split from :mod:`dspm_integrations.llama_index` (import it from there).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from llama_index.core.agent.react.formatter import ReActChatFormatter
from llama_index.core.agent.react.types import BaseReasoningStep
from llama_index.core.base.llms.types import ChatMessage, MessageRole
from llama_index.core.bridge.pydantic import PrivateAttr
from llama_index.core.memory import Memory
from llama_index.core.tools import BaseTool

from dspm_core.errors import ConfigError

from ._llama_block import DSPMMemoryBlock
from ._llama_common import message_text
from ._shared import BLOCK_CLOSE, BLOCK_OPEN, contains_block

__all__ = ["DSPMReActChatFormatter"]


def _block_of(memory: Any) -> DSPMMemoryBlock | None:
    if isinstance(memory, DSPMMemoryBlock):
        return memory
    if isinstance(memory, Memory):
        return next((b for b in memory.memory_blocks if isinstance(b, DSPMMemoryBlock)), None)
    return None


class DSPMReActChatFormatter(ReActChatFormatter):
    """A ``ReActChatFormatter`` that ends the ReAct header with the memory's system text.

    Build it with :meth:`from_memory` and give it to ``ReActAgent(formatter=...)``; run
    the agent with the same memory (``run(..., memory=memory)``). The system messages
    that open the chat history (the memory's, when the agent had a ``system_prompt`` of
    its own, so its prompt was the message dropped) and any holding a memory block join
    the header instead, so the LLM gets one system message either way.

    Without :meth:`from_memory` (a formatter bound to no memory) it does the same with
    whatever memory the agent is run with; that is the formatter a DSPM memory gives a
    ReActAgent that has the stock one.
    """

    _memory: Any = PrivateAttr(default=None)

    @classmethod
    def from_memory(cls, memory: Any, **kwargs: Any) -> DSPMReActChatFormatter:
        """A formatter for ``memory``: a :class:`DSPMChatMemory`, a ``Memory`` holding a
        :class:`DSPMMemoryBlock`, or the block. ``kwargs`` as
        ``ReActChatFormatter.from_defaults`` (``system_header``, ``context``...)."""
        from .llama_index import DSPMChatMemory

        if not isinstance(memory, DSPMChatMemory) and _block_of(memory) is None:
            raise ConfigError("from_memory needs a DSPMChatMemory, a DSPMMemoryBlock or a "
                              f"Memory holding one, got {type(memory).__name__}")
        formatter = cls.from_defaults(**kwargs)
        assert isinstance(formatter, DSPMReActChatFormatter)
        formatter._memory = memory
        return formatter

    def _memory_text(self) -> str:
        """What the memory put in its system message on its latest ``get``."""
        block = _block_of(self._memory)
        if block is not None:
            text = block.last_text
            return f"{BLOCK_OPEN}\n{text}\n{BLOCK_CLOSE}" if text else ""
        return str(getattr(self._memory, "last_system_message", "") or "")

    def format(
        self,
        tools: Sequence[BaseTool],
        chat_history: list[ChatMessage],
        current_reasoning: list[BaseReasoningStep] | None = None,
    ) -> list[ChatMessage]:
        own = self._memory_text().strip()

        def is_memorys(m: ChatMessage) -> bool:
            text = message_text(m)
            return m.role == MessageRole.SYSTEM and (
                contains_block(text) or bool(own) and text.strip() == own)

        # the system messages that open the history are the memory's (the agent dropped
        # its own prompt, already in the header): they join the header too
        lead = next((i for i, m in enumerate(chat_history) if m.role != MessageRole.SYSTEM),
                    len(chat_history))
        carried = [m for i, m in enumerate(chat_history)
                   if (i < lead and message_text(m).strip()) or is_memorys(m)]
        rest = [m for i, m in enumerate(chat_history) if i >= lead and not is_memorys(m)]
        messages = super().format(tools, rest, current_reasoning)
        extra = "\n\n".join(message_text(m) for m in carried) or own
        if extra.strip() and messages and messages[0].role == MessageRole.SYSTEM:
            header = message_text(messages[0])
            messages[0] = ChatMessage(role=MessageRole.SYSTEM, content=f"{header}\n\n{extra}")
        return messages
