"""DSPMChatMemory end to end with LlamaIndex's chat engines and a recording mock LLM.

Every engine assertion is on what the LLM actually received (``RecordingLLM.calls``):
a 40-turn conversation through ``SimpleChatEngine``, ``ContextChatEngine`` and
``CondensePlusContextChatEngine``, on the chat, achat, stream_chat and astream_chat paths.
No network: the LLM is LlamaIndex's ``MockLLM`` with recording overrides, retrieval is a
tiny ``VectorStoreIndex`` over ``MockEmbedding`` or a fixed retriever.
"""

from __future__ import annotations

import asyncio
import copy
import json
from collections.abc import AsyncGenerator, Generator, Sequence
from typing import Any

import pytest

pytest.importorskip("llama_index.core")

from llama_index.core import Document, VectorStoreIndex  # noqa: E402
from llama_index.core.base.base_retriever import BaseRetriever  # noqa: E402
from llama_index.core.base.llms.types import (  # noqa: E402
    ChatMessage,
    ChatResponse,
    CompletionResponse,
    MessageRole,
)
from llama_index.core.bridge.pydantic import Field  # noqa: E402
from llama_index.core.chat_engine import (  # noqa: E402
    CondensePlusContextChatEngine,
    ContextChatEngine,
    SimpleChatEngine,
)
from llama_index.core.embeddings import MockEmbedding  # noqa: E402
from llama_index.core.llms.callbacks import llm_chat_callback, llm_completion_callback  # noqa: E402
from llama_index.core.llms.mock import MockLLM  # noqa: E402
from llama_index.core.memory import ChatMemoryBuffer  # noqa: E402
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode  # noqa: E402
from llama_index.core.storage.chat_store import SimpleChatStore  # noqa: E402
from llama_index.core.utils import get_tokenizer  # noqa: E402
from scripted_turns import user_turns as scripted_turns  # noqa: E402

from dspm_core import Fact, PatchKind, RuleExtractor  # noqa: E402
from dspm_core.errors import BudgetError, ConfigError, ExtractionError  # noqa: E402
from dspm_integrations.llama_index import (  # noqa: E402
    BLOCK_HEADER,
    BLOCK_OPEN,
    AsyncLlamaIndexLLMClient,
    DSPMChatMemory,
    LlamaIndexLLMClient,
)

SYSTEM_PROMPT = "You are the careful engineer of the Acme payments team."
RULE = "Hard rule: never log full card numbers, anywhere."
FIRST = "Set the webhook timeout to 30 seconds."
REVISED = "Change the webhook timeout to 10 seconds."
LAST = "What timeout should the payment webhook use, and what must we never log?"
REPLY = ("Noted. I will keep that in mind while we continue with the payments webhook "
         "service, and I will tell you if anything conflicts with earlier decisions.")


def user_turns() -> list[str]:
    """40 user turns: the hard rule at turn 3, a value at 5 revised at 20 (another at 12
    revised at 26), filler between."""
    return scripted_turns({
        1: "Hi! We're building the payments webhook service for Acme today.",
        3: RULE, 5: FIRST, 12: "Max retries for failed deliveries is 5.", 20: REVISED,
        26: "Lower max retries to 3.", 40: LAST})


