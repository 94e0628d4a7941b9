"""Scoring exactly as the benchmark defines it (corpus/FORMAT.md, "Scoring"); it knows no reviewer.

Two layers, one definition:
- `snippet_metrics` turns verdict rows into one row per (reviewer, sample, snippet) with yes, line F1 and
  keyword recall, a "no" naming nothing;
- `tier_metrics` is the vectorised core: candidates x snippets matrices in, per-tier metrics out. The scored
  table, the bootstrap (weights) and rule tuning (thousands of candidate rule subsets) all call it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from redpen_bench.model.corpus import Corpus
from redpen_bench.model.keywords import DEFAULT_MODE, keyword_recall
from redpen_bench.model.rows import CORE_FIELDS, VerdictRow, as_rows, latest_rows, row_columns
from redpen_bench.scoring.metrics import COLUMNS, MEASURES, METRICS, shares

SCHEMA_VERSION = 1


def site_f1(named: Iterable[int], sites: Sequence[Iterable[int]], defective: bool) -> float:
    """Line F1 against defect sites: a named line is a hit when it lies in some site; recall = sites hit / sites,
    precision = named lines in some site / named lines. With one-line sites it is the seed's line F1 to the bit:
    2ab / (a*s + b*n) with a = b = hits is 2h / (s + n), and both are one correctly rounded int division."""
    named = set(named)
    if not defective:
        return 0.0 if named else 1.0
    sites = [set(site) for site in sites]
    if not named or not sites:
        return 0.0
    in_site = len(named & set().union(*sites))
    sites_hit = sum(1 for site in sites if named & site)
    if not in_site:
        return 0.0
    return 2 * in_site * sites_hit / (in_site * len(sites) + sites_hit * len(named))


def tier_metrics(columns: Mapping[str, np.ndarray], defective, group, n_groups: int,
                 weights=None) -> dict[str, np.ndarray]:
    """The core. columns: each per-snippet column the measures read (metrics.COLUMNS: yes, f1, recall,
    has_keywords) as (C, S) per candidate and snippet, or (S,) the same for every candidate; defective: (S,)
    bool; group: (S,) int tier index; weights: optional (C or B, S) snippet multiplicities (0 = not scored;
    bootstrap counts). Returns each metric as a (C, n_groups) array; a group with no snippet gives NaN."""
    values = {key: np.atleast_2d(np.asarray(columns[key], dtype=float)) for key in COLUMNS}
    w = np.ones(len(defective)) if weights is None else np.asarray(weights, dtype=float)
    onehot = np.zeros((len(group), n_groups))
    onehot[np.arange(len(group)), np.asarray(group)] = 1.0
    sums = {}
    for measure in MEASURES:
        value, mask = values[measure.value], w * measure.mask(defective, values)
        sums[measure.name] = ((value * mask) @ onehot,
                              np.broadcast_to(mask, np.broadcast(value, mask).shape) @ onehot)
    return shares(sums)


def average(scores: np.ndarray) -> np.ndarray:
    """Unweighted mean of the tier scores present (NaN tiers are absent ones)."""
    present = ~np.isnan(scores)
    with np.errstate(invalid="ignore"):  # no tier present: NaN, without nanmean's empty-slice warning
        return np.where(present, scores, 0.0).sum(axis=-1) / present.sum(axis=-1)


def ground_truth(corpus: Corpus) -> pd.DataFrame:
    return pd.DataFrame(
        [
            {
                "item": v.item_id,
                "variant": v.name,
                "tier": item.tier,
                "operators": item.operators,
                "defective": v.defective,
                "planted": v.planted_lines,
                "sites": v.sites,
                "keywords": v.keywords,
            }
            for item in corpus.items
            for v in item.variants.values()
        ]
    )


def _dedupe(rows: Iterable[VerdictRow | dict]) -> pd.DataFrame:
    frame = pd.DataFrame(row_columns(latest_rows(as_rows(rows))))
    if frame.empty:
        return pd.DataFrame(columns=list(CORE_FIELDS))
    if "lenient" not in frame:  # no row carries it
        frame["lenient"] = False
    # latest_rows kept the last row per snippet (as in run folders); reviewers by name and samples in order, so
    # nothing downstream depends on the order rows arrived in (an executor's, a merge of folders')
    return frame.sort_values(["reviewer", "sample"], kind="stable")


def snippet_metrics(rows: Iterable[VerdictRow | dict], corpus: Corpus, keywords: str = DEFAULT_MODE) -> pd.DataFrame:
    """One row per (reviewer, sample, scored snippet of an item the reviewer answered), missing answers as "no";
    `keywords` is the keyword matching (keywords.MODES)."""
    gt = ground_truth(corpus)
    verdicts = _dedupe(rows)
    frames = []
    for (reviewer, sample), answered in verdicts.groupby(["reviewer", "sample"], sort=False):
        universe = gt[gt["item"].isin(set(answered["item"]))]
        merged = universe.merge(answered, on=["item", "variant"], how="left", indicator=True)
        merged["reviewer"], merged["sample"] = reviewer, sample
        frames.append(merged)
    if not frames:
        return pd.DataFrame(columns=["reviewer", "sample", "item", "variant", "tier", *COLUMNS])
    table = pd.concat(frames, ignore_index=True)
    table["missing"] = table.pop("_merge") == "left_only"
    table["error"] = table["error"].where(table["error"].notna(), None)
    table["errored"] = table["error"].notna()
    table["unparsed"] = ~table["missing"] & ~table["errored"] & table["defect"].isna()
    table["yes"] = (table["defect"] == True) & ~table["errored"]  # noqa: E712 (object column with None)
    # read only by the parser's lenient rules (markdown, JSON, reordered fields...): a model's format compliance
    table["lenient"] = (table["lenient"] == True) & ~table["unparsed"] & ~table["errored"]  # noqa: E712
    # plain lists: iterating pandas columns element by element costs more than the scoring itself
    yes, defective = table["yes"].tolist(), table["defective"].tolist()
    named = [list(ls) if y and isinstance(ls, list) else [] for y, ls in zip(yes, table["lines"].tolist())]
    table["named"] = named
    table["has_keywords"] = [bool(k) for k in table["keywords"].tolist()]  # keyword recall's snippets (metrics)
    table["f1"] = [site_f1(n, s, d) for n, s, d in zip(named, table["sites"].tolist(), defective)]
    recalls: dict[tuple, float] = {}  # analyzers repeat their messages: each (text, keywords) is matched once
    table["recall"] = [
        _memo(recalls, (str(e or ""), k), lambda key: keyword_recall(key[0], key[1], keywords)) if y and d else 0.0
        for y, d, e, k in zip(yes, defective, table["explanation"].tolist(), table["keywords"].tolist())
    ]
    return table


def _memo(memo: dict, key, compute):
    if key not in memo:
        memo[key] = compute(key)
    return memo[key]


@dataclass
class ScoredTable:
    """The one scored table every output reads."""

    corpus: dict
    tiers: tuple[str, ...]
    snippets: pd.DataFrame  # per (reviewer, sample, snippet)
    by_tier: pd.DataFrame  # per (reviewer, tier): metrics averaged over samples, n_items
    summary: pd.DataFrame  # per reviewer: average, average_sd, samples, unparsed, errors, missing
    keyword_matching: str = DEFAULT_MODE
    # item -> its cluster (a generated item's source function, item.toml [provenance]), for the items that have
    # one: every bootstrap of the table (report, `score --intervals`, `--must-beat`) draws these by default
    clusters: dict[str, str] = field(default_factory=dict)

    @property
    def reviewers(self) -> list[str]:
        return list(self.summary.index)

    def tier_means(self, reviewer: str) -> dict[str, float]:
        """Each metric's mean over the reviewer's tiers (a tier without it skipped: NaN), as the Average weighs
        the tiers: the report's scatter coordinates and Inspect's metrics."""
        tiers = self.by_tier[self.by_tier["reviewer"] == reviewer]
        return {m: float(tiers[m].mean()) for m in METRICS}

    def to_json(self) -> dict:
        reviewers = {}
        for key, row in self.summary.iterrows():
            tiers = {
                t.tier: {m: _num(getattr(t, m)) for m in METRICS} | {"n_items": int(t.n_items)}
                for t in self.by_tier[self.by_tier["reviewer"] == key].itertuples()
            }
            reviewers[key] = {
                "tiers": tiers,
                "average": _num(row["average"]),
                "average_sd": _num(row["average_sd"]),
                "samples": int(row["samples"]),
                "unparsed": int(row["unparsed"]),
                "lenient": int(row["lenient"]),
                "errors": int(row["errors"]),
                "missing": int(row["missing"]),
            }
        return {"schema_version": SCHEMA_VERSION, "corpus": self.corpus, "keyword_matching": self.keyword_matching,
                "reviewers": reviewers}


def _num(x: float) -> float | None:
    return None if x is None or np.isnan(x) else float(x)


def group_scores(table: pd.DataFrame, groups: Sequence[str], column: str = "tier") -> pd.DataFrame:
    """Metrics per (reviewer, sample, group) through the core; `column` names each snippet's group."""
    out = []
    code = {g: i for i, g in enumerate(groups)}
    for (reviewer, sample), part in table.groupby(["reviewer", "sample"], sort=False):
        part = part[part[column].isin(code)]
        m = tier_metrics({key: part[key].to_numpy() for key in COLUMNS}, part["defective"].to_numpy(),
                         part[column].map(code).to_numpy(), len(groups))
        n_items = part.groupby(column)["item"].nunique()
        for i, g in enumerate(groups):
            row = {"reviewer": reviewer, "sample": sample, column: g, "n_items": int(n_items.get(g, 0))}
            out.append(row | {k: float(v[0, i]) for k, v in m.items()})
    return pd.DataFrame(out)


