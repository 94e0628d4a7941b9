"""Progress tracking for batch jobs shown in the admin console."""

from collections import Counter


class JobProgress:
    """Counts the finished and failed tasks of one batch job."""

    def __init__(self, job_id: str, total_tasks: int) -> None:
        if total_tasks < 0:
            raise ValueError("total_tasks must not be negative")
        self.job_id = job_id
        self.total_tasks = total_tasks
        self._outcomes: Counter[bool] = Counter()

    @property
    def succeeded(self) -> int:
        return self._outcomes[True]

    @property
    def failed(self) -> int:
        return self._outcomes[False]

    @property
    def finished(self) -> bool:
        """True once every task has an outcome (immediately for a job without tasks)."""
        return self._outcomes.total() == self.total_tasks

    def record(self, ok: bool) -> None:
        """Register the outcome of one task."""
        if self.finished:
            raise RuntimeError(f"job {self.job_id} has no tasks left")
        self._outcomes[bool(ok)] += 1

    def percent_done(self) -> float:
        """Share of tasks processed (0-100, one decimal); an empty job is 100.0."""
        if not self.total_tasks:
            return 100.0
        return round(self._outcomes.total() * 100 / self.total_tasks, 1)

    def status_line(self) -> str:
        return "{}: {:.1f}% {}, {} failed".format(
            self.job_id, self.percent_done(), "done" if self.finished else "running", self.failed
        )
