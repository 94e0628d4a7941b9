"""Which commits are candidate fixes: a commit F that changes test files and source files together, within the
size limits, and no dependency or packaging file. Each rejected commit gets one reason (REASONS).

Which files are tests is pytest's answer, as in mutate (generate/project_files.py): the files pytest collects at
the walked head, its testpaths, and (for files that no longer exist there) pytest's default names
(test_*.py, *_test.py) and conftest.py."""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass

from redpen_bench.generate.project_files import NOT_SOURCE_DIRS, NOT_SOURCE_FILES, Collection, not_project
from redpen_bench.harvest.git import Commit

# every outcome a walked commit can have, in the summary's order; "kept" is an item
REASONS = {
    "kept": "an item: its tests fail at P inside the project's behaviour and pass at F, every time",
    "root commit": "no parent to compare with",
    "no python change": "changes no .py file",
    "dependency file": "changes a dependency or packaging file (its tests may need another environment)",
    "too large": "more changed lines or files than --max-lines / --max-files",
    "not tests and code": "changes tests only, or code only: nothing verifies a fix",
    "several source files": "changes more than one source file: an item is one module",
    "feature": "changes no line inside an existing function (only adds functions or module-level code)",
    "test needs fix": "its tests fail at P only because they refer to something F adds (an import, a name, a "
                      "parameter, a fixture), or at collection",
    "passes before": "its tests already pass at P: they do not show a defect",
    "flaky": "its tests' outcomes differ between runs of the same tree",
    "does not run at P": "the tests cannot run at P in this environment",
    "does not run at F": "the tests F changes do not all pass at F in this environment",
    "no honest excerpt": "the fix's lines cannot be shown in one self-contained excerpt with its ground truth",
}
# dependency and packaging files: a fix that changes one may need an environment the walked head's lacks
DEPENDENCY_FILES = ("setup.py", "setup.cfg", "pyproject.toml", "requirements*.txt", "requirements/*", "Pipfile",
                    "Pipfile.lock", "poetry.lock", "uv.lock", "pdm.lock", "constraints*.txt", "environment.yml",
                    "environment.yaml", "tox.ini", "noxfile.py", "MANIFEST.in")
DEFAULT_TEST_NAMES = ("test_*.py", "*_test.py", "conftest.py")


@dataclass(frozen=True)
class Limits:
    max_lines: int = 200  # changed lines (added + deleted), tests included
    max_files: int = 10


@dataclass(frozen=True)
class Candidate:
    commit: Commit
    tests: tuple[str, ...]  # test files F changes (present at F)
    source: str  # the one source file F changes


def is_test(path: str, collection: Collection) -> bool:
    name = path.rsplit("/", 1)[-1]
    return (path in collection.tests or any(path.startswith(d.rstrip("/") + "/") for d in collection.test_dirs)
            or any(fnmatch.fnmatchcase(name, p) for p in DEFAULT_TEST_NAMES))


def is_dependency(path: str) -> bool:
    name = path.rsplit("/", 1)[-1]
    return any(fnmatch.fnmatchcase(path, p) or fnmatch.fnmatchcase(name, p) for p in DEPENDENCY_FILES)


def is_source(path: str) -> bool:
    parts = path.split("/")
    return (path.endswith(".py") and parts[-1] not in NOT_SOURCE_FILES
            and not any(p in NOT_SOURCE_DIRS or p.startswith(".") or not_project(p) for p in parts[:-1]))


def classify(commit: Commit, collection: Collection, limits: Limits) -> Candidate | str:
    """The candidate, or the reason it is none."""
    if commit.parent is None:
        return "root commit"
    paths = [c.path for c in commit.changes]
    if not any(p.endswith(".py") for p in paths):
        return "no python change"
    if any(is_dependency(p) for p in paths):
        return "dependency file"
    lines = sum(max(c.added, 0) + max(c.deleted, 0) for c in commit.changes)
    if lines > limits.max_lines or len(paths) > limits.max_files:
        return "too large"
    tests = tuple(p for p in paths if p.endswith(".py") and is_test(p, collection))
    sources = [p for p in paths if is_source(p) and p not in tests]
    if not any(t.rsplit("/", 1)[-1] != "conftest.py" for t in tests) or not sources:
        return "not tests and code"
    if len(sources) > 1:
        return "several source files"
    return Candidate(commit, tests, sources[0])
