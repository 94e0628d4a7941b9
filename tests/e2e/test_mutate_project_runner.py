"""`mutate PROJECT` through the project-test runner, on tests/fixtures/runner_project (src layout, its own pytest
pythonpath, a test that needs an environment variable, an unseeded random test, a test that alternates): the
environment given with --env reaches every run and is recorded, a flaky test never kills, item ids come from
the mutant, and the same command twice gives the same corpus, which verify passes."""

from __future__ import annotations

import filecmp
import shutil
import sys

import rtoml

from tests.e2e.mutate_helpers import ROOT, cli, read_items

PROJECT = ROOT / "tests" / "fixtures" / "runner_project"
FLAGS = ("--env", "RPCALC_MODE=strict", "--jobs", "1", "--timeout", "20")


def same_tree(a, b) -> bool:
    compared = filecmp.dircmp(a, b)
    if compared.left_only or compared.right_only or compared.diff_files or compared.funny_files:
        return False
    return all(same_tree(a / d, b / d) for d in compared.common_dirs)


def test_env_recorded_flaky_never_kills_same_corpus_twice_and_verify_passes(tmp_path):
    project = tmp_path / "project"
    shutil.copytree(PROJECT, project)
    counter = tmp_path / "counter"
    flags = (*FLAGS, "--env", f"RPCALC_COUNTER={counter}", "--python", sys.executable)
    first, second = tmp_path / "gen1", tmp_path / "gen2"
    for out in (first, second):
        made = cli("mutate", str(project), "--out", str(out), *flags)
        assert made.returncode == 0, made.stderr
        assert "1 flaky tests" in made.stderr and "test_alternates_between_runs" in made.stderr
    assert same_tree(first, second)
    meta = rtoml.load(first / "corpus.toml")["generated"]["tests"]
    assert meta["env"] == ["RPCALC_MODE=strict", f"RPCALC_COUNTER={counter}"]
    assert meta["flaky"] == ["tests/test_flaky.py::test_alternates_between_runs"]
    found = [rtoml.loads(t) for t in read_items(first).values()]
    assert found and all(f["id"].startswith("g") and f["id"][1:9].isalnum() for f in found)
    assert not any("test_flaky" in t for f in found for t in f["provenance"]["killing_tests"])
    for _ in range(2):
        checked = cli("verify", "--corpus", str(first))
        assert checked.returncode == 0, checked.stdout + checked.stderr


def test_ids_do_not_depend_on_the_other_items(tmp_path):
    everything, one_file = tmp_path / "all", tmp_path / "core"
    assert cli("mutate", str(PROJECT), "--out", str(everything), *FLAGS).returncode == 0
    made = cli("mutate", str(PROJECT), "--out", str(one_file), "--source", "src/rpcalc/core.py", *FLAGS)
    assert made.returncode == 0, made.stderr
    assert set(read_items(one_file)) <= set(read_items(everything))


def test_a_suite_that_fails_without_its_env_is_refused_with_the_test_and_its_error(tmp_path):
    made = cli("mutate", str(PROJECT), "--out", str(tmp_path / "gen"), "--jobs", "1")
    assert made.returncode != 0
    assert "tests/test_core.py::test_mode_needs_env (AssertionError: run with RPCALC_MODE=strict" in made.stderr
    assert "Traceback" not in made.stderr
