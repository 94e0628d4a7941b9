"""ensemble: (union) and ensemble-vote: (majority, ties no) on the fixture corpus, with the baselines as parts."""

from __future__ import annotations

import json
import subprocess

import pytest

from redpen_bench.model.corpus import load_corpus
from redpen_bench.model.rows import VerdictRow
from redpen_bench.reviewers import parse_spec
from redpen_bench.reviewers.base import ReviewOptions, SpecError
from redpen_bench.run.folder import RunFolder
from redpen_bench.run.runner import run_reviewers
from redpen_bench.run.steps import StepContext, make_step
from redpen_bench.scoring.scorer import score_rows
from tests.conftest import FIXTURE_CORPUS, redpen_cmd


def run(corpus, specs, folder):
    result = run_reviewers(corpus, specs, folder, ReviewOptions())
    assert not result.failures, result.failures
    return RunFolder(folder).rows()


def by_reviewer(rows, key):
    return {(r.item, r.variant): r for r in rows if r.reviewer == key}


def averages(rows, corpus):
    return {k: v["average"] for k, v in score_rows(rows, corpus).to_json()["reviewers"].items()}


def test_union_of_always_no_and_oracle_is_the_oracle(fixture_corpus, tmp_path):
    rows = run(fixture_corpus, ["ensemble:always-no+oracle"], tmp_path / "run")
    ensemble, oracle = by_reviewer(rows, "ensemble:always-no+oracle"), by_reviewer(rows, "oracle")
    assert len(ensemble) == len(fixture_corpus.snippets)
    for key, row in ensemble.items():
        assert row.defect == oracle[key].defect
        assert row.lines == oracle[key].lines
        if row.defect:
            assert row.explanation == f"[oracle] {oracle[key].explanation}"
    assert averages(rows, fixture_corpus)["ensemble:always-no+oracle"] == pytest.approx(1.0)


def test_missing_components_are_run_into_the_same_folder(fixture_corpus, tmp_path):
    folder = tmp_path / "run"
    run(fixture_corpus, ["ensemble:always-no+oracle"], folder)
    rows = RunFolder(folder).rows()
    n = len(fixture_corpus.snippets)
    assert {k: len(by_reviewer(rows, k)) for k in ("always-no", "oracle")} == {"always-no": n, "oracle": n}
    manifest = RunFolder(folder).read_manifest()
    assert {"always-no", "oracle", "ensemble:always-no+oracle"} <= set(manifest["reviewers"])
    assert manifest["reviewers"]["ensemble:always-no+oracle"]["info"]["mode"] == "union"


def test_present_components_are_not_run_again(fixture_corpus, tmp_path):
    folder = tmp_path / "run"
    run(fixture_corpus, ["oracle"], folder)
    before = (folder / "verdicts.jsonl").read_text().count('"reviewer": "oracle"')
    run(fixture_corpus, ["ensemble:oracle+always-yes"], folder)
    after = (folder / "verdicts.jsonl").read_text().count('"reviewer": "oracle"')
    assert before == after == len(fixture_corpus.snippets)


def test_components_listed_in_the_same_run_are_run_once(fixture_corpus, tmp_path):
    """The runner starts the ensemble after its siblings finish, so it finds their verdicts and asks nothing."""
    folder = tmp_path / "run"
    run(fixture_corpus, ["ensemble:oracle+always-no", "oracle", "always-no"], folder)
    lines = [VerdictRow.from_dict(json.loads(line)) for line in (folder / "verdicts.jsonl").read_text().splitlines()]
    n = len(fixture_corpus.snippets)
    counts = {k: sum(r.reviewer == k for r in lines) for k in ("oracle", "always-no")}
    assert counts == {"oracle": n, "always-no": n}


def test_majority_vote_with_three(fixture_corpus, tmp_path):
    """yes + no + oracle: defective files get 2 of 3 yes, controls 1 of 3: the oracle's answers."""
    spec = "ensemble-vote:always-yes+always-no+oracle"
    rows = run(fixture_corpus, [spec], tmp_path / "run")
    ensemble, oracle = by_reviewer(rows, spec), by_reviewer(rows, "oracle")
    assert {k: r.defect for k, r in ensemble.items()} == {k: r.defect for k, r in oracle.items()}
    assert averages(rows, fixture_corpus)[spec] == pytest.approx(1.0)
    some_yes = next(r for r in ensemble.values() if r.defect)
    assert some_yes.explanation.startswith("[always-yes]") and "\n[oracle] " in some_yes.explanation


