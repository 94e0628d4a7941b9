"""Platform allocation at a through station: one train per platform, and a
train unit can only stand at one platform at a time."""
from collections import namedtuple

Stop = namedtuple("Stop", "service platform unit arrive depart")


class PlatformClash(Exception):
    pass


class Station:
    def __init__(self, platforms, opens=5 * 60, closes=24 * 60):
        self.platforms = tuple(platforms)
        self.opens = opens
        self.closes = closes
        self.stops = []

    def _collides(self, stop, platform, unit, arrive, depart):
        related = stop.platform == platform or stop.unit == unit
        if not related:
            return False
        return not (stop.depart <= arrive or depart <= stop.arrive)

    def can_assign(self, platform, unit, arrive, depart):
        if platform not in self.platforms:
            return False
        if not self.opens <= arrive < depart <= self.closes:
            return False
        for stop in self.stops:
            if self._collides(stop, platform, unit, arrive, depart):
                return False
        return True

    def assign(self, service, platform, unit, arrive, depart):
        if not self.can_assign(platform, unit, arrive, depart):
            raise PlatformClash(f"{service} cannot use platform {platform} at {arrive}")
        stop = Stop(service, platform, unit, arrive, depart)
        self.stops.append(stop)
        return stop

    def first_platform(self, unit, arrive, depart):
        return next((p for p in self.platforms if self.can_assign(p, unit, arrive, depart)), None)

    def occupancy(self, platform):
        return sorted((s.arrive, s.depart, s.service) for s in self.stops if s.platform == platform)
