"""Whole sessions in everyday words, through ``add_turn`` with the default extractor: what
one setting's revision must change, and what it must leave alone.

Each case is a few turns of a support chat, a coding session, a trip or a meal plan. The
revision is checked where it must land (the new value current, the old one as lineage), and
every other setting of the session is checked to be still held as said: a revision that
lands on the wrong setting loses a value the user gave.
"""

from __future__ import annotations

from chat_sessions import session
from dspm_core import DSPMMemory


def current(m: DSPMMemory) -> list[str]:
    return [p.text for p in m.store.patches() if p.later is None]


def holding(m: DSPMMemory, words: str) -> list:
    return [p for p in m.store.patches() if words.lower() in p.text.lower()]


# ------------------------------------------------------------------ a bound by any name
def test_a_bound_named_in_the_subject_revises_the_bound() -> None:
    m = session("Max 40 orders per day.", "assistant: Got it.",
                "Bump the max orders per day to 60.")
    (p,) = [p for p in m.store.patches() if p.critical]
    assert p.value.startswith("60") and p.op == "<="
    assert [h.value for h in p.history] == ["40 orders per day"]


def test_the_bound_revised_again_keeps_one_setting() -> None:
    m = session("Max 40 orders per day.", "Bump the max orders per day to 60.",
                "Max 80 orders per day.")
    (p,) = [p for p in m.store.patches() if p.critical]  # (nothing said besides the bound)
    assert p.value == "80 orders per day"
    assert len(p.history) == 2


def test_a_reason_after_the_value_is_no_part_of_the_setting() -> None:
    m = session("Max 40 orders per day because we only have two ovens.")
    (p,) = [p for p in m.store.patches() if p.critical]
    assert p.key is not None and "oven" not in p.key.split("|")[0]
    m = session("Max 40 orders per day because we only have two ovens.",
                "Bump the max orders per day to 60.")
    (p,) = [p for p in m.store.patches() if p.critical]
    assert p.value.startswith("60")


def test_a_plain_setting_named_with_max_is_still_revised_by_a_plain_value() -> None:
    m = session("Set max retries to 5.", "assistant: Done.", "Lower max retries to 3.")
    (p,) = [p for p in m.store.patches() if p.critical]
    assert p.value.startswith("3") and [h.value.split()[0] for h in p.history] == ["5"]


# ------------------------------------------------------------------ which of two days
def test_a_narrower_subject_does_not_take_one_of_two_days() -> None:
    m = session("We fly out on May 14 and come back May 21.", "assistant: Noted.",
                "Oh, the return flight got moved to May 22 by the airline.")
    assert any("May 14" in t for t in current(m))
    assert any("May 22" in t for t in current(m))
    assert not any(h.value == "May 14" for p in m.store.patches() for h in p.history)


def test_the_setting_of_one_day_is_still_revised() -> None:
    m = session("The flight is on May 14.", "assistant: Noted.",
                "The flight got moved to May 16.")
    (p,) = [p for p in m.store.patches() if p.critical]
    assert p.value == "May 16" and [h.value for h in p.history] == ["May 14"]


# ------------------------------------------------------------------ versions of two systems
def test_a_version_of_one_system_is_no_new_version_of_another() -> None:
    m = session("Use ubuntu-22.04 runners, and cache the pnpm store keyed on the lockfile hash.",
                "assistant: Will do.", "Also we're on Node 20 now, we upgraded last week.")
    assert any("ubuntu-22.04" in t and "earlier" not in t for t in current(m))
    assert not any("ubuntu" in (h.value or "") for p in m.store.patches() for h in p.history)


def test_a_name_said_alone_still_replaces_the_one_named_before() -> None:
    m = session("Our docs are hosted on Netlify.", "assistant: OK.", "We're on Vercel now.")
    text = m.get_context()
    assert "Vercel" in text and "Netlify" in text.split("(was", 1)[1]


# ------------------------------------------------------------------ from one name to another
def test_a_move_from_one_name_to_another_leaves_the_new_one_current() -> None:
    for said, old, new in [
            ("We're migrating our monorepo CI from Jenkins to GitHub Actions.", "Jenkins",
             "GitHub Actions"),
            ("We are moving the team chat from Slack to Discord next month.", "Slack", "Discord"),
            ("I moved my blog from WordPress to Ghost.", "WordPress", "Ghost")]:
        m = session(said)
        (p,) = [p for p in m.store.patches() if p.critical]
        assert p.value == new, said
        assert [h.value for h in p.history] == [old], said
        assert not any(t.endswith(f"= {old}") for t in current(m)), said


def test_a_journey_from_one_place_to_another_is_no_change() -> None:
    m = session("We went from Rome to Florence by train.")
    assert not any(p.history for p in m.store.patches())


# ------------------------------------------------------------------ "one" as a pronoun
def test_that_one_more_is_no_amount() -> None:
    m = session("I'm on the 500 Mbps plan.", "assistant: Thanks.",
                "my account email is j.moreno@example.org", "assistant: Noted.",
                "actually use jmoreno.work@example.org instead, I check that one more")
    assert not any("501" in (p.value or "") or "501" in p.text for p in m.store.patches())
    assert any("500 Mbps" in t for t in current(m))
    (mail,) = [p for p in m.store.patches() if p.value and "jmoreno.work" in p.value]
    assert [h.value for h in mail.history] == ["j.moreno@example.org"]


