"""The lossless tier: every substantive user sentence is kept, typed or as written."""

from __future__ import annotations

import asyncio
import zlib

import pytest

from dspm_core import DSPMMemory
from dspm_core.index import LexicalIndex
from dspm_core.patch import Fact, Patch, PatchKind, Revision, Role, Turn
from dspm_core.slots import content_terms
from dspm_core.tier import MAX_PIECE_WORDS, mark_earlier, sentence_facts


class NothingExtractor:
    """An extractor that types nothing (as an LLM that returns no facts)."""

    def extract(self, turn):
        return []


def sentences(memory: DSPMMemory) -> list[str]:
    return [p.text for p in memory.all_patches if p.kind is PatchKind.SENTENCE]


# ---------------------------------------------------------------- what enters the tier
def test_untyped_user_sentences_are_kept_as_written():
    m = DSPMMemory(budget=250)
    m.add_turn("user", "My grandmother grew up in a fishing village near Porto. "
                       "She still cooks bacalhau every Christmas Eve.")
    assert sentences(m) == ["My grandmother grew up in a fishing village near Porto.",
                            "She still cooks bacalhau every Christmas Eve."]
    assert m.all_patches[0].role is Role.USER and m.all_patches[0].source == "tier"


def test_greetings_and_acknowledgements_are_left_out_and_counted():
    m = DSPMMemory(budget=250, extractor=NothingExtractor())
    for text in ("Hi there!", "Thanks so much.", "ok got it", "Sounds good!", "Great, thank you!"):
        m.add_turn("user", text)
    assert sentences(m) == []
    assert m.stats["greetings_skipped"] == 5
    m.add_turn("user", "Thanks! Our office dog is called Biscuit.")
    assert sentences(m) == ["Our office dog is called Biscuit."]
    assert m.stats["greetings_skipped"] == 6


def test_a_typed_sentence_is_not_stored_twice():
    m = DSPMMemory(budget=250)
    m.add_turn("user", "Set the webhook timeout to 30 seconds. My cat sleeps on the router.")
    kinds = [(p.kind, p.text) for p in m.all_patches]
    assert any(k is PatchKind.DECISION and "webhook timeout" in t for k, t in kinds)
    assert sentences(m) == ["My cat sleeps on the router."]


def test_a_clause_the_typed_fact_left_out_is_kept():
    m = DSPMMemory(budget=250)
    m.add_turn("user", "and make it decaf then, my doctor thinks caffeine is behind my sleep issues")
    texts = [p.text for p in m.all_patches]
    assert any("decaf" in t for t in texts), texts


def test_the_heading_of_a_typed_list_is_not_kept_alone():
    m = DSPMMemory(budget=250)
    m.add_turn("user", "House rules: no shoes indoors, quiet after 10pm, bins out on Tuesday.")
    assert not any(t.strip(" :,.").lower() == "house rules" for t in sentences(m)), sentences(m)


def test_a_sentence_saying_a_held_value_again_opens_no_second_setting():
    m = DSPMMemory(budget=250)
    m.add_turn("user", "The launch deadline is May 14.")
    m.add_turn("user", "I'm drafting the press kit for the launch. Could you help me plan the "
                       "week so I meet my launch deadline of May 14?")
    m.add_turn("user", "The launch deadline moved to May 21.")
    (setting,) = [p for p in m.all_patches if p.value and "May" in p.value]
    assert setting.value == "May 21" and setting.history[0].value == "May 14"
    assert "(earlier: May 14" in m.get_context("launch deadline press kit"), m.get_context()


def test_assistant_and_tool_sentences_stay_out_of_the_tier():
    m = DSPMMemory(budget=250)
    m.add_turn("assistant", "Lisbon has many hills and the trams are yellow.")
    m.add_turn("tool", "The weather in Lisbon is sunny with light wind.")
    assert sentences(m) == []


def test_a_repeated_sentence_is_one_patch():
    m = DSPMMemory(budget=250)
    m.add_turn("user", "My daughter plays the cello in the school orchestra.")
    m.add_turn("user", "My daughter plays the cello in the school orchestra.")
    assert sentences(m) == ["My daughter plays the cello in the school orchestra."]


