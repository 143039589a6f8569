"""What a memory and a rendered context show: repr, Jupyter HTML; and lazy imports."""

from __future__ import annotations

import subprocess
import sys

import pytest

import dspm_core
from dspm_core import DSPMMemory


def _memory(budget: int = 250) -> DSPMMemory:
    memory = DSPMMemory(budget=budget)
    for text in ("Hard rule: never log full card numbers.",
                 "Set the webhook timeout to 30 seconds.",
                 "Change the webhook timeout to 10 seconds.",
                 "The API rate limit must not exceed 100 requests per minute.",
                 "Data retention must not exceed 5 years.",
                 "Audit logs must be kept for at least 1 year.",
                 "Let's use <b>PostgreSQL</b> & Redis."):
        memory.add_turn("user", text)
    return memory


def test_reprs_say_what_is_there() -> None:
    memory = _memory()
    assert repr(memory) == ("<DSPMMemory budget=250, 7 turns, 6 patches (6 critical), "
                            "RuleExtractor>")
    r = memory.render("webhook", budget=40)
    assert repr(r) == (f"<Rendered {r.tokens}/40 tokens, {len(r.lines)} lines, "
                       f"{len(r.dropped)} dropped, {len(r.dropped_criticals)} critical>")
    full = memory.render()
    assert repr(full) == f"<Rendered {full.tokens}/250 tokens, 6 lines, nothing dropped>"
    assert str(full) == full.text  # str is still the prompt text


def test_html_shows_lines_budget_lineage_and_escapes() -> None:
    memory = _memory()
    page = memory._repr_html_()
    r = memory.render()
    assert f"{r.tokens} of 250 tokens, 6 lines delivered" in page
    assert "<td class='dspm-lineage'>was 30 seconds</td>" in page  # lineage from the store
    assert "&lt;b&gt;PostgreSQL&lt;/b&gt; &amp; Redis" in page and "<b>" not in page
    small = memory.render(budget=40)._repr_html_()
    assert "critical" in small and "stored, not lost" in small
    assert small.count("<tr>") == len(memory.render(budget=40).lines) + 1  # header row
    assert "was 30" in memory.render()._repr_html_()  # read from the line itself


@pytest.mark.parametrize("statement, absent", [
    ("import dspm_core", ["openai", "dspm_core.memory", "dspm_core.extract", "lemminflect",
                          "sqlite3", "langchain_core", "llama_index"]),
    # the facade alone: lemminflect (numpy) and the rule extractor load with the first memory
    ("from dspm_core import DSPMMemory", ["openai", "lemminflect", "numpy",
                                          "dspm_core.extract.rules", "langchain_core"]),
    ("import dspm_integrations.langchain", ["openai", "llama_index", "dspm_core.extract.llm"]),
    ("import dspm_integrations.llama_index", ["openai", "langchain_core",
                                              "dspm_core.extract.llm"]),
])
def test_imports_load_only_what_they_need(statement: str, absent: list[str]) -> None:
    if "integrations" in statement:
        pytest.importorskip(statement.split()[-1].replace("dspm_integrations.", "")
                            .replace("llama_index", "llama_index.core")
                            .replace("langchain", "langchain_core"))
    probe = f"import sys; {statement}; print(','.join(m for m in {absent!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == ""


def test_lazy_names_resolve_and_are_listed() -> None:
    for name in dspm_core.__all__:
        assert getattr(dspm_core, name) is not None
    assert set(dspm_core.__all__) <= set(dir(dspm_core))
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        dspm_core.Nope  # noqa: B018
