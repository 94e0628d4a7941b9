"""Device timestamps converted to UTC with the standard library's zone support.

Field devices send local wall-clock times such as "2024-03-01T09:30", with or
without a trailing UTC offset ("+05:30", "-08:00", "Z"). An offset states how
far the device's clock runs ahead of UTC; a timestamp that carries none was
taken at the site itself, so the site's configured offset applies to it.
"""
from datetime import datetime, timedelta, timezone


class SiteClock:
    """Converts the timestamps of one site's devices to naive UTC datetimes."""

    def __init__(self, site_offset_minutes):
        self.site_offset_minutes = site_offset_minutes
        self._site_zone = timezone(timedelta(minutes=site_offset_minutes))

    def to_utc(self, stamp):
        """The instant stamp stands for, as a naive datetime in UTC."""
        moment = datetime.fromisoformat(stamp)
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=self._site_zone)
        return moment.astimezone(timezone.utc).replace(tzinfo=None)

    def ordered(self, stamps):
        """The stamps in the order their instants occurred."""
        keyed = [(self.to_utc(stamp), position, stamp) for position, stamp in enumerate(stamps)]
        return [stamp for _, _, stamp in sorted(keyed)]

    def minutes_between(self, earlier, later):
        """Elapsed minutes from one stamp's instant to another's."""
        elapsed = self.to_utc(later) - self.to_utc(earlier)
        return elapsed.total_seconds() / 60
