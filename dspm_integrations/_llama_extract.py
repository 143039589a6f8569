"""A LlamaIndex LLM as DSPM's LLM extractor.

:class:`~dspm_core.extract.llm.LLMExtractor` talks to anything with
``chat.completions.create(**kw)`` that returns an OpenAI-shaped completion. The two
clients here give a LlamaIndex LLM that shape: they turn the OpenAI-style messages into
LlamaIndex ``ChatMessage`` objects, call ``llm.chat`` (sync) or ``llm.achat`` (async) and
wrap the reply as ``.choices[0].message.content``, ``.choices[0].finish_reason`` and
``.usage``.

    from dspm_core.extract.llm import LLMExtractor
    extractor = LLMExtractor(client=LlamaIndexLLMClient(llm),
                             async_client=AsyncLlamaIndexLLMClient(llm),
                             model="my-model", response_format=False)

The model, temperature and token limit are the LLM's own settings (``model``,
``temperature`` and ``max_tokens`` of the request are not forwarded: LlamaIndex LLMs do
not share one keyword vocabulary). Request failures (timeouts, connection and HTTP
errors, the SDK errors of OpenAI-compatible backends, plus any ``request_errors`` you
name) become :class:`LLMRequestError`, which the extractor reports as an
``ExtractionError``: the turn is kept pending and retried, never lost. Any other
exception (a bug) propagates unchanged.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from llama_index.core.base.llms.types import ChatMessage, MessageRole

from dspm_core.errors import ConfigError

if TYPE_CHECKING:  # imported when an extractor is built: it needs the openai package
    from dspm_core.extract.llm import LLMExtractor

__all__ = [
    "AsyncLlamaIndexLLMClient",
    "LLMRequestError",
    "LlamaIndexLLMClient",
    "llama_index_extractor",
]


class LLMRequestError(ConnectionError):
    """A LlamaIndex LLM call failed as a request (the extractor keeps the turn pending)."""


def _request_errors() -> tuple[type[BaseException], ...]:
    """The errors of a failed request: timeouts, OS and httpx errors, and the openai
    SDK's when it is loaded (an LLM built on it has imported it; importing it here would
    make every import of this adapter pay for it)."""
    errors: tuple[type[BaseException], ...] = (TimeoutError, OSError)
    try:
        import httpx

        errors += (httpx.HTTPError,)
    except ImportError:  # pragma: no cover - httpx comes with llama-index-core
        pass
    openai = sys.modules.get("openai")
    if openai is not None:
        errors += (openai.OpenAIError,)
    return errors
_LENGTH_REASONS = frozenset({"length", "max_tokens", "max_output_tokens", "MAX_TOKENS"})


def _get(obj: Any, name: str) -> Any:
    if isinstance(obj, dict):
        return obj.get(name)
    return getattr(obj, name, None)


def to_chat_messages(messages: Sequence[Any]) -> list[ChatMessage]:
    """OpenAI-style ``{"role", "content"}`` messages as LlamaIndex messages."""
    out = []
    for m in messages:
        role = str(_get(m, "role") or "user")
        try:
            li_role = MessageRole(role)
        except ValueError:
            li_role = MessageRole.USER
        out.append(ChatMessage(role=li_role, content=str(_get(m, "content") or "")))
    return out


def _finish_reason(response: Any) -> str:
    raw = _get(response, "raw")
    choices = _get(raw, "choices") if raw is not None else None
    reason = None
    if choices:
        try:
            reason = _get(choices[0], "finish_reason")
        except (IndexError, KeyError, TypeError):
            reason = None
    if reason is None and raw is not None:
        reason = _get(raw, "finish_reason") or _get(raw, "stop_reason")
    if reason is None:
        reason = (_get(response, "additional_kwargs") or {}).get("finish_reason")
    if reason is None:
        return "stop"
    reason = str(getattr(reason, "name", reason))
    return "length" if reason in _LENGTH_REASONS or reason.lower() in _LENGTH_REASONS else reason


def _usage(response: Any) -> Any:
    raw = _get(response, "raw")
    usage = _get(raw, "usage") if raw is not None else None
    prompt = _get(usage, "prompt_tokens") if usage is not None else None
    completion = _get(usage, "completion_tokens") if usage is not None else None
    if usage is not None and prompt is None:  # Anthropic-style names
        prompt, completion = _get(usage, "input_tokens"), _get(usage, "output_tokens")
    if prompt is None:
        extra = _get(response, "additional_kwargs") or {}
        prompt, completion = extra.get("prompt_tokens"), extra.get("completion_tokens")
    if prompt is None and completion is None:
        return None
    return SimpleNamespace(prompt_tokens=int(prompt or 0), completion_tokens=int(completion or 0))


def to_completion(response: Any) -> SimpleNamespace:
    """A LlamaIndex ``ChatResponse`` in the OpenAI completion shape LLMExtractor reads."""
    message = _get(response, "message")
    content = getattr(message, "content", None) if message is not None else None
    return SimpleNamespace(
        choices=[SimpleNamespace(
            index=0,
            message=SimpleNamespace(role="assistant", content=content),
            finish_reason=_finish_reason(response),
        )],
        usage=_usage(response),
    )


def _check_llm(llm: Any, method: str) -> None:
    if not callable(getattr(llm, method, None)):
        raise ConfigError(f"extractor_llm must be a LlamaIndex LLM with {method}(); "
                          f"got {type(llm).__name__}")


class _Completions:
    def __init__(self, llm: Any, errors: tuple[type[BaseException], ...]) -> None:
        self._llm = llm
        self._errors = errors

    def create(self, **kwargs: Any) -> SimpleNamespace:
        messages = to_chat_messages(kwargs.get("messages") or [])
        try:
            response = self._llm.chat(messages)
        except self._errors as exc:
            raise LLMRequestError(f"{type(exc).__name__}: {exc}") from exc
        return to_completion(response)


class _AsyncCompletions(_Completions):
    async def create(self, **kwargs: Any) -> SimpleNamespace:  # type: ignore[override]
        messages = to_chat_messages(kwargs.get("messages") or [])
        try:
            response = await self._llm.achat(messages)
        except self._errors as exc:
            raise LLMRequestError(f"{type(exc).__name__}: {exc}") from exc
        return to_completion(response)


class LlamaIndexLLMClient:
    """``client.chat.completions.create(**kw)`` over a LlamaIndex LLM's ``chat``.

    Args:
        llm: any LlamaIndex LLM.
        request_errors: extra exception types that count as a failed request.
    """

    def __init__(self, llm: Any, request_errors: Sequence[type[BaseException]] = ()) -> None:
        _check_llm(llm, "chat")
        self.llm = llm
        self.chat = SimpleNamespace(
            completions=_Completions(llm, _request_errors() + tuple(request_errors)))


class AsyncLlamaIndexLLMClient:
    """The async twin of :class:`LlamaIndexLLMClient` (``await llm.achat(...)``)."""

    def __init__(self, llm: Any, request_errors: Sequence[type[BaseException]] = ()) -> None:
        _check_llm(llm, "achat")
        self.llm = llm
        self.chat = SimpleNamespace(
            completions=_AsyncCompletions(llm, _request_errors() + tuple(request_errors)))


def llama_index_extractor(llm: Any, model: str | None = None, **kwargs: Any) -> LLMExtractor:
    """An :class:`LLMExtractor` that calls ``llm.chat`` (sync) and ``llm.achat`` (async)."""
    if model is None:
        metadata = getattr(llm, "metadata", None)
        model = getattr(metadata, "model_name", None) or type(llm).__name__
    from dspm_core.extract.llm import LLMExtractor

    kwargs.setdefault("response_format", False)  # not forwarded; avoid the fallback dance
    return LLMExtractor(client=LlamaIndexLLMClient(llm),
                        async_client=AsyncLlamaIndexLLMClient(llm), model=str(model), **kwargs)
