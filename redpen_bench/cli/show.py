"""What the commands print for people on the terminal: the one leaderboard (`score`, `run`'s summary,
`compare`, `report`), the one progress display, a run's outcome. Percent through scoring.percent, always."""

from __future__ import annotations

import io
import threading
from dataclasses import dataclass

import click

from redpen_bench.cli.common import RETRY_EXIT
from redpen_bench.reviewers.baselines import BASELINES
from redpen_bench.scoring.percent import interval, pct

THRESHOLD_REVIEWER = "always-no"


@dataclass
class Standing:
    """One reviewer's line of the leaderboard, from a scored table or from a report's data."""

    reviewer: str
    family: str
    tiers: dict[str, float | None]
    average: float | None
    average_sd: float | None
    samples: int
    unparsed: int
    errors: int
    interval: tuple[float, float] | None = None


def table_standings(table, boot=None) -> list[Standing]:
    """A scored table's reviewers by Average (none last); with a bootstrap, each Average's 95 % interval. A
    reviewer named as a baseline is taken for one: a scored table knows names, not families."""
    standings = [Standing(key, key if key in BASELINES else "", {t: e["tiers"].get(t, {}).get("score")
                                                              for t in table.tiers},
                          e["average"], e["average_sd"], e["samples"], e["unparsed"], e["errors"],
                          boot.interval(key) if boot is not None else None)
                 for key, e in table.to_json()["reviewers"].items()]
    return sorted(standings, key=lambda s: -(s.average if s.average is not None else -9))


def report_standings(data) -> list[Standing]:
    """A report's reviewers in its ranking, with their intervals and families."""
    return [Standing(row.reviewer, row.family if row.baseline else "",
                     {t: row.tiers[t].value if t in row.tiers else None for t in data.tiers}, row.average.value,
                     row.average_sd, row.samples, row.unparsed, row.errors, (row.average.low, row.average.high))
            for row in data.rows]


def leaderboard_text(corpus: dict, tiers: tuple[str, ...], standings: list[Standing]) -> str:
    """Rank, reviewer, a column per tier, Average (± its sd over samples), its 95 % interval when known,
    unparsed and error rows; baselines dimmed, always-no's line closing the section above the threshold."""
    from rich.console import Console
    from rich.table import Table

    intervals = any(s.interval is not None for s in standings)
    grid = Table(title=f"{corpus['name']} {corpus['hash'][:12]} ({corpus['items']} items)")
    for name in ("#", "reviewer", *[t[:1].upper() + t[1:] for t in tiers], "Average",
                 *(["95 % interval"] if intervals else []), "unparsed / errors"):
        grid.add_column(name, justify="left" if name == "reviewer" else "right")
    for rank, s in enumerate(standings, 1):
        sd = f" ± {s.average_sd * 100:.1f}" if s.samples > 1 and s.average_sd is not None else ""
        shown = [interval(*s.interval)] if s.interval is not None else ["—"] if intervals else []
        style = "bold red" if s.family == THRESHOLD_REVIEWER else ("dim" if s.family else None)
        grid.add_row(str(rank), s.reviewer, *[pct(s.tiers[t]) for t in tiers], pct(s.average) + sd, *shown,
                     f"{s.unparsed} / {s.errors}", style=style, end_section=s.family == THRESHOLD_REVIEWER)
    buffer = io.StringIO()
    Console(file=buffer, width=max(130, 64 + 8 * len(tiers)), force_terminal=False).print(grid)
    threshold = next((s.average for s in standings if s.family == THRESHOLD_REVIEWER), None)
    if threshold is not None:
        buffer.write(f"always-no's Average {pct(threshold)} % is the threshold: below it, doing nothing wins.\n")
    return buffer.getvalue()


class TerminalProgress:
    """The progress display on stderr (run.progress.Progress): a rich bar per task, safe from any thread."""

    def __init__(self):
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self.console = Console(stderr=True)
        self.bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                            TimeElapsedColumn(), console=self.console, transient=False)
        self.tasks: dict[str, int] = {}
        self.lock = threading.Lock()

    def __call__(self, task: str, done: int = 0, more: int = 0, note: str = "") -> None:
        with self.lock:
            if task not in self.tasks:
                self.tasks[task] = self.bar.add_task(f"{task} {note}".rstrip(), total=more)
            elif more:
                self.bar.update(self.tasks[task], total=self.bar.tasks[self.tasks[task]].total + more)
            if done:
                self.bar.advance(self.tasks[task], done)


def tell_outcome(result) -> None:
    """On stderr: reviewers asked again because they changed, reviewers that failed, and what every reviewer's
    rows hold now."""
    for key in result.refreshed:
        click.echo(f"redpen-bench: {key} changed since its stored rows (tool, profile, model or prompt): "
                   "asked every snippet again", err=True)
    for key, message in result.failures.items():
        click.echo(f"redpen-bench: reviewer {key} failed: {message} (its rows are error rows)", err=True)
    width = max((len(key) for key in result.outcomes), default=0)
    for key, o in result.outcomes.items():
        click.echo(f"redpen-bench: {key.ljust(width)}  {o['answered']} answered, {o['unparsed']} unparsed, "
                   f"{o['errors']} errors, {o['missing']} missing", err=True)
    if result.has_errors and result.failures:  # retrying helps only once what stopped the reviewer is fixed
        click.echo(f"redpen-bench: error rows remain (exit {RETRY_EXIT}): fix what stopped the reviewer (above), "
                   "then the same command asks those snippets again", err=True)
    elif result.has_errors:
        click.echo(f"redpen-bench: error rows remain (exit {RETRY_EXIT}): the same command retries them", err=True)
