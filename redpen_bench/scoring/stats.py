"""How sure a score is: bootstrap intervals over items and paired tests between reviewers, for the report, `score
--intervals` and the CI thresholds (scoring/thresholds.py) alike.

Nothing here scores on its own: every replicate ends in `metrics.shares`, which forms the shares and the score of
the scored table too. Items are resampled within each tier, so every replicate keeps the
corpus's tier sizes. Where items carry a cluster (a generated corpus: the source function a mutant came from,
item.toml [provenance] cluster), whole clusters are drawn instead, within each tier: mutants of one function are
not independent, and drawing them one by one would make the intervals too narrow. An item with no cluster is a
cluster of its own, so a corpus without clusters gets the very draws it got before clusters existed.

An item drawn k times weighs k on each of its snippets; rather than build that (replicates x snippets) weight
matrix, a replicate's sums are its draw counts times per-item sums, one matrix product per reviewer and sample:
the same replicates up to float rounding (1e-16), in a fraction of the time and memory on a large corpus
(benchmarks/scale.py).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from redpen_bench.scoring import DEFAULT_REPLICATES
from redpen_bench.scoring.metrics import COLUMNS, MEASURES, METRICS, shares
from redpen_bench.scoring.scorer import ScoredTable, average

LEVEL = 0.95


@dataclass
class Bootstrap:
    """Replicates per reviewer: metric -> (B, tiers) arrays, and the Average as (B,)."""

    tiers: tuple[str, ...]
    replicates: int
    seed: int
    clusters: int = 0  # clusters drawn (summed over tiers) when items carry them; 0: items were drawn
    per_tier: dict[str, dict[str, np.ndarray]] = field(default_factory=dict)
    average: dict[str, np.ndarray] = field(default_factory=dict)

    def interval(self, reviewer: str, metric: str = "score", tier: str | None = None) -> tuple[float, float]:
        """The 95 % percentile interval of a tier metric, or of the Average when tier is None."""
        values = self.average[reviewer] if tier is None else self.per_tier[reviewer][metric][:, self.tiers.index(tier)]
        values = values[~np.isnan(values)]
        if not len(values):
            return (math.nan, math.nan)
        low, high = np.quantile(values, [(1 - LEVEL) / 2, (1 + LEVEL) / 2])
        return (float(low), float(high))


def snippet_universe(table: ScoredTable) -> pd.DataFrame:
    """The scored snippets of the table (any reviewer), one row each, in corpus order."""
    columns = ["item", "variant", "tier", "defective"]
    return table.snippets[columns].drop_duplicates(["item", "variant"]).reset_index(drop=True)


@dataclass
class Resamples:
    """Which items each replicate draws: counts[b, i] is how often replicate b drew item column i."""

    counts: np.ndarray  # (B, I)
    item_tier: np.ndarray  # (I,) tier index of each item column
    snippet_item: np.ndarray  # (S,) item column of each universe snippet; -1 when its tier is not resampled

    def weights(self) -> np.ndarray:
        """(B, S) snippet multiplicities: the snippet-level form of the same resamples (tests compare the two)."""
        known = self.snippet_item >= 0
        return np.where(known, self.counts[:, np.where(known, self.snippet_item, 0)], 0.0)


def resample(universe: pd.DataFrame, tiers: tuple[str, ...], replicates: int = 1, seed: int | None = 0,
             clusters: Mapping[str, str] | None = None) -> Resamples:
    """Per tier, draw as many clusters as it has, with replacement, and give each item its cluster's count; seed
    None is the identity (every item once). `clusters`: item -> cluster; an item not in it (or with an empty one)
    is its own cluster, so with no clusters this is the item bootstrap, draw for draw."""
    rng = np.random.default_rng(seed)
    columns: dict[str, int] = {}
    blocks, item_tier = [], []
    for t, tier in enumerate(tiers):
        items = list(dict.fromkeys(universe.loc[universe["tier"] == tier, "item"]))
        if not items:
            continue
        columns.update({item: len(columns) + k for k, item in enumerate(items)})
        item_tier += [t] * len(items)
        if seed is None:
            blocks.append(np.ones((1, len(items))))
        else:  # tier by tier, the draws the snippet-weight formulation made: the same seed, the same intervals
            group = cluster_index(items, clusters or {})
            n = int(group.max()) + 1
            blocks.append(rng.multinomial(n, [1.0 / n] * n, size=replicates)[:, group])
    counts = np.hstack(blocks, dtype=float) if blocks else np.zeros((1 if seed is None else replicates, 0))
    snippet_item = universe["item"].map(columns).fillna(-1).to_numpy(dtype=int)
    return Resamples(counts, np.array(item_tier, dtype=int), snippet_item)


def cluster_index(items: list[str], clusters: Mapping[str, str]) -> np.ndarray:
    """(I,) the cluster number of each item, clusters numbered in order of their first item: when every item is
    its own cluster, item k is cluster k."""
    numbers: dict[tuple[str, str], int] = {}
    keys = [("cluster", clusters[item]) if clusters.get(item) else ("item", item) for item in items]
    return np.array([numbers.setdefault(key, len(numbers)) for key in keys], dtype=int)


def count_clusters(universe: pd.DataFrame, tiers: tuple[str, ...], clusters: Mapping[str, str]) -> int:
    """Clusters the bootstrap draws from, summed over tiers (a function with mutants in two tiers counts twice)."""
    total = 0
    for tier in tiers:
        items = list(dict.fromkeys(universe.loc[universe["tier"] == tier, "item"]))
        total += len(set(cluster_index(items, clusters).tolist())) if items else 0
    return total


def _matrices(table: ScoredTable, universe: pd.DataFrame, reviewer: str | None = None):
    """Per reviewer and sample: the measures' columns (metrics.COLUMNS) and presence, aligned on the universe.
    Every row's universe position is looked up once for the whole table, not re-indexed per reviewer and sample.
    Yields (reviewer, (*columns, present)), only `reviewer`'s when given."""
    snippets = table.snippets
    index = pd.MultiIndex.from_frame(universe[["item", "variant"]])
    position = index.get_indexer(pd.MultiIndex.from_frame(snippets[["item", "variant"]]))
    codes, names = pd.factorize(snippets["reviewer"])
    samples = snippets["sample"].to_numpy()
    columns = [snippets[c].to_numpy(dtype=float) for c in COLUMNS]
    order = np.lexsort((samples, codes))  # rows grouped by reviewer, then sample
    bounds = np.flatnonzero(np.diff(codes[order]) | np.diff(samples[order])) + 1
    for rows in np.split(order, bounds) if len(order) else []:
        key = names[codes[rows[0]]]
        if reviewer is not None and key != reviewer:
            continue
        rows = rows[position[rows] >= 0]
        rows = rows[np.unique(position[rows], return_index=True)[1]]  # one row per snippet, as a reindex keeps
        out = []
        for column in columns:
            values = np.zeros(len(universe))
            values[position[rows]] = column[rows]
            out.append(values)
        present = np.zeros(len(universe))
        present[position[rows]] = 1.0
        yield key, (*out, present)


