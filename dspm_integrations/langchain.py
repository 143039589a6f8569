"""DSPM for LangChain 1.x: agent middleware, chat message history, classic ``memory=``.

Add DSPM to an agent in one line::

    from langchain.agents import create_agent
    from dspm_integrations.langchain import DSPMMiddleware

    agent = create_agent(model, tools, middleware=[DSPMMiddleware(budget=250)],
                         checkpointer=InMemorySaver())

* :class:`DSPMMiddleware` ingests the conversation and appends the rendered memory to the
  agent's system message on every model call (sync and async, ``stream``/``astream``).
  Memory is kept per thread in the agent state, or per user in a LangGraph store.
* :class:`DSPMChatMessageHistory` is a ``BaseChatMessageHistory`` for
  ``RunnableWithMessageHistory``: the memory as a system message plus the last ``k``
  messages.
* :class:`DSPMChatMemory` is the classic ``BaseMemory`` for ``AgentExecutor(memory=...)``
  and chains.
* :func:`extractor_for` / :class:`ChatModelClient` let a LangChain chat model do the fact
  extraction (``extractor_llm=`` of every class above).

The adapters hold no memory logic: facts, supersession with lineage and budgeted
rendering are :class:`dspm_core.DSPMMemory`'s. Needs the ``langchain`` extra
(``pip install "dspm[langchain]"``).
"""

from __future__ import annotations

try:
    import langchain_core  # noqa: F401
except ImportError as exc:  # pragma: no cover - only without the extra
    raise ImportError('dspm_integrations.langchain needs the langchain extra: '
                      'pip install "dspm[langchain]"') from exc

from ._langchain_common import BLOCK_CLOSE, BLOCK_OPEN, DEFAULT_HEADER, format_block, strip_block
from ._langchain_history import DSPMChatMemory, DSPMChatMessageHistory
from ._langchain_llm import AsyncChatModelClient, ChatModelClient, extractor_for
from ._langchain_middleware import DSPMAgentState, DSPMMiddleware

__all__ = [
    "BLOCK_CLOSE",
    "BLOCK_OPEN",
    "DEFAULT_HEADER",
    "AsyncChatModelClient",
    "ChatModelClient",
    "DSPMAgentState",
    "DSPMChatMemory",
    "DSPMChatMessageHistory",
    "DSPMMiddleware",
    "extractor_for",
    "format_block",
    "strip_block",
]
