"""Runs that lose nothing, and the CLI shapes other tools call."""

from __future__ import annotations

import json
import subprocess

import pytest

from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.run.folder import RunFolder
from redpen_bench.run.runner import run_reviewers
from tests.conftest import FIXTURE_CORPUS, redpen_cmd
from tests.corpus_factory import make_corpus


def cli(*args, check=True):
    proc = subprocess.run([*redpen_cmd(), *map(str, args)], capture_output=True, text=True)
    if check:
        assert proc.returncode == 0, proc.stderr
    return proc


def test_baselines_on_a_four_variant_corpus(tmp_path):
    corpus = make_corpus(tmp_path / "corpus", {"easy": 4, "medium": 3, "hard": 2})
    proc = cli("run", "--reviewer", "always-no,always-yes,oracle,random", "--corpus", corpus, "--out", tmp_path / "r")
    run_dir = proc.stdout.strip().splitlines()[-1]
    assert run_dir == str(tmp_path / "r")
    data = json.loads(cli("score", run_dir, "--corpus", corpus, "--format", "json").stdout)
    assert data["schema_version"] == 1
    assert data["corpus"]["items"] == 9 and data["corpus"]["snippets"] == 36
    reviewers = data["reviewers"]
    assert round(reviewers["always-no"]["average"], 4) == 0.1667
    assert reviewers["always-yes"]["average"] == pytest.approx(-0.5)
    assert reviewers["oracle"]["average"] == pytest.approx(1.0)
    assert set(reviewers["random"]["tiers"]) == {"easy", "medium", "hard"}
    assert set(reviewers["oracle"]["tiers"]["hard"]) == {
        "detection", "line_f1", "keyword_recall", "fpr", "score", "n_items"}


