"""How many answers only the parser's lenient rules could read is counted per reviewer, in the scored table and
in the report's leaderboard, so a user can judge a model's format compliance."""

from __future__ import annotations

import json

from redpen_bench.report.build import build_report
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.run.folder import RunFolder
from redpen_bench.run.runner import run_reviewers
from redpen_bench.scoring.scorer import score_rows


def test_lenient_answers_are_counted_and_shown(fixture_corpus, tmp_path):
    rows = []
    for n, v in enumerate(fixture_corpus.snippets):
        plain = "DEFECT: no\nLINES: none\nEXPLANATION: fine"
        bold = "**DEFECT:** no\n**LINES:** none\n**EXPLANATION:** fine"
        rows.append({"reviewer": "model", "item": v.item_id, "variant": v.name, "raw": bold if n % 2 else plain})
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in rows))
    run_reviewers(fixture_corpus, [f"replay:{log}", "always-no"], tmp_path / "run", ReviewOptions())
    table = score_rows(RunFolder(tmp_path / "run").rows(), fixture_corpus).to_json()["reviewers"]
    assert table["model"]["lenient"] == len(rows) // 2
    assert table["always-no"]["lenient"] == 0
    report = build_report([tmp_path / "run"], fixture_corpus, tmp_path / "report", replicates=100)
    text = (report.path / "report.md").read_text()
    assert "read leniently" in text
    line = next(row for row in text.splitlines() if "| model " in row or "| model|" in row)
    assert line.rstrip(" |").endswith(str(len(rows) // 2))
