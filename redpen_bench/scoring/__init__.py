"""Scoring and judging: verdict rows and the corpus in, the one scored table out (and the per-rule firing table),
with how sure each score is (stats) and the CI thresholds on it (thresholds)."""

DEFAULT_REPLICATES = 2000  # bootstrap resamples; here, not in stats.py, so the command line reads it without numpy
