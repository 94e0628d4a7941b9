"""Meeting room reservations kept per room, with double-booking prevention."""

from collections import defaultdict
from dataclasses import dataclass


@dataclass(frozen=True)
class Booking:
    room: str
    start: int  # minutes since midnight
    end: int  # minutes since midnight, exclusive
    holder: str

    def minutes(self):
        return set(range(self.start, self.end))


class BookingConflict(Exception):
    pass


class RoomCalendar:
    def __init__(self):
        self._by_room = defaultdict(list)

    def conflicts(self, requested):
        wanted = requested.minutes()
        return [b for b in self._by_room[requested.room] if not wanted.isdisjoint(b.minutes())]

    def book(self, room, start, end, holder):
        if not start < end:
            raise ValueError("a booking must end after it starts")
        candidate = Booking(room, start, end, holder)
        blocking = self.conflicts(candidate)
        if blocking:
            raise BookingConflict(f"{room} is already taken by {blocking[0].holder}")
        self._by_room[room].append(candidate)
        return candidate

    def cancel(self, booking):
        self._by_room[booking.room].remove(booking)

    def free_slots(self, room, day_start, day_end):
        """Free intervals of the room inside [day_start, day_end)."""
        busy = set()
        for b in self._by_room[room]:
            busy |= b.minutes()
        gaps, opened = [], None
        for minute in range(day_start, day_end + 1):
            free = minute < day_end and minute not in busy
            if free and opened is None:
                opened = minute
            elif not free and opened is not None:
                gaps.append((opened, minute))
                opened = None
        return gaps
