"""A real HTTP server on 127.0.0.1 that speaks the Chat Completions and Messages APIs, for tests and benchmarks.

The real SDKs talk to it over a socket. A `script(request) -> Action` decides each answer, so tests can serve
malformed answers, 429 with Retry-After, 500s, a stall past the client's timeout or a connection cut
mid-answer. Every request is logged (path, model, body, headers, the prompt's hash, arrival time). A request
with `"stream": true` gets its answer as server-sent events, as the real APIs send it; `trickle` streams a piece
every `delay` seconds until the client hangs up (a model that never stops), noting when it did; `unfinished`
ends the stream with `[DONE]` and no chunk that says why the answer finished, as llama-cpp-python's server does to
a streaming answer it interrupts when another request arrives; `unstreamed` ignores `"stream": true` and answers
with one ordinary `chat.completion` body, as some proxies and servers do.

    python tests/llm_http_server.py --delay 0.2      # prints the port, serves until killed
"""

from __future__ import annotations

import argparse
import hashlib
import json
import socket
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DEFAULT_ANSWER = "DEFECT: yes\nLINES: 2\nEXPLANATION: off-by-one: the slice drops the last element."


@dataclass
class Action:
    kind: str = "answer"  # answer | status | cut | raw | trickle | unfinished | unstreamed
    text: str = DEFAULT_ANSWER
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes | None = None  # for status/raw
    delay: float = 0.0  # seconds before answering (past the client's timeout = a stall)
    usage: dict | None = None  # the Chat Completions usage to report instead of the counted one (odd values too)
    content_type: str = "application/json"  # of a status/raw/unstreamed body


@dataclass
class Request:
    index: int  # arrival order, from 0
    path: str
    body: dict
    headers: dict[str, str]
    prompt: str  # the user message
    prompt_key: str  # sha256 of the prompt: one snippet (and sample) of one run
    attempt: int  # how many times this prompt has arrived so far, from 1
    time: float  # time.monotonic() at arrival: the clock asyncio's sleeps use, so lower bounds hold exactly
    unanswered: frozenset[int] = frozenset()  # indices of the requests still waiting for an answer at arrival
    answered: bool = False
    hung_up: float | None = None  # time.monotonic() when the client closed a trickling stream


Script = Callable[[Request], Action]


def _user_prompt(body: dict) -> str:
    for message in body.get("messages", []):
        if message.get("role") == "user":
            content = message.get("content")
            if isinstance(content, list):
                return "".join(part.get("text", "") for part in content if isinstance(part, dict))
            return str(content)
    return ""


