"""The project-test runner (redpen_bench/project_tests) on a real src-layout project of its own
(tests/fixtures/runner_project), run by a real interpreter: a throwaway venv made for the project in tmp_path
(without pip: a .pth gives it this environment's pytest), so that which interpreter ran is visible."""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from redpen_bench.errors import InputError
from redpen_bench.project_tests.interpreter import project_python
from redpen_bench.project_tests.runner import Settings, run

FIXTURE = Path(__file__).parents[1] / "fixtures" / "runner_project"
STRICT = (("RPCALC_MODE", "strict"),)
ADD = "tests/test_core.py::test_add"
RANDOM = "tests/test_core.py::test_unseeded_random"


def make_venv(folder: Path, with_pytest: bool = True) -> Path:
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    python = folder / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    if with_pytest:  # this environment's packages, after the venv's own (as an installed dependency would be)
        Path(site, "redpen-test-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    return python


@pytest.fixture
def project(tmp_path: Path) -> Path:
    copy = tmp_path / "project"
    shutil.copytree(FIXTURE, copy)
    make_venv(copy / ".venv")
    return copy


def site_packages(python: Path) -> Path:
    return Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               check=True, capture_output=True, text=True).stdout.strip())


def test_the_projects_own_venv_runs_its_suite_with_its_env(project: Path, tmp_path: Path):
    python = project_python(project, None)
    assert python == project / ".venv" / "bin" / "python"
    record = tmp_path / "ran-with.txt"
    result = run(Settings(python, env=(*STRICT, ("RPCALC_RECORD", str(record)))), project)
    assert result.passed, result.summary()
    assert record.read_text(encoding="utf-8").split() == [str(python)]
    assert {ADD, RANDOM, "tests/test_core.py::test_mode_needs_env"} <= set(result.outcomes)


def test_a_missing_env_variable_fails_the_test_that_needs_it(project: Path):
    result = run(Settings(project_python(project, None)), project)
    assert result.failed == ("tests/test_core.py::test_mode_needs_env",)
    failed = result.outcomes["tests/test_core.py::test_mode_needs_env"]
    assert (failed.outcome, failed.phase, failed.exception, failed.in_project) == ("failed", "call",
                                                                                   "AssertionError", False)
    assert failed.message.startswith("AssertionError: run with RPCALC_MODE=strict")


def test_an_unseeded_random_test_draws_the_same_whichever_tests_run(project: Path, tmp_path: Path):
    draws = tmp_path / "draws.txt"
    settings = Settings(project_python(project, None), env=(*STRICT, ("RPCALC_DRAWS", str(draws))))
    for tests in ((), (RANDOM,), ()):
        assert run(settings, project, tests).passed
    first, *others = draws.read_text(encoding="utf-8").split()
    assert others == [first, first]


def test_collection_errors_carry_their_real_text(project: Path):
    (project / "tests" / "test_broken.py").write_text("import nosuchmodule_rp\n", encoding="utf-8")
    result = run(Settings(project_python(project, None), env=STRICT), project)
    assert not result.passed
    assert "tests/test_broken.py: ModuleNotFoundError: No module named 'nosuchmodule_rp'" in result.problem()


def test_a_python_without_pytest_is_named_with_what_it_said(tmp_path: Path, project: Path):
    bare = make_venv(tmp_path / "bare", with_pytest=False)
    result = run(Settings(bare), project)
    assert not result.passed
    assert f"{bare} -m pytest" in result.problem() and "No module named pytest" in result.problem()


def test_the_tree_comes_before_an_installed_copy(project: Path, tmp_path: Path):
    installed = tmp_path / "installed"
    (installed / "rpcalc").mkdir(parents=True)
    (installed / "rpcalc" / "__init__.py").write_text("def add(a, b):\n    return 0\n", encoding="utf-8")
    python = project_python(project, None)
    (site_packages(python) / "rpcalc.pth").write_text(f"{installed}\n", encoding="utf-8")
    result = run(Settings(python, env=STRICT), project)
    assert result.passed and result.shadowed is None, result.summary()


def test_an_installed_copy_put_first_anyway_is_named(project: Path, tmp_path: Path):
    installed = tmp_path / "installed"
    (installed / "rpcalc").mkdir(parents=True)
    (installed / "rpcalc" / "__init__.py").write_text("def add(a, b):\n    return a + b\n", encoding="utf-8")
    python = project_python(project, None)
    # an old-style easy-install .pth: it puts its folder before everything, PYTHONPATH included
    (site_packages(python) / "rpcalc.pth").write_text(f"import sys; sys.path.insert(0, {str(installed)!r})\n",
                                                      encoding="utf-8")
    result = run(Settings(python, env=STRICT), project, (ADD,))
    assert result.shadowed == f"rpcalc from {installed / 'rpcalc' / '__init__.py'}"
    assert "installed copy of the project (rpcalc from" in result.problem()


