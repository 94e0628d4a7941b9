"""The report's charts as SVG strings, written directly (svg.py says why: no matplotlib).

Each chart keeps the figure size it had as a matplotlib figure (inches x 72 points, the plot area the 77.5 % x 77 %
of it matplotlib's default subplot gave) and grows its margins around the labels it has. Reproducible: the same
report data gives byte-identical charts.
"""

from __future__ import annotations

import math

from redpen_bench.report.data import ReportData, pct
from redpen_bench.report.svg import TICK, Frame, Svg, margin_limits, nice_ticks, rdylgn, text_width, tick_label

BASELINE_COLOR = "#8a8f98"
TOOL_COLOR = "#1f5fa8"
THRESHOLD_COLOR = "#c0392b"
DISGUISED_COLOR = "#e67e22"
DASHED = "3.7 1.6"  # matplotlib's "--" and ":" at one point of line width
DOTTED = "1 1.65"


def _frame(width_in: float, height_in: float, left: float, top: float, xlim, ylim) -> tuple[Svg, Frame]:
    """A plot area of matplotlib's default share of a width_in x height_in figure, `left`/`top` points in."""
    frame = Frame(left, top, 0.775 * width_in * 72, 0.77 * height_in * 72, xlim, ylim)
    return Svg(0, 0), frame


def _finish(svg: Svg, frame: Frame, right: float, bottom: float) -> str:
    """The page: the plot area, `right` and `bottom` points around it, and any label reaching further out."""
    svg.width, svg.height = max(frame.right + right, svg.text_right + 4), frame.bottom + bottom
    return svg.render()


def _labels_width(labels, size: float) -> float:
    return max((text_width(label, size) for label in labels), default=0.0)


def leaderboard(data: ReportData) -> str:
    """Average with its 95 % interval per reviewer, best on top, the always-no threshold as a line."""
    rows = data.rows
    xs = [v * 100 for r in rows for v in (r.average.low, r.average.high, r.average.value) if not math.isnan(v)]
    xs += [data.threshold * 100] if data.threshold is not None else []
    xlim = margin_limits(min(xs, default=0.0), max(xs, default=1.0))
    left = _labels_width([r.reviewer for r in rows], 9) + 2 * TICK + 6
    svg, frame = _frame(7.5, 0.32 * len(rows) + 1.2, left, 8, xlim, (len(rows) - 0.5, -1.2))
    ticks = [t for t in nice_ticks(*xlim)]
    frame.xaxis(svg, ticks, "Average score (%), 95 % bootstrap interval", grid=True)
    for i, row in enumerate(rows):
        color = BASELINE_COLOR if row.baseline else TOOL_COLOR
        low, high = row.average.low, row.average.high
        if not (math.isnan(low) or math.isnan(high)):
            svg.line([(frame.x(low * 100), frame.y(i)), (frame.x(high * 100), frame.y(i))], color, 2.2,
                     opacity=0.55)
        svg.circle(frame.x(row.average.value * 100), frame.y(i), 5.5, color)
    if data.threshold is not None:
        x = frame.x(data.threshold * 100)
        svg.line([(x, frame.top), (x, frame.bottom)], THRESHOLD_COLOR, 1, dash=DASHED)
        svg.text(x + text_width(" ", 8), frame.y(-0.9), f"always-no {pct(data.threshold)}: below it, doing nothing "
                 "wins", 8, THRESHOLD_COLOR, baseline="bottom")
    frame.yaxis(svg, list(range(len(rows))), [r.reviewer for r in rows], grid=False)
    frame.spines(svg)
    return _finish(svg, frame, 8, 2 * TICK + 9 + 4 + 10 + 6)


