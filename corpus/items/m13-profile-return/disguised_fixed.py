"""Marginal income tax rate lookup with regional surcharges."""

BRACKETS = {
    "single": [(11_000, 0.10), (44_725, 0.12), (95_375, 0.22), (182_100, 0.24),
               (231_250, 0.32), (578_125, 0.35)],
    "joint": [(22_000, 0.10), (89_450, 0.12), (190_750, 0.22), (364_200, 0.24),
              (462_500, 0.32), (693_750, 0.35)],
}
TOP_RATE = 0.37
SURCHARGES = {"metro": 0.015, "island": 0.01}
RATE_CAP = 0.38


def marginal_rate(income, status="single", region=None):
    """Rate applied to the next unit of income, including any regional surcharge."""
    if income < 0:
        raise ValueError("income must not be negative")
    try:
        bands = BRACKETS[status]
    except KeyError:
        raise ValueError(f"unknown filing status {status!r}") from None
    surcharge = SURCHARGES.get(region, 0.0)
    for ceiling, base in bands:
        if income <= ceiling:
            rate = round(base + surcharge, 4)
            if rate > RATE_CAP:
                rate = RATE_CAP
            return rate
    return round(min(TOP_RATE + surcharge, RATE_CAP), 4)


def bracket_ceiling(income, status="single"):
    """Upper bound of the bracket that income falls in, or None for the top bracket."""
    for ceiling, _ in BRACKETS[status]:
        if income <= ceiling:
            return ceiling
    return None
