"""The public Python API: everything the command line does, as library calls, for people who build their own
harness. The CLI parses options, calls these and prints.

    from redpen_bench import api
    corpus = api.load_corpus()                              # the shipped corpus (or a path)
    result = api.run(corpus, ["always-no", "ruff:bugs"])    # a RunResult; its run folder is result.path
    table = api.score([result.path])                        # the scored table
    print(table.to_json()["reviewers"]["ruff:bugs"]["average"])
    verdict = api.thresholds(table, "ruff:bugs", fail_under=16.7)  # CI: verdict.passed, verdict.messages
    done = api.compare(corpus, api.compare_specs("ruff"))   # gate, run, score, report: done.report.path
    checked = api.verify(corpus)                            # killability, integrity, distinctness, keywords
    specs = api.resolve_specs(["local"], api.load_config()) # named reviewers from redpen.toml

Scores are fractions here (0.167), as in JSON and CSV; only text meant for people shows percent (and
`fail_under`, which is typed by people: 16.7).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from msgspec import UNSET

from redpen_bench.api.comparison import (
    DEFAULT_OUT,
    DEFAULT_RUNS,
    Comparison,
    analyzer_specs,
    compare,
    compare_plan,
    compare_specs,
)
from redpen_bench.api.comparison import check_integrity as check_integrity
from redpen_bench.api.comparison import options_fingerprint as options_fingerprint
from redpen_bench.api.corpus_making import (
    check_mutate_source,
    harvest,
    harvest_options,
    harvest_summary,
    mutate,
    new_item,
)
from redpen_bench.api.corpus_making import parse_env as parse_env
from redpen_bench.config import Config, compare_settings, load_config, resolve_specs
from redpen_bench.errors import InputError
from redpen_bench.gate import GateLimits, verify
from redpen_bench.gate.corpus_readme import write_readme
from redpen_bench.gate.verify_text import verify_json, verify_text
from redpen_bench.gate.versions import version_warnings
from redpen_bench.model.corpus import Corpus, load_corpus
from redpen_bench.model.corpus_files import authoring_corpus
from redpen_bench.model.outside_text import csv_frame, terminal
from redpen_bench.model.verdict import Verdict, parse_answer
from redpen_bench.report.reference_tools import reference_note
from redpen_bench.reviewers import BASELINES, Spec, families, families_text, parse_spec, split_specs
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.reviewers.tools.sarif_log import check_kinds
from redpen_bench.run.baseline_rows import baseline_rows, with_baselines
from redpen_bench.run.executor import open_unless_local
from redpen_bench.run.folder import RunFolder, default_run_dir, fresh_dir
from redpen_bench.run.outcome import RETRY_EXIT, outcome_lines
from redpen_bench.run.progress import LineProgress, Progress
from redpen_bench.run.run_set import read_run_set
from redpen_bench.run.runner import RunResult, run_reviewers, select_snippets
from redpen_bench.scoring import DEFAULT_REPLICATES
from redpen_bench.tune.terminal import report_notes as tune_notes
from redpen_bench.tune.terminal import report_text as tune_text

if TYPE_CHECKING:
    from redpen_bench.report.build import Report
    from redpen_bench.scoring.scorer import ScoredTable
    from redpen_bench.scoring.stats import Bootstrap

# names that load their modules on first use (__getattr__): mutate's with libcst, never for `score` or `run`;
# scoring's, the report's and tune's with pandas, which `compare` loads while its reviewers run
_LAZY_NAMES = {
    "MutateOptions": ("redpen_bench.generate.units", "Options"),
    "parse_operators": ("redpen_bench.generate.units", "parse_operators"),
    "mutate_summary": ("redpen_bench.generate.mutate", "summary_table"),
    "Report": ("redpen_bench.report.build", "Report"),
    "build_report": ("redpen_bench.report.build", "build_report"),
    "report_dir": ("redpen_bench.report.build", "report_dir"),
    "leaderboard_text": ("redpen_bench.report.terminal", "leaderboard_text"),
    "report_standings": ("redpen_bench.report.terminal", "report_standings"),
    "rules_text": ("redpen_bench.report.terminal", "rules_text"),
    "table_standings": ("redpen_bench.report.terminal", "table_standings"),
    "ScoredTable": ("redpen_bench.scoring.scorer", "ScoredTable"),
    "score_rows": ("redpen_bench.scoring.scorer", "score_rows"),
    "Bootstrap": ("redpen_bench.scoring.stats", "Bootstrap"),
    "bootstrap": ("redpen_bench.scoring.stats", "bootstrap"),
    "ThresholdResult": ("redpen_bench.scoring.thresholds", "ThresholdResult"),
    "thresholds": ("redpen_bench.scoring.thresholds", "thresholds"),
    "SearchSettings": ("redpen_bench.tune.pipeline", "SearchSettings"),
    "tune": ("redpen_bench.tune.pipeline", "tune"),
}
__all__ = [
    "BASELINES", "DEFAULT_OUT", "DEFAULT_REPLICATES", "DEFAULT_RUNS", "RETRY_EXIT", "Bootstrap", "Comparison", "Config",
    "Corpus", "GateLimits", "LineProgress", "Progress", "Report", "ReviewOptions", "RunResult", "ScoredTable",
    "SearchSettings", "Spec", "ThresholdResult", "Verdict", "analyzer_specs", "authoring_corpus", "baseline_rows",
    "bootstrap", "check_kinds", "check_mutate_source", "compare", "compare_plan", "compare_settings", "compare_specs",
    "csv_frame", "default_run_dir", "export_sarif", "families", "families_text", "harvest", "harvest_options",
    "harvest_summary", "leaderboard_text", "load_config",
    "load_corpus", "mutate", "new_item", "open_unless_local", "outcome_lines", "parse_answer", "parse_spec",
    "reference_note", "report", "report_standings", "resolve_specs", "rules", "rules_text", "run", "score",
    "score_text", "select_snippets", "split_specs", "terminal", "threshold_names", "thresholds", "tune", "tune_notes",
    "tune_text", "verify", "verify_json", "verify_text", "version_warnings", "write_readme",
]


def __getattr__(name: str):
    if name in _LAZY_NAMES:
        import importlib

        module, attribute = _LAZY_NAMES[name]
        return getattr(importlib.import_module(module), attribute)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def run(
    corpus: Corpus,
    reviewers: Sequence[str | Spec],
    out: str | Path | None = None,
    options: ReviewOptions | None = None,
    progress: Progress | None = None,
    lock_timeout: float | None = None,
    fresh: bool = False,
    **select,
) -> RunResult:
    """Run reviewers (specs like "ruff:bugs" or "fast=ruff:bugs") into a run folder (default
    runs/<corpus>-<hash8>); resumes what it finds, or with `fresh` starts a new folder beside it. `select`:
    items, tier, limit (select_snippets); `lock_timeout`: seconds to wait for a process that holds the folder
    (default REDPEN_LOCK_TIMEOUT, else 600)."""
    options = options or ReviewOptions()
    snippets = select_snippets(corpus, **select) if select else None
    run_dir = Path(out or default_run_dir(corpus))
    if fresh and not options.dry_run:
        run_dir = fresh_dir(run_dir)
    return run_reviewers(corpus, reviewers, run_dir, options, snippets, progress, lock_timeout)


def score(run_dirs: Sequence[str | Path], corpus: Corpus | None = None, keywords: str = "words",
          baselines: Sequence[str] = (), seed: int = 0) -> ScoredTable:
    """Score one or more run folders of the same corpus into one table; `keywords` is the keyword matching
    ("words", or the seed's "substring"). `baselines`: those of BASELINES to add when the runs lack them, on the
    snippets the runs answered (random seeded by `seed`). Scores are fractions (0.167, not 16.7)."""
    if not run_dirs:
        raise InputError("score: name at least one run folder")
    from redpen_bench.scoring.scorer import score_rows

    corpus = corpus or load_corpus()
    rows, _ = with_baselines(read_run_set(run_dirs, corpus, "score").rows, corpus, baselines, seed)
    return score_rows(rows, corpus, keywords)


def score_text(table: ScoredTable, fmt: str = "table", boot: Bootstrap | None = None) -> str:
    """The table as "json", "csv" or "table" (the leaderboard, percent); with a bootstrap (`bootstrap(table)`:
    over the corpus's clusters, as the report draws), its 95 % intervals too."""
    from redpen_bench.report.terminal import leaderboard_text, table_standings
    from redpen_bench.scoring.score_files import scores_csv, scores_json

    if fmt == "json":
        return scores_json(table, boot)
    if fmt == "csv":
        return scores_csv(table, boot)
    return leaderboard_text(table.corpus, table.tiers, table_standings(table, boot))


def threshold_names(table: ScoredTable, reviewer: str, must_beat: str | None = None) -> None:
    """Refuse `thresholds` on names the table does not hold, before anything is printed."""
    from redpen_bench.scoring.thresholds import check_names

    check_names(table, reviewer, must_beat, BASELINES)


def report(run_dirs: Sequence[str | Path], corpus: Corpus, out: str | Path = DEFAULT_OUT,
           reviewers: Sequence[str] | None = None, name: str | None = None,
           replicates: int = DEFAULT_REPLICATES, seed: int = 0) -> Report:
    """The comparison report of existing run folders (of one corpus), running nothing."""
    from redpen_bench.report.build import build_report, report_dir

    return build_report(run_dirs, corpus, report_dir(out, name, corpus), reviewers=reviewers or None,
                        replicates=replicates, seed=seed, extra_manifest={"command": "report"})


def rules(run_dir: str | Path, corpus: Corpus, reviewer: str | None = None):
    """The per-rule table of a run's static reviewers (scoring/rules.py), only `reviewer`'s when given."""
    from redpen_bench.scoring.rules import FindingsError, rule_table

    folder = RunFolder(run_dir)
    rows = read_run_set([folder.path], corpus, "rules").rows
    with_findings = sorted({r.reviewer for r in rows if r.findings is not UNSET})
    if reviewer is not None:
        if reviewer not in with_findings:
            known = ", ".join(with_findings) or "none"
            raise InputError(f"--reviewer '{reviewer}': no findings of it in {folder.verdicts_path} "
                             f"(reviewers with findings: {known})")
        rows = [r for r in rows if r.reviewer == reviewer]
    elif not with_findings:
        raise InputError(f"{folder.verdicts_path}: no reviewer in this run stores findings (static analyzers and "
                         "sarif: do; LLM reviewers and baselines do not)")
    try:
        return rule_table(rows, corpus)
    except FindingsError as exc:
        raise InputError(f"{folder.verdicts_path}: {exc}") from None


def export_sarif(run_dir: str | Path, corpus: Corpus, out: str | Path | None = None,
                 reviewers: Sequence[str] | None = None) -> Path:
    """Write a run's verdicts (only `reviewers`' when given) as SARIF 2.1.0 to `out` (default
    RUN_DIR/findings.sarif)."""
    out = out or Path(run_dir) / "findings.sarif"
    from redpen_bench.report.build import read_runs
    from redpen_bench.report.sarif_out import sarif_log, sarif_text

    rows, runs = read_runs([run_dir], corpus)
    if reviewers:
        named = {r.reviewer for r in rows}
        unknown = [key for key in reviewers if key not in named]
        if unknown:
            known = ", ".join(sorted(named))
            raise InputError(f"--reviewer '{unknown[0]}': no rows in {run_dir} (reviewers there: {known})")
    log = sarif_log(rows, corpus, runs["reviewers"], only=reviewers or None,
                    corpus_uri=corpus.root.resolve().as_uri() + "/")
    Path(out).write_text(sarif_text(log), encoding="utf-8", newline="\n")
    return Path(out)
