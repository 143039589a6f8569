"""Revisions that name what they replace only in passing, or say it again with one name
changed, and the everyday wordings of a change ("dropping X for Y", "went up to", "let's go
with 2 minutes, 45 is too short").

Each test feeds sentences through ``add_turn`` (default extractor) and checks what the store
holds: the new statement current with the old name or number in its lineage, or both kept.
"""

from __future__ import annotations

import re

import pytest

from dspm_core import DSPMMemory
from dspm_core.passing import named_words, revises_in_passing
from dspm_core.slots import parse_statement
from dspm_core.tier import mark_earlier


def remember(*texts: str | tuple[str, str]) -> DSPMMemory:
    memory = DSPMMemory()
    for text in texts:
        role, said = text if isinstance(text, tuple) else ("user", text)
        memory.add_turn(role, said)
    return memory


def criticals(text: str) -> list:
    """The critical patches one user turn stores in a fresh memory."""
    return [p for p in remember(text).all_patches if p.critical]


def _holds(text: str, word: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text, re.I) is not None


_EARLIER_RE = re.compile(r"\(earlier: [^;()]*(?:; now [^()]*)?\)")


def current_with(memory: DSPMMemory, word: str) -> list:
    """The current patches whose text or value states ``word``; a sentence of the tier is
    read as it is rendered, its old values marked as earlier left out."""
    patches = memory.all_patches
    shown = [_EARLIER_RE.sub("", q.text) for q in mark_earlier(list(patches))]
    return [p for p, text in zip(patches, shown) if p.later is None
            and (_holds(text, word) or _holds(p.value or "", word))]


def earlier_values(patch) -> list[str]:
    return [r.value for r in patch.history]


def replaced(memory: DSPMMemory, new: str, old: str) -> None:
    """``new`` is current in one patch whose lineage holds ``old``; no other patch states
    ``old`` as current, and the rendered context marks it as earlier."""
    (p,) = current_with(memory, new)
    assert any(_holds(v or "", old) for v in earlier_values(p)), (p.text, p.history)
    assert [q for q in current_with(memory, old) if q.id != p.id] == []
    context = memory.get_context()
    assert re.search(rf"\(was [^)]*{re.escape(old)}", context, re.I), context


def kept(memory: DSPMMemory, word: str) -> None:
    """``word`` still stated by a current patch, and in no patch's lineage."""
    assert current_with(memory, word), [p.text for p in memory.all_patches]
    assert not any(_holds(v or "", word) for p in memory.all_patches for v in earlier_values(p))


# ---------------------------------------------------------------- named in passing

def test_a_sentence_named_in_passing_gives_way_to_the_revision() -> None:
    memory = remember("I'm doing the paleo thing these days",
                      "switched to whole30 last week, paleo was too strict for me")
    replaced(memory, "whole30", "paleo")


def test_a_setting_named_in_passing_takes_the_new_name_in_place_of_the_old() -> None:
    memory = remember("the team offsite is at the Oakwood lodge",
                      "the offsite is at the Pinecrest lodge now, Oakwood double-booked us")
    replaced(memory, "Pinecrest", "Oakwood")


def test_a_typed_revision_replaces_the_sentence_that_held_the_name() -> None:
    memory = remember("our workers write logfmt lines on staging",
                      "set the staging log format to JSON, logfmt is a pain to grep")
    replaced(memory, "JSON", "logfmt")


def test_a_name_said_to_stay_is_never_replaced() -> None:
    memory = remember("jobs go through RabbitMQ and sessions sit in Memcached",
                      "we're moving sessions to Redis, RabbitMQ stays as it is")
    kept(memory, "RabbitMQ")


def test_a_question_naming_a_setting_replaces_nothing() -> None:
    memory = remember("I'm on the Basic plan at the moment",
                      "should I switch to Pro now, or is Basic enough?")
    kept(memory, "Basic")


def test_a_name_held_by_two_statements_replaces_neither() -> None:
    memory = remember("the billing page takes payments through Stripe",
                      "the donations form also takes payments through Stripe",
                      "switched to Paddle now, Stripe fees were silly")
    assert len(current_with(memory, "Stripe")) >= 2
    assert not any(p.history for p in memory.all_patches)


def test_an_everyday_word_names_nothing() -> None:
    assert [n.word for n in named_words("switched to a newer one, the old one was too slow")] == []
    memory = remember("my work laptop is a Dell", "switched to a newer one, the old one was too slow")
    kept(memory, "Dell")


