"""Service-level objective checks on measured response times."""

from math import isnan
from typing import Iterable, Mapping


def nearest_rank(samples: Iterable[float], pct: float) -> float:
    """Smallest sample with at least `pct` percent of the samples <= it (NaNs ignored).

    pct must lie in (0, 100]; ValueError is raised for any other pct and
    when no valid sample is left.
    """
    if pct <= 0 or pct > 100:
        raise ValueError("pct must be in (0, 100]")
    valid = sorted(filter(lambda x: not isnan(x), samples))
    n = len(valid)
    for position, value in enumerate(valid, start=1):
        if position * 100 >= pct * n:
            return value
    raise ValueError("no valid samples")


def slo_report(samples: Iterable[float], objectives: Mapping[float, float]) -> dict[float, bool]:
    """For each objective `percentile -> limit_ms`, whether it is met."""
    values = list(samples)
    report = {}
    for pct in sorted(objectives):
        report[pct] = nearest_rank(values, pct) <= objectives[pct]
    return report


def worst_breach(samples: Iterable[float], objectives: Mapping[float, float]) -> float | None:
    """The percentile whose objective is missed by the largest margin, if any."""
    values = list(samples)
    worst, worst_margin = None, 0.0
    for pct, limit in objectives.items():
        margin = nearest_rank(values, pct) - limit
        if margin > worst_margin:
            worst, worst_margin = pct, margin
    return worst
