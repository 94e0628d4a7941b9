"""A long-lived pytest process under the project's interpreter: "run these tests" requests, one session each,
without paying the interpreter's and pytest's start-up every time (most of a small suite's run).

Between requests it forgets every module loaded from the tree (the project's and its tests', conftest included),
so the next session imports the file on disk as it is now: the caller writes a mutant there, then asks. What
it cannot forget is state the tests left in libraries outside the tree, so a worker is used only where it is
safe: `open_worker` runs the stable tests in it twice on the unmodified tree and returns None (the caller then
starts a fresh process per run) unless they pass both times, and a kill it finds is confirmed by a fresh
process (project_checks). A run that passes its time limit kills the worker; the next request starts another.
Requests and answers are JSON lines on a pipe of their own: pytest's output goes to /dev/null. It runs under the
sandbox's supervisor (start_contained), so ending it ends whatever its tests started, in its group or not."""

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

SERVE = r"""
import importlib, json, linecache, os, sys
import pytest
answers = os.fdopen(os.dup(1), "w")
null = os.open(os.devnull, os.O_WRONLY)
os.dup2(null, 1)
os.dup2(null, 2)
root = os.path.realpath(os.environ["REDPEN_ROOT"]) + os.sep
args = json.loads(sys.argv[1])
for line in sys.stdin:
    request = json.loads(line)
    for name, module in list(sys.modules.items()):
        where = getattr(module, "__file__", None)
        if where and os.path.realpath(where).startswith(root):
            del sys.modules[name]
    importlib.invalidate_caches()
    linecache.clearcache()
    os.environ.update(request["env"])
    try:
        status = int(pytest.main(args + request["args"]))
    except BaseException as exc:
        status = -1
    answers.write(json.dumps({"status": status}) + "\n")
    answers.flush()
"""


class TestWorker:
    __test__ = False

    def __init__(self, settings: Settings, tree: Path):
        self.settings, self.tree = settings, Path(tree).absolute()
        self.scratch = Path(tempfile.mkdtemp(prefix="redpen-worker-"))
        for name in ("home", "plugin"):
            (self.scratch / name).mkdir()
        shutil.copy(runner.PLUGIN, self.scratch / "plugin" / runner.PLUGIN.name)
        self.proc: subprocess.Popen | None = None
        self.seconds = 0.0  # the stable tests' run here, as open_worker timed it: start-up excluded, collection not

    def _start(self) -> subprocess.Popen:
        env = runner.environment(self.settings, self.tree, self.scratch / "home", self.scratch / "plugin")
        args = runner.command(self.settings)[3:]  # pytest's own arguments, after "PYTHON -m pytest"
        argv = [str(self.settings.python), "-c", SERVE, json.dumps(args)]
        return start_contained(argv, self.tree, env, runner.limits(self.settings.timeout), stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def run(self, tests: Sequence[str], limit: float, *, exitfirst: bool = False) -> RunResult:
        """As runner.run (no coverage: that is the baseline's, in a fresh process), within `limit` seconds."""
        report = self.scratch / "report.json"
        report.unlink(missing_ok=True)
        (self.scratch / "select.txt").write_text("".join(f"{t}\n" for t in tests), encoding="utf-8")
        env = {"REDPEN_REPORT": str(report), "REDPEN_SELECT": str(self.scratch / "select.txt") if tests else ""}
        args = (["-x"] if exitfirst else []) + runner.positional(self.tree, tests)
        if self.proc is None:
            self.proc = self._start()
        start = time.monotonic()
        assert self.proc.stdin is not None and self.proc.stdout is not None
        try:
            self.proc.stdin.write(json.dumps({"env": env, "args": args}) + "\n")
            self.proc.stdin.flush()
            ready = select.select([self.proc.stdout], [], [], limit)[0]
            line = self.proc.stdout.readline() if ready else ""
        except (BrokenPipeError, OSError):
            line = ""
        seconds = time.monotonic() - start
        if not line:  # past its limit, or dead: a fresh worker for the next request
            self.stop()
            return RunResult({}, () if seconds >= limit else ("the test worker ended",), None, seconds >= limit,
                             None, seconds)
        status = json.loads(line)["status"]
        data = json.loads(report.read_text(encoding="utf-8")) if report.is_file() else None
        return runner.read_report(data, status, False, seconds, "", self.settings.python)

    def stop(self) -> None:
        if self.proc is not None:
            kill_group(self.proc)
            self.proc = None

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.scratch, ignore_errors=True)


def open_worker(settings: Settings, tree: Path, stable: Sequence[str], limit: float) -> TestWorker | None:
    """A worker for `tree` when the stable tests pass in it twice running, else None (and nothing left running)."""
    worker = TestWorker(settings, tree)
    for _ in range(2):
        result = worker.run(stable, limit)
        if not result.passed or set(result.outcomes) != set(stable):
            worker.close()
            return None
    worker.seconds = result.seconds  # the second run: the worker was up
    return worker
