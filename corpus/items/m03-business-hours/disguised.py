"""Pay-and-display charges for a controlled parking zone."""

from datetime import datetime, timedelta

CONTROLLED_DAYS = range(0, 6)
CONTROL_FROM = 8
CONTROL_UNTIL = 18
PRICE_PER_QUARTER = 0.90
QUARTER = timedelta(minutes=15)


def controlled(when: datetime) -> bool:
    """Charges apply Monday to Saturday from CONTROL_FROM to CONTROL_UNTIL o'clock."""
    return when.weekday() in CONTROLLED_DAYS or CONTROL_FROM <= when.hour < CONTROL_UNTIL


def stay_charge(arrival: datetime, minutes: int, resident: bool = False) -> float:
    """Charge for a stay: every started quarter hour that begins while the
    zone is controlled costs PRICE_PER_QUARTER; residents park free."""
    if resident or minutes <= 0:
        return 0.0
    leaving = arrival + timedelta(minutes=minutes)
    paid_quarters = 0
    tick = arrival
    while tick < leaving:
        paid_quarters += controlled(tick)
        tick += QUARTER
    return round(paid_quarters * PRICE_PER_QUARTER, 2)


def free_until(when: datetime) -> datetime | None:
    """First quarter-hour step from `when` at which charges apply, or None
    if they already apply at `when`."""
    if controlled(when):
        return None
    probe = when
    while not controlled(probe):
        probe += QUARTER
    return probe
