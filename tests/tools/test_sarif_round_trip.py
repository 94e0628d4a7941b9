"""A ruff run exported with `redpen-bench export-sarif` and scored back with `sarif:PATH` gives the same verdicts:
the writer loses nothing the scorer reads, and the reader reads what the writer means."""

from __future__ import annotations

import json
from pathlib import Path

from redpen_bench import api
from redpen_bench.cli import main
from redpen_bench.model.corpus import load_corpus
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.run.folder import RunFolder


def test_ruff_run_round_trips_through_sarif(tmp_path, monkeypatch, capsys):
    corpus = load_corpus()
    options = ReviewOptions(cache=None)
    ruff = api.run(corpus, ["ruff:default"], out=tmp_path / "ruff", options=options)
    monkeypatch.chdir(tmp_path)
    main(["export-sarif", str(ruff.path), "--reviewer", "ruff:default", "--out", "ruff.sarif"])
    assert capsys.readouterr().out.splitlines()[-1] == "ruff.sarif"
    log = json.loads((tmp_path / "ruff.sarif").read_text(encoding="utf-8"))
    assert log["runs"][0]["tool"]["driver"]["name"] == "ruff"
    assert log["runs"][0]["originalUriBaseIds"]["CORPUS"]["uri"] == corpus.root.resolve().as_uri() + "/"
    back = api.run(corpus, [f"back=sarif:{tmp_path / 'ruff.sarif'}"], out=tmp_path / "back", options=options)

    def verdicts(path: Path, key: str) -> dict:
        return {(r.item, r.variant): (r.defect, r.lines, r.explanation)
                for r in RunFolder(path).rows(key)}

    before, after = verdicts(ruff.path, "ruff:default"), verdicts(back.path, "back")
    assert len(before) == len(corpus.snippets) and sum(d for d, _, _ in before.values()) >= 20
    assert after == before
    # and the two score alike
    table = api.score([ruff.path, back.path], corpus)
    averages = table.to_json()["reviewers"]
    assert averages["back"]["average"] == averages["ruff:default"]["average"]
