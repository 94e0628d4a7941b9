"""The report's statistics: the bootstrap goes through the scorer's core and reproduces the scored table, its
resamples are items within tiers, --seed repeats it, and the paired tests are right on hand-computed cases."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redpen_bench.model.corpus import load_corpus
from redpen_bench.scoring import stats
from redpen_bench.scoring.metrics import COLUMNS, METRICS
from redpen_bench.scoring.scorer import score_rows, tier_metrics
from tests.corpus_factory import make_corpus


def _reviewer_metrics(table, reviewer: str) -> dict[str, np.ndarray]:
    """metric -> (1, tiers): the bootstrap's core on the identity draw, which must give the table's own values."""
    universe = stats.snippet_universe(table)
    draws = stats.resample(universe, table.tiers, seed=None)
    arrays = [a for _, a in stats._matrices(table, universe, reviewer)]
    return stats._metrics(arrays, universe, draws, len(table.tiers))


def _rows(corpus, reviewer: str, p: float, seed: int, samples: int = 1) -> list[dict]:
    """A reviewer that says yes with probability p, naming line 2 and a keyword half the time."""
    rng = random.Random(seed)
    rows = []
    for sample in range(samples):
        for v in corpus.snippets:
            yes = rng.random() < p
            rows.append({"reviewer": reviewer, "item": v.item_id, "variant": v.name, "sample": sample,
                         "defect": yes, "lines": [2] if yes and rng.random() < 0.5 else [],
                         "explanation": "off-by-one at the limit" if rng.random() < 0.5 else "hm", "error": None})
    return rows


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory):
    corpus = load_corpus(make_corpus(tmp_path_factory.mktemp("c") / "corpus", {"easy": 6, "medium": 5, "hard": 3}))
    rows = _rows(corpus, "a", 0.6, 1) + _rows(corpus, "b", 0.3, 2) + _rows(corpus, "c", 0.5, 3, samples=3)
    # d answered only some items (its universe is smaller): presence must weigh as the scorer does
    rows += [r for r in _rows(corpus, "d", 0.7, 4) if not r["item"].startswith(("e01", "m02", "h00"))]
    return corpus, score_rows(rows, corpus)


def _snippet_weight_metrics(table, reviewer, weights, universe):
    """The formulation the item-level bootstrap replaced: a (B, S) weight matrix through the scorer's core."""
    code = {t: i for i, t in enumerate(table.tiers)}
    group = universe["tier"].map(code).to_numpy()
    defective = universe["defective"].to_numpy(dtype=bool)
    runs = [tier_metrics(dict(zip(COLUMNS, arrays)), defective, group, len(table.tiers), weights=weights * present)
            for _, (*arrays, present) in stats._matrices(table, universe, reviewer)]
    return {m: np.mean([run[m] for run in runs], axis=0) for m in METRICS}


def test_item_level_replicates_equal_the_snippet_weight_formulation(synthetic):
    _, table = synthetic
    universe = stats.snippet_universe(table)
    draws = stats.resample(universe, table.tiers, 700, seed=11)
    boot = stats.bootstrap(table, 700, seed=11)
    for reviewer in table.reviewers:
        reference = _snippet_weight_metrics(table, reviewer, draws.weights(), universe)
        for metric in METRICS:
            np.testing.assert_allclose(boot.per_tier[reviewer][metric], reference[metric], rtol=0, atol=1e-12)
            assert (np.isnan(boot.per_tier[reviewer][metric]) == np.isnan(reference[metric])).all()
        np.testing.assert_allclose(boot.average[reviewer], stats.tier_average(reference["score"]), rtol=0,
                                   atol=1e-12)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=4), st.integers(1, 4), st.integers(0, 2**32 - 1))
def test_item_sums_equal_weighted_snippet_sums(tier_sizes, per_item, seed):
    """Invariant: per-item sums times draw counts are the snippet weights times the snippet values."""
    rng = np.random.default_rng(seed)
    tiers = tuple(f"t{k}" for k in range(len(tier_sizes)))
    records = [(f"{t}-i{i}", v, t) for t, n in zip(tiers, tier_sizes) for i in range(n) for v in range(per_item)]
    universe = stats.pd.DataFrame(records, columns=["item", "variant", "tier"]).sample(frac=1, random_state=seed)
    draws = stats.resample(universe.reset_index(drop=True), tiers, 50, seed=seed)
    columns = [rng.random(len(universe)), (rng.random(len(universe)) < 0.5).astype(float)]
    sums = stats.item_sums(draws, len(tiers), columns)
    onehot = np.eye(len(tiers))[universe["tier"].map({t: k for k, t in enumerate(tiers)}).to_numpy()]
    for k, column in enumerate(columns):
        np.testing.assert_allclose(sums[:, k, :], (draws.weights() * column) @ onehot, rtol=0, atol=1e-12)


