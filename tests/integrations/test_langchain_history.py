"""DSPMChatMessageHistory with RunnableWithMessageHistory, DSPMChatMemory with AgentExecutor
and LLMChain, sync and async, asserting on what the fake model received. No network."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("langchain_core")
pytest.importorskip("langchain_classic")

from langchain_classic.agents import AgentExecutor, create_tool_calling_agent  # noqa: E402
from langchain_classic.chains import LLMChain  # noqa: E402
from langchain_core.messages import (  # noqa: E402
    AIMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
)
from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder  # noqa: E402
from langchain_core.runnables.history import RunnableWithMessageHistory  # noqa: E402
from langchain_core.tools import tool  # noqa: E402

from dspm_core import DSPMMemory  # noqa: E402
from dspm_core.errors import ConfigError  # noqa: E402
from dspm_integrations._langchain_testing import RecordingChatModel  # noqa: E402
from dspm_integrations.langchain import (  # noqa: E402
    BLOCK_OPEN,
    DEFAULT_HEADER,
    DSPMChatMemory,
    DSPMChatMessageHistory,
)

RULE = "The API must never return more than 100 items per page."
FIRST = "Set the webhook timeout to 30 seconds."
REVISED = "Change the webhook timeout to 10 seconds."

# The classic interfaces are deprecated upstream; their warnings are not under test.
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning",
                                        "ignore::PendingDeprecationWarning",
                                        "ignore:.*deprecated.*")


def _chatter(n: int) -> list[str]:
    turns = [f"Thanks, noted point {i}." for i in range(n)]
    turns[2], turns[4], turns[n // 2] = RULE, FIRST, REVISED
    return turns


def _memory_system(request: list[BaseMessage]) -> str:
    systems = [m for m in request if isinstance(m, SystemMessage)]
    assert len(systems) == 1
    return systems[0].text


def _assert_memory(text: str) -> None:
    assert DEFAULT_HEADER in text and "100 items" in text
    line = next(ln for ln in text.splitlines() if "webhook timeout" in ln)
    assert "10 seconds" in line and "(was 30" in line
    assert "30 seconds" not in text


# ---------------------------------------------------------------------- history itself
def test_history_messages_are_block_plus_recent_exchanges() -> None:
    history = DSPMChatMessageHistory(budget=200, max_history_messages=2)
    assert history.messages == []
    history.add_messages([HumanMessage(RULE), AIMessage("Noted.")])
    history.add_user_message("Hello there")
    first, second = history.messages, history.messages
    assert first == second and first is not second  # same content on two reads
    assert isinstance(first[0], SystemMessage) and "100 items" in first[0].text
    # the window opens on a user message: the older exchange (two messages) does not fit
    assert [m.text for m in first[1:]] == ["Hello there"]
    assert [m.text for m in history.transcript] == [RULE, "Noted.", "Hello there"]
    # the block handed back (e.g. a chain that stores its whole prompt) is not ingested
    before = history.memory.stats["turns"]
    history.add_messages([first[0]])
    assert history.memory.stats["turns"] == before
    assert [m.text for m in history.messages[1:]] == ["Hello there"]
    history.clear()
    assert history.messages == [] and history.memory.stats["total_patches"] == 0


async def test_history_async_matches_sync() -> None:
    sync_h, async_h = DSPMChatMessageHistory(max_history_messages=3), DSPMChatMessageHistory(max_history_messages=3)
    for text in _chatter(12):
        msgs = [HumanMessage(text), AIMessage("Understood.")]
        sync_h.add_messages(msgs)
        await async_h.aadd_messages(msgs)
    assert await async_h.aget_messages() == sync_h.messages
    _assert_memory(sync_h.messages[0].text)
    await async_h.aclear()
    assert await async_h.aget_messages() == []


def test_history_without_raw_messages_and_tool_messages_and_wrapping_an_existing_memory() -> None:
    memory = DSPMMemory(budget=120)
    history = DSPMChatMessageHistory(memory, max_history_messages=0)
    history.add_messages([HumanMessage(content=[{"type": "text", "text": RULE}])])
    assert len(history.messages) == 1 and "100 items" in history.messages[0].text
    assert history.memory is memory and memory.all_patches[0].role.value == "user"
    with pytest.raises(ConfigError):
        DSPMChatMessageHistory(max_history_messages=-1)
    with pytest.raises(ConfigError):
        DSPMChatMessageHistory(store=object())  # a store needs a user id


def test_history_backed_by_a_notebook_path(tmp_path: Path) -> None:
    path = tmp_path / "chat.dspm.json"
    history = DSPMChatMessageHistory(path=path)
    history.add_messages([HumanMessage(RULE)])
    again = DSPMChatMessageHistory(path=path)  # a restart: the memory comes back
    assert "100 items" in again.messages[0].text
    assert again.recent == []  # raw messages are not persisted, only the memory

    async def more() -> None:
        await again.aadd_messages([HumanMessage(FIRST)])

    import asyncio

    asyncio.run(more())
    third = DSPMChatMessageHistory(path=path)
    assert "30 seconds" in third.messages[0].text
    third.clear()
    assert DSPMChatMessageHistory(path=path).messages == []


# ---------------------------------------------------------------------- RunnableWithMessageHistory
def _rwmh(model: RecordingChatModel, store: dict[str, DSPMChatMessageHistory]) -> Any:
    prompt = ChatPromptTemplate.from_messages([
        ("system", "You are a careful assistant."),
        MessagesPlaceholder("history"),
        ("human", "{question}"),
    ])

    def get(session_id: str) -> DSPMChatMessageHistory:
        return store.setdefault(session_id, DSPMChatMessageHistory(budget=250, max_history_messages=4))

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return RunnableWithMessageHistory(prompt | model, get, input_messages_key="question",
                                          history_messages_key="history")


def _memory_of(request: list[BaseMessage]) -> str:
    blocks = [m.text for m in request if isinstance(m, SystemMessage) and BLOCK_OPEN in m.text]
    assert len(blocks) == 1
    return blocks[0]


def test_runnable_with_message_history_sync() -> None:
    model = RecordingChatModel(responder=lambda m: "Understood.")
    store: dict[str, DSPMChatMessageHistory] = {}
    chain = _rwmh(model, store)
    config = {"configurable": {"session_id": "s1"}}
    for text in _chatter(30):
        chain.invoke({"question": text}, config)
    final = model.requests[-1]
    _assert_memory(_memory_of(final))
    assert final[0].text == "You are a careful assistant."  # the prompt's own system message
    assert len(final) == 1 + 1 + 4 + 1  # prompt, memory, the last 4, the question
    chain.invoke({"question": "hi"}, {"configurable": {"session_id": "s2"}})
    assert not any(BLOCK_OPEN in m.text for m in model.requests[-1])  # sessions isolated


async def test_runnable_with_message_history_async() -> None:
    model = RecordingChatModel(responder=lambda m: "Understood.")
    chain = _rwmh(model, {})
    config = {"configurable": {"session_id": "s1"}}
    for text in _chatter(30):
        await chain.ainvoke({"question": text}, config)
    _assert_memory(_memory_of(model.requests[-1]))


# ---------------------------------------------------------------------- classic memory=
@tool
def lookup(query: str) -> str:
    """Look something up."""
    return "The cache size is 512 MB."


def _tool_agent_model() -> RecordingChatModel:
    def respond(messages: list[BaseMessage]) -> AIMessage:
        last = messages[-1]
        if isinstance(last, HumanMessage) and "lookup" in last.text:
            return AIMessage(content="", tool_calls=[
                {"name": "lookup", "args": {"query": "cache"}, "id": f"c{len(messages)}"}])
        return AIMessage(content="Understood.")

    return RecordingChatModel(responder=respond)


def _executor(model: RecordingChatModel, memory: DSPMChatMemory) -> AgentExecutor:
    prompt = ChatPromptTemplate.from_messages([
        ("system", "You are the ops agent."),
        MessagesPlaceholder("chat_history"),
        ("human", "{input}"),
        MessagesPlaceholder("agent_scratchpad"),
    ])
    agent = create_tool_calling_agent(model, [lookup], prompt)
    return AgentExecutor(agent=agent, tools=[lookup], memory=memory)


def _classic_turns() -> list[str]:
    turns = _chatter(24)
    turns[8] = "Please lookup the cache size."
    return turns


def test_agent_executor_with_dspm_chat_memory_sync() -> None:
    model = _tool_agent_model()
    memory = DSPMChatMemory(budget=250, memory_key="chat_history", return_messages=True, max_history_messages=2)
    executor = _executor(model, memory)
    for text in _classic_turns():
        out = executor.invoke({"input": text})
        assert out["output"] == "Understood."
    final = model.requests[-1]
    _assert_memory(_memory_of(final))
    assert final[0].text == "You are the ops agent."
    assert memory.memory.stats["turns"] == 48  # input and output of every run


async def test_agent_executor_with_dspm_chat_memory_async() -> None:
    model = _tool_agent_model()
    memory = DSPMChatMemory(budget=250, memory_key="chat_history", return_messages=True, max_history_messages=2)
    executor = _executor(model, memory)
    for text in _classic_turns():
        await executor.ainvoke({"input": text})
    _assert_memory(_memory_of(model.requests[-1]))
    await memory.aclear()
    assert memory.load_memory_variables({"input": "x"}) == {"chat_history": []}


def test_llm_chain_string_memory_and_variables() -> None:
    model = RecordingChatModel(responder=lambda m: "Understood.")
    memory = DSPMChatMemory(budget=250, max_history_messages=2)
    assert memory.memory_variables == ["history"]
    prompt = ChatPromptTemplate.from_messages([
        ("system", "Context:\n{history}"), ("human", "{question}")])
    chain = LLMChain(llm=model, prompt=prompt, memory=memory)
    for text in _chatter(10):
        chain.invoke({"question": text})
    system = model.requests[-1][0].text
    _assert_memory(system)
    assert "Human: " in system and "AI: Understood." in system  # the last k, as text
    variables = memory.load_memory_variables({"question": "webhook?"})
    assert isinstance(variables["history"], str) and BLOCK_OPEN in variables["history"]
    memory.clear()
    assert memory.load_memory_variables({"question": "x"}) == {"history": ""}


async def test_classic_memory_async_save_and_load() -> None:
    memory = DSPMChatMemory(return_messages=True)
    await memory.asave_context({"input": RULE}, {"output": "Noted."})
    loaded = await memory.aload_memory_variables({"input": "limits?"})
    assert "100 items" in loaded["history"][0].text
    with pytest.raises(ValueError, match="output"):
        memory.save_context({"input": "a"}, {"x": "1", "y": "2"})


def test_history_backed_by_the_sqlite_store(tmp_path: Path) -> None:
    sqlite = pytest.importorskip("dspm_core.persist.sqlite")
    path = tmp_path / "chats.db"
    history = DSPMChatMessageHistory(store=sqlite.SQLiteStore(path), user_id="u7",
                                     session_id="s1")
    history.add_messages([HumanMessage(RULE), AIMessage("Noted.")])
    other = DSPMChatMessageHistory(store=sqlite.SQLiteStore(path), user_id="u7",
                                   session_id="s2")
    assert "100 items" in other.messages[0].text  # the user's rules, in a new session
    stranger = DSPMChatMessageHistory(store=sqlite.SQLiteStore(path), user_id="u8")
    assert stranger.messages == []
    # a rule committed by one session reaches an open history of another on its next read
    history.add_messages([HumanMessage(FIRST)])
    assert "30 seconds" in other.messages[0].text
