"""Settings typed as an assignment: "LOG_LEVEL=debug for now", "NEW_CHECKOUT=true in
staging right now", "max_connections = 200".

A developer tells the assistant a value the way their config or environment holds it. The
key is an identifier (an underscore, a dot, or capitals in it: never "x = 5", a step of a
calculation), its value one token; an environment said after it ("in staging", "on prod")
belongs to the setting, so the same key in staging and in production are two settings.
The slot is the key in words ("new checkout", "staging new checkout"), the value as typed.
"""

from __future__ import annotations

import re

from ..patch import Fact, PatchKind, Turn
from .settings import new_fact

__all__ = ["assignment_fact"]

_ASSIGNED_RE = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|and|also|btw|fyi|k)[,\s]+)*(?:(?:we\s+have|we\s+run\s+with|i\s+have|it's|its)\s+)?"
    r"(?P<key>[A-Za-z_][\w.]*[A-Za-z0-9])\s*(?::?=)\s*(?P<value>[^\s,;]+?)[.!]?"
    r"(?P<rest>(?:\s+(?:in|on|for)\s+(?P<env>staging|stage|prod|production|dev|development|local|qa|test|"
    r"uat|sandbox)\b)?(?:[\s,]+(?:for now|right now|now|by default|everywhere|btw|fyi|please|pls|"
    r"at the moment|atm|currently|as well|too))*)\s*[.!]?$", re.I)
#: what says a word is an identifier and not a variable of a calculation ("x = 5")
_IDENTIFIER_RE = re.compile(r"_|\.|[A-Z].*[A-Z]|[a-z][A-Z]")
_ENV_WORDS = {"stage": "staging", "production": "prod", "development": "dev"}


def assignment_fact(turn: Turn, sentence: str) -> Fact | None:
    """The setting ``sentence`` types as ``KEY=value``, or None."""
    m = _ASSIGNED_RE.match(sentence.strip())
    if m is None or not _IDENTIFIER_RE.search(m.group("key")) or len(m.group("key")) < 3:
        return None
    words = " ".join(re.split(r"[_.]+|(?<=[a-z])(?=[A-Z])", m.group("key"))).lower().strip()
    env = (m.group("env") or "").lower()
    slot = f"{_ENV_WORDS.get(env, env)} {words}".strip()
    return new_fact(turn, PatchKind.DECISION, sentence.strip(), slot=slot, op="=", value=m.group("value"))
