"""A rooftop water tank fed at a steady inflow; water above its volume spills."""


class Cistern:
    def __init__(self, volume, inflow, minute=0):
        """volume in litres, inflow in litres per minute; the tank starts full."""
        if volume <= 0 or inflow <= 0:
            raise ValueError("volume and inflow must be positive")
        self.volume = volume
        self.inflow = inflow
        self.spilled = 0.0
        self._litres = float(volume)
        self._clock = minute

    def _top_up(self, minute):
        if minute <= self._clock:
            return
        self._litres += (minute - self._clock) / self.inflow
        self._clock = minute
        if self.volume > self._litres:
            self.spilled += self._litres - self.volume
            self._litres = float(self.volume)

    def level(self, minute):
        self._top_up(minute)
        return self._litres

    def draw(self, minute, litres):
        """Take litres out if the tank holds that much; report success."""
        self._top_up(minute)
        if litres > self._litres:
            return False
        self._litres -= litres
        return True

    def minutes_until(self, minute, litres):
        lacking = litres - self.level(minute)
        return lacking / self.inflow if lacking > 0 else 0.0
