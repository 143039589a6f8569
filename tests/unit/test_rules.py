"""The offline RuleExtractor: what it reads out of one turn, and what it leaves alone."""

from __future__ import annotations

import asyncio

import pytest

from dspm_core import DSPMMemory
from dspm_core.extract.rules import RuleExtractor
from dspm_core.patch import Fact, PatchKind, Role, Turn

K = PatchKind


def extract(text: str, role: str = "user", recent: tuple[tuple[str, str], ...] = ()) -> list[Fact]:
    return RuleExtractor().extract(Turn(role=Role(role), text=text, index=7, recent=recent))


def kinds(text: str, role: str = "user") -> list[PatchKind]:
    return [f.kind for f in extract(text, role)]


def remember(*turns: tuple[str, str]) -> DSPMMemory:
    m = DSPMMemory(budget=1000)
    for role, text in turns:
        m.add_turn(role, text)
    return m


# ---------------------------------------------------------------------------- kinds
@pytest.mark.parametrize("text,kind", [
    # constraints: modals, prohibitions, comparators, limits, deadlines, compliance
    ("Data retention must not exceed 5 years.", K.CONSTRAINT),
    ("The API rate limit must not exceed 100 requests per minute.", K.CONSTRAINT),
    ("Audit logs must be kept for at least 1 year.", K.CONSTRAINT),
    ("Never use eval in production code.", K.CONSTRAINT),
    ("Don't store raw IP addresses.", K.CONSTRAINT),
    ("Do not commit secrets to the repo.", K.CONSTRAINT),
    ("Avoid global variables in the handlers.", K.CONSTRAINT),
    ("All payments must be PCI-DSS compliant.", K.CONSTRAINT),
    ("The report is due by March 14.", K.CONSTRAINT),
    ("Keep each answer under 200 words.", K.CONSTRAINT),
    ("We can use no more than 8 GPUs.", K.CONSTRAINT),
    ("The billing-service memory limit can be up to 512 MB.", K.CONSTRAINT),
    # standing instructions and preferences
    ("Always format code with syntax highlighting.", K.CONSTRAINT),
    ("always format code with syntax highlighting", K.CONSTRAINT),
    ("I prefer minimal dependencies.", K.CONSTRAINT),
    ("I prefer simple, minimal dependencies to keep the app lightweight.", K.CONSTRAINT),
    ("Respond in French from now on.", K.CONSTRAINT),
    ("I dislike games with pixel art graphics.", K.CONSTRAINT),
    ("I'm vegetarian.", K.CONSTRAINT),
    ("I have a severe tree nut allergy.", K.CONSTRAINT),
    ("I strictly avoid foods containing gluten due to celiac disease.", K.CONSTRAINT),
    ("I don't enjoy classical music.", K.CONSTRAINT),
    ("I have no interest in superhero movies.", K.CONSTRAINT),
    # decisions: choices and settings
    ("Let's use PostgreSQL for the database.", K.DECISION),
    ("We'll go with Redis for caching.", K.DECISION),
    ("Set the webhook timeout to 30 seconds.", K.DECISION),
    ("Switch the database to MySQL.", K.DECISION),
    ("The batch size was updated to 1000 records.", K.DECISION),
    ("The session TTL is 60 seconds.", K.DECISION),
    ("I'm using Bootstrap 5.3.0 for the layout.", K.DECISION),
    ("I've decided to go with server-side rendering.", K.DECISION),
    ("Upgrade the plan from Basic to Pro.", K.DECISION),
    # entities, code, equations
    ("My name is Dana Whitfield.", K.ENTITY),
    ("Our client is Acme Corp, based in Lyon.", K.ENTITY),
    ("The refund logic lives in billing/refunds.py.", K.CODE),
    ("The loss is loss = cross_entropy + 0.1 * l2_penalty.", K.EQUATION),
])
def test_typical_sentences_get_their_kind(text, kind):
    got = kinds(text)
    assert kind in got, (text, got)
    assert all(k is kind for k in got if k.critical) or not kind.critical, (text, got)