class LLMServer:
    def __init__(self, script: Script | None = None, delay: float = 0.0, port: int = 0):
        self.script = script or (lambda request: Action())
        self.delay = delay
        self.requests: list[Request] = []
        self.attempts: Counter[str] = Counter()
        self._lock = threading.Lock()
        self.httpd = _Server(("127.0.0.1", port), _Handler)
        self.httpd.owner = self
        self._thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                        daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def start(self) -> LLMServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def __enter__(self) -> LLMServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def log(self, path: str, body: dict, headers: dict[str, str]) -> Request:
        prompt = _user_prompt(body)
        key = hashlib.sha256(prompt.encode()).hexdigest()
        with self._lock:
            self.attempts[key] += 1
            waiting = frozenset(r.index for r in self.requests if not r.answered)
            request = Request(len(self.requests), path, body, headers, prompt, key, self.attempts[key],
                              time.monotonic(), waiting)
            self.requests.append(request)
        return request


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False  # stop() does not wait out a scripted stall the client has already given up on
    request_queue_size = 256  # many clients connect at once: a short backlog would drop connections
    owner: LLMServer


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as real providers
    server: _Server

    def log_message(self, *args) -> None:
        pass

    def do_POST(self) -> None:
        owner = self.server.owner
        length = int(self.headers.get("Content-Length") or 0)
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            body = {}
        request = owner.log(self.path, body, {k.lower(): v for k, v in self.headers.items()})
        action = owner.script(request)
        if action.kind == "trickle":
            self._trickle(request, action)
            request.answered = True
            return
        time.sleep(owner.delay + action.delay)
        try:
            self._reply(request, action)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the client gave up (its timeout): nothing to answer
        finally:
            request.answered = True

    def _reply(self, request: Request, action: Action) -> None:
        if action.kind == "cut":  # headers promise a body that never comes
            self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n"
                             b'{"id": "chatcmpl-cut", "choices": [')
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
            return
        if action.kind in ("status", "raw"):
            payload = action.body if action.body is not None else json.dumps(
                {"error": {"message": f"scripted {action.status}", "type": "server_error"}}).encode()
            self._send(action.status, payload, action.headers, action.content_type)
            return
        if action.kind == "unstreamed":
            payload = json.dumps(self._completion(request, action.text, action.usage)).encode()
            self._send(200, payload, action.headers, action.content_type)
            return
        if request.body.get("stream") and not request.path.endswith("/messages"):
            chunks = self._chunks(request, action.text, action.usage)
            if action.kind == "unfinished":  # [DONE] before the finish chunk: llama-cpp-python's interrupted answer
                chunks = [c for c in chunks if not any(choice.get("finish_reason") for choice in c["choices"])]
            events = "".join(f"data: {json.dumps(chunk)}\n\n" for chunk in chunks)
            self._send(200, (events + "data: [DONE]\n\n").encode(), action.headers, "text/event-stream")
            return
        self._send(200, json.dumps(self._completion(request, action.text, action.usage)).encode(), action.headers)

    def _chunks(self, request: Request, text: str, usage: dict | None = None) -> list[dict]:
        """The answer as Chat Completions chunks: the text in two pieces, the finish, and the usage if asked."""
        whole = self._completion(request, text, usage)
        head = {k: whole[k] for k in ("id", "created", "model")} | {"object": "chat.completion.chunk"}
        half = len(text) // 2
        chunks = [head | {"choices": [{"index": 0, "delta": {"role": "assistant", "content": piece},
                                       "finish_reason": None}]} for piece in (text[:half], text[half:])]
        chunks.append(head | {"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
        if (request.body.get("stream_options") or {}).get("include_usage"):
            chunks.append(head | {"choices": [], "usage": whole["usage"]})
        return chunks

    def _trickle(self, request: Request, action: Action) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        head = {"id": f"chatcmpl-{request.index}", "object": "chat.completion.chunk", "created": 0,
                "model": request.body.get("model", "unknown")}
        piece = head | {"choices": [{"index": 0, "delta": {"content": " and so on"}, "finish_reason": None}]}
        try:
            for _ in range(10_000):
                self.wfile.write(f"data: {json.dumps(piece)}\n\n".encode())
                self.wfile.flush()
                time.sleep(action.delay or 0.05)
        except (BrokenPipeError, ConnectionResetError):
            request.hung_up = time.monotonic()

    def _completion(self, request: Request, text: str, usage: dict | None = None) -> dict:
        model = request.body.get("model", "unknown")
        input_tokens, output_tokens = max(1, len(request.prompt) // 4), max(1, len(text) // 4)
        if request.path.endswith("/messages"):
            content = [{"type": "text", "text": text}]
            forced = (request.body.get("tool_choice") or {}).get("name")
            if forced:  # tool use: the scripted text is the tool's JSON input
                content = [{"type": "tool_use", "id": f"toolu_{request.index}", "name": forced,
                            "input": json.loads(text)}]
            return {"id": f"msg_{request.index}", "type": "message", "role": "assistant", "model": model,
                    "content": content, "stop_reason": "tool_use" if forced else "end_turn", "stop_sequence": None,
                    "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens}}
        return {"id": f"chatcmpl-{request.index}", "object": "chat.completion", "created": int(time.time()),
                "model": model, "choices": [{"index": 0, "finish_reason": "stop",
                                             "message": {"role": "assistant", "content": text}}],
                "usage": usage if usage is not None else {"prompt_tokens": input_tokens,
                                                          "completion_tokens": output_tokens,
                                                          "total_tokens": input_tokens + output_tokens}}

    def _send(self, status: int, payload: bytes, headers: dict[str, str], kind: str = "application/json") -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(payload)))
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(payload)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--delay", type=float, default=0.0, help="seconds before every answer")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    server = LLMServer(delay=args.delay, port=args.port)
    print(server.httpd.server_address[1], flush=True)
    server.httpd.serve_forever()


if __name__ == "__main__":
    main()
