"""Prompt building for LLM extraction (pure: no I/O, shared by the sync and async paths).

:func:`build_messages` turns one :class:`~dspm_core.patch.Turn` into chat messages that
ask for the six patch kinds as JSON; the stored settings the turn may change
(``Turn.settings``) are listed, bounded, so that the model can name the one a fact revises
(``"revises": "<id>"``, which the store checks). :func:`is_dense` decides when a
fact-heavy turn should be extracted in *dense* mode (every distinct fact, a higher cap), and
:func:`prescreen_skip` recognises turns with nothing to extract (greetings, thanks,
acknowledgements) so that no request is spent on them.
"""

from __future__ import annotations

import re

from ..patch import Role, Turn

__all__ = [
    "RECENT_CHARS",
    "RECENT_MESSAGES",
    "SETTINGS_CHARS",
    "SETTINGS_MAX",
    "SYSTEM_PROMPT",
    "build_messages",
    "is_dense",
    "prescreen_skip",
]

#: At most this many earlier messages are shown as context, each cut to RECENT_CHARS:
#: context only resolves references ("make it 10"); it is never extracted, so a long
#: history would cost tokens without adding facts.
RECENT_MESSAGES = 6
RECENT_CHARS = 800

#: At most this many stored settings are shown, in at most SETTINGS_CHARS characters of
#: entries (each subject and value cut to SETTING_FIELD_CHARS): the list only lets the model
#: name a setting by id, so a long one would cost tokens on every turn for nothing.
SETTINGS_MAX = 8
SETTINGS_CHARS = 600
SETTING_FIELD_CHARS = 60
# An id is shown only when it is short and cannot break its line or the fence; a model
# can name no other, and one clipped would name the wrong setting.
_SHOWN_ID_RE = re.compile(r"[\w.:-]{1,40}")

SYSTEM_PROMPT = """\
You extract durable facts from one message of a conversation, for a memory that must \
keep the user's rules and decisions exactly.

Kinds:
- constraint (critical): a rule, requirement, limit, deadline, prohibition or standing \
preference ("must", "never", "always", "at most", "no later than", "I prefer").
- decision (critical): a choice or a setting that was made or changed ("let's use \
PostgreSQL", "set the webhook timeout to 10 seconds", "switch to weekly releases").
- code: implementation detail: a code block, a function signature, a file name, a \
command, a configuration snippet.
- equation: a formula or a computed numeric result.
- entity: a named thing and what it is (a person, company, product, service, dataset).
- structure: a schema, a workflow, an ordered list of steps, a table layout.

Reply with one JSON object and nothing else:
{"facts": [{"kind": "...", "text": "...", "slot": "...", "op": "...", "value": "...", "unit": "..."}]}

Fields:
- kind: one of constraint, decision, code, equation, entity, structure.
- text: a self-contained restatement of the fact that can be read without the \
conversation; keep every number, unit, version, date and name exactly as written.
- slot: the subject the fact is about, short and without the value (e.g. "webhook \
timeout", "primary database"), or null.
- op: one of "=", "<=", ">=", "<", ">", "!=", or null. "at most"/"no more than" is "<=", \
"at least" is ">=", "never"/"must not use" is "!=".
- value: the value alone (e.g. "10", "PostgreSQL", "2026-03-01"), or null.
- unit: the unit of the value (e.g. "seconds", "MB", "%"), or null.

Rules:
- A rule stated by the user is a constraint, even when phrased casually.
- Extract only what the message itself states. The context block (if any) is there to \
resolve references such as "make it 10" or "that one"; never extract facts from it.
- A revision restates the full new value together with its subject and keeps the \
revision verb ("Change the webhook timeout to 10 seconds.", "Switch the primary database \
to MySQL.", not "make it 10"); the value field holds only the new value.
- Suggestions, questions and options that were not chosen are not facts.
- Greetings, thanks, acknowledgements and chit-chat yield {"facts": []}.
- One fact per distinct subject; never merge two settings into one fact.
- Return at most MAX_FACTS facts, the most important first (constraints and decisions \
before the rest).\
"""

