"""Guards of the command line: reviewer names, compare's reviewer list, the score gate, scores.csv cells, and
reports written side by side or killed half-way."""

from __future__ import annotations

import csv
import json
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.conftest import FIXTURE_CORPUS, redpen_cmd


def cli(*args):
    return subprocess.run([*redpen_cmd(), *map(str, args)], capture_output=True, text=True)


def one_line_error(proc, words: str) -> None:
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    assert words in proc.stderr


@pytest.mark.parametrize("command", ["run", "compare"])
def test_a_name_that_shadows_a_built_in_is_refused(tmp_path, command):
    extra = ("--analyzers", "none", "--runs", tmp_path / "runs") if command == "compare" else ()
    proc = cli(command, "-r", "oracle=always-no", "--corpus", FIXTURE_CORPUS, "--out", tmp_path / "r", *extra)
    one_line_error(proc, "the name 'oracle' is the built-in reviewer 'oracle'")
    assert not (tmp_path / "r").exists() and not (tmp_path / "runs").exists()
    assert cli("run", "-r", "mine=always-no", "--corpus", FIXTURE_CORPUS, "--out", tmp_path / "ok").returncode == 0


def _average_rows(path) -> dict[str, dict]:
    with path.open(newline="") as data:
        return {row["reviewer"]: row for row in csv.DictReader(data) if row["tier"] == "average"}


def test_compare_refuses_two_reviewers_under_one_name_and_runs_a_repeat_once(tmp_path):
    base = ("compare", "--analyzers", "none", "--corpus", FIXTURE_CORPUS, "--runs", tmp_path / "runs",
            "--out", tmp_path / "reports", "--bootstrap", "100")
    clash = cli(*base, "-r", "x=random:0.3", "-r", "x=random:0.2")
    one_line_error(clash, "'x=random:0.3' and 'x=random:0.2' are both named 'x'")
    repeat = cli(*base, "-r", "x=random:0.3,x=random:0.3", "--name", "twice")
    assert repeat.returncode == 0, repeat.stderr
    rows = (tmp_path / "reports/twice/verdicts.jsonl").read_text().splitlines()
    assert sum(json.loads(r)["reviewer"] == "x" for r in rows) == 11  # once: one row per snippet
    assert "x" in _average_rows(tmp_path / "reports/twice/scores.csv")


@pytest.mark.parametrize("value", ["nan", "101", "-1", "inf"])
def test_fail_under_is_a_percentage(tmp_path, value):
    proc = cli("score", tmp_path, "--corpus", FIXTURE_CORPUS, "--reviewer", "oracle", "--fail-under", value)
    assert proc.returncode == 2 and "Invalid value for '--fail-under'" in proc.stderr


def test_fail_under_fails_on_missing_and_error_rows_and_shows_the_comparison_made(tmp_path):
    run = tmp_path / "r"
    assert cli("run", "-r", "always-no,oracle", "--corpus", FIXTURE_CORPUS, "--out", run).returncode == 0
    # always-no scores 18.5185... here: at one or two decimals it equals 18.52
    low = cli("score", run, "--corpus", FIXTURE_CORPUS, "--reviewer", "always-no", "--fail-under", "18.52")
    assert low.returncode == 1 and "always-no Average 18.519 % is below 18.520 %" in low.stderr
    assert cli("score", run, "--corpus", FIXTURE_CORPUS, "--reviewer", "oracle", "--fail-under", "99").returncode == 0
    # one oracle row gone: its snippet is missing, and a score over part of the corpus passes no gate
    lines = (run / "verdicts.jsonl").read_text().splitlines(keepends=True)
    last = max(i for i, line in enumerate(lines) if json.loads(line)["reviewer"] == "oracle")
    (run / "verdicts.jsonl").write_text("".join(lines[:last] + lines[last + 1:]))
    gap = cli("score", run, "--corpus", FIXTURE_CORPUS, "--reviewer", "oracle", "--fail-under", "10")
    assert gap.returncode == 1 and "oracle has 0 error rows and 1 missing rows" in gap.stderr
    # an error row fails it too
    row = json.loads(lines[last]) | {"defect": None, "error": "HTTP 500"}
    (run / "verdicts.jsonl").write_text("".join([*lines[:last], json.dumps(row) + "\n", *lines[last + 1:]]))
    error = cli("score", run, "--corpus", FIXTURE_CORPUS, "--reviewer", "oracle", "--fail-under", "10")
    assert error.returncode == 1 and "oracle has 1 error rows and 0 missing rows" in error.stderr


