"""The static tools' output parsers, offline: on real output recorded by tests/record_tool_output.py, and on the
edge cases a recording does not show (older syntax-error codes, broken rules, skipped files, junk output)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from redpen_bench.reviewers.tools.bandit import parse_bandit
from redpen_bench.reviewers.tools.findings import FileResult, Finding, end_line, staged_name
from redpen_bench.reviewers.tools.pylint import parse_pylint
from redpen_bench.reviewers.tools.ruff import parse_ruff
from redpen_bench.reviewers.tools.semgrep import names_registry, parse_semgrep
from redpen_bench.reviewers.tools.static import ToolError

RECORDED = Path(__file__).resolve().parents[1] / "fixtures" / "tool_output"
PARSERS = {"ruff": parse_ruff, "pylint": parse_pylint, "bandit": parse_bandit, "semgrep": parse_semgrep}
K1 = "static_corpus/items/k1-findings/original.py"
K1_FIXED = "static_corpus/items/k1-findings/fixed.py"
K2 = "static_corpus/items/k2-syntax/original.py"

# (rule, first line, last line) that each tool's default profile reports on k1-findings/original.py
EXPECTED = {
    "ruff": {("F401", 1, 1), ("B006", 5, 5), ("E722", 10, 10), ("S110", 10, 11), ("PLR0124", 12, 12),
             ("F821", 14, 14)},
    "pylint": {("unused-import", 1, 1), ("dangerous-default-value", 5, 5), ("singleton-comparison", 6, 6),
               ("eval-used", 7, 7), ("bare-except", 10, 11), ("comparison-with-itself", 12, 12),
               ("undefined-variable", 14, 14), ("missing-module-docstring", 1, 1),
               ("missing-function-docstring", 5, 5)},
    "bandit": {("B404", 2, 2), ("B307", 7, 7), ("B602", 9, 9), ("B110", 10, 11)},
    "semgrep": {("none-equality-comparison", 6, 6), ("bare-except", 10, 10), ("compare-to-self", 12, 12)},
}


def _version_key(path: Path) -> tuple:
    version = path.stem.split("-", 1)[1]
    return tuple(int(p) if p.isdigit() else 0 for p in version.split("."))


def recording(tool: str) -> dict:
    files = sorted(RECORDED.glob(f"{tool}-*.json"), key=_version_key)
    assert files, f"no recorded {tool} output in {RECORDED}: run tests/record_tool_output.py"
    return json.loads(files[-1].read_text(encoding="utf-8"))


def parsed(tool: str) -> dict[str, FileResult]:
    """The newest recording of `tool`, parsed, by fixture file label."""
    data = recording(tool)
    results = PARSERS[tool](json.dumps(data["output"]), sorted(data["staged"]))
    assert set(results) == set(data["staged"])
    return {data["staged"][name]: result for name, result in results.items()}


@pytest.mark.parametrize("tool", sorted(PARSERS))
def test_recorded_output_maps_findings_to_files(tool):
    results = parsed(tool)
    got = {(f.rule, f.line, f.end_line) for f in results[K1].findings}
    if tool == "semgrep":  # the rule pack grows; these rules are its oldest
        assert EXPECTED[tool] <= got
    else:
        assert got == EXPECTED[tool]
    assert results[K1].error is None
    assert all(f.message for f in results[K1].findings)


@pytest.mark.parametrize("tool", sorted(PARSERS))
def test_recorded_syntax_error_is_an_error_for_that_file_only(tool):
    results = parsed(tool)
    assert results[K2].error and "cannot parse" in results[K2].error
    assert results[K2].findings == []
    others = [label for label, result in results.items() if result.error]
    assert others == [K2]


@pytest.mark.parametrize("tool", ["ruff", "pylint", "bandit", "semgrep"])
def test_recorded_clean_file_has_no_findings(tool):
    results = parsed(tool)
    assert results[K1_FIXED] == FileResult()


def test_recorded_pylint_columns_and_null_end_lines():
    data = recording("pylint")["output"]
    nulls = [m for m in data["messages"] if m["endLine"] is None]
    assert nulls, "the recording should show pylint's null endLine"
    results = parsed("pylint")
    for result in results.values():
        for finding in result.findings:
            assert finding.line <= finding.end_line


def test_ruff_syntax_error_codes_of_older_versions():
    output = json.dumps([
        {"code": None, "message": "SyntaxError: unexpected indent", "filename": "/tmp/x/stage/s0000.py",
         "location": {"row": 3, "column": 1}, "end_location": {"row": 3, "column": 5}},
        {"code": "F401", "message": "`os` imported but unused", "filename": "/tmp/x/stage/s0000.py",
         "location": {"row": 1, "column": 8}, "end_location": {"row": 1, "column": 10}},
        {"code": "E999", "message": "SyntaxError: bad", "filename": "s0001.py",
         "location": {"row": 2, "column": 1}, "end_location": {"row": 2, "column": 2}},
    ])
    results = parse_ruff(output, ["s0000.py", "s0001.py", "s0002.py"])
    assert results["s0000.py"].error == "ruff cannot parse the file: line 3: SyntaxError: unexpected indent"
    assert results["s0000.py"].findings == []
    assert results["s0001.py"].error and results["s0002.py"] == FileResult()


def test_ruff_range_ending_at_column_one_does_not_cover_that_line():
    output = json.dumps([{"code": "B", "message": "m", "filename": "s0000.py", "location": {"row": 4, "column": 5},
                          "end_location": {"row": 6, "column": 1}}])
    assert parse_ruff(output, ["s0000.py"])["s0000.py"].findings == [Finding(4, 5, "B", "m", "")]


def test_pylint_fatal_messages_are_file_errors():
    output = json.dumps({"messages": [
        {"type": "fatal", "symbol": "astroid-error", "message": "crash", "messageId": "F0002", "line": 1,
         "column": 0, "endLine": None, "endColumn": None, "path": "s0000.py"},
        {"type": "warning", "symbol": "unused-import", "message": "Unused import os", "messageId": "W0611",
         "line": 1, "column": 0, "endLine": 1, "endColumn": 9, "path": "s0000.py"},
    ], "statistics": {}})
    result = parse_pylint(output, ["s0000.py"])["s0000.py"]
    assert result.findings == [] and "astroid-error" in result.error


def test_bandit_file_left_out_of_metrics_is_an_error():
    output = json.dumps({"errors": [], "results": [], "metrics": {"./s0000.py": {}, "_totals": {}}})
    results = parse_bandit(output, ["s0000.py", "s0001.py"])
    assert results["s0000.py"] == FileResult()
    assert results["s0001.py"].error == "bandit did not scan the file"


def test_semgrep_rule_error_fails_the_whole_run():
    output = json.dumps({"results": [], "paths": {"scanned": ["s0000.py"]}, "errors": [
        {"code": 2, "level": "error", "type": "Rule parse error", "rule_id": "r",
         "message": "Rule parse error in rule r:\n Invalid pattern"}]})
    with pytest.raises(ToolError, match="Rule parse error in rule r"):
        parse_semgrep(output, ["s0000.py"])


def test_semgrep_unscanned_file_is_an_error_and_messages_are_one_line():
    output = json.dumps({"errors": [], "paths": {"scanned": ["s0000.py"]}, "results": [
        {"check_id": "r", "path": "s0000.py", "start": {"line": 2, "col": 1}, "end": {"line": 3, "col": 4},
         "extra": {"message": "two\n  lines", "severity": "ERROR"}}]})
    results = parse_semgrep(output, ["s0000.py", "s0001.py"])
    assert results["s0000.py"].findings == [Finding(2, 3, "r", "two lines", "error")]
    assert results["s0001.py"].error == "semgrep did not scan the file"


@pytest.mark.parametrize("tool", sorted(PARSERS))
def test_junk_output_is_unreadable(tool):
    with pytest.raises(ValueError):
        PARSERS[tool]("Traceback (most recent call last):\n  boom", ["s0000.py"])


@pytest.mark.parametrize("config, registry", [
    ("p/python", True), ("r/python.lang.security", True), ("auto", True), ("https://x.example/r.yaml", True),
    ("s/someone:rule", True), ("rules", False), ("rules/bare-except.yaml", False), ("../my/rules", False),
])
def test_registry_configs_are_recognised(config, registry):
    assert names_registry(config) is registry


@given(st.integers(1, 500), st.integers(0, 600), st.one_of(st.none(), st.integers(0, 200)), st.sampled_from([0, 1]))
def test_end_line_never_before_start_and_never_past_end(start, end, col, first):
    result = end_line(start, end, col, first)
    assert start <= result <= max(start, end)


@pytest.mark.parametrize("path", ["s0003.py", "./s0003.py", "/tmp/redpen-ruff-x/stage/s0003.py"])
def test_staged_name_from_any_path_form(path):
    assert staged_name(path) == "s0003.py"