# ---------------------------------------------------------------- one name changed

def test_a_statement_said_again_with_one_name_changed_replaces_it() -> None:
    memory = remember("draft the release notes in Markdown",
                      ("assistant", "Sure, Markdown it is."),
                      "what goes in a good changelog entry?",
                      "ok draft the release notes in AsciiDoc from now on")
    replaced(memory, "AsciiDoc", "Markdown")


def test_a_pointer_with_a_word_in_common_replaces_the_statement() -> None:
    memory = remember("deliver the parcel to the Elm Street depot",
                      "send it to the Oak Street depot, I'll collect it there")
    replaced(memory, "Oak", "Elm")


def test_a_bare_change_of_name_replaces_the_one_statement_of_the_last_turns() -> None:
    memory = remember("the docs site is hosted on Netlify", "we're moving to Vercel")
    replaced(memory, "Vercel", "Netlify")


def test_a_pointer_with_nothing_in_common_replaces_nothing() -> None:
    memory = remember("the invoices go to the Leeds office",
                      "print it on the Canon in the hallway")
    kept(memory, "Leeds")


def test_a_sibling_with_a_cue_and_another_name_is_not_a_change_of_name() -> None:
    # two names differ on each side: two settings, not one said again
    memory = remember("the EU servers run in Frankfurt", "the US servers run in Ohio now")
    kept(memory, "Frankfurt")


@pytest.mark.parametrize("text,expected", [
    ("switched to Paddle now", True),
    ("is it worth switching to Paddle?", False),
    ("what if we moved to Paddle", False),
    ("moving the cache to Redis, Postgres stays", False),
    ("we're in the Birch room now", True),
])
def test_what_may_revise_in_passing(text, expected) -> None:
    assert revises_in_passing(text) is expected


# ---------------------------------------------------------------- everyday wordings

@pytest.mark.parametrize("text,new,old", [
    ("we're dropping Mongo for Postgres this sprint", "Postgres", "Mongo"),
    ("ripping out jQuery for htmx", "htmx", "jQuery"),
    ("I'm ditching Notion in favour of Obsidian", "Obsidian", "Notion"),
])
def test_one_thing_given_up_for_another(text, new, old) -> None:
    st = parse_statement(text)
    assert (st.value, st.old_value, st.revision) == (new, old, True)


def test_a_pointer_given_up_for_a_name_points_back() -> None:
    st = parse_statement("swap it for Keycloak, the hosted one got pricey")
    assert (st.subject, st.value, st.revision) == (None, "Keycloak", True)


@pytest.mark.parametrize("text", ["drop the price for students", "I'd trade time for money"])
def test_everyday_words_given_for_others_replace_nothing(text) -> None:
    assert parse_statement(text).old_value is None


@pytest.mark.parametrize("text,value", [
    ("the queue depth went up to 900 jobs", "900 jobs"),
    ("we're down to 4 testers after the holidays", "4 testers"),
    ("the fee rose to $14 in March", "$14"),
    ("crank the volume up to 11", "11"),
])
def test_a_level_that_changed_is_a_new_value_not_a_bound(text, value) -> None:
    st = parse_statement(text)
    assert (st.op, st.revision) == ("=", True) and st.value.startswith(value)


def test_going_up_to_a_limit_stays_a_bound() -> None:
    assert parse_statement("you can go up to 200 words per answer").op == "<="


def test_a_level_that_changed_revises_its_setting() -> None:
    memory = remember("our fibre line is 80 Mbps", "actually it went up to 300 Mbps in May")
    replaced(memory, "300 Mbps", "80")


def test_a_number_named_beside_the_new_value_is_the_one_replaced() -> None:
    memory = remember("the cooldown between rounds is 45 seconds",
                      "what's a good stretch for hamstrings?",
                      "let's go with 2 minutes cooldown, 45 is too short")
    replaced(memory, "2 minutes", "45")


def test_a_number_said_to_stay_is_not_replaced() -> None:
    memory = remember("the alpha pool size is 3 workers", "make the beta pool 8 workers, alpha stays at 3")
    kept(memory, "3 workers")


def test_it_is_points_back() -> None:
    memory = remember("the rent is due on the 1st of June", "correction, it's due on the 3rd of June")
    (p,) = [p for p in memory.all_patches if p.value and "3rd" in p.value]
    assert p.history