def test_scores_csv_text_cells_are_no_formulas(tmp_path, fixture_corpus):
    replay = tmp_path / "recorded.jsonl"
    replay.write_text("".join(
        json.dumps({"reviewer": name, "item": v.item_id, "variant": v.name, "defect": False, "lines": [],
                    "explanation": "", "raw": "DEFECT: no"}) + "\n"
        for name in ("=1+1", "@SUM(A1)", "+cmd") for v in fixture_corpus.snippets))
    run = tmp_path / "r"
    proc = cli("run", "-r", f"replay:{replay}", "--reviewer=-minus=always-yes", "--corpus", FIXTURE_CORPUS,
               "--out", run)
    assert proc.returncode == 0, proc.stderr
    assert cli("report", run, "--corpus", FIXTURE_CORPUS, "--out", tmp_path / "rep", "--name", "x",
               "--bootstrap", "100").returncode == 0
    average = _average_rows(tmp_path / "rep/x/scores.csv")
    # and the baselines the run lacks, which the report adds as score --intervals does
    assert set(average) == {"'=1+1", "'@SUM(A1)", "'+cmd", "'-minus", "always-no", "always-yes", "random", "oracle"}
    assert average["'-minus"]["family"] == "always-yes"
    assert average["'-minus"]["score"].startswith("-0.")  # a number stays a number
    float(average["'-minus"]["score"])


def test_three_compares_into_one_folder_write_three_whole_reports(tmp_path):
    out = tmp_path / "reports"
    procs = {seed: subprocess.Popen([*redpen_cmd(), "compare", "--analyzers", "none", "--corpus",
                                     str(FIXTURE_CORPUS), "--runs", str(tmp_path / "runs"), "--out", str(out),
                                     "--seed", str(seed), "--bootstrap", "100"],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for seed in (1, 2, 3)}
    folders = {}
    for seed, proc in procs.items():
        stdout, stderr = proc.communicate(timeout=300)
        assert proc.returncode == 0, stderr
        folders[seed] = stdout.strip().splitlines()[-1]
    assert len(set(folders.values())) == 3
    assert sorted(p.name for p in out.iterdir()) == sorted(Path(p).name for p in folders.values())
    for seed, folder in folders.items():
        manifest = json.loads((Path(folder) / "manifest.json").read_text())
        assert manifest["bootstrap"]["seed"] == seed
        # the report's scores are those of its own run: scored again from that run folder, they agree
        run_dir = manifest["runs"][0]["path"]
        scored = json.loads(cli("score", run_dir, "--corpus", FIXTURE_CORPUS, "--format", "json").stdout)
        average = _average_rows(Path(folder) / "scores.csv")
        assert float(average["random"]["score"]) == pytest.approx(scored["reviewers"]["random"]["average"],
                                                                  abs=1e-6)
        report_md = (Path(folder) / "report.md").read_text()
        assert f"{float(average['random']['score']) * 100:.1f}" in report_md


def test_a_report_killed_half_way_leaves_no_folder_that_looks_complete(tmp_path):
    run = tmp_path / "r"
    assert cli("run", "-r", "always-no,oracle,random", "--corpus", FIXTURE_CORPUS, "--out", run).returncode == 0
    out = tmp_path / "reports"
    # many bootstrap resamples: the report is still being built when its reserved folder appears
    proc = subprocess.Popen([*redpen_cmd(), "report", str(run), "--corpus", str(FIXTURE_CORPUS), "--out", str(out),
                             "--bootstrap", "20000"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120  # stops a hung test only
    while not (out.exists() and any(out.iterdir())):
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.communicate()
    assert proc.returncode == -signal.SIGKILL
    for folder in out.iterdir():
        assert not (folder / "report.md").exists() and not (folder / "manifest.json").exists()
    # the next report takes a folder of its own and completes
    again = cli("report", run, "--corpus", FIXTURE_CORPUS, "--out", out, "--bootstrap", "100")
    assert again.returncode == 0 and (Path(again.stdout.split()[-1]) / "report.md").is_file()