def test_ties_are_no(fixture_corpus, tmp_path):
    rows = run(fixture_corpus, ["ensemble-vote:always-yes+always-no", "ensemble-vote:always-yes+oracle"],
               tmp_path / "run")
    assert not any(r.defect for r in by_reviewer(rows, "ensemble-vote:always-yes+always-no").values())
    both = by_reviewer(rows, "ensemble-vote:always-yes+oracle")
    snippets = {(v.item_id, v.name): v for v in fixture_corpus.snippets}
    # defective: 2 of 2 say yes; controls: 1 of 2, a tie
    assert all(r.defect == snippets[k].defective for k, r in both.items())
    union = run(fixture_corpus, ["ensemble:always-yes+always-no"], tmp_path / "run2")
    assert all(r.defect for r in by_reviewer(union, "ensemble:always-yes+always-no").values())


def answer(**fields) -> VerdictRow:
    """A component's stored row: what combine reads."""
    return VerdictRow(reviewer="c", item="i", variant="original", **fields)


def test_a_component_error_makes_an_error_row_naming_it(tmp_path):
    ensemble = _step("ensemble:always-no+oracle", tmp_path)
    good = answer(defect=True, lines=[3], explanation="x")
    verdict = ensemble.combine([("always-no", answer(defect=False, error="tool crashed")), ("oracle", good)])
    assert verdict.error == "component always-no failed: tool crashed"
    assert ensemble.combine([("always-no", None), ("oracle", good)]).error == "component always-no gave no verdict"
    # an unreadable answer counts as no, as the scorer counts it
    vote = _step("ensemble-vote:always-no+oracle+always-yes", tmp_path)
    unparsed = answer(defect=None, lines=[9], explanation="?")
    verdict = vote.combine([("always-no", unparsed), ("oracle", good), ("always-yes", unparsed)])
    assert verdict.defect is False


def test_union_lines_only_from_components_that_said_yes(tmp_path):
    ensemble = _step("ensemble:always-no+oracle", tmp_path)
    verdict = ensemble.combine([
        ("always-no", answer(defect=False, lines=[1, 2], explanation="ignored")),
        ("oracle", answer(defect=True, lines=[5, 3], explanation="off by one")),
    ])
    assert (verdict.defect, verdict.lines, verdict.explanation) == (True, [3, 5], "[oracle] off by one")


@pytest.mark.parametrize("spec, message", [
    ("ensemble", "name the reviewers"),
    ("ensemble:oracle", "at least two"),
    ("ensemble:oracle+", "empty component"),
    ("ensemble:oracle+oracle", "named twice"),
    ("ensemble:oracle+ensemble-vote:always-no", "cannot contain an ensemble"),
    ("ensemble:oracle+nonesuch", "unknown family 'nonesuch'"),
])
def test_bad_specs_are_refused(spec, message, fixture_corpus, tmp_path):
    with pytest.raises(SpecError, match=message):
        run_reviewers(fixture_corpus, [spec], tmp_path / "run", ReviewOptions())


def test_a_named_ensemble_naming_itself_is_refused_before_anything_runs(fixture_corpus, tmp_path):
    spec = parse_spec("both=ensemble:both=oracle+always-no")
    with pytest.raises(SpecError, match="names itself"):
        run_reviewers(fixture_corpus, [spec], tmp_path / "run", ReviewOptions())
    assert not (tmp_path / "run").exists()


def test_cli_run_and_score(tmp_path):
    out = tmp_path / "run"
    spec = "ensemble-vote:always-yes+always-no+oracle"
    done = subprocess.run([*redpen_cmd(), "run", "-r", spec, "--corpus", str(FIXTURE_CORPUS), "--out", str(out)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == str(out)
    scored = subprocess.run([*redpen_cmd(), "score", str(out), "--corpus", str(FIXTURE_CORPUS), "--format", "json"],
                            capture_output=True, text=True, timeout=120)
    reviewers = json.loads(scored.stdout)["reviewers"]
    assert reviewers[spec]["average"] == pytest.approx(1.0)
    assert reviewers["always-no"]["average"] < 1.0


def _step(spec: str, folder):
    """The ensemble's run step, made as the runner makes it: by its family's factory."""
    return make_step(parse_spec(spec), StepContext(load_corpus(FIXTURE_CORPUS), RunFolder(folder), ReviewOptions()))