def test_two_more_is_still_an_amount() -> None:
    m = session("We're expecting 12 guests.", "assistant: OK.", "Make that two more guests.")
    assert any(p.value == "14 guests" for p in m.store.patches())


# ------------------------------------------------------------------ people are no calories
def test_a_headcount_is_no_calorie_cap() -> None:
    m = session("I'm cooking for 3, me, my husband and our 6 year old.",
                "assistant: Any dietary needs?",
                "My husband is lactose intolerant and I'm trying to keep dinners under 600 calories.",
                "assistant: Got it.",
                "Oh my mom is staying with us next week so it's 4 people.")
    (cap,) = holding(m, "600 calories")
    assert cap.later is None and cap.value == "600 calories"
    assert not any("calor" in (h.value or "") for p in m.store.patches() for h in p.history)


def test_calories_are_a_measure() -> None:
    from dspm_core.display_units import display_unit, measure_of

    assert measure_of("calories") == measure_of("kcal") == "energy"
    assert measure_of("guests") is None
    assert display_unit("kilojoules") == ("unit:energy", "kilojoules")


# ------------------------------------------------------------------ what else was said
def test_the_rules_said_beside_a_revised_value_stay() -> None:
    m = session("Keep it friendly, no jargon, and under 400 words.", "assistant: Got it.",
                "Bump the limit to 500 words, people liked the longer one.")
    text = m.get_context()
    assert "Keep it friendly, no jargon, and under (earlier: 400 words)." in text
    (limit,) = [p for p in m.store.patches() if p.value and p.value.startswith("500")]
    assert [h.value for h in limit.history] == ["400 words"]


def test_a_setting_said_alone_leaves_nothing_besides() -> None:
    m = session("Set the webhook timeout to 30 seconds.", "assistant: Done.",
                "Lower the webhook timeout to 10 seconds.")
    assert len(m.store.patches()) == 1


def test_a_name_said_gone_is_no_new_value() -> None:
    m = session("Always end with the class schedule. And use British spelling, we're in Leeds.",
                "assistant: Will do.",
                "Our head setter is Maya, she should get a shout-out in every issue.",
                "assistant: Noted.", "Maya left last month, the new head setter is Tom.")
    assert not any("Leeds" in (h.value or "") for p in m.store.patches() for h in p.history)
    assert any("Leeds" in t and "earlier" not in t for t in current(m))
    (setter,) = [p for p in m.store.patches() if p.value == "Tom"]
    assert [h.value for h in setter.history] == ["Maya"]
    assert any("shout-out" in t for t in current(m))


# ------------------------------------------------------------------ "no" opens a rule
def test_no_and_a_thing_is_a_rule_not_an_answer() -> None:
    for said in ("no hill repeats please, I have a bad knee",
                 "No spicy food please, I have a bad stomach",
                 "I have a bad left knee so no hill repeats please."):
        m = session(said)
        assert any(p.kind.value == "constraint" for p in m.store.patches()), said
    for said in ("no, thanks", "no worries, that works", "no problem at all", "no that's fine"):
        m = session(said)
        assert not any(p.critical for p in m.store.patches()), said


# ------------------------------------------------------------------ two settings in a sentence
def test_two_settings_said_with_should_be_are_two_settings() -> None:
    m = session("Upload chunk size should be 8 MB, and retry failed uploads up to 3 times.",
                "assistant: Noted.", "And make the chunk size 16 MB, 8 is slow on my connection.")
    text = m.get_context()
    assert "Retry failed uploads up to 3 times." in text
    (chunk,) = [p for p in m.store.patches() if p.value and p.value.startswith("16")]
    assert [h.value for h in chunk.history] == ["8 MB"]
    assert not any("8 MB" in t and "earlier" not in t and "was" not in t for t in current(m))


def test_a_rule_and_a_setting_without_a_value_stay_one() -> None:
    from dspm_core.extract.compound import compound_parts

    assert compound_parts("never log cards, and use TLS") is None
    assert compound_parts("The budget is 500, and keep it simple") is None
    assert compound_parts("My flat is 9 Kings Road, Flat 2") is None
    assert compound_parts("The limit should be 8 MB, and retries should be 3.") == [
        "The limit should be 8 MB.", "Retries should be 3."]


# ------------------------------------------------------------------ a refusal lifted by "now"
def test_now_lifts_a_refusal_of_the_same_action() -> None:
    m = session("We don't ship to the EU yet.", "assistant: Noted.", "We ship to the EU now.")
    (rule,) = [p for p in m.store.patches() if p.critical]
    assert rule.text == "We ship to the EU now." and rule.history


def test_now_beside_another_action_lifts_nothing() -> None:
    m = session("Don't use tabs in the config files.", "assistant: Noted.",
                "We use spaces now.")
    assert any(t == "Don't use tabs in the config files." for t in current(m))


