"""Flight-time totals for a gliding club, read from the pilots' IGC flight-recorder logs."""

SECONDS_PER_DAY = 86400


def _utc_seconds(fix):
    """Seconds after midnight UTC of a B record ("BHHMMSS..." followed by the position)."""
    return int(fix[1:3]) * 3600 + int(fix[3:5]) * 60 + int(fix[5:7])


class Logbook:
    """Airtime per pilot, summed over every flight log entered in the book.

    open_log(name) returns a handle to one log: an iterable of text lines with a
    close() method. The book owns every handle it opens.
    """

    def __init__(self, open_log):
        self._open_log = open_log
        self.airtime = {}
        self.flights = 0

    def add_flight(self, pilot, log_name):
        """Credit pilot with the time from the first to the last fix of the log; returns seconds.

        A flight may run past midnight UTC; a log with fewer than two fixes is rejected.
        """
        log = self._open_log(log_name)
        try:
            fixes = [line for line in log if line.startswith("B")]
            if len(fixes) < 2:
                raise ValueError(f"{log_name}: fewer than two position fixes")
            duration = (_utc_seconds(fixes[-1]) - _utc_seconds(fixes[0])) % SECONDS_PER_DAY
        except Exception:
            log.close()
            raise
        log.close()
        self.airtime[pilot] = self.airtime.get(pilot, 0) + duration
        self.flights += 1
        return duration

    def hours(self, pilot):
        """Total airtime of pilot in hours, rounded to two decimals (0.0 if unknown)."""
        return round(self.airtime.get(pilot, 0) / 3600, 2)

    def ranking(self):
        """(pilot, seconds) pairs, most airtime first; ties in name order."""
        return sorted(self.airtime.items(), key=lambda entry: (-entry[1], entry[0]))
