"""A LangChain chat model seen through the OpenAI chat-completions shape.

:class:`dspm_core.extract.llm.LLMExtractor` talks to anything with
``chat.completions.create(**kw)``. :class:`ChatModelClient` (sync) and
:class:`AsyncChatModelClient` give a LangChain chat model that surface: the OpenAI-style
messages become LangChain messages, ``model.invoke`` / ``model.ainvoke`` runs them, and
the reply comes back with ``choices[0].message.content``, ``choices[0].finish_reason``
and ``usage``. Prompt building, parsing, caps and counters stay in the core.

``temperature``, ``max_tokens`` and ``response_format`` of the request are not forwarded:
a LangChain model carries its own settings, and not every model accepts them per call.
The extraction prompt asks for JSON and the core's parser tolerates prose around it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, convert_to_messages
from langchain_core.runnables import RunnableConfig

from dspm_core.errors import ConfigError, ExtractionError
if TYPE_CHECKING:  # imported when an extractor is built: it needs the openai package
    from dspm_core.extract.llm import LLMExtractor

from ._langchain_common import text_of

__all__ = ["AsyncChatModelClient", "ChatModelClient", "extractor_for"]

# Errors that mean the adapter or the model object is misused: they propagate as they
# are. Any other error of a model call (provider SDK errors, HTTP errors, timeouts) is a
# failed extraction: the core keeps the turn pending and retries it later.
_PROGRAMMING_ERRORS: tuple[type[BaseException], ...] = (
    TypeError, AttributeError, NameError, ImportError, NotImplementedError, AssertionError)

# Stop reasons of other providers that mean "cut off by the token limit".
_LENGTH_REASONS = frozenset({"length", "max_tokens", "MAX_TOKENS", "max_output_tokens"})


def _call_config() -> RunnableConfig:
    """Tags keep extraction calls out of an agent's streamed messages and mark them in traces."""
    metadata: dict[str, Any] = {"lc_source": "dspm_extraction"}
    try:  # marks the call as internal to middleware (langchain 1.x agents)
        from langchain.agents.middleware.internal_call_transformer import internal_call_metadata
    except ImportError:  # pragma: no cover - langchain-core alone
        pass
    else:
        metadata.update(internal_call_metadata())
    return {"tags": ["nostream", "dspm_extraction"], "metadata": metadata,
            "run_name": "dspm_extraction"}


@dataclass(frozen=True, slots=True)
class _Message:
    content: str
    role: str = "assistant"


@dataclass(frozen=True, slots=True)
class _Choice:
    message: _Message
    finish_reason: str | None
    index: int = 0


@dataclass(frozen=True, slots=True)
class _Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0


@dataclass(frozen=True, slots=True)
class ChatCompletion:
    """The part of an OpenAI chat completion that the extractor reads."""

    choices: list[_Choice]
    usage: _Usage | None = None
    model: str = ""
    raw: Any = field(default=None, compare=False, repr=False)


def _to_messages(messages: Any) -> list[BaseMessage]:
    if not isinstance(messages, list) or not messages:
        raise TypeError("messages must be a non-empty list of {'role', 'content'} dicts")
    return convert_to_messages(messages)


def _finish_reason(reply: BaseMessage) -> str | None:
    meta = getattr(reply, "response_metadata", None) or {}
    reason = meta.get("finish_reason") or meta.get("stop_reason")
    if reason is None:
        return None
    return "length" if str(reason) in _LENGTH_REASONS else str(reason)


def _completion(reply: Any, model: str) -> ChatCompletion:
    if not isinstance(reply, BaseMessage):
        raise TypeError(f"the chat model returned {type(reply).__name__}, not a message")
    usage = None
    meta = getattr(reply, "usage_metadata", None) if isinstance(reply, AIMessage) else None
    if meta:
        usage = _Usage(prompt_tokens=int(meta.get("input_tokens") or 0),
                       completion_tokens=int(meta.get("output_tokens") or 0),
                       total_tokens=int(meta.get("total_tokens") or 0))
    choice = _Choice(message=_Message(content=text_of(reply.content)),
                     finish_reason=_finish_reason(reply))
    return ChatCompletion(choices=[choice], usage=usage, model=model, raw=reply)


def _failed(exc: Exception) -> ExtractionError:
    first = (str(exc).strip().splitlines() or [""])[0][:300]
    return ExtractionError(f"the chat model call failed: {type(exc).__name__}: {first}")


def _model_name(model: BaseChatModel) -> str:
    for attr in ("model_name", "model", "model_id"):
        value = getattr(model, attr, None)
        if isinstance(value, str) and value.strip():
            return value
    return type(model).__name__


@contextlib.contextmanager
def _call_failures() -> Iterator[None]:
    """A failed model call becomes the core's extraction error (the turn stays pending);
    programming errors propagate unchanged."""
    try:
        yield
    except _PROGRAMMING_ERRORS:
        raise
    except Exception as exc:  # a failed call: the core keeps the turn pending
        raise _failed(exc) from exc


class _Completions:
    def __init__(self, model: BaseChatModel) -> None:
        self._model = model

    def create(self, *, messages: Any, model: str = "", **_ignored: Any) -> ChatCompletion:
        lc_messages = _to_messages(messages)
        with _call_failures():
            reply = self._model.invoke(lc_messages, config=_call_config())
        return _completion(reply, model)


class _AsyncCompletions:
    def __init__(self, model: BaseChatModel) -> None:
        self._model = model

    async def create(self, *, messages: Any, model: str = "", **_ignored: Any) -> ChatCompletion:
        lc_messages = _to_messages(messages)
        with _call_failures():
            reply = await self._model.ainvoke(lc_messages, config=_call_config())
        return _completion(reply, model)


class _Chat:
    def __init__(self, completions: Any) -> None:
        self.completions = completions


class ChatModelClient:
    """``client.chat.completions.create(**kw)`` (sync) over a LangChain chat model."""

    def __init__(self, model: BaseChatModel) -> None:
        if not isinstance(model, BaseChatModel):
            raise ConfigError(f"expected a LangChain chat model, got {type(model).__name__}")
        self.model = model
        self.chat = _Chat(_Completions(model))


class AsyncChatModelClient:
    """``await client.chat.completions.create(**kw)`` over a LangChain chat model."""

    def __init__(self, model: BaseChatModel) -> None:
        if not isinstance(model, BaseChatModel):
            raise ConfigError(f"expected a LangChain chat model, got {type(model).__name__}")
        self.model = model
        self.chat = _Chat(_AsyncCompletions(model))


def extractor_for(llm: Any, **kwargs: Any) -> LLMExtractor:
    """An :class:`LLMExtractor` over ``llm``: a LangChain chat model, or an OpenAI-compatible
    client (anything with ``chat.completions.create``). ``kwargs`` go to the extractor."""
    from dspm_core.extract.llm import LLMExtractor

    if isinstance(llm, BaseChatModel):
        kwargs.setdefault("model", _model_name(llm))
        return LLMExtractor(client=ChatModelClient(llm), async_client=AsyncChatModelClient(llm),
                            **kwargs)
    if isinstance(llm, LLMExtractor):
        return llm
    create = getattr(getattr(getattr(llm, "chat", None), "completions", None), "create", None)
    if callable(create):
        return LLMExtractor(client=llm, **kwargs)
    raise ConfigError(f"extractor_llm must be a LangChain chat model or an OpenAI-compatible "
                      f"client, got {type(llm).__name__}")
