"""report/sarif_out.py: verdict rows as SARIF 2.1.0, checked against the official schema (OASIS, errata 01)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from redpen_bench.model.corpus import load_corpus
from redpen_bench.report.sarif_out import DEFAULT_RULE, level_of, ranges, sarif_log, sarif_text
from tests.conftest import FIXTURE_CORPUS

TESTS = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((TESTS / "fixtures" / "schemas" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
REFERENCE = TESTS.parent / "reports" / "reference" / "findings.sarif"


def valid(log: dict) -> None:
    errors = sorted(jsonschema.Draft4Validator(SCHEMA).iter_errors(log), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]


@pytest.fixture(scope="module")
def corpus():
    return load_corpus(FIXTURE_CORPUS)


def row(reviewer, item, variant, defect, lines=(), explanation="", **extra):
    return {"reviewer": reviewer, "item": item, "variant": variant, "sample": 0, "defect": defect,
            "lines": list(lines), "explanation": explanation, "raw": "", "error": None} | extra


MANIFEST = {
    "ruff:bugs": {"spec": "ruff:bugs", "family": "ruff", "info": {"tool": "ruff", "version": "0.17.6"}},
    "gpt": {"spec": "openai:gpt-x", "family": "openai", "info": {"model": "gpt-x", "sdk": {"openai": "2.1"}}},
}
ROWS = [
    row("ruff:bugs", "t1-total", "original", True, [3, 4], "B001: a\nE2: b", findings=[
        {"line": 3, "end_line": 4, "rule": "B001", "message": "a", "severity": "error"},
        {"line": 4, "end_line": 4, "rule": "E2", "message": "b", "severity": "convention"}]),
    row("ruff:bugs", "t1-total", "fixed", False, findings=[]),
    row("ruff:bugs", "t2-empty", "original", None, error="tool crashed"),
    row("gpt", "t3-guard", "original", True, [2, 3, 7], "the guard is inverted"),
    row("gpt", "t3-guard", "fixed", True, [], "   "),  # an empty explanation: the message falls back
    row("gpt", "t1-total", "clean", False),
]


def test_contiguous_lines_become_one_range_each():
    assert ranges([9, 3, 4, 5, 4]) == [(3, 5), (9, 9)]
    assert ranges([]) == []


def test_levels_map_onto_sarif_levels():
    assert [level_of(s) for s in ("error", "HIGH", "convention", "medium", None, "odd")] == \
        ["error", "error", "note", "warning", "warning", "warning"]


def test_one_run_per_reviewer_with_tool_and_version_and_schema_valid(corpus):
    log = sarif_log(ROWS, corpus, MANIFEST)
    valid(log)
    assert log["version"] == "2.1.0"
    runs = {r["properties"]["reviewer"]: r for r in log["runs"]}
    assert list(runs) == ["gpt", "ruff:bugs"]
    assert runs["ruff:bugs"]["tool"]["driver"] | {"rules": None} == {"name": "ruff", "version": "0.17.6",
                                                                     "rules": None}
    assert runs["gpt"]["tool"]["driver"]["name"] == "openai" and runs["gpt"]["tool"]["driver"]["version"] == "gpt-x"
    assert runs["ruff:bugs"]["automationDetails"] == {"id": "ruff:bugs/"}


def test_a_result_per_finding_else_per_yes_with_ranges_and_fallback_message(corpus):
    runs = {r["properties"]["reviewer"]: r for r in sarif_log(ROWS, corpus, MANIFEST)["runs"]}
    ruff = runs["ruff:bugs"]["results"]
    assert [(r["ruleId"], r["level"], r["message"]["text"]) for r in ruff] == \
        [("B001", "error", "a"), ("E2", "note", "b")]
    region = ruff[0]["locations"][0]["physicalLocation"]
    assert region == {"artifactLocation": {"uri": "items/t1-total/original.py", "uriBaseId": "CORPUS"},
                      "region": {"startLine": 3, "endLine": 4}}
    rules = runs["ruff:bugs"]["tool"]["driver"]["rules"]
    assert all(rules[r["ruleIndex"]]["id"] == r["ruleId"] for r in ruff)
    gpt = runs["gpt"]["results"]
    assert [r["ruleId"] for r in gpt] == [DEFAULT_RULE, DEFAULT_RULE]
    assert gpt[0]["message"]["text"] == "the guard is inverted"
    assert [loc["physicalLocation"]["region"] for loc in gpt[0]["locations"]] == \
        [{"startLine": 2, "endLine": 3}, {"startLine": 7, "endLine": 7}]
    assert gpt[1]["message"]["text"] == DEFAULT_RULE  # never an empty message
    assert "region" not in gpt[1]["locations"][0]["physicalLocation"]  # a yes naming no line: the whole file


def test_error_rows_are_neither_results_nor_artifacts(corpus):
    runs = {r["properties"]["reviewer"]: r for r in sarif_log(ROWS, corpus, MANIFEST)["runs"]}
    uris = [a["location"]["uri"] for a in runs["ruff:bugs"]["artifacts"]]
    assert uris == ["items/t1-total/original.py", "items/t1-total/fixed.py"]  # corpus order; t2 was an error
    sha = {v.rel_path: v.sha256 for v in corpus.snippets}
    assert all(a["hashes"]["sha-256"] == sha[a["location"]["uri"]] for a in runs["ruff:bugs"]["artifacts"])


def test_deterministic_whatever_the_row_order_and_no_machine_path(corpus):
    one = sarif_text(sarif_log(ROWS, corpus, MANIFEST))
    assert one == sarif_text(sarif_log(ROWS[::-1], corpus, MANIFEST))
    assert str(corpus.root) not in one
    with_uri = sarif_log(ROWS, corpus, MANIFEST, only=["gpt"], corpus_uri=corpus.root.as_uri() + "/")
    valid(with_uri)
    assert [r["properties"]["reviewer"] for r in with_uri["runs"]] == ["gpt"]
    assert with_uri["runs"][0]["originalUriBaseIds"]["CORPUS"]["uri"] == corpus.root.as_uri() + "/"


def test_the_reference_reports_findings_are_valid_sarif():
    log = json.loads(REFERENCE.read_text(encoding="utf-8"))
    valid(log)
    names = {r["properties"]["reviewer"] for r in log["runs"]}
    assert {"always-no", "oracle", "ruff:bugs", "semgrep:default"} <= names
    oracle = next(r for r in log["runs"] if r["properties"]["reviewer"] == "oracle")
    assert len(oracle["results"]) == 88  # every defective variant, once


def test_written_one_run_at_a_time_equals_the_whole_log(tmp_path, corpus):
    from redpen_bench.report.sarif_out import write_sarif

    write_sarif(tmp_path / "log.sarif", ROWS, corpus, MANIFEST)
    assert (tmp_path / "log.sarif").read_text(encoding="utf-8") == sarif_text(sarif_log(ROWS, corpus, MANIFEST))
