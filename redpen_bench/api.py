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

import hashlib
import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from msgspec import UNSET

from redpen_bench.config import Config, compare_settings, load_config, resolve_specs
from redpen_bench.errors import InputError
from redpen_bench.gate import GateLimits, verify
from redpen_bench.gate.corpus_readme import write_readme
from redpen_bench.gate.verify_text import verify_json, verify_text
from redpen_bench.gate.versions import version_warnings
from redpen_bench.model.corpus import Corpus, load_corpus
from redpen_bench.model.corpus_files import authoring_corpus, read_toml
from redpen_bench.model.outside_text import csv_frame, terminal
from redpen_bench.model.verdict import Verdict, parse_answer
from redpen_bench.report.build import Report, build_report, report_dir
from redpen_bench.report.reference_tools import reference_note
from redpen_bench.report.terminal import leaderboard_text, report_standings, rules_text, table_standings
from redpen_bench.reviewers import (
    BASELINES,
    Spec,
    families,
    families_text,
    names_of_kind,
    parse_spec,
    split_specs,
    unique_specs,
)
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.reviewers.tools.profiles import shipped_profiles
from redpen_bench.reviewers.tools.sarif_log import check_kinds
from redpen_bench.run.baseline_rows import baseline_rows, with_baselines
from redpen_bench.run.executor import open_unless_local
from redpen_bench.run.folder import RunFolder, default_run_dir, fresh_dir
from redpen_bench.run.outcome import RETRY_EXIT, outcome_lines
from redpen_bench.run.progress import LineProgress, Progress, no_progress
from redpen_bench.run.run_set import read_run_set
from redpen_bench.run.runner import RunResult, run_reviewers, select_snippets
from redpen_bench.scoring import DEFAULT_REPLICATES
from redpen_bench.scoring.score_files import scores_csv, scores_json
from redpen_bench.scoring.scorer import ScoredTable, score_rows
from redpen_bench.scoring.stats import Bootstrap, bootstrap
from redpen_bench.scoring.thresholds import ThresholdResult, check_names, thresholds
from redpen_bench.tune.pipeline import SearchSettings, tune
from redpen_bench.tune.terminal import report_notes as tune_notes
from redpen_bench.tune.terminal import report_text as tune_text

if TYPE_CHECKING:  # mutate's modules (libcst) load when it is called, never for score or run
    from redpen_bench.generate.units import Options as MutateOptions

DEFAULT_OUT = Path("reports")
DEFAULT_RUNS = Path("runs")

# with mutate's names, which load with it (__getattr__): MutateOptions, parse_operators, mutate_summary
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
_MUTATE_NAMES = {"MutateOptions": ("redpen_bench.generate.units", "Options"),
                 "parse_operators": ("redpen_bench.generate.units", "parse_operators"),
                 "mutate_summary": ("redpen_bench.generate.mutate", "summary_table")}


def __getattr__(name: str):
    """mutate's names load with it (libcst), never for `score` or `run`."""
    if name in _MUTATE_NAMES:
        import importlib

        module, attribute = _MUTATE_NAMES[name]
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
    corpus = corpus or load_corpus()
    rows, _ = with_baselines(read_run_set(run_dirs, corpus, "score").rows, corpus, baselines, seed)
    return score_rows(rows, corpus, keywords)


def score_text(table: ScoredTable, fmt: str = "table", boot: Bootstrap | None = None) -> str:
    """The table as "json", "csv" or "table" (the leaderboard, percent); with a bootstrap (`bootstrap(table)`:
    over the corpus's clusters, as the report draws), its 95 % intervals too."""
    if fmt == "json":
        return scores_json(table, boot)
    if fmt == "csv":
        return scores_csv(table, boot)
    return leaderboard_text(table.corpus, table.tiers, table_standings(table, boot))


def threshold_names(table: ScoredTable, reviewer: str, must_beat: str | None = None) -> None:
    """Refuse `thresholds` on names the table does not hold, before anything is printed."""
    check_names(table, reviewer, must_beat, BASELINES)


def analyzer_specs(only: str | None = None, root: Path | None = None) -> list[str]:
    """Every registered analyzer (a plugin's too) with each profile shipped for it but tuned ones, in registry
    order. `only`: comma-separated tool names, or "none"; `root`: another analyzers/ folder than each tool's."""
    available = {family: shipped_profiles(family, root) for family in names_of_kind("analyzer")}
    available = {family: profiles for family, profiles in available.items() if profiles}
    if only is not None:
        wanted = [t for t in split_specs([only], "--analyzers") if t != "none"]
        unknown = [t for t in wanted if t not in available]
        if unknown:
            raise InputError(f"--analyzers: unknown {unknown}; shipped: {', '.join(available) or 'none'}")
        available = {t: available[t] for t in available if t in wanted}
    return [f"{family}:{profile}" for family, profiles in available.items() for profile in profiles]


