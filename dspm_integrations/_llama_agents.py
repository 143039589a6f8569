"""The LlamaIndex agent reading a memory, and what reaches its LLM of the memory's messages.

LlamaIndex's agents read their memory with ``memory.aget()`` inside their workflow steps
and hand the memory no reference to themselves. What they then do with the memory's
leading system message (the DSPM block) differs:

* ``FunctionAgent`` sends it on, after its own ``system_prompt`` when it has one.
* ``ReActAgent`` drops the first message of its input when it is a system message: its
  own ``system_prompt`` when it has one (that prompt is already part of the ReAct
  header), else the memory's, so the block was lost.
* ``CodeActAgent`` replaces the first system message of its input with its code-act
  prompt: again the memory's when the agent has no ``system_prompt``.

So a memory that is read by a ReAct or CodeAct agent without a ``system_prompt`` puts an
empty system message in front of its own for the agent to consume, and the block reaches
the LLM. A ReAct agent with the stock ``ReActChatFormatter`` gets
:class:`~dspm_integrations.llama_index.DSPMReActChatFormatter` in its place (same header,
context and observation role), which lifts the block into the ReAct header, so the LLM
gets one system message. That formatter reads the block from the messages it is given
and holds no memory, so one agent still serves any number of memories.

The reader is found by walking the caller frames of ``aget`` for the agent whose step
called it (a few frames at most; LlamaIndex offers no public handle on it). Only the steps
whose messages go through the agent's ``take_step`` are shaped (``init_run``,
``aggregate_tool_results`` and a retry in ``parse_agent_output``); paths that send the
memory's messages to the LLM as they are (early stopping, structured output) are left
alone.
"""

from __future__ import annotations

import sys
import warnings
from contextvars import ContextVar
from types import FrameType
from typing import Any

from llama_index.core.agent.react.formatter import ReActChatFormatter
from llama_index.core.agent.workflow import (
    AgentWorkflow,
    BaseWorkflowAgent,
    CodeActAgent,
    ReActAgent,
)
from llama_index.core.base.llms.types import ChatMessage, MessageRole

__all__ = ["FITTING", "AgentReader", "find_reader", "fit_for_reader", "warn_if_lost"]

#: Set while a memory that fits its reader (``dspm_memory()``'s) renders its blocks.
FITTING: ContextVar[bool] = ContextVar("dspm_fitting", default=False)

#: How far up the stack the reading step may be (the memory's own frames and
#: LlamaIndex's ``Memory.aget`` -> block ``aget`` -> ``_aget`` chain come first).
_MAX_FRAMES = 12
#: Agent steps whose memory messages go through ``take_step``.
_STEPS_TO_TAKE_STEP = frozenset({"init_run", "aggregate_tool_results"})


class AgentReader:
    """The step of an agent (or of an ``AgentWorkflow``) that is reading the memory."""

    __slots__ = ("ctx", "owner", "to_take_step")

    def __init__(self, owner: Any, ctx: Any, to_take_step: bool) -> None:
        self.owner = owner
        self.ctx = ctx
        self.to_take_step = to_take_step

    async def agent(self) -> BaseWorkflowAgent | None:
        """The agent whose LLM gets the messages (an ``AgentWorkflow``'s current one)."""
        if isinstance(self.owner, BaseWorkflowAgent):
            return self.owner
        store = getattr(self.ctx, "store", None)
        if store is None:
            return None
        name = await store.get("current_agent_name", default=None)
        agent = self.owner.agents.get(name) if name is not None else None
        return agent if isinstance(agent, BaseWorkflowAgent) else None


def find_reader(depth: int = 1) -> AgentReader | None:
    """The agent step up the stack from the caller (``depth`` frames above this call),
    or ``None`` when no agent is reading (a chat engine, user code)."""
    frame: FrameType | None = sys._getframe(depth + 1)
    try:
        for _ in range(_MAX_FRAMES):
            if frame is None:
                return None
            local = frame.f_locals
            owner = local.get("self")
            if isinstance(owner, (BaseWorkflowAgent, AgentWorkflow)):
                step = frame.f_code.co_name
                retry = step == "parse_agent_output" and bool(
                    getattr(local.get("ev"), "retry_messages", None))
                return AgentReader(owner, local.get("ctx"),
                                   step in _STEPS_TO_TAKE_STEP or retry)
            frame = frame.f_back
        return None
    finally:
        del frame  # frames hold their locals: no cycle through this one


def _dspm_formatter(formatter: ReActChatFormatter) -> ReActChatFormatter:
    from ._llama_react import DSPMReActChatFormatter

    return DSPMReActChatFormatter(system_header=formatter.system_header,
                                  context=formatter.context,
                                  observation_role=formatter.observation_role)


def _loses_first_system(agent: Any) -> bool:
    return isinstance(agent, (ReActAgent, CodeActAgent)) and not agent.system_prompt


async def warn_if_lost(reader: AgentReader | None) -> None:
    """Warn when a plain ``Memory`` holding a DSPM block is read by an agent that drops
    the memory's system message: nothing can put the block back from inside the block."""
    if reader is None or not reader.to_take_step or FITTING.get():
        return
    agent = await reader.agent()
    if _loses_first_system(agent):
        warnings.warn(f"{type(agent).__name__} without a system_prompt drops the first "
                      "system message of a plain Memory, and with it the DSPM block: build "
                      "the memory with dspm_memory() instead", UserWarning, stacklevel=2)


async def fit_for_reader(reader: AgentReader | None,
                         messages: list[ChatMessage]) -> list[ChatMessage]:
    """``messages`` (a memory's ``aget``, its system message first) as the reading agent
    needs them for the block to reach its LLM."""
    if reader is None or not reader.to_take_step:
        return messages
    agent = await reader.agent()
    if not isinstance(agent, (ReActAgent, CodeActAgent)):
        return messages
    if isinstance(agent, ReActAgent) and type(agent.formatter) is ReActChatFormatter:
        agent.formatter = _dspm_formatter(agent.formatter)
    if not _loses_first_system(agent) or not messages or messages[0].role != MessageRole.SYSTEM:
        return messages  # the agent consumes its own prompt, or there is nothing to lose
    return [ChatMessage(role=MessageRole.SYSTEM, content=""), *messages]