# ----------------------------------------------------------------------------- the LLM
class RecordingLLM(MockLLM):
    """MockLLM as a chat model that records every call's messages (deep copies).

    ``reply`` is what it answers; with ``echo_system`` the reply repeats the first system
    message it received (a model echoing its prompt), to show the block is not ingested
    back.
    """

    calls: list[tuple[str, Any]] = Field(default_factory=list, exclude=True)
    reply: str = REPLY
    echo_system: bool = False

    def __init__(self, **kwargs: Any) -> None:
        reply = kwargs.pop("reply", REPLY)
        echo = kwargs.pop("echo_system", False)
        super().__init__(is_chat_model=True, **kwargs)
        self.reply = reply
        self.echo_system = echo

    def _answer(self, kind: str, messages: Sequence[ChatMessage]) -> str:
        self.calls.append((kind, copy.deepcopy(list(messages))))
        if self.echo_system:
            system = next((m.content for m in messages if m.role == MessageRole.SYSTEM), "")
            return f"You told me:\n{system}\n{self.reply}"
        return self.reply

    @staticmethod
    def _pieces(text: str) -> list[str]:
        words = text.split(" ")
        return [w + (" " if i < len(words) - 1 else "") for i, w in enumerate(words)]

    @llm_chat_callback()
    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        text = self._answer("chat", messages)
        return ChatResponse(message=ChatMessage(role=MessageRole.ASSISTANT, content=text))

    @llm_chat_callback()
    async def achat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        text = self._answer("achat", messages)
        return ChatResponse(message=ChatMessage(role=MessageRole.ASSISTANT, content=text))

    @llm_chat_callback()
    def stream_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> Any:
        return self._stream(self._answer("stream_chat", messages))

    @llm_chat_callback()
    async def astream_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> Any:
        responses = self._stream(self._answer("astream_chat", messages))

        async def gen() -> AsyncGenerator[ChatResponse, None]:
            for response in responses:
                yield response

        return gen()

    def _stream(self, text: str) -> Generator[ChatResponse, None, None]:
        """The streamed responses of ``text``: the text so far, and the new piece."""
        acc = ""
        for piece in self._pieces(text):
            acc += piece
            yield ChatResponse(message=ChatMessage(role=MessageRole.ASSISTANT, content=acc),
                               delta=piece)

    def _condense(self, prompt: str) -> str:
        self.calls.append(("complete", prompt))
        question = prompt.rsplit("Follow Up Input:", 1)[-1]
        return question.split("Standalone question:", 1)[0].strip()

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        return CompletionResponse(text=self._condense(prompt))

    @llm_completion_callback()
    async def acomplete(self, prompt: str, formatted: bool = False,
                        **kwargs: Any) -> CompletionResponse:
        return CompletionResponse(text=self._condense(prompt))

    def chat_calls(self) -> list[tuple[str, list[ChatMessage]]]:
        return [(k, m) for k, m in self.calls if k != "complete"]


class FixedRetriever(BaseRetriever):
    """Always the same handbook paragraph."""

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        return [NodeWithScore(node=TextNode(text="Acme handbook: webhooks are signed with HMAC."),
                              score=1.0)]


def mock_index_retriever() -> BaseRetriever:
    docs = [Document(text="Acme handbook: webhooks are signed with HMAC-SHA256."),
            Document(text="Acme handbook: deploys happen on Tuesdays.")]
    index = VectorStoreIndex.from_documents(docs, embed_model=MockEmbedding(embed_dim=8))
    return index.as_retriever(similarity_top_k=1)


TOKENIZER = get_tokenizer()


def tokens(messages: Sequence[ChatMessage]) -> int:
    """LlamaIndex's own measure (ChatMemoryBuffer._token_count_for_messages)."""
    if not messages:
        return 0
    return len(TOKENIZER(" ".join(str(m.content) for m in messages)))


# ----------------------------------------------------------------------------- driving
def make_engine(kind: str, llm: RecordingLLM, memory: DSPMChatMemory) -> Any:
    if kind == "simple":
        return SimpleChatEngine.from_defaults(llm=llm, memory=memory)
    if kind == "context":
        return ContextChatEngine.from_defaults(retriever=FixedRetriever(), llm=llm, memory=memory,
                                               system_prompt=SYSTEM_PROMPT)
    return CondensePlusContextChatEngine.from_defaults(
        retriever=mock_index_retriever(), llm=llm, memory=memory, system_prompt=SYSTEM_PROMPT)


def say(engine: Any, mode: str, text: str) -> str:
    if mode == "chat":
        return str(engine.chat(text))
    if mode == "stream_chat":
        response = engine.stream_chat(text)
        out = "".join(response.response_gen)
        thread = getattr(response, "write_response_to_history_thread", None)
        if thread is not None:
            thread.join()
        return out
    raise AssertionError(mode)


async def asay(engine: Any, mode: str, text: str) -> str:
    if mode == "achat":
        return str(await engine.achat(text))
    if mode == "astream_chat":
        response = await engine.astream_chat(text)
        out = "".join([t async for t in response.async_response_gen()])
        task = getattr(response, "awrite_response_to_history_task", None)
        if task is not None:
            await task
        return out
    raise AssertionError(mode)


