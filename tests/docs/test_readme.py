"""The README's examples are true: the quickstart block and the usage example."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def _section(title: str) -> str:
    text = README.read_text(encoding="utf-8")
    m = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## )", text, re.S | re.M)
    assert m, f"README has no section {title!r}"
    return m.group(1)


def test_quickstart_is_two_one_line_commands():
    blocks = re.findall(r"```bash\n(.*?)```", _section("Quickstart"), re.S)
    assert len(blocks) == 1
    lines = [ln for ln in blocks[0].splitlines() if ln.strip()]
    assert len(lines) == 2
    assert "dspm demo" in lines[0]
    assert "pytest" in lines[1]


def test_ci_runs_the_readme_test_command():
    test_cmd = re.findall(r"```bash\n(.*?)```", _section("Quickstart"), re.S)[0].splitlines()[1]
    pytest_part = test_cmd.split("&&")[-1].strip()
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert pytest_part in ci


def _prints_what_it_says(block: str) -> None:
    expected = [ln[2:] for ln in block.splitlines() if ln.startswith("# ")]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, "README.md", "exec"), {})  # noqa: S102 - our own README
    assert out.getvalue().splitlines() == expected


def test_usage_example_prints_what_it_says():
    _prints_what_it_says(re.findall(r"```python\n(.*?)```", _section("Use it"), re.S)[0])


def test_everyday_revisions_print_what_they_say():
    blocks = re.findall(r"### Revisions in everyday words\n.*?```python\n(.*?)```",
                        _section("Use it"), re.S)
    assert blocks, "README has no 'Revisions in everyday words' example"
    assert "(was 300 then 60)" in blocks[0] and "(was Oct 20)" in blocks[0]
    _prints_what_it_says(blocks[0])


def test_example_output_is_what_dspm_demo_prints():
    from click.testing import CliRunner

    from dspm_core.cli import cli

    block = re.findall(r"```text\n(.*?)```", _section("Example output"), re.S)[0]
    out = CliRunner().invoke(cli, ["demo"]).output
    strip_ms = lambda text: re.sub(r"in \d+ ms", "in N ms", text).strip()  # noqa: E731
    assert strip_ms(out).startswith(strip_ms(block))