def test_facts_carry_role_turn_and_source():
    (f,) = extract("Never log full card numbers.")
    assert (f.role, f.turn, f.source) == (Role.USER, 7, "rules")
    (g,) = extract("Noted: the API rate limit must not exceed 100 requests per minute.", "assistant")
    assert g.role is Role.ASSISTANT and g.kind is K.CONSTRAINT


def test_extraction_is_deterministic_and_async_matches():
    text = "Set the webhook timeout to 30 seconds. Never use eval. I prefer minimal dependencies."
    turn = Turn(role=Role.USER, text=text, index=3)
    ex = RuleExtractor()
    assert ex.extract(turn) == ex.extract(turn) == asyncio.run(ex.aextract(turn))
    assert len(ex.extract(turn)) == 3


# ---------------------------------------------------------------------------- nothing
@pytest.mark.parametrize("text", [
    "Hi!", "Thanks, that looks good.", "ok", "Cool.", "Sounds good, thanks!", "lol", "Great work today.",
    "Nice, thanks!", "haha my cat just walked across the keyboard", "Good morning! How are you?",
    "Yes please, a short one.", "thanks, that's all for now",
])
def test_chit_chat_yields_nothing(text):
    assert extract(text) == []


@pytest.mark.parametrize("text", [
    "What timeout should the webhook use?",
    "Should we never use eval?",
    "So I should never use eval?",
    "Can you tell me whether the timeout should be 30 seconds?",
    "How do I make sure the batch size stays under 500 records?",
    "Is it OK to store card numbers in the logs?",
    "hmm, can I add multiple portfolio links or just one?",
    "Which chart types work best for monthly recurring revenue?",
])
def test_questions_yield_nothing(text):
    assert extract(text) == []


@pytest.mark.parametrize("text", [
    "Explain why the median is always inside the box of a box plot.",
    "I'm trying to understand why my cron job never fires on Sundays.",
    "I'd like to know how a mutex must be released when a thread dies.",
    "Can you give me some tips on how to balance my work and writing goals.",
    "could you show me some examples of how you phrase cover letters.",
    "Can you help me set up the equation for the height of the triangle from (4,8) to (2,3)",
    "I'm always looking to improve.",
    "Like I always do",
    "I can always adjust the timing or break it into shorter intervals.",
    "I'm trying to calculate the probability of drawing 2 red balls from 5 red and 7 blue balls.",
    "I'm working to prove that the two triangles with a 2:3 ratio are similar.",
    "I'm trying to understand the permutations of 4 objects taken 2 at a time.",
])
def test_a_question_about_a_topic_sets_no_rule(text):
    """An "always", "never" or "must" inside what a request asks about is the topic; a
    request typed without its question mark is still a request."""
    assert not [f for f in extract(text) if f.kind is K.CONSTRAINT]


@pytest.mark.parametrize("text", [
    "Always explain why a step is needed.",
    "Explain why a step is needed, and never skip the units.",
    "I want to understand why it fails, but never suggest rewriting it in Rust.",
    "can you always give me the command first",
    "Can you keep answers under 100 words going forward.",
    "I'm trying to solve these myself, so never give me the final answer.",
])
def test_a_rule_said_beside_a_topic_is_still_a_rule(text):
    assert K.CONSTRAINT in kinds(text)


@pytest.mark.parametrize("text", [
    "Status: build 4821 passed all checks.",
    "Build 41 passed. All 112 tests green.",
    "Status: staging deploy finished, 0 errors.",
    "Status: load test running, p95 at 180 ms.",
    "Status: epoch 7 of 20 done, val accuracy 0.84.",
])
def test_status_lines_yield_nothing(text):
    assert extract(text) == []


