"""The resolver: which stored setting a statement revises, by evidence, with vetoes.

Each test feeds ordinary sentences through ``add_turn`` (default extractor) and checks
what the store holds: the revised value current with its lineage, or both settings kept.
"""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory
from dspm_core.extract.compound import compound_parts
from dspm_core.resolve import vetoed


def remember(*texts: str, role: str = "user") -> DSPMMemory:
    memory = DSPMMemory()
    for text in texts:
        if isinstance(text, tuple):
            memory.add_turn(*text)
        else:
            memory.add_turn(role, text)
    return memory


def current(memory: DSPMMemory) -> list[str]:
    return sorted(p.value for p in memory.all_patches if p.value)


def lineage(memory: DSPMMemory, value: str) -> list[str]:
    (p,) = [p for p in memory.all_patches if p.value == value]
    return [r.value for r in p.history]


@pytest.mark.parametrize("first,then,new,old", [
    ("Max upload size is 10 MB.", "Actually, raise that to 25 MB.", "25 MB", "10 MB"),
    ("The database disk is 200 GB.", "We resized it, it's 500 GB now.", "500 GB", "200 GB"),
    ("Set my alarm for 6:30 AM.", "Make it 7:15 AM, I worked late.", "7:15 AM", "6:30 AM"),
    ("My savings goal is 500 dollars a month.", "Change it to 650 dollars.", "650 dollars", None),
])
def test_a_referent_binds_to_the_setting_spoken_of_last(first, then, new, old) -> None:
    memory = remember(first, then)
    assert len([p for p in memory.all_patches if p.value]) == 1
    (p,) = [p for p in memory.all_patches if p.value]
    assert p.value.startswith(new.split()[0]) and p.history


def test_a_referent_after_filler_turns_still_binds() -> None:
    memory = remember("The webhook retry delay is 5 seconds.", "How are you today?",
                      ("assistant", "Doing well, thanks for asking!"), "Make it 15 seconds.")
    assert current(memory) == ["15 seconds"]
    assert lineage(memory, "15 seconds") == ["5 seconds"]


def test_a_referent_after_two_settings_of_that_kind_keeps_both() -> None:
    memory = remember("The cache is 512 MB and the upload limit is 10 MB.", "Raise it to 1 GB.")
    ties = [e for e in memory.dump_store(include_history=True)["journal"] if e["action"] == "tied"]
    assert ties and "512 MB" in current(memory) and "10 MB" in current(memory)


def test_a_referent_too_far_back_opens_its_own_fact() -> None:
    fillers = [f"Thanks, noted point {i} about the roadmap." for i in range(12)]
    memory = remember("Max upload size is 10 MB.", *fillers, "Raise it to 25 MB.")
    assert "10 MB" in current(memory)


@pytest.mark.parametrize("first,then,new", [
    ("Use React for the frontend.", "Replace React with Svelte.", "Svelte"),
    ("The weekly digest goes out on Friday.", "Let's do Thursday instead of Friday for the digest.",
     "Thursday"),
])
def test_the_old_value_named_finds_its_setting(first, then, new) -> None:
    memory = remember(first, then)
    held = [p for p in memory.all_patches if p.value == new]
    assert held and held[0].history, [p.to_dict() for p in memory.all_patches]


def test_a_shorter_subject_with_a_cue_revises_the_one_it_lies_within() -> None:
    memory = remember("Budget for the trip is $2,000.", "I can stretch the budget to $2,500.")
    assert current(memory) == ["$2,500"] and lineage(memory, "$2,500") == ["$2,000"]


def test_a_shorter_subject_that_fits_two_settings_revises_neither() -> None:
    memory = remember("The upload size limit is 10 MB.", "The cache size limit is 64 MB.",
                      "Raise the size limit to 20 MB.")
    assert {"10 MB", "64 MB", "20 MB"} <= set(current(memory))


@pytest.mark.parametrize("a,b", [
    ("Set the alpha queue retry limit to 3 attempts.", "Set the gamma queue retry limit to 5 attempts."),
    ("web-1 listens on port 8080.", "web-2 listens on port 8081."),
    ("Region 1 runs 4 nodes.", "Region 2 runs 6 nodes."),
    ("Set the A cache size to 5 MB.", "Set the B cache size to 7 MB."),
    ("Change the zonab service timeout to 11 seconds.", "Change the zonac service timeout to 12 seconds."),
    ("Set the miral queue queue depth to 30 messages.", "Set the miral cache queue depth to 40 messages."),
    ("Carla's desk is on floor 3.", "Karla's desk is on floor 5."),
])
def test_a_word_of_its_own_on_each_side_vetoes_the_merge(a: str, b: str) -> None:
    memory = remember(a, b)
    patches = [p for p in memory.all_patches if p.value]
    assert len(patches) == 2 and not any(p.history for p in patches)


