"""A tiny OpenAI-compatible chat-completions server that replays recorded responses.

What is real and what is fake:

* **Real**: everything on the client side. ``langchain_openai.ChatOpenAI`` builds its request
  with its own code, the ``openai`` SDK sends it over HTTP to ``127.0.0.1``, and the SDK and
  langchain-openai parse the reply (structured output included) with their own code.
* **Fake**: the model. This server does not think; it answers each ``POST /chat/completions``
  with the next body a *responder* gives it. The bodies are hand-written in the exact wire
  format the OpenAI API returns for structured output (``response_format`` of type
  ``json_schema``: the JSON arrives as the assistant message's ``content`` string), or for a
  forced tool call (``method="function_calling"``: the JSON arrives as ``tool_calls``).

Every request body is kept in ``server.requests`` so a test can assert on what was sent
(for example that no tool result or assistant text ever left the process).

Example:
    >>> with ReplayServer(lambda request: completion_json({"facts": []})) as server:
    ...     server.base_url.startswith("http://127.0.0.1:")
    True
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Responder = Callable[[dict[str, Any]], "tuple[int, dict[str, Any]] | dict[str, Any]"]
"""Given the parsed request body, return a response body (status 200) or (status, body)."""

_MODEL = "gpt-4o-mini-2024-07-18"


def _envelope(message: dict[str, Any], finish_reason: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-replay0000000000000000000000",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": _MODEL,
        "choices": [
            {
                "index": 0,
                "message": message,
                "logprobs": None,
                "finish_reason": finish_reason,
            }
        ],
        "usage": {
            "prompt_tokens": 412,
            "completion_tokens": 57,
            "total_tokens": 469,
            "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
            "completion_tokens_details": {
                "reasoning_tokens": 0,
                "audio_tokens": 0,
                "accepted_prediction_tokens": 0,
                "rejected_prediction_tokens": 0,
            },
        },
        "service_tier": "default",
        "system_fingerprint": "fp_replay",
    }


def completion_json(payload: Any) -> dict[str, Any]:
    """A chat completion whose content is ``payload`` as JSON (``json_schema`` output)."""
    message: dict[str, Any] = {
        "role": "assistant",
        "content": json.dumps(payload),
        "refusal": None,
        "annotations": [],
    }
    return _envelope(message, "stop")


def completion_raw(content: str) -> dict[str, Any]:
    """A chat completion whose content is ``content`` verbatim (e.g. not JSON at all)."""
    message: dict[str, Any] = {
        "role": "assistant",
        "content": content,
        "refusal": None,
        "annotations": [],
    }
    return _envelope(message, "stop")


def completion_refusal(text: str = "I'm sorry, I can't help with that.") -> dict[str, Any]:
    """A structured-output refusal, as the API sends it (content null, refusal set)."""
    message: dict[str, Any] = {
        "role": "assistant",
        "content": None,
        "refusal": text,
        "annotations": [],
    }
    return _envelope(message, "stop")


def completion_tool_call(name: str, arguments: Any) -> dict[str, Any]:
    """A chat completion that calls tool ``name`` (``method="function_calling"``)."""
    message: dict[str, Any] = {
        "role": "assistant",
        "content": None,
        "refusal": None,
        "annotations": [],
        "tool_calls": [
            {
                "id": "call_replay0000000000000000",
                "type": "function",
                "function": {"name": name, "arguments": json.dumps(arguments)},
            }
        ],
    }
    return _envelope(message, "stop")


def api_error(status: int, message: str, code: str | None = None) -> tuple[int, dict[str, Any]]:
    """An OpenAI-style error body with an HTTP status (e.g. 400 bad schema, 500 server)."""
    return status, {
        "error": {"message": message, "type": "invalid_request_error", "param": None, "code": code}
    }


def queue_responder(bodies: Iterable[Any]) -> Responder:
    """Reply with the given bodies in order, one per request; fail loudly when they run out."""
    pending = list(bodies)
    lock = threading.Lock()

    def respond(_request: dict[str, Any]) -> Any:
        with lock:
            if not pending:
                return api_error(500, "replay server: no recorded response left")
            return pending.pop(0)

    return respond


class ReplayServer:
    """Serve ``POST /chat/completions`` (and ``/v1/chat/completions``) on 127.0.0.1, port 0.

    Args:
        responder: called with each parsed request body; returns the response body.
    """

    def __init__(self, responder: Responder) -> None:
        self.responder = responder
        self.requests: list[dict[str, Any]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(length) or b"{}")
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self._send(404, {"error": {"message": f"no route {self.path}"}})
                    return
                server.requests.append(body)
                result = server.responder(body)
                status, payload = result if isinstance(result, tuple) else (200, result)
                self._send(status, payload)

            def _send(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: Any) -> None:
                return

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True
        )

    @property
    def base_url(self) -> str:
        """The ``base_url`` to give ``ChatOpenAI`` (ends in ``/v1``)."""
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def __enter__(self) -> ReplayServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)
