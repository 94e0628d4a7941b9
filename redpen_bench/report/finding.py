"""The report's headline: its finding in a sentence or two, read from the report's rows and the same paired
bootstrap the tests section uses (stats.pair_test). Nothing here scores or resamples on its own."""

from __future__ import annotations

from dataclasses import dataclass

from redpen_bench.reviewers import family_of
from redpen_bench.scoring import stats
from redpen_bench.scoring.scorer import ScoredTable


@dataclass(frozen=True)
class Finding:
    best: str | None  # the best reviewer other than the baselines; None when only baselines ran
    best_average: float = float("nan")
    best_low: float = float("nan")
    best_high: float = float("nan")
    threshold: float | None = None  # always-no's Average, when it ran
    vs_threshold: stats.PairTest | None = None  # best against always-no
    best_llm: str | None = None  # set, with the gap, only when both LLMs and analyzers ran
    best_analyzer: str | None = None
    gap: stats.PairTest | None = None  # best LLM against best analyzer
    unreadable: bool = False  # reviewers other than the baselines ran, but their answers were mostly unparsed
    silent: bool = False  # ... and every readable one said no to every snippet: always-no by another name
    threshold_reviewer: str = ""  # the baseline whose Average is the threshold (data.THRESHOLD_REVIEWER)


def kind(family: str) -> str:
    """How the report tells an LLM from an analyzer: the registry's kind of the family the run manifest records
    (a plugin's too). Rows recorded elsewhere (replay, Inspect) count as LLM answers, usually a model's;
    ensembles, baselines and families nothing registers any more are neither."""
    record = family_of(family)
    if record is None:
        return "other"
    return "llm" if record.counts_as_llm else "analyzer" if record.kind == "analyzer" else "other"


def find(table: ScoredTable, boot: stats.Bootstrap, rows: list, threshold_reviewer: str) -> Finding:
    """`rows`: the report's rows in ranking order (data.Row). A reviewer whose answers were mostly unparsed is no
    result (its figures measure its answer format), nor is one that said no to every snippet (its verdicts are
    always-no's, whatever its name): neither is the best nor a side of the LLM gap."""
    readable = [r for r in rows if not r.baseline and not r.mostly_unparsed]
    tools = _said_yes(table, readable)
    if not tools:
        return Finding(None, unreadable=not readable and any(not r.baseline for r in rows), silent=bool(readable),
                       threshold_reviewer=threshold_reviewer)
    best = tools[0]
    threshold = next((r for r in rows if r.family == threshold_reviewer), None)
    versus = stats.pair_test(table, boot, best.reviewer, threshold.reviewer) if threshold else None
    best_llm, best_analyzer, gap = _llm_against_analyzer(table, boot, tools)
    return Finding(best.reviewer, best.average.value, best.average.low, best.average.high,
                   threshold.average.value if threshold else None, versus, best_llm, best_analyzer, gap,
                   threshold_reviewer=threshold_reviewer)


def _said_yes(table: ScoredTable, rows: list) -> list:
    """The rows of reviewers that said yes to some snippet, in their order."""
    said_yes = set(table.snippets.loc[table.snippets["yes"].astype(bool), "reviewer"]) if len(table.snippets) else set()
    return [r for r in rows if r.reviewer in said_yes]


def _llm_against_analyzer(table: ScoredTable, boot: stats.Bootstrap,
                          tools: list) -> tuple[str | None, str | None, stats.PairTest | None]:
    """(best LLM, best analyzer, their paired test) when both kinds ran, else (None, None, None)."""
    llm = next((r for r in tools if kind(r.family) == "llm"), None)
    analyzer = next((r for r in tools if kind(r.family) == "analyzer"), None)
    if not (llm and analyzer):
        return None, None, None
    return llm.reviewer, analyzer.reviewer, stats.pair_test(table, boot, llm.reviewer, analyzer.reviewer)


def sentences(finding: Finding, pct, interval) -> list[str]:
    """The headline, with the report's own number formatting (scoring.percent: pct, interval)."""
    if finding.best is None and finding.unreadable:
        return ["Finding: no reviewer other than the baselines gave answers that could be read, so there is none "
                "to judge (see below)."]
    if finding.best is None and finding.silent:
        return [f"Finding: no reviewer other than the baselines said yes to any snippet: each answered as "
                f"{finding.threshold_reviewer} does, so there is none to judge."]
    if finding.best is None:
        return ["Finding: only baselines ran, so there is no reviewer to judge; add one with --reviewer."]
    text = (f"Finding: the best reviewer other than the baselines is {finding.best}, Average "
            f"{pct(finding.best_average)} % {interval(finding.best_low, finding.best_high)}")
    test, threshold = finding.vs_threshold, finding.threshold_reviewer
    if test is None:
        text += f"; {threshold} is not among these runs, so whether it beats doing nothing is not tested."
    else:
        if test.low > 0:
            verdict = f"beats {threshold}"
        elif test.high < 0:
            verdict = f"loses to {threshold}"
        else:
            verdict = f"does not beat {threshold}"
        text += (f"; by the paired bootstrap it {verdict} ({pct(finding.threshold)} %): difference "
                 f"{pct(test.difference)} points, 95 % interval {interval(test.low, test.high)}.")
    out = [text]
    if finding.gap is not None:
        gap = finding.gap
        called = "a difference" if gap.different else "not distinguishable"
        out.append(f"Best LLM {gap.better} against best analyzer {gap.worse}: {pct(gap.difference)} points, 95 % "
                   f"interval {interval(gap.low, gap.high)} ({called} by the paired bootstrap).")
    return out
