"""Statement parsing and slot identity."""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory
from dspm_core.patch import Fact, PatchKind
from dspm_core.slots import AliasTable, bound_class, normalise_op, parse_statement, subject_key
from dspm_core.store import PatchStore
from dspm_core.values import parse_value


@pytest.mark.parametrize("text,subject,op,value", [
    ("Set the webhook timeout to 10 seconds.", "webhook timeout", "=", "10 seconds"),
    ("Data retention must not exceed 5 years.", "Data retention", "<=", "5 years"),
    ("Data retention must be at least 5 years.", "Data retention", ">=", "5 years"),
    ("The API rate limit is 100 requests per hour.", "API rate limit", "=", "100 requests per hour"),
    ("Responses must be under 200 words.", "Responses", "<", "200 words"),
    ("Audit logs must be kept for at least 1 year.", "Audit logs", ">=", "1 year"),
    ("We'll use PostgreSQL for the database.", "database", "=", "PostgreSQL"),
    ("Let's use PostgreSQL.", "database", "=", "PostgreSQL"),
    ("The launch deadline moved to November 5.", "launch deadline", "=", "November 5"),
    ("Raise the budget from $5,000 to $7,500.", "budget", "=", "$7,500"),
    ("Never use eval.", "use eval", "!=", None),
    ("Hard rule: never log full card numbers, anywhere.", "log full card numbers", "!=", None),
    ("The platinum fee cap is 0.5%.", "platinum fee cap", "=", "0.5%"),
    ("Confirmed: the billing-service timeout is 10 seconds.", "billing-service timeout", "=",
     "10 seconds"),
    ("the webhook timeout stays at 60 seconds", "webhook timeout", "=", "60 seconds"),
])
def test_parse_statement(text, subject, op, value):
    st = parse_statement(text)
    assert (st.subject, st.op, st.value) == (subject, op, value)


@pytest.mark.parametrize("a,b", [
    ("Time to live for sessions", "session TTL"),
    ("time-to-live of sessions", "Session TTL"),
    ("the Webhook Timeouts", "webhook timeout"),
    ("the database", "DB"),
    ("indent width in the python files", "python file indent width"),
    ("Log level in staging", "staging log level"),
])
def test_subject_keys_fold(a, b):
    assert subject_key(a) == subject_key(b)


def test_typos_are_folded_only_to_find_a_stored_subject():
    from dspm_core.slots import folded_subject

    # two names one letter apart stay two identities; a typo of an ordinary word is
    # matched by the resolver through the folded form (see test_resolve.py)
    assert subject_key("sesion timout") != subject_key("session timeout")
    assert folded_subject(subject_key("sesion timout")) == subject_key("session timeout")
    assert subject_key("Kestral cluster size") != subject_key("Kestrel cluster size")


@pytest.mark.parametrize("a,b", [
    ("server-a timeout", "server-b timeout"),
    ("zonba quota", "zonbb quota"),
    ("platinum fee cap", "silver fee cap"),
    ("webhook batch size", "webhook timeout"),
])
def test_subject_keys_stay_apart(a, b):
    assert subject_key(a) != subject_key(b)


def test_alias_table_learns_definitions():
    table = AliasTable()
    learned = table.learn("Our Mean Time Between Failures (MTBF) target is 400 hours.")
    assert ("mtbf", "mean time between failures") in learned
    assert subject_key("mean time between failures target", table) == subject_key("MTBF target", table)
    assert subject_key("mean time between failures target") != subject_key("MTBF target")


def test_operators_and_bound_classes():
    assert normalise_op("at most") == "<=" and normalise_op("≥") == ">=" and normalise_op(None) is None
    assert bound_class("<=") == bound_class("<") == "upper"
    assert bound_class(">=") == bound_class(">") == "lower"
    assert bound_class("=") == bound_class(None) == "eq"
    assert bound_class("!=") == "neg"


@pytest.mark.parametrize("text, op", [
    ("the oldest python we support is 3.11", ">="),
    ("the earliest we can do is 9am", ">="),
    ("the fewest we need is 3 volunteers", ">="),
    ("the most I can pay is £500", "<="),
    ("the longest i'd spend getting to work is one hour", "<="),
    ("the latest I can stay is 10pm", "<="),
    # a fact about something, or about the past: no bound
    ("the biggest file is 2GB", "="),
    ("the latest release is 3.2", "="),
    ("the most we had was 40 guests", "="),
])
def test_the_extreme_a_speaker_accepts_is_a_bound(text: str, op: str) -> None:
    assert parse_statement(text).op == op


