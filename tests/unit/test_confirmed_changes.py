"""A change the user said too briefly to name its setting, named by the assistant's
confirmation of it ("Done, your weekday alarm is now 7:15 am", "Raised to 1000 rows"):
the setting takes the user's value and statement, with the old value in its lineage. The
assistant never changes a setting to a value of its own, and a confirmation naming
another setting reaches only that one.

Each test feeds a whole session (user and assistant turns) through ``add_turn``.
"""

from __future__ import annotations

import pytest

from test_in_passing import current_with, kept, remember, replaced


def a(text: str) -> tuple[str, str]:
    return ("assistant", text)


@pytest.mark.parametrize("turns, new, old", [
    # the confirmation names the setting
    (["set my alarm for 6:45 on weekdays", a("Alarm set for 6:45 am on weekdays."),
      "hmm that's brutal. 7:15 would work better", a("Done — your weekday alarm is now 7:15 am.")],
     "7:15", "6:45"),
    (["write the changelog in British English", a("Sure, British spelling it is."),
      "the client is in Ohio actually, american is better",
      a("Switched the changelog to American English.")], "American", "British"),
    # no name: the one setting of that kind of value spoken of last
    (["limit the export to 500 rows", a("Export capped at 500 rows."),
      "ugh finance needs 1000", a("Raised to 1000 rows.")], "1000", "500"),
    # after an unrelated exchange
    (["the standup is at 9:15", a("Noted, standup at 9:15."), "what's a good retro format?",
      a("Try start/stop/continue — quick and easy to run."), "cool. 9:45 for standup please",
      a("Moved the standup to 9:45.")], "9:45", "9:15"),
    # a reminder every so many days, with what it is done with said after
    (["remind me to descale the kettle every 30 days with the vinegar",
      a("Reminder set: kettle descaling every 30 days."),
      "scratch that, the water here is hard — every 14 days", a("Updated to every 14 days.")],
     "14", "30"),
    # an aside after the confirmation, with a condition of its own
    (["remind me to stretch at 3pm every weekday", a("Reminder set for 3pm on weekdays."),
      "3:30 would suit me better",
      a("Stretch reminder moved to 3:30pm — shout if you want a second one in the morning.")],
     "3:30", "3pm"),
])
def test_a_change_the_assistant_confirms_revises_the_setting(turns: list, new: str,
                                                             old: str) -> None:
    replaced(remember(*turns), new, old)


def test_a_confirmation_of_another_setting_leaves_the_first_as_it_was() -> None:
    memory = remember("the alpha queue retry limit is 3", a("Noted."),
                      "set the gamma queue retry limit to 5",
                      a("Done — the gamma queue retry limit is now 5."))
    kept(memory, "3")
    kept(memory, "5")


def test_an_assistant_value_the_user_never_said_changes_nothing() -> None:
    memory = remember("keep replies under 100 words", a("I've set the limit to 150 words."))
    kept(memory, "100")
    assert not [p for p in current_with(memory, "150") if p.role.value == "user"]


def test_a_confirmation_of_a_new_setting_is_no_second_patch() -> None:
    memory = remember("book the dentist for Tuesday at 3pm",
                      a("Done — your dentist appointment is now Tuesday at 3pm."))
    assert len(current_with(memory, "3pm")) == 1


def test_a_subject_said_with_s_for_is_keeps_its_value() -> None:
    memory = remember("hotel budget for the Lisbon trip is €120 a night",
                      "these are all tiny. budget's now €180 a night, i want more space")
    replaced(memory, "€180", "€120")


# ---------------------------------------------------------------- what a session revises


@pytest.mark.parametrize("turns, new, old", [
    # the name to call the user by, revised after a fault found with it
    (["sign my letters as Bob please", a("Sure, I'll sign them as Bob."),
      "hmm, Bob is a bit informal for the bank, use Robert"], "Robert", "Bob"),
    # a thing named, then named again by "call it"
    (["name the branch feature-login", a("Created feature-login from main."),
      "hmm the ticket is about auth. call it feature-auth"], "feature-auth", "feature-login"),
    # a diet changed with a word of degree
    (["we eat vegetarian at home", a("Lovely, here are three meat-free dinners."),
      "let's go fully vegan"], "vegan", "vegetarian"),
    # a tone asked for in two words of one kind
    (["be very formal in my emails", a("Understood."), "too stiff. friendly but professional"],
     "friendly but professional", "formal"),
    # a setting inside a labelled list of changes
    (["run the worker with 2 threads", a("Started with `--threads 2`."),
      "a few changes: rotate the logs daily, add a readiness probe, and 6 threads"], "6", "2"),
    # the assistant says the user's number again in words of its own, then the user revises it
    (["retry the upload 2 times", a("Configured: up to 2 retries."),
      "make that 4, the network is flaky"], "4", "2"),
])
def test_a_session_revises_the_users_setting(turns: list, new: str, old: str) -> None:
    replaced(remember(*turns), new, old)


@pytest.mark.parametrize("text", ["please call me back later", "let's call it a day"])
def test_call_me_back_and_call_it_a_day_name_nothing(text: str) -> None:
    assert [p for p in remember(text).all_patches if p.critical] == []