def run_conversation(engine: Any, mode: str) -> None:
    if mode.startswith("a"):
        async def go() -> None:
            for text in user_turns():
                await asay(engine, mode, text)

        asyncio.run(go())
    else:
        for text in user_turns():
            say(engine, mode, text)


def final_messages(llm: RecordingLLM) -> tuple[str, list[ChatMessage]]:
    kind, messages = llm.chat_calls()[-1]
    return kind, messages


def memory_block_of(messages: Sequence[ChatMessage]) -> str:
    blocks = [m.content for m in messages
              if m.role == MessageRole.SYSTEM and BLOCK_HEADER in (m.content or "")]
    assert len(blocks) == 1, f"expected one system message with the block, got {len(blocks)}"
    return blocks[0]


def block_lines(block: str) -> list[str]:
    body = block.split(BLOCK_HEADER, 1)[1]
    return [line for line in body.splitlines() if line.strip()][:-1]  # minus the footer


TOKEN_LIMIT = 420
BUDGET = 160


def check_turn_40(engine_kind: str, mode: str, llm: RecordingLLM, memory: DSPMChatMemory) -> None:
    call_kind, received = final_messages(llm)
    assert call_kind == mode  # the engine's own path reached the LLM
    # the question of turn 40 reached the model
    assert any(LAST in (m.content or "") for m in received if m.role == MessageRole.USER)

    block = memory_block_of(received)
    lines = block_lines(block)
    # the hard rule from turn 3 reached the model at turn 40 in a system message ...
    assert any("never log full card numbers" in line for line in lines), lines
    # ... from memory, not from the raw history (turn 3 is long out of the window)
    assert not any(RULE in (m.content or "") for m in received if m.role != MessageRole.SYSTEM)
    # the revised value appears only in its new form, with lineage
    timeout = [line for line in lines if "webhook timeout" in line]
    assert len(timeout) == 1 and "10 seconds" in timeout[0] and "(was 30" in timeout[0], timeout
    assert FIRST not in block
    assert not any(FIRST in (m.content or "") or REVISED in (m.content or "") for m in received
                   if m.role != MessageRole.SYSTEM)

    if engine_kind == "simple":
        # one system message: the memory's system prompt joined with the block
        systems = [m for m in received if m.role == MessageRole.SYSTEM]
        assert len(systems) == 1 and systems[0].content.startswith(SYSTEM_PROMPT)
        assert received[0] is not None and received[0].role == MessageRole.SYSTEM
        # the whole prompt respects token_limit
        assert tokens(received) <= TOKEN_LIMIT
    else:
        # the engine's own system message (context + its system prompt) comes first; the
        # block is the memory's system message right after it
        assert received[0].role == MessageRole.SYSTEM and SYSTEM_PROMPT in received[0].content
        assert "Acme handbook" in received[0].content  # the retrieved context
        assert BLOCK_HEADER not in received[0].content
        assert BLOCK_HEADER in received[1].content
        # the memory's part (block + history) respects token_limit; the engine adds its
        # context message and the query
        memory_part = received[1:-1]
        assert tokens(memory_part) <= TOKEN_LIMIT
        assert received[-1].role == MessageRole.USER and LAST in received[-1].content
    # raw history is bounded by max_history_messages (plus the block and the engine's messages)
    raw = [m for m in received if m.role != MessageRole.SYSTEM]
    assert len(raw) <= memory.max_history_messages + 1

    # nothing of the block was ingested back
    assert all(BLOCK_HEADER not in p.text for p in memory.dspm.all_patches)
    assert memory.stats["undelivered_criticals"] == 0


ENGINE_MODES = [
    ("simple", "chat"), ("simple", "achat"), ("simple", "stream_chat"), ("simple", "astream_chat"),
    ("context", "chat"), ("context", "achat"), ("context", "stream_chat"),
    ("context", "astream_chat"),
    ("condense", "chat"), ("condense", "achat"), ("condense", "stream_chat"),
    ("condense", "astream_chat"),
]


