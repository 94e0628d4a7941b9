"""The report's charts as SVG strings (matplotlib, Agg-free: a bare Figure with the SVG canvas).

Reproducible: a fixed hash salt per chart and no date in the metadata, so regenerating a report from the same
verdicts gives byte-identical charts. Text stays text (svg.fonttype none): matplotlib escapes it as XML, so a
reviewer name holding markup is shown, never parsed; names go through model/outside_text.py's chart (a `$` is no
mathtext, a control character is shown as an escape). matplotlib is imported here, lazily, only by a report.
"""

from __future__ import annotations

import io
import math
import re

from redpen_bench.model.outside_text import chart
from redpen_bench.report.data import THRESHOLD_REVIEWER, ReportData
from redpen_bench.scoring.percent import interval, pct

BASELINE_COLOR = "#8a8f98"
TOOL_COLOR = "#1f5fa8"
THRESHOLD_COLOR = "#c0392b"


def load_matplotlib() -> None:
    """Import what drawing needs (about half a second of one core), ahead of the first chart."""
    import matplotlib.backends.backend_svg  # savefig(format="svg") imports it on first use
    import matplotlib.figure  # noqa: F401


def _figure(width: float, height: float):
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=100)
    return fig, fig.add_subplot()


def _svg(fig, salt: str) -> str:
    import matplotlib

    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": f"redpen-{salt}", "svg.fonttype": "none"}):
        fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None}, bbox_inches="tight")
    text = buffer.getvalue()
    text = text[text.index("<svg"):]  # no XML prolog or DOCTYPE: the SVG is inlined in HTML
    return re.sub(r"\s*<metadata>.*?</metadata>", "", text, count=1, flags=re.DOTALL).strip() + "\n"


def _style(ax) -> None:
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.tick_params(labelsize=9)


# The leaderboard's axis zooms to the reviewers that matter: it spans always-no and every other reviewer's
# interval, but reaches at most ZOOM_BELOW points under always-no, where every reviewer has long lost to doing
# nothing. A baseline outside the window (the oracle's 100, always-yes's -50) is named at the edge it lies beyond,
# and so is a reviewer's point or interval end.
ZOOM_BELOW = 25.0
MIN_SPAN = 10.0
REFERENCE_COLOR = "#6b7280"
LABEL_BOX = {"facecolor": "white", "edgecolor": "none", "pad": 1.0}  # a label stays legible over a reference line


def leaderboard_window(data: ReportData) -> tuple[float, float]:
    """(low, high) of the leaderboard's axis, in percent."""
    tools = [r for r in data.rows if not r.baseline] or data.rows
    points = [v * 100 for r in tools for v in (r.average.value, r.average.low, r.average.high) if not math.isnan(v)]
    if data.threshold is not None:
        points.append(data.threshold * 100)
        floor = data.threshold * 100 - ZOOM_BELOW
        points = [max(p, floor) for p in points]
    low, high = (min(points), max(points)) if points else (0.0, 100.0)
    if high - low < MIN_SPAN:
        middle = (low + high) / 2
        low, high = middle - MIN_SPAN / 2, middle + MIN_SPAN / 2
    pad = (high - low) * 0.06
    return low - pad, high + pad


def leaderboard(data: ReportData) -> str:
    """Average with its 95 % interval per reviewer, best on top; the baselines are reference lines (always-no, the
    threshold, in red), named at the window's edge when they lie beyond it."""
    rows = [r for r in data.rows if not r.baseline] or data.rows
    baselines = [r for r in data.rows if r.baseline and r not in rows]
    low, high = leaderboard_window(data)
    fig, ax = _figure(7.5, 0.32 * len(rows) + 1.6)
    for i, row in enumerate(rows):
        _reviewer_line(ax, i, row, low, high)
    inside = [r for r in baselines if low <= r.average.value * 100 <= high]
    _reference_lines(ax, inside, (low + high) / 2)
    for left in (True, False):  # baselines beyond the window, named at its top corners
        beyond = sorted((r for r in baselines if r not in inside and (r.average.value * 100 < low) == left),
                        key=lambda r: r.average.value)
        if beyond:
            names = ", ".join(f"{chart(r.reviewer)} {pct(r.average.value)}" for r in beyond)
            side = "left" if left else "right"
            ax.text(low if left else high, -1.75, f"◀ {names}" if left else f"{names} ▶", color=REFERENCE_COLOR,
                    fontsize=8, ha=side, va="center", gid=f"beyond-{side}", bbox=LABEL_BOX)
    ax.set_xlim(low, high)
    ax.set_yticks(range(len(rows)), [chart(r.reviewer) for r in rows])
    ax.set_ylim(len(rows) - 0.4, -2.1)
    ax.set_xlabel("Average score (%), 95 % bootstrap interval; baselines as reference lines")
    ax.grid(axis="x", alpha=0.25)
    _style(ax)
    return _svg(fig, "leaderboard")


