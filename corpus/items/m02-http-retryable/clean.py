"""Retry decisions for the outbound HTTP client."""

MAX_ATTEMPTS = 5
BASE_DELAY = 0.5
MAX_DELAY = 30.0
RETRY_AFTER_CAP = 120.0
_SAFE_VERBS = {"GET", "HEAD", "PUT", "DELETE", "OPTIONS"}
_TOO_MANY_REQUESTS = 429


def _transient(code: int) -> bool:
    """True for 429 Too Many Requests and for any server error (status 500 or above)."""
    return code == _TOO_MANY_REQUESTS or code // 100 >= 5


def is_retryable(method: str, status: int) -> bool:
    """Transient failures (5xx, 429) of idempotent requests may be retried."""
    return method.upper() in _SAFE_VERBS and _transient(status)


def _backoff(attempt: int) -> float:
    """Delay after `attempt` attempts: BASE_DELAY * 2 ** (attempt - 1), at most MAX_DELAY."""
    return min(MAX_DELAY, BASE_DELAY * (1 << (attempt - 1)))


def retry_delay(method: str, status: int, attempt: int, retry_after: float | None = None) -> float | None:
    """Seconds to wait before the next attempt, or None to give up.

    `attempt` is the number of attempts made so far. A server-sent Retry-After
    replaces the backoff, limited to RETRY_AFTER_CAP.
    """
    allowed = attempt < MAX_ATTEMPTS and is_retryable(method, status)
    if not allowed:
        return None
    return _backoff(attempt) if retry_after is None else min(RETRY_AFTER_CAP, max(0.0, float(retry_after)))


def total_backoff(method: str, status: int) -> float:
    """Worst-case time spent waiting when every attempt gets `status`."""
    if not is_retryable(method, status):
        return 0.0
    return sum(_backoff(n) for n in range(1, MAX_ATTEMPTS))
