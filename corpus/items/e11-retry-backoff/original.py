"""Retry helper with capped exponential backoff for flaky remote calls."""


class RetriesExhausted(Exception):
    """Raised when every attempt allowed by the policy has failed."""


class RetryPolicy:
    def __init__(self, base_delay=0.5, max_delay=30.0, max_attempts=6):
        if base_delay <= 0 or max_delay < base_delay:
            raise ValueError("invalid delay bounds")
        if max_attempts < 1:
            raise ValueError("need at least one attempt")
        self.base_delay = base_delay
        self.max_delay = max_delay
        self.max_attempts = max_attempts

    def delay(self, attempt):
        """Seconds to wait after the given failed attempt (0-based)."""
        if attempt < 0:
            raise ValueError("attempt must be >= 0")
        return min(self.max_delay, self.base_delay * 2 * attempt)

    def schedule(self):
        """All waits a caller goes through when every attempt fails."""
        return [self.delay(n) for n in range(self.max_attempts - 1)]

    def total_wait(self):
        return sum(self.schedule())


def call_with_retry(operation, policy, sleep, retry_on=(ConnectionError, TimeoutError)):
    """Run operation(); on a retryable error wait with sleep(seconds) and try again."""
    last_error = None
    for attempt in range(policy.max_attempts):
        try:
            return operation()
        except retry_on as exc:
            last_error = exc
            if attempt + 1 < policy.max_attempts:
                sleep(policy.delay(attempt))
    raise RetriesExhausted(f"gave up after {policy.max_attempts} attempts") from last_error
