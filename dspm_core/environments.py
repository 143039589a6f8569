"""The environments a setting may be of: production, staging, development, test. A change
that names one ("prod needs way more headroom, give it 24") is of no setting that names
another ("staging should autoscale up to 6 pods"), however recently that was spoken of.
"""

from __future__ import annotations

import re

__all__ = ["other_environment"]

# each way of naming an environment, and the one it names
_NAMES = {"prod": "prod", "production": "prod", "live": "prod", "staging": "staging", "stage": "staging",
          "preprod": "staging", "pre-prod": "staging", "dev": "dev", "development": "dev",
          "test": "test", "testing": "test", "qa": "test", "uat": "test", "sandbox": "sandbox"}
_NAME_RE = re.compile(r"(?<![\w-])(?:" + "|".join(sorted(map(re.escape, _NAMES), key=len, reverse=True))
                      + r")(?![\w-])", re.I)


def _named(text: str) -> set[str]:
    return {_NAMES[m.group(0).lower()] for m in _NAME_RE.finditer(text)}


def other_environment(change: str, statement: str) -> bool:
    """Whether ``change`` names an environment and ``statement`` names only others."""
    said = _named(change)
    if not said:
        return False
    held = _named(statement)
    return bool(held) and not said & held
