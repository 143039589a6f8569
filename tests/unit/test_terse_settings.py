"""Settings said tersely stay apart and are revised one by one, through ``add_turn`` with the
default extractor: a run of named values ("lr 3e-4, batch 64, 10 epochs, AdamW"), a count said
alone, a tool for each purpose, a statement that has a value, numbers in scientific notation,
a pointer with its own counted noun, a setting named with its bound, a bound that may stretch,
and a revision of a statement that said more besides."""

from __future__ import annotations

from chat_sessions import session
from dspm_core import DSPMMemory
from dspm_core.extract.compound import compound_parts, named_value_parts
from dspm_core.slots import parse_statement
from dspm_core.values import parse_value


def current(m: DSPMMemory) -> list:
    return [p for p in m.store.patches() if p.later is None]


def holding(m: DSPMMemory, value: str) -> list:
    return [p for p in current(m) if p.value == value]


# ------------------------------------------------------------------ named values in a run
def test_a_run_of_named_values_splits_with_a_count_and_a_name() -> None:
    assert compound_parts("lr 3e-4, batch 64, 10 epochs, AdamW.") == \
        ["Lr 3e-4.", "Batch 64.", "10 epochs.", "AdamW."]
    assert compound_parts("Date is 14 June 2027, venue is Hollins Barn, about 90 guests.") == \
        ["Date is 14 June 2027.", "Venue is Hollins Barn.", "About 90 guests."]


def test_a_sentence_that_is_not_a_run_of_named_values_stays_whole() -> None:
    assert compound_parts("Sorry, my manager is saying now it must be 15 slides, not 10.") is None
    assert compound_parts("i'm in the office mondays and wednesdays only") is None
    assert compound_parts("my flat is 9 Kings Road, Flat 2") is None
    assert compound_parts("Postgres, Redis, Celery") is None
    assert named_value_parts("we went to Paris, France") is None
    # a measure after a setting is the setting's ("currently 14km" is the long run's)
    assert compound_parts("long run sundays, currently 14km, easy pace ~6:10/km") == \
        ["Long run sundays, currently 14km.", "Easy pace ~6:10/km."]


def test_each_named_value_after_a_sentence_is_revised_alone() -> None:
    m = session("we're training a small transformer for title classification. lr 3e-4, batch 64, "
                "10 epochs, AdamW.",
                "actually make the batch 32, we're OOMing",
                "and go to 20 epochs since it's slower now")
    assert [h.value for p in holding(m, "32") for h in p.history] == ["64"]
    assert [h.value for p in holding(m, "20 epochs") for h in p.history] == ["10 epochs"]
    assert holding(m, "3e-4") and any(p.text == "AdamW." for p in current(m))


# ------------------------------------------------------------------ scientific notation
def test_a_number_in_scientific_notation_is_one_number() -> None:
    assert parse_value("1e-4").canonical == "0.0001"
    assert parse_value("1e-4").dimension == "number"
    st = parse_statement("Let's drop the learning rate to 1e-4")
    assert (st.subject, st.value) == ("learning rate", "1e-4")


def test_the_learning_rate_is_revised_by_its_short_name() -> None:
    m = session("lr 3e-4, batch 64, 10 epochs.", "the val loss is diverging, drop the learning rate to 1e-4")
    assert [h.value for p in holding(m, "1e-4") for h in p.history] == ["3e-4"]


# ------------------------------------------------------------------ a pointer with its own noun
def test_a_count_never_revises_a_fraction() -> None:
    m = session("the val loss is diverging, let's drop the learning rate to 0.0001",
                "and go to 20 epochs since it's slower now")
    assert holding(m, "0.0001")
    assert not [p for p in holding(m, "20 epochs") if p.history]


def test_a_pointer_means_the_setting_of_its_own_counted_noun() -> None:
    m = session("Train for 10 epochs.", "Use a linear warmup of 500 steps.", "make it 20 epochs")
    assert [h.value for p in holding(m, "20 epochs") for h in p.history] == ["10 epochs"]
    assert holding(m, "500 steps")


def test_a_size_revises_the_size_not_the_last_number() -> None:
    m = session("The server has 8GB of RAM and view distance is 10",
                "the lag is awful, turn view distance down to 6",
                "we upgraded the box, it's got 16 gigs now")
    assert [h.value for p in holding(m, "6") for h in p.history] == ["10"]
    assert [h.value for p in holding(m, "16 gigs") for h in p.history] == ["8GB"]


