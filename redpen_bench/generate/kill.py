"""Kill checks: a mutant is killed when its check raises; a timeout is a kill only when the unmutated source ran
well inside the limit, and it is marked as one.

One protocol, two implementations. A `KillChecker` checks the mutants of one source unit: `baseline()` proves
the unit's check passes on the source and looks at it, `check(source, limit)` runs one mutant. A `Checks` is the
picklable recipe a task carries to wherever it runs (this machine's pool or a Dask worker) to open one there:
`CorpusChecks` (a check worker of gate/check_worker.py: one contained interpreter per source file runs the
item's check on each mutant in turn, on fresh modules) and `project_checks.ProjectChecks` (the project's pytest
suite in a scratch copy of the project, under the supervisor). pipeline.check_unit is the one loop over them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from redpen_bench.errors import InputError
from redpen_bench.gate.check_worker import CheckWorker, Outcome, limit_for
from redpen_bench.generate.units import Unit

# the source must run in at most this share of a mutant's limit for its timeout to count as a kill:
# a limit the source itself nearly reaches would call a slow machine a kill
TIMEOUT_MARGIN = 0.25
# project mode: a module that raises at import; a suite that passes with it never imports the file
FORCED_FAIL = 'raise RuntimeError("redpen-bench forced failure: a check must fail on this module")\n'
# corpus mode: the harness imports the module itself, so it is one whose every name raises; a check that
# passes on it never looked at the code it was given
FORCED_FAIL_NAMES = ('def __getattr__(name):\n'
                     '    raise RuntimeError(f"redpen-bench forced failure: {name} looked up")\n')

__all__ = ["FORCED_FAIL", "FORCED_FAIL_NAMES", "Checks", "CorpusChecks", "KillChecker", "Outcome", "limit_for",
           "verdict"]


class KillChecker(Protocol):
    """Checks the mutants of one source unit, where its task runs; closed when the unit is done."""

    tests: tuple[str, ...]  # the killing tests recorded when an outcome names none

    def baseline(self) -> float | None:
        """The source's own check time, after proving the check passes on it and fails on a forced failure
        (InputError otherwise); None when no test looks at the unit (project mode: its mutants go unchecked)."""
        ...

    def check(self, source: str, limit: float, function: str = "", lines: Sequence[int] = ()) -> Outcome:
        """One mutant of the unit; `function` and `lines` (the source's numbering): what it changes (project mode
        runs only the tests that ran them)."""
        ...

    def close(self) -> None: ...


class Checks(Protocol):
    """How the units of one run are checked: sent with every task, opens a unit's checker where it runs."""

    def open(self, unit: Unit, timeout: float) -> KillChecker: ...


def verdict(outcome: Outcome, source_seconds: float, timeout: float) -> str:
    """killed | timed-out (a kill, marked) | survived | slow (a timeout that proves nothing: discarded)."""
    if outcome.status == "fail":
        return "killed"
    if outcome.status == "timeout":
        own = source_seconds if outcome.source_seconds is None else outcome.source_seconds
        return "timed-out" if own <= TIMEOUT_MARGIN * limit_for(own, timeout) else "slow"
    return "survived"


@dataclass(frozen=True)
class CorpusChecks:
    """Corpus mode: each unit is checked by its item's own check function in a check worker."""

    def open(self, unit: Unit, timeout: float) -> CorpusChecker:
        return CorpusChecker(unit, timeout)


class CorpusChecker:
    def __init__(self, unit: Unit, timeout: float):
        assert unit.test_path is not None, "a corpus unit has its item's test_item.py"
        self.unit = unit
        self.tests = (f"test_item.py::{unit.check}",)
        self.worker = CheckWorker(unit.test_path, unit.check, timeout)

    def baseline(self) -> float:
        """The unmutated source passes its check, and a module whose every name raises fails it."""
        outcome = self.worker.check(self.unit.source)
        if outcome.status != "pass":
            detail = "timed out" if outcome.status == "timeout" else outcome.detail
            raise InputError(f"{self.unit.path}: {self.worker.check_name} fails on the unmutated source: {detail}")
        if self.worker.check(FORCED_FAIL_NAMES).status == "pass":
            raise InputError(f"{self.worker.test_path}: {self.worker.check_name} passes on a module whose every "
                             "name raises: it does not test the code it is given")
        return outcome.seconds

    def check(self, source: str, limit: float, function: str = "", lines: Sequence[int] = ()) -> Outcome:
        return self.worker.check(source, limit)

    def close(self) -> None:
        self.worker.close()
