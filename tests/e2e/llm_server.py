"""A scripted OpenAI-compatible HTTP server on 127.0.0.1 for the end-to-end tests.

It answers ``POST /v1/chat/completions`` from a per-test queue of scripted replies (or a
responder function) and records every request body, so tests assert what the model
actually received.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


# ------------------------------------------------------------------ the scripted server
@dataclass
class Reply:
    """One scripted HTTP reply."""

    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    #: bytes sent as the body instead of ``json.dumps(body)`` (a hostile or broken server)
    raw: bytes | None = None
    content_type: str = "application/json"


def chat(content: str | None, finish_reason: str = "stop", usage: tuple[int, int] = (50, 20),
         model: str = "test-model") -> Reply:
    """A chat completion whose message content is ``content``."""
    return Reply(body={
        "id": "chatcmpl-test", "object": "chat.completion", "created": 0, "model": model,
        "choices": [{"index": 0, "finish_reason": finish_reason,
                     "message": {"role": "assistant", "content": content}}],
        "usage": {"prompt_tokens": usage[0], "completion_tokens": usage[1],
                  "total_tokens": sum(usage)},
    })


def facts_reply(*facts: dict[str, Any], **kw: Any) -> Reply:
    return chat(json.dumps({"facts": list(facts)}), **kw)


def raw(data: bytes | str, content_type: str = "application/json", status: int = 200) -> Reply:
    """A reply whose body is exactly ``data`` (whatever its content type claims)."""
    return Reply(status=status, raw=data.encode() if isinstance(data, str) else data,
                 content_type=content_type)


def error(status: int, message: str = "boom", headers: dict[str, str] | None = None,
          param: str | None = None) -> Reply:
    return Reply(status=status, headers=headers or {},
                 body={"error": {"message": message, "type": "invalid_request_error",
                                 "param": param, "code": None}})


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # 20 concurrent clients connect at once (the default is 5)


class ScriptedServer:
    """A real OpenAI-compatible HTTP endpoint with scripted replies."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.queue: deque[Reply] = deque()
        self.responder: Callable[[dict[str, Any]], Reply] | None = None
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as real servers do

            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 - the http.server name
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                body = json.loads(raw or b"{}")
                reply = server._next(body, self.path)
                if reply.delay:
                    time.sleep(reply.delay)
                data = json.dumps(reply.body).encode() if reply.raw is None else reply.raw
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Type", reply.content_type)
                    self.send_header("Content-Length", str(len(data)))
                    for k, v in reply.headers.items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout test)

        self.httpd = _Server(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self.httpd.serve_forever, args=(0.02,),
                                        daemon=True)

    def _next(self, body: dict[str, Any], path: str) -> Reply:
        with self._lock:
            self.requests.append({"path": path, **body})
            if self.queue:
                return self.queue.popleft()
        if self.responder is not None:
            return self.responder(body)
        return error(500, "no scripted reply left")

    def push(self, *replies: Reply) -> None:
        with self._lock:
            self.queue.extend(replies)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def start(self) -> ScriptedServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def sync_client(server: ScriptedServer, **kw: Any) -> Any:
    """The real ``openai.OpenAI`` client pointed at ``server`` (no retries unless asked)."""
    import openai

    kw.setdefault("max_retries", 0)
    kw.setdefault("timeout", 5.0)
    return openai.OpenAI(base_url=server.url, api_key="test-key", **kw)


def async_client(server: ScriptedServer, **kw: Any) -> Any:
    """The real ``openai.AsyncOpenAI`` client pointed at ``server``."""
    import openai

    kw.setdefault("max_retries", 0)
    kw.setdefault("timeout", 5.0)
    return openai.AsyncOpenAI(base_url=server.url, api_key="test-key", **kw)


def user_content(request: dict[str, Any]) -> str:
    """The user message a request carried."""
    return next(m["content"] for m in request["messages"] if m["role"] == "user")


def message_block(request: dict[str, Any]) -> str:
    """The text inside the <message> fence of a request (the turn itself)."""
    content = user_content(request)
    start = content.index(">", content.index("<message")) + 1
    return content[start: content.index("</message>")].strip()




def settings_block(request: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """The stored settings a request listed in its <settings> fence, as
    ``{id: (subject, current value)}`` (empty when it listed none)."""
    content = user_content(request)
    if "<settings>" not in content:
        return {}
    block = content[content.index("<settings>") + len("<settings>"): content.index("</settings>")]
    out: dict[str, tuple[str, str]] = {}
    for line in block.strip().splitlines():
        pid, _, rest = line.partition(": ")
        subject, _, value = rest.partition(" = ")
        out[pid] = (subject, value)
    return out
