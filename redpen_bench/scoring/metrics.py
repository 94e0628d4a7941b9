"""The measures of a reviewer, declared once (corpus/FORMAT.md, "Scoring"). The vectorised core
(scorer.tier_metrics), the bootstrap's item sums (scoring/stats.py), tune's firing table, the scored table's JSON
and CSV, the report's tables and Inspect's metrics all iterate `MEASURES`; adding a measure is one record here
plus, when it reads a new per-snippet value, that column in scorer.snippet_metrics (and tune's union_metrics).

Each measure is a share: over the snippets it averages over (`over`: defective variants, controls or all) that
*have* it (`needs`: a per-snippet boolean column; an item without keyword groups has no keyword recall), the mean
of its per-snippet `value`. A snippet that lacks a measure is left out of that measure's denominator, never
counted as a zero; a tier where no snippet has it gives NaN for it (shown as "—").

How a measure enters the tier score (`enters`): FOUND measures are averaged (over those the tier has), PENALTY
measures are subtracted: score = (detection + line F1 + keyword recall) / 3 − FPR. A FOUND measure with `needs`
that a tier lacks entirely is left out of the mean; a tier lacking any other measure (no control at all: no FPR)
has no score, as before: nothing there tells a reviewer from one that says yes to everything.
The Average is the mean of the tier scores present (scorer.average).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

DEFECTIVE, CONTROLS, ALL = "defective", "controls", "all"
FOUND, PENALTY, SHOWN = "found", "penalty", "shown"  # SHOWN: reported, not part of the score


@dataclass(frozen=True)
class Measure:
    name: str  # its key in the scored table, JSON, CSV and Inspect's metrics
    label: str  # how people read it
    value: str  # the per-snippet column (scorer.snippet_metrics) it averages
    over: str  # DEFECTIVE, CONTROLS or ALL: the variants it averages over
    enters: str  # FOUND, PENALTY or SHOWN: how it enters the tier score
    needs: str | None = None  # a per-snippet boolean column: only the snippets where it is true have the measure

    def mask(self, defective: np.ndarray, columns: Mapping[str, np.ndarray]) -> np.ndarray:
        """1.0 on the snippets this measure averages over, else 0.0."""
        d = np.asarray(defective, dtype=float)
        mask = d if self.over == DEFECTIVE else 1.0 - d if self.over == CONTROLS else np.ones_like(d)
        if self.needs is not None:
            mask = mask * np.asarray(columns[self.needs], dtype=float)
        return mask


MEASURES = (
    Measure("detection", "Detection", "yes", DEFECTIVE, FOUND),
    Measure("line_f1", "Line F1", "f1", ALL, FOUND),
    Measure("keyword_recall", "Keyword recall", "recall", DEFECTIVE, FOUND, needs="has_keywords"),
    Measure("fpr", "FPR", "yes", CONTROLS, PENALTY),
)
SCORE = "score"
NAMES = tuple(m.name for m in MEASURES)  # the measures, in their order everywhere
METRICS = (*NAMES, SCORE)  # the measures and the score: the scored table's metric columns
LABELS = {m.name: m.label for m in MEASURES} | {SCORE: "Score"}
COLUMNS = tuple(dict.fromkeys([m.value for m in MEASURES] + [m.needs for m in MEASURES if m.needs]))


def shares(sums: Mapping[str, tuple[np.ndarray, np.ndarray]]) -> dict[str, np.ndarray]:
    """measure -> (weighted sum of its values, weighted count of the snippets that have it) per group, into each
    measure's share (NaN for a group where no snippet has it) and the score: the one place both are formed.
    scorer.tier_metrics sums over snippets; the bootstrap sums per item first and arrives here the same way."""
    out = {}
    for measure in MEASURES:
        num, den = sums[measure.name]
        with np.errstate(invalid="ignore", divide="ignore"):
            out[measure.name] = np.where(den > 0, num / np.where(den > 0, den, 1.0), np.nan)
    out[SCORE] = score(out)
    return out


def score(values: Mapping[str, np.ndarray]) -> np.ndarray:
    """The tier score from the shares: the mean of the FOUND measures, minus every PENALTY. A measure only some
    snippets have (`needs`) is left out of the mean where the group has none of them; any other measure missing
    leaves the group without a score (NaN). With every measure present this is (detection + line F1 + keyword
    recall) / 3.0 − FPR to the bit: adding 0.0 for an absent measure is exact, and the sum runs in declaration
    order."""
    found = [m for m in MEASURES if m.enters == FOUND]
    shape = np.broadcast(*(np.asarray(values[m.name]) for m in found)).shape
    total, count = np.zeros(shape), np.zeros(shape)
    for measure in found:
        share = np.asarray(values[measure.name], dtype=float)
        present = ~np.isnan(share) if measure.needs else np.ones(shape, dtype=bool)
        total = total + np.where(present, share, 0.0)
        count = count + present
    result = total / count
    for measure in MEASURES:
        if measure.enters == PENALTY:
            result = result - values[measure.name]
    return result
