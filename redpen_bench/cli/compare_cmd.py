"""`redpen-bench compare` (the main job: run everything, then report) and `redpen-bench report` (a report from
existing run folders)."""

from __future__ import annotations

import hashlib
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

import click

from redpen_bench.cli.common import corpus_option, fresh_dir, fresh_option, open_corpus, print_path
from redpen_bench.cli.run_cmd import RETRY_EXIT, build_options, review_options, run_on_terminal
from redpen_bench.errors import InputError
from redpen_bench.model.corpus import Corpus, packaged_path
from redpen_bench.reviewers import REGISTRY, Spec, split_specs
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.reviewers.baselines import BASELINES
from redpen_bench.run.folder import RunFolder

DEFAULT_OUT = Path("reports")
DEFAULT_RUNS = Path("runs")


def analyzer_specs(only: str | None = None, root: Path | None = None) -> list[str]:
    """Every registered analyzer with each profile shipped for it (analyzers/<tool>/*.toml), in registry order,
    but tuned ones. `only`: comma-separated tool names, or "none"."""
    root = root or packaged_path("analyzers")
    available = {family: sorted(p.stem for p in (root / family).glob("*.toml") if not _tuned(p))
                 for family in REGISTRY if (root / family).is_dir()}
    available = {family: profiles for family, profiles in available.items() if profiles}
    if only is not None:
        wanted = [t for t in split_specs([only], "--analyzers") if t != "none"]
        unknown = [t for t in wanted if t not in available]
        if unknown:
            raise InputError(f"--analyzers: unknown {unknown}; shipped: {', '.join(available) or 'none'}")
        available = {t: available[t] for t in available if t in wanted}
    return [f"{family}:{profile}" for family, profiles in available.items() for profile in profiles]


def _tuned(profile: Path) -> bool:
    """A profile `tune` wrote: chosen on this very corpus, so it is run only when asked for by name."""
    from redpen_bench.tune.tuned_profile import HEADER_MARK

    with profile.open(encoding="utf-8", errors="replace") as text:
        return HEADER_MARK in text.readline()


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


def leaderboard_text(report) -> str:
    """The terminal leaderboard: rank, reviewer, tier scores, Average with interval, threshold marked."""
    import io

    from rich.console import Console
    from rich.table import Table

    from redpen_bench.report.data import interval, pct

    data = report.data
    grid = Table(title=f"{data.corpus['name']} {data.corpus['hash'][:12]} ({data.corpus['items']} items)")
    for name in ("#", "reviewer", *[t.capitalize() for t in data.tiers], "Average", "95 % interval"):
        grid.add_column(name, justify="left" if name == "reviewer" else "right")
    for rank, row in enumerate(data.rows, 1):
        cells = [pct(row.tiers[t].value) if t in row.tiers else "—" for t in data.tiers]
        style = "bold red" if row.family == "always-no" else ("dim" if row.baseline else None)
        grid.add_row(str(rank), row.reviewer, *cells, pct(row.average.value),
                     interval(row.average.low, row.average.high), style=style,
                     end_section=row.family == "always-no")
    buffer = io.StringIO()
    Console(file=buffer, width=130, force_terminal=False).print(grid)
    if data.threshold is not None:
        buffer.write(f"always-no's Average {pct(data.threshold)} % is the threshold: below it, doing nothing wins.\n")
    return buffer.getvalue()


def unique_specs(specs: list[Spec]) -> list[Spec]:
    """A reviewer asked for twice runs once; two different reviewers under one name are an error, never one
    of them dropped."""
    kept: dict[str, Spec] = {}
    for spec in specs:
        other = kept.setdefault(spec.key, spec)
        if other != spec or other.options != spec.options:
            raise InputError(f"--reviewer: '{_shown(other)}' and '{_shown(spec)}' are both named '{spec.key}'; "
                             "name them apart with NAME=SPEC")
    return list(kept.values())


def _shown(spec: Spec) -> str:
    return f"{spec.key}={spec.text}" if spec.named else spec.text


def _report_options(f):
    options = [
        click.option("--name", default=None, help="Report folder name under --out (default <corpus>-<time>)."),
        click.option("--bootstrap", "replicates", type=click.IntRange(100), default=2000, show_default=True,
                     help="Bootstrap resamples for the intervals."),
    ]
    for option in reversed(options):
        f = option(f)
    return f


