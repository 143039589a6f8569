"""The adapters accept what the classes they stand in for accept, or fail loudly; one
vocabulary (names, defaults, block format, minimum budget) across both frameworks."""

from __future__ import annotations

import copy
import json
import pickle
import warnings
from typing import Any

import pytest

pytest.importorskip("langchain_classic")
pytest.importorskip("llama_index.core")

from langchain_core.messages import AIMessage, HumanMessage, SystemMessage  # noqa: E402
from llama_index.core.base.llms.types import ChatMessage, MessageRole  # noqa: E402
from llama_index.core.llms.mock import MockLLM  # noqa: E402
from llama_index.core.storage.chat_store import SimpleChatStore  # noqa: E402

from dspm_core import MIN_BUDGET, DSPMMemory  # noqa: E402
from dspm_core.errors import BudgetError, ConfigError  # noqa: E402
from dspm_core.tokens import get_counter  # noqa: E402
from dspm_integrations import _shared  # noqa: E402
from dspm_integrations import langchain as lc  # noqa: E402
from dspm_integrations import llama_index as li  # noqa: E402

RULE = "The API must never return more than 100 items per page."
FIRST = "Set the webhook timeout to 30 seconds."
REVISED = "Change the webhook timeout to 10 seconds."
OLD_BLOCK = ("Memory (rules and decisions from earlier in this conversation):\n"
             "rule: Payments must be PCI-DSS compliant.\n(end of memory)")

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning:langchain_core",
                                        "ignore::DeprecationWarning:langchain_classic",
                                        "ignore:.*deprecated.*:DeprecationWarning:langchain")


# ------------------------------------------------------------------ LangChain history
def test_history_takes_messages_and_a_messages_setter() -> None:
    history = lc.DSPMChatMessageHistory(messages=[HumanMessage(RULE), AIMessage("Noted.")])
    assert [m.text for m in history.transcript] == [RULE, "Noted."]
    assert "100 items" in history.messages[0].text  # ingested
    turns = history.memory.stats["turns"]
    view = history.messages
    history.messages = view[1:] + [HumanMessage(FIRST)]  # keep recent, add one; block dropped
    assert [m.text for m in history.transcript] == [RULE, "Noted.", FIRST]
    assert history.memory.stats["turns"] == turns + 1  # only the new message was read
    history.messages = [HumanMessage(REVISED)]  # a trim: the rules stay in memory
    assert [m.text for m in history.transcript] == [REVISED]
    block = history.messages[0].text
    assert "100 items" in block and "10 seconds (was 30" in block
    transcript = history.transcript
    transcript.append(HumanMessage("not kept"))  # a copy: read-only view
    assert len(history.transcript) == 1


def test_history_serialises_with_pydantic() -> None:
    history = lc.DSPMChatMessageHistory(budget=200, max_history_tokens=300, session_id="s1")
    history.add_messages([HumanMessage(RULE), AIMessage("Noted."), HumanMessage(FIRST)])
    data = history.model_dump()
    assert data["budget"] == 200 and data["max_history_tokens"] == 300
    assert [m["type"] for m in data["messages"]] == ["human", "ai", "human"]
    restored = lc.DSPMChatMessageHistory.model_validate(json.loads(history.model_dump_json()))
    assert restored == history and restored is not history
    assert restored.messages == history.messages  # the memory came back with it
    assert restored.memory.stats["turns"] == history.memory.stats["turns"]
    assert isinstance(restored.transcript[1], AIMessage)
    for copied in (pickle.loads(pickle.dumps(history)), copy.deepcopy(history)):
        assert copied == history and copied.messages == history.messages
    same = lc.DSPMChatMessageHistory(messages=history.transcript, budget=200,
                                     max_history_tokens=300, session_id="s1")
    assert same == history != lc.DSPMChatMessageHistory(messages=history.transcript)


