"""Settings as people type them to support bots, coding agents and assistants, and their
revisions: a rule after its scope with no comma, an amount of money with a word after it,
days said together, a measure before the thing it measures, a contact's number after their
name, paths and web addresses, a correction that opens the sentence, and a goal named only
by its role.

Each test feeds sentences through ``add_turn`` (default extractor) and checks what the store
holds; the look-alikes check that two settings stay two.
"""

from __future__ import annotations

import pytest

from test_in_passing import criticals, current_with, kept, remember, replaced

from dspm_core.extract.scoped import scoped_instruction
from dspm_core.slots import parse_statement
from dspm_core.values import parse_value


# ------------------------------------------------------------- a rule after its scope

@pytest.mark.parametrize("text", [
    "For customer replies keep it to 3 sentences max",
    "in the api code always use snake_case",
    "on the landing page don't mention pricing",
    "for the mobile app use Expo",
])
def test_a_rule_said_after_its_scope_is_stored(text: str) -> None:
    assert criticals(text), text


@pytest.mark.parametrize("text", [
    "for now use yarn",
    "in short keep it simple",
    "For example use a table",
    "On another note, I just adopted a cute pup from a shelter last week.",
    "in typescript how do i throw a new error with an extra property?",
    "In the multiclass case, the training algorithm uses the one-vs-rest scheme",
])
def test_a_time_an_example_or_a_question_is_no_scope(text: str) -> None:
    assert scoped_instruction(text) is None


def test_the_scope_is_read_after_the_instruction() -> None:
    assert scoped_instruction("For customer replies keep it to 3 sentences max") \
        == "keep it to 3 sentences max for customer replies"
    assert scoped_instruction("on the landing page don't mention pricing") \
        == "don't mention pricing on the landing page"


def test_two_apps_named_by_their_modifier_stay_two_settings() -> None:
    memory = remember("for the mobile app we use Expo",
                      ("assistant", "Great, I'll assume Expo Router and EAS for builds."),
                      "actually for the web app lets go with Next.js")
    kept(memory, "Expo")
    kept(memory, "Next.js")


# ------------------------------------------------------------- amounts and numbers

@pytest.mark.parametrize("said, amount", [("$400 total", "400 USD"), ("£80 tops", "80 GBP"),
                                           ("$12,000 raise", "12000 USD"), ("€50 voucher", "50 EUR")])
def test_an_amount_of_money_is_money_whatever_word_follows_it(said: str, amount: str) -> None:
    pv = parse_value(said)
    assert (pv.dimension, pv.canonical) == ("money", amount)


def test_money_for_each_one_stays_a_rate() -> None:
    assert parse_value("£30 pp").dimension == "rate:money"


def test_a_budget_said_with_total_is_revised_by_a_pointer() -> None:
    memory = remember("hey can you help me plan groceries for the month? I'm trying to keep it to "
                      "$400 total, we've been overspending a lot lately",
                      "ok honestly make that $450, 400 isn't realistic with two teenagers")
    replaced(memory, "$450", "$400")


def test_a_number_allowed_with_the_old_one_named_revises_the_limit() -> None:
    memory = remember("For customer replies keep it to 3 sentences max, they're mostly reading on mobile.",
                      ("assistant", "Understood, customer replies will be three sentences or fewer."),
                      "let's allow 5, 3 was too curt and people complained")
    (p,) = current_with(memory, "5")
    assert any("3" in (r.value or "") for r in p.history), p.history


def test_a_count_allowed_with_its_unit_keeps_its_own_subject() -> None:
    st = parse_statement("Let's allow 5 attempts, I keep locking myself out on my phone.")
    assert st.subject == "allow" and st.value == "5 attempts"


def test_a_goal_named_by_its_role_revises_the_count_of_the_same_thing() -> None:
    memory = remember("I'm trying to hit 8,000 steps a day, can you nag me in the evening if I'm behind?",
                      "let's push the goal to 10k steps now that my knee is better")
    (p,) = current_with(memory, "10k")
    assert [r.value for r in p.history] == ["8,000 steps a day"]


def test_a_goal_of_another_thing_revises_nothing() -> None:
    memory = remember("I'm trying to hit 8,000 steps a day",
                      "let's push the goal to 3 workouts now")
    kept(memory, "8,000")


# ------------------------------------------------------------- days, measures, contacts

@pytest.mark.parametrize("said, canonical, dimension", [
    ("mon/wed/fri at 6:30am", "monday/wednesday/friday 06:30", "clock"),
    ("Mondays and Wednesdays at 6:30am", "monday/wednesday 06:30", "clock"),
    ("mon, wed and fri", "monday/wednesday/friday", "when"),
    ("next fri", "friday", "when"),
])
def test_days_said_together_are_one_value(said: str, canonical: str, dimension: str) -> None:
    pv = parse_value(said)
    assert (pv.canonical, pv.dimension) == (canonical, dimension)


