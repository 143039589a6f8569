"""Everyday revisions through ``add_turn`` with the default extractor: a pointer after a
reason ("loss is exploding like crazy, drop it to 0.1"), a change told as done to "it"
("it's been raised to 50", "it's going up to 1900"), a correction that is a number alone
("actually two."), a price said first with no currency, days of opening hours, and how
long things are kept ("we're keeping them two weeks"). And rules said in everyday words: a
"no ..." scoped to where it holds, the dates a user's household plans around, a request
after "going forward", a scope said first, the bot named in a polite request. What only
looks like these stays apart: someone else's words, a task about the thing at hand, a
story of an old system, a difficulty."""

from __future__ import annotations

import pytest

from chat_sessions import session
from dspm_core import DSPMMemory
from dspm_core.slots import parse_statement
from dspm_core.values import parse_value


def revised(m: DSPMMemory) -> list[tuple[str | None, list[str | None]]]:
    """(current value, earlier values) of every current setting that has a lineage."""
    return [(p.value, [h.value for h in p.history]) for p in m.store.patches()
            if p.later is None and p.history]


def critical_texts(text: str) -> list[str]:
    return [p.text for p in session(text).store.patches() if p.critical]


REVISIONS = [
    (("The dropout is 0.2", "assistant: ok", "loss is exploding like crazy, drop it to 0.1"),
     ("0.1", ["0.2"])),
    (("Uploads in the portal max out at 20mb", "assistant: Noted.", "It's been raised to 50"),
     ("50", ["20mb"])),
    (("The Pro plan includes 4 seats", "heads up, it's been bumped to six as of today"),
     ("6", ["4 seats"])),
    (("I pay 9.99 for the music app", "assistant: Added.", "they hiked it, it's $11.49 now"),
     ("$11.49", ["9.99"])),
    (("the studio is open tue-fri 9-5", "assistant: Okay.", "it's tue-sat now"),
     ("tue-sat", ["tue-fri 9-5"])),
    (("keep my screen time limit at 3 hours a day", "assistant: Done.", "actually two."),
     ("2", ["3 hours a day"])),
    (("the log archive keeps files for 30 days", "assistant: Got it.", "eh, 45"),
     ("45", ["30 days"])),
    (("our rent is $1,800 a month", "the lease renewal came, it's going up to 1900 starting june"),
     ("1900", ["$1,800 a month"])),
    (("backups are kept 30 days in cold storage",
      "budget cuts, we're keeping them two weeks from now on"), ("2 weeks", ["30 days"])),
    (("my step goal is 6000 a day", "bump that to 9k, I've been hitting it easily"),
     ("9k", ["6000 a day"])),
    (("the help desk is staffed 9 to 5 eastern", "assistant: Got it.",
      "we hired two more people, so going forward it's 8am-8pm ET"), ("8am-8pm", ["9-5 eastern"])),
    (("my fasting window is 11 to 7", "moving it to 9-5 so I can eat breakfast with the family"),
     ("9-5", ["11-7"])),
    (("morning alarm at 6:15", "assistant: Alarm set.", "new commute, so push it half an hour later, 6:45"),
     ("6:45", ["6:15"])),
    (("morning alarm at 6:15", "push it 20 minutes later please"), ("6:35", ["6:15"])),
    (("batch size 128 on the big GPUs", "assistant: Got it.", "bs is 64 now, we kept running out of memory"),
     ("64", ["128"])),
    (("alerts go out by email", "assistant: Ok, email it is.", "sms instead"), ("Sms", ["email"])),
    (("the weekly digest is posted to slack", "assistant: Okay.", "let's use teams instead, we switched last month"),
     ("teams", ["slack"])),
    (("I think the support inbox is set to PST", "assistant: Okay.", "turns out it's UTC, someone changed it"),
     ("UTC", ["PST"])),
    (("LOG_LEVEL=debug for now", "assistant: Noted.", "ok, fixed it. back to warn please"), ("Warn", ["debug"])),
    (("LOG_LEVEL=debug", "LOG_LEVEL=error"), ("error", ["debug"])),
    (("DARK_MODE=true in staging right now", "assistant: Okay.", "users hate it, flip the flag off"),
     ("off", ["true"])),
    (("FAST_PATH=false in prod", "set it to true, we ship today"), ("true", ["false"])),
    (("the api listens on 8080 locally", "assistant: Got it.", "9091 — that's the port now, 8080 is taken"),
     ("9091", ["8080"])),
    (("The request timeout on the billing service client is 20 seconds.", "what's a good backoff?",
      "assistant: Exponential with jitter.", "drop the timeout to 5s, 20 is far too long"), ("5s", ["20 seconds"])),
    (("we're expecting 8 - no wait, 9 people for lunch sunday",), ("9 people", ["8 people"])),
    (("the cottage is booked for 3 nights, no, 4, we added a day",), ("4 nights", ["3 nights"])),
    (("recycling day is monday, hang on, thursday, they changed it",), ("thursday", ["monday"])),
    (("bath time for the kids is 6:30", "assistant: Okay.", "it's summer now so let's push it half an hour later"),
     ("7:00", ["6:30"])),
    (("the christening starts at 11am sunday", "grandad can't get there early so push it back an hour"),
     ("12pm sunday", ["11am sunday"])),
    (("we're on the 9:40 to Lyon", "assistant: Noted.", "ugh. the airline moved us to the 14:10"),
     ("14:10", ["9:40"])),
    (("the RSVP deadline is the 3rd", "and give people till the 8th, the invites went out late"),
     ("8th", ["3rd"])),
    (("the media bucket lives in europe-west4", "assistant: Okay.", "nvm it's europe-west1, wrong project"),
     ("europe-west1", ["europe-west4"])),
    (("saturday hours are 10 till 3", "assistant: Got it.", "good news, the landlord's fine with it so it's 10 till 5"),
     ("10-5", ["10-3"])),
    (("remind me to give Milo his pill at 7am every day", "assistant: Done.", "can dogs eat apples?",
      "assistant: In small pieces, yes.", "ok. actually the vet wants it with his dinner, so 5pm"),
     ("5pm", ["7am every day"])),
    (("vet appointment for Rex thursday 10:00", "assistant: Added.", "they're running late, they've pushed him to 15:30"),
     ("15:30", ["thursday 10:00"])),
    (("minimum spend for delivery is £10", "assistant: Got it.", "scrap the 10 quid thing, we're going with £15, petrol's up"),
     ("£15", ["£10"])),
    (("a latte is £3.10 on the board", "assistant: Noted.", "should we sell pastries?", "assistant: Maybe.",
      "we'll think about it. £3.30 from monday though, milk went up"), ("£3.30", ["£3.10"])),
    (("our food budget's 150 a week", "assistant: Noted.", "what can I cook for 6?", "assistant: A big chilli.",
      "we need to cut back, so call it ninety quid"), ("90 quid", ["150 a week"])),
]


