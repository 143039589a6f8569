"""DSPM: typed, budgeted memory for long LLM conversations that keeps the user's rules.

Quick use::

    from dspm_core import DSPMMemory
    memory = DSPMMemory(budget=250)
    memory.add_turn("user", "The API rate limit must not exceed 100 requests per minute.")
    print(memory.get_context())
"""

import importlib
from typing import TYPE_CHECKING, Any

from .errors import (
    ArgumentError,
    ArgumentTypeError,
    BudgetError,
    ConfigError,
    CorruptNotebookError,
    CounterOverflowError,
    DSPMError,
    ExtractionError,
    InvalidPatchError,
    LockTimeoutError,
    PersistenceError,
    PoolExhaustedError,
    StatementTimeoutError,
    StoreUnavailableError,
    TokenizerError,
    UnknownPatchError,
)

# Everything else loads on first use (PEP 562): the rule extractor's patterns, the word
# lists and SQLite cost most of a second, which ``import dspm_core`` should not pay for
# a script that only wants an error class or the version.
_LAZY = {
    "Extractor": ".extract", "RuleExtractor": ".extract",
    "DSPMMemory": ".memory",
    "CRITICAL_KINDS": ".patch", "Fact": ".patch", "Patch": ".patch", "PatchKind": ".patch",
    "Revision": ".patch", "Role": ".patch", "Turn": ".patch",
    "NotebookVersionError": ".persist.schema",
    "SQLiteStore": ".persist.sqlite",
    "PostgresStore": ".persist.postgres",
    "NotebookValidationError": ".state",
    "MIN_BUDGET": ".render", "Rendered": ".render", "RenderedLine": ".render",
    "Renderer": ".render",
    "DEFAULT_HISTORY_LIMIT": ".store", "JournalEntry": ".store", "MergeOutcome": ".store",
    "PatchStore": ".store",
    "TokenCounter": ".tokens", "count_tokens": ".tokens", "get_counter": ".tokens",
}

if TYPE_CHECKING:
    from .extract import Extractor, RuleExtractor
    from .memory import DSPMMemory
    from .patch import CRITICAL_KINDS, Fact, Patch, PatchKind, Revision, Role, Turn
    from .persist.schema import NotebookVersionError
    from .persist.postgres import PostgresStore
    from .persist.sqlite import SQLiteStore
    from .render import MIN_BUDGET, Rendered, RenderedLine, Renderer
    from .state import NotebookValidationError
    from .store import DEFAULT_HISTORY_LIMIT, JournalEntry, MergeOutcome, PatchStore
    from .tokens import TokenCounter, count_tokens, get_counter


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'dspm_core' has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__version__ = "0.1.0"

__all__ = [
    "CRITICAL_KINDS",
    "DEFAULT_HISTORY_LIMIT",
    "MIN_BUDGET",
    "ArgumentError",
    "ArgumentTypeError",
    "BudgetError",
    "ConfigError",
    "CorruptNotebookError",
    "CounterOverflowError",
    "DSPMError",
    "DSPMMemory",
    "ExtractionError",
    "Extractor",
    "Fact",
    "InvalidPatchError",
    "JournalEntry",
    "LockTimeoutError",
    "MergeOutcome",
    "NotebookValidationError",
    "NotebookVersionError",
    "Patch",
    "PatchKind",
    "PatchStore",
    "PersistenceError",
    "PoolExhaustedError",
    "PostgresStore",
    "Rendered",
    "SQLiteStore",
    "StatementTimeoutError",
    "StoreUnavailableError",
    "RenderedLine",
    "Renderer",
    "Revision",
    "Role",
    "RuleExtractor",
    "TokenCounter",
    "TokenizerError",
    "Turn",
    "UnknownPatchError",
    "__version__",
    "count_tokens",
    "get_counter",
]