@pytest.mark.parametrize(("engine_kind", "mode"), ENGINE_MODES)
def test_forty_turns_rule_reaches_the_llm(engine_kind: str, mode: str) -> None:
    llm = RecordingLLM()
    memory = DSPMChatMemory.from_defaults(
        budget=BUDGET, max_history_messages=6, token_limit=TOKEN_LIMIT,
        system_prompt=SYSTEM_PROMPT if engine_kind == "simple" else None)
    engine = make_engine(engine_kind, llm, memory)
    run_conversation(engine, mode)
    assert len(memory.get_all()) == 80  # 40 user turns and 40 replies, all stored
    assert memory.stats["turns"] == 80
    check_turn_40(engine_kind, mode, llm, memory)
    if engine_kind == "condense":
        # the condense step saw the rules too (as text in the rewritten-question prompt)
        condense_prompts = [p for k, p in llm.calls if k == "complete"]
        assert condense_prompts and "never log full card numbers" in condense_prompts[-1]


def test_every_turn_respects_the_token_limit_and_keeps_the_rule() -> None:
    llm = RecordingLLM()
    memory = DSPMChatMemory.from_defaults(budget=BUDGET, token_limit=TOKEN_LIMIT,
                                          system_prompt=SYSTEM_PROMPT)
    engine = SimpleChatEngine.from_defaults(llm=llm, memory=memory)
    run_conversation(engine, "chat")
    assert len(llm.calls) == 40
    for i, (_, received) in enumerate(llm.calls, start=1):
        assert tokens(received) <= TOKEN_LIMIT, i
        if i >= 4:  # the rule was stated at turn 3; from turn 4 on it is in memory
            assert "never log full card numbers" in memory_block_of(received)


def test_engine_system_prompt_is_a_separate_message_when_given_to_the_engine() -> None:
    """SimpleChatEngine(system_prompt=...) keeps its own system message; the block follows."""
    llm = RecordingLLM()
    memory = DSPMChatMemory.from_defaults(budget=BUDGET, token_limit=TOKEN_LIMIT)
    engine = SimpleChatEngine.from_defaults(llm=llm, memory=memory, system_prompt=SYSTEM_PROMPT)
    for text in user_turns()[:6]:
        engine.chat(text)
    received = llm.calls[-1][1]
    assert received[0].content == SYSTEM_PROMPT
    assert received[1].role == MessageRole.SYSTEM and received[1].content.startswith(BLOCK_OPEN)
    assert BLOCK_HEADER in received[1].content
    assert tokens(received) <= TOKEN_LIMIT  # the engine's prefix is counted (initial_token_count)


def test_echoed_block_is_never_ingested_back() -> None:
    plain, echo = RecordingLLM(), RecordingLLM(echo_system=True)
    memories = []
    for llm in (plain, echo):
        memory = DSPMChatMemory.from_defaults(budget=BUDGET, token_limit=2000)
        engine = SimpleChatEngine.from_defaults(llm=llm, memory=memory)
        for text in user_turns()[:25]:
            engine.chat(text)
        memories.append(memory)
    # the echoing model's replies carried the block every turn ...
    echoed = [m.content for m in memories[1].get_all() if m.role == MessageRole.ASSISTANT]
    assert sum(BLOCK_HEADER in t for t in echoed) >= 20
    # ... and memory is exactly what it is without the echo
    texts = [sorted(p.text for p in m.dspm.all_patches) for m in memories]
    assert texts[0] == texts[1]
    assert all(BLOCK_HEADER not in p.text for p in memories[1].dspm.all_patches)
    # a caller storing get()'s output back does not duplicate the block either
    memory = memories[0]
    memory.set(memory.get())
    out = memory.get()
    assert sum(BLOCK_HEADER in (m.content or "") for m in out) == 1


# ----------------------------------------------------------------------------- the API
def test_exported_names() -> None:
    import dspm_integrations.llama_index as module

    assert sorted(module.__all__) == sorted([
        "BLOCK_CLOSE", "BLOCK_FOOTER", "BLOCK_HEADER", "BLOCK_OPEN", "DEFAULT_BUDGET",
        "DEFAULT_HEADER", "DEFAULT_MAX_HISTORY_TOKENS", "MIN_BLOCK_BUDGET",
        "AsyncLlamaIndexLLMClient", "DSPMChatMemory", "DSPMMemoryBlock",
        "DSPMReActChatFormatter", "LLMRequestError", "LlamaIndexLLMClient", "dspm_memory",
        "llama_index_extractor"])
    for name in module.__all__:
        assert getattr(module, name) is not None


