"""Per-window latency summaries for the request dashboard."""

import statistics
from dataclasses import dataclass, fields
from typing import Iterable, Sequence


@dataclass(frozen=True)
class LatencySummary:
    """Statistics of one window in milliseconds; every field is 0 for an empty window."""

    count: int
    mean_ms: float = 0.0
    median_ms: float = 0.0
    min_ms: float = 0.0
    max_ms: float = 0.0

    def as_row(self) -> dict[str, float]:
        """Field name to value, each rounded to one decimal for display."""
        return {f.name: round(float(getattr(self, f.name)), 1) for f in fields(self)}


def summarize(latencies_ms: Iterable[float]) -> LatencySummary:
    """Summarize one window of request latencies (ms); an empty window gives all zeros."""
    samples = list(latencies_ms)
    if not samples:
        return LatencySummary(count=0)
    return LatencySummary(
        len(samples),
        statistics.fmean(samples),
        float(statistics.median(samples)),
        float(min(samples)),
        float(max(samples)),
    )


def dashboard_rows(windows: Sequence[Iterable[float]]) -> list[dict[str, float]]:
    """One table row per window, oldest first."""
    rows = []
    for window in windows:
        rows.append(summarize(window).as_row())
    return rows
