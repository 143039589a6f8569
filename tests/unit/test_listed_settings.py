"""Settings said in a list or in a few words stay one setting each, through ``add_turn`` with
the default extractor: a labelled list of short sentences, a clause that names a plan
called "plus", a setting named by two nouns ("Page size 50"), a thing named in three words
after "no", and a correction that names an old value no stored setting holds."""

from __future__ import annotations

from chat_sessions import session
from dspm_core import DSPMMemory
from dspm_core.extract.compound import compound_parts


def current(m: DSPMMemory) -> list:
    return [p for p in m.store.patches() if p.later is None]


# ------------------------------------------------------------------ a labelled list
def test_each_sentence_of_a_labelled_list_is_its_own_fact() -> None:
    m = session("Conventions: no lodash, use native array methods. Page size 25. Dates in ISO 8601.")
    texts = [p.text for p in current(m) if p.critical]
    assert len(texts) == 3
    assert any(t.startswith("Page size 25") for t in texts)
    (size,) = [p for p in current(m) if p.value == "25"]
    assert size.key is not None and "page size" in size.key


def test_a_setting_of_a_labelled_list_is_revised_alone() -> None:
    m = session("Constraints: no lodash, use native array methods. Page size 25. Dates in ISO 8601.",
                "bump the page size to 50, the tables look empty")
    revised = [p for p in current(m) if p.history]
    assert len(revised) == 1 and revised[0].value.startswith("50")
    assert [h.value for h in revised[0].history] == ["25"]
    texts = " ".join(p.text for p in current(m))
    assert "lodash" in texts and "ISO 8601" in texts


def test_a_labelled_block_of_long_instructions_stays_one_rule() -> None:
    m = session("Instructions: Write a short summary of the meeting notes below for the sales team. "
                "Do not include any further explanations or commentary of your own.")
    rules = [p for p in current(m) if p.critical]
    assert len(rules) == 1


# ------------------------------------------------------------------ a plan called "plus"
def test_a_price_of_a_plan_called_plus_is_one_clause() -> None:
    assert compound_parts("the yearly fee for plus is $90 and pro is $150") == \
        ["The yearly fee for plus is $90.", "Pro is $150."]
    assert compound_parts("Retries are 3 plus the timeout is 20 seconds") == \
        ["Retries are 3.", "The timeout is 20 seconds."]


def test_the_second_price_of_a_compound_is_revised_alone() -> None:
    m = session("the yearly fee for plus is $90 and pro is $150", "assistant: Noted.",
                "raise pro to $170 from March")
    revised = [p for p in current(m) if p.history]
    assert len(revised) == 1 and "170" in revised[0].value
    assert any("$90" in p.text for p in current(m))


def test_an_identifier_said_as_a_value_is_one_setting_of_a_compound() -> None:
    assert compound_parts("the bucket is media-prod-2 and the region is eu-west-2") == \
        ["The bucket is media-prod-2.", "The region is eu-west-2."]


# ------------------------------------------------------------------ two nouns and a value
def test_two_settings_named_by_two_nouns_stay_apart() -> None:
    m = session("Page size 50.", "Pool size 20.")
    assert sorted(p.value for p in current(m)) == ["20", "50"]
    assert all(not p.history for p in current(m))


def test_a_verb_of_change_before_a_noun_and_a_value_still_revises() -> None:
    m = session("The timeout is 30 seconds.", "bump timeout 60 seconds")
    (p,) = [p for p in current(m) if p.critical]
    assert p.value.startswith("60") and [h.value for h in p.history] == ["30 seconds"]


# ------------------------------------------------------------------ "no" and a thing
def test_no_and_a_thing_in_three_words_is_a_rule() -> None:
    m = session("Keep the handlers thin, no global state objects.")
    (p,) = current(m)
    assert p.critical


def test_no_and_a_courtesy_is_no_rule() -> None:
    for said in ("no big deal.", "no hard feelings", "no harm done"):
        assert not any(p.critical for p in current(session(said))), said


# ------------------------------------------------------------------ the old value named
def test_a_correction_naming_an_old_value_no_setting_holds_revises_nothing() -> None:
    m = session("Conventions: no lodash. Batch size 200. Log in JSON.",
                "assistant: Understood. I'll use native methods, batches of 200 and JSON logs.",
                "retries should be 4 not 2, the API drops calls at night")
    assert not any(p.history for p in current(m))
    assert any(p.text.startswith("Batch size 200") and p.value == "200" for p in current(m))
    assert any(p.value and p.value.startswith("4") for p in current(m))