def check_integrity(corpus: Corpus) -> None:
    """The gate's integrity check (fast; killability is `redpen-bench verify`): a broken corpus is no baseline."""
    from redpen_bench.gate.integrity import run_integrity

    problems, _ = run_integrity(corpus)
    found = [f"{item}: {reason}" for item, reasons in problems.items() for reason in reasons]
    if found:
        more = f" (and {len(found) - 3} more; run redpen-bench verify)" if len(found) > 3 else ""
        raise InputError(f"{corpus.root}: corpus integrity check failed: {'; '.join(found[:3])}{more}")


def _file_hash(path: Path | None) -> str | None:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path else None


def options_fingerprint(options: ReviewOptions, specs: list[Spec]) -> str:
    """What changes answers beyond the reviewer's own spec: a run folder holds answers made under one setting,
    so a changed seed or prompt starts a new folder (the verdict cache still saves the repeat work)."""
    parts = {
        "seed": options.seed, "samples": options.samples, "temperature": options.temperature,
        "max_tokens": options.max_tokens, "params": options.params, "base_url": options.base_url,
        "prompt": _file_hash(options.prompt), "system": _file_hash(options.system),
        "named": {s.key: {k: str(v) for k, v in sorted(s.options.items())} for s in specs if s.options},
    }
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:8]


def compare_specs(analyzers: str | None = None) -> list[str]:
    """What `compare` runs before any reviewer the user adds: the baselines and every shipped analyzer profile
    (`analyzers`: only these tools, comma-separated, or "none")."""
    return [*BASELINES, *analyzer_specs(analyzers)]


def compare_plan(config: Config, analyzers: str | None = None, reviewers: Sequence[str] = (),
                 out: str | Path | None = None) -> tuple[list[Spec], Path]:
    """What `compare` runs and where its reports go: compare_specs(analyzers), the configuration's [compare]
    reviewers, then `reviewers` (names from it or specs); `out`, else its [compare] out, else DEFAULT_OUT."""
    settings = compare_settings(config)
    specs = resolve_specs([*compare_specs(analyzers), *settings.reviewers, *reviewers], config)
    return specs, Path(out or settings.out or DEFAULT_OUT)


@dataclass
class Comparison:
    run: RunResult
    report: Report | None  # None for a dry run


def compare(
    corpus: Corpus,
    specs: Sequence[str | Spec],
    out: str | Path = DEFAULT_OUT,
    runs_dir: str | Path = DEFAULT_RUNS,
    options: ReviewOptions | None = None,
    name: str | None = None,
    replicates: int = DEFAULT_REPLICATES,
    progress: Progress | None = None,
    lock_timeout: float | None = None,
    fresh: bool = False,
) -> Comparison:
    """Check the corpus's integrity, run `specs` (see compare_specs) into the run folder this comparison owns
    under `runs_dir` (the same comparison resumes it; `fresh`: a new folder beside it instead), and write the
    report folder under `out`."""
    options = options or ReviewOptions()
    check_integrity(corpus)
    specs = unique_specs([s if isinstance(s, Spec) else parse_spec(s) for s in specs])
    run_dir = Path(runs_dir) / f"compare-{corpus.name}-{corpus.hash[:8]}-{options_fingerprint(options, specs)}"
    if fresh and not options.dry_run:
        run_dir = fresh_dir(run_dir)
    started = time.time()
    result = run_reviewers(corpus, specs, run_dir, options, progress=progress, lock_timeout=lock_timeout)
    if options.dry_run:
        return Comparison(result, None)
    folder = result.folder or RunFolder(run_dir)  # the run's own: its rows were read once already
    reviewers = list(dict.fromkeys(key for s in specs for key in folder.row_keys(s.key)))  # replay: own names
    built = build_report(
        [folder], corpus, report_dir(out, name, corpus), reviewers=reviewers, replicates=replicates,
        seed=options.seed,
        extra_manifest={"command": "compare", "run_seconds": round(time.time() - started, 3),
                        "reviewer_specs": {s.key: s.text for s in specs}},
    )
    return Comparison(result, built)


def report(run_dirs: Sequence[str | Path], corpus: Corpus, out: str | Path = DEFAULT_OUT,
           reviewers: Sequence[str] | None = None, name: str | None = None,
           replicates: int = DEFAULT_REPLICATES, seed: int = 0) -> Report:
    """The comparison report of existing run folders (of one corpus), running nothing."""
    return build_report(run_dirs, corpus, report_dir(out, name, corpus), reviewers=reviewers or None,
                        replicates=replicates, seed=seed, extra_manifest={"command": "report"})


