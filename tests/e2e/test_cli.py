"""The ``dspm`` command, run as a real subprocess (and through click's runner)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from dspm_core.cli import cli


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dspm_core.cli", *args], capture_output=True,
                          text=True, timeout=120, env={**os.environ, **(env or {})})


def test_demo_runs_offline_and_shows_rules_and_lineage():
    proc = run("demo")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    for budget in (60, 120, 250):
        assert f"=== budget {budget}:" in out
    assert "(was 300 then 60)" in out  # session TTL lineage
    assert "never log full card numbers" in out
    # the assistant's false "stays at 60 seconds" is never shown as current
    assert "stays at 60 seconds" not in out
    stats = out.split("stats at the largest budget:")[1]
    assert "undelivered_criticals  0" in stats


def test_demo_never_exceeds_the_budgets():
    from dspm_core import get_counter

    out = CliRunner().invoke(cli, ["demo", "--budgets", "40,80"]).output
    counter = get_counter()
    for block in out.split("=== budget ")[1:]:
        head, _, body = block.partition("\n")
        budget = int(head.split(":")[0])
        context = body.split("\n\n")[0]
        assert counter.count(context) <= budget


def test_compress_json_and_jsonl(tmp_path):
    msgs = [{"role": "user", "content": "The API rate limit must not exceed 100 requests per minute."},
            {"role": "assistant", "content": "Noted."},
            {"role": "user", "content": [{"type": "text", "text": "Never use eval."}]}]
    as_json = tmp_path / "t.json"
    as_json.write_text(json.dumps({"messages": msgs}))
    as_jsonl = tmp_path / "t.jsonl"
    as_jsonl.write_text("\n".join(json.dumps(m) for m in msgs))
    outs = []
    for path in (as_json, as_jsonl):
        res = CliRunner().invoke(cli, ["compress", str(path), "--budget", "60", "--json"])
        assert res.exit_code == 0, res.output
        data = json.loads(res.output)
        assert data["tokens"] <= 60
        assert "100 requests per minute" in data["context"] and "eval" in data["context"]
        outs.append(data["context"])
    assert outs[0] == outs[1]


@pytest.mark.parametrize("content,needle", [
    ("not json at all", "not JSON or JSONL"),
    ('[{"role": "user"}]', "needs string 'role' and 'content'"),
    ("[1, 2]", "is not an object"),
])
def test_compress_errors_are_one_line(tmp_path, content, needle):
    path = tmp_path / "bad.json"
    path.write_text(content)
    proc = run("compress", str(path))
    assert proc.returncode != 0
    assert needle in proc.stderr
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_compress_missing_file_and_bad_budget(tmp_path):
    proc = run("compress", str(tmp_path / "none.json"))
    assert proc.returncode != 0 and "cannot read" in proc.stderr and "Traceback" not in proc.stderr
    path = tmp_path / "t.json"
    path.write_text('[{"role": "user", "content": "Never use eval."}]')
    proc = run("compress", str(path), "--budget", "3")
    assert proc.returncode != 0 and "at least 16" in proc.stderr and "Traceback" not in proc.stderr


def test_compress_progress_bar_for_long_transcripts(tmp_path):
    path = tmp_path / "long.jsonl"
    path.write_text("\n".join(json.dumps({"role": "user", "content": f"Status line {i}."})
                              for i in range(250)))
    proc = run("compress", str(path))
    assert proc.returncode == 0
    assert "ingesting" in proc.stderr


def test_compress_with_an_llm_endpoint(tmp_path):
    pytest.importorskip("openai")
    from llm_server import ScriptedServer, facts_reply

    server = ScriptedServer().start()
    try:
        server.responder = (lambda request: facts_reply(
            {"kind": "constraint", "text": "Refunds must be issued within 14 days.",
             "slot": "refund window", "op": "<=", "value": "14", "unit": "days"}))
        path = tmp_path / "t.json"
        path.write_text(json.dumps([{"role": "user",
                                     "content": "Please make sure refunds go out within two weeks."}]))
        proc = run("compress", str(path), "--base-url", server.url, "--model", "test-model",
                   "--json", env={"OPENAI_API_KEY": "test-key"})
        assert proc.returncode == 0, proc.stderr
        data = json.loads(proc.stdout)
        assert "14 days" in data["context"]
        assert server.requests and server.requests[0]["model"] == "test-model"
    finally:
        server.stop()


def test_compress_needs_both_base_url_and_model(tmp_path):
    path = tmp_path / "t.json"
    path.write_text('[{"role": "user", "content": "Never use eval."}]')
    proc = run("compress", str(path), "--model", "x", env={"OPENAI_BASE_URL": ""})
    assert proc.returncode != 0 and "needs both --base-url and --model" in proc.stderr
