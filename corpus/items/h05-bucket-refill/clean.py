"""Token bucket whose level is derived lazily from the time of the last change."""


class TokenBucket:
    """Allows bursts of up to `capacity` requests and a sustained `rate` of
    requests per second."""

    def __init__(self, capacity, rate, now=0.0):
        if not (capacity > 0 and rate > 0):
            raise ValueError("capacity and rate must be positive")
        self.capacity = capacity
        self.rate = rate
        self._level = float(capacity)
        self._since = now

    def _level_at(self, now):
        gained = max(0.0, now - self._since) * self.rate
        return min(float(self.capacity), self._level + gained)

    def _settle(self, now):
        self._level = self._level_at(now)
        self._since = max(self._since, now)

    def available(self, now):
        return self._level_at(now)

    def try_acquire(self, now, cost=1):
        if cost > self.capacity:
            raise ValueError("cost exceeds the bucket capacity")
        self._settle(now)
        granted = self._level >= cost
        if granted:
            self._level -= cost
        return granted

    def wait_time(self, now, cost=1):
        """Seconds until `cost` tokens will be available."""
        shortfall = cost - self._level_at(now)
        return shortfall / self.rate if shortfall > 0 else 0.0
