"""sarif:PATH counts `review` and `open` results as findings by default (code-scanning UIs show them as alerts);
--sarif-kinds / a named reviewer's `sarif_kinds` restricts that, e.g. to `fail`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from redpen_bench import api
from redpen_bench.cli import main
from redpen_bench.config import load_config, resolve_specs
from redpen_bench.errors import InputError
from redpen_bench.model.corpus import load_corpus
from redpen_bench.reviewers.base import ReviewOptions, SpecError
from redpen_bench.reviewers.tools.sarif import SarifReviewer
from redpen_bench.run.folder import RunFolder
from tests.conftest import FIXTURE_CORPUS as CORPUS

KIND_OF = {"original": "fail", "fixed": "review", "clean": "open", "disguised": "pass"}


@pytest.fixture(scope="module")
def corpus():
    return load_corpus(CORPUS)


@pytest.fixture
def log(tmp_path) -> Path:
    """t1-total: a result of another kind on each variant; t3-guard original: informational, fixed: no kind."""
    results = [{"ruleId": f"R-{kind}", "kind": kind, "message": {"text": f"kind {kind}"},
                "locations": [{"physicalLocation": {"artifactLocation": {"uri": f"items/{item}/{variant}.py"},
                                                    "region": {"startLine": 2}}}]}
               for item, variant, kind in [*(("t1-total", v, k) for v, k in KIND_OF.items()),
                                           ("t3-guard", "original", "informational"), ("t3-guard", "fixed", None)]]
    for result in results:
        if result["kind"] is None:
            del result["kind"]  # SARIF's default kind is fail
    path = tmp_path / "kinds.sarif"
    path.write_text(json.dumps({"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}},
                                                              "results": results}]}), encoding="utf-8")
    return path


def said_yes(corpus, log, options: ReviewOptions) -> set[tuple[str, str]]:
    reviewer = SarifReviewer(str(log), options)
    reviewer.prepare(corpus.snippets)
    return {tuple(key.split("/")[1:3]) for key, found in reviewer.log.findings.items() if found}


def test_review_and_open_count_by_default(corpus, log):
    assert said_yes(corpus, log, ReviewOptions()) == {
        ("t1-total", "original.py"), ("t1-total", "fixed.py"), ("t1-total", "clean.py"), ("t3-guard", "fixed.py")}


def test_kinds_restricted_to_fail(corpus, log):
    assert said_yes(corpus, log, ReviewOptions(sarif_kinds=("fail",))) == {
        ("t1-total", "original.py"), ("t3-guard", "fixed.py")}


def test_an_unknown_kind_is_refused_naming_the_known(corpus, log):
    with pytest.raises(SpecError, match="expected some of pass, open"):
        SarifReviewer(str(log), ReviewOptions(sarif_kinds=("failed",)))


def test_the_cli_option_and_the_kinds_in_the_manifest(corpus, log, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    main(["run", "--reviewer", f"sarif:{log}", "--corpus", str(CORPUS), "--out", "run", "--sarif-kinds", "fail"])
    folder = RunFolder(tmp_path / "run")
    yes = {(r.item, r.variant) for r in folder.rows() if r.defect}
    assert yes == {("t1-total", "original"), ("t3-guard", "fixed")}
    entry = next(iter(folder.read_manifest()["reviewers"].values()))
    assert entry["info"]["kinds"] == ["fail"]
    assert entry["info"]["results"]["kind_not_counted"] == 4
    # the default counts more, and asks every snippet again (the kinds are in the reviewer's fingerprint)
    result = api.run(corpus, [f"sarif:{log}"], out=tmp_path / "run", options=ReviewOptions(cache=None))
    assert result.refreshed == [f"sarif:{log}"]
    assert len({(r.item, r.variant) for r in folder.rows() if r.defect}) == 4


def test_a_named_reviewer_in_redpen_toml_sets_its_kinds(tmp_path, log):
    (tmp_path / "redpen.toml").write_text(f'[reviewers.strict]\nspec = "sarif:{log}"\nsarif_kinds = ["fail"]\n'
                                          '[reviewers.bad]\nspec = "sarif:x"\nsarif_kinds = "fail"\n')
    with pytest.raises(InputError, match=r"reviewers\.bad\.sarif_kinds"):
        load_config(cwd=tmp_path)
    (tmp_path / "redpen.toml").write_text(f'[reviewers.strict]\nspec = "sarif:{log}"\nsarif_kinds = ["fail"]\n')
    spec, = resolve_specs(["strict"], load_config(cwd=tmp_path))
    assert spec.options == {"sarif_kinds": ("fail",)}
