"""The settings a tool shows when it prints a configuration: "$ cat config/app.yaml" and
its ``server:`` / ``  port: 8080`` lines, or a JSON object.

:func:`config_facts` gives one fact per value, its slot the path of keys in words
("server port", "retry policy max retries"), said with the tool's authority. A user's
"change the server port to 9000" then revises the value the tool showed, and the old one
is kept as its lineage. Only a message with at least two ``key: value`` lines, or an object
that parses as JSON, is read, and only values of a few words: a line of prose with a colon
("Forecast: high 31°C, low 24°C, sunny") is no file, and its words are never a line of the
rendered context.
"""

from __future__ import annotations

import json
import re

from ..patch import Fact, PatchKind, Turn
from .settings import new_fact

__all__ = ["config_facts"]

#: a key and its value, or a key that opens a block ("server:"), indented
_LINE_RE = re.compile(r"^(?P<indent>[ \t]*)(?:-\s+)?(?P<key>[A-Za-z_][\w.-]*)\s*[:=]\s*(?P<value>.*?)\s*$")
#: at most this many values of one message are kept
MAX_VALUES = 40
#: a value of a configuration: a few words at most ("8080", "0.0.0.0", "exponential", "en-GB");
#: a sentence after a colon is prose ("rule: the user allows ...")
_SCALAR_RE = re.compile(r"^[^{}\[\]\s]+(?:\s[^{}\[\]\s]+){0,2}$")


def config_facts(turn: Turn, text: str) -> list[Fact]:
    """The values a configuration printed in ``text`` sets, as the tool's facts."""
    found = _json_values(text) or _line_values(text)
    return [new_fact(turn, PatchKind.DECISION, f"{path} = {value}", slot=path, op="=", value=value)
            for path, value in found[:MAX_VALUES]]


def _words(key: str) -> str:
    return " ".join(re.split(r"[_.\-\s]+", key)).strip().lower()


def _line_values(text: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    stack: list[tuple[int, str]] = []  # (indent, key) of the open blocks
    for line in text.splitlines():
        m = _LINE_RE.match(line)
        if m is None:
            if line.strip():
                stack = []  # ("$ cat config/app.yaml"): no block goes on past it
            continue
        indent = len(m.group("indent").expandtabs(2))
        while stack and stack[-1][0] >= indent:
            stack.pop()
        key, value = m.group("key"), m.group("value").strip().strip("\"'")
        if not value:
            stack.append((indent, key))
            continue
        if _SCALAR_RE.match(value):
            out.append((_words(" ".join([k for _, k in stack] + [key])), value))
    return out if len(out) >= 2 else []


def _json_values(text: str) -> list[tuple[str, str]]:
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        return []
    try:
        data = json.loads(text[start:end + 1])
    except ValueError:
        return []
    out: list[tuple[str, str]] = []

    def walk(node: object, path: list[str]) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, path + [str(k)])
        elif isinstance(node, (str, int, float, bool)) and path and _SCALAR_RE.match(str(node)):
            out.append((_words(" ".join(path)), str(node).lower() if isinstance(node, bool) else str(node)))

    walk(data, [])
    return out if len(out) >= 2 else []
