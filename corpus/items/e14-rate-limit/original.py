"""Fixed-window rate limiter keyed by client, driven by caller-supplied timestamps."""


class FixedWindowLimiter:
    """Admit at most `limit` requests per client in each window of `window_seconds`."""

    def __init__(self, limit, window_seconds):
        if limit < 1 or window_seconds <= 0:
            raise ValueError("limit and window must be positive")
        self.limit = limit
        self.window_seconds = window_seconds
        self._state = {}  # client -> (window index, requests admitted in it)

    def _window(self, now):
        return int(now // self.window_seconds)

    def _count(self, client, window):
        seen_window, count = self._state.get(client, (window, 0))
        return count if seen_window == window else 0

    def allow(self, client, now):
        """Record a request at time `now` and say whether it may proceed."""
        window = self._window(now)
        count = self._count(client, window)
        if count <= self.limit:
            self._state[client] = (window, count + 1)
            return True
        return False

    def remaining(self, client, now):
        return max(0, self.limit - self._count(client, self._window(now)))

    def retry_after(self, client, now):
        """Seconds until the client may send again (0 if it may send now)."""
        if self.remaining(client, now) > 0:
            return 0.0
        next_window = (self._window(now) + 1) * self.window_seconds
        return next_window - now

    def headers(self, client, now):
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(self.remaining(client, now)),
        }
