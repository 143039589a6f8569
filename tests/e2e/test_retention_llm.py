"""The retention benchmark's ``dspm_llm`` system: DSPM with the LLM extractor, run through the
benchmark's own harness against a real OpenAI-compatible endpoint on 127.0.0.1."""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

openai = pytest.importorskip("openai")

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from llm_server import Reply, ScriptedServer, facts_reply, message_block  # noqa: E402
from retention import main, run_case  # noqa: E402
from retention_metric import make_key  # noqa: E402
from retention_systems import TokenCounter, build  # noqa: E402
from retention_tasks import Case, Item, Probe  # noqa: E402

PREFERENCE = "I am vegan, so never suggest recipes with meat, eggs or dairy."
FILLER = "Thanks, that list of hiking trails near the coast looks useful."


def _answer(body: dict[str, Any]) -> Reply:
    """The model: a constraint for the preference, no fact for anything else."""
    turn = message_block(body)
    if "vegan" in turn:
        return facts_reply({"kind": "constraint", "text": PREFERENCE})
    return facts_reply()


@pytest.fixture(autouse=True)
def answering(server: ScriptedServer) -> None:
    server.responder = _answer


def test_dspm_llm_is_built_only_with_an_endpoint_and_a_model():
    made, skipped = build(["dspm_llm"], TokenCounter())
    assert made == {} and skipped == {"dspm_llm": "needs --base-url and --model"}


def test_dspm_llm_delivers_what_the_model_extracted(server):
    tc = TokenCounter()
    systems, skipped = build(["dspm_llm"], tc, base_url=server.url, model="test-model")
    assert skipped == {} and list(systems) == ["dspm_llm"]
    turns = [("user", PREFERENCE)] + [("user", FILLER), ("assistant", "Glad it helps.")] * 10
    probe = Probe(task="prefeval_explicit", group="depth=20", at=len(turns),
                  query="What should I cook for dinner tonight?",
                  items=[Item("present", [make_key(PREFERENCE)])], item_ids=["vegan:0:d20"])
    seconds: defaultdict[str, float] = defaultdict(float)
    results = run_case(Case("prefeval", "vegan/0", turns, [probe]), systems, [60, 250], tc,
                       True, seconds)
    assert [(r["budget"], r["delivered"]) for r in results] == [(60, True), (250, True)]
    assert seconds["dspm_llm"] > 0
    # the model was asked about every user turn, and saw the preference itself
    sent = [message_block(r) for r in server.requests]
    assert PREFERENCE in sent and sent.count(FILLER) == 10


def test_the_command_line_runs_dspm_llm_on_a_data_folder(server, tmp_path, capsys):
    """``--base-url``/``--model`` on a tiny MT-Eval-shaped folder: the run writes its table."""
    data = tmp_path / "data" / "mt-eval" / "raw_data"
    data.mkdir(parents=True)
    dialogue = [{"id": "1_sum_1", "user": "Content: A story.\n\nInstruction: I am vegan, "
                 "summarise the story.", "sys": "A summary."},
                {"id": "1_sum_2", "user": "Use at most 20 words.", "sys": "Short."}]
    (data / "refinement_multi_inst.jsonl").write_text(
        "\n".join(json.dumps(dialogue) for _ in range(2)) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    code = main(["--data", str(tmp_path / "data"), "--split", "dev", "--tasks", "mteval",
                 "--systems", "dspm,dspm_llm", "--budgets", "120", "--base-url", server.url,
                 "--model", "test-model", "--out", str(out)])
    assert code == 0
    table = (out / "retention.md").read_text(encoding="utf-8")
    assert "| dspm | dspm_llm |" in table
    meta = json.loads((out / "retention.json").read_text(encoding="utf-8"))["meta"]
    assert meta["systems"] == ["dspm", "dspm_llm"] and "dspm_llm" in meta["seconds_by_system"]
    assert server.requests, "the endpoint was never called"
