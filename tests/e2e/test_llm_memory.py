"""DSPMMemory with LLM extraction, end to end: real openai SDK, real local HTTP server.

A turn whose extraction fails is kept pending and retried (on the next turn or by
``retry_pending``); ``strict_llm=True`` raises; the sync and async facades build the same
store from the same replies.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

openai = pytest.importorskip("openai")

from dspm_core import DSPMMemory  # noqa: E402
from dspm_core.errors import ExtractionError  # noqa: E402
from dspm_core.extract.llm import LLMExtractor  # noqa: E402


import llm_server  # noqa: E402
from llm_server import (  # noqa: E402
    chat,
    error,
    facts_reply,
    message_block,
    user_content,
)


def sync_client(server: Any) -> Any:
    return llm_server.sync_client(server, max_retries=2)


def async_client(server: Any) -> Any:
    return llm_server.async_client(server, max_retries=2)


FAIL = error(500, "internal error", headers={"retry-after-ms": "10"})
TIMEOUT_30 = {"kind": "decision", "text": "Set the webhook timeout to 30 seconds.",
              "slot": "webhook timeout", "op": "=", "value": "30", "unit": "seconds"}
TIMEOUT_10 = {"kind": "decision", "text": "Set the webhook timeout to 10 seconds.",
              "slot": "webhook timeout", "op": "=", "value": "10", "unit": "seconds"}
RATE = {"kind": "constraint", "text": "The API rate limit must not exceed 100 requests per "
        "minute.", "slot": "API rate limit", "op": "<=", "value": "100",
        "unit": "requests per minute"}


def test_llm_client_builds_an_llm_extractor(server):
    m = DSPMMemory(llm_client=sync_client(server), model="test-model")
    assert isinstance(m.extractor, LLMExtractor) and m.extractor.model == "test-model"


def test_failed_turn_is_pending_then_recovered_by_retry_pending(server):
    server.push(FAIL, FAIL, FAIL)  # the client's own retries: 1 + max_retries=2
    m = DSPMMemory(llm_client=sync_client(server), model="m")
    assert m.add_turn("user", "Set the webhook timeout to 30 seconds.") == []
    assert len(server.requests) == 3
    assert m.stats["pending_turns"] == 1 and m.stats["extraction_failures"] == 1
    assert m.all_patches == []

    server.push(facts_reply(TIMEOUT_30))  # the server is healthy again
    outcomes = m.retry_pending()
    assert [o.patch.value for o in outcomes] == ["30 seconds"]
    assert m.stats["pending_turns"] == 0
    (patch,) = m.all_patches
    assert patch.turn == 0 and patch.source == "llm" and patch.slot == "webhook timeout"
    assert "30 seconds" in m.get_context()
    assert message_block(server.requests[-1]) == "Set the webhook timeout to 30 seconds."


def test_pending_turn_is_retried_first_on_the_next_add_turn(server):
    server.push(FAIL, FAIL, FAIL)
    m = DSPMMemory(llm_client=sync_client(server), model="m")
    m.add_turn("user", "Set the webhook timeout to 30 seconds.")
    server.push(facts_reply(TIMEOUT_30), facts_reply(TIMEOUT_10))
    m.add_turn("user", "Change the webhook timeout to 10 seconds.")
    assert [message_block(r) for r in server.requests[-2:]] == [
        "Set the webhook timeout to 30 seconds.", "Change the webhook timeout to 10 seconds."]
    assert m.stats["pending_turns"] == 0
    (patch,) = m.all_patches
    assert patch.value == "10 seconds" and [r.value for r in patch.history] == ["30 seconds"]


def test_strict_llm_raises_and_still_keeps_the_turn(server):
    server.push(FAIL, FAIL, FAIL)
    m = DSPMMemory(llm_client=sync_client(server), model="m", strict_llm=True)
    with pytest.raises(ExtractionError, match="InternalServerError"):
        m.add_turn("user", "Set the webhook timeout to 30 seconds.")
    assert m.stats["pending_turns"] == 1
    server.push(facts_reply(TIMEOUT_30))
    m.retry_pending()
    assert [p.value for p in m.all_patches] == ["30 seconds"]


def test_unparseable_reply_is_pending_too(server):
    server.push(chat("Sorry, I cannot help with that."))
    m = DSPMMemory(llm_client=sync_client(server), model="m")
    m.add_turn("user", "The API rate limit must not exceed 100 requests per minute.")
    assert m.stats["pending_turns"] == 1
    server.push(facts_reply(RATE))
    m.retry_pending()
    assert m.stats["pending_turns"] == 0 and m.critical_patches[0].op == "<="


def test_recent_context_reaches_the_model_and_chit_chat_is_not_sent(server):
    server.push(facts_reply(TIMEOUT_30), facts_reply(TIMEOUT_10))
    m = DSPMMemory(llm_client=sync_client(server), model="m")
    m.add_turn("user", "Set the webhook timeout to 30 seconds.")
    m.add_turn("assistant", "ok thanks!")  # prescreened: no request
    m.add_turn("user", "Make it 10 instead.")
    assert len(server.requests) == 2
    content = user_content(server.requests[1])
    assert message_block(server.requests[1]) == "Make it 10 instead."
    context = content[content.index("<context>"): content.index("</context>")]
    assert "Set the webhook timeout to 30 seconds." in context
    assert m.all_patches[0].value == "10 seconds"


async def test_async_pending_and_aretry_pending(server):
    server.push(FAIL, FAIL, FAIL)
    m = DSPMMemory(llm_client=async_client(server), model="m")
    assert await m.aadd_turn("user", "Set the webhook timeout to 30 seconds.") == []
    assert m.stats["pending_turns"] == 1
    server.push(facts_reply(TIMEOUT_30))
    await m.aretry_pending()
    assert [p.value for p in m.all_patches] == ["30 seconds"] and m.stats["pending_turns"] == 0


CONVERSATION = [
    ("user", "Set the webhook timeout to 30 seconds.", facts_reply(TIMEOUT_30)),
    ("assistant", "Done. Anything else?", facts_reply()),
    ("user", "The API rate limit must not exceed 100 requests per minute.", facts_reply(RATE)),
    ("user", "Change the webhook timeout to 10 seconds.",
     chat("```json\n" + json.dumps({"facts": [TIMEOUT_10]}) + "\n```")),
    ("user", "Our client is Acme Corp.",
     chat(json.dumps([{"patch_type": "entity", "payload": "Acme Corp is the client",
                       "patch_id": "e1", "dependencies": []}]))),
]


async def test_sync_and_async_memories_store_the_same_patches(server):
    server.push(*[reply for _, _, reply in CONVERSATION])
    sync_mem = DSPMMemory(llm_client=sync_client(server), model="m")
    for role, text, _ in CONVERSATION:
        sync_mem.add_turn(role, text)
    sync_requests = [r["messages"] for r in server.requests]

    server.requests.clear()
    server.push(*[reply for _, _, reply in CONVERSATION])
    async_mem = DSPMMemory(llm_client=async_client(server), model="m")
    for role, text, _ in CONVERSATION:
        await async_mem.aadd_turn(role, text)

    assert [r["messages"] for r in server.requests] == sync_requests
    patches = sync_mem.dump_store()["patches"]
    assert async_mem.dump_store()["patches"] == patches
    assert len(patches) == 3
    assert async_mem.get_context() == sync_mem.get_context()
    assert "10 seconds" in sync_mem.get_context()
