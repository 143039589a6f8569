"""DSPM for LangChain 1.x: agent middleware, chat message history, classic ``memory=``.

Add DSPM to an agent in one line::

    from langchain.agents import create_agent
    from dspm_integrations.langchain import DSPMMiddleware

    agent = create_agent(model, tools, middleware=[DSPMMiddleware(budget=250)],
                         checkpointer=InMemorySaver())

* :class:`DSPMMiddleware` ingests the conversation and appends the rendered memory to the
  agent's system message on every model call (sync and async, ``stream``/``astream``),
  sending only the recent messages within ``max_history_tokens`` (the current tool loop
  always). Memory is kept per thread in the agent state, or per user in a LangGraph store.
* :class:`DSPMChatMessageHistory` stands in for ``InMemoryChatMessageHistory`` (for
  ``RunnableWithMessageHistory``): ``messages`` is the memory as a system message plus the
  recent messages within ``max_history_tokens``; ``transcript`` holds them all.
* :class:`DSPMChatMemory` is the classic ``BaseMemory`` for ``AgentExecutor(memory=...)``
  and chains.
* :func:`extractor_for` / :class:`ChatModelClient` let a LangChain chat model do the fact
  extraction (``extractor_llm=`` of every class above).

Every adapter, here and in :mod:`dspm_integrations.llama_index`, takes the same
``budget`` (default 250, at least ``MIN_BLOCK_BUDGET``), ``max_history_tokens`` (default
1000, ``None`` for no bound) and ``max_history_messages`` (``k`` is its deprecated alias),
and renders the same block. The adapters hold no memory logic: facts, supersession with lineage and budgeted
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
from ._shared import DEFAULT_BUDGET, DEFAULT_MAX_HISTORY_TOKENS, MIN_BLOCK_BUDGET
from ._langchain_history import DSPMChatMemory, DSPMChatMessageHistory
from ._langchain_llm import AsyncChatModelClient, ChatModelClient, extractor_for
from ._langchain_middleware import DSPMAgentState, DSPMMiddleware

__all__ = [
    "BLOCK_CLOSE",
    "BLOCK_OPEN",
    "DEFAULT_BUDGET",
    "DEFAULT_HEADER",
    "DEFAULT_MAX_HISTORY_TOKENS",
    "MIN_BLOCK_BUDGET",
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
