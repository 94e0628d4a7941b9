"""The typed records (msgspec schemas) and their messages: verdict rows, stored findings, run manifests, prices.
Strict (nothing coerced), and every refusal names the field as the hand-written validators did."""

from __future__ import annotations

import pytest

from redpen_bench.errors import InputError
from redpen_bench.model.findings import Finding, FindingsError, read_findings
from redpen_bench.model.json_text import parse_json, parse_json_line
from redpen_bench.model.manifest import manifest_problem
from redpen_bench.model.rows import VerdictRow, as_rows, latest_rows, row_problem
from redpen_bench.reviewers.llm.prices import check_prices

ROW = {"reviewer": "x", "item": "a", "variant": "original"}


@pytest.mark.parametrize(("change", "message"), [
    ({"defect": 1}, "field 'defect': expected true, false or null"),
    ({"variant": "disguised_fixed"}, "field 'variant': expected one of ['original', 'disguised', 'fixed', 'clean']"),
    ({"reviewer": ""}, "field 'reviewer': expected a non-empty string"),
    ({"item": None}, "field 'item': expected a non-empty string"),
    ({"lines": [3, 0]}, "field 'lines': expected a list of line numbers"),
    ({"lines": ["3"]}, "field 'lines': expected a list of line numbers"),
    ({"lines": None}, "field 'lines': expected a list of line numbers"),
    ({"sample": -1}, "field 'sample': expected a whole number >= 0"),
    ({"sample": True}, "field 'sample': expected a whole number >= 0"),
    ({"explanation": 3}, "field 'explanation': expected a string or null"),
    ({"cached": "yes"}, "field 'cached': expected true or false"),
    ({"latency_s": "1"}, "field 'latency_s': expected a number"),
    ({"findings": "x"}, "field 'findings': expected a list of finding objects"),
    ({"findings": [{"line": 2, "rule": "A"}, {"line": "3", "rule": "B"}]}, "field 'findings[1].line': expected `int`"),
    ({"findings": [{"line": 2}]}, "field 'findings[0].rule': missing"),
])
def test_a_bad_row_is_refused_naming_its_field(change, message):
    problem = row_problem(ROW | change)
    assert problem is not None and problem.startswith(message)
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("(", r"\(")):
        VerdictRow.from_dict(ROW | change)


def test_a_good_row_keeps_its_unknown_fields_and_nulls():
    row = ROW | {"defect": None, "lines": [], "latency_s": 2, "harness": {"run": 7}, "attempts": None,
                 "input_tokens": -1, "output_tokens": 12}
    assert row_problem(row) is None
    read = VerdictRow.from_dict(dict(row))
    assert (read.latency_s, read.attempts, read.input_tokens, read.output_tokens) == (2, None, None, 12)
    assert read.extras == {"harness": {"run": 7}}
    assert read.to_dict().items() >= (row | {"input_tokens": None}).items()  # nothing it carried is lost
    assert row_problem([ROW]) == "not a JSON object"


def test_findings_are_read_once_into_findings():
    stored = [{"line": 5, "rule": "E711", "message": "m", "tool_own": 1}, {"line": 9, "end_line": 7, "rule": "B"}]
    assert read_findings(stored) == [Finding(5, 5, "E711", "m"), Finding(9, 9, "B", "")]
    with pytest.raises(FindingsError, match=r"^row: field 'findings\[0\]': expected `object`") as caught:
        read_findings(["x"], "row: ")
    assert isinstance(caught.value, InputError)
    with pytest.raises(FindingsError, match=r"field 'findings\[0\].line': expected `int`, got `bool`"):
        read_findings([{"line": True, "rule": "A"}])


def test_the_last_row_per_key_wins_where_the_key_first_came():
    a0, b0, a1 = ROW | {"defect": True}, ROW | {"reviewer": "y"}, ROW | {"defect": False, "sample": 0}
    a0, b0, a1, a_1 = as_rows([a0, b0, a1, ROW | {"sample": 1}])
    assert latest_rows([a0, b0, a1]) == [a1, b0]
    assert latest_rows([a0, a_1]) == [a0, a_1]


@pytest.mark.parametrize(("manifest", "problem"), [
    ({}, "field 'corpus.hash' missing"),
    ({"corpus": {"name": "c"}}, "field 'corpus.hash' missing"),
    ({"corpus": {"hash": 3}}, "field 'corpus.hash': expected `str`, got `int`"),
    ({"corpus": {"hash": "h"}, "reviewers": []}, "field 'reviewers': expected an object"),
    ({"corpus": {"hash": "h"}, "reviewers": {"a": 1}}, "field 'reviewers': expected an object"),
    ({"corpus": {"hash": "h"}, "reviewers": {"a": {"rows_as": ["b"]}}, "tool_own": 1}, None),
])
def test_a_manifest_is_checked_by_its_schema(manifest, problem):
    found = manifest_problem(manifest)
    assert found == problem or (problem is not None and found.startswith(problem))


@pytest.mark.parametrize("entry", [{"input": True, "output": 1}, {"input": -1, "output": 1}, {"input": 1},
                                   {"input": 1, "output": 1, "cached": 1}, {"input": "1", "output": 1}])
def test_a_bad_price_names_the_model(entry):
    with pytest.raises(InputError, match=r"prices.toml: field 'prices.\"m\"': expected"):
        check_prices({"m": entry}, "prices.toml")
    assert check_prices({"m": {"input": 1, "output": 0.5}}, "p") == {"m": {"input": 1.0, "output": 0.5}}


@pytest.mark.parametrize("parse", [parse_json, parse_json_line])
def test_json_nested_too_deeply_is_malformed_json(parse):
    with pytest.raises(ValueError, match="nested too deeply"):
        parse(b"[" * 100_000)
    assert parse(b'{"a": [[1]]}') == {"a": [[1]]}
