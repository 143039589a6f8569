"""``extractor_llm=``: a LangChain chat model does the fact extraction through the core's
LLM protocol (sync and async), and its JSON reply becomes patches. Exported names."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("langchain")

from langchain.agents import create_agent  # noqa: E402
from langchain_core.language_models import BaseChatModel  # noqa: E402
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage  # noqa: E402
from langgraph.checkpoint.memory import InMemorySaver  # noqa: E402

import dspm_integrations.langchain as lc  # noqa: E402
from dspm_core import DSPMMemory  # noqa: E402
from dspm_core.errors import ConfigError  # noqa: E402
from dspm_core.extract.llm import LLMExtractor  # noqa: E402
from dspm_core.extract.prompts import SYSTEM_PROMPT  # noqa: E402
from dspm_integrations._langchain_testing import RecordingChatModel  # noqa: E402
from dspm_integrations.langchain import (  # noqa: E402
    AsyncChatModelClient,
    ChatModelClient,
    DSPMChatMessageHistory,
    DSPMMiddleware,
    extractor_for,
)


def _facts_reply(messages: list[BaseMessage]) -> AIMessage:
    """An extraction model: one constraint for each message it is asked about."""
    text = messages[-1].text
    body = text.split("<message", 1)[1].split(">", 1)[1].split("</message>", 1)[0].strip()
    if "timeout" in body:
        facts = [{"kind": "decision", "text": body, "slot": "webhook timeout", "op": "=",
                  "value": body.split("to ")[-1].split(" ")[0], "unit": "seconds"}]
    elif "items" in body:
        facts = [{"kind": "constraint", "text": "API page size is at most 100 items.",
                  "slot": "API page size", "op": "<=", "value": "100", "unit": "items"}]
    else:
        facts = []
    return AIMessage(content="```json\n" + json.dumps({"facts": facts}) + "\n```",
                     response_metadata={"finish_reason": "stop"},
                     usage_metadata={"input_tokens": 50, "output_tokens": 20,
                                     "total_tokens": 70})


def _extraction_requests(model: RecordingChatModel) -> list[list[BaseMessage]]:
    return [r for r in model.requests if r[0].type == "system" and r[0].text == SYSTEM_PROMPT
            .replace("MAX_FACTS", "12")]


def test_exported_names() -> None:
    assert set(lc.__all__) >= {"DSPMMiddleware", "DSPMChatMessageHistory", "DSPMChatMemory",
                               "ChatModelClient", "AsyncChatModelClient", "extractor_for"}
    for name in lc.__all__:
        assert getattr(lc, name) is not None
    from langchain.agents.middleware import AgentMiddleware
    from langchain_classic.base_memory import BaseMemory
    from langchain_core.chat_history import BaseChatMessageHistory

    assert issubclass(lc.DSPMMiddleware, AgentMiddleware)
    assert issubclass(lc.DSPMChatMessageHistory, BaseChatMessageHistory)
    assert issubclass(lc.DSPMChatMemory, BaseMemory)


def test_adapter_has_the_openai_shape_sync_and_async() -> None:
    import asyncio

    model = RecordingChatModel(responder=_facts_reply)
    messages = [{"role": "system", "content": "sys"},
                {"role": "user", "content": '<message role="user">\nSet the timeout to 5.\n'
                                            '</message>'}]
    reply = ChatModelClient(model).chat.completions.create(model="m", messages=messages,
                                                            temperature=0, max_tokens=9)
    assert reply.choices[0].finish_reason == "stop"
    assert json.loads(reply.choices[0].message.content.strip("`json\n"))["facts"]
    assert reply.usage is not None and reply.usage.prompt_tokens == 50
    assert [m.type for m in model.requests[-1]] == ["system", "human"]
    areply = asyncio.run(AsyncChatModelClient(model).chat.completions.create(
        model="m", messages=messages))
    assert areply.choices[0].message.content == reply.choices[0].message.content
    with pytest.raises(ConfigError):
        ChatModelClient(object())  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        extractor_for(42)


def test_middleware_extraction_goes_through_the_model_sync_and_async() -> None:
    import asyncio

    def run(use_async: bool) -> tuple[str, RecordingChatModel, DSPMMiddleware]:
        extractor_model = RecordingChatModel(responder=_facts_reply)
        mw = DSPMMiddleware(budget=200, extractor_llm=extractor_model)
        agent_model = RecordingChatModel(responder=lambda m: "Sure.")
        agent = create_agent(agent_model, [], middleware=[mw], checkpointer=InMemorySaver())
        config = {"configurable": {"thread_id": "x"}}
        for text in ("The API may return 100 items per page, no more.",
                     "Set the webhook timeout to 30 seconds.",
                     "Make the webhook timeout 10 seconds, switch it to 10 now.",
                     "What now?"):
            if use_async:
                asyncio.run(agent.ainvoke({"messages": [HumanMessage(text)]}, config))
            else:
                agent.invoke({"messages": [HumanMessage(text)]}, config)
        return agent_model.last_system, extractor_model, mw

    sync_text, sync_model, mw = run(False)
    async_text, _, _ = run(True)
    assert sync_text == async_text
    assert "API page size is at most 100 items." in sync_text  # the model's wording
    line = next(ln for ln in sync_text.splitlines() if "webhook timeout" in ln)
    assert "10" in line and "(was 30" in line
    requests = _extraction_requests(sync_model)
    assert len(requests) >= 4  # every user message (and replies) went to the model
    assert any("Set the webhook timeout to 30 seconds." in r[-1].text for r in requests)
    extractor = mw.factory.extractor
    assert isinstance(extractor, LLMExtractor) and extractor.stats["facts"] >= 3
    assert extractor.stats["prompt_tokens"] >= 200


def test_extraction_calls_are_not_streamed_as_agent_messages() -> None:
    extractor_model = RecordingChatModel(responder=_facts_reply)
    agent = create_agent(RecordingChatModel(responder=lambda m: "Sure."), [],
                         middleware=[DSPMMiddleware(extractor_llm=extractor_model)])
    chunks = [c for c, _ in agent.stream({"messages": [HumanMessage(
        "Set the webhook timeout to 30 seconds.")]}, stream_mode="messages")]
    assert _extraction_requests(extractor_model)
    assert chunks and not any("facts" in str(c.content) for c in chunks)


class _Broken(BaseChatModel):
    error: Any = None

    @property
    def _llm_type(self) -> str:
        return "broken"

    def _generate(self, messages: Any, stop: Any = None, run_manager: Any = None,
                  **kwargs: Any) -> Any:
        raise self.error


def test_failed_model_call_keeps_the_turn_pending() -> None:
    history = DSPMChatMessageHistory(extractor_llm=_Broken(error=RuntimeError("HTTP 503")))
    history.add_messages([HumanMessage("Set the webhook timeout to 30 seconds.")])
    assert history.memory.stats["pending_turns"] == 1
    assert history.memory.stats["extraction_failures"] == 1
    # a programming error is not disguised as a transient failure
    bad = DSPMMemory(extractor=extractor_for(_Broken(error=TypeError("bad argument"))))
    with pytest.raises(TypeError):
        bad.add_turn("user", "Set the webhook timeout to 30 seconds.")


def test_length_stop_reason_and_history_uses_the_model() -> None:
    def cut(messages: list[BaseMessage]) -> AIMessage:
        return AIMessage(content='{"facts": [{"kind": "constraint", "te',
                         response_metadata={"stop_reason": "max_tokens"})

    history = DSPMChatMessageHistory(extractor_llm=RecordingChatModel(responder=cut))
    history.add_messages([HumanMessage("Never deploy on Fridays.")])
    assert history.memory.stats["pending_turns"] == 1  # truncated JSON: retried later
    good = RecordingChatModel(responder=_facts_reply)
    ok = DSPMChatMessageHistory(extractor_llm=good)
    ok.add_messages([HumanMessage("Set the webhook timeout to 30 seconds.")])
    assert [p.source for p in ok.memory.all_patches] == ["llm"]