def test_a_cue_word_names_no_setting() -> None:
    m = session("Max players 12.", "let's allow 16 players, cousins are joining", "actually only 14")
    assert [h.value for p in holding(m, "14") for h in p.history][:1] == ["16 players"]


# ------------------------------------------------------------------ bounds
def test_a_setting_named_with_its_bound_is_revised_by_its_bare_name() -> None:
    m = session("Max sequence length is 256 tokens.", "bump seq len to 384, titles in German are long")
    assert [h.value for p in holding(m, "384") for h in p.history] == ["256 tokens"]


def test_a_bound_may_stretch() -> None:
    m = session("Catering can't go over £6k.", "catering can stretch to 7k")
    (now,) = holding(m, "7k")
    assert now.critical and [h.value for h in now.history] == ["£6k"]
    assert parse_statement("The budget can't go over £6k.").op == "<="


# ------------------------------------------------------------------ a tool for each purpose
def test_a_tool_for_each_purpose_is_a_decision_each() -> None:
    assert compound_parts("Use clap for args, anyhow for errors, tokio for async.") == \
        ["Use clap for args.", "Use anyhow for errors.", "Use tokio for async."]
    assert compound_parts("we'll use Postgres for storage and Redis for caching") == \
        ["We'll use Postgres for storage.", "We'll use Redis for caching."]
    assert compound_parts("use it for work, and for fun") is None


# ------------------------------------------------------------------ what else was said stays
def test_a_revised_sentence_keeps_what_else_it_said() -> None:
    m = session("I run a small Minecraft server. Max players 12, whitelist on, difficulty normal.",
                "let's allow 16 players, cousins are joining")
    texts = " ".join(p.text for p in current(m))
    assert "whitelist on" in texts and "difficulty normal" in texts
    assert [h.value for p in holding(m, "16 players") for h in p.history] == ["12"]


def test_a_free_value_leaves_the_words_of_the_change_out() -> None:
    assert parse_statement("Default log level should be info actually").value == "info"
    assert parse_statement("default log level should be info then").value == "info"


# ------------------------------------------------------------------ ties, exceptions, people
def test_a_pointer_tie_goes_to_the_setting_the_sentence_names() -> None:
    m = session("p95 latency alert at 800ms, error rate alert at 2%, and page on-call if it lasts 5 minutes.",
                "the latency one is too noisy, raise it to 1.2s")
    assert [h.value for p in holding(m, "1.2s") for h in p.history] == ["800ms"]
    assert holding(m, "5 minutes")


def test_a_value_for_days_off_is_an_exception_beside_the_rule() -> None:
    m = session("I want workouts of 20 minutes max, no running because of my knee.",
                "can we make the workouts 30 minutes on my days off")
    assert holding(m, "20 minutes") and not [p for p in holding(m, "30 minutes") if p.history]


def test_a_count_of_things_is_never_what_a_person_is() -> None:
    m = session("can you help me plan meals for my toddler? She's 2, allergic to eggs.",
                "she eats 3 meals and 2 snacks a day",
                "she's dropped the afternoon snack, so just one snack now")
    assert holding(m, "2") and "allergic to eggs" in holding(m, "2")[0].text
    m = session("I'm 34", "make it 6 people")
    assert holding(m, "34")
    m = session("we're 4 people", "make it 6 people")
    assert [h.value for p in holding(m, "6 people") for h in p.history] == ["4 people"]


# ------------------------------------------------------------------ what else was said stays
def test_a_turned_rule_keeps_the_rule_said_beside_it() -> None:
    m = session("I'm lactose intolerant and I don't eat pork.", "I eat pork now")
    texts = " ".join(p.text for p in current(m))
    assert "lactose intolerant" in texts
    (now,) = [p for p in current(m) if p.history]
    assert now.text == "I eat pork now"


def test_a_rule_is_turned_by_starting_again() -> None:
    m = session("I don't eat pork.", "actually I've started eating pork again")
    (now,) = [p for p in current(m) if p.history]
    assert "started eating pork" in now.text and now.critical


