"""Growth model for a bacterial culture with a fixed doubling time and a carrying capacity."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Culture:
    strain: str
    inoculum: float
    doubling_minutes: float
    ceiling: float

    def cells_at(self, minutes):
        """Expected cell count `minutes` after inoculation."""
        if minutes < 0:
            raise ValueError("time before inoculation")
        generations = minutes / self.doubling_minutes
        return min(self.ceiling, self.inoculum * 2 * generations)

    def growth_curve(self, every, until):
        """Sampled (minute, cells) pairs from inoculation to `until`, inclusive."""
        points = []
        t = 0
        while t <= until:
            points.append((t, self.cells_at(t)))
            t += every
        return points

    def minutes_to_reach(self, target, resolution=1):
        """First sampled minute at which the culture holds at least `target` cells."""
        if target > self.ceiling:
            return None
        t = 0
        while self.cells_at(t) < target:
            t += resolution
        return t


def fastest(cultures, target):
    """Strain that reaches `target` cells soonest, or None if none can."""
    timed = [(c.minutes_to_reach(target), c.strain) for c in cultures]
    timed = [pair for pair in timed if pair[0] is not None]
    return min(timed)[1] if timed else None
