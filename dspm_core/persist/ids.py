"""Validation of user and session ids (they reach SQL parameters, and could reach paths)."""

from __future__ import annotations

import re

from ..errors import ConfigError

__all__ = ["MAX_ID_LENGTH", "check_id"]

MAX_ID_LENGTH = 128
# letters, digits and a few separators; no slash, backslash, whitespace, quote, NUL or "%"
_ID_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.:@+=-]*\Z")


def check_id(value: object, name: str = "user_id") -> str:
    """Return ``value`` if it is a safe id, else raise :class:`ConfigError` saying why.

    A safe id is 1-128 characters of ASCII letters, digits and ``_ . : @ + = -``, starts
    with a letter, digit or underscore and holds no ``..``: it is safe as an SQL parameter,
    a file name and a log field alike.
    """
    if not isinstance(value, str):
        raise ConfigError(f"{name} must be a string, got {type(value).__name__}")
    if not value:
        raise ConfigError(f"{name} must not be empty")
    if len(value) > MAX_ID_LENGTH:
        raise ConfigError(f"{name} is longer than {MAX_ID_LENGTH} characters")
    if not _ID_RE.match(value) or ".." in value:
        raise ConfigError(f"{name} {value[:40]!r} may hold only ASCII letters, digits and "
                          f"'_ . : @ + = -' (starting with a letter, digit or '_', no '..')")
    return value
