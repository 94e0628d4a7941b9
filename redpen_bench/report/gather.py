"""Gathering a report's data (data.py's ReportData) once from the scored table, the bootstrap and the run
manifest. Nothing here computes a score: values are read from the scored table (`by_tier`, `summary`,
`snippets`, `breakdown`) and intervals from the bootstrap."""

from __future__ import annotations

import pandas as pd

from redpen_bench.model.corpus import Corpus
from redpen_bench.model.lines import split_lines
from redpen_bench.model.operators import legend
from redpen_bench.report.data import (
    THRESHOLD_REVIEWER,
    Cell,
    FalsePositives,
    Flag,
    Missed,
    ReportData,
    Row,
    shorten,
)
from redpen_bench.report.finding import find
from redpen_bench.scoring import stats
from redpen_bench.scoring.metrics import METRICS
from redpen_bench.scoring.scorer import ScoredTable, breakdown, ranking

MAX_FALSE_POSITIVES = 12  # per reviewer, in report.md/html; verdicts.jsonl holds every one
MAX_LINES_SHOWN = 4


def _answers(table: ScoredTable) -> tuple[dict[str, int], dict[str, str], dict[str, str]]:
    """Per reviewer: its rows that are answers (unparsed included), one unparsed answer's text, and the
    structured-output mode its rows record."""
    frame = table.snippets
    if frame.empty:
        return {}, {}, {}
    answered = frame[~frame["missing"] & ~frame["errored"]]
    counts = answered.groupby("reviewer", sort=False).size().to_dict()
    examples: dict[str, str] = {}
    if "raw" in frame:
        unparsed = frame[frame["unparsed"] & frame["raw"].map(lambda v: isinstance(v, str) and bool(v.strip()))]
        examples = unparsed.groupby("reviewer", sort=False)["raw"].first().to_dict()
    modes: dict[str, str] = {}
    if "structured" in frame:
        given = frame[frame["structured"].map(lambda v: isinstance(v, str) and bool(v))]
        modes = given.groupby("reviewer", sort=False)["structured"].first().to_dict()
    return {k: int(v) for k, v in counts.items()}, examples, modes


def _rows(table: ScoredTable, boot: stats.Bootstrap, families: dict[str, str]) -> list[Row]:
    rows = []
    answers, examples, modes = _answers(table)
    by_reviewer = {key: part.set_index("tier") for key, part in table.by_tier.groupby("reviewer", sort=False)}
    for reviewer, summary in table.summary.iterrows():
        tiers = by_reviewer.get(reviewer, table.by_tier.iloc[:0].set_index("tier"))
        means = table.tier_means(reviewer)
        metrics = {
            tier: {m: Cell(float(tiers.loc[tier, m]), *boot.interval(reviewer, m, tier)) for m in METRICS}
            for tier in table.tiers if tier in tiers.index
        }
        rows.append(Row(
            reviewer=reviewer, family=families.get(reviewer, reviewer.partition(":")[0]),
            tiers={tier: cells["score"] for tier, cells in metrics.items()},
            average=Cell(float(summary["average"]), *boot.interval(reviewer)),
            average_sd=float(summary["average_sd"]), samples=int(summary["samples"]),
            unparsed=int(summary["unparsed"]), errors=int(summary["errors"]), missing=int(summary["missing"]),
            lenient=int(summary["lenient"]), answers=answers.get(reviewer, 0),
            unparsed_example=examples.get(reviewer, ""), structured=modes.get(reviewer, ""),
            metrics=metrics,
            detection_mean=means["detection"], fpr_mean=means["fpr"],
        ))
    # the one order (scorer.ranking): equal Averages put baselines after the tools they tie with
    order = ranking(pd.Series({r.reviewer: r.average.value for r in rows}, dtype=float),
                    last={r.reviewer for r in rows if r.baseline})
    by_name = {r.reviewer: r for r in rows}
    return [by_name[key] for key in order]


def _missed(table: ScoredTable, corpus: Corpus, tools: list[str]) -> list[Missed]:
    """Caught = some reviewer other than the baselines said yes and named a planted line (line F1 > 0).
    Grouped once per (item, variant), then read item by item: a scan per item would grow with items squared."""
    if not tools:
        return []
    snippets = table.snippets[table.snippets["reviewer"].isin(tools) & table.snippets["defective"]]
    caught = snippets.assign(hit=snippets["yes"] & (snippets["f1"] > 0))
    hit = caught.groupby(["item", "variant"])["hit"].any().to_dict()
    said_yes = caught[caught["yes"]].groupby(["item", "variant"])["reviewer"].agg(set).to_dict()
    missed = []
    for item in corpus.items:  # corpus order: tier, then id
        answered = [name for name in item.variants if (item.id, name) in hit]
        variants = [name for name in answered if not hit[(item.id, name)]]
        if not variants:
            continue
        yes = sorted(set().union(*(said_yes.get((item.id, name), set()) for name in variants)))
        missed.append(Missed(item.id, variants, item.tier, item.operators, item.title, yes, len(answered)))
    return missed


