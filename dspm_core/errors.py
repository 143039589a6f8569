"""The DSPM exception tree.

Every error DSPM raises on purpose derives from :class:`DSPMError`, so callers can
catch one class. Subclasses say what went wrong::

    DSPMError
    ├── ArgumentError          a public method got a bad argument value (also a ValueError);
    │   │                      the message names the argument
    │   └── ArgumentTypeError  an argument of the wrong type (also a TypeError)
    ├── ConfigError            bad constructor or setting (e.g. a budget below the minimum)
    │   └── BudgetError
    ├── InvalidPatchError      a patch or fact that cannot be stored (unknown kind, empty text)
    ├── UnknownPatchError      an id that is not in the store (pin, forget)
    ├── TokenizerError         a tokenizer that cannot be built offline
    ├── ExtractionError        an extractor failed (raised only in strict mode)
    │   └── ExtractionTimeoutError  no complete reply within the extraction's deadline
    └── PersistenceError       saving or loading memory failed
        ├── CorruptNotebookError
        │   └── NotebookValidationError   (dspm_core.state: a field fails validation)
        │       └── NotebookVersionError  (dspm_core.persist.schema: from a newer release)
        ├── LockTimeoutError       a file, row or advisory lock not granted in time
        ├── StoreUnavailableError  the database could not be reached or the connection was
        │   │                      lost; the turn stays pending and is applied once on retry
        │   └── PoolExhaustedError no pooled connection came free in time
        ├── StatementTimeoutError  the database cancelled a statement that ran too long
        └── CounterOverflowError   a counter too large to store (also an OverflowError)
"""

from __future__ import annotations

__all__ = [
    "ArgumentError",
    "ArgumentTypeError",
    "BudgetError",
    "ConfigError",
    "CorruptNotebookError",
    "CounterOverflowError",
    "DSPMError",
    "ExtractionError",
    "ExtractionTimeoutError",
    "InvalidPatchError",
    "LockTimeoutError",
    "PersistenceError",
    "PoolExhaustedError",
    "StatementTimeoutError",
    "StoreUnavailableError",
    "TokenizerError",
    "UnknownPatchError",
]


class DSPMError(Exception):
    """Root of every error DSPM raises on purpose."""


class ArgumentError(DSPMError, ValueError):
    """An argument of a public method has a value it cannot take; the message names it."""


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument of a public method has the wrong type; the message names it."""


class ConfigError(DSPMError, ValueError):
    """A constructor argument or setting is invalid."""


class BudgetError(ConfigError):
    """A token budget below the documented minimum (or not an integer)."""


class InvalidPatchError(DSPMError, ValueError):
    """A patch or extracted fact cannot be stored: unknown kind, empty text, bad field."""


class UnknownPatchError(DSPMError, KeyError):
    """A patch id that the store does not hold."""

    def __str__(self) -> str:  # KeyError quotes its argument; keep the message readable
        return str(self.args[0]) if self.args else "unknown patch"


class TokenizerError(DSPMError):
    """A tokenizer could not be built without the network."""


class ExtractionError(DSPMError):
    """Extraction of a turn failed (raised only when strict extraction is asked for)."""


class ExtractionTimeoutError(ExtractionError):
    """No complete reply arrived within the extraction's overall deadline (the turn is
    kept pending and retried later)."""


class PersistenceError(DSPMError):
    """Saving or loading memory failed."""


class CorruptNotebookError(PersistenceError):
    """A saved notebook file is unreadable or fails validation."""


class LockTimeoutError(PersistenceError):
    """Waiting for the lock on a notebook file took longer than the timeout."""


class StoreUnavailableError(PersistenceError):
    """The database could not be reached, or the connection was lost during a transaction.

    Nothing of the change is known to have been applied; a turn being committed stays
    pending in the memory and its retry is applied once (its row carries a key)."""


class PoolExhaustedError(StoreUnavailableError):
    """Every connection of the store's pool stayed busy for longer than its timeout."""


class StatementTimeoutError(PersistenceError):
    """The database cancelled a statement that ran longer than the store's statement
    timeout (the transaction was rolled back)."""


class CounterOverflowError(PersistenceError, OverflowError):
    """A counter (turns, tokens, sequence numbers) above what a saved memory holds (2**53)."""


#: Failures of a store's commit that leave nothing of the change applied (or, for a lost
#: connection, applied at most once: the turn row carries a key): the memory keeps the
#: turn pending and commits it later.
NOT_COMMITTED = (StoreUnavailableError, LockTimeoutError, StatementTimeoutError)
