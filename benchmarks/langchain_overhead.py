"""Overhead of DSPMMiddleware per model call of a LangChain agent, at N turns of history.

Two ``create_agent`` agents share everything (a recording fake chat model that answers
instantly, an ``InMemorySaver`` checkpointer, no tools) except the middleware: one has
``DSPMMiddleware(budget=...)``, the other none. Both are fed the same deterministic
conversation (``workload.py``: settings, revisions, hard bounds, echoes, filler) up to
``--turns`` turns of history; then ``--samples`` more user turns are timed on each.
Each timed ``invoke`` is one model call.

Reported (milliseconds, median over the samples):

* ``per call, plain`` / ``per call, with DSPM``: wall time of one agent turn;
* ``overhead``: the difference (what a user pays per model call: the hooks plus the
  checkpointer writing the memory's state);
* ``in hooks``: time inside DSPM's own hooks (ingest before and after the model, render
  and inject), measured by a timing subclass, without the model call.

No network: the model is fake and the tokenizer is offline. Needs the langchain extra::

    python benchmarks/langchain_overhead.py                  # 500 turns, 40 samples
    python benchmarks/langchain_overhead.py --turns 100 --samples 10 --json out.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

from langchain.agents import create_agent  # noqa: E402
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage  # noqa: E402
from langgraph.checkpoint.memory import InMemorySaver  # noqa: E402
from workload import generate  # noqa: E402

from dspm_integrations._langchain_testing import RecordingChatModel  # noqa: E402
from dspm_integrations.langchain import BLOCK_OPEN, DSPMMiddleware  # noqa: E402


class TimedDSPMMiddleware(DSPMMiddleware):
    """DSPMMiddleware that adds the time spent in its hooks (model call excluded)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.spent = 0.0

    @property
    def name(self) -> str:
        return "DSPMMiddleware"

    def before_model(self, state: Any, runtime: Any) -> Any:
        t = time.perf_counter()
        try:
            return super().before_model(state, runtime)
        finally:
            self.spent += time.perf_counter() - t

    def after_model(self, state: Any, runtime: Any) -> Any:
        t = time.perf_counter()
        try:
            return super().after_model(state, runtime)
        finally:
            self.spent += time.perf_counter() - t

    def wrap_model_call(self, request: Any, handler: Any) -> Any:
        inner = 0.0

        def timed_handler(req: Any) -> Any:
            nonlocal inner
            t0 = time.perf_counter()
            try:
                return handler(req)
            finally:
                inner += time.perf_counter() - t0

        t = time.perf_counter()
        try:
            return super().wrap_model_call(request, timed_handler)
        finally:
            self.spent += time.perf_counter() - t - inner


def _conversation(n_turns: int, extra: int) -> list[tuple[str, str]]:
    """(user text, assistant reply) pairs: the workload's user turns, each answered by the
    assistant turn that follows it (or a short acknowledgement)."""
    turns = generate(n_turns + 3 * extra).turns
    pairs: list[tuple[str, str]] = []
    i = 0
    while i < len(turns):
        if turns[i].role != "user":
            i += 1
            continue
        reply = "Noted."
        if i + 1 < len(turns) and turns[i + 1].role == "assistant":
            reply = turns[i + 1].text
        pairs.append((turns[i].text, reply))
        i += 2 if reply != "Noted." else 1
    return pairs


def run(n_turns: int, samples: int, budget: int) -> dict[str, Any]:
    pairs = _conversation(n_turns, samples)
    warm = max(1, n_turns // 2)  # each pair is two messages of history
    if len(pairs) < warm + samples:
        raise SystemExit(f"workload too short: {len(pairs)} pairs for {warm + samples}")
    replies = {text: reply for text, reply in pairs}

    def respond(messages: list[BaseMessage]) -> AIMessage:
        return AIMessage(content=replies.get(messages[-1].text, "Noted."))

    mw = TimedDSPMMiddleware(budget=budget)
    dspm_model = RecordingChatModel(responder=respond)
    agents = {
        "plain": create_agent(RecordingChatModel(responder=respond), [],
                              system_prompt="You are the platform assistant.",
                              checkpointer=InMemorySaver()),
        "dspm": create_agent(dspm_model, [], system_prompt="You are the platform assistant.",
                             middleware=[mw], checkpointer=InMemorySaver()),
    }
    config = {"configurable": {"thread_id": "bench"}}
    t0 = time.perf_counter()
    for text, _ in pairs[:warm]:
        for agent in agents.values():
            agent.invoke({"messages": [HumanMessage(text)]}, config)
    warm_s = time.perf_counter() - t0

    times: dict[str, list[float]] = {"plain": [], "dspm": []}
    hooks: list[float] = []
    for text, _ in pairs[warm:warm + samples]:
        for name in ("plain", "dspm"):  # alternate, so drift hits both alike
            before = mw.spent
            t = time.perf_counter()
            agents[name].invoke({"messages": [HumanMessage(text)]}, config)
            times[name].append(time.perf_counter() - t)
            if name == "dspm":
                hooks.append(mw.spent - before)

    state = agents["dspm"].get_state(config).values
    memory = mw.memory_for(state)
    assert memory is not None and BLOCK_OPEN in dspm_model.last_system  # it was injected
    ms = {k: statistics.median(v) * 1000 for k, v in times.items()}
    return {
        "history_messages": 2 * warm,  # before the first timed call
        "history_turns_user": warm,
        "samples": samples,
        "budget": budget,
        "median_ms_plain": round(ms["plain"], 3),
        "median_ms_dspm": round(ms["dspm"], 3),
        "median_overhead_ms": round(ms["dspm"] - ms["plain"], 3),
        "median_in_hooks_ms": round(statistics.median(hooks) * 1000, 3),
        "p90_in_hooks_ms": round(sorted(hooks)[int(0.9 * (len(hooks) - 1))] * 1000, 3),
        "memory_patches": memory.stats["total_patches"],
        "memory_state_bytes": len(json.dumps(memory.to_dict())),
        "warm_up_seconds": round(warm_s, 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=500,
                        help="messages of history before timing (user + assistant)")
    parser.add_argument("--samples", type=int, default=40, help="timed model calls per agent")
    parser.add_argument("--budget", type=int, default=250)
    parser.add_argument("--json", type=Path, default=None, help="write the result here")
    args = parser.parse_args(argv)
    result = run(args.turns, args.samples, args.budget)
    print(f"DSPMMiddleware overhead at {result['history_messages']} messages of history "
          f"({args.samples} samples, budget {args.budget}):")
    print(f"  per call, plain agent     {result['median_ms_plain']:8.2f} ms (median)")
    print(f"  per call, with DSPM       {result['median_ms_dspm']:8.2f} ms (median)")
    print(f"  overhead per model call   {result['median_overhead_ms']:8.2f} ms (median)")
    print(f"  of which in DSPM's hooks  {result['median_in_hooks_ms']:8.2f} ms (median; "
          f"p90 {result['p90_in_hooks_ms']:.2f})")
    print(f"  memory: {result['memory_patches']} patches, "
          f"{result['memory_state_bytes']:,} bytes of saved state")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
