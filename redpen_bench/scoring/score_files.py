"""The scored table as files a program reads: JSON (the table's own, with a bootstrap's intervals) and CSV, both
in fractions. The terminal's leaderboard (percent) is the report's (report/terminal.py); api.score_text picks."""

from __future__ import annotations

import json
import math

from redpen_bench.model.outside_text import csv_frame
from redpen_bench.scoring.scorer import ScoredTable
from redpen_bench.scoring.stats import LEVEL, Bootstrap


def scores_json(table: ScoredTable, boot: Bootstrap | None = None) -> str:
    """The table's own JSON; with a bootstrap, its 95 % intervals too."""
    data = table.to_json()
    if boot is not None:
        data |= {"intervals": intervals_json(table, boot),
                 "bootstrap": {"replicates": boot.replicates, "seed": boot.seed, "level": LEVEL}}
    return json.dumps(data, indent=2) + "\n"


def scores_csv(table: ScoredTable, boot: Bootstrap | None = None) -> str:
    """A row per (reviewer, tier) with the Average; with a bootstrap, each tier score's and each Average's 95 %
    interval."""
    frame = table.by_tier.merge(table.summary[["average"]], left_on="reviewer", right_index=True)
    if boot is not None:
        pairs = [(boot.interval(r, "score", t), boot.interval(r)) for r, t in zip(frame["reviewer"], frame["tier"])]
        frame["score_low"], frame["score_high"] = [p[0][0] for p in pairs], [p[0][1] for p in pairs]
        frame["average_low"], frame["average_high"] = [p[1][0] for p in pairs], [p[1][1] for p in pairs]
    return csv_frame(frame).to_csv(index=False, float_format="%.6f")


def intervals_json(table: ScoredTable, boot: Bootstrap) -> dict:
    """reviewer -> the Average's and each tier score's 95 % interval, as [low, high] fractions."""
    def pair(low: float, high: float) -> list[float | None]:
        return [None if math.isnan(low) else low, None if math.isnan(high) else high]

    return {key: {"average": pair(*boot.interval(key)),
                  "tiers": {t: pair(*boot.interval(key, "score", t)) for t in table.tiers}}
            for key in table.reviewers}
