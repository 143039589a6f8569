"""Make the helper modules beside these tests importable (tests/ is not a package), and
give every test here a scripted OpenAI-compatible server on 127.0.0.1 (``server``)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from llm_server import ScriptedServer  # noqa: E402


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    s = ScriptedServer().start()
    try:
        yield s
    finally:
        s.stop()