@pytest.mark.parametrize("a,b", [("30 secs", "30 seconds"), ("1,000 records", "1000 records"),
                                 ("Oct 20", "October 20th"), ("5 GB", "5 gigabytes"),
                                 ("next Friday", "Friday")])
def test_values_canonical(a, b):
    assert parse_value(a).canonical == parse_value(b).canonical


def test_value_dimensions():
    assert parse_value("100 requests per minute").scope == "minute"
    assert parse_value("10 MB").dimension == "size"
    assert parse_value("Friday").dimension == parse_value("March 3").dimension == "when"
    assert parse_value("30 seconds").dimension == parse_value("2 hours").dimension == "time"


# ---------------------------------------------------------------------------- regressions
def test_always_use_instructions_get_a_subject_from_their_content():
    st = parse_statement("Always use APA 7th edition citations")
    assert (st.subject, st.op, st.value) == ("use APA 7th edition citations", "=", None)
    assert parse_statement("Always use British spelling.").subject == "use British spelling"
    # an explicit subject still makes a choice of it
    st = parse_statement("Always use PostgreSQL for the database.")
    assert (st.subject, st.value) == ("database", "PostgreSQL")


def test_different_always_use_instructions_added_directly_keep_their_own_slots():
    m = DSPMMemory(budget=1000)
    a = m.add_patch("constraint", "Always use APA 7th edition citations.")
    b = m.add_patch("constraint", "Always use British spelling.")
    assert a.id != b.id and subject_key(a.slot) != subject_key(b.slot)
    assert len(m.critical_patches) == 2 and m.store.counters["superseded"] == 0


@pytest.mark.parametrize("name,word", [
    ("jQuery version", "query version"),  # camelCase
    ("FIGMA plan", "sigma plan"),  # all caps
    ("the Prisma schema", "the prism schema"),  # capitalised mid-sentence
    ("upgrade to Vitest", "upgrade to vilest"),
])
def test_names_and_identifiers_are_never_folded_as_typos(name, word):
    assert subject_key(name) != subject_key(word)


def test_title_case_subjects_still_fold():
    assert subject_key("The Webhook Timeouts") == subject_key("webhook timeout")
    assert subject_key("API Rate Limits") == subject_key("the API rate limit")


@pytest.mark.parametrize("text,subject,value,old", [
    ("The launch was pushed from Friday to Monday.", "launch", "Monday", "Friday"),
    ("Let's switch from SQLite to PostgreSQL.", "database", "PostgreSQL", "SQLite"),
    ("Switch the database from SQLite to PostgreSQL.", "database", "PostgreSQL", "SQLite"),
])
def test_from_a_to_b_keeps_the_old_value_out_of_the_subject(text, subject, value, old):
    st = parse_statement(text)
    assert (st.subject, st.value, st.old_value) == (subject, value, old)


@pytest.mark.parametrize("text,subject,value", [
    ("Timeout:30s", "Timeout", "30s"),
    ("Timeout: 30s", "Timeout", "30s"),
    ("Citation style: APA", "Citation style", "APA"),
    ("Citation style : APA", "Citation style", "APA"),
    ("The standup is at 10:30 am", "standup", "10:30 am"),
])
def test_a_colon_assigns_with_or_without_spaces(text, subject, value):
    st = parse_statement(text)
    assert (st.subject, st.value) == (subject, value)


def test_of_in_a_subject_does_not_cut_it():
    st = parse_statement("The recent growth of commits to the repo is now 165.")
    assert (st.subject, st.value) == ("recent growth of commits to the repo", "165")
    assert subject_key(st.subject) == subject_key("commit to the repo recent growth")
    st = parse_statement("We have a budget of $5,000.")
    assert (st.subject, st.value) == ("budget", "$5,000")


