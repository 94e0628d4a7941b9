"""Project mode's kill checker (kill.KillChecker): the project's own tests, run by the one project-test runner
(project_tests: the project's interpreter, the scratch tree first on the path, contained) in a scratch copy of
the project.

Baseline first (suite_baseline, once per run): the whole suite on an unmodified copy, `repeats` times, the first
time with per-test coverage of the tree's functions and lines. A test whose outcome differs between the repeats
is flaky: it never runs in a kill check, so it never counts as a kill. Each mutant then runs only the stable
tests that ran its lines (else its function: mutmut's and cosmic-ray's way), the likeliest killer first,
stopping at the first failure; a kill is confirmed by the failing tests failing again on their own.

Where it can, a file's mutants go to one pytest session kept open for it (project_tests/session.py: each mutant
put into the running functions for one request), and a kill there also needs the failing tests to pass once the
mutant is out. What the session cannot take (a change outside a function's body, a hang) is checked in a session
of its own with the mutant written into the copy. A session times the tests alone, so a mutant's limit there
comes from its own tests' time (check_worker.limit_for: 50 times it, at least 1 s) and its timeout is judged
against that time (kill.verdict), not the whole suite's: a mutant that loops for ever costs about a second, not
the whole timeout, and verify judges it the same way (gate/project_items.py). REDPEN_TEST_SESSION=0 uses an
in-process test worker instead (project_tests.worker: each mutant imported afresh), REDPEN_TEST_WORKER=0 a fresh
process per run (benchmarks/project_mutate.py measures them); both time start-up too, so they keep the unit's
limit, from the whole suite's time. The project itself is never written to."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from redpen_bench.generate.kill import FORCED_FAIL, Outcome, limit_for
from redpen_bench.generate.project_baseline import Baseline, copy_project
from redpen_bench.generate.units import Unit
from redpen_bench.project_tests import runner
from redpen_bench.project_tests.runner import RunResult, Settings
from redpen_bench.project_tests.session import TestSession, open_session
from redpen_bench.project_tests.worker import TestWorker, open_worker

# a mutant's run in the open session waits this many times its tests' own time (at least PROBE_SECONDS, at most
# its limit) before it is judged in a session of its own, under its full limit (kill.verdict)
PROBE_FACTOR, PROBE_SECONDS = 10, 1.0
# what the open session refuses goes to a test worker from this many on: opening one runs the file's tests twice
# (1-2.5 s on cachetools) and saves about 0.1 s a check against a session of its own, so a file with a few
# refusals keeps fresh sessions (measured: _cached.py's 2 took 4.9 s with a worker, 2.4 s without)
WORKER_AFTER = 10


@dataclass(frozen=True)
class ProjectChecks:
    """Project mode: each unit is checked by the project's tests that run it, in a copy of `root` of its own."""

    root: Path
    settings: Settings
    base: Baseline

    def open(self, unit: Unit, timeout: float) -> ProjectChecker:
        return ProjectChecker(self, unit, timeout)


