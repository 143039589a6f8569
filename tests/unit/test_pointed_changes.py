"""Changes said with a pointer, a correction or a word for a bound, through ``add_turn``
with the default extractor: the setting spoken of is revised with its lineage, and what
merely looks like it (another kind of value, a story told in the past) stays apart."""

from __future__ import annotations

import pytest

from chat_sessions import session
from dspm_core import DSPMMemory
from dspm_core.values import parse_value


def current(m: DSPMMemory) -> list:
    return [p for p in m.store.patches() if p.later is None]


def revised(m: DSPMMemory) -> list[tuple[str | None, list[str | None]]]:
    """(current value, earlier values) of every current setting that has a lineage."""
    return [(p.value, [h.value for h in p.history]) for p in current(m) if p.history]


def rules(text: str) -> list:
    return [p for p in session(text).store.patches() if p.critical]


# ------------------------------------------------------------------ corrections said first
@pytest.mark.parametrize("lead", ["scratch that", "strike that", "change of plan"])
def test_a_correction_then_a_value_alone_revises(lead: str) -> None:
    m = session("The tasting menu is £65 a head.", f"{lead}, £70. forgot we added the cheese course")
    assert revised(m) == [("£70", ["£65"])]


# ------------------------------------------------------------------ a time with its days
def test_a_time_with_its_days_after_it_is_one_time() -> None:
    assert parse_value("9am mon-sat").dimension == "clock"
    assert parse_value("9am mon-sat").canonical == "monday-saturday 09:00"
    assert parse_value("6am mon/wed/fri").canonical == "monday/wednesday/friday 06:00"
    assert parse_value("9am on weekdays").canonical == "weekdays 09:00"


def test_a_new_time_of_opening_hours_with_days_revises_them() -> None:
    m = session("shop opens at 9am mon-sat", "make that 8:30am")
    assert revised(m) == [("8:30am", ["9am mon-sat"])]


# ------------------------------------------------------------------ the other part stays
def test_a_new_time_on_the_same_day_revises_a_dated_appointment() -> None:
    m = session("remind me about the dentist on march 3 at 10am",
                "assistant: Reminder set for March 3 at 10am.",
                "they just called and moved me to 2:15pm, same day")
    assert revised(m) == [("2:15pm", ["march 3 at 10am"])]


def test_a_new_day_at_the_same_time_revises_a_day_and_time() -> None:
    m = session("parent-teacher conference is thursday at 3:40",
                "school rescheduled it to monday the 18th, same time")
    assert revised(m) == [("monday the 18th", ["thursday at 3:40"])]


def test_a_time_alone_with_no_word_of_the_day_leaves_a_dated_appointment() -> None:
    m = session("remind me about the dentist on march 3 at 10am", "the gym opens at 6am")
    assert revised(m) == []


# ------------------------------------------------------------------ a pointer, then its value
def test_a_pointer_changed_then_its_value_said_alone_revises() -> None:
    m = session("Booking cancellations need 48 hours notice for a full refund.",
                "assistant: Okay, 48h notice for a full refund.",
                "we're relaxing that, 24 hours is plenty")
    assert revised(m) == [("24 hours", ["48 hours"])]


def test_a_move_to_a_period_said_with_a_revises() -> None:
    m = session("JWT access tokens expire after 15 minutes",
                "security review says that's too annoying for mobile users, we're going to an hour")
    assert revised(m) == [("1 hour", ["15 minutes"])]


def test_a_period_after_push_it_is_how_far_not_where_to() -> None:
    m = session("Book the venue for June 7", "Push it a week, to june 14")
    assert revised(m) == [("june 14", ["June 7"])]


# ------------------------------------------------------------------ versions
def test_a_system_upgraded_with_everything_revises_its_version() -> None:
    m = session("our node version is 18", "we upgraded everything to node 20 over the weekend, assume that going forward")
    assert revised(m) == [("node 20", ["node 18"])]


def test_a_dotted_number_the_speaker_is_on_revises_the_version() -> None:
    m = session("our python version in the lambdas is 3.9",
                "assistant: OK, I'll stick to 3.9-compatible syntax.",
                "we're on 3.12 now, so feel free to use match statements")
    (now,) = [p for p in current(m) if p.history]
    assert now.value == "3.12" and [h.value for h in now.history] == ["python 3.9"]
    assert "version:python" in (now.key or "")  # a version of Python still


