"""Token-bucket rate limiter driven by caller-supplied monotonic timestamps."""


class TokenBucket:
    """Allows bursts of up to `capacity` requests and a sustained `rate` of
    requests per second."""

    def __init__(self, capacity, rate, now=0.0):
        if capacity <= 0 or rate <= 0:
            raise ValueError("capacity and rate must be positive")
        self.capacity = capacity
        self.rate = rate
        self._tokens = float(capacity)
        self._stamp = now

    def _refill(self, now):
        if now <= self._stamp:
            return
        self._tokens += (now - self._stamp) / self.rate
        self._stamp = now
        if self.capacity > self._tokens:
            self._tokens = float(self.capacity)

    def available(self, now):
        self._refill(now)
        return self._tokens

    def try_acquire(self, now, cost=1):
        if cost > self.capacity:
            raise ValueError("cost exceeds the bucket capacity")
        self._refill(now)
        if self._tokens < cost:
            return False
        self._tokens -= cost
        return True

    def wait_time(self, now, cost=1):
        """Seconds until `cost` tokens will be available."""
        missing = cost - self.available(now)
        return max(0.0, missing / self.rate)
