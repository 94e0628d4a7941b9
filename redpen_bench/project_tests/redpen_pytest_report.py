"""A pytest plugin Red-Pen loads into a project's own test run (`python -m pytest -p redpen_pytest_report`).

It runs under the project's interpreter, not Red-Pen's, so it imports only the standard library and pytest, and
it is configured by environment variables (the runner sets them):
  REDPEN_REPORT    the JSON report file to write at the end of the session
  REDPEN_ROOT      the tree under test: which frames are the project's own, which modules must come from it
  REDPEN_SELECT    optional: a file of test ids (or test files), one a line; every other test is deselected
  REDPEN_COVERAGE  "1": record, per test, the tree's functions it ran ("relpath:qualname") and their lines
  REDPEN_SEED      the seed `random` is given before each test (with the test's id): an unseeded random test
                   draws the same numbers every run, whichever other tests run before it
A unittest test stops at its first failing subtest (its outcome is decided then). The report holds each test's
outcome, the phase it failed in, the exception class and its first line, whether the deepest frame of the
traceback lies in the tree's own code, the collection errors' real text, and any module of the tree imported from
elsewhere (an installed copy shadowing the tree)."""

from __future__ import annotations

import json
import os
import random
import sys
import unittest

import pytest

_ROOT = os.path.realpath(os.environ.get("REDPEN_ROOT") or os.getcwd())
_OUTSIDE = ("site-packages", "dist-packages", ".venv", "venv", ".tox", ".nox")
_TEST_DIRS = {"tests", "test", "testing"}
_results: dict[str, dict] = {}
_errors: list[str] = []
_covered: dict[str, set[str]] = {}
_lines: dict[str, dict[str, set[int]]] = {}  # test id -> relpath -> lines of the tree's code it ran
_select: set[str] | None = None


def _relative(filename: str) -> str | None:
    """The tree-relative posix path of a file of the tree's own (not an environment inside it), else None."""
    path = os.path.realpath(filename)
    if not path.startswith(_ROOT + os.sep):
        return None
    rel = os.path.relpath(path, _ROOT).replace(os.sep, "/")
    return None if any(part in _OUTSIDE for part in rel.split("/")[:-1]) else rel


def _is_test_file(rel: str) -> bool:
    name = rel.rsplit("/", 1)[-1]
    return (name.startswith("test_") or name.endswith("_test.py") or name == "conftest.py"
            or any(part in _TEST_DIRS for part in rel.split("/")[:-1]))


class _Coverage:
    """Which of the tree's functions, and which of their lines, run, per test: sys.monitoring where there is one
    (each code object and each line reported once per test, then disabled until the next), else a trace function
    that follows lines in the tree's own code only."""

    def __init__(self) -> None:
        self.keys: dict[object, str | None] = {}
        self.files: dict[object, str] = {}  # the tree's own code -> its relpath (read on every line event)
        self.current: set[str] = set()
        self.lines: dict[str, set[int]] = {}  # relpath -> its lines run by the current test
        self.tool = None
        monitoring = getattr(sys, "monitoring", None)
        if monitoring is not None:
            for tool in (monitoring.COVERAGE_ID, 3, 4):
                try:
                    monitoring.use_tool_id(tool, "redpen")
                except ValueError:  # in use (coverage.py under pytest-cov): try another
                    continue
                self.tool = tool
                monitoring.register_callback(tool, monitoring.events.PY_START, self._start)
                monitoring.register_callback(tool, monitoring.events.LINE, self._line)
                break

    def key(self, code) -> str | None:
        if code not in self.keys:
            rel = _relative(code.co_filename)
            name = getattr(code, "co_qualname", code.co_name)
            own = bool(rel) and not _is_test_file(rel)
            self.keys[code] = f"{rel}:{name}" if own else None
            if own:
                self.files[code] = rel
        return self.keys[code]

    def _start(self, code, offset):
        key = self.key(code)
        if key:
            self.current.add(key)
        return sys.monitoring.DISABLE

    def _line(self, code, line):
        key = self.key(code)
        if key:
            self.lines.setdefault(self.files[code], set()).add(line)
        return sys.monitoring.DISABLE

    def _trace(self, frame, event, arg):
        if event == "call":
            key = self.key(frame.f_code)
            if key:
                self.current.add(key)
                return self._local
        return None  # no line events outside the tree's own code

    def _local(self, frame, event, arg):
        if event == "line":
            self.lines.setdefault(self.files[frame.f_code], set()).add(frame.f_lineno)
        return self._local

    def begin(self) -> None:
        self.current, self.lines = set(), {}
        if self.tool is not None:
            sys.monitoring.set_events(self.tool, sys.monitoring.events.PY_START | sys.monitoring.events.LINE)
            sys.monitoring.restart_events()
        else:
            import threading

            threading.settrace(self._trace)
            sys.settrace(self._trace)

    def end(self) -> tuple[set[str], dict[str, set[int]]]:
        if self.tool is not None:
            sys.monitoring.set_events(self.tool, 0)
        else:
            import threading

            sys.settrace(None)
            threading.settrace(None)  # type: ignore[arg-type]
        return self.current, self.lines