def test_an_old_value_said_in_words_is_the_one_held() -> None:
    m = session("Order 40 chairs for the hall.", "Forty is too many, the hall is small, make it 30.")
    revised = [p for p in current(m) if p.history]
    assert len(revised) == 1 and [h.value for h in revised[0].history][0].startswith("40")


# ------------------------------------------------------------------ answers and counts
def test_a_value_said_in_reply_to_what_is_the_x_is_that_setting() -> None:
    m = session("assistant: Sounds great! What's the budget per night?",
                "roughly €120 a night, including breakfast")
    (p,) = [p for p in current(m) if p.critical]
    assert p.key is not None and "budget" in p.key and p.value.startswith("€120")
    m = session("assistant: Sounds great! What's the budget per night?",
                "roughly €120 a night, including breakfast", "assistant: Noted.",
                "the budget is more like €150 now, prices went up")
    revised = [p for p in current(m) if p.history]
    assert len(revised) == 1 and "150" in revised[0].value
    assert [h.value for h in revised[0].history][0].startswith("€120")


def test_a_headcount_after_people_drop_out_is_no_budget() -> None:
    m = session("assistant: What's the budget per head?", "about £40 each, drinks included",
                "assistant: Great, I'll look for venues that seat 20.",
                "three people dropped out so it's 17 now")
    assert any(p.value and p.value.startswith("£40") for p in current(m))
    assert not any("40" in (h.value or "") for p in current(m) for h in p.history)


def test_make_that_a_number_beside_people_said_of_something_else_still_revises() -> None:
    m = session("the session timeout is 20 minutes",
                "make that 45, people keep getting logged out mid checkout")
    revised = [p for p in current(m) if p.history]
    assert len(revised) == 1 and revised[0].value.startswith("45")


def test_a_change_that_names_its_old_value_reaches_an_early_statement() -> None:
    turns = ["We're doing the team offsite in Lisbon, 9 of us, the week of 3 march"]
    for place in ("a riverside hotel", "a farmhouse", "a city loft", "a villa", "a hostel", "a boat"):
        turns += [f"assistant: Here is {place} for the venue.", "hmm, show me another one"]
    turns.append("actually make it the week of the 10th, the 3rd clashes with a release")
    m = session(*turns)
    revised = [p for p in current(m) if p.history]
    assert len(revised) == 1 and "10th" in revised[0].value
    assert "3 march" in (revised[0].history[0].value or "")


def test_a_value_before_a_change_of_ones_own_is_the_past() -> None:
    m = session("my resting heart rate is 58", "it was around 75 before I started running")
    assert not any(p.history for p in current(m))
    assert any(p.value == "58" for p in current(m))


def test_a_change_said_after_a_label_is_read_after_it() -> None:
    m = session("The lead is Mara, a 24-year-old nurse. The town is called Ellery.",
                "Change of plan: Mara is 30, not 24, she needs more history.")
    assert not any("Ellery" in (h.value or "") for p in current(m) for h in p.history)
    assert any(p.value == "Ellery" for p in current(m))


# ------------------------------------------------------------------ a support chat
def test_a_correction_of_a_postcode_reaches_back_past_the_chat_between() -> None:
    turns = ["my internet keeps dropping. account number is 55120981, postcode BS3 4QT"]
    for k in range(6):
        turns += [f"assistant: Thanks, can you check light {k + 1} on the router?", "it's off"]
    turns.append("sorry my postcode is BS3 4QJ not 4QT")
    m = session(*turns)
    revised = [p for p in current(m) if p.history]
    assert len(revised) == 1 and "4QJ" in revised[0].value
    assert not any("4QT" in p.text and "(earlier: " not in p.text for p in current(m) if not p.history)


def test_a_phone_number_is_one_value_not_two_numbers() -> None:
    from dspm_core.value_mentions import mentions
    assert [(m.kind, m.text) for m in mentions("call me on 07700 900461 after six")] == \
        [("phone", "07700 900461")]
    assert [m.kind for m in mentions("postcode LS6 2AB")] == ["postcode"]


def test_what_the_assistant_booked_is_remembered_and_revised() -> None:
    m = session("my boiler is broken, can someone come out?",
                "assistant: I've booked an engineer for Thursday 8am-1pm.")
    assert any(p.value == "Thursday 8am-1pm" for p in current(m))
    m = session("my boiler is broken, can someone come out?",
                "assistant: I've booked an engineer for Thursday 8am-1pm.",
                "thursday's no good, can you make it friday?")
    revised = [p for p in current(m) if p.history]
    assert len(revised) == 1 and revised[0].value.lower().startswith("friday")
    assert not any("Thursday 8am-1pm" == p.value for p in current(m))


