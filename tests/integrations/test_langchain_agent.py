"""DSPMMiddleware end to end with LangChain 1.x ``create_agent`` and a recording fake model.

Every assertion is on what the model actually received (``RecordingChatModel.requests``),
or on the agent state the checkpointer keeps. No network.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("langchain")
pytest.importorskip("langgraph")

from langchain.agents import create_agent  # noqa: E402
from langchain.agents.middleware import SummarizationMiddleware  # noqa: E402
from langchain_core.messages import (  # noqa: E402
    AIMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
)
from langchain_core.tools import tool  # noqa: E402
from langgraph.checkpoint.memory import InMemorySaver  # noqa: E402
from langgraph.store.memory import InMemoryStore  # noqa: E402
from scripted_turns import user_turns  # noqa: E402

from dspm_core import Fact, PatchKind, RuleExtractor, Turn  # noqa: E402
from dspm_core.errors import ConfigError  # noqa: E402
from dspm_integrations._langchain_testing import RecordingChatModel  # noqa: E402
from dspm_integrations.langchain import (  # noqa: E402
    BLOCK_CLOSE,
    BLOCK_OPEN,
    DEFAULT_HEADER,
    DSPMMiddleware,
)

SYSTEM_PROMPT = "You are the release assistant of ACME."
RULE = "The API must never return more than 100 items per page."
FIRST = "Set the webhook timeout to 30 seconds."
REVISED = "Change the webhook timeout to 10 seconds."


@tool
def lookup(query: str) -> str:
    """Look up a fact in the team wiki."""
    return "The cache size is 512 MB."


def _user_turns() -> list[str]:
    """40 user messages: the rule at turn 3, the timeout at 5, revised at 20, tools often."""
    return user_turns(
        {3: RULE, 5: FIRST, 12: "Let's use PostgreSQL for the primary database.",
         20: REVISED, 40: "What should the next release include?"},
        lambda i: f"Please lookup topic {i} in the wiki." if i % 4 == 0
        else f"Thanks, noted point {i}. Anything else on item {i}?")


def _responder(messages: list[BaseMessage]) -> AIMessage:
    """Calls the lookup tool when asked to, then answers; otherwise answers briefly."""
    last = messages[-1]
    if isinstance(last, HumanMessage) and "lookup" in last.text:
        calls = sum(1 for m in messages if isinstance(m, AIMessage) and m.tool_calls)
        return AIMessage(content="", tool_calls=[
            {"name": "lookup", "args": {"query": last.text[-12:]}, "id": f"call_{calls}"}])
    if last.type == "tool":
        return AIMessage(content="I looked that up for you.")
    return AIMessage(content="Understood.")


def _agent(middleware: DSPMMiddleware, model: RecordingChatModel | None = None, **kw: Any):
    model = model or RecordingChatModel(responder=_responder)
    agent = create_agent(model, [lookup], system_prompt=SYSTEM_PROMPT,
                         middleware=[middleware], **kw)
    return agent, model


def _block(system_text: str) -> str:
    start = system_text.index(BLOCK_OPEN)
    return system_text[start:system_text.index(BLOCK_CLOSE) + len(BLOCK_CLOSE)]


def _check_request(request: list[BaseMessage]) -> str:
    """One system message, first; the agent's prompt kept whole; returns its text."""
    systems = [m for m in request if isinstance(m, SystemMessage)]
    assert len(systems) == 1 and request[0] is systems[0]
    text = systems[0].text
    assert text.startswith(SYSTEM_PROMPT)
    assert text.count(BLOCK_OPEN) == 1
    return text


