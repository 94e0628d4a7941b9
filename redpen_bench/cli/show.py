"""What the commands print for people while they work: the one progress display, a run's outcome (the
leaderboard and the rule table are report/terminal.py's)."""

from __future__ import annotations

import threading
import time

import click

from redpen_bench.cli.common import RETRY_EXIT
from redpen_bench.model.outside_text import terminal
from redpen_bench.model.verdict import mostly_unparsed


class TerminalProgress:
    """The progress display on stderr (run.progress.Progress): a rich bar per task, safe from any thread. When
    stderr is not a terminal (a file, a pipe) rich draws nothing until the end: used as a context manager, it
    then prints a line of progress every PROGRESS_SECONDS, and tables on its console are not cut to 80 columns."""

    PROGRESS_SECONDS = 30.0

    def __init__(self):
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self.console = Console(stderr=True)
        if not self.console.is_terminal:
            self.console = Console(stderr=True, width=200)
        self.stopped = threading.Event()
        self.start = time.monotonic()
        # a reviewer's name is text, never markup: its controls shown as escapes (model/outside_text.py)
        self.bar = Progress(TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(),
                            TimeElapsedColumn(), console=self.console, transient=False)
        self.tasks: dict[str, int] = {}
        self.lock = threading.Lock()

    def __call__(self, task: str, done: int = 0, more: int = 0, note: str = "") -> None:
        with self.lock:
            if task not in self.tasks:
                self.tasks[task] = self.bar.add_task(terminal(f"{task} {note}".rstrip()), total=more)
            elif more:
                self.bar.update(self.tasks[task], total=self.bar.tasks[self.tasks[task]].total + more)
            if done:
                self.bar.advance(self.tasks[task], done)

    def _report(self) -> None:
        while not self.stopped.wait(self.PROGRESS_SECONDS):
            with self.lock:
                said = ", ".join(f"{t.description} {t.completed:.0f} of {t.total:.0f}" for t in self.bar.tasks)
            click.echo(f"redpen-bench: {said or 'starting'}, {time.monotonic() - self.start:.0f} s", err=True)

    def __enter__(self) -> TerminalProgress:
        self.bar.__enter__()
        if not self.console.is_terminal:
            threading.Thread(target=self._report, name="progress-lines", daemon=True).start()
        return self

    def __exit__(self, *exc) -> None:
        self.stopped.set()
        self.bar.__exit__(*exc)


def stderr_progress():
    """The rich bar on a terminal; on any other stderr (a log, CI) plain lines at least every 30 s, since a bar
    draws nothing there until the end (cli/progress_lines.py)."""
    import sys

    if sys.stderr.isatty():
        return TerminalProgress()
    from redpen_bench.cli.progress_lines import LineProgress

    return LineProgress()


def unreadable_warning(key: str, outcome: dict) -> str:
    """A reviewer whose answers were mostly unparsed: scored, it says no to everything, so say it loudly."""
    import json

    total = outcome["answered"] + outcome["unparsed"]
    text = (f"redpen-bench: warning: {terminal(key)}: {outcome['unparsed']} of {total} answers could not be read "
            f"(no DEFECT: yes/no in them), so it scores as always-no; check the prompt (--prompt) against its "
            f"answers, or ask for structured output (--structured)")
    example = " ".join(str(outcome.get("example") or "").split())
    if example:
        shown = example[:200] + ("…" if len(example) > 200 else "")
        text += f"; one answer: {terminal(json.dumps(shown, ensure_ascii=False))}"
    return text


def tell_outcome(result) -> None:
    """On stderr: reviewers asked again because they changed, reviewers that failed, and what every reviewer's
    rows hold now."""
    for key in result.refreshed:
        click.echo(f"redpen-bench: {terminal(key)} changed since its stored rows (tool, profile, model or prompt): "
                   "asked every snippet again", err=True)
    for key, message in result.failures.items():
        click.echo(f"redpen-bench: reviewer {terminal(key)} failed: {terminal(message)} (its rows are error rows)",
                   err=True)
    width = max((len(terminal(key)) for key in result.outcomes), default=0)
    for key, o in result.outcomes.items():
        click.echo(f"redpen-bench: {terminal(key).ljust(width)}  {o['answered']} answered, {o['unparsed']} unparsed, "
                   f"{o['errors']} errors, {o['missing']} missing", err=True)
    if result.has_errors and result.failures:  # retrying helps only once what stopped the reviewer is fixed
        click.echo(f"redpen-bench: error rows remain (exit {RETRY_EXIT}): fix what stopped the reviewer (above), "
                   "then the same command asks those snippets again", err=True)
    elif result.has_errors:
        click.echo(f"redpen-bench: error rows remain (exit {RETRY_EXIT}): the same command retries them", err=True)
    for key, o in result.outcomes.items():  # last: the line a user reads
        if mostly_unparsed(o["unparsed"], o["answered"] + o["unparsed"]):
            click.echo(unreadable_warning(key, o), err=True)