_DENSE_RULE = (
    "\n- This message is fact-dense: extract every distinct fact, each number, threshold, "
    "date, setting and named specification as its own fact (one per table row or list "
    "item), up to the limit."
)

_ROLE_NOTE = {
    Role.USER: "It was written by the user: the user's rules are constraints, the user's "
               "choices are decisions.",
    Role.SYSTEM: "It is a system instruction: its rules are constraints.",
    Role.ASSISTANT: "It was written by the assistant: extract what the assistant states or "
                    "confirms as done or decided, not what it only suggests or asks.",
    Role.TOOL: "It is the output of a tool: extract the facts it reports.",
    Role.DOCUMENT: "It is a document: extract the facts it states.",
}

_TAG_RE = re.compile(r"</?\s*(context|message|settings)\b", re.I)
_SPACE_RE = re.compile(r"\s+")


def _defuse(text: str) -> str:
    """Keep a message from closing our own fences early (``</message>`` in user text)."""
    return _TAG_RE.sub(lambda m: m.group(0).replace("<", "<\u200b"), text)


def _clip(text: str, limit: int) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _settings_lines(settings: tuple[tuple[str, str, str], ...]) -> list[str]:
    """One ``id: subject = value`` line per stored setting, within the caps above."""
    lines: list[str] = []
    used = 0
    for pid, subject, value in settings:
        if len(lines) >= SETTINGS_MAX:
            break
        if not isinstance(pid, str) or not _SHOWN_ID_RE.fullmatch(pid):
            continue
        subject, value = (_defuse(_clip(_SPACE_RE.sub(" ", str(v)), SETTING_FIELD_CHARS))
                          for v in (subject, value))
        line = f"{pid}: {subject or '?'} = {value or '?'}"
        if used + len(line) > SETTINGS_CHARS:
            break
        lines.append(line)
        used += len(line) + 1
    return lines


def build_messages(turn: Turn, *, dense: bool, max_facts: int) -> list[dict[str, str]]:
    """The chat messages that ask a model for the facts of ``turn``.

    The system message describes the kinds, the JSON schema and the rules (with the
    fact cap). The user message states the speaker's role, then the recent messages in a
    ``<context>`` block marked as not to be extracted, then the stored settings of
    ``turn.settings`` (at most :data:`SETTINGS_MAX`, in :data:`SETTINGS_CHARS` characters)
    in a ``<settings>`` block with the instruction to name a revised one by its id, then the
    turn itself in a ``<message>`` block. Deterministic: the same turn gives the same
    messages.
    """
    if isinstance(max_facts, bool) or not isinstance(max_facts, int) or max_facts < 1:
        raise ValueError(f"max_facts must be a positive integer, got {max_facts!r}")
    system = SYSTEM_PROMPT.replace("MAX_FACTS", str(max_facts))
    if dense:
        system += _DENSE_RULE
    role = turn.role.value
    parts: list[str] = []
    recent = list(turn.recent)[-RECENT_MESSAGES:]
    if recent:
        lines = [f"[{r}] {_defuse(_clip(str(t), RECENT_CHARS))}" for r, t in recent]
        parts.append(
            "Context: the messages just before, oldest first. Use them only to resolve "
            "references; do NOT extract facts from them.\n"
            "<context>\n" + "\n".join(lines) + "\n</context>"
        )
    settings = _settings_lines(turn.settings)
    if settings:
        parts.append(
            "Stored settings this message may change, as id: subject = current value. "
            "They are not facts of the message; do NOT extract them.\n"
            "<settings>\n" + "\n".join(settings) + "\n</settings>\n"
            'A fact that changes one of these settings adds "revises": "<id>" with that '
            "setting's id (and states its new value); a fact that changes none of them has "
            "no revises field."
        )
    parts.append(
        f"Extract the facts of the following {role} message only. "
        f"{_ROLE_NOTE.get(turn.role, '')}\n"
        f'<message role="{role}">\n{_defuse(turn.text)}\n</message>'
    )
    parts.append(f'Reply with the JSON object {{"facts": [...]}} (at most {max_facts} facts).')
    return [
        {"role": "system", "content": system},
        {"role": "user", "content": "\n\n".join(parts)},
    ]


