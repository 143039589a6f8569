"""The retention benchmark's metric and scoring, on hand-written inputs (no data needed)."""

from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCH))

from retention import aggregate, markdown, score_probe  # noqa: E402
from retention_metric import (  # noqa: E402
    carries, delivered, make_key, make_line, stale_lines, strip_lineage, update_delivered,
    value_pairs)
from retention_systems import BM25, Recent, SmallBM25, TokenCounter, bm25_tokens  # noqa: E402
from retention_tasks import Item, Probe, _instruction, distractor_turns  # noqa: E402


def test_units_are_normalised_and_must_follow_the_number() -> None:
    assert ("250", "ms") in value_pairs("around 250ms")
    assert ("250", "ms") in value_pairs("250 milliseconds")
    key = make_key("250ms")
    assert carries(make_line("dashboard API response time 250 ms"), key)
    assert not carries(make_line("250 requests, 5 ms"), key)


def test_count_noun_may_stand_anywhere_in_the_line() -> None:
    key = make_key("165 commits")
    assert carries(make_line("commits merged into main, which has now reached 165"), key)
    assert not carries(make_line("reached 165"), key)


def test_half_the_content_words_and_all_names_in_one_line() -> None:
    key = make_key("I prefer PostgreSQL over other databases for the analytics service.")
    assert key.names == {"postgresql"}
    assert carries(make_line("rule: prefer PostgreSQL for analytics"), key)
    # the words are split over two lines: not delivered
    lines = [make_line("prefer PostgreSQL"), make_line("databases for analytics service")]
    assert delivered(lines, key) == -1
    # enough words but the name is missing
    assert not carries(make_line("prefer other databases for the analytics service"), key)


def test_sentence_initial_capital_is_not_a_name() -> None:
    key = make_key("Always format code snippets with syntax highlighting.")
    assert key.names == frozenset()
    assert carries(make_line("rule: format code with syntax highlighting"), key)


def test_update_new_value_and_old_value_marked_or_absent() -> None:
    new, old = make_key("250ms"), {("350", "ms")}
    ok, at, stale = update_delivered([make_line("API latency 250 ms (was 350 ms)")], new, old)
    assert ok and at == 0 and stale == []
    ok, _, stale = update_delivered(
        [make_line("API latency 250 ms"), make_line("user: the API takes 350ms now")], new, old)
    assert not ok and stale == [1]
    ok, at, _ = update_delivered([make_line("API latency (was 250 ms)")], new, old)
    assert not ok
    assert strip_lineage("x 10 s (was 30 s then 20 s)").strip() == "x 10 s"
    assert stale_lines([make_line("nothing here")], set()) == []


def test_score_probe_kinds() -> None:
    probe = Probe(task="t", group="", at=3, query="q",
                  items=[Item("present", [make_key("Use at most 30 words.")]),
                         Item("both", [make_key("I never wrote Flask routes"),
                                       make_key("I implemented a Flask homepage route")])],
                  item_ids=["a", "b"])
    got = score_probe(probe, ["rule: use at most 30 words", "I never wrote Flask routes"])
    assert [r["delivered"] for r in got] == [True, False]
    got = score_probe(probe, ["use 30 words", "I never wrote Flask routes",
                              "implemented Flask homepage route"])
    assert got[0]["delivered"] is True  # "at most" are stopwords; 30 and "use word" remain
    assert got[1]["delivered"] is True and got[1]["lines_at"] == [1, 2]


def test_aggregate_and_markdown() -> None:
    rows = [{"task": "t", "group": "", "budget": 120, "system": "a", "delivered": True},
            {"task": "t", "group": "", "budget": 120, "system": "a", "delivered": False},
            {"task": "t", "group": "", "budget": 120, "system": "b", "delivered": True}]
    agg = aggregate(rows)
    assert agg[("t", "", 120, "a")] == [1, 2]
    table = markdown(rows, ["a", "b"], [120], "## x")
    assert "| t |  | 120 | 1/2 (50%) | 1/1 (100%) |" in table


