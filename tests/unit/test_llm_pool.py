"""The request pool's parts: Retry-After parsing, backoff bounds, the spending cap, rpm spacing, prices."""

from __future__ import annotations

import asyncio
import email.utils
import selectors
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from redpen_bench.reviewers.llm.pool import MAX_DELAY, Budget, Pacer, backoff, classify_status, retry_after
from redpen_bench.reviewers.llm.prices import cost_usd, find_price


def test_retry_after_forms():
    assert retry_after({"retry-after": "3"}) == 3.0
    assert retry_after({"retry-after": "0.25"}) == 0.25
    assert retry_after({"retry-after-ms": "1500", "retry-after": "9"}) == 1.5
    assert retry_after({"retry-after": "99999"}) == MAX_DELAY
    date = email.utils.formatdate(time.time() + 100, usegmt=True)  # a date is read against the clock: the
    assert 50 <= retry_after({"retry-after": date}) <= 100  # margin is for a stalled machine, not a speed claim
    assert retry_after({"retry-after": "soon"}) is None and retry_after({}) is None and retry_after(None) is None


def test_status_classes():
    assert classify_status(429, "m", {"retry-after": "2"}).retry_after == 2.0
    assert {classify_status(s, "m", None).kind for s in (408, 409, 429, 500, 502, 503, 529)} == {"retry"}
    assert {classify_status(s, "m", None).kind for s in (401, 403, 404)} == {"fatal"}
    assert {classify_status(s, "m", None).kind for s in (400, 413, 422)} == {"fail"}


@given(st.integers(1, 30), st.floats(0.001, 10))
def test_backoff_grows_with_jitter_and_a_cap(attempt, base):
    plain = min(MAX_DELAY, base * 2 ** (attempt - 1))
    assert 0.5 * plain <= backoff(attempt, base) <= 1.5 * plain


@given(st.floats(0.01, 100), st.lists(st.tuples(st.floats(0, 10), st.floats(0, 1)), max_size=50))
def test_the_budget_is_never_overspent_when_answers_cost_at_most_their_estimate(limit, requests):
    budget, spent = Budget(limit), 0.0
    for estimate, share in requests:
        if budget.reserve(estimate):
            budget.settle(estimate, estimate * share)
            spent += estimate * share
    assert spent <= limit + 1e-9 and budget.committed == pytest.approx(spent, abs=1e-9)


class VirtualClockLoop(asyncio.SelectorEventLoop):
    """An event loop whose clock is virtual: when nothing is ready, it jumps to the next timer instead of
    sleeping, so the pacer's spacing is exact and no test depends on how fast this machine is."""

    def __init__(self):
        selector = selectors.DefaultSelector()
        super().__init__(selector)
        self.now = 0.0
        real_select = selector.select

        def select(timeout=None):
            if timeout:
                self.now += timeout
            return real_select(0)

        selector.select = select

    def time(self) -> float:
        return self.now


def paced_starts(pacer_of, count: int, hold: float | None = None) -> list[float]:
    """Virtual start times of `count` concurrent requests that each wait for the pacer."""
    async def starts() -> list[float]:
        pacer, times = pacer_of(), []
        loop = asyncio.get_running_loop()
        if hold is not None:
            pacer.hold(hold)

        async def one() -> None:
            await pacer.wait()
            times.append(loop.time())

        await asyncio.gather(*(one() for _ in range(count)))
        return times

    loop = VirtualClockLoop()
    try:
        return loop.run_until_complete(starts())
    finally:
        loop.close()


def test_pacer_spaces_starts():
    times = paced_starts(lambda: Pacer(rpm=1200), 6)  # one start per 50 ms
    assert times == pytest.approx([k * 0.05 for k in range(6)])


def test_pacer_without_rpm_lets_all_start_at_once_and_a_hold_delays_every_start():
    assert paced_starts(lambda: Pacer(rpm=None), 5) == [0.0] * 5
    assert paced_starts(lambda: Pacer(rpm=None), 3, hold=2.0) == pytest.approx([2.0] * 3)
    assert paced_starts(lambda: Pacer(rpm=60), 3, hold=2.0) == pytest.approx([2.0, 3.0, 4.0])


def test_prices_match_dated_and_vendor_names_only():
    assert find_price("gpt-4o-2024-08-06") == find_price("gpt-4o") == {"input": 2.5, "output": 10.0}
    assert find_price("gpt-4o-mini-2024-07-18") == {"input": 0.15, "output": 0.6}
    assert find_price("openai/gpt-4.1") == {"input": 2.0, "output": 8.0}
    assert find_price("claude-sonnet-4-5-20250929") == {"input": 3.0, "output": 15.0}
    assert find_price("gpt-5.4") is None and find_price("qwen2.5-coder:7b") is None  # no guessing from a prefix
    assert find_price("qwen2.5-coder:7b", {"qwen2.5-coder:7b": {"input": 0.0, "output": 0.0}}) is not None
    assert cost_usd({"input": 2.0, "output": 8.0}, 1000, 500) == pytest.approx(0.006)
    assert cost_usd(None, 1000, 500) is None and cost_usd({"input": 1.0, "output": 1.0}, None, 5) is None
