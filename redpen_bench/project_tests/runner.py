"""Run a project's own pytest suite on a tree (the project or a scratch copy of it) and read what happened.

One command for mutate, verify and harvest: `PYTHON -m pytest -p redpen_pytest_report` in the tree, under the
project's interpreter (interpreter.project_python), contained by sandbox.run_contained (its own process group
under a subreaper, time and memory limits, no credential in its environment). The tree's src/ and the tree
itself lead PYTHONPATH, so an installed copy of the project (editable or not) never stands in for the tree's; if
one still does (a .pth that imports it at start-up), RunResult.shadowed names it. The plugin is copied to the
run's own scratch folder and put on the path from there: Red-Pen's other modules must not be importable by name
in the project's process (a project's `runner` module would lose to ours). pytest's own configuration
(pythonpath, testpaths, addopts) applies as it does when the project runs its tests."""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from redpen_bench.sandbox import Limits, contained_env, run_contained

PLUGIN = Path(__file__).with_name("redpen_pytest_report.py")
LIMITS = Limits(memory=4 << 30, file_size=64 << 20)  # a real suite needs more than a corpus check's gigabyte
SEED = "0"


@dataclass(frozen=True)
class Settings:
    python: Path
    env: tuple[tuple[str, str], ...] = ()  # --env KEY=VALUE for the suite
    test_args: tuple[str, ...] = ()  # --tests arguments (recorded in corpus.toml, used by every check)
    timeout: float = 300.0


@dataclass(frozen=True)
class TestOutcome:
    __test__ = False  # not a pytest test class, whatever its name

    nodeid: str
    outcome: str  # "passed" | "failed" | "error" | "skipped"
    phase: str  # "setup" | "call" | "teardown" | "collect"
    exception: str  # the exception class name, or ""
    in_project: bool  # the deepest traceback frame lies in the tree's own code, not a test file or library
    message: str  # the error's first line
    seconds: float = 0.0  # its setup, call and teardown


@dataclass(frozen=True)
class RunResult:
    outcomes: dict[str, TestOutcome]
    collection_errors: tuple[str, ...]  # the real text ("tests/test_a.py: ModuleNotFoundError: No module ...")
    exit_code: int | None
    timed_out: bool
    shadowed: str | None  # an installed copy of the project imported instead of the tree's
    seconds: float
    covered: dict[str, frozenset[str]] = field(default_factory=dict)  # test id -> "relpath:function" it ran
    lines: dict[str, dict[str, frozenset[int]]] = field(default_factory=dict)  # test id -> relpath -> lines it ran

    @property
    def failed(self) -> tuple[str, ...]:
        """The tests that failed or errored, sorted."""
        return tuple(sorted(k for k, o in self.outcomes.items() if o.outcome in ("failed", "error")))

    @property
    def tests_seconds(self) -> float:
        """The tests' own time, each by pytest's protocol (setup, call, teardown), without the process's or the
        session's: what a limit from the tests' time is made of (mutate's baseline keeps the same per test)."""
        return sum(o.seconds for o in self.outcomes.values())

    @property
    def passed(self) -> bool:
        return self.exit_code in (0, 5) and not (self.failed or self.collection_errors or self.timed_out)

    def problem(self) -> str:
        """Why the run says nothing about the tests themselves ("" when it does): a timeout, an installed copy
        imported instead of the tree, or the collection errors' own text."""
        if self.timed_out:
            return f"timeout after {self.seconds:.0f} s"
        if self.shadowed:
            return (f"the tests imported an installed copy of the project ({self.shadowed}) instead of the tree's "
                    "own: uninstall it or install it editable from this folder")
        return "; ".join(self.collection_errors)

    def summary(self) -> str:
        """One line for a message: the problem, else the failing tests with their first error line."""
        if self.problem():
            return self.problem()
        failed = [f"{k} ({self.outcomes[k].message or self.outcomes[k].outcome})" for k in self.failed]
        return "; ".join(failed[:3]) + (f" and {len(failed) - 3} more" if len(failed) > 3 else "") or "passed"


def _is_own(python: Path) -> bool:
    """Red-Pen's own interpreter: pytest plugins installed beside Red-Pen (hypothesis ...) are no part of the
    project's run and cost most of its start-up, so they are not loaded; the project's own are."""
    return Path(python).absolute() == Path(sys.executable).absolute()


