"""DSPM with LlamaIndex agents and the ``Memory`` / memory-block path.

* ``FunctionAgent`` run several times with ``memory=DSPMChatMemory(...)`` (and with a
  ``Memory`` holding a ``DSPMMemoryBlock``), one run making a tool call: the memory is
  carried across runs, asserted on what the function-calling mock LLM received.
* ``Memory.from_defaults(memory_blocks=[StaticMemoryBlock, DSPMMemoryBlock])`` over a
  40-turn ``SimpleChatEngine`` conversation whose short-term queue flushes: the block
  sees every turn once, sits beside the static block, and shrinks (``atruncate``) instead
  of disappearing when ``Memory`` runs out of room.

No network: LlamaIndex's ``MockFunctionCallingLLM`` with a recording response generator.
"""

from __future__ import annotations

import asyncio
import copy
import json
import uuid
from collections.abc import Sequence
from typing import Any

import pytest

pytest.importorskip("llama_index.core")

from llama_index.core.agent.workflow import FunctionAgent  # noqa: E402
from llama_index.core.base.llms.types import (  # noqa: E402
    ChatMessage,
    MessageRole,
    ToolCallBlock,
)
from llama_index.core.chat_engine import SimpleChatEngine  # noqa: E402
from llama_index.core.llms.mock import MockFunctionCallingLLM  # noqa: E402
from llama_index.core.memory import Memory, StaticMemoryBlock  # noqa: E402
from llama_index.core.tools import FunctionTool  # noqa: E402
from scripted_turns import FILLER  # noqa: E402
from scripted_turns import user_turns as scripted_turns  # noqa: E402

from dspm_integrations.llama_index import (  # noqa: E402
    BLOCK_HEADER,
    DSPMChatMemory,
    DSPMMemoryBlock,
)

# workflows' step discovery runs inspect.getmembers over the agent (a pydantic model),
# which touches pydantic's deprecated attributes: upstream noise, not ours.
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning:inspect")

SYSTEM_PROMPT = "You are the Acme payments assistant."
RULE = "Hard rule: never log full card numbers, anywhere."
FIRST = "Set the webhook timeout to 30 seconds."
REVISED = "Change the webhook timeout to 10 seconds."
WEATHER = "Sunny and 21 C in Paris."


def get_weather(city: str) -> str:
    """Current weather of a city."""
    return WEATHER if city == "Paris" else "Unknown city."


