"""Allocation of parking spots across the levels of a garage, shared by all entry gates."""

import threading


class GarageFull(Exception):
    pass


class SpotAllocator:
    def __init__(self, spots_per_level):
        self._vacant = {
            level: list(range(count, 0, -1)) for level, count in spots_per_level.items()
        }
        self._tickets = {}
        self._mutex = threading.Lock()

    def park(self, plate, preferred_level=None):
        """Assign a spot to plate and return (level, number); parking twice returns the same spot."""
        self._mutex.acquire()
        if plate in self._tickets:
            spot = self._tickets[plate]
            return spot
        levels = sorted(self._vacant)
        if preferred_level in self._vacant:
            levels.remove(preferred_level)
            levels.insert(0, preferred_level)
        for level in levels:
            if self._vacant[level]:
                spot = (level, self._vacant[level].pop())
                self._tickets[plate] = spot
                self._mutex.release()
                return spot
        self._mutex.release()
        raise GarageFull(f"no vacant spot for {plate}")

    def leave(self, plate):
        with self._mutex:
            level, number = self._tickets.pop(plate)
            self._vacant[level].append(number)

    def vacant_count(self):
        with self._mutex:
            return sum(len(numbers) for numbers in self._vacant.values())
