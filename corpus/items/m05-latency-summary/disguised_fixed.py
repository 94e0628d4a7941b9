"""Attendance report for one class over the sessions held so far this term."""

from typing import Iterable, NamedTuple

CONCERN_THRESHOLD = 0.85


class AttendanceReport(NamedTuple):
    sessions_held: int
    rates: dict[str, float | None]
    class_average: float | None
    concerns: list[str]


def attendance_report(roster: Iterable[str], sessions: list[set[str]]) -> AttendanceReport:
    """Attendance rate of every pupil on the roster.

    `sessions` holds, for each session held, the set of pupils present.
    Visitors who are not on the roster are ignored. Before the first
    session every rate and the class average are None and no pupil is
    flagged as a concern.
    """
    pupils = list(roster)
    held = len(sessions)
    present = dict.fromkeys(pupils, 0)
    for attendees in sessions:
        for pupil in attendees:
            if pupil in present:
                present[pupil] += 1
    if not held:
        return AttendanceReport(0, dict.fromkeys(pupils), None, [])
    rates = {pupil: present[pupil] / held for pupil in pupils}
    average = sum(rates.values()) / len(rates) if rates else None
    concerns = sorted(pupil for pupil, rate in rates.items() if rate < CONCERN_THRESHOLD)
    return AttendanceReport(held, rates, average, concerns)


def format_rate(rate: float | None) -> str:
    return "n/a" if rate is None else f"{rate:.0%}"
