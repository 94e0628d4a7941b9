"""Conversion metrics for the signup funnel report."""

from typing import Sequence

STAGES = ("visit", "signup", "trial", "purchase")


def _validated(counts: Sequence[int]) -> list[int]:
    if len(counts) != len(STAGES):
        raise ValueError(f"expected {len(STAGES)} stage counts, got {len(counts)}")
    if any(c < 0 for c in counts):
        raise ValueError("stage counts must not be negative")
    return list(counts)


def step_rates(counts: Sequence[int]) -> dict[str, float]:
    """Conversion from each stage to the next, as fractions keyed "a->b".

    A stage nobody reached (for example a campaign day without visitors)
    converts at 0.0: there was nobody to convert.
    """
    reached = _validated(counts)
    rates = {}
    for i, (before, after) in enumerate(zip(reached, reached[1:])):
        rates[f"{STAGES[i]}->{STAGES[i + 1]}"] = after / before if before else 0.0
    return rates


def overall_rate(counts: Sequence[int]) -> float:
    """Share of visitors who went on to purchase."""
    reached = _validated(counts)
    return reached[-1] / reached[0] if reached[0] else 0.0


def weakest_step(counts: Sequence[int]) -> str:
    """The transition that loses the largest share of people."""
    rates = step_rates(counts)
    return min(rates, key=rates.__getitem__)