def test_unweighted_core_reproduces_the_scored_table(synthetic):
    _, table = synthetic
    for reviewer in table.reviewers:
        metrics = _reviewer_metrics(table, reviewer)
        by_tier = table.by_tier[table.by_tier["reviewer"] == reviewer].set_index("tier")
        for metric in METRICS:
            for i, tier in enumerate(table.tiers):
                assert metrics[metric][0, i] == pytest.approx(by_tier.loc[tier, metric], abs=1e-12)
        assert stats.tier_average(metrics["score"])[0] == pytest.approx(table.summary.loc[reviewer, "average"])


def test_resamples_are_whole_items_within_each_tier(synthetic):
    _, table = synthetic
    universe = stats.snippet_universe(table)
    weights = stats.resample(universe, table.tiers, 500, seed=7).weights()
    assert weights.shape == (500, len(universe))
    for tier, n_items in (("easy", 6), ("medium", 5), ("hard", 3)):
        in_tier = universe["tier"] == tier
        per_item = universe[in_tier].groupby("item").size()  # snippets per item (4 here)
        # every snippet of an item carries the item's count, and counts add up to the tier's size
        for item in per_item.index:
            columns = weights[:, (universe["item"] == item).to_numpy()]
            assert (columns == columns[:, :1]).all()
        assert (weights[:, in_tier.to_numpy()].sum(axis=1) == n_items * per_item.iloc[0]).all()
    assert weights.max() > 1  # some item drawn twice: it is resampling, not the identity


def test_same_seed_same_intervals_other_seed_other_intervals(synthetic):
    _, table = synthetic
    first, again = stats.bootstrap(table, 400, seed=3), stats.bootstrap(table, 400, seed=3)
    other = stats.bootstrap(table, 400, seed=4)
    for reviewer in table.reviewers:
        assert first.interval(reviewer) == again.interval(reviewer)
        np.testing.assert_array_equal(first.per_tier[reviewer]["score"], again.per_tier[reviewer]["score"])
    assert any(first.interval(r) != other.interval(r) for r in table.reviewers)


def test_intervals_surround_the_point_and_the_small_tier_is_wider(synthetic):
    _, table = synthetic
    boot = stats.bootstrap(table, 1000, seed=0)
    for reviewer in table.reviewers:
        low, high = boot.interval(reviewer)
        assert low <= table.summary.loc[reviewer, "average"] <= high
    widths = {t: np.diff(boot.interval("a", "score", t))[0] for t in table.tiers}
    assert widths["hard"] > widths["easy"]  # 3 items against 6


def test_mcnemar_exact_on_hand_computed_cases():
    # two-sided exact binomial at p = 1/2 on the discordant pairs
    assert stats.mcnemar_exact(0, 0) == 1.0
    assert stats.mcnemar_exact(0, 5) == pytest.approx(2 * 1 / 32)  # 0.0625
    assert stats.mcnemar_exact(1, 6) == pytest.approx(2 * (1 + 7) / 128)  # 0.125
    assert stats.mcnemar_exact(10, 2) == pytest.approx(2 * (1 + 12 + 66) / 4096)  # 0.03857
    assert stats.mcnemar_exact(3, 3) == 1.0  # capped
    assert stats.mcnemar_exact(2, 9) == stats.mcnemar_exact(9, 2)


def test_paired_bootstrap_p():
    assert stats.paired_bootstrap_p(np.array([0.1, 0.2, 0.3])) == 0.0
    assert stats.paired_bootstrap_p(np.array([-0.1, 0.1, -0.2, 0.2])) == 1.0
    assert stats.paired_bootstrap_p(np.array([0.1] * 95 + [-0.1] * 5)) == pytest.approx(0.1)
    assert math.isnan(stats.paired_bootstrap_p(np.array([math.nan])))


def test_pair_test_counts_discordant_detections(fixture_corpus):
    # a says yes on every defective variant, b on the originals only: b == 0, c counts the disguised ones
    rows = []
    for v in fixture_corpus.snippets:
        rows.append({"reviewer": "a", "item": v.item_id, "variant": v.name, "defect": v.defective, "lines": [],
                     "explanation": "", "error": None})
        rows.append({"reviewer": "b", "item": v.item_id, "variant": v.name, "defect": v.name == "original",
                     "lines": [], "explanation": "", "error": None})
    table = score_rows(rows, fixture_corpus)
    boot = stats.bootstrap(table, 200, seed=0)
    test = stats.pair_test(table, boot, "a", "b")
    disguised = sum(v.name == "disguised" for v in fixture_corpus.snippets)
    assert (test.mcnemar_b, test.mcnemar_c) == (disguised, 0)
    assert test.p_mcnemar == stats.mcnemar_exact(disguised, 0)
    assert test.difference == pytest.approx(table.summary.loc["a", "average"] - table.summary.loc["b", "average"])


def test_identical_reviewers_are_not_called_different(fixture_corpus):
    rows = [{"reviewer": key, "item": v.item_id, "variant": v.name, "defect": v.defective, "lines": [],
             "explanation": "", "error": None} for key in ("x", "y") for v in fixture_corpus.snippets]
    table = score_rows(rows, fixture_corpus)
    test = stats.pair_test(table, stats.bootstrap(table, 200, seed=0), "x", "y")
    assert not test.different and test.p_bootstrap == 1.0 and test.p_mcnemar == 1.0
