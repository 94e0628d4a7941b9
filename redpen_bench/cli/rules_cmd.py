"""`redpen-bench rules`: the per-rule table of a run's static reviewers, to tune a tool's rule set."""

from __future__ import annotations

from pathlib import Path

import click

from redpen_bench.api import csv_frame, load_corpus, rules_text
from redpen_bench.cli.common import corpus_option, print_path


@click.command("rules")
@click.argument("run_dir", type=click.Path(path_type=Path))
@corpus_option
@click.option("--reviewer", default=None, help="Only this reviewer (its name in the run).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="CSV file to write (default RUN_DIR/rules.csv).")
def rules_command(run_dir, corpus_dir, reviewer, out):
    """Per rule of each static reviewer: fires on how many defective snippets and controls, and how often its
    line is a planted line. Prints the table, writes it as CSV and prints the CSV path last."""
    from redpen_bench import api

    table = api.rules(run_dir, load_corpus(corpus_dir), reviewer)
    click.echo(rules_text(table), nl=False)
    out = out or Path(run_dir) / "rules.csv"
    out.parent.mkdir(parents=True, exist_ok=True)
    csv_frame(table).to_csv(out, index=False, float_format="%.6f")
    print_path(out)


COMMANDS = [rules_command]
