"""Schema versions and the import of dspm-memory 0.1.x notebook files.

The fixtures are hand-written in the shape dspm-memory 0.1.20's ``save`` writes
(``schema``, ``turns``, ``conversation_tokens``, records of ``patch_id``, ``turn_index``,
``patch_type``, ``payload``, ``dependencies``, ``source_role``) and the older shape without
``source_role`` / ``conversation_tokens``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from dspm_core import DSPMMemory
from dspm_core.persist.schema import LEGACY_VERSION, detect_version, migrate
from dspm_core.state import SCHEMA_VERSION, NotebookValidationError, parse_state

FIXTURES = Path(__file__).parent / "fixtures"


def test_detects_versions() -> None:
    legacy = json.loads((FIXTURES / "dspm_memory_0_1_20.json").read_text())
    assert detect_version(legacy) == LEGACY_VERSION
    assert detect_version(legacy["patches"]) == LEGACY_VERSION  # very early: a bare list
    assert detect_version(DSPMMemory().to_dict()) == SCHEMA_VERSION


def test_imports_a_dspm_memory_0_1_20_notebook(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    shutil.copy(FIXTURES / "dspm_memory_0_1_20.json", path)
    m = DSPMMemory()
    assert m.load(path, strict=True) == 4
    # its records are replayed through the slot rules: later values supersede, with lineage
    window = m.store.find("Deploy window")
    assert [(p.value, [r.value for r in p.history]) for p in window] == [("Thursday", ["Tuesday"])]
    pdf = m.store.find("Invoice PDFs")[0]
    assert (pdf.op, pdf.value, pdf.history[0].value) == ("<=", "8 MB", "5 MB")
    code = next(p for p in m.all_patches if p.kind.value == "code")
    assert code.role.value == "assistant" and code.deps == (pdf.id,)  # ids translated
    assert "Thursday (was Tuesday)" in m.get_context()
    assert m.stats["turns"] == 6 and m.stats["conversation_tokens"] == 71
    assert {p.source for p in m.all_patches} == {"dspm-memory"}
    # the file is left as it was; saving writes the current schema
    assert path.read_bytes() == (FIXTURES / "dspm_memory_0_1_20.json").read_bytes()
    m.save(path)
    assert json.loads(path.read_text())["schema_version"] == SCHEMA_VERSION
    again = DSPMMemory()
    again.load(path, strict=True)
    assert again.get_context() == m.get_context()


def test_imports_a_pre_0_1_17_notebook_without_roles(tmp_path: Path) -> None:
    path = tmp_path / "older.json"
    shutil.copy(FIXTURES / "dspm_memory_0_1_16.json", path)  # loading locks next to the file
    m = DSPMMemory()
    assert m.load(path, strict=True) == 2
    assert {p.role.value for p in m.all_patches} == {"user"}
    assert m.stats["conversation_tokens"] == 0


def test_migrated_state_is_valid_current_schema() -> None:
    data = migrate(json.loads((FIXTURES / "dspm_memory_0_1_20.json").read_text()))
    assert data["schema_version"] == SCHEMA_VERSION
    state = parse_state(data)
    assert len(state.patches) == 4 and len(state.journal) >= 6


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["patches"][1].update(patch_type="rulez"), r"patches\[1\]\.patch_type: unknown kind"),
    (lambda d: d["patches"][0].pop("payload"), r"patches\[0\]\.payload: missing field"),
    (lambda d: d["patches"][2].update(turn_index=-4), r"patches\[2\]\.turn_index: expected a non-negative"),
    (lambda d: d["patches"][0].update(payload="   "), r"patches\[0\]\.payload: empty payload"),
    (lambda d: d["patches"][3].update(source_role="robot"), r"patches\[3\]\.source_role: unknown role"),
    (lambda d: d.update(patches={"a": 1}), r"notebook\.patches: expected a list"),
])
def test_bad_legacy_records_are_named(tmp_path: Path, mutate, message: str) -> None:
    data = json.loads((FIXTURES / "dspm_memory_0_1_20.json").read_text())
    mutate(data)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    with pytest.raises(NotebookValidationError, match=message):
        DSPMMemory().load(path, strict=True)
