"""ReActAgent and CodeActAgent get the memory block, with or without prompts, with or
without a formatter.

ReActAgent drops the first system message of its input and writes its own ReAct header;
CodeActAgent replaces that message with its code-act prompt. A DSPM memory read by either
fits its messages so that the block reaches the LLM; a ReActAgent gets it inside its one
system message (the header). Every assertion is on what the recording LLM (LlamaIndex's
``MockLLM``) received. No network.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("llama_index.core")

from llama_index.core.agent.react.formatter import ReActChatFormatter  # noqa: E402
from llama_index.core.agent.workflow import CodeActAgent, ReActAgent  # noqa: E402
from llama_index.core.base.llms.types import ChatMessage, MessageRole  # noqa: E402
from llama_index.core.tools import FunctionTool  # noqa: E402

from dspm_core.errors import ConfigError  # noqa: E402
from dspm_core.tokens import get_counter  # noqa: E402
from dspm_integrations._llama_testing import RecordingReActLLM, get_weather  # noqa: E402
from dspm_integrations.llama_index import (  # noqa: E402
    BLOCK_HEADER,
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


def _systems(call: list[ChatMessage]) -> list[str]:
    return [m.content or "" for m in call if m.role == MessageRole.SYSTEM]


def _react_agent(llm: RecordingReActLLM, memory: Any, agent_prompt: str | None,
                 formatter: str) -> ReActAgent:
    extra = ({"formatter": DSPMReActChatFormatter.from_memory(memory)}
             if formatter == "explicit" else {})
    return ReActAgent(tools=[FunctionTool.from_defaults(fn=get_weather)], llm=llm,
                      system_prompt=agent_prompt, **extra)


def _check_react_calls(calls: list[list[ChatMessage]], kind: str,
                       agent_prompt: str | None, rule: str, rule_turn: int,
                       turn_of_call: list[int]) -> None:
    """Every call: one system message, the ReAct header first; from the turn that states
    ``rule`` on, the rule in it, in exactly one block."""
    for call, turn in zip(calls, turn_of_call):
        systems = _systems(call)
        assert len(systems) == 1 and call[0].role == MessageRole.SYSTEM, systems
        header = systems[0]
        assert "Action Input" in header  # the ReAct header itself
        if agent_prompt:
            assert agent_prompt in header
        if kind == "buffer+prompt":
            assert MEMORY_PROMPT in header
        if turn > rule_turn:
            assert rule.rstrip(".") in header and header.count(BLOCK_HEADER) == 1, header
            if kind == "buffer+prompt":
                assert header.index(MEMORY_PROMPT) < header.index(BLOCK_HEADER)


def _run_recorded(agent: ReActAgent, memory: Any, llm: RecordingReActLLM,
                  turns: list[str]) -> tuple[list[str], list[int]]:
    """Answers, and the turn (from 1) each LLM call belongs to."""
    turn_of_call: list[int] = []

    async def go() -> list[str]:
        answers = []
        for i, text in enumerate(turns, 1):
            answers.append(str(await agent.run(user_msg=text, memory=memory)))
            turn_of_call.extend([i] * (len(llm.calls) - len(turn_of_call)))
        return answers

    return asyncio.run(go()), turn_of_call


@pytest.mark.parametrize("formatter", ["stock", "explicit"])
@pytest.mark.parametrize("agent_prompt", [None, AGENT_PROMPT])
@pytest.mark.parametrize("kind", ["buffer", "buffer+prompt", "memory_block"])
def test_react_agent_gets_the_block_in_its_one_system_message(
        kind: str, agent_prompt: str | None, formatter: str) -> None:
    llm = RecordingReActLLM()
    memory = _memory(kind)
    agent = _react_agent(llm, memory, agent_prompt, formatter)
    answers, turn_of_call = _run_recorded(agent, memory, llm, TURNS)
    assert answers[3] == "Sunny and 21 C in Paris."  # the tool loop ran
    assert len(llm.calls) == len(TURNS) + 2  # two tool loops, one more call each
    _check_react_calls(llm.calls, kind, agent_prompt, RULE, TURNS.index(RULE) + 1,
                       turn_of_call)
    final = _systems(llm.calls[-1])[0]
    timeout = [ln for ln in final.splitlines() if "webhook timeout" in ln]
    assert len(timeout) == 1 and "10 seconds" in timeout[0], timeout
    assert "30 seconds" not in timeout[0] or "(was 30" in timeout[0]


LONG_RULE = "Hard rule: never log full card numbers, anywhere."
LONG_VALUES = {5: "30 seconds", 60: "20 seconds", 120: "10 seconds"}


def _long_turns(n: int) -> list[str]:
    """A rule at turn 3, a value at 5 revised at 60 and 120, a tool call every 7th
    turn, chatty filler elsewhere (turns count from 1)."""
    out = []
    for i in range(1, n + 1):
        if i == 3:
            out.append(LONG_RULE)
        elif i in LONG_VALUES:
            verb = "Set" if i == 5 else "Change"
            out.append(f"{verb} the webhook timeout to {LONG_VALUES[i]}.")
        elif i % 7 == 0:
            out.append(f"What's the weather in Paris for item {i}?")
        else:
            out.append(f"Thanks for the update on item {i}. Let's keep going with the plan.")
    return out


@pytest.mark.parametrize(("kind", "agent_prompt"), [("buffer", None),
                                                    ("buffer+prompt", AGENT_PROMPT),
                                                    ("memory_block", None)])
def test_react_agent_200_turns_memory_passed_alone(kind: str, agent_prompt: str | None) -> None:
    """``memory=`` alone, no formatter: every call of a 200-turn run carries the turn-3
    rule and the latest revision, in the one system message, bounded."""
    llm = RecordingReActLLM()
    memory = _memory(kind)
    agent = _react_agent(llm, memory, agent_prompt, "stock")
    turns = _long_turns(200)
    _, turn_of_call = _run_recorded(agent, memory, llm, turns)
    assert len(llm.calls) == 200 + sum("weather" in t for t in turns)  # a tool turn: 2 calls
    _check_react_calls(llm.calls, kind, agent_prompt, LONG_RULE, 3, turn_of_call)
    count = get_counter("cl100k_base").count
    for call, turn in zip(llm.calls, turn_of_call):
        header = _systems(call)[0]
        stated = [t for t in LONG_VALUES if t < turn]
        if stated:
            # the latest value stated before this turn, or the one this turn states
            current = [LONG_VALUES[t] for t in LONG_VALUES if max(stated) <= t <= turn]
            line = [ln for ln in header.splitlines() if "webhook timeout" in ln]
            assert len(line) == 1, (turn, line)
            assert any(v in line[0].split("(was")[0] for v in current), (turn, line)
        # the block and recent history replace the transcript: the prompt stays bounded
        assert sum(count(m.content or "") for m in call) < 2600, turn


def test_codeact_agent_gets_the_block_with_or_without_prompts() -> None:
    """CodeActAgent replaces the first system message of its input with its code-act
    prompt; the block still reaches the LLM, after that prompt."""

    async def execute(code: str) -> dict[str, str]:
        return {"stdout": "42", "stderr": ""}

    for kind in ("buffer", "buffer+prompt", "memory_block"):
        for agent_prompt in (None, AGENT_PROMPT):
            llm = RecordingReActLLM()
            memory = _memory(kind)
            agent = CodeActAgent(code_execute_fn=execute, tools=[get_weather], llm=llm,
                                 system_prompt=agent_prompt)
            _run_recorded(agent, memory, llm, TURNS[:4])  # type: ignore[arg-type]
            for call in llm.calls[2:]:  # from the call after the rule (turn 2)
                systems = _systems(call)
                assert systems[0].startswith("You are a helpful AI assistant"), systems[0]
                if agent_prompt:
                    assert agent_prompt in systems[0]
                blocks = [s for s in systems if BLOCK_HEADER in s]
                assert len(blocks) == 1 and RULE.rstrip(".") in blocks[0], (kind, systems)
                if kind == "buffer+prompt":
                    assert MEMORY_PROMPT in blocks[0]


def test_the_stock_formatter_is_swapped_keeping_its_settings() -> None:
    """The stock ReActChatFormatter is replaced by the DSPM one with the same header,
    context and observation role; one agent then serves two memories without mixing
    their blocks."""
    llm = RecordingReActLLM()
    agent = ReActAgent(tools=[FunctionTool.from_defaults(fn=get_weather)], llm=llm,
                       system_prompt=AGENT_PROMPT,
                       formatter=ReActChatFormatter.from_defaults(
                           observation_role=MessageRole.TOOL))
    header, context = agent.formatter.system_header, agent.formatter.context
    first, second = _memory("buffer"), _memory("buffer")
    _run_recorded(agent, first, llm, [RULE, "Anything else?"])
    _run_recorded(agent, second, llm, ["Set the webhook timeout to 30 seconds.", "Go on."])
    assert isinstance(agent.formatter, DSPMReActChatFormatter)
    assert (agent.formatter.system_header, agent.formatter.context,
            agent.formatter.observation_role) == (header, context, MessageRole.TOOL)
    assert RULE.rstrip(".") in _systems(llm.calls[1])[0]
    last = _systems(llm.calls[-1])[0]
    assert "30 seconds" in last and RULE.rstrip(".") not in last


def test_a_plain_buffer_still_loses_its_system_message_to_react() -> None:
    """Upstream behaviour the fitting exists for: LlamaIndex's own ChatMemoryBuffer with a
    leading system message and a ReActAgent without a prompt: that message is dropped."""
    from llama_index.core.memory import ChatMemoryBuffer

    llm = RecordingReActLLM()
    memory = ChatMemoryBuffer.from_defaults(
        chat_history=[ChatMessage(role=MessageRole.SYSTEM, content=MEMORY_PROMPT)])
    agent = ReActAgent(tools=[FunctionTool.from_defaults(fn=get_weather)], llm=llm)
    _run_recorded(agent, memory, llm, ["Hello there."])
    assert not any(MEMORY_PROMPT in (m.content or "") for m in llm.calls[-1])


def test_from_memory_refuses_other_memories() -> None:
    from llama_index.core.memory import ChatMemoryBuffer

    with pytest.raises(ConfigError, match="from_memory"):
        DSPMReActChatFormatter.from_memory(ChatMemoryBuffer.from_defaults())


@pytest.mark.parametrize("kind", ["buffer", "memory_block"])
def test_agent_workflow_with_a_react_agent_gets_the_block(kind: str) -> None:
    """In an ``AgentWorkflow`` the workflow reads the memory and its current agent takes
    the step: a ReActAgent without a prompt still gets the block, once, in its header."""
    from llama_index.core.agent.workflow import AgentWorkflow

    llm = RecordingReActLLM()
    memory = _memory(kind)
    react = ReActAgent(name="helper", description="Answers questions.",
                       tools=[FunctionTool.from_defaults(fn=get_weather)], llm=llm)
    workflow = AgentWorkflow(agents=[react], root_agent="helper")
    answers, turn_of_call = _run_recorded(workflow, memory, llm, TURNS)  # type: ignore[arg-type]
    assert answers[3] == "Sunny and 21 C in Paris."
    _check_react_calls(llm.calls, kind, None, RULE, TURNS.index(RULE) + 1, turn_of_call)


def test_a_plain_memory_with_the_block_warns_when_react_drops_it() -> None:
    """A ``Memory`` built by hand cannot fit its reader: the block says so, loudly; the
    one from ``dspm_memory()`` does not need to."""
    import warnings

    from llama_index.core.memory import Memory

    from dspm_integrations.llama_index import DSPMMemoryBlock

    def run(memory: Any) -> RecordingReActLLM:
        llm = RecordingReActLLM()
        agent = ReActAgent(tools=[FunctionTool.from_defaults(fn=get_weather)], llm=llm)
        _run_recorded(agent, memory, llm, [RULE, "Anything else?"])
        return llm

    with pytest.warns(UserWarning, match="dspm_memory"):
        llm = run(Memory.from_defaults(memory_blocks=[DSPMMemoryBlock(budget=200)]))
    assert not any(BLOCK_HEADER in (m.content or "") for m in llm.calls[-1])  # lost, loudly
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        llm = run(dspm_memory(budget=200))
    assert BLOCK_HEADER in _systems(llm.calls[-1])[0]