def test_run_on_monologue_is_kept_whole_in_pieces():
    words = [f"word{i}" for i in range(150)]
    text = ", ".join(" ".join(words[i:i + 10]) for i in range(0, 150, 10))
    m = DSPMMemory(budget=250, extractor=NothingExtractor())
    m.add_turn("user", text)
    kept = sentences(m)
    assert len(kept) >= 3 and all(len(s.split()) <= MAX_PIECE_WORDS for s in kept)
    # nothing is lost: every word is in some piece, in order
    assert " ".join(kept).replace(",", "").split() == words


def test_long_pasted_labelled_text_is_kept():
    pasted = "\n".join(f"Field {i}: value number {i} for the intake form" for i in range(40))
    m = DSPMMemory(budget=250, extractor=NothingExtractor())
    m.add_turn("user", pasted)
    kept = sentences(m)
    assert len(kept) == 40 and kept[7] == "Field 7: value number 7 for the intake form"


def test_fenced_code_is_not_repeated_as_sentences():
    m = DSPMMemory(budget=250)
    m.add_turn("user", "Here is my helper.\n```python\ndef add(a, b):\n    return a + b\n```\n"
                       "It runs inside the billing worker.")
    assert any(p.kind is PatchKind.CODE for p in m.all_patches)
    assert not any("return a + b" in s for s in sentences(m))
    assert "It runs inside the billing worker." in sentences(m)


def test_the_tier_can_be_turned_off():
    m = DSPMMemory(budget=250, sentences=False)
    m.add_turn("user", "My grandmother grew up in a fishing village near Porto.")
    assert sentences(m) == []
    with pytest.raises(Exception):
        DSPMMemory(sentences="yes")


def test_sentence_facts_is_pure_and_keeps_turn_fields():
    turn = Turn(role=Role.USER, text="Our kiln fires at dawn. Hello!", index=7, session_id="s1")
    got = sentence_facts(turn, [])
    assert [f.text for f in got.facts] == ["Our kiln fires at dawn."]
    assert got.skipped == 1
    f = got.facts[0]
    assert (f.turn, f.session_id, f.kind, f.source) == (7, "s1", PatchKind.SENTENCE, "tier")


def test_a_sentence_the_extractor_returns_nothing_for_is_still_kept_async():
    m = DSPMMemory(budget=250, extractor=NothingExtractor())

    async def run():
        await m.aadd_turn("user", "The spare key is under the blue flower pot.")

    asyncio.run(run())
    assert sentences(m) == ["The spare key is under the blue flower pot."]


# ---------------------------------------------------------------- rendering
def test_the_query_retrieves_a_buried_sentence():
    m = DSPMMemory(budget=120)
    m.add_turn("user", "My sister Ingrid is a marine biologist in Bergen.")
    for i in range(300):
        m.add_turn("user", f"Filler note number {i} about the quarterly garden plans and compost.")
    assert "Ingrid" not in m.get_context("")  # not recent: only the query brings it back
    assert "Ingrid" in m.get_context("What does my sister do for a living?")


def test_criticals_keep_their_place_before_sentences():
    m = DSPMMemory(budget=60)
    m.add_turn("user", "Never deploy on Fridays.")
    for i in range(30):
        m.add_turn("user", f"The deployment dashboard showed chart number {i} in green.")
    lines = m.render("deploy dashboard chart").lines
    assert lines[0].text == "rule: Never deploy on Fridays."
    assert all(line.kind == "sentence" for line in lines[1:]) and len(lines) > 1


def test_render_reads_candidates_from_the_index_not_the_whole_store():
    m = DSPMMemory(budget=250, extractor=NothingExtractor())
    for i in range(2000):
        m.add_turn("user", f"Observation {i} about topic{i % 97} and the weather station.")
    pool = m.store.pool("topic5 weather")
    assert len(pool.rest) <= 48 + 32 and pool.criticals.size == 0
    r = m.render("topic5 weather")
    assert r.tokens <= 250 and any("topic5 " in line.text for line in r.lines)