def test_recent_and_bm25_respect_the_budget() -> None:
    tc = TokenCounter()
    turns = [("user", "my webhook timeout is 10 seconds"), ("assistant", "noted " * 50),
             ("user", "what about the weather today")]
    for system in (Recent(tc), BM25(tc)):
        for budget in (5, 20, 200):
            lines = system.lines(turns, "webhook timeout", budget)
            assert tc.count("\n".join(lines)) <= budget
    assert Recent(tc).lines(turns, "", 20) == ["user: what about the weather today"]
    got = BM25(tc).lines(turns, "webhook timeout", 20)  # best turn first, then fill
    assert "user: my webhook timeout is 10 seconds" in got
    assert all("noted" not in line for line in got)


def test_small_bm25_prefers_the_matching_document() -> None:
    docs = [bm25_tokens(t) for t in ("the cat sat", "webhook timeout ten seconds", "the dog")]
    scores = SmallBM25(docs).get_scores(bm25_tokens("webhook timeout"))
    assert max(range(3), key=scores.__getitem__) == 1


def test_task_helpers() -> None:
    assert _instruction("Content: a story.\n\nInstruction: Write a summary.") == "Write a summary."
    inter = [{"conversation": [{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"}]},
             {"conversation": [{"role": "user", "content": "c"}]}]
    assert distractor_turns(inter, 1, 4) == [("user", "c"), ("user", "a"), ("assistant", "b"),
                                             ("user", "c")]


def test_old_values_leave_out_bare_numbers_and_current_values_and_read_dates() -> None:
    from retention_tasks import new_value_stated, old_values
    item = {"answer": "April 25", "question": "When is the onboarding due, 3 weeks out?",
            "rubric": ["LLM response should state: April 25"],
            "potential_confusion": "It was April 20, with 3 modules and 12 reviewers left."}
    new = make_key("April 25")
    old = old_values(item, new, {})
    assert old == {("20", "@apr"), ("12", "reviewer")}  # 3 is in the question; "3 modules" too
    lines = [make_line("rule: finish onboarding by April 25 (was April 20)"),
             make_line("note: 20 people joined in April"),
             make_line("decision: onboarding deadline = Apr. 20")]
    assert stale_lines(lines, old) == [2]
    assert new_value_stated(new, [{"content": "The new date is April 25 ->-> 3,4"}])
    assert not new_value_stated(new, [{"content": "It was April 20."}])


def test_markdown_reports_updates_without_stale_values() -> None:
    base = {"task": "beam_knowledge_update", "group": "new value stated", "budget": 120,
            "kind": "update"}
    results = [dict(base, system="dspm", delivered=True, stale_lines=[]),
               dict(base, system="dspm", delivered=False, stale_lines=[3])]
    table = markdown(results, ["dspm"], [120], "## t")
    assert "| new value stated | 120 | 1/2 (50%) |" in table


def test_a_negated_statement_needs_a_negated_line() -> None:
    key = make_key("You have never completed any coin toss problems")
    assert not carries(make_line("rule: I prefer to start with coin toss problems"), key)
    assert carries(make_line("decision: I've never completed coin toss problems"), key)


def test_one_as_a_pronoun_and_glued_values_are_not_keys() -> None:
    assert make_key("You have never obtained one").pairs == frozenset()
    assert ("1", None) in make_key("It took one week").pairs
    key = make_key("Keep the bundle under 2.5MB")
    assert key.names == frozenset() and ("2.5", "mb") in key.pairs
    assert carries(make_line("rule: keep the bundle under 2.5 MB"), key)


def test_dspm_semantic_uses_the_bundled_embeddings() -> None:
    import pytest
    from dspm_core.embeddings import EmbeddingScorer, semantic_available
    from retention_systems import build

    if not semantic_available():
        pytest.skip("the semantic extra is not installed")
    made, skipped = build(["dspm_semantic"], TokenCounter())
    assert skipped == {} and isinstance(made["dspm_semantic"].scorer, EmbeddingScorer)
    system = made["dspm_semantic"]
    system.new()
    system.add("user", "I am allergic to peanuts, so never suggest snacks with them.")
    for _ in range(5):
        system.add("user", "Always answer in British English when I ask about spelling.")
    lines = system.lines("Any ideas for a quick afternoon snack?", 40)
    assert lines and "peanuts" in lines[0]
