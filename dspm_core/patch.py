"""Patches: the typed units of memory, and the facts extractors produce.

A :class:`Fact` is what an extractor reads out of one turn. The store turns facts
into :class:`Patch` objects, merging them by slot identity (see :mod:`dspm_core.slots`).
Both are small frozen dataclasses; the store replaces a patch rather than mutating it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from .errors import InvalidPatchError
from .limits import check_int, check_text

__all__ = [
    "AUTHORITY",
    "CRITICAL_KINDS",
    "EARLIER",
    "KIND_TAGS",
    "Fact",
    "Patch",
    "PatchKind",
    "Revision",
    "Role",
    "Turn",
    "coerce_kind",
    "coerce_role",
]


class PatchKind(str, Enum):
    """What a patch holds. Constraints and decisions are *critical*."""

    CONSTRAINT = "constraint"
    DECISION = "decision"
    CODE = "code"
    EQUATION = "equation"
    ENTITY = "entity"
    STRUCTURE = "structure"
    #: a sentence of the user's kept as written because no extractor typed it (the
    #: lossless tier): retrieved by query relevance, never a setting
    SENTENCE = "sentence"

    def __str__(self) -> str:
        return self.value

    @property
    def critical(self) -> bool:
        return self in CRITICAL_KINDS


CRITICAL_KINDS: frozenset[PatchKind] = frozenset({PatchKind.CONSTRAINT, PatchKind.DECISION})

#: The short tag each rendered line starts with.
KIND_TAGS: dict[PatchKind, str] = {
    PatchKind.CONSTRAINT: "rule",
    PatchKind.DECISION: "decision",
    PatchKind.CODE: "code",
    PatchKind.EQUATION: "equation",
    PatchKind.ENTITY: "entity",
    PatchKind.STRUCTURE: "structure",
    PatchKind.SENTENCE: "said",
}


class Role(str, Enum):
    """Who stated a fact. The role decides who may override whom."""

    USER = "user"
    SYSTEM = "system"
    ASSISTANT = "assistant"
    TOOL = "tool"
    DOCUMENT = "document"

    def __str__(self) -> str:
        return self.value


#: Authority of a role over a slot: a statement may supersede the current holder of a
#: slot only when its authority is at least the holder's. A user's rule is therefore
#: never overridden by what an assistant, a tool or a document says.
AUTHORITY: dict[Role, int] = {
    Role.USER: 3,
    Role.SYSTEM: 3,
    Role.ASSISTANT: 2,
    Role.TOOL: 1,
    Role.DOCUMENT: 1,
}

#: The ``source`` of a fact that states the value a setting had before a change said with
#: it ("from 70% to 90%": 70%, then the change to 90%). It gives the setting its earlier
#: value when the store holds none, and never sets a setting back to it.
EARLIER = "earlier"

#: the words that say "per" of a period ("a night", "each day")
_PER_RE = re.compile(r"\b(?:a|an|each|every)\b")


def _with_unit(value: str | None, unit: str | None) -> str:
    """A value with its unit, said once: the value text usually carries the unit already,
    and a unit that goes on from the value's last words joins them ("25 minutes" in
    "minutes per way" is "25 minutes per way")."""
    if not value:
        return ""
    if not unit or unit in value or _PER_RE.sub("per", unit.lower()) in _PER_RE.sub("per", value.lower()):
        return value  # ("20 pages a night" carries "pages per night")
    said, units = value.split(), unit.split()
    k = next((k for k in range(min(len(said) - 1, len(units)), 0, -1)
              if [w.lower() for w in said[-k:]] == [w.lower() for w in units[:k]]), 0)
    return " ".join(said + units[k:])


#: Order of roles when ranking criticals (pinned comes before all of them).
ROLE_PRIORITY: dict[Role, int] = {
    Role.USER: 5,
    Role.SYSTEM: 4,
    Role.ASSISTANT: 3,
    Role.TOOL: 2,
    Role.DOCUMENT: 1,
}

_ROLE_ALIASES = {"human": Role.USER, "ai": Role.ASSISTANT, "model": Role.ASSISTANT,
                 "function": Role.TOOL, "developer": Role.SYSTEM, "chatbot": Role.ASSISTANT}


def coerce_kind(kind: PatchKind | str) -> PatchKind:
    """Return ``kind`` as a :class:`PatchKind`, or raise :class:`InvalidPatchError`."""
    if isinstance(kind, PatchKind):
        return kind
    if isinstance(kind, str):
        try:
            return PatchKind(kind.strip().lower())
        except ValueError:
            pass
    allowed = ", ".join(k.value for k in PatchKind)
    raise InvalidPatchError(f"unknown patch kind {kind!r}; expected one of: {allowed}")


def coerce_role(role: Role | str) -> Role:
    """Return ``role`` as a :class:`Role` (accepting framework aliases such as ``human``)."""
    if isinstance(role, Role):
        return role
    if isinstance(role, str):
        name = role.strip().lower()
        if name in _ROLE_ALIASES:
            return _ROLE_ALIASES[name]
        try:
            return Role(name)
        except ValueError:
            pass
    allowed = ", ".join(r.value for r in Role)
    raise InvalidPatchError(f"unknown role {role!r}; expected one of: {allowed}")


@dataclass(frozen=True, slots=True)
class Turn:
    """One message of the conversation, as handed to an extractor."""

    role: Role
    text: str
    index: int
    session_id: str | None = None
    #: the messages just before this one, oldest first, as (role, text): context for
    #: extractors that resolve references ("make it 10"); never extracted themselves
    recent: tuple[tuple[str, str], ...] = ()
    #: stored settings related to this message, as (patch id, subject, current value), for
    #: extractors that may name the one a fact revises (filled when the extractor has
    #: ``wants_settings = True``)
    settings: tuple[tuple[str, str, str], ...] = ()

    def last_said(self, role: str) -> str | None:
        """The text of the latest of :attr:`recent` said by ``role`` ("user", ...), or None."""
        return next((text for said_by, text in reversed(self.recent) if said_by == role), None)


@dataclass(frozen=True, slots=True)
class Revision:
    """An earlier value of a slot, kept as lineage."""

    value: str | None
    unit: str | None
    op: str | None
    turn: int
    text: str

    @property
    def label(self) -> str:
        return _with_unit(self.value, self.unit)


@dataclass(frozen=True, slots=True)
class Fact:
    """One fact read out of a turn by an extractor, before it is merged into the store.

    ``slot``, ``op``, ``value`` and ``unit`` are optional: what is not given is parsed
    from ``text`` by the slot rules when the fact is merged.
    """

    kind: PatchKind
    text: str
    role: Role = Role.USER
    turn: int = 0
    slot: str | None = None
    op: str | None = None
    value: str | None = None
    unit: str | None = None
    scope: str | None = None
    deps: tuple[str, ...] = ()
    pinned: bool = False
    source: str = "rules"
    session_id: str | None = None
    #: the statement names its setting only by "it" / "that" (or not at all): the store
    #: binds it to the setting of that kind of value spoken of last, if one fits
    referent: bool = False
    #: the id of the stored setting this fact revises, as an extractor named it (for
    #: example an LLM shown ``Turn.settings``); the store checks it like any evidence
    revises: str | None = None
    #: the old value the fact takes the place of when its words do not say it (an option
    #: picked in place of one the assistant said cannot be had): read as if named
    replaces: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", coerce_kind(self.kind))
        object.__setattr__(self, "role", coerce_role(self.role))
        if not isinstance(self.text, str) or not self.text.strip():
            raise InvalidPatchError("a fact needs non-empty text")
        check_text(self.text, "fact text", InvalidPatchError)
        check_int(self.turn, "turn", InvalidPatchError)
        # the saved form holds exactly these types: a fact that could not be read back
        # is refused here, not found unloadable later
        for name in ("slot", "op", "value", "unit", "scope", "session_id", "revises", "replaces"):
            v = getattr(self, name)
            if v is not None and not isinstance(v, str):
                raise InvalidPatchError(f"{name} must be a string or None, got {type(v).__name__}")
            if v is not None:
                check_text(v, name, InvalidPatchError)
        if not isinstance(self.pinned, bool):
            raise InvalidPatchError(f"pinned must be True or False, got {self.pinned!r}")
        if not isinstance(self.source, str) or not isinstance(self.deps, tuple) or \
                not all(isinstance(d, str) for d in self.deps):
            raise InvalidPatchError("source must be a string and deps a tuple of strings")


@dataclass(frozen=True, slots=True)
class Patch:
    """A stored unit of memory.

    ``slot`` is the subject as written (for display); ``key`` is its identity after
    normalisation together with the bound class and scope. ``history`` holds earlier
    values, newest first, capped by the store's ``history_limit``.
    """

    id: str
    kind: PatchKind
    text: str
    turn: int
    role: Role
    key: str | None = None
    slot: str | None = None
    op: str | None = None
    value: str | None = None
    unit: str | None = None
    scope: str | None = None
    history: tuple[Revision, ...] = ()
    deps: tuple[str, ...] = ()
    pinned: bool = False
    source: str = "rules"
    first_turn: int = 0
    session_id: str | None = None
    echoes: int = 0
    #: the id of a later statement this one is linked to (same head noun and kind of
    #: value, no revision cue): this patch is shown as earlier, not revised
    later: str | None = None

    @property
    def critical(self) -> bool:
        return self.kind in CRITICAL_KINDS

    @property
    def tag(self) -> str:
        return KIND_TAGS[self.kind]

    @property
    def value_label(self) -> str:
        """The value with its unit (the value text usually carries the unit already)."""
        return _with_unit(self.value, self.unit)

    def to_dict(self) -> dict:
        """A JSON-ready dict of every field."""
        return {
            "id": self.id,
            "kind": self.kind.value,
            "text": self.text,
            "turn": self.turn,
            "role": self.role.value,
            "key": self.key,
            "slot": self.slot,
            "op": self.op,
            "value": self.value,
            "unit": self.unit,
            "scope": self.scope,
            "history": [
                {"value": r.value, "unit": r.unit, "op": r.op, "turn": r.turn, "text": r.text}
                for r in self.history
            ],
            "deps": list(self.deps),
            "pinned": self.pinned,
            "source": self.source,
            "first_turn": self.first_turn,
            "session_id": self.session_id,
            "echoes": self.echoes,
            "later": self.later,
        }


