"""Rows a run folder holds that answer no snippet of the corpus (issue 34, item 8): appended by hand or merged from
another folder, one names an item the corpus lacks, one carries another text's snippet hash. Neither is scored,
and stderr names them in one line, as `replay:` refuses them."""

from __future__ import annotations

import json
import subprocess

from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.run.folder import RunFolder
from redpen_bench.run.runner import run_reviewers
from tests.conftest import FIXTURE_CORPUS, redpen_cmd


def _score(run) -> tuple[dict, str]:
    proc = subprocess.run([*redpen_cmd(), "score", str(run), "--corpus", str(FIXTURE_CORPUS), "--format", "json"],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    return json.loads(proc.stdout)["reviewers"]["always-no"], proc.stderr


def test_foreign_rows_are_left_out_of_scoring_and_named(fixture_corpus, tmp_path):
    run = tmp_path / "r"
    run_reviewers(fixture_corpus, ["always-no"], run, ReviewOptions())
    before, quiet = _score(run)
    assert "foreign" not in quiet
    genuine = next(r for r in RunFolder(run).rows() if r.variant == "original")
    other_text = genuine.replace(defect=True, lines=[1], snippet="0123456789abcdef")
    lacking = genuine.replace(item="zz-not-in-corpus", defect=True)
    with (run / "verdicts.jsonl").open("a") as out:
        out.write(other_text.to_json() + "\n" + lacking.to_json() + "\n")
    after, err = _score(run)
    assert after["average"] == before["average"]
    assert after == before
    warning = [line for line in err.splitlines() if "not scored" in line]
    assert len(warning) == 1, err
    assert "2 rows" in warning[0] and str(run / "verdicts.jsonl") in warning[0]
    assert "zz-not-in-corpus" in warning[0] and f"{genuine.item} original" in warning[0]


def test_a_resumed_run_asks_again_a_snippet_whose_row_answers_another_text(fixture_corpus, tmp_path):
    """Its row made for another text of the snippet (a merged folder), the snippet is not done: the same command
    asks it again, and the new row, with this corpus's hash, is the one scored."""
    run = tmp_path / "r"
    run_reviewers(fixture_corpus, ["always-no"], run, ReviewOptions())
    path = run / "verdicts.jsonl"
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    stale = next(r for r in rows if r["variant"] == "original")
    right = stale["snippet"]
    stale["snippet"] = "0123456789abcdef"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert (stale["item"], "original", 0) not in RunFolder(run).done("always-no", corpus=fixture_corpus)
    run_reviewers(fixture_corpus, ["always-no"], run, ReviewOptions())
    answers = [r for r in RunFolder(run).rows(corpus=fixture_corpus) if r.item == stale["item"]
               and r.variant == "original"]
    assert [r.snippet for r in answers] == [right]


def test_an_ensemble_combines_the_answer_on_this_text_not_a_foreign_one(fixture_corpus, tmp_path):
    run = tmp_path / "r"
    run_reviewers(fixture_corpus, ["always-no", "oracle"], run, ReviewOptions())
    genuine = next(r for r in RunFolder(run).rows() if r.variant == "fixed" and r.reviewer == "always-no")
    with (run / "verdicts.jsonl").open("a") as out:
        out.write(genuine.replace(defect=True, lines=[1], snippet="0123456789abcdef").to_json() + "\n")
    run_reviewers(fixture_corpus, ["ensemble:always-no+oracle"], run, ReviewOptions())
    combined = [r for r in RunFolder(run).rows(corpus=fixture_corpus) if r.reviewer.startswith("ensemble")]
    assert len(combined) == len(fixture_corpus.snippets)
    # the union says yes only where the oracle does: never on a control, whatever the foreign row said
    assert not any(r.defect for r in combined if r.variant in ("fixed", "clean"))