def _filled(**kwargs: Any) -> DSPMChatMemory:
    memory = DSPMChatMemory.from_defaults(**kwargs)
    for i, text in enumerate(user_turns()[:-1]):
        memory.put(ChatMessage(role="user", content=text))
        memory.put(ChatMessage(role="assistant", content=f"Reply {i}."))
    memory.put(ChatMessage(role="user", content=LAST))
    return memory


def test_plain_construction_and_defaults() -> None:
    memory = DSPMChatMemory(budget=250)
    assert isinstance(memory, ChatMemoryBuffer)
    assert memory.token_limit == 3000 and memory.budget == 250
    assert memory.max_history_tokens == 1000 and memory.max_history_messages is None
    assert memory.get() == []
    memory.put(ChatMessage(role="user", content=RULE))
    out = memory.get()
    assert [m.role for m in out] == [MessageRole.SYSTEM, MessageRole.USER]
    assert out[0].content.startswith(BLOCK_OPEN) and "card numbers" in out[0].content
    assert memory.class_name() == "DSPMChatMemory"


def test_from_defaults_llm_sizes_token_limit_and_extractor_llm_is_separate() -> None:
    llm = RecordingLLM()
    memory = DSPMChatMemory.from_defaults(llm=llm)
    assert memory.token_limit == int(llm.metadata.context_window * 0.75)
    assert isinstance(memory.dspm.extractor, RuleExtractor)  # llm= does not extract
    memory.put(ChatMessage(role="user", content=RULE))
    assert llm.calls == []
    with pytest.raises(ValueError, match="Unexpected kwargs"):
        DSPMChatMemory.from_defaults(bogus=1)
    with pytest.raises(BudgetError):
        DSPMChatMemory(budget=10)
    with pytest.raises(ValueError):
        DSPMChatMemory(max_history_messages=-1)


def test_get_uses_input_as_query_and_max_history_messages() -> None:
    memory = _filled(budget=BUDGET, max_history_messages=4)
    out = memory.get(input="database choice")
    assert out[0].role == MessageRole.SYSTEM
    assert [m.role for m in out[1:]] == [MessageRole.USER, MessageRole.ASSISTANT, MessageRole.USER]
    assert out[-1].content == LAST
    # the block is the memory's context for the input, less the user's sentences the
    # window already shows
    full = memory.get_context("database choice")
    shown = [str(m.content) for m in out[1:]]
    assert set(block_lines(out[0].content)) <= set(block_lines(full))
    assert not any(line.startswith("said: ") and any(line[6:] in t for t in shown)
                   for line in block_lines(out[0].content))
    assert any(line.startswith("said: ") and any(line[6:] in t for t in shown)
               for line in block_lines(full))  # the check bites: the full context repeats one
    # the input is the render query: the line it aligns with comes first
    assert "retries" in block_lines(memory.get(input="max retries")[0].content)[0]
    assert "webhook timeout" in block_lines(memory.get(input="webhook timeout")[0].content)[0]


def test_get_trims_history_then_shrinks_block_and_never_exceeds() -> None:
    memory = _filled(budget=BUDGET, token_limit=BUDGET + 40)
    for initial in (0, 20, 60):
        out = memory.get(initial_token_count=initial)
        assert tokens(out) + initial <= memory.token_limit
        assert out[-1].content == LAST
        assert "card numbers" in out[0].content  # criticals survive in short forms
    with pytest.raises(ValueError, match="exceeds"):
        memory.get(initial_token_count=memory.token_limit + 1)


def test_window_never_opens_on_a_tool_result() -> None:
    memory = DSPMChatMemory.from_defaults(budget=BUDGET, max_history_messages=2)
    memory.put(ChatMessage(role="user", content="What is the weather in Paris?"))
    memory.put(ChatMessage(role="assistant", content="",
                           additional_kwargs={"tool_calls": [{"id": "c1"}]}))
    memory.put(ChatMessage(role="tool", content="Sunny, 21 C.",
                           additional_kwargs={"tool_call_id": "c1"}))
    memory.put(ChatMessage(role="assistant", content="It is sunny."))
    roles = [m.role for m in memory.get()]
    assert roles[0] == MessageRole.USER or roles[1] == MessageRole.USER
    assert MessageRole.TOOL in roles  # reached back to the user message that started it


