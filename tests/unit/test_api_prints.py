"""What the CLI used to work out or word itself now comes from below the API, so a Python caller gets the same:
compare's reviewers and report folder, a run's closing lines, score's three forms, mutate's argument rules, the
lock wait, the reviewer list and the plain-lines progress."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from redpen_bench import api
from redpen_bench.errors import InputError
from redpen_bench.reviewers import families, families_text
from redpen_bench.run.folder_lock import lock_timeout_from_env
from tests.conftest import ROOT


def test_compare_plan_runs_baselines_analyzers_then_config_then_given_reviewers(tmp_path):
    (tmp_path / "redpen.toml").write_text('[reviewers.mine]\nspec = "always-yes"\n\n'
                                         '[compare]\nreviewers = ["mine"]\nout = "made"\n')
    config = api.load_config(tmp_path / "redpen.toml")
    specs, out = api.compare_plan(config, "none", ["oracle"])
    assert [s.key for s in specs] == [*api.BASELINES, "mine", "oracle"]
    assert out == tmp_path / "made"
    assert api.compare_plan(config, "none", out=Path("elsewhere"))[1] == Path("elsewhere")
    assert api.compare_plan(api.Config(), "none")[1] == api.DEFAULT_OUT  # no configuration


def test_outcome_lines_say_what_each_reviewer_holds_and_warn_last(tmp_path):
    result = api.RunResult(tmp_path, failures={"llm": "refused"}, refreshed=["ruff:bugs"], outcomes={
        "ruff:bugs": {"answered": 11, "unparsed": 0, "errors": 0, "missing": 0},
        "llm": {"answered": 1, "unparsed": 9, "errors": 1, "missing": 0, "example": "I think\n so"},
    })
    lines = api.outcome_lines(result)
    assert lines[0].startswith("ruff:bugs changed since its stored rows")
    assert lines[1] == "reviewer llm failed: refused (its rows are error rows)"
    assert lines[2:4] == ["ruff:bugs  11 answered, 0 unparsed, 0 errors, 0 missing",
                          "llm        1 answered, 9 unparsed, 1 errors, 0 missing"]
    assert lines[4].startswith(f"error rows remain (exit {api.RETRY_EXIT}): fix what stopped the reviewer")
    assert lines[5].startswith("warning: llm: 9 of 10 answers could not be read") and lines[5].endswith(
        'one answer: "I think so"')


def test_score_text_is_json_csv_or_the_leaderboard(tmp_path, fixture_corpus):
    result = api.run(fixture_corpus, ["always-no", "oracle"], out=tmp_path / "r",
                     options=api.ReviewOptions(cache=None))
    table = api.score([result.path], fixture_corpus)
    assert json.loads(api.score_text(table, "json")) == json.loads(json.dumps(table.to_json()))
    assert api.score_text(table, "csv").startswith("reviewer,tier,detection")
    board = api.score_text(table, "table")
    assert "oracle" in board and "always-no's Average" in board


def test_mutate_takes_a_project_or_a_corpus(tmp_path):
    with pytest.raises(InputError, match="give either PROJECT or --from-corpus"):
        api.mutate(tmp_path / "out")
    with pytest.raises(InputError, match="give either PROJECT or --from-corpus"):
        api.mutate(tmp_path / "out", project=tmp_path, from_corpus=tmp_path)
    with pytest.raises(InputError, match="only for a PROJECT"):
        api.mutate(tmp_path / "out", from_corpus=tmp_path, tests=["t"])


def test_lock_timeout_comes_from_the_environment(monkeypatch):
    monkeypatch.delenv("REDPEN_LOCK_TIMEOUT", raising=False)
    assert lock_timeout_from_env() == 600.0
    monkeypatch.setenv("REDPEN_LOCK_TIMEOUT", "soon")
    with pytest.raises(InputError, match="REDPEN_LOCK_TIMEOUT 'soon'"):
        lock_timeout_from_env()


def test_the_reviewer_list_is_the_readmes_table():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("<!-- reviewers:start -->", 1)[1].split("<!-- reviewers:end -->", 1)[0]
    assert block.strip() == families_text(markdown=True).strip()
    assert len(families_text().splitlines()) == len(families())


def test_line_progress_says_start_and_end_of_each_task():
    stream = io.StringIO()
    with api.LineProgress(stream) as progress:
        progress("ruff:bugs", 0, 2)
        progress("ruff:bugs", 2)
    said = stream.getvalue().splitlines()
    assert said[0].startswith("redpen-bench: ruff:bugs started: 0/2") and "ruff:bugs done: 2/2" in said[1]


def test_line_progress_shows_a_name_s_control_characters_as_escapes():
    stream = io.StringIO()
    with api.LineProgress(stream) as progress:
        progress("evil\x1b[2J\u202ename", 0, 1)
        progress("evil\x1b[2J\u202ename", 1)
    said = stream.getvalue()
    assert "\x1b" not in said and "\u202e" not in said
    assert "evil\\x1b[2J\\u202ename started: 0/1" in said
