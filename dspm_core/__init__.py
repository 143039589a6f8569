"""DSPM: typed, budgeted memory for long LLM conversations that keeps the user's rules.

Quick use::

    from dspm_core import DSPMMemory
    memory = DSPMMemory(budget=250)
    memory.add_turn("user", "The API rate limit must not exceed 100 requests per minute.")
    print(memory.get_context())
"""

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
    TokenizerError,
    UnknownPatchError,
)
from .extract import Extractor, RuleExtractor
from .memory import DSPMMemory
from .patch import CRITICAL_KINDS, Fact, Patch, PatchKind, Revision, Role, Turn
from .persist.schema import NotebookVersionError
from .persist.sqlite import SQLiteStore
from .state import NotebookValidationError
from .render import MIN_BUDGET, Rendered, RenderedLine, Renderer
from .store import DEFAULT_HISTORY_LIMIT, JournalEntry, MergeOutcome, PatchStore
from .tokens import TokenCounter, count_tokens, get_counter

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
    "Rendered",
    "SQLiteStore",
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
