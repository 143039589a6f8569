"""LLMExtractor: fact extraction with any OpenAI-compatible chat endpoint.

    from openai import OpenAI, AsyncOpenAI
    extractor = LLMExtractor(OpenAI(), model="gpt-4o-mini")
    extractor = LLMExtractor(base_url="http://localhost:8000/v1", api_key="...", model="qwen3")
    facts = extractor.extract(turn)          # or: await extractor.aextract(turn)

The sync and async paths are thin I/O pairs around the same pure pieces: the request
(:meth:`LLMExtractor._request_kwargs`, built by :func:`~dspm_core.extract.prompts.build_messages`)
and the handling of the reply (:meth:`LLMExtractor._handle`, parsed by
:func:`~dspm_core.extract.parse.parse_response`). Retries of rate limits, 5xx and
connection errors come from the client (``max_retries`` of the openai SDK, which honours
``retry-after`` headers), never from sleeps here. Whatever still fails is raised as
:class:`~dspm_core.errors.ExtractionError` so the memory keeps the turn pending.

The reply is untrusted input, from the HTTP body up: a body the SDK cannot decode (HTML or
nothing under ``Content-Type: application/json``, bytes that are not UTF-8, JSON nested
past the recursion limit, an integer of more digits than Python converts), a body of the
wrong shape, or usage counters that are not integers are failures of the reply, never
errors of DSPM: they become :class:`~dspm_core.errors.ExtractionError` too.

Importing this module does not need ``openai``; only building clients from
``base_url``/``api_key`` does.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from ..errors import ConfigError, ExtractionError, ExtractionTimeoutError
from ..patch import Fact, Turn
from .parse import ParsedResponse, parse_response
from .prompts import build_messages, is_dense, prescreen_skip

try:  # the ``openai`` extra; optional so that the offline core imports without it
    import openai as _openai
except ImportError:  # pragma: no cover - exercised only without the extra
    _openai = None

__all__ = ["INSTALL_HINT", "MAX_REPLY_BYTES", "STAT_KEYS", "LLMExtractor"]

#: Largest HTTP body of one reply read from the server; a larger one fails the extraction
#: (the turn stays pending). The reply's text is capped again by the parser.
MAX_REPLY_BYTES = 8_000_000

INSTALL_HINT = 'pip install "dspm[openai]"'

#: Counters of :attr:`LLMExtractor.stats`.
STAT_KEYS = (
    "calls",                # requests sent (a response_format fallback is a second call)
    "failures",             # extract()/aextract() calls that raised ExtractionError
    "skipped",              # turns skipped by the prescreen (no request)
    "facts",                # facts returned
    "dense_calls",          # extractions run in dense mode
    "prompt_tokens",        # from response.usage, when the server reports it
    "completion_tokens",
    "unknown_kinds",        # reply items with a kind outside the six (skipped)
    "invalid_items",        # reply items that are not objects or have no text (skipped)
    "over_cap",             # valid facts beyond the cap (dropped, the first ones are kept)
    "invalid_revises",      # "revises" references that are not a string id (ignored)
    "response_format_fallbacks",  # servers that rejected response_format
)

# Errors of the request itself. Anything else (a TypeError from a bad client, a bug)
# propagates unchanged instead of being disguised as a transient extraction failure.
_API_ERRORS: tuple[type[BaseException], ...] = (TimeoutError, asyncio.TimeoutError,
                                                 ConnectionError)
if _openai is not None:
    _API_ERRORS += (_openai.OpenAIError,)

# What decoding a reply can raise inside the SDK or the parser: json.JSONDecodeError and
# UnicodeDecodeError are ValueErrors, like int()'s digit limit; nesting past the recursion
# limit is a RecursionError. (A UnicodeEncodeError is the request's, not the reply's.)
_REPLY_ERRORS: tuple[type[BaseException], ...] = (ValueError, RecursionError)


def _get(obj: Any, name: str) -> Any:
    """Attribute or key access: SDK objects and plain dicts are both accepted."""
    if isinstance(obj, dict):
        return obj.get(name)
    return getattr(obj, name, None)


def _create_of(client: Any) -> Any:
    create = _get(_get(_get(client, "chat"), "completions"), "create")
    if not callable(create):
        raise ConfigError(f"{type(client).__name__} has no chat.completions.create(); pass an "
                          "openai.OpenAI / openai.AsyncOpenAI or a compatible client")
    return create


def _is_async(client: Any) -> bool:
    if _openai is not None and isinstance(client, _openai.AsyncOpenAI):
        return True
    return inspect.iscoroutinefunction(inspect.unwrap(_create_of(client)))


def _count(value: Any) -> int:
    """A usage counter as reported: a non-negative int, else 0 (ignored)."""
    return value if type(value) is int and value >= 0 else 0


def _first(seq: Any) -> Any:
    """The first choice of a reply, or None when ``choices`` is not a non-empty list."""
    return seq[0] if isinstance(seq, (list, tuple)) and seq else None


@contextlib.contextmanager
def _reading_reply(what: str) -> Iterator[None]:
    """Raise a failure to decode the reply (see ``_REPLY_ERRORS``) as ExtractionError."""
    try:
        yield
    except UnicodeEncodeError:
        raise
    except _REPLY_ERRORS as exc:
        raise ExtractionError(f"{what}: {_one_line(exc)}") from exc


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    first = text[0] if text else ""
    first = first if len(first) <= 300 else first[:299] + "…"
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__


class _Body:
    """The bytes of one reply, read against the extraction's deadline and the size cap.

    Shared by the sync and async reads: each chunk the server sends is added here, so a
    reply that drips one byte at a time stops at the deadline, not at the last byte."""

    def __init__(self, deadline: float | None) -> None:
        self.deadline = deadline
        self.parts: list[bytes] = []
        self.size = 0

    def add(self, chunk: bytes) -> None:
        self.size += len(chunk)
        if self.size > MAX_REPLY_BYTES:
            raise ExtractionError(f"the server's reply is over {MAX_REPLY_BYTES:,} bytes")
        self.parts.append(chunk)
        _check_deadline(self.deadline)

    def decoded(self) -> Any:
        with _reading_reply("the server's reply cannot be decoded"):
            return json.loads(b"".join(self.parts))


def _check_deadline(deadline: float | None) -> None:
    if deadline is not None and time.monotonic() > deadline:
        raise ExtractionTimeoutError("no complete reply within the extraction deadline")


def _within(deadline: float | None, call: Callable[[], Any]) -> Any:
    """``call()``, returned by the deadline or given up: the client's timeout bounds each
    wait for a byte, so a server that sends its status line and headers one byte at a
    time is out of reach of the reply's own checks (:class:`_Body`). The call runs in a
    daemon thread that the caller stops waiting for at the deadline; left alone, it ends
    at its next deadline check (the first chunk of the body) or when the server stops."""
    if deadline is None:
        return call()
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = call()
        except BaseException as exc:  # noqa: BLE001 - handed to the waiting caller below
            box["error"] = exc

    worker = threading.Thread(target=run, name="dspm-extraction", daemon=True)
    worker.start()
    worker.join(max(0.0, deadline - time.monotonic()))
    if worker.is_alive():
        raise ExtractionTimeoutError("no complete reply within the extraction deadline")
    if "error" in box:
        raise box["error"]
    return box["value"]


def _streaming_create(client: Any) -> Any:
    """The SDK's ``with_streaming_response.create`` (reads the body chunk by chunk), or
    None for a client that has only ``create``."""
    create = _get(_get(_get(_get(client, "chat"), "completions"), "with_streaming_response"),
                  "create")
    return create if callable(create) else None


def _positive_int(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ConfigError(f"{name} must be a positive integer, got {value!r}")
    return value


class LLMExtractor:
    """Extracts typed facts from a turn with an OpenAI-compatible chat model.

    Args:
        client: an ``openai.OpenAI``, an ``openai.AsyncOpenAI`` (then it becomes
            ``async_client``), or any object with ``chat.completions.create(**kw)``.
        model: the model name sent with every request.
        base_url, api_key: build ``openai.OpenAI`` and ``openai.AsyncOpenAI`` clients
            with ``timeout`` and ``max_retries`` (only when no client is given).
        async_client: an async client used by :meth:`aextract`.
        max_facts: cap of facts per turn (enforced on the reply, not only asked for).
        dense_max_facts: cap in dense mode (every distinct fact of a fact-heavy turn).
        dense: always use dense mode. ``auto_dense``: use it for turns that
            :func:`~dspm_core.extract.prompts.is_dense` finds fact-heavy.
        prescreen: skip turns with nothing to extract (greetings, thanks) without a request.
        timeout, max_retries: settings of the clients built from ``base_url``; a client you
            pass keeps its own.
        temperature, max_tokens: sampling settings; ``dense_max_tokens`` (default
            ``4 * max_tokens``) is the output limit in dense mode.
        response_format: send ``response_format={"type": "json_object"}``; when a server
            rejects it (HTTP 400 naming ``response_format``) the request is repeated once
            without it and it is not sent again.
        deadline: seconds one extraction may take in all, requests, retries and reading
            the reply included (``None``: no deadline). The client's ``timeout`` bounds each
            wait for a byte, so a reply that drips one byte at a time would never time
            out; past the deadline the extraction raises
            :class:`~dspm_core.errors.ExtractionTimeoutError` and the memory keeps the turn
            pending. With an openai client the body is read chunk by chunk and checked
            against the deadline; an async extraction is also cancelled at the deadline
            (a sync request still waiting for the response headers is bounded only by the
            client's ``timeout`` and retries).

    Sync and async: :meth:`extract` needs a sync client. With only an async client it
    raises :class:`~dspm_core.errors.ConfigError`: the SDK's async connection pool is bound
    to the event loop that opened it, so driving it from a fresh loop per call fails on
    the second call ("Event loop is closed"). :meth:`aextract` uses the async client when
    there is one, else runs the sync request in a worker thread.

    Slot-aware: the memory hands each turn the stored settings related to it
    (``Turn.settings``, because :attr:`wants_settings` is true); the prompt lists them and a
    fact may name the one it revises by id (``Fact.revises``), which the store validates.
    """

    #: ask the memory for the stored settings related to each turn (``Turn.settings``)
    wants_settings = True

    def __init__(
        self,
        client: Any = None,
        *,
        model: str = "gpt-4o-mini",
        base_url: str | None = None,
        api_key: str | None = None,
        async_client: Any = None,
        max_facts: int = 12,
        dense_max_facts: int = 40,
        dense: bool = False,
        auto_dense: bool = True,
        prescreen: bool = True,
        timeout: float = 30.0,
        max_retries: int = 2,
        temperature: float = 0.0,
        max_tokens: int = 1024,
        dense_max_tokens: int | None = None,
        response_format: bool = True,
        deadline: float | None = 120.0,
    ) -> None:
        if not isinstance(model, str) or not model.strip():
            raise ConfigError(f"model must be a non-empty string, got {model!r}")
        self.max_facts = _positive_int("max_facts", max_facts)
        self.dense_max_facts = _positive_int("dense_max_facts", dense_max_facts)
        self.max_tokens = _positive_int("max_tokens", max_tokens)
        self.dense_max_tokens = _positive_int(
            "dense_max_tokens", 4 * max_tokens if dense_max_tokens is None else dense_max_tokens)
        if isinstance(max_retries, bool) or not isinstance(max_retries, int) or max_retries < 0:
            raise ConfigError(f"max_retries must be a non-negative integer, got {max_retries!r}")
        if client is not None and _is_async(client):
            if async_client is not None:
                raise ConfigError("client is an async client and async_client is given too")
            client, async_client = None, client
        if async_client is not None:
            _create_of(async_client)
        if client is None and async_client is None:
            client, async_client = self._build_clients(base_url, api_key, timeout, max_retries)
        elif base_url is not None or api_key is not None:
            raise ConfigError("pass either a client or base_url/api_key, not both")
        self.client = client
        self.async_client = async_client
        self.model = model
        self.dense = bool(dense)
        self.auto_dense = bool(auto_dense)
        self.prescreen = bool(prescreen)
        self.timeout = timeout
        self.max_retries = max_retries
        self.temperature = temperature
        self.response_format = bool(response_format)
        if deadline is not None and (isinstance(deadline, bool) or not isinstance(
                deadline, (int, float)) or not 0 < deadline < float("inf")):
            raise ConfigError(f"deadline must be a positive number of seconds or None, "
                              f"got {deadline!r}")
        self.deadline = deadline
        self._lock = threading.Lock()
        #: counters (see ``STAT_KEYS``); updated under a lock, safe to read any time
        self.stats: dict[str, int] = dict.fromkeys(STAT_KEYS, 0)

    @staticmethod
    def _build_clients(base_url: str | None, api_key: str | None, timeout: float,
                       max_retries: int) -> tuple[Any, Any]:
        if _openai is None:
            raise ConfigError(f"LLM extraction from base_url needs the openai package: "
                              f"{INSTALL_HINT}")
        try:
            kw = dict(base_url=base_url, api_key=api_key, timeout=timeout,
                      max_retries=max_retries)
            return _openai.OpenAI(**kw), _openai.AsyncOpenAI(**kw)
        except _openai.OpenAIError as exc:  # e.g. no api_key and no OPENAI_API_KEY
            raise ConfigError(f"cannot build the OpenAI client: {_one_line(exc)}") from exc

    # ------------------------------------------------------------------ shared, pure
    def is_dense(self, turn: Turn) -> bool:
        """Whether ``turn`` is extracted in dense mode."""
        return self.dense or (self.auto_dense and is_dense(turn))

    def _skip(self, turn: Turn) -> bool:
        if not (turn.text or "").strip() or (self.prescreen and prescreen_skip(turn)):
            self._bump(skipped=1)
            return True
        return False

    def _request_kwargs(self, turn: Turn) -> dict[str, Any]:
        """The keyword arguments of ``chat.completions.create`` for ``turn``."""
        dense = self.is_dense(turn)
        limit = self.dense_max_facts if dense else self.max_facts
        if dense:
            self._bump(dense_calls=1)
        kwargs: dict[str, Any] = {
            "model": self.model,
            "messages": build_messages(turn, dense=dense, max_facts=limit),
            "temperature": self.temperature,
            "max_tokens": self.dense_max_tokens if dense else self.max_tokens,
        }
        if self.response_format:
            kwargs["response_format"] = {"type": "json_object"}
        return kwargs

    def _handle(self, response: Any, turn: Turn) -> list[Fact]:
        """Parse a completion into the facts of ``turn``; count tokens and leftovers."""
        usage = _get(response, "usage")
        if usage is not None:
            self._bump(prompt_tokens=_count(_get(usage, "prompt_tokens")),
                       completion_tokens=_count(_get(usage, "completion_tokens")))
        choice = _first(_get(response, "choices"))
        if choice is None:
            raise ExtractionError("the model's response has no choices")
        message = _get(choice, "message")
        content = _get(message, "content") if message is not None else None
        limit = self.dense_max_facts if self.is_dense(turn) else self.max_facts
        with _reading_reply("the model's reply cannot be parsed"):
            parsed: ParsedResponse = parse_response(
                content, _get(choice, "finish_reason"), turn, max_facts=limit, source="llm")
        self._bump(facts=len(parsed.facts), unknown_kinds=parsed.unknown_kinds,
                   invalid_items=parsed.invalid_items, over_cap=parsed.over_cap,
                   invalid_revises=parsed.invalid_revises)
        return list(parsed.facts)

    def _next_kwargs(self, exc: BaseException, kwargs: dict[str, Any]) -> dict[str, Any]:
        """After a failed request: the kwargs to try once more, or raise ExtractionError.

        The only repeat is dropping ``response_format`` when the server rejected it;
        transient failures were already retried by the client.
        """
        if "response_format" in kwargs and _get(exc, "status_code") == 400 \
                and "response_format" in f"{exc} {_get(exc, 'body')}":
            self.response_format = False  # remembered: later requests do not send it
            self._bump(response_format_fallbacks=1)
            return {k: v for k, v in kwargs.items() if k != "response_format"}
        raise ExtractionError(f"LLM extraction request failed: {_one_line(exc)}") from exc

    def _bump(self, **counts: int) -> None:
        with self._lock:
            for key, n in counts.items():
                self.stats[key] += n

    @contextlib.contextmanager
    def _counting_failures(self) -> Iterator[None]:
        try:
            yield
        except ExtractionError:
            self._bump(failures=1)
            raise

    # ------------------------------------------------------------------ sync I/O
    def _deadline(self) -> float | None:
        return None if self.deadline is None else time.monotonic() + self.deadline

    def _send(self, kwargs: dict[str, Any], deadline: float | None = None) -> Any:
        if self.client is None:
            raise ConfigError("this LLMExtractor has only an async client: use aextract() "
                              "(aadd_turn), or also pass a sync client (client=openai.OpenAI(...))")
        create = _create_of(self.client)
        streaming = _streaming_create(self.client)
        while True:
            _check_deadline(deadline)
            self._bump(calls=1)
            try:
                with _reading_reply("the server's reply cannot be decoded"):
                    if streaming is None:
                        return create(**kwargs)
                    with streaming(**kwargs) as response:
                        body = _Body(deadline)
                        for chunk in response.iter_bytes():
                            body.add(chunk)
                    return body.decoded()
            except _API_ERRORS as exc:
                kwargs = self._next_kwargs(exc, kwargs)

    def extract(self, turn: Turn) -> list[Fact]:
        """The facts of ``turn``. Raises :class:`ExtractionError` when the request or the
        reply fails (after the client's own retries)."""
        if self._skip(turn):
            return []
        with self._counting_failures():
            kwargs, deadline = self._request_kwargs(turn), self._deadline()
            response = _within(deadline, lambda: self._send(kwargs, deadline))
            return self._handle(response, turn)

    # ------------------------------------------------------------------ async I/O
    async def _asend(self, kwargs: dict[str, Any], deadline: float | None) -> Any:
        create = _create_of(self.async_client)
        streaming = _streaming_create(self.async_client)
        while True:
            _check_deadline(deadline)
            self._bump(calls=1)
            try:
                with _reading_reply("the server's reply cannot be decoded"):
                    if streaming is None:
                        return await create(**kwargs)
                    async with streaming(**kwargs) as response:
                        body = _Body(deadline)
                        async for chunk in response.iter_bytes():
                            body.add(chunk)
                    return body.decoded()
            except _API_ERRORS as exc:
                kwargs = self._next_kwargs(exc, kwargs)

    async def aextract(self, turn: Turn) -> list[Fact]:
        """Async :meth:`extract`: the async client when there is one, else the sync request
        in a worker thread. Cancelled at the deadline."""
        if self._skip(turn):
            return []
        with self._counting_failures():
            kwargs = self._request_kwargs(turn)
            deadline = self._deadline()
            if self.async_client is not None:
                send = self._asend(kwargs, deadline)
            else:
                send = asyncio.to_thread(self._send, kwargs, deadline)
            try:
                response = await asyncio.wait_for(send, self.deadline)
            except asyncio.TimeoutError:
                raise ExtractionTimeoutError(
                    "no complete reply within the extraction deadline") from None
            return self._handle(response, turn)
