"""Long scripted conversations for the framework tests: fixed messages at chosen turns
(the hard rule, a value, its revision, the final question) and filler everywhere else."""

from __future__ import annotations

from collections.abc import Callable, Mapping

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
