"""`redpen-bench score`: the scored table as a terminal table, JSON or CSV, and the CI gates on it.

Units: fractions in JSON, CSV and the API (0.167), percent in text meant for people (16.7, and --fail-under).
Intervals and the --must-beat test are the report's paired bootstrap (report/stats.py), called, never redone."""

from __future__ import annotations

import io
import json
import math
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from redpen_bench.cli.common import corpus_option, open_corpus
from redpen_bench.errors import InputError
from redpen_bench.model.outside_text import csv_frame, rich_text
from redpen_bench.reviewers.baselines import BASELINES

if TYPE_CHECKING:  # pandas is heavy: the scorer is imported when a command scores, not at start-up
    from redpen_bench.scoring.scorer import ScoredTable


def leaderboard_text(table: ScoredTable, boot=None) -> str:
    """A readable leaderboard: reviewers by Average, a column per tier; with a bootstrap, each Average's 95 %
    interval and the baselines dimmed."""
    from rich.console import Console
    from rich.table import Table

    data = table.to_json()["reviewers"]
    corpus = table.corpus
    grid = Table(title=rich_text(f"{corpus['name']} {corpus['hash'][:12]}  ({corpus['items']} items)"))
    grid.add_column("reviewer")
    for tier in table.tiers:
        grid.add_column(tier[:1].upper() + tier[1:], justify="right")
    grid.add_column("Average", justify="right")
    if boot is not None:
        grid.add_column("95 % interval", justify="right")
    grid.add_column("unparsed / errors", justify="right")
    ranked = sorted(data.items(), key=lambda kv: -(kv[1]["average"] if kv[1]["average"] is not None else -9))
    for key, entry in ranked:
        cells = [_pct(entry["tiers"].get(t, {}).get("score")) for t in table.tiers]
        sd = f" ± {entry['average_sd'] * 100:.1f}" if entry["samples"] > 1 else ""
        if boot is not None:
            low, high = boot.interval(key)
            cells += [_pct(entry["average"]) + sd, f"[{_pct(low)}, {_pct(high)}]"]
        else:
            cells.append(_pct(entry["average"]) + sd)
        grid.add_row(rich_text(key), *cells, f"{entry['unparsed']} / {entry['errors']}",
                     style="dim" if key in BASELINES and boot is not None else None)
    buffer = io.StringIO()
    Console(file=buffer, width=120, force_terminal=False).print(grid)
    return buffer.getvalue()


def _pct(x: float | None) -> str:
    return "—" if x is None or math.isnan(x) else f"{x * 100:.1f}"


def scores_csv(table: ScoredTable, boot=None) -> str:
    """Fractions, as in JSON. With a bootstrap: each tier score's and each Average's 95 % interval."""
    frame = table.by_tier.merge(table.summary[["average"]], left_on="reviewer", right_index=True)
    if boot is not None:
        for column, values in _interval_columns(frame, boot).items():
            frame[column] = values
    return csv_frame(frame).to_csv(index=False, float_format="%.6f")


def _interval_columns(frame, boot) -> dict[str, list[float]]:
    pairs = [(boot.interval(r, "score", t), boot.interval(r)) for r, t in zip(frame["reviewer"], frame["tier"])]
    return {"score_low": [p[0][0] for p in pairs], "score_high": [p[0][1] for p in pairs],
            "average_low": [p[1][0] for p in pairs], "average_high": [p[1][1] for p in pairs]}


def intervals_json(table: ScoredTable, boot) -> dict:
    """reviewer -> the Average's and each tier score's 95 % interval, as [low, high] fractions."""
    def pair(low: float, high: float) -> list[float | None]:
        return [None if math.isnan(low) else low, None if math.isnan(high) else high]

    return {key: {"average": pair(*boot.interval(key)),
                  "tiers": {t: pair(*boot.interval(key, "score", t)) for t in table.tiers}}
            for key in table.reviewers}


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
@click.option("--reviewer", default=None, help="With --fail-under or --must-beat: the reviewer to gate on.")
@click.option("--fail-under", type=Percent(), default=None, metavar="PERCENT",
              help="Exit 1 when that reviewer's Average is below PERCENT (0 to 100, as the tables show it; "
                   "--fail-under 16.7: beat doing nothing), or when it has error or missing rows.")
@click.option("--must-beat", default=None, metavar="NAME",
              help="Exit 1 unless the paired bootstrap says the reviewer is better than NAME (a reviewer of the "
                   "runs, or a baseline: always-no, always-yes, random, oracle): the 95 % interval of the "
                   "difference of Averages lies above 0. Error or missing rows fail it too.")
@click.option("--intervals", is_flag=True,
              help="Add the baselines the runs lack and each score's 95 % bootstrap interval.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the bootstrap (and of random).")
@click.option("--bootstrap", "replicates", type=click.IntRange(100), default=2000, show_default=True,
              help="Bootstrap resamples for --intervals and --must-beat.")
