"""Ask many LLM requests at once and survive the network: concurrency, retries, rate limit, a spending cap.

Provider-neutral: the adapter gives one coroutine per attempt and a function that sorts its SDK's exceptions
into retry / give up / stop everything. Retry policy and counting are ours (the SDKs' own retries are off).

A circuit breaker stops a reviewer whose server is down or hung: once `breaker_limit(concurrency)` attempts in
a row have timed out, failed to connect or got a 5xx, with no answer in between, nothing more is asked (the
retries of a dead server cost 5 timeouts a snippet: about 4 hours for the corpus at the defaults).
"""

from __future__ import annotations

import asyncio
import email.utils
import os
import random
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

Job = TypeVar("Job")
Answer = TypeVar("Answer")

BASE_DELAY_ENV = "REDPEN_RETRY_BASE_DELAY"  # seconds; tests set it small
DEFAULT_BASE_DELAY = 1.0
MAX_DELAY = 120.0  # no single wait longer than this, whatever a server asks
RETRY_STATUSES = frozenset({408, 409, 429})  # and every 5xx
FATAL_STATUSES = frozenset({401, 403, 404})  # bad key, no access, no such model: every request would fail
BREAKER_MIN = 5  # failed attempts in a row (timeouts, connection failures, 5xx) that stop a reviewer ...


def breaker_limit(concurrency: int) -> int:
    """... or one more than can be in flight at once: requests started together fail together (a blip of a
    few seconds fails them all), so a full round of them is one piece of evidence, and the breaker wants more
    than one."""
    return max(BREAKER_MIN, concurrency + 1)


@dataclass(frozen=True)
class Failure:
    kind: Literal["retry", "fail", "fatal"]  # try again / this request failed / stop the whole reviewer
    message: str
    retry_after: float | None = None  # seconds the server asked us to wait
    unreachable: bool = False  # no connection at all: fatal until some request has reached the server
    server_down: bool = False  # a timeout, a failed connection or a 5xx: counts towards the circuit breaker


@dataclass
class Outcome(Generic[Answer]):
    answer: Answer | None
    error: str | None
    attempts: int
    latency_s: float | None = None  # of the attempt that answered


@dataclass
class PoolResult:
    unasked: int = 0  # left for a resume because the spending cap was reached
    fatal: str | None = None


def base_delay() -> float:
    try:
        return max(0.0, float(os.environ.get(BASE_DELAY_ENV, DEFAULT_BASE_DELAY)))
    except ValueError:
        return DEFAULT_BASE_DELAY


def backoff(attempt: int, base: float) -> float:
    """Exponential with jitter: attempt 1 waits about base, then 2x, 4x ...; the jitter spreads retries."""
    return min(MAX_DELAY, base * 2 ** (attempt - 1)) * random.uniform(0.5, 1.5)


def retry_after(headers: Mapping[str, str] | None) -> float | None:
    """Seconds from `retry-after-ms`, or `Retry-After` as seconds (fractions accepted) or an HTTP date."""
    if not headers:
        return None
    millis = headers.get("retry-after-ms")
    if millis:
        try:
            return min(MAX_DELAY, max(0.0, float(millis) / 1000))
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return min(MAX_DELAY, max(0.0, float(value)))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return min(MAX_DELAY, max(0.0, when.timestamp() - time.time()))


def classify_status(status: int, message: str, headers: Mapping[str, str] | None) -> Failure:
    if status in FATAL_STATUSES:
        return Failure("fatal", message)
    if status in RETRY_STATUSES or status >= 500:
        return Failure("retry", message, retry_after(headers), server_down=status >= 500)
    return Failure("fail", message)


class Pacer:
    """Spaces request starts for --rpm, and holds every worker while a server's Retry-After runs."""

    def __init__(self, rpm: float | None):
        self.interval = 60.0 / rpm if rpm else 0.0
        self.next_start = 0.0
        self.hold_until = 0.0

    async def wait(self) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        start = max(now, self.next_start, self.hold_until)
        self.next_start = start + self.interval  # no await before this line: the slot is ours alone
        if start > now:
            await asyncio.sleep(start - now)

    def hold(self, seconds: float) -> None:
        self.hold_until = max(self.hold_until, asyncio.get_running_loop().time() + seconds)


