"""Settings, stances and bounds recognised by their form, and the clause that holds a value."""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory
from dspm_core.extract.setting_forms import one_off_task, setting_kind
from dspm_core.named_settings import NamedSetting, read_named
from dspm_core.patch import PatchKind
from dspm_core.slots import parse_statement
from dspm_core.value_clause import clauses, named_object, reported, spent_value


@pytest.mark.parametrize("text,subject,value", [
    ("The staging branch is release.", "staging branch", "release"),
    ("Our logo colour is navy.", "logo colour", "navy"),
    ("My nearest station is Waterloo.", "nearest station", "Waterloo"),
    ("Lint the sources with Flake8.", "sources", "Flake8"),
    ("We'll keep notes in Obsidian.", "notes", "Obsidian"),
    ("Our wiki runs on Confluence.", "wiki", "Confluence"),
    ("I want a backup report every Friday.", "backup report", "every Friday"),
    ("Every month I need an invoice summary.", "invoice summary", "every month"),
    ("Default log level is ERROR.", "Default log level", "ERROR"),
    # a subject of more words: what the setting is of, after a preposition
    ("The database for the billing team is PostgreSQL.", "database for the billing team",
     "PostgreSQL"),
    ("Log level in staging is DEBUG.", "Log level in staging", "DEBUG"),
    # two names for one use
    ("Use lakh and crore for big numbers.", "big numbers", "lakh and crore"),
    ("Please use metres and kilograms for measurements.", "measurements", "metres and kilograms"),
    # what a thing targets or requires
    ("Our app targets Android 10 and up.", "app", "Android 10"),
    ("My script requires Python 3.11.", "script", "Python 3.11"),
])
def test_settings_declared_by_name(text: str, subject: str, value: str) -> None:
    named = read_named(text)
    assert named is not None and (named.subject, named.value) == (subject, value)
    assert setting_kind(text) is PatchKind.DECISION
    memory = DSPMMemory()
    memory.add_turn("user", text)
    [p] = [p for p in memory.all_patches if p.critical]
    assert p.kind is PatchKind.DECISION and value.split()[-1] in (p.value or "")


@pytest.mark.parametrize("text", [
    "The view is lovely.",
    "My week was busy.",
    "It is OK.",
    "This is SPARTA.",
    "Our product is called Orbit.",
    "My name is Ada.",
    "Summarise this report in two sentences.",
    "Convert 30 miles to kilometres.",
    "How do I keep the queue under 500 jobs?",
])
def test_verdicts_tasks_and_how_to_questions_set_nothing(text: str) -> None:
    assert read_named(text) is None or text.startswith(("Our product", "My name"))
    assert setting_kind(text) is None


@pytest.mark.parametrize("text,kind", [
    ("Keep backups for 45 days.", PatchKind.DECISION),
    ("Print 30 rows per table.", PatchKind.DECISION),
    ("I work in Glasgow.", PatchKind.CONSTRAINT),
    ("I'm pescatarian.", PatchKind.CONSTRAINT),
    ("Which hotels near the venue are under $150 a night?", PatchKind.CONSTRAINT),
])
def test_quantities_stances_and_bounds_in_searches(text: str, kind: PatchKind) -> None:
    assert setting_kind(text) is kind
    memory = DSPMMemory()
    memory.add_turn("user", text)
    assert any(p.kind is kind for p in memory.all_patches)


def test_the_clause_that_holds_the_value_is_the_setting() -> None:
    assert clauses("The kettle is slow, use 90°C") == ["The kettle is slow", "use 90°C"]
    assert clauses("My rent, as agreed, is €900") == ["My rent, as agreed, is €900"]
    assert clauses("It ends on May 4, 2026") == ["It ends on May 4, 2026"]
    assert spent_value("443 is blocked") is None
    assert spent_value("443 is taken") == "443"
    assert spent_value("Rossi's is fully booked") == "Rossi's"
    assert named_object("update the quota") == ("quota",)
    assert named_object("update it") == (None,)
    assert named_object("call me later") is None
    assert reported("My trainer wants 90 grams now") == "90 grams now"
    assert reported("The report needs 3 charts") is None

    st = parse_statement("The kettle is slow, use 90°C.")
    assert st.subject is None and st.value == "90°C" and st.revision
    st = parse_statement("443 is taken, use 8443.")
    assert st.value == "8443" and st.old_value == "443"
    st = parse_statement("Audit needs 99.99%, update the uptime target.")
    assert st.subject == "uptime target" and st.value == "99.99%" and st.revision


