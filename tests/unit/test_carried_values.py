"""A user's revision of a value the assistant or a tool set just before: the assistant's
(or tool's) value is superseded, kept in the lineage, with the role that said it; a value
the user gave stays the one revised, and an assistant's turn with two values of the kind,
or a revision of something else, carries nothing.

Each test feeds turns through ``add_turn`` (default extractor) and checks what the store
holds.
"""

from __future__ import annotations

import pytest

from dspm_core import DSPMMemory

from test_in_passing import current_with, kept, remember, replaced


@pytest.mark.parametrize("turns, new, old", [
    ((("user", "add a rate limiter to the login route"),
      ("assistant", "I've added a limiter allowing 10 requests per minute per IP on /login."),
      ("user", "make that 5 requests per minute, we're seeing credential stuffing")), "5", "10"),
    ((("user", "check my card's spending limit"),
      ("tool", "Card ending 4471: monthly spending limit $2,000"),
      ("user", "please raise my card limit to $3,500")), "$3,500", "$2,000"),
    ((("user", "how many replicas does checkout have"),
      ("tool", "deployment/checkout replicas: 2 (2 ready)"),
      ("user", "scale checkout to 6 replicas for black friday")), "6", "2"),
    ((("user", "when does the backup run"),
      ("tool", "cron: nightly-backup  0 2 * * *  (02:00 server time)"),
      ("user", "run the nightly backup at 04:00 instead")), "04:00", "02:00"),
])
def test_a_revision_of_the_assistants_value_supersedes_it(turns, new: str, old: str) -> None:
    memory = remember(*turns)
    replaced(memory, new, old)
    (p,) = current_with(memory, new)
    assert p.role.value == "user"
    assert p.history[-1].text and turns[1][1].startswith(p.history[-1].text[:20])


def test_the_users_own_value_stays_the_one_revised() -> None:
    memory = remember(("user", "Max upload size is 25 MB."),
                      ("assistant", "Right now the server is set to 10 MB."),
                      ("user", "make it 30 MB"))
    replaced(memory, "30 MB", "25")


@pytest.mark.parametrize("turns, new, old", [
    ((("user", "i'm cutting back on sugar, under 30g sugar a day"),
      ("assistant", "Sure, I'll keep the recipes under 30g of sugar per day."),
      ("user", "my nutritionist says i can go up to 40g sugar, so update the recipes please")),
     "40g", "30g"),
    ((("user", "we're keeping the kids' screen time under 90 minutes a day"),
      ("assistant", "Okay, I'll plan activities around 90 min of screen time per day."),
      ("user", "ok we can go up to 120 minutes now, so rework the plan please")),
     "120 minutes", "90"),
])
def test_the_users_setting_said_back_by_the_assistant_is_the_one_revised(turns, new: str,
                                                                         old: str) -> None:
    # the user's setting takes the new value, and no saying back of the old one stays current
    memory = remember(*turns)
    replaced(memory, new, old)
    (p,) = current_with(memory, new)
    assert p.role.value == "user" and p.first_turn == 0


@pytest.mark.parametrize("turns, new, old", [
    ((("user", "scaffold a small api for the stock service"),
      ("assistant", "Done: I've set it up with Flask, routes are in app/routes.py."),
      ("user", "use Fastify please, the rest of our services are node")), "Fastify", "Flask"),
    ((("tool", "detected test runner: jest 29"),
      ("user", "we moved to vitest in march, that detection is old")), "vitest", "jest 29"),
    ((("user", "plot the monthly signups for me"),
      ("assistant", "Here's the chart, drawn with matplotlib."),
      ("user", "nice. redo it with plotly so i can zoom")), "plotly", "matplotlib"),
])
def test_a_name_the_assistant_used_is_replaced_by_the_users_choice_of_its_kind(
        turns, new: str, old: str) -> None:
    memory = remember(*turns)
    (p,) = current_with(memory, new)
    assert p.role.value == "user"
    assert [h.value for h in p.history] == [old], p.history
    assert current_with(memory, old.split()[0]) == [], memory.get_context()


@pytest.mark.parametrize("turns", [
    # two names of the kind, another kind, a question, another thing, the user's own choice
    (("user", "scaffold the api"), ("assistant", "You could use Express or Fastify for this."),
     ("user", "use Fastify please")),
    (("user", "write the api"), ("assistant", "I've used Express for the API."),
     ("user", "use Jest for the tests")),
    (("user", "make me a chart"), ("assistant", "Here's a chart made with matplotlib."),
     ("user", "do you know plotly?")),
    (("user", "what does the legacy service run"), ("assistant", "The legacy service uses Express."),
     ("user", "use Fastify for the new service")),
])
def test_a_name_the_assistant_used_stays_unless_the_user_replaces_it(turns) -> None:
    memory = remember(*turns)
    assert not any(p.history for p in memory.all_patches), [p.text for p in memory.all_patches]


def test_two_values_of_the_kind_carry_nothing() -> None:
    memory = remember(("user", "set up the workers"),
                      ("assistant", "I've started 4 workers for the api and 2 workers for the queue."),
                      ("user", "make that 6 workers"))
    assert not [p for p in memory.all_patches if p.role.value == "assistant" and p.later is not None]


def test_a_revision_of_something_else_carries_nothing() -> None:
    memory = remember(("user", "how many replicas does checkout have"),
                      ("tool", "deployment/checkout replicas: 2 (2 ready)"),
                      ("user", "scale the search service to 6 replicas"))
    assert not [p for p in memory.all_patches if p.history]


def test_an_assistants_value_with_no_revision_after_it_is_left_as_it_was() -> None:
    plain = DSPMMemory()
    plain.add_turn("assistant", "I've set the cache TTL to 300 seconds.")
    memory = remember(("assistant", "I've set the cache TTL to 300 seconds."),
                      ("user", "thanks, what does the cache do exactly?"))
    assert [p.text for p in memory.all_patches if p.role.value == "assistant"] == \
        [p.text for p in plain.all_patches]
    kept(memory, "300 seconds")


def test_advice_and_reports_of_what_was_done_carry_nothing() -> None:
    memory = remember(("user", "my editing session ran over"),
                      ("assistant", "You might extend it to 1.5 hours next time."),
                      ("user", "I made up for it by editing for 4 hours on Sunday"))
    assert not [p for p in memory.all_patches if p.history]


def test_a_count_naming_the_assistants_old_number_replaces_it() -> None:
    memory = remember(("user", "set up parallel tests"),
                      ("assistant", "Done, I'll run pytest with -n 6."),
                      ("user", "make it 4 workers, not 6"))
    replaced(memory, "4 workers", "6")


def test_a_heading_number_or_a_number_said_in_passing_carries_nothing() -> None:
    memory = remember(("user", "how do I grow my audience?"),
                      ("assistant", "### 1."),
                      ("user", "I've increased my followers by 150 since July 1, 2024"))
    assert not [p for p in memory.all_patches if p.history]
    memory = remember(("user", "list the outcomes"),
                      ("assistant", "Possible outcomes: (1, 6), (2, 5), (3, 4)"),
                      ("user", "now choose 2 items from a set of 4 instead"))
    assert not [p for p in memory.all_patches if p.history]
