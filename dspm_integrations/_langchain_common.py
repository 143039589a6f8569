"""Pieces shared by the LangChain adapters: the memory block, message reading, memory building.

Nothing here holds memory logic: facts, supersession and rendering all live in
:class:`dspm_core.DSPMMemory`. This module only translates between LangChain messages
and the core's ``(role, text)`` turns, and wraps the rendered text in a recognisable
block so that it is never ingested back.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any

from langchain_core.messages import BaseMessage, SystemMessage

from dspm_core import MIN_BUDGET, DSPMMemory
from dspm_core.errors import ConfigError
from dspm_core.extract.base import Extractor
from dspm_core.tokens import TokenCounter

from ._shared import (
    BLOCK_CLOSE,
    BLOCK_OPEN,
    DEFAULT_BUDGET,
    DEFAULT_HEADER,
    DEFAULT_MAX_HISTORY_TOKENS,
    check_block_budget,
    check_header,
    check_history_bounds,
    format_block,
    lines_budget,
    recent_start,
    render_block,
    strip_block,
)

__all__ = [
    "BLOCK_CLOSE",
    "BLOCK_OPEN",
    "DEFAULT_BUDGET",
    "DEFAULT_HEADER",
    "DEFAULT_MAX_HISTORY_TOKENS",
    "MemoryFactory",
    "RevisionCache",
    "append_to_system",
    "bounded_messages",
    "format_block",
    "is_block_message",
    "message_key",
    "message_turn",
    "strip_block",
    "text_of",
]

# Content block types that carry text meant for the conversation; reasoning, images,
# tool-use blocks and the like are not statements of the user or the assistant.
_TEXT_BLOCK_TYPES = frozenset({"text", "input_text", "output_text"})

#: LangChain message type -> DSPM role. ``remove`` (RemoveMessage) is skipped.
_ROLES = {"human": "user", "ai": "assistant", "tool": "tool", "function": "tool",
          "system": "system", "AIMessageChunk": "assistant", "HumanMessageChunk": "user",
          "ToolMessageChunk": "tool", "SystemMessageChunk": "system"}


def text_of(content: Any) -> str:
    """The text of a message's content: a string, or a list of content blocks."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts: list[str] = []
        for block in content:
            if isinstance(block, str):
                parts.append(block)
            elif isinstance(block, dict) and block.get("type", "text") in _TEXT_BLOCK_TYPES:
                value = block.get("text")
                if isinstance(value, str):
                    parts.append(value)
        return "\n".join(p for p in parts if p)
    return ""


def is_block_message(message: BaseMessage, header: str = DEFAULT_HEADER) -> bool:
    """True for a message that holds nothing but a memory block (ours)."""
    text = text_of(message.content)
    return bool(text.strip()) and not strip_block(text, header).strip()


def message_turn(message: BaseMessage, header: str = DEFAULT_HEADER) -> tuple[str, str] | None:
    """The ``(role, text)`` turn to ingest for ``message``, or None to skip it.

    Skipped: removals, messages without text (an AI message that only calls tools),
    summaries written by ``SummarizationMiddleware`` (they restate earlier turns, which
    were ingested when they were new) and memory blocks, ours or echoed.
    """
    kind = getattr(message, "type", None)
    role = _ROLES.get(kind) if isinstance(kind, str) else None
    if kind == "chat":
        role = _chat_role(getattr(message, "role", ""))
    if role is None:
        return None
    if (message.additional_kwargs or {}).get("lc_source") == "summarization":
        return None
    text = strip_block(text_of(message.content), header).strip()
    if not text:
        return None
    return role, text


def _chat_role(role: str) -> str | None:
    role = (role or "").strip().lower()
    aliases = {"human": "user", "ai": "assistant", "model": "assistant", "function": "tool",
               "developer": "system"}
    role = aliases.get(role, role)
    return role if role in {"user", "assistant", "tool", "system", "document"} else None


def message_key(message: BaseMessage) -> str:
    """A stable key of a message: its id, else a digest of its type and content."""
    if message.id:
        return str(message.id)
    digest = hashlib.sha1(f"{message.type}\x00{message.content!r}".encode()).hexdigest()
    return f"dspm-anon-{digest[:20]}"


def last_user_text(messages: Iterable[BaseMessage], header: str = DEFAULT_HEADER) -> str:
    """The text of the latest user message (the render query), or ``""``."""
    for message in reversed(list(messages)):
        turn = message_turn(message, header)
        if turn is not None and turn[0] == "user":
            return turn[1]
    return ""


def append_to_system(system: SystemMessage | None, block: str) -> SystemMessage:
    """The system message with ``block`` appended; the original prompt is kept whole."""
    if system is None:
        return SystemMessage(content=block)
    content = system.content
    if isinstance(content, str):
        new: str | list[Any] = f"{content}\n\n{block}" if content.strip() else block
    else:
        new = [*content, {"type": "text", "text": block}]
    return system.model_copy(update={"content": new})


class RevisionCache:
    """Live memories by revision id (LRU). ``take`` removes an entry: the run that is
    about to change a memory owns it, and no other run can render or change it meanwhile."""

    def __init__(self, size: int) -> None:
        self._items: OrderedDict[str, DSPMMemory] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def get(self, rev: str | None) -> DSPMMemory | None:
        if rev is None:
            return None
        with self._lock:
            memory = self._items.get(rev)
            if memory is not None:
                self._items.move_to_end(rev)
            return memory

    def take(self, rev: str | None) -> DSPMMemory | None:
        if rev is None:
            return None
        with self._lock:
            return self._items.pop(rev, None)

    def put(self, rev: str, memory: DSPMMemory) -> None:
        with self._lock:
            self._items[rev] = memory
            self._items.move_to_end(rev)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)


