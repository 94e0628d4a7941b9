"""Project mode's files: which of a project's files are sources to mutate, and which tests a run failed.

Which files are tests is pytest's answer, not a guess from names: a small plugin run with `--collect-only` in a
copy of the project reports every file holding a test pytest collects (whatever python_files, testpaths,
rootdir and conftest say, in pytest.ini, pyproject.toml, setup.cfg or tox.ini) and the project's testpaths.
Reimplementing pytest's rules would drift from the pytest that runs the suite; asking it costs one collection.
A file pytest collects is never a source, even when --source matches it (its mutants would kill themselves). By
default neither are conftest.py, build scripts (setup.py, noxfile.py, fabfile.py), what lies under the
testpaths (in a testpath that is a package, under the folders that hold its collected tests), test, docs,
example and benchmark folders, nor virtualenvs and build output."""

from __future__ import annotations

import fnmatch
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from redpen_bench.errors import InputError
from redpen_bench.generate.units import Unit

# What is no part of a project: its tools' and environments' folders and the files a run rebuilds (shell patterns,
# as shutil.ignore_patterns takes them). The one list of them: never a source, never copied into a check's scratch
# copy of the project (project_baseline.copy_project), never searched for outputs of mutate (a folder the search
# skips must be one that is not copied, or an output there would join the copied suite). Its repr is written into
# every project item's test_item.py, which `verify` copies the project with: a change changes project-mode output.
NOT_PROJECT = (".git", "__pycache__", "*.pyc", ".pytest_cache", ".venv", "venv", ".tox", "node_modules",
               ".mypy_cache", ".ruff_cache")
# Folders whose files are not sources by default, besides NOT_PROJECT and hidden folders. These are copied on
# purpose: the suite needs its tests and test helpers, and may read docs, examples or build output; only what
# they hold is not the code under test. .nox and site-packages are environments like .tox and .venv, but
# NOT_PROJECT leaves them out: moving them there would change every project item's test_item.py.
NOT_SOURCE_DIRS = {".nox", "build", "dist", "tests", "test", "testing", "docs", "doc", "examples", "example",
                   "fabfile", "site-packages", "bench", "benchmark", "benchmarks"}
NOT_SOURCE_FILES = {"conftest.py", "setup.py", "noxfile.py", "fabfile.py"}
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
# pytest -rfE's short summary: "FAILED tests/test_x.py::test_y[a b] - AssertionError: ..." (" - " and the
# message are absent for some failures, and an id may hold spaces inside its brackets)
_FAILED = re.compile(r"^(?:FAILED|ERROR) (.+?)(?: - .*)?$", re.MULTILINE)
_MARK = "REDPEN-COLLECTED "

# run as `python -c COLLECT --collect-only ...` in the copy: pytest.main with an in-process plugin (no file is
# added to the project); prints one marked JSON line
COLLECT = r"""
import json, os, sys
import pytest

class Collected:
    config = None
    def __init__(self):
        self.files, self.errors = set(), []
    def pytest_configure(self, config):
        self.config = config
    def pytest_collectreport(self, report):
        if report.failed:
            lines = report.longreprtext.strip().splitlines()
            self.errors.append(f"{report.nodeid}: {lines[-1] if lines else 'collection error'}")
    def pytest_collection_modifyitems(self, session, config, items):
        self.files.update(os.path.relpath(item.path) for item in items if isinstance(item, pytest.Function))

found = Collected()
status = pytest.main(sys.argv[1:], plugins=[found])
config = found.config
print("\n%s" % MARK + json.dumps({
    "status": int(status), "files": sorted(found.files), "errors": found.errors,
    "testpaths": list(config.getini("testpaths")) if config else [],
    "rootdir": os.path.relpath(config.rootpath) if config else ".",
}))
""".replace("MARK", repr(_MARK))


@dataclass(frozen=True)
class Collection:
    tests: frozenset[str]  # files holding a test pytest collects, relative to the project
    # the testpaths, relative to the project ("" never: the root is not a test folder); for a testpath that is a
    # package, the folders in it that hold collected tests
    test_dirs: tuple[str, ...]


def collect_command(python: Path, tests: tuple[str, ...]) -> list[str]:
    return [str(python), "-c", COLLECT, "--collect-only", "-q", "-p", "no:cacheprovider", "--color=no", *tests]


