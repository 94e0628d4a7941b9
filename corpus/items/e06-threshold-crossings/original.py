"""Threshold crossings in a sampled sensor signal.

Samples may contain None where the sensor dropped out; a pair of
consecutive samples with a gap in it is not counted.
"""


def count_crossings(samples, threshold):
    """Count rising and falling crossings between consecutive samples.

    Rising: previous sample below the threshold, current at or above it.
    Falling: previous at or above the threshold, current below it.
    """
    rising = falling = 0
    last = len(samples) - 1
    i = 1
    while i < last:
        before, after = samples[i - 1], samples[i]
        if before is not None and after is not None:
            if before < threshold <= after:
                rising += 1
            elif after < threshold <= before:
                falling += 1
        i += 1
    return {"rising": rising, "falling": falling}


def crossing_rate(samples, threshold, sample_hz):
    """Crossings (both directions) per second of recording."""
    if sample_hz <= 0:
        raise ValueError("sample rate must be positive")
    if len(samples) < 2:
        return 0.0
    counts = count_crossings(samples, threshold)
    duration = (len(samples) - 1) / sample_hz
    return (counts["rising"] + counts["falling"]) / duration


def alarm_state(samples, threshold):
    """'high' when the signal rose through the threshold more often than it
    fell back, 'low' for the reverse, otherwise 'steady'."""
    counts = count_crossings(samples, threshold)
    if counts["rising"] > counts["falling"]:
        return "high"
    if counts["falling"] > counts["rising"]:
        return "low"
    return "steady"