def test_a_typo_of_a_common_word_is_the_same_setting_but_a_name_is_not() -> None:
    assert current(remember("The session timeout is 30 minutes.",
                            "The sesion timout is 45 minutes.")) == ["45 minutes"]
    assert len(current(remember("Set the Kestrel cluster size to 12 nodes.",
                                "Set the Kestral cluster size to 16 nodes."))) == 2


def test_vetoed_counts_words() -> None:
    assert vetoed("alpha queue retry limit", "gamma queue retry limit")
    assert not vetoed("budget", "trip budget")
    assert vetoed("miral queue queue depth", "miral cache queue depth")


def test_an_assistant_or_tool_never_revises_a_users_value() -> None:
    memory = remember("The webhook timeout is 30 seconds.",
                      ("assistant", "I changed the webhook timeout to 60 seconds."),
                      ("tool", "config: webhook timeout set to 90 seconds"))
    assert "30 seconds" in current(memory)


def test_compound_statements_split_into_one_fact_per_clause() -> None:
    assert compound_parts("Hard rules: must work offline, max fee 0.5%, deadline Friday.") == \
        ["Must work offline.", "Max fee 0.5%.", "Deadline Friday."]
    assert compound_parts("X is 5, Y is 10 and Z is Monday.") == ["X is 5.", "Y is 10.", "Z is Monday."]
    assert compound_parts("Rent is 1,200 euros.") is None
    assert compound_parts("I live in Paris, France and work remotely.") is None
    memory = remember("Hard rules: must work offline, max fee 0.5%, deadline Friday.",
                      "The deadline is now Monday.")
    assert "Monday" in current(memory) and "0.5%" in current(memory)
    assert lineage(memory, "Monday") == ["Friday"]


def test_named_values_said_bare_split_into_one_setting_each() -> None:
    assert compound_parts("batch size 64, learning rate 0.001 and warmup 500 steps") == \
        ["Batch size 64.", "Learning rate 0.001.", "Warmup 500 steps."]
    # a part that names nothing goes with the one before it
    assert compound_parts("swim sessions tuesdays, usually 45 min, target pace 1:55/100m") == \
        ["Swim sessions tuesdays, usually 45 min.", "Target pace 1:55/100m."]
    # a story, a range, a list of amounts of things: whole
    assert compound_parts("we moved in 2019, sold the car in 2021") is None
    assert compound_parts("I joined in 2018, left in 2022") is None
    assert compound_parts("somewhere between 20 and 30 minutes, ideally 25") is None
    assert compound_parts("2 onions, 400g tomatoes, 1 tsp cumin") is None
    # an instruction with its reason, a clause of its own: whole
    assert compound_parts("set the dryer to 50, the towels come out damp at 40") is None
    assert compound_parts("put the recycling out on fridays, thursdays are too early") is None
    assert compound_parts("park at bay 7 instead, bay 3 is blocked") is None
    memory = remember("cluster config: nodes 5, max pods 110",
                      "bump the nodes to 7, traffic doubled")
    assert lineage(memory, "7") == ["5"]
    assert "110" in " ".join(current(memory))


def test_a_request_of_several_things_is_one_request_per_thing() -> None:
    assert compound_parts("right, can you: book the venue for friday, cut the guest list to "
                          "80 people, and send me the menu") == \
        ["Book the venue for friday.", "Cut the guest list to 80 people.", "Send me the menu."]
    assert compound_parts("also a couple of things — the standup should be 9:45 now, add a "
                          "retro every 2 weeks, and what's a good icebreaker") == \
        ["The standup should be 9:45 now.", "Add a retro every 2 weeks.",
         "What's a good icebreaker?"]
    # one request, or a request for help: whole
    assert compound_parts("can you review my code and suggest improvements for the 2 modules?") is None
    assert compound_parts("can you help me tune this to stay under 5MB, and explain the trade-off?") \
        is None
    memory = remember("the guest list is 100 people",
                      ("assistant", "Noted: 100 guests."),
                      "ok can you: book the venue for friday, cut the guest list to 80 people "
                      "because the hall is small, and send me the menu")
    assert lineage(memory, "80 people") == ["100 people"]


