"""The report of a generated corpus, through the CLI: clusters drawn, codes named, keyword recall labelled."""

from __future__ import annotations

import json

import rtoml

from tests.e2e.mutate_helpers import cli, shipped_items

FAST = ("--operators", "AOR,ROR,SDL,HOM", "--max-per-function", "3", "--timeout", "5")


def test_compare_on_a_generated_corpus_says_what_it_resampled(tmp_path):
    source = shipped_items(tmp_path, "m06-coupon-code")
    out = tmp_path / "gen"
    made = cli("mutate", "--from-corpus", str(source), "--out", str(out), "--jobs", "2", *FAST)
    assert made.returncode == 0, made.stderr
    tiers = rtoml.load(out / "corpus.toml")["tiers"]
    clusters = {rtoml.load(p)["provenance"]["cluster"] for p in (out / "items").glob("*/item.toml")}
    assert len(clusters) < len(list((out / "items").iterdir()))  # some function has several mutants
    compared = cli("compare", "--corpus", str(out), "--analyzers", "none", "--out", str(tmp_path / "reports"),
                   "--name", "r", "--runs", str(tmp_path / "runs"), "--bootstrap", "200")
    assert compared.returncode == 0, compared.stderr
    report = tmp_path / "reports" / "r"
    manifest = json.loads((report / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["bootstrap"]["resample"].startswith("clusters within tier")
    assert manifest["bootstrap"]["clusters"] >= len(clusters)
    text = (report / "report.md").read_text(encoding="utf-8")
    assert "Tiers are mutation-operator families" in text and "Keyword recall (template)" in text
    for tier in tiers:
        assert f"| {tier} (" in text  # the leaderboard's column, the code as it is
        assert f"{tier} " in text.split("Tiers are mutation-operator families", 1)[1].split("\n", 1)[0]
    assert "resamples whole functions" in (report / "report.html").read_text(encoding="utf-8")
