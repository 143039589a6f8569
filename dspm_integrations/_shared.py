"""What every adapter shares, with no framework import: the block, the defaults, the window.

One vocabulary for the LangChain and LlamaIndex adapters:

* ``budget`` (default :data:`DEFAULT_BUDGET`): tokens of the whole memory block, fences
  and header included, at least :data:`MIN_BLOCK_BUDGET` with the default header and
  tokenizer.
* ``max_history_tokens`` (default :data:`DEFAULT_MAX_HISTORY_TOKENS`, ``None`` for no
  bound): tokens of the raw recent messages sent beside the block.
* ``max_history_messages`` (default ``None``): a cap on their number as well.
* ``header``: the first line inside the block.

The block is always::

    <dspm_memory>
    Memory (rules and decisions from earlier in this conversation):
    rule: ...
    </dspm_memory>

Blocks in the formats of earlier releases (the header followed by lines and
``(end of memory)``) are still recognised, so they are never ingested back.
"""

from __future__ import annotations

import contextlib
import re
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from dspm_core import MIN_BUDGET, DSPMMemory
from dspm_core.errors import BudgetError, ConfigError, DSPMError
from dspm_core.line_safety import neutralise_tags, prefix_pattern
from dspm_core.patch import KIND_TAGS
from dspm_core.tokens import TokenCounter

__all__ = [
    "BLOCK_CLOSE",
    "BLOCK_OPEN",
    "DEFAULT_BUDGET",
    "DEFAULT_HEADER",
    "DEFAULT_MAX_HISTORY_TOKENS",
    "LEGACY_FOOTER",
    "MIN_BLOCK_BUDGET",
    "block_overhead",
    "check_header",
    "check_history_bounds",
    "raising_dspm_errors",
    "contains_block",
    "format_block",
    "min_block_budget",
    "recent_start",
    "render_block",
    "renamed_alias",
    "strip_block",
]

#: The first line inside every memory block, telling the model what the lines below are.
DEFAULT_HEADER = "Memory (rules and decisions from earlier in this conversation):"
#: The fences around the block. They make it recognisable, so the block (or a model's
#: echo of it) is removed before a message is ingested and never feeds itself back.
BLOCK_OPEN = "<dspm_memory>"
BLOCK_CLOSE = "</dspm_memory>"
#: The last line of the LlamaIndex adapter's block in earlier releases (still recognised).
LEGACY_FOOTER = "(end of memory)"

#: Default token budget of the memory block.
DEFAULT_BUDGET = 250
#: Default token bound of the raw recent messages sent beside the block.
DEFAULT_MAX_HISTORY_TOKENS = 1000
#: The smallest ``budget`` with the default header and the default ``cl100k_base``
#: tokenizer: :data:`dspm_core.MIN_BUDGET` for the lines plus the fences and header.
#: (A test checks it against :func:`min_block_budget`.)
MIN_BLOCK_BUDGET = 37

_TAGS = "|".join(map(re.escape, sorted(set(KIND_TAGS.values()))))
_LINE_RE = re.compile(rf"^\s*{prefix_pattern(_TAGS)}")
_FENCED_RE = re.compile(re.escape(BLOCK_OPEN) + r".*?" + re.escape(BLOCK_CLOSE), re.S)
_FENCE_RE = re.compile(re.escape(BLOCK_OPEN) + "|" + re.escape(BLOCK_CLOSE))


def _legacy_re(header: str) -> re.Pattern[str]:
    return re.compile(re.escape(header) + r".*?" + re.escape(LEGACY_FOOTER), re.S)


def format_block(body: str, header: str = DEFAULT_HEADER, *, fenced: bool = True) -> str:
    """The rendered memory lines under ``header``, wrapped in their fences (``fenced``);
    ``""`` when there are none. The lines come one per patch from the renderer; a fence
    or role tag inside one is neutralised here too, so the block has exactly one opening
    and one closing fence whatever the lines hold."""
    if not body.strip():
        return ""
    body = neutralise_tags(body)
    if not fenced:
        return f"{header}\n{body}"
    return f"{BLOCK_OPEN}\n{header}\n{body}\n{BLOCK_CLOSE}"


def contains_block(text: str, header: str = DEFAULT_HEADER) -> bool:
    """Whether ``text`` holds a memory block or a piece of one (a fence or the header)."""
    return BLOCK_OPEN in text or BLOCK_CLOSE in text or header in text


def strip_block(text: str, header: str = DEFAULT_HEADER) -> str:
    """``text`` without any memory block, whole or echoed in part, in this release's
    format or an earlier one.

    Whole blocks go first; then what is left of a partial echo: a lone fence, the header
    line, the memory lines right after either, and an old-format footer.
    """
    if not contains_block(text, header):
        return text
    text = _FENCED_RE.sub("", text)
    text = _legacy_re(header).sub("", text)
    out: list[str] = []
    skipping = False
    for line in text.splitlines():
        bare = line.strip()
        if bare == header or bare == LEGACY_FOOTER or _FENCE_RE.fullmatch(bare):
            skipping = bare != LEGACY_FOOTER
            continue
        if skipping and (_LINE_RE.match(line) or not bare):
            continue
        skipping = False
        out.append(line)
    return "\n".join(out).strip()


