"""Persistence of memory: the notebook file, and SQLite and PostgreSQL stores for many users.

* :mod:`dspm_core.persist.jsonfile` - ``memory.save(path)`` / ``memory.load(path)``: one JSON
  notebook, written atomically (``.bak`` kept), locked, validated, corrupt files quarantined.
* :mod:`dspm_core.persist.sqlite` - ``DSPMMemory(store=SQLiteStore("memory.db"), user_id=...)``:
  many users in one file, one transaction per turn, safe across threads and processes.
* :mod:`dspm_core.persist.postgres` - ``DSPMMemory(store=PostgresStore(dsn), user_id=...)``:
  the same contract in one PostgreSQL database shared by many app servers.
* :mod:`dspm_core.persist.schema` - schema versions and migrations (including notebooks of
  dspm-memory 0.1.x).
* :mod:`dspm_core.persist.base` - the ``Store`` / ``Binding`` protocols a store implements.

Names are imported lazily, so ``import dspm_core`` does not import portalocker or psycopg.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "Binding",
    "NotebookVersionError",
    "PostgresStore",
    "SQLiteStore",
    "Store",
    "load_notebook",
    "read_notebook",
    "save_notebook",
]

_WHERE = {
    "SQLiteStore": "sqlite",
    "PostgresStore": "postgres",
    "load_notebook": "jsonfile",
    "read_notebook": "jsonfile",
    "save_notebook": "jsonfile",
    "NotebookVersionError": "schema",
    "Binding": "base",
    "Store": "base",
}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
