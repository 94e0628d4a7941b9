"""`report` adds the baselines the runs lack as `score --intervals` does (one function, run/baseline_rows.py), and
every terminal leaderboard is the one renderer, unparsed counts included (issue 28); API users resolve named
reviewers (redpen.toml) and hear progress through the one protocol (issue 25 item 4)."""

from __future__ import annotations

import json

import pytest

from redpen_bench import api
from redpen_bench.cli import main
from tests.conftest import FIXTURE_CORPUS


def _invoke(capsys, *args: str) -> tuple[str, str]:
    try:
        main(list(args))
    except SystemExit as exc:
        assert exc.code in (0, None), capsys.readouterr().err
    out = capsys.readouterr()
    return out.out, out.err


@pytest.fixture()
def llm_only_run(tmp_path):
    """A run holding one LLM-like reviewer and no baseline: 3 answers unparsed, the rest 'no'."""
    corpus = api.load_corpus(FIXTURE_CORPUS)
    rows = [{"reviewer": "smol", "item": v.item_id, "variant": v.name, "defect": None if i < 3 else False,
             "lines": [], "explanation": "", "raw": "Yes" if i < 3 else "DEFECT: no", "error": None, "sample": 0}
            for i, v in enumerate(corpus.snippets)]
    (tmp_path / "smol.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    api.run(corpus, [f"replay:{tmp_path / 'smol.jsonl'}"], out=tmp_path / "run",
            options=api.ReviewOptions(cache=None))
    return tmp_path / "run"


def test_report_of_llm_runs_adds_the_baselines_as_score_does(llm_only_run, tmp_path, capsys):
    out, err = _invoke(capsys, "report", str(llm_only_run), "--corpus", str(FIXTURE_CORPUS), "--out",
                       str(tmp_path / "reports"), "--name", "r", "--bootstrap", "200")
    report = tmp_path / "reports" / "r"
    assert out.strip().splitlines()[-1] == str(report)
    manifest = json.loads((report / "manifest.json").read_text())
    assert set(manifest["reviewers"]) == {"smol", *api.BASELINES}
    assert manifest["reviewers"]["always-no"]["info"]["added"].startswith("added in memory")
    scores, _ = _invoke(capsys, "score", str(llm_only_run), "--corpus", str(FIXTURE_CORPUS), "--intervals",
                        "--format", "json", "--bootstrap", "200")
    expected = json.loads(scores)["reviewers"]["always-no"]["average"]
    assert f"always-no's Average {expected * 100:.1f} % is the threshold" in err
    # the report's leaderboard shows unparsed counts, as score's does
    header = next(line for line in err.splitlines() if "reviewer" in line)
    assert "unparsed / errors" in header and "95 % interval" in header
    smol = next(line for line in err.splitlines() if " smol " in line)
    assert smol.rstrip(" │").endswith("3 / 0")


def test_score_and_report_print_one_leaderboard(llm_only_run, tmp_path, capsys):
    table, _ = _invoke(capsys, "score", str(llm_only_run), "--corpus", str(FIXTURE_CORPUS), "--intervals",
                       "--bootstrap", "200")
    _, err = _invoke(capsys, "report", str(llm_only_run), "--corpus", str(FIXTURE_CORPUS), "--out",
                     str(tmp_path / "reports"), "--name", "r", "--bootstrap", "200")
    shown = err[: err.index("redpen-bench: report:")]
    assert [line for line in table.splitlines() if "reviewer" in line] == \
        [line for line in shown.splitlines() if "reviewer" in line]
    assert table.splitlines()[0] == shown.splitlines()[0]  # the title: corpus, hash, items


def test_named_reviewers_resolve_from_the_api(tmp_path):
    (tmp_path / "redpen.toml").write_text('[reviewers.local]\nspec = "openai:tiny"\nbase_url = "http://127.0.0.1:9/v1"\n'
                                          'max_tokens = 64\n')
    config = api.load_config(cwd=tmp_path)
    assert config.path == tmp_path / "redpen.toml"
    (spec,) = api.resolve_specs(["local"], config)
    assert (spec.key, spec.family, spec.arg) == ("local", "openai", "tiny")
    assert spec.options == {"base_url": "http://127.0.0.1:9/v1", "max_tokens": 64}


def test_progress_is_one_protocol_announced_then_counted(tmp_path):
    corpus = api.load_corpus(FIXTURE_CORPUS)
    heard: list[tuple[str, int, int, str]] = []

    def progress(task: str, done: int = 0, more: int = 0, note: str = "") -> None:
        heard.append((task, done, more, note))

    api.run(corpus, ["always-no", "oracle"], out=tmp_path / "run", options=api.ReviewOptions(cache=None),
            progress=progress)
    for key in ("always-no", "oracle"):
        calls = [c for c in heard if c[0] == key]
        assert calls[0][1:3] == (0, len(corpus.snippets))  # announced with its total, before any answer
        assert sum(c[1] for c in calls) == len(corpus.snippets) and sum(c[2] for c in calls) == len(corpus.snippets)
