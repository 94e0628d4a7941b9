"""`redpen-bench mutate PROJECT`: the fixture project's own pytest suite kills the mutants."""

from __future__ import annotations

import shutil

import rtoml

from tests.e2e.mutate_helpers import ROOT, cli, read_items, tree_digest

PROJECT = ROOT / "tests" / "fixtures" / "mutate_project"


def test_project_mode_leaves_the_project_untouched_and_records_killing_tests(tmp_path):
    before = tree_digest(PROJECT)
    out = tmp_path / "gen"
    made = cli("mutate", str(PROJECT), "--out", str(out), "--source", "shop/*.py", "--jobs", "2",
               "--max-per-function", "2", "--timeout", "20")
    assert made.returncode == 0, made.stderr
    assert tree_digest(PROJECT) == before
    found = [rtoml.loads(t) for t in read_items(out).values()]
    assert len(found) >= 20  # 24 since obvious mutants are dropped by default (was 30 with them)
    first_order = [f for f in found if f["tier"] != "HOM"]
    assert all(f["provenance"]["killing_tests"] for f in first_order)
    assert all(t.startswith("checks/check_") for f in first_order for t in f["provenance"]["killing_tests"])
    assert {f["provenance"]["source"] for f in found} <= {"shop/pricing.py", "shop/inventory.py", "shop/text.py"}
    assert all(not f["provenance"]["project"].startswith("/") for f in found)


def test_a_failing_suite_is_refused(tmp_path):
    project = tmp_path / "project"
    shutil.copytree(PROJECT, project)
    check = project / "checks" / "check_text.py"
    check.write_text(check.read_text().replace('"0.05"', '"0.5"'))
    made = cli("mutate", str(project), "--out", str(tmp_path / "gen"))
    assert made.returncode == 2 and "Traceback" not in made.stderr
    assert "test suite fails" in made.stderr and str(project) in made.stderr