def test_a_count_said_of_a_system_acronym_is_no_version() -> None:
    m = session("max replicas for the api deployment HPA is 8")
    (p,) = current(m)
    assert p.value == "8" and "version" not in (p.key or "")


def test_a_branch_renamed_through_a_pointer_is_revised() -> None:
    m = session("the default branch is master", "we renamed it to main, please use that in the scripts")
    assert revised(m) == [("main", ["master"])]


# ------------------------------------------------------------------ a word for a bound
def test_the_threshold_is_the_one_recent_bound() -> None:
    m = session("Free shipping on orders over £50.", "bump the threshold to £75, margins are getting squeezed")
    assert revised(m) == [("£75", ["£50"])]


def test_the_ceiling_is_a_maximum_said_as_a_value() -> None:
    m = session("max replicas for the api deployment HPA is 8",
                "raise the ceiling to 12, black friday traffic is coming")
    assert revised(m) == [("12", ["8"])]


def test_a_word_for_a_bound_with_two_bounds_in_reach_revises_neither() -> None:
    m = session("Free shipping on orders over £50.", "Orders under £10 pay a £2 fee.",
                "bump the threshold to £75")
    assert revised(m) == []


# ------------------------------------------------------------------ an hour or a party
def test_make_it_a_bare_hour_revises_the_time_not_the_party() -> None:
    m = session("dinner reservation at 7pm tonight for 2", "assistant: Booked for 7pm, table for 2.",
                "make it 8")
    assert revised(m) == [("8", ["7pm"])]


def test_a_number_said_of_people_revises_the_party_not_the_time() -> None:
    m = session("can u book a table at Osteria Franca for friday 7.30pm, 4 ppl",
                "Actually 6 of us")
    assert [old for _, olds in revised(m) for old in olds] == ["4 ppl"]


# ------------------------------------------------------------------ rules and stories
@pytest.mark.parametrize("text", [
    "My kid's allergic to peanuts so nothing with nuts please.",
    "No caffeine after 2pm for me, doctor's orders.",
    "We've picked Stripe for payments, so build the checkout around that.",
    "Halal food only for the whole group, please.",
])
def test_an_everyday_rule_is_a_rule(text: str) -> None:
    assert rules(text), text


@pytest.mark.parametrize("text", [
    "My grandpa always ate a raw onion every morning and lived to 96.",
    "I ran a 10k on Sunday in 52 minutes, pretty happy with that.",
    "We went to Rome in 2022 and it rained every single day.",
    "What's the monthly payment on a 250k loan at 5% over 30 years?",
    "My sister is vegetarian, so she skips the turkey.",
])
def test_a_story_or_a_question_is_no_rule(text: str) -> None:
    assert not rules(text), text


def test_a_pointer_word_after_a_preposition_stays_in_the_sentence() -> None:
    m = session("We're going with Stripe for payments, so build the checkout around that.")
    assert any(p.text.endswith("around that.") for p in current(m))


# ------------------------------------------------------------------ taken up, kept beside
def test_a_value_taken_up_with_lets_do_that_revises() -> None:
    m = session("The newsletter goes out every Tuesday morning.",
                "assistant: Okay, Tuesday morning newsletter.",
                "apparently Thursdays get better open rates, let's do that")
    assert revised(m) == [("Thursdays", ["Tuesday"])]


def test_a_bare_number_taken_up_is_no_revision_but_a_size_is() -> None:
    m = session("the deadline is 14 June", "12 people replied, let's do that")
    assert revised(m) == []
    m = session("we're going with 30x60 tiles for the floor",
                "the tiler reckons 60x60 will look less busy, lets do those instead")
    assert revised(m) == [("60x60", ["30x60"])]


def test_a_diet_changed_as_of_a_day_with_its_consequence_revises() -> None:
    m = session("i'm vegetarian but i still eat fish",
                "quick update, i've gone fully vegan as of this week so no fish or dairy either")
    assert [(v.lower(), [o.lower() for o in olds]) for v, olds in revised(m)] == [("vegan", ["vegetarian"])]


def test_the_party_said_beside_a_revised_time_is_kept() -> None:
    m = session("dinner reservation at 7pm tonight for 2", "make it 8pm")
    assert revised(m) == [("8pm", ["7pm"])]
    assert any("for 2" in p.text and "(earlier: 7pm)" in p.text for p in current(m))


@pytest.mark.parametrize("text", ["No need.", "no need, thanks", "No change."])
def test_a_reply_with_no_is_no_rule(text: str) -> None:
    assert not rules(text), text