def _false_positives(table: ScoredTable, corpus: Corpus, tools: list[str]) -> dict[str, FalsePositives]:
    out = {}
    controls = table.snippets[table.snippets["reviewer"].isin(tools) & ~table.snippets["defective"]]
    by_reviewer = dict(tuple(controls.groupby("reviewer", sort=False)))
    items = {item.id: item for item in corpus.items}
    for reviewer in tools:
        part = by_reviewer.get(reviewer, controls.iloc[:0])
        answered = part.drop_duplicates(["item", "variant"])
        mine = part[part["yes"]].drop_duplicates(["item", "variant"])
        shown = []
        for entry in mine.head(MAX_FALSE_POSITIVES).itertuples():
            variant = items[entry.item].variants[entry.variant]
            code = split_lines(variant.text)
            named = list(entry.named)
            lines = [(n, code[n - 1]) for n in named[:MAX_LINES_SHOWN] if 1 <= n <= len(code)]
            explanation = entry.explanation if isinstance(entry.explanation, str) else ""
            if not explanation.strip() and isinstance(getattr(entry, "raw", None), str):
                explanation = entry.raw
            shown.append(Flag(entry.item, entry.variant, variant.rel_path, lines, len(named), shorten(explanation)))
        out[reviewer] = FalsePositives(len(mine), len(answered), shown)
    return out


def _cost(table: ScoredTable) -> pd.DataFrame:
    """Tokens, money and latency of reviewers that report them (LLMs), read from their rows."""
    columns = [c for c in ("input_tokens", "output_tokens", "cost_usd", "latency_s") if c in table.snippets]
    if not columns:
        return pd.DataFrame()
    frame = table.snippets[["reviewer", *columns]].copy()
    for column in columns:
        frame[column] = pd.to_numeric(frame[column], errors="coerce")
    frame = frame[frame[columns].notna().any(axis=1)]
    frame = frame[frame["reviewer"].isin(set(table.reviewers))]
    if frame.empty:
        return pd.DataFrame()
    aggregations = {"answers": ("reviewer", "size")}
    for column in ("input_tokens", "output_tokens", "cost_usd"):
        if column in columns:
            aggregations[column] = (column, lambda s: s.sum(min_count=1))
    if "latency_s" in columns:
        aggregations["latency_median_s"] = ("latency_s", "median")
        aggregations["latency_p90_s"] = ("latency_s", lambda s: s.quantile(0.9))
    return frame.groupby("reviewer", sort=False).agg(**aggregations)


def _pivot(frame: pd.DataFrame, column: str, value: str, ranking: list[str], order: list[str]) -> pd.DataFrame:
    if frame.empty:
        return pd.DataFrame()
    grid = frame.pivot_table(index="reviewer", columns=column, values=value, aggfunc="first")
    return grid.reindex(index=[r for r in ranking if r in grid.index], columns=[c for c in order if c in grid])


def _operators(table: ScoredTable, corpus: Corpus, ranking: list[str]) -> tuple[pd.DataFrame, dict[str, int]]:
    """The score per reviewer and operator family (the heat map), and each family's item count."""
    operators = breakdown(table, "operator")
    present = operators[operators["n_items"] > 0] if len(operators) else operators
    if not len(present):
        return _pivot(present, "operator", "score", ranking, []), {}
    order = sorted(set(present["operator"]))
    if corpus.generated is not None:  # its tiers are the operator families: the heat map follows their order
        order.sort(key=lambda op: (table.tiers.index(op) if op in table.tiers else len(table.tiers), op))
    items = present.groupby("operator")["n_items"].max().to_dict()
    return _pivot(present, "operator", "score", ranking, order), {k: int(v) for k, v in items.items()}


def gather(table: ScoredTable, corpus: Corpus, manifest: dict, replicates: int, seed: int,
           rules: pd.DataFrame | None = None, top_rules: dict[str, pd.DataFrame] | None = None) -> ReportData:
    boot = stats.bootstrap(table, replicates, seed)  # over the table's clusters, as `score --intervals` draws
    families = {key: entry.get("family", "") for key, entry in manifest.get("reviewers", {}).items()}
    rows = _rows(table, boot, families)
    ranking = [r.reviewer for r in rows]
    tools = [r.reviewer for r in rows if not r.baseline]
    judged = [r.reviewer for r in rows if not r.baseline and not r.mostly_unparsed]  # the rest answered nothing
    threshold = next((r.average.value for r in rows if r.family == THRESHOLD_REVIEWER), None)

    operators, operator_items = _operators(table, corpus, ranking)
    variants = breakdown(table, "variant")
    return ReportData(
        corpus=table.corpus, tiers=table.tiers,
        tier_items={t: int(n) for t, n in table.by_tier.groupby("tier")["n_items"].max().items()},
        replicates=replicates, seed=seed, rows=rows, threshold=threshold,
        tests=stats.neighbour_tests(table, boot, ranking),
        operators=operators, operator_items=operator_items,
        variants=_pivot(variants, "variant", "said_yes", ranking, ["original", "disguised", "fixed", "clean"]),
        missed=_missed(table, corpus, tools),
        false_positives=_false_positives(table, corpus, judged),
        cost=_cost(table), rules=rules,
        reviewers={key: {k: manifest["reviewers"][key].get(k) for k in ("spec", "family", "info")}
                   for key in ranking if key in manifest.get("reviewers", {})}, top_rules=top_rules or {},
        generated=corpus.generated is not None, clusters=boot.clusters,
        obvious=sum(1 for item in corpus.items if item.provenance.get("obvious")),
        legend=legend([*(table.tiers if corpus.generated is not None else ()),
                       *(op for item in corpus.items for op in item.operators)]),
        finding=find(table, boot, rows, THRESHOLD_REVIEWER),
    )