def score_rows(rows: Iterable[VerdictRow | dict], corpus: Corpus, keywords: str = DEFAULT_MODE) -> ScoredTable:
    snippets = snippet_metrics(rows, corpus, keywords)
    per_sample = group_scores(snippets, corpus.tiers) if len(snippets) else pd.DataFrame()
    if per_sample.empty:
        empty = pd.DataFrame(columns=["reviewer", "tier", *METRICS, "n_items"])
        return ScoredTable(corpus.summary(), corpus.tiers, snippets, empty, pd.DataFrame(), keywords,
                           item_clusters(corpus))
    present = per_sample[per_sample["n_items"] > 0]
    by_tier = (
        present.groupby(["reviewer", "tier"], sort=False)[[*METRICS, "n_items"]].mean().reset_index()
    )
    by_tier["n_items"] = by_tier["n_items"].astype(int)
    order = {t: i for i, t in enumerate(corpus.tiers)}
    by_tier = by_tier.sort_values(["reviewer", "tier"], key=lambda s: s.map(order) if s.name == "tier" else s)
    tier_scores = present.pivot_table(index=["reviewer", "sample"], columns="tier", values="score")
    averages = pd.Series(average(tier_scores.to_numpy()), index=tier_scores.index)
    counts = snippets.groupby("reviewer", sort=False).agg(
        unparsed=("unparsed", "sum"), lenient=("lenient", "sum"), errors=("errored", "sum"),
        missing=("missing", "sum"),
        samples=("sample", "nunique"),
    )
    summary = counts.assign(
        average=averages.groupby(level=0).mean(),
        average_sd=averages.groupby(level=0).std(ddof=1).fillna(0.0),
    )
    order = ranking(summary["average"])
    tiered = set(by_tier["reviewer"])
    by_tier = by_tier.set_index("reviewer").loc[[r for r in order if r in tiered]].reset_index()
    return ScoredTable(corpus.summary(), corpus.tiers, snippets, by_tier, summary.loc[order], keywords,
                       item_clusters(corpus))