def item_sums(draws: Resamples, n_tiers: int, columns: list[np.ndarray]) -> np.ndarray:
    """(B, len(columns), tiers): per replicate and tier, each snippet column summed with the replicate's item
    multiplicities: per-item sums first, then one product per tier with that tier's draw counts."""
    items = draws.counts.shape[1]
    known = draws.snippet_item >= 0
    per_item = np.stack([np.bincount(draws.snippet_item[known], weights=c[known], minlength=items)
                         for c in columns], axis=1)  # (I, K)
    out = np.zeros((len(draws.counts), len(columns), n_tiers))
    for t in range(n_tiers):
        mine = np.flatnonzero(draws.item_tier == t)  # a tier's items are adjacent columns (resample)
        if len(mine):
            out[:, :, t] = draws.counts[:, mine[0]:mine[-1] + 1] @ per_item[mine[0]:mine[-1] + 1]
    return out


def _metrics(samples: list, universe: pd.DataFrame, draws: Resamples, n_tiers: int) -> dict[str, np.ndarray]:
    """Each measure's (values, snippets that have it) summed per replicate and tier, into the shares and score,
    averaged over the reviewer's samples."""
    d = universe["defective"].to_numpy(dtype=float)
    runs = []
    for *arrays, present in samples:
        columns = dict(zip(COLUMNS, arrays, strict=True))
        summed = []
        for measure in MEASURES:
            mask = present * measure.mask(d, columns)
            summed += [columns[measure.value] * mask, mask]
        s = item_sums(draws, n_tiers, summed)
        runs.append(shares({m.name: (s[:, 2 * k], s[:, 2 * k + 1]) for k, m in enumerate(MEASURES)}))
    return {m: np.mean([run[m] for run in runs], axis=0) for m in METRICS}


