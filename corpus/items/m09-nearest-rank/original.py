"""Service-level objective checks on measured response times."""

import math
from typing import Iterable, Mapping


def nearest_rank(samples: Iterable[float], pct: float) -> float:
    """Nearest-rank percentile of the samples.

    Returns the smallest sample such that at least `pct` percent of all
    samples are less than or equal to it. NaN samples (failed measurements)
    are left out.
    """
    if not 0 < pct <= 100:
        raise ValueError("pct must be in (0, 100]")
    ordered = sorted(s for s in samples if not math.isnan(s))
    if not ordered:
        raise ValueError("no valid samples")
    rank = int(pct * len(ordered) / 100)
    return ordered[max(rank, 1) - 1]


def slo_report(samples: Iterable[float], objectives: Mapping[float, float]) -> dict[float, bool]:
    """For each objective `percentile -> limit_ms`, whether it is met."""
    values = list(samples)
    return {pct: nearest_rank(values, pct) <= limit for pct, limit in sorted(objectives.items())}


def worst_breach(samples: Iterable[float], objectives: Mapping[float, float]) -> float | None:
    """The percentile whose objective is missed by the largest margin, if any."""
    values = list(samples)
    margins = {pct: nearest_rank(values, pct) - limit for pct, limit in objectives.items()}
    breached = {pct: m for pct, m in margins.items() if m > 0}
    return max(breached, key=breached.__getitem__) if breached else None