@pytest.mark.parametrize("turns,expected", REVISIONS, ids=[t[-1][:40] for t, _ in REVISIONS])
def test_an_everyday_revision_supersedes_with_its_lineage(turns: tuple[str, ...],
                                                           expected: tuple) -> None:
    assert revised(session(*turns)) == [expected]


LOOKALIKES = [
    ("The cache holds 500 entries", "the lock timeout is too short, bump it to 20s"),
    ("Apartment 2A pays $900 rent.", "Apartment 2B pays $950 rent from July."),
    ("set my coffee limit to 3 cups a day", "actually, 7 of us are coming"),
    ("the stand-up is at 9:30", "I'm keeping it short today, 10 minutes tops?"),
    ("our rent is $1,800 a month", "my sister's rent is going up too, poor thing"),
    ("the db is postgres", "wait it's red now"),
    ("the worker pool is 16", "the lock timeout is too short, bump it to 20 retries"),
    ("FEATURE_X=true in staging", "FEATURE_X=false in prod"),
    ("The request timeout on the billing client is 20 seconds.",
     "The request timeout on the search client is 4 seconds.", "drop the timeout to 10s"),
    ("I have 3 kids, no pets",),
    ("the budget is £200", "my sister said her budget was £50 but it's actually £80"),
]


@pytest.mark.parametrize("turns", LOOKALIKES, ids=[t[-1][:40] for t in LOOKALIKES])
def test_what_only_looks_like_a_revision_keeps_both(turns: tuple[str, ...]) -> None:
    assert revised(session(*turns)) == []


def test_a_bare_number_after_a_question_of_the_assistant_is_no_correction() -> None:
    m = session("set my coffee limit to 3 cups a day",
                "assistant: How many people will be at the party?", "hmm, 60")
    assert revised(m) == []
    assert [p.value for p in m.store.patches() if p.later is None and p.value == "3 cups a day"]


