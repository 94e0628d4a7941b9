"""Berth register for a small marina, keyed directly by berth number.

The pontoon has berths numbered 1 to N and each berth takes a single boat.
The register maps every occupied berth number to the boat moored there and
refuses any berth number that is not on the pontoon.
"""


class BerthTaken(Exception):
    """Raised when a boat is sent to a berth that already holds one."""


class Marina:
    """Which boat lies at which of the berths 1..N."""

    def __init__(self, berths):
        if berths < 1:
            raise ValueError("a marina needs at least one berth")
        self._numbers = range(1, berths + 1)
        self._moored = {}

    def _check(self, berth):
        if berth not in self._numbers:
            raise ValueError(f"no berth {berth}")

    def moor(self, berth, boat):
        """Put boat in an empty berth."""
        self._check(berth)
        if berth in self._moored:
            raise BerthTaken(f"berth {berth} holds {self._moored[berth]}")
        self._moored[berth] = boat

    def depart(self, berth):
        """Empty the berth; returns the boat that left it."""
        self._check(berth)
        try:
            return self._moored.pop(berth)
        except KeyError:
            raise KeyError(f"berth {berth} is empty") from None

    def boat_at(self, berth):
        """The boat in the berth, or None when it is empty."""
        self._check(berth)
        return self._moored.get(berth)

    def occupied(self):
        """Occupied berth numbers mapped to their boats."""
        return dict(sorted(self._moored.items()))

    def find(self, boat):
        """The berth boat is moored at, or None."""
        return next((berth for berth, moored in sorted(self._moored.items()) if moored == boat), None)

    def vacancies(self):
        """How many berths are free."""
        return len(self._numbers) - len(self._moored)
