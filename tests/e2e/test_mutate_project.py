"""`redpen-bench mutate PROJECT`: the fixture project's own pytest suite kills the mutants."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import rtoml

from redpen_bench.generate import pipeline
from redpen_bench.generate.pipeline import kill_units
from redpen_bench.generate.project_baseline import collect, suite_baseline
from redpen_bench.generate.project_checks import ProjectChecks
from redpen_bench.generate.project_files import project_units
from redpen_bench.generate.units import Options
from redpen_bench.project_tests.runner import Settings
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


def test_files_checked_in_parts_kill_what_they_kill_checked_whole(monkeypatch):
    """pipeline.parts_of: a big file's mutants go to several tasks, each with its own copy and session; the same
    mutants are killed (timeouts too), the same pairs made, the same tallies kept, and progress says it counts
    parts."""
    settings = Settings(Path(sys.executable), timeout=20)  # this interpreter: the fixture needs only pytest
    units = project_units(PROJECT, ("shop/*.py",), (), collect(PROJECT, settings))
    checks = ProjectChecks(PROJECT, settings, suite_baseline(PROJECT, settings, 1))
    options = Options(max_per_function=3)

    def run() -> tuple[list, set[str]]:
        said: set[str] = set()
        results = kill_units(units, options, checks, 1, lambda task, *_: said.add(task))
        return [(r.unit.name, sorted((k.mutant.key, k.timed_out) for k in r.killed),
                 {op: dict(counts) for op, counts in r.counts.items()}) for r in results], said

    whole, said_whole = run()
    monkeypatch.setattr(pipeline, "PART_LINES", 8)
    monkeypatch.setattr(pipeline, "DOMINANT", 0.0)  # every file split, though none holds most of the lines
    assert pipeline.parts_of(units) == [1, 4, 4, 4]  # shop/__init__.py is one line
    split, said_split = run()
    assert split == whole and any(any(op == "HOM" for op in counts) for _, _, counts in whole)
    assert (said_whole, said_split) == ({pipeline.UNITS}, {pipeline.PARTS})
