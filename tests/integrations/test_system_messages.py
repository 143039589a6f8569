"""How many system messages each path's model receives, and where the block is.

One system message wherever the framework lets a memory decide: the middleware joins the
agent's prompt; a memory given the system prompt joins it; ReActAgent's header takes the
block. Where the framework itself puts a system message of its own in front of the
memory's (a LangChain prompt template, FunctionAgent's and CodeActAgent's own prompts, a
chat engine's prompt), the block is the one system message right after it; LangChain's
``merge_message_runs`` then makes them one. Assertions are on what the fake models
received. No network.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("langchain")
pytest.importorskip("llama_index.core")

from langchain.agents import create_agent  # noqa: E402
from langchain_core.messages import (  # noqa: E402
    BaseMessage,
    HumanMessage,
    SystemMessage,
    merge_message_runs,
)
from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder  # noqa: E402
from langchain_core.runnables.history import RunnableWithMessageHistory  # noqa: E402
from llama_index.core.agent.workflow import FunctionAgent  # noqa: E402
from llama_index.core.base.llms.types import ChatMessage, MessageRole  # noqa: E402
from llama_index.core.chat_engine import SimpleChatEngine  # noqa: E402
from llama_index.core.llms.mock import MockFunctionCallingLLM  # noqa: E402
from llama_index.core.tools import FunctionTool  # noqa: E402
from scripted_turns import run_agent_turns  # noqa: E402

from dspm_integrations._langchain_testing import RecordingChatModel  # noqa: E402
from dspm_integrations._llama_testing import (  # noqa: E402
    FunctionCallRecorder,
    RecordingReActLLM,
    get_weather,
)
from dspm_integrations.langchain import BLOCK_OPEN, DSPMChatMessageHistory  # noqa: E402
from dspm_integrations.langchain import DSPMMiddleware  # noqa: E402
from dspm_integrations.llama_index import DSPMChatMemory, dspm_memory  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

PROMPT = "You are the Acme payments assistant."
RULE = "Hard rule: never log full card numbers, anywhere."
TURNS = [RULE, "Set the webhook timeout to 30 seconds.", "Thanks, what next?"]


def _lc_systems(request: list[BaseMessage]) -> list[str]:
    return [m.text for m in request if isinstance(m, SystemMessage)]


def _li_systems(call: list[ChatMessage]) -> list[str]:
    return [m.content or "" for m in call if m.role == MessageRole.SYSTEM]


def _has_rule(text: str) -> bool:
    return BLOCK_OPEN in text and RULE.rstrip(".") in text


# --------------------------------------------------------------------------- LangChain
def test_create_agent_prompt_and_block_are_one_system_message() -> None:
    model = RecordingChatModel()
    agent = create_agent(model, [], system_prompt=PROMPT,
                         middleware=[DSPMMiddleware(budget=200)])
    messages: list[BaseMessage] = []
    for text in TURNS:
        messages = agent.invoke({"messages": [*messages, HumanMessage(text)]})["messages"]
    for request in model.requests:
        systems = _lc_systems(request)
        assert len(systems) == 1 and isinstance(request[0], SystemMessage)
        assert systems[0].startswith(PROMPT)
    assert _has_rule(_lc_systems(model.requests[-1])[0])


@pytest.mark.parametrize("merged", [False, True])
def test_runnable_with_history_and_a_template_system_prompt(merged: bool) -> None:
    """The template's system message is the prompt's own; the history's block is the
    system message right after it, and ``merge_message_runs()`` joins the two."""
    model = RecordingChatModel()
    prompt = ChatPromptTemplate.from_messages([
        ("system", PROMPT), MessagesPlaceholder("history"), ("human", "{question}")])
    history = DSPMChatMessageHistory(budget=200)
    chain = (prompt | merge_message_runs() | model) if merged else (prompt | model)
    with_history = RunnableWithMessageHistory(chain, lambda _: history,
                                              input_messages_key="question",
                                              history_messages_key="history")
    for text in TURNS:
        with_history.invoke({"question": text}, {"configurable": {"session_id": "s"}})
    last = model.requests[-1]
    systems = _lc_systems(last)
    if merged:
        assert len(systems) == 1 and systems[0].startswith(PROMPT) and _has_rule(systems[0])
    else:
        assert systems[0] == PROMPT and len(systems) == 2 and _has_rule(systems[1])
        assert last[1].text == systems[1]  # right after the template's system message
    assert isinstance(last[-1], HumanMessage) and last[-1].text == TURNS[-1]


# --------------------------------------------------------------------------- LlamaIndex
@pytest.mark.parametrize("where", ["memory", "agent", "none"])
@pytest.mark.parametrize("kind", ["buffer", "memory_block"])
def test_function_agent_system_messages(kind: str, where: str) -> None:
    """FunctionAgent sends its own ``system_prompt`` as a message of its own in front of
    the memory's messages (no memory can join it): a prompt given to the memory instead
    makes one system message, prompt first."""
    recorder = FunctionCallRecorder()
    llm = MockFunctionCallingLLM(response_generator=recorder)
    if kind == "buffer":
        memory: Any = DSPMChatMemory.from_defaults(
            budget=200, system_prompt=PROMPT if where == "memory" else None)
    else:
        memory = dspm_memory(budget=200, system_prompt=PROMPT if where == "memory" else None)
    agent = FunctionAgent(tools=[FunctionTool.from_defaults(fn=get_weather)], llm=llm,
                          system_prompt=PROMPT if where == "agent" else None)
    run_agent_turns(agent, memory, TURNS)
    systems = _li_systems(recorder.calls[-1])
    assert recorder.calls[-1][0].role == MessageRole.SYSTEM
    if where == "agent":
        assert systems[0] == PROMPT and len(systems) == 2 and _has_rule(systems[1])
    else:
        assert len(systems) == 1 and _has_rule(systems[0])
        if where == "memory":
            assert systems[0].startswith(PROMPT)


def test_simple_chat_engine_system_messages() -> None:
    """SimpleChatEngine sends its ``system_prompt`` as a prefix message of its own; given
    to the memory instead, the prompt and the block are one system message."""
    for engine_prompt in (PROMPT, None):
        llm = RecordingReActLLM()
        memory = DSPMChatMemory.from_defaults(
            budget=200, system_prompt=None if engine_prompt else PROMPT)
        engine = SimpleChatEngine.from_defaults(llm=llm, memory=memory,
                                                system_prompt=engine_prompt)
        for text in TURNS:
            engine.chat(text)
        systems = _li_systems(llm.calls[-1])
        if engine_prompt:
            assert systems[0] == PROMPT and len(systems) == 2 and _has_rule(systems[1])
        else:
            assert len(systems) == 1 and systems[0].startswith(PROMPT)
            assert _has_rule(systems[0])
