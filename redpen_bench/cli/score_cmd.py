"""`redpen-bench score`: the scored table as a terminal table, JSON or CSV, and the CI thresholds on it
(api.thresholds).

Units: fractions in JSON, CSV and the API (0.167), percent in text meant for people (16.7, and --fail-under)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from redpen_bench import api
from redpen_bench.api import BASELINES
from redpen_bench.cli.common import bootstrap_option, bootstrap_seed_option, corpus_option, default
from redpen_bench.errors import InputError


class Percent(click.ParamType):
    """A percentage 0..100 as the tables show it; nan and infinities refused (every comparison with nan is
    false: a gate at nan would pass anything)."""

    name = "percent"

    def convert(self, value, param, ctx):
        try:
            number = float(value)
        except (TypeError, ValueError):
            self.fail(f"'{value}' is not a number", param, ctx)
        if not 0 <= number <= 100:  # false for nan too
            self.fail(f"{value} is not a percentage from 0 to 100", param, ctx)
        return number


@click.command("score")
@click.argument("run_dirs", nargs=-1, required=True, type=click.Path(path_type=Path))
@corpus_option
@click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table", show_default=True)
@click.option("--reviewer", default=None, help="With --fail-under or --must-beat: the reviewer to gate on.")
@click.option("--fail-under", type=Percent(), default=None, metavar="PERCENT",
              help="Exit 1 when that reviewer's Average is below PERCENT (0 to 100, as the tables show it; "
                   "--fail-under 16.7: beat doing nothing), or when it has error or missing rows or was not asked "
                   "every snippet of the corpus.")
@click.option("--must-beat", default=None, metavar="NAME",
              help="Exit 1 unless the paired bootstrap says the reviewer is better than NAME (a reviewer of the "
                   "runs, or a baseline: always-no, always-yes, random, oracle): the 95 % interval of the "
                   "difference of Averages lies above 0. Error or missing rows fail it too.")
@click.option("--intervals", is_flag=True,
              help="Add the baselines the runs lack and each score's 95 % bootstrap interval.")
@bootstrap_seed_option(api.score)
@bootstrap_option
@click.option("--keywords", type=click.Choice(["words", "substring"]), default=default(api.score, "keywords"),
              show_default=True,
              help="Keyword matching: at word starts on normalised text, or the seed's casefolded substring "
                   "(to compare with scores made by redpen-bench before corpus 1.1).")
def score_command(run_dirs, corpus_dir, fmt, reviewer, fail_under, must_beat, intervals, seed, replicates,
                  keywords):
    """Score run folders (of one corpus) into one table. Scores are fractions in JSON and CSV, percent in
    the table."""
    gated = fail_under is not None or must_beat is not None
    if gated and reviewer is None:
        raise InputError(f"{'--fail-under' if fail_under is not None else '--must-beat'} needs --reviewer NAME")
    added = list(BASELINES) if intervals else [must_beat] if must_beat in BASELINES else []
    table = api.score(run_dirs, api.load_corpus(corpus_dir), keywords, baselines=added, seed=seed)
    if gated:
        api.threshold_names(table, reviewer, must_beat)
    # the report's bootstrap: over the corpus's clusters (a generated item's source function) where items have them
    boot = api.bootstrap(table, replicates, seed) if intervals or must_beat is not None else None
    click.echo(api.score_text(table, fmt, boot if intervals else None), nl=False)
    if gated:
        verdict = api.thresholds(table, reviewer, fail_under, must_beat, boot)
        for message in verdict.messages:
            click.echo(f"redpen-bench: {message}", err=True)
        if not verdict.passed:
            sys.exit(1)


COMMANDS = [score_command]
