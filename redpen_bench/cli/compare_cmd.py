"""`redpen-bench compare` (the main job: run everything, then report) and `redpen-bench report` (a report from
existing run folders)."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import click

from redpen_bench import workflows
from redpen_bench.cli.common import corpus_option, fresh_option, open_corpus, opened_executor, print_path
from redpen_bench.cli.run_cmd import (
    RETRY_EXIT,
    StderrProgress,
    build_options,
    lock_timeout,
    review_options,
    tell_outcome,
)
from redpen_bench.reviewers import split_specs


def leaderboard_text(report) -> str:
    """The terminal leaderboard: rank, reviewer, tier scores, Average with interval, threshold marked."""
    import io

    from rich.console import Console
    from rich.table import Table

    from redpen_bench.model.outside_text import rich_text
    from redpen_bench.report.data import interval, pct

    data = report.data
    grid = Table(title=rich_text(f"{data.corpus['name']} {data.corpus['hash'][:12]} ({data.corpus['items']} items)"))
    for name in ("#", "reviewer", *[t[:1].upper() + t[1:] for t in data.tiers], "Average", "95 % interval"):
        grid.add_column(name, justify="left" if name == "reviewer" else "right")
    for rank, row in enumerate(data.rows, 1):
        cells = [pct(row.tiers[t].value) if t in row.tiers else "—" for t in data.tiers]
        style = "bold red" if row.family == "always-no" else ("dim" if row.baseline else None)
        grid.add_row(str(rank), rich_text(row.reviewer), *cells, pct(row.average.value),
                     interval(row.average.low, row.average.high), style=style,
                     end_section=row.family == "always-no")
    buffer = io.StringIO()
    Console(file=buffer, width=max(130, 48 + 8 * len(data.tiers)), force_terminal=False).print(grid)
    if data.threshold is not None:
        buffer.write(f"always-no's Average {pct(data.threshold)} % is the threshold: below it, doing nothing wins.\n")
    return buffer.getvalue()


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
@click.option("--runs", "runs_dir", type=click.Path(file_okay=False, path_type=Path), default=workflows.DEFAULT_RUNS,
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

    config = load_config(config_path)
    settings = compare_settings(config)
    corpus = open_corpus(corpus_dir)
    texts = [*workflows.compare_specs(analyzers), *settings.reviewers, *split_specs(reviewers)]
    options = replace(build_options(kw), prices=config.prices)
    progress = StderrProgress()
    with opened_executor(kw["executor"]) as executor, progress.bar:
        done = workflows.compare(corpus, resolve_specs(texts, config), out or settings.out or workflows.DEFAULT_OUT,
                                 runs_dir, replace(options, executor=executor), name, replicates, progress,
                                 lock_timeout(), fresh=fresh)
    if done.report is None:  # a dry run: the estimates are the output
        click.echo(json.dumps(done.run.estimates, indent=2))
        return
    tell_outcome(done.run)
    click.echo(leaderboard_text(done.report), err=True, nl=False)
    # the page to open, for people (stderr); stdout's last line stays the folder, for scripts
    click.echo(f"redpen-bench: report: {done.report.path / 'report.html'}", err=True)
    print_path(done.report.path)
    if done.run.has_errors:
        sys.exit(RETRY_EXIT)


@click.command("report")
@click.argument("run_dirs", nargs=-1, required=True, type=click.Path(path_type=Path))
@corpus_option
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=workflows.DEFAULT_OUT,
              show_default=True, help="Where report folders go.")
@click.option("--reviewer", "-r", "reviewers", multiple=True, help="Only these reviewers (default: all in the runs).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the bootstrap.")
@_report_options
def report_command(run_dirs, corpus_dir, out, reviewers, seed, name, replicates):
    """Write the comparison report from existing run folders (of one corpus), running nothing."""
    corpus = open_corpus(corpus_dir)
    report = workflows.report(run_dirs, corpus, out, split_specs(reviewers), name, replicates, seed)
    click.echo(leaderboard_text(report), err=True, nl=False)
    # the page to open, for people (stderr); stdout's last line stays the folder, for scripts
    click.echo(f"redpen-bench: report: {report.path / 'report.html'}", err=True)
    print_path(report.path)


COMMANDS = [compare_command, report_command]
