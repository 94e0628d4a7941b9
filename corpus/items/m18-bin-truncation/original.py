"""Fixed-width binning of sensor temperature readings."""

import math


def bin_index(value, width, origin=0.0):
    """Index i of the half-open bin [origin + i*width, origin + (i+1)*width) holding value."""
    if width <= 0:
        raise ValueError("bin width must be positive")
    return int((value - origin) / width)


def bin_bounds(index, width, origin=0.0):
    low = origin + index * width
    return low, low + width


def histogram(readings, width, origin=0.0):
    """Count readings per bin as [(low, high, count)] sorted by low; empty bins are omitted."""
    counts = {}
    for value in readings:
        if value is None or math.isnan(value):
            continue
        index = bin_index(value, width, origin)
        counts[index] = counts.get(index, 0) + 1
    return [(*bin_bounds(i, width, origin), counts[i]) for i in sorted(counts)]


def modal_bin(readings, width, origin=0.0):
    """Bounds of the most populated bin (the lowest one on a tie), or None without readings."""
    rows = histogram(readings, width, origin)
    if not rows:
        return None
    low, high, _ = max(rows, key=lambda row: (row[2], -row[0]))
    return low, high
