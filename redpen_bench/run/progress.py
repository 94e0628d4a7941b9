"""The one progress protocol: how running reviewers, executor batches and mutate's kill checks tell a display
(a terminal bar, a log line) how far they are. The display is the CLI's; the work only calls it."""

from __future__ import annotations

from typing import Protocol


class Progress(Protocol):
    def __call__(self, task: str, done: int = 0, more: int = 0, note: str = "") -> None:
        """`task` (a reviewer's name, "source files") finished `done` more units and its total grew by `more`;
        its first call announces it, with `note` (what one unit may take) shown beside its name. May be called
        from several threads."""


def no_progress(task: str, done: int = 0, more: int = 0, note: str = "") -> None:
    """The display of nothing: for callers that want none."""