def test_a_revised_setting_keeps_only_its_current_terms() -> None:
    memory = DSPMMemory()
    memory.add_turn("user", "The webhook timeout is 1 seconds.")
    for n in range(2, 400):
        memory.add_turn("user", f"Change the webhook timeout to {n} seconds.")
    (p,) = memory.all_patches
    ix = memory.store._ix
    assert len(ix.terms[p.id]) < 10
    assert sum(1 for posting in ix.by_term.values() if p.id in posting) < 10


INTERVIEWS = ("I only secured 3 interviews for executive producer roles in April.",
              "I secured 5 interviews this month.")


def test_links_are_off_by_default() -> None:
    memory = remember(*INTERVIEWS)
    assert not any(p.later for p in memory.all_patches)
    assert "(earlier)" not in memory.get_context()


def test_a_link_shows_the_older_statement_as_earlier_and_can_be_undone(tmp_path) -> None:
    from dspm_core import SQLiteStore

    memory = DSPMMemory(links=True)
    for text in INTERVIEWS:
        memory.add_turn("user", text)
    older, newer = memory.all_patches
    assert older.later == newer.id and newer.later is None
    assert not older.history  # linked, not revised: both stay
    lines = memory.get_context().splitlines()
    assert any("3 interviews" in ln and ln.endswith("(earlier)") for ln in lines)
    assert any("5 interviews" in ln and "(earlier)" not in ln for ln in lines)
    assert {e["id"]: e["later"] for e in memory.explain()}[older.id] == newer.id
    tight = memory.render(budget=30)  # every form of the older line keeps the mark
    assert all(ln.text.endswith("(earlier)") for ln in tight.lines if ln.patch_id == older.id)
    again = DSPMMemory.from_dict(memory.to_dict())
    assert again.store.get(older.id).later == newer.id
    memory.unlink(older.id)
    assert "(earlier)" not in memory.get_context()
    db = SQLiteStore(tmp_path / "m.db")
    stored = DSPMMemory(store=db, user_id="u1", links=True)
    for text in INTERVIEWS:
        stored.add_turn("user", text)
    reopened = DSPMMemory(store=SQLiteStore(tmp_path / "m.db"), user_id="u1", links=True)
    assert [p.later for p in reopened.all_patches] == [newer.id, None]


def test_no_link_between_settings_with_words_of_their_own() -> None:
    memory = DSPMMemory(links=True)
    for text in ("The staging database keeps snapshots for 7 days.",
                 "The production cache keeps snapshots for 35 days.",
                 "Set the alpha queue retry limit to 3 attempts.",
                 "The gamma queue retry limit is 5 attempts."):
        memory.add_turn("user", text)
    assert not any(p.later for p in memory.all_patches)


@pytest.mark.parametrize("first,then", [
    # a word of each subject the other lacks, though one is also a verb form ("staging")
    ("Production log level is WARN.", "Staging log level is DEBUG."),
    ("the staging db pool is 20 connections", "the production db pool is 50 connections"),
    # what the later one is said for, before its words, that the earlier does not name
    ("first response target for email tickets: 4 hours",
     "for live chat the first response target is 2 minutes"),
    # what each value holds for or in, right after it
    ("use bullet points for the meeting notes",
     "don't use bullet points in the cover letter, it needs to read like a proper letter"),
    ("keep the font at 11 pt for the handouts", "keep the font at 14 pt in the slides"),
    ("the overnight oats soak time is 8 hours in the fridge",
     "soak time is 20 minutes on the counter"),
    # a modifier of the same noun: the old one and the current one
    ("my old address was 5 Ash Grove", "my current address is 10 Beech Road"),
])
def test_no_link_to_a_setting_of_another_thing(first: str, then: str) -> None:
    memory = DSPMMemory(links=True)
    memory.add_turn("user", first)
    memory.add_turn("user", then)
    assert not any(p.later for p in memory.all_patches)
    assert "(earlier)" not in memory.get_context()


