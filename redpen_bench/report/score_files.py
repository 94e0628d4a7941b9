"""The scored table in `score`'s three forms: JSON (the table's own, with a bootstrap's intervals), CSV (both
fractions) and the terminal's leaderboard (percent)."""

from __future__ import annotations

import json
import math

from redpen_bench.model.outside_text import csv_frame
from redpen_bench.report.stats import Bootstrap
from redpen_bench.report.terminal import leaderboard_text, table_standings
from redpen_bench.scoring.scorer import ScoredTable


def score_text(table: ScoredTable, fmt: str = "table", boot: Bootstrap | None = None) -> str:
    """The table as "json", "csv" or "table" (the leaderboard); with a bootstrap, its 95 % intervals too."""
    if fmt == "json":
        data = table.to_json()
        if boot is not None:
            data |= {"intervals": intervals_json(table, boot),
                     "bootstrap": {"replicates": boot.replicates, "seed": boot.seed, "level": 0.95}}
        return json.dumps(data, indent=2) + "\n"
    if fmt == "csv":
        return scores_csv(table, boot)
    return leaderboard_text(table.corpus, table.tiers, table_standings(table, boot))


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
