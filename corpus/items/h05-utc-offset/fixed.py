"""Normalise wall-clock timestamps reported by field devices to UTC.

A device reports local time as "2024-03-01T09:30", optionally followed by its
UTC offset: "+05:30", "-08:00" or "Z". Offsets count minutes east of UTC, so
UTC is the local time minus the offset. A timestamp without an offset is local
time at the site, whose offset the clock is configured with.
"""
from datetime import datetime, timedelta


def _offset_minutes(suffix):
    """Minutes east of UTC for "Z", "+HH:MM" or "-HH:MM"."""
    if suffix == "Z":
        return 0
    sign = -1 if suffix[0] == "-" else 1
    hours, minutes = suffix[1:].split(":")
    return sign * (int(hours) * 60 + int(minutes))


def _split(stamp):
    """Separate the local date and time from the offset suffix ("" if none)."""
    day, _, clock = stamp.partition("T")
    for i, ch in enumerate(clock):
        if ch in "+-Z":
            return f"{day}T{clock[:i]}", clock[i:]
    return stamp, ""


class SiteClock:
    def __init__(self, site_offset_minutes):
        self.site_offset_minutes = site_offset_minutes

    def to_utc(self, stamp):
        """The naive UTC datetime of the instant a device timestamp denotes."""
        local, suffix = _split(stamp)
        if suffix:
            offset = _offset_minutes(suffix)
        else:
            offset = self.site_offset_minutes
        return datetime.fromisoformat(local) - timedelta(minutes=offset)

    def ordered(self, stamps):
        """Timestamps sorted by the instant they denote, earliest first."""
        return sorted(stamps, key=self.to_utc)

    def minutes_between(self, earlier, later):
        return (self.to_utc(later) - self.to_utc(earlier)) / timedelta(minutes=1)
