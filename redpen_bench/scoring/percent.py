"""Scores are fractions wherever a program reads them and percent wherever a person reads them: this is the one
way a fraction is shown to a person (terminal tables, report.md/html, messages)."""

from __future__ import annotations

import math


def pct(x: float | None) -> str:
    """A share as a percentage with one decimal; "—" for none (None, NaN)."""
    return "—" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x * 100:.1f}"


def interval(low: float, high: float) -> str:
    """A 95 % interval as the tables show it: [low, high] in percent."""
    return "—" if math.isnan(low) or math.isnan(high) else f"[{pct(low)}, {pct(high)}]"