def _current(*turns: str | tuple[str, str]) -> tuple[DSPMMemory, set[str | None]]:
    """The values of the criticals after the turns (a plain string is the user's)."""
    memory = DSPMMemory()
    for turn in turns:
        role, text = ("user", turn) if isinstance(turn, str) else turn
        memory.add_turn(role, text)
    return memory, {p.value for p in memory.all_patches if p.critical}


def test_revisions_in_other_clauses_supersede() -> None:
    memory, current = _current(
        "Steep the oolong at 85°C.", "The oolong tastes burnt, use 80°C.",
        "Use port 5000 for the API.", "5000 is taken, use 5050.",
        "Our target reply time is 48 hours.", "The director wants 24 hours.")
    assert {"80°C", "5050", "24 hours"} <= current
    assert not {"85°C", "5000", "48 hours"} & current
    assert all(p.history for p in memory.all_patches if p.value in ("80°C", "5050", "24 hours"))


def test_look_alikes_stay_apart() -> None:
    _, values = _current(
        "The thumbnail size limit is 2 MB.", "Raise the banner size limit to 8 MB.",
        "Production log level is WARN.", "Staging log level is DEBUG.",
        "Lint the backend with Ruff.", "Lint the frontend with ESLint.")
    assert {"2 MB", "8 MB", "WARN", "DEBUG", "Ruff", "ESLint"} <= values


@pytest.mark.parametrize("text", [
    "Sort this table by date.",
    "Make these notes shorter.",
    "Convert 40 pounds to kilograms.",
    "Calculate 15% of 240.",
    "summarise the thread above in two lines",
    "Rewrite the email below in a friendlier tone.",
])
def test_one_off_tasks_on_material_at_hand(text: str) -> None:
    assert one_off_task(text)


@pytest.mark.parametrize("text", ["Convert 40 pounds to kilograms.", "Calculate 15% of 240."])
def test_a_computation_said_once_stores_no_rule(text: str) -> None:
    memory = DSPMMemory()
    memory.add_turn("user", text)
    assert not [p for p in memory.all_patches if p.critical]


@pytest.mark.parametrize("text", [
    "Sort every table by date.",
    "Show 25 rows per page.",
    "Give me 4 options instead.",
    "Use British spelling.",
    "keep the answers below 100 words",
    "use the template below for all reports",
])
def test_standing_instructions_are_not_one_off(text: str) -> None:
    assert not one_off_task(text)


@pytest.mark.parametrize("text", [
    "Please make sure nothing goes to production without a code review.",
    "make sure no PR gets merged without tests",
    "Ensure every invoice gets a PO number.",
])
def test_a_rule_over_everything_or_nothing_is_a_constraint(text: str) -> None:
    assert setting_kind(text) is PatchKind.CONSTRAINT
    memory = DSPMMemory()
    memory.add_turn("user", text)
    assert [p.kind for p in memory.all_patches] == [PatchKind.CONSTRAINT]


def test_statement_verbs_and_plural_weekdays() -> None:
    st = parse_statement("Rent collection runs every Tuesday.")
    assert st.subject == "Rent collection" and st.dimension == "when"
    st = parse_statement("The grace period lasts 10 days.")
    assert st.subject == "grace period" and st.value == "10 days"
    st = parse_statement("Standups move to Wednesdays from now on, not Tuesdays.")
    assert st.dimension == "when" and st.old_value == "Tuesdays" and st.revision
    assert parse_statement("Never print full card numbers, anywhere.").subject == \
        "print full card numbers"


def test_a_value_restated_in_other_words_is_the_same_setting() -> None:
    memory = DSPMMemory()
    memory.add_turn("user", "The hourly fee I bill is $80 an hour.")
    memory.add_turn("user", "Raise my fee from $80 to $95 an hour.")
    [p] = [p for p in memory.all_patches if p.critical]
    assert p.value.startswith("$95") and p.history and p.history[0].value.startswith("$80")


def test_a_reminder_and_a_goal_with_a_quantity_are_settings() -> None:
    memory = DSPMMemory()
    memory.add_turn("user", "Remind me to stretch at 3 PM.")
    memory.add_turn("user", "Change the stretch reminder to 4 PM.")
    memory.add_turn("user", "I want to walk for 40 minutes a day.")
    values = [p.value for p in memory.all_patches if p.critical]
    assert "4 PM" in values and "3 PM" not in values
    assert any(v and v.startswith("40 minutes") for v in values)


def test_counted_nouns_percentages_and_pointer_subjects() -> None:
    st = parse_statement("Max seats per table is 8.")
    assert st.dimension == "count:seat"
    assert parse_statement("Our uptime target is 99.5% availability.").dimension == "percent"
    st = parse_statement("Rain is due, make it switch on at 6°C.")
    assert st.subject is None and st.revision