def test_a_replacement_in_passing_survives_save_and_load(tmp_path) -> None:
    memory = remember("I'm doing the paleo thing these days",
                      "switched to whole30 last week, paleo was too strict for me")
    path = tmp_path / "memory.json"
    memory.save(path)
    loaded = DSPMMemory()
    loaded.load(path)
    replaced(loaded, "whole30", "paleo")


@pytest.mark.parametrize("first,then", [
    ("I'll share the job descriptions with Joshua tomorrow.",
     "I just got a $12,000 raise in August, which Joshua recommended I add to my resume"),
    ("hmm, what about handling cases where the response time exceeds 300ms?",
     "I've implemented a 300ms debounce to reduce the number of calls."),
    ("Maybe I'll start with a couple of dialogue scenes and get Amy's feedback on them.",
     "I'll pick a couple of dialogue scenes and see how I can make them clearer and more concise."),
    ("I'm based in Leeds and I work at the Holbeck office.",
     "I've scheduled daily walks at Roundhay Park to reduce stress"),
    ("Here's my current config:",
     "I've heard that it's a bit complicated, but I want to make sure my app is secure."),
])
def test_a_name_mentioned_in_ordinary_talk_replaces_nothing(first, then) -> None:
    memory = remember(first, then)
    assert not any(p.history for p in memory.all_patches), [(p.text, p.history) for p in memory.all_patches]
    assert len([p for p in memory.all_patches if p.later is None]) >= 2


def test_a_name_given_up_is_the_one_replaced() -> None:
    memory = remember("I'm doing the paleo thing these days", "ditching paleo, going with whole30 instead")
    replaced(memory, "whole30", "paleo")


def test_going_forward_with_the_speaker_doing_it_points_back() -> None:
    memory = remember("I take 400 mg of magnesium daily.", "Going forward I'm taking 600 mg.")
    replaced(memory, "600 mg", "400")


def test_an_instead_says_a_rule_again_with_its_telling_words_changed() -> None:
    memory = remember("Headings for blog posts in title case please.",
                      "could you do sentence case for blog headings instead? it's our style guide")
    (p,) = current_with(memory, "sentence case")
    assert any("title case" in (r.value or "") for r in p.history), p.history
    assert [q for q in memory.all_patches if q.id != p.id and "title case" in q.text.lower()
            and q.later is None] == []


def test_an_instead_about_another_thing_replaces_nothing() -> None:
    memory = remember("for delivery updates please text me",
                      "what's the weather like in Leeds?",
                      "just send the invoices by post instead")
    kept(memory, "text")


# ---------------------------------------------------------------- given up, then taken

def test_a_thing_given_up_then_another_taken_replaces_it() -> None:
    replaced(remember("we host the blog on Ghost", "ditching Ghost, going with Hugo next month"),
             "Hugo", "Ghost")


def test_a_thing_given_up_by_someone_else_replaces_nothing() -> None:
    memory = remember("we host the blog on Ghost",
                      "my friend is ditching Medium, going with Substack for her newsletter")
    kept(memory, "Ghost")


def test_a_common_word_given_up_is_no_value() -> None:
    st = parse_statement("dropping the kids at school, going to work at 9")
    assert st.old_value is None


# ---------------------------------------------------------------- a value preferred for a thing

def test_a_value_said_better_for_a_thing_revises_its_setting() -> None:
    replaced(remember("run the dishwasher at 55 degrees", "the eco mode",
                      "65 degrees is better for the dishwasher, the glasses come out cloudy"),
             "65 degrees", "55")


def test_a_value_better_for_another_thing_stays_apart() -> None:
    memory = remember("run the dishwasher at 55 degrees",
                      "40 degrees is better for the washing machine")
    kept(memory, "55 degrees")
    kept(memory, "40 degrees")


# ---------------------------------------------------------------- a count named by its unit

def test_a_count_named_by_its_unit_alone_is_revised_by_a_count_reached() -> None:
    replaced(remember("I have 38,000 words in the manuscript so far",
                      "the manuscript reached 41,500 words by June 2"), "41,500", "38,000")


def test_a_count_of_another_unit_stays_apart() -> None:
    memory = remember("I have 38,000 words in the manuscript so far",
                      "the manuscript reached 212 pages by June 2")
    kept(memory, "38,000")