def detection_vs_fpr(data: ReportData) -> str:
    """Each reviewer a point: up is finding more defects, right is crying wolf more."""
    ylabel = "Detection on defective variants (%), mean over tiers"
    svg, frame = _frame(7.0, 5.4, text_width("100", 9) + 2 * TICK + 10 + 8, 8, (-3, 103), (-3, 103))
    ticks = nice_ticks(-3, 103)
    frame.xaxis(svg, ticks, "False-positive rate on controls (%), mean over tiers", grid=True)
    frame.yaxis(svg, ticks, [tick_label(t) for t in ticks], grid=True)
    svg.text(frame.left - text_width("100", 9) - 2 * TICK - 6, (frame.top + frame.bottom) / 2, ylabel, 10,
             anchor="middle", rotate=-90)
    svg.line([(frame.x(0), frame.y(0)), (frame.x(100), frame.y(100))], "#bbbbbb", 1, dash=DOTTED)
    # the caption follows the diagonal as drawn: 45 degrees in data, the axes' aspect on the page
    angle = -math.degrees(math.atan2(frame.height / 106, frame.width / 106))
    svg.text(frame.x(60), frame.y(54), "as often yes on correct code as on defects", 7.5, "#999999", rotate=angle)
    groups: dict[tuple[float, float], list] = {}
    for row in data.rows:
        if math.isnan(row.fpr_mean) or math.isnan(row.detection_mean):
            continue
        spot = (round(row.fpr_mean * 100, 1), round(row.detection_mean * 100, 1))
        groups.setdefault(spot, []).append(row)
    points = []
    for (x, y), rows in sorted(groups.items()):
        color = BASELINE_COLOR if all(r.baseline for r in rows) else TOOL_COLOR
        names = [r.reviewer for r in rows]
        points.append((x, y, ", ".join(names) if len(names) <= 3 else f"{', '.join(names[:3])} +{len(names) - 3}",
                       color))
    spread = _spread_labels(points)
    for x, y, label_y, _, _ in spread:  # leader lines under the points
        if abs(label_y - y) > 1:
            svg.line([(frame.x(x), frame.y(y)), (frame.x(x + 6), frame.y(label_y))], "#cccccc", 0.6)
    for x, y, _, _, color in spread:
        svg.circle(frame.x(x), frame.y(y), 6, color)
    for x, y, label_y, label, color in spread:
        moved = abs(label_y - y) > 1
        svg.text(frame.x(x + (6.5 if moved else 1.5)), frame.y(label_y + (0 if moved else 1.5)), label, 7.5, color,
                 baseline="middle")
    frame.spines(svg)
    return _finish(svg, frame, 8, 2 * TICK + 9 + 4 + 10 + 6)


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
    rows, columns = grid.shape
    values = grid.to_numpy(dtype=float) * 100
    width_in, height_in = 1.0 + 0.75 * columns + 1.6, 0.32 * rows + 1.4
    left = _labels_width([str(r) for r in grid.index], 8) + TICK + 6
    svg, frame = _frame(width_in, height_in, left, 8 + 2 * 9.6 + TICK, (0, columns), (rows, 0))
    frame.width *= 0.94  # the colour bar takes 4 % of the plot area and 2 % more as its gap, as it did
    cell_w, cell_h = frame.width / columns, frame.height / rows
    for i in range(rows):
        for j in range(columns):
            value = values[i, j]
            x, y = frame.left + j * cell_w, frame.top + i * cell_h
            if not math.isnan(value):
                svg.rect(x, y, cell_w, cell_h, rdylgn((value + 50) / 150), "#ffffff", 0.6)
            dark = not math.isnan(value) and (value > 75 or value < -30)
            svg.text(x + cell_w / 2, y + cell_h / 2, "—" if math.isnan(value) else f"{value:.0f}", 7.5,
                     "#ffffff" if dark else "#111111", anchor="middle", baseline="middle")
    for j, op in enumerate(grid.columns):  # two-line labels above the columns
        x = frame.left + (j + 0.5) * cell_w
        svg.text(x, frame.top - TICK - 9.6, str(op), 8, anchor="middle", baseline="bottom")
        svg.text(x, frame.top - TICK, f"({data.operator_items.get(op, 0)})", 8, anchor="middle", baseline="bottom")
    for i, reviewer in enumerate(grid.index):
        svg.text(frame.left - TICK, frame.top + (i + 0.5) * cell_h, str(reviewer), 8, anchor="end",
                 baseline="middle")
    bar = Frame(frame.right + 0.02 / 0.94 * frame.width, frame.top, 0.04 / 0.94 * frame.width, frame.height,
                (0, 1), (-50, 100))
    steps = 64  # vector bands, no raster: crisp at any zoom, as the heat map's cells
    for k in range(steps):
        low, high = -50 + 150 * k / steps, -50 + 150 * (k + 1) / steps
        svg.rect(bar.left, bar.y(high), bar.width, bar.y(low) - bar.y(high) + 0.05, rdylgn((low + high + 100) / 300))
    svg.line([(bar.left, bar.top), (bar.right, bar.top), (bar.right, bar.bottom), (bar.left, bar.bottom),
              (bar.left, bar.top)], "#000000", 0.8)
    for t in nice_ticks(-50, 100):
        y = bar.y(t)
        svg.line([(bar.right, y), (bar.right + TICK, y)], "#000000", 0.8)
        svg.text(bar.right + 2 * TICK, y, tick_label(t), 7, baseline="middle")
    label_x = bar.right + 2 * TICK + text_width("\u221240", 7) + 6
    svg.text(label_x, (bar.top + bar.bottom) / 2, "score (%)", 8, anchor="middle", baseline="hanging", rotate=-90)
    return _finish(svg, bar, 2 * TICK + text_width("\u221240", 7) + 6 + 12, 6)


