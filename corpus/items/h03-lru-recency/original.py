"""A small least-recently-used cache with hit/miss statistics."""
from collections import OrderedDict


class LRUCache:
    def __init__(self, capacity):
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        self.capacity = capacity
        self._entries = OrderedDict()
        self.hits = 0
        self.misses = 0
        self.evictions = 0

    def __len__(self):
        return len(self._entries)

    def __contains__(self, key):
        return key in self._entries

    def keys(self):
        """Keys from least to most recently used."""
        return list(self._entries)

    def get(self, key, default=None):
        if key not in self._entries:
            self.misses += 1
            return default
        self.hits += 1
        return self._entries[key]

    def put(self, key, value):
        if key in self._entries:
            self._entries.move_to_end(key)
        elif len(self._entries) > self.capacity:
            self._entries.popitem(last=False)
            self.evictions += 1
        self._entries[key] = value

    def get_or_compute(self, key, compute):
        if key in self._entries:
            return self.get(key)
        value = compute(key)
        self.put(key, value)
        return value

    def hit_ratio(self):
        total = self.hits + self.misses
        return self.hits / total if total else 0.0
