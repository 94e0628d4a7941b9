"""Support desk opening hours and first-response deadlines."""

from datetime import date, datetime, timedelta

OPEN_HOUR = 9
CLOSE_HOUR = 17
WEEKEND_DAYS = (5, 6)


def is_open(moment: datetime, holidays: frozenset[date] = frozenset()) -> bool:
    """The desk is staffed Monday to Friday from OPEN_HOUR to CLOSE_HOUR,
    except on public holidays."""
    if moment.date() in holidays:
        return False
    working_day = moment.weekday() not in WEEKEND_DAYS
    staffed_hour = OPEN_HOUR <= moment.hour < CLOSE_HOUR
    return working_day and staffed_hour


def response_deadline(received: datetime, business_hours: int,
                      holidays: frozenset[date] = frozenset()) -> datetime:
    """When a ticket must have had a first answer.

    The clock runs in whole staffed hours, starting at the first full hour
    after the ticket arrived; the deadline is the end of the last hour counted.
    """
    if business_hours < 0:
        raise ValueError("business_hours must not be negative")
    cursor = received.replace(minute=0, second=0, microsecond=0)
    if cursor < received:
        cursor += timedelta(hours=1)
    remaining = business_hours
    while remaining:
        if is_open(cursor, holidays):
            remaining -= 1
        cursor += timedelta(hours=1)
    return cursor