def test_stale_value_in_a_sentence_is_marked_earlier():
    m = DSPMMemory(budget=250, extractor=NothingExtractor())
    m.add_turn("user", "We keep the raw footage for about 10 MB per clip in the upload queue.")
    m.add_patch("decision", "Max upload size is 10 MB.", slot="max upload size", value="10 MB")
    m.add_patch("decision", "Raise the max upload size to 25 MB.", slot="max upload size",
                value="25 MB")
    ctx = m.get_context("upload size per clip")
    assert "(earlier: 10 MB; now 25 MB)" in ctx
    assert "10 MB per clip" not in ctx
    # the stored sentence keeps the words as written
    assert "about 10 MB per clip" in sentences(m)[0]


def test_mark_earlier_leaves_sentences_of_other_settings_alone():
    rev = Revision("10 MB", None, "=", 1, "Max upload size is 10 MB.")
    setting = Patch(id="p1", kind=PatchKind.DECISION, text="Raise it to 25 MB.", turn=2,
                    role=Role.USER, slot="max upload size", op="=", value="25 MB",
                    history=(rev,))
    other = Patch(id="p2", kind=PatchKind.SENTENCE, text="The log file grew by 10 MB today.",
                  turn=3, role=Role.USER)
    same = Patch(id="p3", kind=PatchKind.SENTENCE, text="Each upload was 10 MB last year.",
                 turn=3, role=Role.USER)
    out = mark_earlier([setting, other, same])
    assert out[1] is other
    assert out[2].text == "Each upload was (earlier: 10 MB; now 25 MB) last year."


def test_sentence_of_the_revising_turn_marks_the_old_value_it_names():
    # the reason given with a revision names the old value without naming the setting
    m = DSPMMemory(budget=250)
    for text in ("connection pool max is 20", "bump it to 30", "ugh no, 25. 30 exhausted the db"):
        m.add_turn("user", text)
    ctx = m.get_context()
    assert "(was 30 then 20)" in ctx
    assert "(earlier: 30; now 25) exhausted the db" in ctx
    # the same words in a sentence of another turn, of no named setting, stay as said
    m.add_turn("user", "30 exhausted the db once before, last spring")
    assert "30 exhausted the db once before" in m.get_context()


def test_mark_earlier_by_turn_only_for_the_turn_that_replaced_the_value():
    rev = Revision("German", None, "=", 0, "answer me in german pls")
    setting = Patch(id="p1", kind=PatchKind.CONSTRAINT, text="Use english please.", turn=1,
                    role=Role.USER, slot="reply language", op="=", value="English",
                    history=(rev,))
    same_turn = Patch(id="p2", kind=PatchKind.SENTENCE, turn=1, role=Role.USER,
                      text="The german ones take me forever when debugging.")
    later = Patch(id="p3", kind=PatchKind.SENTENCE, turn=2, role=Role.USER,
                  text="My German course starts in May.")
    out = mark_earlier([setting, same_turn, later])
    assert out[1].text == "The (earlier: german; now English) ones take me forever when debugging."
    assert out[2] is later


def test_revising_turn_marks_its_old_number_however_it_is_written():
    # the old value was "3 physio sessions a week"; the reason says only its number
    rev = Revision("3 physio sessions a week", "physio sessions a week", "=", 0,
                   "book me 3 physio sessions a week")
    setting = Patch(id="p1", kind=PatchKind.DECISION, text="Make it 4.", turn=1,
                    role=Role.USER, slot="physio sessions", op="=", value="4",
                    history=(rev,))
    words = Patch(id="p2", kind=PatchKind.SENTENCE, turn=1, role=Role.USER,
                  text="three isn't cutting it for the shoulder")
    later = Patch(id="p3", kind=PatchKind.SENTENCE, turn=2, role=Role.USER,
                  text="three of my friends do physio too")
    out = mark_earlier([setting, words, later])
    assert out[1].text == "(earlier: three; now 4) isn't cutting it for the shoulder"
    assert out[2] is later  # another turn must name the old value as it was
    steps = Patch(id="p4", kind=PatchKind.DECISION, text="10,000 steps a day", turn=1,
                  role=Role.USER, slot="daily step target", op="=", value="10,000",
                  history=(Revision("8000", None, "=", 0, "my daily step target is 8000"),))
    easy = Patch(id="p5", kind=PatchKind.SENTENCE, turn=1, role=Role.USER,
                 text="8k got too easy, and 80 is my age")
    assert mark_earlier([steps, easy])[1].text == \
        "(earlier: 8k; now 10,000) got too easy, and 80 is my age"


