"""Shared pieces of the LlamaIndex adapter: the block text, message handling, the ledger.

Pure helpers (no LlamaIndex import): how a LlamaIndex message becomes a DSPM turn, and the :class:`Ledger` that
remembers which messages were already ingested so that a history handed over again
(``set``, an engine's ``chat_history=``, ``Memory``'s active queue) is never ingested twice.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from dspm_core import MIN_BUDGET, DSPMMemory
from dspm_core.errors import ConfigError

from ._shared import (
    DEFAULT_HEADER,
    LEGACY_FOOTER,
    check_block_budget,
    contains_block,
    lines_budget,
    render_block,
    strip_block,
)
from ._shared import min_block_budget as shared_min_budget

__all__ = [
    "BLOCK_FOOTER",
    "BLOCK_HEADER",
    "Ledger",
    "block_text",
    "build_dspm",
    "contains_block",
    "dspm_role",
    "fingerprint",
    "message_text",
    "min_block_budget",
    "strip_block",
]

#: First line inside every memory block (the same header as the LangChain adapter's).
BLOCK_HEADER = DEFAULT_HEADER
#: The last line of this adapter's block in earlier releases; blocks ending with it are
#: still recognised (never ingested back).
BLOCK_FOOTER = LEGACY_FOOTER

_ROLES = {
    "user": "user",
    "assistant": "assistant",
    "system": "system",
    "developer": "system",
    "tool": "tool",
    "function": "tool",
    "chatbot": "assistant",
    "model": "assistant",
}


def _role_value(role: Any) -> str:
    return str(getattr(role, "value", role) or "").lower()


def dspm_role(role: Any) -> str:
    """The DSPM role of a LlamaIndex message role (unknown roles count as assistant:
    they never get a user's authority)."""
    return _ROLES.get(_role_value(role), "assistant")


def message_text(message: Any) -> str:
    """The text of a LlamaIndex ``ChatMessage`` (text blocks only; tool-call blocks and
    images have none)."""
    try:
        content = message.content
    except (AttributeError, ValueError):  # exotic message types without text content
        return ""
    return content if isinstance(content, str) else ""


def fingerprint(message: Any) -> str:
    """A stable digest of a message: role, text and tool-call ids.

    Stable across processes and serialisation (unlike ``hash``), so that a ledger saved
    with ``to_dict`` still recognises the restored messages.
    """
    h = hashlib.blake2b(digest_size=8)
    h.update(_role_value(getattr(message, "role", "")).encode())
    h.update(b"\x00")
    h.update(message_text(message).encode("utf-8", "surrogatepass"))
    kwargs = getattr(message, "additional_kwargs", None) or {}
    ids = [str(kwargs.get("tool_call_id") or "")]
    for block in getattr(message, "blocks", None) or ():
        call_id = getattr(block, "tool_call_id", None)
        if call_id:
            ids.append(str(call_id))
    h.update(b"\x00" + "\x1f".join(ids).encode("utf-8", "surrogatepass"))
    return h.hexdigest()


class Ledger:
    """Fingerprints of the messages already ingested, in conversation order.

    Positions are absolute (message 0 is the first ever ingested) even after old
    fingerprints are dropped to keep the ledger bounded.
    """

    def __init__(self, fps: Iterable[str] = (), offset: int = 0, cap: int = 4096) -> None:
        self.fps: list[str] = list(fps)
        self.offset = int(offset)
        self.cap = max(16, int(cap))
        self.lock = threading.RLock()

    def __len__(self) -> int:
        return self.offset + len(self.fps)

    def append(self, fp: str) -> None:
        self.fps.append(fp)
        if len(self.fps) > 2 * self.cap:
            drop = len(self.fps) - self.cap
            del self.fps[:drop]
            self.offset += drop

    def clear(self) -> None:
        self.fps.clear()
        self.offset = 0

    def _consistent(self, pos: int, window: Sequence[str]) -> bool:
        """Whether ``window`` placed at absolute position ``pos`` agrees with every
        fingerprint the ledger holds there (at least one must overlap, unless the window
        starts right after the ledger's end)."""
        n = len(self)
        if pos == n:
            return True
        lo, hi = max(pos, self.offset), min(pos + len(window), n)
        if lo >= hi:
            return False
        a, b = lo - self.offset, lo - pos
        if self.fps[a] != window[b]:  # cheap first check before the slice compare
            return False
        return self.fps[a:hi - self.offset] == list(window[b:b + hi - lo])

    def align(self, window: Sequence[str], hint: int | None = None) -> tuple[int, int]:
        """Where ``window`` (a contiguous run of the conversation) sits in the ledger.

        Returns ``(position of window[0], how many of window were already seen)``. Tried
        in order: the ``hint`` position, when the window overlaps the ledger there; the
        window continuing the ledger, longest overlap first; a hint right at the ledger's
        end (all new); the window lying wholly inside what was seen (nothing new:
        re-ingesting old messages would reorder revisions); otherwise everything is new.
        Positions before the retained fingerprints count as seen when the overlap that is
        kept agrees.
        """
        n = len(self)
        if not window:
            return n, 0
        if hint is not None and 0 <= hint < n and self._consistent(hint, window):
            return hint, min(n, hint + len(window)) - hint
        for pos in range(max(n - len(window), self.offset - len(window) + 1, 0), n):
            if self._consistent(pos, window):
                return pos, n - pos
        if hint == n:
            return n, 0
        for pos in range(self.offset, n - len(window)):
            if self._consistent(pos, window):
                return pos, len(window)
        return n, 0

    def to_dict(self) -> dict[str, Any]:
        return {"offset": self.offset, "fingerprints": list(self.fps)}

    @classmethod
    def from_dict(cls, data: Any) -> Ledger:
        if not isinstance(data, dict):
            raise ConfigError("dspm_seen must be an object with 'offset' and 'fingerprints'")
        fps = data.get("fingerprints", [])
        offset = data.get("offset", 0)
        if not isinstance(fps, list) or not all(isinstance(f, str) for f in fps):
            raise ConfigError("dspm_seen.fingerprints must be a list of strings")
        if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
            raise ConfigError("dspm_seen.offset must be a non-negative integer")
        return cls(fps, offset)


# ---------------------------------------------------------------------------- rendering
def min_block_budget(dspm: DSPMMemory) -> int:
    """The smallest budget a block can be rendered in (the same in every adapter)."""
    return shared_min_budget(dspm.counter)


def block_text(dspm: DSPMMemory, query: str, budget: int, *, fenced: bool = True,
               shown: Sequence[Any] = ()) -> str:
    """The memory block in at most ``budget`` tokens, counted by the memory's own
    tokenizer; ``""`` when memory is empty or nothing fits. ``fenced=False`` leaves out
    the fences (``Memory`` puts its blocks between tags named after them). ``shown``: the
    messages sent beside the block (their sentences are not repeated in it)."""
    return render_block(dspm, query, budget, fenced=fenced,
                        shown=[message_text(m) for m in shown])


def build_dspm(
    *,
    budget: int,
    tokenizer_fn: Callable[[str], Sequence[Any]] | None = None,
    extractor_llm: Any = None,
    extractor: Any = None,
    extractor_model: str | None = None,
    stable_order: bool = False,
    history_limit: int | None = None,
    strict_llm: bool = False,
    dspm: DSPMMemory | None = None,
    state: dict[str, Any] | None = None,
) -> DSPMMemory:
    """The :class:`DSPMMemory` behind a LlamaIndex memory or block.

    ``budget`` is the whole block's budget (header and footer included); the facade gets
    what is left for the rendered lines.
    """
    if dspm is not None:
        if extractor is not None or extractor_llm is not None or state is not None:
            raise ConfigError("pass dspm= alone: it already has its extractor and state")
        if not isinstance(dspm, DSPMMemory):
            raise ConfigError(f"dspm must be a DSPMMemory, got {type(dspm).__name__}")
        check_block_budget(budget, dspm.counter)
        return dspm
    if extractor is not None and extractor_llm is not None:
        raise ConfigError("pass either extractor= or extractor_llm=, not both")
    if extractor_llm is not None:
        from ._llama_extract import llama_index_extractor

        extractor = llama_index_extractor(extractor_llm, model=extractor_model)
    kwargs: dict[str, Any] = {"extractor": extractor, "stable_order": bool(stable_order),
                              "strict_llm": bool(strict_llm)}
    if tokenizer_fn is not None:
        fn = tokenizer_fn
        kwargs["tokenizer"] = lambda text: len(fn(text))
    if history_limit is not None:
        kwargs["history_limit"] = history_limit
    # Built at the smallest valid budget first: the real one depends on its counter.
    if state is not None:
        memory = DSPMMemory.from_dict(state, budget=MIN_BUDGET, **kwargs)
    else:
        memory = DSPMMemory(budget=MIN_BUDGET, **kwargs)
    check_block_budget(budget, memory.counter)
    memory.budget = lines_budget(budget, memory.counter)
    return memory
