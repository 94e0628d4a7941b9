"""Rows, names and usage from outside (issue 26, items 6, 7, 8 and 10): a deep JSON line, a replay file that names
its rows after a baseline, one reviewer name in two run folders, and a server's odd token counts. None of them
scores a forgery, loses an answer or ends in a traceback."""

from __future__ import annotations

import json
import subprocess

import pytest

from redpen_bench.cli import main
from redpen_bench.model.rows import VerdictRow
from redpen_bench.model.verdict import Verdict
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.run.folder import RunFolder
from redpen_bench.run.runner import run_reviewers
from tests.conftest import FIXTURE_CORPUS, redpen_cmd
from tests.llm_http_server import DEFAULT_ANSWER, Action, LLMServer

DEEP = "[" * 50_000 + "]" * 50_000


def run_cli(args, capsys) -> tuple[int, str, str]:
    try:
        main([str(a) for a in args])
        code = 0
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


# ---- 6: deep JSON ------------------------------------------------------------------------------------------

def test_a_deep_line_in_a_run_folder_is_an_unreadable_line(fixture_corpus, tmp_path):
    run_reviewers(fixture_corpus, ["always-no"], tmp_path / "r", ReviewOptions())
    with (tmp_path / "r" / "verdicts.jsonl").open("a") as out:
        out.write(DEEP + "\n" + '{"reviewer": "x", "item": ' + DEEP + "}\n")
    proc = subprocess.run([*redpen_cmd(), "score", str(tmp_path / "r"), "--corpus", str(FIXTURE_CORPUS), "--format",
                           "json"], capture_output=True, text=True)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr and "RecursionError" not in proc.stderr
    assert "2 unreadable lines" in proc.stderr and "lines 12, 13" in proc.stderr
    assert set(json.loads(proc.stdout)["reviewers"]) == {"always-no"}


@pytest.mark.parametrize("kind", ["replay", "sarif"])
def test_a_deep_replay_file_or_sarif_log_is_exit_2_naming_the_file(kind, tmp_path, capsys):
    path = tmp_path / ("deep.jsonl" if kind == "replay" else "deep.sarif")
    path.write_text(DEEP + "\n" if kind == "replay" else '{"runs": ' + DEEP + "}")
    code, _, err = run_cli(["run", "-r", f"{kind}:{path}", "--corpus", FIXTURE_CORPUS, "--out", tmp_path / "r"],
                           capsys)
    assert code == 2 and str(path) in err and "nested too deeply" in err
    assert "Traceback" not in err and "RecursionError" not in err


def test_a_deep_json_answer_is_unparsed_not_a_crash():
    from redpen_bench.model.verdict import parse_answer

    verdict = parse_answer("Here is my verdict: {\"defect\": " + DEEP + "}")
    assert verdict.defect is None


# ---- 7: spoofed baselines ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["always-no", "oracle", "ruff", "ruff:default"])
def test_replay_rows_named_after_a_built_in_reviewer_are_refused(name, fixture_corpus, tmp_path, capsys):
    rows = [{"reviewer": name, "item": v.item_id, "variant": v.name, "defect": True} for v in fixture_corpus.snippets]
    path = tmp_path / "forged.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    code, _, err = run_cli(["run", "-r", f"replay:{path}", "--corpus", FIXTURE_CORPUS, "--out", tmp_path / "r"],
                           capsys)
    assert code == 2 and "Traceback" not in err
    assert f"{path}: line 1: field 'reviewer': the name '{name}' is " in err and "built-in reviewer" in err
    assert not (tmp_path / "r" / "verdicts.jsonl").exists()
    # filed under a name of the user's own, the same file is taken (the name in it is not used)
    code, _, err = run_cli(["run", "-r", f"mine=replay:{path}", "--corpus", FIXTURE_CORPUS, "--out",
                            tmp_path / "r"], capsys)
    assert code == 0, err
    assert {r.reviewer for r in RunFolder(tmp_path / "r").rows()} == {"mine"}


def test_must_beat_a_forged_always_no_is_impossible(fixture_corpus, tmp_path, capsys):
    """The issue's case: `mine` (all "no" but one) and rows claiming to be always-no (all "yes")."""
    snippets = fixture_corpus.snippets
    forged = [{"reviewer": "always-no", "item": v.item_id, "variant": v.name, "defect": True} for v in snippets]
    mine = [{"reviewer": "mine", "item": v.item_id, "variant": v.name, "defect": False} for v in snippets]
    path = tmp_path / "both.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in forged + mine))
    code, _, err = run_cli(["run", "-r", f"replay:{path}", "--corpus", FIXTURE_CORPUS, "--out", tmp_path / "r"],
                           capsys)
    assert code == 2 and "field 'reviewer': the name 'always-no'" in err


