"""Retrying remote calls with a doubling, capped delay between attempts."""

import itertools


class RetriesExhausted(Exception):
    """Every permitted attempt failed."""


class RetryPolicy:
    def __init__(self, base_delay=0.5, max_delay=30.0, max_attempts=6):
        problems = []
        if base_delay <= 0 or max_delay < base_delay:
            problems.append("invalid delay bounds")
        if max_attempts < 1:
            problems.append("need at least one attempt")
        if problems:
            raise ValueError("; ".join(problems))
        self.base_delay, self.max_delay, self.max_attempts = base_delay, max_delay, max_attempts

    def delay(self, attempt):
        """Wait after failed attempt number `attempt`, counting from zero."""
        if attempt < 0:
            raise ValueError("attempt must be >= 0")
        wait = self.base_delay
        for _ in range(attempt):
            wait *= 2
            if wait >= self.max_delay:
                return self.max_delay
        return min(wait, self.max_delay)

    def schedule(self):
        """Waits between consecutive attempts when all of them fail."""
        return list(map(self.delay, range(self.max_attempts - 1)))

    def total_wait(self):
        return sum(self.schedule())


def call_with_retry(operation, policy, sleep, retry_on=(ConnectionError, TimeoutError)):
    """Invoke operation until it succeeds or the policy runs out of attempts."""
    waits = itertools.chain(policy.schedule(), [None])
    failure = None
    for pause in waits:
        try:
            return operation()
        except retry_on as exc:
            failure = exc
        if pause is not None:
            sleep(pause)
    raise RetriesExhausted(f"gave up after {policy.max_attempts} attempts") from failure
