"""The public Python API under the CLI, for people who build their own harness.

    from redpen_bench import api
    corpus = api.load_corpus()                              # the shipped corpus (or a path)
    result = api.run(corpus, ["always-no", "ruff:bugs"])    # a RunResult; its run folder is result.path
    table = api.score([result.path])                        # the scored table
    print(table.to_json()["reviewers"]["ruff:bugs"]["average"])
    done = api.compare(corpus, api.compare_specs("ruff"))   # gate, run, score, report: done.report.path
    gate = api.verify(corpus)                               # killability, integrity, distinctness, keywords

Scores are fractions here (0.167), as in JSON and CSV; only text meant for people shows percent.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from redpen_bench.errors import InputError
from redpen_bench.gate import verify
from redpen_bench.model.corpus import Corpus, load_corpus
from redpen_bench.model.rows import VerdictRow
from redpen_bench.model.verdict import Verdict, parse_answer
from redpen_bench.reviewers import Spec, families, make_reviewer, parse_spec
from redpen_bench.reviewers.base import ReviewOptions, Task
from redpen_bench.reviewers.baselines import BASELINES
from redpen_bench.run.folder import default_run_dir
from redpen_bench.run.run_set import read_run_set
from redpen_bench.run.runner import RunResult, run_reviewers, select_snippets
from redpen_bench.scoring.scorer import ScoredTable, score_rows
from redpen_bench.tune.pipeline import tune
from redpen_bench.workflows import compare, compare_specs, report

__all__ = [
    "BASELINES", "Corpus", "ReviewOptions", "RunResult", "ScoredTable", "Spec", "Verdict", "baseline_rows",
    "compare", "compare_specs", "families", "load_corpus", "parse_answer", "parse_spec", "report", "run", "score",
    "select_snippets", "tune", "verify",
]


def run(
    corpus: Corpus,
    reviewers: Sequence[str],
    out: str | Path | None = None,
    options: ReviewOptions | None = None,
    **select,
) -> RunResult:
    """Run reviewers (specs like "ruff:bugs" or "fast=ruff:bugs") into a run folder; resumes what it finds."""
    snippets = select_snippets(corpus, **select) if select else None
    return run_reviewers(corpus, reviewers, out or default_run_dir(corpus), options, snippets)


def baseline_rows(corpus: Corpus, snippets: set[tuple[str, str]] | None = None, seed: int = 0,
                  baselines: Sequence[str] = BASELINES) -> list[dict]:
    """The baselines' rows, made in memory (they take microseconds and no run folder): on `snippets`
    ((item, variant) pairs) or every scored snippet; `seed` seeds random as `run --seed` does."""
    tasks = [Task(v) for v in corpus.snippets if snippets is None or (v.item_id, v.name) in snippets]
    rows: list[dict] = []
    for key in baselines:
        reviewer = make_reviewer(parse_spec(key), ReviewOptions(seed=seed, cache=None))
        reviewer.review(tasks, lambda task, verdict, key=key, **meta: rows.append(
            VerdictRow.answering(key, task.snippet, verdict, task.sample).to_dict()))
    return rows


def score(run_dirs: Sequence[str | Path], corpus: Corpus | None = None, keywords: str = "words",
          baselines: Sequence[str] = (), seed: int = 0) -> ScoredTable:
    """Score one or more run folders of the same corpus into one table; `keywords` is the keyword matching
    ("words", or the seed's "substring"). `baselines`: those of BASELINES to add when the runs lack them, on the
    snippets the runs answered (random seeded by `seed`). Scores are fractions (0.167, not 16.7)."""
    rows = read_run_set(run_dirs, corpus or load_corpus(), "score").rows
    unknown = [b for b in baselines if b not in BASELINES]
    if unknown:
        raise InputError(f"baseline '{unknown[0]}': expected one of {', '.join(BASELINES)}")
    present = {row["reviewer"] for row in rows}
    missing = [b for b in dict.fromkeys(baselines) if b not in present]
    if missing:
        rows += baseline_rows(corpus, {(row["item"], row["variant"]) for row in rows}, seed, missing)
    return score_rows(rows, corpus, keywords)