def test_unknown_arguments_raise_everywhere() -> None:
    with pytest.raises(ValueError, match="budgett"):
        lc.DSPMChatMessageHistory(budgett=250)
    with pytest.raises(ValueError, match="budgett"):
        lc.DSPMChatMemory(budgett=250)
    with pytest.raises(TypeError, match="budgett"):
        lc.DSPMMiddleware(budgett=250)  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="budgett"):
        li.DSPMChatMemory(budgett=250)
    with pytest.raises(ValueError, match="budgett"):
        li.DSPMChatMemory.from_defaults(budgett=250)
    with pytest.raises(ValueError, match="budgett"):
        li.DSPMMemoryBlock(budgett=250)
    with pytest.raises(TypeError, match="budgett"):
        li.dspm_memory(budgett=250)


# ------------------------------------------------------------------ LlamaIndex buffer
def test_llama_constructor_takes_chat_history_and_llm() -> None:
    llm = MockLLM(max_tokens=10)
    history = [ChatMessage(role="user", content=RULE), ChatMessage(role="assistant", content="Ok.")]
    memory = li.DSPMChatMemory(budget=250, chat_history=history, llm=llm)
    assert [m.content for m in memory.get_all()] == [RULE, "Ok."]
    assert memory.token_limit == int(llm.metadata.context_window * 0.75)
    assert "100 items" in memory.get()[0].content
    same = li.DSPMChatMemory.from_defaults(budget=250, chat_history=history, llm=llm)
    assert same.get() == memory.get()


def test_llama_shared_chat_store_messages_written_by_others_reach_the_block() -> None:
    store = SimpleChatStore()
    ours = li.DSPMChatMemory.from_defaults(budget=250, chat_store=store, chat_store_key="k")
    ours.put(ChatMessage(role="user", content=RULE))
    store.add_message("k", ChatMessage(role="user", content=FIRST))  # another writer
    out = ours.get()
    assert "100 items" in out[0].content and "30 seconds" in out[0].content
    store.add_message("k", ChatMessage(role="assistant", content="Noted."))
    store.add_message("k", ChatMessage(role="user", content=REVISED))
    assert "10 seconds (was 30" in ours.get()[0].content
    assert ours.dspm.stats["turns"] == 4  # each message read once, however often get runs
    ours.get()
    assert ours.dspm.stats["turns"] == 4


def test_llama_buffer_pickles_and_copies() -> None:
    memory = li.DSPMChatMemory.from_defaults(budget=250, chat_history=[
        ChatMessage(role=MessageRole.USER, content=RULE)])
    again = pickle.loads(pickle.dumps(memory))
    assert again.get() == memory.get()


# ------------------------------------------------------------------ one vocabulary
def test_same_defaults_and_minimum_budget_everywhere() -> None:
    counter = get_counter("cl100k_base")
    assert _shared.MIN_BLOCK_BUDGET == _shared.min_block_budget(counter) > MIN_BUDGET
    least = _shared.MIN_BLOCK_BUDGET
    builders: list[Any] = [
        lambda b: lc.DSPMMiddleware(budget=b), lambda b: lc.DSPMChatMessageHistory(budget=b),
        lambda b: lc.DSPMChatMemory(budget=b), lambda b: li.DSPMChatMemory(budget=b),
        lambda b: li.DSPMMemoryBlock(budget=b), lambda b: li.dspm_memory(budget=b)]
    for build in builders:
        build(least)
        with pytest.raises(BudgetError, match=f"at least {least}"):
            build(least - 1)
    assert lc.DSPMMiddleware().budget == lc.DSPMChatMessageHistory().budget == \
        lc.DSPMChatMemory().budget == li.DSPMChatMemory().budget == \
        li.DSPMMemoryBlock().budget == _shared.DEFAULT_BUDGET
    assert lc.DSPMMiddleware().max_history_tokens == lc.DSPMChatMessageHistory().max_history_tokens \
        == lc.DSPMChatMemory().max_history_tokens == li.DSPMChatMemory().max_history_tokens \
        == _shared.DEFAULT_MAX_HISTORY_TOKENS
    assert lc.DEFAULT_HEADER == li.BLOCK_HEADER and lc.BLOCK_OPEN == li.BLOCK_OPEN