def test_rows_named_after_a_baseline_that_no_run_of_it_made_are_refused(fixture_corpus, tmp_path, capsys):
    """Rows added to a run folder by hand (or by a replay file before such names were refused there)."""
    run_reviewers(fixture_corpus, ["mine=always-no"], tmp_path / "r", ReviewOptions())
    forged = [VerdictRow.answering("always-no", v, Verdict(True)).to_json() for v in fixture_corpus.snippets]
    with (tmp_path / "r" / "verdicts.jsonl").open("a") as out:
        out.write("\n".join(forged) + "\n")
    code, _, err = run_cli(["score", tmp_path / "r", "--corpus", FIXTURE_CORPUS, "--reviewer", "mine", "--must-beat",
                            "always-no"], capsys)
    assert code == 2 and "Traceback" not in err
    assert "rows named 'always-no', the built-in reviewer's name, that manifest.json does not record" in err
    # a real run of always-no in the same folder is scored as always
    run_reviewers(fixture_corpus, ["always-no"], tmp_path / "ok", ReviewOptions())
    code, out, err = run_cli(["score", tmp_path / "ok", "--corpus", FIXTURE_CORPUS, "--format", "json"], capsys)
    assert code == 0 and "always-no" in json.loads(out)["reviewers"]


# ---- 8: one name, two folders ------------------------------------------------------------------------------

def test_one_reviewer_name_in_two_run_folders_is_refused(fixture_corpus, tmp_path, capsys):
    items = [item.id for item in fixture_corpus.items]
    half = len(items) // 2
    code, _, err = run_cli(["run", "-r", "x=oracle", "--corpus", FIXTURE_CORPUS, "--out", tmp_path / "A",
                            "--items", ",".join(items[:half])], capsys)
    assert code == 0, err
    code, _, err = run_cli(["run", "-r", "x=always-yes", "--corpus", FIXTURE_CORPUS, "--out", tmp_path / "B",
                            "--items", ",".join(items[half:])], capsys)
    assert code == 0, err
    for command in (["score", "--reviewer", "x", "--fail-under", "10"], ["report", "--out", tmp_path / "rep"]):
        code, out, err = run_cli([command[0], tmp_path / "A", tmp_path / "B", *command[1:], "--corpus",
                                  FIXTURE_CORPUS], capsys)
        assert code == 2 and "Traceback" not in err, err
        assert f"reviewer 'x' has rows in two run folders, {tmp_path / 'A'} and {tmp_path / 'B'}" in err
    # one folder named twice is one folder
    code, out, err = run_cli(["score", tmp_path / "A", tmp_path / "A", "--corpus", FIXTURE_CORPUS], capsys)
    assert code == 0 and "x" in out


# ---- 10: odd usage from a server ---------------------------------------------------------------------------

def odd_usage(usage: dict):
    def script(request):  # streamed or not, as the client asks: the usage is the odd one given
        return Action(text=DEFAULT_ANSWER, usage=usage)
    return script


@pytest.mark.parametrize("usage", [
    {"prompt_tokens": -1, "completion_tokens": -1, "total_tokens": -1},
    {"prompt_tokens": 12.5, "completion_tokens": "7", "total_tokens": 0},
    {"completion_tokens": 3},
])
def test_odd_usage_from_a_server_is_unknown_and_no_answer_is_lost(usage, tmp_path, llm_env, capsys):
    with LLMServer(script=odd_usage(usage)) as server:
        args = ["run", "-r", "openai:gpt-4o-mini", "--corpus", FIXTURE_CORPUS, "--out", tmp_path / "r",
                "--base-url", f"{server.url}/v1", "--no-cache"]
        code, _, err = run_cli(args, capsys)
        assert code == 0, err
        asked = len(server.requests)
        code, _, err = run_cli(args, capsys)  # the same command again asks nothing: every answer was kept
        assert code == 0 and len(server.requests) == asked, err
    assert "unreadable" not in err
    folder = RunFolder(tmp_path / "r")
    rows = folder.rows()
    assert len(rows) == asked > 0 and not folder.skipped_lines
    assert all(r.defect is True and not r.error for r in rows)
    for row in rows:  # recorded as unknown; a count the server did give is kept
        for key, sent in (("input_tokens", usage.get("prompt_tokens")), ("output_tokens",
                                                                           usage.get("completion_tokens"))):
            assert getattr(row, key) == (sent if type(sent) is int and sent >= 0 else None)
        assert row.cost_usd is None or row.cost_usd >= 0
    code, out, err = run_cli(["score", tmp_path / "r", "--corpus", FIXTURE_CORPUS, "--format", "json"], capsys)
    assert code == 0 and json.loads(out)["reviewers"]["openai:gpt-4o-mini"]["missing"] == 0


def test_rows_a_server_made_odd_before_are_read_with_usage_unknown(fixture_corpus, tmp_path):
    """A run folder written before the fix holds `input_tokens: -1`: its answers are read, not skipped."""
    folder = RunFolder(tmp_path / "r")
    with folder.exclusive():
        folder.open_for(fixture_corpus)
        snippet = fixture_corpus.snippets[0]
        row = VerdictRow.answering("m", snippet, Verdict(True, [2], "x"))
        folder.verdicts_path.write_text(json.dumps(row.to_dict() | {"input_tokens": -1, "output_tokens": 1.5})
                                        + "\n")
    rows = folder.rows()
    assert len(rows) == 1 and not folder.skipped_lines
    assert rows[0].input_tokens is None and rows[0].output_tokens is None
    assert VerdictRow.of("m", "i", "original", Verdict(True), input_tokens=-1).to_dict()["input_tokens"] is None
