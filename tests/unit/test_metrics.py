"""The measures declared once (scoring/metrics.py): an item without keyword groups or without a control (harvested
items may lack either) is left out of that measure's denominator, never scored 0; on a corpus where every item has
both (the shipped one) the scores are the definition's to the bit."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from redpen_bench.model.corpus import load_corpus
from redpen_bench.scoring import metrics
from redpen_bench.scoring.scorer import score_rows, snippet_metrics
from tests.corpus_factory import make_corpus

ROOT = Path(__file__).resolve().parents[2]
WORDS = ["off-by-one", "boundary", "limit", "sign", "hm"]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return load_corpus(make_corpus(tmp_path_factory.mktemp("c") / "corpus", {"easy": 5, "hard": 4}))


def _strip(corpus, no_keywords: set[str], no_controls: set[str]):
    """The corpus with some items' keyword groups emptied and some items' controls (fixed, clean) dropped."""
    items = []
    for item in corpus.items:
        variants = {name: replace(v, keywords=()) if item.id in no_keywords and v.defective else v
                    for name, v in item.variants.items() if v.defective or item.id not in no_controls}
        items.append(replace(item, variants=variants))
    return replace(corpus, items=tuple(items))


answers = st.fixed_dictionaries({"yes": st.booleans(), "line": st.integers(1, 3),
                                 "words": st.lists(st.sampled_from(WORDS), max_size=3)})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data(), st.sets(st.integers(0, 8)), st.sets(st.integers(0, 8)))
def test_an_item_without_keywords_or_controls_is_left_out_never_zero(corpus, data, bare, uncontrolled):
    """Invariant: each measure is the mean of its per-snippet value over the snippets that have it; an item lacking
    keyword groups is not in keyword recall's denominator, one lacking controls not in FPR's."""
    ids = [item.id for item in corpus.items]
    stripped = _strip(corpus, {ids[k] for k in bare}, {ids[k] for k in uncontrolled})
    said = {(v.item_id, v.name): data.draw(answers) for v in stripped.snippets}
    rows = [{"reviewer": "r", "item": item, "variant": variant, "defect": a["yes"], "lines": [a["line"]],
             "explanation": " ".join(a["words"])} for (item, variant), a in said.items()]
    table = score_rows(rows, stripped)
    snippets = snippet_metrics(rows, stripped)
    for tier in stripped.tiers:
        mine = snippets[snippets["tier"] == tier]
        row = table.by_tier[table.by_tier["tier"] == tier].iloc[0]
        defective, controls = mine[mine["defective"]], mine[~mine["defective"]]
        worded = defective[defective["has_keywords"]]
        expected = {"detection": defective["yes"].mean(), "line_f1": mine["f1"].mean(),
                    "keyword_recall": worded["recall"].mean() if len(worded) else math.nan,
                    "fpr": controls["yes"].mean() if len(controls) else math.nan}
        for name, value in expected.items():
            assert row[name] == pytest.approx(value, nan_ok=True), (tier, name)
        found = [row["detection"], row["line_f1"]] + ([row["keyword_recall"]] if len(worded) else [])
        assert row["score"] == pytest.approx(sum(found) / len(found) - row["fpr"], nan_ok=True)


def test_a_tier_with_no_keyword_group_scores_on_detection_and_line_f1(corpus):
    """Left out, not a zero: a tier whose items carry no keyword group averages the two measures it has."""
    stripped = _strip(corpus, {item.id for item in corpus.items if item.tier == "hard"}, set())
    rows = [{"reviewer": "oracle-ish", "item": v.item_id, "variant": v.name, "defect": v.defective,
             "lines": list(v.planted_lines), "explanation": "off-by-one at the limit, the sign"}
            for v in stripped.snippets]
    tiers = json.loads(json.dumps(score_rows(rows, stripped).to_json()))["reviewers"]["oracle-ish"]["tiers"]
    assert tiers["hard"]["keyword_recall"] is None and tiers["hard"]["score"] == 1.0
    assert tiers["easy"]["keyword_recall"] == 1.0 and tiers["easy"]["score"] == 1.0


def test_on_the_shipped_corpus_every_measure_is_the_definitions(tmp_path):
    """Nothing changes where every item has keyword groups and controls: the reference verdicts score to the bit as
    (detection + line F1 + keyword recall) / 3 − FPR, keyword recall over every defective variant."""
    shipped = load_corpus()
    assert all(v.keywords for v in shipped.snippets if v.defective)
    rows = [json.loads(line) for line in (ROOT / "reports/reference/verdicts.jsonl").read_text().splitlines()]
    table = score_rows(rows, shipped)
    snippets = table.snippets
    for t in table.by_tier.itertuples():
        assert t.score == (t.detection + t.line_f1 + t.keyword_recall) / 3.0 - t.fpr
        mine = snippets[(snippets["reviewer"] == t.reviewer) & (snippets["tier"] == t.tier)]
        samples = mine.groupby("sample")
        recall = np.mean([part.loc[part["defective"], "recall"].mean() for _, part in samples])
        assert t.keyword_recall == pytest.approx(recall, abs=1e-15)


def test_the_declarations_are_the_scored_tables_columns():
    assert metrics.METRICS == ("detection", "line_f1", "keyword_recall", "fpr", "score")
    assert set(metrics.COLUMNS) == {"yes", "f1", "recall", "has_keywords"}
    assert [m.name for m in metrics.MEASURES if m.enters == metrics.PENALTY] == ["fpr"]