def test_a_count_reached_by_a_date_is_a_fact_not_a_deadline() -> None:
    memory = remember("my thesis reached 12,400 words by March 3, way ahead of plan")
    (p,) = [q for q in memory.all_patches if "12,400" in q.text]
    assert p.kind.value == "decision", p.kind


# ---------------------------------------------------------------- the speaker's system

def test_a_new_version_on_the_speakers_own_device_revises_their_system() -> None:
    replaced(remember("I'm on Android 13", "finally updated my phone to Android 14"),
             "Android 14", "Android 13")


@pytest.mark.parametrize("other", [
    "my brother updated his phone to Android 14",
    "the test devices in the lab were updated to Android 14",
])
def test_a_new_version_on_someone_elses_device_stays_apart(other: str) -> None:
    memory = remember("I'm on Android 13", other)
    kept(memory, "Android 13")


# ------------------------------------------------------- the old choice judged beside the new

@pytest.mark.parametrize("first, change, new, old", [
    # a name judged with its "'s" ("is", "has") opening the clause
    ("the quarterly review is in Room 2C on the 14th",
     "there are 12 of us now so 2C's too small, move the review to the Library room",
     "Library room", "2C"),
    # a colour or a size is a name of a known kind, said in a request
    ("order the Nimbus umbrella in navy for me, the compact one",
     "navy's sold out so swap it for the black", "black", "navy"),
    ("get me the hiking socks in medium pls",
     "medium's gone from every shop, make it large", "large", "medium"),
    # the old one is gone ("retired", "closed"), the name capitalised in the request
    ("please send the invoice query to Ms Abernathy in accounts",
     "abernathy left the company in may, send it to mr Osei instead", "Osei", "Abernathy"),
])
def test_a_change_that_judges_the_old_choice_replaces_it(first: str, change: str, new: str,
                                                          old: str) -> None:
    replaced(remember(first, change), new, old)


@pytest.mark.parametrize("first, second, word", [
    # praised, not replaced: a second booking beside the first
    ("book a table at Dishoom for friday", "dishoom's so good! can you also get us Hawksmoor "
                                           "for the 9th", "Dishoom"),
    # someone else's choice
    ("I'd like the jumper in green please", "my sister's getting hers in blue", "green"),
])
def test_a_name_judged_without_a_change_stays(first: str, second: str, word: str) -> None:
    kept(remember(first, second), word)


def test_a_name_replaced_is_marked_earlier_in_a_sentence_of_the_same_turn() -> None:
    memory = remember("we host the docs on Netlify",
                      "netlify's build minutes ran out again. we're hosting the docs on Vercel now")
    replaced(memory, "Vercel", "Netlify")
    assert "(earlier: netlify's" in memory.get_context()


@pytest.mark.parametrize("first, second, new, old", [
    ("meet me at the Costa on High Street", "let's do Pret by the station. costa's always rammed",
     "Pret", "Costa"),
    ("book the back room at the Plough for thursday", "let's go with the Anchor instead. "
     "the plough is way too noisy", "Anchor", "Plough"),
])
def test_a_complaint_after_the_change_marks_the_old_place_as_earlier(first: str, second: str,
                                                                     new: str, old: str) -> None:
    memory = remember(first, second)
    replaced(memory, new, old)
    assert f"(earlier: {old}" in memory.get_context().replace(old.lower(), old), memory.get_context()


def test_a_sentence_names_an_old_value_before_a_comma() -> None:
    memory = remember("I follow a paleo diet these days",
                      "quitting paleo, it was too expensive. going vegetarian instead")
    context = memory.get_context()
    assert "quitting (earlier: paleo" in context, context


def test_a_request_whose_name_was_replaced_keeps_the_rest_of_what_it_said() -> None:
    memory = remember("put the Tolva desk lamp in white in my cart, the one with the usb port",
                      "white's out of stock now so swap it for the grey")
    replaced(memory, "grey", "white")
    context = memory.get_context("what is in my cart")
    assert "Tolva desk lamp in (earlier: white)" in context, context


def test_a_short_statement_whose_name_was_replaced_leaves_no_copy() -> None:
    memory = remember("i'm on keto", "keto's not working for me, going paleo instead")
    replaced(memory, "paleo", "keto")
    assert "(earlier:" not in memory.get_context(), memory.get_context()