def test_set_ingests_only_unseen_messages() -> None:
    """An engine's chat_history= hands the (sliding) history over on every call."""
    memory = DSPMChatMemory.from_defaults(budget=BUDGET)
    history: list[ChatMessage] = []
    for i, text in enumerate(user_turns()[:30]):
        history.append(ChatMessage(role="user", content=text))
        history.append(ChatMessage(role="assistant", content=f"Reply {i}."))
        memory.set(history[-8:])  # only the last 8 messages each time
    assert memory.stats["turns"] == 60
    lines = memory.get_context("")
    assert "card numbers" in lines  # from before every window
    assert "10 seconds (was 30)" in lines
    memory.set(history[:4])  # an old slice: nothing new, no revision reordered
    assert memory.stats["turns"] == 60
    assert "10 seconds (was 30)" in memory.get_context("")
    memory.reset()
    assert memory.get_all() == [] and memory.stats["turns"] == 0 and memory.get() == []


def test_async_put_set_reset() -> None:
    async def go() -> None:
        memory = DSPMChatMemory.from_defaults(budget=BUDGET)
        await memory.aput(ChatMessage(role="user", content=RULE))
        await memory.aput_messages([ChatMessage(role="user", content=FIRST),
                                    ChatMessage(role="user", content=REVISED)])
        await memory.aset(memory.get_all() + [ChatMessage(role="assistant", content="ok")])
        assert memory.stats["turns"] == 4
        out = await memory.aget(input="timeout")
        assert "10 seconds (was 30)" in out[0].content
        await memory.areset()
        assert await memory.aget_all() == [] and memory.stats["turns"] == 0

    asyncio.run(go())


def test_chat_history_at_construction_is_ingested_and_a_leading_system_message_joined() -> None:
    history = [ChatMessage(role="system", content="Answer in English."),
               ChatMessage(role="user", content=RULE),
               ChatMessage(role="assistant", content="Understood.")]
    memory = DSPMChatMemory.from_defaults(chat_history=history, budget=BUDGET)
    out = memory.get(input="logging")
    systems = [m for m in out if m.role == MessageRole.SYSTEM]
    assert len(systems) == 1
    assert systems[0].content.startswith("Answer in English.")
    assert "card numbers" in systems[0].content.split(BLOCK_HEADER, 1)[1]


# ----------------------------------------------------------------------------- state
def test_to_dict_from_dict_round_trip_renders_the_same_context() -> None:
    memory = _filled(budget=BUDGET, token_limit=TOKEN_LIMIT, system_prompt=SYSTEM_PROMPT)
    data = memory.to_dict()
    json.dumps(data)  # JSON-ready
    assert data["class_name"] == "DSPMChatMemory"
    assert len(data["chat_store"]["store"]["chat_history"]) == 79
    restored = DSPMChatMemory.from_dict(data)
    for query in ("", "webhook timeout", "database"):
        assert restored.get_context(query) == memory.get_context(query)
    assert [(m.role, m.content) for m in restored.get(input=LAST)] == \
        [(m.role, m.content) for m in memory.get(input=LAST)]
    assert restored.stats["turns"] == memory.stats["turns"]
    assert (restored.budget, restored.max_history_messages, restored.token_limit, restored.system_prompt) == \
        (memory.budget, memory.max_history_messages, memory.token_limit, memory.system_prompt)
    # the ledger travelled too: handing the same history over ingests nothing again
    restored.set(restored.get_all())
    assert restored.stats["turns"] == memory.stats["turns"]
    # and the string form
    again = DSPMChatMemory.from_string(memory.to_string())
    assert again.get_context("timeout") == memory.get_context("timeout")
    twin = copy.deepcopy(memory)
    assert twin.get_context("x") == memory.get_context("x") and twin is not memory