def test_a_number_the_revising_turn_says_of_something_else_stays():
    rev = Revision("15 test users", "test users", "=", 0, "generate 15 test users")
    setting = Patch(id="p1", kind=PatchKind.DECISION, text="Go with 40.", turn=1,
                    role=Role.USER, slot="seed script test users", op="=", value="40",
                    history=(rev,))
    other = Patch(id="p2", kind=PatchKind.SENTENCE, turn=1, role=Role.USER,
                  text="150 rows fill two pages of the users table")
    assert mark_earlier([setting, other])[1] is other


# ---------------------------------------------------------------- the index
def test_lexical_index_add_replace_remove():
    ix = LexicalIndex()
    ix.add("a", content_terms("alpha beta gamma"))
    ix.add("b", content_terms("beta delta"))
    ix.add("c", content_terms("epsilon"))
    assert [pid for pid, _ in ix.search(content_terms("delta"), 5)] == ["b"]
    hits = [pid for pid, _ in ix.search(content_terms("beta gamma"), 5)]
    assert hits[0] == "a" and set(hits) == {"a", "b"}
    ix.add("b", content_terms("zeta"))  # replaced: its old words no longer find it
    assert ix.search(content_terms("delta"), 5) == []
    ix.remove("a")
    assert ix.search(content_terms("gamma"), 5) == [] and len(ix) == 2
    ix.remove("missing")  # nothing happens
    assert [pid for pid, _ in ix.search(content_terms("zeta epsilon"), 1)] in (["b"], ["c"])


def test_forget_and_reset_take_sentences_out_of_the_index():
    m = DSPMMemory(budget=250)
    m.add_turn("user", "The harbour ferry leaves at seven from pier four.")
    pid = next(p.id for p in m.all_patches if p.kind is PatchKind.SENTENCE)
    assert "ferry" in m.get_context("ferry pier")
    m.forget(pid)
    assert "ferry" not in m.get_context("ferry pier")
    m.add_turn("user", "The harbour ferry leaves at seven from pier four.")
    m.reset()
    assert m.store.pool("ferry pier").rest == []


def test_sentences_round_trip_through_a_notebook(tmp_path):
    path = tmp_path / "memory.json"
    m = DSPMMemory(budget=250)
    m.add_turn("user", "Never email the client on weekends.")
    m.add_turn("user", "The espresso machine in our kitchen hisses like an old steam train.")
    before = m.get_context("espresso machine")
    m.save(path)
    loaded = DSPMMemory(budget=250)
    loaded.load(path)
    assert sentences(loaded) == sentences(m) != []
    assert loaded.get_context("espresso machine") == before  # the index is rebuilt on load


def test_sentences_round_trip_through_sqlite(tmp_path):
    from dspm_core.persist.sqlite import SQLiteStore

    db = tmp_path / "m.db"
    store = SQLiteStore(db)
    m = DSPMMemory(budget=250, store=store, user_id="u1")
    m.add_turn("user", "Our staging cluster lives in the Frankfurt region.")
    before = m.get_context("staging cluster region")
    store.close()
    store2 = SQLiteStore(db)
    again = DSPMMemory(budget=250, store=store2, user_id="u1")
    assert "Frankfurt" in before and again.get_context("staging cluster region") == before
    store2.close()


