"""`redpen-bench tune TOOL`: choose a tool's rules on the corpus and say honestly what the choice is worth."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import click

from redpen_bench.api import (
    ReviewOptions,
    SearchSettings,
    load_corpus,
    open_unless_local,
    tune,
    tune_notes,
    tune_text,
)
from redpen_bench.cli.common import corpus_option, default, executor_option, no_cache_option, print_path


@click.command("tune")
@click.argument("tool")
@corpus_option
@click.option("--folds", type=click.IntRange(2), default=default(SearchSettings, "folds"), show_default=True,
              help="K of the K-fold cross-validation, grouped by item.")
@click.option("--seed", type=int, default=default(SearchSettings, "seed"), show_default=True,
              help="Seed of the fold assignment.")
@click.option("--repeats", type=click.IntRange(1), default=default(SearchSettings, "repeats"), show_default=True,
              help="Repeat the cross-validation over this many fold splits (seeds SEED, SEED+1, ...).")
@click.option("--max-rules", type=click.IntRange(1), default=default(SearchSettings, "max_rules"), show_default=True,
              help="At most this many rules in the subset.")
@click.option("--min-gain", type=click.FloatRange(0.0), default=default(SearchSettings, "min_gain"), show_default=True,
              help="Stop adding rules when the best one raises the training Average by less.")
@click.option("--exact-up-to", type=click.IntRange(0, 16), default=default(SearchSettings, "exact_up_to"),
              show_default=True,
              help="Exact search over all subsets when at most this many rules fire; greedy above.")
@click.option("--name", default=default(tune, "name"), show_default=True,
              help="The profile written: analyzers/TOOL/NAME.toml.")
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="Also keep every run's verdict rows in this run folder.")
@click.option("--timeout", type=float, default=default(ReviewOptions, "timeout"), show_default=True,
              help="Seconds a tool run may take.")
@no_cache_option
@executor_option
def tune_command(tool, corpus_dir, folds, seed, repeats, max_rules, min_gain, exact_up_to, name, out, timeout,
                 no_cache, executor):
    """Choose TOOL's rules (any analyzer `redpen-bench reviewers` lists) from one run with every rule on; report
    the default, bugs, tuned in-sample and tuned cross-validated (held-out) Averages; write
    analyzers/TOOL/NAME.toml."""

    corpus = load_corpus(corpus_dir)
    settings = SearchSettings(folds, seed, repeats, max_rules, min_gain, exact_up_to)
    command = shlex.join(["redpen-bench", "tune", *sys.argv[2:]]) if sys.argv[1:2] == ["tune"] else \
        f"redpen-bench tune {tool} --folds {folds} --seed {seed}"
    with open_unless_local(executor) as pool:  # the tool runs go out in batches; the search stays here
        options = ReviewOptions(cache=None if no_cache else "default", timeout=timeout, executor=pool)
        report = tune(tool, corpus, options, settings, name=name, out=out, command=command,
                      say=lambda text: click.echo(f"redpen-bench: {text}", err=True))
    click.echo(tune_text(report), nl=False, err=True)
    for note in tune_notes(report):
        click.echo(f"redpen-bench: {note}", err=True)
    if report.profile_path is None:
        sys.exit(1)
    print_path(report.profile_path)


COMMANDS = [tune_command]