def _check_turn_40(model: RecordingChatModel, budget: int, middleware: DSPMMiddleware) -> str:
    final = model.requests[-1]
    assert final[-1].text == "What should the next release include?"
    text = _check_request(final)
    block = _block(text)
    assert DEFAULT_HEADER in block
    assert RULE.rstrip(".") in block  # the hard rule of turn 3, word for word
    timeout_lines = [ln for ln in block.splitlines() if "webhook timeout" in ln]
    assert len(timeout_lines) == 1  # only the new form ...
    assert "10 seconds" in timeout_lines[0] and "(was 30" in timeout_lines[0]  # ... with lineage
    assert "30 seconds" not in block
    assert middleware.factory.counter.count(block) <= budget
    # the conversation itself was not rewritten: no memory block in any other message
    assert all(BLOCK_OPEN not in m.text for m in final[1:])
    return block


class _RecordingRules:
    """The rule extractor, recording every turn it is given (role and text)."""

    def __init__(self) -> None:
        self.rules = RuleExtractor()
        self.turns: list[tuple[str, str]] = []

    def extract(self, turn: Turn) -> list[Fact]:
        self.turns.append((turn.role.value, turn.text))
        return self.rules.extract(turn)


def test_forty_turn_agent_sync_keeps_rule_and_revision() -> None:
    extractor = _RecordingRules()
    mw = DSPMMiddleware(budget=250, extractor=extractor)
    agent, model = _agent(mw, checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "t-sync"}}
    for text in _user_turns():
        agent.invoke({"messages": [HumanMessage(text)]}, config)
    assert len(model.requests) > 40  # tool turns make two model calls
    assert model.tools == ["lookup"]
    block = _check_turn_40(model, 250, mw)
    # every request of the run carried exactly one system message with the agent's prompt
    for request in model.requests[3:]:
        _check_request(request)
    state = agent.get_state(config).values
    assert "dspm_memory" not in agent.invoke({"messages": [HumanMessage("ok")]}, config)
    assert not any(BLOCK_OPEN in m.text for m in state["messages"])
    memory = mw.memory_for(state)
    assert memory is not None and memory.get_context("x")  # serialisable, restorable
    # every message was read once, with its role; tool output as "tool"; no block read back
    roles = [role for role, _ in extractor.turns]
    assert roles.count("user") == 41 and roles.count("tool") == 7  # seven lookup turns
    assert roles.count("assistant") == 41  # replies with text; tool-call-only messages skipped
    assert not any(BLOCK_OPEN in text or DEFAULT_HEADER in text for _, text in extractor.turns)
    assert block


async def test_forty_turn_agent_async_matches_sync() -> None:
    sync_mw, async_mw = DSPMMiddleware(budget=250), DSPMMiddleware(budget=250)
    sync_agent, sync_model = _agent(sync_mw, checkpointer=InMemorySaver())
    async_agent, async_model = _agent(async_mw, checkpointer=InMemorySaver())
    for text in _user_turns():
        sync_agent.invoke({"messages": [HumanMessage(text)]},
                          {"configurable": {"thread_id": "s"}})
        await async_agent.ainvoke({"messages": [HumanMessage(text)]},
                                  {"configurable": {"thread_id": "a"}})
    assert _check_turn_40(async_model, 250, async_mw) == _check_turn_40(sync_model, 250, sync_mw)
    assert len(async_model.requests) == len(sync_model.requests)


def test_stream_and_astream_inject_the_block() -> None:
    mw = DSPMMiddleware(budget=200)
    agent, model = _agent(mw, checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "st"}}
    list(agent.stream({"messages": [HumanMessage(RULE)]}, config, stream_mode="updates"))
    list(agent.stream({"messages": [HumanMessage("Please lookup x in the wiki.")]}, config,
                      stream_mode="messages"))
    assert RULE.rstrip(".") in _check_request(model.requests[-1])

    async def run() -> None:
        async for _ in agent.astream({"messages": [HumanMessage(FIRST)]}, config):
            pass
        async for _ in agent.astream({"messages": [HumanMessage("next")]}, config,
                                     stream_mode="messages"):
            pass

    asyncio.run(run())
    text = _check_request(model.requests[-1])
    assert RULE.rstrip(".") in text and "webhook timeout" in text