class Budget:
    """--max-cost: a request starts only if what is spent plus what is in flight plus its estimate fits."""

    def __init__(self, limit: float):
        self.limit = limit
        self.committed = 0.0

    def reserve(self, estimate: float) -> bool:
        if self.committed + estimate > self.limit + 1e-12:
            return False
        self.committed += estimate
        return True

    def settle(self, estimate: float, actual: float | None) -> None:
        self.committed += (estimate if actual is None else actual) - estimate


async def run_pool(
    jobs: Sequence[Job],
    attempt: Callable[[Job], Awaitable[Answer]],
    classify: Callable[[BaseException], Failure],
    finish: Callable[[Job, Outcome[Answer]], float | None],
    *,
    concurrency: int,
    attempts: int,
    rpm: float | None = None,
    budget: Budget | None = None,
    estimate: Callable[[Job], float] | None = None,
    delay: float | None = None,
) -> PoolResult:
    """Run every job with at most `concurrency` in flight. `finish` gets each outcome as it arrives (so a
    killed run keeps it) and returns the answer's cost, if known, for the budget."""
    result = PoolResult()
    pacer = Pacer(rpm)
    queue = iter(jobs)
    base = base_delay() if delay is None else delay
    stop = False
    reached = False  # some request got an answer or an HTTP status: the server is there
    down = 0  # attempts in a row that timed out, could not connect or got a 5xx
    limit = breaker_limit(concurrency)

    async def one(job: Job) -> Outcome[Answer]:
        nonlocal stop, reached, down
        failure: Failure | None = None
        for number in range(1, attempts + 1):
            await pacer.wait()
            started = time.perf_counter()
            try:
                answer = await attempt(job)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the SDK's errors, and anything a malformed answer makes it raise
                failure = classify(exc)
                reached = reached or not failure.unreachable
                down = down + 1 if failure.server_down else 0
            else:
                reached = True
                down = 0
                return Outcome(answer, None, number, round(time.perf_counter() - started, 4))
            if failure.unreachable and not reached:  # nothing listens there: retrying for minutes helps no one
                failure = Failure("fatal", failure.message)
            elif down >= limit and not result.fatal:
                failure = Failure("fatal", f"stopped asking: {down} attempts in a row failed (timeouts, "
                                           f"connection failures or server errors), the last: {failure.message}")
            if failure.kind == "fatal":
                stop = True
                result.fatal = result.fatal or failure.message
                return Outcome(None, failure.message, number)
            if failure.kind == "fail" or number == attempts or result.fatal:
                break
            if failure.retry_after is not None:
                pacer.hold(failure.retry_after)
            await asyncio.sleep(failure.retry_after if failure.retry_after is not None else backoff(number, base))
            if result.fatal:  # the reviewer stopped while this one waited to retry
                break
        assert failure is not None
        tries = f" after {number} attempts" if number > 1 else ""
        return Outcome(None, f"request failed{tries}: {failure.message}", number)

    async def worker() -> None:
        nonlocal stop
        for job in queue:  # one shared iterator: each job goes to exactly one worker
            if stop:
                result.unasked += 1
                continue
            cost = estimate(job) if (budget and estimate) else 0.0
            if budget and not budget.reserve(cost):
                stop = True
                result.unasked += 1
                continue
            outcome = await one(job)
            actual = finish(job, outcome)
            if budget:
                budget.settle(cost, actual if outcome.answer is not None else 0.0)

    await asyncio.gather(*(worker() for _ in range(max(1, min(concurrency, len(jobs))))))
    if result.fatal:
        result.unasked = 0  # the caller turns what is left into error rows that name the cause
    return result


def status_and_headers(exc: BaseException) -> tuple[int | None, Any]:
    """The HTTP status and headers of an SDK status error (openai and anthropic share this shape)."""
    status = getattr(exc, "status_code", None)
    response = getattr(exc, "response", None)
    return status, getattr(response, "headers", None)