def test_requests_are_dropped_but_the_facts_around_them_are_kept():
    text = ("I'm trying to keep my app lightweight and easy to maintain, so I prefer simple, minimal "
            "dependencies, how can I ensure that my Flask app stays minimal, considering I'm using "
            "Flask 2.3.1, and I have a deadline of April 15 to finish the MVP")
    facts = extract(text)
    texts = [f.text for f in facts]
    assert any("prefer simple, minimal dependencies" in t and "lightweight" in t for t in texts)
    assert any("Flask 2.3.1" in t for t in texts)
    assert any("April 15" in t for t in texts)
    assert not any("how can I" in t for t in texts)


def test_a_value_in_a_relative_clause_gets_the_subject_it_leans_on():
    (f,) = extract("I'm trying to optimize the dashboard API response time, which has recently "
                   "improved to 250ms after adding some caching tweaks, can you help?")
    assert f.kind is K.DECISION and "250ms" in f.text
    assert f.slot == "dashboard API response time" and f.value == "250ms"


# ---------------------------------------------------------------------------- assistant
@pytest.mark.parametrize("text", [
    "You should consider adding a dead-letter queue, and you could use structured logging.",
    "I recommend caching the monthly summary for 60 seconds.",
    "Make sure to validate every input. Always sanitize user data before saving it.",
    ("Here's a plan:\n\n1. Set up the project.\n2. Add login.\n3. Deploy to staging.\n\n"
     "It's usually a good idea to write tests from day one."),
    "Absolutely, tailoring your personal statement to the $7,500 grant is crucial.",
    "Great job on achieving an accuracy rate above 80% on your problems!",
    "If today is March 3, 2024, then one week from today would be March 10, 2024.",
    "Sure, I'll keep that in mind.",
    "Status: deploying to staging.",
])
def test_assistant_advice_and_chatter_yield_nothing(text):
    assert extract(text, "assistant") == []


def test_a_long_answer_keeps_only_its_code_and_its_acknowledgement():
    answer = ("Understood: the webhook timeout is 10 seconds.\n\nHere's how you could structure it. "
              "You should set the retry delay to 2 seconds and consider a queue of 500 messages. "
              "The default pool size is 20 connections. Many teams also cap retries at 5.\n\n"
              "```python\ndef handle(event):\n    return process(event)\n```\n\n"
              "```bash\npip install requests\n```\n\n"
              "Let me know if you'd like more detail!")
    facts = extract(answer, "assistant")
    assert [f.kind for f in facts] == [K.CODE, K.DECISION]
    assert "def handle" in facts[0].text and "10 seconds" in facts[1].text


def test_an_assistant_echo_of_a_user_rule_folds_into_the_users_patch():
    m = remember(("user", "Data retention must not exceed 5 years."),
                 ("user", "All exports must be GDPR compliant."),
                 ("assistant", ("Understood: all exports will be GDPR compliant, and retention "
                                "will stay within 5 years.")),
                 ("user", "Hard rule: never log full card numbers."),
                 ("assistant", "Noted: full card numbers will never be logged."))
    crit = m.critical_patches
    assert len(crit) == 3 and all(p.role is Role.USER for p in crit), [p.text for p in crit]
    assert m.store.counters["echo"] >= 2


def test_an_assistant_never_overrides_a_users_value():
    m = remember(("user", "Change the webhook timeout to 10 seconds."),
                 ("assistant", "Retries reduced; the webhook timeout stays at 60 seconds."))
    (p,) = m.critical_patches
    assert p.value == "10 seconds" and p.role is Role.USER


# ---------------------------------------------------------------------------- code, structures
def test_fenced_code_blocks():
    user = extract("Here's the table:\n\n```sql\nCREATE TABLE events (id BIGINT);\n```")
    assert [f.kind for f in user] == [K.CODE] and "CREATE TABLE" in user[0].text
    # an answer's one-liners and shell commands are instructions, not the code
    assert extract("```bash\npip install flask\nflask run\n```", "assistant") == []
    three = "\n\n".join(f"```python\ndef f{i}(x):\n    return x + {i}\n{'#' * i}\n```" for i in range(3))
    (kept,) = extract(three, "assistant")
    assert "def f2" in kept.text  # the largest block of the answer