def test_a_new_hour_with_the_old_one_named_revises_the_days_and_time() -> None:
    memory = remember("my gym sessions are mon/wed/fri at 6:30am, plan my meals around that",
                      "gonna start going at 7 instead, the 6:30 class got cancelled")
    (p,) = [q for q in memory.all_patches if q.later is None and q.history]
    assert p.history[0].value == "mon/wed/fri at 6:30am" and p.value.startswith("7")


def test_a_measure_before_a_thing_is_the_things_setting() -> None:
    st = parse_statement("use 25 minute work blocks")
    assert (st.subject, st.value, st.dimension, st.revision) == ("work blocks", "25 minute", "time", False)
    assert parse_statement("ok we can go up to 120 minutes now, so rework the plan").subject is None
    memory = remember("For the pomodoro timer you're building me, use 25 minute work blocks and 5 "
                      "minute breaks.", "make the work blocks 50 min, 25 is way too short for deep work")
    replaced(memory, "50 min", "25 minute")


def test_a_contacts_number_after_their_name_is_the_contacts_setting() -> None:
    assert parse_statement("My emergency contact is my brother Sam, 555-0142").subject == "emergency contact"
    memory = remember("My emergency contact is my brother Sam, 555-0142",
                      "update my emergency contact to my wife Lena, 555-0198")
    replaced(memory, "555-0198", "555-0142")


def test_an_address_said_alone_revises_the_one_address() -> None:
    memory = remember("My shipping address is 42 Elm Street, Apt 3B, use that for the order",
                      "wait we moved last week, new address is 17 Harbor Road")
    replaced(memory, "17 Harbor Road", "42 Elm Street")


def test_two_addresses_of_their_own_stay_two_settings() -> None:
    memory = remember("My shipping address is 42 Elm Street", "my billing address is 9 Oak Avenue")
    kept(memory, "42 Elm Street")
    kept(memory, "9 Oak Avenue")


# ------------------------------------------------------------- paths and web addresses

@pytest.mark.parametrize("said, kind", [("/srv/logs/myapp", "path"), ("/var/log/myapp/", "path"),
                                        ("~/.config/app", "path"), ("https://api.acme.io/v2", "url")])
def test_paths_and_web_addresses_are_values_of_their_own(said: str, kind: str) -> None:
    assert parse_value(said).dimension == kind


@pytest.mark.parametrize("said", ["and/or", "24/7", "w/o sugar", "1/2 cup"])
def test_a_slash_between_words_or_numbers_is_no_path(said: str) -> None:
    assert parse_value(said).dimension not in ("path", "url")


def test_a_new_directory_revises_where_the_logs_go() -> None:
    memory = remember("write the logs to /var/log/myapp/ please, and rotate daily",
                      "change the log dir to /srv/logs/myapp, /var is tiny on these boxes")
    replaced(memory, "/srv/logs/myapp", "/var/log/myapp/")


def test_logs_of_two_environments_stay_two_settings() -> None:
    memory = remember("staging logs go to /var/log/staging", "prod logs go to /var/log/prod")
    kept(memory, "/var/log/staging")
    kept(memory, "/var/log/prod")


# ------------------------------------------------------------- a correction that opens it

def test_a_correction_that_opens_a_setting_revises_the_name_it_replaces() -> None:
    memory = remember("We're using Postgres for this project, so write the migrations accordingly.",
                      "scratch that, the db is MySQL, the client's ops team won't support postgres")
    replaced(memory, "MySQL", "Postgres")


def test_a_correction_alone_is_no_rule() -> None:
    memory = remember("Feed the cat 2 pouches a day while i'm away please",
                      "hmm maybe 3 pouches?", "No wait, 2 is right, keep it.")
    assert not [p for p in memory.all_patches if p.text.strip(" .!").lower() == "no wait"]


# ------------------------------------------------------------- recognised by their form

@pytest.mark.parametrize("text", [
    "i'm coeliac fyi",
    "we deploy everything to Fly.io",
    "we host the docs on Netlify",
    "I've only got 25 min to cook on weeknights — what could I make tonight with chicken thighs?",
    "sign off customer emails as 'The Brightwell Team'",
    "type hints on everything pls",
    "I'm hosting Thanksgiving for 10 this year, help me with a shopping list",
    "we're having a party for 20 people on Saturday",
    "I lived in Berlin until 2019, now I'm in Munich",
])
def test_a_setting_said_in_everyday_words_is_stored(text: str) -> None:
    assert criticals(text), text


@pytest.mark.parametrize("text", [
    "use a table for this comparison pls, just this once",
    "keep it short just this time",
    "I was vegetarian for like 5 years in college",
    "I lived in Berlin until 2019",
    "we went to Paris",
    "we need to talk to Sam",
    "thanks for everything",
    "sorry for everything",
    "save this file as 'notes.txt'",
])
def test_what_holds_once_or_held_before_is_no_setting(text: str) -> None:
    assert not criticals(text), [p.text for p in criticals(text)]