def test_a_revised_statement_keeps_the_numbers_and_the_date_it_said_besides() -> None:
    m = session("I'm a nurse on 12-hour shifts, 3 days on 4 days off.",
                "I'm switching to 8-hour shifts next month, 5 days a week")
    assert "3 days on 4 days off" in " ".join(p.text for p in current(m))
    m = session("I want to save for a house deposit. Target £30,000 by December 2028.",
                "the target is going up to £35k, prices keep rising")
    assert [h.value for p in holding(m, "£35k") for h in p.history] == ["£30,000"]
    assert "December 2028" in " ".join(p.text for p in current(m))


# ------------------------------------------------------------------ everyday changes
def test_a_setting_someone_changed_takes_its_new_value() -> None:
    m = session("the wifi password is bluefish42", "oh they changed the wifi password, it's seagull77 now")
    assert [h.value for p in holding(m, "seagull77") for h in p.history] == ["bluefish42"]
    m = session("our Slack channel is #proj-alpha", "we renamed the channel to #proj-atlas")
    assert [h.value for p in holding(m, "#proj-atlas") for h in p.history] == ["#proj-alpha"]
    assert parse_statement("can you rename the channel to #x?").value is None


def test_a_modal_and_its_verb_are_no_part_of_the_subject() -> None:
    assert parse_statement("invoices should go out on the 25th instead").subject == "invoices"
    m = session("send invoices on the 1st of each month", "invoices should go out on the 25th instead")
    assert [h.value for p in holding(m, "25th") for h in p.history] == ["1st"]


def test_a_change_asked_of_the_value_points_at_it() -> None:
    m = session("The test suite must finish in under 10 minutes", "relax that, 15 minutes is ok")
    assert [h.value for p in holding(m, "15 minutes") for h in p.history] == ["10 minutes"]


def test_a_measure_joined_to_its_noun_by_a_hyphen() -> None:
    assert parse_value("1-week").canonical == parse_value("1 week").canonical
    assert parse_value("8-hour").dimension == "time"
    m = session("Our sprint length is two weeks", "We're switching to one-week sprints")
    assert [p for p in current(m) if p.history and p.history[0].value == "2 weeks"]


def test_a_diet_one_went_or_has_gone() -> None:
    for said in ("I went vegan", "I've gone vegan this year"):
        st = parse_statement(said)
        assert (st.subject, st.value) == ("diet", "vegan")


def test_the_speaker_is_not_the_people_named_before() -> None:
    m = session("The kids eat at 5:30", "we eat at 7")
    assert holding(m, "5:30") and not [p for p in current(m) if p.history]


def test_a_count_said_alone_never_takes_a_number_of_another_thing() -> None:
    m = session("Docker setup: expose port 8000, 4 gunicorn workers.", "healthcheck every 30s, timeout 5s, 3 retries")
    assert holding(m, "3 retries") and not holding(m, "3 retries")[0].history
    assert "8000" in " ".join(p.text for p in current(m) if not p.history)


def test_an_interval_is_no_duration() -> None:
    m = session("healthcheck every 30s, timeout 5s, 3 retries", "healthcheck timeout 10s, the db check is slow")
    assert holding(m, "30s") and not holding(m, "30s")[0].history
    assert not [p for p in holding(m, "10s") if [h for h in p.history if h.value == "30s"]]


def test_a_version_tag_is_no_number_to_change() -> None:
    m = session("bump the base image to python:3.12-slim", "workers should be 2 per core, we have 4 cores so 8")
    (image,) = [p for p in current(m) if "python:3.12-slim" in p.text]
    assert not image.history and "earlier" not in image.text


def test_a_bare_number_after_too_much_or_too_little_points_at_the_value() -> None:
    m = session("set the timer for 25 minutes", "assistant: Timer set for 25 minutes.", "that's too long, 15")
    (now,) = [p for p in current(m) if p.history]
    assert now.value == "15" and now.unit == "minutes" and now.history[0].value == "25 minutes"
    # (a number after a word that judges nothing points nowhere new)
    m = session("can you also force 2FA for admins", "oh right, 15 then, forgot about that")
    assert not [p for p in current(m) if p.history]


def test_the_speaker_may_stretch_to_a_new_value() -> None:
    m = session("my budget for the laptop is £900", "assistant: Here are some options under £900.",
                "these are all meh, I could stretch to £1,100")
    assert [h.value for p in holding(m, "£1,100") for h in p.history] == ["£900"]


