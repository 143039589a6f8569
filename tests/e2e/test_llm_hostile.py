"""A hostile or broken OpenAI-compatible endpoint never breaks ``add_turn``.

The real ``openai`` client (sync and async) talks to a local HTTP server that answers with
deeply nested JSON, HTML or empty bodies under ``Content-Type: application/json``, binary
bodies, bodies of the wrong shape and usage counters that are not integers. Whatever the
reply, only :class:`ExtractionError` leaves the extractor; a non-strict memory keeps the turn
pending and stores it once a healthy reply arrives.
"""

from __future__ import annotations

import json

import pytest

openai = pytest.importorskip("openai")

from dspm_core import DSPMMemory  # noqa: E402
from dspm_core.errors import ExtractionError  # noqa: E402
from dspm_core.extract.llm import LLMExtractor  # noqa: E402
from dspm_core.patch import Role, Turn  # noqa: E402
from llm_server import Reply, async_client, chat, facts_reply, raw, sync_client  # noqa: E402

TEXT = "Set the webhook timeout to 10 seconds."
FACT = {"kind": "decision", "text": "Webhook timeout is 10 seconds.",
        "slot": "webhook timeout", "op": "=", "value": "10", "unit": "seconds"}
DEEP = 100_000  # far past any recursion limit


def _completion(content: str, usage: dict | None = None) -> dict:
    body = {"id": "c", "object": "chat.completion", "created": 0, "model": "m",
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": content}}]}
    if usage is not None:
        body["usage"] = usage
    return body


def _with_usage(**usage: object) -> Reply:
    return Reply(body=_completion(json.dumps({"facts": [FACT]}), usage))


HOSTILE = {
    # the content of the reply
    "nested content": chat("[" * DEEP + "]" * DEEP),
    "nested facts": chat('{"facts": ' + "[" * DEEP + "]" * DEEP + "}"),
    "nested object items": chat('{"facts": [' + '{"a":' * DEEP + "1" + "}" * DEEP + "]}"),
    # the HTTP body itself
    "nested body": raw('{"choices": ' + "[" * DEEP + "]" * DEEP + "}"),
    "html body": raw("<html><body><h1>502 Bad Gateway</h1></body></html>"),
    "empty body": raw(b""),
    "binary body": raw(b"\x80\x81\xfe\xff" * 64),
    "huge integer": raw('{"choices": [], "usage": {"prompt_tokens": 1' + "0" * 5000 + "}}"),
    "body is a list": raw("[1, 2, 3]"),
    "body is a number": raw("42"),
    "choices not a list": Reply(body={"choices": 5}),
    "choice not an object": Reply(body={"choices": [7]}),
    "message not an object": Reply(body={"choices": [{"message": 3}]}),
    "content not a string": Reply(body={"choices": [{"message": {"content": {"a": 1}}}]}),
}
# usage counters that are not integers: ignored, the facts are still stored
BAD_USAGE = {
    "prompt_tokens many": _with_usage(prompt_tokens="many", completion_tokens=3),
    "completion_tokens float": _with_usage(prompt_tokens=3, completion_tokens=1.5),
    "completion_tokens infinite": Reply(raw=json.dumps(_completion(
        json.dumps({"facts": [FACT]}), {"prompt_tokens": 1})).replace(
            '"prompt_tokens": 1', '"prompt_tokens": 1, "completion_tokens": 1e999').encode()),
    "prompt_tokens bool": _with_usage(prompt_tokens=True, completion_tokens=2),
    "prompt_tokens negative": _with_usage(prompt_tokens=-5, completion_tokens=2),
    "prompt_tokens list": _with_usage(prompt_tokens=[1], completion_tokens={"n": 2}),
    "usage a string": Reply(body={**_completion(json.dumps({"facts": [FACT]})), "usage": "lots"}),
}


@pytest.fixture
async def aclient(server):
    """The real AsyncOpenAI client, closed on the test's own event loop."""
    client = async_client(server)
    yield client
    await client.close()


def _turn() -> Turn:
    return Turn(role=Role.USER, text=TEXT, index=0, session_id=None)


def _stored(memory: DSPMMemory) -> list[str]:
    return [p.text for p in memory.all_patches]


# ------------------------------------------------------------------ the extractor
@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_extractor_raises_only_extraction_error(server, name):
    server.push(HOSTILE[name])
    ex = LLMExtractor(sync_client(server), model="m")
    with pytest.raises(ExtractionError):
        ex.extract(_turn())
    assert ex.stats["failures"] == 1


@pytest.mark.parametrize("name", sorted(HOSTILE))
async def test_async_extractor_raises_only_extraction_error(server, aclient, name):
    server.push(HOSTILE[name])
    ex = LLMExtractor(aclient, model="m")
    with pytest.raises(ExtractionError):
        await ex.aextract(_turn())
    assert ex.stats["failures"] == 1


@pytest.mark.parametrize("name", sorted(BAD_USAGE))
def test_non_integer_usage_is_ignored(server, name):
    server.push(BAD_USAGE[name])
    ex = LLMExtractor(sync_client(server), model="m")
    assert [f.text for f in ex.extract(_turn())] == [FACT["text"]]
    assert all(type(ex.stats[k]) is int and ex.stats[k] >= 0 for k in ex.stats)
    assert ex.stats["failures"] == 0


def test_integer_usage_is_still_counted(server):
    server.push(_with_usage(prompt_tokens=11, completion_tokens=4))
    ex = LLMExtractor(sync_client(server), model="m")
    ex.extract(_turn())
    assert (ex.stats["prompt_tokens"], ex.stats["completion_tokens"]) == (11, 4)


# ------------------------------------------------------------------ the memory
@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_memory_keeps_the_turn_pending(server, name):
    server.push(HOSTILE[name])
    memory = DSPMMemory(llm_client=sync_client(server), model="m")
    assert memory.add_turn("user", TEXT) == []
    assert memory.stats["pending_turns"] == 1
    assert memory.stats["extraction_failures"] == 1
    server.push(facts_reply(FACT))
    memory.retry_pending()
    assert memory.stats["pending_turns"] == 0
    assert _stored(memory) == [FACT["text"]]


@pytest.mark.parametrize("name", sorted(HOSTILE))
async def test_async_memory_keeps_the_turn_pending(server, aclient, name):
    server.push(HOSTILE[name])
    memory = DSPMMemory(llm_client=aclient, model="m")
    assert await memory.aadd_turn("user", TEXT) == []
    assert memory.stats["pending_turns"] == 1
    server.push(facts_reply(FACT))
    await memory.aretry_pending()
    assert memory.stats["pending_turns"] == 0
    assert _stored(memory) == [FACT["text"]]


@pytest.mark.parametrize("name", ["nested body", "binary body", "html body"])
def test_strict_memory_raises_extraction_error(server, name):
    server.push(HOSTILE[name])
    memory = DSPMMemory(llm_client=sync_client(server), model="m", strict_llm=True)
    with pytest.raises(ExtractionError):
        memory.add_turn("user", TEXT)
    assert memory.stats["pending_turns"] == 1


@pytest.mark.parametrize("name", sorted(BAD_USAGE))
async def test_async_memory_ignores_non_integer_usage(server, aclient, name):
    server.push(BAD_USAGE[name])
    memory = DSPMMemory(llm_client=aclient, model="m")
    await memory.aadd_turn("user", TEXT)
    assert memory.stats["pending_turns"] == 0
    assert _stored(memory) == [FACT["text"]]


# ------------------------------------------------------------------ the parser alone
@pytest.mark.parametrize("content", [
    "[" * DEEP + "]" * DEEP,
    '{"facts": [' + '{"a":' * DEEP + "1" + "}" * DEEP + "]}",
])
def test_parser_raises_only_its_own_error_on_deep_nesting(content):
    from dspm_core.extract.parse import ResponseParseError, parse_response

    with pytest.raises(ResponseParseError, match="no valid JSON"):
        parse_response(content, "stop", _turn(), max_facts=5)


def test_parser_skips_a_deep_span_like_any_invalid_span():
    from dspm_core.extract.parse import parse_response

    content = "prose " + "[" * DEEP + "]" * DEEP + " then " + json.dumps({"facts": [FACT]})
    parsed = parse_response(content, "stop", _turn(), max_facts=5)
    assert [f.text for f in parsed.facts] == [FACT["text"]]


def test_a_request_that_cannot_be_encoded_is_not_disguised_as_a_bad_reply(server):
    # a header the client cannot send is a configuration error of the caller: it stays
    # what it is instead of becoming a retried ExtractionError
    client = openai.OpenAI(base_url=server.url, api_key="k\u00e9y", max_retries=0)
    with pytest.raises(UnicodeEncodeError):
        LLMExtractor(client, model="m").extract(_turn())
    assert server.requests == []