def test_unfenced_code_is_not_read_as_prose():
    text = ("Here is my parser:\nString line = reader.readLine();\nint age = Integer.parseInt(a[4]);\n"
            "if (age > 18) {\n    adult = true;\n}\nwhy does it fail?")
    facts = extract(text)
    assert [f.kind for f in facts] == [K.CODE]
    assert "readLine" in facts[0].text


@pytest.mark.parametrize("text", [
    "let's aim for $12,000 for the deposit, prices went up",
    "new budget is $500 per month",
    "try to keep it under $40",
])
def test_a_line_with_an_amount_of_dollars_is_prose_not_code(text):
    from dspm_core.extract.code import unfenced_code

    prose, blocks = unfenced_code(text)
    assert prose.strip() == text and blocks == []


def test_a_keyword_line_with_a_shell_variable_is_still_code():
    from dspm_core.extract.code import _code_line

    assert _code_line("let total = $price * 2;") == 2
    assert _code_line("print($HOME)") == 2


def test_signatures_and_file_names():
    assert kinds("def handle_webhook(event: dict) -> None") == [K.CODE]
    assert kinds("The config lives in deploy/values.yaml.") == [K.CODE]


def test_equations():
    assert kinds("The area is A = sqrt(s(s-a)(s-b)(s-c))") == [K.EQUATION]
    assert kinds("We use the formula: F = m * a") == [K.EQUATION]
    assert kinds('name = "example-ingress"') == []  # a string assignment is not an equation


@pytest.mark.parametrize("text", [
    "The probability of getting tails when I toss a coin is 1/2.",
    "The chance of rolling a six is 1/6, and after the first roll the odds stay the same",
    "The probability is 3/8 or 37.5%",
    "So the exterior angles of a pentagon add up to 360 degrees.",
    "That means the volume is 24 cubic centimetres once you multiply the sides.",
    "Which means each team gets 6 players if you divide 30 by 5.",
    "I'm working with a right triangle that has legs of 5 and 12 cm.",
    "I want the area of a rectangle with sides 4 cm and 9 cm.",
    "The two prisms are similar with a scale factor of 3:4.",
    "There are 40 marbles left and 6 of them are red.",
])
def test_a_quantity_of_a_worked_problem_is_no_setting(text: str) -> None:
    assert not [k for k in kinds(text) if k.critical]


def test_a_probability_of_the_users_own_stays_a_setting() -> None:
    assert K.DECISION in kinds("Our conversion rate is 3.2% this month.")
    assert [k for k in kinds("So the budget is $500 a month.") if k.critical]
    assert [k for k in kinds("Our meeting room has 12 seats and a square table.") if k.critical]
    assert [k for k in kinds("So we'll divide the team into 3 squads of 4.") if k.critical]


def test_structures_lists_of_steps_and_tables():
    steps = "Release steps:\n1. Freeze the branch.\n2. Run the migrations.\n3. Tag the release.\n4. Deploy."
    assert kinds(steps).count(K.STRUCTURE) == 1
    table = "| plan | seats |\n|---|---|\n| Basic | 5 |\n| Pro | 12 |"
    assert kinds(table).count(K.STRUCTURE) == 1
    assert extract("1. Freeze.\n2. Tag.\n3. Deploy.", "assistant") == []


def test_list_items_of_one_message_do_not_revise_each_other():
    schedule = ("My schedule:\n- Time: 9:00 AM meeting with Laura\n"
                "- Time: 10:30 AM team meeting\n- Time: 1:00 PM one-on-one with Greg")
    m = remember(("user", schedule))
    assert m.store.counters["superseded"] == 0
    assert sum(1 for p in m.critical_patches if "AM" in p.text or "PM" in p.text) == 3