def item_clusters(corpus: Corpus) -> dict[str, str]:
    """item -> its cluster, for the items that have one."""
    return {item.id: item.cluster for item in corpus.items if item.cluster}


def ranking(averages: pd.Series, last: Collection[str] = ()) -> list[str]:
    """The one order of reviewers every output shows: by Average, highest first (equal to 12 decimals counts as
    equal), then those not in `last` before those in it (the report and the terminal put baselines after the
    tools they tie with; the scored table names none), then by name; no Average last. Whatever order the rows
    arrived in, the same rows give the same order."""
    def key(reviewer: str) -> tuple:
        value = averages[reviewer]
        if np.isnan(value):
            return (True, 0.0, reviewer in last, reviewer)
        return (False, -round(float(value), 12), reviewer in last, reviewer)

    return sorted(averages.index, key=key)


def breakdown(table: ScoredTable, by: str) -> pd.DataFrame:
    """Metrics per reviewer and `operator` (items with several operators count under each) or `variant`."""
    snippets = table.snippets
    if by == "operator":
        exploded = snippets.explode("operators").rename(columns={"operators": "operator"})
        groups = sorted(exploded["operator"].dropna().unique())
        frame = group_scores(exploded, groups, column="operator")
    elif by == "variant":
        rates = snippets.groupby(["reviewer", "sample", "variant"], sort=False).agg(
            said_yes=("yes", "mean"), line_f1=("f1", "mean"), keyword_recall=("recall", "mean"),
            n=("item", "size"),
        )
        return rates.groupby(level=["reviewer", "variant"], sort=False).mean().reset_index()
    else:
        raise ValueError(f"unknown breakdown {by!r}")
    return frame.groupby(["reviewer", by], sort=False)[[*METRICS, "n_items"]].mean().reset_index()
