"""Per-window latency summaries for the request dashboard."""

from dataclasses import asdict, dataclass
from typing import Iterable, Sequence


@dataclass(frozen=True)
class LatencySummary:
    count: int
    mean_ms: float
    median_ms: float
    min_ms: float
    max_ms: float

    def as_row(self) -> dict[str, float]:
        return {name: round(float(value), 1) for name, value in asdict(self).items()}


def _median(ordered: Sequence[float]) -> float:
    mid = len(ordered) // 2
    if len(ordered) % 2:
        return float(ordered[mid])
    return (ordered[mid - 1] + ordered[mid]) / 2


def summarize(latencies_ms: Iterable[float]) -> LatencySummary:
    """Summarize the request latencies of one dashboard window.

    A window in which no request completed is summarized as all zeros, so
    the dashboard can render it like any other window.
    """
    ordered = sorted(latencies_ms)
    count = len(ordered)
    if count == 0:
        return LatencySummary(count=0, mean_ms=0.0, median_ms=0.0, min_ms=0.0, max_ms=0.0)
    return LatencySummary(
        count=count,
        mean_ms=sum(ordered) / count,
        median_ms=_median(ordered),
        min_ms=float(ordered[0]),
        max_ms=float(ordered[-1]),
    )


def dashboard_rows(windows: Sequence[Iterable[float]]) -> list[dict[str, float]]:
    """One table row per window, oldest first."""
    return [summarize(window).as_row() for window in windows]
