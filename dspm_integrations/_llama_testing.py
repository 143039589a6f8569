"""Fake LlamaIndex LLMs that record every request (tests, benchmarks, notebooks). No network.

* :class:`RecordingReActLLM` answers in the ReAct format (a tool call when the user asks
  for the weather, then an answer quoting the observation), for ``ReActAgent``.
* :class:`FunctionCallRecorder` is a ``response_generator`` for LlamaIndex's
  ``MockFunctionCallingLLM``: a tool call when asked for the weather, otherwise a reply.

Both keep what the model received, message by message, in ``calls``.
"""

from __future__ import annotations

import copy
import itertools
import json
from collections.abc import AsyncGenerator, Generator, Sequence
from typing import Any

from llama_index.core.base.llms.types import (
    ChatMessage,
    ChatResponse,
    ChatResponseAsyncGen,
    ChatResponseGen,
    MessageRole,
    ToolCallBlock,
)
from llama_index.core.bridge.pydantic import Field
from llama_index.core.llms.callbacks import llm_chat_callback
from llama_index.core.llms.mock import MockLLM

__all__ = ["FunctionCallRecorder", "RecordingReActLLM", "get_weather"]

WEATHER = "Sunny and 21 C in Paris."


def get_weather(city: str) -> str:
    """Current weather of a city."""
    return WEATHER if city == "Paris" else "Unknown city."


def _asks_for_weather(message: ChatMessage) -> bool:
    return message.role == MessageRole.USER and "weather" in (message.content or "").lower()


class RecordingReActLLM(MockLLM):
    """A chat model for ``ReActAgent`` that records every call (deep copies)."""

    calls: list[list[ChatMessage]] = Field(default_factory=list, exclude=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(is_chat_model=True, **kwargs)

    def _reply(self, messages: Sequence[ChatMessage]) -> str:
        self.calls.append(copy.deepcopy(list(messages)))
        last = messages[-1]
        text = last.content or ""
        if text.startswith("Observation:"):
            observed = text.split(":", 1)[1].strip()
            return f"Thought: I can answer without using any more tools.\nAnswer: {observed}"
        if _asks_for_weather(last):
            return ("Thought: I need to use a tool to help me answer the question.\n"
                    "Action: get_weather\nAction Input: " + json.dumps({"city": "Paris"}))
        return "Thought: I can answer without using any more tools.\nAnswer: Noted."

    @llm_chat_callback()
    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        return ChatResponse(message=ChatMessage(role=MessageRole.ASSISTANT,
                                                content=self._reply(messages)))

    @llm_chat_callback()
    async def achat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        return self.chat(messages, **kwargs)

    @llm_chat_callback()
    def stream_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponseGen:
        text = self._reply(messages)

        def gen() -> Generator[ChatResponse, None, None]:
            yield ChatResponse(message=ChatMessage(role=MessageRole.ASSISTANT, content=text),
                               delta=text)

        return gen()

    @llm_chat_callback()
    async def astream_chat(self, messages: Sequence[ChatMessage],
                           **kwargs: Any) -> ChatResponseAsyncGen:
        text = self._reply(messages)

        async def gen() -> AsyncGenerator[ChatResponse, None]:
            yield ChatResponse(message=ChatMessage(role=MessageRole.ASSISTANT, content=text),
                               delta=text)

        return gen()


class FunctionCallRecorder:
    """``MockFunctionCallingLLM(response_generator=FunctionCallRecorder())``.

    A user message asking for the weather (with tools offered) gets a ``get_weather``
    call; a tool result gets an answer quoting it; anything else gets ``reply``.
    """

    def __init__(self, reply: str = "Noted.") -> None:
        self.calls: list[list[ChatMessage]] = []
        self.reply = reply
        self._ids = itertools.count(1)

    def __call__(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatMessage:
        self.calls.append(copy.deepcopy(list(messages)))
        last = messages[-1]
        if last.role == MessageRole.TOOL:
            return ChatMessage(role=MessageRole.ASSISTANT, content=f"The tool says: {last.content}")
        if kwargs.get("tools") and _asks_for_weather(last):
            return ChatMessage(role=MessageRole.ASSISTANT, blocks=[ToolCallBlock(
                tool_call_id=f"call-{next(self._ids)}", tool_name="get_weather",
                tool_kwargs={"city": "Paris"})])
        return ChatMessage(role=MessageRole.ASSISTANT, content=self.reply)