def test_a_booking_said_back_is_no_setting_of_its_own() -> None:
    m = session("book a table for four at Padella at 6pm tonight",
                "assistant: Booked: Padella, table for four, 6:00 pm tonight.",
                "we're running late, can you move it to 7")
    assert not any("6" in (p.value or "") and not p.history for p in current(m) if p.critical)


# ------------------------------------------------------------------ a tutor
def test_a_verb_said_alone_before_a_value_names_no_setting() -> None:
    m = session("I want 10 new words every day", "assistant: Great, 10 words a day.",
                "can we do 15 words a day instead? 10 is too easy")
    revised = [p for p in current(m) if p.history]
    assert len(revised) == 1 and revised[0].value.startswith("15")
    assert not any(p.key and p.key.startswith("do|") for p in current(m))


def test_a_task_joined_to_a_rule_for_every_answer_is_a_rule() -> None:
    m = session("Please correct my mistakes but keep explanations short.")
    assert [p.kind.value for p in current(m)] == ["constraint"]
    m = session("Please fix the bug but keep the diff small.")
    assert not any(p.critical for p in current(m))


# ------------------------------------------------------------------ a bound named later
def test_a_bound_named_in_the_subject_revises_a_bound_said_with_at_least() -> None:
    m = session("usernames must be at least 4 characters", "assistant: Noted.",
                "bump the username minimum to 6")
    (p,) = [p for p in current(m) if p.critical]
    assert p.value.startswith("6") and p.op == ">="
    assert [h.value for h in p.history][0].startswith("4")


def test_a_value_of_a_setting_named_with_max_stays_beside_its_bound() -> None:
    m = session("the sync job max retries must not exceed 6", "set the sync job max retries to 2")
    assert len([p for p in current(m) if p.critical]) == 2
    assert not any(p.history for p in current(m))


# ------------------------------------------------------------------ a meal plan
def test_a_noun_that_may_be_a_verb_opening_a_statement_is_its_subject() -> None:
    m = session("Budget is about £60 for the week")
    (p,) = [p for p in current(m) if p.critical]
    assert p.key is not None and p.key.startswith("budget|")


def test_a_change_asked_for_without_its_question_mark_revises() -> None:
    m = session("The budget is £60 for the week.",
                "can you make the budget £80, my parents are staying over")
    revised = [p for p in current(m) if p.history]
    assert len(revised) == 1 and "80" in revised[0].value
    assert not any(p.text.lower().startswith("can you,") for p in current(m))


def test_a_value_for_some_days_only_is_an_exception_beside_the_setting() -> None:
    m = session("lunch breaks should be under 40 minutes", "actually an hour is fine on fridays")
    assert not any(p.history for p in current(m))
    assert any("40" in (p.value or "") for p in current(m))
    m = session("the pool opens at 7am", "actually 9am on sundays")
    assert not any(p.history for p in current(m))


def test_a_value_moved_for_some_days_still_revises() -> None:
    m = session("standup is at 9:30", "we've moved standup, it's 10:00 on weekdays now")
    revised = [p for p in current(m) if p.history]
    assert len(revised) == 1 and revised[0].value.startswith("10")


# ------------------------------------------------------------------ a trip
def test_a_corrected_detail_of_a_statement_leaves_its_setting_in_place() -> None:
    m = session("Plan a trip to Peru in May. Three weeks, flying from Leeds. Budget £5,000 for both of us.",
                "I only get 12 days off, so make it 12 days not three weeks")
    revised = [p for p in current(m) if p.history]
    assert len(revised) == 1 and "three weeks" in (revised[0].history[0].value or "")
    assert any(p.value == "Leeds" for p in current(m))
    m = session("Plan a trip to Peru in May. Three weeks, flying from Leeds. Budget £5,000 for both of us.",
                "I only get 12 days off, so make it 12 days not three weeks",
                "and we'd rather fly from London, more direct flights")
    assert any(p.value == "London" and [h.value for h in p.history] == ["Leeds"] for p in current(m))
    assert any("12 days" in p.text for p in current(m))


def test_who_a_sum_is_for_is_no_setting_name_and_a_budget_is_a_cap() -> None:
    m = session("Budget £5,000 for both of us.")
    (p,) = [p for p in current(m) if p.critical]
    assert p.key is not None and p.key.startswith("budget|")
    m = session("Budget £5,000 for both of us.", "budget can go up to £5,500 if that helps")
    (p,) = [p for p in current(m) if p.critical]
    assert p.value.startswith("£5,500") and p.op == "<="
    assert [h.value for h in p.history] == ["£5,000"]