def test_a_party_given_for_so_many_is_revised_by_the_speakers_count() -> None:
    assert parse_statement("I'm hosting Thanksgiving for 10 this year").value == "10 people"
    assert parse_statement("I'm having lunch for 20 minutes").value == "20 minutes"
    memory = remember("I'm hosting Thanksgiving for 10 this year, help me with a shopping list",
                      ("assistant", "Great! For 10 people you'll want a 14-16 lb turkey, about 5 lb "
                                    "of potatoes, 2 pies..."),
                      "update: we're now 12, my in-laws are coming after all")
    replaced(memory, "12", "10")


# ------------------------------------------------------------- settings given in requests

def test_a_size_given_in_a_request_is_revised_by_a_pointer() -> None:
    st = parse_statement("provision the build VM with a 50GB disk")
    assert (st.subject, st.value, st.dimension) == ("build VM", "50GB", "size")
    replaced(remember("provision the build VM with a 50GB disk", "make it 120GB"), "120GB", "50GB")


def test_a_number_after_a_light_verb_revises_the_time_spoken_of() -> None:
    assert parse_statement("can we do 10 instead").subject is None
    replaced(remember("schedule the standup for 9:30 tomorrow", "can we do 10 instead"), "10", "9:30")


def test_an_hour_said_as_a_word_revises_a_duration() -> None:
    assert parse_statement("make it an hour instead").value == "1 hour"
    assert parse_statement("in an hour").value is None
    memory = remember("book a 30 minute call with Priya on Monday", "make it an hour instead")
    (p,) = [q for q in memory.all_patches if q.history]
    assert p.value == "1 hour" and p.history[0].value == "30 minute"


def test_the_price_revises_the_one_amount_of_money_spoken_of() -> None:
    replaced(remember("list the bike on marketplace for $450", "drop the price to $400, nobody's biting"),
             "$400", "$450")


def test_the_price_of_two_amounts_revises_neither() -> None:
    memory = remember("list the bike on marketplace for $450", "and the helmet for $40",
                      "drop the price to $400")
    kept(memory, "$450")
    kept(memory, "$40")


def test_a_pointer_with_words_before_its_value_revises_the_setting_spoken_of() -> None:
    assert parse_statement("push it a week, to june 14").subject is None
    replaced(remember("book the venue for June 7", "push it a week, to june 14"), "june 14", "June 7")


def test_a_pointer_kept_as_it_is_names_its_own_rule() -> None:
    assert parse_statement("keep it under 100 words").subject == "it"


# ------------------------------------------------------------- typed on a phone

@pytest.mark.parametrize("text", [
    "call me jo, nobody calls me joanna lol",
    "high blood pressure here so go easy on the salt in recipes ok",
    "i picked the kindle over the ipad for reading so recomend stuff that works on kindle 📚",
    "celiac here 🙋‍♀️ gluten free everything pls",
])
def test_a_setting_typed_on_a_phone_is_stored(text: str) -> None:
    assert criticals(text), text


@pytest.mark.parametrize("text", [
    "call me back", "call me later", "nobody here so come back later",
    "i picked up the kids over the weekend",
    "translate 'where is the train station' into japanese pls",
])
def test_a_look_alike_typed_on_a_phone_sets_nothing(text: str) -> None:
    assert not criticals(text), [p.text for p in criticals(text)]


def test_an_emoji_between_two_sentences_ends_the_first() -> None:
    from dspm_core.extract.clauses import split_sentences
    assert split_sentences("celiac here 🙋‍♀️ gluten free everything pls") \
        == ["celiac here 🙋‍♀️", "gluten free everything pls"]
    assert split_sentences("ok thanks 👍") == ["ok thanks 👍"]


# ------------------------------------------------------------- a configuration a tool prints

def test_a_value_a_tool_printed_from_a_config_file_is_revised_by_the_user() -> None:
    memory = remember(("tool", "$ cat config/app.yaml\nserver:\n  port: 8080\n  host: 0.0.0.0\n  workers: 4"),
                      "change the server port to 9000, 8080 is taken by the jenkins agent")
    replaced(memory, "9000", "8080")
    assert [p.value for p in memory.all_patches if p.slot == "server workers"] == ["4"]


def test_a_json_config_printed_by_a_tool_gives_its_values() -> None:
    from dspm_core.extract.config_lines import config_facts
    from dspm_core.patch import Role, Turn
    facts = config_facts(Turn(Role.TOOL, 'bot_config.json\n{"refund_window_days": 30, "greeting": {"lang": "en"}}', 0),
                         'bot_config.json\n{"refund_window_days": 30, "greeting": {"lang": "en"}}')
    assert [(f.slot, f.value) for f in facts] == [("refund window days", "30"), ("greeting lang", "en")]


@pytest.mark.parametrize("text", ["Forecast: high 31°C, low 24°C, sunny",
                                  "booking confirmed: UA 488, Dec 20, ORD → SFO, 4:10pm"])
def test_one_line_with_a_colon_is_no_configuration(text: str) -> None:
    from dspm_core.extract.config_lines import config_facts
    from dspm_core.patch import Role, Turn
    assert config_facts(Turn(Role.TOOL, text, 0), text) == []