@pytest.mark.parametrize("first,then,new,old", [
    # a possessive is no word of the setting's own ("Tom's retirement dinner")
    ("Tom's retirement dinner is on the 14th.", "They moved the dinner to the 21st.",
     "21st", "14th"),
    # a subject of words for a kind of quantity only lies within the one setting it fits
    ("Our target resolution time for bugs is 48 hours.",
     "From next month the target is 36 hours.", "36 hours", "48 hours"),
    # a diet stated as a rule is the diet, revisable as one
    ("I'm pescatarian.", "I've gone fully vegetarian.", "vegetarian", "pescatarian"),
])
def test_reworded_settings_are_revised(first, then, new, old) -> None:
    memory = remember(first, then)
    held = [p for p in memory.all_patches if p.value and new.lower() in p.value.lower()]
    assert len(held) == 1, [p.to_dict() for p in memory.all_patches]
    assert [(r.value or "").lower() for r in held[0].history][:1] == [old.lower()]
    assert not [p for p in memory.all_patches if p is not held[0] and old.lower() in p.text.lower()]


def test_a_name_rather_than_the_one_a_sentence_stated_takes_that_sentence_as_its_old_value(
) -> None:
    memory = remember("Send the invoices from the Berlin office.", "What's a good invoice tool?",
                      "Send them from Munich rather than Berlin from now on.")
    (held,) = [p for p in memory.all_patches if p.value == "Munich"]
    assert [r.value for r in held.history] == ["Berlin"]
    assert "Berlin office" in held.history[0].text
    assert not [p for p in memory.all_patches if p.kind.value == "sentence" and "Berlin" in p.text]
    assert "(was Berlin)" in memory.get_context()


def test_a_rather_than_naming_a_value_two_sentences_stated_takes_neither() -> None:
    memory = remember("Book the hotel in Porto.", "My sister also lives in Porto.",
                      "Book it in Lisbon rather than Porto.")
    assert len([p for p in memory.all_patches if "Porto" in p.text]) >= 2


def test_the_tier_keeps_what_a_sentence_adds_to_a_typed_fact_not_the_fact_again() -> None:
    memory = remember("The retry count is 5.",
                      "Lower the retry count to 2, we're hammering the partner API.")
    said = [p.text for p in memory.all_patches if p.kind.value == "sentence"]
    assert said == ["we're hammering the partner API."], said
    assert [p.text for p in memory.all_patches if "2" in p.text] == ["Lower the retry count to 2"]


@pytest.mark.parametrize("first,then,new,old,shown", [
    # a sentence no extractor typed is still a setting a later revision replaces
    ("we're ordering 120 mugs for the conference", "actually 150 mugs, registrations went up",
     "150 mugs", "120 mugs", "(was 120)"),
    ("The guest wifi password rotates every 30 days.",
     "Change it so the guest wifi password rotates every 14 days.", "every 14 days",
     "every 30 days", "(was every 30 days)"),
])
def test_a_setting_said_in_a_plain_sentence_is_revised(first, then, new, old, shown) -> None:
    memory = remember(first, then)
    held = [p for p in memory.all_patches if p.value == new]
    assert len(held) == 1, [p.to_dict() for p in memory.all_patches]
    assert [r.value for r in held[0].history] == [old]
    assert shown in memory.get_context()


def test_a_plain_sentence_without_a_cue_revises_nothing() -> None:
    memory = remember("we're ordering 120 mugs for the conference",
                      "we're ordering 40 mugs for the office")
    assert sorted(p.text for p in memory.all_patches) == [
        "we're ordering 120 mugs for the conference", "we're ordering 40 mugs for the office"]
    assert not [p for p in memory.all_patches if p.history]


def test_a_pointer_naming_another_variant_of_the_setting_does_not_take_it() -> None:
    memory = remember("the free tier keeps logs for 7 days",
                      "now for the paid tier make it 90 days")
    texts = " ".join(p.text for p in memory.all_patches)
    assert not [p for p in memory.all_patches if p.history], [p.to_dict() for p in memory.all_patches]
    assert "7 days" in texts and "90 days" in texts


def test_from_a_bare_number_to_a_new_one_keeps_the_unit_held_once() -> None:
    memory = remember("the retro is 45 min", "we're cutting the retro from 45 to 30 minutes")
    (held,) = [p for p in memory.all_patches if p.value and p.value.startswith("30")]
    assert [r.value for r in held.history] == ["45 min"]


def test_from_to_reads_a_number_with_a_thousands_comma_whole() -> None:
    memory = remember("the deposit is £1,500", "they raised the deposit from £1,500 to £2,250")
    (held,) = [p for p in memory.all_patches if p.history]
    assert held.value == "£2,250" and [r.value for r in held.history] == ["£1,500"]


