"""The one progress protocol: how running reviewers, executor batches and mutate's kill checks tell a display
(a terminal bar, a log line) how far they are; the work only calls it. The terminal's bar is the CLI's; the
display for a stream that is not a terminal (a log file, CI) is here, for any caller: plain lines, one per task
when it starts and when it ends, and a line per unfinished task at least every REDPEN_PROGRESS_INTERVAL seconds
(30), so a long run's log never goes silent for minutes (a rich bar draws nothing there until the end)."""

from __future__ import annotations

import os
import sys
import threading
import time
from typing import Protocol

from redpen_bench.model.outside_text import terminal


class Progress(Protocol):
    def __call__(self, task: str, done: int = 0, more: int = 0, note: str = "") -> None:
        """`task` (a reviewer's name, "source files") finished `done` more units and its total grew by `more`;
        its first call announces it, with `note` (what one unit may take) shown beside its name. May be called
        from several threads."""


def no_progress(task: str, done: int = 0, more: int = 0, note: str = "") -> None:
    """The display of nothing: for callers that want none."""


DEFAULT_INTERVAL = 30.0


def interval() -> float:
    try:
        return max(0.05, float(os.environ.get("REDPEN_PROGRESS_INTERVAL", DEFAULT_INTERVAL)))
    except ValueError:
        return DEFAULT_INTERVAL


class LineProgress:
    """Called as the rich bar is (task, done, more, note); `bar` is its context manager."""

    def __init__(self, stream=None):
        self.stream = stream or sys.stderr
        self.started = time.monotonic()
        self.state: dict[str, list] = {}  # key -> [done, total, note, started]
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._beat, daemon=True)
        self.bar = self

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join()

    def __call__(self, task: str, done: int = 0, more: int = 0, note: str = "") -> None:
        """The progress protocol (run.progress.Progress): `more` adds to the task's total, `done` to its count."""
        with self.lock:
            if task not in self.state:
                self.state[task] = [0, more, note, time.monotonic()]
                self._say(task, "started")
            elif more:
                self.state[task][1] += more
            entry = self.state[task]
            entry[0] += done
            if done and entry[0] >= entry[1]:
                self._say(task, "done")

    def _say(self, key: str, what: str) -> None:
        done, total, note, started = self.state[key]
        took = time.monotonic() - started
        # a task is often a reviewer's name from a replay file or redpen.toml: its controls shown as escapes, as the
        # terminal's bar shows them, so a log read with `cat` or `tail -f` is never driven by them
        line = f"redpen-bench: {key} {what}: {done}/{total} after {took:.0f} s {note}".rstrip()
        self.stream.write(terminal(line) + "\n")
        self.stream.flush()

    def _beat(self) -> None:
        while not self.stop.wait(interval()):
            with self.lock:
                for key, (done, total, _, _) in self.state.items():
                    if done < total:
                        self._say(key, "running")
