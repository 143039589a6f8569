"""Tokens per model call over a long agent run, with and without DSPM (recording fake models).

    python benchmarks/agent_tokens.py                 # 200 turns, every agent
    python benchmarks/agent_tokens.py --turns 60 --agents langchain --json out.json

Three agents, each run twice on the same 200 user turns (a hard rule at turn 3, a value at
turn 5 revised at turns 60 and 120, a tool call every 5th turn, chatty filler between):

* LangChain ``create_agent`` with a checkpointer, with ``DSPMMiddleware(budget=250,
  max_history_tokens=1000)`` and without any middleware;
* LlamaIndex ``FunctionAgent`` with ``dspm_memory(budget=250, max_history_tokens=1000)``
  and with ``Memory.from_defaults()`` (LlamaIndex's default short-term memory);
* LlamaIndex ``ReActAgent`` the same way (the memory passed as ``memory=`` alone, no
  formatter), with the agent's ``system_prompt`` and without one (``react-bare``).

The fake models record every request; the tokens of a call are the tokens of everything
the model received (system messages, history, tool calls and results), counted with
cl100k_base. For every call from turn 3 on the run checks that the rule reached the model, and
from each revision on that its value did. Printed: tokens at calls 40, 150 and 200 and the
largest call, per agent and run, and how many calls missed the rule or the latest value.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import json
import statistics
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dspm_core.tokens import get_counter  # noqa: E402

RULE = "Hard rule: never log full card numbers, anywhere."
VALUES = {5: "30 seconds", 60: "20 seconds", 120: "10 seconds"}
SETS = {5: "Set the webhook timeout to 30 seconds.",
        60: "Change the webhook timeout to 20 seconds.",
        120: "Change the webhook timeout to 10 seconds."}
CHATTY = ("Understood. Here is a careful answer that restates the plan, lists the open "
          "questions, weighs the options one by one and ends with a recommendation, the "
          "way a chatty assistant answers on every turn of a long session.")
REPORT_CALLS = (40, 150, 200)
BUDGET, HISTORY = 250, 1000
COUNT = get_counter("cl100k_base").count


def user_turns(n: int, tool_request: str) -> list[str]:
    """``n`` user messages: the rule at turn 3, the timeout set at 5 and revised at 60 and
    120, a tool request every 5th turn, chatty filler otherwise (turns count from 1)."""
    out = []
    for i in range(1, n + 1):
        if i == 3:
            out.append(RULE)
        elif i in SETS:
            out.append(SETS[i])
        elif i % 5 == 0:
            out.append(tool_request.format(i=i))
        else:
            out.append(f"Thanks for the update on item {i}. Let's keep going with the plan, "
                       f"and tell me if anything changes for item {i}.")
    return out


@dataclass
class Run:
    """One agent run: the tokens of every model call and what each call carried."""

    agent: str
    dspm: bool
    tokens: list[int] = field(default_factory=list)
    turn_of_call: list[int] = field(default_factory=list)
    rule_missing: int = 0
    latest_missing: int = 0
    seconds: float = 0.0

    def at(self, call: int) -> int | None:
        return self.tokens[call - 1] if call <= len(self.tokens) else None

    def record(self, turn: int, texts: Sequence[str], tokens: int) -> None:
        self.tokens.append(tokens)
        self.turn_of_call.append(turn)
        text = "\n".join(texts)
        if turn >= 3 and RULE.rstrip(".") not in text:
            self.rule_missing += 1
        stated = [t for t in VALUES if t <= turn]
        if stated and VALUES[max(stated)] not in text:
            self.latest_missing += 1


# ------------------------------------------------------------------------- LangChain
def run_langchain(n: int, dspm: bool) -> Run:
    from langchain.agents import create_agent
    from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
    from langchain_core.tools import tool
    from langgraph.checkpoint.memory import InMemorySaver

    from dspm_integrations._langchain_common import message_tokens, text_of
    from dspm_integrations._langchain_testing import RecordingChatModel
    from dspm_integrations.langchain import DSPMMiddleware

    @tool
    def lookup(query: str) -> str:
        """Look up a fact in the team wiki."""
        return f"The wiki says {query} is on track."

    def respond(messages: list[BaseMessage]) -> AIMessage:
        last = messages[-1]
        if isinstance(last, HumanMessage) and "lookup" in last.text:
            return AIMessage(content="", tool_calls=[
                {"name": "lookup", "args": {"query": last.text[-8:]},
                 "id": f"call_{len(messages)}_{len(last.text)}"}])
        return AIMessage(content=CHATTY)

    model = RecordingChatModel(responder=respond)
    middleware = [DSPMMiddleware(budget=BUDGET, max_history_tokens=HISTORY)] if dspm else []
    agent = create_agent(model, [lookup], system_prompt="You are the release assistant.",
                         middleware=middleware, checkpointer=InMemorySaver())
    run = Run("langchain create_agent", dspm)
    counter = get_counter("cl100k_base")
    config: Any = {"configurable": {"thread_id": "bench"}}
    start = time.perf_counter()
    for turn, text in enumerate(user_turns(n, "Please lookup topic {i} in the wiki."), 1):
        before = len(model.requests)
        agent.invoke({"messages": [HumanMessage(text)]}, config)
        for request in model.requests[before:]:
            run.record(turn, [text_of(m.content) for m in request],
                       sum(message_tokens(counter, m) for m in request))
    run.seconds = time.perf_counter() - start
    return run


# ------------------------------------------------------------------------- LlamaIndex
def _llama_memory(dspm: bool) -> Any:
    from llama_index.core.memory import Memory

    from dspm_integrations.llama_index import dspm_memory

    if dspm:
        return dspm_memory(budget=BUDGET, max_history_tokens=HISTORY)
    return Memory.from_defaults()


def _run_llama(agent: Any, memory: Any, calls: list[Any], name: str, n: int,
               dspm: bool) -> Run:
    from dspm_integrations._llama_common import message_text
    from dspm_integrations._llama_messages import message_tokens

    run = Run(name, dspm)

    async def go() -> None:
        for turn, text in enumerate(user_turns(n, "What's the weather in Paris, day {i}?"), 1):
            before = len(calls)
            await agent.run(user_msg=text, memory=memory)
            for call in calls[before:]:
                run.record(turn, [message_text(m) for m in call],
                           sum(message_tokens(COUNT, m) for m in call))

    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _run_to_end(go)
    run.seconds = time.perf_counter() - start
    return run


def _run_to_end(main: Callable[[], Any]) -> None:
    """``asyncio.run(main())``, also where a loop is already running (a notebook): then in
    a thread of its own."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        asyncio.run(main())
        return
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(lambda: asyncio.run(main())).result()


