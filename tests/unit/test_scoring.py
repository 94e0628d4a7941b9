"""The scorer on hand-computed examples and its invariants."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redpen_bench.model.corpus import load_corpus
from redpen_bench.model.keywords import keyword_recall
from redpen_bench.scoring.scorer import breakdown, score_rows, site_f1, tier_metrics
from tests.corpus_factory import make_corpus


@pytest.fixture(scope="module")
def full_corpus(tmp_path_factory):
    return load_corpus(make_corpus(tmp_path_factory.mktemp("c") / "corpus", {"easy": 18, "medium": 18, "hard": 8}))


def row(reviewer, v, defect, lines=(), explanation="", error=None, sample=0):
    return {"reviewer": reviewer, "item": v.item_id, "variant": v.name, "defect": defect, "lines": list(lines),
            "explanation": explanation, "error": error, "sample": sample}


def test_line_f1_and_recall():
    assert site_f1([2], [{2}], True) == 1.0
    assert site_f1([2, 3], [{2}], True) == pytest.approx(2 / 3)
    assert site_f1([], [{2}], True) == 0.0
    assert site_f1([], [], False) == 1.0
    assert site_f1([5], [], False) == 0.0
    assert keyword_recall("An OFF-BY-ONE at the Limit", [["off-by-one"], ["limit"], ["sign"]]) == pytest.approx(2 / 3)


def test_tier_of_18_hand_computed(full_corpus):
    """Easy tier, n = 18: denominators 36 defective, 72 all, 36 defective, 36 controls."""
    easy = [v for v in full_corpus.snippets if v.item_id.startswith("e")]
    defective = [v for v in easy if v.defective]
    controls = [v for v in easy if not v.defective]
    assert (len(defective), len(easy), len(controls)) == (36, 72, 36)
    rows = []
    for i, v in enumerate(defective):  # 9 caught with exact lines and all keyword groups
        if i < 9:
            rows.append(row("r", v, True, v.planted_lines, " ".join(g[0] for g in v.keywords)))
        else:
            rows.append(row("r", v, False))
    for i, v in enumerate(controls):  # 3 false alarms naming a line, 1 false alarm naming none
        rows.append(row("r", v, True, [1]) if i < 3 else row("r", v, True) if i == 3 else row("r", v, False))
    tier = score_rows(rows, full_corpus).to_json()["reviewers"]["r"]["tiers"]["easy"]
    assert tier["detection"] == pytest.approx(9 / 36)
    assert tier["line_f1"] == pytest.approx((9 + 33) / 72)
    assert tier["keyword_recall"] == pytest.approx(9 / 36)
    assert tier["fpr"] == pytest.approx(4 / 36)
    assert tier["score"] == pytest.approx((9 / 36 + 42 / 72 + 9 / 36) / 3 - 4 / 36)
    assert tier["n_items"] == 18


def test_partial_credit_lines_and_keywords(full_corpus):
    v = next(v for v in full_corpus.snippets if v.name == "disguised")  # planted [2, 3], one group
    other = [row("r", s, False) for s in full_corpus.item(v.item_id).variants.values() if s is not v]
    table = score_rows([row("r", v, True, [3, 4, 5], "wrong SIGN"), *other], full_corpus)
    snippet = table.snippets.set_index("variant").loc["disguised"]
    assert snippet["f1"] == pytest.approx(2 * 1 / (3 + 2))
    assert snippet["recall"] == 1.0


def baseline_rows(corpus, kind, seed=0):
    rng = random.Random(seed)
    out = []
    for v in corpus.snippets:
        if kind == "no":
            out.append(row(kind, v, False))
        elif kind == "yes":
            out.append(row(kind, v, True))
        elif kind == "oracle":
            out.append(row(kind, v, True, v.planted_lines, ";".join(g[0] for g in v.keywords))
                       if v.defective else row(kind, v, False))
        else:
            out.append(row(kind, v, rng.random() < 0.5))
    return out


def test_baselines_exact(full_corpus):
    rows = [r for k in ("no", "yes", "oracle") for r in baseline_rows(full_corpus, k)]
    data = score_rows(rows, full_corpus).to_json()["reviewers"]
    assert data["no"]["average"] == pytest.approx(1 / 6)
    assert data["yes"]["average"] == pytest.approx(-0.5)
    assert data["oracle"]["average"] == pytest.approx(1.0)


def test_no_names_nothing(full_corpus):
    """A "no" that names the planted lines and keywords scores exactly as always-no."""
    cheat = [row("cheat", v, False, v.planted_lines, " ".join(g[0] for g in v.keywords)) for v in full_corpus.snippets]
    data = score_rows(cheat + baseline_rows(full_corpus, "no"), full_corpus).to_json()["reviewers"]
    assert data["cheat"] == data["no"]


def test_unparsed_errors_missing_count_as_no(full_corpus):
    snippets = full_corpus.snippets
    rows = [row("r", snippets[0], None), row("r", snippets[1], True, [2], error="timeout")]
    rows += [row("r", v, False) for v in snippets[3:]]  # snippets[2] missing
    entry = score_rows(rows, full_corpus).to_json()["reviewers"]["r"]
    assert (entry["unparsed"], entry["errors"], entry["missing"]) == (1, 1, 1)
    assert entry["average"] == pytest.approx(1 / 6)


def test_samples_average_and_sd(full_corpus):
    rows = [dict(r, reviewer="s", sample=0) for r in baseline_rows(full_corpus, "no")]
    rows += [dict(r, reviewer="s", sample=1) for r in baseline_rows(full_corpus, "oracle")]
    entry = score_rows(rows, full_corpus).to_json()["reviewers"]["s"]
    assert entry["samples"] == 2
    assert entry["average"] == pytest.approx((1 / 6 + 1) / 2)
    assert entry["average_sd"] == pytest.approx(((1 - 1 / 6) ** 2 / 2) ** 0.5)


def test_operator_and_variant_breakdowns(full_corpus):
    table = score_rows(baseline_rows(full_corpus, "oracle"), full_corpus)
    ops = breakdown(table, "operator")
    assert set(ops["operator"]) == {"AOR", "ROR", "UOI", "LCR", "SDL"}
    assert (ops["score"] == 1.0).all()
    variants = breakdown(table, "variant").set_index("variant")
    assert variants.loc["original", "said_yes"] == 1.0 and variants.loc["clean", "said_yes"] == 0.0


def test_core_weights_match_duplication():
    """Bootstrap weights are multiplicities: weight 2 equals the snippet listed twice."""
    yes, f1, rec = [[1, 0, 1, 0]], [[1, 0.5, 1, 1]], [[1, 0, 0, 0]]
    defective, group = [True, True, False, False], [0, 0, 0, 0]
    weighted = tier_metrics({"yes": yes, "f1": f1, "recall": rec, "has_keywords": [True] * 4}, defective, group, 1,
                            weights=[[2, 1, 1, 1]])
    listed = tier_metrics({"yes": [[1, 1, 0, 1, 0]], "f1": [[1, 1, 0.5, 1, 1]], "recall": [[1, 1, 0, 0, 0]],
                           "has_keywords": [True] * 5}, [True, True, True, False, False], [0] * 5, 1)
    for key in weighted:
        assert weighted[key] == pytest.approx(listed[key])


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_invariants(full_corpus, data):
    snippets = full_corpus.snippets
    answers = data.draw(st.lists(
        st.tuples(st.sampled_from([True, False, None]), st.lists(st.integers(1, 6), max_size=3),
                  st.sampled_from(["", "off-by-one", "limit sign", "nothing"])),
        min_size=len(snippets), max_size=len(snippets)))
    rows = [row("h", v, d, ls, e) for v, (d, ls, e) in zip(snippets, answers)]
    entry = score_rows(rows, full_corpus).to_json()["reviewers"]["h"]
    for tier in entry["tiers"].values():
        for metric in ("detection", "line_f1", "keyword_recall", "fpr"):
            assert 0.0 <= tier[metric] <= 1.0
        assert -1.0 <= tier["score"] <= 1.0
    shuffled = data.draw(st.permutations(rows))
    assert score_rows(shuffled, full_corpus).to_json()["reviewers"]["h"] == entry