# ---------------------------------------------------------------------- the bounded window
def message_kind(message: BaseMessage) -> str:
    """``user``, ``assistant``, ``tool`` or ``system``: what the window is cut by."""
    kind = getattr(message, "type", None)
    if kind == "chat":
        return _chat_role(getattr(message, "role", "")) or "assistant"
    role = _ROLES.get(kind) if isinstance(kind, str) else None
    return role or "assistant"


def message_tokens(counter: TokenCounter, message: BaseMessage) -> int:
    """Tokens of a message's text and of the tool calls it makes."""
    n = counter.count(text_of(message.content)) if message.content else 0
    calls = getattr(message, "tool_calls", None)
    if calls:
        n += counter.count(json.dumps([{"name": c.get("name"), "args": c.get("args")}
                                       for c in calls], default=str, sort_keys=True))
    return n


def bounded_messages(messages: list[BaseMessage], counter: TokenCounter, *,
                     max_tokens: int | None, max_messages: int | None,
                     keep_last: bool = True) -> list[BaseMessage]:
    """The leading system messages, then the recent messages within the bounds (whole
    exchanges opening on a user message; the newest kept whole when ``keep_last``; see
    :func:`dspm_integrations._shared.recent_start`)."""
    lead = 0
    while lead < len(messages) and message_kind(messages[lead]) == "system":
        lead += 1
    rest = messages[lead:]
    if max_tokens is None and max_messages is None and keep_last:
        return list(messages)
    start = recent_start([message_kind(m) for m in rest],
                         lambda i: message_tokens(counter, rest[i]),
                         max_tokens=max_tokens, max_messages=max_messages,
                         keep_last=keep_last)
    return [*messages[:lead], *rest[start:]]


# ---------------------------------------------------------------------- building memories
class MemoryFactory:
    """Builds (and rebuilds from saved state) the memories of one adapter.

    ``budget`` covers the whole injected block, fences and header included: the memory
    itself renders under ``budget`` minus that overhead, counted with its tokenizer.
    One extractor is shared by every memory the factory builds (extractors keep no
    per-conversation state). ``max_history_tokens`` / ``max_history_messages`` bound
    the raw messages sent beside the block (``None``: no bound).
    """

    def __init__(
        self,
        budget: int = DEFAULT_BUDGET,
        *,
        extractor_llm: Any = None,
        extractor: Extractor | None = None,
        header: str = DEFAULT_HEADER,
        memory_kwargs: dict[str, Any] | None = None,
        max_history_tokens: int | None = DEFAULT_MAX_HISTORY_TOKENS,
        max_history_messages: int | None = None,
    ) -> None:
        if extractor is not None and extractor_llm is not None:
            raise ConfigError("pass either extractor_llm= or extractor=, not both")
        self.header = check_header(header)
        check_history_bounds(max_history_tokens, max_history_messages)
        self.max_history_tokens = max_history_tokens
        self.max_history_messages = max_history_messages
        self.kwargs: dict[str, Any] = dict(memory_kwargs or {})
        for key in ("budget", "extractor", "llm_client"):
            if key in self.kwargs:
                raise ConfigError(f"pass {key} as an argument of the adapter, not in memory_kwargs")
        if extractor_llm is not None:
            from ._langchain_llm import extractor_for

            extractor = extractor_for(extractor_llm)
        self.extractor = extractor
        probe = DSPMMemory(budget=MIN_BUDGET, extractor=extractor, **self.kwargs)
        self.counter: TokenCounter = probe.counter
        self.budget = check_block_budget(budget, self.counter, header)
        self.body_budget = lines_budget(budget, self.counter, header)

    def new(self) -> DSPMMemory:
        """An empty memory."""
        return DSPMMemory(budget=self.body_budget, extractor=self.extractor, **self.kwargs)

    def from_dict(self, data: dict[str, Any]) -> DSPMMemory:
        """A memory holding a saved state (validated by the core)."""
        return DSPMMemory.from_dict(data, budget=self.body_budget, extractor=self.extractor,
                                    **self.kwargs)

    def block(self, memory: DSPMMemory, query: str,
              shown: Iterable[BaseMessage] = ()) -> str:
        """The fenced block of ``memory`` rendered for ``query`` (``""`` when empty),
        never over ``budget`` tokens; the user's sentences in the ``shown`` messages (the
        window sent beside it) are not repeated in it."""
        return render_block(memory, query, self.budget, self.header,
                            shown=[text_of(m.content) for m in shown])

    def window(self, messages: list[BaseMessage], keep_last: bool = True) -> list[BaseMessage]:
        """``messages`` cut to the history bounds (see :func:`bounded_messages`)."""
        return bounded_messages(messages, self.counter, max_tokens=self.max_history_tokens,
                                max_messages=self.max_history_messages, keep_last=keep_last)

    def with_hook(self, build: Callable[..., DSPMMemory], **kw: Any) -> DSPMMemory:
        """A memory built by ``build`` with this factory's settings (for persisted memories)."""
        return build(budget=self.body_budget, extractor=self.extractor, **self.kwargs, **kw)