@pytest.mark.parametrize("text,revision", [
    ("I got a raise of $12,000.", False),
    ("I got a big raise of $12,000 this year.", False),
    ("The change was approved for 3 teams.", False),
    ("Raise the monthly budget to $750.", True),
    ("The budget was raised to $9,000.", True),
    ("We raised the price to $12.", True),
    ("Change the webhook timeout to 10 seconds.", True),
])
def test_revision_cues_are_verbs_not_nouns(text, revision):
    assert parse_statement(text).revision is revision


def test_a_slot_without_a_value_takes_no_value_from_a_different_reading_of_its_note():
    store = PatchStore()
    out = store.merge(Fact(kind=PatchKind.DECISION, text="Set the webhook timeout to 10 seconds.",
                           slot="retry policy"))
    assert out.patch.slot == "retry policy" and out.patch.value is None
    # a slot that agrees with the note keeps the value read from it
    out = store.merge(Fact(kind=PatchKind.DECISION, text="Set the webhook timeout to 10 seconds.",
                           slot="Webhook timeout"))
    assert out.patch.value == "10 seconds"


@pytest.mark.parametrize("text", ["Turn 24: status ok", "Filler turn 24: status ok",
                                  "Step 3: install the package", "Item 7: the blue one"])
def test_a_numbered_label_is_not_a_setting(text):
    st = parse_statement(text)
    assert st.value is None or not st.value[:1].isdigit(), st


@pytest.mark.parametrize("text, canonical", [
    ("6-7pm", "18:00-19:00"), ("8am-12pm", "08:00-12:00"), ("2pm to 6pm", "14:00-18:00"),
    ("9:30-11:00", "09:30-11:00"), ("10 until 11:30am", "10:00-11:30"),
])
def test_a_span_of_the_clock_is_one_value(text: str, canonical: str) -> None:
    pv = parse_value(text)
    assert (pv.dimension, pv.canonical) == ("clock", canonical)


def test_a_span_of_the_clock_is_the_value_of_its_sentence() -> None:
    st = parse_statement("the drop-off window is 3pm-5pm on weekdays")
    assert (st.value, st.dimension) == ("3pm-5pm", "clock")


@pytest.mark.parametrize("text", ["we're 6 now", "put me down for 2 now?", "that's 3 tickets now"])
def test_now_after_a_number_is_no_unit_and_says_the_count_changed(text: str) -> None:
    st = parse_statement(text)
    assert st.revision and st.unit != "now" and "now" not in (st.value or "")


@pytest.mark.parametrize("text, dimension", [
    ("Lock the account after 4 failed sign-in attempts.", "count:attempt"),
    ("We onboarded 12 new customers.", "count:customer"),
    ("Keep 20 unread messages at most.", "count:message"),
    ("Retry 3 times.", "count:time"),
])
def test_a_count_is_of_the_noun_its_modifiers_qualify(text: str, dimension: str) -> None:
    assert parse_statement(text).dimension == dimension


def test_a_count_with_its_modifiers_is_revised_by_the_bare_count() -> None:
    memory = DSPMMemory()
    memory.add_turn("user", "Allow 2 missed payments before suspending the plan.")
    memory.add_turn("user", "Let's allow 4 payments, people travel.")
    current = [p for p in memory.all_patches if p.later is None and p.critical]
    assert len(current) == 1 and "4" in (current[0].value or ""), [p.text for p in current]
    assert [r.value for r in current[0].history][:1] == ["2 missed payments"]


@pytest.mark.parametrize("text, subject", [
    ("only run the dishwasher twice a week", "dishwasher"),
    ("just charge the scooter every 3 days", "scooter"),
    ("top up the travel card every 2 weeks", "travel card"),
    ("top the travel card up every 2 weeks", "travel card"),
])
def test_an_instruction_with_an_adverb_or_a_particle_is_about_its_object(text: str,
                                                                        subject: str) -> None:
    assert parse_statement(text).subject == subject


def test_a_particle_after_a_pronoun_stays_with_its_verb() -> None:
    # "pick me up" and "drop me off" are two settings, not one object "me"
    assert parse_statement("drop me off at 14 Mill Lane").subject not in (None, "me")


@pytest.mark.parametrize("text", ["the dentist is now 4:15", "it's now Ubuntu 24"])
def test_is_now_says_the_value_changed(text: str) -> None:
    assert parse_statement(text).revision


def test_now_with_no_value_is_no_setting() -> None:
    assert parse_statement("now is the time to book").value is None


