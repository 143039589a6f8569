"""Property tests over random conversations: budget, line content and slot bookkeeping.

A conversation is a random sequence of settings ("Set the {comp} {prop} to {n} {unit}.",
"The {comp} {prop} must not exceed {n} {unit}.", ...), revisions of them, assistant
echoes (some restating the current value, some contradicting it), and non-critical code
and entity notes, fed through ``add_turn`` (default extractor) or ``add_patch`` (text
only, or with explicit slot fields). A plain dict is the model of what the store must
hold: the last value a user stated for each (component, property, bound class).

Phrasings the extractor once misread (negated comparators, cap/limit verbs, assistant
lead-ins, "can be up to") are pinned one by one at the end of the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dspm_core import DSPMMemory
from dspm_core.slots import bound_class
from dspm_core.values import parse_value, short_unit
from test_render import assert_stable_order

COMPONENTS = (
    "billing-service", "auth-gateway", "search-indexer", "notification-hub",
    "payment-processor", "session-store", "order-pipeline", "report-builder",
    "email-dispatcher", "audit-logger", "fraud-detector", "config-server",
)
PROPERTIES = {
    "timeout": "seconds",
    "cache TTL": "seconds",
    "retry delay": "seconds",
    "memory limit": "MB",
    "heap size": "MB",
    "rate limit": "requests per minute",
    "request quota": "requests per minute",
    "batch size": "records",
    "page size": "records",
    "error rate": "%",
    "CPU threshold": "%",
}
PROP_NAMES = tuple(PROPERTIES)
CLASSES = ("eq", "upper", "lower")
OP_OF = {"eq": "=", "upper": "<=", "lower": ">="}
KIND_OF = {"eq": "decision", "upper": "constraint", "lower": "constraint"}

USER_TEMPLATES = {
    "eq": ("Set the {c} {p} to {v}.", "Change the {c} {p} to {v}.", "Let's set the {c} {p} to {v}.",
           "Update the {c} {p} to {v}.", "The {c} {p} is {v}.", "Please set the {c} {p} to {v}.",
           "Bump the {c} {p} to {v}.", "The {c} {p} should be {v}."),
    "upper": ("The {c} {p} must not exceed {v}.", "The {c} {p} must be at most {v}.",
              "The {c} {p} should never exceed {v}.", "Keep the {c} {p} at most {v}.",
              "The {c} {p} must be no more than {v}.", "The {c} {p} must be {v} or less.",
              "Cap the {c} {p} at {v}.", "Limit the {c} {p} to {v}.",
              "The {c} {p} must not go above {v}.", "Don't let the {c} {p} exceed {v}.",
              "The {c} {p} can be up to {v}."),
    "lower": ("The {c} {p} must be at least {v}.", "The {c} {p} needs to be at least {v}.",
              "The {c} {p} should be no less than {v}.", "The {c} {p} must be {v} or more.",
              "The {c} {p} must never drop below {v}.", "The {c} {p} must not go below {v}."),
}
FROM_TO = "Change the {c} {p} from {old} to {v}."
ECHO_TEMPLATES = {
    "eq": ("Noted, the {c} {p} is {v}.", "Confirmed: {c} {p} set to {v}.",
           "Done. The {c} {p} is now {v}.", "I've set the {c} {p} to {v}.",
           "Sure, the {c} {p} is {v}."),
    "upper": ("Noted: the {c} {p} must not exceed {v}.",
              "Understood, the {c} {p} must be at most {v}.",
              "Understood: the {c} {p} will not exceed {v}.",
              "Sure, I'll keep the {c} {p} at most {v}.",
              "I will make sure the {c} {p} does not exceed {v}.", "Got it: {c} {p} <= {v}.",
              "Understood, the {c} {p} won't exceed {v}."),
    "lower": ("Noted: the {c} {p} must be at least {v}.",),
}
NON_CRITICAL = (
    ("code", "```python\ndef handle_{i}(event):\n    return event.payload\n```"),
    ("code", "The {c} handler lives in src/{c}/handler_{i}.py."),
    ("entity", "Our client is Acme Corp, based in Lyon."),
    ("entity", "Our product is called Orbit."),
)

Key = tuple[str, str, str]  # (component, property, bound class)


def value_text(n: int, unit: str, style: int) -> str:
    if unit == "%":
        return (f"{n}%", f"{n} percent", f"{n}%")[style % 3]
    return f"{n} {unit}"


# ---------------------------------------------------------------------------- strategies
@dataclass(frozen=True)
class Set:
    comp: str
    prop: str
    cls: str
    n: int
    template: int
    via: str  # turn, patch, fields
    style: int


@dataclass(frozen=True)
class Echo:
    pick: int
    template: int
    contradict: bool
    delta: int


@dataclass(frozen=True)
class Note:
    which: int
    comp: str
    via: str


def _number(prop: str) -> st.SearchStrategy[int]:
    return st.integers(1, 100) if PROPERTIES[prop] == "%" else st.integers(1, 5000)


@st.composite
def set_op(draw, comps: tuple[str, ...], props: tuple[str, ...]) -> Set:
    prop = draw(st.sampled_from(props))
    cls = draw(st.sampled_from(CLASSES))
    return Set(draw(st.sampled_from(comps)), prop, cls, draw(_number(prop)),
               draw(st.integers(0, 99)), draw(st.sampled_from(("turn", "patch", "fields"))),
               draw(st.integers(0, 2)))


@st.composite
def conversations(draw) -> list:
    # a few components and properties per run, so that revisions are frequent
    comps = tuple(draw(st.lists(st.sampled_from(COMPONENTS), min_size=1, max_size=4, unique=True)))
    props = tuple(draw(st.lists(st.sampled_from(PROP_NAMES), min_size=1, max_size=4, unique=True)))
    step = st.one_of(
        set_op(comps, props), set_op(comps, props), set_op(comps, props),
        st.builds(Echo, st.integers(0, 999), st.integers(0, 99), st.booleans(),
                  st.integers(1, 50)),
        st.builds(Note, st.integers(0, len(NON_CRITICAL) - 1), st.sampled_from(comps),
                  st.sampled_from(("turn", "patch"))),
    )
    return draw(st.lists(step, min_size=1, max_size=30))


# tight budgets force the compact and minimal forms; wide ones the full form
BUDGETS = st.one_of(st.integers(20, 120), st.integers(20, 2000))
QUERIES = st.one_of(st.just(""), st.builds(lambda c, p: f"{c} {p}", st.sampled_from(COMPONENTS),
                                           st.sampled_from(PROP_NAMES)))


# ---------------------------------------------------------------------------- runner
@dataclass
class Run:
    memory: DSPMMemory
    model: dict[Key, tuple[int, str, str]]  # key -> (number, unit, value as written)
    log: list[str]


def play(steps: list, budget: int, stable: bool = False) -> Run:
    m = DSPMMemory(budget=budget, stable_order=stable)
    model: dict[Key, tuple[int, str, str]] = {}
    log: list[str] = []
    for i, step in enumerate(steps):
        if isinstance(step, Set):
            unit = PROPERTIES[step.prop]
            v = value_text(step.n, unit, step.style)
            key = (step.comp, step.prop, step.cls)
            templates = USER_TEMPLATES[step.cls]
            if step.cls == "eq" and key in model and step.template % 5 == 0:
                text = FROM_TO.format(c=step.comp, p=step.prop, old=model[key][2], v=v)
            else:
                template = templates[step.template % len(templates)]
                text = template.format(c=step.comp, p=step.prop, v=v)
            if step.via == "turn":
                m.add_turn("user", text)
            elif step.via == "patch":
                m.add_patch(KIND_OF[step.cls], text)
            else:
                m.add_patch(KIND_OF[step.cls], text, slot=f"{step.comp} {step.prop}",
                            op=OP_OF[step.cls], value=str(step.n), unit=unit)
            log.append(f"{step.via:6} user: {text}")
            model[key] = (step.n, unit, v)
        elif isinstance(step, Echo):
            if not model:
                continue
            keys = sorted(model)
            (c, p, cls) = keys[step.pick % len(keys)]
            n, unit, v = model[(c, p, cls)]
            if step.contradict:  # the assistant misstates the value: it must not win
                n = n + step.delta
                v = value_text(n, unit, 0)
            templates = ECHO_TEMPLATES[cls]
            text = templates[step.template % len(templates)].format(c=c, p=p, v=v)
            m.add_turn("assistant", text)
            log.append(f"turn   assistant: {text}")
        else:
            kind, template = NON_CRITICAL[step.which]
            text = template.format(c=step.comp, i=i)
            if step.via == "turn":
                m.add_turn("user", text)
            else:
                m.add_patch(kind, text)
            log.append(f"{step.via:6} note: {text}")
    return Run(m, model, log)


def setting_of(patch) -> Key | None:
    """The (component, property, class) a stored critical is about, read from its slot."""
    if not patch.slot:
        return None
    slot = patch.slot.lower()
    comps = [c for c in COMPONENTS if c in slot]
    props = [p for p in PROP_NAMES if p.lower() in slot]
    if len(comps) != 1 or len(props) != 1:
        return None
    return (comps[0], props[0], bound_class(patch.op))


def number_in(number: int, text: str) -> bool:
    return re.search(rf"(?<![\d.,]){number}(?![\d,]|\.\d)", text) is not None


def unit_forms(unit: str, written: str) -> set[str]:
    forms = {unit, short_unit(unit) or unit, parse_value(written).short_unit or unit}
    if unit == "%":
        forms |= {"%", "percent"}
    return forms


def explain_run(run: Run) -> str:
    lines = ["conversation:"] + [f"  {x}" for x in run.log] + ["store:"]
    for p in run.memory.all_patches:
        lines.append(f"  {p.id} {p.kind.value} {p.role.value} slot={p.slot!r} op={p.op} "
                     f"value={p.value!r} text={p.text!r}")
    return "\n".join(lines)


SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# ---------------------------------------------------------------------------- properties
@SETTINGS
@given(conversations(), BUDGETS, QUERIES, st.booleans())
def test_a_never_over_budget(steps, budget, query, stable):
    run = play(steps, budget, stable)
    m = run.memory
    r = m.render(query)
    exact = m.counter.count(r.text)
    assert exact <= budget, explain_run(run)
    assert r.tokens == exact
    assert r.text == "\n".join(line.text for line in r.lines)
    # the account is complete: every critical is delivered or reported, never both
    crit = {p.id for p in m.critical_patches}
    delivered = set(r.delivered)
    assert crit - delivered == set(r.dropped_criticals), explain_run(run)
    assert m.stats["undelivered_criticals"] == len(crit - delivered)
    if stable:  # criticals, then the rest, each by first appearance: the prefix stays stable
        assert_stable_order(m, r)
    else:  # criticals are placed first
        flags = [m.store.get(line.patch_id).critical for line in r.lines]
        assert flags == sorted(flags, reverse=True)


@SETTINGS
@given(conversations(), BUDGETS, QUERIES)
def test_b_delivered_critical_lines_carry_current_value_unit_and_subject(steps, budget, query):
    run = play(steps, budget)
    m = run.memory
    r = m.render(query)
    for line in r.lines:
        patch = m.store.get(line.patch_id)
        if not patch.critical:
            continue
        key = setting_of(patch)
        assert key is not None and key in run.model, (line.text, explain_run(run))
        n, unit, written = run.model[key]
        head = line.text.split("(was", 1)[0]  # the current value comes before the lineage
        assert number_in(n, head), (line.form, line.text, n, explain_run(run))
        assert any(u in head for u in unit_forms(unit, written)), (line.form, line.text, unit)
        # the patch's own current value is the one shown
        assert parse_value(patch.value_label).canonical == parse_value(written).canonical
        low = line.text.lower()
        comp, prop, _ = key
        assert comp in low, (line.text, comp)
        assert all(w.lower() in low for w in prop.split()), (line.text, prop)
        if line.form != "full":
            assert f" {OP_OF[key[2]]} " in line.text, (line.form, line.text)


@SETTINGS
@given(conversations())
def test_c_store_keeps_exactly_the_last_value_of_every_setting(steps):
    run = play(steps, 250)
    m = run.memory
    by_key: dict[Key, list] = {}
    for p in m.critical_patches:
        key = setting_of(p)
        # every critical in the store is one of the stated settings (no stray echo patch)
        assert key is not None and key in run.model, (p, explain_run(run))
        by_key.setdefault(key, []).append(p)
    for key, (n, unit, written) in run.model.items():
        patches = by_key.get(key, [])
        assert len(patches) == 1, (key, explain_run(run))
        (p,) = patches
        # the current value is the last one the user stated: no stale value presented
        assert parse_value(p.value_label).canonical == parse_value(written).canonical, \
            (key, written, explain_run(run))
        assert p.role.value == "user"
        # and no earlier value is shown as the current one by a rendered line
        assert OP_OF[key[2]] == {"<": "<=", ">": ">="}.get(p.op, p.op)
    # non-critical notes never take a setting's place
    assert len(m.critical_patches) == len(run.model)


# ---------------------------------------------------------------------------- known misreadings
C, P = "billing-service", "memory limit"


@pytest.mark.parametrize("cls,text", [
    ("lower", "The {c} {p} needs to be at least {v}."),
    ("upper", "The {c} {p} must stay under {v}."),
    ("lower", "The {c} {p} must never drop below {v}."),
    ("lower", "The {c} {p} must not go below {v}."),
    ("upper", "The {c} {p} must not go above {v}."),
    ("upper", "Don't let the {c} {p} exceed {v}."),
    ("upper", "Cap the {c} {p} at {v}."),
    ("upper", "Limit the {c} {p} to {v}."),
    ("upper", "The {c} {p} can be up to {v}."),
])
def test_user_bound_phrasings(cls, text):
    m = DSPMMemory(budget=250)
    m.add_turn("user", text.format(c=C, p=P, v="512 MB"))
    (p,) = m.critical_patches
    assert p.slot.lower() == f"{C} {P}"
    assert bound_class(p.op) == cls
    assert parse_value(p.value_label).canonical == "512 MB"


@pytest.mark.parametrize("user,assistant", [
    ("The {c} {p} must not exceed 512 MB.", "Understood: the {c} {p} will not exceed {v}."),
    ("Set the {c} {p} to 512 MB.", "I've set the {c} {p} to {v}."),
    ("The {c} {p} must not exceed 512 MB.", "Sure, I'll keep the {c} {p} at most {v}."),
    ("The {c} {p} must not exceed 512 MB.", "I will make sure the {c} {p} does not exceed {v}."),
    ("The {c} {p} must not exceed 512 MB.", "Got it: {c} {p} <= {v}."),
    ("The {c} {p} must not exceed 512 MB.", "Understood, the {c} {p} won't exceed {v}."),
])
def test_assistant_restatement_never_adds_a_rival_patch(user, assistant):
    for v in ("512 MB", "640 MB"):  # a faithful echo, then a contradicting one
        m = DSPMMemory(budget=250)
        m.add_turn("user", user.format(c=C, p=P))
        m.add_turn("assistant", assistant.format(c=C, p=P, v=v))
        patches = m.critical_patches
        assert len(patches) == 1, [(p.slot, p.op, p.value, p.role.value) for p in patches]
        assert patches[0].role.value == "user" and patches[0].value == "512 MB"
