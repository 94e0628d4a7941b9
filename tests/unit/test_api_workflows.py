"""The jobs the CLI runs are library calls: api.compare, api.report, api.verify and api.tune do the work."""

from __future__ import annotations

import json

from redpen_bench import api
from tests.conftest import FIXTURE_CORPUS


def test_compare_then_report_from_the_library(tmp_path):
    corpus = api.load_corpus(FIXTURE_CORPUS)
    assert api.compare_specs("none") == ["always-no", "always-yes", "random", "oracle"]
    done = api.compare(corpus, ["always-no", "oracle"], out=tmp_path / "reports", runs_dir=tmp_path / "runs",
                       replicates=200)
    assert not done.run.has_errors and done.report is not None
    scores = api.score([done.run.path], corpus).to_json()["reviewers"]
    assert scores["oracle"]["average"] == 1.0 > scores["always-no"]["average"] > 0
    manifest = json.loads((done.report.path / "manifest.json").read_text())
    assert manifest["command"] == "compare" and set(manifest["reviewers"]) == set(api.BASELINES)
    # the baselines the run lacks are added in memory, as `score --intervals` adds them, and say so
    assert manifest["reviewers"]["random"]["info"]["added"].startswith("added in memory")
    assert manifest["reviewers"]["oracle"]["info"] != manifest["reviewers"]["random"]["info"]
    again = api.report([done.run.path], corpus, out=tmp_path / "reports", name="again", replicates=200)
    assert (again.path / "scores.csv").read_text() == (done.report.path / "scores.csv").read_text()


def test_compare_dry_run_writes_no_report(tmp_path):
    corpus = api.load_corpus(FIXTURE_CORPUS)
    done = api.compare(corpus, ["always-no"], out=tmp_path / "reports", runs_dir=tmp_path / "runs",
                       options=api.ReviewOptions(dry_run=True))
    assert done.report is None and done.run.estimates == {"always-no": {"requests": 0}}
    assert not (tmp_path / "reports").exists()
