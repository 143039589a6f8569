"""Short replies that carry a new value, through ``add_turn`` with the default extractor: a
number chosen ("gonna do three", "let's go with twenty" after a reason, "make that seven"),
a number proposed as a question ("could we do 2 instead?"), a number after a judgement of
the value held ("that's too generous. twenty"), the old number named without its unit
("170 instead of 150"), a value someone the user defers to gave ("the pharmacist said three
is better"), a number of times or weeks said alone of a frequency, a change by an amount ("bump it by
100", "throw in another 3 grand", "put it up by a fiver"), a name switched to of what a
recent plain sentence named ("going with ICML instead" after "I'm submitting my paper to
the NeurIPS workshop"), and a name said of a setting ("the db name is orders_prod"). What only looks like these stays apart: what
someone else wants, a number of other things, a value for another place."""

from __future__ import annotations

import pytest

from chat_sessions import revised
from dspm_core import DSPMMemory
from dspm_core.slots import parse_statement


REVISIONS = [
    (("my daily protein goal is 150g", "assistant: Noted.", "170 instead of 150, I started lifting again"),
     ("170", ["150g"])),
    (("the free trial lasts 14 days", "assistant: ok", "make that seven, nobody needs two weeks"),
     ("7", ["14 days"])),
    (("we post four videos a week", "gonna do three, editing is eating my weekends"),
     ("3", ["4 videos a week"])),
    (("I practise scales for 20 minutes", "going for thirty actually, my teacher noticed"),
     ("30", ["20 minutes"])),
    (("screen lock kicks in after 5 minutes", "could we do 2 instead?"), ("2", ["5 minutes"])),
    (("retry the upload 3 times max", "can we say 6 instead? the office wifi is awful"),
     ("6", ["3 times"])),
    (("the hold queue plays music for 90 seconds", "hmm, on second thought, sixty, callers hang up"),
     ("60", ["90 seconds"])),
    (("auto-archive tickets after 30 days", "assistant: Done.", "that's too generous. twenty"),
     ("20", ["30 days"])),
    (("my reading target is 40 pages a day", "exams are close, let's go with twenty"),
     ("20", ["40 pages a day"])),
    (("we rotate the on-call every 2 weeks", "make it 3"), ("every 3 weeks", ["every 2 weeks"])),
    (("the pool pump runs 4 times a day", "make it 2"), ("2 times a day", ["4 times a day"])),
    (("take the antibiotic 2 times a day", "assistant: ok", "the pharmacist said three is better"),
     ("3 times a day", ["2 times a day"])),
    (("chapters go to my editor every 3 weeks", "assistant: Noted.",
      "the publisher says 2 is plenty, they want them sooner"), ("every 2 weeks", ["every 3 weeks"])),
    (("I'm saving £200 a month for the holiday", "assistant: Nice.", "I'll go with 250, got a raise"),
     ("250", ["£200 a month"])),
    (("the newsletter goes to 5 beta readers", "how about 8?"), ("8", ["5 beta readers"])),
    # a change by an amount
    (("the gift budget is $500", "bump it by 100"), ("$600", ["$500"])),
    (("my deposit budget is £5k", "assistant: ok", "we can throw in another 3 grand"), ("£8k", ["£5k"])),
    (("the babysitter gets €12 an hour", "put it up by a fiver, she's brilliant"), ("€17 an hour", ["€12 an hour"])),
    (("I read 30 pages a week", "add another 10"), ("40 pages a week", ["30 pages a week"])),
    (("we need 10 folding chairs", "add 4 more"), ("14 folding chairs", ["10 folding chairs"])),
    # a name switched to, of what a recent plain sentence named
    (("I'm submitting my paper to the NeurIPS workshop", "assistant: Good luck!",
      "going with ICML instead, the deadline suits us better"), ("ICML", ["NeurIPS"])),
    (("we bank with Monzo at the moment", "assistant: ok", "switching to Starling next month"),
     ("Starling", ["Monzo"])),
    (("I'm entering the Brighton half marathon", "assistant: Nice.", "going with Bath instead, flatter course"),
     ("Bath", ["Brighton"])),
]


@pytest.mark.parametrize("turns,expected", REVISIONS, ids=[t[-1][:40] for t, _ in REVISIONS])
def test_a_short_reply_revises_with_its_lineage(turns: tuple[str, ...],
                                                expected: tuple[str, list[str]]) -> None:
    assert expected in revised(*turns)


LOOKALIKES = [
    ("the venue holds 80 guests", "my sister wants 150 guests, no chance"),
    ("I'm keeping the party to 30 people", "my dad wants 60 people there"),
    ("deposit for the venue is $1,000", "the band said $400 up front"),
    ("invoice reminders go out 7 days after the due date", "let's say 3 of them bounced last month"),
    ("the meeting is at 3pm", "gonna do 5 push-ups between calls"),
    ("the kids' bedtime is 8pm", "my mum said 9 is fine at her place"),
    ("my reading target is 40 pages a day", "assistant: ok", "how many pages is the new book?"),
    ("the gift budget for mum is $80", "add one for my brother too, he likes books"),
    # an item added beside the one held, never an amount of it
    ("the CI matrix runs Python 3.11", "add 3.9 to the matrix as well, keep 3.11"),
    ("remind me to water the plants at 8am", "assistant: Done.", "add 7pm too"),
    # a name for another purpose, a name asked about
    ("we use Slack for chat", "assistant: ok", "going with Notion for docs"),
    ("what's the difference between Jest and Mocha?", "assistant: Mostly defaults.", "going with Vitest instead"),
]


@pytest.mark.parametrize("turns", LOOKALIKES, ids=[t[-1][:40] for t in LOOKALIKES])
def test_what_only_looks_like_a_short_revision_keeps_both(turns: tuple[str, ...]) -> None:
    assert revised(*turns) == []


@pytest.mark.parametrize("text,subject,value", [
    ("the db name is orders_prod", "db name", "orders_prod"),
    ("bot persona name is Sam", "bot persona name", "Sam"),
    ("the staging bucket is logs_v2", "staging bucket", "logs_v2"),
])
def test_a_name_said_of_a_setting_is_its_value(text: str, subject: str, value: str) -> None:
    st = parse_statement(text)
    assert (st.subject, st.value) == (subject, value)


@pytest.mark.parametrize("text", ["info is too noisy", "the staging logs is fine for now",
                                  "the new layout is really nice"])
def test_a_judgement_is_no_name_of_a_setting(text: str) -> None:
    assert parse_statement(text).value is None


def test_an_identifier_keeps_its_case() -> None:
    m = DSPMMemory()
    m.add_turn("user", "the db name is orders_prod")
    assert [p.value for p in m.store.patches()] == ["orders_prod"]
