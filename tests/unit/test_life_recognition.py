"""What people tell an assistant about their lives, recognised by its form: where a thing
is sent, how a thing is to be kept, how to explain, a diet said with "we eat", what the
speaker can no longer manage, a count said in a question's lead ("since we only have one
car, ..."), a service paid for or worked at, a goal with its value, and a pet or a child
"called" something; and what is not the user's own: a colleague's opinion of a move.

Each test runs one user turn through the default extractor (``add_turn``) and checks the
critical patches it stores.
"""

from __future__ import annotations

import pytest

from test_in_passing import criticals


def _kinds(text: str) -> list[str]:
    return [p.kind.value for p in criticals(text)]


@pytest.mark.parametrize("text, kind", [
    ("The monthly newsletter draft goes to Ayesha.", "decision"),
    ("Payslips go to payroll@fernhill.org.", "decision"),
    ("Invoices should go straight to Dana Lee.", "decision"),
    ("Keep my Friday afternoons free of calls.", "constraint"),
    ("Keep replies to customers brief and friendly.", "constraint"),
    ("Explain everything like I'm a first-year student.", "constraint"),
    ("We only eat kosher.", "constraint"),
    ("I can't manage long walks anymore.", "constraint"),
    ("Since we only have two bikes, what's the best way to get four of us to the beach?",
     "constraint"),
    ("We pay for YouTube Premium.", "decision"),
    ("I work at Arup.", "decision"),
    ("I'm aiming to run 3 times a week by spring.", "decision"),
    ("We have a tabby cat named Pickle.", "decision"),
])
def test_a_form_of_everyday_life_is_recognised(text: str, kind: str) -> None:
    assert _kinds(text) == [kind], [p.text for p in criticals(text)]


def test_a_pet_called_something_is_its_name() -> None:
    (p,) = criticals("We've got a border collie called Scout.")
    assert p.slot == "collie name" and p.value == "Scout"


def test_the_form_of_where_a_thing_goes_revises_with_the_new_recipient() -> None:
    from test_in_passing import remember
    memory = remember("The weekly metrics email goes to Hannah.",
                      "Send the weekly metrics email to Omar instead, Hannah's on leave.")
    current = [p for p in memory.all_patches if p.critical]
    assert len(current) == 1 and "Omar" in current[0].text, [p.text for p in current]
    assert "Hannah" in [h.value for h in current[0].history]


@pytest.mark.parametrize("text", [
    "Keep the kids busy this afternoon.",  # one afternoon
    "Keep the receipts.",  # what is kept, not how
    "I'm hoping for sun at the weekend.",  # a hope with no value
    "I'm aiming for a calmer week.",
    "My colleague thinks we should move to Notion.",  # someone else's opinion
    "My boss reckons we should switch to Teams.",
    "It goes to Leeds.",  # "it": nothing named
    "I can't stand this weather.",  # what is at hand
])
def test_what_is_not_the_users_own_setting_is_not_recognised(text: str) -> None:
    assert _kinds(text) == [], [p.text for p in criticals(text)]


@pytest.mark.parametrize("text, subject", [
    ("I'm aiming for 90g fibre a day.", "fibre goal"),
    ("We're hoping to save £4,000 by Easter.", "save goal"),
    ("I'm aiming to lose 3 kg before the holiday.", "lose goal"),
])
def test_a_goal_is_named_by_what_it_is_of(text: str, subject: str) -> None:
    from dspm_core.slots import parse_statement
    assert parse_statement(text).subject == subject


def test_a_goal_is_revised_as_a_goal() -> None:
    from test_in_passing import remember, replaced
    replaced(remember("im aiming for 90g fibre a day", "the fibre goal should be 110g now"), "110g", "90g")


@pytest.mark.parametrize("later", [
    "Priya left the company, billing disputes are handled by Tom Reyes now.",
    "Priya's off until May, send billing disputes to Tom Reyes instead.",
])
def test_a_new_recipient_said_after_its_reason(later: str) -> None:
    from test_in_passing import remember, replaced
    replaced(remember("Billing disputes go to Priya Shah.", later), "Tom Reyes", "Priya Shah")


@pytest.mark.parametrize("earlier, later", [
    ("The weekly report goes to Dana.", "The monthly report goes to Luis."),
    ("Invoices go to Dana.", "Receipts go to Luis."),
])
def test_recipients_of_two_things_stay_apart(earlier: str, later: str) -> None:
    from test_in_passing import kept, remember
    memory = remember(earlier, later)
    kept(memory, "Dana")
    kept(memory, "Luis")