def test_earlier_or_later_with_a_value_is_a_change() -> None:
    st = parse_statement("I want to go to bed earlier, 10:30")
    assert (st.subject, st.value, st.revision) == ("go to bed", "10:30", True)
    m = session("I go to bed at 11", "assistant: Noted.", "I want to go to bed earlier, 10:30")
    assert [h.value for p in holding(m, "10:30") for h in p.history] == ["11:00"]


def test_a_number_after_a_change_asked_by_its_direction() -> None:
    assert parse_value("1200ish").canonical == "1200"
    m = session("I want the blog posts around 800 words", "let's make them longer, 1200ish")
    (now,) = [p for p in current(m) if p.history]
    assert now.value == "1200ish" and now.history[0].value == "800 words"


def test_code_quotes_are_read_as_said() -> None:
    m = session("nginx `client_max_body_size 10m`", "client_max_body_size needs to be 50m, people upload 4k video now")
    assert [h.value for p in holding(m, "50m") for h in p.history] == ["10m"]


def test_who_said_it_is_no_part_of_the_subject() -> None:
    assert parse_statement("HR says lunch is 45 minutes now").subject == "lunch"
    m = session("lunch break is 30 minutes", "HR says lunch is 45 minutes now")
    assert [h.value for p in holding(m, "45 minutes") for h in p.history] == ["30 minutes"]


def test_a_name_renamed_takes_its_new_name() -> None:
    m = session("the main branch is master", "we renamed master to main")
    assert [h.value for p in holding(m, "main") for h in p.history] == ["master"]


def test_a_version_for_a_thing_is_that_thing_s_setting() -> None:
    assert parse_statement("Node 18 for the lambdas").subject == "lambdas"
    m = session("Node 18 for the lambdas", "upgrade the lambdas to Node 20")
    assert [h.value for p in holding(m, "Node 20") for h in p.history] == ["Node 18"]


def test_a_count_said_alone_never_takes_a_count_of_another_thing() -> None:
    m = session("would 3 even fit in my oven at once or should i bake them in batches",
                "db-east has 32 GB RAM and 8 cores")
    assert not [p for p in current(m) if p.history]


def test_a_setting_named_in_full_with_words_its_statement_said() -> None:
    m = session("compress with zstd, level 3", "zstd level 10 is fine, cpu is idle at that hour")
    assert [h.value for p in holding(m, "10") for h in p.history] == ["3"]
    m = session("ci on `main` runs the full e2e suite, timeout 40 minutes",
                "feature branches: e2e timeout 15 minutes, smoke tests only")
    assert holding(m, "40 minutes") and not [p for p in current(m) if p.history]


def test_they_after_a_name_points_at_that_name() -> None:
    m = session("Van booked with Shift Movers for 8am.", "Shift Movers called, they can only do 9:30 now")
    assert [h.value for p in holding(m, "9:30") for h in p.history] == ["8am"]


def test_a_value_named_after_as_a_setting() -> None:
    st = parse_statement("the quote came in at £17,500 so that's our budget now")
    assert (st.subject, st.value, st.revision) == ("budget", "£17,500", True)
    m = session("Budget £15,000, the builder is Dave Kent.", "the quote came in at £17,500 so that's our budget now")
    assert [h.value for p in holding(m, "£17,500") for h in p.history] == ["£15,000"]


def test_a_revised_value_keeps_the_price_said_beside_it() -> None:
    m = session("Standard package is 150Mbps for £28 a month; premium is 500Mbps for £40.",
                "standard is being upgraded to 200Mbps, same price")
    assert [h.value for p in holding(m, "200Mbps") for h in p.history] == ["150Mbps"]
    assert any("£28" in p.text for p in current(m) if not p.history)


def test_the_assistant_s_value_of_another_thing_is_never_carried() -> None:
    m = session("I manage my mum's medication. She takes 5mg amlodipine every morning and 20mg atorvastatin at night.",
                "her GP is Dr Shah at Parkside Surgery, appointments are usually Tuesdays",
                "she can't swallow big tablets, so liquid versions where possible",
                "assistant: Got it: amlodipine 5mg mornings, atorvastatin 20mg at night, Dr Shah at Parkside "
                "(Tuesdays), liquid forms where possible.",
                "the GP doubled her amlodipine to 10mg")
    assert not [h for p in holding(m, "10mg") for h in p.history if h.value == "20mg"]


