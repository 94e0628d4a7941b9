"""Project mode's kill checker (kill.KillChecker): the project's own pytest suite, run in a scratch copy of the
project with the mutant written in place of its source file.

Each unit's task copies the project once into a scratch folder of its own (without `.git`, virtualenvs, caches
and outputs of mutate), wherever the task runs: this machine's pool or a Dask worker that sees the project at
the same path. The project itself is never written to. Every suite run is contained as verify's checks are
(sandbox.run_contained: a supervisor that is a child subreaper kills and reaps whatever the suite
started, a daemon in a session of its own included; no credential in its environment)."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from redpen_bench.generate import items
from redpen_bench.generate.kill import FORCED_FAIL, Outcome, limit_for
from redpen_bench.generate.project_files import (
    NOT_PROJECT,
    Collection,
    collect_command,
    failed_tests,
    not_project,
    parse_collection,
    strip_ansi,
)
from redpen_bench.generate.units import Unit
from redpen_bench.sandbox import contained_env, run_contained

IGNORED = shutil.ignore_patterns(*NOT_PROJECT)
COLLECT_SECONDS = 120.0  # pytest's collection of a whole project: at least this long, whatever --timeout is


def mutate_outputs(root: Path) -> set[str]:
    """The folders below `root` (relative, posix) that are outputs of mutate (corpus.toml with [generated]),
    whatever their name: never mutated, never copied with the project (their test_item.py files are no part of
    the project's suite), so `--out PROJECT/gen` run twice gives the same corpus."""
    found = set()
    for folder, dirs, files in os.walk(root):
        if "corpus.toml" in files and items.is_previous_output(Path(folder)):
            found.add(Path(folder).relative_to(root).as_posix())
            dirs.clear()
        dirs[:] = [d for d in dirs if not not_project(d)]
    return found


def copy_project(root: Path, copy: Path) -> Path:
    """`root` copied to `copy`, without what is no part of the project (project_files.NOT_PROJECT) and the
    outputs of mutate inside it."""
    outputs = mutate_outputs(root)

    def ignore(folder: str, names: list[str]) -> set[str]:
        rel = Path(folder).relative_to(root)
        return set(IGNORED(folder, names)) | {n for n in names if (rel / n).as_posix() in outputs}

    shutil.copytree(root, copy, ignore=ignore, symlinks=False)
    return copy


def _run(command: list[str], copy: Path, timeout: float) -> tuple[int | None, str]:
    """Run contained in `copy` to the end: (exit status or None on timeout, stdout and stderr together). No
    PYTHON* variable passes (the project's own path is its working folder); plugins installed beside Red-Pen
    (hypothesis, ...) are not loaded: they took five of six seconds of each run."""
    env = contained_env(copy, python_settings=False) | {"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
                                                        "PYTHONDONTWRITEBYTECODE": "1"}
    outcome = run_contained(command, copy, timeout, env=env)
    if outcome.timed_out:
        return None, ""
    return outcome.status, outcome.stdout + outcome.stderr


def run_suite(copy: Path, tests: tuple[str, ...], limit: float) -> Outcome:
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-rfE", "--color=no", *tests]
    start = time.monotonic()
    status, output = _run(command, copy, limit)
    seconds = time.monotonic() - start
    if status is None:
        return Outcome("timeout", f"timeout after {limit:g} s", seconds)
    if status == 0:
        return Outcome("pass", "", seconds)
    failed = failed_tests(output)
    output = strip_ansi(output).strip()
    last = output.splitlines()[-1] if output else f"exit {status}"
    return Outcome("fail", last, seconds, failed)


def collect(root: Path, tests: tuple[str, ...], timeout: float) -> Collection:
    """Ask pytest which files hold its tests, in a scratch copy (the project is never written to)."""
    with tempfile.TemporaryDirectory(prefix="redpen-collect-") as scratch:
        copy = copy_project(root, Path(scratch) / "project")
        status, output = _run(collect_command(tests), copy, max(COLLECT_SECONDS, timeout))
    return parse_collection(root, status, output)


def suite_baseline(root: Path, tests: tuple[str, ...], timeout: float) -> Outcome:
    """The suite on an unmodified copy of the project (run once, by the driver): its time sets every limit."""
    with tempfile.TemporaryDirectory(prefix="redpen-mutate-project-") as scratch:
        return run_suite(copy_project(root, Path(scratch) / "project"), tests, timeout)


@dataclass(frozen=True)
class ProjectChecks:
    """Project mode: each unit is checked by the project's suite (`tests`), in a copy of `root` of its own."""

    root: Path
    tests: tuple[str, ...]
    source_seconds: float  # the suite's own time on the unmodified project (suite_baseline)

    def open(self, unit: Unit, timeout: float) -> ProjectChecker:
        return ProjectChecker(self, unit, timeout)


class ProjectChecker:
    tests: tuple[str, ...] = ()  # a failing run names its killing tests itself

    def __init__(self, checks: ProjectChecks, unit: Unit, timeout: float):
        self.checks, self.timeout = checks, timeout
        self.scratch = tempfile.mkdtemp(prefix="redpen-mutate-project-")
        try:
            self.copy = copy_project(checks.root, Path(self.scratch) / "project")
        except BaseException:
            shutil.rmtree(self.scratch, ignore_errors=True)
            raise
        self.target = self.copy / unit.name
        self.original = self.target.read_bytes()

    def baseline(self) -> float | None:
        """The suite's own time, or None when it passes with this file raising at import: no test imports it."""
        limit = limit_for(self.checks.source_seconds, self.timeout)
        if self.check(FORCED_FAIL, limit).status == "pass":
            return None
        return self.checks.source_seconds

    def check(self, source: str, limit: float) -> Outcome:
        try:
            self.target.write_text(source, encoding="utf-8")
            return run_suite(self.copy, self.checks.tests, limit)
        finally:
            self.target.write_bytes(self.original)

    def close(self) -> None:
        shutil.rmtree(self.scratch, ignore_errors=True)
