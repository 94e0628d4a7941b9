"""An answer a server sent as one body although it was asked for a stream, and what to say of one unreadable.

Some OpenAI-compatible servers and proxies ignore `"stream": true` and answer with an ordinary `chat.completion`
JSON body. The SDK's stream reader finds no server-sent events in it and yields nothing, so every such answer
was an error row ("the response holds no choices") and the same command retried them for ever (issue 34.1).
The Content-Type says what came back; a body that is not a stream is read here. Whatever really is unreadable
is named by its Content-Type and first bytes, so a user sees what the server sent.
"""

from __future__ import annotations

from typing import Any

from redpen_bench.model.json_text import parse_json
from redpen_bench.reviewers.llm.failures import UnreadableAnswer

STREAM_TYPE = "text/event-stream"
SHOWN_BYTES = 160  # of an unreadable body, in its error: enough to tell an HTML error page from JSON


def media_type(headers: Any) -> str:
    """The Content-Type without its parameters ("application/json; charset=utf-8" -> "application/json")."""
    return (headers.get("content-type") or "").split(";")[0].strip().lower()


def looks_like_json(kind: str, body: bytes) -> bool:
    """A JSON body: so labelled, or an object where a proxy labels it otherwise (text/plain, none)."""
    return kind == "application/json" or kind.endswith("+json") or body.lstrip()[:1] == b"{"


def received(kind: str, body: bytes) -> str:
    """What the server sent, in a line: its type, its size, its first bytes."""
    shown = repr(body[:SHOWN_BYTES]) + ("..." if len(body) > SHOWN_BYTES else "")
    return f"the server sent {kind or 'a body with no Content-Type'} ({len(body):,} bytes): {shown}"


def read_completion(kind: str, body: bytes) -> tuple[str, Any, Any]:
    """The text and token counts (as the server gave them: the row keeps only sane ones) of a non-streamed
    `chat.completion` body."""
    try:
        data = parse_json(body)
    except ValueError:  # not JSON, not UTF-8, cut short, nested too deeply
        data = None
    choices = data.get("choices") if isinstance(data, dict) else None
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        raise UnreadableAnswer(f"{received(kind, body)}; not a stream of chunks, nor a chat.completion with "
                               "choices")
    message = choices[0].get("message")
    content = message.get("content") if isinstance(message, dict) else None
    if isinstance(content, list):  # content parts, as some servers send them
        content = "".join(p.get("text") or "" for p in content if isinstance(p, dict) and p.get("type") == "text")
    usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
    # the whole body arrived and parsed, so the answer is whole: no finish_reason is needed to say so
    return content if isinstance(content, str) else "", usage.get("prompt_tokens"), usage.get("completion_tokens")
