"""Support desk opening hours and first-response deadlines."""

from datetime import date, datetime, timedelta
from itertools import count, islice

OPEN_HOUR = 9
CLOSE_HOUR = 17
WORKDAYS = range(0, 5)


def is_open(moment: datetime, holidays: frozenset[date] = frozenset()) -> bool:
    """Staffed Monday to Friday, OPEN_HOUR to CLOSE_HOUR, except on holidays."""
    return (
        moment.weekday() in WORKDAYS
        and moment.hour in range(OPEN_HOUR, CLOSE_HOUR)
        and moment.date() not in holidays
    )


def _staffed_slots(start: datetime, holidays: frozenset[date]):
    """Start times of the staffed hours from `start` on, earliest first (endless)."""
    slots = (start + timedelta(hours=n) for n in count())
    return (slot for slot in slots if is_open(slot, holidays))


def response_deadline(received: datetime, business_hours: int,
                      holidays: frozenset[date] = frozenset()) -> datetime:
    """When a ticket must have had a first answer (end of the n-th staffed hour).

    Counting starts at the first full hour at or after `received`; with zero
    business hours that hour itself is the deadline.
    """
    if business_hours < 0:
        raise ValueError("business_hours must not be negative")
    floor = datetime(received.year, received.month, received.day, received.hour, tzinfo=received.tzinfo)
    first = floor if floor == received else floor + timedelta(hours=1)
    if business_hours == 0:
        return first
    last = next(islice(_staffed_slots(first, holidays), business_hours - 1, None))
    return last + timedelta(hours=1)
