"""`redpen-bench run` and `redpen-bench reviewers`."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import click

from redpen_bench.api import RETRY_EXIT, families_text, open_unless_local, split_specs
from redpen_bench.cli.common import (
    build_options,
    config_option,
    corpus_option,
    fresh_option,
    print_path,
    review_options,
    reviewers_option,
)
from redpen_bench.cli.show import stderr_progress, tell_outcome


@click.command("run")
@reviewers_option("Reviewer spec(s), comma-separated or repeated; NAME=SPEC names one.", required=True)
@corpus_option
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The run folder (default runs/<corpus>-<hash8>/).")
@click.option("--items", default=None, help="Only these item ids (comma-separated).")
@click.option("--tier", default=None, help="Only this tier.")
@click.option("--limit", type=click.IntRange(1), default=None, help="Only the first N items.")
@config_option("Named reviewers and prices")
@fresh_option
@review_options
def run_command(reviewers, corpus_dir, out, items, tier, limit, config_path, fresh, **kw):
    """Run reviewers over the corpus into a run folder; the same command resumes an interrupted run (--fresh
    starts a new folder instead)."""
    from redpen_bench import api

    config = api.load_config(config_path)
    corpus = api.load_corpus(corpus_dir)
    options = build_options(kw, config.prices)
    specs = api.resolve_specs(split_specs(reviewers), config)
    progress = stderr_progress()
    with open_unless_local(kw["executor"]) as executor, progress.bar:
        result = api.run(corpus, specs, out, replace(options, executor=executor), progress, fresh=fresh,
                         items=items.split(",") if items else None, tier=tier, limit=limit)
    if options.dry_run:
        click.echo(json.dumps(result.estimates, indent=2))
        return
    tell_outcome(result)
    print_path(result.path)
    if result.has_errors:
        sys.exit(RETRY_EXIT)


@click.command("reviewers")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown"]), default="text", show_default=True)
def reviewers_command(fmt):
    """List every reviewer family with a one-line description."""
    click.echo(families_text(markdown=fmt == "markdown"), nl=False)


COMMANDS = [run_command, reviewers_command]
