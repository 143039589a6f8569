"""Latency of ``DSPMChatMemory.get()`` (LlamaIndex adapter) at N turns of history.

A ``DSPMChatMemory`` (offline rule extractor, cl100k_base counts) is fed the first
``--turns`` messages of the deterministic workload (``workload.py``: 200 settings,
revisions, hard bounds, echoes, filler), one ``put`` per message, as a chat engine
would. Then ``get`` is timed ``--samples`` times, as the engines call it:

* ``get(input=<question>)``: ContextChatEngine / CondensePlusContextChatEngine;
* ``get(initial_token_count=...)``: SimpleChatEngine and agents (the query is the latest
  user message).

For scale, the same history in a plain ``ChatMemoryBuffer`` (``get()`` only trims), and
``Memory.aget()`` with a ``DSPMMemoryBlock`` beside ``Memory.aget()`` without blocks
(``--no-memory-block`` to skip); with a block, most of ``Memory``'s extra time is its own
Jinja template, compiled on every call, so the time inside the block's ``aget`` is shown
too.

Reported in milliseconds: median and p90 over the samples, and the median ``put`` of
the ingest phase. No network: tokenizers are offline, no LLM is called. Needs the
llama-index extra::

    python benchmarks/llama_index_latency.py                   # 500 turns, 200 samples
    python benchmarks/llama_index_latency.py --turns 2000 --samples 50 --json out.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.dont_write_bytecode = True
HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

from llama_index.core.base.llms.types import ChatMessage  # noqa: E402
from llama_index.core.memory import ChatMemoryBuffer, Memory  # noqa: E402
from workload import generate  # noqa: E402

from dspm_integrations.llama_index import (  # noqa: E402
    BLOCK_HEADER,
    DSPMChatMemory,
    DSPMMemoryBlock,
)

perf_counter = time.perf_counter


def _ms(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"median_ms": round(statistics.median(ordered) * 1000, 3),
            "p90_ms": round(ordered[int(0.9 * (len(ordered) - 1))] * 1000, 3)}


def _time(fn: Callable[[], Any], samples: int) -> list[float]:
    out = []
    for _ in range(samples):
        t = perf_counter()
        fn()
        out.append(perf_counter() - t)
    return out


def run(n_turns: int, samples: int, budget: int, token_limit: int, history_k: int,
        memory_block: bool) -> dict[str, Any]:
    workload = generate(n_turns + 50)
    history = [ChatMessage(role=t.role, content=t.text) for t in workload.turns[:n_turns]]
    if history and history[-1].role != "user":  # engines call get() after the user's message
        history.append(ChatMessage(role="user", content="What should the next release include?"))
    questions = [t.text for t in workload.turns[n_turns:] if t.role == "user"] or ["status?"]

    memory = DSPMChatMemory.from_defaults(budget=budget, history_k=history_k,
                                          token_limit=token_limit)
    puts = []
    for message in history:
        t = perf_counter()
        memory.put(message)
        puts.append(perf_counter() - t)

    i = 0

    def with_input() -> None:
        nonlocal i
        i += 1
        out = memory.get(input=questions[i % len(questions)])
        assert BLOCK_HEADER in (out[0].content or "")

    get_input = _time(with_input, samples)
    get_plain = _time(lambda: memory.get(initial_token_count=20), samples)

    buffer = ChatMemoryBuffer.from_defaults(token_limit=token_limit)
    buffer.set(list(history))
    # ChatMemoryBuffer.get() re-tokenizes the whole remaining history for every message it
    # drops (quadratic in the history): far slower at this size, so fewer samples.
    baseline = _time(lambda: buffer.get(initial_token_count=20), min(samples, 5))

    result: dict[str, Any] = {
        "history_messages": len(history),
        "samples": samples,
        "budget": budget,
        "token_limit": token_limit,
        "history_k": history_k,
        "get_with_input": _ms(get_input),
        "get_simple_engine": _ms(get_plain),
        "put": _ms(puts),
        "chat_memory_buffer_get": _ms(baseline),
        "patches": memory.stats["total_patches"],
        "criticals": memory.stats["critical_total"],
        "block_tokens": memory.dspm.counter.count(memory.get_context(questions[0])),
        "state_bytes": len(memory.to_string()),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    if memory_block:
        result["memory_block_aget"] = _memory_block(history, questions, samples, budget,
                                                    token_limit, with_block=True)
        result["memory_aget_no_block"] = _memory_block(history, questions, samples, budget,
                                                       token_limit, with_block=False)
    return result


class TimedBlock(DSPMMemoryBlock):
    """DSPMMemoryBlock that records the time spent in its own ``aget``."""

    async def _aget(self, messages: Any = None, **block_kwargs: Any) -> str:
        t = perf_counter()
        try:
            return await super()._aget(messages, **block_kwargs)
        finally:
            _IN_BLOCK.append(perf_counter() - t)


_IN_BLOCK: list[float] = []


def _memory_block(history: list[ChatMessage], questions: list[str], samples: int,
                  budget: int, token_limit: int, with_block: bool) -> dict[str, float]:
    async def go() -> list[float]:
        blocks = [TimedBlock(budget=budget)] if with_block else []
        memory = Memory.from_defaults(session_id="bench", token_limit=token_limit,
                                      memory_blocks=blocks)
        await memory.aput_messages(list(history))
        await memory.aget()  # ingests the active queue once
        _IN_BLOCK.clear()
        out = []
        for n in range(samples):
            t = perf_counter()
            await memory.aget(input=questions[n % len(questions)])
            out.append(perf_counter() - t)
        return out

    result = _ms(asyncio.run(go()))
    if with_block:
        result["in_block_median_ms"] = _ms(_IN_BLOCK)["median_ms"]
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=500, help="messages of history")
    parser.add_argument("--samples", type=int, default=200, help="timed get() calls")
    parser.add_argument("--budget", type=int, default=250)
    parser.add_argument("--token-limit", type=int, default=3000)
    parser.add_argument("--history-k", type=int, default=6)
    parser.add_argument("--no-memory-block", action="store_true",
                        help="skip the Memory + DSPMMemoryBlock figure")
    parser.add_argument("--json", type=Path, default=None, help="write the result here")
    args = parser.parse_args(argv)
    r = run(args.turns, args.samples, args.budget, args.token_limit, args.history_k,
            not args.no_memory_block)
    print(f"DSPMChatMemory.get() at {r['history_messages']} messages of history "
          f"({r['samples']} samples, budget {r['budget']}, token_limit {r['token_limit']}, "
          f"history_k {r['history_k']}):")
    print(f"  get(input=question)          {r['get_with_input']['median_ms']:8.3f} ms median "
          f"(p90 {r['get_with_input']['p90_ms']:.3f})")
    print(f"  get(initial_token_count=20)  {r['get_simple_engine']['median_ms']:8.3f} ms median "
          f"(p90 {r['get_simple_engine']['p90_ms']:.3f})")
    print(f"  put (ingest one message)     {r['put']['median_ms']:8.3f} ms median "
          f"(p90 {r['put']['p90_ms']:.3f})")
    print(f"  ChatMemoryBuffer.get()       {r['chat_memory_buffer_get']['median_ms']:8.3f} ms "
          f"median (baseline: trims only; {min(r['samples'], 5)} samples)")
    if "memory_block_aget" in r:
        mb = r["memory_block_aget"]
        print(f"  Memory.aget() + DSPM block   {mb['median_ms']:8.3f} ms median "
              f"(p90 {mb['p90_ms']:.3f}; {mb['in_block_median_ms']:.3f} in the block's aget)")
        print(f"  Memory.aget(), no blocks     {r['memory_aget_no_block']['median_ms']:8.3f} ms "
              f"median (baseline)")
    print(f"  memory: {r['patches']} patches ({r['criticals']} critical), block "
          f"{r['block_tokens']} tokens, {r['state_bytes']:,} bytes of saved state")
    if args.json:
        args.json.write_text(json.dumps(r, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
