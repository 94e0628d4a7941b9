"""What went wrong with a request, in words a user can act on: the SDKs' exceptions sorted for the pool.

Both SDKs raise the same shapes (APIStatusError with status and headers, APIConnectionError, its timeout
subclass). Every message names the endpoint; a refused key says which variable holds it; a host that does
not resolve says "unknown host" (the resolver's errno, -2, would read "Unknown error -2").
"""

from __future__ import annotations

import importlib
import os
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from redpen_bench.reviewers.llm.pool import Failure, classify_status, status_and_headers

KEY_STATUSES = frozenset({401, 403})


class UnfinishedAnswer(Exception):
    """A streamed answer that ended before the model finished it: no chunk said why it stopped (finish_reason).
    Its text is a prefix of an answer, often empty, and must not be stored as a verdict."""


class UnreadableAnswer(ValueError):
    """A response that holds no answer: its message says what the server sent (reviewers/llm/completion.py)."""


@dataclass(frozen=True)
class Endpoint:
    """What a failure message needs to know about where the reviewer asks."""

    url: str
    timeout: float  # seconds to read an answer (--timeout)
    key_env: str  # OPENAI_API_KEY ...
    has_key: bool  # False: a placeholder key was sent (a local server given by URL)


def classify(exc: BaseException, sdk_module: str, where: Endpoint) -> Failure:
    if isinstance(exc, UnfinishedAnswer):
        # measured: llama-cpp-python's server (interrupt_requests, on by default) ends a streaming answer at once
        # when another request arrives, with [DONE] and no finish_reason; at --concurrency 8, 43 of 44 answers
        # came back empty and were stored as unparsed verdicts, and the run said nothing
        return Failure("retry", f"the answer from {where.url} ended before the model finished it (the stream "
                                "closed with no finish_reason): the server cut it short. llama-cpp-python's "
                                "server cuts a streaming answer when another request arrives: ask it one "
                                "request at a time (--concurrency 1, the default for a server on this machine)")
    if isinstance(exc, UnreadableAnswer):  # asking again gets the same: one error row, kept for a resume
        return Failure("fail", f"unreadable response from {where.url}: {exc}")
    sdk = importlib.import_module(sdk_module)
    if isinstance(exc, sdk.APIStatusError):
        status, headers = status_and_headers(exc)
        if status in KEY_STATUSES:
            return Failure("fatal", f"HTTP {status} from {where.url}: {_key_advice(where)} ({exc.message})")
        return classify_status(status or 0, f"HTTP {status} from {where.url}: {exc.message}", headers)
    if isinstance(exc, sdk.APITimeoutError | TimeoutError):  # the SDK's, or the whole answer's (asyncio.timeout)
        return Failure("retry", f"no answer from {where.url} within {where.timeout:g} s (--timeout)",
                       server_down=True)
    if isinstance(exc, sdk.APIConnectionError):
        cause = exc.__cause__ or exc.__context__
        return Failure("retry", f"cannot connect to {where.url}: {root_cause(cause or exc, where.url)}",
                       unreachable=never_connected(exc), server_down=True)
    return Failure("fail", f"unreadable response: {type(exc).__name__}: {exc}")


def _key_advice(where: Endpoint) -> str:
    if not where.has_key:
        return f"the server wants an API key: set {where.key_env}"
    return f"the API key in {where.key_env} is wrong or has no access to this model; fix it and run again"


def root_cause(exc: BaseException, url: str = "") -> str:
    """The innermost reason of a connection failure ("Connection refused", "unknown host"), not the SDK's
    wrapper."""
    while exc.__cause__ is not None or exc.__context__ is not None:
        if isinstance(exc, socket.gaierror):
            break
        exc = exc.__cause__ or exc.__context__
    if isinstance(exc, socket.gaierror):
        host = urlsplit(url).hostname or "?"
        return f"unknown host '{host}' ({exc.strerror or exc})"
    if isinstance(exc, OSError) and exc.errno and exc.errno > 0:  # "Connect call failed" says less
        return f"{os.strerror(exc.errno)} ({exc})"
    text = str(exc) or type(exc).__name__
    if "name or service not known" in text.lower() or "nodename nor servname" in text.lower():
        return f"unknown host '{urlsplit(url).hostname or '?'}' ({text})"  # httpx's wrapper lost the gaierror
    return text


def never_connected(exc: BaseException | None) -> bool:
    """The connection itself failed (refused, no route, no such host), as opposed to one cut mid-answer."""
    while exc is not None:
        # httpx's ConnectError, or that of its fork httpx2 (anthropic): by name, to know both
        if isinstance(exc, ConnectionRefusedError | socket.gaierror) or type(exc).__name__ == "ConnectError":
            return True
        exc = exc.__cause__ or exc.__context__
    return False
