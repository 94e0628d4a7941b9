"""The per-rule table: rows built here, and rows of a real `sarif:` run on the fixture corpus."""

from __future__ import annotations

import csv
import math
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from redpen_bench import api
from redpen_bench.cli import main
from redpen_bench.errors import InputError
from redpen_bench.model.corpus import load_corpus
from redpen_bench.reviewers.base import ReviewOptions
from redpen_bench.scoring.rules import TABLE_COLUMNS, rule_firings, rule_table
from tests.conftest import FIXTURE_CORPUS as CORPUS

ROOT = Path(__file__).resolve().parents[1]
LOGS = ROOT / "fixtures" / "sarif"


@pytest.fixture(scope="module")
def corpus():
    return load_corpus(CORPUS)


def finding(line: int, rule: str, end: int | None = None, message: str = "m") -> dict:
    return {"line": line, "end_line": end or line, "rule": rule, "message": message, "severity": "warning"}


def rows_for(corpus, reviewer: str, findings: dict[tuple[str, str], list[dict]]) -> list[dict]:
    """A row per scored snippet of the corpus, as an analyzer stores them."""
    return [
        {"reviewer": reviewer, "item": v.item_id, "variant": v.name, "defect": bool(findings.get((v.item_id, v.name))),
         "lines": [], "explanation": "", "raw": "", "error": None, "sample": 0,
         "findings": findings.get((v.item_id, v.name), [])}
        for v in corpus.snippets
    ]


def planted(corpus, item: str, variant: str) -> int:
    return corpus.item(item).variants[variant].planted_lines[0]


def test_counts_denominators_line_hits_and_share(corpus):
    t1 = planted(corpus, "t1-total", "original")
    t2 = planted(corpus, "t2-empty", "original")
    rows = rows_for(corpus, "lint", {
        ("t1-total", "original"): [finding(t1, "A", message="A on the planted line")],
        ("t1-total", "disguised"): [finding(1, "A", message="A elsewhere")],
        ("t1-total", "fixed"): [finding(3, "A"), finding(1, "C")],
        ("t2-empty", "original"): [finding(t2, "B", message="B hit"), finding(t2 + 5, "B", message="B miss")],
    })
    rows.append({"reviewer": "llm", "item": "t1-total", "variant": "original", "defect": True, "lines": [3],
                 "explanation": "", "raw": "", "error": None})  # no findings: not a rule-based reviewer
    rows.append(rows[0] | {"findings": [], "error": "tool crashed"})  # the last row wins, and errors don't count
    table = rule_table(rows, corpus)
    assert list(table.columns) == TABLE_COLUMNS
    table = table.set_index("rule")
    assert set(table["reviewer"]) == {"lint"}
    assert list(table.index) == ["B", "A", "C"]  # fires_defective desc, then fewer false alarms
    a, b, c = table.loc["A"], table.loc["B"], table.loc["C"]
    # t1-total/original's row became an error row: 4 defective snippets answered, 6 controls
    assert (a.snippets_defective, a.snippets_control) == (4, 6)
    assert (a.fires_defective, a.fires_control, a.findings_defective, a.line_hits) == (1, 1, 1, 0)
    assert a.example == "A elsewhere" and a.defective_share == 0.5 and a.line_hit_rate == 0.0
    assert (b.fires_defective, b.fires_control, b.findings_defective, b.line_hits) == (1, 0, 2, 1)
    assert b.line_hit_rate == 0.5 and b.defective_share == 1.0
    assert b.example == "B hit" and b.example_at == f"items/t2-empty/original.py:{t2}"
    assert (c.fires_defective, c.fires_control) == (0, 1) and math.isnan(c.line_hit_rate) and c.defective_share == 0


def test_a_finding_range_covering_a_planted_line_is_a_hit(corpus):
    line = planted(corpus, "t3-guard", "disguised")
    rows = rows_for(corpus, "lint", {("t3-guard", "disguised"): [finding(1, "R", end=line + 1)]})
    row = rule_table(rows, corpus).iloc[0]
    assert (row.line_hits, row.line_hit_rate) == (1, 1.0)
    firings = rule_firings(rows, corpus)
    assert firings.loc[0, "lines"] == tuple(range(1, line + 2))


def test_firings_pivot_into_a_rule_by_snippet_matrix(corpus):
    rows = rows_for(corpus, "lint", {
        ("t1-total", "original"): [finding(3, "A"), finding(2, "A")],
        ("t2-empty", "fixed"): [finding(1, "B")],
    }) + rows_for(corpus, "other", {("t2-empty", "fixed"): [finding(2, "A")]})
    firings = rule_firings(rows, corpus)
    assert len(firings) == 3
    lint = firings[firings["reviewer"] == "lint"]
    matrix = lint.pivot_table(index="rule", columns=["item", "variant"], values="findings", fill_value=0)
    assert matrix.loc["A", ("t1-total", "original")] == 2 and matrix.loc["B", ("t1-total", "original")] == 0
    assert lint.set_index("rule").loc["A", "lines"] == (2, 3)


