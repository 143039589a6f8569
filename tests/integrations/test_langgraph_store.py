"""DSPMMiddleware(store=<LangGraph BaseStore>): threads of one user writing at the same
moment both keep their turns (an item per write, merged on read, compacted), on LangGraph's
InMemoryStore and on its PostgresStore against a real server. Every assertion is on what
the fake model received or on what a fresh middleware reads back from the store."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("langgraph")

from langchain.agents import create_agent  # noqa: E402
from langchain_core.messages import AIMessage, HumanMessage  # noqa: E402
from langgraph.checkpoint.memory import InMemorySaver  # noqa: E402
from langgraph.store.base import BaseStore  # noqa: E402
from langgraph.store.memory import InMemoryStore  # noqa: E402

from dspm_core import DSPMMemory, Fact, RuleExtractor, Turn  # noqa: E402
from dspm_integrations._langchain_store import LEGACY_KEY  # noqa: E402
from dspm_integrations._langchain_testing import RecordingChatModel  # noqa: E402
from dspm_integrations.langchain import DSPMMiddleware  # noqa: E402

RULE = "The API must never return more than 100 items per page."
DB = "Let's use PostgreSQL for the primary database."


class _Rendezvous:
    """The rule extractor, except that the first ``n`` user turns wait for each other: every
    writer has read the user's memory before any of them writes it back."""

    def __init__(self, n: int) -> None:
        self.rules = RuleExtractor()
        self.barrier = threading.Barrier(n, timeout=20)
        self.left = n
        self.lock = threading.Lock()

    def extract(self, turn: Turn) -> list[Fact]:
        with self.lock:
            wait = turn.role.value == "user" and self.left > 0
            self.left -= wait
        if wait:
            self.barrier.wait()
        return self.rules.extract(turn)


@pytest.fixture(params=["in-memory", "postgres"])
def lg_store(request: pytest.FixtureRequest) -> Iterator[BaseStore]:
    if request.param == "in-memory":
        yield InMemoryStore()
        return
    dsn = request.getfixturevalue("pg_dsn")  # skips locally without a server; fails in CI
    from langgraph.store.postgres import PostgresStore  # the postgres extra

    with PostgresStore.from_conn_string(dsn) as store:
        store.setup()
        yield store


def _agent(store: BaseStore, extractor: Any = None) -> tuple[Any, DSPMMiddleware,
                                                              RecordingChatModel]:
    mw = DSPMMiddleware(budget=250, store=store, extractor=extractor)
    model = RecordingChatModel(responder=lambda m: AIMessage(content="Understood."))
    agent = create_agent(model, [], system_prompt="You are helpful.", middleware=[mw],
                         checkpointer=InMemorySaver(), store=store)
    return agent, mw, model


def _items(store: BaseStore, user: str) -> list[str]:
    return sorted(i.key for i in store.search(("dspm", user), limit=1000))


def _run_threads(agent: Any, user: str, texts: list[str]) -> None:
    errors: list[BaseException] = []

    def run(i: int, text: str) -> None:
        try:
            agent.invoke({"messages": [HumanMessage(text)]},
                         {"configurable": {"thread_id": f"t{i}"}}, context={"user_id": user})
        except BaseException as exc:  # noqa: BLE001 - asserted below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i, t)) for i, t in enumerate(texts)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []


def test_two_threads_of_one_user_writing_at_once_both_keep_their_turns(lg_store: BaseStore
                                                                       ) -> None:
    agent, mw, model = _agent(lg_store, _Rendezvous(2))
    _run_threads(agent, "u1", [RULE, DB])
    # a new thread, and a fresh middleware (another process), see both rules
    agent.invoke({"messages": [HumanMessage("Summary please")]},
                 {"configurable": {"thread_id": "t9"}}, context={"user_id": "u1"})
    sent = model.requests[-1][0].text
    assert "100 items" in sent and "PostgreSQL" in sent
    fresh = DSPMMiddleware(budget=250, store=lg_store).memory_for(user_id="u1")
    assert fresh is not None
    text = fresh.get_context()
    assert "100 items" in text and "PostgreSQL" in text


def test_many_writers_then_compaction_lose_nothing(lg_store: BaseStore) -> None:
    n = 6
    agent, mw, model = _agent(lg_store, _Rendezvous(n))
    texts = [f"The storage quota for project p{i} is {i + 1} GB." for i in range(n)]
    _run_threads(agent, "u2", texts)
    for i in range(n, 3 * n):  # sequential writes past the compaction threshold
        agent.invoke({"messages": [HumanMessage(f"The storage quota for project p{i} is "
                                                f"{i + 1} GB.")]},
                     {"configurable": {"thread_id": f"s{i}"}}, context={"user_id": "u2"})
    keys = _items(lg_store, "u2")
    assert len(keys) == 1  # after writes one at a time: one item holding everything
    memory = DSPMMiddleware(store=lg_store).memory_for(user_id="u2")
    assert memory is not None
    stored = " ".join(p.text for p in memory.store.patches())
    assert all(f"project p{i} " in stored for i in range(3 * n)), stored


async def test_async_writers_of_one_user_merge(lg_store: BaseStore) -> None:
    import asyncio

    agent, mw, model = _agent(lg_store)
    await asyncio.gather(*(
        agent.ainvoke({"messages": [HumanMessage(t)]}, {"configurable": {"thread_id": f"a{i}"}},
                      context={"user_id": "u3"}) for i, t in enumerate([RULE, DB])))
    memory = mw.memory_for(user_id="u3")
    assert memory is not None
    assert "100 items" in memory.get_context() and "PostgreSQL" in memory.get_context()


def test_the_single_item_of_earlier_releases_is_read_and_folded(lg_store: BaseStore) -> None:
    old = DSPMMemory()
    old.add_turn("user", RULE)
    lg_store.put(("dspm", "u4"), LEGACY_KEY, {"rev": "r0", "memory": old.to_dict()}, index=False)
    agent, mw, model = _agent(lg_store)
    for i in range(2):
        agent.invoke({"messages": [HumanMessage(f"Thanks, noted point {i}.")]},
                     {"configurable": {"thread_id": "t"}}, context={"user_id": "u4"})
    assert "100 items" in model.requests[-1][0].text
    assert LEGACY_KEY not in _items(lg_store, "u4")  # folded into the first new item
    assert len(_items(lg_store, "u4")) == 1
    memory = mw.memory_for(user_id="u4")
    assert memory is not None and "100 items" in memory.get_context()



def test_middleware_takes_a_postgres_store_shared_by_two_app_servers(pg_dsn: str) -> None:
    from dspm_core import PostgresStore

    servers = [PostgresStore(pg_dsn), PostgresStore(pg_dsn)]  # two processes' pools
    agents = [_agent(s) for s in servers]  # type: ignore[arg-type]
    agents[0][0].invoke({"messages": [HumanMessage(RULE)]},
                        {"configurable": {"thread_id": "a"}}, context={"user_id": "u5"})
    agents[1][0].invoke({"messages": [HumanMessage(DB)]},
                        {"configurable": {"thread_id": "b"}}, context={"user_id": "u5"})
    agents[0][0].invoke({"messages": [HumanMessage("Summary please")]},
                        {"configurable": {"thread_id": "c"}}, context={"user_id": "u5"})
    sent = agents[0][2].requests[-1][0].text
    assert "100 items" in sent and "PostgreSQL" in sent  # the other server's turn too
    assert agents[1][1].delete_user("u5") is True
    assert servers[0].users() == []
    for s in servers:
        s.close()