# ---------------------------------------------------------------------------- the brief's examples
def test_the_preference_and_instruction_examples():
    (pref,) = extract("I prefer minimal dependencies")
    assert pref.kind is K.CONSTRAINT
    (inst,) = extract("always format code with syntax highlighting")
    assert inst.kind is K.CONSTRAINT
    m = remember(("user", "I prefer minimal dependencies"),
                 ("user", "always format code with syntax highlighting"),
                 ("user", "Never use eval"))
    ctx = m.get_context()
    for words in ("minimal dependencies", "syntax highlighting", "eval"):
        assert words in ctx


def test_two_standing_instructions_never_share_a_slot():
    m = remember(("user", "Always use APA 7th edition citation style when I ask about references."),
                 ("user", "Always use Scrivener's split-screen mode when I ask about draft revisions."))
    assert len(m.critical_patches) == 2 and m.store.counters["superseded"] == 0


def test_similar_preferences_stay_apart():
    m = remember(("user", "I prefer simple, minimal dependencies."),
                 ("user", "I prefer simple, flat navigation menus."))
    assert len(m.critical_patches) == 2


# ---------------------------------------------------------------------------- revisions
@pytest.mark.parametrize("first,second,subject,new,old", [
    ("Set the webhook timeout to 30 seconds.", "Change the webhook timeout to 10 seconds.",
     "webhook timeout", "10 seconds", "30"),
    ("The batch size is 500 records.", "Update the batch size to 1000 records.",
     "batch size", "1000 records", "500"),
    ("The monthly budget is $500.", "Raise the monthly budget to $750.", "budget", "$750", "$500"),
    ("Max retries is 5.", "Lower max retries to 3.", "retries", "3", "5"),
    ("Session TTL is 60 seconds.", "Make the session TTL 120 seconds.", "TTL", "120 seconds", "60"),
    ("We'll use Kafka for the message queue.", "Switch the message queue to RabbitMQ.",
     "message queue", "RabbitMQ", "Kafka"),
    ("The launch deadline is Friday.", "The launch deadline moved to Monday.",
     "deadline", "Monday", "Friday"),
    ("The newsletter is called Weekly Pulse.", "Let's rename the newsletter to Friday Pulse.",
     "newsletter", "Friday Pulse", "Weekly Pulse"),
    ("We're on the Basic plan.", "Upgrade the plan to Pro.", "plan", "Pro", "Basic"),
    ("The eval interval is 500 steps.", "Change the eval interval from 500 steps to 1000 steps.",
     "eval interval", "1000 steps", "500"),
    ("I arrive on June 3.", "Change my arrival from June 3 to June 4.", "arrival", "June 4", "June 3"),
])
def test_revision_cues_supersede_with_lineage(first, second, subject, new, old):
    m = remember(("user", first), ("user", second))
    (p,) = m.critical_patches
    line = m.get_context()
    assert new in p.value_label or new in p.text, (p.value, p.text)
    assert subject.lower() in (p.slot or "").lower() or subject.lower() in p.text.lower()
    assert f"(was {old}" in line, line


def test_from_a_to_b_alone_keeps_the_old_value_as_lineage():
    m = remember(("user", "Increase the seats from 5 to 12."))
    (p,) = m.critical_patches
    assert p.value_label == "12 seats" and p.history[0].value == "5 seats"
    assert m.get_context() == "decision: Increase the seats to 12. (was 5)"


def test_make_it_is_a_referent_the_store_binds():
    (f,) = extract("Make it 15 seconds.", recent=(("user", "Set the webhook timeout to 30 seconds."),
                                                  ("assistant", "Done.")))
    assert f.referent and f.slot is None and f.value == "15 seconds"
    m = remember(("user", "Set the webhook timeout to 30 seconds."), ("assistant", "Done."),
                 ("user", "Make it 15 seconds."))
    (p,) = m.critical_patches
    assert p.value == "15 seconds" and [r.value for r in p.history] == ["30 seconds"]


def test_a_revision_verb_alone_does_not_merge_different_facts():
    m = remember(("user", "I only secured 3 interviews for executive producer roles in April."),
                 ("user", "I've secured a $12,000 raise."))
    assert m.store.counters["superseded"] == 0 and len(m.critical_patches) == 2


