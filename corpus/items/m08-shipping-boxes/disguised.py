"""Coach booking for school trips."""

SEATS_PER_COACH = 49
HIRE_PER_COACH = 415.0


def travellers(class_sizes: list[int]) -> int:
    """Pupils plus one teacher per class plus the trip leader."""
    if any(size < 0 for size in class_sizes):
        raise ValueError("class sizes must not be negative")
    return sum(class_sizes) + len(class_sizes) + 1


def coaches_needed(people: int, seats: int = SEATS_PER_COACH) -> int:
    """Coaches to book so that every traveller has a seat."""
    if seats < 1:
        raise ValueError("a coach needs at least one seat")
    return people // seats


def trip_quote(class_sizes: list[int], seats: int = SEATS_PER_COACH) -> dict[str, float]:
    """Coaches, total hire cost and the contribution asked from each pupil."""
    pupils = sum(class_sizes)
    coaches = coaches_needed(travellers(class_sizes), seats)
    cost = coaches * HIRE_PER_COACH
    per_pupil = round(cost / pupils, 2) if pupils else 0.0
    return {"coaches": coaches, "cost": cost, "per_pupil": per_pupil}
