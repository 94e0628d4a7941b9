"""`redpen-bench compare` (the main job: run everything, then report) and `redpen-bench report` (a report from
existing run folders)."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import click

from redpen_bench import api
from redpen_bench.api import (
    RETRY_EXIT,
    open_unless_local,
    reference_note,
    split_specs,
)
from redpen_bench.cli.common import (
    bootstrap_option,
    bootstrap_seed_option,
    build_options,
    config_option,
    corpus_option,
    default,
    fresh_option,
    print_path,
    review_options,
    reviewers_option,
)
from redpen_bench.cli.show import TerminalProgress, tell_outcome

name_option = click.option("--name", default=None, help="Report folder name under --out (default <corpus>-<time>).")


def show_report(report) -> None:
    """The leaderboard and the page to open, for people (stderr); stdout's last line stays the folder."""
    data = report.data
    # through the module: the report's code loads while compare's reviewers run, not before they start
    click.echo(api.leaderboard_text(data.corpus, data.tiers, api.report_standings(data)), err=True, nl=False)
    if note := reference_note(data.corpus, data.reviewers):
        click.echo(f"redpen-bench: {note}", err=True)
    click.echo(f"redpen-bench: report: {report.path / 'report.html'}", err=True)
    print_path(report.path)


@click.command("compare")
@reviewers_option("More reviewers (LLMs, sarif:, replay:, names from redpen.toml), comma-separated or repeated.")
@corpus_option
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Where report folders go (default: redpen.toml [compare] out, else reports/).")
@click.option("--runs", "runs_dir", type=click.Path(file_okay=False, path_type=Path),
              default=default(api.compare, "runs_dir"),
              show_default=True, help="Where the run folder goes (re-running the same comparison resumes it).")
@click.option("--analyzers", default=None,
              help="Only these analyzer tools (comma-separated), or 'none' (default: every shipped profile).")
@config_option("Named reviewers, prices and [compare] defaults")
@name_option
@bootstrap_option
@fresh_option
@review_options
def compare_command(reviewers, corpus_dir, out, runs_dir, analyzers, config_path, name, replicates, fresh, **kw):
    """The main job: check the corpus, run the baselines, every analyzer profile and any --reviewer, score
    them and write the comparison report (Markdown, HTML, CSV, verdicts, manifest). --seed seeds the random
    baseline and the bootstrap: the same seed gives the same report."""
    config = api.load_config(config_path)
    corpus = api.load_corpus(corpus_dir)
    specs, out = api.compare_plan(config, analyzers, split_specs(reviewers), out)
    options = build_options(kw, config.prices)
    progress = TerminalProgress()
    with open_unless_local(kw["executor"]) as executor, progress.bar:
        done = api.compare(corpus, specs, out, runs_dir, replace(options, executor=executor), name, replicates,
                           progress, fresh=fresh)
    if done.report is None:  # a dry run: the estimates are the output
        click.echo(json.dumps(done.run.estimates, indent=2))
        return
    tell_outcome(done.run)
    show_report(done.report)
    if done.run.has_errors:
        sys.exit(RETRY_EXIT)


@click.command("report")
@click.argument("run_dirs", nargs=-1, required=True, type=click.Path(path_type=Path))
@corpus_option
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=default(api.report, "out"),
              show_default=True, help="Where report folders go.")
@reviewers_option("Only these reviewers (default: all in the runs).")
@bootstrap_seed_option(api.report)
@name_option
@bootstrap_option
def report_command(run_dirs, corpus_dir, out, reviewers, seed, name, replicates):
    """Write the comparison report from existing run folders (of one corpus), running nothing; the baselines
    the runs lack are added, as `score --intervals` adds them."""
    corpus = api.load_corpus(corpus_dir)
    show_report(api.report(run_dirs, corpus, out, split_specs(reviewers), name, replicates, seed))


COMMANDS = [compare_command, report_command]
