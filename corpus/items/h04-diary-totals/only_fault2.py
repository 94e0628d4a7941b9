"""Food diary that keeps a calorie total for every day.

Entries are logged against a day and can be deleted again when they were
logged by mistake.  Daily totals are cached; they are worked out afresh
from the entries whenever the diary has changed since they were last
computed, so totals always reflect the entries currently in the diary.
"""
import itertools
from collections import defaultdict
from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    entry_id: int
    day: str  # ISO date, e.g. "2024-05-01"
    food: str
    kcal: int


class Diary:
    def __init__(self, daily_target=2000):
        self.daily_target = daily_target
        self._entries = {}
        self._ids = itertools.count(1)
        self._totals = {}
        self._stale = False

    def log(self, day, food, kcal):
        """Record a food eaten on a day and return the new entry's id."""
        if kcal < 0:
            raise ValueError("calories cannot be negative")
        entry = Entry(next(self._ids), day, food, kcal)
        self._entries[entry.entry_id] = entry
        self._stale = True
        return entry.entry_id

    def delete(self, entry_id):
        """Remove an entry that was logged by mistake."""
        del self._entries[entry_id]
        self._stale = True

    def _refresh(self):
        if not self._stale:
            totals = defaultdict(int)
            for entry in self._entries.values():
                totals[entry.day] += entry.kcal
            self._totals = dict(totals)
            self._stale = False

    def total(self, day):
        """Calories logged on a day (0 for a day without entries)."""
        self._refresh()
        return self._totals.get(day, 0)

    def days_over_target(self):
        """Days whose total exceeds the daily target, in date order."""
        self._refresh()
        return sorted(day for day, kcal in self._totals.items() if kcal > self.daily_target)