# ------------------------------------------------------------------ standing instructions by their shape
@pytest.mark.parametrize("text", [
    "Be blunt.",
    "Only give me vegan options for the potluck, half the group is vegan.",
    "Respond like a senior dev reviewing code.",
    "Leave alcohol out of party plans.",
    "Write everything in British English, colour not color etc.",
    "I'm on warfarin so flag anything that interacts with it.",
    "No emojis in anything you write for me, it's all for work.",
    "We use tabs not spaces in this repo, don't mess it up.",
    "We're a TypeScript shop, no plain JS answers please.",
    "lol yeah. btw were a typescript shop, no plain js answers pls",
    "I'm not drinking anymore, 6 months sober.",
    "were going with the blue logo, final decision",
])
def test_a_standing_instruction_is_a_rule_by_its_shape(text: str) -> None:
    assert rules(text), text


@pytest.mark.parametrize("text", [
    "Tell me everything about Rome.",
    "Write everything down for me.",
    "We're a small team.",
    "we were going to paris",
    "were you at the party",
    "yes, no problem at all",
    "we might use Redis later, no decision yet",
])
def test_a_look_alike_of_a_standing_instruction_is_no_rule(text: str) -> None:
    assert not rules(text), text


def test_a_rule_after_a_comma_and_no_is_a_rule_of_its_own() -> None:
    m = session("We're a TypeScript shop, no plain JS answers please.")
    assert sorted(p.text.rstrip(".") for p in m.store.patches() if p.critical) == \
        ["No plain JS answers please", "We're a TypeScript shop"]


# ------------------------------------------------------------------ values read in longer messages
def test_an_ordinal_of_a_birthday_is_no_date() -> None:
    m = session("I'm planning my daughter's 7th birthday party for 12 kids at our house.",
                "she wants to invite everyone, so it's more like 20 kids now.")
    assert revised(m) == [("20 kids", ["12 kids"])]


def test_a_401k_is_no_number() -> None:
    m = session("I've got my 401k contribution at 6% which is what my employer matches.",
                "Ok you talked me into it, I just bumped it up to 10% in the portal.")
    assert revised(m) == [("10%", ["6%"])]


def test_a_value_said_then_asked_to_be_put_in_revises() -> None:
    m = session("I'm setting up a React project and want 2 spaces for indentation in Prettier.",
                "Our team lead just said the house style is 4 spaces, so change that.")
    assert revised(m) == [("4 spaces", ["2 spaces"])]


def test_days_switched_to_are_all_the_days() -> None:
    m = session("I'm tutoring my son in algebra and we meet Tuesdays and Thursdays after school.",
                "His soccer practice moved, so we're switching to Mondays and Wednesdays.")
    assert revised(m) == [("Mondays and Wednesdays", ["Tuesdays and Thursdays"])]


def test_everything_upgraded_revises_the_one_version_of_that_system() -> None:
    m = session("Our Lambda functions run on Node 18, and I'm getting weird fetch errors.",
                "We're upgrading everything to Node 20 this sprint, so assume that going forward.")
    assert revised(m) == [("Node 20", ["Node 18"])]


def test_a_wish_after_and_is_a_setting_of_its_own() -> None:
    m = session("My chemistry exam is on the 21st and I want to study 2 hours a day until then.")
    assert sorted(p.value for p in current(m) if p.value) == ["2 hours a day", "21st"]


def test_a_place_of_an_activity_said_in_plain_words_is_revised() -> None:
    m = session("ollie's soccer practice is at the riverside field, wednesdays 5pm",
                "coach emailed, practice is at the school gym from now on, same time")
    assert revised(m) == [("the school gym", ["the riverside field"])]
    assert any("wednesdays 5pm" in p.text for p in current(m) if not p.history)


# ------------------------------------------------------------------ stories of others, names of other kinds
@pytest.mark.parametrize("text", [
    "my sister dont eat anything green and shes 30 lol",
    "someone at the gym told me never to stretch before lifting, is that legit",
    "our old manager never let us work from home, glad hes gone",
    "i tried the 5am club thing once, lasted 2 days",
    "haha my cat always sits on my keyboard when im working",
])
def test_another_ones_habit_or_a_story_is_no_rule(text: str) -> None:
    assert not rules(text), text


@pytest.mark.parametrize("text", ["my son never eats breakfast",
                                  "my sister can't eat gluten so the cake has to be gluten-free"])