def tier_average(scores: np.ndarray) -> np.ndarray:
    """The scorer's Average (mean of the tier scores present), per replicate."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a replicate with no tier at all is NaN, not a warning
        return average(scores)


def bootstrap(table: ScoredTable, replicates: int = DEFAULT_REPLICATES, seed: int = 0,
              clusters: Mapping[str, str] | None = None) -> Bootstrap:
    """The same resamples for every reviewer, so differences between reviewers are paired. `clusters`: item ->
    cluster, by default the table's own (its corpus items' `cluster`, ScoredTable.clusters), so the report,
    `score --intervals` and `--must-beat` draw alike; given and not empty, clusters are drawn instead of items
    (module doc); {} draws items."""
    clusters = table.clusters if clusters is None else clusters
    universe = snippet_universe(table)
    clusters = {item: c for item, c in (clusters or {}).items() if c}
    draws = resample(universe, table.tiers, replicates, seed, clusters)
    drawn = count_clusters(universe, table.tiers, clusters) if clusters else 0
    result = Bootstrap(table.tiers, replicates, seed, drawn)
    aligned: dict[str, list] = {}
    for reviewer, arrays in _matrices(table, universe):
        aligned.setdefault(reviewer, []).append(arrays)
    for reviewer in table.reviewers:
        metrics = _metrics(aligned.get(reviewer, []), universe, draws, len(table.tiers))
        result.per_tier[reviewer] = metrics
        result.average[reviewer] = tier_average(metrics["score"])
    return result


@dataclass(frozen=True)
class PairTest:
    better: str
    worse: str
    difference: float  # Average of better minus Average of worse, from the scored table
    low: float  # 95 % paired-bootstrap interval of that difference
    high: float
    p_bootstrap: float
    mcnemar_b: int  # defective snippets only the better one said yes to
    mcnemar_c: int  # ... only the worse one said yes to
    p_mcnemar: float

    @property
    def different(self) -> bool:
        """Called different only when the paired interval of the difference excludes zero."""
        return self.low > 0 or self.high < 0


def paired_bootstrap_p(differences: np.ndarray) -> float:
    """Two-sided: twice the smaller share of replicates on either side of zero, capped at 1."""
    differences = differences[~np.isnan(differences)]
    if not len(differences):
        return math.nan
    return float(min(1.0, 2 * min(np.mean(differences <= 0), np.mean(differences >= 0))))


def mcnemar_exact(b: int, c: int) -> float:
    """Exact two-sided McNemar test: the binomial test of b successes in b + c trials at p = 1/2."""
    n = b + c
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(b, c) + 1))
    return min(1.0, 2 * tail / 2**n)


def detections(table: ScoredTable) -> dict[str, pd.Series]:
    """Per reviewer and defective snippet: said yes in at least half of the reviewer's samples (one grouping
    for every reviewer: each neighbour test reads two of them)."""
    defective = table.snippets[table.snippets["defective"]]
    said = defective.groupby(["reviewer", "item", "variant"])["yes"].mean() >= 0.5
    return {key: part.droplevel("reviewer") for key, part in said.groupby(level="reviewer", sort=False)}


def pair_test(table: ScoredTable, boot: Bootstrap, better: str, worse: str,
              detected: dict[str, pd.Series] | None = None) -> PairTest:
    averages = table.summary["average"]
    differences = boot.average[better] - boot.average[worse]
    kept = differences[~np.isnan(differences)]
    low, high = np.quantile(kept, [(1 - LEVEL) / 2, (1 + LEVEL) / 2]) if len(kept) else (math.nan, math.nan)
    detected = detections(table) if detected is None else detected
    a, z = (detected.get(key, pd.Series(dtype=bool)) for key in (better, worse))
    shared = a.index.intersection(z.index)
    a, z = a.loc[shared], z.loc[shared]
    b, c = int((a & ~z).sum()), int((~a & z).sum())
    return PairTest(better, worse, float(averages[better] - averages[worse]), float(low), float(high),
                    paired_bootstrap_p(differences), b, c, mcnemar_exact(b, c))


def neighbour_tests(table: ScoredTable, boot: Bootstrap, ranking: list[str]) -> list[PairTest]:
    """Each reviewer against the next one down the ranking."""
    detected = detections(table)
    return [pair_test(table, boot, ranking[i], ranking[i + 1], detected) for i in range(len(ranking) - 1)]