def test_a_time_said_again_without_its_zone_is_the_same_time() -> None:
    memory = remember("the meetup starts at 6pm UK time, add it to my calendar",
                      a("Added Meetup to your calendar at 17:00 UK time."), "no, 6pm not 5pm!")
    journal = memory.dump_store(include_history=True)["journal"]
    assert [e for e in journal if e["action"] == "superseded"] == []
    kept(memory, "6pm")


def test_a_change_the_assistant_proposed_and_the_user_accepted_revises_the_setting() -> None:
    memory = remember("let's use moment for the date formatting", a("Sure, moment is set up."),
                      "isn't moment huge though?",
                      a("It is — dayjs does the same in 2 kB. Shall I swap moment for dayjs?"),
                      "yes go with dayjs")
    replaced(memory, "dayjs", "moment")


def test_an_answer_to_a_question_that_proposed_nothing_changes_nothing() -> None:
    memory = remember("let's use moment for the date formatting",
                      a("Sure. Have you used dayjs before?"), "yes dayjs")
    kept(memory, "moment")


def test_a_confirmation_that_names_its_setting_first_revises_it() -> None:
    memory = remember("set the pool pump to run 6 hours a day", a("Pump schedule saved: 6 hours daily."),
                      "it's winter now, 4 is plenty", a("Pump run time lowered to 4 hours a day."))
    replaced(memory, "4", "6")


def test_a_value_the_assistant_proposed_before_its_question_is_accepted_with_it() -> None:
    memory = remember("water the lawn at 8pm every day", a("Scheduled for 20:00 daily."),
                      "it's getting fungus", a("Watering at night keeps the grass wet. 5am tends to "
                                               "work better. Want me to move it?"),
                      "yes go on, 5am")
    replaced(memory, "5am", "8pm")


def test_a_cap_said_of_it_is_no_new_minimum() -> None:
    memory = remember("only show products with at least 10 reviews",
                      a("Filtered to products with 10 or more reviews."),
                      "and cap it at 500 reviews, the bestsellers drown everything out")
    kept(memory, "10")


def test_a_reminder_asked_for_changes_no_setting() -> None:
    memory = remember("piano lessons are on thursdays at 4pm",
                      a("Saved: piano, Thursdays 4pm. Want a reminder?"),
                      "yeah do that, remind me next monday")
    kept(memory, "thursdays")


def test_a_confirmation_for_another_party_leaves_the_first_setting() -> None:
    memory = remember("the kids' bedtime is 8pm", a("Saved: kids' bedtime 8pm."),
                      "10 for us", a("Us bedtime set to 10pm."))
    kept(memory, "8pm")


def test_an_echo_with_a_currency_sign_folds_and_the_old_amount_is_marked() -> None:
    memory = remember("set a £150 weekly grocery budget",
                      a("Budget of £150 a week saved for groceries."),
                      "£150 is too tight with the kids home, we'll go with £220")
    replaced(memory, "£220", "£150")


def test_a_confirmation_of_a_value_never_reaches_the_bound_of_the_same_name() -> None:
    memory = remember("The billing timeout must not exceed 2 seconds.",
                      "Set the billing timeout to 1 seconds.",
                      a("Done. The billing timeout is now 1 seconds."))
    (bound,) = [p for p in memory.all_patches if p.op == "<="]
    assert bound.value == "2 seconds" and not bound.history
    assert [p for p in memory.all_patches if p.op == "=" and p.value == "1 seconds"]


@pytest.mark.parametrize("text, op", [("put the fan speed up to 4", "="),
                                      ("you can put up to 5 items in the basket", "<=")])
def test_put_up_to_moves_a_value_and_up_to_alone_bounds_it(text: str, op: str) -> None:
    from dspm_core.slots import parse_statement
    assert parse_statement(text).op == op


def test_yes_please_accepts_no_value_of_its_own() -> None:
    memory = remember("use moment for dates", a("Want me to switch to dayjs? Say yes please if so."),
                      "yes please")
    kept(memory, "moment")


def test_a_confirmation_of_a_name_changed_in_a_statement_is_no_second_patch() -> None:
    # the user's statement replaced the old name without a setting's key; the assistant's
    # confirmation of the new name folds into it
    memory = remember("For this project our CI should run on debian-11 images",
                      a("Updated ci.yml: debian-11 for the lint and test jobs."), "good",
                      a("Both jobs are on it now."),
                      "switch the images to debian-12, the old one ships an ancient openssl "
                      "that breaks the tls tests",
                      a("Switched all jobs to debian-12. It ships OpenSSL 3."))
    assert len(current_with(memory, "debian-12")) == 1, [p.text for p in memory.all_patches]
    assert not current_with(memory, "debian-11")


def test_an_answer_to_a_reply_of_table_rows_alone_is_read() -> None:
    # the assistant's last message has no sentence outside its table
    from dspm_core import DSPMMemory

    m = DSPMMemory()
    m.add_turn("user", "I'm hosting Thanksgiving for 10 this year, help me with a shopping list")
    m.add_turn("assistant", "| Item | Cost |\n| Turkey | £45 |\n| Potatoes | £6 |")
    m.add_turn("user", "The thermostat should be set to 21°C.")
    m.add_turn("user", "great, confirm it")
    assert any("21" in p.text for p in m.all_patches if p.critical)
    assert m.get_context("what temperature?")
