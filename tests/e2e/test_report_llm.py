"""compare with a team's redpen.toml: named LLM reviewers (the real openai SDK against a local HTTP server),
[compare] reviewers and output folder, and the report's cost section read from the LLM rows."""

from __future__ import annotations

import json

import pytest

from redpen_bench.cli import main
from redpen_bench.run.folder import RunFolder
from tests.conftest import FIXTURE_CORPUS
from tests.e2e.test_report import _tables
from tests.llm_http_server import Action, LLMServer

N_SNIPPETS = 11
ANSWER = "DEFECT: yes\nLINES: 3\nEXPLANATION: multiplied tax <img src=x onerror=alert(1)>"


pytestmark = pytest.mark.usefixtures("llm_env")


def test_compare_reads_redpen_toml_and_reports_llm_cost(tmp_path, capsys):
    with LLMServer(script=lambda request: Action(text=ANSWER)) as server:
        (tmp_path / "redpen.toml").write_text(f"""
[reviewers.local]
spec = "openai:tiny-coder"
base_url = "{server.url}/v1"

[prices]
"tiny-coder" = {{ input = 1.0, output = 2.0 }}

[compare]
reviewers = ["local", "half=random:0.3"]
out = "team-reports"
""")
        main(["compare", "--corpus", str(FIXTURE_CORPUS), "--analyzers", "none", "--name", "llm",
              "--bootstrap", "200"])
        assert len(server.requests) == N_SNIPPETS
    out, err = capsys.readouterr()
    report = tmp_path / out.strip().splitlines()[-1]
    assert report == tmp_path / "team-reports" / "llm"
    assert "local" in err and "half" in err  # on the terminal leaderboard

    tables = _tables(report / "report.html").tables
    assert {row[1][0] for row in tables["leaderboard"][1:]} == {"always-no", "always-yes", "random", "oracle",
                                                                "local", "half"}
    header, *rows = tables["cost"]
    assert [row[0][0] for row in rows] == ["local"]  # only the reviewer that reports tokens
    cost = dict(zip([h[0] for h in header], [c[0] for c in rows[0]]))
    manifest = json.loads((report / "manifest.json").read_text())
    run_rows = [r for r in RunFolder(tmp_path / manifest["runs"][0]["path"]).rows() if r.reviewer == "local"]
    assert cost["Answers"] == str(N_SNIPPETS)
    assert cost["Input tokens"] == f"{sum(r.input_tokens for r in run_rows):,}"
    assert cost["Output tokens"] == f"{sum(r.output_tokens for r in run_rows):,}"
    assert float(cost["Cost (USD)"]) == pytest.approx(sum(r.cost_usd for r in run_rows), abs=5e-5)
    assert manifest["prompts"]["local"]["sha256"] == manifest["reviewers"]["local"]["info"]["prompt"]["sha256"]

    page = (report / "report.html").read_text()
    assert "<img" not in page and "onerror=alert(1)&gt;" in page  # the model's answer, shown as text


def test_a_reviewer_whose_answers_are_mostly_unparsed_is_no_result(tmp_path, capsys, fixture_corpus):
    """SmolLM2 with the default prompt: 176/176 unparsed, and the headline called it the best LLM against the
    best analyzer, and the false positives listed it under "No false positive"."""
    replay = tmp_path / "smol.jsonl"
    replay.write_text("".join(json.dumps({"reviewer": "smol", "item": v.item_id, "variant": v.name,
                                          "raw": "Yes" if n % 3 else "```python\ndef total(items):\n```"}) + "\n"
                              for n, v in enumerate(fixture_corpus.snippets)))
    main(["compare", "--corpus", str(FIXTURE_CORPUS), "--analyzers", "none", "-r", f"replay:{replay},ruff:default",
          "--name", "useless", "--bootstrap", "200", "--out", str(tmp_path / "reports")])
    report = tmp_path / "reports" / "useless"
    markdown = (report / "report.md").read_text()
    finding = next(line for line in markdown.splitlines() if line.startswith("**Finding"))
    assert "smol" not in finding and "Best LLM" not in markdown
    warning = next(line for line in markdown.splitlines() if line.startswith("Warning: smol"))
    assert f"{N_SNIPPETS} times out of {N_SNIPPETS}" in warning and "One answer:" in warning
    assert "--structured" in warning
    no_fp = [line for line in markdown.splitlines() if line.startswith("No false positive")]
    assert not any("smol" in line for line in no_fp)
    assert "smol:" not in markdown.split("### False positives")[1].split("##")[0]