def test_revisions_of_commands_and_bounds_by_pointer() -> None:
    _, current = _current(
        "Summaries must be under 90 words.", "Go up to 150 words.",
        "List 4 examples max.", "Give me 6 examples instead.",
        "Max seats per table is 8.", "Raise the table cap to 10 seats.")
    assert {"150 words", "10 seats"} <= current and not {"90 words", "8 seats"} & current
    assert any(v and v.startswith("6") for v in current)
    assert not any(v and v.startswith("4") for v in current)


def test_named_values_revised_by_old_value_or_move() -> None:
    _, current = _current(
        "Book the offsite at Hilltop Lodge.", "Hilltop Lodge is fully booked, let's do Pinecrest instead of Hilltop Lodge.",
        "Our docs site runs on Hugo.", "We migrated the docs site to Astro last month.",
        ("assistant", "I set the idle timeout to 15 minutes."), "Make the idle timeout 5 minutes.")
    assert {"Pinecrest", "Astro", "5 minutes"} <= current
    assert not {"Hilltop Lodge", "Hugo", "15 minutes"} & current


def test_a_name_with_a_cue_and_no_subject_revises_nothing_on_a_guess() -> None:
    _, current = _current("Use PostgreSQL for the database.", "I moved, so use Seattle from now on.")
    assert "PostgreSQL" in current


@pytest.mark.parametrize("text", [
    "Could you always cite the page number in your replies?",
    "Would you keep every answer under a screen?",
    "Make sure all the code you write has type hints.",
    "I don't want any emojis.",
    "I'm not a fan of long intros.",
    "No jargon.",
    "Fewer adjectives please.",
    "Tables only, no paragraphs.",
    "From now on, label every chart.",
    "I can't drive at night.",
    "With my bad back, which desk chairs hold up?",
    "Since our API runs Django 5, what cache backend fits?",
    "Which hikes near Oslo are there without steep climbs?",
    "write it as 'organise' not 'organize'",
    "please start my status reports with the blockers",
    "I can't stand exclamation marks",
    "I'm fed up with disclaimers at the end",
    "hotels under $150 a night?",
    "my daughter, who's coeliac, wants pizza tonight, any ideas?",
    "I'm a complete beginner at Go.",
    "i'm colorblind",
    "I'm 74 and new to smartphones",
    "Since I'm lactose intolerant, which cheeses are safe?",
    "English isn't my native language, I'm from Chile",
    "Not a fan of voice notes tbh",
    "Imperial units only.",
    "EUR for all invoices.",
    "make sure tests pass before you open a PR",
    "make sure you cite the source for every number",
    "Make sure to avoid jargon.",
    "make sure to explain the trade-offs in plain words",
    "Please make sure to always use metric units.",
    "Quote all prices in Swiss francs.",
    "Stick to the standard library.",
    "Short answers.",
    "Short answers, bullet points where possible.",
    "Plain English, no jargon.",
])
def test_standing_requests_fragments_and_asides_are_rules(text: str) -> None:
    assert setting_kind(text) is PatchKind.CONSTRAINT
    memory = DSPMMemory()
    memory.add_turn("user", text)
    assert any(p.kind is PatchKind.CONSTRAINT for p in memory.all_patches)


@pytest.mark.parametrize("text", [
    "No worries.",
    "Never mind the bullet points.",
    "Don't worry about the typo.",
    "Could you explain how DNS works?",
    "More coffee sounds great.",
    "Can you fix this bug?",
    "translate this paragraph into French not Spanish",
    "is the ride under 20 minutes?",
    "I'm sick of this weather",
    "Make sure you have a great holiday!",
    "Make sure to have fun at the party!",
    "Back in 2015 our whole site was Flash.",
    "My previous team had retros every Friday, it was a lot.",
    "my aunt says the cake needs 3 eggs",
    "we had a power cut on Tuesday night",
    "had a dentist appointment at 9, all fine",
])
def test_reassurances_withdrawals_and_one_off_requests_are_not_rules(text: str) -> None:
    memory = DSPMMemory()
    memory.add_turn("user", text)
    assert not [p for p in memory.all_patches if p.critical]


def test_use_x_for_y_and_formats_named_after_in() -> None:
    assert read_named("Use the green template for investor updates.") == \
        NamedSetting("investor updates", "green template", "use-for")
    assert read_named("Invoices are in CSV.").value == "CSV"


def test_a_bare_rate_keeps_its_period() -> None:
    st = parse_statement("Cap password resets to 3 per day.")
    assert st.value == "3 per day" and st.scope == "day"
    _, current = _current("Cap password resets to 3 per day.", "Cap password resets to 10 per week.")
    assert {"3 per day", "10 per week"} <= current


