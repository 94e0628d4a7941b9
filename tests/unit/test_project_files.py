"""Project mode's files: pytest's short summary, coloured or not, parsed for the failing tests; which files are
sources, and what a check's copy of the project holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from redpen_bench.generate.project_baseline import copy_project, mutate_outputs
from redpen_bench.generate.project_files import (
    NOT_PROJECT,
    Collection,
    failed_tests,
    not_project,
    project_units,
    strip_ansi,
)

# what pytest -rfE printed for a project whose addopts force --color=yes (python-slugify's shape)
COLOURED = ("\x1b[36m\x1b[1m=========================== short test summary info ============================\x1b[0m\n"
            "\x1b[31mFAILED\x1b[0m test.py::\x1b[1mtest_entities\x1b[0m - AttributeError: 'function' object\n"
            "\x1b[31mFAILED\x1b[0m test.py::\x1b[1mtest_max_length\x1b[0m - AssertionError: assert 'a' == 'b'\n"
            "\x1b[31m\x1b[31m\x1b[1m2 failed\x1b[0m, \x1b[32m6 passed\x1b[0m\x1b[31m in 3.65s\x1b[0m\x1b[0m\n")


def test_coloured_summary_names_the_failing_tests():
    assert failed_tests(COLOURED) == ("test.py::test_entities", "test.py::test_max_length")
    assert strip_ansi(COLOURED).splitlines()[-1] == "2 failed, 6 passed in 3.65s"


def test_ids_with_spaces_errors_and_bare_lines():
    out = ("FAILED tests/test_a.py::test_x[a b] - assert 1 == 2\n"
           "ERROR tests/test_b.py - ImportError: no module\n"
           "FAILED tests/test_c.py::test_y\n")
    assert failed_tests(out) == ("tests/test_a.py::test_x[a b]", "tests/test_b.py", "tests/test_c.py::test_y")


def _project(root: Path) -> Path:
    """A project with a source, a test, a mutate output and a .py file in every folder NOT_PROJECT names."""
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "calc.py").write_text("def add(a, b):\n    return a + b\n")
    (root / "tests").mkdir()
    (root / "tests" / "test_calc.py").write_text(
        "from pkg.calc import add\n\ndef test_add():\n    assert add(1, 2) == 3\n")
    for pattern in NOT_PROJECT:
        folder = root / "pkg" / pattern.replace("*", "cached")
        folder.mkdir()
        (folder / "vendored.py").write_text("def sub(a, b):\n    return a - b\n")
    out = root / "pkg" / "gen"
    out.mkdir()
    (out / "corpus.toml").write_text('name = "gen"\n\n[generated]\nmode = "project"\n')
    (out / "test_item.py").write_text("def test_nothing():\n    pass\n")
    return root


@pytest.mark.parametrize("globs", [(), ("**/*.py", "*.py")], ids=["default", "every-py-file"])
def test_every_source_is_in_a_checks_copy_of_the_project(tmp_path, globs):
    """A check runs on a copy of the project: a file selected as a source in a folder the copy leaves out could not
    be checked (the checker reads it from the copy). The folders copy_project leaves out, those the search for
    outputs of mutate skips and those no source comes from are one list, project_files.NOT_PROJECT."""
    root = _project(tmp_path / "project")
    copy = copy_project(root, tmp_path / "copy")
    outputs = mutate_outputs(root)
    units = project_units(root, globs, (), Collection(frozenset({"tests/test_calc.py"}), ()), outputs)
    assert [unit.name for unit in units] == ["pkg/calc.py"]
    assert all((copy / unit.name).is_file() for unit in units)
    copied = {path.relative_to(copy).as_posix() for path in copy.rglob("*")}
    assert outputs == {"pkg/gen"} and not any(name.startswith("pkg/gen") for name in copied)
    assert not [name for name in copied if any(not_project(part) for part in name.split("/"))]
    assert "tests/test_calc.py" in copied  # a folder that holds no sources is still copied: the suite needs it
