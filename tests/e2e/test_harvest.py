"""`redpen-bench harvest` on a repository built here, one commit per case (real git, real pytest): a true fix and
a fix on a merged branch are kept; a feature, a fix whose test fails at P by ImportError, a flaky fix, a fix that
changes a dependency file, a too-large fix, a docs-only commit and the root commit are each rejected, by name.
The repository is never modified; the output passes `verify` with no flag and `compare` runs on it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
import rtoml

from tests.e2e.harvest_helpers import build
from tests.e2e.mutate_helpers import cli, tree_digest

EXPECTED = {"kept": 2, "root commit": 1, "no python change": 1, "dependency file": 1, "too large": 1,
            "feature": 1, "test needs fix": 1, "flaky": 1}


@pytest.fixture(scope="module")
def harvested(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("harvest")
    repo = tmp / "repo"
    commits = build(repo, tmp / "counter")
    before = tree_digest(repo)
    out = tmp / "fixes"
    made = cli("harvest", str(repo), "--out", str(out), "--jobs", "2")
    return repo, commits, before, out, made


def test_each_commit_gets_its_outcome(harvested):
    _, commits, _, out, made = harvested
    assert made.returncode == 0, made.stderr
    assert made.stdout.strip().splitlines()[-1] == str(out)
    meta = rtoml.load(out / "corpus.toml")
    assert meta["harvested"]["counts"] == EXPECTED
    assert meta["harvested"]["errors"]["test needs fix"] == {"ImportError": 1}
    assert meta["harvested"]["head"] == commits["merge"]
    assert meta["canary"].startswith("REDPEN-BENCH CANARY GUID ")
    # named as the project names itself (pyproject.toml), not after the checkout folder; no licence found, and said
    assert (meta["name"], meta["license"]) == ("pkg-fixes", "")
    assert "corpus name 'pkg-fixes' (from pyproject.toml [project].name" in made.stdout + made.stderr
    assert meta["code_style"]["ruff"]["lint"]["isort"]["known-first-party"] == ["pkg"]  # linted as mutate's are
    items = {t["provenance"]["fix"]: t for t in (rtoml.load(p) for p in sorted(out.glob("items/*/item.toml")))}
    assert set(items) == {commits["fix"], commits["merged"]}  # the merged branch's fix is walked through its branch
    fix = items[commits["fix"]]
    assert fix["provenance"]["f2p_tests"] == ["tests/test_calc.py::test_clamp_high"]
    assert fix["provenance"]["parent"] == commits["root"]
    assert fix["provenance"]["date"].startswith("2024-01-03")
    assert fix["tier"] == "one-line" and fix["operators"] == ["OTHER"]
    original = (out / "items" / fix["id"] / "original.py").read_text().splitlines()
    assert [original[n - 1].strip() for n in fix["variants"]["original"]["lines"]] == ["return lo"]
    assert not fix["provenance"]["project"].startswith("/")


def test_the_repository_is_unchanged(harvested):
    repo, _, before, _, made = harvested
    assert made.returncode == 0, made.stderr
    assert tree_digest(repo) == before  # its files, .git (refs, index, objects, worktrees) included


def test_verify_passes_with_no_flags_and_compare_runs(harvested, tmp_path):
    _, _, _, out, _ = harvested
    checked = cli("verify", "--corpus", str(out))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "2/2 killable" in checked.stdout
    compared = cli("compare", "--corpus", str(out), "--analyzers", "ruff", "--out", str(tmp_path / "reports"),
                   "--runs", str(tmp_path / "runs"), "--no-cache")
    assert compared.returncode == 0, compared.stderr
    report = next((tmp_path / "reports").glob("*/report.md")).read_text()
    assert "harvested from repo, fixes dated 2024-01-03 to 2024-01-10" in report


def test_since_keeps_only_later_fixes(harvested, tmp_path):
    repo, commits, _, _, _ = harvested
    out = tmp_path / "late"
    made = cli("harvest", str(repo), "--out", str(out), "--since", "2024-01-05", "--jobs", "1", "--repeat", "1",
               "--name", "late-fixes", "--licence", "MIT")
    assert made.returncode == 0, made.stderr
    meta = rtoml.load(out / "corpus.toml")
    assert (meta["name"], meta["license"]) == ("late-fixes", "MIT")
    fixes = [rtoml.load(p)["provenance"]["fix"] for p in out.glob("items/*/item.toml")]
    assert fixes == [commits["merged"]]


def test_a_folder_that_is_no_harvest_is_refused(harvested, tmp_path):
    repo = harvested[0]
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    made = cli("harvest", str(repo), "--out", str(out))
    assert made.returncode == 2 and "Traceback" not in made.stderr
    assert "not an earlier output of harvest" in made.stderr
    assert (out / "notes.txt").read_text() == "mine"


def test_sigterm_leaves_nothing_behind(harvested, tmp_path):
    repo, _, before, _, _ = harvested
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    out = tmp_path / "out"
    env = os.environ | {"TMPDIR": str(tmpdir), "PYTHONPATH": os.getcwd()}
    proc = subprocess.Popen([sys.executable, "-m", "redpen_bench", "harvest", str(repo), "--out", str(out),
                             "--jobs", "2"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not any(tmpdir.glob("redpen-harvest-*")) and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 128 + signal.SIGTERM, err
    assert "terminated" in err and "Traceback" not in err
    assert not out.exists() and not list(tmp_path.glob(".out.tmp-*"))
    assert list(tmpdir.iterdir()) == []
    assert tree_digest(repo) == before


def test_mutate_from_corpus_refuses_items_that_rerun_a_project(harvested, tmp_path):
    out = harvested[3]
    made = cli("mutate", "--from-corpus", str(out), "--out", str(tmp_path / "gen"))
    assert made.returncode == 2 and "Traceback" not in made.stderr
    assert "re-run a project's own tests" in made.stderr and not (tmp_path / "gen").exists()
