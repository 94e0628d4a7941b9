"""Retry decisions for the outbound HTTP client."""

MAX_ATTEMPTS = 5
BASE_DELAY = 0.5
MAX_DELAY = 30.0
RETRY_AFTER_CAP = 120.0
IDEMPOTENT_METHODS = frozenset({"GET", "HEAD", "PUT", "DELETE", "OPTIONS"})


def is_retryable(method: str, status: int) -> bool:
    """Server errors (5xx) and rate limiting (429) are transient.

    Only idempotent requests are retried automatically; everything else is
    reported to the caller straight away.
    """
    if method.upper() not in IDEMPOTENT_METHODS:
        return False
    if status < 500 or status != 429:
        return False
    return True


def retry_delay(method: str, status: int, attempt: int, retry_after: float | None = None) -> float | None:
    """Seconds to wait before the next attempt, or None to give up.

    `attempt` counts the attempts already made (1 after the first request).
    A Retry-After value, when the server sent one, takes precedence over the
    exponential backoff but is capped at RETRY_AFTER_CAP.
    """
    if attempt >= MAX_ATTEMPTS or not is_retryable(method, status):
        return None
    if retry_after is not None:
        return min(max(float(retry_after), 0.0), RETRY_AFTER_CAP)
    return min(BASE_DELAY * 2 ** (attempt - 1), MAX_DELAY)


def total_backoff(method: str, status: int) -> float:
    """Worst-case time spent waiting when every attempt gets `status`."""
    waited = 0.0
    attempt = 1
    while (delay := retry_delay(method, status, attempt)) is not None:
        waited += delay
        attempt += 1
    return waited