class ProjectChecker:
    tests: tuple[str, ...] = ()  # a failing run names its killing tests itself

    def __init__(self, checks: ProjectChecks, unit: Unit, timeout: float):
        self.checks, self.unit, self.timeout = checks, unit, timeout
        self.scratch = tempfile.mkdtemp(prefix="redpen-mutate-project-")
        try:
            self.copy = copy_project(checks.root, Path(self.scratch) / "project")
        except BaseException:
            shutil.rmtree(self.scratch, ignore_errors=True)
            raise
        self.target = self.copy / unit.name
        self.original = self.target.read_bytes()
        self.imported_only = False  # no test runs a function of the file, but the suite imports it
        self.worker: TestWorker | None = None
        self.no_worker = False  # a worker could not be opened, or was blamed: none is opened again
        self.refused = 0  # mutants the open session could not take
        self.session: TestSession | None = None
        self.kills: Counter[str] = Counter()  # test id -> mutants of this file it killed: the likeliest killer first

    def baseline(self) -> float | None:
        """The suite's own time, or None when no test runs the file's code and the stable tests pass with it
        raising at import: no test imports it."""
        base = self.checks.base
        touching = base.touching(self.unit.name)
        if not touching:
            if self.check(FORCED_FAIL, self.timeout).status == "pass":
                return None
            self.imported_only = True
        if os.environ.get("REDPEN_TEST_WORKER", "1") != "0":
            limit = max(self.timeout, 4 * base.seconds)
            if touching and os.environ.get("REDPEN_TEST_SESSION", "1") != "0":
                self.session = open_session(self.checks.settings, self.copy, touching, limit, (self.unit.name,))
            if self.session is None:
                self.worker = open_worker(self.checks.settings, self.copy, touching or tuple(sorted(base.stable)),
                                          limit)
        return base.seconds

    def _run(self, tests: tuple[str, ...], limit: float, exitfirst: bool) -> RunResult:
        return runner.run(replace(self.checks.settings, timeout=limit), self.copy, tests, exitfirst=exitfirst)

    def _killers(self, result: RunResult, tests: tuple[str, ...]) -> tuple[str, ...]:
        """The stable tests among `tests` that failed, and the test files among theirs that no longer collect."""
        failed = {t for t in result.failed if t in self.checks.base.stable}
        for error in result.collection_errors:
            where = error.split(": ", 1)[0]
            if any(t.split("::")[0] == where for t in tests):
                failed.add(where)
        return tuple(sorted(failed))

    def check(self, source: str, limit: float, function: str = "", lines: Sequence[int] = ()) -> Outcome:
        tests = self.checks.base.running(self.unit.name, "" if self.imported_only else function, lines)
        if not tests:
            return Outcome("pass", "no stable test runs this function")
        if self.session is None:  # the worker or a process per run: start-up included, the unit's limit
            outcome = self._check_written(tests, source, lambda run, exitfirst: self._in_worker(run, limit, exitfirst)
                                          or self._run(run, limit, exitfirst))
            # a timeout names the tests it ran: verify runs those
            return replace(outcome, tests=tests) if outcome.status == "timeout" else outcome
        # a session times the tests alone: the mutant's limit comes from their own time, not the whole suite's,
        # so a mutant that hangs costs a second or so, not the whole timeout
        own = self.checks.base.seconds_of(tests)
        mine = min(limit, limit_for(own, self.timeout))
        outcome = (self._check_in_session(tests, source, own, mine) if function else None) \
            or self._check_in_new_session(tests, source, own, mine, limit)
        return replace(outcome, tests=tests, source_seconds=own) if outcome.status == "timeout" else outcome

    def _in_worker(self, tests: list[str], limit: float, exitfirst: bool) -> RunResult | None:
        """A run in the test worker (each run a session of its own that imports the tree afresh); None without
        one, and for a hang or a worker that fails: those are judged in a fresh process."""
        found = self.worker.run(tests, limit, exitfirst=exitfirst) if self.worker else None
        return None if found is None or found.timed_out or found.exit_code is None else found

    def _check_in_session(self, tests: tuple[str, ...], source: str, own: float, limit: float) -> Outcome | None:
        """The mutant put into the open session, judged there (_judged); a session whose state is to blame is
        closed, and this and every later mutant is checked the other way. None: the session cannot check this
        mutant (or timed out: a hang is judged in a session of its own)."""
        assert self.session is not None
        session, mutant = self.session, (self.unit.name, source)

        def mutated(run: list[str], seconds: float, exitfirst: bool) -> RunResult | None:
            found = session.run(run, seconds, exitfirst=exitfirst, mutant=mutant)
            return None if found is None or found.timed_out else found

        # a hang is judged in a session of its own under the full limit: here a shorter wait says there may be one
        probe = min(limit, max(PROBE_SECONDS, PROBE_FACTOR * own))
        outcome, blamed = self._judged(tests, mutated, session.run, probe, limit)
        if blamed:
            session.close()
            self.session = None
        return outcome

    def _judged(self, tests: tuple[str, ...], mutated: Callable[[list[str], float, bool], RunResult | None],
                plain: Callable[[list[str], float], RunResult | None], probe: float, limit: float
                ) -> tuple[Outcome | None, bool]:
        """A mutant judged in a process that outlives it (the open session, the test worker): its tests run by
        `mutated`, the likeliest killer first, to the first failure, within `probe`; a kill is one whose failing
        tests fail again on their own and then pass by `plain`, without the mutant. (None, False): a run that
        could not be made or did not end (`mutated` says None); (None, True): the tests fail without the mutant
        too, so the process's state is to blame."""
        first = mutated(self._likeliest_first(tests), probe, True)
        if first is None:
            return None, False
        killers = self._killers(first, tests)
        if not killers:
            return Outcome("pass", "", first.seconds), False
        # again on their own, unless they were all that ran: the same tests in the same state
        again = first if set(first.outcomes) == set(killers) else mutated(list(killers), limit, False)
        if again is None:
            return None, False
        confirmed = self._killers(again, killers)
        if not confirmed:
            return Outcome("pass", again.summary(), first.seconds + again.seconds), False
        unmutated = plain(list(confirmed), limit)
        if unmutated is None or not unmutated.passed:
            return None, True
        self.kills.update(confirmed)
        return Outcome("fail", again.summary(), first.seconds + again.seconds, confirmed), False

    def _check_in_new_session(self, tests: tuple[str, ...], source: str, own: float, limit: float,
                              unit_limit: float) -> Outcome:
        """What the open session cannot put in (a change outside a function's body, a function that ran at
        collection) or judge (a hang): the mutant written to the tree and checked where the tree is imported
        afresh, in the test worker (_check_in_worker) or else in a session of its own (a fresh process, start-up
        and all, under the unit's limit, where that session cannot run them)."""
        self.refused += 1
        outcome = self._check_in_worker(tests, source, own) if self.refused >= WORKER_AFTER else None
        if outcome is not None:
            return outcome
        fresh = TestSession(self.checks.settings, self.copy, tests)
        try:
            return self._check_written(tests, source, lambda run, exitfirst: fresh.run(run, limit, exitfirst=exitfirst)
                                       or self._run(run, unit_limit, exitfirst))
        finally:
            fresh.close()

    def _check_in_worker(self, tests: tuple[str, ...], source: str, own: float) -> Outcome | None:
        """The mutant written to the tree for each run in the test worker, which imports the tree afresh every
        time without paying the interpreter's and pytest's start-up (0.1 s against 0.3 s a run on cachetools,
        whose decorators run at collection), and judged as in the open session (_judged); a worker whose state
        is to blame is closed for good. None: no worker (opened at the WORKER_AFTER-th mutant the session
        refuses, if the tests pass in it twice), or a hang: a run past the probe the open session waits, plus the
        worker's collection (judged in a session of its own under the full limit)."""
        if self.worker is None and not self.no_worker:
            touching = self.checks.base.touching(self.unit.name)
            self.worker = open_worker(self.checks.settings, self.copy, touching, self.timeout)
            self.no_worker = self.worker is None
        worker = self.worker
        if worker is None:
            return None

        def mutated(run: list[str], seconds: float, exitfirst: bool) -> RunResult | None:
            with self._written(source):
                return self._in_worker(run, seconds, exitfirst)

        probe = min(self.timeout, max(PROBE_SECONDS, PROBE_FACTOR * own) + worker.seconds)
        outcome, blamed = self._judged(tests, mutated, worker.run, probe, probe)
        if blamed:
            worker.close()
            self.worker, self.no_worker = None, True
        return outcome

    def _check_written(self, tests: tuple[str, ...], source: str, attempt: Callable[[list[str], bool], RunResult]
                       ) -> Outcome:
        """The mutant written into the copy and its tests run by `attempt`, the likeliest killer first, to the
        first failure; a kill is one that happens twice: the failing tests fail again on their own."""
        with self._written(source):
            first = attempt(self._likeliest_first(tests), True)
            if first.timed_out:
                return Outcome("timeout", f"timeout after {first.seconds:.3g} s", first.seconds)
            killers = self._killers(first, tests)
            if not killers:
                return Outcome("pass", "", first.seconds)
            again = attempt(list(killers), False)
            if again.timed_out:
                return Outcome("timeout", f"timeout after {again.seconds:.3g} s", first.seconds + again.seconds)
            confirmed = self._killers(again, killers)
            self.kills.update(confirmed)
            return Outcome("fail" if confirmed else "pass", again.summary(), first.seconds + again.seconds, confirmed)

    @contextmanager
    def _written(self, source: str) -> Iterator[None]:
        """The mutant in the copy's file for the block, the original back after it whatever happens."""
        try:
            self.target.write_text(source, encoding="utf-8")
            yield
        finally:
            self.target.write_bytes(self.original)

    def _likeliest_first(self, tests: tuple[str, ...]) -> list[str]:
        return sorted(tests, key=lambda t: -self.kills[t])

    def close(self) -> None:
        if self.session is not None:
            self.session.close()
        if self.worker is not None:
            self.worker.close()
        shutil.rmtree(self.scratch, ignore_errors=True)