def environment(settings: Settings, tree: Path, home: Path, plugin_dir: Path) -> dict[str, str]:
    path = [str(plugin_dir)] + [str(p) for p in (tree / "src", tree) if p.is_dir()]
    env = contained_env(home, python_settings=False) | {"PYTHONPATH": os.pathsep.join(path),
                                                        "PYTHONDONTWRITEBYTECODE": "1", "REDPEN_ROOT": str(tree),
                                                        "REDPEN_SEED": SEED}
    if _is_own(settings.python):
        env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    return env | dict(settings.env)


def command(settings: Settings, *extra: str) -> list[str]:
    return [str(settings.python), "-m", "pytest", "-p", "redpen_pytest_report", "-p", "no:cacheprovider", "-q",
            "--color=no", *settings.test_args, *extra]


def limits(timeout: float) -> Limits:
    """LIMITS, never above what this process may itself use: a run inside a contained check (a generated item's
    test_item.py under verify) cannot raise a limit the check's supervisor set, and setrlimit refuses to try."""
    import resource

    def at_most(name: str, value: int) -> int:
        hard = resource.getrlimit(getattr(resource, name))[1]
        return value if hard == resource.RLIM_INFINITY else min(value, hard)

    return Limits(at_most("RLIMIT_CPU", int(timeout) + 1), at_most("RLIMIT_AS", LIMITS.memory),
                  at_most("RLIMIT_FSIZE", LIMITS.file_size))


def positional(tree: Path, tests: Sequence[str]) -> list[str]:
    """The files of the selected tests (the plugin deselects the rest by id); none when a file is not where
    its id says (a rootdir other than the tree): then the whole suite is collected and filtered."""
    files = sorted({t.split("::")[0] for t in tests})
    return files if all((tree / f).is_file() for f in files) else []


def run(settings: Settings, tree: Path, tests: Sequence[str] = (), *, coverage: bool = False,
        exitfirst: bool = False) -> RunResult:
    """The suite (or only `tests`, pytest ids) on `tree`; `coverage`: which of the tree's functions each test
    ran; `exitfirst`: stop at the first failure (a kill check needs one)."""
    tree = Path(tree).absolute()
    with tempfile.TemporaryDirectory(prefix="redpen-tests-") as scratch:
        home, plugin_dir = Path(scratch) / "home", Path(scratch) / "plugin"
        home.mkdir()
        plugin_dir.mkdir()
        shutil.copy(PLUGIN, plugin_dir / PLUGIN.name)
        env = environment(settings, tree, home, plugin_dir) | {"REDPEN_REPORT": str(Path(scratch) / "report.json")}
        extra = ["-x"] if exitfirst else []
        if tests:
            (Path(scratch) / "select.txt").write_text("".join(f"{t}\n" for t in tests), encoding="utf-8")
            env["REDPEN_SELECT"] = str(Path(scratch) / "select.txt")
            extra += positional(tree, tests)
        if coverage:
            env["REDPEN_COVERAGE"] = "1"
        start = time.monotonic()
        done = run_contained(command(settings, *extra), tree, settings.timeout, env=env,
                             limits=limits(settings.timeout))
        seconds = time.monotonic() - start
        report_file = Path(scratch) / "report.json"
        report = json.loads(report_file.read_text(encoding="utf-8")) if report_file.is_file() else None
    return read_report(report, done.status, done.timed_out, seconds, done.stdout + done.stderr, settings.python)


def read_report(report: dict | None, status: int | None, timed_out: bool, seconds: float, output: str,
                python: Path) -> RunResult:
    outcomes = {k: TestOutcome(k, v["outcome"], v["phase"], v["exception"], v["in_project"], v["message"],
                               v.get("seconds", 0.0))
                for k, v in (report or {}).get("outcomes", {}).items()}
    errors = list((report or {}).get("collection_errors", []))
    if not timed_out and (report is None or status in (3, 4)) and not errors:
        # pytest never got to its session (no pytest in that interpreter, a usage error, a crash)
        lines = [line for line in output.strip().splitlines() if line.strip()]
        errors.append(f"{python} -m pytest: {lines[-1].strip() if lines else f'exit status {status}'}")
    covered = {k: frozenset(v) for k, v in (report or {}).get("covered", {}).items()}
    lines = {k: {rel: frozenset(v) for rel, v in files.items()} for k, files in (report or {}).get("lines", {}).items()}
    return RunResult(outcomes, tuple(errors), status, timed_out, (report or {}).get("shadowed"), seconds, covered,
                     lines)