def _reviewer_line(ax, i: int, row, low: float, high: float) -> None:
    """Row i of the leaderboard: the interval cut at the window, and the point, or an arrow at the edge it lies
    beyond, with its value and interval written out."""
    color = BASELINE_COLOR if row.baseline else TOOL_COLOR
    if not math.isnan(row.average.low):
        start, end = (max(v * 100, low) for v in (row.average.low, row.average.high))
        ax.plot([start, min(end, high)], [i, i], color=color, linewidth=2.2, alpha=0.55, solid_capstyle="butt")
    value = row.average.value * 100
    if low <= value <= high:
        ax.plot(value, i, "o", color=color, markersize=5.5)
        return
    left = value < low
    ax.plot(low if left else high, i, "<" if left else ">", color=color, markersize=6, clip_on=False)
    ax.annotate(f"{pct(row.average.value)} {interval(row.average.low, row.average.high)}",
                (low if left else high, i), xytext=(7 if left else -7, 0), textcoords="offset points",
                color=color, fontsize=7.5, ha="left" if left else "right", va="center")


def _reference_lines(ax, inside: list, middle: float) -> None:
    """The baselines inside the window as vertical lines, named below the axis (the threshold in red, with what
    it means), labels alternating in height so that neighbours do not overlap."""
    for level, row in enumerate(sorted(inside, key=lambda r: r.average.value)):
        threshold = row.family == THRESHOLD_REVIEWER
        color = THRESHOLD_COLOR if threshold else REFERENCE_COLOR
        x = row.average.value * 100
        ax.axvline(x, color=color, linestyle="--" if threshold else ":", linewidth=1, gid=f"reference-{level}")
        note = ": below it, doing nothing wins" if threshold else ""
        ax.annotate(f"{chart(row.reviewer)} {pct(row.average.value)}{note}", (x, -0.7 - 0.45 * (level % 2)),
                    xytext=(3 if x < middle else -3, 0), textcoords="offset points", color=color, fontsize=8,
                    va="center", ha="left" if x < middle else "right", bbox=LABEL_BOX)


def detection_vs_fpr(data: ReportData) -> str:
    """Each reviewer a point: up is finding more defects, right is crying wolf more."""
    fig, ax = _figure(7.0, 5.4)
    ax.plot([0, 100], [0, 100], color="#bbbbbb", linewidth=1, linestyle=":")
    ax.text(60, 54, "as often yes on correct code as on defects", color="#999999", fontsize=7.5, rotation=45,
            transform_rotates_text=True, rotation_mode="anchor")
    groups: dict[tuple[float, float], list] = {}
    for row in data.rows:
        if math.isnan(row.fpr_mean) or math.isnan(row.detection_mean):
            continue
        spot = (round(row.fpr_mean * 100, 1), round(row.detection_mean * 100, 1))
        groups.setdefault(spot, []).append(row)
    points = []
    for (x, y), rows in sorted(groups.items()):
        color = BASELINE_COLOR if all(r.baseline for r in rows) else TOOL_COLOR
        ax.plot(x, y, "o", color=color, markersize=6, zorder=3)
        names = [chart(r.reviewer) for r in rows]
        points.append((x, y, ", ".join(names) if len(names) <= 3 else f"{', '.join(names[:3])} +{len(names) - 3}",
                       color))
    for x, y, label_y, label, color in _spread_labels(points):
        if abs(label_y - y) > 1:
            ax.plot([x, x + 6], [y, label_y], color="#cccccc", linewidth=0.6, zorder=1)
        ax.text(x + (6.5 if abs(label_y - y) > 1 else 1.5), label_y + (0 if abs(label_y - y) > 1 else 1.5), label,
                fontsize=7.5, color=color, va="center")
    ax.set_xlim(-3, 103)
    ax.set_ylim(-3, 103)
    ax.set_xlabel("False-positive rate on controls (%), mean over tiers")
    ax.set_ylabel("Detection on defective variants (%), mean over tiers")
    ax.grid(alpha=0.25)
    _style(ax)
    return _svg(fig, "scatter")