def test_serialisation_with_messages_works_on_the_installed_pydantic() -> None:
    """ChatMemoryBuffer.to_dict() raises once it holds messages on pydantic 2.14
    (SimpleChatStore's wrap serializer); DSPMChatMemory serialises its messages itself."""
    import pydantic_core

    memory = DSPMChatMemory.from_defaults(budget=BUDGET)
    memory.put(ChatMessage(role="user", content=RULE))
    memory.put(ChatMessage(role="assistant", content="", additional_kwargs={
        "tool_calls": [{"id": "c1", "function": {"name": "f", "arguments": "{}"}}]}))
    memory.put(ChatMessage(role="tool", content="42", additional_kwargs={"tool_call_id": "c1"}))
    data = memory.to_dict()
    assert memory.model_dump()["chat_store"]["store"]["chat_history"][0]["blocks"][0]["text"] == RULE
    restored = DSPMChatMemory.from_string(json.dumps(data))
    assert [m.model_dump() for m in restored.get_all()] == [m.model_dump() for m in memory.get_all()]

    plain = ChatMemoryBuffer.from_defaults(token_limit=100)
    plain.put(ChatMessage(role="user", content="hi"))
    try:  # the upstream bug this adapter works around (fixed upstream: nothing to show)
        plain.to_dict()
    except pydantic_core.PydanticSerializationError as exc:
        assert "index_key" in str(exc)
    # a buffer saved by LlamaIndex itself (old chat_history format) loads as well
    old = {"chat_history": [{"role": "user", "content": RULE}], "token_limit": 500}
    loaded = DSPMChatMemory.from_dict(old)
    assert "card numbers" in loaded.get_context()


def test_custom_chat_store_is_kept() -> None:
    store = SimpleChatStore()
    memory = DSPMChatMemory.from_defaults(chat_store=store, chat_store_key="alice", budget=BUDGET)
    memory.put(ChatMessage(role="user", content=RULE))
    assert store.get_messages("alice")[0].content == RULE
    restored = DSPMChatMemory.from_dict(memory.to_dict())
    assert restored.chat_store_key == "alice" and restored.get_all()[0].content == RULE


# ----------------------------------------------------------------------------- extractor_llm
class ExtractingLLM(RecordingLLM):
    """A mock extraction model: answers DSPM's extraction prompt with JSON facts."""

    def _answer(self, kind: str, messages: Sequence[ChatMessage]) -> str:
        self.calls.append((kind, copy.deepcopy(list(messages))))
        user = messages[-1].content or ""
        message = user.rsplit("<message", 1)[-1]
        facts = []
        if "retries" in message:
            value = "3" if "3" in message else "5"
            facts.append({"kind": "decision", "text": f"max retries = {value}",
                          "slot": "max retries", "op": "=", "value": value})
        if "card numbers" in message:
            facts.append({"kind": "constraint", "text": "never log full card numbers",
                          "slot": "log full card numbers", "op": "!="})
        return json.dumps({"facts": facts})


def test_extractor_llm_sync_and_async_paths() -> None:
    extraction = ExtractingLLM()
    memory = DSPMChatMemory.from_defaults(budget=BUDGET, extractor_llm=extraction)
    assert not isinstance(memory.dspm.extractor, RuleExtractor)
    memory.put(ChatMessage(role="user", content="Max retries for failed deliveries is 5."))
    assert [k for k, _ in extraction.calls] == ["chat"]
    sent = extraction.calls[0][1]
    assert sent[0].role == MessageRole.SYSTEM and "retries" in sent[-1].content

    async def go() -> None:
        await memory.aput(ChatMessage(role="user", content="Lower max retries to 3."))
        await memory.aput(ChatMessage(role="user", content=RULE))

    asyncio.run(go())
    assert [k for k, _ in extraction.calls] == ["chat", "achat", "achat"]
    context = memory.get_context("retries")
    assert "max retries = 3 (was 5)" in context and "card numbers" in context
    assert memory.stats["extractor"]["calls"] == 3
    # the block is never sent to the extractor
    memory.put(ChatMessage(role="assistant", content=memory.get_context()))
    assert all(BLOCK_HEADER not in (m.content or "")
               for _, msgs in extraction.calls for m in msgs)


