"""LlamaIndex message helpers of the adapter: windows, queries, chat-store dumps.

Split from :mod:`dspm_integrations.llama_index` to keep modules small; nothing here is
public.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
from llama_index.core.storage.chat_store import BaseChatStore, SimpleChatStore

from ._llama_common import dspm_role, message_text, strip_block
from ._shared import recent_start

__all__ = [
    "ENGINE_KWARGS",
    "bounded_window",
    "check_positive",
    "drop_oldest_exchange",
    "dump_chat_store",
    "message_kind",
    "message_tokens",
    "pop_engine_kwargs",
    "query_of",
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


def message_kind(message: ChatMessage) -> str:
    """``user``, ``assistant``, ``tool`` or ``system``: what the window is cut by."""
    role = dspm_role(message.role)
    return role if role in ("user", "tool", "system") else "assistant"


def message_tokens(count: Callable[[str], int], message: ChatMessage) -> int:
    """Tokens of a message's text and of the tool calls it makes."""
    n = count(message_text(message))
    for block in getattr(message, "blocks", None) or ():
        if isinstance(block, ToolCallBlock):
            n += count(block.model_dump_json())
    calls = (message.additional_kwargs or {}).get("tool_calls")
    if calls:
        n += count(json.dumps(calls, default=str, sort_keys=True))
    return n


def bounded_window(history: Sequence[ChatMessage], count: Callable[[str], int], *,
                   max_tokens: int | None, max_messages: int | None) -> list[ChatMessage]:
    """The recent messages within the bounds: whole exchanges opening on a user message,
    the newest (the current tool loop) always (see
    :func:`dspm_integrations._shared.recent_start`)."""
    start = recent_start([message_kind(m) for m in history],
                         lambda i: message_tokens(count, history[i]),
                         max_tokens=max_tokens, max_messages=max_messages)
    return list(history[start:])


def drop_oldest_exchange(window: list[ChatMessage]) -> list[ChatMessage]:
    """``window`` without its oldest exchange (up to the next user message); unchanged
    when it holds only one."""
    nxt = next((i for i in range(1, len(window)) if window[i].role == MessageRole.USER), None)
    return window if nxt is None else window[nxt:]
