"""Progress tracking for batch jobs shown in the admin console."""


class JobProgress:
    """Counts the finished and failed tasks of one batch job."""

    def __init__(self, job_id: str, total_tasks: int) -> None:
        if total_tasks < 0:
            raise ValueError("total_tasks must not be negative")
        self.job_id = job_id
        self.total_tasks = total_tasks
        self.succeeded = 0
        self.failed = 0

    def record(self, ok: bool) -> None:
        """Register the outcome of one task."""
        if self.processed >= self.total_tasks:
            raise RuntimeError(f"job {self.job_id} has no tasks left")
        if ok:
            self.succeeded += 1
        else:
            self.failed += 1

    @property
    def processed(self) -> int:
        return self.succeeded + self.failed

    @property
    def finished(self) -> bool:
        return self.processed == self.total_tasks

    def percent_done(self) -> float:
        """Share of tasks processed, from 0 to 100, rounded to one decimal.

        A job without tasks has nothing left to do and reports 100.0.
        """
        return round(100 * self.processed / self.total_tasks, 1)

    def status_line(self) -> str:
        state = "done" if self.finished else "running"
        return f"{self.job_id}: {self.percent_done():.1f}% {state}, {self.failed} failed"
