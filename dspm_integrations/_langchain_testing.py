"""A fake LangChain chat model that records every request (tests, benchmarks, docs).

LangChain's ``GenericFakeChatModel`` cannot bind tools, and ``create_agent`` binds them.
:class:`RecordingChatModel` does, answers with a scripted function of the messages it
receives, and keeps those messages in :attr:`RecordingChatModel.requests`, so a test can
assert on exactly what the model was sent. No network.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable
from pydantic import Field

__all__ = ["RecordingChatModel"]

Responder = Callable[[list[BaseMessage]], "AIMessage | str"]


def _ok(messages: list[BaseMessage]) -> AIMessage:
    return AIMessage(content="OK.")


class RecordingChatModel(BaseChatModel):
    """Answers ``responder(messages)`` (an ``AIMessage`` or a string) and records requests.

    ``requests[i]`` is the list of messages of the i-th call, system message included;
    ``tools`` holds the names of the tools bound last.
    """

    responder: Callable[[list[BaseMessage]], Any] = Field(default=_ok)
    requests: list[list[BaseMessage]] = Field(default_factory=list)
    tools: list[str] = Field(default_factory=list)
    model_name: str = "recording-fake"

    @property
    def _llm_type(self) -> str:
        return "recording-fake"

    def bind_tools(self, tools: Sequence[Any], *, tool_choice: Any = None,
                   **kwargs: Any) -> Runnable[LanguageModelInput, AIMessage]:
        names = []
        for tool in tools:
            if isinstance(tool, dict):
                names.append(tool.get("name") or (tool.get("function") or {}).get("name", "?"))
            else:
                names.append(getattr(tool, "name", type(tool).__name__))
        self.tools = names
        return self

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: CallbackManagerForLLMRun | None = None,
                  **kwargs: Any) -> ChatResult:
        self.requests.append(list(messages))
        reply = self.responder(list(messages))
        if isinstance(reply, str):
            reply = AIMessage(content=reply)
        return ChatResult(generations=[ChatGeneration(message=reply)])

    @property
    def last_system(self) -> str:
        """The text of the system message of the latest request (``""`` if none)."""
        if not self.requests:
            return ""
        first = self.requests[-1][0]
        return first.text if first.type == "system" else ""


def scripted(*replies: AIMessage | str) -> Callable[[list[BaseMessage]], Any]:
    """A responder that answers ``replies`` in order, then repeats the last one."""
    it = itertools.chain(replies, itertools.repeat(replies[-1]))
    return lambda _messages: next(it)