@pytest.mark.parametrize("text", ["Message 1", "Step 3.", "Chapter 12"])
def test_a_label_and_its_number_is_no_setting(text: str) -> None:
    assert setting_kind(text) is None


def test_a_follow_up_refinement_on_the_answer_is_kept() -> None:
    memory = DSPMMemory()
    memory.add_turn("user", "Now condense these points into two sentences, keeping the dates.")
    assert [p for p in memory.all_patches if p.critical]


@pytest.mark.parametrize("text", [
    "So I multiply the two chances: (1/6) * (1/6).",
    "The pairs (2,4), (4,2) and (3,3) all sum to 6.",
])
def test_a_worked_calculation_is_no_rule(text: str) -> None:
    memory = DSPMMemory()
    memory.add_turn("user", text)
    assert not [p for p in memory.all_patches if p.critical]
    assert any(p.kind is PatchKind.EQUATION for p in memory.all_patches)


def test_a_negated_verb_is_no_contrast_of_forms() -> None:
    assert setting_kind("Show the name so, therefore, the title is not displayed.") is None
    assert setting_kind("write it as 'organise' not 'organize'") is PatchKind.CONSTRAINT
    assert parse_statement("You are saying 3+3=7 and not 6.").old_value is None
    assert parse_statement("no, I said 14 not 16").old_value == "16"


def _criticals(text: str) -> list:
    memory = DSPMMemory()
    memory.add_turn("user", text)
    return [p for p in memory.all_patches if p.critical]


@pytest.mark.parametrize("text, kind", [
    ("Suggest a few museums, and keep in mind my mother uses a wheelchair.", PatchKind.CONSTRAINT),
    ("Draft the invite; remember that we're a nut-free office.", PatchKind.CONSTRAINT),
    ("I'd appreciate it if you'd keep the answers short and plain.", PatchKind.CONSTRAINT),
    ("Notion is our home for meeting notes.", PatchKind.DECISION),
    ("All amounts in the ledger are stored in EUR.", PatchKind.DECISION),
    ("We host every service on Hetzner now.", PatchKind.DECISION),
    ("At my company we use Jira for tickets.", PatchKind.DECISION),
    ("We've got a cat, so any flat has to allow pets.", PatchKind.CONSTRAINT),
])
def test_facts_to_keep_said_as_asides_requests_and_declarations(text: str, kind: PatchKind) -> None:
    found = _criticals(text)
    assert [p.kind for p in found] == [kind], [(p.kind, p.text) for p in found]


@pytest.mark.parametrize("text", [
    "I'd appreciate it if you could provide an example of a Flask route.",
    "Why is my laptop fan so loud",
    "any ideas for a birthday present",
    "Where is our Berlin office",
])
def test_one_off_requests_and_questions_in_those_forms_are_no_rules(text: str) -> None:
    assert _criticals(text) == []


@pytest.mark.parametrize("text, kind", [
    ("use httpx for http calls, requests isn't async", PatchKind.DECISION),
    ("Use vitest for the unit tests.", PatchKind.DECISION),
    ("Nothing with pork.", PatchKind.CONSTRAINT),
    ("nothing containing gluten please", PatchKind.CONSTRAINT),
])
def test_a_tool_named_in_lower_case_and_a_fragment_of_what_to_leave_out(text: str,
                                                                        kind: PatchKind) -> None:
    memory = DSPMMemory()
    memory.add_turn("user", text)
    assert [p.kind for p in memory.all_patches if p.critical] == [kind]


@pytest.mark.parametrize("text", ["use butter for the cake and bake it at 180",
                                  "nothing with my name on it was sent"])
def test_common_words_and_reports_are_no_tool_or_rule_fragment(text: str) -> None:
    memory = DSPMMemory()
    memory.add_turn("user", text)
    assert not [p for p in memory.all_patches if p.kind is PatchKind.CONSTRAINT]


@pytest.mark.parametrize("text", [
    "I keep my focus blocks short, like my Tuesday 9 AM sprints, to stay fresh",
    "I've tried a few schedules, like the 6-8pm slot on weekdays, and none stuck",
])
def test_an_example_after_like_sets_no_quantity(text: str) -> None:
    assert setting_kind(text) is None


