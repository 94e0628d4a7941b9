"""Expiring key/value cache bounded by size (least recently used goes first).

Callers pass the current time `now`, in seconds, to reads and writes.
"""

_MISSING = object()


class TTLCache:
    def __init__(self, ttl, capacity=256):
        if not (ttl > 0 and capacity >= 1):
            raise ValueError("ttl and capacity must be positive")
        self.ttl = ttl
        self.capacity = capacity
        self._slots = {}  # key -> (deadline, value); dict order tracks recency
        self.hits = self.misses = 0

    def _touch(self, key, slot):
        self._slots.pop(key, None)
        self._slots[key] = slot

    def put(self, key, value, now):
        self._touch(key, (now + self.ttl, value))
        while len(self._slots) > self.capacity:
            del self._slots[next(iter(self._slots))]

    def get(self, key, now, default=None):
        """Value for `key` while it is younger than `ttl` seconds, else `default`."""
        deadline, value = self._slots.pop(key, (None, _MISSING))
        if value is _MISSING or now >= deadline:
            self.misses += 1
            return default
        self.hits += 1
        self._slots[key] = (deadline, value)
        return value

    def get_or_load(self, key, loader, now):
        found = self.get(key, now, _MISSING)
        if found is _MISSING:
            found = loader(key)
            self.put(key, found, now)
        return found

    def __len__(self):
        return len(self._slots)
