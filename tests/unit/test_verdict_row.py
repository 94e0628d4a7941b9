"""One verdict row type on both paths: the row a writer makes is the row a reader gets back, extras included."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from redpen_bench.model.corpus import SCORED_VARIANTS
from redpen_bench.model.json_text import parse_json_line
from redpen_bench.model.rows import VerdictRow, row_columns
from redpen_bench.model.verdict import Verdict

_text = st.text(max_size=8)
_extra_key = st.text(min_size=1, max_size=6).filter(lambda k: k not in VerdictRow.__struct_fields__ or k == "extras")
_json = st.recursive(st.none() | st.booleans() | st.integers() | _text,
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_text, inner, max_size=3),
                     max_leaves=6)
_finding = st.fixed_dictionaries({"line": st.integers(1, 99), "end_line": st.integers(1, 99),
                                  "rule": st.text(min_size=1, max_size=5), "message": _text, "severity": _text})


@given(reviewer=st.text(min_size=1, max_size=6), variant=st.sampled_from(SCORED_VARIANTS),
       defect=st.none() | st.booleans(), lines=st.lists(st.integers(1, 500), max_size=4), explanation=_text,
       sample=st.integers(0, 3), findings=st.none() | st.lists(_finding, max_size=3),
       tokens=st.none() | st.integers(-2, 10**6) | _text, extras=st.dictionaries(_extra_key, _json, max_size=3))
def test_a_written_row_reads_back_as_itself(reviewer, variant, defect, lines, explanation, sample, findings,
                                            tokens, extras):
    meta = {"input_tokens": tokens, "latency_s": 0.5} | ({"findings": findings} if findings is not None else {})
    written = VerdictRow.of(reviewer, "item-1", variant, Verdict(defect, lines, explanation), sample,
                            **meta, **extras)
    line = written.to_json()
    read = VerdictRow.from_dict(parse_json_line(line.encode()))
    assert read == written
    assert read.to_json() == line  # written again: the same bytes, extras where they were
    assert read.extras == extras


def test_the_columns_hold_only_the_optional_fields_some_row_carries():
    plain = VerdictRow.of("a", "i", "original", Verdict(True, [3]))
    priced = VerdictRow.from_dict(json.loads(plain.to_json()) | {"cost_usd": 0.01, "structured": "json"})
    columns = row_columns([plain, priced])
    assert columns["cost_usd"] == [None, 0.01] and columns["structured"] == [None, "json"]
    assert "latency_s" not in columns and "findings" not in columns
    assert "latency_s" not in row_columns([priced.replace(cost_usd=None)]) | {}
