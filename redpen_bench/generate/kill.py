"""Kill checks of corpus mode: one contained worker per source file imports the item's test once and forks a
child per mutant (_kill_worker.py). A mutant is killed when its check raises; a timeout is a kill only when
the unmutated source ran well inside the limit, and it is marked as one."""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from redpen_bench.errors import InputError
from redpen_bench.generate import sandbox

WORKER = str(Path(__file__).with_name("_kill_worker.py"))
# the source must run in at most this share of a mutant's limit for its timeout to count as a kill:
# a limit the source itself nearly reaches would call a slow machine a kill
TIMEOUT_MARGIN = 0.25
# A mutant's limit: SOURCE_FACTOR times the source's own time, at least MIN_LIMIT, at most --timeout. Mutants
# that loop for ever are common (a deleted increment); waiting the whole --timeout on each was most of a run.
SOURCE_FACTOR = 50
MIN_LIMIT = 1.0
# project mode: a module that raises at import; a suite that passes with it never imports the file
FORCED_FAIL = 'raise RuntimeError("redpen-bench forced failure: a check must fail on this module")\n'
# corpus mode: the harness imports the module itself, so it is one whose every name raises; a check that
# passes on it never looked at the code it was given
FORCED_FAIL_NAMES = ('def __getattr__(name):\n'
                     '    raise RuntimeError(f"redpen-bench forced failure: {name} looked up")\n')
_GRACE = 5.0  # seconds past --timeout before a silent worker is presumed wedged and restarted


@dataclass(frozen=True)
class Outcome:
    status: str  # pass | fail | timeout
    detail: str = ""
    seconds: float = 0.0
    tests: tuple[str, ...] = ()  # killing tests (project mode: pytest ids)


def limit_for(source_seconds: float, timeout: float) -> float:
    return min(timeout, max(MIN_LIMIT, SOURCE_FACTOR * source_seconds))


def verdict(outcome: Outcome, source_seconds: float, timeout: float) -> str:
    """killed | timed-out (a kill, marked) | survived | slow (a timeout that proves nothing: discarded)."""
    if outcome.status == "fail":
        return "killed"
    if outcome.status == "timeout":
        return "timed-out" if source_seconds <= TIMEOUT_MARGIN * limit_for(source_seconds, timeout) else "slow"
    return "survived"


class CheckWorker:
    """A running _kill_worker.py for one test module and check; `check(source)` runs one module against it."""

    def __init__(self, test_path: Path, check: str, timeout: float):
        self.test_path, self.check_name, self.timeout = test_path, check, timeout
        self.scratch = tempfile.mkdtemp(prefix="redpen-mutate-")
        self.module_path = os.path.join(self.scratch, "variant_under_test.py")
        self._buffer = b""
        self._start()

    def _start(self) -> None:
        command = [sys.executable, "-I", "-B", WORKER, str(self.test_path.resolve()), self.check_name]
        self.proc = sandbox.spawn(command, self.scratch, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL)
        hello = self._reply(self.timeout + _GRACE)
        if hello is None or "fatal" in hello:
            self.close()
            reason = hello["fatal"] if hello else "import did not finish within --timeout"
            raise InputError(f"{self.test_path}: cannot be imported: {reason}")

    def _reply(self, seconds: float) -> dict | None:
        deadline = time.monotonic() + seconds
        fd = self.proc.stdout.fileno()
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return None
            chunk = os.read(fd, 65536)
            if not chunk:
                return None
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        return json.loads(line)

    def check(self, source: str, limit: float | None = None) -> Outcome:
        limit = self.timeout if limit is None else min(limit, self.timeout)
        with open(self.module_path, "w", encoding="utf-8") as file:
            file.write(source)
        try:
            self.proc.stdin.write(f"{self.module_path}\t{limit!r}\n".encode())
            self.proc.stdin.flush()
        except BrokenPipeError:
            reply = None
        else:
            reply = self._reply(limit + _GRACE)
        if reply is None:  # wedged (a child that ignores its alarm) or dead: the mutant timed out
            sandbox.kill_group(self.proc)
            self._buffer = b""
            self._start()
            return Outcome("timeout", "worker did not answer", limit)
        return Outcome(reply["status"], reply["detail"], reply["seconds"])

    def close(self) -> None:
        sandbox.kill_group(self.proc)
        shutil.rmtree(self.scratch, ignore_errors=True)

    def __enter__(self) -> CheckWorker:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def baseline(worker: CheckWorker, source: str, source_path: str) -> Outcome:
    """The unmutated source passes its check, and a module that raises at import fails it."""
    outcome = worker.check(source)
    if outcome.status != "pass":
        detail = "timed out" if outcome.status == "timeout" else outcome.detail
        raise InputError(f"{source_path}: {worker.check_name} fails on the unmutated source: {detail}")
    if worker.check(FORCED_FAIL_NAMES).status == "pass":
        raise InputError(f"{worker.test_path}: {worker.check_name} passes on a module whose every name raises: "
                         "it does not test the code it is given")
    return outcome
