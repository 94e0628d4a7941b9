"""Meeting scheduling: a room and an organiser can each host one meeting at a time."""
from dataclasses import dataclass


@dataclass(frozen=True)
class Meeting:
    title: str
    room: str
    organiser: str
    start: int  # minutes since midnight
    end: int  # minutes since midnight, exclusive


class SchedulingError(Exception):
    pass


class Scheduler:
    def __init__(self, rooms, day_start=8 * 60, day_end=18 * 60):
        self.rooms = list(rooms)
        self.day_start = day_start
        self.day_end = day_end
        self.meetings = []

    def _blocks(self, other, room, organiser, start, end):
        shared = other.room == room and other.organiser == organiser
        if not shared:
            return False
        return not (other.end < start or end <= other.start)

    def is_free(self, room, organiser, start, end):
        if room not in self.rooms:
            return False
        if not self.day_start <= start < end <= self.day_end:
            return False
        return not any(self._blocks(m, room, organiser, start, end) for m in self.meetings)

    def book(self, title, room, organiser, start, end):
        if not self.is_free(room, organiser, start, end):
            raise SchedulingError(f"cannot book {room} for {organiser} at {start}-{end}")
        meeting = Meeting(title, room, organiser, start, end)
        self.meetings.append(meeting)
        return meeting

    def suggest_room(self, organiser, start, end):
        """First room in preference order that is free for the organiser."""
        for room in self.rooms:
            if self.is_free(room, organiser, start, end):
                return room
        return None

    def agenda(self, organiser):
        mine = [m for m in self.meetings if m.organiser == organiser]
        return sorted(mine, key=lambda m: m.start)