@pytest.mark.parametrize("text, subject, value", [
    ("Currency in the invoices: EUR", "Currency in the invoices", "EUR"),
    ("Default timezone: Europe/Lisbon", "Default timezone", "Europe/Lisbon"),
    ("Reply tone: casual", "Reply tone", "casual"),
    ("Node version: 20.11", "Node version", "20.11"),
])
def test_a_label_and_its_value_is_a_setting(text: str, subject: str, value: str) -> None:
    assert read_named(text) == NamedSetting(subject, value, "labelled")
    assert setting_kind(text) is PatchKind.DECISION


@pytest.mark.parametrize("text", [
    "Note: back on Monday",
    "Update: we moved it",
    "Question: why so slow",
    "My take: too early",
    "Step 2: restart",
])
def test_a_label_of_talk_sets_nothing(text: str) -> None:
    assert read_named(text) is None


def test_a_labelled_setting_is_revised_by_its_subject_in_other_order() -> None:
    memory = DSPMMemory()
    memory.add_turn("user", "Font in the slides: Inter")
    memory.add_turn("user", "Change the slide font to Roboto, the brand guide says so.")
    context = memory.get_context()
    assert "(was Inter)" in context, context


@pytest.mark.parametrize("text, subject, value", [
    ("the default theme is light", "default theme", "light"),
    ("our release branch is stable", "release branch", "stable"),
    ("the meeting point is the side gate", "meeting point", "the side gate"),
    ("drop-off spot is the back door", "drop-off spot", "the back door"),
    ("cache mode is LRU on staging", "staging cache mode", "LRU"),
])
def test_a_setting_declared_in_plain_words(text: str, subject: str, value: str) -> None:
    assert read_named(text) == NamedSetting(subject, value, "declared")


@pytest.mark.parametrize("text", [
    "the plan is good", "the meeting point is the worst", "my mode is fine", "today is the day",
])
def test_a_verdict_is_no_setting(text: str) -> None:
    assert read_named(text) is None


@pytest.mark.parametrize("first, second, new, old", [
    ("the meeting point is the side gate", "make it the main gate, the side one is locked",
     "main gate", "side gate"),
    ("the release branch is stable", "we renamed the release branch to production", "production",
     "stable"),
])
def test_a_plain_word_setting_is_revised(first: str, second: str, new: str, old: str) -> None:
    memory = DSPMMemory()
    memory.add_turn("user", first)
    memory.add_turn("user", second)
    context = memory.get_context()
    assert new in context and (f"(was {old}" in context or f"(was the {old}" in context), context


@pytest.mark.parametrize("text", [
    "with a $2,500 laptop budget, which models are worth a look?",
    "With our 3-day time limit, what can we see in Rome?",
    "with a £40 cap per person, where should we eat in Soho?",
])
def test_a_bound_said_before_a_question_is_a_constraint(text: str) -> None:
    assert setting_kind(text) is PatchKind.CONSTRAINT


def test_a_thing_said_before_a_question_with_no_bound_is_no_constraint() -> None:
    assert setting_kind("with a friend in town, what should we do tonight?") is None


@pytest.mark.parametrize("text", [
    "The field trip needs 5 parent drivers.",
    "The hamster gets 2 tablespoons of food a day.",
    "Our minibus seats 14 people.",
])
def test_what_a_thing_needs_gets_or_seats_is_a_setting(text: str) -> None:
    memory = DSPMMemory()
    memory.add_turn("user", text)
    assert [p.kind for p in memory.all_patches] == [PatchKind.DECISION], memory.get_context()


@pytest.mark.parametrize("text", [
    "book me a table for 2 at 8 tonight somewhere quiet",
    "can you order us pizza for tomorrow at 6",
])
def test_an_errand_of_one_day_sets_nothing(text: str) -> None:
    memory = DSPMMemory()
    memory.add_turn("user", text)
    assert not [p for p in memory.all_patches if p.critical], memory.get_context()


def test_an_errand_that_recurs_is_a_setting() -> None:
    memory = DSPMMemory()
    memory.add_turn("user", "book me a table for 2 every Friday at 8")
    assert [p for p in memory.all_patches if p.critical]


@pytest.mark.parametrize("text", [
    "need a quick script to rename these photos by date",
    "this time use a numbered list instead of bullets",
])
def test_a_thing_to_make_now_or_a_format_for_this_time_sets_nothing(text: str) -> None:
    memory = DSPMMemory()
    memory.add_turn("user", text)
    assert not [p for p in memory.all_patches if p.critical], memory.get_context()


def test_what_the_speaker_can_never_have_in_a_question_without_its_mark() -> None:
    text = "what can I make for the bake sale when I can't have dairy"
    assert setting_kind(text) is PatchKind.CONSTRAINT
    memory = DSPMMemory()
    memory.add_turn("user", text)
    assert [p.kind for p in memory.all_patches] == [PatchKind.CONSTRAINT]