def test_a_version_of_each_tool_and_a_labelled_list_of_any_kind() -> None:
    assert compound_parts("Use Pydantic v2, SQLAlchemy 2.0 with async sessions, Postgres 15.") == \
        ["Use Pydantic v2.", "Use SQLAlchemy 2.0 with async sessions.", "Use Postgres 15."]
    assert compound_parts("Coding rules: type hints everywhere, no print statements, max function length 40 lines.") \
        == ["Type hints everywhere.", "No print statements.", "Max function length 40 lines."]


def test_a_clause_of_a_compound_no_typed_fact_holds_is_kept() -> None:
    m = session("Python service, FastAPI. Use Pydantic v2, SQLAlchemy 2.0 with async sessions, Postgres 15.")
    assert "Pydantic v2" in " ".join(p.text for p in current(m))


def test_the_old_value_judged_after_the_new_one() -> None:
    st = parse_statement("max function length 60, 40 was too strict for the handlers")
    assert (st.subject, st.value, st.old_value, st.revision) == ("max function length", "60", "40", True)
    m = session("Coding rules: type hints everywhere, no print statements, max function length 40 lines.",
                "max function length 60, 40 was too strict for the handlers")
    assert [h.value for p in holding(m, "60") for h in p.history] == ["40 lines"]
    assert "No print statements." in [p.text for p in current(m)]


def test_the_speaker_s_system_in_a_new_version() -> None:
    m = session("Use Pydantic v2, SQLAlchemy 2.0 with async sessions, Postgres 15.", "we're on Postgres 16 now")
    assert [h.value for p in holding(m, "Postgres 16") for h in p.history] == ["Postgres 15"]
    assert holding(m, "SQLAlchemy 2.0")


def test_a_meeting_called_1_1_and_a_time_said_after_how_often() -> None:
    st = parse_statement("My 1:1 with Priya is every Tuesday at 3pm")
    assert st.dimension != "ratio" and st.value == "Tuesday at 3pm"
    assert parse_statement("mix the mortar 1:1").dimension == "ratio"
    st = parse_statement("The team standup is daily at 9:45.")
    assert (st.subject, st.value) == ("team standup", "9:45")
    m = session("My 1:1 with Priya is every Tuesday at 3pm, and the team standup is daily at 9:45.",
                "standup moved to 9:30", "Priya wants our 1:1 on Wednesdays from now on, same time")
    assert [h.value for p in holding(m, "9:30") for h in p.history] == ["9:45"]
    assert [h.value for p in holding(m, "Wednesdays") for h in p.history] == ["Tuesday at 3pm"]


def test_who_a_budget_is_for_is_no_setting() -> None:
    assert parse_statement("Budget £1,200 for two.").subject == "Budget"


def test_a_day_in_an_event_s_name_is_no_day() -> None:
    st = parse_statement("Black friday next week, go 6 replicas instead of 3 as the baseline")
    assert (st.value, st.old_value) == ("6 replicas", "3 replicas")
    assert parse_statement("move it to friday").value == "friday"


def test_a_name_said_with_the_old_one_turned_down() -> None:
    st = parse_statement("PRs go to main, not develop.")
    assert (st.subject, st.value, st.old_value, st.revision) == ("PRs", "main", "develop", True)
    st = parse_statement("use tabs not spaces")
    assert (st.subject, st.value, st.old_value) == (None, "tabs", "spaces")


def test_the_old_value_turned_down_first() -> None:
    st = parse_statement("not v18, v20.")
    assert (st.value, st.old_value, st.revision) == ("v20", "v18", True)
    m = session("the standup is on tuesday", "not tuesday, wednesday")
    assert [h.value for p in holding(m, "wednesday") for h in p.history] == ["tuesday"]
    m = session("we use Node 18", "not 18, 20.")  # (the name kept: the part named is replaced)
    assert [h.value for p in holding(m, "Node 20") for h in p.history] == ["Node 18"]


def test_another_person_s_day_is_not_the_speaker_s() -> None:
    m = session("I have piano lessons on Tuesdays at 5", "Lily's piano lessons are on wednesdays")
    assert not [p for p in current(m) if p.history]
    m = session("I have piano lessons on Tuesdays at 5", "piano lessons are on wednesdays now")
    assert [h.value for p in holding(m, "wednesdays") for h in p.history] == ["Tuesdays at 5:00"]