@contextlib.contextmanager
def raising_dspm_errors() -> Iterator[None]:
    """Let a DSPM error raised while pydantic validates a model surface as itself (pydantic
    wraps every ``ValueError`` of a validator, ``ConfigError`` included)."""
    try:
        yield
    except ValueError as exc:
        errors = getattr(exc, "errors", None)
        for err in errors() if callable(errors) else ():
            cause = (err.get("ctx") or {}).get("error")
            if isinstance(cause, DSPMError):
                raise cause from None
        raise


def check_header(header: Any) -> str:
    if not isinstance(header, str) or not header.strip() or "\n" in header:
        raise ConfigError("header must be one non-empty line")
    return header


# ---------------------------------------------------------------------------- budgets
def block_overhead(counter: TokenCounter, header: str = DEFAULT_HEADER) -> int:
    """Tokens the fences and the header add to the lines (counted apart: a token may
    straddle a line break when the pieces are joined)."""
    return counter.count(f"{BLOCK_OPEN}\n{header}\n") + counter.count(f"\n{BLOCK_CLOSE}")


def min_block_budget(counter: TokenCounter, header: str = DEFAULT_HEADER) -> int:
    """The smallest block budget: :data:`dspm_core.MIN_BUDGET` for the lines plus the
    fences and the header."""
    return MIN_BUDGET + block_overhead(counter, header)


def check_block_budget(budget: Any, counter: TokenCounter, header: str = DEFAULT_HEADER) -> int:
    if isinstance(budget, bool) or not isinstance(budget, int):
        raise BudgetError(f"budget must be an integer number of tokens, got {budget!r}")
    least = min_block_budget(counter, header)
    if budget < least:
        raise BudgetError(f"budget must be at least {least} tokens (the block's fences and "
                          f"header take {least - MIN_BUDGET}), got {budget}")
    return budget


def lines_budget(budget: int, counter: TokenCounter, header: str = DEFAULT_HEADER) -> int:
    """The budget left for the memory lines inside a block of ``budget`` tokens."""
    return budget - block_overhead(counter, header)


def render_block(memory: DSPMMemory, query: str, budget: int,
                 header: str = DEFAULT_HEADER, *, fenced: bool = True,
                 shown: Sequence[str] = ()) -> str:
    """The fenced block of ``memory`` for ``query`` in at most ``budget`` tokens, counted
    with the memory's own tokenizer; ``""`` when memory is empty or nothing fits.
    ``shown``: the texts of the messages sent beside the block (the user's sentences in
    them are not repeated in it).

    The memory renders its lines under ``budget`` minus the fences and header; when the
    joined text counts more (token counts of joined text are not always additive) it
    renders again a little smaller.
    """
    if not len(memory.store):
        return ""
    counter = memory.counter
    inner = lines_budget(budget, counter, header)
    while inner >= MIN_BUDGET:
        body = (memory.render(query, shown=shown) if inner == memory.budget
                else memory.render(query, budget=inner, shown=shown)).text
        text = format_block(body, header, fenced=fenced)
        if not text:
            return ""
        n = counter.count(text)
        if n <= budget:
            return text
        inner -= n - budget
    return ""


# ---------------------------------------------------------------------------- the window
def check_history_bounds(max_history_tokens: Any, max_history_messages: Any) -> None:
    for name, value in (("max_history_tokens", max_history_tokens),
                        ("max_history_messages", max_history_messages)):
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ConfigError(f"{name} must be a non-negative integer or None, got {value!r}")


def renamed_alias(old: str, new: str, value: Any, current: Any, default: Any) -> Any:
    """The value of ``new`` when the deprecated ``old`` was passed (with a warning)."""
    if value is None:
        return current
    if current != default:
        raise ConfigError(f"pass {new}= only ({old}= is its deprecated alias)")
    warnings.warn(f"{old}= is deprecated and will be removed in the next release; "
                  f"use {new}= (a count of messages) and max_history_tokens= instead",
                  DeprecationWarning, stacklevel=4)
    return value


def recent_start(kinds: Sequence[str], cost: Callable[[int], int], *,
                 max_tokens: int | None, max_messages: int | None,
                 keep_last: bool = True) -> int:
    """Where the bounded window of recent messages starts (an index into ``kinds``).

    ``kinds`` are ``"user"``, ``"assistant"``, ``"tool"`` or ``"system"``; ``cost(i)`` is
    the token cost of message ``i`` (asked only for the messages the window reaches). The
    window opens on a user message (as chat models expect), so it holds whole exchanges
    and a tool call is never separated from its results; with no user message at all it
    opens on any message but a tool result. The newest exchange (everything since the
    latest user message: the current tool loop) is always kept when ``keep_last``, even
    over the bounds; older exchanges are added whole, newest first, while the window
    stays within ``max_tokens`` and ``max_messages``.
    """
    n = len(kinds)
    if n == 0:
        return 0
    opener = "user" if "user" in kinds else None

    def opens(i: int) -> bool:
        return kinds[i] == opener if opener else kinds[i] != "tool"

    last = next((i for i in range(n - 1, -1, -1) if opens(i)), 0)
    start = last if keep_last else n
    total = sum(cost(i) for i in range(start, n))
    for i in range(start - 1, -1, -1):
        total += cost(i)
        if max_tokens is not None and total > max_tokens:
            break
        if max_messages is not None and n - i > max_messages:
            break
        if opens(i):
            start = i
    return start