def test_an_exception_raised_in_the_projects_code_is_in_project(project: Path):
    core = project / "src" / "rpcalc" / "core.py"
    core.write_text(core.read_text(encoding="utf-8").replace("return a + b", "return a / 0"), encoding="utf-8")
    result = run(Settings(project_python(project, None), env=STRICT), project, (ADD,), exitfirst=True)
    failed = result.outcomes[ADD]
    assert (failed.outcome, failed.exception, failed.in_project) == ("failed", "ZeroDivisionError", True)
    assert set(result.outcomes) == {ADD}


def test_an_exception_raised_in_a_test_module_of_any_name_is_not_in_project(project: Path):
    # python-slugify keeps its tests in test.py: a TypeError raised by the test itself is no failure of the project
    config = project / "pyproject.toml"
    config.write_text(config.read_text(encoding="utf-8") + 'python_files = ["test.py", "test_*.py"]\n',
                      encoding="utf-8")
    test = "def test_calls_with_a_new_argument():\n    raise TypeError('unexpected keyword')\n"
    (project / "test.py").write_text(test, encoding="utf-8")
    result = run(Settings(project_python(project, None), env=STRICT), project, ("test.py",))
    failed = result.outcomes["test.py::test_calls_with_a_new_argument"]
    assert (failed.outcome, failed.exception, failed.in_project) == ("failed", "TypeError", False)


def test_coverage_names_the_functions_each_test_ran(project: Path):
    result = run(Settings(project_python(project, None), env=STRICT), project, coverage=True)
    assert "src/rpcalc/core.py:add" in result.covered[ADD]
    assert "src/rpcalc/core.py:pick" not in result.covered[ADD]
    assert "src/rpcalc/core.py:pick" in result.covered[RANDOM]
    assert not any(key.startswith("tests/") for keys in result.covered.values() for key in keys)


def test_a_given_python_that_is_not_one_is_refused_by_name(tmp_path: Path):
    with pytest.raises(InputError, match=r"--python .*nowhere/python: not an executable file"):
        project_python(tmp_path, tmp_path / "nowhere" / "python")


def test_the_worker_imports_the_file_as_it_is_now_and_survives_a_hang(project: Path):
    from redpen_bench.project_tests.worker import open_worker

    settings = Settings(project_python(project, None), env=STRICT)
    worker = open_worker(settings, project, (ADD, RANDOM), 60)
    assert worker is not None
    core = project / "src" / "rpcalc" / "core.py"
    source = core.read_text(encoding="utf-8")
    try:
        core.write_text(source.replace("return a + b", "return a - b"), encoding="utf-8")
        killed = worker.run((ADD, RANDOM), 60, exitfirst=True)
        assert killed.failed == (ADD,) and killed.outcomes[ADD].exception == "AssertionError"
        core.write_text(source.replace("return a + b", "while True:\n        pass"), encoding="utf-8")
        hung = worker.run((ADD,), 2)
        assert hung.timed_out
        core.write_text(source, encoding="utf-8")
        assert worker.run((ADD, RANDOM), 60).passed  # a fresh worker, started for this request
    finally:
        worker.close()


def test_a_unittest_test_stops_at_its_first_failing_subtest(project: Path, tmp_path: Path):
    """Its outcome is decided there: a mutant failing each of hundreds of subtests must not pay for a report of
    each (tomli's test_valid has 744)."""
    ran = tmp_path / "subtests.txt"
    (project / "tests" / "test_many.py").write_text(
        "import os, unittest\n\n"
        "class TestMany(unittest.TestCase):\n"
        "    def test_cases(self):\n"
        "        for i in range(50):\n"
        "            with self.subTest(case=i):\n"
        "                with open(os.environ['RPCALC_SUBTESTS'], 'a') as f:\n"
        "                    f.write(f'{i}\\n')\n"
        "                self.assertLess(i, 3, 'the fourth case fails, and every later one')\n", encoding="utf-8")
    result = run(Settings(project_python(project, None), env=(*STRICT, ("RPCALC_SUBTESTS", str(ran)))), project,
                 ("tests/test_many.py",))
    assert result.failed == ("tests/test_many.py::TestMany::test_cases",)
    assert "the fourth case fails" in result.outcomes["tests/test_many.py::TestMany::test_cases"].message
    assert ran.read_text(encoding="utf-8").split() == ["0", "1", "2", "3"]
