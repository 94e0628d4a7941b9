"""Fixed-width binning of sensor temperature readings."""

from collections import Counter
from math import isnan


def bin_index(value, width, origin=0.0):
    """Index i of the half-open bin [origin + i*width, origin + (i+1)*width) that holds value."""
    if not width > 0:
        raise ValueError("bin width must be positive")
    return int((value - origin) // width)


def bin_bounds(index, width, origin=0.0):
    return origin + index * width, origin + (index + 1) * width


def _usable(readings):
    return (v for v in readings if v is not None and not isnan(v))


def histogram(readings, width, origin=0.0):
    """Rows (low, high, count) for the occupied bins, lowest first; None and NaN are skipped."""
    tally = Counter(bin_index(v, width, origin) for v in _usable(readings))
    rows = []
    for idx, n in sorted(tally.items()):
        low, high = bin_bounds(idx, width, origin)
        rows.append((low, high, n))
    return rows


def modal_bin(readings, width, origin=0.0):
    """(low, high) of the fullest bin, the lowest on a tie; None if nothing was counted."""
    best = None
    for low, high, n in histogram(readings, width, origin):
        if best is None or n > best[2]:
            best = (low, high, n)
    return None if best is None else best[:2]
