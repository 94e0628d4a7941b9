"""Per-client request throttling over fixed, aligned time windows."""

from collections import Counter


class FixedWindowLimiter:
    """Allow up to `limit` requests from each client per `window_seconds` window."""

    def __init__(self, limit, window_seconds):
        if limit < 1 or window_seconds <= 0:
            raise ValueError("limit and window must be positive")
        self.limit = limit
        self.window_seconds = window_seconds
        self._hits = Counter()  # (client, window index) -> admitted requests

    def _slot(self, client, now):
        return client, int(now // self.window_seconds)

    def allow(self, client, now):
        """Admit the request made at `now` if the client still has budget."""
        slot = self._slot(client, now)
        stale = [key for key in self._hits if key[0] == client and key != slot]
        for key in stale:
            del self._hits[key]
        if self._hits[slot] >= self.limit:
            return False
        self._hits[slot] += 1
        return True

    def remaining(self, client, now):
        used = self._hits.get(self._slot(client, now), 0)
        return self.limit - used if used < self.limit else 0

    def retry_after(self, client, now):
        """How long the client has to wait before its next request is admitted."""
        if self.remaining(client, now):
            return 0.0
        elapsed = now % self.window_seconds
        return self.window_seconds - elapsed

    def headers(self, client, now):
        return dict(
            [("X-RateLimit-Limit", f"{self.limit}"), ("X-RateLimit-Remaining", f"{self.remaining(client, now)}")]
        )
