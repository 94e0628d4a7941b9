"""Check workers: one contained interpreter per test module runs check after check (_check_loop.py), each on a
fresh test module and a fresh module of the code checked, under an alarm. `mutate` kill-checks its mutants this
way and `verify` checks a generated corpus's items this way: an interpreter's start is paid once per source
file, not once per check.

Containment (sandbox.start_contained): the worker runs under the sandbox's supervisor in a session of its
own, works in a scratch folder of its own, sees the contained environment (no credentials, HOME and TMPDIR in
scratch) under the memory and file-size limits, and kills everything a check started when the check ends.
A check that does not answer within its limit and a grace is presumed wedged (a loop in C, an alarm
swallowed): the worker is ended with everything below it (by its supervisor) and a new worker started, and the
check is a timeout.
A check that ends the worker's interpreter is judged by its exit status, as in an interpreter of its own.
"""

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
from redpen_bench.sandbox import SUPERVISOR, contained_env, kill_group, start_contained

WORKER = str(Path(__file__).with_name("_check_loop.py"))
GRACE = 5.0  # seconds past a check's limit before a silent worker is presumed wedged and restarted
# A mutant's limit: SOURCE_FACTOR times the source's own time, at least MIN_LIMIT, at most the timeout. Mutants
# that loop for ever are common (a deleted increment); waiting the whole timeout on each was most of a run.
SOURCE_FACTOR = 50
MIN_LIMIT = 1.0


def limit_for(source_seconds: float, timeout: float) -> float:
    return min(timeout, max(MIN_LIMIT, SOURCE_FACTOR * source_seconds))


@dataclass(frozen=True)
class Outcome:
    status: str  # pass | fail | timeout
    detail: str = ""
    seconds: float = 0.0
    tests: tuple[str, ...] = ()  # killing tests (mutate's project mode: pytest ids; for a timeout, those it ran)
    # a timeout's measure: the unmodified code's own time for what this check ran, when that is not the unit's
    # (project mode's session runs a mutant's own tests alone, under a limit from their time: kill.verdict)
    source_seconds: float | None = None


class _Exited(Exception):
    """The worker's interpreter ended (its stdout closed)."""


class CheckWorker:
    """A running _check_loop.py for one test module and check; `check(source)` runs one module against it.
    Raises InputError when the test module cannot be imported."""

    def __init__(self, test_path: Path, check: str, timeout: float):
        self.test_path, self.check_name, self.timeout = test_path, check, timeout
        self.scratch = tempfile.mkdtemp(prefix="redpen-checks-")
        self.module_path = os.path.join(self.scratch, "variant_under_test.py")
        self._buffer = b""
        self.closed = False
        self._start()

    def _start(self) -> None:
        command = [sys.executable, "-I", "-B", WORKER, str(self.test_path.resolve()), self.check_name, str(SUPERVISOR)]
        env = contained_env(Path(self.scratch)) | {"PYTHONDONTWRITEBYTECODE": "1"}
        self.proc = start_contained(command, Path(self.scratch), env=env, stdin=subprocess.PIPE,
                                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        try:
            hello = self._reply(self.timeout + GRACE)
        except _Exited:
            hello = None
        if hello is None or "fatal" in hello:
            self.close()
            reason = hello["fatal"] if hello else "import did not finish within the timeout"
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
                raise _Exited
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        return json.loads(line)

    def check(self, source: str, limit: float | None = None) -> Outcome:
        limit = self.timeout if limit is None else min(limit, self.timeout)
        os.makedirs(self.scratch, exist_ok=True)  # the worker's scratch is a check's working folder: it may delete it
        with open(self.module_path, "w", encoding="utf-8") as file:
            file.write(source)
        start = time.monotonic()
        try:
            self.proc.stdin.write(f"{self.module_path}\t{limit!r}\n".encode())
            self.proc.stdin.flush()
            reply = self._reply(limit + GRACE)
        except (BrokenPipeError, _Exited):
            reply = self._ended()
        if reply is not None and "ended" not in reply:
            if reply.get("restart") and not self.closed:  # the check left the interpreter unusable
                self._restart()
            return Outcome(reply["status"], reply["detail"], reply["seconds"])
        if self.closed:  # closed from another thread (an interrupt): not restarted
            return Outcome("timeout", "worker closed", limit)
        self._restart()
        seconds = round(time.monotonic() - start, 4)
        if reply is None:  # wedged: the check timed out
            return Outcome("timeout", "worker did not answer", seconds)
        return Outcome(reply["status"], reply["detail"], seconds)

    def _ended(self) -> dict:
        """The check ended the worker's interpreter: judged by its exit status, as in an interpreter of its own."""
        try:
            status = self.proc.wait(GRACE)
        except subprocess.TimeoutExpired:  # its output closed but it lives on
            return {"ended": True, "status": "fail", "detail": "the check closed the worker's output"}
        reason = f"signal {-status}" if status < 0 else f"exit status {status}"
        return {"ended": True, "status": "pass" if status == 0 else "fail",
                "detail": f"the check ended the interpreter: {reason}"}

    def _restart(self) -> None:
        kill_group(self.proc)
        self._buffer = b""
        self._start()

    def close(self) -> None:
        """End the worker and everything in its group; once (a reaped pid's group id may be reused)."""
        if not self.closed:
            self.closed = True
            kill_group(self.proc)
            shutil.rmtree(self.scratch, ignore_errors=True)

    def __enter__(self) -> CheckWorker:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