# ------------------------------------------------------------------ one detail of several
def test_a_detail_of_a_plan_said_again_changes_that_detail_only() -> None:
    m = session("trip planning: fly to Krakow on 14 march, 3 nights at Hotel Wawel, "
                "salt mine tour on 15 march, back home on the 17th",
                "salt mine tour on 16 march, the 15th is sold out")
    text = m.get_context()
    assert "fly to Krakow on 14 march" in text and "Hotel Wawel" in text
    assert "(earlier: 15 march)" in text
    (tour,) = [p for p in m.store.patches() if p.text.startswith("Salt mine tour on 16 march")]
    assert [h.value for h in tour.history] == ["15 march"]
    assert not any(h.value == "14 march" for p in m.store.patches() for h in p.history)


def test_a_part_of_a_spec_said_again_changes_that_part_only() -> None:
    m = session("laptop i'm ordering: 16gb ram, 512gb ssd, colour space grey, keyboard uk layout.",
                "actually ssd 1tb, my photos wont fit otherwise")
    text = m.get_context()
    assert "16gb ram, (earlier: 512gb) ssd" in text
    assert not any(h.value == "16gb" for p in m.store.patches() for h in p.history)
    assert any([h.value for h in p.history] == ["512gb"] for p in m.store.patches())


def test_one_of_two_appointments_moved_by_the_one_who_holds_it() -> None:
    m = session("Interviewing at Spotify on June 3 and at a fintech called Monzo on June 10.",
                "assistant: Great.", "Spotify moved my interview to June 5.")
    text = m.get_context()
    assert "Spotify moved my interview to June 5 (was June 3)." in text
    assert "Monzo on June 10" in text and "(earlier: June 3)" in text


# ------------------------------------------------------------------ a name is no day
def test_a_confirmed_name_does_not_take_the_place_of_a_day() -> None:
    m = session("our bread comes from hillside bakery, delivery on tuesdays",
                "assistant: Noted: bread from Hillside Bakery, delivered Tuesdays.",
                "also the bread supplier changed, it's oakmill bakehouse now",
                "assistant: Bread supplier updated to Oakmill Bakehouse.")
    assert not any(h.value and "tuesday" in h.value.lower()
                   for p in m.store.patches() for h in p.history)
    assert any("tuesdays" in t.lower() and "earlier" not in t for t in current(m))


def test_a_goal_from_one_grade_to_another_is_no_change_of_name() -> None:
    m = session("I'm worried I won't be able to improve my essay grades from B- to A by June 15.")
    assert not any(p.value and "June" in p.value and p.history for p in m.store.patches())


# ------------------------------------------------------------------ a headcount is no sum
def test_a_number_said_where_people_come_is_no_budget() -> None:
    m = session("we're throwing my dad a retirement party, budget is 600 quid max",
                "assistant: OK, £600 max.", "his old team are coming too so make it 40")
    (budget,) = [p for p in m.store.patches() if p.value and "600" in p.value]
    assert budget.later is None and not budget.history


def test_a_number_said_where_people_come_still_revises_a_headcount() -> None:
    m = session("We're expecting 12 guests.", "assistant: OK.",
                "two more people are coming, so make it 14")
    (guests,) = [p for p in m.store.patches() if p.value and "14" in p.value]
    assert [h.value for h in guests.history] == ["12 guests"]


# ------------------------------------------------------------------ a team's ways of working
def test_a_labelled_list_of_conventions_is_a_rule() -> None:
    for said in ("Conventions: snake_case for everything, type hints required, no print statements.",
                 "Code style: four spaces, no tabs, max line length 100."):
        m = session(said)
        assert any(p.kind.value == "constraint" for p in m.store.patches()), said


def test_dropping_one_tool_for_another_replaces_it() -> None:
    m = session("We track bugs in Trello.", "assistant: OK.", "we ditched Trello for Linear")
    (p,) = [p for p in m.store.patches() if p.critical]
    assert "Linear" in p.text and [h.value for h in p.history][0].lower().startswith("trello")
    m = session("I dropped my keys for a second, anyway the gym is PureGym.")
    assert not any(p.history for p in m.store.patches())


def test_a_piece_of_work_from_one_thing_to_another_is_no_change_of_choice() -> None:
    m = session("Convert the temperatures from Celsius to Fahrenheit in the report.")
    assert not any(p.history for p in m.store.patches())
    m = session("I usually run 5k on Saturdays.", "My knee's been bad so I've dropped to 3k for now.")
    from dspm_core.switched import switched_said

    assert switched_said("My knee's been bad so I've dropped to 3k for now.") is None


def test_a_value_beside_its_bound_stays_apart_when_either_is_revised() -> None:
    m = session("The config-server max retries is 2.",
                "The config-server max retries must not exceed 5.",
                "Set the config-server max retries to 3.",
                "Actually, the config-server max retries must not exceed 6.")
    held = sorted((p.op or "", (p.value or "").split()[0]) for p in m.store.patches() if p.critical)
    assert held == [("<=", "6"), ("=", "3")], held