def test_extractor_llm_request_failure_keeps_the_turn_pending() -> None:
    class Failing(ExtractingLLM):
        fail: bool = True

        def _answer(self, kind: str, messages: Sequence[ChatMessage]) -> str:
            if self.fail:
                raise ConnectionError("backend down")
            return super()._answer(kind, messages)

    llm = Failing()
    memory = DSPMChatMemory.from_defaults(budget=BUDGET, extractor_llm=llm)
    memory.put(ChatMessage(role="user", content="Max retries for failed deliveries is 5."))
    assert memory.stats["pending_turns"] == 1 and memory.stats["extraction_failures"] == 1
    llm.fail = False
    memory.put(ChatMessage(role="user", content=RULE))  # retries the pending turn first
    assert memory.stats["pending_turns"] == 0
    assert "max retries = 5" in memory.get_context()
    strict = DSPMChatMemory.from_defaults(budget=BUDGET, extractor_llm=Failing(), strict_llm=True)
    with pytest.raises(ExtractionError):
        strict.put(ChatMessage(role="user", content="Max retries is 5."))


def test_adapter_clients_have_the_openai_shape() -> None:
    llm = RecordingLLM(reply='{"facts": []}')
    sync, asynchronous = LlamaIndexLLMClient(llm), AsyncLlamaIndexLLMClient(llm)
    kw = {"model": "m", "messages": [{"role": "system", "content": "s"},
                                     {"role": "user", "content": "u"}], "max_tokens": 5}
    response = sync.chat.completions.create(**kw)
    assert response.choices[0].message.content == '{"facts": []}'
    assert response.choices[0].finish_reason == "stop" and response.usage is None
    response = asyncio.run(asynchronous.chat.completions.create(**kw))
    assert response.choices[0].message.content == '{"facts": []}'
    assert [[m.role.value for m in msgs] for _, msgs in llm.calls] == [["system", "user"]] * 2
    with pytest.raises(ConfigError):
        DSPMChatMemory.from_defaults(extractor_llm=object())
    with pytest.raises(ConfigError):
        DSPMChatMemory.from_defaults(extractor_llm=llm, extractor=RuleExtractor())


def test_custom_extractor_and_shared_dspm() -> None:
    class Fixed:
        def extract(self, turn: Any) -> list[Fact]:
            if "deadline" not in turn.text:
                return []
            return [Fact(kind=PatchKind.CONSTRAINT, text="launch deadline = Monday",
                         role=turn.role, turn=turn.index)]

    memory = DSPMChatMemory.from_defaults(budget=BUDGET, extractor=Fixed())
    memory.put(ChatMessage(role="user", content="The deadline is Monday."))
    assert "launch deadline = Monday" in memory.get_context()
    shared = DSPMChatMemory.from_defaults(budget=BUDGET, dspm=memory.dspm)
    assert shared.dspm is memory.dspm and "Monday" in shared.get_context()


def test_ledger_alignment() -> None:
    from dspm_integrations._llama_common import Ledger

    ledger = Ledger(cap=16)
    for i in range(10):
        ledger.append(f"m{i}")
    assert ledger.align(["m8", "m9", "m10"]) == (8, 2)        # continues: one new
    assert ledger.align(["m3", "m4"]) == (3, 2)               # an old slice: nothing new
    assert ledger.align(["x", "y"]) == (10, 0)                # unrelated: all new
    assert ledger.align([f"m{i}" for i in range(12)]) == (0, 10)  # the whole history again
    assert ledger.align(["m5", "m6"], hint=5) == (5, 2)
    assert ledger.align(["m7", "m8", "m9", "n"], hint=10) == (7, 3)  # a wrong hint is ignored
    for i in range(10, 40):  # beyond 2 * cap: old fingerprints are dropped, positions kept
        ledger.append(f"m{i}")
    assert ledger.offset > 0 and len(ledger) == 40
    full = [f"m{i}" for i in range(41)]  # a window longer than what the ledger retains
    assert ledger.align(full) == (0, 40)
    assert ledger.align(full[30:]) == (30, 10)
    restored = Ledger.from_dict(ledger.to_dict())
    assert restored.align(full) == (0, 40)
    with pytest.raises(ConfigError):
        Ledger.from_dict({"fingerprints": [1], "offset": 0})
    # a hint at the end with no overlap means "all new" unless the window visibly continues
    # the ledger; it never makes an old slice count as new (nor hides a repeated value)
    short = Ledger()
    for fp in ["set30", "ok", "set10", "ok"]:
        short.append(fp)
    assert short.align(["set30", "ok"], hint=4) == (4, 0)  # a revert back to 30: new
    assert short.align(["set10", "ok", "x"], hint=4) == (2, 2)