def test_both_adapters_render_the_same_block() -> None:
    turns = [RULE, FIRST, "Let's use PostgreSQL for the primary database.", REVISED]
    history = lc.DSPMChatMessageHistory()
    memory = li.DSPMChatMemory.from_defaults()
    for text in turns:
        history.add_messages([HumanMessage(text)])
        memory.put(ChatMessage(role="user", content=text))
    lc_block = history.messages[0].text
    li_block = memory.get()[0].content
    assert lc_block == li_block
    assert lc_block.startswith(lc.BLOCK_OPEN + "\n" + lc.DEFAULT_HEADER + "\n")
    assert lc_block.endswith("\n" + lc.BLOCK_CLOSE)


@pytest.mark.parametrize("echo", [OLD_BLOCK, f"You said:\n{OLD_BLOCK}\nAnd that is all."])
def test_old_block_formats_are_recognised_and_never_ingested(echo: str) -> None:
    history = lc.DSPMChatMessageHistory()
    history.add_messages([HumanMessage(RULE), AIMessage(echo)])
    memory = li.DSPMChatMemory.from_defaults()
    memory.put(ChatMessage(role="user", content=RULE))
    memory.put(ChatMessage(role="assistant", content=echo))
    for patches in (history.memory.all_patches, memory.dspm.all_patches):
        texts = [p.text for p in patches]
        assert not any("PCI" in t or "end of memory" in t or "Memory (" in t for t in texts)
        assert any("100 items" in t for t in texts)
    assert _shared.strip_block(echo).split() in ([], "You said: And that is all.".split())


def test_k_and_history_k_are_deprecated_aliases() -> None:
    with pytest.warns(DeprecationWarning, match="k= is deprecated"):
        history = lc.DSPMChatMessageHistory(k=4)
    assert history.max_history_messages == 4
    with pytest.warns(DeprecationWarning, match="k= is deprecated"):
        classic = lc.DSPMChatMemory(k=2)
    assert classic.max_history_messages == 2 and classic.history is not None
    assert classic.history.max_history_messages == 2
    with pytest.warns(DeprecationWarning, match="history_k= is deprecated"):
        buffer = li.DSPMChatMemory.from_defaults(history_k=6)
    assert buffer.max_history_messages == 6 and buffer.history_k == 6
    with pytest.raises(ConfigError, match="max_history_messages"):
        lc.DSPMChatMessageHistory(k=4, max_history_messages=2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        lc.DSPMChatMessageHistory(max_history_messages=4)  # the new name: no warning
        li.DSPMChatMemory.from_defaults(max_history_messages=4)


def test_an_existing_memory_keeps_its_budget() -> None:
    core = DSPMMemory(budget=120)
    history = lc.DSPMChatMessageHistory(core)
    history.add_messages([HumanMessage(RULE)])
    assert history.memory is core and core.budget == 120
    assert history.budget == 120 + _shared.block_overhead(core.counter)
    assert isinstance(history.messages[0], SystemMessage)


def test_llama_token_limit_given_is_the_bound() -> None:
    assert li.DSPMChatMemory.from_defaults().max_history_tokens == 1000
    given = li.DSPMChatMemory.from_defaults(token_limit=5000)
    assert given.max_history_tokens is None and given.token_limit == 5000
    both = li.DSPMChatMemory(token_limit=5000, max_history_tokens=300)
    assert both.max_history_tokens == 300
    for memory in (given, both):  # the bound survives a round trip
        again = li.DSPMChatMemory.from_dict(memory.to_dict())
        assert again.max_history_tokens == memory.max_history_tokens
    for i in range(40):
        given.put(ChatMessage(role="user", content=f"Status update {i}: the build is green."))
        given.put(ChatMessage(role="assistant", content="Thanks, noted."))
    assert len(given.get()) == 80  # 40 exchanges fit the 5000 tokens: none dropped
