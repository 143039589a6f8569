"""Every adapter bounds the prompt: the memory block plus recent messages within
``max_history_tokens``, the current tool loop whole, tool calls with their results.

Each test asserts on what the fake model actually received, and on the state or store
still holding every message. No network.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import pytest

pytest.importorskip("langchain")
pytest.importorskip("llama_index.core")

from langchain.agents import create_agent  # noqa: E402
from langchain_core.messages import (  # noqa: E402
    AIMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
)
from langchain_core.tools import tool  # noqa: E402
from langgraph.checkpoint.memory import InMemorySaver  # noqa: E402
from llama_index.core.agent.workflow import FunctionAgent, ReActAgent  # noqa: E402
from llama_index.core.base.llms.types import (  # noqa: E402
    ChatMessage,
    MessageRole,
    ToolCallBlock,
)
from llama_index.core.llms.mock import MockFunctionCallingLLM  # noqa: E402
from llama_index.core.tools import FunctionTool  # noqa: E402
from scripted_turns import run_agent_turns, user_turns  # noqa: E402

from dspm_core.tokens import get_counter  # noqa: E402
from dspm_integrations._langchain_common import message_tokens  # noqa: E402
from dspm_integrations._langchain_testing import RecordingChatModel  # noqa: E402
from dspm_integrations._llama_messages import message_tokens as llama_tokens  # noqa: E402
from dspm_integrations._llama_testing import (  # noqa: E402
    FunctionCallRecorder,
    RecordingReActLLM,
    get_weather,
)
from dspm_integrations.langchain import (  # noqa: E402
    BLOCK_OPEN,
    DSPMChatMemory,
    DSPMChatMessageHistory,
    DSPMMiddleware,
)
from dspm_integrations.llama_index import BLOCK_HEADER  # noqa: E402
from dspm_integrations.llama_index import DSPMChatMemory as LlamaMemory  # noqa: E402
from dspm_integrations.llama_index import dspm_memory  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

COUNT = get_counter("cl100k_base").count
RULE = "The API must never return more than 100 items per page."
FIRST = "Set the webhook timeout to 30 seconds."
REVISED = "Change the webhook timeout to 10 seconds."
CHATTY = ("Understood. Here is a long and careful answer that restates the plan, lists the "
          "open questions, walks through the trade-offs of each option and ends with a "
          "recommendation, as a chatty assistant does on every single turn of a long run.")
BIG_OUTPUT = "row " * 1500


def _turns(n: int) -> list[str]:
    return user_turns({3: RULE, 5: FIRST, n // 2: REVISED},
                      lambda i: f"Please lookup topic {i} in the wiki." if i % 4 == 0
                      else f"Thanks, noted point {i}. Anything else on item {i}?", n=n)


@tool
def lookup(query: str) -> str:
    """Look up a fact in the team wiki."""
    return BIG_OUTPUT if "huge" in query else "The cache size is 512 MB."


def _responder(messages: list[BaseMessage]) -> AIMessage:
    last = messages[-1]
    if isinstance(last, HumanMessage) and "lookup" in last.text:
        calls = sum(1 for m in messages if isinstance(m, AIMessage) and m.tool_calls)
        query = "huge" if "huge" in last.text else last.text[-12:]
        return AIMessage(content="", tool_calls=[
            {"name": "lookup", "args": {"query": query}, "id": f"call_{calls}_{len(messages)}"}])
    return AIMessage(content=CHATTY)


def _history(request: Sequence[BaseMessage]) -> list[BaseMessage]:
    return [m for m in request if not isinstance(m, SystemMessage)]


def _check_lc_request(request: Sequence[BaseMessage], bound: int) -> None:
    """Opens on a user message; tool calls and results paired; within ``bound`` unless
    the current exchange alone is larger."""
    history = _history(request)
    assert isinstance(history[0], HumanMessage)
    called = {c["id"] for m in history if isinstance(m, AIMessage) for c in m.tool_calls}
    answered = {m.tool_call_id for m in history if isinstance(m, ToolMessage)}
    assert answered <= called
    last_human = max(i for i, m in enumerate(history) if isinstance(m, HumanMessage))
    answered_later = {m.tool_call_id for m in history[last_human:] if isinstance(m, ToolMessage)}
    for m in history[:last_human]:  # every finished tool call has its results here
        if isinstance(m, AIMessage):
            assert {c["id"] for c in m.tool_calls} <= answered
    assert answered_later <= called
    total = sum(message_tokens(get_counter("cl100k_base"), m) for m in history)
    current = sum(message_tokens(get_counter("cl100k_base"), m) for m in history[last_human:])
    assert total <= max(bound, current)


@pytest.mark.parametrize("mode", ["invoke", "ainvoke", "stream"])
def test_middleware_bounds_every_model_call(mode: str) -> None:
    mw = DSPMMiddleware(budget=250, max_history_tokens=400)
    model = RecordingChatModel(responder=_responder)
    agent = create_agent(model, [lookup], system_prompt="You are the release assistant.",
                         middleware=[mw], checkpointer=InMemorySaver())
    config: Any = {"configurable": {"thread_id": f"bound-{mode}"}}
    turns = _turns(48)

    async def run_async() -> None:
        for text in turns:
            await agent.ainvoke({"messages": [HumanMessage(text)]}, config)

    if mode == "ainvoke":
        asyncio.run(run_async())
    else:
        for text in turns:
            if mode == "invoke":
                agent.invoke({"messages": [HumanMessage(text)]}, config)
            else:
                list(agent.stream({"messages": [HumanMessage(text)]}, config,
                                  stream_mode="messages"))
    lookups = sum("lookup" in t for t in turns)
    assert len(model.requests) == 48 + lookups  # a lookup makes two calls
    state = agent.get_state(config).values["messages"]
    assert len(state) == 48 * 2 + lookups * 2  # the checkpointer keeps every message
    for request in model.requests:
        _check_lc_request(request, 400)
    final = model.requests[-1]
    assert len(_history(final)) < len(state)  # the bound bit
    system = final[0].text
    assert RULE.rstrip(".") in system and BLOCK_OPEN in system
    assert "10 seconds" in system and "(was 30" in system
    assert COUNT(system) <= COUNT("You are the release assistant.") + 2 + 250
    memory = mw.memory_for(agent.get_state(config).values)
    assert memory is not None and memory.stats["turns"] == 48 + lookups + 48  # all read


def test_middleware_keeps_an_oversized_current_tool_loop_whole() -> None:
    model = RecordingChatModel(responder=_responder)
    agent = create_agent(model, [lookup], middleware=[DSPMMiddleware(max_history_tokens=100)],
                         checkpointer=InMemorySaver())
    config: Any = {"configurable": {"thread_id": "huge"}}
    for text in ("Hello there.", RULE, "Please lookup the huge table in the wiki."):
        agent.invoke({"messages": [HumanMessage(text)]}, config)
    after_tool = _history(model.requests[-1])
    assert [m.type for m in after_tool] == ["human", "ai", "tool"]  # older turns dropped
    assert after_tool[2].text == BIG_OUTPUT.strip() or BIG_OUTPUT in after_tool[2].text


def test_middleware_without_a_bound_sends_everything() -> None:
    model = RecordingChatModel(responder=_responder)
    agent = create_agent(model, [lookup], middleware=[DSPMMiddleware(max_history_tokens=None)],
                         checkpointer=InMemorySaver())
    config: Any = {"configurable": {"thread_id": "all"}}
    for text in _turns(12):
        agent.invoke({"messages": [HumanMessage(text)]}, config)
    state = agent.get_state(config).values["messages"]
    assert _history(model.requests[-1]) == state[:-1]  # all but the reply to this call


def test_history_and_classic_memory_are_bounded() -> None:
    history = DSPMChatMessageHistory(max_history_tokens=200)
    for text in _turns(40):
        history.add_messages([HumanMessage(text), AIMessage(CHATTY)])
    view = _history(history.messages)
    assert isinstance(view[0], HumanMessage)
    assert sum(COUNT(m.text) for m in view) <= 200 < sum(COUNT(m.text) for m in history.transcript)
    assert len(history.transcript) == 80 and RULE.rstrip(".") in history.messages[0].text

    memory = DSPMChatMemory(max_history_tokens=150, return_messages=True)
    for text in _turns(20):
        memory.save_context({"input": text}, {"output": CHATTY})
    loaded = _history(memory.load_memory_variables({"input": "next?"})["history"])
    assert loaded and sum(COUNT(m.text) for m in loaded) <= 150
    assert memory.max_history_tokens == 150


# ------------------------------------------------------------------------- LlamaIndex
def _weather_turns(n: int) -> list[str]:
    return user_turns({3: RULE, 5: FIRST, n // 2: REVISED},
                      lambda i: f"What's the weather in Paris, day {i}?" if i % 4 == 0
                      else f"{CHATTY} Point {i}.", n=n)


def _check_llama_call(call: Sequence[ChatMessage], bound: int) -> None:
    history = [m for m in call if m.role != MessageRole.SYSTEM]
    assert history[0].role == MessageRole.USER
    called = {b.tool_call_id for m in history for b in m.blocks if isinstance(b, ToolCallBlock)}
    answered = {(m.additional_kwargs or {}).get("tool_call_id") for m in history
                if m.role == MessageRole.TOOL}
    assert answered <= called
    # the agent adds the current tool loop (its scratchpad) after what the memory
    # returned: the bound holds up to the current user message
    last_user = max(i for i, m in enumerate(history) if m.role == MessageRole.USER)
    count = get_counter("cl100k_base").count
    upto = sum(llama_tokens(count, m) for m in history[:last_user + 1])
    assert upto <= bound or last_user == 0, upto


@pytest.mark.parametrize("kind", ["buffer", "memory_block"])
def test_llama_function_agent_calls_are_bounded(kind: str) -> None:
    recorder = FunctionCallRecorder(reply=CHATTY)
    llm = MockFunctionCallingLLM(response_generator=recorder)
    memory: Any = (LlamaMemory.from_defaults(budget=200, max_history_tokens=400)
                   if kind == "buffer" else dspm_memory(budget=200, max_history_tokens=400))
    agent = FunctionAgent(tools=[FunctionTool.from_defaults(fn=get_weather)], llm=llm)
    turns = _weather_turns(32)

    run_agent_turns(agent, memory, turns)
    assert len(recorder.calls) == 32 + sum("weather" in t for t in turns)
    for call in recorder.calls:
        # Memory's own queue may hold a little more than the bound between flushes
        _check_llama_call(call, 400 if kind == "buffer" else 400 + 400 // 5)
    final = recorder.calls[-1]
    system = "\n".join(m.content or "" for m in final if m.role == MessageRole.SYSTEM)
    assert BLOCK_HEADER in system and RULE.rstrip(".") in system and "10 seconds" in system


BIG_WEATHER = "Paris hourly: " + "sunny 21 C, " * 400  # ~1,600 tokens, far over the bound


def big_weather(city: str) -> str:
    """Hourly weather of a city (a long report)."""
    return BIG_WEATHER


def _llama_loop_memory(kind: str) -> Any:
    return (LlamaMemory.from_defaults(budget=200, max_history_tokens=200)
            if kind == "buffer" else dspm_memory(budget=200, max_history_tokens=200))


def _loop_turns() -> list[str]:
    return [RULE, f"{CHATTY} One.", "What's the weather in Paris?", f"{CHATTY} Two.",
            f"{CHATTY} Three.", "What's the weather in Paris again?", "Thanks."]


def _tool_call_ids(call: Sequence[ChatMessage]) -> tuple[list[str], list[str]]:
    called = [b.tool_call_id for m in call for b in m.blocks if isinstance(b, ToolCallBlock)]
    answered = [(m.additional_kwargs or {}).get("tool_call_id") for m in call
                if m.role == MessageRole.TOOL]
    return called, answered


@pytest.mark.parametrize("kind", ["buffer", "memory_block"])
def test_llama_function_agent_keeps_the_current_tool_loop_and_pairs(kind: str) -> None:
    """FunctionAgent puts its current tool loop (its scratchpad) after what the memory
    returns: a tool result ten times the history bound reaches the model whole, after its
    call and the user message that asked for it; in every call each tool call has its
    result and each result its call; the memory keeps every message."""
    recorder = FunctionCallRecorder(reply=CHATTY)
    llm = MockFunctionCallingLLM(response_generator=recorder)
    memory = _llama_loop_memory(kind)
    agent = FunctionAgent(tools=[FunctionTool.from_defaults(fn=big_weather,
                                                            name="get_weather")], llm=llm)
    turns = _loop_turns()

    run_agent_turns(agent, memory, turns)
    assert len(recorder.calls) == len(turns) + 2
    loops = [c for c in recorder.calls if c[-1].role == MessageRole.TOOL]
    assert len(loops) == 2
    for call in loops:
        asked = max(i for i, m in enumerate(call) if m.role == MessageRole.USER)
        assert "weather" in (call[asked].content or "")  # the question of this loop ...
        assert any(isinstance(b, ToolCallBlock) for b in call[asked + 1].blocks)  # its call
        assert call[-1].content == BIG_WEATHER  # ... and the whole result
    for call in recorder.calls:
        called, answered = _tool_call_ids(call)
        assert sorted(called) == sorted(answered), (called, answered)
        history = [m for m in call if m.role != MessageRole.SYSTEM]
        assert history[0].role == MessageRole.USER
        # an earlier loop (over the bound) is left out whole, never cut in two
        current = any(call is loop for loop in loops)
        assert sum(m.content == BIG_WEATHER for m in history) == int(current)
    assert RULE.rstrip(".") in "\n".join(
        m.content or "" for m in recorder.calls[-1] if m.role == MessageRole.SYSTEM)
    stored = memory.get_all()
    assert sum(m.content == BIG_WEATHER for m in stored) == 2
    assert sum(m.role == MessageRole.USER for m in stored) == len(turns)


@pytest.mark.parametrize("kind", ["buffer", "memory_block"])
def test_llama_react_agent_keeps_the_current_tool_loop(kind: str) -> None:
    """ReActAgent keeps its current loop (thought, action, observation) in its reasoning,
    after what the memory returns: the whole observation reaches the model with the user
    message that asked for it, however small max_history_tokens is."""
    llm = RecordingReActLLM()
    memory = _llama_loop_memory(kind)
    agent = ReActAgent(tools=[FunctionTool.from_defaults(fn=big_weather, name="get_weather")],
                       llm=llm)
    turns = _loop_turns()

    run_agent_turns(agent, memory, turns)
    assert len(llm.calls) == len(turns) + 2
    loops = [c for c in llm.calls if (c[-1].content or "").startswith("Observation:")]
    assert len(loops) == 2
    for call in loops:
        assert call[-1].content == f"Observation: {BIG_WEATHER}"
        assert (call[-2].role == MessageRole.ASSISTANT
                and "Action: get_weather" in (call[-2].content or ""))
        assert "weather" in (call[-3].content or "") and call[-3].role == MessageRole.USER
    for call in llm.calls:
        systems = [m for m in call if m.role == MessageRole.SYSTEM]
        assert len(systems) == 1
        if call is not llm.calls[0]:
            assert RULE.rstrip(".") in (systems[0].content or "")