def run_function_agent(n: int, dspm: bool) -> Run:
    from llama_index.core.agent.workflow import FunctionAgent
    from llama_index.core.llms.mock import MockFunctionCallingLLM
    from llama_index.core.tools import FunctionTool

    from dspm_integrations._llama_testing import FunctionCallRecorder, get_weather

    recorder = FunctionCallRecorder(reply=CHATTY)
    agent = FunctionAgent(tools=[FunctionTool.from_defaults(fn=get_weather)],
                          llm=MockFunctionCallingLLM(response_generator=recorder),
                          system_prompt="You are the payments assistant.")
    return _run_llama(agent, _llama_memory(dspm), recorder.calls,
                      "llama-index FunctionAgent", n, dspm)


def _react_run(n: int, dspm: bool, system_prompt: str | None, name: str) -> Run:
    from llama_index.core.agent.workflow import ReActAgent
    from llama_index.core.tools import FunctionTool

    from dspm_integrations._llama_testing import RecordingReActLLM, get_weather

    llm = RecordingReActLLM()
    agent = ReActAgent(tools=[FunctionTool.from_defaults(fn=get_weather)], llm=llm,
                       system_prompt=system_prompt)
    return _run_llama(agent, _llama_memory(dspm), llm.calls, name, n, dspm)


def run_react_agent(n: int, dspm: bool) -> Run:
    return _react_run(n, dspm, "You are the payments assistant.", "llama-index ReActAgent")


def run_bare_react_agent(n: int, dspm: bool) -> Run:
    """ReActAgent without a system prompt of its own (it drops its input's first system
    message)."""
    return _react_run(n, dspm, None, "ReActAgent, no prompt")


AGENTS: dict[str, Callable[[int, bool], Run]] = {
    "langchain": run_langchain, "function": run_function_agent, "react": run_react_agent,
    "react-bare": run_bare_react_agent}


def report(runs: Sequence[Run]) -> str:
    head = (f"{'agent':<28} {'DSPM':<5} {'calls':>5} "
            + " ".join(f"{'call ' + str(c):>9}" for c in REPORT_CALLS)
            + f" {'largest':>8} {'median':>7} {'no rule':>8} {'stale':>6} {'s':>6}")
    lines = [head]
    for r in runs:
        cells = " ".join(f"{r.at(c) if r.at(c) is not None else '-':>9}" for c in REPORT_CALLS)
        lines.append(f"{r.agent:<28} {'yes' if r.dspm else 'no':<5} {len(r.tokens):>5} {cells} "
                     f"{max(r.tokens):>8} {statistics.median(r.tokens):>7.0f} "
                     f"{r.rule_missing:>8} {r.latest_missing:>6} {r.seconds:>6.1f}")
    lines.append("no rule: calls from turn 3 on without the rule; stale: calls from a revision "
                 "on without its value")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--agents", default=",".join(AGENTS))
    parser.add_argument("--json", default=None, help="write every run's tokens per call here")
    args = parser.parse_args()
    runs = []
    for name in args.agents.split(","):
        for dspm in (True, False):
            runs.append(AGENTS[name](args.turns, dspm))
            print(f"ran {runs[-1].agent} (DSPM {'on' if dspm else 'off'}) in "
                  f"{runs[-1].seconds:.1f} s", file=sys.stderr)
    print(f"{args.turns} user turns; DSPM: budget {BUDGET}, max_history_tokens {HISTORY}; "
          "tokens of everything each model call received (cl100k_base)")
    print(report(runs))
    if args.json:
        Path(args.json).write_text(json.dumps([asdict(r) for r in runs]), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