def parse_collection(root: Path, status: int | None, output: str) -> Collection:
    """The collection's answer, or a one-line error naming what pytest could not collect."""
    line = next((t for t in reversed(output.splitlines()) if t.startswith(_MARK)), None)
    if status is None:
        raise InputError(f"{root}: pytest --collect-only did not finish within its time limit")
    if line is None:
        last = strip_ansi(output).strip().splitlines()[-1:] or [f"exit status {status}"]
        raise InputError(f"{root}: the test suite cannot be collected (python -m pytest --collect-only): {last[0]}")
    found = json.loads(line[len(_MARK):])
    if found["errors"] or found["status"] not in (0, 5):
        said = "; ".join(found["errors"]) or f"pytest exit status {found['status']}"
        raise InputError(f"{root}: the test suite fails on the unmodified project (python -m pytest "
                         f"--collect-only): {said}")
    if not found["files"]:
        raise InputError(f"{root}: pytest collects no test from the project (python -m pytest --collect-only): "
                         "no test can kill a mutant")
    rootdir = Path(found["rootdir"])
    files = frozenset(Path(f).as_posix() for f in found["files"])
    dirs = []
    for pattern in found["testpaths"]:
        for path in sorted(root.glob((rootdir / pattern).as_posix())) or [root / rootdir / pattern]:
            rel = Path(os.path.relpath(path, root)).as_posix()
            if rel in ("", ".") or rel.startswith(".."):
                continue
            if (path / "__init__.py").is_file():
                # the package itself (toolz: testpaths = ["toolz"], its tests in toolz/tests/): only the folders
                # that hold its collected tests are test folders, or no module of the package would be a source
                dirs += sorted({f.rsplit("/", 1)[0] for f in files if f.startswith(rel + "/")})
            else:
                dirs.append(rel)
    return Collection(files, tuple(dict.fromkeys(dirs)))


def not_project(name: str) -> bool:
    """A file or folder name NOT_PROJECT matches."""
    return any(fnmatch.fnmatchcase(name, pattern) for pattern in NOT_PROJECT)


def _under(rel: str, folders) -> bool:
    return any(rel == f or rel.startswith(f + "/") for f in folders)


def is_default_source(rel: str, collection: Collection, tests: tuple[str, ...]) -> bool:
    """Without --source: a .py file that is no test, test helper, build script, doc or example (a path through a
    NOT_PROJECT folder never gets here: project_units leaves it out first, --source or not)."""
    parts = rel.split("/")
    test_paths = tuple(t.split("::")[0].rstrip("/") for t in tests)
    return not (rel in collection.tests or parts[-1] in NOT_SOURCE_FILES
                or any(p in NOT_SOURCE_DIRS or p.startswith(".") for p in parts[:-1])
                or _under(rel, collection.test_dirs) or _under(rel, test_paths))


def project_units(root: Path, globs: tuple[str, ...], tests: tuple[str, ...], collection: Collection,
                  outputs: frozenset[str] | set[str] = frozenset()) -> list[Unit]:
    """The files to mutate: those matching --source, else the default sources; never a file pytest collects, nor
    one inside `outputs` (folders below `root` that are outputs of mutate) or a NOT_PROJECT folder."""
    units, collected = [], []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if _under(rel, outputs) or any(not_project(part) for part in rel.split("/")[:-1]):
            continue  # never copied into a check's copy of the project, so never checked there
        if globs and not any(fnmatch.fnmatchcase(rel, g) for g in globs):
            continue
        if rel in collection.tests or path.name == "conftest.py":
            collected.append(rel)
            continue
        if not globs and not is_default_source(rel, collection, tests):
            continue
        slug = re.sub(r"[^A-Za-z0-9]+", "-", rel.removesuffix(".py")).strip("-").lower()
        units.append(Unit(rel, path, slug))
    if not units:
        tested = f" (only test files pytest collects: {', '.join(collected[:3])})" if collected else ""
        raise InputError(f"{root}: --source {list(globs) or 'default'}: no Python source files to mutate{tested}")
    return units


def strip_ansi(text: str) -> str:
    """pytest's output without colour codes (a project's addopts may force --color=yes)."""
    return _ANSI.sub("", text)


def failed_tests(output: str) -> tuple[str, ...]:
    """The test ids of pytest -rfE's short summary, sorted."""
    return tuple(sorted({m.strip() for m in _FAILED.findall(strip_ansi(output))}))