def test_no_findings_give_an_empty_table_with_the_columns(corpus):
    table = rule_table(rows_for(corpus, "lint", {}), corpus)
    assert table.empty and list(table.columns) == TABLE_COLUMNS


@pytest.mark.parametrize(("bad", "field"), [
    ("not a list", "'findings'"),
    (["x"], "'findings[0]'"),
    ([{"line": "3", "rule": "A"}], "'findings[0].line'"),
    ([{"line": 3}], "'findings[0].rule'"),
])
def test_malformed_findings_are_named(bad, field, corpus):
    rows = rows_for(corpus, "lint", {})
    rows[0]["findings"] = bad
    with pytest.raises(InputError, match=r"\(lint, t1-total, original\): field " + field.replace("[", r"\[")):
        rule_table(rows, corpus)


SNIPPETS = [(v.item_id, v.name) for v in load_corpus(CORPUS).snippets]


@pytest.mark.slow
@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(findings_by_snippet=st.dictionaries(st.sampled_from(SNIPPETS), st.lists(
    st.tuples(st.integers(1, 6), st.integers(0, 2), st.sampled_from(["A", "B", "C"])), max_size=4)))
def test_matches_a_plain_count(findings_by_snippet, corpus):
    findings = {key: [finding(line, rule, end=line + extra) for line, extra, rule in found]
                for key, found in findings_by_snippet.items()}
    table = rule_table(rows_for(corpus, "lint", findings), corpus)
    truth = {(v.item_id, v.name): v for v in corpus.snippets}
    expected = {}
    for key, found in findings.items():
        variant = truth[key]
        for rule in {f["rule"] for f in found}:
            mine = [f for f in found if f["rule"] == rule]
            entry = expected.setdefault(rule, [0, 0, 0, 0])
            entry[0 if variant.defective else 1] += 1
            if variant.defective:
                entry[2] += len(mine)
                entry[3] += sum(any(f["line"] <= p <= f["end_line"] for p in variant.planted_lines) for f in mine)
    got = {r.rule: [r.fires_defective, r.fires_control, r.findings_defective, r.line_hits]
           for r in table.itertuples()}
    assert got == expected
    assert list(table["fires_defective"]) == sorted(table["fires_defective"], reverse=True)


def test_rules_command_on_a_real_sarif_run(corpus, tmp_path, capsys):
    run_dir = tmp_path / "run"
    api.run(corpus, ["cq=sarif:" + str(LOGS / "uri_forms.sarif"), "always-no"], out=run_dir,
            options=ReviewOptions(cache=tmp_path / "cache.sqlite3"))
    main(["rules", str(run_dir), "--corpus", str(CORPUS)])
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == str(run_dir / "rules.csv")
    assert any("EX100" in line and "2/5" in line and "1/6" in line for line in out)
    with (run_dir / "rules.csv").open() as handle:
        table = list(csv.DictReader(handle))
    assert [r["rule"] for r in table] == ["EX200", "EX100", "EX300"]
    ex100 = table[1]
    assert ex100["reviewer"] == "cq"
    assert (ex100["fires_defective"], ex100["fires_control"], ex100["line_hits"]) == ("2", "1", "2")
    assert float(ex100["defective_share"]) == pytest.approx(2 / 3)
    assert ex100["example"] == "'amount' plus 'rate': did you mean to multiply by the rate?"

    out_csv = tmp_path / "elsewhere" / "cq.csv"
    main(["rules", str(run_dir), "--corpus", str(CORPUS), "--reviewer", "cq", "--out", str(out_csv)])
    assert capsys.readouterr().out.splitlines()[-1] == str(out_csv) and out_csv.is_file()


def expect_exit_2(args: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    return capsys.readouterr().err


def test_rules_command_refuses_what_it_cannot_tabulate(corpus, tmp_path, capsys):
    run_dir = tmp_path / "run"
    api.run(corpus, ["always-no"], out=run_dir, options=ReviewOptions(cache=tmp_path / "cache.sqlite3"))
    assert "no reviewer in this run stores findings" in expect_exit_2(
        ["rules", str(run_dir), "--corpus", str(CORPUS)], capsys)
    assert "--reviewer 'always-no'" in expect_exit_2(
        ["rules", str(run_dir), "--corpus", str(CORPUS), "--reviewer", "always-no"], capsys)
    assert "field 'corpus.hash'" in expect_exit_2(["rules", str(run_dir), "--corpus", str(ROOT.parent / "corpus")],
                                                  capsys)
    assert "not a run folder" in expect_exit_2(["rules", str(tmp_path), "--corpus", str(CORPUS)], capsys)
