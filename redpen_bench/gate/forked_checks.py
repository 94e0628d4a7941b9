"""Forked checks: one contained worker per test module imports it once and forks a child per module checked
(_fork_worker.py). `mutate` kill-checks its mutants this way and `verify` checks a generated corpus's items
this way: the import is paid once per source file, not once per check.

Containment (containment.start_contained): the worker has its own session, works in a scratch folder of its
own, sees the contained environment (no credentials, HOME and TMPDIR in scratch) under the memory and
file-size limits; each child has the check's time limit as a timer and as a CPU limit. The worker's whole
group is killed when it is closed, or restarted when it stops answering (a child that ignores its alarm).
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
from redpen_bench.gate.containment import contained_env, kill_group, start_contained

WORKER = str(Path(__file__).with_name("_fork_worker.py"))
GRACE = 5.0  # seconds past a check's limit before a silent worker is presumed wedged and restarted


@dataclass(frozen=True)
class Outcome:
    status: str  # pass | fail | timeout
    detail: str = ""
    seconds: float = 0.0
    tests: tuple[str, ...] = ()  # killing tests (mutate's project mode: pytest ids)


class CheckWorker:
    """A running _fork_worker.py for one test module and check; `check(source)` runs one module against it.
    Raises InputError when the test module cannot be imported."""

    def __init__(self, test_path: Path, check: str, timeout: float):
        self.test_path, self.check_name, self.timeout = test_path, check, timeout
        self.scratch = tempfile.mkdtemp(prefix="redpen-forked-")
        self.module_path = os.path.join(self.scratch, "variant_under_test.py")
        self._buffer = b""
        self.closed = False
        self._start()

    def _start(self) -> None:
        command = [sys.executable, "-I", "-B", WORKER, str(self.test_path.resolve()), self.check_name]
        env = contained_env(Path(self.scratch)) | {"PYTHONDONTWRITEBYTECODE": "1"}
        self.proc = start_contained(command, Path(self.scratch), env=env, stdin=subprocess.PIPE,
                                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        hello = self._reply(self.timeout + GRACE)
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
            reply = self._reply(limit + GRACE)
        if reply is None:  # wedged (a child that ignores its alarm) or dead: the check timed out
            if self.closed:  # closed from another thread (an interrupt): not restarted
                return Outcome("timeout", "worker closed", limit)
            kill_group(self.proc)
            self._buffer = b""
            self._start()
            return Outcome("timeout", "worker did not answer", limit)
        return Outcome(reply["status"], reply["detail"], reply["seconds"])

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
