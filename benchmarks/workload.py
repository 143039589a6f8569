"""Deterministic conversation workload for the memory benchmarks.

A configuration conversation about 20 components x 10 properties (200 *settings*).
Turn types, interleaved:

* ``set``      user sets one setting, or two of one component in one turn;
* ``revision`` user changes the current value of a setting;
* ``bound``    user states a hard bound ("must not exceed" / "must be at least") on a
               component's property; later bound turns may move an existing bound;
* ``echo``     assistant restates a current value (or a current bound);
* ``filler``   chit-chat and status lines from either side, with no fact.

Every turn carries its gold facts, dicts ``{"kind", "text", "role"}`` (``kind`` is
``"decision"`` or ``"constraint"``; filler has none), written as an extractor would
write them ("billing-service timeout set to 30 seconds"). The generator also keeps the
ground truth: the current value of every setting and of every bound, with history.

Schedule: the first 200 turns are a *setup* phase that sets all 200 settings (some
turns set two), states the 40 bounds and mixes in a few echoes and filler lines; so
every run of N >= 200 turns has every setting set, and at N = 200 each is set once.
After the setup, turns are drawn with weights filler 0.40, revision 0.32, echo 0.20,
bound 0.08. For N < 200 the setup schedule is cut short (the ground truth then only
holds what was actually said). The same ``(n_turns, seed)`` always yields the same
workload, and a shorter run is a prefix of a longer one only within the setup phase.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

__all__ = [
    "BOUND_PHRASES",
    "COMPONENTS",
    "PROPERTIES",
    "BenchTurn",
    "Property",
    "Workload",
    "generate",
]

COMPONENTS: tuple[str, ...] = (
    "billing-service", "auth-gateway", "search-indexer", "notification-hub",
    "payment-processor", "user-profile-api", "order-pipeline", "inventory-sync",
    "report-builder", "email-dispatcher", "session-store", "media-transcoder",
    "audit-logger", "recommendation-engine", "fraud-detector", "shipping-tracker",
    "chat-relay", "metrics-collector", "config-server", "image-resizer",
)


@dataclass(frozen=True)
class Property:
    """A configurable property: its name, unit, plausible values and bound direction."""

    name: str
    unit: str
    values: tuple[int, ...]
    bound: str  # "upper" or "lower": the direction of a hard bound on this property


PROPERTIES: tuple[Property, ...] = (
    Property("timeout", "seconds", (5, 10, 15, 20, 30, 45, 60, 90, 120), "upper"),
    Property("batch size", "records", (50, 100, 200, 250, 500, 1000, 2000), "upper"),
    Property("max retries", "retries", (1, 2, 3, 4, 5, 6, 8, 10), "upper"),
    Property("rate limit", "requests per minute", (60, 100, 120, 300, 600, 1000, 1200), "upper"),
    Property("cache TTL", "seconds", (30, 60, 120, 300, 600, 900, 3600), "upper"),
    Property("pool size", "connections", (5, 10, 20, 25, 50, 100), "lower"),
    Property("log retention", "days", (7, 14, 30, 60, 90, 180, 365), "lower"),
    Property("queue depth", "messages", (100, 500, 1000, 5000, 10000), "upper"),
    Property("memory limit", "MB", (256, 512, 1024, 2048, 4096), "upper"),
    Property("replica count", "replicas", (1, 2, 3, 4, 6, 8, 12), "lower"),
)

#: How a bound is phrased in gold facts and user turns, per direction.
BOUND_PHRASES: dict[str, tuple[str, ...]] = {
    "upper": ("must not exceed", "must be at most"),
    "lower": ("must be at least",),
}

SETUP_TURNS = 200
BOUNDS_PER_COMPONENT = 2
_STEADY_WEIGHTS = (("filler", 0.40), ("revision", 0.32), ("echo", 0.20), ("bound", 0.08))

_REVISION_FORMS = (  # (user sentence, gold fact verb)
    ("Change the {c} {p} to {v}.", "changed to"),
    ("Actually, update the {c} {p} to {v}.", "updated to"),
    ("Let's switch the {c} {p} to {v} instead.", "switched to"),
)
_ECHO_FORMS = (
    "Confirmed: the {c} {p} is {v}.",
    "Noted, the {c} {p} is {v}.",
    "Done. The {c} {p} is {v}.",
)
_BOUND_ECHO_FORMS = (
    "Understood: the {c} {p} {op} {v}.",
    "Noted, the {c} {p} {op} {v}.",
)
_BOUND_MOVE_FORMS = (
    "New rule: the {c} {p} {op} {v}.",
    "Update the rule: the {c} {p} {op} {v}.",
)
_USER_FILLER = (
    "Thanks, that looks good.",
    "Can you give me a quick summary of where we are?",
    "Let me check with the team and get back to you.",
    "Sounds reasonable to me.",
    "What's next on the list?",
    "Hold on, I'm in a meeting for a few minutes.",
    "Great, keep going.",
    "I'm not sure yet; we can revisit that later.",
    "Is the {c} owned by the platform team?",
    "How did the last deploy of the {c} go?",
)
_ASSISTANT_FILLER = (
    "Build {n} passed all checks.",
    "The deploy of the {c} to staging finished without errors.",
    "Status: all services report healthy.",
    "I'll keep track of these settings as we go.",
    "Happy to help with anything else.",
    "The {c} dashboard shows normal traffic for the last hour.",
    "I've opened ticket OPS-{n} to track the {c} rollout.",
    "Nightly job {n} completed.",
)


@dataclass(frozen=True)
class BenchTurn:
    """One turn of the workload, with its gold facts."""

    index: int
    role: str  # "user" or "assistant"
    text: str
    type: str  # set | revision | bound | echo | filler
    facts: tuple[dict, ...] = ()


@dataclass
class Workload:
    """The turns plus the ground truth at the end of the conversation."""

    n_turns: int
    seed: int
    turns: list[BenchTurn]
    #: (component, property) -> current value as (number, unit)
    settings: dict[tuple[str, str], tuple[int, str]]
    #: (component, property, "upper"|"lower") -> current bound as (number, unit)
    bounds: dict[tuple[str, str, str], tuple[int, str]]
    #: earlier values of each setting, oldest first (not including the current one)
    setting_history: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    #: earlier values of each bound, oldest first
    bound_history: dict[tuple[str, str, str], list[int]] = field(default_factory=dict)

    def counts(self) -> dict[str, int]:
        """Number of turns of each type."""
        out: dict[str, int] = {}
        for t in self.turns:
            out[t.type] = out.get(t.type, 0) + 1
        return out

    @property
    def n_facts(self) -> int:
        return sum(len(t.facts) for t in self.turns)


def _label(value: int, unit: str) -> str:
    return f"{value} {unit}"


def _bound_op(prop: Property, rng: random.Random) -> str:
    return rng.choice(BOUND_PHRASES[prop.bound])


class _Generator:
    def __init__(self, n_turns: int, seed: int) -> None:
        self.n = n_turns
        self.rng = random.Random(seed)
        self.props = {p.name: p for p in PROPERTIES}
        self.turns: list[BenchTurn] = []
        self.settings: dict[tuple[str, str], tuple[int, str]] = {}
        self.bounds: dict[tuple[str, str, str], tuple[int, str]] = {}
        self.setting_history: dict[tuple[str, str], list[int]] = {}
        self.bound_history: dict[tuple[str, str, str], list[int]] = {}
        # The bound each bounded property will get (planned up front, so set values and
        # bound values are always consistent whatever order the setup turns come in).
        self.planned_bounds: dict[tuple[str, str], int] = {}
        self.initial: dict[tuple[str, str], int] = {}

    # -- value choice -----------------------------------------------------------
    def _allowed(self, comp: str, prop: Property) -> list[int]:
        """Values a setting may take given its (planned or current) bound."""
        key = (comp, prop.name, prop.bound)
        limit = self.bounds[key][0] if key in self.bounds else \
            self.planned_bounds.get((comp, prop.name))
        if limit is None:
            return list(prop.values)
        if prop.bound == "upper":
            return [v for v in prop.values if v <= limit]
        return [v for v in prop.values if v >= limit]

    # -- emitting turns ---------------------------------------------------------
    def _emit(self, role: str, text: str, type_: str, facts: list[dict]) -> None:
        self.turns.append(BenchTurn(len(self.turns), role, text, type_, tuple(facts)))

    def _apply_setting(self, comp: str, prop: Property, value: int) -> None:
        key = (comp, prop.name)
        if key in self.settings:
            self.setting_history.setdefault(key, []).append(self.settings[key][0])
        self.settings[key] = (value, prop.unit)

    def _apply_bound(self, comp: str, prop: Property, value: int) -> None:
        key = (comp, prop.name, prop.bound)
        if key in self.bounds:
            self.bound_history.setdefault(key, []).append(self.bounds[key][0])
        self.bounds[key] = (value, prop.unit)

    def emit_set(self, comp: str, names: list[str]) -> None:
        facts, clauses = [], []
        for i, name in enumerate(names):
            prop = self.props[name]
            value = self.initial[(comp, name)]
            label = _label(value, prop.unit)
            clauses.append(f"the {comp} {name} to {label}" if i == 0 else f"its {name} to {label}")
            facts.append({"kind": "decision", "text": f"{comp} {name} set to {label}",
                          "role": "user"})
            self._apply_setting(comp, prop, value)
        self._emit("user", "Set " + " and ".join(clauses) + ".", "set", facts)

    def emit_bound(self, comp: str, prop: Property, value: int, moved: bool) -> None:
        op = _bound_op(prop, self.rng)
        label = _label(value, prop.unit)
        if moved:
            form = self.rng.choice(_BOUND_MOVE_FORMS)
            text = form.format(c=comp, p=prop.name, op=op, v=label)
        else:
            text = f"The {comp} {prop.name} {op} {label}."
        self._apply_bound(comp, prop, value)
        self._emit("user", text, "bound", [{"kind": "constraint",
                                            "text": f"{comp} {prop.name} {op} {label}",
                                            "role": "user"}])

    def emit_revision(self) -> bool:
        keys = list(self.settings)
        if not keys:
            return False
        comp, name = self.rng.choice(keys)
        prop = self.props[name]
        current = self.settings[(comp, name)][0]
        options = [v for v in self._allowed(comp, prop) if v != current]
        if not options:
            return False
        value = self.rng.choice(options)
        sentence, verb = self.rng.choice(_REVISION_FORMS)
        label = _label(value, prop.unit)
        self._apply_setting(comp, prop, value)
        self._emit("user", sentence.format(c=comp, p=name, v=label), "revision",
                   [{"kind": "decision", "text": f"{comp} {name} {verb} {label}",
                     "role": "user"}])
        return True

    def emit_echo(self) -> bool:
        if self.bounds and self.rng.random() < 0.2:
            comp, name, _direction = self.rng.choice(list(self.bounds))
            prop = self.props[name]
            label = _label(self.bounds[(comp, name, prop.bound)][0], prop.unit)
            op = _bound_op(prop, self.rng)
            text = self.rng.choice(_BOUND_ECHO_FORMS).format(c=comp, p=name, op=op, v=label)
            self._emit("assistant", text, "echo",
                       [{"kind": "constraint", "text": f"{comp} {name} {op} {label}",
                         "role": "assistant"}])
            return True
        if not self.settings:
            return False
        comp, name = self.rng.choice(list(self.settings))
        value, unit = self.settings[(comp, name)]
        label = _label(value, unit)
        text = self.rng.choice(_ECHO_FORMS).format(c=comp, p=name, v=label)
        self._emit("assistant", text, "echo",
                   [{"kind": "decision", "text": f"{comp} {name} is {label}",
                     "role": "assistant"}])
        return True

    def emit_bound_move(self) -> bool:
        if not self.bounds:
            return False
        comp, name, _direction = self.rng.choice(list(self.bounds))
        prop = self.props[name]
        current_bound = self.bounds[(comp, name, prop.bound)][0]
        value_now = self.settings.get((comp, name), (None, ""))[0]
        if prop.bound == "upper":
            options = [v for v in prop.values if v != current_bound
                       and (value_now is None or v >= value_now)]
        else:
            options = [v for v in prop.values if v != current_bound
                       and (value_now is None or v <= value_now)]
        if not options:
            return False
        self.emit_bound(comp, prop, self.rng.choice(options), moved=True)
        return True

    def emit_filler(self) -> None:
        role = self.rng.choice(("user", "assistant"))
        pool = _USER_FILLER if role == "user" else _ASSISTANT_FILLER
        text = self.rng.choice(pool).format(c=self.rng.choice(COMPONENTS),
                                            n=self.rng.randint(1000, 9999))
        self._emit(role, text, "filler", [])

    # -- schedule ---------------------------------------------------------------
    def plan(self) -> list[tuple]:
        """The setup phase: a shuffled list of setup events, exactly SETUP_TURNS long."""
        rng = self.rng
        names = [p.name for p in PROPERTIES]
        for comp in COMPONENTS:
            for name in rng.sample(names, BOUNDS_PER_COMPONENT):
                prop = self.props[name]
                # the bound sits strictly inside the value range, so there is room to
                # revise both the setting and the bound later
                self.planned_bounds[(comp, name)] = rng.choice(prop.values[1:-1])
            for name in names:
                self.initial[(comp, name)] = rng.choice(self._allowed(comp, self.props[name]))

        # 200 sets in 130 turns: 70 turns set two properties of one component.
        set_events: list[tuple] = []
        pairs_left = 70
        for comp in COMPONENTS:
            order = rng.sample(names, len(names))
            # spread the 70 pairs: 4 or 3 per component, alternating
            n_pairs = min(pairs_left, 4 if COMPONENTS.index(comp) % 2 == 0 else 3)
            pairs_left -= n_pairs
            i = 0
            for _ in range(n_pairs):
                set_events.append(("set", comp, order[i:i + 2]))
                i += 2
            for name in order[i:]:
                set_events.append(("set", comp, [name]))
        bound_events = [("bound", comp, name) for (comp, name) in self.planned_bounds]
        n_other = SETUP_TURNS - len(set_events) - len(bound_events)
        other = [("echo",)] * (n_other // 2) + [("filler",)] * (n_other - n_other // 2)
        events = set_events + bound_events + other
        rng.shuffle(events)
        return events

    def run(self) -> Workload:
        for event in self.plan():
            if len(self.turns) >= self.n:
                break
            kind = event[0]
            if kind == "set":
                self.emit_set(event[1], event[2])
            elif kind == "bound":
                comp, name = event[1], event[2]
                self.emit_bound(comp, self.props[name], self.planned_bounds[(comp, name)],
                                moved=False)
            elif kind == "echo":
                if not self.emit_echo():
                    self.emit_filler()
            else:
                self.emit_filler()
        kinds = [k for k, _ in _STEADY_WEIGHTS]
        weights = [w for _, w in _STEADY_WEIGHTS]
        while len(self.turns) < self.n:
            kind = self.rng.choices(kinds, weights)[0]
            done = False
            if kind == "revision":
                done = self.emit_revision()
            elif kind == "echo":
                done = self.emit_echo()
            elif kind == "bound":
                done = self.emit_bound_move()
            if not done:
                self.emit_filler()
        return Workload(self.n, 0, self.turns, self.settings, self.bounds,
                        self.setting_history, self.bound_history)


def generate(n_turns: int, seed: int = 20261130) -> Workload:
    """Build the workload of ``n_turns`` turns for ``seed`` (deterministic)."""
    if n_turns < 1:
        raise ValueError("n_turns must be at least 1")
    workload = _Generator(n_turns, seed).run()
    workload.seed = seed
    return workload


if __name__ == "__main__":  # a quick look: python benchmarks/workload.py 300
    import sys

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 220
    w = generate(n)
    for t in w.turns[: min(n, 25)]:
        print(f"{t.index:>5} {t.role:<9} {t.type:<8} {t.text}")
        for f in t.facts:
            print(f"{'':>16}-> {f['kind']}: {f['text']} ({f['role']})")
    print(w.counts(), "facts:", w.n_facts, "settings:", len(w.settings), "bounds:", len(w.bounds))