def new_item(item_id: str, tier: str, corpus_dir: str | Path | None = None) -> Path:
    """Scaffold an item folder (six files and an item.toml to fill in) in the corpus being written."""
    from redpen_bench.gate.corpus_readme import scaffold_item

    root = authoring_corpus(corpus_dir)
    return scaffold_item(root, item_id, tier, tuple(read_toml(root / "corpus.toml").get("tiers") or ()))


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


def check_mutate_source(project, from_corpus, sources: Sequence[str] = (), tests: Sequence[str] = ()) -> None:
    """mutate takes a project or a corpus, and globs and test paths only for a project."""
    if (project is None) == (from_corpus is None):
        raise InputError("mutate: give either PROJECT or --from-corpus DIR (one of them)")
    if from_corpus is not None and (sources or tests):
        raise InputError("--source/--tests: only for a PROJECT, not with --from-corpus")


def parse_env(pairs: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """--env KEY=VALUE, each checked: a KEY that is a name, then '='."""
    parsed = []
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key.isidentifier():
            raise InputError(f"--env {pair!r}: expected KEY=VALUE (a variable name, '=', its value)")
        parsed.append((key, value))
    return tuple(parsed)


def mutate(out: str | Path, options: MutateOptions | None = None, project: str | Path | None = None,
           from_corpus: str | Path | None = None, jobs: int | None = None, progress: Progress | None = None,
           sources: Sequence[str] = (), tests: Sequence[str] = (), executor=None, name: str | None = None,
           licence: str | None = None, python: str | Path | None = None, env: Sequence[tuple[str, str]] = (),
           repeat: int = 2):
    """A generated corpus at `out`: mutants killed by their tests, of a corpus's correct files (`from_corpus`)
    or of a project's sources (`project`; `sources`: globs, `tests`: pytest arguments, `python`: the project's
    interpreter, `env`: (KEY, VALUE) for its suite, `repeat`: baseline runs, to find flaky tests). `jobs`: checks
    at once (default: cores); `executor`: an open run.executor.Executor, or None for this machine's pools. `name`,
    `licence`: corpus.toml's (default: the project's own, generate/project_metadata.py; the source corpus's)."""
    check_mutate_source(project, from_corpus, sources, tests)
    from redpen_bench.generate.units import Options

    options, progress, jobs = options or Options(), progress or no_progress, jobs or os.cpu_count() or 1
    if from_corpus is not None:
        from redpen_bench.generate.mutate import mutate_from_corpus

        return mutate_from_corpus(Path(from_corpus), Path(out), options, jobs, progress, executor, name, licence)
    from redpen_bench.generate.project import mutate_project

    return mutate_project(Path(project), Path(out), options, jobs, progress, tuple(sources), tuple(tests), executor,
                          name, licence, Path(python) if python else None, tuple(env), repeat)


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


# --- harvest (issue 33): a repository's own test-verified bug fixes as a corpus --------------------------------
def harvest(repo: str | Path, out: str | Path, options=None, python: str | Path | None = None,
            tests: Sequence[str] = (), env: Sequence[tuple[str, str]] = (), jobs: int | None = None,
            progress: Progress | None = None, executor=None):
    """A corpus at `out` of the fixes in `repo`'s history whose tests fail before and pass after
    (docs/harvest.md); `options`: harvest.pipeline.HarvestOptions; `python`: the interpreter that runs the
    repository's tests (default: project_tests.interpreter.project_python's choice); `tests`: extra pytest
    arguments; `env`: KEY, VALUE pairs for the suite. Returns a harvest.pipeline.HarvestResult."""
    from redpen_bench.harvest.pipeline import HarvestOptions
    from redpen_bench.harvest.pipeline import harvest as run_harvest
    from redpen_bench.project_tests.interpreter import project_python
    from redpen_bench.project_tests.runner import Settings

    options = options or HarvestOptions()
    repo = Path(repo)
    settings = Settings(project_python(repo, Path(python) if python else None), tuple(env), tuple(tests),
                        options.timeout)
    return run_harvest(repo, Path(out), options, settings, jobs or os.cpu_count() or 1, progress or no_progress,
                       executor)


def harvest_options(**values):
    """harvest.pipeline.HarvestOptions (loaded with harvest, never for score or run)."""
    from redpen_bench.harvest.pipeline import HarvestOptions

    return HarvestOptions(**values)


def harvest_summary(result, seconds: float):
    """The outcomes of a harvest as a rich table."""
    from rich.table import Table

    table = Table(title=f"harvest: {result.items} items from {result.walked} commits ({result.candidates} "
                        f"candidates) in {seconds:.1f} s")
    table.add_column("outcome")
    table.add_column("commits", justify="right")
    table.add_column("errors")
    for outcome, n in result.counts.items():
        said = ", ".join(f"{k} {v}" for k, v in result.details.get(outcome, {}).items())
        table.add_row(outcome, str(n), said)
    table.add_row("all", str(result.walked), "", style="bold")
    return table