def test_them_and_a_value_point_at_the_setting_spoken_of() -> None:
    m = session("reminders go out 72 hours before the visit",
                "and send them 24 hours before instead, 72 was too early, people forgot")
    revised = [p for p in current(m) if p.history]
    assert len(revised) == 1 and revised[0].value.startswith("24")
    assert [h.value for h in revised[0].history] == ["72 hours"]


def test_got_before_a_verb_of_change_is_no_part_of_the_subject() -> None:
    m = session("the launch party is on 3 June", "assistant: Lovely.",
                "the launch party got moved to 10 June")
    revised = [p for p in current(m) if p.history]
    assert len(revised) == 1 and revised[0].value == "10 June"
    assert revised[0].key is not None and "got" not in revised[0].key.split("|")[0]


# ------------------------------------------------------------------ a stack said in fragments
def test_a_tool_chosen_by_its_name_and_a_version_said_alone_are_settings() -> None:
    m = session("You're helping me build a Discord bot. Use the Sapphire framework. Python 3.11.")
    kinds = {p.text: p.kind.value for p in current(m)}
    assert kinds["Use the Sapphire framework."] == "decision"
    assert kinds["Python 3.11."] == "decision"
    for said in ("Use the formula above.", "Use this one."):
        assert not any(p.critical for p in current(session(said))), said


def test_a_new_version_of_the_runtime_revises_the_version_said_alone() -> None:
    m = session("Python 3.11.", "assistant: OK.", "switch the runtime to Python 3.13, the host supports it now")
    revised = [p for p in current(m) if p.history]
    assert len(revised) == 1 and "3.13" in revised[0].value
    assert [h.value for h in revised[0].history] == ["Python 3.11"]


# ------------------------------------------------------------------ two clients
def test_a_setting_of_one_labelled_client_never_takes_anothers() -> None:
    m = session("Client Brightwell Ltd: logo design, deadline 12 May.",
                "Client Orrin & Co: packaging, deadline 2 June.")
    assert not any(p.history for p in current(m))
    assert any("12 May" in p.text for p in current(m)) and any("2 June" in p.text for p in current(m))
    m = session("Client Brightwell Ltd: logo design, deadline 12 May.",
                "Client Orrin & Co: packaging, deadline 2 June.",
                "Brightwell pushed their deadline to 20 May")
    assert not any("2 June" in (h.value or "") for p in current(m) for h in p.history)
    assert any("2 June" in p.text and "(earlier: 2 June)" not in p.text for p in current(m))


def test_a_span_of_the_clock_replaces_the_span_held() -> None:
    m = session("the recital is on sunday 9 march at St Anne's, 3pm to 5pm",
                "assistant: Lovely, noted.", "the church emailed, we can only have it 2pm to 4pm now")
    revised = [p for p in current(m) if p.history]
    assert len(revised) == 1 and "2pm to 4pm" in revised[0].text
    assert revised[0].history[0].value == "3pm to 5pm"
    assert any("9 march" in p.text for p in current(m))


def test_a_swap_of_a_detail_named_with_its_noun_finds_the_detail() -> None:
    m = session("Colour scheme is teal.", "assistant: Noted.",
                "can you swap the teal scheme for coral? the client changed their mind")
    revised = [p for p in current(m) if p.history]
    assert len(revised) == 1 and [h.value for h in revised[0].history] == ["teal"]
    assert not any("teal" in p.text and not p.history for p in current(m) if p.critical)


# ------------------------------------------------------------------ a report
def test_where_a_report_goes_stays_when_its_day_changes() -> None:
    m = session("Digests go out every Tuesday at 8am to ops@corp.dev.", "assistant: OK.",
                "the team wants it on Thursdays at 2pm instead")
    assert any("ops@corp.dev" in p.text for p in current(m))


def test_a_thing_dropped_that_a_statement_holds_is_no_new_name() -> None:
    m = session("Digests go out every Tuesday to ops@corp.dev.",
                "Include uptime, incidents and latency.", "assistant: Sure.",
                "drop latency from the digest, it's on a dashboard now")
    assert any("ops@corp.dev" in p.text and "(earlier: ops@corp.dev)" not in p.text for p in current(m))


def test_a_new_address_said_beside_the_alias_it_replaces_leaves_another_alone() -> None:
    m = session("Digests go out every Tuesday to ops@corp.dev.", "also CC the COO, coo@corp.dev",
                "send it to platform@corp.dev from now on, the ops alias is being retired")
    assert any("coo@corp.dev" in p.text and "(earlier" not in p.text for p in current(m))
    assert not any("coo@corp.dev" in (h.value or "") for p in current(m) for h in p.history)