def test_default_run_folder_and_named_reviewer(tmp_path):
    proc = subprocess.run([*redpen_cmd(), "run", "-r", "fast=always-no", "--corpus", str(FIXTURE_CORPUS)],
                          capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    run_dir = tmp_path / proc.stdout.strip().splitlines()[-1]
    assert run_dir.parent.name == "runs" and run_dir.name.startswith("fixture-")
    manifest = json.loads((run_dir / "manifest.json").read_text())
    assert manifest["reviewers"]["fast"]["spec"] == "always-no"
    assert {r.reviewer for r in RunFolder(run_dir).rows()} == {"fast"}


def test_resume_after_a_kill(tmp_path, fixture_corpus):
    out = tmp_path / "r"
    run_reviewers(fixture_corpus, ["oracle"], out, ReviewOptions())
    lines = (out / "verdicts.jsonl").read_text().splitlines(keepends=True)
    # as if killed: five rows written, the sixth cut in the middle of its line
    (out / "verdicts.jsonl").write_text("".join(lines[:5]) + lines[5][: len(lines[5]) // 2])
    result = run_reviewers(fixture_corpus, ["oracle"], out, ReviewOptions())
    assert result.new_rows["oracle"] == len(lines) - 5
    rows = RunFolder(out).rows()
    assert len(rows) == len(lines)
    again = run_reviewers(fixture_corpus, ["oracle"], out, ReviewOptions())
    assert again.new_rows == {}


def test_error_rows_are_retried(tmp_path, fixture_corpus):
    out = tmp_path / "r"
    run_reviewers(fixture_corpus, ["always-no"], out, ReviewOptions())
    folder = RunFolder(out)
    first = folder.rows()[0]
    with folder.verdicts_path.open("a") as f:
        f.write(first.replace(defect=None, error="boom").to_json() + "\n")
    assert len(folder.done("always-no")) == len(fixture_corpus.snippets) - 1
    result = run_reviewers(fixture_corpus, ["always-no"], out, ReviewOptions())
    assert result.new_rows == {"always-no": 1}
    assert not any(r.error for r in folder.rows())


def test_run_folder_of_another_corpus_is_refused(tmp_path):
    other = make_corpus(tmp_path / "other", {"easy": 2})
    cli("run", "-r", "always-no", "--corpus", FIXTURE_CORPUS, "--out", tmp_path / "r")
    proc = cli("run", "-r", "always-no", "--corpus", other, "--out", tmp_path / "r", check=False)
    assert proc.returncode == 2 and "made for corpus fixture" in proc.stderr and "Traceback" not in proc.stderr
    cli("run", "-r", "always-no", "--corpus", other, "--out", tmp_path / "r2")
    proc = cli("score", tmp_path / "r", tmp_path / "r2", "--corpus", other, check=False)
    assert proc.returncode == 2 and "different corpora" in proc.stderr


def test_fail_under_gate(tmp_path):
    cli("run", "-r", "always-no,oracle", "--corpus", FIXTURE_CORPUS, "--out", tmp_path / "r")
    ok = cli("score", tmp_path / "r", "--corpus", FIXTURE_CORPUS, "--reviewer", "oracle", "--fail-under", "99")
    assert "oracle" in ok.stdout
    # percent, as the tables show it: always-no (18.5 on this corpus) passes 16 and fails 50
    assert cli("score", tmp_path / "r", "--corpus", FIXTURE_CORPUS, "--reviewer", "always-no", "--fail-under",
               "16").returncode == 0
    low = cli("score", tmp_path / "r", "--corpus", FIXTURE_CORPUS, "--reviewer", "always-no", "--fail-under", "50",
              check=False)
    assert low.returncode == 1 and "always-no Average 18.5 % is below 50.0 %" in low.stderr
    csv = cli("score", tmp_path / "r", "--corpus", FIXTURE_CORPUS, "--format", "csv").stdout
    assert csv.splitlines()[0].startswith("reviewer,tier,detection")


def test_bad_specs_are_one_line_errors(tmp_path):
    for spec, message in [("nosuch", "unknown family 'nosuch'"), ("random:2", "probability"),
                          ("x=always-no,x=always-yes", "named twice")]:
        proc = cli("run", "-r", spec, "--corpus", FIXTURE_CORPUS, "--out", tmp_path / "r", check=False)
        assert proc.returncode == 2 and message in proc.stderr and "Traceback" not in proc.stderr


def test_subset_selection(tmp_path):
    cli("run", "-r", "always-no", "--corpus", FIXTURE_CORPUS, "--out", tmp_path / "r", "--tier", "hard")
    assert {r.item for r in RunFolder(tmp_path / "r").rows()} == {"t3-guard"}
    proc = cli("run", "-r", "always-no", "--corpus", FIXTURE_CORPUS, "--out", tmp_path / "r", "--items", "zz",
               check=False)
    assert proc.returncode == 2 and "unknown item ids" in proc.stderr


def test_version_and_reviewers():
    assert cli("--version").stdout.startswith("redpen-bench, version")
    listing = cli("reviewers").stdout
    for family in ("always-no", "always-yes", "random", "oracle"):
        assert family in listing


def test_a_changed_reviewer_is_asked_again(tmp_path, fixture_corpus):
    """Rows made under another profile/seed/prompt answer another question: resume must not keep them."""
    out = tmp_path / "r"
    first = run_reviewers(fixture_corpus, ["random"], out, ReviewOptions(seed=1))
    assert first.new_rows["random"] == len(fixture_corpus.snippets) and first.refreshed == []
    same = run_reviewers(fixture_corpus, ["random"], out, ReviewOptions(seed=1))
    assert same.new_rows == {} and same.refreshed == []
    changed = run_reviewers(fixture_corpus, ["random"], out, ReviewOptions(seed=2))
    assert changed.refreshed == ["random"] and changed.new_rows["random"] == len(fixture_corpus.snippets)
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["reviewers"]["random"]["info"]["seed"] == 2


def test_an_edited_profile_is_run_again(tmp_path):
    (tmp_path / "analyzers" / "ruff").mkdir(parents=True)
    profile = tmp_path / "analyzers" / "ruff" / "mine.toml"
    profile.write_text('description = "mine"\nselect = ["F"]\n')
    command = [*redpen_cmd(), "run", "-r", "ruff:mine", "--corpus", str(FIXTURE_CORPUS), "--out", "r"]
    first = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    profile.write_text('description = "mine"\nselect = ["F", "B"]\n')
    second = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path)
    assert second.returncode == 0 and "ruff:mine changed since its stored rows" in second.stderr
    rows = RunFolder(tmp_path / "r").rows()
    assert len(rows) == 11


def test_a_changed_reviewer_interrupted_is_still_asked_again(tmp_path, fixture_corpus):
    """The manifest already holds the new fingerprint when the re-asking run dies half-way: the rows left from
    the old reviewer must still count as not done."""
    out = tmp_path / "r"
    run_reviewers(fixture_corpus, ["random"], out, ReviewOptions(seed=1))
    half = fixture_corpus.snippets[:5]
    run_reviewers(fixture_corpus, ["random"], out, ReviewOptions(seed=2), snippets=half)  # "killed" after 5
    resumed = run_reviewers(fixture_corpus, ["random"], out, ReviewOptions(seed=2))
    assert resumed.new_rows["random"] == len(fixture_corpus.snippets) - 5
    fingerprints = {r.fingerprint for r in RunFolder(out).rows("random")}
    assert len(fingerprints) == 1
