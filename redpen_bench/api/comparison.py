"""The API's comparison: what `compare` runs (the baselines, every shipped analyzer profile, the configuration's
reviewers), the run folder a comparison owns, and running it into a report. Re-exported by redpen_bench.api."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from redpen_bench.config import Config, compare_settings, resolve_specs
from redpen_bench.errors import InputError
from redpen_bench.model.corpus import Corpus
from redpen_bench.reviewers import BASELINES, Spec, names_of_kind, parse_spec, split_specs, unique_specs
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.reviewers.tools.profiles import shipped_profiles
from redpen_bench.run.folder import RunFolder, fresh_dir
from redpen_bench.run.progress import Progress
from redpen_bench.run.runner import RunResult, run_reviewers
from redpen_bench.scoring import DEFAULT_REPLICATES

if TYPE_CHECKING:
    from redpen_bench.report.build import Report

DEFAULT_OUT = Path("reports")
DEFAULT_RUNS = Path("runs")


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


def load_report_code() -> None:
    """The report's modules (pandas, matplotlib among them: most of a second of one core), loaded while the
    reviewers run: for most of a comparison one core waits on the slowest tool alone."""
    from redpen_bench.report import charts

    charts.load_matplotlib()


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
    result = run_reviewers(corpus, specs, run_dir, options, progress=progress, lock_timeout=lock_timeout,
                           meanwhile=None if options.dry_run else load_report_code)
    if options.dry_run:
        return Comparison(result, None)
    from redpen_bench.report.build import build_report, report_dir

    folder = result.folder or RunFolder(run_dir)  # the run's own: its rows were read once already
    reviewers = list(dict.fromkeys(key for s in specs for key in folder.row_keys(s.key)))  # replay: own names
    built = build_report(
        [folder], corpus, report_dir(out, name, corpus), reviewers=reviewers, replicates=replicates,
        seed=options.seed,
        extra_manifest={"command": "compare", "run_seconds": round(time.time() - started, 3),
                        "reviewer_specs": {s.key: s.text for s in specs}},
    )
    return Comparison(result, built)