_coverage = _Coverage() if os.environ.get("REDPEN_COVERAGE") == "1" else None


def pytest_configure(config) -> None:
    global _select
    # a fresh session's state: the in-process worker (worker.py) runs one session after another in this process
    _results.clear()
    _errors.clear()
    _covered.clear()
    _lines.clear()
    _select = None
    path = os.environ.get("REDPEN_SELECT")
    if path:
        with open(path, encoding="utf-8") as file:
            _select = {line.rstrip("\n") for line in file if line.strip()}


def pytest_collection_modifyitems(session, config, items) -> None:
    if _select is None:
        return
    kept = [item for item in items if item.nodeid in _select or item.nodeid.split("::")[0] in _select]
    gone = {id(item) for item in items} - {id(item) for item in kept}
    config.hook.pytest_deselected(items=[item for item in items if id(item) in gone])
    items[:] = kept


def pytest_collectreport(report) -> None:
    if report.failed:
        text = str(report.longrepr).strip().splitlines()
        said = [line[1:].strip() for line in text if line.startswith("E ")] or text[-1:] or ["collection error"]
        _errors.append(f"{report.nodeid or '.'}: {said[-1]}")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    random.seed(f"{os.environ.get('REDPEN_SEED', '0')}:{item.nodeid}")
    cls = getattr(item, "cls", None)
    if isinstance(cls, type) and issubclass(cls, unittest.TestCase):
        # unittest's subTest goes on past a failing subtest unless the result (pytest's item) says failfast. A test
        # is one outcome here, decided by its first failure, and a mutant that fails every one of hundreds of
        # subtests would otherwise pay for a failure report of each: seconds per kill check.
        item.failfast = True
    if _coverage is not None:
        _coverage.begin()
    try:
        yield
    finally:
        if _coverage is not None:
            _covered[item.nodeid], _lines[item.nodeid] = _coverage.end()


def _deepest_in_project(tb, test_file: str) -> bool:
    """Whether the deepest frame lies in the tree's own code. The failing test's own module is test code whatever
    its name (a project's tests may live in `test.py`, which pytest collects through its python_files setting)."""
    last = None
    while tb is not None:
        last = tb.tb_frame.f_code.co_filename
        tb = tb.tb_next
    rel = _relative(last) if last else None
    return bool(rel) and not _is_test_file(rel) and os.path.realpath(last) != os.path.realpath(test_file)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    nodeid = item.nodeid
    entry = _results.setdefault(nodeid, {"outcome": "passed", "phase": "call", "exception": "", "in_project": False,
                                         "message": "", "seconds": 0.0})
    entry["seconds"] += report.duration  # setup, call and teardown
    if report.skipped and entry["outcome"] == "passed":
        entry.update(outcome="skipped", phase=report.when)
    if report.failed and entry["outcome"] in ("passed", "skipped"):
        excinfo = call.excinfo
        name = excinfo.type.__name__ if excinfo is not None else ""
        first = str(excinfo.value).strip().splitlines()[:1] if excinfo is not None else []
        entry.update(outcome="failed" if report.when == "call" else "error", phase=report.when, exception=name,
                     in_project=_deepest_in_project(excinfo.tb, str(item.path)) if excinfo is not None else False,
                     message=f"{name}: {first[0]}" if first else name)


def _tree_packages() -> set[str]:
    """The top-level modules the tree itself provides (in its root and in src/)."""
    names = set()
    for base in (_ROOT, os.path.join(_ROOT, "src")):
        if not os.path.isdir(base):
            continue
        for name in os.listdir(base):
            path = os.path.join(base, name)
            if name.endswith(".py") and name not in ("setup.py", "conftest.py", "noxfile.py"):
                names.add(name[:-3])
            elif os.path.isfile(os.path.join(path, "__init__.py")) and name not in _TEST_DIRS:
                names.add(name)
    return names


def _shadowed() -> str | None:
    """A module of the tree's own imported from a file outside it: 'pkg from /site-packages/pkg/__init__.py'."""
    for name in sorted(_tree_packages()):
        module = sys.modules.get(name)
        where = getattr(module, "__file__", None)
        if where and not os.path.realpath(where).startswith(_ROOT + os.sep):
            return f"{name} from {where}"
    return None


def pytest_sessionfinish(session, exitstatus) -> None:
    path = os.environ.get("REDPEN_REPORT")
    if not path:
        return
    data = {"outcomes": _results, "collection_errors": _errors, "shadowed": _shadowed(),
            "covered": {k: sorted(v) for k, v in _covered.items()},
            "lines": {k: {rel: sorted(v) for rel, v in files.items()} for k, files in _lines.items()}}
    with open(path, "w", encoding="utf-8") as file:
        json.dump(data, file)