RULES = [
    "no exclamation marks in client emails please, my boss hates them",
    "we rent, so no suggestions that involve drilling into walls.",
    "one thing - my husband doesn't drink, so no wine bars or breweries in any of the plans.",
    "my partner's birthday is 12 May",
    "my son's swim practice is at 6:30 on Tuesdays",
    "my daughter's bedtime is 7:30 sharp, so evening plans have to end before that",
    "for my french practice, answer me only in french from now on",
    "Thanks, that helped. Going forward, could you put the summary at the top instead of the end?",
    "it would be great if the bot could stop thanking people in every reply",
    "if someone's rude twice, hand the chat to a human",
    "No tax or legal advice, ever; send them to a professional.",
    "call me jo not joanna pls",
    "Any refund over $100 needs my explicit OK before you issue it.",
    "leave my semicolons alone",
    "the release branch is stable, not main or develop",
    "use the logger, not print, even in quick scripts",
    "no new packages without asking me first",
    "docstrings follow the numpy style guide",
]


@pytest.mark.parametrize("text", RULES)
def test_an_everyday_rule_is_kept_as_critical(text: str) -> None:
    assert critical_texts(text)


NOT_RULES = [
    "no idea on that one",
    "no time for that today",
    "no point in asking him again",
    "my flatmate's default is to order pizza",
    "my dad's favourite team lost again",
    "My gran swears you must never wash a wok with soap. Is that true?",
    "lol my niece just told me \"never trust a goose\". kids",
    "the notice at the pool says no diving after 6pm, does that include the kids' pool?",
    "don't include the appendix in this one, just the main chapters",
    "don't bold anything in this table, it's going into a spreadsheet",
    "only proofread the first page, I'll handle the rest",
    "Write a short bio for this speaker, under 80 words.",
    "List four campsites near Oban under £30 a night.",
    "Our old booking system always double-charged people and it was a nightmare.",
    "I never know how to start a eulogy. Any advice?",
    "going forward, can you tell me what time the shop opens?",
    "call me back later",
    "Refund order 88231 please, the parcel arrived damaged.",
    "Look up the booking for sam.lee@example.com.",
    "Book a table for three at Rosa's tonight at 7.",
    "don't touch the fixtures in this PR, I'll sort them out",
    "hmm, my teammate insists we must never use mocks. thoughts?",
    "stack overflow says never use eval, is there a safer way?",
    "great, that fixed it! no more errors",
    "it's the green one, not the grey one",
    "thinking I might go vegan at some point, not sure yet",
]


def test_a_span_of_hours_said_with_to_is_one_span_of_the_day() -> None:
    assert parse_statement("Sunday opening hours are 10 to 4.").canonical == "10:00-16:00"
    assert parse_statement("my eating window is 12 to 8").canonical == "12:00-20:00"
    # a value and the one it becomes, and a count, are no span
    assert parse_statement("move the standup from 10 to 11").old_value == "10"
    assert parse_value("10-6").canonical == "10:00-18:00"
    assert parse_value("22-6").canonical == "22:00-06:00"


def test_a_region_a_thing_runs_in_is_its_setting() -> None:
    assert parse_statement("all our infra is in us-east-1").value == "us-east-1"
    assert parse_statement("the uploads bucket lives in europe-west4").subject == "uploads bucket region"
    assert parse_statement("it is in us-east-1?").value != "us-east-1"


def test_a_port_is_no_version() -> None:
    assert parse_value("postgres 5432").dimension != "version:postgres"
    assert parse_value("Postgres 16").dimension == "version:postgres"
    assert parse_value("Windows 2019").dimension == "version:windows"


def test_a_flag_is_on_or_off() -> None:
    assert parse_value("true").canonical == parse_value("on").canonical == "on"
    assert parse_value("disabled").canonical == "off"


def test_a_time_with_its_zone_is_a_time() -> None:
    assert parse_value("8am-8pm ET").dimension == "clock"
    assert parse_value("8am-8pm ET").canonical == "08:00-20:00 et"
    assert parse_value("9-5 eastern").canonical == "09:00-17:00 eastern"


@pytest.mark.parametrize("text", NOT_RULES)
def test_what_only_looks_like_a_rule_stores_none(text: str) -> None:
    assert critical_texts(text) == []