def test_shared_memory_keeps_every_sentence_across_threads():
    import threading

    m = DSPMMemory(budget=250, extractor=NothingExtractor())

    def worker(k):
        for i in range(50):
            m.add_turn("user", f"Worker {k} recorded sample {i} from the north sensor.")
            m.get_context(f"sample {i}")

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(sentences(m)) == 200
    assert len(m.store.pool("").rest) == 32


def test_a_version_1_notebook_is_migrated(tmp_path):
    import json

    m = DSPMMemory(budget=250)
    m.add_turn("user", "Never email the client on weekends.")
    old = m.to_dict()
    old["schema_version"] = 1
    assert not any(p["kind"] == "sentence" for p in old["patches"])
    path = tmp_path / "v1.json"
    path.write_text(json.dumps(old))
    loaded = DSPMMemory(budget=250)
    loaded.load(path)
    assert loaded.get_context() == m.get_context()
    loaded.add_turn("user", "The printer on floor two jams on glossy paper.")
    loaded.save(path)
    saved = json.loads(path.read_text())
    assert saved["schema_version"] == 2
    assert any(p["kind"] == "sentence" for p in saved["patches"])


# ---------------------------------------------------------------- patch vectors
class BagScorer:
    """A deterministic embedding scorer (hashed bag of words, with a synonym folded):
    counts how often it is asked to embed, and what."""

    SYNONYMS = {"canine": "dog", "hound": "dog", "puppy": "dog"}
    STOP = {"the", "our", "does", "where", "under", "about", "and"}

    def __init__(self):
        self.calls: list[list[str]] = []

    def _vec(self, text):
        import numpy as np

        v = np.zeros(4096, dtype=np.float32)
        for w in text.lower().replace(".", " ").replace("?", " ").split():
            if w in self.STOP:
                continue
            w = self.SYNONYMS.get(w, w)
            v[zlib.crc32(w.encode()) % 4096] += 1.0
        n = float(np.linalg.norm(v))
        return v / n if n else v

    def embed(self, texts):
        import numpy as np

        self.calls.append(list(texts))
        return np.stack([self._vec(t) for t in texts])

    def similarities(self, query, texts):  # pragma: no cover - the vectors path is used
        raise AssertionError("patch vectors are used, not per-call similarities")


def test_patch_vectors_are_computed_at_ingest_and_one_query_embedding_per_render():
    pytest.importorskip("numpy")
    scorer = BagScorer()
    m = DSPMMemory(budget=120, scorer=scorer, extractor=NothingExtractor())
    m.add_turn("user", "Our dog Pepper sleeps under the desk.")
    for i in range(200):
        m.add_turn("user", f"Filler note number {i} about the quarterly garden plans and compost.")
    ingest_calls = len(scorer.calls)
    assert ingest_calls >= 201 and all(len(c) == 1 for c in scorer.calls[1:])
    m.render("")  # the first render checks every patch has its vector: nothing to embed
    scorer.calls.clear()
    ctx = m.get_context("Where does the canine nap?")
    assert scorer.calls == [["Where does the canine nap?"]]  # one query embedding, no texts
    assert "Pepper" in ctx  # found by meaning: no content word shared with the query


def test_patch_vectors_follow_forget_and_reset():
    pytest.importorskip("numpy")
    scorer = BagScorer()
    m = DSPMMemory(budget=120, scorer=scorer, extractor=NothingExtractor())
    m.add_turn("user", "Our dog Pepper sleeps under the desk.")
    pid = m.all_patches[0].id
    assert "Pepper" in m.get_context("canine")
    m.forget(pid)
    assert "Pepper" not in m.get_context("canine") and len(m._vectors) == 0
    m.add_turn("user", "Our dog Pepper sleeps under the desk.")
    m.reset()
    assert len(m._vectors) == 0 and m.get_context("canine") == ""


