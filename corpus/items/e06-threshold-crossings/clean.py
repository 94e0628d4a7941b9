"""Count how often a sampled signal passes through a threshold.

None marks a sample lost to a sensor dropout; a pair of neighbouring samples
that includes one is skipped. A sample equal to the threshold counts as above it.
"""

from itertools import pairwise


def _direction(prev, cur, level):
    """+1 for an upward pass, -1 for a downward pass, 0 otherwise or on a gap."""
    if prev is None or cur is None:
        return 0
    return int(cur >= level) - int(prev >= level)


def count_crossings(samples, threshold):
    """Upward and downward passes between consecutive samples, keyed "rising" and "falling"."""
    moves = [_direction(a, b, threshold) for a, b in pairwise(samples)]
    return {"rising": moves.count(1), "falling": moves.count(-1)}


def crossing_rate(samples, threshold, sample_hz):
    """Crossings in either direction per second of recording; 0.0 for fewer than two samples."""
    if not sample_hz > 0:
        raise ValueError("sample rate must be positive")
    span = len(samples) - 1
    if span < 1:
        return 0.0
    return sum(count_crossings(samples, threshold).values()) * sample_hz / span


_VERDICT = {1: "high", -1: "low", 0: "steady"}


def alarm_state(samples, threshold):
    """The verdict "high" when rises outnumber falls, "low" when falls outnumber rises, else "steady"."""
    tally = count_crossings(samples, threshold)
    balance = tally["rising"] - tally["falling"]
    return _VERDICT[(balance > 0) - (balance < 0)]
