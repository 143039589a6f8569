"""Long scripted conversations for the framework tests: fixed messages at chosen turns
(the hard rule, a value, its revision, the final question) and filler everywhere else."""

from __future__ import annotations

import asyncio
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any

#: Filler that states nothing: it must never displace a rule or a current value.
FILLER = [
    "Thanks, looks good so far.",
    "Status check: the staging build is green again.",
    "Can you summarise where we are?",
    "The team standup moved to the afternoon.",
    "Cool, carry on.",
    "Please draft the changelog entry.",
    "The load test looks fine.",
]


def from_filler(i: int) -> str:
    return FILLER[i % len(FILLER)]


def user_turns(fixed: Mapping[int, str], filler: Callable[[int], str] = from_filler,
               n: int = 40) -> list[str]:
    """``n`` user messages: ``fixed[i]`` at turn ``i`` (counted from 1), ``filler(i)``
    at every other turn."""
    return [fixed[i] if i in fixed else filler(i) for i in range(1, n + 1)]


def run_agent_turns(agent: Any, memory: Any, turns: Sequence[str]) -> list[str]:
    """Run a LlamaIndex agent once per user turn with ``memory=`` on every run (as
    LlamaIndex asks); its answers. The frameworks' deprecation warnings are not under
    test."""

    async def go() -> list[str]:
        return [str(await agent.run(user_msg=text, memory=memory)) for text in turns]

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return asyncio.run(go())