@pytest.mark.parametrize("text, value, dimension", [
    ("the build box runs python 3.11", "python 3.11", "version:python"),
    ("our api is on node 22", "node 22", "version:node"),
    ("ruby version is 3.3", "ruby 3.3", "version:ruby"),
    ("Kotlin version is 2.0", "Kotlin 2.0", "version:kotlin"),
])
def test_a_known_system_in_any_case_has_a_version(text: str, value: str, dimension: str) -> None:
    st = parse_statement(text)
    assert (st.value, st.dimension) == (value, dimension)


def test_a_version_said_now_after_something_is_the_value() -> None:
    st = parse_statement("the ci runner's on ubuntu 24 now since the migration")
    assert (st.value, st.dimension) == ("ubuntu 24", "version:ubuntu")


@pytest.mark.parametrize("first, revision, new, old", [
    ("the api targets Ruby 3.2", "bump it to 3.3, we need the new parser", "3.3", "3.2"),
    ("ruby version is 3.2", "we're on ruby 3.3 across the board now", "3.3", "3.2"),
])
def test_a_version_revised_in_another_writing_replaces_the_old_one(first: str, revision: str,
                                                                  new: str, old: str) -> None:
    memory = DSPMMemory()
    memory.add_turn("user", first)
    memory.add_turn("user", revision)
    (current,) = [p for p in memory.all_patches if p.later is None and new in (p.value or "")]
    assert [old in (r.value or "") for r in current.history] == [True]


def test_a_version_of_another_system_stays_apart() -> None:
    memory = DSPMMemory()
    memory.add_turn("user", "ruby version is 3.2")
    memory.add_turn("user", "we're on node 22 across the board now")
    assert all(not p.history for p in memory.all_patches)


@pytest.mark.parametrize("text, subject, value", [
    ("team standups are on Slack huddles these days", "team standups", "Slack huddles"),
    ("code reviews are on Gerrit now", "code reviews", "Gerrit"),
])
def test_a_thing_and_the_tool_it_is_on(text: str, subject: str, value: str) -> None:
    st = parse_statement(text)
    assert (st.subject, st.value) == (subject, value)


def test_a_setting_listed_under_a_label_is_that_setting() -> None:
    st = parse_statement("Account details: weekly grocery budget €90")
    assert (st.subject, st.value, st.scope) == ("weekly grocery budget", "€90", "week")


def test_a_setting_listed_under_a_label_is_revised_by_name() -> None:
    memory = DSPMMemory()
    memory.add_turn("system", "Household profile: weekly grocery budget €90; town Cork.")
    memory.add_turn("user", "the weekly grocery budget is €110 now, prices went up")
    (current,) = [p for p in memory.all_patches if p.later is None and "110" in (p.value or "")]
    assert [r.value for r in current.history] == ["€90"]


def test_settings_listed_under_numbered_labels_stay_apart() -> None:
    memory = DSPMMemory()
    for i in (1, 2, 3):
        memory.add_turn("user", f"Policy {i}: always archive policy {i} files")
    assert len([p for p in memory.all_patches if p.later is None]) == 3


@pytest.mark.parametrize(("text", "subject", "value"), [
    ("the shift is 9am to 5pm", "shift", "9am to 5pm"),
    ("my shift is 7am to 3pm", "shift", "7am to 3pm"),
    ("the move is set to March 3", "move", "March 3"),
])
def test_a_verb_form_after_an_article_or_an_owner_is_a_noun(text: str, subject: str,
                                                             value: str) -> None:
    st = parse_statement(text)
    assert (st.subject, st.value) == (subject, value)


def test_a_verb_of_change_still_sets_its_object() -> None:
    st = parse_statement("shift the meeting to 4pm")
    assert (st.subject, st.value, st.revision) == ("meeting", "4pm", True)


@pytest.mark.parametrize("said, value", [
    ("The API should listen on port 3000 locally.", "3000"),
    ("Run the dev server on 8080 internally.", "8080"),
])
def test_an_adverb_after_a_number_is_no_unit(said: str, value: str) -> None:
    # "3000 locally" is 3000, said of where; "2 tablets daily" keeps its period
    assert parse_statement(said).value == value
    assert parse_statement("take 2 tablets daily").scope == "day"
