"""A small time-to-live cache with least-recently-used eviction.

Times are passed in explicitly (seconds as floats) so callers decide
which clock to use.
"""

from collections import OrderedDict


class TTLCache:
    def __init__(self, ttl, capacity=256):
        if ttl <= 0 or capacity < 1:
            raise ValueError("ttl and capacity must be positive")
        self.ttl = ttl
        self.capacity = capacity
        self._entries = OrderedDict()  # key -> (value, stored_at)
        self.hits = 0
        self.misses = 0

    def _expired(self, stored_at, now):
        return now - stored_at >= self.ttl

    def put(self, key, value, now):
        self._entries[key] = (value, now)
        self._entries.move_to_end(key)
        while len(self._entries) > self.capacity:
            self._entries.popitem(last=False)

    def get(self, key, now, default=None):
        entry = self._entries.get(key)
        if entry is not None and not self._expired(entry[1], now):
            self.hits += 1
            self._entries.move_to_end(key)
            return entry[0]
        self.misses += 1
        self._entries.pop(key, None)
        return default

    def get_or_load(self, key, loader, now):
        """Cached value for `key`, calling `loader(key)` on a miss."""
        marker = object()
        value = self.get(key, now, marker)
        if value is marker:
            value = loader(key)
            self.put(key, value, now)
        return value

    def __len__(self):
        return len(self._entries)
