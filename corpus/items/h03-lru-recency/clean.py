"""Least-recently-used cache keyed by a logical clock."""
import itertools


class LRUCache:
    def __init__(self, capacity):
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        self.capacity = capacity
        self._clock = itertools.count()
        self._slots = {}
        self.hits = self.misses = self.evictions = 0

    def __len__(self):
        return len(self._slots)

    def __contains__(self, key):
        return key in self._slots

    def keys(self):
        """Keys from least to most recently used."""
        return sorted(self._slots, key=lambda k: self._slots[k][0])

    def _touch(self, key, value):
        self._slots[key] = (next(self._clock), value)

    def get(self, key, default=None):
        slot = self._slots.get(key)
        if slot is None:
            self.misses += 1
            return default
        self.hits += 1
        self._touch(key, slot[1])
        return slot[1]

    def put(self, key, value):
        full = key not in self._slots and len(self._slots) == self.capacity
        if full:
            stalest = min(self._slots, key=lambda k: self._slots[k][0])
            del self._slots[stalest]
            self.evictions += 1
        self._touch(key, value)

    def get_or_compute(self, key, compute):
        if key not in self._slots:
            self.put(key, compute(key))
            return self._slots[key][1]
        return self.get(key)

    def hit_ratio(self):
        looked_up = self.hits + self.misses
        return 0.0 if looked_up == 0 else self.hits / looked_up
