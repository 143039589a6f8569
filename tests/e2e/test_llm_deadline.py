"""A reply that drips one byte at a time, body or headers, is cut off by the extraction's
overall deadline.

The client's ``timeout`` bounds each wait for a byte, so a server that sends a byte every
0.1 s never trips it. The test starts such a server on 127.0.0.1 and drives the real
``openai`` clients through ``DSPMMemory``: the turn stays pending, sync and async, and
the memory returns within the deadline (plus one byte's wait).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

openai = pytest.importorskip("openai")

from dspm_core import DSPMMemory  # noqa: E402
from dspm_core.errors import ExtractionTimeoutError  # noqa: E402
from dspm_core.extract.llm import LLMExtractor  # noqa: E402

REPLY = json.dumps({
    "id": "x", "object": "chat.completion", "created": 0, "model": "m",
    "choices": [{"index": 0, "finish_reason": "stop", "message": {
        "role": "assistant",
        "content": json.dumps({"facts": [{"kind": "constraint",
                                          "text": "The timeout must be at most 5 s."}]})}}],
}).encode()
DRIP_SECONDS = 0.1  # between two bytes: far below the client's timeout
DEADLINE = 1.0


class _Dripping(ThreadingHTTPServer):
    daemon_threads = True


@pytest.fixture(params=["body", "headers"])
def drip_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """A server that drips the reply's body, or its status line and headers, one byte at
    a time (the client's per-read timeout never trips)."""
    stop = threading.Event()
    drip_head = request.param == "headers"

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: Any) -> None:
            pass

        def do_POST(self) -> None:  # noqa: N802 - the http.server name
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            head = (f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                    f"X-Padding: {'x' * 120}\r\nContent-Length: {len(REPLY)}\r\n\r\n").encode()
            slow = head if drip_head else REPLY
            try:
                if not drip_head:
                    self.wfile.write(head)
                    self.wfile.flush()
                for i in range(len(slow)):
                    if stop.is_set():
                        return
                    self.wfile.write(slow[i:i + 1])
                    self.wfile.flush()
                    time.sleep(DRIP_SECONDS)
                if drip_head:
                    self.wfile.write(REPLY)
                    self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up at its deadline

    httpd = _Dripping(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, args=(0.02,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    finally:
        stop.set()
        httpd.shutdown()
        httpd.server_close()


def _extractor(url: str, asynchronous: bool) -> LLMExtractor:
    cls = openai.AsyncOpenAI if asynchronous else openai.OpenAI
    client = cls(base_url=url, api_key="test-key", timeout=5.0, max_retries=0)
    return LLMExtractor(client, model="m", deadline=DEADLINE, prescreen=False)


def test_sync_extraction_stops_at_the_deadline_and_keeps_the_turn(drip_url: str) -> None:
    m = DSPMMemory(extractor=_extractor(drip_url, asynchronous=False))
    t0 = time.monotonic()
    m.add_turn("user", "The timeout must be at most 5 s.")
    took = time.monotonic() - t0
    assert DEADLINE <= took < DEADLINE + 1.5, took
    assert m.stats["pending_turns"] == 1 and not m.all_patches
    assert m.stats["extractor"]["failures"] == 1


async def test_async_extraction_stops_at_the_deadline_and_keeps_the_turn(drip_url: str) -> None:
    m = DSPMMemory(extractor=_extractor(drip_url, asynchronous=True))
    t0 = time.monotonic()
    await m.aadd_turn("user", "The timeout must be at most 5 s.")
    took = time.monotonic() - t0
    assert DEADLINE <= took < DEADLINE + 1.5, took
    assert m.stats["pending_turns"] == 1 and not m.all_patches


def test_strict_memory_raises_the_timeout(drip_url: str) -> None:
    m = DSPMMemory(extractor=_extractor(drip_url, asynchronous=False), strict_llm=True)
    with pytest.raises(ExtractionTimeoutError):
        m.add_turn("user", "The timeout must be at most 5 s.")
    assert m.stats["pending_turns"] == 1


@pytest.mark.parametrize("bad", [0, -1, float("inf"), "10", True])
def test_a_bad_deadline_is_refused(bad: object) -> None:
    from dspm_core.errors import ConfigError

    with pytest.raises(ConfigError, match="deadline"):
        LLMExtractor(base_url="http://127.0.0.1:9/v1", api_key="k", deadline=bad)  # type: ignore[arg-type]
