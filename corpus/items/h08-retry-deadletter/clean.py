"""Bounded retries over transient upstream failures."""

TRANSIENT_STATUSES = frozenset({429, 502, 503, 504})


class ServiceError(Exception):
    def __init__(self, status, retry_after=None):
        super().__init__(f"upstream answered {status}")
        self.status = status
        self.retry_after = retry_after


def is_retryable(err):
    if err.retry_after is not None:
        return True
    return err.status in TRANSIENT_STATUSES


class RetryingClient:
    def __init__(self, send, max_attempts=3, backoff=0.2, sleep=None):
        if max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        self.send = send
        self.max_attempts = max_attempts
        self.backoff = backoff
        self.sleep = sleep or (lambda _seconds: None)

    def _pause(self, err, attempt):
        hinted = err.retry_after
        return float(hinted) if hinted is not None else self.backoff * (1 << (attempt - 1))

    def request(self, payload):
        """Send payload, making at most max_attempts attempts in total."""
        last_error = None
        for attempt in range(1, self.max_attempts + 1):
            try:
                return self.send(payload)
            except ServiceError as err:
                if not is_retryable(err):
                    raise
                last_error = err
                if attempt < self.max_attempts:
                    self.sleep(self._pause(err, attempt))
        raise last_error