def test_a_single_letter_s_in_a_name_is_a_name_not_a_possessive() -> None:
    memory = remember("The bucket S memory limit should be 5534 MB.",
                      "Let's make the velaw bucket memory limit 8074 MB.")
    assert current(memory) == ["5534 MB", "8074 MB"]


@pytest.mark.parametrize("first,then,new,old", [
    ("Keep the daily standup to 15 minutes.", "ugh no, 20 minutes, we never finish", "20 minutes",
     "15 minutes"),
    ("The demo slot is 45 min.", "ok fine, 30 min then", "30 min", "45 min"),
])
def test_talk_before_a_bare_value_is_no_subject(first, then, new, old) -> None:
    memory = remember(first, then)
    assert lineage(memory, new) == [old]


def test_a_revision_that_names_the_old_value_in_passing_replaces_it() -> None:
    memory = remember("Our package manager is npm",
                      "We're moving to pnpm, npm installs were taking forever")
    assert lineage(memory, "pnpm") == ["npm"]


def test_a_name_of_another_kind_named_in_passing_is_not_replaced() -> None:
    memory = remember("Our database is PostgreSQL.",
                      "Switch the cache to Redis, PostgreSQL stays as it is.")
    assert "PostgreSQL" in current(memory) and "Redis" in current(memory)


def test_the_reply_language_is_one_setting() -> None:
    memory = remember("Reply to me in Portuguese.", "Actually switch to Italian.")
    assert lineage(memory, "Italian") == ["Portuguese"]


def test_the_language_of_the_docs_is_not_the_reply_language() -> None:
    memory = remember("Write the docs in German.", "Answer me in French.")
    assert {"German", "French"} <= set(current(memory))


def test_a_lower_case_name_set_by_name_is_revised() -> None:
    memory = remember("Set the default shell to bash.", "Change the default shell to zsh.")
    assert lineage(memory, "zsh") == ["bash"]


def test_a_pointer_to_a_name_of_no_known_kind_takes_the_one_spoken_of_lately() -> None:
    memory = remember("We'll file bugs in Trello.", "Scratch that, we're going with Asana.")
    assert lineage(memory, "Asana") == ["Trello"]


def test_a_pointer_between_two_names_of_no_known_kind_takes_neither() -> None:
    memory = remember("We'll file bugs in Trello.", "Our wiki lives in Notion.",
                      "Scratch that, we're going with Asana.")
    assert not [p for p in memory.all_patches if p.history]


@pytest.mark.parametrize("first, then, kept_apart", [
    # what the statement is said for, named first, is another thing than the earlier one's
    ("settings for the mobile app: cache ttl 5 minutes",
     "for the desktop app the cache ttl is 15 minutes", True),
    ("the build server runs 4 workers", "for the nightly jobs, the workers are 8", True),
    # the same thing named again, or no thing: a new value of the one setting
    ("settings for the mobile app: cache ttl 5 minutes",
     "for the mobile app the cache ttl is 10 minutes", False),
    ("the cache ttl is 5 minutes", "for the record, the cache ttl is 10 minutes", False),
])
def test_a_statement_said_for_another_thing_keeps_the_earlier_setting(first: str, then: str,
                                                                      kept_apart: bool) -> None:
    memory = remember(first, then)
    old = [p for p in memory.all_patches if p.value and p.value.startswith(("5", "4"))]
    assert bool(old) is kept_apart, [(p.text, p.value) for p in memory.all_patches]


@pytest.mark.parametrize("first, then", [
    ("Dana's on-call week starts on the 3rd.", "Tomasz starts his on-call on the 10th."),
    ("Dana's night shift starts on the 3rd.", "Tomasz starts his night shift on the 10th."),
    ("Amara's holiday week begins on the 14th.", "Jonas begins his holiday on the 21st."),
])
def test_a_setting_of_another_named_person_stays_apart(first: str, then: str) -> None:
    memory = DSPMMemory()
    memory.add_turn("user", first)
    memory.add_turn("user", then)
    assert not any(p.history for p in memory.all_patches), memory.get_context()
    assert len([p for p in memory.all_patches if p.critical]) == 2


def test_the_same_named_person_again_revises() -> None:
    memory = DSPMMemory()
    memory.add_turn("user", "Dana's night shift starts on the 3rd.")
    memory.add_turn("user", "Dana starts her night shift on the 5th now.")
    (p,) = [p for p in memory.all_patches if p.critical and p.later is None]
    assert "5th" in p.text and [r.value for r in p.history] == ["3rd"]