@click.option("--keywords", type=click.Choice(["words", "substring"]), default="words", show_default=True,
              help="Keyword matching: at word starts on normalised text, or the seed's casefolded substring "
                   "(to compare with scores made by redpen-bench before corpus 1.1).")
def score_command(run_dirs, corpus_dir, fmt, reviewer, fail_under, must_beat, intervals, seed, replicates,
                  keywords):
    """Score run folders (of one corpus) into one table. Scores are fractions in JSON and CSV, percent in
    the table."""
    from redpen_bench.api import score

    if (fail_under is not None or must_beat is not None) and reviewer is None:
        raise InputError(f"{'--fail-under' if fail_under is not None else '--must-beat'} needs --reviewer NAME")
    added = list(BASELINES) if intervals else [must_beat] if must_beat in BASELINES else []
    table = score(run_dirs, open_corpus(corpus_dir), keywords, baselines=added, seed=seed)
    for key, option in ((reviewer, "--reviewer"), (must_beat, "--must-beat")):
        if key is not None and key not in table.reviewers:
            raise InputError(f"{option} '{key}': not in these runs ({', '.join(table.reviewers)})"
                             + (f" nor a baseline ({', '.join(BASELINES)})" if option == "--must-beat" else ""))
    boot = None
    if intervals or must_beat is not None:
        from redpen_bench.report.stats import bootstrap

        boot = bootstrap(table, replicates, seed)
    shown = boot if intervals else None
    if fmt == "json":
        data = table.to_json()
        if shown is not None:
            data |= {"intervals": intervals_json(table, shown),
                     "bootstrap": {"replicates": replicates, "seed": seed, "level": 0.95}}
        click.echo(json.dumps(data, indent=2))
    elif fmt == "csv":
        click.echo(scores_csv(table, shown), nl=False)
    else:
        click.echo(leaderboard_text(table, shown), nl=False)
    if reviewer is not None and (fail_under is not None or must_beat is not None):
        failed = _gate(table, reviewer, fail_under)
        if must_beat is not None:
            failed = _must_beat(table, boot, reviewer, must_beat) or failed
        if failed:
            sys.exit(1)


def _gate(table: ScoredTable, reviewer: str, fail_under: float | None) -> bool:
    """True when the gate fails: error or missing rows, no Average, or an Average under the bar."""
    entry = table.to_json()["reviewers"][reviewer]
    failed = False
    if entry["errors"] or entry["missing"]:  # a score over part of the corpus proves nothing
        click.echo(f"redpen-bench: {reviewer} has {entry['errors']} error rows and {entry['missing']} missing "
                   "rows: the gate needs every snippet answered (run the reviewer again to fill them)", err=True)
        failed = True
    if entry["average"] is None:
        click.echo(f"redpen-bench: {reviewer} has no Average", err=True)
        failed = True
    elif fail_under is not None and entry["average"] * 100 < fail_under:
        shown, limit = _both_shown(entry["average"] * 100, fail_under)
        click.echo(f"redpen-bench: {reviewer} Average {shown} % is below {limit} %", err=True)
        failed = True
    return failed


def _must_beat(table: ScoredTable, boot, reviewer: str, other: str) -> bool:
    """True when the gate fails: the paired bootstrap interval of reviewer - other does not lie above 0."""
    from redpen_bench.report.stats import pair_test

    if reviewer == other:
        raise InputError(f"--must-beat '{other}': the reviewer cannot beat itself")
    test = pair_test(table, boot, reviewer, other)
    entry = table.to_json()["reviewers"][other]
    said = (f"{reviewer} - {other} = {test.difference * 100:+.1f} points, 95 % interval "
            f"[{test.low * 100:+.1f}, {test.high * 100:+.1f}] (paired bootstrap over items, "
            f"{boot.replicates} resamples, seed {boot.seed})")
    if entry["errors"] or entry["missing"]:
        click.echo(f"redpen-bench: {other} has {entry['errors']} error rows and {entry['missing']} missing rows: "
                   "no fair comparison", err=True)
        return True
    answered = {key: set(map(tuple, part[["item", "variant"]].to_numpy()))
                for key, part in table.snippets.groupby("reviewer") if key in (reviewer, other)}
    if answered[reviewer] != answered[other]:  # a comparison on different snippets is no comparison
        click.echo(f"redpen-bench: {reviewer} answered {len(answered[reviewer])} snippets and {other} "
                   f"{len(answered[other])}, not the same ones: run both on the same snippets", err=True)
        return True
    if math.isnan(test.low) or test.low <= 0:
        click.echo(f"redpen-bench: {reviewer} does not beat {other}: {said}", err=True)
        return True
    click.echo(f"redpen-bench: {reviewer} beats {other}: {said}", err=True)
    return False


COMMANDS = [score_command]
