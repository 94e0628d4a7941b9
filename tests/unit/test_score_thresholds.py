"""`score --must-beat NAME` passes only when the report's paired bootstrap says the reviewer is better; `score
--intervals` shows intervals and the baselines; fractions in JSON and CSV, percent in the text table."""

from __future__ import annotations

import csv
import io
import json

import pytest

from redpen_bench import api
from redpen_bench.cli import main
from redpen_bench.model.corpus import load_corpus
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.scoring.stats import bootstrap, pair_test
from tests.conftest import FIXTURE_CORPUS as CORPUS


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("gate")
    corpus = load_corpus(CORPUS)
    options = ReviewOptions(cache=None)
    api.run(corpus, ["oracle", "nothing=always-no"], out=root / "full", options=options)
    api.run(corpus, ["some=oracle"], out=root / "part", options=options, items=["t1-total"])
    rows = [{"reviewer": "partial", "item": "t1-total", "variant": v, "defect": True, "lines": [3],
             "explanation": "x", "raw": "", "error": None, "sample": 0} for v in ("original", "disguised")]
    rows.append(rows[0] | {"item": "t2-empty", "defect": None, "error": "timed out"})
    (root / "partial.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    api.run(corpus, [f"replay:{root / 'partial.jsonl'}"], out=root / "replayed", options=options)
    return root


def score(capsys, *args: str) -> tuple[int, str, str]:
    try:
        main(["score", *args, "--corpus", str(CORPUS)])
        code = 0
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_must_beat_a_baseline_not_in_the_runs_passes_with_the_interval(runs, capsys):
    code, _, err = score(capsys, str(runs / "full"), "--reviewer", "oracle", "--must-beat", "always-yes")
    assert code == 0
    # always-yes scores -48.1 here, not -50: t2 has no disguised variant
    assert "oracle beats always-yes: oracle - always-yes = +148.1 points, 95 % interval [+148.1, +148.1]" in err


def test_must_beat_fails_when_the_interval_reaches_zero(runs, capsys):
    code, _, err = score(capsys, str(runs / "full"), "--reviewer", "nothing", "--must-beat", "always-no")
    assert code == 1
    assert "nothing does not beat always-no: nothing - always-no = +0.0 points, 95 % interval [+0.0, +0.0]" in err
    code, _, err = score(capsys, str(runs / "full"), "--reviewer", "nothing", "--must-beat", "oracle")
    assert code == 1 and "does not beat oracle" in err


def test_must_beat_cannot_pass_on_error_or_missing_rows_or_other_snippets(runs, capsys):
    code, _, err = score(capsys, str(runs / "replayed"), "--reviewer", "partial", "--must-beat", "always-yes")
    assert code == 1
    assert "partial has 1 error rows and 4 missing rows" in err
    code, _, err = score(capsys, str(runs / "part"), str(runs / "full"), "--reviewer", "some", "--must-beat",
                         "nothing")
    assert code == 1 and "some answered 4 snippets and nothing 11, not the same ones" in err
    code, _, err = score(capsys, str(runs / "part"), "--reviewer", "some", "--must-beat", "always-no")
    # the baseline answers the snippets the runs answered, a fair pair, but the thresholds judge the whole corpus
    assert code == 1 and "some beats always-no" in err and "some was asked 4 of the corpus's 11 snippets" in err


def test_thresholds_judge_the_whole_corpus_not_the_items_a_run_asked(runs, capsys):
    """Issue 26 item 9: `run --items` then `score --fail-under` passed, the items never asked uncounted."""
    code, _, err = score(capsys, str(runs / "part"), "--reviewer", "some", "--fail-under", "10")
    said = ("redpen-bench: some was asked 4 of the corpus's 11 snippets: --fail-under and --must-beat judge a "
            "reviewer on the whole corpus (run it without --items, --tier or --limit)\n")
    assert code == 1 and err == said
    verdict = api.thresholds(api.score([runs / "part"], load_corpus(CORPUS)), "some", fail_under=10)
    assert not verdict.passed and verdict.messages == [said.removeprefix("redpen-bench: ").rstrip("\n")]
    # the same reviewer asked every snippet passes: the library's thresholds are the command's
    whole = api.score([runs / "full"], load_corpus(CORPUS))
    assert api.thresholds(whole, "oracle", fail_under=99).passed
    assert not api.thresholds(whole, "nothing", fail_under=50).passed
    assert api.thresholds(whole, "oracle", must_beat="nothing", replicates=200).passed


def test_must_beat_uses_the_reports_paired_bootstrap(runs, capsys):
    code, _, err = score(capsys, str(runs / "full"), "--reviewer", "oracle", "--must-beat", "nothing",
                         "--seed", "3", "--bootstrap", "500")
    table = api.score([runs / "full"], load_corpus(CORPUS))
    test = pair_test(table, bootstrap(table, 500, 3), "oracle", "nothing")
    assert f"[{test.low * 100:+.1f}, {test.high * 100:+.1f}]" in err and code == 0


def test_unknown_names_are_errors(runs, capsys):
    code, _, err = score(capsys, str(runs / "full"), "--reviewer", "oracle", "--must-beat", "ghost")
    assert code == 2 and "--must-beat 'ghost': not in these runs" in err and "always-no" in err
    code, _, err = score(capsys, str(runs / "full"), "--must-beat", "always-no")
    assert code == 2 and "needs --reviewer" in err


def test_intervals_fractions_in_json_and_csv_percent_in_text(runs, capsys):
    _, text, _ = score(capsys, str(runs / "full"), "--intervals")
    _, raw, _ = score(capsys, str(runs / "full"), "--intervals", "--format", "json")
    _, table, _ = score(capsys, str(runs / "full"), "--intervals", "--format", "csv")
    data = json.loads(raw)
    assert set(data["reviewers"]) == {"oracle", "nothing", "always-no", "always-yes", "random"}
    assert data["reviewers"]["oracle"]["average"] == 1.0 and data["intervals"]["oracle"]["average"] == [1.0, 1.0]
    low, high = data["intervals"]["always-yes"]["average"]
    assert -1 <= low <= data["reviewers"]["always-yes"]["average"] <= high <= 1
    yes = f"{data['reviewers']['always-yes']['average'] * 100:.1f}"
    assert yes == "-48.1" and f"[{yes}, {yes}]" in text and "100.0" in text
    rows = list(csv.DictReader(io.StringIO(table)))
    assert {"score_low", "score_high", "average_low", "average_high"} <= set(rows[0])
    assert all(-1 <= float(r["average"]) <= 1 for r in rows)
    # without --intervals the table is what the runs hold
    _, plain, _ = score(capsys, str(runs / "full"), "--format", "json")
    assert set(json.loads(plain)["reviewers"]) == {"oracle", "nothing"} and "intervals" not in json.loads(plain)
