"""ReActAgent gets the memory block, in its one system message, with or without prompts.

ReActAgent drops the first system message of its input and writes its own ReAct header;
``DSPMReActChatFormatter.from_memory(memory)`` ends that header with the memory's block.
Every assertion is on what the recording LLM received. No network.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("llama_index.core")

from llama_index.core.agent.workflow import ReActAgent  # noqa: E402
from llama_index.core.base.llms.types import ChatMessage, MessageRole  # noqa: E402
from llama_index.core.tools import FunctionTool  # noqa: E402

from dspm_core.errors import ConfigError  # noqa: E402
from dspm_integrations._llama_testing import RecordingReActLLM, get_weather  # noqa: E402
from dspm_integrations.llama_index import (  # noqa: E402
    BLOCK_HEADER,
    BLOCK_OPEN,
    DSPMChatMemory,
    DSPMReActChatFormatter,
    dspm_memory,
)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

AGENT_PROMPT = "You are the Acme payments assistant."
MEMORY_PROMPT = "Always answer in British English."
RULE = "Hard rule: never log full card numbers, anywhere."
FIRST = "Set the webhook timeout to 30 seconds."
REVISED = "Change the webhook timeout to 10 seconds."
TURNS = ["Hi, we're building the payments webhook service.", RULE, FIRST,
         "What's the weather in Paris?", "Status update: the build is green.", REVISED,
         "Thanks, carry on.", "What's the weather in Paris now?",
         "What timeout should the webhook use?"]


def _memory(kind: str) -> Any:
    if kind == "buffer":
        return DSPMChatMemory.from_defaults(budget=200)
    if kind == "buffer+prompt":
        return DSPMChatMemory.from_defaults(budget=200, system_prompt=MEMORY_PROMPT)
    return dspm_memory(budget=200, max_history_tokens=300)


def _run(agent: ReActAgent, memory: Any, turns: list[str]) -> list[str]:
    async def go() -> list[str]:
        return [str(await agent.run(user_msg=t, memory=memory)) for t in turns]

    return asyncio.run(go())


def _systems(call: list[ChatMessage]) -> list[str]:
    return [m.content or "" for m in call if m.role == MessageRole.SYSTEM]


@pytest.mark.parametrize("agent_prompt", [None, AGENT_PROMPT])
@pytest.mark.parametrize("kind", ["buffer", "buffer+prompt", "memory_block"])
def test_react_agent_gets_the_block_in_its_one_system_message(kind: str,
                                                              agent_prompt: str | None) -> None:
    llm = RecordingReActLLM()
    memory = _memory(kind)
    agent = ReActAgent(tools=[FunctionTool.from_defaults(fn=get_weather)], llm=llm,
                       system_prompt=agent_prompt,
                       formatter=DSPMReActChatFormatter.from_memory(memory))
    answers = _run(agent, memory, TURNS)
    assert answers[3] == "Sunny and 21 C in Paris."  # the tool loop ran
    rule_at = None
    for call in llm.calls:
        systems = _systems(call)
        assert len(systems) == 1 and call[0].role == MessageRole.SYSTEM, systems
        header = systems[0]
        assert "Action Input" in header  # the ReAct header itself
        if agent_prompt:
            assert agent_prompt in header
        if RULE.rstrip(".") in header:
            rule_at = rule_at if rule_at is not None else llm.calls.index(call)
        if kind == "buffer+prompt" and BLOCK_HEADER in header:
            assert MEMORY_PROMPT in header
            assert header.index(MEMORY_PROMPT) < header.index(BLOCK_HEADER)
    assert rule_at is not None
    # from the first call that saw the rule, every later call carries it
    for call in llm.calls[rule_at:]:
        header = _systems(call)[0]
        assert RULE.rstrip(".") in header and header.count(BLOCK_HEADER) == 1
    final = _systems(llm.calls[-1])[0]
    timeout = [ln for ln in final.splitlines() if "webhook timeout" in ln]
    assert len(timeout) == 1 and "10 seconds" in timeout[0], timeout
    assert "30 seconds" not in timeout[0] or "(was 30" in timeout[0]


def test_without_the_formatter_react_loses_a_leading_block() -> None:
    """Upstream behaviour the formatter exists for: no agent prompt, no formatter, and the
    memory's system message (the block) is dropped before the LLM call."""
    llm = RecordingReActLLM()
    memory = DSPMChatMemory.from_defaults(budget=200)
    agent = ReActAgent(tools=[FunctionTool.from_defaults(fn=get_weather)], llm=llm)
    _run(agent, memory, [RULE, "Anything else?"])
    assert BLOCK_HEADER in memory.last_system_message  # the memory did return it ...
    assert not any(BLOCK_OPEN in (m.content or "") for m in llm.calls[-1])  # ... it was lost


def test_from_memory_refuses_other_memories() -> None:
    from llama_index.core.memory import ChatMemoryBuffer

    with pytest.raises(ConfigError, match="from_memory"):
        DSPMReActChatFormatter.from_memory(ChatMemoryBuffer.from_defaults())
