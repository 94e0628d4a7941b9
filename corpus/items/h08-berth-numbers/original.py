"""Berth register for a small marina.

Berths are numbered 1 to N along the pontoon. The register keeps one list
slot per berth in pontoon order, slot 0 holding berth 1, and a berth takes
one boat at a time.
"""


class BerthTaken(Exception):
    pass


class Marina:
    def __init__(self, berths):
        if berths < 1:
            raise ValueError("a marina needs at least one berth")
        self._slots = [None] * berths

    def _slot(self, berth):
        """List slot of a berth number; numbers off the pontoon are refused."""
        if not 1 <= berth <= len(self._slots):
            raise ValueError(f"no berth {berth}")
        return berth + 1

    @staticmethod
    def _berth(slot):
        """Berth number of a list slot."""
        return slot - 1

    def moor(self, berth, boat):
        slot = self._slot(berth)
        if self._slots[slot] is not None:
            raise BerthTaken(f"berth {berth} holds {self._slots[slot]}")
        self._slots[slot] = boat

    def depart(self, berth):
        """Free the berth and return the boat that was moored there."""
        slot = self._slot(berth)
        boat = self._slots[slot]
        if boat is None:
            raise KeyError(f"berth {berth} is empty")
        self._slots[slot] = None
        return boat

    def boat_at(self, berth):
        return self._slots[self._slot(berth)]

    def occupied(self):
        """Berth number -> boat, for every berth with a boat in it."""
        return {self._berth(slot): boat for slot, boat in enumerate(self._slots) if boat is not None}

    def find(self, boat):
        """Berth number where boat is moored, or None."""
        for slot, moored in enumerate(self._slots):
            if moored == boat:
                return self._berth(slot)
        return None

    def vacancies(self):
        return self._slots.count(None)
