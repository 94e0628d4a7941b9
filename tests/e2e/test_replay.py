"""replay:FILE.jsonl: verdicts made elsewhere are scored here exactly as if they had been made here."""

from __future__ import annotations

import json

import pytest

from redpen_bench.cli import main
from redpen_bench.errors import InputError
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.run.folder import RunFolder
from redpen_bench.run.runner import run_reviewers
from redpen_bench.scoring.scorer import score_rows
from tests.conftest import FIXTURE_CORPUS


def write_rows(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_replaying_a_run_scores_identically_and_keeps_reviewer_names(fixture_corpus, tmp_path):
    run_reviewers(fixture_corpus, ["oracle", "random:0.4", "always-yes"], tmp_path / "orig",
                  ReviewOptions(seed=3))
    original = score_rows(RunFolder(tmp_path / "orig").rows(), fixture_corpus).to_json()["reviewers"]
    verdicts = tmp_path / "orig" / "verdicts.jsonl"
    # filed under a name of the user's: a file's rows never pass for a built-in reviewer's (test_hostile_rows.py)
    run_reviewers(fixture_corpus, [f"old=replay:{verdicts}"], tmp_path / "replayed", ReviewOptions())
    replayed = score_rows(RunFolder(tmp_path / "replayed").rows(), fixture_corpus).to_json()["reviewers"]
    assert set(replayed) == {"old/oracle", "old/random:0.4", "old/always-yes"}
    assert {key.removeprefix("old/"): entry for key, entry in replayed.items()} == original
    assert replayed["old/oracle"]["average"] == pytest.approx(1.0)
    before = verdicts.parent.parent.joinpath("replayed", "verdicts.jsonl").read_text()
    again = run_reviewers(fixture_corpus, [f"old=replay:{verdicts}"], tmp_path / "replayed", ReviewOptions())
    assert again.new_rows == {}  # the same command resumes: nothing stored twice
    assert (tmp_path / "replayed" / "verdicts.jsonl").read_text() == before


def test_stored_fields_are_used_as_stored_and_raw_goes_through_the_parser(fixture_corpus, tmp_path):
    rows = [
        {"reviewer": "x", "item": "t1-total", "variant": "original", "defect": True, "lines": [3],
         "explanation": "stored", "raw": "DEFECT: no"},  # the stored verdict wins over raw
        {"reviewer": "x", "item": "t1-total", "variant": "fixed",
         "raw": "**DEFECT:** yes\nLINES: 5-6\nEXPLANATION: hm"},
        {"reviewer": "x", "item": "t1-total", "variant": "clean", "raw": "It looks fine."},
        {"reviewer": "x", "item": "t1-total", "variant": "disguised", "raw": "", "error": "HTTP 500", "sample": 1,
         "latency_s": 1.5},
    ]
    path = write_rows(tmp_path / "v.jsonl", rows)
    run_reviewers(fixture_corpus, [f"replay:{path}"], tmp_path / "run", ReviewOptions())
    got = {(r.variant, r.sample): r for r in RunFolder(tmp_path / "run").rows()}
    assert got[("original", 0)].defect is True and got[("original", 0)].explanation == "stored"
    assert got[("fixed", 0)].defect is True and got[("fixed", 0)].lines == [5, 6]
    assert got[("clean", 0)].defect is None and not got[("clean", 0)].error
    assert got[("disguised", 1)].error == "HTTP 500" and got[("disguised", 1)].latency_s == 1.5
    assert {r.reviewer for r in got.values()} == {"x"}


def test_a_name_given_to_the_replay_names_its_reviewers(fixture_corpus, tmp_path):
    one = write_rows(tmp_path / "one.jsonl", [{"reviewer": "gpt", "item": "t2-empty", "variant": "original",
                                               "defect": False}])
    two = write_rows(tmp_path / "two.jsonl", [{"reviewer": r, "item": "t2-empty", "variant": "original",
                                               "defect": True, "lines": [1]} for r in ("a", "b")])
    bare = write_rows(tmp_path / "bare.jsonl", [{"item": "t2-empty", "variant": "fixed", "defect": False}])
    run_reviewers(fixture_corpus, [f"mine=replay:{one}", f"pair=replay:{two}", f"replay:{bare}"], tmp_path / "run",
                  ReviewOptions())
    keys = {r.reviewer for r in RunFolder(tmp_path / "run").rows()}
    assert keys == {"mine", "pair/a", "pair/b", f"replay:{bare}"}


@pytest.mark.parametrize(
    ("line", "field"),
    [
        ('{"item": "t1-total", "variant": "original", "defect": "maybe"}', "defect"),
        ('{"item": "t1-total", "variant": "original", "defect": true, "lines": "3"}', "lines"),
        ('{"item": "t1-total", "variant": "original", "defect": true, "lines": [0]}', "lines"),
        ('{"item": "nope", "variant": "original", "defect": true}', "item"),
        ('{"variant": "original", "defect": true}', "item"),
        ('{"item": "t2-empty", "variant": "disguised", "defect": true}', "variant"),
        ('{"item": "t1-total", "variant": "original", "defect": true, "sample": -1}', "sample"),
        ('{"item": "t1-total", "variant": "original", "explanation": "no verdict"}', "defect"),
        ('{"item": "t1-total", "variant": "original", "raw": 7}', "raw"),
        ('{"reviewer": 3, "item": "t1-total", "variant": "original", "defect": true}', "reviewer"),
        ('{"item": "t1-total", "variant": "original", "defect": 1}', "defect"),
        ('{"item": "t1-total", "variant": "original", "defect": true, "findings": "x"}', "findings"),
        ('{"item": "t1-total", "variant": "original", "defect": true, "cost_usd": "free"}', "cost_usd"),
        ('{"item": "t1-total", "variant": "original", "defect": true, "snippet": "0123456789abcdef"}', "snippet"),
    ],
)
def test_a_bad_row_names_the_file_line_and_field(fixture_corpus, tmp_path, line, field):
    good = '{"item": "t1-total", "variant": "fixed", "defect": false}'
    path = tmp_path / "bad.jsonl"
    path.write_text(f"{good}\n\n{line}\n")
    with pytest.raises(InputError) as caught:
        run_reviewers(fixture_corpus, [f"replay:{path}"], tmp_path / "run", ReviewOptions())
    assert f"{path}: line 3: field '{field}'" in str(caught.value)
    assert not (tmp_path / "run" / "verdicts.jsonl").exists()  # nothing stored from a bad file


def test_bad_replay_files_on_the_command_line_are_one_line_and_exit_2(tmp_path, capsys):
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"item": "t1-total", "variant": "original", "defect": true}\n{"item": \n')
    for spec, message in ((f"replay:{broken}", f"{broken}: line 2: not valid JSON"),
                          (f"replay:{tmp_path / 'missing.jsonl'}", "no such file"), ("replay", "name the file")):
        with pytest.raises(SystemExit) as caught:
            main(["run", "-r", spec, "--corpus", str(FIXTURE_CORPUS), "--out", str(tmp_path / "run")])
        assert caught.value.code == 2
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err


def _all(fixture_corpus, defect: bool) -> list[dict]:
    return [{"reviewer": "model", "item": v.item_id, "variant": v.name, "defect": defect}
            for v in fixture_corpus.snippets]


def test_a_changed_replay_file_replaces_its_rows(fixture_corpus, tmp_path):
    """An all-yes file, then the same file all-no with one snippet left out: the folder holds the second file's
    rows only (the left-out snippet's old yes is gone, not scored)."""
    path = write_rows(tmp_path / "log.jsonl", _all(fixture_corpus, True))
    run_reviewers(fixture_corpus, [f"replay:{path}"], tmp_path / "run", ReviewOptions())
    second = _all(fixture_corpus, False)[1:]
    write_rows(path, second)
    result = run_reviewers(fixture_corpus, [f"replay:{path}"], tmp_path / "run", ReviewOptions())
    assert result.refreshed == [f"replay:{path}"]
    rows = RunFolder(tmp_path / "run").rows("model")
    assert len(rows) == len(second) and not any(r.defect for r in rows)
    table = score_rows(rows, fixture_corpus).to_json()["reviewers"]["model"]
    always_no = score_rows([r.replace(reviewer="no") for r in rows], fixture_corpus).to_json()["reviewers"]["no"]
    assert table["average"] == always_no["average"]
    again = run_reviewers(fixture_corpus, [f"replay:{path}"], tmp_path / "run", ReviewOptions())
    assert again.new_rows == {} and again.refreshed == []  # unchanged file: nothing stored twice


def test_a_wrong_extra_field_once_stored_can_be_corrected(fixture_corpus, tmp_path):
    """A bad field is refused before anything is stored; the corrected file is then taken whole."""
    rows = _all(fixture_corpus, True)
    path = write_rows(tmp_path / "log.jsonl", [rows[0] | {"findings": "x"}, *rows[1:]])
    with pytest.raises(InputError, match="field 'findings'"):
        run_reviewers(fixture_corpus, [f"replay:{path}"], tmp_path / "run", ReviewOptions())
    write_rows(path, [rows[0] | {"findings": []}, *rows[1:]])
    run_reviewers(fixture_corpus, [f"replay:{path}"], tmp_path / "run", ReviewOptions())
    assert RunFolder(tmp_path / "run").rows("model")[0].findings == []


def test_rows_hashed_for_another_corpus_are_refused(fixture_corpus, tmp_path):
    """A row whose snippet hash names another file than this corpus's is refused, never re-hashed."""
    run_reviewers(fixture_corpus, ["oracle"], tmp_path / "orig", ReviewOptions())
    stored = [json.loads(line) for line in (tmp_path / "orig" / "verdicts.jsonl").read_text().splitlines()]
    assert all(r["snippet"] for r in stored)  # the JSON a replay file holds
    stored[2]["snippet"] = "f" * 16
    path = write_rows(tmp_path / "log.jsonl", stored)
    with pytest.raises(InputError, match="line 3: field 'snippet'"):
        run_reviewers(fixture_corpus, [f"replay:{path}"], tmp_path / "run", ReviewOptions())