def _spread_labels(points, gap: float = 3.6, reach: float = 30.0):
    """Labels of points that crowd together (the usual pile near no detection, no false positive) are moved up
    until they stand `gap` apart, each tied to its point by a thin line."""
    placed: list[tuple[float, float]] = []
    out = []
    for x, y, label, color in sorted(points, key=lambda p: (p[1], p[0])):
        label_y = y
        while any(abs(px - x) < reach and abs(py - label_y) < gap for px, py in placed):
            label_y += gap / 2
        placed.append((x, label_y))
        out.append((x, y, label_y, label, color))
    return out


def operator_heatmap(data: ReportData) -> str:
    """Score per operator family (rows: reviewers in ranking order)."""
    grid = data.operators
    if grid.empty:
        return ""
    values = grid.to_numpy(dtype=float) * 100
    import numpy as np

    fig, ax = _figure(1.0 + 0.75 * grid.shape[1] + 1.6, 0.32 * grid.shape[0] + 1.4)
    rows, columns = grid.shape
    # vector cells (no embedded raster): crisp at any zoom and plain SVG paths
    image = ax.pcolormesh(np.ma.masked_invalid(values), cmap="RdYlGn", vmin=-50, vmax=100, edgecolors="white",
                          linewidth=0.6)
    ax.set_xlim(0, columns)
    ax.set_ylim(rows, 0)
    for (i, j), value in _cells(values):
        dark = not math.isnan(value) and (value > 75 or value < -30)
        ax.text(j + 0.5, i + 0.5, "—" if math.isnan(value) else f"{value:.0f}", ha="center", va="center",
                fontsize=7.5, color="#ffffff" if dark else "#111111")
    labels = [f"{op}\n({data.operator_items.get(op, 0)})" for op in grid.columns]
    ax.set_xticks([j + 0.5 for j in range(columns)], labels)
    ax.set_yticks([i + 0.5 for i in range(rows)], [chart(r) for r in grid.index])
    ax.xaxis.tick_top()
    ax.tick_params(labelsize=8, length=0)
    for side in ax.spines.values():
        side.set_visible(False)
    colorbar = fig.colorbar(image, ax=ax, fraction=0.04, pad=0.02)
    colorbar.solids.set_rasterized(False)  # matplotlib rasterizes long colorbars: keep the SVG all vector
    colorbar.set_label("score (%)", fontsize=8)
    colorbar.ax.tick_params(labelsize=7)
    return _svg(fig, "operators")


def _cells(values):
    for i in range(values.shape[0]):
        for j in range(values.shape[1]):
            yield (i, j), values[i, j]


def original_vs_disguised(data: ReportData) -> str:
    """Share said yes on the original and on the disguised variant: a drop means surface familiarity."""
    grid = data.variants
    if grid.empty or "original" not in grid or "disguised" not in grid:
        return ""
    fig, ax = _figure(7.0, 0.32 * len(grid) + 1.3)
    for i, (_, row) in enumerate(grid.iterrows()):
        original, disguised = row["original"] * 100, row["disguised"] * 100
        ax.plot([original, disguised], [i, i], color="#bbbbbb", linewidth=1.5)
        ax.plot(original, i, "o", color=TOOL_COLOR, markersize=5.5, label="original" if i == 0 else None)
        # hollow, so an original drawn at the same place still shows through
        ax.plot(disguised, i, "D", color="#e67e22", markerfacecolor="none", markeredgewidth=1.4, markersize=6,
                label="disguised" if i == 0 else None)
    ax.set_yticks(range(len(grid)), [chart(r) for r in grid.index])
    ax.set_ylim(len(grid) - 0.5, -0.5)
    ax.set_xlim(-3, 103)
    ax.set_xlabel("Detection (%): share of defective variants answered yes, all tiers")
    ax.legend(fontsize=8, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=2, frameon=False)
    ax.grid(axis="x", alpha=0.25)
    _style(ax)
    return _svg(fig, "variants")


def all_charts(data: ReportData) -> dict[str, str]:
    """name -> SVG; a chart with nothing to show is left out."""
    charts = {
        "leaderboard": leaderboard(data),
        "detection-vs-fpr": detection_vs_fpr(data),
        "operators": operator_heatmap(data),
        "original-vs-disguised": original_vs_disguised(data),
    }
    return {name: svg for name, svg in charts.items() if svg}