# ------------------------------------------------------------------ dense mode
_NUMBER_RE = re.compile(r"(?<![\w.])\d+(?:[.,:/-]\d+)*")
_LIST_ITEM_RE = re.compile(r"^\s*(?:\d+[.)]|[-*•]|\|)\s*\S", re.M)
DENSE_NUMBERS = 8
DENSE_ITEMS = 6
DENSE_CHARS = 1500


def is_dense(turn: Turn) -> bool:
    """True for a fact-heavy turn (many numbers, many list items or table rows, or long)."""
    text = turn.text or ""
    if len(text) >= DENSE_CHARS:
        return True
    if len(_NUMBER_RE.findall(text)) >= DENSE_NUMBERS:
        return True
    return len(_LIST_ITEM_RE.findall(text)) >= DENSE_ITEMS


# ------------------------------------------------------------------ prescreen
# A turn holding any of these may carry a fact: it is always sent to the model.
_KEEP_RE = re.compile(
    r"\d|[<>=≤≥≠%$€£`]"
    r"|\b(?:must|mustn't|never|always|should|shouldn't|shall|need|needs|require[sd]?|"
    r"don't|do not|can't|cannot|won't|only|avoid|prefer|rather|instead|"
    r"at most|at least|no more|no less|max|maximum|min|minimum|limit|under|over|"
    r"before|after|until|by|deadline|"
    r"use|using|switch|set|change|update|move|pick|choose|go with|let's|let us|"
    r"decide|decided|keep|drop|remove|add|enable|disable|make it|make that|"
    r"rule|policy|call me|my name|i am|i'm|we are|we're)\b",
    re.I,
)
# Words a pure greeting, thanks or acknowledgement is made of.
_SMALL_TALK = frozenset(
    """hi hello hey hiya yo morning evening afternoon night good thanks thank you thx ty
    tysm cheers appreciate appreciated it ok okay okey k kk cool great nice perfect awesome
    amazing excellent wonderful fantastic brilliant sure yes yeah yep yup no nope nah got
    gotcha understood noted sounds fine alright right makes sense lol haha hehe wow oh ah
    hmm np problem welcome bye goodbye see ya later will do done so much very a lot lots
    all the that this is for again there please indeed agreed love exactly true""".split()
)
# The previous message asked or proposed something: a bare "yes"/"ok"/"that one" may then
# confirm a decision, so it is not skipped.
_PROPOSAL_RE = re.compile(
    r"\?|\b(?:shall i|should i|should we|want me to|would you like|do you want|let me know|"
    r"if you agree|i suggest|i propose|i recommend|how about|what about|option)\b",
    re.I,
)
_WORD_RE = re.compile(r"[a-z']+")
# After a question only these are skipped: they answer nothing.
_GREETING_OR_THANKS = frozenset(
    """hi hello hey hiya yo morning evening afternoon night thanks thank you thx ty tysm
    cheers appreciate appreciated it so much very a lot lots bye goodbye""".split()
)


def prescreen_skip(turn: Turn, min_chars: int = 12) -> bool:
    """True when ``turn`` surely holds nothing to extract, so no request is made.

    Conservative: a turn is never skipped when it holds a digit, a modal ("must",
    "never", "should"), a comparator or a decision cue ("use", "switch", "set"). Skipped
    are empty turns, emoji or punctuation only, greetings/thanks/acknowledgements, and
    turns shorter than ``min_chars``. After a question or proposal (the last message of
    ``turn.recent``) only empty turns, emoji and greetings/thanks are skipped: a short
    answer such as "yes" or "the second one" may confirm a decision.
    """
    text = (turn.text or "").strip()
    if not text:
        return True
    if _KEEP_RE.search(text):
        return False
    words = _WORD_RE.findall(text.lower().replace("’", "'"))
    if not words:
        return True  # emoji / punctuation only
    answering = bool(turn.recent) and bool(_PROPOSAL_RE.search(str(turn.recent[-1][1])))
    if answering:
        return all(w in _GREETING_OR_THANKS for w in words)
    if all(w in _SMALL_TALK for w in words):
        return True
    return len(text) < min_chars
