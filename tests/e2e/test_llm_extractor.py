"""LLMExtractor end to end: the real openai SDK against a real local HTTP server.

The server (:mod:`llm_server`, beside this file) listens on 127.0.0.1 and records every
request body, so the tests assert what the model actually received.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from typing import Any

import pytest

openai = pytest.importorskip("openai")

from dspm_core.errors import ConfigError, ExtractionError  # noqa: E402
from dspm_core.extract.llm import LLMExtractor  # noqa: E402
from dspm_core.patch import PatchKind, Role, Turn  # noqa: E402
from llm_server import (  # noqa: E402
    Reply,
    chat,
    error,
    facts_reply,
    async_client,
    message_block,
    sync_client,
    user_content,
)


def turn(text: str = "Set the webhook timeout to 10 seconds.", index: int = 0,
         recent: tuple[tuple[str, str], ...] = (), role: Role = Role.USER) -> Turn:
    return Turn(role=role, text=text, index=index, session_id="s1", recent=recent)


TIMEOUT_FACT = {"kind": "decision", "text": "Webhook timeout is 10 seconds.",
                "slot": "webhook timeout", "op": "=", "value": "10", "unit": "seconds"}
RETRY_FACT = {"kind": "constraint", "text": "Retries must be at most 3.", "slot": "retries",
              "op": "<=", "value": "3", "unit": None}


# ------------------------------------------------------------------ replies
def test_good_reply(server):
    server.push(facts_reply(TIMEOUT_FACT, RETRY_FACT, usage=(120, 40)))
    ex = LLMExtractor(sync_client(server), model="test-model")
    facts = ex.extract(turn(index=3))
    assert [(f.kind, f.slot, f.op, f.value, f.unit) for f in facts] == [
        (PatchKind.DECISION, "webhook timeout", "=", "10", "seconds"),
        (PatchKind.CONSTRAINT, "retries", "<=", "3", None)]
    assert {(f.role, f.turn, f.session_id, f.source) for f in facts} == {
        (Role.USER, 3, "s1", "llm")}
    (req,) = server.requests
    assert req["path"] == "/v1/chat/completions"
    assert req["model"] == "test-model"
    assert req["temperature"] == 0.0 and req["max_tokens"] == 1024
    assert req["response_format"] == {"type": "json_object"}
    assert [m["role"] for m in req["messages"]] == ["system", "user"]
    assert ex.stats["calls"] == 1 and ex.stats["facts"] == 2
    assert (ex.stats["prompt_tokens"], ex.stats["completion_tokens"]) == (120, 40)
    assert ex.stats["failures"] == 0


def test_malformed_json_raises(server):
    server.push(chat('{"facts": [{"kind": "decision" "text": "no comma"}]}'))
    ex = LLMExtractor(sync_client(server), model="m")
    with pytest.raises(ExtractionError, match="JSON"):
        ex.extract(turn())
    assert ex.stats["failures"] == 1 and ex.stats["calls"] == 1


def test_prose_wrapped_json(server):
    server.push(chat("Here are the facts I found:\n" + json.dumps({"facts": [TIMEOUT_FACT]})
                     + "\nHope this helps!"))
    facts = LLMExtractor(sync_client(server), model="m").extract(turn())
    assert [f.text for f in facts] == ["Webhook timeout is 10 seconds."]


def test_fenced_json_with_trailing_commas(server):
    server.push(chat('```json\n{"facts": [\n  {"kind": "decision", "text": "Use PostgreSQL 16.",'
                     ' "slot": "database", "value": "PostgreSQL 16",},\n],}\n```'))
    facts = LLMExtractor(sync_client(server), model="m").extract(turn("Use PostgreSQL 16."))
    assert [(f.text, f.slot, f.value) for f in facts] == [
        ("Use PostgreSQL 16.", "database", "PostgreSQL 16")]


def test_think_block(server):
    server.push(chat("<think>The user says {timeout}. Is it [a decision]? Yes.</think>\n"
                     + json.dumps({"facts": [TIMEOUT_FACT]})))
    facts = LLMExtractor(sync_client(server), model="m").extract(turn())
    assert [f.slot for f in facts] == ["webhook timeout"]


@pytest.mark.parametrize("content", [None, "", "  "])
def test_empty_content_raises(server, content):
    server.push(chat(content))
    ex = LLMExtractor(sync_client(server), model="m")
    with pytest.raises(ExtractionError, match="empty"):
        ex.extract(turn())


def test_truncated_by_length_raises(server):
    full = json.dumps({"facts": [TIMEOUT_FACT, RETRY_FACT]})
    server.push(chat(full[: len(full) - 30], finish_reason="length"))
    ex = LLMExtractor(sync_client(server), model="m")
    with pytest.raises(ExtractionError, match="token limit"):
        ex.extract(turn())
    assert ex.stats["failures"] == 1


def test_dspm_memory_shape(server):
    server.push(chat(json.dumps([
        {"patch_type": "constraint", "payload": "API rate limit must not exceed 100 requests "
         "per minute", "patch_id": "p1", "dependencies": []},
        {"patch_type": "decision", "payload": {"text": "Use Redis for the cache"},
         "patch_id": "p2", "dependencies": ["p1"]},
        {"patch_type": "mood", "payload": "The user is happy", "patch_id": "p3"},
    ])))
    ex = LLMExtractor(sync_client(server), model="m")
    facts = ex.extract(turn("Rate limit max 100 rpm; use Redis for the cache."))
    assert [(f.kind.value, f.text) for f in facts] == [
        ("constraint", "API rate limit must not exceed 100 requests per minute"),
        ("decision", "Use Redis for the cache")]
    assert ex.stats["unknown_kinds"] == 1


# ------------------------------------------------------------------ transport failures
def test_429_then_success_is_retried_by_the_client(server):
    server.push(error(429, "rate limited", headers={"retry-after-ms": "10"}),
                facts_reply(TIMEOUT_FACT))
    ex = LLMExtractor(sync_client(server, max_retries=2), model="m")
    started = time.monotonic()
    facts = ex.extract(turn())
    assert [f.slot for f in facts] == ["webhook timeout"]
    assert len(server.requests) == 2
    assert time.monotonic() - started < 2.0  # the header's 10 ms, not the SDK's default backoff
    assert ex.stats["calls"] == 1 and ex.stats["failures"] == 0


def test_three_500s_with_two_retries_raise(server):
    server.push(*[error(500, "internal", headers={"retry-after-ms": "10"})] * 3)
    ex = LLMExtractor(sync_client(server, max_retries=2), model="m")
    with pytest.raises(ExtractionError) as info:
        ex.extract(turn())
    assert len(server.requests) == 3
    assert isinstance(info.value.__cause__, openai.InternalServerError)
    assert "\n" not in str(info.value)
    assert ex.stats["failures"] == 1


def test_timeout_raises(server):
    server.push(Reply(body={}, delay=1.5))
    ex = LLMExtractor(sync_client(server, timeout=0.5, max_retries=0), model="m")
    started = time.monotonic()
    with pytest.raises(ExtractionError) as info:
        ex.extract(turn())
    assert time.monotonic() - started < 1.4
    assert isinstance(info.value.__cause__, openai.APITimeoutError)


async def test_async_timeout_raises(server):
    server.push(Reply(body={}, delay=1.5))
    ex = LLMExtractor(async_client(server, timeout=0.5, max_retries=0), model="m")
    with pytest.raises(ExtractionError):
        await ex.aextract(turn())


def test_built_from_base_url_uses_max_retries_and_timeout(server):
    server.push(error(503, "busy", headers={"retry-after-ms": "10"}), facts_reply(TIMEOUT_FACT))
    ex = LLMExtractor(base_url=server.url, api_key="k", model="m", max_retries=1, timeout=5.0)
    assert isinstance(ex.client, openai.OpenAI)
    assert isinstance(ex.async_client, openai.AsyncOpenAI)
    assert ex.client.max_retries == 1 and ex.async_client.max_retries == 1
    assert [f.slot for f in ex.extract(turn())] == ["webhook timeout"]
    assert len(server.requests) == 2


async def test_built_from_base_url_async_path(server):
    server.push(facts_reply(TIMEOUT_FACT))
    ex = LLMExtractor(base_url=server.url, api_key="k", model="m", max_retries=0)
    assert [f.slot for f in await ex.aextract(turn())] == ["webhook timeout"]


def test_response_format_rejected_is_dropped_once_and_remembered(server):
    server.push(error(400, "Unsupported parameter: 'response_format' is not supported",
                      param="response_format"),
                facts_reply(TIMEOUT_FACT), facts_reply(RETRY_FACT))
    ex = LLMExtractor(sync_client(server), model="m")
    assert [f.slot for f in ex.extract(turn())] == ["webhook timeout"]
    assert [f.slot for f in ex.extract(turn("Retries at most 3", index=1))] == ["retries"]
    assert ["response_format" in r for r in server.requests] == [True, False, False]
    assert ex.stats["response_format_fallbacks"] == 1 and ex.stats["calls"] == 3


def test_other_400_is_not_retried(server):
    server.push(error(400, "model not found"), facts_reply(TIMEOUT_FACT))
    ex = LLMExtractor(sync_client(server), model="m")
    with pytest.raises(ExtractionError, match="BadRequestError"):
        ex.extract(turn())
    assert len(server.requests) == 1 and ex.response_format is True


# ------------------------------------------------------------------ what the model received
def test_user_message_holds_the_turn_with_context_fenced_before(server):
    server.push(facts_reply(TIMEOUT_FACT))
    recent = (("user", "Set the webhook timeout to 30 seconds."),
              ("assistant", "Done, the webhook timeout is 30 seconds."))
    LLMExtractor(sync_client(server), model="m").extract(turn("Make it 10 instead.",
                                                              index=2, recent=recent))
    (req,) = server.requests
    content = user_content(req)
    assert message_block(req) == "Make it 10 instead."
    ctx_start, ctx_end = content.index("<context>"), content.index("</context>")
    assert ctx_end < content.index("<message")
    assert "Set the webhook timeout to 30 seconds." in content[ctx_start:ctx_end]
    assert "do NOT extract" in content[:ctx_start]
    assert '<message role="user">' in content
    assert "constraint" in req["messages"][0]["content"]


def test_prescreen_skips_without_a_request_but_never_skips_a_rule(server):
    server.push(facts_reply({"kind": "decision", "text": "Retries are set to 3.",
                             "slot": "retries", "value": "3"}))
    ex = LLMExtractor(sync_client(server), model="m")
    assert ex.extract(turn("ok thanks!")) == []
    assert ex.extract(turn("   ")) == []
    assert server.requests == [] and ex.stats["skipped"] == 2
    facts = ex.extract(turn("Set retries to 3"))
    assert [f.value for f in facts] == ["3"]
    assert len(server.requests) == 1 and message_block(server.requests[0]) == "Set retries to 3"


def test_prescreen_can_be_turned_off(server):
    server.push(facts_reply())
    ex = LLMExtractor(sync_client(server), model="m", prescreen=False)
    assert ex.extract(turn("ok thanks!")) == []
    assert len(server.requests) == 1


def test_cap_of_fifty_facts(server):
    many = [{"kind": "entity", "text": f"Service {i} is owned by team {i}."} for i in range(50)]
    server.push(facts_reply(*many))
    ex = LLMExtractor(sync_client(server), model="m", max_facts=12)
    facts = ex.extract(turn())
    assert [f.text for f in facts] == [m["text"] for m in many[:12]]
    assert ex.stats["over_cap"] == 38 and ex.stats["facts"] == 12


def test_dense_turns_get_the_higher_cap(server):
    many = [{"kind": "entity", "text": f"Service {i} is owned by team {i}."} for i in range(50)]
    server.push(facts_reply(*many), facts_reply(*many))
    dense_text = "\n".join(f"- service {i}: owner team {i}, SLA 99.{i}%" for i in range(10))
    ex = LLMExtractor(sync_client(server), model="m", max_facts=12, dense_max_facts=40)
    assert len(ex.extract(turn(dense_text))) == 40
    assert ex.stats["dense_calls"] == 1
    assert "every distinct fact" in server.requests[0]["messages"][0]["content"]
    assert server.requests[0]["max_tokens"] == 4096
    off = LLMExtractor(sync_client(server), model="m", max_facts=12, auto_dense=False)
    assert len(off.extract(turn(dense_text))) == 12
    assert off.stats["dense_calls"] == 0


# ------------------------------------------------------------------ async and concurrency
async def test_twenty_concurrent_async_turns(server):
    def responder(body: dict[str, Any]) -> Reply:
        text = message_block(body)
        return facts_reply({"kind": "decision", "text": f"Echo: {text}"})

    server.responder = responder
    ex = LLMExtractor(async_client(server), model="m")
    turns = [turn(f"Set worker {i} concurrency to {i + 1}.", index=i) for i in range(20)]
    results = await asyncio.gather(*(ex.aextract(t) for t in turns))
    for t, facts in zip(turns, results):
        assert [f.text for f in facts] == [f"Echo: {t.text}"]
        assert facts[0].turn == t.index
    assert sorted(message_block(r) for r in server.requests) == sorted(t.text for t in turns)
    assert ex.stats["calls"] == 20 and ex.stats["facts"] == 20


def test_threads_share_one_extractor(server):
    server.responder = lambda body: facts_reply({"kind": "decision",
                                                 "text": f"Echo: {message_block(body)}"})
    ex = LLMExtractor(sync_client(server), model="m")
    out: dict[int, list[str]] = {}

    def work(i: int) -> None:
        out[i] = [f.text for f in ex.extract(turn(f"Use pool size {i}.", index=i))]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out == {i: [f"Echo: Use pool size {i}."] for i in range(8)}
    assert ex.stats["calls"] == 8 and ex.stats["facts"] == 8


SCRIPT = [
    facts_reply(TIMEOUT_FACT, RETRY_FACT),
    chat("```json\n" + json.dumps({"facts": [{"kind": "code", "text": "def handler(event): ..."}]})
         + "\n```"),
    chat("<think>nothing here</think>{\"facts\": []}"),
    chat(json.dumps([{"patch_type": "entity", "payload": "Acme Corp is the client",
                      "patch_id": "x", "dependencies": []}])),
]
SCRIPT_TURNS = [
    turn("Set the webhook timeout to 10 seconds; retries at most 3.", 0),
    turn("Here is the handler: def handler(event): ...", 1, role=Role.ASSISTANT),
    turn("I went for a walk and then had lunch with a friend.", 2),
    turn("Our client is Acme Corp.", 3),
]


async def test_sync_and_async_paths_give_identical_facts(server):
    server.push(*SCRIPT)
    sync_ex = LLMExtractor(sync_client(server), model="m")
    sync_facts = [await asyncio.to_thread(sync_ex.extract, t) for t in SCRIPT_TURNS]
    sync_requests = list(server.requests)
    server.requests.clear()

    server.push(*SCRIPT)
    async_ex = LLMExtractor(async_client(server), model="m")
    async_facts = [await async_ex.aextract(t) for t in SCRIPT_TURNS]
    assert async_facts == sync_facts
    assert [r["messages"] for r in server.requests] == [r["messages"] for r in sync_requests]
    assert sum(len(f) for f in sync_facts) == 4

    server.requests.clear()
    server.push(*SCRIPT)  # the sync client driven from aextract (worker thread)
    thread_facts = [await sync_ex.aextract(t) for t in SCRIPT_TURNS]
    assert thread_facts == sync_facts
    assert async_ex.stats == {k: v // 2 for k, v in sync_ex.stats.items()}  # sync_ex ran twice


# ------------------------------------------------------------------ configuration
def test_async_client_only_refuses_sync_extract_clearly(server):
    ex = LLMExtractor(async_client(server), model="m")
    assert ex.client is None and ex.async_client is not None
    with pytest.raises(ConfigError, match="aextract"):
        ex.extract(turn())
    assert server.requests == []


def test_both_clients(server):
    server.push(facts_reply(TIMEOUT_FACT))
    ex = LLMExtractor(sync_client(server), async_client=async_client(server), model="m")
    assert [f.slot for f in ex.extract(turn())] == ["webhook timeout"]


def test_generic_client_object_and_dict_responses():
    calls: list[dict[str, Any]] = []

    class Completions:
        def create(self, **kw: Any) -> dict[str, Any]:
            calls.append(kw)
            return chat(json.dumps({"facts": [TIMEOUT_FACT]})).body

    class Chat:
        completions = Completions()

    class Client:
        chat = Chat()

    ex = LLMExtractor(Client(), model="m", response_format=False)
    assert [f.slot for f in ex.extract(turn())] == ["webhook timeout"]
    assert "response_format" not in calls[0]


def test_generic_client_errors():
    class Completions:
        def create(self, **kw: Any) -> Any:
            raise TimeoutError("read timed out")

    class Client:
        class chat:  # noqa: N801 - mimics the SDK's attribute path
            completions = Completions()

    with pytest.raises(ExtractionError, match="TimeoutError: read timed out"):
        LLMExtractor(Client(), model="m").extract(turn())


@pytest.mark.parametrize("kwargs", [
    {"client": object()},
    {"max_facts": 0},
    {"dense_max_facts": -1},
    {"max_retries": -1},
    {"model": ""},
])
def test_bad_configuration(kwargs):
    kwargs.setdefault("base_url", "http://127.0.0.1:9/v1")
    kwargs.setdefault("api_key", "k")
    if "client" in kwargs:
        kwargs.pop("base_url")
        kwargs.pop("api_key")
    with pytest.raises(ConfigError):
        LLMExtractor(**kwargs)


def test_client_and_base_url_conflict(server):
    with pytest.raises(ConfigError, match="not both"):
        LLMExtractor(sync_client(server), base_url=server.url)