class Recorder:
    """Response generator for MockFunctionCallingLLM that records what the model got.

    A user message mentioning the weather gets a ``get_weather`` tool call; a tool result
    gets an answer quoting it; anything else gets "Noted."
    """

    def __init__(self) -> None:
        self.calls: list[list[ChatMessage]] = []

    def __call__(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatMessage:
        self.calls.append(copy.deepcopy(list(messages)))
        last = messages[-1]
        if last.role == MessageRole.TOOL:
            return ChatMessage(role="assistant", content=f"The tool says: {last.content}")
        if kwargs.get("tools") and "weather" in (last.content or "").lower():
            return ChatMessage(role="assistant", blocks=[ToolCallBlock(
                tool_call_id=f"call-{uuid.uuid4().hex[:8]}", tool_name="get_weather",
                tool_kwargs={"city": "Paris"})])
        return ChatMessage(role="assistant", content="Noted.")


def run_turns() -> list[str]:
    turns = ["Hi, we're building the payments webhook service.", RULE, FIRST,
             "What's the weather in Paris?"]
    turns += [f"Status update {i}: the build is green." for i in range(4)]
    turns += [REVISED, "Thanks, carry on.", "Please draft the changelog.",
              "What timeout should the webhook use, and what must we never log?"]
    return turns


def block_of(messages: Sequence[ChatMessage]) -> str:
    blocks = [m.content for m in messages
              if m.role == MessageRole.SYSTEM and BLOCK_HEADER in (m.content or "")]
    assert len(blocks) == 1, [m.content for m in messages if m.role == MessageRole.SYSTEM]
    return blocks[0]


def make_memory(kind: str) -> Any:
    if kind == "buffer":
        return DSPMChatMemory.from_defaults(budget=160, max_history_messages=4, token_limit=600,
                                            system_prompt=SYSTEM_PROMPT)
    return Memory.from_defaults(
        session_id=f"agent-{uuid.uuid4().hex}", token_limit=300, token_flush_size=40,
        chat_history_token_ratio=0.3,
        memory_blocks=[DSPMMemoryBlock(budget=160)])


@pytest.mark.parametrize("memory_kind", ["buffer", "memory_block"])
def test_function_agent_runs_carry_memory(memory_kind: str) -> None:
    recorder = Recorder()
    llm = MockFunctionCallingLLM(response_generator=recorder)
    tool = FunctionTool.from_defaults(fn=get_weather)
    agent = FunctionAgent(tools=[tool], llm=llm,
                          system_prompt=None if memory_kind == "buffer" else SYSTEM_PROMPT)
    memory = make_memory(memory_kind)

    async def go() -> list[str]:
        answers = []
        for text in run_turns():
            # a fresh run (and context) every time: the memory travels through memory=
            result = await agent.run(user_msg=text, memory=memory)
            answers.append(str(result.response.content))
        return answers

    answers = asyncio.run(go())
    assert answers[3] == f"The tool says: {WEATHER}"  # the tool-call run
    # the tool run reached the LLM twice: the call, then the answer over the tool result
    tool_calls = [c for c in recorder.calls if c[-1].role == MessageRole.TOOL]
    assert len(tool_calls) == 1
    assert any(m.role == MessageRole.ASSISTANT and any(isinstance(b, ToolCallBlock) for b in m.blocks)
               for m in tool_calls[0])
    assert len(recorder.calls) == len(run_turns()) + 1

    final = recorder.calls[-1]
    assert "never log" in final[-1].content  # the last run's question
    block = block_of(final)
    assert "never log full card numbers" in block
    timeout = [line for line in block.splitlines() if "webhook timeout" in line]
    assert len(timeout) == 1 and "10 seconds" in timeout[0] and "(was 30" in timeout[0]
    # the rule came from memory, not from raw history
    raw = [m for m in final if m.role != MessageRole.SYSTEM]
    assert not any(RULE in (m.content or "") for m in raw)
    assert not any(FIRST in (m.content or "") for m in raw)
    systems = [m for m in final if m.role == MessageRole.SYSTEM]
    if memory_kind == "buffer":
        # the system prompt was given to the memory: one system message, prompt then block
        assert len(systems) == 1 and systems[0].content.startswith(SYSTEM_PROMPT)
        stored = memory.get_all()
        assert any(m.role == MessageRole.TOOL and m.content == WEATHER for m in stored)
        assert memory.stats["turns"] == len([m for m in stored if m.content])
    else:
        # the agent's own system prompt, then Memory's system message holding the block
        assert systems[0].content == SYSTEM_PROMPT and len(systems) == 2
    # the tool result was ingested as a tool turn: it never outranks the user's rules
    # and (for this text) carries no critical fact
    dspm = memory.dspm if memory_kind == "buffer" else memory.memory_blocks[0].dspm
    assert all(BLOCK_HEADER not in p.text for p in dspm.all_patches)
    assert dspm.stats["undelivered_criticals"] == 0


# ----------------------------------------------------------------------------- Memory block
def user_turns() -> list[str]:
    return scripted_turns({3: RULE, 5: FIRST, 20: REVISED,
                           40: "What timeout should the payment webhook use?"})


class ChatRecorder(Recorder):
    def __call__(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatMessage:
        self.calls.append(copy.deepcopy(list(messages)))
        return ChatMessage(role="assistant", content="Noted, carrying on with the webhook work.")


def test_memory_with_static_and_dspm_blocks_sees_every_turn() -> None:
    recorder = ChatRecorder()
    llm = MockFunctionCallingLLM(response_generator=recorder, is_chat_model=True)
    dspm_block = DSPMMemoryBlock(budget=160)
    memory = Memory.from_defaults(
        session_id="block-test", token_limit=500, token_flush_size=80,
        chat_history_token_ratio=0.5,
        memory_blocks=[StaticMemoryBlock(name="core_info", static_content="The user is Ada, "
                                         "lead engineer at Acme."), dspm_block])
    engine = SimpleChatEngine.from_defaults(llm=llm, memory=memory)
    for text in user_turns():
        engine.chat(text)

    active = memory.get_all(status=None)
    assert len(active) == 80
    # the short-term queue flushed: most turns are no longer in the active history ...
    from llama_index.core.storage.chat_store.sql import MessageStatus

    assert len(memory.get_all(status=MessageStatus.ACTIVE)) < 40
    # ... yet the block saw every turn once: at the last call, the 78 messages before the
    # 40th question (which is ingested once a reply follows it)
    assert dspm_block.dspm.stats["turns"] == 78

    final = recorder.calls[-1]
    system = final[0]
    assert system.role == MessageRole.SYSTEM
    assert "The user is Ada" in system.content and BLOCK_HEADER in system.content
    assert system.content.index("The user is Ada") < system.content.index(BLOCK_HEADER)
    lines = system.content.split(BLOCK_HEADER, 1)[1].splitlines()
    assert any("never log full card numbers" in line for line in lines)
    timeout = [line for line in lines if "webhook timeout" in line]
    assert len(timeout) == 1 and "10 seconds (was 30" in timeout[0]
    assert not any(RULE in (m.content or "") for m in final[1:])
    assert all(BLOCK_HEADER not in p.text for p in dspm_block.dspm.all_patches)


RULES = [RULE, FIRST, "The API rate limit must not exceed 100 requests per minute.",
         "Data retention must not exceed 5 years.", "Audit logs must be kept for at least 1 year.",
         "All payments must be PCI-DSS compliant.", REVISED]


def test_memory_truncates_the_block_instead_of_dropping_it() -> None:
    async def go() -> None:
        dspm_block = DSPMMemoryBlock(budget=200, priority=1)
        memory = Memory.from_defaults(
            session_id="truncate-test", token_limit=300, token_flush_size=20,
            chat_history_token_ratio=0.8,
            memory_blocks=[StaticMemoryBlock(name="core_info", static_content="The user is Ada."),
                           dspm_block])
        for i in range(30):
            text = RULES[i] if i < len(RULES) else FILLER[i % len(FILLER)]
            await memory.aput(ChatMessage(role="user", content=text))
            await memory.aput(ChatMessage(role="assistant", content="Noted."))
        await memory.aput(ChatMessage(role="user", content="Which timeout?"))
        out = await memory.aget()
        system = out[0].content
        assert "The user is Ada" in system  # priority 0: never truncated
        assert BLOCK_HEADER in system        # truncated by re-rendering, not dropped
        shown = system.split("<dspm_memory>", 1)[1].split("</dspm_memory>", 1)[0].strip()
        full = dspm_block.get_context("Which timeout?")
        count = dspm_block.dspm.counter.count
        assert count(shown) < count(full)
        # the short forms keep subject, operator and value
        assert "webhook timeout" in shown and "10 seconds" in shown
        assert "never log full card numbers" in shown
        assert len(memory.get_all(status=None)) == 61
        assert dspm_block.dspm.stats["turns"] == 60
        # atruncate directly: smaller, never below the smallest block, None when empty
        smaller = await dspm_block.atruncate(full, 40)
        assert smaller and count(smaller) <= count(full) - 40
        assert BLOCK_HEADER in (await dspm_block.atruncate(full, 10_000) or "")
        assert await dspm_block.atruncate(full, 0) == full
        assert await DSPMMemoryBlock(budget=100).atruncate("", 10) is None

    asyncio.run(go())


def test_block_survives_history_replacement_and_round_trips() -> None:
    async def go() -> None:
        block = DSPMMemoryBlock(budget=160)
        memory = Memory.from_defaults(session_id="replace-test", token_limit=4000,
                                      memory_blocks=[block])
        history = [ChatMessage(role="user", content=RULE),
                   ChatMessage(role="assistant", content="Understood."),
                   ChatMessage(role="user", content=FIRST),
                   ChatMessage(role="assistant", content="Done."),
                   ChatMessage(role="user", content=REVISED),
                   ChatMessage(role="assistant", content="Done.")]
        for m in history:
            await memory.aput(m)
        await memory.aget(input="timeout")
        assert block.dspm.stats["turns"] == 6
        # getting again ingests nothing twice
        await memory.aget(input="timeout")
        await memory.aget()
        assert block.dspm.stats["turns"] == 6
        # replacing the history with an old slice reorders nothing
        await memory.aset(history[:3])
        await memory.aget()
        assert block.dspm.stats["turns"] == 6
        assert "10 seconds (was 30)" in block.get_context("timeout")
        # a new message after a reset is ingested
        await memory.areset()
        await memory.aput(ChatMessage(role="user", content="The refund window is 14 days."))
        await memory.aput(ChatMessage(role="assistant", content="Noted."))
        await memory.aget()
        assert block.dspm.stats["turns"] == 8
        assert "refund window" in block.get_context()

        data = block.to_dict()
        restored = DSPMMemoryBlock.from_dict(json.loads(json.dumps(data)))
        for query in ("", "timeout", "refund"):
            assert restored.get_context(query) == block.get_context(query)
        assert restored.priority == block.priority and restored.name == block.name

    asyncio.run(go())


def test_agent_context_reuse_and_json_round_trip_carry_the_memory() -> None:
    """Reusing a Context re-encodes its state store (JsonSerializer -> to_dict) between
    runs; a ChatMemoryBuffer holding messages fails that on pydantic 2.14 and is skipped
    (a fresh, empty memory on the next run). DSPMChatMemory serialises, so it carries over,
    also through ``Context.to_dict`` / ``from_dict`` and JSON."""
    from llama_index.core.workflow import Context
    from workflows.context.serializers import JsonSerializer

    recorder = Recorder()
    llm = MockFunctionCallingLLM(response_generator=recorder)
    agent = FunctionAgent(tools=[FunctionTool.from_defaults(fn=get_weather)], llm=llm)
    memory = DSPMChatMemory.from_defaults(budget=160, max_history_messages=2)

    async def go() -> None:
        ctx = Context(agent)
        await agent.run(user_msg=RULE, memory=memory, ctx=ctx)
        await agent.run(user_msg="What's the weather in Paris?", ctx=ctx)
        for text in ("Thanks, carry on.", "The load test looks fine."):
            await agent.run(user_msg=text, ctx=ctx)
        data = json.loads(json.dumps(ctx.to_dict(serializer=JsonSerializer())))
        restored = Context.from_dict(agent, data, serializer=JsonSerializer())
        await agent.run(user_msg="What must we never log?", ctx=restored)
        carried = await restored.store.get("memory")
        assert isinstance(carried, DSPMChatMemory)
        assert any(m.role == MessageRole.TOOL and m.content == WEATHER for m in carried.get_all())
        assert carried.stats["turns"] >= 10

    asyncio.run(go())
    final = recorder.calls[-1]
    assert "never log full card numbers" in block_of(final)
    assert not any(RULE in (m.content or "") for m in final if m.role != MessageRole.SYSTEM)
