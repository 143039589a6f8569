"""LlamaIndex message helpers of the adapter: windows, queries, chat-store dumps.

Split from :mod:`dspm_integrations.llama_index` to keep modules small; nothing here is
public.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from llama_index.core.base.llms.types import ChatMessage, MessageRole
from llama_index.core.storage.chat_store import BaseChatStore, SimpleChatStore

from ._llama_common import message_text, strip_block

__all__ = [
    "ENGINE_KWARGS",
    "check_positive",
    "drop_oldest",
    "dump_chat_store",
    "pop_engine_kwargs",
    "query_of",
    "recent_window",
]

#: Keyword arguments that configure the DSPM engine rather than a pydantic field.
ENGINE_KWARGS = ("extractor_llm", "extractor", "extractor_model", "history_limit",
                 "strict_llm", "dspm")


def pop_engine_kwargs(data: dict[str, Any]) -> dict[str, Any]:
    return {k: data.pop(k) for k in ENGINE_KWARGS if k in data}


def check_positive(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a positive integer, got {value!r}")
    return value


def _dump_messages(messages: Sequence[ChatMessage]) -> list[dict[str, Any]]:
    # ChatMessage serialises itself fine; SimpleChatStore's wrap serializer around it is
    # what pydantic 2.14 breaks (handler(value, info): info is now taken as index_key).
    return [m.model_dump(mode="json") for m in messages]


def dump_chat_store(store: BaseChatStore) -> dict[str, Any]:
    """A chat store as a dict that ``load_chat_store`` reads back, on any pydantic."""
    if isinstance(store, SimpleChatStore):
        return {"store": {k: _dump_messages(v) for k, v in store.store.items()},
                "class_name": store.class_name()}
    data = store.model_dump()
    data["class_name"] = store.class_name()
    return data


def query_of(input: Any, history: Sequence[ChatMessage]) -> str:
    if isinstance(input, str):
        return input
    if isinstance(input, ChatMessage):
        return strip_block(message_text(input))
    for m in reversed(history):
        if m.role == MessageRole.USER:
            return strip_block(message_text(m))
    return ""


def recent_window(history: Sequence[ChatMessage], k: int) -> list[ChatMessage]:
    """The last ``k`` messages, starting at a user message.

    A window that would open on an assistant or tool message starts at the next user
    message instead (no orphaned tool results); when the last ``k`` hold no user message
    (an agent's run of tool calls) it reaches back to the user message that started it.
    """
    if not history:
        return []
    start = max(0, len(history) - k)
    forward = next((i for i in range(start, len(history))
                    if history[i].role == MessageRole.USER), None)
    if forward is not None:
        start = forward
    else:
        back = next((i for i in range(start - 1, -1, -1)
                     if history[i].role == MessageRole.USER), None)
        if back is not None:
            start = back
    return list(history[start:])


def drop_oldest(window: list[ChatMessage]) -> list[ChatMessage]:
    """ChatMemoryBuffer's rule: drop the oldest message, then any assistant or tool
    message that would open the history."""
    window = window[1:]
    while len(window) > 1 and window[0].role in (MessageRole.ASSISTANT, MessageRole.TOOL):
        window = window[1:]
    return window