def original_vs_disguised(data: ReportData) -> str:
    """Share said yes on the original and on the disguised variant: a drop means surface familiarity."""
    grid = data.variants
    if grid.empty or "original" not in grid or "disguised" not in grid:
        return ""
    left = _labels_width([str(r) for r in grid.index], 9) + 2 * TICK + 6
    svg, frame = _frame(7.0, 0.32 * len(grid) + 1.3, left, 24, (-3, 103), (len(grid) - 0.5, -0.5))
    frame.xaxis(svg, nice_ticks(-3, 103), "Detection (%): share of defective variants answered yes, all tiers",
                grid=True)
    for i, (_, row) in enumerate(grid.iterrows()):
        original, disguised = frame.x(row["original"] * 100), frame.x(row["disguised"] * 100)
        y = frame.y(i)
        svg.line([(original, y), (disguised, y)], "#bbbbbb", 1.5)
        svg.circle(original, y, 5.5, TOOL_COLOR)
        # hollow, so an original drawn at the same place still shows through
        svg.diamond(disguised, y, 6, DISGUISED_COLOR, 1.4)
    # the legend above the plot, centred, two columns, no frame
    entries = [("original", 16 + 6.4 + text_width("original", 8)), ("disguised", 16 + 6.4 + text_width("disguised", 8))]
    x = (frame.left + frame.right) / 2 - (sum(w for _, w in entries) + 16) / 2
    y = frame.top - 12
    for name, width in entries:
        if name == "original":
            svg.circle(x + 8, y, 5.5, TOOL_COLOR)
        else:
            svg.diamond(x + 8, y, 6, DISGUISED_COLOR, 1.4)
        svg.text(x + 16 + 6.4, y, name, 8, baseline="middle")
        x += width + 16
    frame.yaxis(svg, list(range(len(grid))), [str(r) for r in grid.index], grid=False)
    frame.spines(svg)
    return _finish(svg, frame, 8, 2 * TICK + 9 + 4 + 10 + 6)


def all_charts(data: ReportData) -> dict[str, str]:
    """name -> SVG; a chart with nothing to show is left out."""
    charts = {
        "leaderboard": leaderboard(data),
        "detection-vs-fpr": detection_vs_fpr(data),
        "operators": operator_heatmap(data),
        "original-vs-disguised": original_vs_disguised(data),
    }
    return {name: svg for name, svg in charts.items() if svg}