@click.command("compare")
@click.option("--reviewer", "-r", "reviewers", multiple=True,
              help="More reviewers (LLMs, sarif:, replay:, names from redpen.toml), comma-separated or repeated.")
@corpus_option
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Where report folders go (default: redpen.toml [compare] out, else reports/).")
@click.option("--runs", "runs_dir", type=click.Path(file_okay=False, path_type=Path), default=DEFAULT_RUNS,
              show_default=True, help="Where the run folder goes (re-running the same comparison resumes it).")
@click.option("--analyzers", default=None,
              help="Only these analyzer tools (comma-separated), or 'none' (default: every shipped profile).")
@click.option("--config", "config_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Named reviewers, prices and [compare] defaults (default: the nearest redpen.toml or "
                   "pyproject.toml [tool.redpen] from here up).")
@_report_options
@fresh_option
@review_options
def compare_command(reviewers, corpus_dir, out, runs_dir, analyzers, config_path, name, replicates, fresh, **kw):
    """The main job: check the corpus, run the baselines, every analyzer profile and any --reviewer, score
    them and write the comparison report (Markdown, HTML, CSV, verdicts, manifest). --seed seeds the random
    baseline and the bootstrap: the same seed gives the same report."""
    from redpen_bench.cli.config import compare_settings, load_config, resolve_specs
    from redpen_bench.report.build import build_report, report_dir

    config = load_config(config_path)
    settings = compare_settings(config)
    corpus = open_corpus(corpus_dir)
    check_integrity(corpus)
    texts = [*BASELINES, *analyzer_specs(analyzers), *settings.reviewers, *split_specs(reviewers)]
    specs = unique_specs(resolve_specs(texts, config))
    options = replace(build_options(kw), prices=config.prices)
    run_dir = runs_dir / f"compare-{corpus.name}-{corpus.hash[:8]}-{options_fingerprint(options, specs)}"
    if fresh and not options.dry_run:
        run_dir = fresh_dir(run_dir)
    started = time.time()
    result = run_on_terminal(corpus, specs, run_dir, options)
    if result is None:
        return
    folder = RunFolder(run_dir)  # a replay file's rows are filed under its reviewers' own names
    reviewers = list(dict.fromkeys(key for s in specs for key in folder.row_keys(s.key)))
    report = build_report(
        [run_dir], corpus, report_dir(out or settings.out or DEFAULT_OUT, name, corpus),
        reviewers=reviewers, replicates=replicates, seed=options.seed,
        extra_manifest={"command": "compare", "run_seconds": round(time.time() - started, 3),
                        "reviewer_specs": {s.key: s.text for s in specs}},
    )
    click.echo(leaderboard_text(report), err=True, nl=False)
    # the page to open, for people (stderr); stdout's last line stays the folder, for scripts
    click.echo(f"redpen-bench: report: {report.path / 'report.html'}", err=True)
    print_path(report.path)
    if result.has_errors:
        sys.exit(RETRY_EXIT)


@click.command("report")
@click.argument("run_dirs", nargs=-1, required=True, type=click.Path(path_type=Path))
@corpus_option
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=DEFAULT_OUT, show_default=True,
              help="Where report folders go.")
@click.option("--reviewer", "-r", "reviewers", multiple=True, help="Only these reviewers (default: all in the runs).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the bootstrap.")
@_report_options
def report_command(run_dirs, corpus_dir, out, reviewers, seed, name, replicates):
    """Write the comparison report from existing run folders (of one corpus), running nothing."""
    from redpen_bench.report.build import build_report, report_dir

    corpus = open_corpus(corpus_dir)
    report = build_report(run_dirs, corpus, report_dir(out, name, corpus),
                          reviewers=split_specs(reviewers) or None, replicates=replicates, seed=seed,
                          extra_manifest={"command": "report"})
    click.echo(leaderboard_text(report), err=True, nl=False)
    # the page to open, for people (stderr); stdout's last line stays the folder, for scripts
    click.echo(f"redpen-bench: report: {report.path / 'report.html'}", err=True)
    print_path(report.path)


COMMANDS = [compare_command, report_command]
