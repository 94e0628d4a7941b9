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
from redpen_bench.model.verdict import Verdict, parse_answer
from redpen_bench.reviewers import Spec, families, parse_spec
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.run.folder import RunFolder, default_run_dir
from redpen_bench.run.runner import RunResult, run_reviewers, select_snippets
from redpen_bench.scoring.scorer import ScoredTable, score_rows
from redpen_bench.tune.pipeline import tune
from redpen_bench.workflows import compare, compare_specs, report

__all__ = [
    "Corpus", "ReviewOptions", "RunResult", "ScoredTable", "Spec", "Verdict", "compare", "compare_specs", "families",
    "load_corpus", "parse_answer", "parse_spec", "report", "run", "score", "select_snippets", "tune", "verify",
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


def score(run_dirs: Sequence[str | Path], corpus: Corpus | None = None, keywords: str = "words") -> ScoredTable:
    """Score one or more run folders of the same corpus into one table; `keywords` is the keyword matching
    ("words", or the seed's "substring")."""
    if not run_dirs:
        raise InputError("score: name at least one run folder")
    folders = [RunFolder(p) for p in run_dirs]
    manifests = [f.read_manifest() for f in folders]
    hashes = {m["corpus"]["hash"] for m in manifests}
    if len(hashes) > 1:
        raise InputError(
            "score: run folders of different corpora: "
            + ", ".join(f"{f.path} ({m['corpus']['hash'][:12]})" for f, m in zip(folders, manifests))
        )
    corpus = corpus or load_corpus()
    if corpus.hash not in hashes:
        raise InputError(
            f"{folders[0].manifest_path}: field 'corpus.hash': made for corpus {hashes.pop()[:12]}, "
            f"but the corpus given is {corpus.name} {corpus.hash[:12]}; pass the right --corpus"
        )
    rows = [row for folder in folders for row in folder.rows()]
    return score_rows(rows, corpus, keywords)