def test_revising_turn_marks_a_word_of_the_old_value_it_names() -> None:
    rev = Revision("sage and cream", None, "=", 0, "the wedding colour scheme is sage and cream")
    setting = Patch(id="p1", kind=PatchKind.DECISION, text="switch it to dusty blue and cream",
                    turn=1, role=Role.USER, slot="wedding colour scheme", op="=",
                    value="dusty blue and cream", history=(rev,))
    named = Patch(id="p2", kind=PatchKind.SENTENCE, turn=1, role=Role.USER,
                  text="sage isn't in stock anywhere")
    assert mark_earlier([setting, named])[1].text == \
        "(earlier: sage; now dusty blue and cream) isn't in stock anywhere"
    # a word the value keeps, or a word that names nothing, stays as said
    rev = Revision("the basic tier", None, "=", 0, "put me on the basic tier")
    tier = Patch(id="p3", kind=PatchKind.DECISION, text="bump it to the premium tier", turn=1,
                 role=Role.USER, slot="tier", op="=", value="the premium tier", history=(rev,))
    said = Patch(id="p4", kind=PatchKind.SENTENCE, turn=1, role=Role.USER,
                 text="the price is fine")
    assert mark_earlier([tier, said])[1] is said


@pytest.mark.parametrize("said, rest", [
    ("I'm fixing the login bug, and we use Postgres 15 for the db, but I'm not sure the index is right.",
     "I'm fixing the login bug, but I'm not sure the index is right."),
    ("I'm a bit worried that the launch moved to June 4, can you help me plan the week",
     "I'm a bit worried, can you help me plan the week"),
])
def test_what_is_left_of_a_sentence_after_its_typed_clause_reads_as_words(said: str, rest: str):
    memory = DSPMMemory()
    memory.add_turn("user", said)
    sentences = [p.text for p in memory.all_patches if p.kind is PatchKind.SENTENCE]
    assert sentences == [rest]


def test_a_clause_typed_from_its_plain_spelling_leaves_the_rest_kept():
    """The typed fact spells chat shorthand out ("pls" is "please"); the tier still finds
    the clause it came from and keeps the rest of the sentence, once."""
    m = DSPMMemory(budget=250)
    m.add_turn("user", "move the boiler service to monday pls, im home all day then")
    texts = [p.text for p in m.all_patches]
    assert sum("monday" in t.lower() for t in texts) == 1, texts
    assert any(t == "im home all day then" for t in texts), texts


@pytest.mark.parametrize("first, again, extra", [
    ("Max upload size is 10 MB.",
     "Max upload size is 10 MB because the CDN rejects bigger files from the Lisbon office.",
     "CDN rejects bigger files"),
    ("We use Postgres for the database.",
     "We use Postgres for the database, hosted on Neon with daily backups to S3.",
     "daily backups to S3"),
])
def test_a_restatement_that_says_more_keeps_what_it_added(first, again, extra):
    """A setting said again with its value is a restatement, and what the user added beside
    it stays in the memory."""
    m = DSPMMemory(budget=250)
    m.add_turn("user", first)
    m.add_turn("user", again)
    assert len([p for p in m.all_patches if p.critical]) == 1
    assert any(extra in p.text for p in m.all_patches), [p.text for p in m.all_patches]
    assert extra in m.get_context(extra)


def test_a_restatement_with_courtesies_alone_adds_no_sentence():
    m = DSPMMemory(budget=250)
    m.add_turn("user", "Max upload size is 10 MB.")
    m.add_turn("user", "Actually max upload size is 10 MB, please.")
    assert [p.kind for p in m.all_patches] == [PatchKind.DECISION]


def test_a_clause_typed_without_its_code_quotes_is_not_kept_twice():
    m = DSPMMemory(budget=250)
    m.add_turn("user", "I'm moving the build to npm 10 for the workspaces support, but I've heard "
                       "some older plugins might break on the new version, and I don't want to "
                       "introduce any regressions, so I'd like to see how to use the "
                       "`--legacy-peer-deps` flag to install them, and also how to pin the eslint "
                       "plugins, here's my package file:")
    texts = [p.text for p in m.all_patches]
    assert sum("legacy-peer-deps" in t for t in texts) == 1, texts
    assert any("older plugins might break" in t and "pin the eslint plugins" in t
               for t in texts), texts
