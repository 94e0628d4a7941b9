"""HTTP-style client wrapper that retries transient upstream failures."""

TRANSIENT_STATUSES = frozenset({429, 502, 503, 504})


class ServiceError(Exception):
    def __init__(self, status, retry_after=None):
        super().__init__(f"upstream answered {status}")
        self.status = status
        self.retry_after = retry_after


def is_retryable(err):
    """Retry overload/gateway statuses, and anything the server explicitly
    asked us to retry later (a Retry-After header)."""
    return err.status in TRANSIENT_STATUSES or err.retry_after is not None


class RetryingClient:
    def __init__(self, send, max_attempts=3, backoff=0.2, sleep=None):
        if max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        self.send = send
        self.max_attempts = max_attempts
        self.backoff = backoff
        self.sleep = sleep if sleep is not None else (lambda seconds: None)

    def _delay(self, err, attempt):
        if err.retry_after is not None:
            return float(err.retry_after)
        return self.backoff * 2 ** (attempt - 1)

    def request(self, payload):
        """Send payload, making at most max_attempts attempts in total."""
        attempt = 1
        while True:
            try:
                return self.send(payload)
            except ServiceError as err:
                if attempt < self.max_attempts and is_retryable(err):
                    self.sleep(self._delay(err, attempt))
                    attempt += 1
                    continue
                raise
