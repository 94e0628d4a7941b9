"""`redpen-bench score`: the scored table as a terminal table, JSON or CSV."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from redpen_bench.cli.common import corpus_option, open_corpus
from redpen_bench.errors import InputError

if TYPE_CHECKING:  # pandas is heavy: the scorer is imported when a command scores, not at start-up
    from redpen_bench.scoring.scorer import ScoredTable


def leaderboard_text(table: ScoredTable) -> str:
    """A readable leaderboard: reviewers by Average, a column per tier."""
    from rich.console import Console
    from rich.table import Table

    data = table.to_json()["reviewers"]
    grid = Table(title=f"{table.corpus['name']} {table.corpus['hash'][:12]}  ({table.corpus['items']} items)")
    grid.add_column("reviewer")
    for tier in table.tiers:
        grid.add_column(tier[:1].upper() + tier[1:], justify="right")
    grid.add_column("Average", justify="right")
    grid.add_column("unparsed / errors", justify="right")
    ranked = sorted(data.items(), key=lambda kv: -(kv[1]["average"] if kv[1]["average"] is not None else -9))
    for key, entry in ranked:
        cells = [_pct(entry["tiers"].get(t, {}).get("score")) for t in table.tiers]
        sd = f" ± {entry['average_sd'] * 100:.1f}" if entry["samples"] > 1 else ""
        grid.add_row(key, *cells, _pct(entry["average"]) + sd, f"{entry['unparsed']} / {entry['errors']}")
    buffer = io.StringIO()
    Console(file=buffer, width=120, force_terminal=False).print(grid)
    return buffer.getvalue()


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{x * 100:.1f}"


def scores_csv(table: ScoredTable) -> str:
    frame = table.by_tier.merge(table.summary[["average"]], left_on="reviewer", right_index=True)
    return frame.to_csv(index=False, float_format="%.6f")


def _both_shown(value: float, limit: float) -> tuple[str, str]:
    """The two numbers with as many decimals as it takes to tell them apart (never "16.7 % is below 16.7 %")."""
    for digits in range(1, 16):
        shown, bound = f"{value:.{digits}f}", f"{limit:.{digits}f}"
        if shown != bound:
            return shown, bound
    return repr(value), repr(limit)


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
@click.option("--reviewer", default=None, help="With --fail-under: the reviewer to gate on.")
@click.option("--fail-under", type=Percent(), default=None, metavar="PERCENT",
              help="Exit 1 when that reviewer's Average is below PERCENT (0 to 100, as the tables show it; "
                   "--fail-under 16.7: beat doing nothing), or when it has error or missing rows.")
@click.option("--keywords", type=click.Choice(["words", "substring"]), default="words", show_default=True,
              help="Keyword matching: at word starts on normalised text, or the seed's casefolded substring "
                   "(to compare with scores made by redpen-bench before corpus 1.1).")
def score_command(run_dirs, corpus_dir, fmt, reviewer, fail_under, keywords):
    """Score run folders (of one corpus) into one table."""
    from redpen_bench.api import score

    table = score(run_dirs, open_corpus(corpus_dir), keywords)
    if fmt == "json":
        click.echo(json.dumps(table.to_json(), indent=2))
    elif fmt == "csv":
        click.echo(scores_csv(table), nl=False)
    else:
        click.echo(leaderboard_text(table), nl=False)
    if fail_under is not None:
        if reviewer is None:
            raise InputError("--fail-under needs --reviewer NAME")
        entry = table.to_json()["reviewers"].get(reviewer)
        if entry is None:
            raise InputError(f"--reviewer '{reviewer}': not in these runs ({', '.join(table.reviewers)})")
        failed = False
        if entry["errors"] or entry["missing"]:  # a score over part of the corpus proves nothing
            click.echo(f"redpen-bench: {reviewer} has {entry['errors']} error rows and {entry['missing']} missing "
                       "rows: the gate needs every snippet answered (run the reviewer again to fill them)", err=True)
            failed = True
        if entry["average"] is None:
            click.echo(f"redpen-bench: {reviewer} has no Average", err=True)
            failed = True
        elif entry["average"] * 100 < fail_under:
            shown, limit = _both_shown(entry["average"] * 100, fail_under)
            click.echo(f"redpen-bench: {reviewer} Average {shown} % is below {limit} %", err=True)
            failed = True
        if failed:
            sys.exit(1)


COMMANDS = [score_command]
