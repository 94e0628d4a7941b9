"""In-memory meeting room calendar that rejects overlapping reservations."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Booking:
    room: str
    start: int  # minutes since midnight
    end: int  # minutes since midnight, exclusive
    holder: str


class BookingConflict(Exception):
    pass


class RoomCalendar:
    def __init__(self):
        self._bookings = {}

    @staticmethod
    def _overlaps(existing, requested):
        return existing.start < requested.end and requested.start < existing.end

    def conflicts(self, requested):
        booked = self._bookings.get(requested.room, [])
        return [b for b in booked if self._overlaps(b, requested)]

    def book(self, room, start, end, holder):
        if end <= start:
            raise ValueError("a booking must end after it starts")
        requested = Booking(room, start, end, holder)
        clashes = self.conflicts(requested)
        if clashes:
            raise BookingConflict(f"{room} is already taken by {clashes[0].holder}")
        self._bookings.setdefault(room, []).append(requested)
        return requested

    def cancel(self, booking):
        self._bookings.get(booking.room, []).remove(booking)

    def free_slots(self, room, day_start, day_end):
        """Gaps between bookings of a room within [day_start, day_end)."""
        slots = []
        cursor = day_start
        for b in sorted(self._bookings.get(room, []), key=lambda b: b.start):
            gap_end = min(b.start, day_end)
            if gap_end > cursor:
                slots.append((cursor, gap_end))
            cursor = max(cursor, b.end)
        if cursor < day_end:
            slots.append((cursor, day_end))
        return slots
