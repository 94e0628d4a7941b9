"""A pytest session kept open between mutants (redpen_pytest_session.py, under the project's interpreter): the
project's tests collected once, each mutant put into the running session's functions for one request.

`open_session` gives None (the caller falls back to a session per run) when the session cannot collect the tests
or put mutants in; a request whose mutant cannot be put in that way answers None too. Whether the tests pass in
it is the caller's to check, after each kill (project_checks). A run that passes its time limit ends the session;
the next request starts another. Contained like every project run: under the sandbox's supervisor (start_contained)."""

from __future__ import annotations

import json
import select
import shutil
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from redpen_bench.project_tests import runner
from redpen_bench.project_tests.runner import RunResult, Settings
from redpen_bench.sandbox import kill_group, start_contained

SERVER = Path(__file__).with_name("redpen_pytest_session.py")
START_SECONDS = 120.0  # collecting the tests when the session starts: at least this long, whatever the limit


class TestSession:
    __test__ = False

    def __init__(self, settings: Settings, tree: Path, tests: Sequence[str], takes_mutants: bool = False,
                 sources: Sequence[str] = ()):
        """A session of `tree`'s test files holding `tests` (pytest ids), started at the first request;
        `takes_mutants`: one that mutants are put into (it records what runs before the first test, which costs
        its start-up a third more), else one that runs the tree as it is written. `sources`: the tree-relative
        files mutants will change, whose modules it imports before the first request if the tests have not (a
        module the tests import only inside a test, which the session could not otherwise put a mutant in)."""
        self.settings, self.tree, self.takes_mutants = settings, Path(tree).absolute(), takes_mutants
        self.sources = [str(self.tree / source) for source in sources] if takes_mutants else []
        self.files = runner.positional(self.tree, tests)
        self.scratch = Path(tempfile.mkdtemp(prefix="redpen-session-"))
        for name in ("home", "plugin"):
            (self.scratch / name).mkdir()
        for module in (runner.PLUGIN, SERVER):
            shutil.copy(module, self.scratch / "plugin" / module.name)
        self.proc: subprocess.Popen | None = None
        self.collected: tuple[str, ...] = ()  # the test ids it holds, in collection order
        self.patching = False  # the session can put a mutant into its functions (Python 3.11 or later)

    def _start(self, limit: float) -> tuple[str, ...] | None:
        """The session started and its tests collected: () when it holds them all, else the collection errors
        (the session is ended); None when it never got that far."""
        env = runner.environment(self.settings, self.tree, self.scratch / "home", self.scratch / "plugin")
        args = runner.command(self.settings, *self.files)[3:]  # pytest's own arguments, after "PYTHON -m pytest"
        argv = [str(self.settings.python), "-m", SERVER.stem, json.dumps(args),
                *(["mutants", *self.sources] if self.takes_mutants else [])]
        self.proc = start_contained(argv, self.tree, env, runner.limits(self.settings.timeout), stdin=subprocess.PIPE,
                                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        hello = self._read(limit)
        if hello is None or hello["collection_errors"]:
            self.stop()
            return None if hello is None else tuple(hello["collection_errors"])
        self.collected, self.patching = tuple(hello["tests"]), bool(hello["patching"])
        return ()

    def _read(self, limit: float) -> dict | None:
        assert self.proc is not None and self.proc.stdout is not None
        try:
            ready = select.select([self.proc.stdout], [], [], limit)[0]
            line = self.proc.stdout.readline() if ready else ""
        except (OSError, ValueError):
            line = ""
        return json.loads(line) if line else None

    def run(self, tests: Sequence[str], limit: float, *, exitfirst: bool = False, mutant: tuple[str, str] | None = None
            ) -> RunResult | None:
        """`tests` in this order, with `mutant` (the tree-relative file, its mutated source) in place, within
        `limit` seconds; None when the session cannot run them (a test it does not hold, a mutant it cannot put
        in): the caller runs them another way."""
        start = time.monotonic()
        if self.proc is None:
            errors = self._start(max(limit, START_SECONDS))
            if errors:  # a mutant that breaks an import: the tests in those files are its killers
                return RunResult({}, errors, 2, False, None, time.monotonic() - start)
            if errors is None:
                return None
        tests = self._expanded(tests)
        if tests is None or (mutant and not self.patching):
            return None
        patch = {"path": str(self.tree / mutant[0]), "source": mutant[1]} if mutant else None
        start = time.monotonic()
        assert self.proc is not None and self.proc.stdin is not None
        try:
            self.proc.stdin.write(json.dumps({"tests": list(tests), "exitfirst": exitfirst, "patch": patch}) + "\n")
            self.proc.stdin.flush()
        except OSError:
            self.stop()
            return None
        answer = self._read(limit)
        seconds = time.monotonic() - start
        if answer is None:  # past its limit, or dead: a fresh session for the next request
            self.stop()
            return RunResult({}, (), None, True, None, seconds) if seconds >= limit else None
        if "unpatchable" in answer:
            return None
        outcomes = answer["outcomes"]
        status = 1 if any(o["outcome"] in ("failed", "error") for o in outcomes.values()) else 0
        return runner.read_report({"outcomes": outcomes}, status, False, seconds, "", self.settings.python)

    def _expanded(self, tests: Sequence[str]) -> list[str] | None:
        """`tests` as the ids the session holds, a test file (a killer that failed to collect) as all of its
        tests; None when it holds one not."""
        held, expanded = set(self.collected), []
        for test in tests:
            in_file = [t for t in self.collected if t.split("::")[0] == test] if test not in held else [test]
            if not in_file:
                return None
            expanded += in_file
        return expanded

    def stop(self) -> None:
        if self.proc is not None:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
            kill_group(self.proc)
            self.proc = None

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.scratch, ignore_errors=True)


def open_session(settings: Settings, tree: Path, tests: Sequence[str], limit: float, sources: Sequence[str] = ()
                 ) -> TestSession | None:
    """A session of `tree` that holds `tests` and can take mutants (of `sources`, TestSession's), else None (and
    nothing left running).

    Whether the tests pass in it is not tried first: a kill only counts when its tests pass again once the mutant
    is taken out (project_checks), so a test that fails in a session for no fault of the mutant ends the session
    at its first false kill, and a test that passes in it is not what makes a survivor."""
    session = TestSession(settings, tree, tests, takes_mutants=True, sources=sources)
    if session._start(max(limit, START_SECONDS)) != () or not session.patching or session._expanded(tests) is None:
        session.close()
        return None
    return session
