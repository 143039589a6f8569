"""The persistence package works on saved state through its protocols: no module of it
imports the facade (``dspm_core.memory``) or a framework, not even for type checking, and
the SQL binding imports no concrete store."""

from __future__ import annotations

import ast
from pathlib import Path

import dspm_core.persist

PERSIST = Path(dspm_core.persist.__file__).parent


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            out.add(base)
            out.update(f"{base}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_no_module_of_persist_imports_the_facade() -> None:
    offenders = {p.name: sorted(i for i in _imports(p)
                                if i.startswith(("..memory", "dspm_core.memory", "langchain",
                                                 "langgraph", "llama_index", "dspm_integrations"))
                                or i in ("...DSPMMemory", "..DSPMMemory"))
                 for p in PERSIST.glob("*.py")}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_binding_imports_no_concrete_store() -> None:
    imports = _imports(PERSIST / "binding.py")
    assert not any(i.startswith((".sqlite", ".postgres", "sqlite3", "psycopg")) for i in imports)


def test_memory_store_argument_is_the_store_protocol() -> None:
    import inspect

    from dspm_core import DSPMMemory

    hint = inspect.signature(DSPMMemory).parameters["store"].annotation
    assert "Store" in str(hint)
