"""Scoring: verdict rows and the corpus in, the one scored table out (and the per-rule firing table)."""