def test_two_threads_do_not_leak_and_resume_restores_memory() -> None:
    saver = InMemorySaver()
    agent, model = _agent(DSPMMiddleware(budget=250), checkpointer=saver)
    a = {"configurable": {"thread_id": "alice-thread"}}
    b = {"configurable": {"thread_id": "bob-thread"}}
    agent.invoke({"messages": [HumanMessage(RULE)]}, a)
    agent.invoke({"messages": [HumanMessage("Let's use MySQL for the primary database.")]}, b)
    agent.invoke({"messages": [HumanMessage("Anything else?")]}, a)
    text_a = _check_request(model.requests[-1])
    agent.invoke({"messages": [HumanMessage("Anything else?")]}, b)
    text_b = _check_request(model.requests[-1])
    assert "100 items" in text_a and "MySQL" not in text_a
    assert "MySQL" in text_b and "100 items" not in text_b

    # a new process: fresh middleware (empty cache), same checkpointer
    agent2, model2 = _agent(DSPMMiddleware(budget=250), checkpointer=saver)
    agent2.invoke({"messages": [HumanMessage("Where were we?")]}, a)
    resumed = _check_request(model2.requests[-1])
    assert "100 items" in resumed and "MySQL" not in resumed
    # a thread never seen before starts empty: only the agent's own prompt
    agent2.invoke({"messages": [HumanMessage("Hello")]}, {"configurable": {"thread_id": "new"}})
    assert model2.requests[-1][0].text == SYSTEM_PROMPT


def test_fork_from_an_old_checkpoint_sees_that_checkpoints_memory() -> None:
    agent, model = _agent(DSPMMiddleware(budget=250), checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "fork"}}
    agent.invoke({"messages": [HumanMessage(FIRST)]}, config)
    old = agent.get_state(config).config
    agent.invoke({"messages": [HumanMessage(REVISED)]}, config)
    agent.invoke({"messages": [HumanMessage("and now?")]}, old)  # time travel
    text = _check_request(model.requests[-1])
    assert "30 seconds" in text and "10 seconds" not in text


def _store_agent(store: InMemoryStore) -> tuple[Any, RecordingChatModel]:
    return _agent(DSPMMiddleware(budget=250, store=store), checkpointer=InMemorySaver(),
                  store=store)


def test_store_shares_a_users_rules_across_threads() -> None:
    store = InMemoryStore()
    agent, model = _store_agent(store)
    agent.invoke({"messages": [HumanMessage(RULE)]},
                 {"configurable": {"thread_id": "u1-a"}}, context={"user_id": "u1"})
    agent.invoke({"messages": [HumanMessage("New topic: the release plan.")]},
                 {"configurable": {"thread_id": "u1-b"}}, context={"user_id": "u1"})
    assert "100 items" in _check_request(model.requests[-1])
    agent.invoke({"messages": [HumanMessage("New topic: the release plan.")]},
                 {"configurable": {"thread_id": "u2-a"}}, context={"user_id": "u2"})
    assert model.requests[-1][0].text == SYSTEM_PROMPT  # another user sees nothing
    # a first message with nothing to read (an image only) still gets the user's rules
    image = HumanMessage(content=[{"type": "image", "url": "https://example.invalid/a.png"}])
    agent.invoke({"messages": [image]}, {"configurable": {"thread_id": "u1-img"}},
                 context={"user_id": "u1"})
    assert "100 items" in _check_request(model.requests[-1])
    # the user id may also come from configurable; a fresh process reads the store
    agent2, model2 = _store_agent(store)
    agent2.invoke({"messages": [HumanMessage("hi")]},
                  {"configurable": {"thread_id": "u1-c", "user_id": "u1"}})
    assert "100 items" in _check_request(model2.requests[-1])
    with pytest.raises(ConfigError, match="user id"):
        agent2.invoke({"messages": [HumanMessage("hi")]}, {"configurable": {"thread_id": "x"}})


class _SlowRules(_RecordingRules):
    """The rule extractor with an await in it, so that concurrent runs interleave."""

    async def aextract(self, turn: Turn) -> list[Fact]:
        await asyncio.sleep(0.02)
        return self.rules.extract(turn)