def test_a_household_habit_or_a_rule_said_for_another_is_a_rule(text: str) -> None:
    assert rules(text), text


def test_a_name_of_no_place_never_replaces_a_place() -> None:
    m = session("Can you help me book a rental car for the Denver trip? I want a compact.",
                "We're bringing skis after all so a compact won't cut it, make it an SUV.")
    assert revised(m) == []
    assert not any("(earlier: Denver)" in p.text for p in current(m))


def test_another_detail_of_a_bound_is_revised_by_its_own_kind() -> None:
    m = session("If a customer asks for a refund over $200, escalate it to Priya.",
                "Priya's on maternity leave from Friday so send those to Marcus instead")
    assert revised(m) == [("Marcus", ["Priya"])]
    assert any("$200" in p.text and "(earlier: Priya)" in p.text for p in current(m))


def test_a_place_booked_instead_revises_the_venue() -> None:
    m = session("The launch party venue is The Old Mill on Harbour Street.",
                "oh and the mill fell through, we've booked the Corn Exchange instead")
    assert revised(m) == [("the Corn Exchange", ["The Old Mill"])]


# ------------------------------------------------------------------ values said together, each with its own words
def test_a_change_that_names_a_sibling_changes_that_value_alone() -> None:
    m = session("Staging DB pool size is 10 connections, production 50 connections.",
                "assistant: Got it. Are both on the same Postgres version?",
                "yeah pg 15 on both", "prod is starving, make it 80")
    (now,) = [p for p in current(m) if p.history]
    assert [h.value for h in now.history] == ["50 connections"] and "80" in now.text
    assert any("10 connections" in p.text and "(earlier: 50 connections)" in p.text for p in current(m))


def test_the_one_of_a_qualifier_picks_its_statement_among_those_of_one_message() -> None:
    m = session("Return policy for my shop: regular items 30 days, sale items 14 days.",
                "change the sale one to 7 days, too many people abusing it")
    assert [olds for _, olds in revised(m)] == [["14 days"]]
    assert any(p.value == "30 days" and not p.history for p in current(m))


def test_a_change_that_names_no_sibling_picks_none() -> None:
    m = session("Staging DB pool size is 10 connections, production 50 connections.",
                "the cache size is 5 connections now")
    assert all("(earlier:" not in p.text for p in current(m))


def test_a_ratio_of_three_parts_is_one_value() -> None:
    assert parse_value("40/30/30").dimension == "ratio"
    m = session("1,800 calories on rest days and 2,300 on training days", "macros 40/30/30",
                "training days make it 2,500, I'm losing too fast")
    assert all("40/30/30" not in (h.value or "") for p in current(m) for h in p.history)


@pytest.mark.parametrize("turns", [
    ("book the vet for Nutmeg, thursday after 5, at Meadowbank Vets. its her booster jab",
     "our vet is Highcroft Vets"),
    ("i'm doing low carb, under 50g carbs a day", "I'm vegetarian."),
])
def test_a_name_beside_a_bound_is_changed_only_by_who_a_case_goes_to(turns: tuple[str, str]) -> None:
    m = session(*turns)
    assert revised(m) == [] and all("(earlier:" not in p.text for p in current(m))


def test_a_change_named_by_the_words_of_one_value_finds_its_statement() -> None:
    said = "I want $400 a month going to my Roth IRA and $250 into the brokerage account"
    m = session(said, "got a raise, bump the Roth to $500")
    assert [olds for _, olds in revised(m)] == [["$400 a month"]]
    m = session(said, "bump the brokerage to $300")
    (now,) = [p for p in current(m) if p.history]
    assert [h.value for h in now.history] == ["$250"] and "$300" in now.text
    assert any("$400 a month" in p.text and "(earlier: $250)" in p.text for p in current(m))


@pytest.mark.parametrize("change, old", [("push the second one to $200, margins are thin", "$150"),
                                         ("push the first one to $60", "$50")])
def test_one_of_values_said_together_named_by_its_place(change: str, old: str) -> None:
    m = session("free shipping over $50 domestic and over $150 international", change)
    assert [h.value for p in current(m) for h in p.history] == [old]


def test_one_of_two_bounds_named_by_its_side() -> None:
    m = session("price alert on AAPL: ping me under $170 or over $210", "raise the upper one to $225")
    assert [h.value for p in current(m) for h in p.history] == ["$210"]
    assert any("$170" in p.text and "(earlier: $210)" in p.text for p in current(m))
