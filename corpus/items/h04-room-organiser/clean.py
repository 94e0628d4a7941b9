"""Room and organiser calendars for meetings within one working day."""
from dataclasses import dataclass


@dataclass(frozen=True)
class Meeting:
    title: str
    room: str
    organiser: str
    start: int  # minutes since midnight
    end: int  # minutes since midnight, exclusive


class SchedulingError(Exception):
    """The requested slot collides with another meeting or lies outside the day."""


def _intersect(first_start, first_end, second_start, second_end):
    return max(first_start, second_start) < min(first_end, second_end)


class Scheduler:
    def __init__(self, rooms, day_start=8 * 60, day_end=18 * 60):
        self.rooms = list(rooms)
        self.day_start, self.day_end = day_start, day_end
        self.meetings = []

    def _involving(self, room, organiser):
        return [m for m in self.meetings if room == m.room or organiser == m.organiser]

    def is_free(self, room, organiser, start, end):
        within_day = self.day_start <= start < end <= self.day_end
        if room not in self.rooms or not within_day:
            return False
        busy = self._involving(room, organiser)
        return all(not _intersect(start, end, m.start, m.end) for m in busy)

    def book(self, title, room, organiser, start, end):
        if self.is_free(room, organiser, start, end):
            self.meetings.append(Meeting(title, room, organiser, start, end))
            return self.meetings[-1]
        raise SchedulingError(f"cannot book {room} for {organiser} at {start}-{end}")

    def suggest_room(self, organiser, start, end):
        """First room in preference order that is free for the organiser."""
        candidates = (r for r in self.rooms if self.is_free(r, organiser, start, end))
        return next(candidates, None)

    def agenda(self, organiser):
        return sorted(filter(lambda m: m.organiser == organiser, self.meetings),
                      key=lambda m: m.start)