async def test_store_async_and_concurrent_threads_of_one_user_merge() -> None:
    store = InMemoryStore()
    agent, model = _agent(DSPMMiddleware(budget=250, store=store, extractor=_SlowRules()),
                          checkpointer=InMemorySaver(), store=store)
    ctx = {"user_id": "u9"}
    await asyncio.gather(
        agent.ainvoke({"messages": [HumanMessage(RULE)]},
                      {"configurable": {"thread_id": "p"}}, context=ctx),
        agent.ainvoke({"messages": [HumanMessage("Let's use PostgreSQL for the database.")]},
                      {"configurable": {"thread_id": "q"}}, context=ctx),
    )
    await agent.ainvoke({"messages": [HumanMessage("Summary please")]},
                        {"configurable": {"thread_id": "r"}}, context=ctx)
    text = _check_request(model.requests[-1])
    assert "100 items" in text and "PostgreSQL" in text


def test_summarization_rewrite_is_not_reingested_and_blocks_are_read() -> None:
    summarizer = RecordingChatModel(responder=lambda m: "They discussed limits.")
    mw = DSPMMiddleware(budget=250)
    model = RecordingChatModel(responder=_responder)
    agent = create_agent(model, [lookup], system_prompt=SYSTEM_PROMPT, middleware=[
        SummarizationMiddleware(model=summarizer, trigger=("messages", 6), keep=("messages", 2)),
        mw], checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "sum"}}
    agent.invoke({"messages": [HumanMessage(content=[{"type": "text", "text": RULE}])]}, config)
    for i in range(6):
        agent.invoke({"messages": [HumanMessage(f"Thanks, noted point {i}.")]}, config)
    assert summarizer.requests, "the summarizer ran and rewrote the state"
    state = agent.get_state(config).values
    assert any(m.additional_kwargs.get("lc_source") == "summarization" for m in state["messages"])
    memory = mw.memory_for(state)
    assert memory is not None
    # 7 user turns and 7 replies, each read once; the summary message is not a turn
    assert memory.stats["turns"] == 14
    assert "100 items" in _check_request(model.requests[-1])  # content blocks were read


def test_own_block_echoed_by_the_model_is_never_ingested() -> None:
    def echo(messages: list[BaseMessage]) -> AIMessage:
        return AIMessage(content=f"You told me:\n{messages[0].text}")

    mw = DSPMMiddleware(budget=250)
    agent, model = _agent(mw, RecordingChatModel(responder=echo), checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "echo"}}
    for text in (RULE, FIRST, "ok", "ok again", "fine"):
        agent.invoke({"messages": [HumanMessage(text)]}, config)
    memory = mw.memory_for(agent.get_state(config).values)
    assert memory is not None
    texts = [p.text for p in memory.all_patches]
    assert not any(BLOCK_OPEN in t or DEFAULT_HEADER in t for t in texts)
    assert sum("100 items" in t for t in texts) == 1
    assert _check_request(model.requests[-1]).count("100 items") == 1


class _ToolSaysSixty(_RecordingRules):
    """Reads a conflicting value out of tool output (as an LLM extractor might)."""

    def extract(self, turn: Turn) -> list[Fact]:
        if turn.role.value == "tool":
            return [Fact(kind=PatchKind.DECISION, text=turn.text, role=turn.role,
                         turn=turn.index, slot="webhook timeout", op="=", value="60",
                         unit="seconds")]
        return super().extract(turn)


