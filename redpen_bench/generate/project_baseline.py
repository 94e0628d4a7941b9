"""The unmodified project, as project mode sees it before any mutant: a copy of it without what is no part of
it, the test files pytest collects, and the suite's baseline (its stable and flaky tests, which test ran which
functions and lines, how long each took), run by the one project-test runner (project_tests)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

from redpen_bench.errors import InputError
from redpen_bench.generate import items
from redpen_bench.generate.project_files import NOT_PROJECT, Collection, collect_command, not_project, parse_collection
from redpen_bench.project_tests import runner
from redpen_bench.project_tests.runner import RunResult, Settings
from redpen_bench.sandbox import run_contained

IGNORED = shutil.ignore_patterns(*NOT_PROJECT)
COLLECT_SECONDS = 120.0  # pytest's collection of a whole project: at least this long, whatever --timeout is
SUITE_SECONDS = 600.0  # the unmodified suite's own runs: at least this long


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


def collect(root: Path, settings: Settings) -> Collection:
    """Ask pytest which files hold its tests, in a scratch copy, under the project's interpreter."""
    with tempfile.TemporaryDirectory(prefix="redpen-collect-") as scratch:
        copy = copy_project(root, Path(scratch) / "project")
        (Path(scratch) / "home").mkdir()
        env = runner.environment(settings, copy, Path(scratch) / "home", Path(scratch) / "home")
        timeout = max(COLLECT_SECONDS, settings.timeout)
        done = run_contained(collect_command(settings.python, settings.test_args), copy, timeout, env=env,
                             limits=runner.limits(timeout))
    return parse_collection(root, None if done.timed_out else done.status, done.stdout + done.stderr)


def _function(key: str) -> str:
    """"src/pkg/m.py:C.f.<locals>.g" as the mutant's sites name it: "src/pkg/m.py:C.f.g"."""
    return key.replace(".<locals>", "")


@dataclass(frozen=True)
class Baseline:
    """The suite on the unmodified project: its time, its stable and flaky tests, which test ran what."""

    seconds: float
    stable: frozenset[str]  # passed on every repeat
    flaky: tuple[str, ...]  # an outcome that differed between repeats
    covered: dict[str, frozenset[str]]  # test id -> "relpath:function" it ran (runner.RunResult.covered)
    lines: dict[str, dict[str, frozenset[int]]] = field(default_factory=dict)  # test id -> relpath -> lines it ran
    durations: dict[str, float] = field(default_factory=dict)  # test id -> its shortest time in the repeats

    def seconds_of(self, tests: Sequence[str]) -> float:
        """The time `tests` took on the unmodified project, each by pytest's protocol (setup, call, teardown)."""
        return sum(self.durations.get(t, self.seconds) for t in tests)

    def covering(self, rel: str, function: str) -> tuple[str, ...]:
        """The stable tests that ran `function` of file `rel` (or a function nested in it); for code outside any
        function (it runs at import), every stable test."""
        if not function:
            return tuple(sorted(self.stable))
        return self._tests_by_function.get(f"{rel}:{function}", ())

    @cached_property
    def _tests_by_function(self) -> dict[str, tuple[str, ...]]:
        """"rel:function" -> `covering`'s answer: the stable tests that ran it or a function nested in it (every
        check asks, so the answers are made once, not by scanning what each test ran)."""
        found: dict[str, set[str]] = {}
        for test in self.stable:
            for key in map(_function, self.covered.get(test, ())):
                rel, _, function = key.rpartition(":")
                parts = function.split(".")
                for end in range(1, len(parts) + 1):
                    found.setdefault(f"{rel}:{'.'.join(parts[:end])}", set()).add(test)
        return {key: tuple(sorted(tests)) for key, tests in found.items()}

    def running(self, rel: str, function: str, lines: Sequence[int]) -> tuple[str, ...]:
        """The stable tests that ran `function` and one of `lines` of it: a test that runs none of a mutant's lines
        runs the mutant as it runs the source. When none ran them (lines that run at import, a decorator's, a
        default value's), those that ran the function, as `covering` says."""
        tests = self.covering(rel, function)
        if not function or not lines:
            return tests
        ran = tuple(t for t in tests if not self.lines.get(t, {}).get(rel, frozenset()).isdisjoint(lines))
        return ran or tests

    def touching(self, rel: str) -> tuple[str, ...]:
        """The stable tests that ran any function of file `rel`."""
        return tuple(sorted(t for t in self.stable if any(k.startswith(f"{rel}:") for k in self.covered.get(t, ()))))


def _refuse(root: Path, result: RunResult, settings: Settings) -> None:
    if result.problem():
        raise InputError(f"{root}: the tests cannot run on the unmodified project ({settings.python} -m pytest "
                         f"{' '.join(settings.test_args)}): {result.problem()}".replace(" )", ")"))


def suite_baseline(root: Path, settings: Settings, repeats: int) -> Baseline:
    """The suite `repeats` times on an unmodified copy of the project (by the driver, once per run)."""
    settings = replace(settings, timeout=max(SUITE_SECONDS, settings.timeout))
    runs = _suite_runs(root, settings, repeats)
    seen = {t: {r.outcomes[t].outcome if t in r.outcomes else "absent" for r in runs}
            for t in set().union(*(r.outcomes for r in runs))}
    _refuse_failing(root, settings, runs[0], sorted(t for t, s in seen.items() if s <= {"failed", "error"}))
    stable = frozenset(t for t, s in seen.items() if s == {"passed"})
    if not stable:
        raise InputError(f"{root}: no test passes on the unmodified project: no test can kill a mutant")
    return Baseline(seconds=min(r.seconds for r in runs[1:]) if len(runs) > 1 else runs[0].seconds, stable=stable,
                    flaky=tuple(sorted(t for t, s in seen.items() if len(s) > 1)), covered=runs[0].covered,
                    lines=runs[0].lines,
                    durations={t: min(r.outcomes[t].seconds for r in runs if t in r.outcomes) for t in stable})


def _suite_runs(root: Path, settings: Settings, repeats: int) -> list[RunResult]:
    """The runs of the suite on one copy of the project, the first with coverage; refused when one cannot say
    anything about the tests (a collection error, a timeout, an installed copy in the tree's place)."""
    with tempfile.TemporaryDirectory(prefix="redpen-mutate-project-") as scratch:
        copy = copy_project(root, Path(scratch) / "project")
        runs = []
        for repeat in range(repeats):
            runs.append(runner.run(settings, copy, coverage=repeat == 0))
            _refuse(root, runs[-1], settings)
    return runs


def _refuse_failing(root: Path, settings: Settings, first: RunResult, failing: list[str]) -> None:
    """Tests that fail every time on the unmodified project: the suite is broken, not flaky."""
    if failing:
        said = "; ".join(f"{t} ({first.outcomes[t].message or first.outcomes[t].outcome})" for t in failing[:3])
        raise InputError(f"{root}: the test suite fails on the unmodified project ({settings.python} -m pytest): "
                         f"{said}{f' and {len(failing) - 3} more' if len(failing) > 3 else ''}")
