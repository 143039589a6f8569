"""Validators of the arguments of public methods.

Each returns the checked value (normalised where it says so) or raises
:class:`~dspm_core.errors.ArgumentTypeError` (a ``TypeError``) for a wrong type and
:class:`~dspm_core.errors.ArgumentError` (a ``ValueError``) for a bad value, with a message
that names the argument. They are pure: a path is checked as text, before anything
touches the file system.
"""

from __future__ import annotations

import math
import os
import sys
from numbers import Real
from pathlib import Path

from .errors import ArgumentError, ArgumentTypeError

__all__ = [
    "MAX_NAME_BYTES",
    "MAX_PATH_CHARS",
    "check_count",
    "check_flag",
    "check_optional_str",
    "check_patch_fields",
    "check_patch_id",
    "check_path",
    "check_query",
    "check_timeout",
]

#: longest path accepted (Linux's PATH_MAX; longer ones no system opens)
MAX_PATH_CHARS = 4096
#: longest name of one path component, in bytes of the file system encoding (NAME_MAX)
MAX_NAME_BYTES = 255


def _type_name(value: object) -> str:
    return type(value).__name__


def _short(text: str, limit: int = 80) -> str:
    """``repr(text)``, cut to about ``limit`` characters for an error message."""
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def check_query(value: object, name: str = "query") -> str:
    """A render query: a string; ``None`` means no query (returned as ``""``)."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{name} must be a string or None, got {_type_name(value)}")
    return value


def check_shown(value: object, name: str = "shown") -> tuple[str, ...]:
    """Texts shown beside the memory: an iterable of strings (not one string)."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise ArgumentTypeError(f"{name} must be an iterable of strings, got {_type_name(value)}")
    out = tuple(value)  # type: ignore[call-overload]
    for v in out:
        if not isinstance(v, str):
            raise ArgumentTypeError(f"{name} must hold strings, got {_type_name(v)}")
    return out


def check_flag(value: object, name: str) -> bool:
    """``True`` or ``False`` exactly (``1``, ``None`` or ``"yes"`` are refused)."""
    if not isinstance(value, bool):
        raise ArgumentTypeError(f"{name} must be True or False, got {value!r}")
    return value


def check_patch_id(value: object, name: str = "patch_id") -> str:
    """A patch id: a string (whether the store holds it is the store's question)."""
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{name} must be a string, got {_type_name(value)}")
    return value


def check_optional_str(value: object, name: str) -> str | None:
    """A string or ``None``."""
    if value is not None and not isinstance(value, str):
        raise ArgumentTypeError(f"{name} must be a string or None, got {_type_name(value)}")
    return value


def check_patch_fields(*, slot: object, op: object, value: object, unit: object,
                       pinned: object) -> None:
    """The optional fields of ``add_patch``: ``slot``, ``op`` and ``unit`` are strings or
    ``None``; ``value`` may also be a number (it is stored as its text); ``pinned`` a bool."""
    for name, field in (("slot", slot), ("op", op), ("unit", unit)):
        check_optional_str(field, name)
    if value is not None and (isinstance(value, bool) or not isinstance(value, (str, int, float))):
        raise ArgumentTypeError(f"value must be a string, a number or None, got "
                                f"{_type_name(value)}")
    check_flag(pinned, "pinned")


def check_count(value: object, name: str) -> int:
    """A non-negative integer (not a bool), at most ``sys.maxsize``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(f"{name} must be a non-negative integer, got {_type_name(value)}")
    if not 0 <= value <= sys.maxsize:
        raise ArgumentError(f"{name} must be between 0 and {sys.maxsize}, got {value}")
    return value


def check_timeout(value: object, name: str = "lock_timeout") -> float:
    """A non-negative, finite number of seconds, returned as a float."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise ArgumentTypeError(f"{name} must be a number of seconds, got {_type_name(value)}")
    try:
        seconds = float(value)
    except OverflowError:
        seconds = math.inf
    if not math.isfinite(seconds) or seconds < 0:
        raise ArgumentError(f"{name} must be a non-negative, finite number of seconds, "
                            f"got {value!r:.40}")
    return seconds


def check_path(value: object, name: str = "path", *, optional: bool = False) -> str | None:
    """A file path as a string (``os.PathLike`` objects are accepted), or ``None`` when
    ``optional``.

    Refused: other types and bytes paths; an empty path, a NUL character, a path longer
    than :data:`MAX_PATH_CHARS` or with a component longer than :data:`MAX_NAME_BYTES`
    bytes, one the file system encoding cannot represent, and one that names no file
    (``/``, ``..``).
    """
    if value is None and optional:
        return None
    raw = value
    if isinstance(value, os.PathLike):
        try:
            raw = os.fspath(value)
        except TypeError:  # __fspath__ returned neither str nor bytes
            raw = None
    if not isinstance(raw, str):
        got = "a bytes path" if isinstance(raw, bytes) else _type_name(value)
        raise ArgumentTypeError(f"{name} must be a str or os.PathLike path of str, got {got}")
    if not raw:
        raise ArgumentError(f"{name} must not be empty")
    if "\0" in raw:
        raise ArgumentError(f"{name} must not contain a NUL character: {_short(raw)}")
    if len(raw) > MAX_PATH_CHARS:
        raise ArgumentError(f"{name} is longer than {MAX_PATH_CHARS} characters "
                            f"({len(raw):,}): {_short(raw)}")
    try:
        encoded = os.fsencode(raw)
    except UnicodeEncodeError:
        raise ArgumentError(f"{name} cannot be encoded for the file system: "
                            f"{_short(raw)}") from None
    sep = os.fsencode(os.sep)
    parts = encoded.replace(os.fsencode(os.altsep or os.sep), sep).split(sep)
    if any(len(part) > MAX_NAME_BYTES for part in parts):
        raise ArgumentError(f"{name} has a component longer than {MAX_NAME_BYTES} bytes: "
                            f"{_short(raw)}")
    if Path(raw).name in ("", ".", ".."):
        raise ArgumentError(f"{name} must name a file, got {_short(raw)}")
    return raw