def test_tool_output_never_overrides_a_user_rule() -> None:
    @tool
    def config_reader(key: str) -> str:
        """Read a configuration value."""
        return "The webhook timeout is 60 seconds."

    def responder(messages: list[BaseMessage]) -> AIMessage:
        if isinstance(messages[-1], HumanMessage) and "read" in messages[-1].text:
            return AIMessage(content="", tool_calls=[
                {"name": "config_reader", "args": {"key": "webhook"}, "id": "c1"}])
        return AIMessage(content="Noted.")

    mw = DSPMMiddleware(budget=250, extractor=_ToolSaysSixty())
    model = RecordingChatModel(responder=responder)
    agent = create_agent(model, [config_reader], middleware=[mw], checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "auth"}}
    agent.invoke({"messages": [HumanMessage(REVISED)]}, config)
    agent.invoke({"messages": [HumanMessage("Please read the config.")]}, config)
    agent.invoke({"messages": [HumanMessage("So what is the webhook timeout?")]}, config)
    text = model.requests[-1][0].text  # no agent prompt: the block is the system message
    assert text.startswith(BLOCK_OPEN)
    line = next(ln for ln in text.splitlines() if "webhook timeout" in ln.lower())
    assert "10 seconds" in line and "60" not in line
    memory = mw.memory_for(agent.get_state(config).values)
    assert memory is not None
    slots = [p for p in memory.all_patches if p.slot == "webhook timeout"]
    assert [(p.value, p.role.value) for p in slots] == [("10 seconds", "user")]


def test_no_memory_no_change_and_bad_arguments() -> None:
    agent, model = _agent(DSPMMiddleware())
    agent.invoke({"messages": [HumanMessage("hi")]})  # no checkpointer: works per run
    assert model.requests[-1][0].text == SYSTEM_PROMPT
    with pytest.raises(ConfigError):
        DSPMMiddleware(store=object())  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        DSPMMiddleware(budget=20)  # smaller than the block's own header


def test_dspm_sqlite_store_keeps_a_users_rules(tmp_path: Any) -> None:
    sqlite = pytest.importorskip("dspm_core.persist.sqlite")
    path = tmp_path / "memory.db"
    agent, model = _agent(DSPMMiddleware(budget=250, store=sqlite.SQLiteStore(path)),
                          checkpointer=InMemorySaver())
    agent.invoke({"messages": [HumanMessage(RULE)]},
                 {"configurable": {"thread_id": "chat/1 (web)"}}, context={"user_id": "u1"})
    agent.invoke({"messages": [HumanMessage("Another topic.")]},
                 {"configurable": {"thread_id": "t2"}}, context={"user_id": "u1"})
    assert "100 items" in _check_request(model.requests[-1])
    agent.invoke({"messages": [HumanMessage("Another topic.")]},
                 {"configurable": {"thread_id": "t3"}}, context={"user_id": "u2"})
    assert model.requests[-1][0].text == SYSTEM_PROMPT

    # another process on the same database file, async this time
    agent2, model2 = _agent(DSPMMiddleware(budget=250, store=sqlite.SQLiteStore(path)),
                            checkpointer=InMemorySaver())

    async def run() -> None:
        await agent2.ainvoke({"messages": [HumanMessage(FIRST)]},
                             {"configurable": {"thread_id": "t4", "user_id": "u1"}})
        await agent2.ainvoke({"messages": [HumanMessage("And?")]},
                             {"configurable": {"thread_id": "t4", "user_id": "u1"}})

    asyncio.run(run())
    text = _check_request(model2.requests[-1])
    assert "100 items" in text and "30 seconds" in text
    # the first process sees what the second committed, on its next render
    agent.invoke({"messages": [HumanMessage("Status?")]},
                 {"configurable": {"thread_id": "t2"}}, context={"user_id": "u1"})
    assert "30 seconds" in _check_request(model.requests[-1])


def test_an_empty_rules_block_never_jams_an_agent_thread() -> None:
    """A user who types "Rules:" and nothing else: every later call still works and a rule
    stated afterwards reaches the model."""
    mw = DSPMMiddleware(budget=250)
    agent, model = _agent(mw, checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "t-rules"}}
    for text in ("Rules:", "Task:\nRules:", RULE, "What is next?"):
        agent.invoke({"messages": [HumanMessage(text)]}, config)
    block = _block(_check_request(model.requests[-1]))
    assert RULE.rstrip(".") in block
    memory = mw.memory_for(agent.get_state(config).values)
    assert memory is not None and memory.pending_turns == []
