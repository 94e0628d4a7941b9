"""What the commands print for people while they work: the terminal's progress bar, a run's outcome (its text
is run/outcome.py's; the leaderboard and the rule table are report/terminal.py's)."""

from __future__ import annotations

import threading
import time

import click

from redpen_bench.api import LineProgress, outcome_lines, terminal


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
    draws nothing there until the end (run.progress.LineProgress)."""
    import sys

    return TerminalProgress() if sys.stderr.isatty() else LineProgress()


def tell_outcome(result) -> None:
    """The run's outcome (run/outcome.py) on stderr."""
    for line in outcome_lines(result):
        click.echo(f"redpen-bench: {line}", err=True)
