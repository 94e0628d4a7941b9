"""Daily calorie totals for a personal food diary.

Foods are logged against a day; an entry logged by mistake may be deleted
again.  The per-day totals are cached and rebuilt from the stored entries
whenever any entry has been added or deleted since the last rebuild, so a
total never lags behind the entries that the diary currently holds.
"""
from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    entry_id: int
    day: str  # ISO date such as "2024-05-01"
    food: str
    kcal: int


class Diary:
    def __init__(self, daily_target=2000):
        self.daily_target = daily_target
        self._entries = []
        self._next_id = 1
        self._version = 0
        self._cache = (0, {})  # (version it was built at, totals by day)

    def log(self, day, food, kcal):
        """Add a food eaten on a day; returns the id of the entry."""
        if kcal < 0:
            raise ValueError("calories cannot be negative")
        self._entries.append(Entry(self._next_id, day, food, kcal))
        self._next_id += 1
        self._version += 1
        return self._next_id - 1

    def delete(self, entry_id):
        """Drop an entry that should not have been logged."""
        kept = [e for e in self._entries if e.entry_id != entry_id]
        if len(kept) == len(self._entries):
            raise KeyError(entry_id)
        self._entries = kept
        self._version += 1

    def _totals(self):
        built_at, totals = self._cache
        if built_at != self._version:
            totals = {}
            for e in self._entries:
                totals[e.day] = totals.get(e.day, 0) + e.kcal
            self._cache = (self._version, totals)
        return totals

    def total(self, day):
        """Calories logged on the given day, zero when nothing was logged."""
        return self._totals().get(day, 0)

    def days_over_target(self):
        """Sorted days on which the total is above the daily target."""
        return sorted(d for d, kcal in self._totals().items() if kcal > self.daily_target)