# ---------------------------------------------------------------------------- regressions
def test_lineage_keeps_a_glued_unit():
    m = remember(("user", "The API response time is 800ms."),
                 ("user", "The API response time is now 500ms."))
    line = m.get_context()
    assert "(was 800ms)" in line or "(was 800 ms)" in line, line
    assert "800m)" not in line


def test_numbered_labels_are_not_settings():
    m = remember(("user", "Filler turn 24: status ok"), ("user", "Filler turn 25: all good"),
                 ("user", "Step 3: install the package"), ("user", "Step 4: run the tests"))
    assert m.store.counters["superseded"] == 0
    assert "(was" not in m.get_context()
    assert not any(f.kind.critical for f in extract("Turn 24: status ok"))
    # a label does not hide a real setting after it
    (f,) = extract("Step 3: set the webhook timeout to 30 seconds.")
    assert f.kind is K.DECISION and "30 seconds" in f.text


def test_a_raise_as_a_noun_is_not_a_revision():
    for add in ("turn", "patch"):
        m = DSPMMemory(budget=1000)
        for text in ("The raise budget is $50,000.", "A raise of $12,000 was approved."):
            m.add_turn("user", text) if add == "turn" else m.add_patch("decision", text)
        assert m.store.counters["superseded"] == 0, add
        assert "$50,000" in m.get_context() and "(was" not in m.get_context()


def test_a_statement_inside_a_question_is_kept():
    facts = extract("Can you remind me that the demo is rescheduled to March 22 at 4:30 PM?")
    assert [f.kind for f in facts] == [K.DECISION]
    assert "March 22 at 4:30 PM" in facts[0].text


def test_a_rescheduled_hour_on_the_same_day_revises_the_date():
    m = remember(("user", "The design review is on March 22 at 3 PM."),
                 ("user", "The design review moved to March 22 at 4:30 PM."))
    text = m.render().text
    assert "4:30 PM" in text and "(was" in text and text.count("design review") == 1


@pytest.mark.parametrize("text", [
    "I've never written any Flask routes in this project.",
    "Honestly, I have never attended a code review before.",
    "I'm a bit lost, since I've never actually integrated Flask-Login.",
])
def test_a_stated_never_experience_is_a_fact_not_a_rule(text):
    facts = extract(text)
    assert [f.kind for f in facts] == [K.DECISION], facts
    assert "never" in facts[0].text


def test_a_never_rule_stays_a_rule():
    assert kinds("Never store plain-text passwords.") == [K.CONSTRAINT]
    assert kinds("I never want tabs in the code.") == [K.CONSTRAINT]


def test_a_span_of_years_is_not_a_revision():
    m = remember(("user", "My portfolio on Behance has 12 projects from 2010 to 2023."))
    assert "(was" not in m.render().text


def test_a_rescheduled_meeting_named_in_a_worry_revises_the_meeting():
    m = remember(("user", "I have a Zoom meeting with Professor Dana on March 22 at 3 PM."),
                 ("user", "I'm kinda worried about missing the Zoom meeting with Professor Dana, "
                          "it's rescheduled to March 22 at 4:30 PM."))
    text = m.render().text
    assert "4:30 PM" in text and "(was" in text and text.count("Professor Dana") == 1


def test_a_run_on_monologue_is_not_a_rule():
    rant = ("I don't know anyone who likes it " + "and I'm like you know it is so easy " * 12
            + "so I'm against it")
    assert extract(rant) == []


@pytest.mark.parametrize("text", [
    "I'm trying to integrate Flask-Login v0.6.2 for session management in my app.",
    "I've already installed Flask-Argon2 v0.3.0.",
    "We migrated to PostgreSQL 16.2 last week.",
])
def test_a_versioned_dependency_the_user_adds_is_a_decision(text):
    assert kinds(text) == [K.DECISION]
