"""A small synthetic conversation for the notebooks: settings, hard bounds, revisions, filler.

``make_conversation(seed)`` returns ``(turns, facts)``: ``turns`` is a list of
``(role, text)`` pairs; ``facts`` maps each (component, property) to its *current* value,
its earlier values, and whether it is a bound. Deterministic for a given seed; no data files.
``delivered(text_lines, facts)`` counts the facts whose latest mention in the given lines
carries the current value (an earlier value may follow it only as ``(was ...)``).
"""

from __future__ import annotations

import random
import re

COMPONENTS = ["billing-service", "auth-gateway", "search-indexer", "email-worker",
              "report-builder", "image-resizer"]
# property -> (unit, candidate values); settings are stated with "Set ... to", bounds below
SETTINGS = {
    "timeout": ("seconds", [5, 10, 15, 20, 30, 45, 60, 90]),
    "batch size": ("records", [50, 100, 200, 250, 500, 750, 1000]),
    "cache TTL": ("minutes", [2, 5, 10, 15, 20, 30, 40]),
}
BOUNDS = {
    "memory limit": ("MB", [256, 384, 512, 768, 1024, 2048], "must not exceed"),
    "replica count": ("replicas", [2, 3, 4, 5, 6], "must be at least"),
}
FILLER = [
    "Thanks, that looks good so far.",
    "Build {n} passed all checks on the staging cluster this morning.",
    "Can you summarise the open questions from yesterday's review for the team?",
    "The standup moved to the afternoon because half of the team is travelling.",
    "Status update: the load test for release {n} is still running, no alerts yet.",
    "Please draft a short changelog entry for the next release notes.",
    "I skimmed the dashboard and nothing looks unusual today.",
    "The migration plan from last week is still on track.",
    "The design review for the new onboarding flow went well, a few nits only.",
    "Ok, carry on with the remaining tickets in the sprint board.",
]
ACKS = ["Noted.", "Understood, I will keep that in mind.", "Got it.",
        "Sure, here is a short summary of where we are and what is still open."]


def _value(v: int, unit: str) -> str:
    return f"{v} {unit}"


def make_conversation(seed: int = 7, filler_per_fact: int = 4,
                      revisions: int = 12) -> tuple[list[tuple[str, str]], dict]:
    rng = random.Random(seed)
    facts: dict[tuple[str, str], dict] = {}
    statements: list[tuple[str, str]] = []
    for comp in COMPONENTS:
        for prop, (unit, values) in SETTINGS.items():
            v = rng.choice(values)
            facts[(comp, prop)] = {"value": v, "unit": unit, "was": [], "bound": False}
            statements.append(("user", f"Set the {comp} {prop} to {_value(v, unit)}."))
        for prop, (unit, values, phrase) in BOUNDS.items():
            v = rng.choice(values)
            facts[(comp, prop)] = {"value": v, "unit": unit, "was": [], "bound": True}
            statements.append(("user", f"The {comp} {prop} {phrase} {_value(v, unit)}."))
    rng.shuffle(statements)

    # revisions of settings (never back to a value the fact already had)
    revisable = [k for k, f in facts.items() if not f["bound"]]
    revs: list[tuple[str, str]] = []
    for comp, prop in rng.sample(revisable, revisions):
        fact = facts[(comp, prop)]
        seen = {fact["value"], *fact["was"]}
        new = rng.choice([v for v in SETTINGS[prop][1] if v not in seen])
        fact["was"].insert(0, fact["value"])
        fact["value"] = new
        revs.append(("user", f"Change the {comp} {prop} to {_value(new, fact['unit'])}."))

    turns: list[tuple[str, str]] = [("user", "Hi! Today we configure the Acme platform services.")]
    n = 4800
    for stmt in statements + revs:
        turns.append(stmt)
        turns.append(("assistant", rng.choice(ACKS)))
        for _ in range(rng.randint(1, filler_per_fact)):
            n += 1
            turns.append(("user", rng.choice(FILLER).format(n=n)))
            turns.append(("assistant", rng.choice(ACKS)))
    return turns, facts


def _mentions(line: str, comp: str, prop: str) -> bool:
    low = line.lower()
    return comp in low and prop.lower() in low


def _current(line: str, value: int) -> bool:
    head = line.split("(was", 1)[0]
    return re.search(rf"(?<![\d.]){value}(?![\d.])", head) is not None


def delivered(lines: list[str], facts: dict) -> int:
    """How many facts have their current value in the latest line that mentions them."""
    hits = 0
    for (comp, prop), fact in facts.items():
        mentions = [ln for ln in lines if _mentions(ln, comp, prop)]
        if mentions and _current(mentions[-1], fact["value"]):
            hits += 1
    return hits
